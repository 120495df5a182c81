// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The scaling-law page: the coefficient table (QAbstractItemModelTester, edits), what each view draws
// against the laws' formulas written out here by hand (Hoffmann 2022 coefficients, the Dremov 2025 and Chen 2025 laws),
// the message instead of a curve when coefficients are unset, fits off the GUI thread, bad CSVs, and
// offscreen renders of every view (PNG, set QS_SCALING_PNG_DIR to keep them).

#include "itemmodels/coefficientmodel.h"
#include "itemmodels/jobs/fitjob.h"
#include "tests/support/numeric.h"
#include "tests/support/testutils.h"
#include "widgets/pages/scaling/scalingcontour.h"
#include "widgets/pages/scaling/scalinginputs.h"
#include "widgets/pages/scaling/scalingpage.h"
#include "widgets/plot/figureexport.h"

#include "widgets/plot/qcp.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace qs::scaling;

namespace {

// Hoffmann et al. 2022, approach 3 ("Training Compute-Optimal Large Language Models").
double hoffmannLoss(double N, double D)
{
    return 1.69 + 406.4 / std::pow(N, 0.34) + 410.7 / std::pow(D, 0.28);
}

// Chen et al. W4A16 exponents ("Scaling Law for Quantization-Aware Training") with a hand-chosen k and γN.
double w4a16Delta(double k, double gammaN, double N, double D, double G)
{
    return k * std::pow(D, 0.1610) * std::pow(std::log2(G), 0.3533) / std::pow(N, gammaN);
}

constexpr qs::test::Near near {qs::test::RelativeTo::Larger, 1e-12};

bool setCoefficient(qs::CoefficientModel* model, const char* name, double value)
{
    const int row = model->rowOf(QString::fromLatin1(name));
    return row >= 0 && model->setData(model->index(row, qs::CoefficientModel::ValueColumn), value);
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
        return {};
    return path;
}

// W4A16 δ points from k = 0.8, γN = 0.3 with ±1 % deterministic noise: 4 N × 3 D × 2 G = 24 points.
ScalingData generatedDeltaPoints(int count = 24)
{
    ScalingData data;
    data.source = "generated W4A16 points";
    data.columns = {"N", "D", "G", "delta"};
    int i = 0;
    for (const double N : {1e8, 3e8, 1e9, 3e9})
        for (const double D : {1e10, 3e10, 1e11})
            for (const double G : {32.0, 128.0}) {
                if (i >= count)
                    return data;
                ScalingPoint p;
                p.N = N, p.D = D, p.G = G;
                p.delta = w4a16Delta(0.8, 0.3, N, D, G) * (1.0 + 0.01 * ((i * 37) % 7 - 3) / 3.0);
                data.points.push_back(p);
                ++i;
            }
    return data;
}

// The page with its hover text reachable.
class ProbePage : public qs::ScalingPage
{
public:
    ProbePage()
        : qs::ScalingPage(nullptr)
    {
    }
    using qs::ScalingPage::toolTipAt;
};

} // namespace

class TstScalingPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void coefficientModel();
    void editChangesPredictions();
    void inputsDriveThePlot();
    void curvesEqualLaw_data();
    void curvesEqualLaw();
    void contourCellsEqualDelta();
    void isoLinesFollowLevel();
    void directFitCheckValues_data();
    void directFitCheckValues();
    void optimalFractionNeedsDelta();
    void unsetCoefficientsShowMessage_data();
    void unsetCoefficientsShowMessage();
    void fitJobRecoversLaw();
    void pageFitReplacesCoefficients();
    void fitFailureKeepsLaw();
    void fitCancelKeepsLaw();
    void csvMissingColumn();
    void unreadableCsvKeepsData();
    void measuredResiduals();
    void lawJsonRoundTrip();
    void renderViews();

private:
    QTemporaryDir m_dir;
};

