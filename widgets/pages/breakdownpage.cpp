// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/breakdownpage.h"

#include "itemmodels/layermetrics.h"
#include "itemmodels/metricnames.h"
#include "itemmodels/selection.h"
#include "widgets/pages/heatmappage.h"
#include "widgets/plot/plotstyle.h"

#include "widgets/plot/qcp.h"

#include "core/analysis/sensitivityreport.h"
#include "core/common/kinds.h"
#include "core/common/metrics.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

namespace qs {

namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();
constexpr double barWidth = 0.7;
constexpr double outlinePad = 0.1; // around the selected bar, in x units

// Weight-only, activation-only, both: Okabe–Ito blue, orange, reddish purple.
const QColor trioColors[3] = {QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00), QColor(0xCC, 0x79, 0xA7)};

QString kindLabel(const std::string& kind)
{
    return kind == layerkinds::down ? BreakdownPage::tr("down (FC2)") : QString::fromStdString(kind);
}

} // namespace

BreakdownPage::BreakdownPage(Selection* selection, QWidget* parent)
    : PlotPage(parent)
    , m_selection(selection)
{
    m_metricCombo = new QComboBox(this);
    m_metricCombo->setObjectName(QStringLiteral("breakdownMetricCombo"));
    m_metricCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* metricLabel = new QLabel(tr("&Metric:"), this);
    metricLabel->setBuddy(m_metricCombo);

    m_groupingCombo = new QComboBox(this);
    m_groupingCombo->setObjectName(QStringLiteral("breakdownGroupingCombo"));
    m_groupingCombo->addItem(tr("per layer"), int(Grouping::PerLayer));
    m_groupingCombo->addItem(tr("per module kind (mean over blocks)"), int(Grouping::PerKind));
    auto* groupingLabel = new QLabel(tr("&Bars:"), this);
    groupingLabel->setBuddy(m_groupingCombo);

    m_trioLabel = new QLabel(this);
    m_trioLabel->setObjectName(QStringLiteral("breakdownTrioLabel"));
    m_trioLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_trioLabel->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_trioLabel->setEnabled(false);

    auto* controls = new QHBoxLayout;
    controls->setContentsMargins(0, 0, 0, 0);
    controls->addWidget(metricLabel);
    controls->addWidget(m_metricCombo);
    controls->addSpacing(12);
    controls->addWidget(groupingLabel);
    controls->addWidget(m_groupingCombo);
    controls->addWidget(m_trioLabel, 1);

    plot()->setObjectName(QStringLiteral("breakdownPlot"));
    plot()->setMinimumSize(320, 240);
    m_title = new QCPTextElement(plot(), QString(), QFont(font().family(), font().pointSize() + 2, QFont::Bold));
    plot()->plotLayout()->insertRow(0);
    plot()->plotLayout()->addElement(0, 0, m_title);
    setScreenOnly(m_title);

    // Row 1: the bars' axis rect, and to its right the decomposition (shown only with a trio).
    QCPAxisRect* main = plot()->axisRect();
    plot()->plotLayout()->take(main);
    auto* content = new QCPLayoutGrid;
    plot()->plotLayout()->addElement(1, 0, content);
    content->addElement(0, 0, main);
    content->setColumnSpacing(12);
    m_trioGrid = new QCPLayoutGrid;
    m_trioGrid->setRowSpacing(2);
    for (int m = 0; m < 2; ++m) {
        m_trioTitles[m] = new QCPTextElement(plot(), QString(), QFont(font().family(), font().pointSize()));
        m_trioRects[m] = new QCPAxisRect(plot()); // left and bottom axes shown, top and right hidden
        m_trioRects[m]->setMinimumSize(210, 0);   // room for the three tick labels
        m_trioGrid->addElement(2 * m, 0, m_trioTitles[m]);
        m_trioGrid->addElement(2 * m + 1, 0, m_trioRects[m]);
        QCPAxis* x = m_trioRects[m]->axis(QCPAxis::atBottom);
        QCPAxis* y = m_trioRects[m]->axis(QCPAxis::atLeft);
        x->setTicker(QSharedPointer<QCPAxisTickerText>::create()); // labels: applyColors()
        x->setSubTicks(false);
        x->setRange(-0.6, 2.6);
        x->grid()->setVisible(false);
        for (int t = 0; t < 3; ++t) {
            m_trioBars[m][t] = new QCPBars(x, y);
            m_trioBars[m][t]->setWidth(barWidth);
            m_trioBars[m][t]->removeFromLegend();
        }
        m_trioSums[m] = new QCPGraph(x, y);
        m_trioSums[m]->setLineStyle(QCPGraph::lsNone);
        m_trioSums[m]->setName(tr("weight-only + activation-only"));
        m_trioSums[m]->removeFromLegend();
    }
    // In and out again: a layout element taken out of a layout belongs to the plot, which deletes it.
    content->addElement(0, 1, m_trioGrid);
    content->take(m_trioGrid);
    content->simplify();

    plot()->xAxis->grid()->setVisible(false);
    plot()->xAxis->setSubTicks(false);
    plot()->xAxis->setTickLengthIn(0);

    // Legend in its own row under the plots, centred.
    plot()->legend->setColumnSpacing(12);
    auto* legendRow = new QCPLayoutGrid;
    plot()->plotLayout()->addElement(2, 0, legendRow);
    legendRow->addElement(0, 0, new QCPLayoutElement(plot()));
    legendRow->addElement(0, 2, new QCPLayoutElement(plot()));
    legendRow->setColumnStretchFactors({1.0, 0.001, 1.0});
    plot()->plotLayout()->setRowStretchFactor(2, 0.001);
    setLegendPlaces(legendRow, 2, main, 8);

    m_outline = new QCPItemRect(plot());
    m_outline->setClipToAxisRect(true);
    m_outline->setBrush(Qt::NoBrush);
    m_outline->setVisible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(plot(), 1);

    connect(m_metricCombo, &QComboBox::activated, this,
            [this](int index) { setMetric(m_metricCombo->itemData(index).toString()); });
    connect(m_groupingCombo, &QComboBox::activated, this,
            [this](int index) { setGrouping(Grouping(m_groupingCombo->itemData(index).toInt())); });
    if (m_selection) {
        for (auto signal : {&Selection::runChanged, &Selection::configChanged, &Selection::checkpointChanged})
            connect(m_selection, signal, this, &BreakdownPage::rebuild);
        connect(m_selection, &Selection::snapshotChanged, this, &BreakdownPage::rebuild);
        connect(m_selection, &Selection::layerChanged, this, &BreakdownPage::updateOutline);
    }
    rebuild();
}

