// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/heatmappage.h"

#include "itemmodels/layertablemodel.h"
#include "itemmodels/metricnames.h"
#include "itemmodels/selection.h"
#include "widgets/plot/plotstyle.h"

#include "widgets/plot/qcp.h"

#include "core/common/kinds.h"
#include "core/common/metrics.h"

#include <QCheckBox>
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
const QColor nanGrey(0xC8, 0xC8, 0xC8);

// The smallest of 1, 2, 5, 10, 20, 50, … that is at least `exact`.
double niceIntegerStep(double exact)
{
    double step = 1.0;
    while (step < exact) {
        if (step * 2.0 >= exact)
            return step * 2.0;
        if (step * 5.0 >= exact)
            return step * 5.0;
        step *= 10.0;
    }
    return step;
}

// Ticks only at whole indices, labelled with a text per index (checkpoint steps, row names), as
// dense as the axis length allows labels without overlap.
class IndexTicker : public QCPAxisTicker
{
public:
    explicit IndexTicker(QCPAxis* axis)
        : m_axis(axis)
    {
    }

    void setLabels(QStringList labels) { m_labels = std::move(labels); }
    // Called after each replot: what of the plot's width (height) is not this axis. Ticks are chosen
    // before the layout, so the axis length is estimated from the viewport, which a resize or an
    // export at another size has already set. A figure uses the fixed estimate instead of what the
    // screen measured, so that an export does not depend on what the widget drew before it.
    void setFigure(bool figure) { m_figure = figure; }
    void measureMargin()
    {
        if (m_figure)
            return;
        const bool vertical = m_axis->orientation() == Qt::Vertical;
        const QRect viewport = m_axis->parentPlot()->viewport();
        const QRect rect = m_axis->axisRect()->rect();
        m_margin = vertical ? viewport.height() - rect.height() : viewport.width() - rect.width();
    }

protected:
    double getTickStep(const QCPRange& range) override
    {
        const bool vertical = m_axis->orientation() == Qt::Vertical;
        const QFontMetrics metrics(m_axis->tickLabelFont());
        double labelSize = metrics.height() * 1.05;
        if (!vertical) {
            int widest = 0;
            for (const QString& label : m_labels)
                widest = std::max(widest, metrics.horizontalAdvance(label));
            labelSize = widest + metrics.horizontalAdvance(QStringLiteral("  "));
        }
        const QRect viewport = m_axis->parentPlot()->viewport();
        const double margin =
            m_margin >= 0 && !m_figure ? m_margin : (vertical ? 90.0 : 160.0); // before the first layout
        const double length = std::max((vertical ? viewport.height() : viewport.width()) - margin, 20.0);
        const double fitting = std::max(1.0, std::floor(length / std::max(labelSize, 1.0)));
        return niceIntegerStep(range.size() / fitting);
    }
    int getSubTickCount(double) override { return 0; }
    QString getTickLabel(double tick, const QLocale&, QChar, int) override
    {
        const double index = std::round(tick);
        if (std::abs(tick - index) > 1e-6 || index < 0 || index >= double(m_labels.size()))
            return {};
        return m_labels.at(qsizetype(index));
    }

private:
    QCPAxis* m_axis;
    QStringList m_labels;
    int m_margin = -1;
    bool m_figure = false;
};

} // namespace

void fillLayerMetricCombo(QComboBox* combo, const Selection* selection, std::string& metric)
{
    const RunSnapshot* run = selection ? selection->run() : nullptr;
    const std::vector<std::string> choices =
        run ? layerMetricChoices(*run, selection->configIndex()) : std::vector<std::string>();
    const bool configIsFp = selection && selection->config() && selection->config()->config.isFullPrecision();
    metric = defaultLayerMetric(choices, configIsFp, metric);
    const QSignalBlocker blocker(combo);
    combo->clear();
    for (const std::string& name : choices) {
        QString text = MetricNames::title(name);
        if (isInputStatistic(name) && !configIsFp)
            text = HeatmapPage::tr("%1 (FP reference)").arg(text);
        combo->addItem(text, QString::fromStdString(name));
        combo->setItemData(combo->count() - 1, LayerTableModel::metricDescription(name), Qt::ToolTipRole);
    }
    combo->setCurrentIndex(combo->findData(QString::fromStdString(metric)));
    combo->setEnabled(!choices.empty());
}

