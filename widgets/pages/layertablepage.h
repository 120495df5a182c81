// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The per-layer table of one (checkpoint, quantization config), sortable by every column.

#include "itemmodels/storesnapshot.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace qs {

class LayerTableModel;

class LayerTablePage : public QWidget
{
    Q_OBJECT

public:
    explicit LayerTablePage(QWidget* parent = nullptr);
    ~LayerTablePage() override;

    // Shows run `runIndex` of `snapshot`; keeps the chosen config (by id) and checkpoint when they
    // still exist.
    void setSnapshot(StoreSnapshotPtr snapshot, int runIndex);
    // Shows checkpoint `index` (row of the run's checkpoint table).
    void setCheckpoint(int index);
    // Shows config `index` of the run.
    void setConfig(int index);

    int checkpoint() const { return m_checkpoint; }
    int config() const;
    LayerTableModel* model() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    QTableView* view() const { return m_view; }
    QString checkpointText() const;

private:
    const RunSnapshot* run() const;
    void refresh();

    StoreSnapshotPtr m_snapshot;
    int m_runIndex = -1;
    int m_checkpoint = -1;
    bool m_columnsFitted = false;

    QComboBox* m_configCombo = nullptr;
    QLabel* m_checkpointLabel = nullptr;
    QTableView* m_view = nullptr;
    LayerTableModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
};

} // namespace qs
