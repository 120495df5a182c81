// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The heatmap page: every quantized layer (rows) at every checkpoint (columns) of the selected run,
// coloured by one per-layer metric of the selected config. Shows where in the network and when in
// training the damage appears; a click selects that layer and checkpoint everywhere.

#include "itemmodels/layermetrics.h"
#include "itemmodels/storesnapshot.h"
#include "widgets/plot/plotpage.h"

#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QCPColorGradient;
class QCPColorMap;
class QCPColorScale;
class QCPItemRect;
class QCPItemStraightLine;
class QCPTextElement;
class QLabel;

namespace qs {

class Selection;

// Fills `combo` with the per-layer metrics the selected config offers (layerMetricChoices, in
// itemmodels/layermetrics.h; readable names, descriptions as tool tips; act_* marked as the FP
// reference's) and selects `metric`, which is first replaced by defaultLayerMetric() when the config
// lacks it.
void fillLayerMetricCombo(QComboBox* combo, const Selection* selection, std::string& metric);
// A perceptually uniform, colour-blind-safe gradient (viridis: dark violet → yellow). NaN cells get
// `nanColor`.
QCPColorGradient viridisGradient(const QColor& nanColor);

class HeatmapPage : public PlotPage
{
    Q_OBJECT

public:
    enum class RowOrder
    {
        ByBlock, // block 0: q k v o gate up down, block 1: …
        ByKind,  // every block's q, then every k, …, down (FC2) last
    };

    explicit HeatmapPage(Selection* selection, QWidget* parent = nullptr);
    ~HeatmapPage() override;

    // FigureView
    QString viewName() const override { return QStringLiteral("heatmap"); }
    QCustomPlot* figurePlot() const override;
    // One row per layer in the shown row order: layer,block,kind,step_<n>… with the metric's values.
    QString csv() const override;

    Selection* selection() const { return m_selection; }
    // Cell (checkpoint index k, row r) sits at plot coordinates (k, r); the map holds the metric's
    // value, NaN where it is not computed (and, with log colours, where it is ≤ 0).
    QCPColorMap* colorMap() const { return m_map; }
    QCPColorScale* colorScale() const { return m_scale; }
    // The rectangle outlining the selected (checkpoint, layer) cell; hidden when nothing is selected.
    QCPItemRect* selectionOutline() const { return m_outline; }
    // Horizontal lines between row groups (blocks or kinds), in row order.
    const std::vector<QCPItemStraightLine*>& separators() const { return m_separators; }

    RowOrder rowOrder() const { return m_rowOrder; }
    void setRowOrder(RowOrder order);
    // Store name of the shown metric ("w_rel_err", "act_kurtosis", …); empty when none.
    QString metric() const { return QString::fromStdString(m_metric); }
    // Shows `metric` if the selected config offers it (availableMetrics()); false otherwise.
    bool setMetric(const QString& metric);
    QStringList availableMetrics() const;
    bool logColor() const { return m_logColor; }
    void setLogColor(bool on);

    // Row of layer `layer` (store index) in the current order, and back; -1 when out of range.
    int rowOfLayer(int layer) const;
    int layerAtRow(int row) const;
    // Pixel centre of a cell in plot widget coordinates (valid after a replot has laid the plot out).
    QPointF cellCenter(int checkpoint, int layer) const;
    // The cell under widget pixel `pos`; false outside the cells.
    bool cellAt(const QPointF& pos, int* checkpoint, int* layer) const;
    // The metric's value for one cell read from the snapshot (NaN when absent), and its hover text.
    double value(int checkpoint, int layer) const;
    QString describeCell(int checkpoint, int layer) const;

public Q_SLOTS:
    // Selects layer `layer` at checkpoint `checkpoint` in the shared selection (what a click does).
    void selectCell(int checkpoint, int layer);

protected:
    void applyColors() override;
    void figureStyleChanged() override;
    QString toolTipAt(const QPointF& pos) const override;
    void clickedAt(const QPointF& pos) override;

private:
    const RunSnapshot* run() const;
    void rebuild();     // run or snapshot changed: rows, columns, ticks, separators
    void refreshData(); // config or metric changed: the cell values and the colour range
    void updateOutline();
    void setMapCell(int checkpoint, int row, double value);
    void updateTitle();
    // The metric's matrix (checkpoint × layer) of the config the map shows, or nullptr; `source`
    // gets the config it comes from. Resolved once per fill rather than once per cell.
    const std::vector<std::vector<double>>* shownMatrix(const ConfigSnapshot** source) const;

    Selection* m_selection = nullptr;
    // What the map was last built and filled for: a selection signal that changes neither (setSnapshot
    // emits snapshotChanged, runChanged and configChanged in a row) rebuilds nothing.
    const RunSnapshot* m_builtRun = nullptr;
    int m_filledConfig = -1;
    RowOrder m_rowOrder = RowOrder::ByBlock;
    std::string m_metric;
    bool m_logColor = false;
    bool m_logChosen = false;     // the user set the log option; keep it across metric changes
    std::vector<int> m_rowLayers; // row → layer index
    std::vector<int> m_layerRows; // layer index → row

    QComboBox* m_metricCombo = nullptr;
    QComboBox* m_orderCombo = nullptr;
    QCheckBox* m_logCheck = nullptr;
    QLabel* m_configLabel = nullptr;
    QCPTextElement* m_title = nullptr;
    QCPColorMap* m_map = nullptr;
    QCPColorScale* m_scale = nullptr;
    QCPItemRect* m_outline = nullptr;
    QCPItemRect* m_outlineHalo = nullptr;
    std::vector<QCPItemStraightLine*> m_separators;
};

} // namespace qs
