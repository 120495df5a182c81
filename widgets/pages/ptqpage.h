// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// PTQ degradation along a run ("Training Dynamics Impact Post-Training Quantization Robustness";
// core/scalinglaws/ptq.h): the selected config's damage at every checkpoint against the tokens trained, with the two
// least-squares models drawn through it — tokens only, and tokens plus the LR decay u = 1 − η/η_peak — and the verdict:
// R², AIC and the partial F test of the decay term. It shows whether quantization error tracks the LR decay rather than
// the tokens. Follows the shared selection (run, config).

#include "itemmodels/pairedtest.h"
#include "itemmodels/scalingsource.h"
#include "widgets/plot/plotpage.h"

#include "core/scalinglaws/ptq.h"

#include <optional>
#include <string>

class QComboBox;
class QCPGraph;
class QCPItemRect;
class QCPTextElement;
class QLabel;

namespace qs {

class Selection;
struct RunSnapshot;

class PtqPage : public PlotPage
{
    Q_OBJECT

public:
    explicit PtqPage(Selection* selection, QWidget* parent = nullptr);
    ~PtqPage() override;

    // FigureView
    QString viewName() const override { return QStringLiteral("ptq"); }
    QCustomPlot* figurePlot() const override;
    // step,tokens,lr,lr_decay,<metric>,used,tokens_fit,decay_fit
    QString csv() const override;

    // The damage metric: one of ptqDamageMetrics() (itemmodels/scalingsource.h), the first by default.
    QString metric() const { return QString::fromStdString(m_metric); }
    bool setMetric(const QString& name);

    // The analysis shown (nullopt with message() saying why there is none).
    const std::optional<scaling::PtqDegradation>& analysis() const { return m_analysis; }
    QString message() const { return m_message; }
    QString verdict() const;
    // Whether the damage at the last checkpoint differs from the damage before the LR decay by more than
    // the evaluation's noise: a paired test over the evaluation units (itemmodels/pairedtest.h); empty
    // without a decay or a result after it.
    QString noiseVerdict() const { return m_noiseVerdict; }
    const std::optional<EntryComparison>& decayComparison() const { return m_decayComparison; }
    QCPGraph* measuredGraph() const { return m_measured; }
    QCPGraph* tokensFitGraph() const { return m_tokensFit; }
    QCPGraph* decayFitGraph() const { return m_decayFit; }

protected:
    void applyColors() override;
    QString toolTipAt(const QPointF& pos) const override;

private:
    const RunSnapshot* run() const;
    void rebuild();
    void testAgainstNoise(const RunSnapshot& current, const ConfigSnapshot& config);

    Selection* m_selection = nullptr;
    std::string m_metric = ptqDamageMetrics().front();
    std::vector<scaling::PtqTrajectoryPoint> m_points;
    std::vector<bool> m_used; // per point: entered the fit (after warmup, measured)
    std::optional<scaling::PtqDegradation> m_analysis;
    QString m_message;
    QString m_noiseVerdict;
    std::optional<EntryComparison> m_decayComparison;

    QComboBox* m_metricCombo = nullptr;
    QLabel* m_verdictLabel = nullptr;
    QLabel* m_messageLabel = nullptr;
    QCPTextElement* m_title = nullptr;
    QCPGraph* m_measured = nullptr;
    QCPGraph* m_warmup = nullptr;
    QCPGraph* m_tokensFit = nullptr;
    QCPGraph* m_decayFit = nullptr;
    QCPItemRect* m_decayShade = nullptr;
};

} // namespace qs
