#include "sweep.h"

#include "corpus.h"
#include "errors.h"
#include "evaluate.h"
#include "gptqmodel.h"
#include "quantizer.h"
#include "store.h"
#include "tensors.h"

#include <cmath>
#include <filesystem>
#include <thread>

namespace fs = std::filesystem;

namespace qs {

namespace {

std::string resolveCheckpointPath(const Store& store, const std::string& path)
{
    fs::path p(path);
    if (p.is_absolute())
        return p.string();
    return (fs::absolute(store.path()).parent_path() / p).string();
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

SweepSummary runSweep(Store& store, const std::string& run, const std::vector<QuantConfig>& configs,
                      const Corpus& corpus, int threads, const Progress& progress)
{
    torch::set_num_threads(threads > 0 ? threads : int(std::max(1u, std::thread::hardware_concurrency())));
    if (!store.hasRun(run))
        throw ConfigError(store.path() + ": no run named '" + run + "'");
    const RunInfo info = store.runInfo(run);
    if (info.corpus != corpus.description)
        throw ConfigError("run '" + run + "' was trained on \"" + info.corpus + "\", but the sweep was given \""
                          + corpus.description + "\": validation must use the run's own held-out text");
    const TrainConfig train = TrainConfig::fromJson(info.trainConfigJson);
    for (const auto& c : configs) {
        c.validate();
        store.ensureConfig(run, c.id(), c.toJson());
    }

    const ValidationSet valSet = ValidationSet::fromBytes(corpus.val, train.evalBatches * train.batchSize, train.seqLen);
    const auto checkpoints = store.checkpoints(run);
    const auto layers = store.layers(run);
    const double total = double(checkpoints.size() * std::max<size_t>(configs.size(), 1));
    SweepSummary summary;

    for (int i = 0; i < int(checkpoints.size()); ++i) {
        const CheckpointRow& row = checkpoints[size_t(i)];
        std::vector<const QuantConfig*> missing;
        for (const auto& c : configs) {
            if (!store.hasResult(run, c.id(), i))
                missing.push_back(&c);
        }
        summary.skipped += int(configs.size() - missing.size());
        if (missing.empty() && std::isfinite(row.fpValCe))
            continue;

        TinyLm model = loadCheckpoint(resolveCheckpointPath(store, row.path));
        double fpCe = row.fpValCe;
        if (!std::isfinite(fpCe)) {
            fpCe = validationCe(model, valSet, train.batchSize);
            store.setCheckpointFpCe(run, i, fpCe);
        }

        std::vector<torch::Tensor> weights, originals;
        for (const auto& layer : layers) {
            weights.push_back(model->parameter(layer.name));
            originals.push_back(weights.back().detach().clone());
        }

        for (const QuantConfig* c : missing) {
            ResultEntry entry;
            std::vector<double> relErr;
            if (c->method == QuantMethod::Gptq) {
                torch::NoGradGuard noGrad;
                if (c->calibSeqLen > train.model.maxSeqLen)
                    throw ConfigError("GPTQ calibration length " + std::to_string(c->calibSeqLen)
                                      + " exceeds the model's max_seq_len " + std::to_string(train.model.maxSeqLen));
                const auto calibration = calibrationBatch(corpus.train, c->calibSequences, c->calibSeqLen, c->calibSeed);
                const auto stats = gptqQuantizeModel(model, calibration, *c);
                if (stats.size() != weights.size())
                    throw FormatError(store.path() + ": run '" + run + "' lists " + std::to_string(weights.size())
                                      + " layers, the checkpoint's model has " + std::to_string(stats.size()));
                std::vector<double> loss, damp;
                for (size_t l = 0; l < weights.size(); ++l) {
                    relErr.push_back(relativeError(originals[l], weights[l]));
                    loss.push_back(stats[l].loss);
                    damp.push_back(stats[l].dampUsed);
                }
                entry.layers["gptq_loss"] = loss;
                entry.layers["damp_used"] = damp;
            } else {
                torch::NoGradGuard noGrad;
                for (size_t l = 0; l < weights.size(); ++l) {
                    auto wq = rtnQuantize(originals[l], c->bits, c->groupSize, c->symmetric);
                    relErr.push_back(relativeError(originals[l], wq));
                    weights[l].copy_(wq);
                }
            }
            const double ce = validationCe(model, valSet, train.batchSize);
            {
                torch::NoGradGuard noGrad;
                for (size_t l = 0; l < weights.size(); ++l)
                    weights[l].copy_(originals[l]);
            }
            entry.model = {{"ce", ce},
                           {"fp_ce", fpCe},
                           {"delta_ce", ce - fpCe},
                           {"rel_ce", ce / fpCe - 1.0},
                           {"ppl", std::exp(ce)}};
            entry.layers["w_rel_err"] = relErr;
            store.writeResult(run, c->id(), i, entry);
            ++summary.computed;

            const double done = double(summary.computed + summary.skipped);
            char message[200];
            std::snprintf(message, sizeof message, "sweep: step %lld, %s: rel CE %+.4f", (long long)row.step,
                          c->label().c_str(), ce / fpCe - 1.0);
            if (!reportProgress(progress, done / total, message))
                throw Cancelled();
        }
        if (missing.empty() && !reportProgress(progress, double(summary.computed + summary.skipped) / total,
                                               "sweep: FP loss of step " + std::to_string(row.step)))
            throw Cancelled();
    }
    reportProgress(progress, 1.0, "sweep complete");
    return summary;
}

} // namespace qs
