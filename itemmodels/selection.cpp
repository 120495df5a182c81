// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/selection.h"

#include "core/common/kinds.h"

#include <algorithm>

namespace qs {

namespace {

int firstQuantizedConfig(const RunSnapshot& run)
{
    for (int i = 0; i < int(run.configs.size()); ++i) {
        if (!run.configs[size_t(i)].config.isFullPrecision())
            return i;
    }
    return run.configs.empty() ? -1 : 0;
}

int firstLayerOfKind(const RunSnapshot& run, const std::string& kind)
{
    for (int i = 0; i < int(run.layers.size()); ++i) {
        if (run.layers[size_t(i)].kind == kind)
            return i;
    }
    return run.layers.empty() ? -1 : 0;
}

} // namespace

int defaultCheckpoint(const RunSnapshot& run)
{
    for (int i = int(run.checkpoints.size()) - 1; i >= 0; --i) {
        for (const ConfigSnapshot& config : run.configs) {
            if (!config.config.isFullPrecision() && config.isDone(i))
                return i;
        }
    }
    return int(run.checkpoints.size()) - 1;
}

Selection::Selection(QObject* parent)
    : QObject(parent)
{
}

const RunSnapshot* Selection::run() const
{
    if (!m_snapshot || m_run < 0 || m_run >= int(m_snapshot->runs.size()))
        return nullptr;
    return &m_snapshot->runs[size_t(m_run)];
}

const ConfigSnapshot* Selection::config() const
{
    const RunSnapshot* r = run();
    if (!r || m_config < 0 || m_config >= int(r->configs.size()))
        return nullptr;
    return &r->configs[size_t(m_config)];
}

const LayerInfo* Selection::layer() const
{
    const RunSnapshot* r = run();
    if (!r || m_layer < 0 || m_layer >= int(r->layers.size()))
        return nullptr;
    return &r->layers[size_t(m_layer)];
}

void Selection::setSnapshot(StoreSnapshotPtr snapshot)
{
    const RunSnapshot* old = run();
    const QString runName = old ? old->name() : QString();
    const std::string configId = config() ? config()->results.configId : std::string();
    const std::string layerName = layer() ? layer()->name : std::string();
    const bool sameStore = m_snapshot && snapshot && m_snapshot->path == snapshot->path;
    const int checkpoint = m_checkpoint;

    m_snapshot = std::move(snapshot);
    m_run = m_checkpoint = m_config = m_layer = -1;
    if (m_snapshot && !m_snapshot->runs.empty()) {
        m_run = runName.isEmpty() ? -1 : m_snapshot->runIndex(runName);
        if (m_run < 0) {
            m_run = 0;
        } else if (sameStore) {
            const RunSnapshot& r = *run();
            m_config = configId.empty() ? -1 : r.configIndex(configId);
            for (int i = 0; i < int(r.layers.size()) && !layerName.empty(); ++i) {
                if (r.layers[size_t(i)].name == layerName)
                    m_layer = i;
            }
            if (checkpoint >= 0 && checkpoint < int(r.checkpoints.size()))
                m_checkpoint = checkpoint;
        }
        chooseDefaults();
    }
    Q_EMIT snapshotChanged();
    Q_EMIT runChanged(m_run);
    Q_EMIT configChanged(m_config);
    Q_EMIT checkpointChanged(m_checkpoint);
    Q_EMIT layerChanged(m_layer);
}

void Selection::chooseDefaults()
{
    const RunSnapshot* r = run();
    if (!r)
        return;
    if (m_config < 0)
        m_config = firstQuantizedConfig(*r);
    if (m_checkpoint < 0)
        m_checkpoint = defaultCheckpoint(*r);
    if (m_layer < 0)
        m_layer = firstLayerOfKind(*r, layerkinds::down);
}

void Selection::setRun(int index)
{
    if (!m_snapshot || index == m_run || index < 0 || index >= int(m_snapshot->runs.size()))
        return;
    m_run = index;
    m_checkpoint = m_config = m_layer = -1;
    chooseDefaults();
    Q_EMIT runChanged(m_run);
    Q_EMIT configChanged(m_config);
    Q_EMIT checkpointChanged(m_checkpoint);
    Q_EMIT layerChanged(m_layer);
}

void Selection::setCheckpoint(int index)
{
    const RunSnapshot* r = run();
    if (!r || index == m_checkpoint || index < 0 || index >= int(r->checkpoints.size()))
        return;
    m_checkpoint = index;
    Q_EMIT checkpointChanged(m_checkpoint);
}

void Selection::setConfig(int index)
{
    const RunSnapshot* r = run();
    if (!r || index == m_config || index < 0 || index >= int(r->configs.size()))
        return;
    m_config = index;
    Q_EMIT configChanged(m_config);
}

void Selection::setLayer(int index)
{
    const RunSnapshot* r = run();
    if (!r || index == m_layer || index < 0 || index >= int(r->layers.size()))
        return;
    m_layer = index;
    Q_EMIT layerChanged(m_layer);
}

void Selection::stepCheckpoint(int delta)
{
    if (const RunSnapshot* r = run(); r && !r->checkpoints.empty())
        setCheckpoint(std::clamp(m_checkpoint + delta, 0, int(r->checkpoints.size()) - 1));
}

void Selection::stepLayer(int delta)
{
    if (const RunSnapshot* r = run(); r && !r->layers.empty())
        setLayer(std::clamp(m_layer + delta, 0, int(r->layers.size()) - 1));
}

} // namespace qs