BreakdownPage::~BreakdownPage() = default;

const RunSnapshot* BreakdownPage::run() const
{
    return m_selection ? m_selection->run() : nullptr;
}

QCustomPlot* BreakdownPage::figurePlot() const
{
    return run() ? plot() : nullptr;
}

QCPAxisRect* BreakdownPage::barsRect() const
{
    return plot()->xAxis->axisRect();
}

void BreakdownPage::setGrouping(Grouping grouping)
{
    if (grouping == m_grouping)
        return;
    m_grouping = grouping;
    m_groupingCombo->setCurrentIndex(m_groupingCombo->findData(int(grouping)));
    rebuild();
}

bool BreakdownPage::setMetric(const QString& metric)
{
    if (!availableMetrics().contains(metric))
        return false;
    if (metric.toStdString() != m_metric) {
        m_metric = metric.toStdString();
        rebuild();
    }
    return true;
}

QStringList BreakdownPage::availableMetrics() const
{
    QStringList names;
    if (const RunSnapshot* current = run()) {
        for (const std::string& name : layerMetricChoices(*current, m_selection->configIndex()))
            names << QString::fromStdString(name);
    }
    return names;
}

double BreakdownPage::trioValue(int metricIndex, int member) const
{
    if (metricIndex < 0 || metricIndex > 1 || member < 0 || member > 2)
        return nan;
    return m_trioValues[metricIndex][member];
}

