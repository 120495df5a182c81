// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/lab/recipe.h"

#include "core/common/errors.h"
#include "core/common/files.h"
#include "core/common/metrics.h"
#include "core/config/averagingspec.h"
#include "core/config/config.h"
#include "core/config/qatplan.h"
#include "core/formats/jsonfields.h"
#include "core/lab/recipedetail.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <optional>

// Reading and checking recipes (recipe.h, recipedetail.h): no torch, so the library qs_recipe holds it
// and the fuzzers link it; running them is recipe.cpp (qs_lab).

using json = nlohmann::json;

namespace qs {

namespace {

const char* const kVerbs[] = {"train", "branch", "lawa", "soup", "sweep", "qat_fractions"};

std::string verbOf(const JsonObject& step)
{
    std::string verb;
    for (const char* v : kVerbs) {
        if (!step.has(v))
            continue;
        if (!verb.empty())
            throw ConfigError(step.path() + " has both '" + verb + "' and '" + v + "'");
        verb = v;
    }
    if (verb.empty())
        throw ConfigError(step.path()
                          + " says nothing to do (expected one of train, branch, lawa, soup, sweep, qat_fractions)");
    return verb;
}

// A recipe's steps, every value checked. `base` is the recipe's train config (checked already);
// `trained` collects the train steps' configs, so that a branch's fork steps are checked against the
// parent's length and its patch against the parent's config.
RecipeStep readStep(const json& value, size_t index, const json& base, std::map<std::string, TrainConfig>& trained)
{
    const JsonObject o(value, elementPath("steps", index));
    RecipeStep step;
    step.path = o.path();
    step.verb = verbOf(o);
    const auto patch = [&] {
        if (auto p = o.object("config"))
            step.patch = p->value();
    };
    if (step.verb == "train") {
        o.allowOnly({"train", "config"});
        step.run = o.requireText("train");
        patch();
        trained[step.run] = patchedConfig(base, step.patch, o.pathOf("config") + " (over train)");
    } else if (step.verb == "branch") {
        o.allowOnly({"branch", "at", "name", "config"});
        step.run = o.requireText("branch");
        const auto parent = trained.find(step.run);
        const WholeRange forks = parent != trained.end()
            ? WholeRange {.min = 0, .max = parent->second.steps, .why = "the steps of run '" + step.run + "'"}
            : WholeRange {0, 1'000'000'000'000};
        const auto at = o.wholes("at", forks);
        if (!at)
            o.missing("at", "the steps to branch at");
        if (at->empty())
            throw ConfigError(o.pathOf("at") + " is empty: give the steps to branch at");
        step.at = *at;
        step.namePattern = o.text("name").value_or(step.namePattern);
        patch();
        const json parentConfig = parent != trained.end() ? json::parse(parent->second.toJson()) : base;
        for (size_t i = 0; i < step.at.size(); ++i)
            branchConfig(parentConfig, step, step.at[i],
                         o.pathOf("config") + " (over the config of '" + step.run + "', at "
                             + elementPath(o.pathOf("at"), i) + ")");
    } else if (step.verb == "lawa") {
        o.allowOnly({"lawa", "window", "stride"});
        step.run = o.requireText("lawa");
        step.window = int(o.whole("window", {lawaMinWindow, lawaMaxWindow}).value_or(step.window));
        step.stride = int(o.whole("stride", {1, lawaMaxStride}).value_or(step.stride));
    } else if (step.verb == "soup") {
        o.allowOnly({"soup", "of"});
        step.run = o.requireText("soup");
        const auto of = o.requireTexts("of");
        for (size_t i = 0; i < of.size(); ++i) {
            try {
                step.ingredients.push_back(parseSoupIngredient(of[i]));
            } catch (const ConfigError& e) {
                throw ConfigError(elementPath(o.pathOf("of"), i) + ": " + e.what());
            }
        }
        if (step.ingredients.size() < 2)
            throw ConfigError(o.pathOf("of") + ": a soup needs at least two ingredients");
    } else if (step.verb == "sweep") {
        o.allowOnly({"sweep", "quant"});
        step.patterns = o.requireTexts("sweep");
        const auto specs = o.requireTexts("quant");
        if (step.patterns.empty() || specs.empty())
            throw ConfigError(step.path + ": 'sweep' and 'quant' must not be empty");
        for (size_t i = 0; i < specs.size(); ++i) {
            try {
                step.configs.push_back(QuantConfig::parse(specs[i]));
            } catch (const ConfigError& e) {
                throw ConfigError(elementPath(o.pathOf("quant"), i) + ": " + e.what());
            }
        }
    } else {
        o.allowOnly({"qat_fractions"});
        step.qatFractions = *o.find("qat_fractions");
        QatFractionSpec::fromJson(step.qatFractions, base, o.pathOf("qat_fractions"));
    }
    return step;
}

// What a report section draws on: the analysis keys and the keys each allows.
void checkReportSection(const json& value, size_t index, const std::vector<std::string>& trunks)
{
    const JsonObject o(value, elementPath("report", index));
    std::string analysis;
    for (const char* key : {"final", "branches", "equal_fp_loss", "fc2", "qat_fractions"}) {
        if (!o.has(key))
            continue;
        if (!analysis.empty())
            throw ConfigError(o.path() + " names two analyses, '" + analysis + "' and '" + key + "'");
        analysis = key;
    }
    if (analysis.empty())
        throw ConfigError(o.path() + " names no analysis (final, branches, equal_fp_loss, fc2 or qat_fractions)");
    o.text("title");
    if (analysis == "final" || analysis == "equal_fp_loss") {
        o.allowOnly({"title", analysis == "final" ? "final" : "equal_fp_loss", "configs"});
        o.requireTexts(analysis);
        o.requireTexts("configs");
    } else if (analysis == "branches") {
        o.allowOnly({"title", "branches", "configs"});
        o.requireText("branches");
        o.requireTexts("configs");
    } else if (analysis == "fc2") {
        o.allowOnly({"title", "fc2", "config", "fc2_config"});
        o.requireText("fc2");
        o.requireText("config");
        o.requireText("fc2_config");
    } else {
        o.allowOnly({"title", "qat_fractions"});
        const std::string trunk = o.requireText("qat_fractions");
        if (std::find(trunks.begin(), trunks.end(), trunk) == trunks.end())
            throw ConfigError(
                notAccepted(o.pathOf("qat_fractions"), json(trunk).dump(), "the trunk of a qat_fractions step"));
    }
}

} // namespace

// A config patch applied to a train config as JSON (merge patch), read and checked. `what` names the
// patch in messages ("steps[0].config (over train)").
TrainConfig patchedConfig(const json& base, const json& patch, const std::string& what)
{
    json merged = base;
    merged.merge_patch(patch);
    try {
        return TrainConfig::fromJson(merged.dump());
    } catch (const ConfigError& e) {
        throw ConfigError(what + ": " + e.what());
    }
}

// The config a branch of `parentConfig` (a train config as JSON) at step `at` trains with.
TrainConfig branchConfig(json parentConfig, const RecipeStep& step, std::int64_t at, const std::string& what)
{
    parentConfig.erase("keep_optimizer_states");
    parentConfig.erase("init");
    TrainConfig config = patchedConfig(parentConfig, step.patch, what);
    config.initRun = step.run;
    config.initStep = at;
    try {
        config.validate();
    } catch (const ConfigError& e) {
        throw ConfigError(what + ": " + e.what());
    }
    return config;
}

// Every step of a recipe document, checked; ConfigError naming the key path (no file).
std::vector<RecipeStep> readSteps(const json& doc, const json& base)
{
    const auto it = doc.find("steps");
    if (it == doc.end() || !it->is_array() || it->empty())
        throw ConfigError("'steps' must be a non-empty list");
    std::map<std::string, TrainConfig> trained;
    std::vector<RecipeStep> steps;
    for (size_t i = 0; i < it->size(); ++i)
        steps.push_back(readStep((*it)[i], i, base, trained));
    return steps;
}

QatFractionSpec QatFractionSpec::fromJson(const json& spec, const json& base, const std::string& path)
{
    const JsonObject o(spec, path);
    o.allowOnly(
        {"trunk", "budget_steps", "fractions", "quant", "cooldown_steps", "rewarmup_steps", "fusions", "config"});
    QatFractionSpec s;
    s.plan.trunkRun = o.requireText("trunk");
    const auto budget = o.whole("budget_steps", {1, maxTrainSteps});
    if (!budget)
        o.missing("budget_steps");
    json trunk = base;
    trunk["steps"] = *budget;
    if (auto patch = o.object("config"))
        trunk.merge_patch(patch->value());
    s.plan.trunk = patchedConfig(trunk, json::object(), path + " (the trunk's train config)");
    s.plan.quant = o.requireText("quant");
    const auto cooldown = o.whole("cooldown_steps", {.min = 1, .max = *budget, .why = "at most budget_steps"});
    if (!cooldown)
        o.missing("cooldown_steps");
    s.plan.cooldownSteps = *cooldown;
    s.plan.rewarmupSteps =
        o.whole("rewarmup_steps", {.min = 0, .max = *budget, .why = "at most budget_steps"}).value_or(0);
    const auto fractions = o.reals("fractions", {.min = 0.0, .max = 1.0, .maxOpen = true});
    if (!fractions)
        o.missing("fractions");
    s.fractions = *fractions;
    const auto fusions = o.texts("fusions").value_or(std::vector<std::string> {"fused", "unfused"});
    for (size_t i = 0; i < fusions.size(); ++i) {
        if (fusions[i] != "fused" && fusions[i] != "unfused")
            throw ConfigError(
                notAccepted(elementPath(o.pathOf("fusions"), i), json(fusions[i]).dump(), "one of fused, unfused"));
        s.fusions.push_back(qatFusionFromString(fusions[i]));
    }
    if (s.fractions.empty() || s.fusions.empty())
        throw ConfigError(path + ": 'fractions' and 'fusions' must not be empty");
    TrainConfig probe = s.plan.trunk;
    probe.qat.quant = s.plan.quant;
    try {
        probe.validate();
        qatTrunkConfig(s.plan, s.fractions);
    } catch (const ConfigError& e) {
        throw ConfigError(path + ": " + e.what());
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
    try {
        const JsonObject o(j, "");
        o.allowOnly({"recipe", "version", "title", "paper", "expect", "cost_minutes", "corpus", "train", "steps",
                     "report", "figures"});
        r.name = o.requireText("recipe");
        const auto version = o.whole("version", {1, 1'000'000});
        if (!version)
            o.missing("version");
        r.version = int(*version);
        r.title = o.requireText("title");
        r.paper = o.text("paper").value_or(std::string());
        r.expect = o.text("expect").value_or(std::string());
        r.costMinutes = o.real("cost_minutes", RealRange::closed(0.0, 1e6)).value_or(0.0);
        r.corpus = o.text("corpus").value_or(std::string("kjv"));
        if (r.corpus.empty())
            throw ConfigError("corpus is empty (\"kjv\" or a text file)");
        // The base config must be valid on its own, and every step with it.
        const json base = o.object("train") ? j.at("train") : json::object();
        TrainConfig::fromJson(base.dump(), "train");
        std::vector<std::string> trunks;
        for (const RecipeStep& step : readSteps(j, base)) {
            if (step.verb == "qat_fractions")
                trunks.push_back(step.qatFractions.at("trunk").get<std::string>());
        }
        if (o.has("report")) {
            const json& report = *o.find("report");
            if (!report.is_array())
                throw ConfigError(notAccepted("report", writtenValue(report), "a list of sections"));
            for (size_t i = 0; i < report.size(); ++i)
                checkReportSection(report[i], i, trunks);
        }
        r.figures();
    } catch (const ConfigError& e) {
        throw ConfigError(origin + ": " + e.what());
    }
    return r;
}

Recipe Recipe::fromFile(const std::string& path)
{
    const std::optional<std::string> text = tryReadWholeFile(path);
    if (!text)
        throw IoError(path + ": cannot open recipe");
    return fromJson(*text, path);
}

std::vector<RecipeFigure> Recipe::figures() const
{
    const json j = json::parse(this->text);
    std::vector<RecipeFigure> figures;
    const auto list = j.find("figures");
    if (list == j.end())
        return figures;
    if (!list->is_array())
        throw ConfigError(notAccepted("figures", writtenValue(*list), "a list of figures"));
    for (size_t i = 0; i < list->size(); ++i) {
        const JsonObject f((*list)[i], elementPath("figures", i));
        f.allowOnly({"file", "kind", "run", "overlay", "config", "metric", "x"});
        RecipeFigure fig;
        fig.file = f.requireText("file");
        fig.kind = f.word("kind", {"trajectory", "qat_fractions"}).value_or(fig.kind);
        fig.run = f.text("run").value_or(std::string());
        fig.overlay = f.texts("overlay").value_or(std::vector<std::string>());
        fig.config = f.text("config").value_or(std::string());
        fig.metric = f.text("metric").value_or(fig.metric);
        fig.x = f.word("x", {"steps", "tokens"}).value_or(fig.x);
        if (!findMetric(fig.metric))
            throw ConfigError(
                notAccepted(f.pathOf("metric"), json(fig.metric).dump(), "a metric name (rel_ce, delta_ce, …)"));
        if (fig.kind == "trajectory" && fig.run.empty())
            f.missing("run", "the run a trajectory figure draws");
        figures.push_back(fig);
    }
    return figures;
}

} // namespace qs
