// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The scaling-law workbench page: a researcher's what-if tool over the laws of core/scalinglaws/laws.h
// (the compute-optimal QAT law, the W4A4 QAT law, Chinchilla). Choose a law (Chinchilla with the Hoffmann 2022 /
// Besiroglu 2024 presets, the W4A4 QAT law in its four variants, the compute-optimal QAT law), or load a fitted one;
// move N, D, G, bits and the QAT fraction f; read the prediction. One plot, four views:
//   curves      a quantity (loss, δ, …) against a variable, a few series (several G, bits, N, …);
//   contour     N × D coloured by the quantity, with labelled iso-lines (marching squares);
//   f* vs S     the law's optimal QAT fraction against tokens per parameter byte S, with the direct
//               fit f̂ = exp(−a/ln S) (Dremov et al.);
//   measured    the user's points (CSV, data.h) over the law's curves, relative residuals below.
// The coefficient table edits values (they become user edits); "Fit to data…" fits the law off the
// GUI thread (FitJob). Coefficients nobody knows stay unset: a view that needs them says so instead
// of drawing a curve.
//
// The page assembles: its state (itemmodels/scalingstate.h: law, inputs, choices, data, fit), the
// controls on the left (scalingcontrols.h) and above the figure (scalingviewbar.h), the figure
// (scalingfigure.h) and one class per view (scaling*view.h). Its API below forwards to them; state
// changes redraw the view within ~40 ms.

#include "itemmodels/scalingstate.h"
#include "widgets/plot/plotpage.h"

#include <QList>
#include <QTimer>

#include <memory>
#include <optional>
#include <vector>

class QCPAxisRect;
class QCPColorMap;
class QCPColorScale;
class QCPCurve;
class QCPGraph;
class QCPItemText;
class QLabel;
class QStackedWidget;

namespace qs {

class CoefficientModel;
class FitJob;
class ScalingContourView;
class ScalingControls;
class ScalingCurvesView;
class ScalingFigure;
class ScalingFractionView;
class ScalingMeasuredView;
class ScalingView;
class ScalingViewBar;

class ScalingPage : public PlotPage
{
    Q_OBJECT

public:
    using View = ScalingState::View;

    explicit ScalingPage(QWidget* parent = nullptr);
    ~ScalingPage() override;

    ScalingState* state() const { return m_state; }

    // FigureView. figurePlot() is nullptr while the view shows a message instead of a plot.
    QString viewName() const override { return QStringLiteral("scaling"); }
    QCustomPlot* figurePlot() const override;
    // The numbers of the current view: curves x,<series>…; contour N,D,<quantity>; f* S,f_hat,f_star;
    // measured label,line,held_out,<x>,measured,predicted,residual_percent.
    QString csv() const override;

    // --- The law (ScalingState): setLaw() shows `law` as it is (coefficients, sources, CIs) and sets
    // the chooser to its kind and variant; chooseLaw() is what the chooser does (published values of
    // the preset).
    void setLaw(scaling::Law law) { m_state->setLaw(std::move(law)); }
    const scaling::Law& law() const { return m_state->law(); }
    void chooseLaw(scaling::LawKind kind, scaling::W4A4Variant variant, scaling::ChinchillaPreset preset)
    {
        m_state->chooseLaw(kind, variant, preset);
    }
    CoefficientModel* coefficientModel() const { return m_state->coefficientModel(); }
    // Reads / writes a law as JSON (serialization.h); false with statusMessage() saying why.
    bool loadLaw(const QString& path) { return m_state->loadLaw(path); }
    bool saveLaw(const QString& path) const { return m_state->saveLaw(path); }

    // --- Measured points: shown in the measured view, used by the fit. openCsv() keeps the data it
    // had when the file cannot be read; data that lack a column the law needs are kept (another law
    // may use them) and the measured view and statusMessage() name the column.
    void setMeasuredData(scaling::ScalingData data) { m_state->setMeasuredData(std::move(data)); }
    const scaling::ScalingData& measuredData() const { return m_state->measuredData(); }
    bool openCsv(const QString& path) { return m_state->openCsv(path); }

