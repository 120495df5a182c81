// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/averaging.h"

#include "core/common/errors.h"
#include "core/engine/sweepdetail.h"
#include "core/engine/tensors.h"
#include "core/hf/hfrun.h"
#include "core/store/derivedruns.h"
#include "core/store/store.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace qs {

using sweepdetail::resolveCheckpointPath;
using sweepdetail::storeRelativePath;

namespace {

std::string averagedName(int64_t step)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "avg-step%07lld.safetensors", static_cast<long long>(step));
    return buf;
}

json sourceJson(const std::string& run, int64_t step)
{
    return json {{"run", run}, {"step", step}};
}

} // namespace

void averageCheckpointFiles(const std::vector<std::string>& paths, const std::vector<double>& weights,
                            const std::string& out, int64_t step, int64_t tokens)
{
    if (paths.empty() || paths.size() != weights.size())
        throw ConfigError("averaging needs at least one checkpoint and one weight per checkpoint");
    torch::NoGradGuard noGrad;
    TinyLm first = loadCheckpoint(paths.front());
    std::vector<torch::Tensor> sum;
    double total = 0.0;
    for (size_t i = 0; i < paths.size(); ++i) {
        if (!(weights[i] > 0.0) || !std::isfinite(weights[i]))
            throw ConfigError(paths[i] + ": averaging weight " + std::to_string(weights[i]) + " must be positive");
        TinyLm model = i == 0 ? first : loadCheckpoint(paths[i]);
        if (!(model->config() == first->config()))
            throw ConfigError(paths[i] + ": model config differs from " + paths.front()
                              + "'s; only checkpoints of "
                                "one architecture can be averaged");
        const auto params = model->parameters();
        for (size_t p = 0; p < params.size(); ++p) {
            auto term = params[p].to(torch::kFloat64) * weights[i];
            if (i == 0)
                sum.push_back(term);
            else
                sum[p].add_(term);
        }
        total += weights[i];
    }
    // Σ wᵢ·xᵢ / Σ wᵢ in float64: the average of identical checkpoints is exactly the checkpoint.
    auto params = first->parameters();
    for (size_t p = 0; p < params.size(); ++p)
        params[p].copy_((sum[p] / total).to(torch::kFloat32));
    std::error_code ec;
    fs::create_directories(fs::path(out).parent_path(), ec);
    saveCheckpoint(first, out, DType::F32, {{kMetaStep, std::to_string(step)}, {kMetaTokens, std::to_string(tokens)}});
}

AveragingSummary lawaRun(Store& store, const std::string& run, int window, int stride, const std::string& checkpointDir,
                         const Progress& progress, uint64_t hfShardBytes)
{
    checkLawaWindow(window, stride);
    if (!store.hasRun(run))
        throw ConfigError(store.path() + ": no run '" + run + "' to average");
    if (isHfRun(store, run))
        return lawaHfRun(store, run, window, stride, HfAverageOptions {checkpointDir, hfShardBytes}, progress);
    const std::vector<CheckpointRow> trajectory = lawaTrajectory(store, run, window, stride, "checkpoints");
    const size_t span = lawaSpan(window, stride);

    AveragingSummary summary;
    summary.run = lawaRunName(run, window, stride);
    ensureDerivedRun(store, summary.run, run);
    int64_t lastStored = -1;
    if (const auto rows = store.checkpoints(summary.run); !rows.empty())
        lastStored = rows.back().step;
    for (size_t i = span; i < trajectory.size(); ++i) {
        const CheckpointRow& end = trajectory[i];
        if (end.step <= lastStored) {
            ++summary.reused;
            continue;
        }
        std::vector<std::string> paths;
        json sources = json::array();
        for (size_t j = i - span; j <= i; j += size_t(stride)) {
            paths.push_back(resolveCheckpointPath(store, trajectory[j].path));
            sources.push_back(sourceJson(run, trajectory[j].step));
        }
        const fs::path out = fs::path(checkpointDir) / averagedName(end.step);
        averageCheckpointFiles(paths, std::vector<double>(paths.size(), 1.0), out.string(), end.step, end.tokens);
        CheckpointRow row = end;
        row.fpValCe = std::nan("");
        row.path = storeRelativePath(store, out.string());
        row.kind = "averaged";
        row.provenance = json {{"method", "lawa"}, {"window", window}, {"stride", stride}, {"sources", sources}}.dump();
        store.appendCheckpoint(summary.run, row);
        ++summary.created;
        if (!reportProgress(progress, double(i - span + 1) / double(trajectory.size() - span),
                            "LAWA: averaged up to step " + std::to_string(end.step)))
            throw Cancelled();
    }
    return summary;
}

