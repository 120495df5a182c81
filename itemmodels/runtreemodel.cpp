// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/runtreemodel.h"

#include "itemmodels/metricnames.h"

#include "core/common/metrics.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>

namespace qs {

namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();
const QLatin1String stepPrefix("step:");

QString formatNumber(double value, char format, int precision)
{
    return std::isnan(value) ? QString() : QString::number(value, format, precision);
}

// Relative CE as a signed percentage with fixed decimals, so a column lines up: "+0.557 %",
// "-0.024 %", "0.000 %" (the FP reference). The tooltip has the exact value.
QString formatPercent(double ratio)
{
    if (std::isnan(ratio))
        return {};
    const double percent = 100.0 * ratio;
    const QString text = QString::number(percent, 'f', 3);
    return (percent > 0.0 ? QStringLiteral("+") : QString()) + text + QStringLiteral(" %");
}

// KL spans decades between configs: mantissa and exponent, "4.48e-03"; exactly 0 for the reference.
QString formatKl(double kl)
{
    if (std::isnan(kl))
        return {};
    return kl == 0.0 ? QStringLiteral("0") : QString::number(kl, 'e', 2);
}

} // namespace

RunTreeModel::RunTreeModel(QObject* parent)
    : QAbstractItemModel(parent)
{
}

RunTreeModel::~RunTreeModel() = default;

void RunTreeModel::setSnapshot(StoreSnapshotPtr snapshot)
{
    beginResetModel();
    m_snapshot = std::move(snapshot);
    m_nodes.clear();
    m_runs.clear();
    if (m_snapshot) {
        for (int r = 0; r < int(m_snapshot->runs.size()); ++r) {
            const RunSnapshot& run = m_snapshot->runs[size_t(r)];
            const int runNode = int(m_nodes.size());
            m_nodes.push_back({NodeKind::Run, -1, r, r, -1, -1, {}});
            m_runs.push_back(runNode);
            for (int k = 0; k < int(run.checkpoints.size()); ++k) {
                const int checkpointNode = int(m_nodes.size());
                m_nodes.push_back({NodeKind::Checkpoint, runNode, k, r, k, -1, {}});
                m_nodes[size_t(runNode)].children.push_back(checkpointNode);
                for (int c = 0; c < int(run.configs.size()); ++c) {
                    const int configNode = int(m_nodes.size());
                    m_nodes.push_back({NodeKind::Config, checkpointNode, c, r, k, c, {}});
                    m_nodes[size_t(checkpointNode)].children.push_back(configNode);
                }
            }
        }
    }
    endResetModel();
}

void RunTreeModel::setSummaryConfig(const QString& configId)
{
    if (configId == m_summaryConfig)
        return;
    m_summaryConfig = configId;
    for (const int runNode : m_runs) {
        const Node& run = m_nodes[size_t(runNode)];
        if (run.children.empty())
            continue;
        const Node& first = m_nodes[size_t(run.children.front())];
        const Node& last = m_nodes[size_t(run.children.back())];
        Q_EMIT dataChanged(createIndex(first.row, RelCeColumn, quintptr(run.children.front())),
                           createIndex(last.row, KlMeanColumn, quintptr(run.children.back())));
    }
}

int RunTreeModel::summaryConfigIndex(int run) const
{
    if (!m_snapshot || run < 0 || run >= int(m_snapshot->runs.size()))
        return -1;
    const RunSnapshot& r = m_snapshot->runs[size_t(run)];
    if (!m_summaryConfig.isEmpty()) {
        const int chosen = r.configIndex(m_summaryConfig.toStdString());
        if (chosen >= 0)
            return chosen;
    }
    for (int c = 0; c < int(r.configs.size()); ++c) {
        if (!r.configs[size_t(c)].config.isFullPrecision())
            return c;
    }
    return r.configs.empty() ? -1 : 0;
}

