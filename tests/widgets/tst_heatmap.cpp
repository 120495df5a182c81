// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The heatmap and breakdown pages against a store whose every value is a closed form
// (heatmapfixture.h): what the colour map and the bars hold, how clicks and the shared selection
// move between them, the CSV, and the W4A16 / W16A4 / W4A4 trio detection.

#include "itemmodels/selection.h"
#include "itemmodels/storesnapshot.h"
#include "tests/support/heatmapfixture.h"
#include "tests/support/numeric.h"
#include "tests/support/testutils.h"
#include "widgets/pages/breakdownpage.h"
#include "widgets/pages/heatmappage.h"

#include "widgets/plot/qcp.h"

#include <QApplication>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using qs::test::HeatmapFixture;

namespace {

constexpr qs::test::Near near {qs::test::RelativeTo::ExpectedOrOne, 1e-9};

// Rows the two orders give the fixture's layers (q0, down0, q1, down1), written out by hand.
int expectedRow(qs::HeatmapPage::RowOrder order, int layer)
{
    static const int byBlock[4] = {0, 1, 2, 3};
    static const int byKind[4] = {0, 2, 1, 3}; // q0, q1, down0, down1
    return order == qs::HeatmapPage::RowOrder::ByBlock ? byBlock[layer] : byKind[layer];
}

} // namespace

class TestHeatmap : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void defaultsFollowSelection();
    void cellValues_data();
    void cellValues();
    void nanCellsStayNan();
    void configChangeRecolours();
    void metricChangeRereads();
    void activationMetricsComeFromFp();
    void logColours();
    void clickSelectsCell_data();
    void clickSelectsCell();
    void outlineFollowsSelection();
    void tooltipExplainsNan();
    void heatmapCsv();
    void paperStyle();

    void trioDetection_data();
    void trioDetection();
    void barsPerLayer();
    void barsPerKind();
    void barsSkipNan();
    void fisherEstimateSaysItsAgreement();
    void trioBarsAndSum();
    void trioAbsent();
    void clickBarSelectsLayer();
    void clickKindBarSelectsInBlock();
    void breakdownCsv();
    void breakdownStyle();

private:
    void selectDefaults(qs::Selection& selection) { selection.setSnapshot(m_snapshot); }

    QTemporaryDir m_dir;
    qs::StoreSnapshotPtr m_snapshot;
};

void TestHeatmap::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString path = m_dir.filePath(QStringLiteral("heatmap.h5"));
    HeatmapFixture::write(path);
    m_snapshot = qs::loadStoreSnapshot(path);
    QCOMPARE(int(m_snapshot->runs.size()), 1);
    const qs::RunSnapshot& run = m_snapshot->runs[0];
    QCOMPARE(int(run.configs.size()), 6);
    QCOMPARE(run.configs[HeatmapFixture::bothIndex].results.configId, std::string("rtn_w4_g32_sym_a4"));
    QCOMPARE(run.configs[HeatmapFixture::orphanIndex].results.configId, std::string("rtn_w3_pc_sym_a8"));
    QCOMPARE(run.configs[HeatmapFixture::activationOnlyIndex].results.configId, std::string("fp_a4"));
}

void TestHeatmap::defaultsFollowSelection()
{
    qs::Selection selection;
    qs::HeatmapPage page(&selection);
    QVERIFY(page.figurePlot() == nullptr);
    QVERIFY(page.csv().isEmpty());
    selectDefaults(selection);
    // Selection defaults: first quantized config, last swept checkpoint, first FC2 layer.
    QCOMPARE(selection.configIndex(), HeatmapFixture::weightOnlyIndex);
    QCOMPARE(selection.checkpoint(), 2);
    QCOMPARE(selection.layerIndex(), 1);
    QVERIFY(page.figurePlot() == page.plot());
    QCOMPARE(page.viewName(), QStringLiteral("heatmap"));
    QCOMPARE(page.metric(), QStringLiteral("w_rel_err"));
    QCOMPARE(page.colorMap()->data()->keySize(), 3);
    QCOMPARE(page.colorMap()->data()->valueSize(), 4);
    QCOMPARE(page.colorScale()->axis()->label(), QStringLiteral("weight rel. error"));
    // The quantized config's own metrics, then the FP reference's activation statistics.
    const QStringList metrics = page.availableMetrics();
    QCOMPARE(metrics.mid(0, 2), (QStringList {QStringLiteral("w_rel_err"), QStringLiteral("sqnr_db")}));
    QVERIFY(metrics.contains(QStringLiteral("act_kurtosis")));
    QVERIFY(!page.setMetric(QStringLiteral("no_such_metric")));
}