QCPColorGradient viridisGradient(const QColor& nanColor)
{
    // Nine samples of matplotlib's viridis; linear RGB interpolation between them stays within a
    // few levels of the original.
    QCPColorGradient gradient;
    gradient.setColorInterpolation(QCPColorGradient::ciRGB);
    gradient.setColorStopAt(0.000, QColor(0x44, 0x01, 0x54));
    gradient.setColorStopAt(0.125, QColor(0x47, 0x2D, 0x7B));
    gradient.setColorStopAt(0.250, QColor(0x3B, 0x52, 0x8B));
    gradient.setColorStopAt(0.375, QColor(0x2C, 0x72, 0x8E));
    gradient.setColorStopAt(0.500, QColor(0x21, 0x91, 0x8C));
    gradient.setColorStopAt(0.625, QColor(0x28, 0xAE, 0x80));
    gradient.setColorStopAt(0.750, QColor(0x5E, 0xC9, 0x62));
    gradient.setColorStopAt(0.875, QColor(0xAD, 0xDC, 0x30));
    gradient.setColorStopAt(1.000, QColor(0xFD, 0xE7, 0x25));
    gradient.setNanHandling(QCPColorGradient::nhNanColor);
    gradient.setNanColor(nanColor);
    return gradient;
}

HeatmapPage::HeatmapPage(Selection* selection, QWidget* parent)
    : PlotPage(parent)
    , m_selection(selection)
{
    m_metricCombo = new QComboBox(this);
    m_metricCombo->setObjectName(QStringLiteral("heatmapMetricCombo"));
    m_metricCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* metricLabel = new QLabel(tr("&Metric:"), this);
    metricLabel->setBuddy(m_metricCombo);

    m_orderCombo = new QComboBox(this);
    m_orderCombo->setObjectName(QStringLiteral("heatmapOrderCombo"));
    m_orderCombo->addItem(tr("by block"), int(RowOrder::ByBlock));
    m_orderCombo->addItem(tr("by module kind"), int(RowOrder::ByKind));
    m_orderCombo->setToolTip(tr("Rows block by block (q k v o gate up down of block 0, then block 1, …), "
                                "or kind by kind (every block's q, then every k, …, FC2 = down last)"));
    auto* orderLabel = new QLabel(tr("&Rows:"), this);
    orderLabel->setBuddy(m_orderCombo);

    m_logCheck = new QCheckBox(tr("&Log colours"), this);
    m_logCheck->setObjectName(QStringLiteral("heatmapLogCheck"));
    m_logCheck->setToolTip(tr("Map colours on a logarithmic scale, for metrics spanning decades such as the "
                              "input kurtosis; cells ≤ 0 are then drawn grey"));

    m_configLabel = new QLabel(this);
    m_configLabel->setObjectName(QStringLiteral("heatmapConfigLabel"));
    m_configLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_configLabel->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_configLabel->setEnabled(false);

    auto* controls = new QHBoxLayout;
    controls->setContentsMargins(0, 0, 0, 0);
    controls->addWidget(metricLabel);
    controls->addWidget(m_metricCombo);
    controls->addSpacing(12);
    controls->addWidget(orderLabel);
    controls->addWidget(m_orderCombo);
    controls->addSpacing(12);
    controls->addWidget(m_logCheck);
    controls->addWidget(m_configLabel, 1);

    plot()->setObjectName(QStringLiteral("heatmapPlot"));
    plot()->setMinimumSize(320, 240);

    m_title = new QCPTextElement(plot(), QString(), QFont(font().family(), font().pointSize() + 2, QFont::Bold));
    plot()->plotLayout()->insertRow(0);
    plot()->plotLayout()->addElement(0, 0, m_title);
    setScreenOnly(m_title);

    // Row 1: the cells and their colour scale, in a grid of their own so the title spans both.
    QCPAxisRect* rect = plot()->axisRect();
    auto* content = new QCPLayoutGrid;
    plot()->plotLayout()->take(rect);
    plot()->plotLayout()->addElement(1, 0, content);
    content->addElement(0, 0, rect);
    m_scale = new QCPColorScale(plot());
    m_scale->setType(QCPAxis::atRight);
    m_scale->setBarWidth(14);
    content->addElement(0, 1, m_scale);
    auto* margins = new QCPMarginGroup(plot());
    rect->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, margins);

    for (QCPAxis* axis : {plot()->xAxis, plot()->yAxis}) {
        axis->grid()->setVisible(false);
        axis->setSubTicks(false);
        axis->setTickLengthIn(0);
        axis->setTickLengthOut(3);
    }
    plot()->xAxis->setLabel(tr("checkpoint (training step)"));
    plot()->yAxis->setLabel(tr("layer (block·kind)"));
    plot()->yAxis->setRangeReversed(true); // first row on top
    auto xTicker = QSharedPointer<IndexTicker>::create(plot()->xAxis);
    plot()->xAxis->setTicker(xTicker);
    auto yTicker = QSharedPointer<IndexTicker>::create(plot()->yAxis);
    plot()->yAxis->setTicker(yTicker);

    m_map = new QCPColorMap(plot()->xAxis, plot()->yAxis);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    m_map->setColorScale(m_scale);
    m_map->setGradient(viridisGradient(nanGrey));

    // The selected cell: a light outline inside a dark halo, visible on every viridis colour.
    m_outlineHalo = new QCPItemRect(plot());
    m_outline = new QCPItemRect(plot());
    for (QCPItemRect* item : {m_outlineHalo, m_outline}) {
        item->setClipToAxisRect(true);
        item->setBrush(Qt::NoBrush);
        item->setSelectable(false);
        item->setVisible(false);
    }

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(plot(), 1);

    connect(plot(), &QCustomPlot::afterReplot, this, [xTicker, yTicker] {
        xTicker->measureMargin();
        yTicker->measureMargin();
    });

    connect(m_metricCombo, &QComboBox::activated, this,
            [this](int index) { setMetric(m_metricCombo->itemData(index).toString()); });
    connect(m_orderCombo, &QComboBox::activated, this,
            [this](int index) { setRowOrder(RowOrder(m_orderCombo->itemData(index).toInt())); });
    connect(m_logCheck, &QCheckBox::clicked, this, &HeatmapPage::setLogColor);

    if (m_selection) {
        connect(m_selection, &Selection::snapshotChanged, this, &HeatmapPage::rebuild);
        connect(m_selection, &Selection::runChanged, this, [this] {
            if (run() != m_builtRun)
                rebuild();
        });
        connect(m_selection, &Selection::configChanged, this, [this](int index) {
            if (run() == m_builtRun && index == m_filledConfig)
                return;
            fillLayerMetricCombo(m_metricCombo, m_selection, m_metric);
            refreshData();
        });
        connect(m_selection, &Selection::checkpointChanged, this, &HeatmapPage::updateOutline);
        connect(m_selection, &Selection::layerChanged, this, &HeatmapPage::updateOutline);
    }
    rebuild();
}