QModelIndex RunTreeModel::runRow(int run) const
{
    if (run < 0 || run >= int(m_runs.size()))
        return {};
    return createIndex(run, 0, quintptr(m_runs[size_t(run)]));
}

QModelIndex RunTreeModel::checkpointRow(int run, int checkpoint) const
{
    if (run < 0 || run >= int(m_runs.size()))
        return {};
    const Node& node = m_nodes[size_t(m_runs[size_t(run)])];
    if (checkpoint < 0 || checkpoint >= int(node.children.size()))
        return {};
    return createIndex(checkpoint, 0, quintptr(node.children[size_t(checkpoint)]));
}

QModelIndex RunTreeModel::configRow(int run, int checkpoint, int config) const
{
    const QModelIndex parentRow = checkpointRow(run, checkpoint);
    if (!parentRow.isValid())
        return {};
    const Node& node = m_nodes[size_t(parentRow.internalId())];
    if (config < 0 || config >= int(node.children.size()))
        return {};
    return createIndex(config, 0, quintptr(node.children[size_t(config)]));
}

QString RunTreeModel::keyOf(const QModelIndex& index) const
{
    const Node* node = nodeOf(index);
    if (!node)
        return {};
    const RunSnapshot& run = m_snapshot->runs[size_t(node->run)];
    QString key = run.name();
    if (node->checkpoint >= 0)
        key += QLatin1Char('/') + stepPrefix + QString::number(run.checkpoints[size_t(node->checkpoint)].step);
    if (node->config >= 0)
        key += QLatin1Char('/') + QString::fromStdString(run.configs[size_t(node->config)].results.configId);
    return key;
}

QModelIndex RunTreeModel::indexForKey(const QString& key) const
{
    if (!m_snapshot || key.isEmpty())
        return {};
    const QStringList parts = key.split(QLatin1Char('/'));
    const int run = m_snapshot->runIndex(parts.at(0));
    if (run < 0 || parts.size() == 1)
        return runRow(run);
    const RunSnapshot& r = m_snapshot->runs[size_t(run)];
    if (!parts.at(1).startsWith(stepPrefix))
        return {};
    bool ok = false;
    const qint64 step = parts.at(1).mid(stepPrefix.size()).toLongLong(&ok);
    if (!ok)
        return {};
    const auto it = std::find_if(r.checkpoints.begin(), r.checkpoints.end(),
                                 [step](const CheckpointRow& row) { return row.step == step; });
    if (it == r.checkpoints.end())
        return {};
    const int checkpoint = int(it - r.checkpoints.begin());
    if (parts.size() == 2)
        return checkpointRow(run, checkpoint);
    return configRow(run, checkpoint, r.configIndex(parts.at(2).toStdString()));
}

const RunTreeModel::Node* RunTreeModel::nodeOf(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this || index.internalId() >= m_nodes.size())
        return nullptr;
    return &m_nodes[size_t(index.internalId())];
}

QModelIndex RunTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid())
        return row < int(m_runs.size()) ? createIndex(row, column, quintptr(m_runs[size_t(row)])) : QModelIndex();
    const Node* node = parent.column() == 0 ? nodeOf(parent) : nullptr;
    if (!node || row >= int(node->children.size()))
        return {};
    return createIndex(row, column, quintptr(node->children[size_t(row)]));
}

QModelIndex RunTreeModel::parent(const QModelIndex& child) const
{
    const Node* node = nodeOf(child);
    if (!node || node->parent < 0)
        return {};
    return createIndex(m_nodes[size_t(node->parent)].row, 0, quintptr(node->parent));
}

int RunTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(m_runs.size());
    if (parent.column() != 0)
        return 0;
    const Node* node = nodeOf(parent);
    return node ? int(node->children.size()) : 0;
}

int RunTreeModel::columnCount(const QModelIndex& parent) const
{
    Q_UNUSED(parent)
    return ColumnCount;
}

