// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/scaling/scalingpage.h"

#include "widgets/pages/scaling/scalingcontourview.h"
#include "widgets/pages/scaling/scalingcontrols.h"
#include "widgets/pages/scaling/scalingcurvesview.h"
#include "widgets/pages/scaling/scalingfigure.h"
#include "widgets/pages/scaling/scalingfractionview.h"
#include "widgets/pages/scaling/scalingmeasuredview.h"
#include "widgets/pages/scaling/scalingtexts.h"
#include "widgets/pages/scaling/scalingviewbar.h"
#include "widgets/plot/plotstyle.h"
#include "widgets/plot/qcp.h"

#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace qs {

using namespace qs::scaling;

namespace {

constexpr int updateDelayMs = 40;

} // namespace

ScalingPage::ScalingPage(QWidget* parent)
    : PlotPage(parent)
{
    m_state = new ScalingState(this);
    m_updateTimer.setSingleShot(true);
    m_updateTimer.setInterval(updateDelayMs);
    connect(&m_updateTimer, &QTimer::timeout, this, &ScalingPage::updateNow);

    plot()->setObjectName(QStringLiteral("scalingPlot"));
    plot()->setMinimumSize(360, 280);
    m_figure =
        std::make_unique<ScalingFigure>(plot(), QFont(font().family(), font().pointSize() + 2, QFont::Bold),
                                        [this](QCPAxis* axis, const QString& label) { setWrappedLabel(axis, label); });
    setScreenOnly(m_figure->title());
    setLegendPlaces(m_figure->legendRow(), 2, m_figure->mainRect(), 4);
    // The contour and f* views keep their plottables (colour map, f̂, f*) for good; the others add theirs
    // at each draw.
    m_contour = std::make_unique<ScalingContourView>(*m_figure);
    m_fraction = std::make_unique<ScalingFractionView>(*m_figure);
    m_curves = std::make_unique<ScalingCurvesView>(*m_figure);
    m_measured = std::make_unique<ScalingMeasuredView>(*m_figure);

    buildLayout();
    connect(m_state, &ScalingState::changed, this, &ScalingPage::scheduleUpdate);
    connect(m_state, &ScalingState::lawChanged, this, &ScalingPage::lawChanged);
    connect(m_state, &ScalingState::fitSucceeded, this, &ScalingPage::fitSucceeded);
    connect(m_state, &ScalingState::fitFailed, this, &ScalingPage::fitFailed);
    updateNow();
}

ScalingPage::~ScalingPage() = default;

void ScalingPage::buildLayout()
{
    // Left: the law, the inputs, the coefficients, data and fit.
    m_controls = new ScalingControls(m_state, this);

    // Right: what to plot, and the plot (or what stands in for it).
    m_viewBar = new ScalingViewBar(m_state, this);
    m_messageLabel = new QLabel(this);
    m_messageLabel->setObjectName(QStringLiteral("scalingMessage"));
    m_messageLabel->setWordWrap(true);
    m_messageLabel->setAlignment(Qt::AlignCenter);
    m_messageLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_messageLabel->setMargin(24);
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(plot());
    m_stack->addWidget(m_messageLabel);

    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(4, 0, 0, 0);
    rightLayout->addWidget(m_viewBar);
    rightLayout->addWidget(m_stack, 1);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("scalingSplitter"));
    // The controls scroll: their full height (law, inputs, coefficients, fit) would otherwise be the
    // minimum height of every view tab under the trajectory.
    auto* controlsScroll = new QScrollArea(this);
    controlsScroll->setObjectName(QStringLiteral("scalingControlsScroll"));
    controlsScroll->setWidget(m_controls);
    controlsScroll->setWidgetResizable(true);
    controlsScroll->setFrameShape(QFrame::NoFrame);
    splitter->addWidget(controlsScroll);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({420, 780});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);
    // Filled once laid out, as the page always did: the splitter has measured the empty combos, and a
    // combo keeps that minimum size (QComboBox caches it) when it gets narrower items.
    m_viewBar->fill();
}

QString ScalingPage::quantityShort(Quantity quantity)
{
    return ScalingTexts::quantityShort(quantity);
}

QString ScalingPage::quantityLabel(Quantity quantity)
{
    return ScalingTexts::quantityLabel(quantity);
}

QString ScalingPage::variableLabel(Variable variable)
{
    return ScalingTexts::variableLabel(variable);
}

