// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What names a weight average, read from outside input (the command line, recipes): LAWA's window and
// stride and the run it makes, and soup ingredients. No torch: the recipe reader and its fuzzer use it;
// the averaging itself is core/engine/averaging.h.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace qs {

// LAWA's window (checkpoints averaged) and stride (every stride-th checkpoint) ranges.
inline constexpr int lawaMinWindow = 2, lawaMaxWindow = 1000, lawaMaxStride = 1000;

// The run LAWA makes from `run`: `<run>.lawa<window>` (`.lawa<window>s<stride>` for stride > 1).
std::string lawaRunName(const std::string& run, int window, int stride);
// ConfigError naming the value and its range when `window` or `stride` is outside them.
void checkLawaWindow(int window, int stride);
// How far back a LAWA window reaches: its first checkpoint is this many rows before its last.
inline size_t lawaSpan(int window, int stride)
{
    return size_t(window - 1) * size_t(stride);
}

// One ingredient of a soup: a checkpoint of a run of the store, with its weight in the average.
struct SoupIngredient
{
    std::string run;
    int64_t step = 0;
    double weight = 1.0;
};

// Parses "run@step" or "run@step*weight"; "run" alone is the run's last checkpoint (step -1). The step
// is a whole number >= 0, the weight a finite number > 0; ConfigError naming the ingredient otherwise.
SoupIngredient parseSoupIngredient(const std::string& text);

// What an averaging call did (core/engine/averaging.h, core/hf/hfaverage.h).
struct AveragingSummary
{
    std::string run;
    int created = 0; // checkpoints added to the store now
    int reused = 0;  // already in the store
    // Of `created`: revision folders (Hugging Face runs) found complete on disk from an earlier call
    // and taken as they are, not averaged again.
    int foldersReused = 0;
};

} // namespace qs
