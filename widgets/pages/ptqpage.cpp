// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/ptqpage.h"

#include "core/common/errors.h"
#include "itemmodels/metricnames.h"
#include "itemmodels/scalingsource.h"
#include "itemmodels/selection.h"
#include "itemmodels/storesnapshot.h"
#include "widgets/plot/plotstyle.h"
#include "widgets/plot/qcp.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <cmath>

namespace qs {

namespace {

QString number(double value)
{
    return QString::number(value, 'g', 3);
}

} // namespace

PtqPage::PtqPage(Selection* selection, QWidget* parent)
    : PlotPage(parent)
    , m_selection(selection)
{
    setObjectName(QStringLiteral("ptqPage"));
    m_metricCombo = new QComboBox(this);
    m_metricCombo->setObjectName(QStringLiteral("ptqMetricCombo"));
    for (const std::string& name : ptqDamageMetrics())
        m_metricCombo->addItem(MetricNames::title(name), QString::fromStdString(name));
    auto* metricLabel = new QLabel(tr("&Metric:"), this);
    metricLabel->setBuddy(m_metricCombo);
    auto* controls = new QHBoxLayout;
    controls->addWidget(metricLabel);
    controls->addWidget(m_metricCombo);
    auto* hint = new QLabel(tr("Checkpoints after warmup; the selected config. Least squares: tokens only, and "
                               "tokens + LR decay u = 1 − η/η_peak"),
                            this);
    hint->setEnabled(false);
    controls->addStretch(1);
    controls->addWidget(hint);

    m_messageLabel = new QLabel(this);
    m_messageLabel->setObjectName(QStringLiteral("ptqMessage"));
    m_messageLabel->setWordWrap(true);
    m_messageLabel->setVisible(false);
    m_verdictLabel = new QLabel(this);
    m_verdictLabel->setObjectName(QStringLiteral("ptqVerdict"));
    m_verdictLabel->setWordWrap(true);
    m_verdictLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);

    QCustomPlot* customPlot = plot();
    customPlot->setObjectName(QStringLiteral("ptqPlot"));
    customPlot->setMinimumSize(320, 240);
    m_title = new QCPTextElement(customPlot, QString(), QFont(font().family(), font().pointSize() + 1, QFont::Bold));
    customPlot->plotLayout()->insertRow(0);
    customPlot->plotLayout()->addElement(0, 0, m_title);
    setScreenOnly(m_title);
    auto* legendRow = new QCPLayoutGrid;
    customPlot->plotLayout()->addElement(2, 0, legendRow);
    legendRow->addElement(0, 0, new QCPLayoutElement(customPlot));
    legendRow->addElement(0, 2, new QCPLayoutElement(customPlot));
    legendRow->setColumnStretchFactors({1.0, 0.001, 1.0});
    customPlot->plotLayout()->setRowStretchFactor(0, 0.001); // title and legend as high as their text
    customPlot->plotLayout()->setRowStretchFactor(2, 0.001);
    customPlot->legend->setVisible(true);
    setLegendPlaces(legendRow, 2, customPlot->axisRect(), 2);

    customPlot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    customPlot->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    customPlot->xAxis->setNumberFormat(QStringLiteral("gbc")); // 10⁵, 10⁶
    customPlot->xAxis->setLabel(tr("tokens"));

    m_decayShade = new QCPItemRect(customPlot);
    m_decayShade->setClipToAxisRect(true);
    m_decayShade->setSelectable(false);
    m_decayShade->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_decayShade->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_decayShade->setLayer(QStringLiteral("background"));

