// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Weight averaging of Hugging Face revision runs: LAWA along an imported trajectory and
// soups of chosen revisions, each average written as a new revision folder and kept as a checkpoint of
// a new run of the store (kind "averaged", linked to its parent, with the parent's evaluation data, so
// it sweeps like the imported run). The built-in trainer's checkpoints are averaged by
// core/engine/averaging.h, which hands HF runs to the functions here. No Qt, no torch.
//
// The average is streamed tensor by tensor (in chunks of a tensor): every ingredient's tensor is read
// through its memory map, summed with its weight in float64, divided by the sum of the weights, and
// rounded ONCE to the ingredients' dtype (round to nearest, ties to even, straight from float64; see
// doubleToBf16). Memory holds a chunk's float64 sum, never a model; the ingredients' pages are given
// back after each tensor.

#include "core/common/progress.h"
#include "core/config/averagingspec.h"

#include <cstdint>
#include <string>
#include <vector>

namespace qs {

class Store;

// Hugging Face's default max_shard_size ("5GB").
inline constexpr uint64_t kHfDefaultShardBytes = 5'000'000'000ull;
// Files of a revision folder besides the weights that describe the model (its tokenizer and generation
// settings): copied with config.json into an averaged or exported revision.
inline constexpr const char* kHfCompanionFiles[] = {"generation_config.json",
                                                    "tokenizer.json",
                                                    "tokenizer_config.json",
                                                    "special_tokens_map.json",
                                                    "tokenizer.model",
                                                    "vocab.json",
                                                    "merges.txt",
                                                    "added_tokens.json"};
// The provenance file written in every averaged revision folder.
inline constexpr const char* kHfAverageProvenanceFile = "quantscope-average.json";

// One revision in an average.
struct HfIngredient
{
    std::string folder;   // the revision folder, absolute
    std::string run;      // the run of the store holding it
    std::string revision; // its path as the store keeps it
    int64_t step = 0;
    int64_t tokens = 0;
    double weight = 1.0;
};

// Where averaged revision folders go and how big a shard may be.
struct HfAverageOptions
{
    std::string outDir;                            // the folders of one new run
    uint64_t maxShardBytes = kHfDefaultShardBytes; // a tensor bigger than this gets a shard of its own
};

// Everything an average needs to agree on, checked before anything is written: each folder's
// config.json names a supported architecture and its weights match it; every ingredient has the
// first's architecture (the config.json fields the model is built from), tensor names, shapes and
// dtypes. ConfigError naming the two revisions and the first field or tensor that differs.
void checkHfIngredients(const std::vector<HfIngredient>& ingredients);

// Writes the weighted average of `ingredients` (checked as above) as the revision folder `out`:
// shards model-0000k-of-0000n.safetensors of at most `maxShardBytes` (tensors in the architecture's
// order, never split), model.safetensors.index.json, the first ingredient's config.json and whichever
// of its tokenizer and generation files exist, and kHfAverageProvenanceFile (`methodJson`, a JSON
// object, plus the ingredients). Written into a temporary folder beside `out` and renamed when
// complete, so a killed call leaves no folder that looks done. Returns false without writing when
// `out` is already a finished average of the same ingredients and method; ConfigError when it holds
// anything else.
bool writeHfAverage(const std::vector<HfIngredient>& ingredients, const std::string& methodJson, const std::string& out,
                    uint64_t maxShardBytes, const Progress& progress = {});

// LAWA over the HF run `run` (as lawaRun in core/engine/averaging.h: run `lawaRunName(run, window,
// stride)`, at each revision from the window-th on the uniform average of the last `window` revisions
// taking every stride-th; averaged rows of the parent skipped). Folders are named after the window's
// last revision. Rows already in the store are kept; ConfigError when one names other sources.
AveragingSummary lawaHfRun(Store& store, const std::string& run, int window, int stride,
                           const HfAverageOptions& options, const Progress& progress = {});

// A soup of revisions of HF runs (one checkpoint: step, tokens and LR of the latest ingredient;
// parent the first ingredient's run), its folder named after the latest ingredient's revision. A step
// shared by two revisions of one run is refused as ambiguous. The run is created once the folder is
// written: a refused or cancelled soup leaves the store as it was.
AveragingSummary soupHfRun(Store& store, const std::string& name, std::vector<SoupIngredient> ingredients,
                           const HfAverageOptions& options, const Progress& progress = {});

// float64 → bf16 / f16 rounded once, to nearest with ties to even (the bit patterns). Converting
// through float32 first (what torch 1.13's .to(torch.bfloat16) of a float64 tensor does) rounds twice
// and differs when the float32 lands exactly halfway between two bf16 values.
uint16_t doubleToBf16(double value);
uint16_t doubleToHalf(double value);

} // namespace qs
