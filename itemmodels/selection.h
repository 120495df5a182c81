// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the user is looking at, shared by every page: the store snapshot, and in it a run, a
// checkpoint, a quantization config and a layer. Pages read from it and write to it; a click in one
// view (a heatmap cell, a trajectory point, a tree row) selects the same thing everywhere.

#include "itemmodels/storesnapshot.h"

#include <QObject>

namespace qs {

class Selection : public QObject
{
    Q_OBJECT

public:
    explicit Selection(QObject* parent = nullptr);

    StoreSnapshotPtr snapshot() const { return m_snapshot; }
    const RunSnapshot* run() const;
    const ConfigSnapshot* config() const;
    const LayerInfo* layer() const;
    int runIndex() const { return m_run; }
    int checkpoint() const { return m_checkpoint; }
    int configIndex() const { return m_config; }
    int layerIndex() const { return m_layer; }

    // A newer snapshot of the same store (or another store): the run, config and layer are kept by
    // name where they still exist, the checkpoint by index where it still exists; otherwise the first
    // run, the first quantized config, the last checkpoint with results, the first FC2 layer.
    void setSnapshot(StoreSnapshotPtr snapshot);
    void setRun(int index);
    void setCheckpoint(int index);
    void setConfig(int index);
    void setLayer(int index);
    // Moves the checkpoint / layer by `delta`, clamped to the run (keyboard navigation).
    void stepCheckpoint(int delta);
    void stepLayer(int delta);

Q_SIGNALS:
    // The snapshot changed (a reload): every page redraws. Emitted before the finer signals below.
    void snapshotChanged();
    void runChanged(int index);
    void checkpointChanged(int index);
    void configChanged(int index);
    void layerChanged(int index);

private:
    void chooseDefaults();

    StoreSnapshotPtr m_snapshot;
    int m_run = -1;
    int m_checkpoint = -1;
    int m_config = -1;
    int m_layer = -1;
};

// The checkpoint a run opens on: the last one with any quantized result, else the last one.
int defaultCheckpoint(const RunSnapshot& run);

} // namespace qs