void TestHeatmap::cellValues_data()
{
    QTest::addColumn<int>("order");
    QTest::addRow("by block") << int(qs::HeatmapPage::RowOrder::ByBlock);
    QTest::addRow("by kind") << int(qs::HeatmapPage::RowOrder::ByKind);
}

void TestHeatmap::cellValues()
{
    QFETCH(int, order);
    const auto rowOrder = qs::HeatmapPage::RowOrder(order);
    qs::Selection selection;
    qs::HeatmapPage page(&selection);
    page.setRowOrder(rowOrder);
    selectDefaults(selection);
    QVERIFY(page.rowOrder() == rowOrder);
    for (int layer = 0; layer < 4; ++layer) {
        QCOMPARE(page.rowOfLayer(layer), expectedRow(rowOrder, layer));
        QCOMPARE(page.layerAtRow(expectedRow(rowOrder, layer)), layer);
        for (int k = 0; k < 3; ++k) {
            // Config 1 = fixture config 0: w_rel_err = 0.05 + 0.01·layer + 0.001·k.
            const double expected = 0.05 + 0.01 * layer + 0.001 * k;
            const double shown = page.colorMap()->data()->cell(k, expectedRow(rowOrder, layer));
            QVERIFY2(near(shown, expected),
                     qPrintable(QStringLiteral("k %1 layer %2: %3").arg(k).arg(layer).arg(shown)));
        }
    }
    // One separator between the two groups (blocks, or q and down), between rows 1 and 2.
    QCOMPARE(int(page.separators().size()), 1);
    QCOMPARE(page.separators()[0]->point1->coords().y(), 1.5);
    // Colour range: the smallest and largest value.
    QVERIFY(near(page.colorMap()->dataRange().lower, 0.05));
    QVERIFY(near(page.colorMap()->dataRange().upper, 0.05 + 0.03 + 0.002));
}

void TestHeatmap::nanCellsStayNan()
{
    qs::Selection selection;
    qs::HeatmapPage page(&selection);
    selectDefaults(selection);
    selection.setConfig(HeatmapFixture::weightOnlyIndex);
    QVERIFY(page.setMetric(QStringLiteral("sqnr_db")));
    // Fixture: sqnr_db of config 0 is NaN for layer 3 at checkpoint 1 (left unquantized).
    QVERIFY(std::isnan(page.colorMap()->data()->cell(1, page.rowOfLayer(3))));
    QVERIFY(std::isnan(page.value(1, 3)));
    // Its neighbours are 24 + 2·layer − 2·k.
    QVERIFY(near(page.colorMap()->data()->cell(1, page.rowOfLayer(2)), 24.0 + 4.0 - 2.0));
    QVERIFY(near(page.colorMap()->data()->cell(2, page.rowOfLayer(3)), 24.0 + 6.0 - 4.0));
    // The colour range ignores the NaN.
    QVERIFY(near(page.colorMap()->dataRange().lower, 24.0 - 4.0));
    QVERIFY(near(page.colorMap()->dataRange().upper, 24.0 + 6.0));
}

void TestHeatmap::configChangeRecolours()
{
    qs::Selection selection;
    qs::HeatmapPage page(&selection);
    selectDefaults(selection);
    selection.setConfig(HeatmapFixture::w3Index);
    QCOMPARE(page.metric(), QStringLiteral("w_rel_err"));
    // Fixture config 1: 0.10 + 0.01·layer + 0.001·k; not swept at checkpoint 2: a NaN column.
    for (int layer = 0; layer < 4; ++layer) {
        QVERIFY(near(page.colorMap()->data()->cell(0, page.rowOfLayer(layer)), 0.10 + 0.01 * layer));
        QVERIFY(near(page.colorMap()->data()->cell(1, page.rowOfLayer(layer)), 0.10 + 0.01 * layer + 0.001));
        QVERIFY(std::isnan(page.colorMap()->data()->cell(2, page.rowOfLayer(layer))));
    }
}

