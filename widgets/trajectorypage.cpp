#include "trajectorypage.h"

#include "plotstyle.h"
#include "schedulephases.h"

#include "config.h"
#include "errors.h"

#include "qcp.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace qs {

namespace {

constexpr int replotDelayMs = 40;
const QColor lrColor(0x8c, 0x8c, 0x8c);

struct Point
{
    double x;
    double y;
};

void setSortedData(QCPGraph* graph, std::vector<Point> points)
{
    std::stable_sort(points.begin(), points.end(), [](const Point& a, const Point& b) { return a.x < b.x; });
    QVector<double> keys;
    QVector<double> values;
    keys.reserve(qsizetype(points.size()));
    values.reserve(qsizetype(points.size()));
    for (const Point& p : points) {
        keys.append(p.x);
        values.append(p.y);
    }
    graph->setData(keys, values, true);
}

QCPRange paddedRange(double lo, double hi, bool fromZero, double padding = 0.08)
{
    if (!std::isfinite(lo) || !std::isfinite(hi))
        return QCPRange(0.0, 1.0);
    if (fromZero)
        lo = std::min(lo, 0.0);
    double span = hi - lo;
    if (span <= 0.0)
        span = std::abs(hi) > 0.0 ? std::abs(hi) : 1.0;
    return QCPRange(fromZero && lo >= 0.0 ? lo : lo - padding * span, hi + padding * span);
}

} // namespace