QCPAxisRect* BreakdownPage::trioRect(int metricIndex) const
{
    return metricIndex >= 0 && metricIndex < 2 && m_trioGrid->layout() && m_trioRects[metricIndex]->layout()
        ? m_trioRects[metricIndex]
        : nullptr;
}

QCPGraph* BreakdownPage::trioSumMarker(int metricIndex) const
{
    return trioRect(metricIndex) ? m_trioSums[metricIndex] : nullptr;
}

void BreakdownPage::rebuild()
{
    fillLayerMetricCombo(m_metricCombo, m_selection, m_metric);
    rebuildBars();
    rebuildTrio();
    updateOutline();
    applyColors();
}

void BreakdownPage::rebuildBars()
{
    for (QCPBars* bars : m_kindBars)
        plot()->removePlottable(bars);
    m_kindBars.clear();
    m_bars.clear();
    plot()->legend->clearItems();

    const RunSnapshot* current = run();
    const int checkpoint = m_selection ? m_selection->checkpoint() : -1;
    const ConfigSnapshot* source =
        current ? layerMetricSource(*current, m_selection->configIndex(), m_metric) : nullptr;
    const std::vector<double> values = source ? source->layerMetricRow(m_metric, checkpoint) : std::vector<double>();
    const auto valueOf = [&](int layer) { return layer < int(values.size()) ? values[size_t(layer)] : nan; };

    // The kinds present, in block order (q k v o gate up down, unknown kinds after them by name).
    const std::vector<std::string> kinds = current ? layerKindsInOrder(current->layers) : std::vector<std::string>();
    std::vector<int> order;
    for (int i = 0; current && i < int(current->layers.size()); ++i)
        order.push_back(i);
    const auto kindIndex = [&](const std::string& kind) {
        return int(std::find(kinds.begin(), kinds.end(), kind) - kinds.begin());
    };

    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    if (m_grouping == Grouping::PerLayer) {
        std::sort(order.begin(), order.end(), [&](int a, int b) {
            const LayerInfo& la = current->layers[size_t(a)];
            const LayerInfo& lb = current->layers[size_t(b)];
            return std::tuple(la.block, kindIndex(la.kind), a) < std::tuple(lb.block, kindIndex(lb.kind), b);
        });
        // One slot per layer and an empty slot between blocks; the block number under each group.
        double key = 0.0;
        double groupStart = 0.0;
        for (size_t i = 0; i < order.size(); ++i) {
            const LayerInfo& info = current->layers[size_t(order[i])];
            if (i > 0 && info.block != current->layers[size_t(order[i - 1])].block) {
                ticker->addTick((groupStart + key - 1.0) / 2.0,
                                QString::number(current->layers[size_t(order[i - 1])].block));
                key += 1.0;
                groupStart = key;
            }
            m_bars.push_back({key, valueOf(order[i]), order[i], info.kind, info.block, 0});
            key += 1.0;
        }
        if (!order.empty())
            ticker->addTick((groupStart + key - 1.0) / 2.0,
                            QString::number(current->layers[size_t(order.back())].block));
        setWrappedLabel(plot()->xAxis, isPaperStyle() ? tr("block") : tr("block (bars: module kinds in block order)"));
    } else {
        const std::vector<KindMean> means = meanByKind(current->layers, values);
        for (size_t k = 0; k < means.size(); ++k) {
            m_bars.push_back({double(k), means[k].mean, -1, means[k].kind, -1, means[k].count});
            ticker->addTick(double(k), kindLabel(means[k].kind));
        }
        setWrappedLabel(plot()->xAxis, tr("module kind (mean over blocks)"));
    }
    plot()->xAxis->setTicker(ticker);

    double lo = 0.0;
    double hi = 0.0;
    for (size_t k = 0; k < kinds.size(); ++k) {
        auto* bars = new QCPBars(plot()->xAxis, plot()->yAxis);
        bars->setName(kindLabel(kinds[k]));
        bars->setWidth(barWidth);
        QVector<double> keys;
        QVector<double> heights;
        for (const Bar& bar : m_bars) {
            if (bar.kind != kinds[k] || !std::isfinite(bar.value))
                continue;
            keys << bar.key;
            heights << bar.value;
            lo = std::min(lo, bar.value);
            hi = std::max(hi, bar.value);
        }
        bars->setData(keys, heights, true);
        if (m_grouping == Grouping::PerKind)
            bars->removeFromLegend(); // the tick labels name them
        m_kindBars.push_back(bars);
    }
    const double span = hi - lo > 0.0 ? hi - lo : 1.0;
    plot()->yAxis->setRange(lo < 0.0 ? lo - 0.05 * span : 0.0, hi > 0.0 ? hi + 0.08 * span : 0.0);
    plot()->xAxis->setRange(-0.7, m_bars.empty() ? 1.0 : m_bars.back().key + 0.7);

    QString title = m_metric.empty() ? QString() : MetricNames::title(m_metric);
    setWrappedLabel(plot()->yAxis, title);
    if (!current) {
        setWrappedText(m_title,
                       m_selection && m_selection->snapshot() ? tr("This store holds no runs") : tr("No store open"));
    } else {
        const bool fromFp = isInputStatistic(m_metric);
        const QString configText = fromFp ? tr("full-precision model")
            : m_selection->config()       ? m_selection->config()->label
                                          : tr("no config");
        const QString step = checkpoint >= 0 && checkpoint < int(current->checkpoints.size())
            ? QString::number(current->checkpoints[size_t(checkpoint)].step)
            : tr("–");
        if (source && !source->isDone(checkpoint))
            title = tr("%1 (not computed at this checkpoint)").arg(title);
        // The cheap estimate says how far it can be trusted: its ranking against the measured one.
        if (source && m_metric == metrics::fisherEst) {
            const double rho = layerRankAgreement(values, source->layerMetricRow(metrics::loiKl, checkpoint));
            if (std::isfinite(rho))
                title = tr("%1 (ranks the layers as the measured leave-one-in KL with Spearman ρ = %2)")
                            .arg(title, QString::number(rho, 'f', 2));
        }
        setWrappedText(m_title, tr("%1, step %2: %3, %4").arg(current->name(), step, title, configText));
    }
}