void TestHeatmap::metricChangeRereads()
{
    qs::Selection selection;
    qs::HeatmapPage page(&selection);
    selectDefaults(selection);
    selection.setConfig(HeatmapFixture::bothIndex);
    QVERIFY(page.setMetric(QStringLiteral("sqnr_db")));
    QCOMPARE(page.metric(), QStringLiteral("sqnr_db"));
    QCOMPARE(page.colorScale()->axis()->label(), QStringLiteral("SQNR (dB)"));
    for (int layer = 0; layer < 4; ++layer) {
        for (int k = 0; k < 3; ++k)
            QVERIFY(near(page.colorMap()->data()->cell(k, page.rowOfLayer(layer)), 10.0 + layer - k));
    }
    // The metric survives a config change when the new config has it, and the map re-reads.
    selection.setConfig(HeatmapFixture::weightOnlyIndex);
    QCOMPARE(page.metric(), QStringLiteral("sqnr_db"));
    QVERIFY(near(page.colorMap()->data()->cell(0, page.rowOfLayer(0)), 24.0));
    // The orphan config stores no SQNR: back to the weight error.
    selection.setConfig(HeatmapFixture::orphanIndex);
    QCOMPARE(page.metric(), QStringLiteral("w_rel_err"));
    QVERIFY(near(page.colorMap()->data()->cell(2, page.rowOfLayer(3)), 0.2));
}

void TestHeatmap::activationMetricsComeFromFp()
{
    qs::Selection selection;
    qs::HeatmapPage page(&selection);
    selectDefaults(selection);
    QVERIFY(page.setMetric(QStringLiteral("act_kurtosis")));
    // From config "fp" whatever the selected config: 3 + layer + 0.5·k.
    for (int config : {HeatmapFixture::weightOnlyIndex, HeatmapFixture::w3Index}) {
        selection.setConfig(config);
        QCOMPARE(page.metric(), QStringLiteral("act_kurtosis"));
        for (int layer = 0; layer < 4; ++layer) {
            for (int k = 0; k < 3; ++k)
                QVERIFY(near(page.colorMap()->data()->cell(k, page.rowOfLayer(layer)), 3.0 + layer + 0.5 * k));
        }
    }
}

void TestHeatmap::logColours()
{
    qs::Selection selection;
    qs::HeatmapPage page(&selection);
    selectDefaults(selection);
    // act_kurtosis spans 3 … 7: under two decades, so linear until asked.
    QVERIFY(page.setMetric(QStringLiteral("act_kurtosis")));
    QVERIFY(!page.logColor());
    QVERIFY(page.colorScale()->dataScaleType() == QCPAxis::stLinear);
    page.setLogColor(true);
    QVERIFY(page.logColor());
    QVERIFY(page.colorScale()->dataScaleType() == QCPAxis::stLogarithmic);
    QVERIFY(page.colorMap()->dataScaleType() == QCPAxis::stLogarithmic);
    QVERIFY(near(page.colorMap()->dataRange().lower, 3.0));
    QVERIFY(near(page.colorMap()->dataRange().upper, 7.0));
    QVERIFY(page.colorScale()->axis()->label().contains(QStringLiteral("log")));
    // Values stay values on a log scale.
    QVERIFY(near(page.colorMap()->data()->cell(2, page.rowOfLayer(3)), 7.0));
    page.setLogColor(false);
    QVERIFY(page.colorScale()->dataScaleType() == QCPAxis::stLinear);
}

void TestHeatmap::clickSelectsCell_data()
{
    QTest::addColumn<int>("order");
    QTest::addColumn<int>("checkpoint");
    QTest::addColumn<int>("layer");
    QTest::addRow("by block, first cell") << int(qs::HeatmapPage::RowOrder::ByBlock) << 0 << 0;
    QTest::addRow("by block, q of block 1") << int(qs::HeatmapPage::RowOrder::ByBlock) << 1 << 2;
    QTest::addRow("by kind, q of block 1") << int(qs::HeatmapPage::RowOrder::ByKind) << 1 << 2;
    QTest::addRow("by kind, down of block 1") << int(qs::HeatmapPage::RowOrder::ByKind) << 0 << 3;
}

