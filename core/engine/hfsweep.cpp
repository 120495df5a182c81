// The sweep of a Hugging Face trajectory (issue 6), streamed block by block: for each revision, every
// missing config and the FP reference advance together through the blocks. A block's weights are read
// once from the memory-mapped shards, each config quantizes its own copy on its own calibration
// activations (GPTQ's true-sequential walk, as quantizeModel does for the built-in model) and carries its
// validation hidden states to the next block. Peak memory is about one block's float32 weights twice
// (FP and the copy being quantized) plus each config's activations, never the model.

#include "core/engine/sweep.h"

#include "core/common/errors.h"
#include "core/data/corpus.h"
#include "core/data/hfrun.h"
#include "core/data/store.h"
#include "core/data/tokenfile.h"
#include "core/data/tokenizer.h"
#include "core/engine/hfmodel.h"
#include "core/engine/sweepdetail.h"

#include <chrono>
#include <cmath>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

namespace qs {

using namespace sweepdetail;

namespace {

std::vector<int32_t> evaluationTokens(const HfEvalData& data, int64_t vocab)
{
    if (data.tokenizer.empty())
        return readTokenFile(data.data, data.rawTokenType == "uint32" ? RawTokenType::U32 : RawTokenType::U16, vocab);
    const BpeTokenizer tokenizer = BpeTokenizer::fromFile(data.tokenizer);
    if (tokenizer.vocabSize() > vocab)
        throw ConfigError(data.tokenizer + " has " + std::to_string(tokenizer.vocabSize())
                          + " tokens, more than the model's " + std::to_string(vocab)
                          + ": it is not this model's tokenizer");
    std::ifstream in(data.data, std::ios::binary);
    if (!in)
        throw IoError("cannot read the evaluation text " + data.data);
    std::ostringstream text;
    text << in.rdbuf();
    return tokenizer.encode(text.str());
}

torch::Tensor windows(const std::vector<int32_t>& tokens, size_t begin, int count, int length)
{
    auto t = torch::empty({count, length}, torch::kInt64);
    auto* p = t.data_ptr<int64_t>();
    for (int s = 0; s < count; ++s)
        for (int i = 0; i < length; ++i)
            p[s * length + i] = tokens[begin + size_t(s) * size_t(length) + size_t(i)];
    return t;
}

torch::Tensor calibrationWindows(const std::vector<int32_t>& tokens, size_t available, int count, int length,
                                 uint64_t seed)
{
    std::mt19937_64 rng(seed ^ 0xC0FFEEull);
    std::uniform_int_distribution<size_t> pick(0, available - size_t(length));
    auto t = torch::empty({count, length}, torch::kInt64);
    auto* p = t.data_ptr<int64_t>();
    for (int s = 0; s < count; ++s) {
        const size_t offset = pick(rng);
        for (int i = 0; i < length; ++i)
            p[s * length + i] = tokens[offset + size_t(i)];
    }
    return t;
}

// One config's state while the revision streams through the blocks.
struct Lane
{
    const QuantConfig* config = nullptr;
    torch::Tensor calibration; // hidden states of its calibration sequences (quantized path)
    torch::Tensor validation;  // hidden states of the validation sequences (quantized path)
    std::vector<LayerReport> reports;
};

// CE, KL, top-1 of a config's final hidden states against the FP ones, in chunks of sequences.
QuantizedEval compare(const HfModel& model, const HfModel::Head& head, const torch::Tensor& fp, const torch::Tensor& q,
                      const torch::Tensor& targets, int batch, double* fpCe)
{
    double ceSum = 0.0, fpSum = 0.0;
    int64_t agree = 0;
    std::vector<torch::Tensor> kls;
    const int64_t n = fp.size(0);
    for (int64_t begin = 0; begin < n; begin += batch) {
        const int64_t count = std::min<int64_t>(batch, n - begin);
        const auto p = torch::log_softmax(model.logits(head, fp.narrow(0, begin, count)), -1);
        const auto lq = torch::log_softmax(model.logits(head, q.narrow(0, begin, count)), -1);
        if (!torch::isfinite(lq).all().item<bool>())
            throw Error("the model's logits hold NaN or Inf on validation sequences " + std::to_string(begin) + "–"
                        + std::to_string(begin + count - 1));
        const auto t = targets.narrow(0, begin, count).unsqueeze(-1);
        ceSum -= lq.gather(-1, t).to(torch::kFloat64).sum().item<double>();
        fpSum -= p.gather(-1, t).to(torch::kFloat64).sum().item<double>();
        kls.push_back((p.exp() * (p - lq)).sum(-1).to(torch::kFloat64).flatten());
        agree += (lq.argmax(-1) == p.argmax(-1)).sum().item<int64_t>();
    }
    const double tokens = double(targets.numel());
    const auto kl = torch::cat(kls).clamp_min(0.0);
    QuantizedEval e;
    e.ce = ceSum / tokens;
    e.klMean = kl.mean().item<double>();
    e.klMedian = torch::quantile(kl, 0.5).item<double>();
    e.klP99 = torch::quantile(kl, 0.99).item<double>();
    e.top1Agree = double(agree) / tokens;
    *fpCe = fpSum / tokens;
    return e;
}

// The block applied to x in chunks of `batch` sequences (no hooks: validation only).
torch::Tensor forwardChunked(const HfModel& model, HfBlock& block, const torch::Tensor& x, const HfRope& rope,
                             int batch)
{
    std::vector<torch::Tensor> parts;
    for (int64_t begin = 0; begin < x.size(0); begin += batch)
        parts.push_back(
            model.forwardBlock(block, x.narrow(0, begin, std::min<int64_t>(batch, x.size(0) - begin)), rope));
    return torch::cat(parts, 0);
}

} // namespace

SweepSummary runHfSweep(Store& store, const std::string& run, const std::vector<QuantConfig>& userConfigs,
                        const SweepOptions& options, const Progress& progress)
{
    using Clock = std::chrono::steady_clock;
    torch::NoGradGuard noGrad;
    torch::set_num_threads(options.threads > 0 ? options.threads
                                               : int(std::max(1u, std::thread::hardware_concurrency())));
    if (options.device != "cpu")
        parseDevice(options.device); // a bad name fails clearly; streaming itself runs on the CPU
    if (!store.hasRun(run))
        throw ConfigError(store.path() + ": no run named '" + run + "'");
    const RunInfo info = store.runInfo(run);
    const HfEvalData data = HfEvalData::fromJson(info.source);
    const HfArch arch = HfArch::fromJson(info.modelConfigJson, store.path() + ": config of run '" + run + "'");

    std::vector<QuantConfig> configs = {QuantConfig::fullPrecision()};
    for (const auto& c : userConfigs) {
        c.validate();
        if (std::none_of(configs.begin(), configs.end(), [&](const QuantConfig& o) { return o.id() == c.id(); }))
            configs.push_back(c);
    }
    for (const auto& c : configs)
        store.ensureConfig(run, c.id(), c.toJson());

    const std::vector<int32_t> tokens = evaluationTokens(data, arch.vocab);
    const size_t valTokens = size_t(data.valSequences) * size_t(data.seqLen) + 1;
    if (tokens.size() < valTokens + size_t(data.seqLen))
        throw ConfigError(data.data + " gives " + std::to_string(tokens.size()) + " tokens; "
                          + std::to_string(data.valSequences) + " validation sequences of "
                          + std::to_string(data.seqLen) + " need " + std::to_string(valTokens)
                          + " plus at least one sequence for calibration");
    const size_t calibAvailable = tokens.size() - valTokens;
    const auto valAll = windows(tokens, calibAvailable, 1, int(valTokens)).flatten();
    const int64_t valCount = int64_t(data.valSequences) * data.seqLen;
    const auto valInputs = valAll.narrow(0, 0, valCount).view({data.valSequences, data.seqLen});
    const auto valTargets = valAll.narrow(0, 1, valCount).view({data.valSequences, data.seqLen});
    const QuantConfig defaults;

    auto calibrationFor = [&](const QuantConfig& c) {
        const bool gptq = c.method == QuantMethod::Gptq;
        const int length = std::min(gptq ? c.calibSeqLen : defaults.calibSeqLen, data.seqLen);
        if (calibAvailable < size_t(length))
            throw ConfigError(data.data + ": too few tokens before the validation set for calibration");
        return calibrationWindows(tokens, calibAvailable, gptq ? c.calibSequences : defaults.calibSequences, length,
                                  gptq ? c.calibSeed : defaults.calibSeed);
    };

    const auto checkpoints = store.checkpoints(run);
    const double total = double(checkpoints.size() * configs.size());
    SweepSummary summary;
    for (int i = 0; i < int(checkpoints.size()); ++i) {
        const CheckpointRow& row = checkpoints[size_t(i)];
        const std::vector<const QuantConfig*> missing = missingConfigs(store, run, configs, i);
        summary.skipped += int(configs.size() - missing.size());
        if (missing.empty() && std::isfinite(row.fpValCe))
            continue;
        const std::string path = resolveCheckpointPath(store, row.path);
        const std::string where = path + " (step " + std::to_string(row.step) + ")";
        const auto start = Clock::now();
        try {
            const HfModel model = HfModel::open(path);
            if (model.arch().quantizableLayers().size() != store.layers(run).size())
                throw ConfigError("its architecture (" + model.arch().summary() + ") is not the run's");
            std::vector<Lane> lanes;
            for (const QuantConfig* c : missing) {
                Lane lane;
                lane.config = c;
                lane.calibration = model.embed(calibrationFor(*c));
                lanes.push_back(std::move(lane));
            }
            auto fpVal = model.embed(valInputs);
            for (Lane& lane : lanes)
                lane.validation = fpVal;
            const HfRope rope = model.rope(data.seqLen);
            const auto infos = model.arch().quantizableLayers();
            const size_t perBlock = infos.size() / size_t(model.arch().layers);

            for (int64_t b = 0; b < model.arch().layers; ++b) {
                HfBlock fpBlock = model.loadBlock(b);
                for (Lane& lane : lanes) {
                    const QuantConfig& c = *lane.config;
                    HfBlock block = c.method == QuantMethod::None ? fpBlock : fpBlock.clone();
                    model.setActivationQuantization(block, c);
                    QuantizeModelOptions walk;
                    walk.inputStats = c.isFullPrecision();
                    walk.outlierThreshold = options.outlierThreshold;
                    auto groups = block.groups(model.arch().family);
                    size_t layer = size_t(b) * perBlock;
                    lane.calibration =
                        model.forwardBlock(block, lane.calibration, rope, [&](int group, const torch::Tensor& input) {
                            std::vector<GroupMember> members;
                            for (HfLinear* l : groups[size_t(group)])
                                members.push_back({&infos[layer++], l->weight, l->actBits, l->actGroupSize});
                            quantizeGroup(input, members, c, walk, lane.reports);
                        });
                    lane.validation = forwardChunked(model, block, lane.validation, rope, data.batchSize);
                }
                fpVal = forwardChunked(model, fpBlock, fpVal, rope, data.batchSize);
                const double done = double(summary.computed + summary.skipped)
                    + double(missing.size()) * double(b + 1) / double(model.arch().layers);
                if (!reportProgress(progress, done / total,
                                    "sweep: step " + std::to_string(row.step) + ", block " + std::to_string(b + 1)
                                        + " of " + std::to_string(model.arch().layers)))
                    throw Cancelled();
            }
            const HfModel::Head head = model.loadHead();
            // Logits of a real vocabulary are large: compared a few sequences at a time (≈ 4 Mi values).
            const int chunk = int(std::clamp<int64_t>((int64_t(1) << 22) / (int64_t(data.seqLen) * model.arch().vocab),
                                                      1, data.batchSize));
            double fpCe = std::numeric_limits<double>::quiet_NaN();
            for (Lane& lane : lanes) {
                const QuantizedEval eval = compare(model, head, fpVal, lane.validation, valTargets, chunk, &fpCe);
                store.writeResult(run, lane.config->id(), i, makeEntry(*lane.config, eval, fpCe, lane.reports));
                summary.entries[lane.config->id()] += 1;
                ++summary.computed;
            }
            if (lanes.empty()) {
                // Only the FP CE was missing.
                compare(model, head, fpVal, fpVal, valTargets, chunk, &fpCe);
            }
            if (!std::isfinite(row.fpValCe))
                store.setCheckpointFpCe(run, i, fpCe);
        } catch (const Cancelled&) {
            throw;
        } catch (const ConfigError& e) {
            throw ConfigError(where + ": " + e.what());
        } catch (const Error& e) {
            throw Error(where + ": " + e.what());
        }
        const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
        for (const QuantConfig* c : missing)
            summary.seconds[c->id()] += seconds / double(missing.size());
        char message[200];
        std::snprintf(message, sizeof message, "sweep: step %lld, %zu configs (%.1f s)", (long long)row.step,
                      missing.size(), seconds);
        if (!reportProgress(progress, double(summary.computed + summary.skipped) / total, message))
            throw Cancelled();
    }
    reportProgress(progress, 1.0, "sweep complete");
    return summary;
}

SweepSummary sweepRun(Store& store, const std::string& run, const std::vector<QuantConfig>& configs,
                      const SweepOptions& options, const Progress& progress)
{
    if (store.hasRun(run) && isHfRun(store, run))
        return runHfSweep(store, run, configs, options, progress);
    const Corpus corpus = corpusOfRun(store, run);
    return runSweep(store, run, configs, corpus, options, progress);
}

} // namespace qs
