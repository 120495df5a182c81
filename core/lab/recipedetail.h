// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Pieces of the recipe reader (recipeformat.cpp, torch-free), its runner (recipe.cpp) and its report
// (recipereport.cpp). Core-internal.

#include "core/config/averagingspec.h"
#include "core/config/config.h"
#include "core/config/qatplan.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace qs {

class Store;

// One step of a recipe, read and checked when the recipe is read (before any step runs).
struct RecipeStep
{
    std::string verb;
    std::string path;                                // "steps[2]"
    std::string run;                                 // train, lawa: the run; branch: the parent; soup: its name
    nlohmann::json patch = nlohmann::json::object(); // "config" of train and branch
    std::vector<std::int64_t> at;                    // branch
    std::string namePattern = "{parent}.cd{step}";   // branch
    int window = 5, stride = 1;                      // lawa
    std::vector<SoupIngredient> ingredients;         // soup
    std::vector<std::string> patterns;               // sweep
    std::vector<QuantConfig> configs;                // sweep
    nlohmann::json qatFractions;                     // qat_fractions
};

// A config patch applied to a train config as JSON (merge patch), read and checked. `what` names the
// patch in messages ("steps[0].config (over train)").
TrainConfig patchedConfig(const nlohmann::json& base, const nlohmann::json& patch, const std::string& what);

// The config a branch of `parentConfig` (a train config as JSON) at step `at` trains with.
TrainConfig branchConfig(nlohmann::json parentConfig, const RecipeStep& step, std::int64_t at, const std::string& what);

// Every step of a recipe document, checked; ConfigError naming the key path (no file). `base` is the
// recipe's train config.
std::vector<RecipeStep> readSteps(const nlohmann::json& doc, const nlohmann::json& base);

// Runs of the store matching any of the patterns ('*' wildcards), in store order.
std::vector<std::string> matchRuns(const Store& store, const std::vector<std::string>& patterns);

// A qat_fractions step: one budget, a grid of QAT fractions, fused and/or unfused.
//   {"trunk": "q400", "budget_steps": 400, "fractions": [0, 0.1, 0.25, 0.5], "quant": "rtn:3:g32",
//    "cooldown_steps": 80, "rewarmup_steps": 20, "fusions": ["fused", "unfused"], "config": {patch}}
struct QatFractionSpec
{
    QatPlanOptions plan;
    std::vector<double> fractions;
    std::vector<QatFusion> fusions;

    // Every value checked (unknown keys, budget_steps, fractions in [0, 1), …); `path` names the spec in
    // messages ("steps[3].qat_fractions").
    static QatFractionSpec fromJson(const nlohmann::json& spec, const nlohmann::json& base, const std::string& path);
    // The run holding the final model of every (f, fusion) (f = 0 once), in grid order.
    std::vector<std::string> finalRuns() const;
};

} // namespace qs