QString BreakdownPage::titleText() const
{
    return m_title->text();
}

void BreakdownPage::rebuildTrio()
{
    const RunSnapshot* current = run();
    const int checkpoint = m_selection ? m_selection->checkpoint() : -1;
    m_trio = current ? DecompositionTrio::find(*current, m_selection->configIndex()) : DecompositionTrio {};
    for (auto& row : m_trioValues)
        std::fill(std::begin(row), std::end(row), nan);

    auto* content = static_cast<QCPLayoutGrid*>(barsRect()->layout());
    const bool shown = m_trio.isValid();
    if (shown && !m_trioGrid->layout())
        content->addElement(0, 1, m_trioGrid);
    else if (!shown && m_trioGrid->layout())
        content->take(m_trioGrid);
    content->simplify();
    if (shown)
        content->setColumnStretchFactors({3.0, isPaperStyle() ? 2.0 : 1.0});
    // A paper figure has the height for one decomposition: KL, the one above the noise floor.
    const bool both = !isPaperStyle();
    if (both && !m_trioRects[1]->layout()) {
        m_trioGrid->addElement(2, 0, m_trioTitles[1]);
        m_trioGrid->addElement(3, 0, m_trioRects[1]);
    } else if (!both && m_trioRects[1]->layout()) {
        m_trioGrid->take(m_trioTitles[1]);
        m_trioGrid->take(m_trioRects[1]);
        m_trioGrid->simplify();
    }
    for (int m = 0; m < 2; ++m) {
        // Out of the layout the rects keep their last geometry: nothing of them may be drawn.
        const bool drawn = shown && (m == 0 || both);
        m_trioRects[m]->setVisible(drawn);
        m_trioTitles[m]->setVisible(drawn);
        for (QCPBars* bars : m_trioBars[m])
            bars->setVisible(drawn);
        m_trioSums[m]->setVisible(drawn);
    }
    if (shown) {
        m_trioSums[0]->addToLegend(); // rebuildBars() cleared the legend
        m_trioSums[0]->setName(isPaperStyle() ? tr("W only + A only") : tr("weight-only + activation-only"));
    }

    if (!current || m_selection->configIndex() < 0) {
        setTrioText({});
        return;
    }
    if (!shown) {
        const ConfigSnapshot* selected = m_selection->config();
        const bool fp = selected && selected->config.isFullPrecision();
        setTrioText(fp ? QString() : tr("No weight-only / activation-only / both trio for this config in the run"));
        return;
    }
    const int members[3] = {m_trio.weightOnly, m_trio.activationOnly, m_trio.both};
    const auto label = [&](int t) { return current->configs[size_t(members[t])].label; };
    setTrioText(tr("Decomposition: %1 + %2 vs %3").arg(label(0), label(1), label(2)));
    // A paper figure's decomposition is a third of a column wide: short titles.
    const bool paper = isPaperStyle();
    for (int m = 0; m < 2; ++m) {
        const std::string& metric = decompositionMetrics()[size_t(m)];
        const QString title = paper ? MetricNames::shortTitle(metric) : MetricNames::title(metric);
        const DecompositionValues values = decompositionValues(*current, m_trio, metric, checkpoint);
        m_trioValues[m][0] = values.weightOnly;
        m_trioValues[m][1] = values.activationOnly;
        m_trioValues[m][2] = values.both;
        double lo = 0.0;
        double hi = 0.0;
        for (int t = 0; t < 3; ++t) {
            const double v = m_trioValues[m][t];
            if (std::isfinite(v))
                m_trioBars[m][t]->setData({double(t)}, {v}, true);
            else
                m_trioBars[m][t]->data()->clear();
            lo = std::min(lo, std::isfinite(v) ? v : 0.0);
            hi = std::max(hi, std::isfinite(v) ? v : 0.0);
        }
        const double sum = values.sum();
        if (std::isfinite(sum)) {
            m_trioSums[m]->setData({2.0}, {sum}, true);
            lo = std::min(lo, sum);
            hi = std::max(hi, sum);
        } else {
            m_trioSums[m]->data()->clear();
        }
        const double span = hi - lo > 0.0 ? hi - lo : 1.0;
        m_trioRects[m]->axis(QCPAxis::atLeft)->setRange(lo < 0.0 ? lo - 0.08 * span : 0.0, hi + 0.12 * span);
        QString text = title;
        if (paper)
            text = title; // the bars and the sum's marker show the ratio
        else if (std::isfinite(values.ratio()))
            text = tr("%1: both / sum = %2").arg(title, QString::number(values.ratio(), 'f', 2));
        else if (!std::isfinite(values.both) || !std::isfinite(sum))
            text = tr("%1: not computed at this checkpoint").arg(title);
        setWrappedText(m_trioTitles[m], text);
    }
}