void TestHeatmap::clickSelectsCell()
{
    QFETCH(int, order);
    QFETCH(int, checkpoint);
    QFETCH(int, layer);
    qs::Selection selection;
    qs::HeatmapPage page(&selection);
    page.setRowOrder(qs::HeatmapPage::RowOrder(order));
    selectDefaults(selection);
    page.resize(900, 600);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.replotNow();

    QSignalSpy layerSpy(&selection, &qs::Selection::layerChanged);
    const QPoint pixel = page.cellCenter(checkpoint, layer).toPoint();
    int hitCheckpoint = -1;
    int hitLayer = -1;
    QVERIFY(page.cellAt(pixel, &hitCheckpoint, &hitLayer));
    QCOMPARE(hitCheckpoint, checkpoint);
    QCOMPARE(hitLayer, layer);
    QTest::mouseClick(page.plot(), Qt::LeftButton, Qt::NoModifier, pixel);
    QCOMPARE(selection.layerIndex(), layer);
    QCOMPARE(selection.checkpoint(), checkpoint);
    QCOMPARE(layerSpy.count(), 1);
    // The outline moved to the clicked cell.
    const int row = expectedRow(qs::HeatmapPage::RowOrder(order), layer);
    QCOMPARE(page.selectionOutline()->topLeft->coords(), QPointF(checkpoint - 0.5, row - 0.5));
    // A click outside the cells (on the colour scale) selects nothing.
    const QPoint outside(page.plot()->width() - 5, page.plot()->height() / 2);
    QVERIFY(!page.cellAt(outside, &hitCheckpoint, &hitLayer));
}

void TestHeatmap::outlineFollowsSelection()
{
    qs::Selection selection;
    qs::HeatmapPage page(&selection);
    page.setRowOrder(qs::HeatmapPage::RowOrder::ByKind);
    selectDefaults(selection);
    QVERIFY(page.selectionOutline()->visible());
    // Default: checkpoint 2, layer 1 (down of block 0) = row 2 by kind.
    QCOMPARE(page.selectionOutline()->topLeft->coords(), QPointF(1.5, 1.5));
    QCOMPARE(page.selectionOutline()->bottomRight->coords(), QPointF(2.5, 2.5));
    selection.setLayer(2); // q of block 1: row 1
    selection.setCheckpoint(0);
    QCOMPARE(page.selectionOutline()->topLeft->coords(), QPointF(-0.5, 0.5));
    // The row order changes under a fixed selection: the outline follows the layer.
    page.setRowOrder(qs::HeatmapPage::RowOrder::ByBlock);
    QCOMPARE(page.selectionOutline()->topLeft->coords(), QPointF(-0.5, 1.5));
}

void TestHeatmap::tooltipExplainsNan()
{
    qs::Selection selection;
    qs::HeatmapPage page(&selection);
    selectDefaults(selection);
    selection.setConfig(HeatmapFixture::w3Index);
    const QString missing = page.describeCell(2, 1);
    QVERIFY2(missing.contains(QStringLiteral("not computed")), qPrintable(missing));
    QVERIFY(missing.contains(QStringLiteral("model.layers.0.mlp.down_proj.weight")));
    QVERIFY(missing.contains(QStringLiteral("step 99")));
    const QString shown = page.describeCell(1, 3);
    QVERIFY2(shown.contains(QStringLiteral("0.131")), qPrintable(shown)); // 0.10 + 0.03 + 0.001
    QVERIFY(shown.contains(QStringLiteral("step 50")));
}

void TestHeatmap::heatmapCsv()
{
    qs::Selection selection;
    qs::HeatmapPage page(&selection);
    selectDefaults(selection);
    selection.setConfig(HeatmapFixture::w3Index);
    page.setRowOrder(qs::HeatmapPage::RowOrder::ByKind);
    const QStringList lines = page.csv().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 5);
    QCOMPARE(lines[0], QStringLiteral("layer,block,kind,step_0,step_50,step_99"));
    // By kind: q0, q1, down0, down1; the unswept checkpoint is an empty field.
    const QStringList q1 = lines[2].split(QLatin1Char(','));
    QCOMPARE(q1.size(), 6);
    QCOMPARE(q1[0], QStringLiteral("model.layers.1.self_attn.q_proj.weight"));
    QCOMPARE(q1[1], QStringLiteral("1"));
    QCOMPARE(q1[2], QStringLiteral("q"));
    QVERIFY(near(q1[3].toDouble(), 0.12));
    QVERIFY(near(q1[4].toDouble(), 0.121));
    QCOMPARE(q1[5], QString());
    QVERIFY(lines[3].startsWith(QStringLiteral("model.layers.0.mlp.down_proj.weight,0,down,")));
}

