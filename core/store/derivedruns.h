// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Runs derived from another run of the store: the trajectory a LAWA window slides over and the run an
// average (LAWA, EMA, a soup) is written to, created with its parent's configs, layers and source.
// No Qt, no torch.

#include "core/config/averagingspec.h"
#include "core/store/store.h"

#include <string>
#include <vector>

namespace qs {

// The rows of `run` LAWA slides its window over: its checkpoints without the averaged ones. ConfigError
// naming the store, the run and how many it has (`noun`: "checkpoints", "revisions") when they are too
// few for one window.
std::vector<CheckpointRow> lawaTrajectory(const Store& store, const std::string& run, int window, int stride,
                                          const char* noun);

// ConfigError when a run `name` exists that is not derived from `parent`: checked before any work.
void checkDerivedRun(const Store& store, const std::string& name, const std::string& parent);
// The run of an average, created on first use with the parent's configs, layers and `source` (its
// evaluation data or train config), so it sweeps like the parent; ConfigError as checkDerivedRun.
void ensureDerivedRun(Store& store, const std::string& name, const std::string& parent);

} // namespace qs