void BreakdownPage::figureStyleChanged()
{
    rebuild(); // labels, titles and proportions depend on the style
}

void BreakdownPage::updateOutline()
{
    const LayerInfo* selected = m_selection ? m_selection->layer() : nullptr;
    const Bar* hit = nullptr;
    for (const Bar& bar : m_bars) {
        if (selected && std::isfinite(bar.value)
            && (m_grouping == Grouping::PerLayer ? bar.layer == m_selection->layerIndex() : bar.kind == selected->kind))
            hit = &bar;
    }
    m_outline->setVisible(hit && !isPaperStyle());
    if (hit) {
        // Clear of the bar on every side, so it shows on a bar of the text colour too.
        const double padY = 0.02 * plot()->yAxis->range().size();
        m_outline->topLeft->setCoords(hit->key - barWidth / 2 - outlinePad, std::max(hit->value, 0.0) + padY);
        m_outline->bottomRight->setCoords(hit->key + barWidth / 2 + outlinePad, std::min(hit->value, 0.0) - padY);
    }
    scheduleReplot();
}

int BreakdownPage::barAt(const QPointF& pos) const
{
    if (!barsRect()->rect().contains(pos.toPoint()))
        return -1;
    const double x = plot()->xAxis->pixelToCoord(pos.x());
    for (size_t i = 0; i < m_bars.size(); ++i) {
        if (std::abs(m_bars[i].key - x) <= 0.5 && std::isfinite(m_bars[i].value))
            return int(i);
    }
    return -1;
}