void TstScalingPage::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TstScalingPage::coefficientModel()
{
    qs::CoefficientModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setLaw(Law::chinchilla(ChinchillaPreset::Hoffmann2022));
    QCOMPARE(model.rowCount(), 5);
    QCOMPARE(model.columnCount(), int(qs::CoefficientModel::ColumnCount));
    const int alpha = model.rowOf(QStringLiteral("alpha"));
    QCOMPARE(model.index(alpha, qs::CoefficientModel::NameColumn).data().toString(), QStringLiteral("α"));
    QCOMPARE(model.index(alpha, qs::CoefficientModel::ValueColumn).data(qs::CoefficientModel::ValueRole).toDouble(),
             0.34);
    QCOMPARE(model.index(alpha, qs::CoefficientModel::SourceColumn).data().toString(), QStringLiteral("published"));
    QVERIFY(model.index(alpha, qs::CoefficientModel::ReferenceColumn)
                .data()
                .toString()
                .contains(QStringLiteral("Hoffmann")));

    // An edit: the value, and the source becomes a user edit.
    QSignalSpy edited(&model, &qs::CoefficientModel::coefficientEdited);
    QVERIFY(model.setData(model.index(alpha, qs::CoefficientModel::ValueColumn), QStringLiteral("0.3")));
    QCOMPARE(edited.count(), 1);
    QCOMPARE(model.law().coefficient("alpha").value, 0.3);
    QVERIFY(model.law().coefficient("alpha").source == Source::UserEdit);
    QCOMPARE(model.index(alpha, qs::CoefficientModel::SourceColumn).data().toString(), QStringLiteral("user edit"));
    // Not numbers, other columns: refused, nothing changes.
    QVERIFY(!model.setData(model.index(alpha, qs::CoefficientModel::ValueColumn), QStringLiteral("abc")));
    QVERIFY(!model.setData(model.index(alpha, qs::CoefficientModel::ValueColumn), qInf()));
    QVERIFY(!model.setData(model.index(alpha, qs::CoefficientModel::SourceColumn), QStringLiteral("fit")));
    QCOMPARE(model.law().coefficient("alpha").value, 0.3);
    QCOMPARE(edited.count(), 1);
    // Empty text: unset again.
    QVERIFY(model.setData(model.index(alpha, qs::CoefficientModel::ValueColumn), QString()));
    QVERIFY(model.law().coefficient("alpha").source == Source::Unset);
    QCOMPARE(model.index(alpha, qs::CoefficientModel::ValueColumn).data().toString(), QStringLiteral("unset"));

    // A fitted coefficient shows its interval; editing it drops the interval.
    Law fitted = Law::w4a4(W4A4Variant::WeightOnly);
    fitted.setCoefficient("k", 0.8, Source::Fit, "fit to test data");
    fitted.setConfidenceInterval("k", std::pair(0.7, 0.9));
    model.setLaw(fitted);
    QCOMPARE(model.rowCount(), 9);
    const int k = model.rowOf(QStringLiteral("k"));
    QCOMPARE(model.index(k, qs::CoefficientModel::IntervalColumn).data().toString(), QStringLiteral("[0.7, 0.9]"));
    QCOMPARE(model.index(k, qs::CoefficientModel::ValueColumn).data(qs::CoefficientModel::IntervalLowRole).toDouble(),
             0.7);
    QCOMPARE(model.index(model.rowOf(QStringLiteral("gamma_N")), qs::CoefficientModel::ValueColumn).data().toString(),
             QStringLiteral("unset"));
    QVERIFY(model.setData(model.index(k, qs::CoefficientModel::ValueColumn), 1.25));
    QVERIFY(!model.law().coefficient("k").ci95.has_value());
    QCOMPARE(model.index(k, qs::CoefficientModel::IntervalColumn).data().toString(), QString());
    QVERIFY(model.flags(model.index(k, qs::CoefficientModel::ValueColumn)) & Qt::ItemIsEditable);
    QVERIFY(!(model.flags(model.index(k, qs::CoefficientModel::NameColumn)) & Qt::ItemIsEditable));
}

void TstScalingPage::editChangesPredictions()
{
    qs::ScalingPage page(nullptr);
    page.updateNow();
    QCOMPARE(page.view(), qs::ScalingPage::View::Curves);
    QVERIFY(!page.curveGraphs().isEmpty());
    QCPGraph* graph = page.curveGraphs().front();
    const double key = graph->data()->at(10)->key;
    const double before = graph->data()->at(10)->value;
    // E 1.69 → 2.0 shifts every loss by 0.31 and makes E a user edit.
    qs::CoefficientModel* model = page.coefficientModel();
    QVERIFY(setCoefficient(model, "E", 2.0));
    QVERIFY(page.law().coefficient("E").source == Source::UserEdit);
    page.updateNow();
    graph = page.curveGraphs().front();
    QCOMPARE(graph->data()->at(10)->key, key);
    QVERIFY(near(graph->data()->at(10)->value, before + 0.31, 1e-12));
    // The change reaches the page without an explicit update (throttled).
    QVERIFY(setCoefficient(model, "E", 3.0));
    QTRY_VERIFY(near(page.curveGraphs().front()->data()->at(10)->value, before + 1.31, 1e-12));
}

void TstScalingPage::inputsDriveThePlot()
{
    qs::ScalingPage page(nullptr);
    page.updateNow();
    auto* row = page.findChild<qs::ScalingInputRow*>(QStringLiteral("scalingInput_N"));
    QVERIFY(row);
    // The spin box as a user types in it: the series around N follow (Chinchilla, series N by default).
    row->spinBox()->setValue(2e9);
    QCOMPARE(page.inputs().N, 2e9);
    QTRY_COMPARE(page.curveGraphs().size() == 3 ? page.curveGraphs()[1]->name() : QString(), QStringLiteral("N = 2B"));
    // The slider is logarithmic over [1e6, 1e13]: its middle is 10^9.5.
    row->slider()->setValue(row->slider()->maximum() / 2);
    QVERIFY(near(page.inputs().N, std::pow(10.0, 9.5), 1e-9));
    QVERIFY(near(row->spinBox()->value(), std::pow(10.0, 9.5), 1e-9));
    // Counts as people write them.
    QCOMPARE(qs::CountSpinBox::parseCount(QStringLiteral("7B")), 7e9);
    QCOMPARE(qs::CountSpinBox::parseCount(QStringLiteral("2.5e10")), 2.5e10);
    QCOMPARE(qs::CountSpinBox::parseCount(QStringLiteral(" 300 M ")), 3e8);
    QVERIFY(std::isnan(qs::CountSpinBox::parseCount(QStringLiteral("lots"))));
    // Linear inputs: bits in whole steps.
    auto* bits = page.findChild<qs::ScalingInputRow*>(QStringLiteral("scalingInput_bits"));
    QVERIFY(bits && !bits->isLogScale());
    page.setInput(Variable::Bits, 3.4);
    QCOMPARE(page.inputs().bits, 3.0);
    page.setInput(Variable::N, 1e20); // clamped to the range
    QCOMPARE(page.inputs().N, 1e13);
}

