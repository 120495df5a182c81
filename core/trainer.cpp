#include "trainer.h"

#include "corpus.h"
#include "errors.h"
#include "evaluate.h"
#include "model.h"
#include "schedule.h"
#include "store.h"
#include "tensors.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <random>
#include <thread>

namespace fs = std::filesystem;

namespace qs {

namespace {

std::string checkpointName(int64_t step)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "step%07lld.safetensors", static_cast<long long>(step));
    return buf;
}

std::string optimizerName(int64_t step)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "optimizer-step%07lld.pt", static_cast<long long>(step));
    return buf;
}

// Batches depend only on (seed, step), so a resumed run sees exactly the batches the uninterrupted
// run would have seen.
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

// Paths inside the store's folder are kept relative so the folder can move as a whole.
std::string storeRelativePath(const Store& store, const std::string& path)
{
    std::error_code ec;
    const fs::path absolute = fs::absolute(path);
    const fs::path rel = fs::relative(absolute, fs::absolute(store.path()).parent_path(), ec);
    if (ec || rel.empty() || *rel.begin() == "..")
        return absolute.string();
    return rel.string();
}

int resolveThreads(int requested)
{
    if (requested > 0)
        return requested;
    return std::max(1u, std::thread::hardware_concurrency());
}

} // namespace