TrajectoryPage::TrajectoryPage(QWidget* parent)
    : QWidget(parent)
{
    auto* controls = new QHBoxLayout;
    controls->setContentsMargins(0, 0, 0, 0);

    m_metricCombo = new QComboBox(this);
    m_metricCombo->setObjectName(QStringLiteral("metricCombo"));
    m_metricCombo->addItem(tr("relative CE"), int(Metric::RelativeCe));
    m_metricCombo->addItem(tr("ΔCE"), int(Metric::DeltaCe));
    m_metricCombo->addItem(tr("KL mean"), int(Metric::KlMean));
    m_metricCombo->addItem(tr("KL p99"), int(Metric::KlP99));
    m_metricCombo->addItem(tr("same top-1 (%)"), int(Metric::Top1Agree));
    m_metricCombo->addItem(tr("mean layer SQNR (dB)"), int(Metric::LayerSqnr));
    m_metricCombo->setToolTip(tr("What the left axis shows for every quantization config: the change of the "
                                 "validation CE, the KL divergence of the quantized next-byte distribution from "
                                 "the full-precision one, the share of bytes whose most likely prediction stays "
                                 "the same, or the layers' output SQNR"));
    auto* metricLabel = new QLabel(tr("&Metric:"), this);
    metricLabel->setBuddy(m_metricCombo);

    m_xCombo = new QComboBox(this);
    m_xCombo->setObjectName(QStringLiteral("xAxisCombo"));
    m_xCombo->addItem(tr("step"));
    m_xCombo->addItem(tr("tokens"));
    auto* xLabel = new QLabel(tr("&X axis:"), this);
    xLabel->setBuddy(m_xCombo);

    m_fpCheck = new QCheckBox(tr("&FP val loss"), this);
    m_fpCheck->setObjectName(QStringLiteral("fpLossCheck"));
    m_fpCheck->setToolTip(tr("Also show the validation loss of the full-precision model"));

    auto* hint = new QLabel(tr("Hover for values, click a checkpoint to inspect its layers, "
                               "wheel to zoom, double-click to reset"),
                            this);
    hint->setEnabled(false);
    hint->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // never widens the window
    hint->setAlignment(Qt::AlignRight | Qt::AlignVCenter);

    controls->addWidget(metricLabel);
    controls->addWidget(m_metricCombo);
    controls->addSpacing(12);
    controls->addWidget(xLabel);
    controls->addWidget(m_xCombo);
    controls->addSpacing(12);
    controls->addWidget(m_fpCheck);
    m_logCheck = new QCheckBox(tr("&Log x"), this);
    m_logCheck->setObjectName(QStringLiteral("logXCheck"));
    m_logCheck->setToolTip(tr("Logarithmic x axis (checkpoint 0 is not drawn)"));
    controls->addWidget(m_logCheck);
    controls->addWidget(hint, 1);

    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("trajectoryPlot"));
    m_plot->setMinimumSize(320, 220);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->setAntialiasedElements(QCP::aeAll);
    m_plot->setNoAntialiasingOnDrag(false);

    m_title = new QCPTextElement(m_plot, QString(), QFont(font().family(), font().pointSize() + 2, QFont::Bold));
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, m_title);

    // Legend in its own row under the axis rect, so it never hides data.
    m_plot->legend->setVisible(true);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->legend->setWrap(5);
    m_plot->legend->setRowSpacing(0);
    m_plot->legend->setColumnSpacing(14);
    // Empty stretching cells left and right keep the legend at its natural width, centred.
    auto* legendRow = m_legendRow = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(2, 0, legendRow);
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    legendRow->addElement(0, 0, new QCPLayoutElement(m_plot));
    legendRow->addElement(0, 1, m_plot->legend);
    legendRow->addElement(0, 2, new QCPLayoutElement(m_plot));
    legendRow->setColumnStretchFactors({1.0, 0.001, 1.0});
    legendRow->setMargins(QMargins(0, 0, 0, 4));
    m_plot->plotLayout()->setRowStretchFactor(2, 0.001);
    m_plot->plotLayout()->setRowSpacing(2);

    m_plot->yAxis2->setVisible(true);
    m_plot->yAxis2->setLabel(tr("learning rate"));
    m_plot->yAxis->setPadding(6);
    m_fpAxis = m_plot->axisRect()->addAxis(QCPAxis::atRight);
    m_fpAxis->setLabel(tr("FP validation loss (nats)"));
    m_fpAxis->setVisible(false);
    m_fpAxis->setOffset(8);

    m_plot->addLayer(QStringLiteral("schedule"), m_plot->layer(QStringLiteral("grid")), QCustomPlot::limAbove);
    m_backLayer = m_plot->layer(QStringLiteral("schedule"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_plot, 1);

    m_replotTimer.setSingleShot(true);
    m_replotTimer.setInterval(replotDelayMs);
    connect(&m_replotTimer, &QTimer::timeout, this, &TrajectoryPage::replotNow);

    connect(m_xCombo, &QComboBox::currentIndexChanged, this,
            [this](int index) { setXAxis(index == 1 ? XAxis::Tokens : XAxis::Step); });
    connect(m_metricCombo, &QComboBox::currentIndexChanged, this,
            [this](int index) { setMetric(Metric(m_metricCombo->itemData(index).toInt())); });
    connect(m_fpCheck, &QCheckBox::toggled, this, &TrajectoryPage::setShowFpLoss);
    connect(m_logCheck, &QCheckBox::toggled, this, &TrajectoryPage::setLogX);
    connect(m_plot, &QCustomPlot::mouseMove, this, &TrajectoryPage::onMouseMove);
    connect(m_plot, &QCustomPlot::mousePress, this, &TrajectoryPage::onMousePress);
    connect(m_plot, &QCustomPlot::mouseRelease, this, &TrajectoryPage::onMouseRelease);
    connect(m_plot, &QCustomPlot::mouseWheel, this, [this] { m_autoRange = false; });
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this] {
        m_autoRange = true;
        rebuild();
    });

    rebuild();
}

TrajectoryPage::~TrajectoryPage() = default;

const RunSnapshot* TrajectoryPage::run() const
{
    if (!m_snapshot || m_runIndex < 0 || m_runIndex >= int(m_snapshot->runs.size()))
        return nullptr;
    return &m_snapshot->runs[size_t(m_runIndex)];
}

void TrajectoryPage::setSnapshot(StoreSnapshotPtr snapshot, int runIndex)
{
    const bool sameRun = m_snapshot && snapshot && m_snapshot->path == snapshot->path && m_runIndex == runIndex
                         && run() && runIndex >= 0 && runIndex < int(snapshot->runs.size())
                         && run()->info.name == snapshot->runs[size_t(runIndex)].info.name;
    m_snapshot = std::move(snapshot);
    m_runIndex = runIndex;
    if (!sameRun) {
        m_autoRange = true;
        m_selected = -1;
    }
    const RunSnapshot* current = run();
    if (current && m_selected >= int(current->checkpoints.size()))
        m_selected = -1;
    rebuild();
}

