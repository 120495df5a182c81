// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/lab/recipe.h"

#include "core/common/errors.h"
#include "core/config/config.h"
#include "core/config/corpus.h"
#include "core/config/qatplan.h"
#include "core/engine/averaging.h"
#include "core/engine/sweep.h"
#include "core/engine/trainer.h"
#include "core/formats/jsonfields.h"
#include "core/lab/recipedetail.h"
#include "core/store/store.h"

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

std::string checkpointFolder(const RecipeOptions& options, const std::string& run)
{
    return (fs::path(options.dir) / "checkpoints" / run).string();
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
        trainRun(config, m_corpus, store, run, checkpointFolder(m_options, run), progress, {}, m_options.device);
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
        options.device = m_options.device;
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
        options.device = m_options.device;
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
