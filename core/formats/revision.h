// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Where a Hugging Face revision sits in its training run, read from its name: the step,
// the tokens seen and the stage, as public trajectories name their checkpoints —
//   OLMo-2     stage1-step40000-tokens84B, stage2-ingredient1-step11931-tokens100B
//   Pythia     step143000             (and the OLMo-1 style step50000-tokens210B)
//   Megatron   iter_0058000           (iteration = step)
//   Amber      ckpt_000               (the N-th checkpoint: an order, not a step)
// and from a manifest that overrides and completes what names cannot say (CSV with a header, or JSON:
// path, step, tokens, lr, stage). No Qt, no torch.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qs {

struct RevisionInfo
{
    std::string path;                  // the revision folder (as given)
    std::string name;                  // its last path component
    std::optional<std::int64_t> step;  // optimizer step
    std::optional<std::int64_t> index; // checkpoint number when the name gives an order only (ckpt_N)
    std::optional<double> tokens;      // tokens seen (stepN-tokens84B: 84e9)
    std::optional<double> lr;          // learning rate at the checkpoint (manifest only)
    std::string stage;                 // "stage1", "stage2-ingredient1", … ("" when none)
};

// The most tokens a revision may have seen (the store keeps them as 64-bit integers), and the highest
// learning rate a manifest or an LR log may give.
inline constexpr double kMaxTokenCount = 9e18;
inline constexpr double kMaxLearningRate = 10.0;

// Reads step, tokens, stage and index from a revision name (a folder name or a path: the last
// component is used). Parts it does not know are left empty; never throws.
RevisionInfo parseRevisionName(std::string_view pathOrName);

// A count with an optional suffix as revision names write it: "84B" → 8.4e10, "1.5T", "500M", "20K",
// "123" (no suffix). nullopt for anything else.
std::optional<double> parseTokenCount(std::string_view text);

// A manifest: CSV with a header row naming some of path, step, tokens, lr, stage (path required, each
// once), or a JSON array of objects with those keys. Relative paths are taken from the manifest's
// folder. Values: step a whole number in [0, 2^63 − 1], tokens a count in [0, kMaxTokenCount] (84B,
// 1.5T, 84000000000), lr a number in [0, kMaxLearningRate]. qs::FormatError naming the file, line (or
// entry), column, the value as written and what is accepted; qs::IoError when it cannot be read.
std::vector<RevisionInfo> readRevisionManifest(const std::string& path);

// The number of a stage named "stage<N>…": N, −1 for no stage (""), INT64_MAX for a stage without a
// number, INT64_MAX − 1 for a number past int64 (the order orderTrajectory sorts stages in).
std::int64_t stageNumber(const std::string& stage);

// Orders revisions as a trajectory: by stage (none first, then stage1, stage2, … by number, then
// the rest of the stage name), then step, then checkpoint index, then name; within a stage,
// revisions with neither step nor index come last.
// Applies `manifest` first: an entry whose path names the same folder fills or replaces step,
// tokens, lr and stage.
std::vector<RevisionInfo> orderTrajectory(std::vector<RevisionInfo> revisions,
                                          const std::vector<RevisionInfo>& manifest = {});

} // namespace qs