bool RunTreeModel::isDone(const Node& node) const
{
    const RunSnapshot& run = m_snapshot->runs[size_t(node.run)];
    switch (node.kind) {
    case NodeKind::Run:
        return true;
    case NodeKind::Checkpoint:
        return std::any_of(run.configs.begin(), run.configs.end(), [&](const ConfigSnapshot& config) {
            return !config.config.isFullPrecision() && config.isDone(node.checkpoint);
        });
    case NodeKind::Config:
        return run.configs[size_t(node.config)].isDone(node.checkpoint);
    }
    return false;
}

double RunTreeModel::value(const Node& node, int column) const
{
    const RunSnapshot& run = m_snapshot->runs[size_t(node.run)];
    if (column == NameColumn)
        return node.row;
    const CheckpointRow* checkpoint = nullptr;
    int config = -1;
    switch (node.kind) {
    case NodeKind::Run:
        if (!run.checkpoints.empty() && column != LrColumn)
            checkpoint = &run.checkpoints.back();
        break;
    case NodeKind::Checkpoint:
        checkpoint = &run.checkpoints[size_t(node.checkpoint)];
        config = summaryConfigIndex(node.run);
        break;
    case NodeKind::Config:
        config = node.config;
        break;
    }
    switch (column) {
    case StepColumn:
        return checkpoint ? double(checkpoint->step) : nan;
    case TokensColumn:
        return checkpoint ? double(checkpoint->tokens) : nan;
    case LrColumn:
        return checkpoint ? checkpoint->lr : nan;
    case FpLossColumn:
        return checkpoint ? checkpoint->fpValCe : nan;
    case RelCeColumn:
        return config >= 0 ? run.configs[size_t(config)].modelMetric(metrics::relCe, node.checkpoint) : nan;
    case KlMeanColumn:
        return config >= 0 ? run.configs[size_t(config)].modelMetric(metrics::klMean, node.checkpoint) : nan;
    default:
        return nan;
    }
}

QString RunTreeModel::name(const Node& node) const
{
    const RunSnapshot& run = m_snapshot->runs[size_t(node.run)];
    switch (node.kind) {
    case NodeKind::Run:
        return run.name();
    case NodeKind::Checkpoint: {
        const CheckpointRow& row = run.checkpoints[size_t(node.checkpoint)];
        QString text = tr("step %1").arg(row.step);
        if (row.kind != "trained")
            text += tr(" (%1)").arg(QString::fromStdString(row.kind));
        return text;
    }
    case NodeKind::Config:
        return run.configs[size_t(node.config)].label;
    }
    return {};
}

QString RunTreeModel::displayText(const Node& node, int column) const
{
    if (column == NameColumn)
        return name(node);
    const double v = value(node, column);
    switch (column) {
    case StepColumn:
    case TokensColumn:
        return std::isnan(v) ? QString() : QString::number(qint64(v));
    case LrColumn:
        return formatNumber(v, 'g', 3);
    case FpLossColumn:
        return formatNumber(v, 'f', 4);
    case RelCeColumn:
    case KlMeanColumn: {
        // The value ± its standard error over the evaluation units when the store holds one.
        const bool rel = column == RelCeColumn;
        const QString text = rel ? formatPercent(v) : formatKl(v);
        const double se = standardError(node, rel ? metrics::relCe : metrics::klMean);
        if (text.isEmpty() || !std::isfinite(se) || se == 0.0)
            return text;
        return text + QStringLiteral(" ± ") + (rel ? QString::number(100.0 * se, 'f', 3) : QString::number(se, 'e', 1));
    }
    default:
        return {};
    }
}

double RunTreeModel::standardError(const Node& node, const char* metric) const
{
    const RunSnapshot& run = m_snapshot->runs[size_t(node.run)];
    const int config = node.kind == NodeKind::Config ? node.config
        : node.kind == NodeKind::Checkpoint          ? summaryConfigIndex(node.run)
                                                     : -1;
    return config >= 0 ? run.configs[size_t(config)].modelMetric(standardErrorName(metric), node.checkpoint)
                       : std::numeric_limits<double>::quiet_NaN();
}