void TestHeatmap::paperStyle()
{
    qs::Selection selection;
    qs::HeatmapPage page(&selection);
    selectDefaults(selection);
    qs::FigureStyle style = qs::FigureStyle::paper();
    style.fontPt = 7.0;
    page.applyFigureStyle(style);
    QCOMPARE(page.plot()->toPixmap(400, 300).toImage().pixelColor(1, 1), QColor(Qt::white));
    QCOMPARE(page.plot()->xAxis->tickLabelColor(), QColor(Qt::black));
    QCOMPARE(page.plot()->xAxis->tickLabelFont().pointSizeF(), 7.0);
    QCOMPARE(page.plot()->yAxis->labelFont().family(), style.fontFamily);
    QVERIFY(!page.selectionOutline()->visible()); // a figure shows data, not the UI's selection
    page.applyFigureStyle(qs::FigureStyle::screen());
    QCOMPARE(page.plot()->toPixmap(400, 300).toImage().pixelColor(1, 1), page.palette().color(QPalette::Base));
    QVERIFY(page.selectionOutline()->visible());
}

void TestHeatmap::trioDetection_data()
{
    QTest::addColumn<int>("config");
    QTest::addColumn<bool>("valid");
    QTest::addRow("weight-only selected") << HeatmapFixture::weightOnlyIndex << true;
    QTest::addRow("activation-only selected") << HeatmapFixture::activationOnlyIndex << true;
    QTest::addRow("both selected") << HeatmapFixture::bothIndex << true;
    QTest::addRow("W3: both exists, no W16A8") << HeatmapFixture::w3Index << false;
    QTest::addRow("W3A8: no W16A8") << HeatmapFixture::orphanIndex << false;
    QTest::addRow("FP reference") << 0 << false;
    QTest::addRow("out of range") << 17 << false;
}

void TestHeatmap::trioDetection()
{
    QFETCH(int, config);
    QFETCH(bool, valid);
    const qs::DecompositionTrio trio = qs::DecompositionTrio::find(m_snapshot->runs[0], config);
    QCOMPARE(trio.isValid(), valid);
    if (valid) {
        QCOMPARE(trio.weightOnly, HeatmapFixture::weightOnlyIndex);
        QCOMPARE(trio.activationOnly, HeatmapFixture::activationOnlyIndex);
        QCOMPARE(trio.both, HeatmapFixture::bothIndex);
    }
    if (config == HeatmapFixture::w3Index) {
        // What there is of it: the W3 weight-only config and its A8 partner, no activation-only.
        QCOMPARE(trio.weightOnly, HeatmapFixture::w3Index);
        QCOMPARE(trio.both, HeatmapFixture::orphanIndex);
        QCOMPARE(trio.activationOnly, -1);
    }
}