    m_warmup = customPlot->addGraph();
    m_warmup->setName(tr("warmup (not fitted)"));
    m_warmup->setLineStyle(QCPGraph::lsNone);
    m_measured = customPlot->addGraph();
    m_measured->setName(tr("measured"));
    m_measured->setLineStyle(QCPGraph::lsNone);
    m_tokensFit = customPlot->addGraph();
    m_tokensFit->setName(tr("fit: tokens only"));
    m_decayFit = customPlot->addGraph();
    m_decayFit->setName(tr("fit: tokens + LR decay"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_messageLabel);
    layout->addWidget(customPlot, 1);
    layout->addWidget(m_verdictLabel);

    connect(m_metricCombo, &QComboBox::activated, this,
            [this](int index) { setMetric(m_metricCombo->itemData(index).toString()); });
    if (m_selection) {
        connect(m_selection, &Selection::snapshotChanged, this, &PtqPage::rebuild);
        connect(m_selection, &Selection::runChanged, this, &PtqPage::rebuild);
        connect(m_selection, &Selection::configChanged, this, &PtqPage::rebuild);
    }
    applyColors();
    rebuild();
}

PtqPage::~PtqPage() = default;

QCustomPlot* PtqPage::figurePlot() const
{
    return m_analysis ? plot() : nullptr;
}

const RunSnapshot* PtqPage::run() const
{
    return m_selection ? m_selection->run() : nullptr;
}

bool PtqPage::setMetric(const QString& name)
{
    const int index = m_metricCombo->findData(name);
    if (index < 0)
        return false;
    m_metricCombo->setCurrentIndex(index);
    m_metric = name.toStdString();
    rebuild();
    return true;
}

void PtqPage::rebuild()
{
    m_points.clear();
    m_used.clear();
    m_analysis.reset();
    m_message.clear();
    m_noiseVerdict.clear();
    m_decayComparison.reset();
    for (QCPGraph* graph : {m_warmup, m_measured, m_tokensFit, m_decayFit})
        graph->data()->clear();
    m_decayShade->setVisible(false);

    const RunSnapshot* current = run();
    const ConfigSnapshot* config = m_selection ? m_selection->config() : nullptr;
    const QString metricLabel = m_metricCombo->currentText();
    plot()->yAxis->setLabel(metricLabel);
    if (!current || !config) {
        m_message = current ? tr("Select a quantized config of the run") : tr("No store open");
    } else if (config->config.isFullPrecision()) {
        m_message = tr("The FP reference has no quantization error: select a quantized config");
    } else {
        m_points = ptqTrajectory(*current, m_selection->configIndex(), m_metric);
        try {
            m_analysis = scaling::analysePtqDegradation(m_points);
        } catch (const Error& e) {
            m_message =
                tr("%1, %2: %3")
                    .arg(current->name(), QString::fromStdString(config->config.label()), QString::fromUtf8(e.what()));
        }
    }
    if (m_analysis)
        testAgainstNoise(*current, *config);
    m_messageLabel->setText(m_message);
    m_messageLabel->setVisible(!m_message.isEmpty());
    plot()->setVisible(m_analysis.has_value());
    m_verdictLabel->setText(verdict());
    m_verdictLabel->setVisible(m_analysis.has_value());
    if (!m_analysis) {
        scheduleReplot();
        return;
    }

    const scaling::PtqDegradation& a = *m_analysis;
    m_used = a.used;
    double decayStart = qInf();
    double xMax = -qInf();
    for (size_t i = 0; i < m_points.size(); ++i) {
        const scaling::PtqTrajectoryPoint& p = m_points[i];
        if (!(p.tokens > 0.0) || !std::isfinite(p.delta))
            continue;
        xMax = std::max(xMax, p.tokens);
        if (!a.used[i]) {
            m_warmup->addData(p.tokens, p.delta);
            continue;
        }
        m_measured->addData(p.tokens, p.delta);
        m_tokensFit->addData(p.tokens, a.tokensOnly.predict(p.tokens, 0.0));
        m_decayFit->addData(p.tokens, a.tokensAndDecay.predict(p.tokens, a.lrDecay[i]));
        if (a.lrDecay[i] > 1e-6)
            decayStart = std::min(decayStart, p.tokens);
    }
    if (std::isfinite(decayStart)) {
        m_decayShade->topLeft->setCoords(decayStart, 0.0);
        m_decayShade->bottomRight->setCoords(xMax * 1.05, 1.0);
        m_decayShade->setVisible(true);
    }
    setWrappedText(
        m_title,
        tr("%1, %2: PTQ damage along training").arg(current->name(), QString::fromStdString(config->config.label())));
    plot()->rescaleAxes();
    const QCPRange x = plot()->xAxis->range();
    plot()->xAxis->setRange(x.lower / 1.2, x.upper * 1.2);
    const QCPRange y = plot()->yAxis->range();
    const double pad = std::max(0.05 * y.size(), 1e-12);
    plot()->yAxis->setRange(y.lower - pad, y.upper + pad);
    applyColors();
    scheduleReplot();
}

void PtqPage::testAgainstNoise(const RunSnapshot& current, const ConfigSnapshot& config)
{
    // The last fitted checkpoint before the decay against the last one: the claim the page tests.
    const scaling::PtqDegradation& a = *m_analysis;
    int before = -1, after = -1;
    for (size_t i = 0; i < m_points.size(); ++i) {
        if (!a.used[i])
            continue;
        if (a.lrDecay[i] <= 1e-6)
            before = int(i);
        else
            after = int(i);
    }
    const std::string metric = pairedTestMetric(m_metric);
    const StoreSnapshotPtr snapshot = m_selection->snapshot();
    if (before < 0 || after < before || metric.empty() || !snapshot)
        return;
    const std::string run = current.name().toStdString();
    const EntryRef a0 {run, config.results.configId, before}, a1 {run, config.results.configId, after};
    const PairedTestRead read = readPairedTest(snapshot->path, a0, a1, metric);
    const CheckpointRow& from = current.checkpoints[size_t(before)];
    const CheckpointRow& to = current.checkpoints[size_t(after)];
    const QString title = MetricNames::shortTitle(metric);
    if (!read.comparison) {
        m_noiseVerdict = tr("Evaluation noise: no paired test of %1 at steps %2 and %3 (%4).")
                             .arg(title)
                             .arg(from.step)
                             .arg(to.step)
                             .arg(read.error);
        return;
    }
    m_decayComparison = read.comparison;
    const stats::PairedComparison& t = read.comparison->test;
    m_noiseVerdict =
        tr("Evaluation noise: %1 at step %2 (after the decay began) − at step %3 (before it) = %4, 95 % interval "
           "[%5, %6] over %7 evaluation units, p = %8: %9.")
            .arg(title)
            .arg(to.step)
            .arg(from.step)
            .arg(number(t.difference.value), number(t.interval.lower), number(t.interval.upper))
            .arg(t.difference.units)
            .arg(number(t.pValue),
                 t.significant() ? tr("the change exceeds the noise") : tr("the change is within the noise"));
}

QString PtqPage::verdict() const
{
    if (!m_analysis)
        return {};
    const scaling::PtqDegradation& a = *m_analysis;
    const scaling::RegressionTerm* decay = nullptr;
    for (const scaling::RegressionTerm& term : a.tokensAndDecay.terms)
        if (term.name == "lr_decay")
            decay = &term;
    const bool significant = a.decayP < 0.01;
    const bool rises = decay && decay->estimate > 0.0;
    QString conclusion;
    if (significant && rises)
        conclusion = tr("the error rises with the LR decay beyond what the tokens explain");
    else if (significant)
        conclusion = tr("the error falls during the LR decay");
    else
        conclusion = tr("the LR decay explains nothing the tokens do not (p ≥ 0.01)");
    const QString fit =
        tr("%n checkpoint(s) fitted (%1 in the decay, %2 in warmup left out). Tokens only: R² %3, AIC %4. "
           "Tokens + LR decay: R² %5, AIC %6; decay term %7 ± %8, F = %9, p = %10: %11.",
           nullptr, a.pointsUsed)
            .arg(a.decayPoints)
            .arg(a.warmupExcluded)
            .arg(number(a.tokensOnly.r2), number(a.tokensOnly.aic), number(a.tokensAndDecay.r2),
                 number(a.tokensAndDecay.aic), number(decay ? decay->estimate : qQNaN()),
                 number(decay ? decay->stdError : qQNaN()), number(a.decayF))
            .arg(number(a.decayP), conclusion);
    return m_noiseVerdict.isEmpty() ? fit : fit + QLatin1Char('\n') + m_noiseVerdict;
}

QString PtqPage::csv() const
{
    if (!m_analysis)
        return {};
    const scaling::PtqDegradation& a = *m_analysis;
    QString text = QStringLiteral("step,tokens,lr,lr_decay,%1,used,tokens_fit,decay_fit\n").arg(metric());
    for (size_t i = 0; i < m_points.size(); ++i) {
        const scaling::PtqTrajectoryPoint& p = m_points[i];
        const bool used = a.used[i];
        text += QStringList {csvNumber(p.step),
                             csvNumber(p.tokens),
                             csvNumber(p.lr),
                             csvNumber(a.lrDecay[i]),
                             csvNumber(p.delta),
                             used ? QStringLiteral("1") : QStringLiteral("0"),
                             csvNumber(used ? a.tokensOnly.predict(p.tokens, 0.0) : qQNaN()),
                             csvNumber(used ? a.tokensAndDecay.predict(p.tokens, a.lrDecay[i]) : qQNaN())}
                    .join(QLatin1Char(','))
            + QLatin1Char('\n');
    }
    return text;
}

void PtqPage::applyColors()
{
    QCustomPlot* customPlot = plot();
    const QPalette colors = stylePalette();
    applyPlotPalette(customPlot, colors);
    const Fonts fonts = styleFonts();
    for (QCPAxis* axis : {customPlot->xAxis, customPlot->yAxis}) {
        axis->setTickLabelFont(fonts.tick);
        axis->setLabelFont(fonts.label);
    }
    customPlot->legend->setFont(fonts.tick);
    m_title->setFont(fonts.title);
    m_title->setTextColor(colors.color(QPalette::Text));

    const double marker = penWidth(6.0, 4.0);
    m_measured->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, seriesColor(0), colors.color(QPalette::Base), marker));
    m_warmup->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, colors.color(QPalette::PlaceholderText),
                                              colors.color(QPalette::Base), marker));
    m_measured->setPen(QPen(seriesColor(0), penWidth(1.5, 1.0)));
    m_warmup->setPen(QPen(colors.color(QPalette::PlaceholderText), penWidth(1.5, 1.0)));
    m_tokensFit->setPen(QPen(seriesColor(1), penWidth(2.0, 1.2), Qt::DashLine));
    m_decayFit->setPen(QPen(seriesColor(2), penWidth(2.0, 1.2)));
    QColor shade = seriesColor(1);
    shade.setAlpha(isPaperStyle() ? 30 : 40);
    m_decayShade->setPen(Qt::NoPen);
    m_decayShade->setBrush(shade);
    scheduleReplot();
}