ScalingView* ScalingPage::currentView() const
{
    switch (m_state->view()) {
    case View::Curves:
        return m_curves.get();
    case View::Contour:
        return m_contour.get();
    case View::QatFraction:
        return m_fraction.get();
    case View::Measured:
        return m_measured.get();
    }
    return m_curves.get();
}

void ScalingPage::scheduleUpdate()
{
    if (!m_updateTimer.isActive())
        m_updateTimer.start();
}

void ScalingPage::updateNow()
{
    m_updateTimer.stop();
    const std::initializer_list<ScalingView*> views {m_curves.get(), m_contour.get(), m_fraction.get(),
                                                     m_measured.get()};
    for (ScalingView* view : views)
        view->clear();
    m_figure->clear();
    m_figure->setNote(QString());
    ScalingView* view = currentView();
    m_figure->arrange(view->usesColorScale(), view->usesResiduals());
    view->configureAxes(*m_state);
    view->draw(*m_state);
    m_message = view->message();
    m_csv = view->csv();
    if (!m_message.isEmpty()) {
        view->clear();
        m_figure->clear();
    }
    m_messageLabel->setText(m_message);
    m_stack->setCurrentWidget(m_message.isEmpty() ? static_cast<QWidget*>(plot()) : m_messageLabel);
    setWrappedText(m_figure->title(), view->title(*m_state));
    m_controls->setReadout(readout());
    m_viewBar->enableFor(m_state->view());
    applyColors();
    replotNow();
}

QCustomPlot* ScalingPage::figurePlot() const
{
    return m_message.isEmpty() ? plot() : nullptr;
}

QString ScalingPage::csv() const
{
    return m_message.isEmpty() ? m_csv : QString();
}

QString ScalingPage::plotMessage() const
{
    return m_message;
}

QString ScalingPage::note() const
{
    return m_figure->note();
}

QString ScalingPage::readout() const
{
    return ScalingTexts::readout(*m_state);
}

QList<QCPGraph*> ScalingPage::curveGraphs() const
{
    return m_curves->graphs() + m_measured->curveGraphs();
}

QList<QCPGraph*> ScalingPage::pointGraphs() const
{
    return m_measured->pointGraphs();
}

QList<QCPGraph*> ScalingPage::residualGraphs() const
{
    return m_measured->residualGraphs();
}

QCPAxisRect* ScalingPage::residualRect() const
{
    return m_figure->residualRect();
}

QCPColorMap* ScalingPage::colorMap() const
{
    return m_contour->colorMap();
}

QCPColorScale* ScalingPage::colorScale() const
{
    return m_figure->colorScale();
}

const std::vector<QCPCurve*>& ScalingPage::isoLines() const
{
    return m_contour->isoLines();
}

const std::vector<QCPItemText*>& ScalingPage::isoLabels() const
{
    return m_contour->isoLabels();
}

QCPGraph* ScalingPage::directFractionGraph() const
{
    return m_fraction->directFractionGraph();
}

QCPGraph* ScalingPage::optimalFractionGraph() const
{
    return m_fraction->optimalFractionGraph();
}

void ScalingPage::applyColors()
{
    const QPalette colors = stylePalette();
    const Fonts fonts = styleFonts();
    ScalingLook look;
    look.background = colors.color(QPalette::Base);
    look.foreground = colors.color(QPalette::Text);
    look.tickFont = fonts.tick;
    look.labelFont = fonts.label;
    look.titleFont = fonts.title;
    look.lineWidth = penWidth(1.8, figureStyle().lineWidth);
    look.markerSize = penWidth(7.0, 4.0);
    look.outlineWidth = penWidth(1.5, 0.8);
    look.isoLineWidth = penWidth(1.2, 0.7);
    look.inputMarkerSize = penWidth(10.0, 5.0);
    look.colorBarWidth = penWidth(14.0, 7.0);
    applyPlotPalette(plot(), colors);
    styleAxes(m_figure->residualRect(), colors);
    m_figure->applyColors(look, !currentView()->usesColorScale());
    for (ScalingView* view : {static_cast<ScalingView*>(m_curves.get()), static_cast<ScalingView*>(m_contour.get()),
                              static_cast<ScalingView*>(m_fraction.get()), static_cast<ScalingView*>(m_measured.get())})
        view->applyColors(look);
    scheduleReplot();
}

QString ScalingPage::toolTipAt(const QPointF& pos) const
{
    if (!m_message.isEmpty() || !m_figure->mainRect()->rect().contains(pos.toPoint()))
        return {};
    return currentView()->toolTipAt(*m_state, pos);
}

} // namespace qs
