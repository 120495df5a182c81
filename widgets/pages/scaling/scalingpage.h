#pragma once

// The scaling-law workbench page: a researcher's what-if tool over the laws of papers.md §2–§4
// (core/scaling). Choose a law (Chinchilla with the Hoffmann 2022 / Besiroglu 2024 presets, the W4A4
// QAT law in its four variants, the compute-optimal QAT law), or load a fitted one; move N, D, G,
// bits and the QAT fraction f; read the prediction. One plot, four views:
//   curves      a quantity (loss, δ, …) against a variable, a few series (several G, bits, N, …);
//   contour     N × D coloured by the quantity, with labelled iso-lines (marching squares);
//   f* vs S     the law's optimal QAT fraction against tokens per parameter byte S, with the direct
//               fit f̂ = exp(−a/ln S) (Dremov et al.);
//   measured    the user's points (CSV, data.h) over the law's curves, relative residuals below.
// The coefficient table edits values (they become user edits); "Fit to data…" fits the law off the
// GUI thread (FitJob). Coefficients nobody knows stay unset: a view that needs them says so instead
// of drawing a curve.

#include "widgets/plot/plotpage.h"
#include "core/scaling/data.h"
#include "core/scaling/fit.h"
#include "core/scaling/laws.h"
#include "core/scaling/query.h"

#include <QList>
#include <QTimer>

#include <array>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QCPAxisRect;
class QCPColorMap;
class QCPColorScale;
class QCPCurve;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPLayoutGrid;
class QCPTextElement;
class QLabel;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QTableView;

namespace qs {

class CoefficientModel;
class FitJob;
class ScalingInputRow;

class ScalingPage : public PlotPage
{
    Q_OBJECT

public:
    enum class View
    {
        Curves,
        Contour,
        QatFraction,
        Measured,
    };

    explicit ScalingPage(QWidget* parent = nullptr);
    ~ScalingPage() override;

    // FigureView. figurePlot() is nullptr while the view shows a message instead of a plot.
    QString viewName() const override { return QStringLiteral("scaling"); }
    QCustomPlot* figurePlot() const override;
    // The numbers of the current view: curves x,<series>…; contour N,D,<quantity>; f* S,f_hat,f_star;
    // measured label,line,held_out,<x>,measured,predicted,residual_percent.
    QString csv() const override;

    // --- The law. setLaw() shows `law` as it is (coefficients, sources, CIs) and sets the chooser
    // to its kind and variant; chooseLaw() is what the chooser does (published values of the preset).
    void setLaw(scaling::Law law);
    const scaling::Law& law() const;
    void chooseLaw(scaling::LawKind kind, scaling::W4A4Variant variant, scaling::ChinchillaPreset preset);
    CoefficientModel* coefficientModel() const { return m_model; }
    // Reads / writes a law as JSON (serialization.h); false with statusMessage() saying why.
    bool loadLaw(const QString& path);
    bool saveLaw(const QString& path) const;

    // --- Measured points: shown in the measured view, used by the fit. openCsv() keeps the data it
    // had when the file cannot be read; data that lack a column the law needs are kept (another law
    // may use them) and the measured view and statusMessage() name the column.
    void setMeasuredData(scaling::ScalingData data);
    const scaling::ScalingData& measuredData() const { return m_data; }
    bool openCsv(const QString& path);

    // --- What is shown.
    View view() const { return m_view; }
    void setView(View view);
    scaling::Quantity quantity() const { return m_quantity; }
    // False when the law has no such quantity (availableQuantities()).
    bool setQuantity(scaling::Quantity quantity);
    QList<scaling::Quantity> availableQuantities() const;
    // The x variable of the curves and measured views; one the law uses (lawVariables()).
    scaling::Variable variable() const { return m_variable; }
    bool setVariable(scaling::Variable variable);
    // The variable the curves' series differ in (nullopt: one curve at the inputs).
    std::optional<scaling::Variable> seriesVariable() const { return m_series; }
    bool setSeriesVariable(std::optional<scaling::Variable> variable);
    std::vector<double> seriesValues() const;
    QList<scaling::Variable> lawVariables() const;
    // Texts for quantities and variables: "δ"; "δ, loss increase from quantization (nats)"; "N (parameters)".
    static QString quantityShort(scaling::Quantity quantity);
    static QString quantityLabel(scaling::Quantity quantity);
    static QString variableLabel(scaling::Variable variable);
    const scaling::Inputs& inputs() const { return m_inputs; }
    // Clamped to the input's range (inputRange()).
    void setInput(scaling::Variable variable, double value);
    std::pair<double, double> inputRange(scaling::Variable variable) const;
    bool logY() const { return m_logY; }
    void setLogY(bool on);

    // --- Fitting the law to the measured points, off the GUI thread. On success the fitted
    // coefficients (with CIs) replace the shown ones; on failure or cancel nothing changes and
    // statusMessage() says why.
    void startFit(scaling::FitOptions options = {});
    void cancelFit();
    bool isFitting() const;
    FitJob* fitJob() const { return m_fitJob; }