void TrajectoryPage::setXAxis(XAxis axis)
{
    if (axis == m_xAxis)
        return;
    m_xAxis = axis;
    {
        const QSignalBlocker blocker(m_xCombo);
        m_xCombo->setCurrentIndex(axis == XAxis::Tokens ? 1 : 0);
    }
    m_autoRange = true;
    rebuild();
    Q_EMIT xAxisChanged(axis);
}

void TrajectoryPage::setMetric(Metric metric)
{
    if (metric == m_metric)
        return;
    m_metric = metric;
    {
        const QSignalBlocker blocker(m_metricCombo);
        m_metricCombo->setCurrentIndex(m_metricCombo->findData(int(metric)));
    }
    rebuild();
    Q_EMIT metricChanged(metric);
}

void TrajectoryPage::setLogX(bool on)
{
    if (on == m_logX)
        return;
    m_logX = on;
    {
        const QSignalBlocker block(m_logCheck);
        m_logCheck->setChecked(on);
    }
    m_plot->xAxis->setScaleType(on ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    m_autoRange = true;
    rebuild();
}

void TrajectoryPage::setShowFpLoss(bool show)
{
    if (show == m_showFpLoss)
        return;
    m_showFpLoss = show;
    {
        const QSignalBlocker blocker(m_fpCheck);
        m_fpCheck->setChecked(show);
    }
    rebuild();
}

void TrajectoryPage::selectCheckpoint(int index)
{
    const RunSnapshot* current = run();
    if (!current || index < 0 || index >= int(current->checkpoints.size()) || index == m_selected)
        return;
    m_selected = index;
    updateSelectionMarker();
    scheduleReplot();
    Q_EMIT checkpointSelected(index);
}

double TrajectoryPage::checkpointX(const CheckpointRow& row) const
{
    return m_xAxis == XAxis::Tokens ? double(row.tokens) : double(row.step);
}

double TrajectoryPage::logRowX(const LogRow& row) const
{
    return m_xAxis == XAxis::Tokens ? double(row.tokens) : double(row.step);
}

QCPGraph* TrajectoryPage::configGraph(int configIndex) const
{
    const qsizetype i = m_graphConfigs.indexOf(configIndex);
    return i < 0 ? nullptr : m_configGraphs.at(i);
}

double TrajectoryPage::metricValue(const ConfigSnapshot& config, int checkpoint) const
{
    switch (m_metric) {
    case Metric::RelativeCe:
        return config.modelMetric("rel_ce", checkpoint);
    case Metric::DeltaCe:
        return config.modelMetric("delta_ce", checkpoint);
    case Metric::KlMean:
        return config.modelMetric("kl_mean", checkpoint);
    case Metric::KlP99:
        return config.modelMetric("kl_p99", checkpoint);
    case Metric::Top1Agree:
        return 100.0 * config.modelMetric("top1_agree", checkpoint);
    case Metric::LayerSqnr:
        return config.meanLayerMetric("sqnr_db", checkpoint);
    }
    return qQNaN();
}

namespace {

const std::pair<const char*, TrajectoryPage::Metric> metricsByName[] = {
    {"rel_ce", TrajectoryPage::Metric::RelativeCe}, {"delta_ce", TrajectoryPage::Metric::DeltaCe},
    {"kl_mean", TrajectoryPage::Metric::KlMean},    {"kl_p99", TrajectoryPage::Metric::KlP99},
    {"top1_agree", TrajectoryPage::Metric::Top1Agree}, {"sqnr_db", TrajectoryPage::Metric::LayerSqnr},
};

} // namespace

bool TrajectoryPage::metricFromName(const QString& name, Metric* metric)
{
    for (const auto& [key, value] : metricsByName) {
        if (name == QLatin1String(key)) {
            *metric = value;
            return true;
        }
    }
    return false;
}

QString TrajectoryPage::metricName(Metric metric)
{
    for (const auto& [key, value] : metricsByName) {
        if (value == metric)
            return QString::fromLatin1(key);
    }
    return {};
}

QStringList TrajectoryPage::metricNames()
{
    QStringList names;
    for (const auto& entry : metricsByName)
        names << QString::fromLatin1(entry.first);
    return names;
}

QString TrajectoryPage::metricAxisLabel() const
{
    switch (m_metric) {
    case Metric::RelativeCe:
        break;
    case Metric::DeltaCe:
        return tr("ΔCE = CE(Ŵ) − CE(W) (nats)");
    case Metric::KlMean:
        return tr("KL mean, KL(FP ‖ quantized) (nats per token)");
    case Metric::KlP99:
        return tr("KL p99, KL(FP ‖ quantized) (nats per token)");
    case Metric::Top1Agree:
        return tr("same top-1 as FP (% of tokens)");
    case Metric::LayerSqnr:
        return tr("mean layer SQNR (dB)");
    }
    return tr("relative CE (CE(Ŵ)/CE(W) − 1)");
}

QString TrajectoryPage::metricShortTitle() const
{
    switch (m_metric) {
    case Metric::RelativeCe:
        break;
    case Metric::DeltaCe:
        return tr("ΔCE");
    case Metric::KlMean:
        return tr("KL mean");
    case Metric::KlP99:
        return tr("KL p99");
    case Metric::Top1Agree:
        return tr("same top-1");
    case Metric::LayerSqnr:
        return tr("mean SQNR");
    }
    return tr("rel. CE");
}

QString TrajectoryPage::formatMetricValue(double value) const
{
    if (m_metric == Metric::Top1Agree)
        return tr("%1 %").arg(QString::number(value, 'f', 2));
    if (m_metric == Metric::LayerSqnr)
        return tr("%1 dB").arg(QString::number(value, 'f', 2));
    return QString::number(value, 'g', 5);
}

std::optional<size_t> TrajectoryPage::detectDecayStart(const std::vector<LogRow>& log)
{
    return qs::detectDecayStart(log);
}

std::optional<double> TrajectoryPage::plannedEnd(const RunSnapshot& run) const
{
    if (run.log.empty() || run.info.trainConfigJson.empty())
        return std::nullopt;
    int64_t steps = 0;
    try {
        steps = TrainConfig::fromJson(run.info.trainConfigJson).steps;
    } catch (const Error&) {
        return std::nullopt; // only a range hint: a config this build cannot read changes nothing else
    }
    const LogRow& last = run.log.back();
    if (m_xAxis == XAxis::Step)
        return double(steps);
    if (last.step <= 0)
        return std::nullopt;
    return double(last.tokens) / double(last.step) * double(steps);
}

std::optional<std::pair<double, double>> TrajectoryPage::decayRange() const
{
    const RunSnapshot* current = run();
    if (!current)
        return std::nullopt;
    for (const SchedulePhase& phase : schedulePhases(current->log)) {
        if (phase.kind == SchedulePhase::Kind::Decay)
            return std::make_pair(logRowX(current->log[phase.first]), logRowX(current->log[phase.last]));
    }
    return std::nullopt;
}

QStringList TrajectoryPage::phaseLabels() const
{
    QStringList labels;
    for (const QCPItemText* label : m_phaseLabels)
        labels << label->text();
    return labels;
}

void TrajectoryPage::rebuild()
{
    m_plot->clearGraphs();
    m_plot->clearItems();
    m_configGraphs.clear();
    m_graphConfigs.clear();
    m_lrGraph = nullptr;
    m_fpGraph = nullptr;
    m_phaseRects.clear();
    m_phaseLabels.clear();
    m_phaseKinds.clear();
    m_selectionLine = nullptr;

    const QString xLabel = m_xAxis == XAxis::Tokens ? tr("tokens") : tr("step");
    m_plot->xAxis->setLabel(xLabel);
    if (m_logX)
        m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    else if (m_xAxis == XAxis::Tokens)
        m_plot->xAxis->setTicker(QSharedPointer<CountAxisTicker>::create());
    else
        m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    m_plot->yAxis->setLabel(metricAxisLabel());
    m_fpAxis->setVisible(m_showFpLoss);

    const RunSnapshot* current = run();
    if (!current) {
        m_title->setText(m_snapshot ? tr("This store holds no runs") : tr("No store open"));
        applyColors();
        scheduleReplot();
        return;
    }
    m_title->setText(tr("%1: quantization damage along training").arg(current->name()));

    double xMin = qInf();
    double xMax = -qInf();
    auto extendX = [&](double x) {
        xMin = std::min(xMin, x);
        xMax = std::max(xMax, x);
    };

    // Learning rate: light filled area on the right axis, behind everything else.
    m_lrGraph = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis2);
    m_lrGraph->setLayer(m_backLayer);
    m_lrGraph->setName(tr("learning rate"));
    double lrMax = 0.0;
    {
        std::vector<Point> points;
        points.reserve(current->log.size());
        for (const LogRow& row : current->log) {
            points.push_back({logRowX(row), row.lr});
            extendX(points.back().x);
            lrMax = std::max(lrMax, row.lr);
        }
        setSortedData(m_lrGraph, std::move(points));
    }

    // The metric per config, markers at checkpoints; not-yet-computed checkpoints are left out, and so
    // is the FP reference, which every metric compares against.
    double yMin = qInf();
    double yMax = -qInf();
    for (size_t c = 0; c < current->configs.size(); ++c) {
        const ConfigSnapshot& config = current->configs[c];
        if (config.config.isFullPrecision())
            continue;
        QCPGraph* graph = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis);
        graph->setName(config.label);
        std::vector<Point> points;
        for (size_t i = 0; i < current->checkpoints.size(); ++i) {
            const double value = metricValue(config, int(i));
            const double x = checkpointX(current->checkpoints[i]);
            extendX(x);
            if (!std::isfinite(value))
                continue;
            points.push_back({x, value});
            yMin = std::min(yMin, value);
            yMax = std::max(yMax, value);
        }
        setSortedData(graph, std::move(points));
        m_configGraphs.append(graph);
        m_graphConfigs.append(int(c));
    }

    // FP validation loss: the periodic validation log, or the checkpoints' FP CE when there is none.
    if (m_showFpLoss) {
        m_fpGraph = m_plot->addGraph(m_plot->xAxis, m_fpAxis);
        m_fpGraph->setName(tr("FP val loss"));
        std::vector<Point> points;
        if (!current->validation.empty()) {
            for (const ValRow& row : current->validation) {
                if (std::isfinite(row.valLoss))
                    points.push_back({m_xAxis == XAxis::Tokens ? double(row.tokens) : double(row.step), row.valLoss});
            }
        } else {
            for (const CheckpointRow& row : current->checkpoints) {
                if (std::isfinite(row.fpValCe))
                    points.push_back({checkpointX(row), row.fpValCe});
            }
        }
        double lo = qInf();
        double hi = -qInf();
        for (const Point& p : points) {
            extendX(p.x);
            lo = std::min(lo, p.y);
            hi = std::max(hi, p.y);
        }
        setSortedData(m_fpGraph, std::move(points));
        m_fpAxis->setRange(paddedRange(lo, hi, false, 0.05));
    }

    // Legend: configs first, then the context series.
    m_plot->legend->clearItems();
    for (QCPGraph* graph : std::as_const(m_configGraphs))
        graph->addToLegend();
    m_lrGraph->addToLegend();
    if (m_fpGraph)
        m_fpGraph->addToLegend();

    // The schedule's phases, shaded behind the data: quantization damage is read against them.
    for (const SchedulePhase& phase : schedulePhases(current->log)) {
        const double x0 = logRowX(current->log[phase.first]);
        const double x1 = logRowX(current->log[phase.last]);
        auto* rect = new QCPItemRect(m_plot);
        rect->setLayer(m_backLayer);
        rect->setClipToAxisRect(true);
        for (QCPItemPosition* pos : {rect->topLeft, rect->bottomRight}) {
            pos->setAxes(m_plot->xAxis, m_plot->yAxis);
            pos->setTypeX(QCPItemPosition::ptPlotCoords);
            pos->setTypeY(QCPItemPosition::ptAxisRectRatio);
        }
        rect->topLeft->setCoords(x0, 0.0);
        rect->bottomRight->setCoords(x1, 1.0);
        auto* label = new QCPItemText(m_plot);
        label->setLayer(m_backLayer);
        label->setClipToAxisRect(true);
        label->position->setAxes(m_plot->xAxis, m_plot->yAxis);
        label->position->setTypeX(QCPItemPosition::ptPlotCoords);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords((x0 + x1) / 2.0, 0.0);
        label->setPositionAlignment(Qt::AlignTop | Qt::AlignHCenter);
        label->setPadding(QMargins(2, 4, 2, 2));
        label->setText(phase.kind == SchedulePhase::Kind::Warmup   ? tr("warmup")
                           : phase.kind == SchedulePhase::Kind::Stable ? tr("stable")
                                                                       : tr("LR decay"));
        m_phaseRects << rect;
        m_phaseLabels << label;
        m_phaseKinds << int(phase.kind);
    }

    m_selectionLine = new QCPItemStraightLine(m_plot);
    m_selectionLine->setClipToAxisRect(true);
    m_selectionLine->point1->setAxes(m_plot->xAxis, m_plot->yAxis);
    m_selectionLine->point2->setAxes(m_plot->xAxis, m_plot->yAxis);

    // While a run is still training, keep the x axis at the planned length so the plot fills in
    // instead of rescaling at every reload.
    if (const auto planned = plannedEnd(*current))
        xMax = std::max(xMax, *planned);

    if (m_logX) {
        // A log axis starts at the first positive x (checkpoint 0 and step 0 are not drawable).
        double positive = qInf();
        for (const CheckpointRow& row : current->checkpoints) {
            if (checkpointX(row) > 0.0)
                positive = std::min(positive, checkpointX(row));
        }
        xMin = std::isfinite(positive) ? positive : 1.0;
    }
    if (m_autoRange && m_logX) {
        m_plot->xAxis->setRange(xMin / 1.2, std::max(xMax, xMin) * 1.2);
    } else if (m_autoRange) {
        // A little room at both ends so the first and last markers are not cut by the axes.
        if (xMin <= xMax)
            m_plot->xAxis->setRange(xMin == xMax ? QCPRange(xMin - 1.0, xMax + 1.0)
                                                 : QCPRange(xMin - 0.01 * (xMax - xMin), xMax + 0.01 * (xMax - xMin)));
        else
            m_plot->xAxis->setRange(0.0, 1.0);
    }
    // Damage metrics grow from 0; agreement and SQNR live far from it.
    const bool fromZero = m_metric != Metric::Top1Agree && m_metric != Metric::LayerSqnr;
    m_plot->yAxis->setRange(yMin <= yMax ? paddedRange(yMin, yMax, fromZero) : QCPRange(0.0, 1.0));
    m_plot->yAxis2->setRange(0.0, lrMax > 0.0 ? lrMax * 1.1 : 1.0);

    applyColors();
    updateSelectionMarker();
    scheduleReplot();
}

