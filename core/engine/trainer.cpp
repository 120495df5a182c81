// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/trainer.h"

#include "core/common/errors.h"
#include "core/config/corpus.h"
#include "core/config/schedule.h"
#include "core/engine/compute.h"
#include "core/engine/evaluate.h"
#include "core/engine/model.h"
#include "core/engine/sweepdetail.h"
#include "core/engine/tensors.h"
#include "core/store/store.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <optional>
#include <random>
#include <thread>

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace qs {

namespace {

using sweepdetail::resolveCheckpointPath;
using sweepdetail::storeRelativePath;

std::string stepFileName(const char* prefix, int64_t step, const char* suffix)
{
    char buf[96];
    std::snprintf(buf, sizeof buf, "%sstep%07lld%s", prefix, static_cast<long long>(step), suffix);
    return buf;
}

std::string checkpointName(int64_t step)
{
    return stepFileName("", step, ".safetensors");
}

std::string optimizerName(int64_t step)
{
    return stepFileName("optimizer-", step, ".pt");
}

std::string emaName(int64_t step)
{
    return stepFileName("ema-", step, ".safetensors");
}

// Batches depend only on (seed, step), so a resumed run sees exactly the batches the uninterrupted
// run would have seen, and a branch sees the batches its parent would have seen next.
void fillBatch(torch::Tensor& buffer, const std::vector<uint8_t>& text, uint64_t seed, int64_t step)
{
    std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ull + uint64_t(step));
    const int64_t rows = buffer.size(0), width = buffer.size(1);
    std::uniform_int_distribution<size_t> pick(0, text.size() - size_t(width));
    auto* p = buffer.data_ptr<int64_t>();
    for (int64_t r = 0; r < rows; ++r) {
        const size_t offset = pick(rng);
        for (int64_t c = 0; c < width; ++c)
            p[r * width + c] = text[offset + size_t(c)];
    }
}

int resolveThreads(int requested)
{
    if (requested > 0)
        return requested;
    return std::max(1u, std::thread::hardware_concurrency());
}

// The parent checkpoint a branch starts from: its row, weights and optimizer state.
struct BranchPoint
{
    CheckpointRow row;
    std::string weights;
    std::string optimizer;
};

BranchPoint findBranchPoint(const Store& store, const TrainConfig& config, const std::string& runName)
{
    const std::string what = store.path() + ": branch '" + runName + "' of run '" + config.initRun + "'";
    if (!store.hasRun(config.initRun))
        throw ConfigError(what + ": the store has no run '" + config.initRun + "'");
    const RunInfo parent = store.runInfo(config.initRun);
    TrainConfig p;
    try {
        p = TrainConfig::fromJson(parent.trainConfigJson);
    } catch (const ConfigError&) {
        throw ConfigError(what + ": the parent is not a run of the built-in trainer");
    }
    const auto mustMatch = [&](bool same, const char* field) {
        if (!same)
            throw ConfigError(what + ": a branch keeps the parent's " + field
                              + "; only the schedule, steps, QAT, "
                                "EMA and checkpointing may change");
    };
    mustMatch(p.model == config.model, "model");
    mustMatch(p.batchSize == config.batchSize && p.seqLen == config.seqLen, "batch_size and seq_len");
    mustMatch(p.seed == config.seed, "seed (its data order)");
    mustMatch(p.valFraction == config.valFraction && p.evalBatches == config.evalBatches, "validation set");
    const auto rows = store.checkpoints(config.initRun);
    for (const CheckpointRow& row : rows) {
        if (row.step != config.initStep)
            continue;
        if (row.kind == "averaged")
            throw ConfigError(what + ": its checkpoint at step " + std::to_string(row.step)
                              + " is an average, with no optimizer state to continue from; branch from a trained run");
        BranchPoint point {row, resolveCheckpointPath(store, row.path), {}};
        point.optimizer = (fs::path(point.weights).parent_path() / optimizerName(row.step)).string();
        if (!fs::exists(point.optimizer))
            throw Error(what + ": the parent's optimizer state at step " + std::to_string(row.step) + " ("
                        + point.optimizer
                        + ") is missing; train the parent with \"keep_optimizer_states\": true "
                          "to branch from any of its checkpoints");
        return point;
    }
    std::string steps;
    for (const CheckpointRow& row : rows)
        steps += (steps.empty() ? "" : ", ") + std::to_string(row.step);
    throw ConfigError(what + ": the parent has no checkpoint at step " + std::to_string(config.initStep) + " (it has "
                      + (steps.empty() ? std::string("none") : steps) + ")");
}

// The exponential moving average of the weights, kept in a second model and checkpointed (always in
// F32, so that resuming from it is exact) into the averaged run "<run>.ema".
class EmaTrack
{
public:
    EmaTrack(const TrainConfig& config, TinyLm& model, Store& store, const std::string& runName)
        : m_decay(config.emaDecay)
        , m_model(config.model)
        , m_store(store)
        , m_run(runName + ".ema")
        , m_parent(runName)
    {
        m_model->to(model->parameters().front().device());
        copyFrom(model);
        if (!store.hasRun(m_run)) {
            RunInfo info = store.runInfo(runName);
            info.name = m_run;
            info.parent = runName;
            info.parentStep = -1;
            store.createRun(info, model->quantizableLayers());
        }
        const auto rows = store.checkpoints(m_run);
        m_lastStored = rows.empty() ? -1 : rows.back().step;
    }

    void copyFrom(TinyLm& model)
    {
        torch::NoGradGuard noGrad;
        m_live = model->parameters();
        m_ema = m_model->parameters();
        for (size_t i = 0; i < m_ema.size(); ++i)
            m_ema[i].copy_(m_live[i]);
    }

    void resume(const std::string& checkpointDir, int64_t step)
    {
        const fs::path file = fs::path(checkpointDir) / emaName(step);
        if (!fs::exists(file))
            throw Error(m_store.path() + ": run '" + m_parent + "' cannot resume its EMA: " + file.string()
                        + " is missing");
        loadWeights(m_model, SafetensorsFile::open(file.string()));
    }

    void update()
    {
        torch::NoGradGuard noGrad;
        for (size_t i = 0; i < m_ema.size(); ++i)
            m_ema[i].mul_(m_decay).add_(m_live[i], 1.0 - m_decay);
    }

    void checkpoint(const std::string& checkpointDir, int64_t step, int64_t tokens, double lr)
    {
        const fs::path file = fs::path(checkpointDir) / emaName(step);
        saveCheckpoint(m_model, file.string(), DType::F32,
                       {{kMetaStep, std::to_string(step)}, {kMetaTokens, std::to_string(tokens)}});
        if (step <= m_lastStored)
            return;
        CheckpointRow row;
        row.step = step;
        row.tokens = tokens;
        row.lr = lr;
        row.fpValCe = std::nan("");
        row.path = storeRelativePath(m_store, file.string());
        row.kind = "averaged";
        row.provenance = json {{"method", "ema"}, {"decay", m_decay}, {"run", m_parent}}.dump();
        m_store.appendCheckpoint(m_run, row);
        m_lastStored = step;
    }

private:
    double m_decay;
    TinyLm m_model;
    Store& m_store;
    std::string m_run, m_parent;
    std::vector<torch::Tensor> m_live, m_ema;
    int64_t m_lastStored = -1;
};

} // namespace