    // --- What the page shows, for tests and tools.
    QString plotMessage() const;                       // shown instead of the plot; empty otherwise
    QString statusMessage() const { return m_status; } // the last error or outcome line
    QString note() const { return m_noteText; }        // a remark inside the plot (e.g. f* unavailable)
    QString readout() const;                           // the law's predictions at the inputs
    QList<QCPGraph*> curveGraphs() const { return m_curveGraphs; } // curves; measured: law per group
    QList<QCPGraph*> pointGraphs() const { return m_pointGraphs; } // measured points per group
    QList<QCPGraph*> residualGraphs() const { return m_residualGraphs; }
    QCPAxisRect* residualRect() const { return m_residualRect; }
    // Contour: cell (i, j) sits at x = log10 N, y = log10 D (cellToCoord).
    QCPColorMap* colorMap() const { return m_map; }
    QCPColorScale* colorScale() const { return m_scale; }
    const std::vector<QCPCurve*>& isoLines() const { return m_isoCurves; }
    const std::vector<QCPItemText*>& isoLabels() const { return m_isoLabels; }
    QCPGraph* directFractionGraph() const { return m_fhatGraph; }
    QCPGraph* optimalFractionGraph() const { return m_fstarGraph; }

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
    void buildControls();
    void buildFigure();
    void lawReplaced();        // kind or coefficients changed wholesale: combos, inputs, view
    void syncChooser();
    void fillQuantityCombo();
    void fillVariableCombos();
    void scheduleUpdate();
    void setStatus(const QString& text, bool error);
    void validateData();
    void fitDone();
    void setFitting(bool on);
    void chooseFromCombos();
    void askFit();

    // scalingviews.cpp
    void clearFigure();
    void showMessage(const QString& text);
    void setNote(const QString& text);
    void configureAxes();
    void buildCurves();
    void buildContour();
    void buildQatFraction();
    void buildMeasured();
    void updateTitle();
    // Why `quantity` cannot be drawn with the law as it is (unset coefficients); empty when it can.
    QString missingCoefficients(scaling::Quantity quantity) const;
    ScalingInputRow* row(scaling::Variable variable) const;

    CoefficientModel* m_model = nullptr;
    scaling::ScalingData m_data;
    QString m_dataError; // why the data cannot serve the law (a column missing …)
    View m_view = View::Curves;
    scaling::Quantity m_quantity = scaling::Quantity::Loss;
    scaling::Variable m_variable = scaling::Variable::D;
    std::optional<scaling::Variable> m_series = scaling::Variable::N;
    scaling::Inputs m_inputs;
    bool m_logY = false;
    QString m_status;
    bool m_statusFromData = false; // the status line is validateData()'s complaint
    QString m_message;  // the plot's stand-in text
    QString m_noteText;
    QString m_csv;
    FitJob* m_fitJob = nullptr;
    QTimer m_updateTimer;

    // Controls
    QComboBox* m_kindCombo = nullptr;
    QComboBox* m_variantCombo = nullptr;
    QComboBox* m_presetCombo = nullptr;
    QPushButton* m_loadLawButton = nullptr;
    QPushButton* m_saveLawButton = nullptr;
    QPushButton* m_openDataButton = nullptr;
    QPushButton* m_fitButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_dataLabel = nullptr;
    QLabel* m_statusLabel = nullptr;
    QLabel* m_readoutLabel = nullptr;
    QTableView* m_table = nullptr;
    std::array<ScalingInputRow*, 5> m_rows {}; // by scaling::Variable
    QComboBox* m_viewCombo = nullptr;
    QComboBox* m_quantityCombo = nullptr;
    QComboBox* m_variableCombo = nullptr;
    QComboBox* m_seriesCombo = nullptr;
    QCheckBox* m_logYCheck = nullptr;
    QStackedWidget* m_stack = nullptr;
    QLabel* m_messageLabel = nullptr;

    // Figure
    QCPTextElement* m_title = nullptr;
    QCPLayoutGrid* m_content = nullptr;
    QCPAxisRect* m_mainRect = nullptr;
    QCPAxisRect* m_residualRect = nullptr;
    QCPColorScale* m_scale = nullptr;
    QCPColorMap* m_map = nullptr;
    QCPGraph* m_fhatGraph = nullptr;
    QCPGraph* m_fstarGraph = nullptr;
    QCPGraph* m_marker = nullptr; // the inputs: a point on the curve or map
    QCPItemStraightLine* m_xLine = nullptr;
    QCPItemStraightLine* m_zeroLine = nullptr;
    QCPItemText* m_noteItem = nullptr;
    QList<QCPGraph*> m_curveGraphs;
    QList<QCPGraph*> m_pointGraphs;
    QList<QCPGraph*> m_residualGraphs;
    std::vector<QCPCurve*> m_isoCurves;
    std::vector<QCPItemText*> m_isoLabels;
    // Measured view: the point behind each point-graph entry, for tool tips.
    struct PointRef
    {
        QCPGraph* graph;
        double x, y;
        size_t index; // into m_data.points
    };
    std::vector<PointRef> m_pointRefs;
};

} // namespace qs