void TrajectoryPage::applyColors()
{
    applyPlotPalette(m_plot, palette());
    const QColor text = palette().color(QPalette::Text);
    m_title->setTextColor(text);

    QColor lrAxisColor = lrColor.darker(130);
    styleAxis(m_plot->yAxis2, lrAxisColor);
    if (m_lrGraph) {
        QColor fill = lrColor;
        fill.setAlpha(32);
        m_lrGraph->setPen(QPen(lrColor.lighter(115), 1.2));
        m_lrGraph->setBrush(fill);
    }
    for (int i = 0; i < m_configGraphs.size(); ++i) {
        const QColor color = seriesColor(i);
        m_configGraphs[i]->setPen(QPen(color, 2.0, seriesPenStyle(i)));
        m_configGraphs[i]->setScatterStyle(QCPScatterStyle(seriesShape(i), color, palette().color(QPalette::Base), 6));
    }
    if (m_fpGraph) {
        const QColor fpColor = text;
        m_fpGraph->setPen(QPen(fpColor, 1.5, Qt::DashLine));
        styleAxis(m_fpAxis, fpColor);
    }
    for (int i = 0; i < m_phaseRects.size(); ++i) {
        // Decay in vermillion (where damage grows), warmup in sky blue, the stable phase unshaded.
        const auto kind = SchedulePhase::Kind(m_phaseKinds[i]);
        const QColor base = kind == SchedulePhase::Kind::Decay ? QColor(0xD5, 0x5E, 0x00)
            : kind == SchedulePhase::Kind::Warmup              ? QColor(0x56, 0xB4, 0xE9)
                                                               : text;
        QColor shade = base;
        shade.setAlpha(kind == SchedulePhase::Kind::Stable ? 0 : 22);
        m_phaseRects[i]->setPen(Qt::NoPen);
        m_phaseRects[i]->setBrush(shade);
        QColor labelColor = kind == SchedulePhase::Kind::Stable ? text : base.darker(120);
        if (kind == SchedulePhase::Kind::Stable)
            labelColor.setAlpha(140);
        m_phaseLabels[i]->setColor(labelColor);
    }
    if (m_selectionLine) {
        QColor line = text;
        line.setAlpha(150);
        m_selectionLine->setPen(QPen(line, 1.2, Qt::DashDotLine));
    }
}