void TestHeatmap::barsPerLayer()
{
    qs::Selection selection;
    qs::BreakdownPage page(&selection);
    selectDefaults(selection);
    QCOMPARE(page.viewName(), QStringLiteral("breakdown"));
    QCOMPARE(page.metric(), QStringLiteral("w_rel_err"));
    QVERIFY(page.grouping() == qs::BreakdownPage::Grouping::PerLayer);
    // Checkpoint 2, config 1: 0.052 + 0.01·layer; blocks separated by an empty slot.
    const auto& bars = page.bars();
    QCOMPARE(int(bars.size()), 4);
    const double keys[4] = {0.0, 1.0, 3.0, 4.0};
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(bars[size_t(i)].layer, i);
        QCOMPARE(bars[size_t(i)].key, keys[i]);
        QVERIFY(near(bars[size_t(i)].value, 0.052 + 0.01 * i));
    }
    // One QCPBars per kind, q before down, holding that kind's bars.
    QCOMPARE(int(page.kindBars().size()), 2);
    QCOMPARE(page.kindBars()[0]->name(), QStringLiteral("q"));
    QCOMPARE(page.kindBars()[0]->data()->size(), 2);
    QCOMPARE(page.kindBars()[1]->data()->at(1)->key, 4.0);
    QVERIFY(near(page.kindBars()[1]->data()->at(1)->value, 0.082));
    // Outline on the selected layer (1, down of block 0).
    QVERIFY(page.selectionOutline()->visible());
    QCOMPARE(page.selectionOutline()->topLeft->coords().x(), 1.0 - 0.35 - 0.1);
    selection.setLayer(3);
    QCOMPARE(page.selectionOutline()->topLeft->coords().x(), 4.0 - 0.35 - 0.1);
    // The checkpoint follows the selection.
    selection.setCheckpoint(0);
    QVERIFY(near(page.bars()[2].value, 0.05 + 0.02));
}

void TestHeatmap::barsPerKind()
{
    qs::Selection selection;
    qs::BreakdownPage page(&selection);
    selectDefaults(selection);
    page.setGrouping(qs::BreakdownPage::Grouping::PerKind);
    const auto& bars = page.bars();
    QCOMPARE(int(bars.size()), 2);
    // Mean over blocks by hand: q = (0.052 + 0.072) / 2, down = (0.062 + 0.082) / 2.
    QCOMPARE(bars[0].kind, std::string("q"));
    QVERIFY(near(bars[0].value, (0.052 + 0.072) / 2.0));
    QCOMPARE(bars[0].count, 2);
    QCOMPARE(bars[1].kind, std::string("down"));
    QVERIFY(near(bars[1].value, (0.062 + 0.082) / 2.0));
    // The outline sits on the selected layer's kind (down).
    QCOMPARE(page.selectionOutline()->topLeft->coords().x(), 1.0 - 0.35 - 0.1);
    // Another config: fixture config 1 at checkpoint 1: 0.101 + 0.01·layer.
    selection.setCheckpoint(1);
    selection.setConfig(HeatmapFixture::w3Index);
    QVERIFY(near(page.bars()[0].value, (0.101 + 0.121) / 2.0));
    QVERIFY(near(page.bars()[1].value, (0.111 + 0.131) / 2.0));
}

void TestHeatmap::barsSkipNan()
{
    qs::Selection selection;
    qs::BreakdownPage page(&selection);
    selectDefaults(selection);
    selection.setCheckpoint(1);
    QVERIFY(page.setMetric(QStringLiteral("sqnr_db")));
    // Config 0 at checkpoint 1: sqnr = 22 + 2·layer, layer 3 NaN.
    QVERIFY(std::isnan(page.bars()[3].value));
    QCOMPARE(page.kindBars()[1]->data()->size(), 1); // the NaN bar is not drawn
    page.setGrouping(qs::BreakdownPage::Grouping::PerKind);
    QVERIFY(near(page.bars()[0].value, (22.0 + 26.0) / 2.0));
    QVERIFY(near(page.bars()[1].value, 24.0)); // down: block 0 only
    QCOMPARE(page.bars()[1].count, 1);
    // Not swept yet: no bars, and the title says so.
    selection.setConfig(HeatmapFixture::w3Index);
    selection.setCheckpoint(2);
    page.setGrouping(qs::BreakdownPage::Grouping::PerLayer);
    for (const auto& bar : page.bars())
        QVERIFY(std::isnan(bar.value));
}

void TestHeatmap::fisherEstimateSaysItsAgreement()
{
    qs::Selection selection;
    qs::BreakdownPage page(&selection);
    selectDefaults(selection);
    selection.setConfig(HeatmapFixture::bothIndex);
    QVERIFY(page.availableMetrics().contains(QStringLiteral("fisher_est")));
    QVERIFY(page.availableMetrics().contains(QStringLiteral("loi_kl")));
    QVERIFY(page.setMetric(QStringLiteral("fisher_est")));
    QVERIFY2(page.titleText().contains(QString::fromUtf8("Spearman ρ = 0.40")), qPrintable(page.titleText()));
    QVERIFY(near(page.bars()[2].value, 0.4));
    // The measured metric itself makes no such claim.
    QVERIFY(page.setMetric(QStringLiteral("loi_kl")));
    QVERIFY2(!page.titleText().contains(QString::fromUtf8("ρ")), qPrintable(page.titleText()));
}

