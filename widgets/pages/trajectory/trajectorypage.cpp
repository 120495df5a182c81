#include "widgets/pages/trajectory/trajectorypage.h"

#include "models/metricnames.h"
#include "models/selection.h"
#include "widgets/plot/plotstyle.h"

#include "widgets/plot/qcp.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace qs {

namespace {

using Point = TrajectoryPoint;

// Sets `graph`'s data sorted by x; returns the points' checkpoints in that order.
std::vector<int> setSortedData(QCPGraph* graph, std::vector<Point> points)
{
    std::stable_sort(points.begin(), points.end(), [](const Point& a, const Point& b) { return a.x < b.x; });
    QVector<double> keys;
    QVector<double> values;
    std::vector<int> checkpoints;
    keys.reserve(qsizetype(points.size()));
    values.reserve(qsizetype(points.size()));
    for (const Point& p : points) {
        keys.append(p.x);
        values.append(p.y);
        checkpoints.push_back(p.checkpoint);
    }
    graph->setData(keys, values, true);
    return checkpoints;
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

TrajectoryPage::TrajectoryPage(Selection* selection, QWidget* parent)
    : PlotPage(parent)
    , m_selection(selection)
{
    auto* controls = new QHBoxLayout;
    controls->setContentsMargins(0, 0, 0, 0);

    m_metricCombo = new QComboBox(this);
    m_metricCombo->setObjectName(QStringLiteral("metricCombo"));
    for (const Metric metric : {Metric::RelativeCe, Metric::DeltaCe, Metric::KlMean, Metric::KlP99})
        m_metricCombo->addItem(MetricNames::shortTitle(trajectoryMetricName(metric)), int(metric));
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
    m_xCombo->addItem(tr("checkpoint order"));
    auto* xLabel = new QLabel(tr("&X axis:"), this);
    xLabel->setBuddy(m_xCombo);

    m_fpCheck = new QCheckBox(tr("&FP val loss"), this);
    m_fpCheck->setObjectName(QStringLiteral("fpLossCheck"));
    m_fpCheck->setToolTip(tr("Also show the validation loss of the full-precision model"));

    m_logCheck = new QCheckBox(tr("&Log x"), this);
    m_logCheck->setObjectName(QStringLiteral("logXCheck"));
    m_logCheck->setToolTip(tr("Logarithmic x axis (checkpoint 0 is not drawn)"));

    m_branchCheck = new QCheckBox(tr("&Branches"), this);
    m_branchCheck->setObjectName(QStringLiteral("branchCheck"));
    m_branchCheck->setToolTip(tr("Also draw the run's family: the run it branched or was averaged from, and the "
                                 "cooldown branches and averaged runs made from it"));
    m_branchCheck->setChecked(true);
    m_branchCheck->setVisible(false); // while no run of the store has a parent

    m_runsButton = new QToolButton(this);
    m_runsButton->setObjectName(QStringLiteral("runsButton"));
    m_runsButton->setText(tr("&Runs"));
    m_runsButton->setToolTip(tr("Overlay other runs of the store: every run gets its own line style and marker, "
                                "every config keeps its colour"));
    m_runsButton->setPopupMode(QToolButton::InstantPopup);
    m_runsButton->setMenu(new QMenu(m_runsButton));
    m_runsButton->setVisible(false); // while the store holds one run
    connect(m_runsButton->menu(), &QMenu::aboutToShow, this, &TrajectoryPage::fillRunsMenu);

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
    controls->addWidget(m_logCheck);
    controls->addSpacing(12);
    controls->addWidget(m_branchCheck);
    controls->addWidget(m_runsButton);
    controls->addWidget(hint, 1);

    QCustomPlot* customPlot = plot();
    customPlot->setObjectName(QStringLiteral("trajectoryPlot"));
    customPlot->setMinimumSize(320, 220);
    customPlot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    customPlot->axisRect()->setRangeDrag(Qt::Horizontal);
    customPlot->axisRect()->setRangeZoom(Qt::Horizontal);
    customPlot->setAntialiasedElements(QCP::aeAll);
    customPlot->setNoAntialiasingOnDrag(false);

    m_title = new QCPTextElement(customPlot, QString(), QFont(font().family(), font().pointSize() + 2, QFont::Bold));
    customPlot->plotLayout()->insertRow(0);
    customPlot->plotLayout()->addElement(0, 0, m_title);
    setScreenOnly(m_title);

    // Legend in its own row under the axis rect, so it never hides data; empty stretching cells left
    // and right keep it at its natural width, centred.
    customPlot->legend->setRowSpacing(0);
    customPlot->legend->setColumnSpacing(14);
    auto* legendRow = new QCPLayoutGrid;
    customPlot->plotLayout()->addElement(2, 0, legendRow);
    legendRow->addElement(0, 0, new QCPLayoutElement(customPlot));
    legendRow->addElement(0, 2, new QCPLayoutElement(customPlot));
    legendRow->setColumnStretchFactors({1.0, 0.001, 1.0});
    legendRow->setMargins(QMargins(0, 0, 0, 4));
    customPlot->plotLayout()->setRowStretchFactor(2, 0.001);
    customPlot->plotLayout()->setRowSpacing(2);
    setLegendPlaces(legendRow, 2, customPlot->axisRect(), 5);

    customPlot->yAxis2->setVisible(true);
    customPlot->yAxis2->setLabel(tr("learning rate"));
    customPlot->yAxis->setPadding(6);
    m_fpAxis = customPlot->axisRect()->addAxis(QCPAxis::atRight);
    m_fpAxis->setLabel(tr("FP validation loss (nats)"));
    m_fpAxis->setVisible(false);
    m_fpAxis->setOffset(8);

    customPlot->addLayer(QStringLiteral("schedule"), customPlot->layer(QStringLiteral("grid")), QCustomPlot::limAbove);
    m_backLayer = customPlot->layer(QStringLiteral("schedule"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(customPlot, 1);

    connect(m_xCombo, &QComboBox::currentIndexChanged, this, [this](int index) { setXAxis(XAxis(index)); });
    connect(m_metricCombo, &QComboBox::currentIndexChanged, this,
            [this](int index) { setMetric(Metric(m_metricCombo->itemData(index).toInt())); });
    connect(m_fpCheck, &QCheckBox::toggled, this, &TrajectoryPage::setShowFpLoss);
    connect(m_logCheck, &QCheckBox::toggled, this, &TrajectoryPage::setLogX);
    connect(m_branchCheck, &QCheckBox::toggled, this, &TrajectoryPage::setShowBranches);
    connect(customPlot, &QCustomPlot::mouseWheel, this, [this] { m_autoRange = false; });
    connect(customPlot, &QCustomPlot::mouseDoubleClick, this, [this] {
        m_autoRange = true;
        rebuild();
    });

    if (m_selection) {
        connect(m_selection, &Selection::snapshotChanged, this, &TrajectoryPage::followSelection);
        connect(m_selection, &Selection::runChanged, this, &TrajectoryPage::followSelection);
        connect(m_selection, &Selection::checkpointChanged, this, &TrajectoryPage::selectCheckpoint);
    }
    rebuild();
    if (m_selection)
        followSelection();
}

TrajectoryPage::~TrajectoryPage() = default;

void TrajectoryPage::followSelection()
{
    setSnapshot(m_selection->snapshot(), m_selection->runIndex());
    selectCheckpoint(m_selection->checkpoint());
}

const RunSnapshot* TrajectoryPage::runAt(int runIndex) const
{
    if (!m_snapshot || runIndex < 0 || runIndex >= int(m_snapshot->runs.size()))
        return nullptr;
    return &m_snapshot->runs[size_t(runIndex)];
}

const RunSnapshot* TrajectoryPage::run() const
{
    return runAt(m_runIndex);
}

void TrajectoryPage::setSnapshot(StoreSnapshotPtr snapshot, int runIndex)
{
    if (snapshot == m_snapshot && runIndex == m_runIndex)
        return; // snapshots are immutable: nothing changed
    const RunSnapshot* before = run();
    const bool sameStore = m_snapshot && snapshot && m_snapshot->path == snapshot->path;
    const RunSnapshot* next = snapshot && runIndex >= 0 && runIndex < int(snapshot->runs.size())
        ? &snapshot->runs[size_t(runIndex)]
        : nullptr;
    const bool sameRun = sameStore && before && next && before->info.name == next->info.name;
    // A reload, or an overlaid run becoming the shown one: the user's zoom stays.
    const bool wasDrawn = sameStore && next && (sameRun || m_overlays.contains(next->name()));
    m_snapshot = std::move(snapshot);
    m_runIndex = runIndex;
    if (!wasDrawn)
        m_autoRange = true;
    if (!sameRun)
        m_selected = -1;
    const RunSnapshot* current = run();
    if (current && m_selected >= int(current->checkpoints.size()))
        m_selected = -1;
    m_layouts.clear();
    if (m_snapshot) {
        for (const RunSnapshot& r : m_snapshot->runs)
            m_layouts.push_back(layoutStages(r.checkpoints));
    }
    // A multi-stage run is read along its tokens when every checkpoint says them.
    const StageLayout* layout = stageLayout(m_runIndex);
    const bool toTokens = !sameRun && layout && layout->multiStage() && m_xAxis != XAxis::Tokens
        && std::all_of(current->checkpoints.begin(), current->checkpoints.end(),
                       [](const CheckpointRow& row) { return row.tokens > 0; });
    if (toTokens) {
        m_xAxis = XAxis::Tokens;
        const QSignalBlocker blocker(m_xCombo);
        m_xCombo->setCurrentIndex(int(m_xAxis));
    }
    rebuild();
    if (toTokens)
        Q_EMIT xAxisChanged(m_xAxis);
}

const StageLayout* TrajectoryPage::stageLayout(int runIndex) const
{
    return runIndex >= 0 && runIndex < int(m_layouts.size()) ? &m_layouts[size_t(runIndex)] : nullptr;
}

void TrajectoryPage::setXAxis(XAxis axis)
{
    if (axis == m_xAxis)
        return;
    m_xAxis = axis;
    {
        const QSignalBlocker blocker(m_xCombo);
        m_xCombo->setCurrentIndex(int(axis));
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
    plot()->xAxis->setScaleType(on ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
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

double TrajectoryPage::checkpointX(int runIndex, int checkpoint) const
{
    const StageLayout* layout = stageLayout(runIndex);
    const TrajectoryAxis axis = m_xAxis == XAxis::Tokens ? TrajectoryAxis::Tokens
        : m_xAxis == XAxis::Order                        ? TrajectoryAxis::Order
                                                         : TrajectoryAxis::Step;
    return layout && checkpoint >= 0 && checkpoint < int(layout->segmentOf.size()) ? layout->x(axis, checkpoint)
                                                                                   : qQNaN();
}

std::vector<std::vector<Point>> TrajectoryPage::segmentPoints(int runIndex,
                                                              const std::function<double(int)>& value) const
{
    const StageLayout* layout = stageLayout(runIndex);
    std::vector<std::vector<Point>> out(layout ? layout->segments.size() : 0);
    for (size_t s = 0; s < out.size(); ++s) {
        const StageSegment& segment = layout->segments[s];
        std::vector<int> members;
        if (segment.parent >= 0) {
            // The parent's checkpoint furthest along: the line leaves the parent's there.
            int join = -1;
            for (const int c : layout->segments[size_t(segment.parent)].checkpoints) {
                if (join < 0 || checkpointX(runIndex, c) >= checkpointX(runIndex, join))
                    join = c;
            }
            if (join >= 0)
                members.push_back(join);
        }
        members.insert(members.end(), segment.checkpoints.begin(), segment.checkpoints.end());
        for (const int c : members) {
            const double y = value(c);
            if (std::isfinite(y))
                out[s].push_back({checkpointX(runIndex, c), y, c});
        }
    }
    return out;
}

double TrajectoryPage::logRowX(const LogRow& row) const
{
    return m_xAxis == XAxis::Tokens ? double(row.tokens) : double(row.step);
}

void TrajectoryPage::rebuild()
{
    QCustomPlot* customPlot = plot();
    customPlot->clearGraphs();
    customPlot->clearItems();
    m_runGraphs.clear();
    m_colorIds.clear();
    m_fpGraph = nullptr;
    m_trainLossGraph = nullptr;
    m_phaseRects.clear();
    m_phaseLabels.clear();
    m_phaseKinds.clear();
    m_fpStageGraphs.clear();
    m_laneKeys.clear();
    m_selectionLine = nullptr;

    const StageLayout* layout = stageLayout(m_runIndex);
    const bool stages = layout && layout->multiStage();
    if (m_xAxis == XAxis::Order)
        customPlot->xAxis->setLabel(tr("checkpoint (in training order)"));
    else if (stages)
        customPlot->xAxis->setLabel(m_xAxis == XAxis::Tokens ? tr("tokens (summed over the stages)")
                                                             : tr("step (summed over the stages)"));
    else
        customPlot->xAxis->setLabel(m_xAxis == XAxis::Tokens ? tr("tokens") : tr("step"));
    if (m_logX) {
        customPlot->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    } else if (m_xAxis == XAxis::Order) {
        // Whole checkpoints only.
        auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
        ticker->setTickStep(1.0);
        ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
        customPlot->xAxis->setTicker(ticker);
    } else if (m_xAxis == XAxis::Tokens || stages) { // summed steps run long: "1.5k", not "1500"
        customPlot->xAxis->setTicker(QSharedPointer<CountAxisTicker>::create());
    } else {
        customPlot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    }
    setWrappedLabel(customPlot->yAxis, metricAxisLabel());
    m_fpAxis->setVisible(m_showFpLoss);
    m_runsButton->setVisible(m_snapshot && m_snapshot->runs.size() > 1);
    m_branchCheck->setVisible(m_snapshot
                              && std::any_of(m_snapshot->runs.begin(), m_snapshot->runs.end(),
                                             [](const RunSnapshot& r) { return !r.info.parent.empty(); }));

    const RunSnapshot* current = run();
    if (!current) {
        setWrappedText(m_title, m_snapshot ? tr("This store holds no runs") : tr("No store open"));
        applyColors();
        scheduleReplot();
        return;
    }
    const QList<int> runs = shownRuns();
    QStringList names;
    for (const int r : runs)
        names << runAt(r)->name();
    setWrappedText(m_title, tr("%1: quantization damage along training").arg(names.join(QStringLiteral(", "))));

    // Colours follow the config: the shown run's configs in its order, then those only other runs have.
    for (const int r : QList<int> {m_runIndex} + runs) {
        for (const ConfigSnapshot& config : runAt(r)->configs) {
            const std::string& id = config.results.configId;
            if (!config.config.isFullPrecision()
                && std::find(m_colorIds.begin(), m_colorIds.end(), id) == m_colorIds.end())
                m_colorIds.push_back(id);
        }
    }

    double xMin = qInf();
    double xMax = -qInf();
    double yMin = qInf();
    double yMax = -qInf();
    double lrMax = 0.0;
    for (const int r : runs)
        addRunGraphs(r, &yMin, &yMax, &lrMax, &xMin, &xMax);
    if (m_showFpLoss)
        addFpLossGraph(*current, &xMin, &xMax);

    // Legend: the configs run by run, then the context series.
    customPlot->legend->clearItems();
    for (const RunGraphs& graphs : m_runGraphs) {
        for (QCPGraph* graph : graphs.configs)
            graph->addToLegend();
    }
    // A family drawn with Branches (often many runs) keeps one LR entry, the shown run's: its
    // members' LR lines are drawn in their run's style but not listed.
    const QList<int> family = m_showBranches ? familyOf(m_runIndex) : QList<int>();
    for (const RunGraphs& graphs : m_runGraphs) {
        const QString name = m_snapshot->runs[size_t(graphs.run)].name();
        if (!family.contains(graphs.run) || m_overlays.contains(name))
            graphs.lr->addToLegend();
    }
    if (m_fpGraph)
        m_fpGraph->addToLegend();
    if (m_trainLossGraph)
        m_trainLossGraph->addToLegend();

    if (stages)
        addStages(); // the log's schedule phases do not follow the stages' counts
    else if (m_xAxis != XAxis::Order)
        addPhases(*current);
    m_selectionLine = new QCPItemStraightLine(customPlot);
    m_selectionLine->setClipToAxisRect(true);
    m_selectionLine->point1->setAxes(customPlot->xAxis, customPlot->yAxis);
    m_selectionLine->point2->setAxes(customPlot->xAxis, customPlot->yAxis);

    // While a run is still training, keep the x axis at the planned length so the plot fills in
    // instead of rescaling at every reload.
    for (const int r : runs) {
        if (const auto planned = plannedEnd(*runAt(r)))
            xMax = std::max(xMax, *planned);
    }
    if (m_logX) {
        // A log axis starts at the first positive x (checkpoint 0 and step 0 are not drawable).
        double positive = qInf();
        for (const int r : runs) {
            for (int i = 0; i < int(runAt(r)->checkpoints.size()); ++i) {
                if (checkpointX(r, i) > 0.0)
                    positive = std::min(positive, checkpointX(r, i));
            }
        }
        xMin = std::isfinite(positive) ? positive : 1.0;
    }
    if (m_autoRange && m_logX) {
        customPlot->xAxis->setRange(xMin / 1.2, std::max(xMax, xMin) * 1.2);
    } else if (m_autoRange) {
        // A little room at both ends so the first and last markers are not cut by the axes.
        if (xMin <= xMax)
            customPlot->xAxis->setRange(xMin == xMax
                                            ? QCPRange(xMin - 1.0, xMax + 1.0)
                                            : QCPRange(xMin - 0.01 * (xMax - xMin), xMax + 0.01 * (xMax - xMin)));
        else
            customPlot->xAxis->setRange(0.0, 1.0);
    }
    // Damage metrics grow from 0; agreement and SQNR live far from it.
    const bool fromZero = !trajectoryMetricHigherIsBetter(m_metric);
    customPlot->yAxis->setRange(yMin <= yMax ? paddedRange(yMin, yMax, fromZero) : QCPRange(0.0, 1.0));
    customPlot->yAxis2->setRange(0.0, lrMax > 0.0 ? lrMax * 1.1 : 1.0);

    applyColors();
    updateSelectionMarker();
    scheduleReplot();
}

void TrajectoryPage::addRunGraphs(int runIndex, double* yMin, double* yMax, double* lrMax, double* xMin, double* xMax)
{
    QCustomPlot* customPlot = plot();
    const RunSnapshot& current = *runAt(runIndex);
    const StageLayout& layout = *stageLayout(runIndex);
    const auto extendX = [&](double x) {
        *xMin = std::min(*xMin, x);
        *xMax = std::max(*xMax, x);
    };
    RunGraphs graphs;
    graphs.run = runIndex;

    // Learning rate: light filled area on the right axis, behind everything else. The log is one
    // step axis; the stages of a multi-stage run (and the checkpoint order) take the checkpoints' LR.
    const auto addLr = [&]() {
        QCPGraph* graph = customPlot->addGraph(customPlot->xAxis, customPlot->yAxis2);
        graph->setLayer(m_backLayer);
        graph->setName(runLabel(runIndex, tr("learning rate")));
        return graph;
    };
    graphs.lr = addLr();
    if (!layout.multiStage() && m_xAxis != XAxis::Order) {
        std::vector<Point> lrPoints;
        lrPoints.reserve(current.log.size());
        for (const LogRow& row : current.log) {
            if (!std::isfinite(row.lr)) // an imported log's loss without an LR
                continue;
            lrPoints.push_back({logRowX(row), row.lr});
            extendX(lrPoints.back().x);
            *lrMax = std::max(*lrMax, row.lr);
        }
        setSortedData(graphs.lr, std::move(lrPoints));
    } else {
        auto segments = segmentPoints(runIndex, [&](int c) { return current.checkpoints[size_t(c)].lr; });
        for (size_t s = 0; s < segments.size(); ++s) {
            for (const Point& p : segments[s]) {
                extendX(p.x);
                *lrMax = std::max(*lrMax, p.y);
            }
            Series series;
            series.graph = s == 0 ? graphs.lr : addLr();
            series.lane = layout.segments[s].lane;
            series.checkpoints = setSortedData(series.graph, std::move(segments[s]));
            if (s > 0)
                graphs.lrSeries.push_back(std::move(series));
        }
    }
    for (int i = 0; i < int(current.checkpoints.size()); ++i)
        extendX(checkpointX(runIndex, i));

    // The metric per config, markers at checkpoints, a line per stage segment; not-yet-computed
    // checkpoints are left out, and so is the FP reference, which every metric compares against.
    for (size_t c = 0; c < current.configs.size(); ++c) {
        const ConfigSnapshot& config = current.configs[c];
        if (config.config.isFullPrecision())
            continue;
        auto segments = segmentPoints(runIndex, [&](int i) { return metricValue(config, i); });
        auto lowers = segmentPoints(runIndex, [&](int i) { return trajectoryMetricBand(config, m_metric, i).lower; });
        auto uppers = segmentPoints(runIndex, [&](int i) { return trajectoryMetricBand(config, m_metric, i).upper; });
        const int position = int(graphs.configs.size());
        for (size_t s = 0; s < segments.size(); ++s) {
            for (const Point& p : segments[s]) {
                *yMin = std::min(*yMin, p.y);
                *yMax = std::max(*yMax, p.y);
            }
            Series series;
            // The band first, so that the line is drawn over it.
            if (s < lowers.size() && !lowers[s].empty()) {
                series.lower = customPlot->addGraph(customPlot->xAxis, customPlot->yAxis);
                series.upper = customPlot->addGraph(customPlot->xAxis, customPlot->yAxis);
                for (const Point& p : lowers[s])
                    *yMin = std::min(*yMin, p.y);
                for (const Point& p : uppers[s])
                    *yMax = std::max(*yMax, p.y);
                setSortedData(series.lower, std::move(lowers[s]));
                setSortedData(series.upper, std::move(uppers[s]));
                series.upper->setChannelFillGraph(series.lower);
                for (QCPGraph* edge : {series.lower, series.upper}) {
                    edge->setSelectable(QCP::stNone);
                    edge->setName(runLabel(runIndex, config.label) + tr(" (95 % band)"));
                }
            }
            series.graph = customPlot->addGraph(customPlot->xAxis, customPlot->yAxis);
            series.graph->setName(runLabel(runIndex, config.label));
            series.config = position;
            series.lane = layout.segments[s].lane;
            series.checkpoints = setSortedData(series.graph, std::move(segments[s]));
            if (s == 0) {
                graphs.configs.append(series.graph);
                graphs.configIndices.append(int(c));
            }
            graphs.series.push_back(std::move(series));
        }
    }
    m_runGraphs.push_back(std::move(graphs));
}

void TrajectoryPage::addFpLossGraph(const RunSnapshot& current, double* xMin, double* xMax)
{
    // The periodic validation log, or the checkpoints' FP CE when there is none (or when the x axis
    // is one the log cannot follow: the stages' sums, the checkpoint order).
    const auto addGraph = [&]() {
        QCPGraph* graph = plot()->addGraph(plot()->xAxis, m_fpAxis);
        graph->setName(runLabel(m_runIndex, tr("FP val loss")));
        return graph;
    };
    m_fpGraph = addGraph();
    const StageLayout& layout = *stageLayout(m_runIndex);
    std::vector<std::vector<Point>> segments;
    if (!current.validation.empty() && !layout.multiStage() && m_xAxis != XAxis::Order) {
        segments.emplace_back();
        for (const ValRow& row : current.validation) {
            if (std::isfinite(row.valLoss))
                segments[0].push_back({m_xAxis == XAxis::Tokens ? double(row.tokens) : double(row.step), row.valLoss});
        }
    } else {
        segments = segmentPoints(m_runIndex, [&](int c) { return current.checkpoints[size_t(c)].fpValCe; });
    }
    // An imported run's training loss, from its own log (the built-in trainer's runs have validation),
    // on the log's own step axis only.
    std::vector<Point> trainPoints;
    if (!current.info.source.empty() && !layout.multiStage() && m_xAxis != XAxis::Order) {
        for (const LogRow& row : current.log) {
            if (std::isfinite(row.trainLoss))
                trainPoints.push_back({logRowX(row), row.trainLoss});
        }
    }
    double lo = qInf();
    double hi = -qInf();
    const auto extend = [&](const Point& p) {
        *xMin = std::min(*xMin, p.x);
        *xMax = std::max(*xMax, p.x);
        lo = std::min(lo, p.y);
        hi = std::max(hi, p.y);
    };
    for (size_t s = 0; s < segments.size(); ++s) {
        for (const Point& p : segments[s])
            extend(p);
        QCPGraph* graph = s == 0 ? m_fpGraph : addGraph();
        if (s > 0)
            m_fpStageGraphs << graph;
        setSortedData(graph, std::move(segments[s]));
    }
    for (const Point& p : trainPoints)
        extend(p);
    if (!trainPoints.empty()) {
        m_trainLossGraph = plot()->addGraph(plot()->xAxis, m_fpAxis);
        m_trainLossGraph->setName(runLabel(m_runIndex, tr("train loss")));
        setSortedData(m_trainLossGraph, std::move(trainPoints));
    }
    m_fpAxis->setRange(paddedRange(lo, hi, false, 0.05));
}

void TrajectoryPage::updateSelectionMarker()
{
    const RunSnapshot* current = run();
    if (!m_selectionLine)
        return;
    // A figure shows the data, not what the user selected.
    const bool visible = current && !isPaperStyle() && m_selected >= 0 && m_selected < int(current->checkpoints.size());
    m_selectionLine->setVisible(visible);
    if (visible) {
        const double x = checkpointX(m_runIndex, m_selected);
        m_selectionLine->point1->setCoords(x, 0.0);
        m_selectionLine->point2->setCoords(x, 1.0);
    }
}

void TrajectoryPage::figureStyleChanged()
{
    updateSelectionMarker();
}

int TrajectoryPage::checkpointNearPixel(double x, double maxDistance) const
{
    const RunSnapshot* current = run();
    if (!current)
        return -1;
    int best = -1;
    double bestDistance = qInf();
    for (size_t i = 0; i < current->checkpoints.size(); ++i) {
        const double distance = std::abs(plot()->xAxis->coordToPixel(checkpointX(m_runIndex, int(i))) - x);
        if (distance < bestDistance) {
            bestDistance = distance;
            best = int(i);
        }
    }
    if (maxDistance >= 0.0 && bestDistance > maxDistance)
        return -1;
    return best;
}

} // namespace qs