void TstScalingPage::curvesEqualLaw_data()
{
    QTest::addColumn<int>("variable");
    QTest::addRow("loss against D, series N") << int(Variable::D);
    QTest::addRow("loss against N, series D") << int(Variable::N);
}

void TstScalingPage::curvesEqualLaw()
{
    QFETCH(int, variable);
    const Variable x = Variable(variable);
    const Variable other = x == Variable::D ? Variable::N : Variable::D;
    qs::ScalingPage page(nullptr);
    page.chooseLaw(LawKind::Chinchilla, W4A4Variant::WeightOnly, ChinchillaPreset::Hoffmann2022);
    page.setInput(Variable::N, 1e9);
    page.setInput(Variable::D, 2e10);
    QVERIFY(page.setVariable(x));
    QVERIFY(page.setSeriesVariable(other));
    QVERIFY(page.setQuantity(Quantity::Loss));
    page.updateNow();

    // Series: a decade below, at, and above the input.
    const double centre = other == Variable::N ? 1e9 : 2e10;
    const std::vector<double> series {centre / 10.0, centre, centre * 10.0};
    QCOMPARE(page.curveGraphs().size(), 3);
    const auto [lo, hi] = page.inputRange(x);
    for (int s = 0; s < 3; ++s) {
        QCPGraph* graph = page.curveGraphs()[s];
        QCOMPARE(graph->dataCount(), 200);
        for (const int i : {0, 1, 57, 120, 199}) {
            const double key = graph->data()->at(i)->key;
            // 200 log-spaced samples from lo to hi.
            QVERIFY2(near(key, lo * std::pow(hi / lo, i / 199.0), 1e-12), qPrintable(QString::number(key)));
            const double N = x == Variable::N ? key : series[size_t(s)];
            const double D = x == Variable::D ? key : series[size_t(s)];
            QVERIFY2(near(graph->data()->at(i)->value, hoffmannLoss(N, D)),
                     qPrintable(QStringLiteral("%1 vs %2").arg(graph->data()->at(i)->value).arg(hoffmannLoss(N, D))));
        }
    }
    // The CSV holds the same numbers: header, then x and one column per series.
    const QStringList lines = page.csv().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 201);
    QCOMPARE(lines[0].split(QLatin1Char(',')).size(), 4);
    const QStringList first = lines[1].split(QLatin1Char(','));
    QVERIFY(near(first[2].toDouble(), x == Variable::D ? hoffmannLoss(1e9, lo) : hoffmannLoss(lo, 2e10), 1e-9));
}

void TstScalingPage::contourCellsEqualDelta()
{
    qs::ScalingPage page(nullptr);
    page.chooseLaw(LawKind::W4A4, W4A4Variant::WeightOnly, ChinchillaPreset::Hoffmann2022);
    QVERIFY(setCoefficient(page.coefficientModel(), "k", 0.5));
    QVERIFY(setCoefficient(page.coefficientModel(), "gamma_N", 0.35));
    page.setInput(Variable::G, 128);
    QVERIFY(page.setQuantity(Quantity::Delta));
    page.setView(qs::ScalingPage::View::Contour);
    page.updateNow();
    QVERIFY2(page.plotMessage().isEmpty(), qPrintable(page.plotMessage()));
    QCPColorMap* map = page.colorMap();
    QVERIFY(map->visible());
    QCOMPARE(map->data()->keySize(), 81);
    QCOMPARE(map->data()->valueSize(), 81);
    double key = 0.0, value = 0.0;
    map->data()->cellToCoord(0, 0, &key, &value);
    QCOMPARE(key, 6.0);   // log10 1e6
    QCOMPARE(value, 8.0); // log10 1e8
    for (const auto& [i, j] : {std::pair(0, 0), std::pair(40, 20), std::pair(17, 63), std::pair(80, 80)}) {
        map->data()->cellToCoord(i, j, &key, &value);
        const double expected = w4a16Delta(0.5, 0.35, std::pow(10.0, key), std::pow(10.0, value), 128.0);
        QVERIFY2(near(map->data()->cell(i, j), expected),
                 qPrintable(
                     QStringLiteral("cell %1,%2: %3 vs %4").arg(i).arg(j).arg(map->data()->cell(i, j)).arg(expected)));
    }
    // δ spans decades here: log colours, labelled iso-lines.
    QVERIFY(map->dataScaleType() == QCPAxis::stLogarithmic);
    QVERIFY(!page.isoLines().empty());
    QVERIFY(!page.isoLabels().empty());
    // Every iso-line point lies where δ equals its level (the label's number): check one level.
    const QCPItemText* label = page.isoLabels().front();
    const double level = label->text().toDouble();
    const double lx = label->position->coords().x(), ly = label->position->coords().y();
    QVERIFY(near(w4a16Delta(0.5, 0.35, std::pow(10.0, lx), std::pow(10.0, ly), 128.0), level, 0.02));
}