QString RunTreeModel::toolTip(const Node& node, int column) const
{
    const RunSnapshot& run = m_snapshot->runs[size_t(node.run)];
    if (node.kind == NodeKind::Run) {
        QStringList lines;
        lines << tr("Run %1").arg(run.name());
        lines << tr("LR schedule: %1")
                     .arg(run.info.schedule.empty() ? tr("unknown") : QString::fromStdString(run.info.schedule));
        lines << tr("Checkpoints: %1, layers: %2, configs: %3")
                     .arg(run.checkpoints.size())
                     .arg(run.layers.size())
                     .arg(run.configs.size());
        if (!run.info.corpus.empty())
            lines << tr("Corpus: %1").arg(QString::fromStdString(run.info.corpus));
        if (!run.checkpoints.empty())
            lines << tr("Numbers: the latest checkpoint's");
        return lines.join(QLatin1Char('\n'));
    }

    const CheckpointRow& row = run.checkpoints[size_t(node.checkpoint)];
    if (node.kind == NodeKind::Checkpoint) {
        if (column == RelCeColumn || column == KlMeanColumn) {
            const int config = summaryConfigIndex(node.run);
            if (config < 0)
                return tr("This run has no quantization config");
            const ConfigSnapshot& cfg = run.configs[size_t(config)];
            const double v = value(node, column);
            return tr("%1 at this checkpoint: %2")
                .arg(cfg.label, std::isnan(v) ? tr("not computed yet") : QString::number(v, 'g', 10));
        }
        QStringList lines;
        lines << tr("Checkpoint %1: step %2, %3 tokens").arg(node.checkpoint).arg(row.step).arg(row.tokens);
        lines << tr("LR %1, FP validation CE %2")
                     .arg(QString::number(row.lr, 'g', 6),
                          std::isfinite(row.fpValCe) ? QString::number(row.fpValCe, 'f', 6) : tr("not measured"));
        int done = 0;
        for (const ConfigSnapshot& config : run.configs)
            done += config.isDone(node.checkpoint) ? 1 : 0;
        lines << tr("%1 of %2 configs computed").arg(done).arg(run.configs.size());
        if (!row.path.empty())
            lines << tr("File: %1").arg(QString::fromStdString(row.path));
        return lines.join(QLatin1Char('\n'));
    }

    const ConfigSnapshot& config = run.configs[size_t(node.config)];
    QStringList lines;
    lines << tr("%1 (%2) at step %3").arg(config.label, QString::fromStdString(config.results.configId)).arg(row.step);
    if (!config.isDone(node.checkpoint)) {
        lines << tr("Not computed yet");
        return lines.join(QLatin1Char('\n'));
    }
    // Each value with its uncertainty over the evaluation units: ± the standard error, or KL p99's 95 %
    // bootstrap interval.
    const auto add = [&](const char* metric, const QString& title) {
        const double v = config.modelMetric(metric, node.checkpoint);
        if (std::isnan(v))
            return;
        const double se = config.modelMetric(standardErrorName(metric), node.checkpoint);
        const double lo = config.modelMetric(lowerBoundName(metric), node.checkpoint);
        const double hi = config.modelMetric(upperBoundName(metric), node.checkpoint);
        QString text = QString::number(v, 'g', 6);
        if (std::isfinite(se))
            text = tr("%1 ± %2 (s.e.)").arg(text, QString::number(se, 'g', 2));
        else if (std::isfinite(lo) && std::isfinite(hi))
            text = tr("%1 (95 % interval %2 – %3)").arg(text, QString::number(lo, 'g', 4), QString::number(hi, 'g', 4));
        lines << tr("%1: %2").arg(title, text);
    };
    add(metrics::ce, MetricNames::title(metrics::ce));
    add(metrics::deltaCe, MetricNames::shortTitle(metrics::deltaCe));
    add(metrics::relCe, MetricNames::title(metrics::relCe));
    add(metrics::klMean, MetricNames::title(metrics::klMean));
    add(metrics::klP99, MetricNames::shortTitle(metrics::klP99));
    add(metrics::top1Agree, MetricNames::shortTitle(metrics::top1Agree));
    return lines.join(QLatin1Char('\n'));
}