TrainSummary trainRun(const TrainConfig& config, const Corpus& corpus, Store& store, const std::string& runName,
                      const std::string& checkpointDir, const Progress& progress,
                      const std::function<void(int64_t step)>& afterCheckpoint, const std::string& deviceName)
{
    config.validate();
    const torch::Device device = parseDevice(deviceName);
    torch::set_num_threads(resolveThreads(config.threads));
    if (corpus.train.size() < size_t(config.seqLen) + 2)
        throw ConfigError(corpus.path + ": training text is shorter than one sequence");

    TinyLm model(config.model);
    model->initWeights(config.seed);
    model->to(device); // before the optimizer takes the parameters; its state is made where they are
    model->train();

    std::vector<torch::Tensor> decay, noDecay;
    for (auto& item : model->named_parameters())
        (item.value().dim() >= 2 ? decay : noDecay).push_back(item.value());
    auto options = [&](double wd) {
        return std::make_unique<torch::optim::AdamWOptions>(torch::optim::AdamWOptions(config.schedule.peakLr)
                                                                .betas({config.beta1, config.beta2})
                                                                .eps(config.adamEps)
                                                                .weight_decay(wd));
    };
    std::vector<torch::optim::OptimizerParamGroup> groups;
    groups.emplace_back(decay, options(config.weightDecay));
    groups.emplace_back(noDecay, options(0.0));
    torch::optim::AdamW optimizer(std::move(groups));

    // QAT's quantizer, checked against the model's widths before anything is written.
    const QuantConfig qat = config.qat.enabled() ? QuantConfig::parse(config.qat.quant) : QuantConfig::fullPrecision();
    const auto setQat = [&](bool on) {
        const QuantConfig& q = on ? qat : QuantConfig::fullPrecision();
        model->setWeightQuantization(q);
        model->setActivationQuantization(q);
    };
    if (config.qat.enabled()) {
        setQat(true);
        setQat(false);
    }

    const int64_t tokensPerStep = int64_t(config.batchSize) * config.seqLen;
    const int64_t qatFirst =
        config.qat.enabled() ? config.qat.firstStep(tokensPerStep) : std::numeric_limits<int64_t>::max();
    const ValidationSet valSet =
        ValidationSet::fromBytes(corpus.val, config.evalBatches * config.batchSize, config.seqLen).to(device);
    const std::string configJson = config.toJson();
    // A branch counts its own steps from the branch point; the store keeps the parent's step axis.
    const int64_t offset = config.isBranch() ? config.initStep : 0;
    const int64_t lastStep = offset + config.steps;
    std::optional<BranchPoint> branchPoint;
    if (config.isBranch())
        branchPoint = findBranchPoint(store, config, runName);

    std::error_code ec;
    fs::create_directories(checkpointDir, ec);
    if (ec)
        throw IoError(checkpointDir + ": cannot create checkpoint folder: " + ec.message());

    int64_t startStep = 0; // the run's own steps
    int64_t lastLogged = -1;
    int64_t lastValidated = -1;
    bool resumed = false;
    TrainSummary summary;
    if (store.hasRun(runName)) {
        const RunInfo info = store.runInfo(runName);
        if (TrainConfig::fromJson(info.trainConfigJson) != config)
            throw ConfigError(store.path() + ": run '" + runName
                              + "' already exists with a different training config; choose another run name");
        const auto checkpoints = store.checkpoints(runName);
        const auto log = store.log(runName);
        if (!log.empty())
            lastLogged = log.back().step;
        if (const auto val = store.validation(runName); !val.empty())
            lastValidated = val.back().step;
        if (!checkpoints.empty() && checkpoints.back().step == lastStep) {
            const auto val = store.validation(runName);
            summary.checkpoints = int(checkpoints.size());
            summary.finalValLoss = val.empty() ? std::nan("") : val.back().valLoss;
            summary.reused = true;
            reportProgress(progress, 1.0, "training: run '" + runName + "' already complete in the store");
            return summary;
        }
        if (!checkpoints.empty() && checkpoints.back().kind != "branch") {
            // Resume from the last stored checkpoint and its optimizer state.
            const auto& last = checkpoints.back();
            const fs::path weights = fs::path(checkpointDir) / checkpointName(last.step);
            const fs::path optimizerState = fs::path(checkpointDir) / optimizerName(last.step);
            if (!fs::exists(optimizerState))
                throw Error(store.path() + ": run '" + runName + "' stopped at step " + std::to_string(last.step)
                            + " and cannot be resumed: " + optimizerState.string() + " is missing");
            loadWeights(model, SafetensorsFile::open(weights.string()));
            torch::load(optimizer, optimizerState.string(), device);
            startStep = last.step - offset;
        }
        resumed = !checkpoints.empty();
    } else {
        RunInfo info;
        info.name = runName;
        info.modelConfigJson = config.model.toJson();
        info.trainConfigJson = configJson;
        info.corpus = corpus.description;
        info.corpusPath = storeRelativePath(store, corpus.path);
        info.schedule = toString(config.schedule.kind);
        if (config.isBranch()) {
            info.parent = config.initRun;
            info.parentStep = config.initStep;
        }
        store.createRun(info, model->quantizableLayers());
    }
    if (branchPoint && startStep == 0) {
        loadWeights(model, SafetensorsFile::open(branchPoint->weights));
        torch::load(optimizer, branchPoint->optimizer, device);
    }

    std::optional<EmaTrack> ema;
    if (config.emaDecay > 0) {
        ema.emplace(config, model, store, runName);
        if (startStep > 0)
            ema->resume(checkpointDir, offset + startStep);
    }
    if (startStep >= qatFirst)
        setQat(true);

    std::vector<LogRow> pendingLog;
    std::vector<ValRow> pendingVal;
    int64_t previousOptimizerStep = -1;

    auto lrAt = [&](int64_t step) {
        return learningRate(config.schedule, std::max<int64_t>(step - 1, 0), config.steps);
    };
    auto evaluate = [&](int64_t step) {
        const int64_t global = offset + step;
        const double ce = validationCe(model, valSet, config.batchSize);
        if (global > lastValidated)
            pendingVal.push_back(ValRow {global, global * tokensPerStep, ce});
        summary.finalValLoss = ce;
    };
    // Weights (and optimizer state, for resuming) first, then log rows, then the checkpoint row: a
    // crash in between leaves files the store does not point to yet, never the reverse.
    auto checkpoint = [&](int64_t step) {
        const int64_t global = offset + step;
        CheckpointRow row;
        row.step = global;
        row.tokens = global * tokensPerStep;
        row.lr = lrAt(step);
        row.fpValCe = std::nan("");
        if (branchPoint && step == 0) {
            // The branch point is the parent's file; the branch starts drawing from there.
            row.path = branchPoint->row.path;
            row.lr = branchPoint->row.lr;
            row.kind = "branch";
            row.provenance = json {{"from", {{"run", config.initRun}, {"step", config.initStep}}}}.dump();
        } else {
            const fs::path weights = fs::path(checkpointDir) / checkpointName(global);
            saveCheckpoint(model, weights.string(), dtypeFromString(config.checkpointDtype),
                           {{kMetaStep, std::to_string(global)}, {kMetaTokens, std::to_string(row.tokens)}});
            if (step < config.steps || config.keepOptimizerStates)
                torch::save(optimizer, (fs::path(checkpointDir) / optimizerName(global)).string());
            row.path = storeRelativePath(store, weights.string());
        }
        // The EMA's checkpoint row, the log and validation rows since the last checkpoint and the
        // checkpoint row: one change of the store.
        StoreBatch batch(store);
        if (ema)
            ema->checkpoint(checkpointDir, global, row.tokens, row.lr);
        if (!pendingLog.empty())
            store.appendLog(runName, pendingLog);
        if (!pendingVal.empty())
            store.appendValidation(runName, pendingVal);
        store.appendCheckpoint(runName, row);
        batch.commit();
        pendingLog.clear();
        pendingVal.clear();
        ++summary.checkpoints;
        if (afterCheckpoint) {
            afterCheckpoint(global);
            torch::set_num_threads(resolveThreads(config.threads)); // the hook may have changed it
            model->train();
        }
        // Only this run's own optimizer states are removed (a branch may share its parent's folder).
        if (config.keepOptimizerStates || (branchPoint && step == 0))
            return;
        if (previousOptimizerStep >= 0)
            fs::remove(fs::path(checkpointDir) / optimizerName(previousOptimizerStep), ec);
        previousOptimizerStep = step < config.steps ? global : -1;
        if (step == config.steps) {
            // Leftovers of interrupted runs.
            for (int64_t s = config.checkpointEvery; s < config.steps; s += config.checkpointEvery)
                fs::remove(fs::path(checkpointDir) / optimizerName(offset + s), ec);
            if (!branchPoint)
                fs::remove(fs::path(checkpointDir) / optimizerName(0), ec);
        }
    };

    if (!resumed) {
        evaluate(0);
        checkpoint(0);
    } else {
        summary.checkpoints = int(store.checkpoints(runName).size());
        previousOptimizerStep = startStep > 0 ? offset + startStep : -1;
    }

    auto batch = torch::empty({config.batchSize, config.seqLen + 1}, torch::kInt64);
    for (int64_t step = startStep + 1; step <= config.steps; ++step) {
        const int64_t global = offset + step;
        if (step == qatFirst)
            setQat(true);
        const double lr = learningRate(config.schedule, step - 1, config.steps);
        for (auto& group : optimizer.param_groups())
            static_cast<torch::optim::AdamWOptions&>(group.options()).lr(lr);
        fillBatch(batch, corpus.train, config.seed, global);
        const auto onDevice = toCompute(batch, batch.options().device(device));
        auto inputs = onDevice.narrow(1, 0, config.seqLen);
        auto targets = onDevice.narrow(1, 1, config.seqLen);
        optimizer.zero_grad();
        auto loss = model->loss(inputs, targets);
        loss.backward();
        if (config.gradClip > 0)
            torch::nn::utils::clip_grad_norm_(model->parameters(), config.gradClip);
        optimizer.step();
        if (ema)
            ema->update();
        const double lossValue = loss.item<double>();
        if (!std::isfinite(lossValue))
            throw Error("training run '" + runName + "' diverged at step " + std::to_string(global)
                        + " (loss is not finite); lower schedule.peak_lr");
        if (global > lastLogged)
            pendingLog.push_back(LogRow {global, global * tokensPerStep, lr, lossValue});

        if (step % config.evalEvery == 0 || step == config.steps)
            evaluate(step);
        if (step % config.checkpointEvery == 0 || step == config.steps)
            checkpoint(step);

        char message[160];
        std::snprintf(message, sizeof message, "training %s step %lld/%lld, loss %.3f, lr %.2e%s", runName.c_str(),
                      static_cast<long long>(step), static_cast<long long>(config.steps), lossValue, lr,
                      step >= qatFirst ? " (QAT)" : "");
        if (!reportProgress(progress, double(step) / double(config.steps), message))
            throw Cancelled();
    }
    return summary;
}

} // namespace qs