void TstScalingPage::isoLinesFollowLevel()
{
    // z = x + 2y on [0, 1]², 11 samples: the line z = 1 is exact under linear interpolation.
    qs::ContourGrid grid;
    grid.nx = grid.ny = 11;
    for (int j = 0; j < 11; ++j)
        for (int i = 0; i < 11; ++i)
            grid.z.push_back(grid.x(i) + 2.0 * grid.y(j));
    const auto lines = qs::isoLines(grid, 1.0);
    QCOMPARE(int(lines.size()), 1);
    QVERIFY(lines[0].size() >= 10);
    for (const QPointF& p : lines[0])
        QVERIFY(std::abs(p.x() + 2.0 * p.y() - 1.0) < 1e-12);
    // Ends on the border: (1, 0) and (0, 0.5).
    const QPointF a = lines[0].front(), b = lines[0].back();
    QVERIFY((near(a.x(), 1.0) && std::abs(a.y()) < 1e-12) || (near(b.x(), 1.0) && std::abs(b.y()) < 1e-12));
    // A closed loop: a cone z = r around the centre, level 0.3.
    grid.z.clear();
    for (int j = 0; j < 11; ++j)
        for (int i = 0; i < 11; ++i)
            grid.z.push_back(std::hypot(grid.x(i) - 0.5, grid.y(j) - 0.5));
    const auto loops = qs::isoLines(grid, 0.3);
    QCOMPARE(int(loops.size()), 1);
    QCOMPARE(loops[0].front(), loops[0].back());
    // Levels: 1-2-5 on a log scale, round steps on a linear one.
    const auto same = [](const std::vector<double>& got, const std::vector<double>& expected) {
        if (got.size() != expected.size())
            return false;
        for (size_t i = 0; i < got.size(); ++i)
            if (!near(got[i], expected[i], 1e-12))
                return false;
        return true;
    };
    QVERIFY(same(qs::contourLevels(0.003, 0.3, true), {0.005, 0.01, 0.02, 0.05, 0.1, 0.2}));
    QVERIFY(same(qs::contourLevels(0.0, 10.0, false, 4), {2.0, 4.0, 6.0, 8.0}));
    QVERIFY(same(qs::contourLevels(1.5e-3, 5e4, true, 4), {1e-2, 1e0, 1e2, 1e4})); // 7 decades: every second
}

void TstScalingPage::directFitCheckValues_data()
{
    // "Compute-Optimal Quantization-Aware Training"'s f̂, to four decimals as docs/scaling.md gives them, and to three.
    QTest::addColumn<double>("S");
    QTest::addColumn<double>("fourDecimals");
    QTest::addColumn<double>("papers");
    QTest::addRow("S=10") << 10.0 << 0.0538 << 0.054;
    QTest::addRow("S=100") << 100.0 << 0.2319 << 0.232;
    QTest::addRow("S=1e3") << 1e3 << 0.3775 << 0.3775; // not 0.378: that is 0.37749 rounded twice
    QTest::addRow("S=1e4") << 1e4 << 0.4816 << 0.482;
    QTest::addRow("S=1e5") << 1e5 << 0.5574 << 0.557;
}

void TstScalingPage::directFitCheckValues()
{
    QFETCH(double, S);
    QFETCH(double, fourDecimals);
    QFETCH(double, papers);
    qs::ScalingPage page(nullptr);
    page.chooseLaw(LawKind::Qat, W4A4Variant::WeightOnly, ChinchillaPreset::Hoffmann2022);
    page.setView(qs::ScalingPage::View::QatFraction);
    page.updateNow();
    QVERIFY2(page.plotMessage().isEmpty(), qPrintable(page.plotMessage()));
    QCPGraph* fhat = page.directFractionGraph();
    QVERIFY(fhat->visible());
    bool found = false;
    for (auto it = fhat->data()->constBegin(); it != fhat->data()->constEnd(); ++it) {
        if (!near(it->key, S, 1e-12))
            continue;
        found = true;
        QVERIFY(std::abs(it->value - fourDecimals) <= 0.5e-4);
        QVERIFY(std::abs(it->value - papers) <= 0.5e-3);
        QVERIFY(near(it->value, std::exp(-6.7297 / std::log(S))));
    }
    QVERIFY2(found, "S is not a sample of the f̂ curve");
}

