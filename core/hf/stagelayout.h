// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Where the checkpoints of a multi-stage run sit on a trajectory's x axis. OLMo-2 counts
// steps (and sometimes tokens) from 0 again in every stage, and its stage-2 "ingredients" are separate
// mid-training runs that all start from the end of stage 1. Plotted against the raw step, stage 2 would
// be drawn on top of stage 1's start. Here every stage continues from where the stage it came from
// ended: x = the parent's end + the stage's own count when the count restarts, the count itself when
// it continues. Ingredients (stages with the same number, "stage2-ingredient1", "stage2-ingredient2",
// …) branch from the same point, each its own segment, side by side: x is cumulative along each branch,
// as a researcher reads "tokens seen by this model". No Qt, no torch.

#include "core/store/store.h"

#include <string>
#include <vector>

namespace qs {

enum class TrajectoryAxis
{
    Step,   // cumulative optimizer steps
    Tokens, // cumulative tokens seen
    Order,  // checkpoints along the branch: 0, 1, 2, …
};

struct StageSegment
{
    std::string stage;            // as stored ("" for checkpoints without a stage)
    std::vector<int> checkpoints; // indices into the run's checkpoints, in store order
    // The segment this one continues or branches from: the last earlier segment that is not a sibling
    // (siblings: stages with the same number, e.g. the ingredients of stage 2). -1 for the first.
    int parent = -1;
    // 0 for the main line; 1, 2, … for each of two or more segments that branch from one parent (the
    // k-th ingredient), so that a plot can draw them in different line styles. A segment that is its
    // parent's only child keeps the parent's lane.
    int lane = 0;
    bool stepsRestart = false;  // the stage counts steps from 0 again
    bool tokensRestart = false; // the stage counts tokens from 0 again
};

struct StageLayout
{
    std::vector<StageSegment> segments; // in the order of their first checkpoint
    std::vector<int> segmentOf;         // per checkpoint: its segment
    std::vector<double> steps;          // per checkpoint: x on the Step axis
    std::vector<double> tokens;         // per checkpoint: x on the Tokens axis
    std::vector<double> order;          // per checkpoint: x on the Order axis

    // More than one stage: the raw step is no x axis then.
    bool multiStage() const { return segments.size() > 1; }
    double x(TrajectoryAxis axis, int checkpoint) const;
    // [first, last] x of a segment's own checkpoints on `axis`.
    std::pair<double, double> span(TrajectoryAxis axis, int segment) const;
};

// Lays out `rows` (a run's checkpoints in store order). Checkpoints are grouped by stage, segments in
// the order of their stage's first checkpoint. A segment's count (steps or tokens, each on its own)
// restarts when its smallest value is below the largest of its parent's; then x = the parent's largest
// x + the count, otherwise x = the count + the parent's offset. Order: a root segment's checkpoints
// are 0, 1, …; a child's continue from its parent's last + 1. A run without stages is one segment
// whose x are its steps, tokens and indices.
StageLayout layoutStages(const std::vector<CheckpointRow>& rows);

// A stage name for a label: "stage2-ingredient1" → "stage 2 · ingredient 1", "stage1" → "stage 1";
// other names as they are.
std::string stageLabel(const std::string& stage);

} // namespace qs
