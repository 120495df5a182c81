#include "core/lab/recipe.h"

#include "core/common/errors.h"
#include "core/data/config.h"
#include "core/data/corpus.h"
#include "core/data/jsonfields.h"
#include "core/data/qatplan.h"
#include "core/data/store.h"
#include "core/engine/averaging.h"
#include "core/engine/sweep.h"
#include "core/engine/trainer.h"
#include "core/lab/recipedetail.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fnmatch.h>
#include <fstream>
#include <map>
#include <sstream>

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace qs {

namespace {

const char* const kVerbs[] = {"train", "branch", "lawa", "soup", "sweep", "qat_fractions"};

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

std::string checkpointFolder(const RecipeOptions& options, const std::string& run)
{
    return (fs::path(options.dir) / "checkpoints" / run).string();
}

// One step of a recipe, read and checked when the recipe is read (before any step runs).
struct RecipeStep
{
    std::string verb;
    std::string path;                              // "steps[2]"
    std::string run;                               // train, lawa: the run; branch: the parent; soup: its name
    json patch = json::object();                   // "config" of train and branch
    std::vector<std::int64_t> at;                  // branch
    std::string namePattern = "{parent}.cd{step}"; // branch
    int window = 5, stride = 1;                    // lawa
    std::vector<SoupIngredient> ingredients;       // soup
    std::vector<std::string> patterns;             // sweep
    std::vector<QuantConfig> configs;              // sweep
    json qatFractions;                             // qat_fractions
};

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

class Runner
{
public:
    Runner(const Recipe& recipe, const RecipeOptions& options, const Progress& progress)
        : m_recipe(recipe)
        , m_options(options)
        , m_progress(progress)
        , m_doc(json::parse(recipe.text))
        , m_base(m_doc.value("train", json::object()))
    {
        if (options.threads > 0)
            m_base["threads"] = options.threads;
    }

    void run()
    {
        std::error_code ec;
        fs::create_directories(m_options.dir, ec);
        if (ec)
            throw IoError(m_options.dir + ": cannot create the recipe folder: " + ec.message());
        const std::string corpusPath = m_recipe.corpus == "kjv"
            ? prepareKjvCorpus((fs::path(m_options.dir) / "kjv.txt").string())
            : m_recipe.corpus;
        const TrainConfig base = patchedConfig(m_base, json::object(), m_recipe.file + ": train");
        const std::vector<RecipeStep> steps = readSteps(m_doc, m_base);
        m_corpus = Corpus::fromFile(corpusPath, base.valFraction,
                                    m_recipe.corpus == "kjv" ? std::string(kjvDescription) : "text file " + corpusPath);
        Store store = Store::openOrCreate(m_options.storePath());
        for (size_t i = 0; i < steps.size(); ++i) {
            m_stepBegin = double(i) / double(steps.size());
            m_stepEnd = double(i + 1) / double(steps.size());
            const RecipeStep& step = steps[i];
            m_what = m_recipe.file + ": " + step.path + " (" + step.verb + ")";
            if (step.verb == "train")
                train(store, step);
            else if (step.verb == "branch")
                branch(store, step);
            else if (step.verb == "lawa")
                lawa(store, step);
            else if (step.verb == "soup")
                soup(store, step);
            else if (step.verb == "sweep")
                sweep(store, step);
            else
                qatFractions(store, step.qatFractions);
        }
    }

private:
    Progress sub(double begin = 0.0, double end = 1.0)
    {
        const double a = m_stepBegin + (m_stepEnd - m_stepBegin) * begin;
        const double b = m_stepBegin + (m_stepEnd - m_stepBegin) * end;
        return [this, a, b](const ProgressInfo& p) {
            return reportProgress(m_progress, a + (b - a) * p.fraction, m_recipe.name + ": " + p.message);
        };
    }

    void trainOne(Store& store, const std::string& run, const TrainConfig& config, const Progress& progress)
    {
        trainRun(config, m_corpus, store, run, checkpointFolder(m_options, run), progress);
    }

    void train(Store& store, const RecipeStep& step)
    {
        trainOne(store, step.run, patchedConfig(m_base, step.patch, m_what), sub());
    }

    void branch(Store& store, const RecipeStep& step)
    {
        if (!store.hasRun(step.run))
            throw ConfigError(m_what + ": no run '" + step.run + "' to branch from (train it in an earlier step)");
        const json parentConfig = json::parse(store.runInfo(step.run).trainConfigJson);
        for (size_t i = 0; i < step.at.size(); ++i) {
            std::string name = step.namePattern;
            for (const auto& [key, value] :
                 {std::pair<std::string, std::string> {"{parent}", step.run}, {"{step}", std::to_string(step.at[i])}}) {
                for (size_t pos; (pos = name.find(key)) != std::string::npos;)
                    name.replace(pos, key.size(), value);
            }
            const TrainConfig config = branchConfig(parentConfig, step, step.at[i], m_what);
            trainOne(store, name, config,
                     sub(double(i) / double(step.at.size()), double(i + 1) / double(step.at.size())));
        }
    }

    void lawa(Store& store, const RecipeStep& step)
    {
        lawaRun(store, step.run, step.window, step.stride,
                checkpointFolder(m_options, lawaRunName(step.run, step.window, step.stride)), sub());
    }

    void soup(Store& store, const RecipeStep& step)
    {
        soupRun(store, step.run, step.ingredients, checkpointFolder(m_options, step.run));
    }

    void sweep(Store& store, const RecipeStep& step)
    {
        const auto runs = matchRuns(store, step.patterns);
        if (runs.empty())
            throw ConfigError(m_what + ": no run of the store matches");
        SweepOptions options;
        options.threads = m_options.threads;
        for (size_t i = 0; i < runs.size(); ++i)
            runSweep(store, runs[i], step.configs, m_corpus, options,
                     sub(double(i) / double(runs.size()), double(i + 1) / double(runs.size())));
    }

    void qatFractions(Store& store, const json& spec)
    {
        const QatFractionSpec s = QatFractionSpec::fromJson(spec, m_base, m_what);
        // The trunk, then every (f, fusion) lineage, then the quantized evaluation of each final model.
        const auto runs = s.finalRuns();
        const double trainShare = 0.85;
        trainOne(store, s.plan.trunkRun, qatTrunkConfig(s.plan, s.fractions), sub(0.0, 0.3));
        size_t done = 0;
        const size_t total = s.fractions.size() * s.fusions.size();
        for (double f : s.fractions) {
            for (QatFusion fusion : s.fusions) {
                const double a = 0.3 + (trainShare - 0.3) * double(done) / double(total);
                const double b = 0.3 + (trainShare - 0.3) * double(done + 1) / double(total);
                for (const QatPhase& phase : qatPlan(s.plan, f, fusion))
                    trainOne(store, phase.run, phase.config, sub(a, b));
                ++done;
            }
        }
        SweepOptions options;
        options.threads = m_options.threads;
        const std::vector<QuantConfig> configs {QuantConfig::parse(s.plan.quant)};
        for (size_t i = 0; i < runs.size(); ++i)
            runSweep(store, runs[i], configs, m_corpus, options,
                     sub(trainShare + (1 - trainShare) * double(i) / double(runs.size()),
                         trainShare + (1 - trainShare) * double(i + 1) / double(runs.size())));
    }

    const Recipe& m_recipe;
    const RecipeOptions& m_options;
    const Progress& m_progress;
    json m_doc;
    json m_base;
    Corpus m_corpus;
    std::string m_what;
    double m_stepBegin = 0.0, m_stepEnd = 1.0;
};

} // namespace

std::vector<std::string> matchRuns(const Store& store, const std::vector<std::string>& patterns)
{
    std::vector<std::string> runs;
    for (const std::string& run : store.runs()) {
        for (const std::string& p : patterns) {
            if (fnmatch(p.c_str(), run.c_str(), 0) == 0) {
                runs.push_back(run);
                break;
            }
        }
    }
    return runs;
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

std::string RecipeOptions::storePath() const
{
    return (fs::path(dir) / "recipe.h5").string();
}

std::string RecipeOptions::reportPath() const
{
    return (fs::path(dir) / "report.md").string();
}

RecipeResult runRecipe(const Recipe& recipe, const RecipeOptions& options, const Progress& progress)
{
    const auto start = std::chrono::steady_clock::now();
    Runner(recipe, options, progress).run();
    RecipeResult result;
    result.storePath = options.storePath();
    result.reportPath = options.reportPath();
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result.report = recipeReport(recipe, result.storePath);
    std::ofstream out(result.reportPath);
    out << result.report;
    if (!out)
        throw IoError(result.reportPath + ": cannot write the report");
    return result;
}

} // namespace qs
