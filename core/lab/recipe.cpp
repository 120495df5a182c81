#include "core/lab/recipe.h"

#include "core/common/errors.h"
#include "core/data/config.h"
#include "core/data/corpus.h"
#include "core/data/qatplan.h"
#include "core/data/store.h"
#include "core/engine/averaging.h"
#include "core/engine/sweep.h"
#include "core/engine/trainer.h"
#include "core/lab/recipedetail.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <fnmatch.h>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace qs {

namespace {

const char* const kVerbs[] = {"train", "branch", "lawa", "soup", "sweep", "qat_fractions"};

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

std::string checkpointFolder(const RecipeOptions& options, const std::string& run)
{
    return (fs::path(options.dir) / "checkpoints" / run).string();
}

template<typename T>
T field(const json& j, const char* key, const std::string& what)
{
    auto it = j.find(key);
    if (it == j.end())
        throw ConfigError(what + ": '" + key + "' is missing");
    try {
        return it->get<T>();
    } catch (const json::exception&) {
        throw ConfigError(what + ": '" + key + "' has the wrong type");
    }
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
        m_corpus = Corpus::fromFile(corpusPath, base.valFraction,
                                    m_recipe.corpus == "kjv" ? std::string(kjvDescription) : "text file " + corpusPath);
        Store store = Store::openOrCreate(m_options.storePath());
        const auto& steps = m_doc.at("steps");
        for (size_t i = 0; i < steps.size(); ++i) {
            m_stepBegin = double(i) / double(steps.size());
            m_stepEnd = double(i + 1) / double(steps.size());
            const json& step = steps[i];
            const std::string verb = verbOf(step, m_recipe.file, i);
            m_what = m_recipe.file + ": step " + std::to_string(i + 1) + " (" + verb + ")";
            if (verb == "train")
                train(store, step);
            else if (verb == "branch")
                branch(store, step);
            else if (verb == "lawa")
                lawa(store, step);
            else if (verb == "soup")
                soup(store, step);
            else if (verb == "sweep")
                sweep(store, step);
            else
                qatFractions(store, step.at("qat_fractions"));
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

    void train(Store& store, const json& step)
    {
        const auto run = field<std::string>(step, "train", m_what);
        trainOne(store, run, patchedConfig(m_base, step, m_what), sub());
    }

    void branch(Store& store, const json& step)
    {
        const auto parent = field<std::string>(step, "branch", m_what);
        const auto at = field<std::vector<int64_t>>(step, "at", m_what);
        const auto pattern = step.value("name", std::string("{parent}.cd{step}"));
        if (!store.hasRun(parent))
            throw ConfigError(m_what + ": no run '" + parent + "' to branch from (train it in an earlier step)");
        json parentConfig = json::parse(store.runInfo(parent).trainConfigJson);
        parentConfig.erase("keep_optimizer_states");
        parentConfig.erase("init");
        for (size_t i = 0; i < at.size(); ++i) {
            std::string name = pattern;
            for (const auto& [key, value] :
                 {std::pair<std::string, std::string> {"{parent}", parent}, {"{step}", std::to_string(at[i])}}) {
                for (size_t pos; (pos = name.find(key)) != std::string::npos;)
                    name.replace(pos, key.size(), value);
            }
            TrainConfig config = patchedConfig(parentConfig, step, m_what);
            config.initRun = parent;
            config.initStep = at[i];
            config.validate();
            trainOne(store, name, config, sub(double(i) / double(at.size()), double(i + 1) / double(at.size())));
        }
    }

    void lawa(Store& store, const json& step)
    {
        const auto run = field<std::string>(step, "lawa", m_what);
        const int window = step.value("window", 5), stride = step.value("stride", 1);
        lawaRun(store, run, window, stride, checkpointFolder(m_options, lawaRunName(run, window, stride)), sub());
    }

    void soup(Store& store, const json& step)
    {
        const auto name = field<std::string>(step, "soup", m_what);
        std::vector<SoupIngredient> ingredients;
        for (const std::string& text : field<std::vector<std::string>>(step, "of", m_what))
            ingredients.push_back(parseSoupIngredient(text));
        soupRun(store, name, ingredients, checkpointFolder(m_options, name));
    }

    void sweep(Store& store, const json& step)
    {
        const auto runs = matchRuns(store, field<std::vector<std::string>>(step, "sweep", m_what));
        if (runs.empty())
            throw ConfigError(m_what + ": no run of the store matches");
        std::vector<QuantConfig> configs;
        for (const std::string& spec : field<std::vector<std::string>>(step, "quant", m_what))
            configs.push_back(QuantConfig::parse(spec));
        SweepOptions options;
        options.threads = m_options.threads;
        for (size_t i = 0; i < runs.size(); ++i)
            runSweep(store, runs[i], configs, m_corpus, options,
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
    s.plan.rewarmupSteps = spec.value("rewarmup_steps", int64_t(0));
    s.fractions = field<std::vector<double>>(spec, "fractions", w);
    for (const std::string& f : spec.value("fusions", std::vector<std::string> {"fused", "unfused"}))
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
    r.paper = j.value("paper", std::string());
    r.expect = j.value("expect", std::string());
    r.costMinutes = j.value("cost_minutes", 0.0);
    r.corpus = j.value("corpus", std::string("kjv"));
    if (!j.contains("steps") || !j["steps"].is_array() || j["steps"].empty())
        throw ConfigError(origin + ": 'steps' must be a non-empty list");
    for (size_t i = 0; i < j["steps"].size(); ++i) {
        const json& step = j["steps"][i];
        if (!step.is_object())
            throw ConfigError(origin + ": step " + std::to_string(i + 1) + " is not an object");
        if (verbOf(step, origin, i) == "qat_fractions")
            QatFractionSpec::fromJson(step["qat_fractions"], j.value("train", json::object()), origin);
    }
    // The base config must be valid on its own.
    patchedConfig(j.value("train", json::object()), json::object(), origin + ": train");
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
    std::vector<RecipeFigure> figures;
    for (const auto& f : j.value("figures", json::array())) {
        const std::string what = file + ": figure " + std::to_string(figures.size() + 1);
        RecipeFigure fig;
        fig.file = field<std::string>(f, "file", what);
        fig.kind = f.value("kind", fig.kind);
        fig.run = f.value("run", std::string());
        fig.overlay = f.value("overlay", std::vector<std::string>());
        fig.config = f.value("config", std::string());
        fig.metric = f.value("metric", fig.metric);
        fig.x = f.value("x", fig.x);
        if (fig.kind != "trajectory" && fig.kind != "qat_fractions")
            throw ConfigError(what + ": kind '" + fig.kind + "' is not trajectory or qat_fractions");
        if (fig.kind == "trajectory" && fig.run.empty())
            throw ConfigError(what + ": 'run' is missing");
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
