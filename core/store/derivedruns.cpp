// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/derivedruns.h"

#include "core/common/errors.h"

namespace qs {

std::vector<CheckpointRow> lawaTrajectory(const Store& store, const std::string& run, int window, int stride,
                                          const char* noun)
{
    std::vector<CheckpointRow> trajectory;
    for (const CheckpointRow& row : store.checkpoints(run)) {
        if (row.kind != "averaged")
            trajectory.push_back(row);
    }
    if (trajectory.size() <= lawaSpan(window, stride))
        throw ConfigError(store.path() + ": run '" + run + "' has " + std::to_string(trajectory.size()) + " " + noun
                          + ", too few for a LAWA window of " + std::to_string(window)
                          + (stride > 1 ? " every " + std::to_string(stride) : std::string()));
    return trajectory;
}

void checkDerivedRun(const Store& store, const std::string& name, const std::string& parent)
{
    if (store.hasRun(name) && store.runInfo(name).parent != parent)
        throw ConfigError(store.path() + ": run '" + name + "' exists and is not derived from '" + parent
                          + "'; choose another name");
}

void ensureDerivedRun(Store& store, const std::string& name, const std::string& parent)
{
    checkDerivedRun(store, name, parent);
    if (store.hasRun(name))
        return;
    RunInfo info = store.runInfo(parent);
    info.name = name;
    info.parent = parent;
    info.parentStep = -1;
    store.createRun(info, store.layers(parent));
}

} // namespace qs