TrainSummary trainRun(const TrainConfig& config, const Corpus& corpus, Store& store, const std::string& runName,
                      const std::string& checkpointDir, const Progress& progress)
{
    config.validate();
    torch::set_num_threads(resolveThreads(config.threads));
    if (corpus.train.size() < size_t(config.seqLen) + 2)
        throw ConfigError(corpus.path + ": training text is shorter than one sequence");

    TinyLm model(config.model);
    model->initWeights(config.seed);
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

    const int64_t tokensPerStep = int64_t(config.batchSize) * config.seqLen;
    const ValidationSet valSet =
        ValidationSet::fromBytes(corpus.val, config.evalBatches * config.batchSize, config.seqLen);
    const std::string configJson = config.toJson();

    std::error_code ec;
    fs::create_directories(checkpointDir, ec);
    if (ec)
        throw IoError(checkpointDir + ": cannot create checkpoint folder: " + ec.message());

    int64_t startStep = 0;
    int64_t lastLogged = -1;
    int64_t lastValidated = -1;
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
        if (!checkpoints.empty() && checkpoints.back().step == config.steps) {
            const auto val = store.validation(runName);
            summary.checkpoints = int(checkpoints.size());
            summary.finalValLoss = val.empty() ? std::nan("") : val.back().valLoss;
            summary.reused = true;
            reportProgress(progress, 1.0, "training: run '" + runName + "' already complete in the store");
            return summary;
        }
        if (!checkpoints.empty()) {
            // Resume from the last stored checkpoint and its optimizer state.
            const auto& last = checkpoints.back();
            const fs::path weights = fs::path(checkpointDir) / checkpointName(last.step);
            const fs::path optimizerState = fs::path(checkpointDir) / optimizerName(last.step);
            if (!fs::exists(optimizerState))
                throw Error(store.path() + ": run '" + runName + "' stopped at step " + std::to_string(last.step)
                            + " and cannot be resumed: " + optimizerState.string() + " is missing");
            loadWeights(model, SafetensorsFile::open(weights.string()));
            torch::load(optimizer, optimizerState.string());
            startStep = last.step;
        }
    } else {
        RunInfo info;
        info.name = runName;
        info.modelConfigJson = config.model.toJson();
        info.trainConfigJson = configJson;
        info.corpus = corpus.description;
        info.corpusPath = storeRelativePath(store, corpus.path);
        info.schedule = toString(config.schedule.kind);
        store.createRun(info, model->quantizableLayers());
    }

    std::vector<LogRow> pendingLog;
    std::vector<ValRow> pendingVal;
    int64_t previousOptimizerStep = -1;

    auto lrAt = [&](int64_t step) { return learningRate(config.schedule, std::max<int64_t>(step - 1, 0), config.steps); };
    auto evaluate = [&](int64_t step) {
        const double ce = validationCe(model, valSet, config.batchSize);
        if (step > lastValidated)
            pendingVal.push_back(ValRow {step, step * tokensPerStep, ce});
        summary.finalValLoss = ce;
    };
    // Weights (and optimizer state, for resuming) first, then log rows, then the checkpoint row: a
    // crash in between leaves files the store does not point to yet, never the reverse.
    auto checkpoint = [&](int64_t step) {
        const fs::path weights = fs::path(checkpointDir) / checkpointName(step);
        saveCheckpoint(model, weights.string(), dtypeFromString(config.checkpointDtype),
                       {{kMetaStep, std::to_string(step)}, {kMetaTokens, std::to_string(step * tokensPerStep)}});
        if (step < config.steps)
            torch::save(optimizer, (fs::path(checkpointDir) / optimizerName(step)).string());
        if (!pendingLog.empty())
            store.appendLog(runName, pendingLog);
        if (!pendingVal.empty())
            store.appendValidation(runName, pendingVal);
        pendingLog.clear();
        pendingVal.clear();
        CheckpointRow row;
        row.step = step;
        row.tokens = step * tokensPerStep;
        row.lr = lrAt(step);
        row.fpValCe = std::nan("");
        row.path = storeRelativePath(store, weights.string());
        store.appendCheckpoint(runName, row);
        ++summary.checkpoints;
        if (previousOptimizerStep >= 0)
            fs::remove(fs::path(checkpointDir) / optimizerName(previousOptimizerStep), ec);
        previousOptimizerStep = step < config.steps ? step : -1;
        if (step == config.steps) {
            for (const auto& entry : fs::directory_iterator(checkpointDir, ec)) {
                if (entry.path().filename().string().rfind("optimizer-step", 0) == 0)
                    fs::remove(entry.path(), ec);
            }
        }
    };

    if (startStep == 0) {
        evaluate(0);
        checkpoint(0);
    } else {
        summary.checkpoints = int(store.checkpoints(runName).size());
        previousOptimizerStep = startStep;
    }

    auto batch = torch::empty({config.batchSize, config.seqLen + 1}, torch::kInt64);
    for (int64_t step = startStep + 1; step <= config.steps; ++step) {
        const double lr = learningRate(config.schedule, step - 1, config.steps);
        for (auto& group : optimizer.param_groups())
            static_cast<torch::optim::AdamWOptions&>(group.options()).lr(lr);
        fillBatch(batch, corpus.train, config.seed, step);
        auto inputs = batch.narrow(1, 0, config.seqLen);
        auto targets = batch.narrow(1, 1, config.seqLen);
        optimizer.zero_grad();
        auto loss = model->loss(inputs, targets);
        loss.backward();
        if (config.gradClip > 0)
            torch::nn::utils::clip_grad_norm_(model->parameters(), config.gradClip);
        optimizer.step();
        const double lossValue = loss.item<double>();
        if (!std::isfinite(lossValue))
            throw Error("training run '" + runName + "' diverged at step " + std::to_string(step)
                        + " (loss is not finite); lower schedule.peak_lr");
        if (step > lastLogged)
            pendingLog.push_back(LogRow {step, step * tokensPerStep, lr, lossValue});

        if (step % config.evalEvery == 0 || step == config.steps)
            evaluate(step);
        if (step % config.checkpointEvery == 0 || step == config.steps)
            checkpoint(step);

        char message[160];
        std::snprintf(message, sizeof message, "training step %lld/%lld, loss %.3f, lr %.2e",
                      static_cast<long long>(step), static_cast<long long>(config.steps), lossValue, lr);
        if (!reportProgress(progress, double(step) / double(config.steps), message))
            throw Cancelled();
    }
    return summary;
}

} // namespace qs