AveragingSummary soupRun(Store& store, const std::string& name, std::vector<SoupIngredient> ingredients,
                         const std::string& checkpointDir, uint64_t hfShardBytes, const Progress& progress)
{
    if (ingredients.size() < 2)
        throw ConfigError("a soup needs at least two ingredients");
    checkRunName(name);
    if (store.hasRun(ingredients.front().run) && isHfRun(store, ingredients.front().run))
        return soupHfRun(store, name, std::move(ingredients), HfAverageOptions {checkpointDir, hfShardBytes}, progress);
    AveragingSummary summary;
    summary.run = name;
    std::vector<std::string> paths;
    std::vector<double> weights;
    json sources = json::array();
    CheckpointRow latest;
    latest.step = -1;
    for (SoupIngredient& ingredient : ingredients) {
        if (!store.hasRun(ingredient.run))
            throw ConfigError(store.path() + ": soup ingredient run '" + ingredient.run + "' does not exist");
        if (isHfRun(store, ingredient.run))
            throw ConfigError(store.path() + ": soup ingredient run '" + ingredient.run
                              + "' holds Hugging Face revisions, '" + ingredients.front().run
                              + "' checkpoints of the built-in trainer; a soup takes one kind");
        const auto rows = store.checkpoints(ingredient.run);
        const CheckpointRow* found = nullptr;
        for (const CheckpointRow& row : rows) {
            if (row.step == ingredient.step || (ingredient.step < 0 && &row == &rows.back()))
                found = &row;
        }
        if (!found)
            throw ConfigError(store.path() + ": run '" + ingredient.run + "' has no checkpoint at step "
                              + std::to_string(ingredient.step));
        ingredient.step = found->step;
        paths.push_back(resolveCheckpointPath(store, found->path));
        weights.push_back(ingredient.weight);
        sources.push_back(json {{"run", ingredient.run}, {"step", found->step}, {"weight", ingredient.weight}});
        if (found->step > latest.step)
            latest = *found;
    }
    checkDerivedRun(store, name, ingredients.front().run);
    if (store.hasRun(name) && !store.checkpoints(name).empty()) {
        const auto stored = json::parse(store.checkpoints(name).front().provenance, nullptr, false);
        if (stored.is_discarded() || stored.value("sources", json()) != sources)
            throw ConfigError(store.path() + ": soup '" + name
                              + "' exists with other ingredients; choose another name");
        summary.reused = 1;
        return summary;
    }
    if (!reportProgress(progress, 0.0, "averaging " + std::to_string(paths.size()) + " checkpoints"))
        throw Cancelled();
    const fs::path out = fs::path(checkpointDir) / averagedName(latest.step);
    averageCheckpointFiles(paths, weights, out.string(), latest.step, latest.tokens);
    ensureDerivedRun(store, name, ingredients.front().run);
    CheckpointRow row = latest;
    row.fpValCe = std::nan("");
    row.path = storeRelativePath(store, out.string());
    row.kind = "averaged";
    row.provenance = json {{"method", "soup"}, {"sources", sources}}.dump();
    store.appendCheckpoint(name, row);
    summary.created = 1;
    return summary;
}

} // namespace qs