QString PtqPage::toolTipAt(const QPointF& pos) const
{
    if (!m_analysis)
        return {};
    // The nearest measured checkpoint within a few pixels.
    double best = 64.0;
    int bestIndex = -1;
    for (size_t i = 0; i < m_points.size(); ++i) {
        const scaling::PtqTrajectoryPoint& p = m_points[i];
        if (!(p.tokens > 0.0) || !std::isfinite(p.delta))
            continue;
        const double dx = plot()->xAxis->coordToPixel(p.tokens) - pos.x();
        const double dy = plot()->yAxis->coordToPixel(p.delta) - pos.y();
        if (dx * dx + dy * dy < best) {
            best = dx * dx + dy * dy;
            bestIndex = int(i);
        }
    }
    if (bestIndex < 0)
        return {};
    const scaling::PtqTrajectoryPoint& p = m_points[size_t(bestIndex)];
    const scaling::PtqDegradation& a = *m_analysis;
    QString text = tr("step %1 · %2 tokens · LR %3 (u = %4)\n%5 = %6")
                       .arg(QString::number(p.step, 'f', 0), formatCount(p.tokens), QString::number(p.lr, 'g', 3),
                            number(a.lrDecay[size_t(bestIndex)]), m_metricCombo->currentText(), number(p.delta));
    if (a.used[size_t(bestIndex)])
        text += tr("\nfit, tokens only: %1 · fit, tokens + LR decay: %2")
                    .arg(number(a.tokensOnly.predict(p.tokens, 0.0)),
                         number(a.tokensAndDecay.predict(p.tokens, a.lrDecay[size_t(bestIndex)])));
    else
        text += tr("\nwarmup: not fitted");
    return text;
}

} // namespace qs
