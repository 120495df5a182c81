// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/outlierpage.h"

#include "itemmodels/selection.h"
#include "widgets/pages/heatmappage.h"
#include "widgets/plot/plotstyle.h"

#include "widgets/plot/qcp.h"

#include "core/common/kinds.h"
#include "core/common/metrics.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <limits>

namespace qs {

namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();

// "1 channel above 6", "135 channels above 6" (no translation catalogue resolves %n today).
QString channelsAbove(int count)
{
    return count == 1 ? OutlierPage::tr("1 channel above %1").arg(OutlierPage::outlierThreshold)
                      : OutlierPage::tr("%1 channels above %2").arg(count).arg(OutlierPage::outlierThreshold);
}

// An infinite line through `a` and `b` in the coordinates of `rect`'s bottom and left axes.
QCPItemStraightLine* straightLine(QCPAxisRect* rect, QPointF a, QPointF b, QCPLayer* layer)
{
    auto* line = new QCPItemStraightLine(rect->parentPlot());
    line->setLayer(layer);
    line->setClipAxisRect(rect);
    for (QCPItemPosition* p : {line->point1, line->point2})
        p->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    line->point1->setCoords(a);
    line->point2->setCoords(b);
    return line;
}

// Text at `at` in `rect`'s axis-rect ratios (0..1 from the top left).
QCPItemText* textItem(QCPAxisRect* rect, QPointF at, Qt::Alignment alignment, QCPLayer* layer)
{
    auto* item = new QCPItemText(rect->parentPlot());
    item->setLayer(layer);
    item->setClipAxisRect(rect);
    item->position->setAxisRect(rect);
    item->position->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    item->position->setType(QCPItemPosition::ptAxisRectRatio);
    item->position->setCoords(at);
    item->setPositionAlignment(alignment);
    return item;
}

void setLogScale(QCPAxis* axis, bool log)
{
    axis->setScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (log != bool(axis->ticker().dynamicCast<QCPAxisTickerLog>()))
        axis->setTicker(log ? QSharedPointer<QCPAxisTicker>(new QCPAxisTickerLog)
                            : QSharedPointer<QCPAxisTicker>::create());
}

} // namespace

OutlierPage::OutlierPage(Selection* selection, QWidget* parent)
    : PlotPage(parent)
    , m_selection(selection)
{
    m_layerCombo = new QComboBox(this);
    m_layerCombo->setObjectName(QStringLiteral("outlierLayerCombo"));
    m_layerCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_layerCombo->setToolTip(tr("The layer whose input activations are shown"));
    auto* layerLabel = new QLabel(tr("&Layer:"), this);
    layerLabel->setBuddy(m_layerCombo);
    m_fc2Button = new QPushButton(tr("FC2 &inputs"), this);
    m_fc2Button->setObjectName(QStringLiteral("fc2Button"));
    m_fc2Button->setToolTip(tr("Show the input of this block's down_proj (FC2), where the activation "
                               "outliers concentrate"));
    m_logCheck = new QCheckBox(tr("L&og scale"), this);
    m_logCheck->setObjectName(QStringLiteral("outlierLogCheck"));
    m_logCheck->setToolTip(tr("Logarithmic value axes: channel maxima, histogram counts and kurtosis"));
    auto* hint = new QLabel(tr("Hover for values, click a kurtosis point to select its checkpoint"), this);
    hint->setEnabled(false);
    hint->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    hint->setAlignment(Qt::AlignRight | Qt::AlignVCenter);

    auto* controls = new QHBoxLayout;
    controls->setContentsMargins(0, 0, 0, 0);
    controls->addWidget(layerLabel);
    controls->addWidget(m_layerCombo);
    controls->addWidget(m_fc2Button);
    controls->addSpacing(12);
    controls->addWidget(m_logCheck);
    controls->addWidget(hint, 1);

    m_errorLabel = new QLabel(this);
    m_errorLabel->setObjectName(QStringLiteral("outlierError"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorLabel->setVisible(false);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #b03a00")); // vermillion, darker: a warning

    m_messageLabel = new QLabel(this);
    m_messageLabel->setObjectName(QStringLiteral("outlierMessage"));
    m_messageLabel->setWordWrap(true);
    m_messageLabel->setAlignment(Qt::AlignCenter);
    m_messageLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_messageLabel->setMargin(24);

    plot()->setObjectName(QStringLiteral("outlierPlot"));
    plot()->setMinimumSize(360, 320);
    plot()->setAntialiasedElements(QCP::aeAll);
    buildFigure();

    // Four plots need room: below this height the figure scrolls instead of squeezing them.
    plot()->setMinimumHeight(540);
    m_scroll = new QScrollArea(this);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidget(plot());
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_messageLabel);
    m_stack->addWidget(m_scroll);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_errorLabel);
    layout->addWidget(m_stack, 1);

    connect(m_layerCombo, &QComboBox::activated, this, [this](int index) {
        if (m_selection && index >= 0)
            m_selection->setLayer(m_layerCombo->itemData(index).toInt());
    });
    connect(m_fc2Button, &QPushButton::clicked, this, &OutlierPage::jumpToFc2);
    connect(m_logCheck, &QCheckBox::toggled, this, &OutlierPage::refresh);

    if (m_selection) {
        connect(m_selection, &Selection::snapshotChanged, this, [this] {
            // A reload may find a profile the last read could not (a writer held the lock, or the FP
            // reference had not reached the checkpoint).
            if (m_profileState == ProfileState::Failed || m_profileState == ProfileState::NotMeasured)
                m_profileKey.clear();
            refresh();
        });
        connect(m_selection, &Selection::runChanged, this, &OutlierPage::refresh);
        connect(m_selection, &Selection::checkpointChanged, this, &OutlierPage::refresh);
        connect(m_selection, &Selection::layerChanged, this, &OutlierPage::refresh);
    }
    refresh();
}

