// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The store as a tree, runs → checkpoints → quantization configs, with each row's key numbers, and
// the filter proxy the run browser shows it through.
//
// What the number columns hold per row kind:
//   run rows        step, tokens and FP loss of the run's latest checkpoint (how far it trained);
//                   LR, relative CE and KL blank; schedule, checkpoints, corpus in the tooltip.
//   checkpoint rows step, tokens, LR and FP validation CE of the checkpoint; relative CE and KL mean
//                   of the run's *summary config* at that checkpoint (setSummaryConfig: the config the
//                   user selected; the run's first quantized config when unset or absent in the run),
//                   so sorting checkpoints by damage follows the selected config.
//   config rows     relative CE and KL mean of that config at the parent checkpoint; the other
//                   number columns blank (they are the parent's).
// ValueRole holds every number as a double, NaN where blank, and is what RunTreeFilterModel sorts
// by. The name column sorts in store order (checkpoints by step, configs as the sweep added them).

#include "itemmodels/storesnapshot.h"

#include <QAbstractItemModel>
#include <QSortFilterProxyModel>

#include <string>
#include <vector>

namespace qs {

class RunTreeModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column
    {
        NameColumn,
        StepColumn,
        TokensColumn, // display is the exact count; the view formats it (formatCount)
        LrColumn,
        FpLossColumn,
        RelCeColumn,
        KlMeanColumn,
        ColumnCount,
    };

    enum class NodeKind
    {
        Run,
        Checkpoint,
        Config,
    };

    enum Role
    {
        ValueRole = Qt::UserRole + 1, // double; NaN where the cell is blank; row order for NameColumn
        NodeKindRole,                 // int(NodeKind)
        RunIndexRole,                 // index into StoreSnapshot::runs
        CheckpointIndexRole,          // row of the run's checkpoint table; -1 on run rows
        ConfigIndexRole,              // index into RunSnapshot::configs; -1 on run and checkpoint rows
        DoneRole,                     // bool: config rows: result computed; checkpoint rows: any quantized
                                      // config computed; run rows: true
        FilterTextRole,               // what the text filter searches (names, labels, config ids)
        KeyRole,                      // QString naming the row across reloads (see keyOf())
    };

    explicit RunTreeModel(QObject* parent = nullptr);
    ~RunTreeModel() override;

    // Rebuilds the tree (a model reset). Views keep their state through keys (KeyRole, indexForKey).
    void setSnapshot(StoreSnapshotPtr snapshot);
    const StoreSnapshotPtr& snapshot() const { return m_snapshot; }

    // The config whose numbers checkpoint rows show, by id (e.g. "rtn_w4_g128_sym"); empty = each
    // run's first quantized config. Emits dataChanged for the checkpoint rows' number columns.
    void setSummaryConfig(const QString& configId);
    const QString& summaryConfig() const { return m_summaryConfig; }
    // The config index checkpoint rows of run `run` summarize; -1 if the run has no config.
    int summaryConfigIndex(int run) const;

    // Index (column 0) of a run, a checkpoint of a run, or a config at a checkpoint; invalid when out
    // of range.
    QModelIndex runRow(int run) const;
    QModelIndex checkpointRow(int run, int checkpoint) const;
    QModelIndex configRow(int run, int checkpoint, int config) const;

    // Names a row so that it is found again in a newer snapshot of the same store: "run",
    // "run/step:N" (checkpoint by step), "run/step:N/config-id". Names never contain '/'.
    QString keyOf(const QModelIndex& index) const;
    QModelIndex indexForKey(const QString& key) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Node
    {
        NodeKind kind = NodeKind::Run;
        int parent = -1; // node index; -1 for runs
        int row = 0;     // row under the parent
        int run = -1;
        int checkpoint = -1;
        int config = -1;
        std::vector<int> children; // node indices
    };

    const Node* nodeOf(const QModelIndex& index) const;
    double value(const Node& node, int column) const;
    // The standard error of model metric `metric` where value() reads it; NaN without one.
    double standardError(const Node& node, const char* metric) const;
    QString displayText(const Node& node, int column) const;
    QString name(const Node& node) const;
    QString toolTip(const Node& node, int column) const;
    bool isDone(const Node& node) const;

    StoreSnapshotPtr m_snapshot;
    QString m_summaryConfig;
    std::vector<Node> m_nodes;
    std::vector<int> m_runs; // node index of each run
};

// Sorts by RunTreeModel::ValueRole with blank cells (NaN) last in either order, and filters on the
// name column's FilterTextRole, case-insensitively. Rows whose descendants match stay (their
// parents are kept), and so do the children of a matching row.
class RunTreeFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit RunTreeFilterModel(QObject* parent = nullptr);

    void setFilterText(const QString& text);

protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;
};

} // namespace qs