QPointF BreakdownPage::barCenter(int index) const
{
    if (index < 0 || index >= int(m_bars.size()))
        return {};
    const Bar& bar = m_bars[size_t(index)];
    const double y = std::isfinite(bar.value) ? bar.value / 2.0 : 0.0;
    return {plot()->xAxis->coordToPixel(bar.key), plot()->yAxis->coordToPixel(y)};
}

QString BreakdownPage::describeBar(int index) const
{
    const RunSnapshot* current = run();
    if (!current || index < 0 || index >= int(m_bars.size()))
        return {};
    const Bar& bar = m_bars[size_t(index)];
    const QString title = MetricNames::title(m_metric);
    const QString value = std::isfinite(bar.value) ? QString::number(bar.value, 'g', 6) : tr("not computed");
    if (bar.layer >= 0) {
        return tr("%1\nblock %2 · %3\n%4: %5")
            .arg(QString::fromStdString(current->layers[size_t(bar.layer)].name))
            .arg(bar.block)
            .arg(QString::fromStdString(bar.kind), title, value);
    }
    return tr("%1 layers\n%2: %3, mean over %n block(s)", nullptr, bar.count).arg(kindLabel(bar.kind), title, value);
}

void BreakdownPage::activateBar(int index)
{
    const RunSnapshot* current = run();
    if (!current || index < 0 || index >= int(m_bars.size()))
        return;
    const Bar& bar = m_bars[size_t(index)];
    if (bar.layer >= 0) {
        m_selection->setLayer(bar.layer);
        return;
    }
    // A kind's bar: that kind in the block of the selected layer, else its first layer.
    const int block = m_selection->layer() ? m_selection->layer()->block : -1;
    int first = -1;
    for (int i = 0; i < int(current->layers.size()); ++i) {
        const LayerInfo& info = current->layers[size_t(i)];
        if (info.kind != bar.kind)
            continue;
        if (info.block == block) {
            m_selection->setLayer(i);
            return;
        }
        if (first < 0)
            first = i;
    }
    if (first >= 0)
        m_selection->setLayer(first);
}

QString BreakdownPage::toolTipAt(const QPointF& pos) const
{
    return describeBar(barAt(pos));
}

void BreakdownPage::clickedAt(const QPointF& pos)
{
    const int index = barAt(pos);
    if (index >= 0)
        activateBar(index);
}

QString BreakdownPage::csv() const
{
    const RunSnapshot* current = run();
    if (!current || m_metric.empty())
        return {};
    const int checkpoint = m_selection->checkpoint();
    const QString step = checkpoint >= 0 && checkpoint < int(current->checkpoints.size())
        ? QString::number(current->checkpoints[size_t(checkpoint)].step)
        : QString();
    const ConfigSnapshot* source = layerMetricSource(*current, m_selection->configIndex(), m_metric);
    const QString configId = source ? QString::fromStdString(source->results.configId) : QString();
    const QString metric = QString::fromStdString(m_metric);
    QString out = QStringLiteral("section,label,block,kind,config,step,metric,value\n");
    const auto row = [&](const QString& section, const QString& label, const QString& block, const QString& kind,
                         const QString& config, const QString& name, double value) {
        out += QStringList {section, csvField(label), block, csvField(kind), csvField(config), step,
                            name,    csvNumber(value)}
                   .join(QLatin1Char(','))
            + QLatin1Char('\n');
    };
    for (const Bar& bar : m_bars) {
        const QString kind = QString::fromStdString(bar.kind);
        if (bar.layer >= 0)
            row(QStringLiteral("layer"), QString::fromStdString(current->layers[size_t(bar.layer)].name),
                QString::number(bar.block), kind, configId, metric, bar.value);
        else
            row(QStringLiteral("kind"), kind, QString(), kind, configId, metric, bar.value);
    }
    if (m_trio.isValid()) {
        const int members[3] = {m_trio.weightOnly, m_trio.activationOnly, m_trio.both};
        const QStringList labels {QStringLiteral("weight-only"), QStringLiteral("activation-only"),
                                  QStringLiteral("both")};
        for (int m = 0; m < 2; ++m) {
            const QString name = QString::fromStdString(decompositionMetrics()[size_t(m)]);
            for (int t = 0; t < 3; ++t)
                row(QStringLiteral("decomposition"), labels[t], QString(), QString(),
                    QString::fromStdString(current->configs[size_t(members[t])].results.configId), name,
                    m_trioValues[m][t]);
            row(QStringLiteral("decomposition"), QStringLiteral("weight-only + activation-only"), QString(), QString(),
                QString(), name, m_trioValues[m][0] + m_trioValues[m][1]);
        }
    }
    return out;
}