HeatmapPage::~HeatmapPage() = default;

QCustomPlot* HeatmapPage::figurePlot() const
{
    return run() ? plot() : nullptr;
}

const RunSnapshot* HeatmapPage::run() const
{
    return m_selection ? m_selection->run() : nullptr;
}

void HeatmapPage::setRowOrder(RowOrder order)
{
    if (order == m_rowOrder)
        return;
    m_rowOrder = order;
    m_orderCombo->setCurrentIndex(m_orderCombo->findData(int(order)));
    rebuild();
}

bool HeatmapPage::setMetric(const QString& metric)
{
    const std::string name = metric.toStdString();
    const RunSnapshot* current = run();
    if (!current)
        return false;
    const std::vector<std::string> choices = layerMetricChoices(*current, m_selection->configIndex());
    if (std::find(choices.begin(), choices.end(), name) == choices.end())
        return false;
    if (name != m_metric) {
        m_metric = name;
        m_metricCombo->setCurrentIndex(m_metricCombo->findData(metric));
        refreshData();
    }
    return true;
}

QStringList HeatmapPage::availableMetrics() const
{
    QStringList names;
    if (const RunSnapshot* current = run()) {
        for (const std::string& name : layerMetricChoices(*current, m_selection->configIndex()))
            names << QString::fromStdString(name);
    }
    return names;
}

