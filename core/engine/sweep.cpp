// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/sweep.h"

#include "core/common/errors.h"
#include "core/common/metrics.h"
#include "core/config/corpus.h"
#include "core/config/quantmethods.h"
#include "core/engine/awq.h"
#include "core/engine/downstreamscore.h"
#include "core/engine/evaluate.h"
#include "core/engine/hfmemory.h"
#include "core/engine/quantizemodel.h"
#include "core/engine/rotation.h"
#include "core/engine/sensitivity.h"
#include "core/engine/sweepdetail.h"
#include "core/engine/tensors.h"
#include "core/hf/hfrun.h"
#include "core/store/store.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

namespace fs = std::filesystem;

namespace qs {

namespace sweepdetail {

std::string resolveCheckpointPath(const Store& store, const std::string& path)
{
    fs::path p(path);
    if (p.is_absolute())
        return p.string();
    return (fs::absolute(store.path()).parent_path() / p).string();
}

std::string storeRelativePath(const Store& store, const std::string& path)
{
    std::error_code ec;
    const fs::path absolute = fs::absolute(path);
    const fs::path rel = fs::relative(absolute, fs::absolute(store.path()).parent_path(), ec);
    if (ec || rel.empty() || *rel.begin() == "..")
        return absolute.string();
    return rel.string();
}

} // namespace sweepdetail

using namespace sweepdetail;

namespace {

// A copy of the checkpoint's weights to restore between configs, when more than one config needs them
// and the copy takes at most a quarter of the memory budget (SweepOptions::memoryBudget, else half the
// machine's); empty otherwise (then the file is read again).
std::vector<torch::Tensor> pristineWeights(TinyLm& model, size_t configs, int64_t budget)
{
    std::vector<torch::Tensor> weights;
    if (configs < 2)
        return weights;
    int64_t bytes = 0;
    for (const torch::Tensor& p : model->parameters())
        bytes += p.numel() * int64_t(p.element_size());
    if (bytes > budget / 4)
        return weights;
    torch::NoGradGuard noGrad;
    for (const torch::Tensor& p : model->parameters())
        weights.push_back(p.detach().clone());
    return weights;
}

// The model as loadCheckpoint returned it: weights copied back in place, no input quantization.
void restoreWeights(TinyLm& model, const std::vector<torch::Tensor>& weights)
{
    torch::NoGradGuard noGrad;
    const std::vector<torch::Tensor> parameters = model->parameters();
    for (size_t i = 0; i < parameters.size(); ++i)
        parameters[i].detach().copy_(weights[i]);
    model->setActivationQuantization(QuantConfig::fullPrecision());
    model->setWeightQuantization(QuantConfig::fullPrecision());
    model->setResidualRotation({});
    for (auto& block : model->blocks())
        block->mlp->downRotation = {};
}

} // namespace

Corpus corpusOfRun(const Store& store, const std::string& run)
{
    const RunInfo info = store.runInfo(run);
    const TrainConfig train = TrainConfig::fromJson(info.trainConfigJson);
    if (info.corpusPath.empty())
        throw ConfigError(store.path() + ": run '" + run + "' records no corpus file");
    return Corpus::fromFile(resolveCheckpointPath(store, info.corpusPath), train.valFraction, info.corpus);
}

namespace sweepdetail {

// sqnr_db of a layer left in full precision (no error at all) is +inf; stored as NaN, "nothing to measure".
double finiteOrNan(double value)
{
    return std::isfinite(value) ? value : std::numeric_limits<double>::quiet_NaN();
}

ResultEntry makeEntry(const QuantConfig& config, const EvaluationUnits& units, const std::vector<LayerReport>& reports)
{
    ResultEntry entry;
    entry.model = modelMetrics(units);
    entry.units = unitRecords(units);
    auto column = [&](const char* name, auto value) {
        std::vector<double> values;
        for (const LayerReport& r : reports)
            values.push_back(value(r));
        entry.layers[name] = std::move(values);
    };
    column(metrics::wRelErr, [](const LayerReport& r) { return r.relErr; });
    column(metrics::sqnrDb, [](const LayerReport& r) { return finiteOrNan(r.sqnrDb); });
    if (config.method == QuantMethod::Gptq) {
        column(metrics::gptqLoss, [](const LayerReport& r) { return r.gptqLoss; });
        column(metrics::dampUsed, [](const LayerReport& r) { return r.dampUsed; });
    }
    if (config.isFullPrecision()) {
        column(metrics::actKurtosis, [](const LayerReport& r) { return r.input.kurtosis; });
        column(metrics::actAbsmax, [](const LayerReport& r) { return r.input.absmax; });
        column(metrics::actAbsmaxMedian, [](const LayerReport& r) { return finiteOrNan(r.input.absmaxMedian); });
        column(metrics::actOutliers, [](const LayerReport& r) { return double(r.input.outliers); });
        auto& profile = entry.profiles[metrics::actChannelAbsmax];
        for (const LayerReport& r : reports)
            profile.push_back(r.input.channelAbsmax);
    }
    return entry;
}

std::vector<const QuantConfig*> missingConfigs(const Store& store, const std::string& run,
                                               const std::vector<QuantConfig>& configs, int checkpoint, bool downstream)
{
    std::vector<const QuantConfig*> missing;
    for (const auto& c : configs) {
        if (!store.hasResult(run, c.id(), checkpoint) || (downstream && !store.hasDownstream(run, c.id(), checkpoint)))
            missing.push_back(&c);
    }
    return missing;
}

} // namespace sweepdetail

double sweepEntryPrior(const QuantConfig& config)
{
    // bench_demo_phases, 2 cores, the demo's 8 × 128-byte steps: an FP config (input
    // statistics only) ~2.9 training steps, RTN ~3.9, GPTQ ~4.8, and ~2 more when activations are
    // quantized (the fake-quantized forwards).
    if (config.isFullPrecision())
        return 2.9;
    // AWQ's grid search (20 points × 4 sites × each block's parent on the calibration set): 2.95 s per
    // demo checkpoint against RTN's 0.36 s (`quantscope sweep --quant awq:4`, 2 cores), about 32 steps.
    double prior = config.method == QuantMethod::Gptq ? 4.8 : config.method == QuantMethod::Awq ? 32.0 : 3.9;
    if (config.actBits < 16 || std::any_of(config.overrides.begin(), config.overrides.end(), [](const auto& o) {
            return o.second.actBits > 0 && o.second.actBits < 16;
        }))
        prior += 2.0;
    // A rotated config: 1.29 times its unrotated one on the demo (RTN and GPTQ W4A4, 2 cores: the online
    // Hadamard of every down_proj input and the stream's rotations).
    if (config.rotation != Rotation::None)
        prior *= 1.3;
    return prior;
}

double sweepReferencePrior()
{
    return 2.4;
}

SweepSummary runSweep(Store& store, const std::string& run, const std::vector<QuantConfig>& userConfigs,
                      const Corpus& corpus, const SweepOptions& options, const Progress& progress)
{
    using Clock = std::chrono::steady_clock;
    // The call's own setup (validation and calibration tensors, registering configs, looking up what is
    // stored) counts with its first FP reference: the demo calls the sweep once per checkpoint, so its
    // time-left estimate must see that cost too.
    auto setupStart = std::optional<Clock::time_point>(Clock::now());
    torch::set_num_threads(options.threads > 0 ? options.threads
                                               : int(std::max(1u, std::thread::hardware_concurrency())));
    const torch::Device device = parseDevice(options.device);
    if (!store.hasRun(run))
        throw ConfigError(store.path() + ": no run named '" + run + "'");
    if (options.dryRun || options.onBlock)
        throw ConfigError("run '" + run
                          + "' is a run of the built-in trainer: a dry run (quantscope export) and "
                            "block hooks are for Hugging Face runs");
    checkComputeDtype(store, run, canonicalComputeDtype(options.dtype));
    const RunInfo info = store.runInfo(run);
    if (info.corpus != corpus.description)
        throw ConfigError("run '" + run + "' was trained on \"" + info.corpus + "\", but the sweep was given \""
                          + corpus.description + "\": validation must use the run's own held-out text");
    const TrainConfig train = TrainConfig::fromJson(info.trainConfigJson);

    // The FP reference first, then the user's configs, each once.
    std::vector<QuantConfig> configs = {QuantConfig::fullPrecision()};
    for (const auto& c : userConfigs) {
        c.validate();
        if (traitsOf(c.method).calibrated && c.calibSeqLen > train.model.maxSeqLen)
            throw ConfigError("calibration length " + std::to_string(c.calibSeqLen) + " of " + c.id()
                              + " exceeds the model's max_seq_len " + std::to_string(train.model.maxSeqLen));
        const bool seen =
            std::any_of(configs.begin(), configs.end(), [&](const QuantConfig& o) { return o.id() == c.id(); });
        if (!seen)
            configs.push_back(c);
    }
    // Registering every config before any work: a config the store holds with other parameters fails now.
    for (const auto& c : configs)
        store.ensureConfig(run, c.id(), c.toJson());
    // Downstream tasks: rendered once, as bytes for the byte-level model; entries stored under another
    // protocol are refused before any work.
    const std::optional<DownstreamPlan> downstream = downstreamPlanFor(store, run, configs, options, [&] {
        return byteDownstreamPlan(options.downstreamData, options.downstreamTasks, options.downstream,
                                  train.model.maxSeqLen);
    });

    const ValidationSet valSet =
        ValidationSet::fromBytes(corpus.val, train.evalBatches * train.batchSize, train.seqLen).to(device);
    const auto checkpoints = store.checkpoints(run);
    const double total = double(configs.size())
        * double(std::count_if(checkpoints.begin(), checkpoints.end(), [&](const CheckpointRow& r) {
                             return options.onlyStep < 0 || r.step == options.onlyStep;
                         }));
    // RTN and the FP reference measure SQNR and input statistics on the default calibration set.
    const QuantConfig defaults;
    const auto defaultCalibration =
        calibrationBatch(corpus.train, defaults.calibSequences, std::min(defaults.calibSeqLen, train.model.maxSeqLen),
                         defaults.calibSeed)
            .to(device);
    QuantizeModelOptions walk;
    walk.outlierThreshold = options.outlierThreshold;
    SweepSummary summary;
    summary.blocks = train.model.nLayers;
    summary.layers = int(store.layers(run).size());

    // With sensitivity, a quantized config's entry stored without it is computed again.
    std::map<std::string, std::vector<bool>> lacksSensitivity;
    if (options.sensitivity) {
        for (const QuantConfig& c : configs) {
            if (c.isFullPrecision())
                continue;
            const ConfigResults stored = store.results(run, c.id());
            auto& lacks = lacksSensitivity[c.id()];
            const auto column = stored.layers.find(metrics::loiDeltaCe);
            for (size_t i = 0; i < checkpoints.size(); ++i) {
                bool has = column != stored.layers.end() && i < column->second.size();
                if (has) {
                    const auto& row = column->second[i];
                    has = std::any_of(row.begin(), row.end(), [](double v) { return std::isfinite(v); });
                }
                lacks.push_back(!has);
            }
        }
    }
    auto missingAt = [&](int i) {
        std::vector<const QuantConfig*> missing;
        for (const QuantConfig& c : configs) {
            const auto lacks = lacksSensitivity.find(c.id());
            if (!store.hasResult(run, c.id(), i) || (lacks != lacksSensitivity.end() && lacks->second[size_t(i)])
                || (downstream && !store.hasDownstream(run, c.id(), i)))
                missing.push_back(&c);
        }
        return missing;
    };

    // The work to do, for the time-left estimate: an FP reference per checkpoint that needs one, and
    // each missing entry of each config.
    TimeLeft ownTimeLeft;
    TimeLeft& timeLeft = options.timeLeft ? *options.timeLeft : ownTimeLeft;
    const std::string referenceKind = "sweep: FP reference";
    auto wanted = [&](int i) { return options.onlyStep < 0 || checkpoints[size_t(i)].step == options.onlyStep; };
    if (options.planTimeLeft) {
        double references = 0.0;
        std::map<std::string, double> entries;
        for (int i = 0; i < int(checkpoints.size()); ++i) {
            if (!wanted(i))
                continue;
            const auto missing = missingAt(i);
            references += missing.empty() && std::isfinite(checkpoints[size_t(i)].fpValCe) ? 0.0 : 1.0;
            for (const QuantConfig* c : missing)
                entries[c->id()] += 1.0;
        }
        timeLeft.planRemaining(referenceKind, references, sweepReferencePrior());
        for (const QuantConfig& c : configs)
            timeLeft.planRemaining("sweep: " + c.id(), entries[c.id()], sweepEntryPrior(c));
    }

    for (int i = 0; i < int(checkpoints.size()); ++i) {
        if (!wanted(i))
            continue;
        const CheckpointRow& row = checkpoints[size_t(i)];
        const std::vector<const QuantConfig*> missing = missingAt(i);
        summary.skipped += int(configs.size() - missing.size());
        if (missing.empty() && std::isfinite(row.fpValCe))
            continue;

        auto start = setupStart.value_or(Clock::now());
        setupStart.reset();
        // Where the time goes (bench_demo_phases prints it): seconds of each stage, summed over entries.
        auto stage = Clock::now();
        auto endStage = [&](const char* name) {
            const auto now = Clock::now();
            summary.stageSeconds[name] += std::chrono::duration<double>(now - stage).count();
            stage = now;
        };
        const std::string checkpointPath = resolveCheckpointPath(store, row.path);
        auto load = [&] {
            TinyLm model = loadCheckpoint(checkpointPath);
            model->to(device);
            endStage("load checkpoint");
            return model;
        };
        TinyLm model = load();
        const bool sensitivity = options.sensitivity
            && std::any_of(missing.begin(), missing.end(), [](const QuantConfig* c) { return !c->isFullPrecision(); });
        FpReference fp;
        ResidualStates fpResiduals;
        std::vector<torch::Tensor> fisher;
        try {
            fp = fpReference(model, valSet, train.batchSize, sensitivity ? &fpResiduals : nullptr);
            endStage("FP reference forward");
            if (sensitivity) {
                fisher = fisherDiagonal(model, defaultCalibration);
                endStage("layer sensitivity: Fisher information");
            }
        } catch (const Error& e) {
            throw Error(checkpointPath + " (step " + std::to_string(row.step) + "): " + e.what());
        }
        if (!std::isfinite(row.fpValCe))
            store.setCheckpointFpCe(run, i, fp.ce);
        endStage("store");
        const double referenceSeconds = std::chrono::duration<double>(Clock::now() - start).count();
        summary.referenceSeconds += referenceSeconds;
        ++summary.references;
        timeLeft.done(referenceKind, 1.0, referenceSeconds);
        start = Clock::now();
        bool pristine = true;
        // The FP entry's per-document outcomes, which every quantized entry's relative accuracy drop pairs with.
        std::optional<std::map<std::string, std::vector<uint8_t>>> fpCorrect;
        // Each config starts from the checkpoint's own weights: a copy kept in memory when it fits the
        // budget (quantization changes the weights in place and sets the layers' input quantization),
        // the file read again otherwise.
        const std::vector<torch::Tensor> weights = pristineWeights(
            model, missing.size(), options.memoryBudget > 0 ? options.memoryBudget : defaultMemoryBudget());
        endStage("load checkpoint");

        for (const QuantConfig* c : missing) {
            if (!pristine) {
                if (weights.empty()) {
                    model = load();
                } else {
                    restoreWeights(model, weights);
                    endStage("load checkpoint");
                }
            }
            pristine = c->isFullPrecision(); // the FP config leaves the weights as they are
            walk.inputStats = c->isFullPrecision();
            if (options.onQuantized)
                walk.onQuantized = [&](const QuantizedLayer& l) { options.onQuantized(row.step, c->id(), l); };
            const torch::Tensor calibration = traitsOf(c->method).calibrated
                ? calibrationBatch(corpus.train, c->calibSequences, c->calibSeqLen, c->calibSeed).to(device)
                : defaultCalibration;
            ResultEntry entry;
            std::optional<DownstreamEntry> downstreamResult;
            try {
                const bool layerSensitivityWanted = sensitivity && !c->isFullPrecision();
                // AWQ's full-precision layers are the scaled model's (the same function): the sensitivity
                // puts those back, under the norms the scales were divided out of.
                walk.awqScaled = layerSensitivityWanted && c->method == QuantMethod::Awq;
                if (walk.awqScaled)
                    awqSmoothModel(model, calibration, *c);
                // A rotated config's full-precision layers are the rotated model's: its partial forwards
                // start from the FP streams in the rotated basis, and its Fisher information is that of the
                // rotated weights.
                walk.rotated = layerSensitivityWanted && c->rotation != Rotation::None;
                ResidualStates rotatedFpResiduals;
                std::vector<torch::Tensor> rotatedFisher;
                if (walk.rotated) {
                    const Rotations rotations = makeRotations(*c, model->config());
                    rotateModel(model, rotations);
                    rotatedFpResiduals = rotateResiduals(fpResiduals, rotations.r1);
                    rotatedFisher = fisherDiagonal(model, defaultCalibration);
                    endStage("layer sensitivity: Fisher information");
                }
                const std::vector<torch::Tensor> fpWeights =
                    layerSensitivityWanted ? quantizableWeights(model) : std::vector<torch::Tensor> {};
                const auto reports = quantizeModel(model, calibration, *c, walk);
                endStage(c->isFullPrecision() ? "input statistics (FP config)" : "calibration and quantization");
                // The FP config's model is the reference's, so its evaluation is the reference's, bit for
                // bit: CE the same, KL zero, every top-1 the same. Only its input statistics are new.
                ResidualStates quantResiduals;
                const EvaluationUnits units = c->isFullPrecision()
                    ? EvaluationUnits::reference(fp.unitTokens, fp.unitCe)
                    : evaluateAgainst(model, valSet, train.batchSize, fp,
                                      layerSensitivityWanted ? &quantResiduals : nullptr);
                entry = makeEntry(*c, units, reports);
                endStage("evaluation forward and comparison");
                if (downstream) {
                    const auto scoring = Clock::now();
                    const std::vector<McRequestScore> scores = scoreRequests(
                        [&](const torch::Tensor& ids) {
                            torch::NoGradGuard noGrad;
                            return model->forward(ids.to(device));
                        },
                        downstream->tokens, downstream->maxLength, model->config().vocabSize,
                        options.downstreamBatchTokens);
                    if (!c->isFullPrecision() && !fpCorrect)
                        fpCorrect = storedFpCorrect(store, run, i);
                    downstreamResult =
                        downstreamEntry(*downstream, scores, c->isFullPrecision() ? nullptr : &*fpCorrect);
                    if (c->isFullPrecision())
                        fpCorrect = downstreamResult->correct;
                    summary.downstreamSeconds += std::chrono::duration<double>(Clock::now() - scoring).count();
                    endStage("downstream tasks");
                }
                if (layerSensitivityWanted) {
                    const LayerSensitivity s =
                        layerSensitivity(model, fpWeights, valSet, train.batchSize, fp,
                                         walk.rotated ? rotatedFpResiduals : fpResiduals, quantResiduals);
                    entry.layers[metrics::loiDeltaCe] = s.loiDeltaCe;
                    entry.layers[metrics::loiKl] = s.loiKl;
                    entry.layers[metrics::looDeltaCe] = s.looDeltaCe;
                    entry.layers[metrics::looKl] = s.looKl;
                    endStage("layer sensitivity: leave-one-in and leave-one-out");
                    entry.layers[metrics::fisherEst] =
                        fisherEstimate(model, walk.rotated ? rotatedFisher : fisher, fpWeights);
                    endStage("layer sensitivity: Fisher information");
                    summary.sensitivityHalves += s.blockHalves;
                    ++summary.sensitivityEntries;
                }
            } catch (const Cancelled&) {
                throw;
            } catch (const ConfigError& e) {
                throw ConfigError(c->id() + ": " + e.what());
            } catch (const Error& e) {
                throw Error(checkpointPath + " (step " + std::to_string(row.step) + "), " + c->id() + ": " + e.what());
            }
            store.writeResult(run, c->id(), i, entry);
            if (downstreamResult) {
                store.writeDownstream(run, c->id(), i, downstream->protocol, *downstreamResult);
                ++summary.downstreamEntries;
                summary.downstreamRequests = int64_t(downstream->tokens.size());
            }
            endStage("store");
            const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
            start = Clock::now();
            summary.seconds[c->id()] += seconds;
            summary.entries[c->id()] += 1;
            ++summary.computed;
            timeLeft.done("sweep: " + c->id(), 1.0, seconds);

            const double done = double(summary.computed + summary.skipped);
            char message[240];
            std::snprintf(message, sizeof message, "sweep: step %lld, %s: rel CE %+.4f, KL %.2e (%.1f s)",
                          (long long)row.step, c->label().c_str(), entry.model[metrics::relCe],
                          entry.model[metrics::klMean], seconds);
            if (!reportProgress(progress, done / total, message, timeLeft.secondsLeft()))
                throw Cancelled();
        }
        if (missing.empty()
            && !reportProgress(progress, double(summary.computed + summary.skipped) / total,
                               "sweep: FP loss of step " + std::to_string(row.step), timeLeft.secondsLeft()))
            throw Cancelled();
    }
    reportProgress(progress, 1.0, "sweep complete");
    return summary;
}

} // namespace qs
