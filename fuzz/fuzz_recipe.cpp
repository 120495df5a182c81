// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Experiment recipes (core/lab/recipe.h, the torch-free qs_recipe): reading and checking a recipe, its
// figures, and the run plan of each qat_fractions step.

#include "core/config/qatplan.h"
#include "core/lab/recipe.h"
#include "core/lab/recipedetail.h"
#include "fuzz/fuzzutil.h"

#include <nlohmann/json.hpp>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    qs::fuzz::expectError([&] {
        const qs::Recipe recipe = qs::Recipe::fromJson(qs::fuzz::text(data, size), "recipe.json");
        recipe.figures();
        // Accepted recipes are valid JSON with a steps array (fromJson checked).
        const auto doc = nlohmann::json::parse(recipe.text);
        for (const auto& step : doc.at("steps")) {
            if (!step.contains("qat_fractions"))
                continue;
            const qs::QatFractionSpec spec = qs::QatFractionSpec::fromJson(
                step["qat_fractions"], doc.value("train", nlohmann::json::object()), "recipe.json");
            spec.finalRuns();
            for (const double f : spec.fractions) {
                for (const qs::QatFusion fusion : spec.fusions)
                    qs::qatPlan(spec.plan, f, fusion);
            }
        }
    });
    return 0;
}