void HeatmapPage::setLogColor(bool on)
{
    m_logChosen = true;
    m_logCheck->setChecked(on);
    if (on == m_logColor)
        return;
    m_logColor = on;
    refreshData();
}

int HeatmapPage::rowOfLayer(int layer) const
{
    return layer >= 0 && layer < int(m_layerRows.size()) ? m_layerRows[size_t(layer)] : -1;
}

int HeatmapPage::layerAtRow(int row) const
{
    return row >= 0 && row < int(m_rowLayers.size()) ? m_rowLayers[size_t(row)] : -1;
}

QPointF HeatmapPage::cellCenter(int checkpoint, int layer) const
{
    return {plot()->xAxis->coordToPixel(checkpoint), plot()->yAxis->coordToPixel(rowOfLayer(layer))};
}

bool HeatmapPage::cellAt(const QPointF& pos, int* checkpoint, int* layer) const
{
    const RunSnapshot* current = run();
    if (!current || !plot()->axisRect()->rect().contains(pos.toPoint()))
        return false;
    const double k = std::round(plot()->xAxis->pixelToCoord(pos.x()));
    const double r = std::round(plot()->yAxis->pixelToCoord(pos.y()));
    if (k < 0 || k >= double(current->checkpoints.size()) || r < 0 || r >= double(m_rowLayers.size()))
        return false;
    *checkpoint = int(k);
    *layer = layerAtRow(int(r));
    return true;
}

const std::vector<std::vector<double>>* HeatmapPage::shownMatrix(const ConfigSnapshot** source) const
{
    *source = nullptr;
    const RunSnapshot* current = run();
    if (!current)
        return nullptr;
    *source = layerMetricSource(*current, m_selection->configIndex(), m_metric);
    if (!*source)
        return nullptr;
    const auto it = (*source)->results.layers.find(m_metric);
    return it == (*source)->results.layers.end() ? nullptr : &it->second;
}

namespace {

double cellValue(const ConfigSnapshot* source, const std::vector<std::vector<double>>* matrix, int checkpoint,
                 int layer)
{
    if (!matrix || !source->isDone(checkpoint) || checkpoint < 0 || checkpoint >= int(matrix->size()))
        return qQNaN();
    const std::vector<double>& row = (*matrix)[size_t(checkpoint)];
    return layer >= 0 && layer < int(row.size()) ? row[size_t(layer)] : qQNaN();
}

} // namespace

double HeatmapPage::value(int checkpoint, int layer) const
{
    const ConfigSnapshot* source = nullptr;
    const std::vector<std::vector<double>>* matrix = shownMatrix(&source);
    return cellValue(source, matrix, checkpoint, layer);
}