void BreakdownPage::applyColors()
{
    const QPalette colors = stylePalette();
    const Fonts fonts = styleFonts();
    const QColor background = colors.color(QPalette::Base);
    const QColor foreground = colors.color(QPalette::Text);
    applyPlotPalette(plot(), colors);
    plot()->legend->setFont(fonts.tick);
    m_title->setTextColor(foreground);
    m_title->setFont(fonts.title);
    QList<QCPAxis*> axes {plot()->xAxis, plot()->yAxis};
    for (int m = 0; m < 2; ++m) {
        m_trioTitles[m]->setTextColor(foreground);
        m_trioTitles[m]->setFont(fonts.tick);
        styleAxes(m_trioRects[m], colors); // out of the layout while hidden: applyPlotPalette misses them
        axes << m_trioRects[m]->axis(QCPAxis::atBottom) << m_trioRects[m]->axis(QCPAxis::atLeft);
    }
    const bool paper = isPaperStyle();
    for (QCPAxis* axis : axes) {
        axis->setTickLabelFont(fonts.tick);
        axis->setLabelFont(fonts.label);
        if (axis->orientation() == Qt::Vertical) {
            axis->ticker()->setTickCount(!paper ? 5 : axis == plot()->yAxis ? 4 : 3);
            axis->setSubTicks(!paper);
        }
    }
    // A column-wide figure: the decomposition narrower, its bars named in a word each.
    for (int m = 0; m < 2; ++m) {
        m_trioRects[m]->setMinimumSize(paper ? 0 : 210, 0);
        auto ticker = m_trioRects[m]->axis(QCPAxis::atBottom)->ticker().dynamicCast<QCPAxisTickerText>();
        ticker->setTicks(QMap<double, QString> {{0.0, paper ? tr("W") : tr("weight\nonly")},
                                                {1.0, paper ? tr("A") : tr("activation\nonly")},
                                                {2.0, paper ? tr("W+A") : tr("both")}});
    }
    for (QCPAxis* axis :
         {plot()->xAxis, m_trioRects[0]->axis(QCPAxis::atBottom), m_trioRects[1]->axis(QCPAxis::atBottom)})
        axis->grid()->setVisible(false);

    const double barPen = penWidth(1.0, 0.5);
    for (size_t k = 0; k < m_kindBars.size(); ++k) {
        const QColor color = seriesColor(int(k));
        m_kindBars[k]->setBrush(color);
        m_kindBars[k]->setPen(QPen(color.darker(130), barPen));
    }
    const double sumPen = penWidth(1.5, 1.5 * figureStyle().lineWidth);
    const double sumSize = penWidth(11.0, 6.0);
    for (int m = 0; m < 2; ++m) {
        for (int t = 0; t < 3; ++t) {
            m_trioBars[m][t]->setBrush(trioColors[t]);
            m_trioBars[m][t]->setPen(QPen(trioColors[t].darker(130), barPen));
        }
        m_trioSums[m]->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(foreground, sumPen), background, sumSize));
    }
    m_outline->setPen(QPen(foreground, 1.5));
    scheduleReplot();
}

void BreakdownPage::setTrioText(const QString& text)
{
    m_trioText = text;
    m_trioLabel->setToolTip(text);
    m_trioLabel->setText(m_trioLabel->fontMetrics().elidedText(text, Qt::ElideMiddle, m_trioLabel->width()));
}

void BreakdownPage::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    setTrioText(m_trioText); // elided to the label's new width
}

} // namespace qs