    // --- What is shown.
    View view() const { return m_state->view(); }
    void setView(View view) { m_state->setView(view); }
    scaling::Quantity quantity() const { return m_state->quantity(); }
    // False when the law has no such quantity (availableQuantities()).
    bool setQuantity(scaling::Quantity quantity) { return m_state->setQuantity(quantity); }
    QList<scaling::Quantity> availableQuantities() const { return m_state->availableQuantities(); }
    // The x variable of the curves and measured views; one the law uses (lawVariables()).
    scaling::Variable variable() const { return m_state->variable(); }
    bool setVariable(scaling::Variable variable) { return m_state->setVariable(variable); }
    // The variable the curves' series differ in (nullopt: one curve at the inputs).
    std::optional<scaling::Variable> seriesVariable() const { return m_state->seriesVariable(); }
    bool setSeriesVariable(std::optional<scaling::Variable> variable) { return m_state->setSeriesVariable(variable); }
    std::vector<double> seriesValues() const { return m_state->seriesValues(); }
    QList<scaling::Variable> lawVariables() const { return m_state->lawVariables(); }
    // Texts for quantities and variables: "δ"; "δ, loss increase from quantization (nats)"; "N (parameters)".
    static QString quantityShort(scaling::Quantity quantity);
    static QString quantityLabel(scaling::Quantity quantity);
    static QString variableLabel(scaling::Variable variable);
    const scaling::Inputs& inputs() const { return m_state->inputs(); }
    // Clamped to the input's range (inputRange()).
    void setInput(scaling::Variable variable, double value) { m_state->setInput(variable, value); }
    std::pair<double, double> inputRange(scaling::Variable variable) const
    {
        return ScalingState::inputRange(variable);
    }
    bool logY() const { return m_state->logY(); }
    void setLogY(bool on) { m_state->setLogY(on); }

    // --- Fitting the law to the measured points, off the GUI thread. On success the fitted
    // coefficients (with CIs) replace the shown ones; on failure or cancel nothing changes and
    // statusMessage() says why.
    void startFit(scaling::FitOptions options = {}) { m_state->startFit(std::move(options)); }
    void cancelFit() { m_state->cancelFit(); }
    bool isFitting() const { return m_state->isFitting(); }
    FitJob* fitJob() const { return m_state->fitJob(); }

    // --- What the page shows, for tests and tools.
    QString plotMessage() const;                                       // shown instead of the plot; empty otherwise
    QString statusMessage() const { return m_state->statusMessage(); } // the last error or outcome line
    QString note() const;                                              // a remark inside the plot (e.g. f* unavailable)
    QString readout() const;                                           // the law's predictions at the inputs
    QList<QCPGraph*> curveGraphs() const;                              // curves; measured: law per group
    QList<QCPGraph*> pointGraphs() const;                              // measured points per group
    QList<QCPGraph*> residualGraphs() const;
    QCPAxisRect* residualRect() const;
    // Contour: cell (i, j) sits at x = log10 N, y = log10 D (cellToCoord).
    QCPColorMap* colorMap() const;
    QCPColorScale* colorScale() const;
    const std::vector<QCPCurve*>& isoLines() const;
    const std::vector<QCPItemText*>& isoLabels() const;
    QCPGraph* directFractionGraph() const;
    QCPGraph* optimalFractionGraph() const;

public Q_SLOTS:
    // Rebuilds the view at once (inputs and edits otherwise rebuild it within ~40 ms).
    void updateNow();

Q_SIGNALS:
    void lawChanged();
    void fitSucceeded();
    void fitFailed(const QString& message);

protected:
    void applyColors() override;
    QString toolTipAt(const QPointF& pos) const override;

private:
    void buildLayout();
    void scheduleUpdate();
    ScalingView* currentView() const;

    ScalingState* m_state = nullptr;
    std::unique_ptr<ScalingFigure> m_figure;
    std::unique_ptr<ScalingCurvesView> m_curves;
    std::unique_ptr<ScalingContourView> m_contour;
    std::unique_ptr<ScalingFractionView> m_fraction;
    std::unique_ptr<ScalingMeasuredView> m_measured;
    ScalingControls* m_controls = nullptr;
    ScalingViewBar* m_viewBar = nullptr;
    QStackedWidget* m_stack = nullptr;
    QLabel* m_messageLabel = nullptr;
    QString m_message; // the plot's stand-in text
    QString m_csv;     // what the view drew last
    QTimer m_updateTimer;
};

} // namespace qs