// m_profileReads waits for the reads still running (they are short) before the page is gone.
OutlierPage::~OutlierPage() = default;

void OutlierPage::buildFigure()
{
    m_title = new QCPTextElement(plot(), QString());
    m_profileTitle = new QCPTextElement(plot(), QString());
    m_histTitle = new QCPTextElement(plot(), QString());
    m_kurtTitle = new QCPTextElement(plot(), QString());

    // The default axis rect (which holds the hidden legend applyPlotPalette styles) is the profile's.
    QCPLayoutGrid* layout = plot()->plotLayout();
    m_profileRect = plot()->axisRect();
    layout->insertRow(0);
    layout->insertRow(0);
    layout->addElement(0, 0, m_title);
    layout->addElement(1, 0, m_profileTitle);
    auto* bottom = new QCPLayoutGrid;
    layout->addElement(3, 0, bottom);
    m_histRect = new QCPAxisRect(plot());
    m_kurtRect = new QCPAxisRect(plot());
    bottom->addElement(0, 0, m_histTitle);
    bottom->addElement(0, 1, m_kurtTitle);
    bottom->addElement(1, 0, m_histRect);
    bottom->addElement(1, 1, m_kurtRect);
    bottom->setRowStretchFactors({0.001, 1.0});
    bottom->setRowSpacing(0);
    bottom->setColumnSpacing(16);
    // The channels followed across checkpoints, full width below.
    m_trackTitle = new QCPTextElement(plot(), QString());
    m_trackRect = new QCPAxisRect(plot());
    layout->addElement(4, 0, m_trackTitle);
    auto* trackRow = new QCPLayoutGrid;
    layout->addElement(5, 0, trackRow);
    trackRow->addElement(0, 0, m_trackRect);
    m_trackScale = new QCPColorScale(plot());
    trackRow->addElement(0, 1, m_trackScale);
    trackRow->setColumnStretchFactors({1.0, 0.001});
    m_trackScale->setType(QCPAxis::atRight);
    m_trackScale->setDataScaleType(QCPAxis::stLogarithmic);
    m_trackScale->axis()->setLabel(tr("max |x|"));
    m_trackScale->axis()->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    m_trackScale->setMarginGroup(QCP::msTop | QCP::msBottom, new QCPMarginGroup(plot()));
    m_trackRect->setMarginGroup(QCP::msTop | QCP::msBottom, m_trackScale->marginGroup(QCP::msTop));
    layout->setRowStretchFactors({0.001, 0.001, 1.0, 1.0, 0.001, 1.0});
    layout->setRowSpacing(0);
    setScreenOnly(m_title);
    plot()->legend->setVisible(false);

    auto* left = new QCPMarginGroup(plot());
    m_profileRect->setMarginGroup(QCP::msLeft, left);
    m_histRect->setMarginGroup(QCP::msLeft, left);
    auto* right = new QCPMarginGroup(plot());
    m_profileRect->setMarginGroup(QCP::msRight, right);
    m_kurtRect->setMarginGroup(QCP::msRight, right);
    m_trackRect->setMarginGroup(QCP::msLeft, left);
    m_trackRect->setMarginGroup(QCP::msRight, right);

    const auto x = [](QCPAxisRect* rect) { return rect->axis(QCPAxis::atBottom); };
    const auto y = [](QCPAxisRect* rect) { return rect->axis(QCPAxis::atLeft); };
    m_profileBars = new QCPBars(x(m_profileRect), y(m_profileRect));
    m_profileBars->setWidth(0.8);
    m_outlierBars = new QCPBars(x(m_profileRect), y(m_profileRect));
    m_outlierBars->setWidth(0.8);
    m_histBars = new QCPBars(x(m_histRect), y(m_histRect));
    m_kurtGraph = new QCPGraph(x(m_kurtRect), y(m_kurtRect));
    m_kurtSelected = new QCPGraph(x(m_kurtRect), y(m_kurtRect));
    m_kurtSelected->setLineStyle(QCPGraph::lsNone);
    x(m_profileRect)->setLabel(tr("input channel"));
    y(m_profileRect)->setLabel(tr("max |x|"));
    x(m_histRect)->setLabel(tr("channel max |x|"));
    y(m_histRect)->setLabel(tr("channels"));
    x(m_kurtRect)->setLabel(tr("step"));
    setWrappedLabel(y(m_kurtRect), tr("kurtosis (Gaussian: 3)"));
    m_trackMap = new QCPColorMap(x(m_trackRect), y(m_trackRect));
    m_trackMap->setColorScale(m_trackScale);
    m_trackMap->setInterpolate(false);
    // Channels in the order they appeared, from the top.
    y(m_trackRect)->setRangeReversed(true);
    x(m_trackRect)->setLabel(tr("step"));
    y(m_trackRect)->setLabel(tr("outlier channel"));
    x(m_trackRect)->setTicker(QSharedPointer<QCPAxisTickerText>::create());
    y(m_trackRect)->setTicker(QSharedPointer<QCPAxisTickerText>::create());

    // Thresholds, markers and notes above the bars and graphs.
    plot()->addLayer(QStringLiteral("marks"), plot()->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    QCPLayer* marks = plot()->layer(QStringLiteral("marks"));
    m_kurtSelected->setLayer(marks);
    m_profileThreshold = straightLine(m_profileRect, {0.0, outlierThreshold}, {1.0, outlierThreshold}, marks);
    m_histThreshold = straightLine(m_histRect, {outlierThreshold, 0.0}, {outlierThreshold, 1.0}, marks);
    m_gaussianLine = straightLine(m_kurtRect, {0.0, 3.0}, {1.0, 3.0}, plot()->layer(QStringLiteral("main")));
    m_selectedLine = straightLine(m_kurtRect, {0.0, 0.0}, {0.0, 1.0}, marks);

    // The threshold's label sits on its line (y in data units) at the right end.
    m_thresholdLabel = textItem(m_profileRect, {1.0, 0.0}, Qt::AlignRight | Qt::AlignBottom, marks);
    m_thresholdLabel->position->setTypeY(QCPItemPosition::ptPlotCoords);
    m_thresholdLabel->position->setCoords(1.0, outlierThreshold);
    m_thresholdLabel->setPadding(QMargins(3, 1, 3, 1));
    m_thresholdLabel->setText(tr("outlier threshold %1").arg(outlierThreshold));
    // Say why the profile and the histogram are empty (reading, not measured, unreadable).
    m_profileNote = textItem(m_profileRect, {0.5, 0.5}, Qt::AlignCenter, marks);
    m_histNote = textItem(m_histRect, {0.5, 0.5}, Qt::AlignCenter, marks);
    m_trackNote = textItem(m_trackRect, {0.5, 0.5}, Qt::AlignCenter, marks);
    m_trackSelected = straightLine(m_trackRect, {0.0, 0.0}, {0.0, 1.0}, marks);

    applyColors();
}

QCustomPlot* OutlierPage::figurePlot() const
{
    return m_stack->currentWidget() == m_scroll ? plot() : nullptr;
}

QString OutlierPage::message() const
{
    return m_stack->currentWidget() == m_messageLabel ? m_messageLabel->text() : QString();
}

int OutlierPage::outlierCount() const
{
    if (m_profile.empty())
        return -1;
    return countAbove(m_profile, outlierThreshold);
}

const ConfigSnapshot* OutlierPage::fpConfig() const
{
    const RunSnapshot* run = m_selection ? m_selection->run() : nullptr;
    const int index = run ? run->configIndex(fpConfigId) : -1;
    return index >= 0 ? &run->configs[size_t(index)] : nullptr;
}

double OutlierPage::layerStat(const char* metric, int checkpoint) const
{
    const ConfigSnapshot* fp = fpConfig();
    const int layer = m_selection ? m_selection->layerIndex() : -1;
    return fp ? fp->layerMetric(metric, checkpoint, layer) : nan;
}

QString OutlierPage::layerTitle(int layer) const
{
    const RunSnapshot* run = m_selection ? m_selection->run() : nullptr;
    if (!run || layer < 0 || layer >= int(run->layers.size()))
        return {};
    const LayerInfo& info = run->layers[size_t(layer)];
    QString name = QString::fromStdString(info.name);
    if (name.endsWith(QLatin1String(".weight")))
        name.chop(7);
    return info.kind == layerkinds::down ? tr("%1 (FC2)").arg(name) : name;
}

void OutlierPage::showMessage(const QString& text)
{
    m_messageLabel->setText(text);
    m_stack->setCurrentWidget(m_messageLabel);
    m_errorLabel->setVisible(false);
    m_layerCombo->setEnabled(false);
    m_fc2Button->setEnabled(false);
    m_logCheck->setEnabled(false);
}

void OutlierPage::fillLayerCombo()
{
    const RunSnapshot* run = m_selection->run();
    const QString key = m_selection->snapshot()->path + QLatin1Char('\n') + run->name();
    if (key != m_layerComboKey || m_layerCombo->count() != int(run->layers.size())) {
        if (key != m_layerComboKey)
            m_storeHasProfiles = true; // unknown until read
        m_layerComboKey = key;
        const QSignalBlocker blocker(m_layerCombo);
        m_layerCombo->clear();
        for (int i = 0; i < int(run->layers.size()); ++i) {
            const LayerInfo& layer = run->layers[size_t(i)];
            const QString kind = layer.kind == layerkinds::down ? tr("down (FC2)") : QString::fromStdString(layer.kind);
            m_layerCombo->addItem(tr("block %1 · %2").arg(layer.block).arg(kind), i);
            m_layerCombo->setItemData(i, layerTitle(i), Qt::ToolTipRole);
        }
    }
    const QSignalBlocker blocker(m_layerCombo);
    m_layerCombo->setCurrentIndex(m_layerCombo->findData(m_selection->layerIndex()));
}

void OutlierPage::jumpToFc2()
{
    const RunSnapshot* run = m_selection ? m_selection->run() : nullptr;
    if (!run)
        return;
    const int block = m_selection->layer() ? m_selection->layer()->block : 0;
    const auto fc2 = std::find_if(run->layers.begin(), run->layers.end(), [block](const LayerInfo& l) {
        return l.block == block && l.kind == layerkinds::down;
    });
    if (fc2 != run->layers.end())
        m_selection->setLayer(int(fc2 - run->layers.begin()));
}

void OutlierPage::refresh()
{
    const RunSnapshot* run = m_selection ? m_selection->run() : nullptr;
    if (!m_selection || !m_selection->snapshot()) {
        showMessage(tr("No store open."));
        return;
    }
    if (!run) {
        showMessage(tr("This store holds no runs."));
        return;
    }
    fillLayerCombo();
    const LayerInfo* layer = m_selection->layer();
    m_fc2Button->setEnabled(layer && layer->kind != layerkinds::down);

    // What is missing, in words; every case is cured the same way.
    const ConfigSnapshot* fp = fpConfig();
    QString missing;
    if (!fp)
        missing = tr("This store has no activation statistics: run “%1” has no full-precision reference "
                     "(config “fp”), which is where a sweep records them.");
    else if (fp->results.layers.find(metrics::actKurtosis) == fp->results.layers.end())
        missing = tr("This store has no activation statistics: the full-precision reference of run “%1” was "
                     "measured by a QuantScope that did not record them.");
    else {
        requestProfile(); // tells whether the store has profiles at all
        requestTrack();
    }
    if (fp && missing.isEmpty() && !m_storeHasProfiles)
        missing = tr("This store has no per-channel activation profiles: the full-precision reference of run "
                     "“%1” holds the layer statistics but not the profile “act_channel_absmax”.");
    if (!missing.isEmpty()) {
        showMessage(missing.arg(run->name()) + QStringLiteral("\n\n")
                    + tr("Sweep the run again with a current QuantScope: it measures the full-precision "
                         "reference first, with the statistics and profiles of every layer's input."));
        return;
    }
    m_stack->setCurrentWidget(m_scroll);
    m_layerCombo->setEnabled(true);
    m_logCheck->setEnabled(true);
    m_errorLabel->setVisible(m_profileState == ProfileState::Failed);
    m_errorLabel->setText(tr("Cannot read the activation profile: %1").arg(m_profileError));
    rebuildProfile();
    rebuildKurtosis();
    rebuildTrack();
    updateTitles();
    scheduleReplot();
}

void OutlierPage::requestProfile()
{
    const RunSnapshot* run = m_selection->run();
    const ConfigSnapshot* fp = fpConfig();
    const int checkpoint = m_selection->checkpoint();
    const int layer = m_selection->layerIndex();
    const QString key =
        m_layerComboKey + QLatin1Char('\n') + QString::number(checkpoint) + QLatin1Char('\n') + QString::number(layer);
    if (key == m_profileKey)
        return;
    m_profileKey = key;
    m_profile.clear();
    m_profileError.clear();
    m_profileReads.invalidate(); // a read still running is for another profile
    if (!fp->isDone(checkpoint) || layer < 0) {
        m_profileState = ProfileState::NotMeasured;
        return;
    }
    m_profileState = ProfileState::Loading;
    m_profileReads.request([path = m_selection->snapshot()->path.toStdString(), run = run->info.name, checkpoint,
                            layer] { return readActivationProfile(path, run, checkpoint, layer); },
                           [this](const ProfileRead& read) { onProfileRead(read); });
}

void OutlierPage::onProfileRead(const ProfileRead& read)
{
    if (!read.error.isEmpty()) {
        m_profileState = ProfileState::Failed;
        m_profileError = read.error;
    } else {
        m_storeHasProfiles = read.storeHasProfiles;
        m_profile = read.values;
        m_profileState = m_profile.empty() && read.storeHasProfiles ? ProfileState::NotMeasured : ProfileState::Loaded;
    }
    refresh();
}

void OutlierPage::rebuildProfile()
{
    const bool log = m_logCheck->isChecked();
    QCPAxis* channelAxis = m_profileRect->axis(QCPAxis::atBottom);
    QCPAxis* absmaxAxis = m_profileRect->axis(QCPAxis::atLeft);
    QCPAxis* binAxis = m_histRect->axis(QCPAxis::atBottom);
    QCPAxis* countAxis = m_histRect->axis(QCPAxis::atLeft);
    setLogScale(absmaxAxis, log);
    setLogScale(countAxis, log);

    QVector<double> keys, values, outKeys, outValues;
    double lo = qInf();
    double hi = outlierThreshold;
    for (size_t c = 0; c < m_profile.size(); ++c) {
        const double v = m_profile[c];
        keys.append(double(c));
        values.append(v);
        if (v > outlierThreshold) {
            outKeys.append(double(c));
            outValues.append(v);
        }
        if (v > 0.0)
            lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    m_profileBars->setData(keys, values, true);
    m_outlierBars->setData(outKeys, outValues, true);
    // Without a profile, the axis still spans the layer's input channels.
    const LayerInfo* layer = m_selection->layer();
    const int channels = std::max(1, m_profile.empty() && layer ? int(layer->cols) : int(m_profile.size()));
    channelAxis->setRange(-0.5, channels - 0.5);
    absmaxAxis->setRange(log ? QCPRange(std::min(std::isfinite(lo) ? lo : 1.0, 1.0) / 1.5, hi * 1.5)
                             : QCPRange(0.0, hi * 1.08));

    const ChannelHistogram histogram = channelHistogram(m_profile, outlierThreshold);
    QVector<double> binKeys, counts;
    int maxCount = 1;
    for (size_t b = 0; b < histogram.counts.size() && !m_profile.empty(); ++b) {
        binKeys.append((double(b) + 0.5) * histogram.width);
        counts.append(histogram.counts[b]);
        maxCount = std::max(maxCount, histogram.counts[b]);
    }
    m_histBars->setWidth(histogram.width);
    m_histBars->setData(binKeys, counts, true);
    binAxis->setRange(0.0, std::max(hi, double(histogram.counts.size()) * histogram.width) * 1.02);
    countAxis->setRange(log ? QCPRange(0.7, maxCount * 1.6) : QCPRange(0.0, maxCount * 1.08));

    const bool shown = m_profileState == ProfileState::Loaded && !m_profile.empty();
    for (QCPAbstractItem* item :
         std::initializer_list<QCPAbstractItem*> {m_profileThreshold, m_thresholdLabel, m_histThreshold})
        item->setVisible(shown);
    const QString note = m_profileState == ProfileState::Loading ? tr("Reading the profile…")
        : m_profileState == ProfileState::NotMeasured            ? tr("The full-precision reference has not "
                                                                                 "measured this checkpoint yet")
        : m_profileState == ProfileState::Failed                 ? tr("The profile could not be read (see above)")
                                                                 : QString();
    m_profileNote->setText(note);
    m_histNote->setText(note.isEmpty() ? QString() : tr("No profile"));
    m_profileNote->setVisible(!shown);
    m_histNote->setVisible(!shown);
}

void OutlierPage::rebuildKurtosis()
{
    const RunSnapshot* run = m_selection->run();
    const ConfigSnapshot* fp = fpConfig();
    const bool log = m_logCheck->isChecked();
    QCPAxis* stepAxis = m_kurtRect->axis(QCPAxis::atBottom);
    QCPAxis* kurtAxis = m_kurtRect->axis(QCPAxis::atLeft);
    setLogScale(kurtAxis, log);

    m_kurtCheckpoints.clear();
    QVector<double> steps, values, selSteps, selValues;
    double lo = 3.0;
    double hi = 3.0;
    for (int k = 0; k < int(run->checkpoints.size()); ++k) {
        const double kurtosis = layerStat(metrics::actKurtosis, k);
        if (!fp->isDone(k) || !std::isfinite(kurtosis))
            continue;
        const double step = double(run->checkpoints[size_t(k)].step);
        m_kurtCheckpoints.push_back(k);
        steps.append(step);
        values.append(kurtosis);
        if (k == m_selection->checkpoint()) {
            selSteps.append(step);
            selValues.append(kurtosis);
        }
        lo = std::min(lo, kurtosis);
        hi = std::max(hi, kurtosis);
    }
    m_kurtGraph->setData(steps, values, true);
    m_kurtSelected->setData(selSteps, selValues, true);

    const double first = run->checkpoints.empty() ? 0.0 : double(run->checkpoints.front().step);
    const double last = std::max(run->checkpoints.empty() ? 1.0 : double(run->checkpoints.back().step), first + 1.0);
    stepAxis->setRange(first - 0.03 * (last - first), last + 0.03 * (last - first));
    kurtAxis->setRange(log ? QCPRange(std::max(lo, 1e-3) / 1.5, hi * 1.5) : QCPRange(0.0, hi * 1.08));

    const int selected = m_selection->checkpoint();
    m_selectedLine->setVisible(selected >= 0 && selected < int(run->checkpoints.size()));
    if (m_selectedLine->visible()) {
        const double step = double(run->checkpoints[size_t(selected)].step);
        m_selectedLine->point1->setCoords(step, 0.0);
        m_selectedLine->point2->setCoords(step, 1.0);
    }
}

void OutlierPage::updateTitles()
{
    // A paper figure (its caption says the rest) keeps what a column's width holds: the layer and
    // step, the outlier count, and the axis labels in place of the plots' titles.
    const bool paper = isPaperStyle();
    const RunSnapshot* run = m_selection->run();
    const int checkpoint = m_selection->checkpoint();
    QString text = layerTitle(m_selection->layerIndex());
    if (checkpoint >= 0 && checkpoint < int(run->checkpoints.size()))
        text = (paper ? tr("%1, step %2") : tr("Input of %1 at step %2"))
                   .arg(text)
                   .arg(run->checkpoints[size_t(checkpoint)].step);
    const QStringList stats = statsOf(checkpoint);
    if (!stats.isEmpty() && !paper)
        text += QLatin1Char('\n') + stats.join(QStringLiteral(" · "));
    setWrappedText(m_title, text);
    const bool counted = m_profileState == ProfileState::Loaded && !m_profile.empty();
    setWrappedText(
        m_profileTitle,
        !paper        ? profileTitle()
            : counted ? tr("%1 of %2 channels above %3").arg(outlierCount()).arg(m_profile.size()).arg(outlierThreshold)
                      : QString());
    setWrappedText(m_histTitle, paper ? QString() : tr("Histogram of the channel maxima"));
    setWrappedText(m_kurtTitle, paper ? QString() : tr("Input kurtosis along training"));
    setWrappedText(m_trackTitle, trackTitle());
    setWrappedLabel(m_kurtRect->axis(QCPAxis::atLeft), paper ? tr("kurtosis") : tr("kurtosis (Gaussian: 3)"));
}

void OutlierPage::figureStyleChanged()
{
    if (figurePlot())
        updateTitles();
}

QStringList OutlierPage::statsOf(int checkpoint) const
{
    QStringList stats;
    const auto add = [&](const char* metric, const QString& format) {
        if (const double value = layerStat(metric, checkpoint); std::isfinite(value))
            stats << format.arg(QString::number(value, 'g', 4));
    };
    add(metrics::actKurtosis, tr("kurtosis %1"));
    add(metrics::actAbsmax, tr("max |x| %1"));
    add(metrics::actAbsmaxMedian, tr("max/median %1"));
    if (const double outliers = layerStat(metrics::actOutliers, checkpoint); std::isfinite(outliers))
        stats << channelsAbove(int(outliers));
    return stats;
}

QString OutlierPage::profileTitle() const
{
    if (m_profileState != ProfileState::Loaded || m_profile.empty())
        return tr("Per-channel max |x| of the input");
    return tr("Per-channel max |x| of the input: %1 of %2 channels above %3")
        .arg(outlierCount())
        .arg(m_profile.size())
        .arg(outlierThreshold);
}

QString OutlierPage::csv() const
{
    if (!figurePlot())
        return {};
    const RunSnapshot* run = m_selection->run();
    QString out = QStringLiteral("channel,absmax,checkpoint,step,act_kurtosis\n");
    const size_t rows = std::max(m_profile.size(), m_kurtCheckpoints.size());
    for (size_t i = 0; i < rows; ++i) {
        QStringList fields(5);
        if (i < m_profile.size()) {
            fields[0] = QString::number(i);
            fields[1] = csvNumber(double(m_profile[i]));
        }
        if (i < m_kurtCheckpoints.size()) {
            const int k = m_kurtCheckpoints[i];
            fields[2] = QString::number(k);
            fields[3] = QString::number(run->checkpoints[size_t(k)].step);
            fields[4] = csvNumber(layerStat(metrics::actKurtosis, k));
        }
        out += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return out;
}

int OutlierPage::checkpointNearPixel(const QPointF& pos, double maxDistance) const
{
    if (!m_kurtRect->rect().contains(pos.toPoint()) || !m_selection || !m_selection->run())
        return -1;
    const RunSnapshot* run = m_selection->run();
    QCPAxis* axis = m_kurtRect->axis(QCPAxis::atBottom);
    int best = -1;
    double bestDistance = maxDistance;
    for (const int k : m_kurtCheckpoints) {
        const double distance = std::abs(axis->coordToPixel(double(run->checkpoints[size_t(k)].step)) - pos.x());
        if (distance <= bestDistance) {
            bestDistance = distance;
            best = k;
        }
    }
    return best;
}

QString OutlierPage::toolTipAt(const QPointF& pos) const
{
    const RunSnapshot* run = m_selection ? m_selection->run() : nullptr;
    if (const int k = run ? checkpointNearPixel(pos) : -1; k >= 0) {
        const QString step = tr("step %1 (checkpoint %2)").arg(run->checkpoints[size_t(k)].step).arg(k);
        return (QStringList(step) + statsOf(k)).join(QLatin1Char('\n'));
    }
    if (const auto [k, r] = trackCellAt(pos); run && k >= 0) {
        const std::vector<int>& order = m_track.rows;
        const ChannelTrack& c = m_track.track.channels[size_t(order[size_t(r)])];
        const auto step = [&](int tracked) {
            return run->checkpoints[size_t(m_track.checkpoints[size_t(tracked)])].step;
        };
        return tr("channel %1 at step %2: max |x| %3\nan outlier from step %4 (checkpoints in a row: %5, in all: %6)")
            .arg(c.channel)
            .arg(step(k))
            .arg(double(m_track.absmax[size_t(order[size_t(r)])][size_t(k)]), 0, 'g', 4)
            .arg(step(c.first))
            .arg(c.firstRun)
            .arg(c.count);
    }
    if (run && m_profileRect->rect().contains(pos.toPoint()) && !m_profile.empty()) {
        const int channel = int(std::lround(m_profileRect->axis(QCPAxis::atBottom)->pixelToCoord(pos.x())));
        if (channel >= 0 && channel < int(m_profile.size()))
            return tr("channel %1: max |x| %2").arg(channel).arg(m_profile[size_t(channel)], 0, 'g', 5);
    }
    return {};
}

void OutlierPage::clickedAt(const QPointF& pos)
{
    const int k = m_selection ? checkpointNearPixel(pos) : -1;
    if (k >= 0)
        m_selection->setCheckpoint(k);
    else if (const int column = m_selection ? trackCellAt(pos).first : -1; column >= 0)
        m_selection->setCheckpoint(m_track.checkpoints[size_t(column)]);
}

void OutlierPage::applyColors()
{
    const QPalette colors = stylePalette();
    applyPlotPalette(plot(), colors);
    const QColor text = colors.color(QPalette::Text);
    const QColor base = colors.color(QPalette::Base);

    const Fonts fonts = styleFonts();
    const QFont& tickFont = fonts.tick;
    const QFont& labelFont = fonts.label;
    const bool paper = isPaperStyle();
    for (QCPAxisRect* rect : {m_profileRect, m_histRect, m_kurtRect, m_trackRect}) {
        for (QCPAxis* axis : rect->axes()) {
            axis->setTickLabelFont(tickFont);
            axis->setLabelFont(labelFont);
            // The small plots of a paper figure hold three labels an axis (four along the profile).
            const bool horizontal = axis->orientation() == Qt::Horizontal;
            axis->ticker()->setTickCount(!paper                                    ? 5
                                             : rect == m_profileRect && horizontal ? 4
                                             : rect == m_kurtRect && horizontal    ? 2
                                                                                   : 3);
            axis->setSubTicks(!paper);
        }
    }
    m_title->setFont(fonts.title);
    for (QCPTextElement* element : {m_title, m_profileTitle, m_histTitle, m_kurtTitle})
        element->setTextColor(text);
    for (QCPTextElement* element : {m_profileTitle, m_histTitle, m_kurtTitle})
        element->setFont(labelFont);

    const double width = penWidth(1.5, figureStyle().lineWidth);
    const double thin = penWidth(1.0, 0.6);
    const QColor channelColor = seriesColor(0);
    const QColor outlierColor = seriesColor(1);
    m_profileBars->setPen(Qt::NoPen);
    m_profileBars->setBrush(channelColor);
    m_outlierBars->setPen(Qt::NoPen);
    m_outlierBars->setBrush(outlierColor);
    QColor histFill = channelColor;
    histFill.setAlpha(170);
    m_histBars->setPen(QPen(base, thin));
    m_histBars->setBrush(histFill);
    m_kurtGraph->setPen(QPen(seriesColor(2), width));
    m_kurtGraph->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(seriesColor(2), thin), base, penWidth(5.0, 3.0)));
    m_kurtSelected->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(text, width), outlierColor, penWidth(10.0, 5.0)));
    // In the text colour: it must show over the blue bars below it and the vermillion ones above.
    for (QCPItemStraightLine* line : {m_profileThreshold, m_histThreshold})
        line->setPen(QPen(text, width, Qt::DashLine));
    QColor faint = text;
    faint.setAlpha(110);
    m_gaussianLine->setPen(QPen(faint, thin, Qt::DotLine));
    faint.setAlpha(150);
    m_selectedLine->setPen(QPen(faint, thin, Qt::DashDotLine));
    m_thresholdLabel->setColor(text);
    QColor labelBack = base;
    labelBack.setAlpha(210);
    m_thresholdLabel->setBrush(labelBack);
    m_thresholdLabel->setFont(tickFont);
    for (QCPItemText* note : {m_profileNote, m_histNote, m_trackNote}) {
        note->setColor(faint);
        note->setFont(labelFont);
    }
    m_trackTitle->setTextColor(text);
    m_trackTitle->setFont(labelFont);
    m_trackMap->setGradient(viridisGradient(base));
    m_trackScale->axis()->setTickLabelFont(tickFont);
    m_trackScale->axis()->setLabelFont(labelFont);
    m_trackSelected->setPen(QPen(outlierColor, width, Qt::DashLine));
}

} // namespace qs
