// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The breakdown page: for the selected checkpoint and config, one per-layer metric as bars per layer
// (grouped by block) or per module kind (mean over blocks), and, where the run holds the W4A16 /
// W16A4 / W4A4 trio of the selected config's settings, the model-level damage of weight-only,
// activation-only and both, with the sum of the first two as a marker ("Scaling Law for Quantization-Aware Training":
// δ_W4A4 ≈ δ_W4A16 + δ_W16A4; the trio and its values: itemmodels/decomposition.h).

#include "itemmodels/decomposition.h"
#include "itemmodels/storesnapshot.h"
#include "widgets/plot/plotpage.h"

#include <string>
#include <vector>

class QComboBox;
class QCPAxisRect;
class QCPBars;
class QCPGraph;
class QCPItemRect;
class QCPLayoutGrid;
class QCPTextElement;
class QLabel;

namespace qs {

class Selection;

class BreakdownPage : public PlotPage
{
    Q_OBJECT

public:
    enum class Grouping
    {
        PerLayer, // one bar per layer, grouped by block
        PerKind,  // one bar per module kind: the mean over blocks
    };

    // One bar of the main chart.
    struct Bar
    {
        double key = 0.0;   // x position
        double value = 0.0; // NaN where not computed (not drawn)
        int layer = -1;     // PerLayer: the layer; PerKind: −1
        std::string kind;
        int block = -1; // PerLayer only
        int count = 0;  // PerKind: layers with a finite value in the mean
    };

    explicit BreakdownPage(Selection* selection, QWidget* parent = nullptr);
    ~BreakdownPage() override;

    // FigureView
    QString viewName() const override { return QStringLiteral("breakdown"); }
    QCustomPlot* figurePlot() const override;
    // The bars' data in long form: section,label,block,kind,config,step,metric,value — one row per
    // layer (or kind) bar, then the decomposition's weight-only, activation-only, both and sum.
    QString csv() const override;

    Selection* selection() const { return m_selection; }
    QCPAxisRect* barsRect() const;
    // The bars shown, in x order; one QCPBars per module kind, in kind order (q … down).
    const std::vector<Bar>& bars() const { return m_bars; }
    const std::vector<QCPBars*>& kindBars() const { return m_kindBars; }
    // The outline around the selected layer's bar (its kind's bar per kind); hidden when none.
    QCPItemRect* selectionOutline() const { return m_outline; }

    Grouping grouping() const { return m_grouping; }
    void setGrouping(Grouping grouping);
    QString metric() const { return QString::fromStdString(m_metric); }
    bool setMetric(const QString& metric); // false when the selected config does not offer it
    QStringList availableMetrics() const;
    // The figure's title as shown: run, step, metric (with the Fisher estimate's rank agreement), config.
    QString titleText() const;

    // The decomposition shown (invalid when the run lacks the trio) and its values:
    // [metric of decompositionMetrics()][0 weight-only, 1 activation-only, 2 both] at the selected
    // checkpoint; NaN where absent.
    const DecompositionTrio& trio() const { return m_trio; }
    double trioValue(int metricIndex, int member) const;
    QCPAxisRect* trioRect(int metricIndex) const; // nullptr when no trio is shown
    QCPGraph* trioSumMarker(int metricIndex) const;

    // Index into bars() of the bar under widget pixel `pos`; -1 if none. The pixel centre of bar `i`.
    int barAt(const QPointF& pos) const;
    QPointF barCenter(int index) const;
    QString describeBar(int index) const;

public Q_SLOTS:
    // What a click on bar `index` does: selects its layer (per kind: that kind in the selected
    // layer's block).
    void activateBar(int index);

protected:
    void applyColors() override;
    void figureStyleChanged() override;
    QString toolTipAt(const QPointF& pos) const override;
    void clickedAt(const QPointF& pos) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    const RunSnapshot* run() const;
    void rebuild();
    void rebuildBars();
    void rebuildTrio();
    void updateOutline();
    void setTrioText(const QString& text);

    Selection* m_selection = nullptr;
    Grouping m_grouping = Grouping::PerLayer;
    std::string m_metric;
    std::vector<Bar> m_bars;
    DecompositionTrio m_trio;
    double m_trioValues[2][3] {};
    QString m_trioText; // m_trioLabel shows it elided

    QComboBox* m_metricCombo = nullptr;
    QComboBox* m_groupingCombo = nullptr;
    QLabel* m_trioLabel = nullptr;
    QCPTextElement* m_title = nullptr;
    std::vector<QCPBars*> m_kindBars;
    QCPItemRect* m_outline = nullptr;
    QCPLayoutGrid* m_trioGrid = nullptr;
    QCPAxisRect* m_trioRects[2] {};
    QCPTextElement* m_trioTitles[2] {};
    QCPBars* m_trioBars[2][3] {};
    QCPGraph* m_trioSums[2] {};
};

} // namespace qs