void TrajectoryPage::updateSelectionMarker()
{
    const RunSnapshot* current = run();
    if (!m_selectionLine)
        return;
    const bool visible = current && m_selected >= 0 && m_selected < int(current->checkpoints.size());
    m_selectionLine->setVisible(visible);
    if (visible) {
        const double x = checkpointX(current->checkpoints[size_t(m_selected)]);
        m_selectionLine->point1->setCoords(x, 0.0);
        m_selectionLine->point2->setCoords(x, 1.0);
    }
}

int TrajectoryPage::checkpointNearPixel(double x, double maxDistance) const
{
    const RunSnapshot* current = run();
    if (!current)
        return -1;
    int best = -1;
    double bestDistance = qInf();
    for (size_t i = 0; i < current->checkpoints.size(); ++i) {
        const double distance = std::abs(m_plot->xAxis->coordToPixel(checkpointX(current->checkpoints[i])) - x);
        if (distance < bestDistance) {
            bestDistance = distance;
            best = int(i);
        }
    }
    if (maxDistance >= 0.0 && bestDistance > maxDistance)
        return -1;
    return best;
}

QString TrajectoryPage::describeCheckpoint(int index) const
{
    const RunSnapshot* current = run();
    if (!current || index < 0 || index >= int(current->checkpoints.size()))
        return {};
    const CheckpointRow& row = current->checkpoints[size_t(index)];
    QStringList lines;
    lines << tr("checkpoint %1: step %2, %3 tokens").arg(index).arg(row.step).arg(formatCount(double(row.tokens)));
    QString fp = std::isfinite(row.fpValCe) ? QString::number(row.fpValCe, 'f', 4) : tr("not measured");
    lines << tr("LR %1, FP val CE %2").arg(QString::number(row.lr, 'g', 4), fp);
    const QString metricTitle = metricShortTitle();
    for (const ConfigSnapshot& config : current->configs) {
        if (config.config.isFullPrecision())
            continue;
        const double value = metricValue(config, index);
        // A done checkpoint without the value: a store written before this metric existed.
        const QString text = std::isfinite(value) ? formatMetricValue(value)
                             : config.isDone(index) ? tr("not in the store")
                                                    : tr("not computed yet");
        lines << tr("%1: %2 %3").arg(config.label, metricTitle, text);
    }
    return lines.join(QLatin1Char('\n'));
}