void TstScalingPage::optimalFractionNeedsDelta()
{
    qs::ScalingPage page(nullptr);
    page.chooseLaw(LawKind::Qat, W4A4Variant::WeightOnly, ChinchillaPreset::Hoffmann2022);
    page.setView(qs::ScalingPage::View::QatFraction);
    page.updateNow();
    // Nothing of the QAT law's δ is published: f̂ alone, and the plot says why.
    QVERIFY(page.directFractionGraph()->visible());
    QVERIFY(!page.optimalFractionGraph()->visible());
    QVERIFY(page.note().contains(QStringLiteral("δ")));
    QVERIFY(page.csv().startsWith(QStringLiteral("S,f_hat,f_star\n")));

    // δ coefficients by hand: f* appears and equals the law's argmin at each S.
    const std::pair<const char*, double> values[] = {{"theta", 0.01}, {"kappa", 0.5}, {"phi", 50.0},    {"chi", 0.7},
                                                     {"psi", 0.2},    {"omega", 0.3}, {"lambda", 30.0}, {"mu", 0.6},
                                                     {"nu", 0.2},     {"xi", 0.5},    {"rho", 0.2}};
    for (const auto& [name, value] : values)
        QVERIFY(setCoefficient(page.coefficientModel(), name, value));
    page.updateNow();
    QCPGraph* fstar = page.optimalFractionGraph();
    QVERIFY(fstar->visible());
    QVERIFY(page.note().isEmpty());
    const double N = page.inputs().N, bits = page.inputs().bits;
    for (const int i : {0, 100, 236}) {
        const double S = fstar->data()->at(i)->key;
        const double expected = optimalQatFraction(page.law(), N, S * N * bits / 8.0, bits).fraction;
        QVERIFY(near(fstar->data()->at(i)->value, expected, 1e-12));
        QVERIFY(expected > 0.0 && expected < 1.0);
    }
}

void TstScalingPage::unsetCoefficientsShowMessage_data()
{
    QTest::addColumn<int>("view");
    QTest::addRow("curves") << int(qs::ScalingPage::View::Curves);
    QTest::addRow("contour") << int(qs::ScalingPage::View::Contour);
}

void TstScalingPage::unsetCoefficientsShowMessage()
{
    QFETCH(int, view);
    qs::ScalingPage page(nullptr);
    page.chooseLaw(LawKind::W4A4, W4A4Variant::Full, ChinchillaPreset::Hoffmann2022);
    QVERIFY(page.quantity() == Quantity::Delta);
    page.setView(qs::ScalingPage::View(view));
    page.updateNow();
    // k, γN, γD, γG of the W4A4 law were never published: a message, no curve, nothing to export.
    const QString message = page.plotMessage();
    QVERIFY(message.contains(QStringLiteral("unset")));
    QVERIFY(message.contains(QStringLiteral("γ_N")));
    QVERIFY(page.curveGraphs().isEmpty());
    QVERIFY(!page.colorMap()->visible());
    QVERIFY(page.figurePlot() == nullptr);
    QVERIFY(page.csv().isEmpty());
    auto* label = page.findChild<QLabel*>(QStringLiteral("scalingMessage"));
    QVERIFY(label);
    QCOMPARE(label->text(), message);
    QVERIFY(page.readout().contains(QStringLiteral("unset")));

    // The FP loss needs only the Chinchilla part, which Hoffmann's preset has.
    QVERIFY(page.setQuantity(Quantity::FpLoss));
    page.updateNow();
    QVERIFY(page.plotMessage().isEmpty());
    QVERIFY(page.figurePlot() != nullptr);

    // Typing the four δ coefficients makes δ drawable.
    QVERIFY(page.setQuantity(Quantity::Delta));
    for (const auto& [name, value] :
         {std::pair("k", 0.5), std::pair("gamma_N", 0.3), std::pair("gamma_D", 0.1), std::pair("gamma_G", 0.5)})
        QVERIFY(setCoefficient(page.coefficientModel(), name, value));
    page.updateNow();
    QVERIFY2(page.plotMessage().isEmpty(), qPrintable(page.plotMessage()));
    QVERIFY(page.figurePlot() != nullptr);
}

void TstScalingPage::fitJobRecoversLaw()
{
    FitOptions options;
    options.bootstrapResamples = 20;
    qs::FitJob job(Law::w4a4(W4A4Variant::WeightOnly, ChinchillaPreset::Hoffmann2022), generatedDeltaPoints(), options);
    QSignalSpy finished(&job, &qs::Job::finished);
    QSignalSpy failed(&job, &qs::Job::failed);
    job.start();
    // start() returned at once: the work runs on the job's thread.
    QVERIFY(job.isRunning());
    QVERIFY(!job.result());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count() + failed.count(), 1, 120000);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.front().front().toString()));
    QVERIFY(job.result());
    const Law& law = job.result()->law;
    QVERIFY(std::abs(law.value("k") / 0.8 - 1.0) < 0.15);
    QVERIFY(std::abs(law.value("gamma_N") - 0.3) < 0.01);
    QVERIFY(law.coefficient("k").source == Source::Fit);
    QVERIFY(law.coefficient("gamma_D").source == Source::Published); // held at Chen et al.'s value
    QVERIFY(law.coefficient("k").ci95.has_value());
}