void TestHeatmap::trioBarsAndSum()
{
    qs::Selection selection;
    qs::BreakdownPage page(&selection);
    selectDefaults(selection); // config 1 (W4A16), checkpoint 2
    QVERIFY(page.trio().isValid());
    QVERIFY(page.trioRect(0) != nullptr);
    QVERIFY(page.trioRect(0)->layout() != nullptr);
    // KL mean at checkpoint 2: W4A16 0.001·1·3, W16A4 0.001·3·3, W4A4 0.0045·3.
    QVERIFY(near(page.trioValue(0, 0), 0.003));
    QVERIFY(near(page.trioValue(0, 1), 0.009));
    QVERIFY(near(page.trioValue(0, 2), 0.0135));
    QCOMPARE(page.trioSumMarker(0)->data()->size(), 1);
    QCOMPARE(page.trioSumMarker(0)->data()->at(0)->key, 2.0);
    QVERIFY(near(page.trioSumMarker(0)->data()->at(0)->value, 0.012));
    // ΔCE at checkpoint 2 (FP CE 2.0): 0.01·5·2, 0.03·5·2, 0.05·5·2; sum 0.4.
    QVERIFY(near(page.trioValue(1, 0), 0.1));
    QVERIFY(near(page.trioValue(1, 1), 0.3));
    QVERIFY(near(page.trioValue(1, 2), 0.5));
    QVERIFY(near(page.trioSumMarker(1)->data()->at(0)->value, 0.4));
    // The checkpoint follows the selection: KL at checkpoint 0.
    selection.setCheckpoint(0);
    QVERIFY(near(page.trioValue(0, 2), 0.0045));
    QVERIFY(near(page.trioSumMarker(0)->data()->at(0)->value, 0.001 + 0.003));
}

void TestHeatmap::trioAbsent()
{
    qs::Selection selection;
    qs::BreakdownPage page(&selection);
    selectDefaults(selection);
    selection.setConfig(HeatmapFixture::w3Index);
    QVERIFY(!page.trio().isValid());
    QVERIFY(page.trioRect(0) == nullptr);
    QVERIFY(page.trioSumMarker(1) == nullptr);
    QVERIFY(std::isnan(page.trioValue(0, 0)));
    QVERIFY(!page.csv().contains(QStringLiteral("decomposition")));
    // And back: the decomposition returns.
    selection.setConfig(HeatmapFixture::bothIndex);
    QVERIFY(page.trio().isValid());
    QVERIFY(page.trioRect(1) != nullptr);
    // Pages destroyed while the decomposition is out of the layout, and with nothing shown.
    {
        qs::Selection other;
        other.setSnapshot(m_snapshot);
        other.setConfig(HeatmapFixture::orphanIndex);
        qs::BreakdownPage noTrio(&other);
        QVERIFY(noTrio.trioRect(0) == nullptr);
        noTrio.replotNow();
    }
    {
        qs::Selection empty;
        qs::BreakdownPage nothing(&empty);
        QVERIFY(nothing.figurePlot() == nullptr);
        QVERIFY(nothing.csv().isEmpty());
        QVERIFY(nothing.bars().empty());
    }
}

void TestHeatmap::clickBarSelectsLayer()
{
    qs::Selection selection;
    qs::BreakdownPage page(&selection);
    selectDefaults(selection);
    page.resize(1000, 600);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.replotNow();
    for (int target : {2, 0, 3}) {
        const QPoint pixel = page.barCenter(target).toPoint();
        QCOMPARE(page.barAt(pixel), target);
        QTest::mouseClick(page.plot(), Qt::LeftButton, Qt::NoModifier, pixel);
        QCOMPARE(selection.layerIndex(), page.bars()[size_t(target)].layer);
        QCOMPARE(page.selectionOutline()->topLeft->coords().x(), page.bars()[size_t(target)].key - 0.45);
    }
}