QVariant RunTreeModel::data(const QModelIndex& index, int role) const
{
    const Node* node = nodeOf(index);
    if (!node || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return displayText(*node, column);
    case Qt::ToolTipRole:
        return toolTip(*node, column);
    case Qt::TextAlignmentRole:
        return column == NameColumn ? QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter)
                                    : QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case ValueRole:
        return value(*node, column);
    case NodeKindRole:
        return int(node->kind);
    case RunIndexRole:
        return node->run;
    case CheckpointIndexRole:
        return node->checkpoint;
    case ConfigIndexRole:
        return node->config;
    case DoneRole:
        return isDone(*node);
    case FilterTextRole: {
        QString text = name(*node);
        if (node->kind == NodeKind::Config) {
            const ConfigSnapshot& config = m_snapshot->runs[size_t(node->run)].configs[size_t(node->config)];
            text += QLatin1Char(' ') + QString::fromStdString(config.results.configId);
        }
        return text;
    }
    case KeyRole:
        return keyOf(index);
    default:
        return {};
    }
}

QVariant RunTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractItemModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn:
            return tr("run / checkpoint / config");
        case StepColumn:
            return tr("step");
        case TokensColumn:
            return tr("tokens");
        case LrColumn:
            return tr("LR");
        case FpLossColumn:
            return tr("FP loss");
        case RelCeColumn:
            return tr("rel. CE");
        case KlMeanColumn:
            return MetricNames::shortTitle(metrics::klMean);
        default:
            break;
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case NameColumn:
            return tr("Runs, their checkpoints, and the quantization configs computed at each");
        case StepColumn:
            return tr("Optimizer steps (on a run: its latest checkpoint's)");
        case TokensColumn:
            return tr("Training tokens seen (on a run: its latest checkpoint's)");
        case LrColumn:
            return tr("Learning rate of the update that produced the checkpoint");
        case FpLossColumn:
            return tr("Validation cross-entropy of the full-precision checkpoint, nats per byte");
        case RelCeColumn:
            return tr("CE(quantized) / CE(full precision) − 1 on the validation bytes; on a checkpoint row, "
                      "the selected config's value");
        case KlMeanColumn:
            return tr("Mean KL divergence of the quantized next-byte distribution from the full-precision "
                      "one, nats; on a checkpoint row, the selected config's value");
        default:
            break;
        }
    }
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(section == NameColumn ? Qt::AlignLeft | Qt::AlignVCenter
                                                         : Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

RunTreeFilterModel::RunTreeFilterModel(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(true);
    setAutoAcceptChildRows(true);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
    setFilterKeyColumn(RunTreeModel::NameColumn);
    setFilterRole(RunTreeModel::FilterTextRole);
    setSortRole(RunTreeModel::ValueRole);
}

void RunTreeFilterModel::setFilterText(const QString& text)
{
    setFilterFixedString(text.trimmed());
}

bool RunTreeFilterModel::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    const double a = left.data(sortRole()).toDouble();
    const double b = right.data(sortRole()).toDouble();
    // Blank cells go last whichever way the column is sorted.
    // Ties (both blank included) are neither less nor greater: the stable sort keeps store order.
    if (std::isnan(a) || std::isnan(b))
        return std::isnan(a) != std::isnan(b) && (sortOrder() == Qt::AscendingOrder ? std::isnan(b) : std::isnan(a));
    return a < b;
}

} // namespace qs
