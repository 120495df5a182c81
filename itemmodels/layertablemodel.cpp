// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/layertablemodel.h"

#include "itemmodels/metricnames.h"

#include "core/common/kinds.h"

#include <cmath>
#include <limits>

namespace qs {

LayerTableData LayerTableData::fromRun(const RunSnapshot& run, int checkpoint, int config)
{
    LayerTableData data;
    data.layers = run.layers;
    if (config < 0 || config >= int(run.configs.size()))
        return data;
    const ConfigSnapshot& cfg = run.configs[size_t(config)];
    const bool done = cfg.isDone(checkpoint);
    for (const auto& [metric, rows] : cfg.results.layers) {
        std::vector<double> column(data.layers.size(), std::numeric_limits<double>::quiet_NaN());
        if (done && checkpoint < int(rows.size())) {
            const std::vector<double>& row = rows[size_t(checkpoint)];
            for (size_t i = 0; i < column.size() && i < row.size(); ++i)
                column[i] = row[i];
        }
        data.metricNames.push_back(metric);
        data.values.push_back(std::move(column));
    }
    return data;
}

LayerTableModel::LayerTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void LayerTableModel::setResults(LayerTableData data)
{
    beginResetModel();
    m_data = std::move(data);
    endResetModel();
}

int LayerTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_data.layers.size());
}

int LayerTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : FirstMetricColumn + int(m_data.metricNames.size());
}

QString LayerTableModel::metricTitle(const std::string& metric)
{
    return MetricNames::title(metric);
}

QString LayerTableModel::metricDescription(const std::string& metric)
{
    const QString description = MetricNames::description(metric);
    return description.isEmpty() ? tr("Per-layer metric \"%1\" from the store").arg(QString::fromStdString(metric))
                                 : description;
}

int LayerTableModel::kindOrder(const std::string& kind)
{
    return layerKindOrder(kind);
}

QVariant LayerTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const size_t row = size_t(index.row());
    const LayerInfo& layer = m_data.layers[row];
    const int column = index.column();

    if (role == LayerIndexRole)
        return int(row);

    if (column >= FirstMetricColumn) {
        const size_t metric = size_t(column - FirstMetricColumn);
        const double value = m_data.values[metric][row];
        switch (role) {
        case Qt::DisplayRole:
            return std::isnan(value) ? tr("–") : QString::number(value, 'g', 4);
        case ValueRole:
            return value;
        case SortRole:
            return std::isnan(value) ? QVariant() : QVariant(value);
        case MetricNameRole:
            return QString::fromStdString(m_data.metricNames[metric]);
        case Qt::TextAlignmentRole:
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        case Qt::ToolTipRole:
            return std::isnan(value) ? tr("Not computed for this checkpoint yet") : QString::number(value, 'g', 10);
        default:
            return {};
        }
    }

    switch (column) {
    case NameColumn:
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
            return QString::fromStdString(layer.name);
        if (role == SortRole)
            return int(row); // store order is the model's natural order (layers.2 before layers.10)
        break;
    case BlockColumn:
        if (role == Qt::DisplayRole || role == SortRole)
            return layer.block;
        if (role == Qt::TextAlignmentRole)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case KindColumn:
        if (role == Qt::DisplayRole)
            return QString::fromStdString(layer.kind);
        if (role == SortRole)
            return kindOrder(layer.kind);
        break;
    case ShapeColumn:
        if (role == Qt::DisplayRole)
            return tr("%1 × %2").arg(layer.rows).arg(layer.cols);
        if (role == SortRole)
            return qlonglong(layer.rows * layer.cols);
        if (role == Qt::ToolTipRole)
            return tr("%1 out × %2 in features, %3 weights")
                .arg(layer.rows)
                .arg(layer.cols)
                .arg(layer.rows * layer.cols);
        if (role == Qt::TextAlignmentRole)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    default:
        break;
    }
    return {};
}

QVariant LayerTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section >= FirstMetricColumn) {
        const std::string& metric = m_data.metricNames[size_t(section - FirstMetricColumn)];
        if (role == Qt::DisplayRole)
            return metricTitle(metric);
        if (role == Qt::ToolTipRole)
            return metricDescription(metric);
        if (role == MetricNameRole)
            return QString::fromStdString(metric);
        return {};
    }
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn:
            return tr("layer");
        case BlockColumn:
            return tr("block");
        case KindColumn:
            return tr("kind");
        case ShapeColumn:
            return tr("shape");
        default:
            break;
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case NameColumn:
            return tr("Tensor name in the checkpoint");
        case BlockColumn:
            return tr("Transformer block index");
        case KindColumn:
            return tr("Projection: q, k, v, o (attention) or gate, up, down (MLP)");
        case ShapeColumn:
            return tr("Out features × in features");
        default:
            break;
        }
    }
    return {};
}

} // namespace qs