void TrajectoryPage::onMouseMove(QMouseEvent* event)
{
    if (event->buttons() != Qt::NoButton) {
        m_autoRange = false; // the user drags the x range
        return;
    }
    if (!m_plot->axisRect()->rect().contains(event->pos())) {
        QToolTip::hideText();
        return;
    }
    const int index = checkpointNearPixel(event->pos().x());
    if (index < 0) {
        QToolTip::hideText();
        return;
    }
    QToolTip::showText(event->globalPosition().toPoint(), describeCheckpoint(index), m_plot);
}

void TrajectoryPage::onMousePress(QMouseEvent* event)
{
    m_pressPos = event->pos();
}

void TrajectoryPage::onMouseRelease(QMouseEvent* event)
{
    if (!isClick(m_pressPos, event)
        || !m_plot->axisRect()->rect().contains(event->pos()))
        return;
    const int index = checkpointNearPixel(event->pos().x(), 20.0);
    if (index >= 0)
        selectCheckpoint(index);
}

void TrajectoryPage::scheduleReplot()
{
    if (!m_replotTimer.isActive())
        m_replotTimer.start();
}

void TrajectoryPage::replotNow()
{
    m_replotTimer.stop();
    m_plot->replot();
}

void TrajectoryPage::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) {
        applyColors();
        scheduleReplot();
    }
}

} // namespace qs
