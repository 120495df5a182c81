#pragma once

// Pieces of the recipe runner (recipe.cpp) and its report (recipereport.cpp). Core-internal.

#include "core/common/errors.h"
#include "core/data/qatplan.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace qs {

class Store;

// The verb of a recipe step (train, branch, lawa, soup, sweep, qat_fractions); ConfigError naming the
// step when it has none or two.
std::string verbOf(const nlohmann::json& step, const std::string& origin, size_t index);

// The recipe's base train config with a step's "config" patch applied (JSON merge patch), validated;
// ConfigError prefixed with `what`.
TrainConfig patchedConfig(const nlohmann::json& base, const nlohmann::json& step, const std::string& what);

// A member of a recipe object as T; ConfigError naming it when it is of another type. Whole numbers
// must be JSON integers within T's range (nlohmann would truncate 2.5, and 1e300 is undefined).
template<typename T>
T valueOf(const nlohmann::json& v, const char* key, const std::string& what)
{
    const auto fits = [](const nlohmann::json& n, auto sample) {
        using I = decltype(sample);
        if (!n.is_number_integer())
            return false;
        if (n.is_number_unsigned())
            return n.template get<uint64_t>() <= uint64_t(std::numeric_limits<I>::max());
        return n.template get<int64_t>() >= int64_t(std::numeric_limits<I>::min())
            && (std::is_unsigned_v<I> || n.template get<int64_t>() <= int64_t(std::numeric_limits<I>::max()));
    };
    bool ok = true;
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
        ok = fits(v, T());
    } else if constexpr (std::is_same_v<T, std::vector<int64_t>>) {
        ok = v.is_array()
            && std::all_of(v.begin(), v.end(), [&](const nlohmann::json& n) { return fits(n, int64_t()); });
    }
    if (ok) {
        try {
            return v.get<T>();
        } catch (const nlohmann::json::exception&) {
        }
    }
    throw ConfigError(what + ": '" + key + "' has the wrong type (" + v.type_name() + ")");
}

// A required member of a recipe object; ConfigError naming it when missing or of another type.
template<typename T>
T field(const nlohmann::json& j, const char* key, const std::string& what)
{
    const auto it = j.find(key);
    if (it == j.end())
        throw ConfigError(what + ": '" + key + "' is missing");
    return valueOf<T>(*it, key, what);
}

// An optional member: `fallback` when absent, ConfigError naming it when of another type.
template<typename T>
T optionalField(const nlohmann::json& j, const char* key, T fallback, const std::string& what)
{
    const auto it = j.find(key);
    return it == j.end() ? fallback : valueOf<T>(*it, key, what);
}

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

    static QatFractionSpec fromJson(const nlohmann::json& spec, const nlohmann::json& base, const std::string& what);
    // The run holding the final model of every (f, fusion) (f = 0 once), in grid order.
    std::vector<std::string> finalRuns() const;
};

} // namespace qs