QString HeatmapPage::describeCell(int checkpoint, int layer) const
{
    const RunSnapshot* current = run();
    if (!current || checkpoint < 0 || checkpoint >= int(current->checkpoints.size()) || layer < 0
        || layer >= int(current->layers.size()))
        return {};
    const LayerInfo& info = current->layers[size_t(layer)];
    const ConfigSnapshot* source = layerMetricSource(*current, m_selection->configIndex(), m_metric);
    QStringList lines;
    lines << QString::fromStdString(info.name);
    lines << tr("block %1 · %2 · checkpoint %3, step %4")
                 .arg(info.block)
                 .arg(QString::fromStdString(info.kind))
                 .arg(checkpoint)
                 .arg(current->checkpoints[size_t(checkpoint)].step);
    const QString title = MetricNames::title(m_metric);
    const double v = value(checkpoint, layer);
    if (!source) {
        lines << tr("%1: not available, the run has no full-precision reference (config \"fp\")").arg(title);
    } else if (!source->isDone(checkpoint)) {
        lines << tr("%1: not computed, checkpoint %2 has not been swept with %3 yet")
                     .arg(title)
                     .arg(checkpoint)
                     .arg(source->label);
    } else if (std::isnan(v)) {
        lines << tr("%1: no value, %2 leaves this layer in full precision or the metric does not apply to it")
                     .arg(title, source->label);
    } else {
        lines << tr("%1: %2").arg(title, QString::number(v, 'g', 6));
        if (m_logColor && v <= 0.0)
            lines << tr("(≤ 0: drawn grey on the log colour scale)");
    }
    if (source && isInputStatistic(m_metric))
        lines << tr("(measured on the full-precision model's inputs)");
    return lines.join(QLatin1Char('\n'));
}

void HeatmapPage::selectCell(int checkpoint, int layer)
{
    if (!m_selection)
        return;
    m_selection->setLayer(layer);
    m_selection->setCheckpoint(checkpoint);
}

void HeatmapPage::figureStyleChanged()
{
    for (QCPAxis* axis : {plot()->xAxis, plot()->yAxis})
        static_cast<IndexTicker*>(axis->ticker().data())->setFigure(isPaperStyle());
    updateOutline();
}

void HeatmapPage::rebuild()
{
    m_builtRun = run();
    for (QCPItemStraightLine* line : m_separators)
        plot()->removeItem(line);
    m_separators.clear();
    m_rowLayers.clear();
    m_layerRows.clear();

    const RunSnapshot* current = run();
    const int nLayers = current ? int(current->layers.size()) : 0;
    const int nCheckpoints = current ? int(current->checkpoints.size()) : 0;
    if (current) {
        for (int i = 0; i < nLayers; ++i)
            m_rowLayers.push_back(i);
        const auto key = [&](int i) {
            const LayerInfo& l = current->layers[size_t(i)];
            const int kind = layerKindOrder(l.kind);
            return m_rowOrder == RowOrder::ByBlock ? std::tuple(l.block, kind, i) : std::tuple(kind, l.block, i);
        };
        std::sort(m_rowLayers.begin(), m_rowLayers.end(), [&](int a, int b) { return key(a) < key(b); });
        m_layerRows.assign(size_t(nLayers), -1);
        for (int r = 0; r < nLayers; ++r)
            m_layerRows[size_t(m_rowLayers[size_t(r)])] = r;

        // A thin line wherever the group (block, or kind) changes between two rows.
        for (int r = 1; r < nLayers; ++r) {
            const LayerInfo& a = current->layers[size_t(m_rowLayers[size_t(r - 1)])];
            const LayerInfo& b = current->layers[size_t(m_rowLayers[size_t(r)])];
            const bool boundary = m_rowOrder == RowOrder::ByBlock ? a.block != b.block : a.kind != b.kind;
            if (!boundary)
                continue;
            auto* line = new QCPItemStraightLine(plot());
            line->setClipToAxisRect(true);
            line->setSelectable(false);
            line->point1->setCoords(0.0, r - 0.5);
            line->point2->setCoords(1.0, r - 0.5);
            m_separators.push_back(line);
        }
    }

    QStringList rowLabels;
    for (int layer : m_rowLayers) {
        const LayerInfo& l = current->layers[size_t(layer)];
        rowLabels << QStringLiteral("%1·%2").arg(l.block).arg(QString::fromStdString(l.kind));
    }
    QStringList stepLabels;
    for (int k = 0; k < nCheckpoints; ++k)
        stepLabels << QString::number(current->checkpoints[size_t(k)].step);
    static_cast<IndexTicker*>(plot()->yAxis->ticker().data())->setLabels(rowLabels);
    static_cast<IndexTicker*>(plot()->xAxis->ticker().data())->setLabels(stepLabels);

    // Cell (k, r) centred on integer coordinates; the axes show whole cells. QCustomPlot cannot draw
    // a map one cell wide, so a single column (or row) is held twice, each copy half a cell wide.
    const auto extent = [](int n) { return n > 1 ? QCPRange(0.0, n - 1.0) : QCPRange(-0.25, 0.25); };
    m_map->data()->setSize(std::max(nCheckpoints, 2), std::max(nLayers, 2));
    m_map->data()->setRange(extent(nCheckpoints), extent(nLayers));
    m_map->data()->fill(nan);
    m_map->setVisible(nCheckpoints > 0 && nLayers > 0);
    plot()->xAxis->setRange(-0.5, std::max(nCheckpoints, 1) - 0.5);
    plot()->yAxis->setRange(-0.5, std::max(nLayers, 1) - 0.5);

    fillLayerMetricCombo(m_metricCombo, m_selection, m_metric);
    refreshData();
    applyColors();
}