void TestHeatmap::clickKindBarSelectsInBlock()
{
    qs::Selection selection;
    qs::BreakdownPage page(&selection);
    selectDefaults(selection);
    page.setGrouping(qs::BreakdownPage::Grouping::PerKind);
    page.resize(1000, 600);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.replotNow();
    // Selected: down of block 0; the q bar selects q of block 0.
    QTest::mouseClick(page.plot(), Qt::LeftButton, Qt::NoModifier, page.barCenter(0).toPoint());
    QCOMPARE(selection.layerIndex(), 0);
    selection.setLayer(3); // down of block 1
    QTest::mouseClick(page.plot(), Qt::LeftButton, Qt::NoModifier, page.barCenter(0).toPoint());
    QCOMPARE(selection.layerIndex(), 2);
}

void TestHeatmap::breakdownCsv()
{
    qs::Selection selection;
    qs::BreakdownPage page(&selection);
    selectDefaults(selection);
    const QStringList lines = page.csv().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    // Header, 4 layers, 2 metrics × (3 members + sum).
    QCOMPARE(lines.size(), 1 + 4 + 8);
    QCOMPARE(lines[0], QStringLiteral("section,label,block,kind,config,step,metric,value"));
    const QStringList down1 = lines[4].split(QLatin1Char(','));
    QCOMPARE(down1.mid(0, 7),
             (QStringList {QStringLiteral("layer"), QStringLiteral("model.layers.1.mlp.down_proj.weight"),
                           QStringLiteral("1"), QStringLiteral("down"), QStringLiteral("rtn_w4_g32_sym"),
                           QStringLiteral("99"), QStringLiteral("w_rel_err")}));
    QVERIFY(near(down1[7].toDouble(), 0.082));
    const QStringList both = lines[7].split(QLatin1Char(','));
    QCOMPARE(both.mid(0, 7),
             (QStringList {QStringLiteral("decomposition"), QStringLiteral("both"), QString(), QString(),
                           QStringLiteral("rtn_w4_g32_sym_a4"), QStringLiteral("99"), QStringLiteral("kl_mean")}));
    QVERIFY(near(both[7].toDouble(), 0.0135));
    QVERIFY(lines[8].startsWith(QStringLiteral("decomposition,weight-only + activation-only,,,,99,kl_mean,")));
    QVERIFY(near(lines[8].section(QLatin1Char(','), 7).toDouble(), 0.012));
    // Per kind: one row per kind, the mean.
    page.setGrouping(qs::BreakdownPage::Grouping::PerKind);
    const QStringList kinds = page.csv().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY(kinds[1].startsWith(QStringLiteral("kind,q,,q,rtn_w4_g32_sym,99,w_rel_err,")));
    QVERIFY(near(kinds[1].section(QLatin1Char(','), 7).toDouble(), 0.062));
}

void TestHeatmap::breakdownStyle()
{
    qs::Selection selection;
    qs::BreakdownPage page(&selection);
    selectDefaults(selection);
    QCPLayoutElement* legendRow = page.plot()->legend->layout();
    QVERIFY(legendRow != page.barsRect()->insetLayout());
    qs::FigureStyle style = qs::FigureStyle::paper();
    style.legend = qs::FigureStyle::Legend::Inside;
    style.fontPt = 9.0;
    page.applyFigureStyle(style);
    QVERIFY(page.plot()->legend->layout() == page.barsRect()->insetLayout());
    QVERIFY(page.plot()->legend->visible());
    QCOMPARE(page.plot()->yAxis->tickLabelFont().pointSizeF(), 9.0);
    QCOMPARE(page.trioRect(0)->axis(QCPAxis::atLeft)->tickLabelFont().pointSizeF(), 9.0);
    QCOMPARE(page.plot()->toPixmap(400, 300).toImage().pixelColor(1, 1), QColor(Qt::white));
    QVERIFY(!page.selectionOutline()->visible());
    style.legend = qs::FigureStyle::Legend::None;
    page.applyFigureStyle(style);
    QVERIFY(!page.plot()->legend->visible());
    page.applyFigureStyle(qs::FigureStyle::screen());
    QVERIFY(page.plot()->legend->visible());
    QVERIFY(page.plot()->legend->layout() == legendRow);
    QVERIFY(page.selectionOutline()->visible());
}

QS_TEST_MAIN(TestHeatmap)
#include "tst_heatmap.moc"
