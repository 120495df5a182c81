#include "core/lab/recipe.h"

#include "core/common/errors.h"
#include "core/data/config.h"
#include "core/data/qatplan.h"
#include "core/lab/recipedetail.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

// Reading and checking recipes (recipe.h, recipedetail.h): no torch, so the library qs_recipe holds
// it and the fuzzers link it; running them is recipe.cpp (qs_lab).

using json = nlohmann::json;

namespace qs {

namespace {

const char* const kVerbs[] = {"train", "branch", "lawa", "soup", "sweep", "qat_fractions"};

} // namespace

std::string verbOf(const json& step, const std::string& origin, size_t index)
{
    std::string verb;
    for (const char* v : kVerbs) {
        if (!step.contains(v))
            continue;
        if (!verb.empty())
            throw ConfigError(origin + ": step " + std::to_string(index + 1) + " has both '" + verb + "' and '" + v
                              + "'");
        verb = v;
    }
    if (verb.empty())
        throw ConfigError(origin + ": step " + std::to_string(index + 1)
                          + " says nothing to do (expected one of train, branch, lawa, soup, sweep, qat_fractions)");
    return verb;
}

// The recipe's base train config with a step's patch applied (JSON merge patch).
TrainConfig patchedConfig(const json& base, const json& step, const std::string& what)
{
    json merged = base;
    if (auto it = step.find("config"); it != step.end())
        merged.merge_patch(*it);
    try {
        return TrainConfig::fromJson(merged.dump());
    } catch (const ConfigError& e) {
        throw ConfigError(what + ": " + e.what());
    }
}

QatFractionSpec QatFractionSpec::fromJson(const json& spec, const json& base, const std::string& what)
{
    const std::string w = what + ": qat_fractions";
    if (!spec.is_object())
        throw ConfigError(w + " must be an object");
    QatFractionSpec s;
    s.plan.trunkRun = field<std::string>(spec, "trunk", w);
    json trunk = base;
    trunk["steps"] = field<int64_t>(spec, "budget_steps", w);
    if (auto it = spec.find("config"); it != spec.end())
        trunk.merge_patch(*it);
    s.plan.trunk = patchedConfig(trunk, json::object(), w);
    s.plan.quant = field<std::string>(spec, "quant", w);
    s.plan.cooldownSteps = field<int64_t>(spec, "cooldown_steps", w);
    s.plan.rewarmupSteps = optionalField<int64_t>(spec, "rewarmup_steps", 0, w);
    s.fractions = field<std::vector<double>>(spec, "fractions", w);
    for (const std::string& f : optionalField<std::vector<std::string>>(spec, "fusions", {"fused", "unfused"}, w))
        s.fusions.push_back(qatFusionFromString(f));
    if (s.fractions.empty() || s.fusions.empty())
        throw ConfigError(w + ": 'fractions' and 'fusions' must not be empty");
    TrainConfig probe = s.plan.trunk;
    probe.qat.quant = s.plan.quant;
    try {
        probe.validate();
        qatTrunkConfig(s.plan, s.fractions);
    } catch (const ConfigError& e) {
        throw ConfigError(w + ": " + e.what());
    }
    return s;
}

std::vector<std::string> QatFractionSpec::finalRuns() const
{
    std::vector<std::string> runs;
    for (double f : fractions) {
        for (QatFusion fusion : fusions) {
            runs.push_back(qatRunName(plan, f, fusion));
            if (f == 0.0)
                break;
        }
    }
    return runs;
}

Recipe Recipe::fromJson(const std::string& text, const std::string& origin)
{
    const json j = json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        throw ConfigError(origin + ": not a JSON object");
    Recipe r;
    r.file = origin;
    r.text = text;
    r.name = field<std::string>(j, "recipe", origin);
    r.version = field<int>(j, "version", origin);
    r.title = field<std::string>(j, "title", origin);
    r.paper = optionalField<std::string>(j, "paper", "", origin);
    r.expect = optionalField<std::string>(j, "expect", "", origin);
    r.costMinutes = optionalField<double>(j, "cost_minutes", 0.0, origin);
    r.corpus = optionalField<std::string>(j, "corpus", "kjv", origin);
    const json train = optionalField<json>(j, "train", json::object(), origin);
    if (!train.is_object())
        throw ConfigError(origin + ": 'train' must be an object (the base train config)");
    if (!j.contains("steps") || !j["steps"].is_array() || j["steps"].empty())
        throw ConfigError(origin + ": 'steps' must be a non-empty list");
    for (size_t i = 0; i < j["steps"].size(); ++i) {
        const json& step = j["steps"][i];
        if (!step.is_object())
            throw ConfigError(origin + ": step " + std::to_string(i + 1) + " is not an object");
        if (verbOf(step, origin, i) == "qat_fractions")
            QatFractionSpec::fromJson(step["qat_fractions"], train, origin);
    }
    // The base config must be valid on its own.
    patchedConfig(train, json::object(), origin + ": train");
    r.figures();
    return r;
}

Recipe Recipe::fromFile(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
        throw IoError(path + ": cannot open recipe");
    std::stringstream ss;
    ss << in.rdbuf();
    return fromJson(ss.str(), path);
}

std::vector<RecipeFigure> Recipe::figures() const
{
    const json j = json::parse(this->text);
    const json list = optionalField<json>(j, "figures", json::array(), file);
    if (!list.is_array())
        throw ConfigError(file + ": 'figures' must be a list");
    std::vector<RecipeFigure> figures;
    for (const auto& f : list) {
        const std::string what = file + ": figure " + std::to_string(figures.size() + 1);
        if (!f.is_object())
            throw ConfigError(what + " is not an object");
        RecipeFigure fig;
        fig.file = field<std::string>(f, "file", what);
        fig.kind = optionalField<std::string>(f, "kind", fig.kind, what);
        fig.run = optionalField<std::string>(f, "run", "", what);
        fig.overlay = optionalField<std::vector<std::string>>(f, "overlay", {}, what);
        fig.config = optionalField<std::string>(f, "config", "", what);
        fig.metric = optionalField<std::string>(f, "metric", fig.metric, what);
        fig.x = optionalField<std::string>(f, "x", fig.x, what);
        if (fig.kind != "trajectory" && fig.kind != "qat_fractions")
            throw ConfigError(what + ": kind '" + fig.kind + "' is not trajectory or qat_fractions");
        if (fig.kind == "trajectory" && fig.run.empty())
            throw ConfigError(what + ": 'run' is missing");
        figures.push_back(fig);
    }
    return figures;
}

} // namespace qs