void HeatmapPage::refreshData()
{
    const RunSnapshot* current = run();
    m_filledConfig = m_selection ? m_selection->configIndex() : -1;
    const ConfigSnapshot* source = nullptr;
    const std::vector<std::vector<double>>* matrix = shownMatrix(&source);
    const auto value = [&](int k, int l) { return cellValue(source, matrix, k, l); };
    if (current && !m_logChosen) {
        // Until the user decides, metrics spanning more than two decades get log colours.
        double lo = qInf();
        double hi = -qInf();
        bool positive = true;
        for (int k = 0; k < int(current->checkpoints.size()); ++k) {
            for (int l = 0; l < int(current->layers.size()); ++l) {
                const double v = value(k, l);
                if (std::isnan(v))
                    continue;
                positive = positive && v > 0.0;
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
        }
        m_logColor = positive && lo <= hi && hi > 100.0 * lo;
        m_logCheck->setChecked(m_logColor);
    }

    double lo = qInf();
    double hi = -qInf();
    for (int r = 0; r < int(m_rowLayers.size()); ++r) {
        for (int k = 0; current && k < int(current->checkpoints.size()); ++k) {
            double v = value(k, m_rowLayers[size_t(r)]);
            if (m_logColor && v <= 0.0)
                v = nan;
            setMapCell(k, r, v);
            if (std::isfinite(v)) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
        }
    }
    QCPRange range(0.0, 1.0);
    if (lo <= hi) {
        range = QCPRange(lo, hi);
        if (lo == hi)
            range = m_logColor
                ? QCPRange(lo / 2.0, hi * 2.0)
                : QCPRange(lo - std::max(std::abs(lo) * 0.5, 1e-12), hi + std::max(std::abs(hi) * 0.5, 1e-12));
    } else if (m_logColor) {
        range = QCPRange(1.0, 10.0);
    }
    m_map->setDataScaleType(m_logColor ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    m_scale->axis()->setTicker(m_logColor ? QSharedPointer<QCPAxisTicker>(QSharedPointer<QCPAxisTickerLog>::create())
                                          : QSharedPointer<QCPAxisTicker>::create());
    m_map->setDataRange(range);
    QString label = m_metric.empty() ? QString() : MetricNames::title(m_metric);
    if (m_logColor && !label.isEmpty())
        label = tr("%1, log scale").arg(label);
    m_scale->axis()->setLabel(label);
    m_scale->setVisible(!m_metric.empty());

    updateTitle();
    updateOutline();
}

void HeatmapPage::setMapCell(int checkpoint, int row, double value)
{
    const RunSnapshot* current = run();
    const bool oneColumn = current && current->checkpoints.size() == 1;
    const bool oneRow = m_rowLayers.size() == 1;
    for (int k = checkpoint; k <= (oneColumn ? 1 : checkpoint); ++k) {
        for (int r = row; r <= (oneRow ? 1 : row); ++r)
            m_map->data()->setCell(k, r, value);
    }
}

void HeatmapPage::updateTitle()
{
    const RunSnapshot* current = run();
    const ConfigSnapshot* config = m_selection ? m_selection->config() : nullptr;
    if (!current) {
        setWrappedText(m_title,
                       m_selection && m_selection->snapshot() ? tr("This store holds no runs") : tr("No store open"));
        m_configLabel->clear();
        return;
    }
    const QString title = m_metric.empty() ? tr("no per-layer metrics") : MetricNames::title(m_metric);
    const bool fromFp = isInputStatistic(m_metric);
    const QString configText = fromFp ? tr("full-precision model") : config ? config->label : tr("no config");
    setWrappedText(m_title, tr("%1: %2 per layer, %3").arg(current->name(), title, configText));
    m_configLabel->setText(config ? tr("config: %1").arg(config->label) : QString());
}

void HeatmapPage::updateOutline()
{
    const RunSnapshot* current = run();
    const int k = m_selection ? m_selection->checkpoint() : -1;
    const int r = m_selection ? rowOfLayer(m_selection->layerIndex()) : -1;
    const bool visible = current && !isPaperStyle() && k >= 0 && k < int(current->checkpoints.size()) && r >= 0;
    for (QCPItemRect* item : {m_outlineHalo, m_outline}) {
        item->setVisible(visible);
        if (visible) {
            item->topLeft->setCoords(k - 0.5, r - 0.5);
            item->bottomRight->setCoords(k + 0.5, r + 0.5);
        }
    }
    scheduleReplot();
}

void HeatmapPage::applyColors()
{
    const QPalette colors = stylePalette();
    const Fonts fonts = styleFonts();
    const QColor background = colors.color(QPalette::Base);
    const QColor foreground = colors.color(QPalette::Text);
    applyPlotPalette(plot(), colors);
    styleAxis(m_scale->axis(), foreground);
    m_title->setTextColor(foreground);
    m_title->setFont(fonts.title);
    for (QCPAxis* axis : {plot()->xAxis, plot()->yAxis, m_scale->axis()}) {
        axis->setTickLabelFont(fonts.tick);
        axis->setLabelFont(fonts.label);
        axis->grid()->setVisible(false);
    }
    m_scale->setBarWidth(qRound(penWidth(14.0, 7.0)));
    m_scale->axis()->ticker()->setTickCount(isPaperStyle() ? 4 : 5);
    // NaN cells: the grey of "no data", a touch darker on a dark background.
    const QColor grey = background.lightness() < 128 ? QColor(0x60, 0x60, 0x60) : nanGrey;
    m_map->setGradient(viridisGradient(grey));
    const double width = penWidth(1.5, figureStyle().lineWidth);
    for (QCPItemStraightLine* line : m_separators)
        line->setPen(QPen(background, width));
    m_outlineHalo->setPen(QPen(QColor(0, 0, 0), 4.0));
    m_outline->setPen(QPen(QColor(255, 255, 255), 1.6));
    scheduleReplot();
}

QString HeatmapPage::toolTipAt(const QPointF& pos) const
{
    int k = -1;
    int layer = -1;
    return cellAt(pos, &k, &layer) ? describeCell(k, layer) : QString();
}

void HeatmapPage::clickedAt(const QPointF& pos)
{
    int k = -1;
    int layer = -1;
    if (cellAt(pos, &k, &layer))
        selectCell(k, layer);
}

QString HeatmapPage::csv() const
{
    const RunSnapshot* current = run();
    if (!current || m_metric.empty())
        return {};
    QStringList header {QStringLiteral("layer"), QStringLiteral("block"), QStringLiteral("kind")};
    for (const CheckpointRow& row : current->checkpoints)
        header << QStringLiteral("step_%1").arg(row.step);
    QString out = header.join(QLatin1Char(',')) + QLatin1Char('\n');
    for (int layer : m_rowLayers) {
        const LayerInfo& info = current->layers[size_t(layer)];
        QStringList fields {csvField(QString::fromStdString(info.name)), QString::number(info.block),
                            csvField(QString::fromStdString(info.kind))};
        for (int k = 0; k < int(current->checkpoints.size()); ++k)
            fields << csvNumber(value(k, layer));
        out += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return out;
}

} // namespace qs
