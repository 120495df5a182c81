// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Whether two stored results differ by more than the evaluation's noise: a paired test on
// the per-unit sums both entries stored (ResultEntry::units) — two checkpoints of one config, two configs
// at one checkpoint, two runs evaluated on the same tokens (LAWA against the cooldown) — by a bootstrap
// over the evaluation units (core/common/statistics.h). What `quantscope compare`, the PTQ page and the
// recipe reports show.

#include "core/common/statistics.h"

#include <string>
#include <vector>

namespace qs {

class Store;

// One stored result: run, config and checkpoint row.
struct EntryRef
{
    std::string run;
    std::string config;
    int checkpoint = -1;
};

// Reads "RUN:CONFIG@STEP", "RUN:CONFIG@#INDEX" (the checkpoint's row) or "RUN:CONFIG@last" (the last
// checkpoint with a result of that config). ConfigError naming what is wrong: the form, an unknown run
// or config (with the ones there are), a step no checkpoint has, a step two checkpoints share.
EntryRef parseEntryRef(const Store& store, const std::string& text);
// "run:config@step" (with the row when two checkpoints share the step).
std::string describeEntry(const Store& store, const EntryRef& entry);

// The metrics a paired test compares: means over the evaluation's tokens, made from the per-unit sums.
// delta_ce pairs each entry with its own FP model first, so across checkpoints or runs it compares
// quantization damage, not the models' CE.
const std::vector<std::string>& comparableMetrics();

struct EntryComparison
{
    std::string metric;
    double a = 0.0, b = 0.0;      // each entry's value, from its per-unit sums
    stats::PairedComparison test; // of b − a
};

// The paired test of `metric` between a and b. ConfigError when the metric is not comparable, an entry
// is not computed or has no per-unit sums (swept before QuantScope stored them), or the two were not
// evaluated on the same tokens (another evaluation set: unit counts or tokens per unit differ, or the
// runs' evaluation data differ).
EntryComparison compareEntries(const Store& store, const EntryRef& a, const EntryRef& b, const std::string& metric,
                               double level = 0.95, const stats::Bootstrap& bootstrap = {});

// What a run is evaluated on, in words that are equal exactly when two runs score the same tokens: the
// Hugging Face run's recorded evaluation data, or the trainer run's corpus, sequence length and number of
// validation sequences.
std::string evaluationData(const Store& store, const std::string& run);

} // namespace qs
