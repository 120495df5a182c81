#include "models/layertablemodel.h"

#include <array>
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
    if (metric == "w_rel_err")
        return tr("weight rel. error");
    if (metric == "sqnr_db")
        return tr("SQNR (dB)");
    if (metric == "gptq_loss")
        return tr("GPTQ loss");
    if (metric == "damp_used")
        return tr("GPTQ damping");
    if (metric == "act_kurtosis")
        return tr("input kurtosis");
    if (metric == "act_absmax")
        return tr("input absmax");
    if (metric == "act_absmax_median")
        return tr("absmax / median");
    if (metric == "act_outliers")
        return tr("outlier channels (>6)");
    return QString::fromStdString(metric);
}

QString LayerTableModel::metricDescription(const std::string& metric)
{
    if (metric == "w_rel_err")
        return tr("Relative weight error ‖Ŵ − W‖ / ‖W‖ (Frobenius norm)");
    if (metric == "gptq_loss")
        return tr("GPTQ's per-layer loss Σ (w − q)² / [H⁻¹]ᵢᵢ² / 2 (the reference implementation's number)");
    if (metric == "damp_used")
        return tr("Damping added to the Hessian's diagonal (raised when the Cholesky factorisation failed)");
    if (metric == "sqnr_db")
        return tr("Signal-to-quantization-noise ratio of the layer's output on the calibration inputs, "
                  "10·log₁₀(‖Y‖² / ‖Y − Ŷ‖²) in dB; higher is better. Empty where the layer is not quantized");
    if (metric == "act_kurtosis")
        return tr("Pearson kurtosis of the layer's input activations (3 for a Gaussian; large values mean "
                  "heavy tails that make activation quantization hard). Measured on the full-precision model");
    if (metric == "act_absmax")
        return tr("Largest |x| of the layer's input activations, the full-precision model's");
    if (metric == "act_absmax_median")
        return tr("Largest |x| of the layer's input activations divided by their median |x|: how far the "
                  "outliers stretch an absmax quantization grid");
    if (metric == "act_outliers")
        return tr("Number of input channels whose largest |x| exceeds 6 (the outlier magnitude of LLM.int8())");
    return tr("Per-layer metric \"%1\" from the store").arg(QString::fromStdString(metric));
}

int LayerTableModel::kindOrder(const std::string& kind)
{
    static constexpr std::array<const char*, 7> order {"q", "k", "v", "o", "gate", "up", "down"};
    for (size_t i = 0; i < order.size(); ++i) {
        if (kind == order[i])
            return int(i);
    }
    return 99;
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