void TstScalingPage::pageFitReplacesCoefficients()
{
    qs::ScalingPage page(nullptr);
    page.chooseLaw(LawKind::W4A4, W4A4Variant::WeightOnly, ChinchillaPreset::Hoffmann2022);
    page.setMeasuredData(generatedDeltaPoints());
    page.setView(qs::ScalingPage::View::Measured);
    page.updateNow();
    QVERIFY(page.plotMessage().isEmpty());
    QVERIFY(page.curveGraphs().isEmpty()); // no law curves while k and γN are unset
    QVERIFY(!page.pointGraphs().isEmpty());
    QVERIFY(page.note().contains(QStringLiteral("unset")));

    QSignalSpy succeeded(&page, &qs::ScalingPage::fitSucceeded);
    FitOptions options;
    options.bootstrapResamples = 20;
    page.startFit(options);
    QVERIFY(page.isFitting());
    QTRY_VERIFY_WITH_TIMEOUT(!page.isFitting(), 120000);
    QCOMPARE(succeeded.count(), 1);
    const Law& law = page.law();
    QVERIFY(law.coefficient("k").source == Source::Fit);
    QVERIFY(law.coefficient("k").ci95.has_value());
    QVERIFY(std::abs(law.value("gamma_N") - 0.3) < 0.01);
    QVERIFY(law.coefficient("alpha").source == Source::Published);
    const int row = page.coefficientModel()->rowOf(QStringLiteral("k"));
    QCOMPARE(page.coefficientModel()->index(row, qs::CoefficientModel::SourceColumn).data().toString(),
             QStringLiteral("fit"));
    QVERIFY(!page.coefficientModel()->index(row, qs::CoefficientModel::IntervalColumn).data().toString().isEmpty());
    QVERIFY(page.statusMessage().contains(QStringLiteral("Fitted")));

    // The measured view now draws the law and residuals within the ±1 % noise (plus the fit's slack).
    page.updateNow();
    QVERIFY(!page.curveGraphs().isEmpty());
    QVERIFY(!page.residualGraphs().isEmpty());
    for (QCPGraph* graph : page.residualGraphs())
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
            QVERIFY(std::abs(it->value) < 3.0);
}

void TstScalingPage::fitFailureKeepsLaw()
{
    qs::ScalingPage page(nullptr);
    page.chooseLaw(LawKind::W4A4, W4A4Variant::WeightOnly, ChinchillaPreset::Hoffmann2022);
    QVERIFY(setCoefficient(page.coefficientModel(), "k", 0.5)); // a user edit: fixed unless freed
    page.setMeasuredData(generatedDeltaPoints(2));
    FitOptions options;
    options.freeCoefficients = {"k"}; // k and γN free: 2 points cannot determine 2 coefficients
    options.bootstrapResamples = 0;
    QSignalSpy failed(&page, &qs::ScalingPage::fitFailed);
    page.startFit(options);
    QTRY_VERIFY_WITH_TIMEOUT(!page.isFitting(), 60000);
    QCOMPARE(failed.count(), 1);
    QVERIFY2(page.statusMessage().contains(QStringLiteral("unchanged")), qPrintable(page.statusMessage()));
    QVERIFY2(page.statusMessage().contains(QStringLiteral("2 training points")), qPrintable(page.statusMessage()));
    QCOMPARE(page.law().coefficient("k").value, 0.5);
    QVERIFY(page.law().coefficient("k").source == Source::UserEdit);
    QVERIFY(!page.law().coefficient("gamma_N").isSet());

    // Without any data the fit does not start and says why.
    qs::ScalingPage empty(nullptr);
    empty.startFit();
    QVERIFY(!empty.isFitting());
    QVERIFY(empty.statusMessage().contains(QStringLiteral("Open measured points")));
}

void TstScalingPage::fitCancelKeepsLaw()
{
    qs::ScalingPage page(nullptr);
    page.chooseLaw(LawKind::W4A4, W4A4Variant::WeightOnly, ChinchillaPreset::Hoffmann2022);
    page.setMeasuredData(generatedDeltaPoints());
    FitOptions options;
    options.bootstrapResamples = 1000; // long enough to be cancelled at a progress report
    QSignalSpy failed(&page, &qs::ScalingPage::fitFailed);
    QSignalSpy succeeded(&page, &qs::ScalingPage::fitSucceeded);
    page.startFit(options);
    QVERIFY(page.isFitting());
    page.cancelFit();
    QTRY_VERIFY_WITH_TIMEOUT(!page.isFitting(), 60000);
    QCOMPARE(succeeded.count(), 0);
    QCOMPARE(failed.count(), 1);
    QVERIFY(page.statusMessage().contains(QStringLiteral("cancelled")));
    QVERIFY(!page.law().coefficient("k").isSet());
}

