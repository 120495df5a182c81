#pragma once

// Pieces of the recipe runner (recipe.cpp) and its report (recipereport.cpp). Core-internal.

#include "core/data/qatplan.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace qs {

class Store;

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
