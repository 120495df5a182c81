// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Per-layer results of one (checkpoint, quantization config): one row per quantized layer, one
// column per per-layer metric the store holds.

#include "itemmodels/storesnapshot.h"

#include <QAbstractTableModel>

#include <string>
#include <vector>

namespace qs {

struct LayerTableData
{
    std::vector<LayerInfo> layers;
    std::vector<std::string> metricNames;    // column order
    std::vector<std::vector<double>> values; // [metric][layer]; NaN where not computed

    // The table of `run` at checkpoint `checkpoint` for config `config`; empty metric columns when
    // either index is out of range (the layer list is still shown).
    static LayerTableData fromRun(const RunSnapshot& run, int checkpoint, int config);
};

class LayerTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        NameColumn,
        BlockColumn,
        KindColumn,
        ShapeColumn,
        FirstMetricColumn,
    };

    enum Role
    {
        SortRole = Qt::UserRole + 1, // numbers where the column is numeric; invalid for NaN
        ValueRole,                   // metric value as double (NaN when not computed)
        LayerIndexRole,              // row's index in the store's layer list
        MetricNameRole,              // store name of a metric column (e.g. "w_rel_err")
    };

    explicit LayerTableModel(QObject* parent = nullptr);

    void setResults(LayerTableData data);
    const LayerTableData& results() const { return m_data; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Column title and description of a per-layer metric known by name; the raw name otherwise.
    static QString metricTitle(const std::string& metric);
    static QString metricDescription(const std::string& metric);
    // Position of a layer kind in the block (q, k, v, o, gate, up, down); 99 when unknown.
    static int kindOrder(const std::string& kind);

private:
    LayerTableData m_data;
};

} // namespace qs