void TstScalingPage::csvMissingColumn()
{
    qs::ScalingPage page(nullptr);
    page.chooseLaw(LawKind::Chinchilla, W4A4Variant::WeightOnly, ChinchillaPreset::Hoffmann2022);
    const QString path = writeFile(m_dir, QStringLiteral("noloss.csv"), "N,D,label\n1e8,1e10,a\n1e9,1e11,b\n");
    QVERIFY(page.openCsv(path));
    QCOMPARE(int(page.measuredData().points.size()), 2);
    QVERIFY2(page.statusMessage().contains(QStringLiteral("no column loss")), qPrintable(page.statusMessage()));
    page.setView(qs::ScalingPage::View::Measured);
    page.updateNow();
    QVERIFY2(page.plotMessage().contains(QStringLiteral("no column loss")), qPrintable(page.plotMessage()));
    QVERIFY(page.pointGraphs().isEmpty());
}

void TstScalingPage::unreadableCsvKeepsData()
{
    qs::ScalingPage page(nullptr);
    const QString good = writeFile(m_dir, QStringLiteral("good.csv"), "N,D,loss\n1e8,1e10,3.1\n1e9,1e11,2.6\n");
    QVERIFY(page.openCsv(good));
    const QString bad = writeFile(m_dir, QStringLiteral("bad.csv"), "N,D,loss\n1e8,1e10,3.1\n1e9,lots,2.6\n");
    QVERIFY(!page.openCsv(bad));
    QVERIFY2(page.statusMessage().contains(QStringLiteral("line 3")), qPrintable(page.statusMessage()));
    QCOMPARE(int(page.measuredData().points.size()), 2);
    QCOMPARE(QString::fromStdString(page.measuredData().source), good);
    QVERIFY(!page.openCsv(m_dir.filePath(QStringLiteral("absent.csv"))));
    QCOMPARE(QString::fromStdString(page.measuredData().source), good);
}

void TstScalingPage::measuredResiduals()
{
    // Points at Hoffmann's law times hand-chosen factors: the residuals are those factors − 1.
    const double factors[] = {1.02, 0.99, 1.0, 1.05, 0.97, 1.01};
    QByteArray csv = "N,D,loss,heldout,label\n";
    int i = 0;
    for (const double N : {1e8, 1e9})
        for (const double D : {1e10, 1e11, 1e12}) {
            csv += QByteArray::number(N, 'g', 17) + ',' + QByteArray::number(D, 'g', 17) + ','
                + QByteArray::number(hoffmannLoss(N, D) * factors[i], 'g', 17) + ',' + (i == 5 ? "1" : "0") + ",p"
                + QByteArray::number(i) + '\n';
            ++i;
        }
    ProbePage page;
    page.resize(1200, 800);
    QVERIFY(page.openCsv(writeFile(m_dir, QStringLiteral("measured.csv"), csv)));
    QVERIFY(page.statusMessage().isEmpty());
    page.setView(qs::ScalingPage::View::Measured);
    QVERIFY(page.setVariable(Variable::D));
    page.updateNow();
    QVERIFY2(page.plotMessage().isEmpty(), qPrintable(page.plotMessage()));
    // Two groups (N = 100M, N = 1B): a law curve and residuals each; the held-out point on its own.
    QCOMPARE(page.curveGraphs().size(), 2);
    QCOMPARE(page.residualGraphs().size(), 2);
    QCOMPARE(page.pointGraphs().size(), 3);
    QCOMPARE(page.pointGraphs()[0]->name(), QStringLiteral("N = 100M"));
    QCOMPARE(page.pointGraphs()[2]->name(), QStringLiteral("N = 1B, held out"));
    QCOMPARE(page.residualGraphs()[0]->dataCount(), 3);
    for (int g = 0; g < 2; ++g) {
        QCPGraph* residuals = page.residualGraphs()[g];
        for (int p = 0; p < 3; ++p) {
            const double expected = 100.0 * (factors[g * 3 + p] - 1.0); // keys 1e10, 1e11, 1e12 in order
            QVERIFY2(std::abs(residuals->data()->at(p)->value - expected) < 1e-9,
                     qPrintable(QStringLiteral("%1 vs %2").arg(residuals->data()->at(p)->value).arg(expected)));
        }
        // The law curve of the group runs through N's Hoffmann loss.
        QCPGraph* curve = page.curveGraphs()[g];
        const double N = g == 0 ? 1e8 : 1e9;
        QVERIFY(near(curve->data()->at(30)->value, hoffmannLoss(N, curve->data()->at(30)->key)));
    }
    QVERIFY(page.residualRect()->visible());
    // Hovering the first point (N = 100M, D = 1e10) names it and its residual.
    QCPAxis* x = page.plot()->axisRect()->axis(QCPAxis::atBottom);
    QCPAxis* y = page.plot()->axisRect()->axis(QCPAxis::atLeft);
    const double y0 = hoffmannLoss(1e8, 1e10) * factors[0];
    const QString tip = page.toolTipAt(QPointF(x->coordToPixel(1e10), y->coordToPixel(y0)));
    QVERIFY2(tip.contains(QStringLiteral("p0")) && tip.contains(QStringLiteral("residual 2.00 %")), qPrintable(tip));
    const QStringList lines = page.csv().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 7);
    QVERIFY(lines[0].startsWith(QStringLiteral("label,line,held_out,D,measured_loss,predicted_loss,residual_percent")));
    // Another view leaves no residual panel behind.
    page.setView(qs::ScalingPage::View::Curves);
    page.updateNow();
    QVERIFY(!page.residualRect()->visible());
    QVERIFY(!page.residualRect()->layout());
}

void TstScalingPage::lawJsonRoundTrip()
{
    qs::ScalingPage page(nullptr);
    page.chooseLaw(LawKind::W4A4, W4A4Variant::ActivationOnly, ChinchillaPreset::Besiroglu2024);
    QVERIFY(setCoefficient(page.coefficientModel(), "k", 0.25));
    const QString path = m_dir.filePath(QStringLiteral("law.json"));
    QVERIFY(page.saveLaw(path));
    qs::ScalingPage other(nullptr);
    QVERIFY(other.loadLaw(path));
    QVERIFY(other.law().kind() == LawKind::W4A4);
    QVERIFY(other.law().variant() == W4A4Variant::ActivationOnly);
    QCOMPARE(other.law().value("k"), 0.25);
    QVERIFY(other.law().coefficient("k").source == Source::UserEdit);
    QCOMPARE(other.law().value("B"), 2085.43);
    QVERIFY(other.quantity() == Quantity::Delta);
    const QString broken = writeFile(m_dir, QStringLiteral("broken.json"), "{\"format\": \"something else\"}");
    QVERIFY(!other.loadLaw(broken));
    QVERIFY(other.statusMessage().contains(QStringLiteral("broken.json")));
    QCOMPARE(other.law().value("k"), 0.25);
}

void TstScalingPage::renderViews()
{
    const QString keep = qEnvironmentVariable("QS_SCALING_PNG_DIR");
    const QString dir = keep.isEmpty() ? m_dir.path() : keep;
    QDir().mkpath(dir);
    qs::ScalingPage page(nullptr);
    page.resize(1400, 820);
    page.show();
    const auto render = [&](const QString& name) {
        page.updateNow();
        QVERIFY2(page.plotMessage().isEmpty(), qPrintable(name + QStringLiteral(": ") + page.plotMessage()));
        QTest::qWait(100); // layouts settle (a label's new height reaches the splitter in a few passes)
        const QString path = dir + QStringLiteral("/scaling-%1.png").arg(name);
        QVERIFY(page.grab().save(path));
        QVERIFY(QFileInfo(path).size() > 10000);
        qs::FigureExportOptions options;
        options.size = qs::FigureExportOptions::Size::DoubleColumn;
        options.dpi = 150;
        QString error;
        const QString figure = dir + QStringLiteral("/scaling-%1-paper.png").arg(name);
        QVERIFY2(qs::exportFigure(page, figure, options, &error), qPrintable(error));
        QVERIFY(QFileInfo(figure).size() > 5000);
    };
    // Chinchilla loss curves (series N); W4A16 δ with hand-set k, γN: curves over G, contour.
    render(QStringLiteral("curves"));
    page.chooseLaw(LawKind::W4A4, W4A4Variant::WeightOnly, ChinchillaPreset::Hoffmann2022);
    QVERIFY(setCoefficient(page.coefficientModel(), "k", 0.5));
    QVERIFY(setCoefficient(page.coefficientModel(), "gamma_N", 0.35));
    render(QStringLiteral("curves-delta"));
    page.setView(qs::ScalingPage::View::Contour);
    render(QStringLiteral("contour"));
    page.chooseLaw(LawKind::Qat, W4A4Variant::WeightOnly, ChinchillaPreset::Hoffmann2022);
    page.setView(qs::ScalingPage::View::QatFraction);
    render(QStringLiteral("fstar"));
    // The same with δ coefficients typed in (illustrative values, not published ones): f* appears.
    const std::pair<const char*, double> qatDelta[] = {{"theta", 0.01}, {"kappa", 0.5}, {"phi", 50.0},    {"chi", 0.7},
                                                       {"psi", 0.2},    {"omega", 0.3}, {"lambda", 30.0}, {"mu", 0.6},
                                                       {"nu", 0.2},     {"xi", 0.5},    {"rho", 0.2}};
    for (const auto& [name, value] : qatDelta)
        QVERIFY(setCoefficient(page.coefficientModel(), name, value));
    render(QStringLiteral("fstar-law"));
    // Measured points with residuals, after a fit.
    page.chooseLaw(LawKind::W4A4, W4A4Variant::WeightOnly, ChinchillaPreset::Hoffmann2022);
    page.setMeasuredData(generatedDeltaPoints());
    FitOptions options;
    options.bootstrapResamples = 10;
    page.startFit(options);
    QTRY_VERIFY_WITH_TIMEOUT(!page.isFitting(), 120000);
    page.setView(qs::ScalingPage::View::Measured);
    render(QStringLiteral("measured"));
    // The message instead of a curve.
    page.chooseLaw(LawKind::W4A4, W4A4Variant::Full, ChinchillaPreset::Hoffmann2022);
    page.setView(qs::ScalingPage::View::Curves);
    page.updateNow();
    QVERIFY(!page.plotMessage().isEmpty());
    QVERIFY(page.grab().save(dir + QStringLiteral("/scaling-message.png")));
}

QS_TEST_MAIN(TstScalingPage)
#include "tst_scalingpage.moc"
