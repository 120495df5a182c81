// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The sweep of a Hugging Face trajectory, streamed block by block: for each revision, every
// missing config and the FP reference advance together through the blocks. A block's weights are read
// once from the memory-mapped shards, each config quantizes its own copy on its own calibration
// activations (GPTQ's true-sequential walk, as quantizeModel does for the built-in model) and carries its
// validation hidden states to the next block. Memory follows a plan made before anything is read
// (hfmemory.h): one block's float32 weights twice, each config's calibration states, and the
// validation states — in memory when they fit the budget, otherwise in scratch files streamed through
// each block a chunk of sequences at a time. The next block is read while this one computes (when one
// more block fits), and the FP config shares the FP reference's validation states and evaluation. What is evaluated and how it is scored is the run's
// protocol (hfprotocol.h).

#include "core/engine/downstreamscore.h"
#include "core/engine/sweep.h"

#include "core/common/errors.h"
#include "core/common/kinds.h"
#include "core/common/metrics.h"
#include "core/config/corpus.h"
#include "core/config/quantmethods.h"
#include "core/engine/awq.h"
#include "core/engine/hfmemory.h"
#include "core/engine/hfmodel.h"
#include "core/engine/hfstates.h"
#include "core/engine/quantizer.h"
#include "core/engine/rotation.h"
#include "core/engine/sweepdetail.h"
#include "core/hf/hfprotocol.h"
#include "core/hf/hfrun.h"
#include "core/store/store.h"

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <thread>
#include <tuple>

namespace qs {

using namespace sweepdetail;

namespace {

// One config's calibration sequences, right-padded into one batch: causal attention never lets a real
// token see the padding after it, so only the statistics must leave the padded rows out (realRows).
struct Calibration
{
    torch::Tensor ids;            // [sequences, longest] int64
    std::vector<int64_t> lengths; // of each sequence
    bool padded = false;          // some sequence is shorter than the longest
    int64_t sequences = 0;
    int64_t tokens = 0;

    // The real rows of the input [count, longest, columns] of sequences [begin, begin + count).
    torch::Tensor realRows(const torch::Tensor& input, int64_t begin, int64_t count) const
    {
        if (!padded)
            return input;
        const int64_t longest = ids.size(1);
        std::vector<int64_t> chunk;
        for (int64_t s = 0; s < count; ++s) {
            for (int64_t i = 0; i < lengths[size_t(begin + s)]; ++i)
                chunk.push_back(s * longest + i);
        }
        return input.reshape({-1, input.size(-1)})
            .index_select(0, torch::tensor(chunk, torch::kInt64).to(input.device()));
    }
};

Calibration calibrationBatch(const std::vector<std::vector<int32_t>>& sequences)
{
    Calibration c;
    size_t longest = 0;
    for (const auto& s : sequences)
        longest = std::max(longest, s.size());
    c.sequences = int64_t(sequences.size());
    c.ids = torch::zeros({c.sequences, int64_t(longest)}, torch::kInt64);
    auto* p = c.ids.data_ptr<int64_t>();
    for (size_t s = 0; s < sequences.size(); ++s) {
        c.lengths.push_back(int64_t(sequences[s].size()));
        for (size_t i = 0; i < sequences[s].size(); ++i)
            p[s * longest + i] = sequences[s][i];
        c.tokens += int64_t(sequences[s].size());
        c.padded = c.padded || sequences[s].size() < longest;
    }
    return c;
}

// One config's state while the revision streams through the blocks.
struct Lane
{
    const QuantConfig* config = nullptr;
    const Calibration* calib = nullptr;
    std::optional<HiddenStates> calibration; // hidden states of its calibration sequences (quantized path)
    std::optional<HiddenStates> validation;
    std::vector<LayerReport> reports;
    std::optional<Rotations> rotations; // a rotated config's (on the sweep's device)
    // With downstream tasks: every block as the config left it (quantized, rotated, activations
    // quantized), for the scoring after the revision streamed through (the FP config shares fpBlock's).
    std::vector<HfBlock> kept;
    // The embedding output as this lane's model sees it: rotated by R1 for a rotated config.
    torch::Tensor embedded(const torch::Tensor& x) const { return rotations ? rotateRows(x, rotations->r1) : x; }
};

// The block applied to every chunk of `states`, in place; in a narrower compute type with its weights
// narrowed once, not for every chunk.
void forwardStates(const HfModel& model, HfBlock& block, HiddenStates& states, const HfRope& rope, int64_t batch)
{
    const auto type = c10::typeMetaToScalarType(states.compute().dtype());
    HfBlock narrowed;
    if (type != torch::kFloat32)
        narrowed = block.to(states.compute().device(), type);
    HfBlock& use = type != torch::kFloat32 ? narrowed : block;
    for (int64_t begin = 0; begin < states.sequences(); begin += batch) {
        const int64_t count = std::min<int64_t>(batch, states.sequences() - begin);
        states.write(begin, model.forwardBlock(use, states.read(begin, count), rope));
    }
}

// Thrown by a hook to end a block's forward pass once the group it waits for has seen its input.
struct StopForward
{
};

// One config's block over its calibration states a chunk of sequences at a time: the block is
// walked in passes over the chunks. A group whose quantization reads its input (GPTQ) ends a pass once
// every chunk has shown it its input (the Hessian complete), is quantized, and the next pass starts
// from the block's input again with it quantized; groups that need no input (RTN, FP) are quantized at
// once. Each group's second pass (the SQNR of its quantized weights, the statistics' second pass) rides
// on a later pass. The last pass runs the whole block and writes its output over the states. The
// reports are quantizeGroup's, group by group.
void calibrateInChunks(const HfModel& model, HfBlock& block, HiddenStates& states, const Calibration& calib,
                       const HfRope& rope, int64_t chunk, std::vector<std::vector<GroupMember>> members,
                       const QuantConfig& config, const QuantizeModelOptions& options,
                       std::vector<LayerReport>& reports)
{
    std::vector<GroupQuantizer> groups;
    for (auto& m : members)
        groups.emplace_back(std::move(m), config, options);
    const size_t count = groups.size();
    std::vector<char> firstDone(count), secondDone(count), quantized(count, 0);
    for (size_t g = 0; g < count; ++g) {
        firstDone[g] = !groups[g].needsFirstPass();
        secondDone[g] = !groups[g].needsSecondPass();
    }
    // One pass over every chunk, ending after group `stop` (count: the whole block); `write`: the block's
    // output replaces the states.
    auto pass = [&](size_t stop, bool write) {
        const std::vector<char> firstBefore = firstDone;
        for (int64_t begin = 0; begin < states.sequences(); begin += chunk) {
            const int64_t n = std::min<int64_t>(chunk, states.sequences() - begin);
            try {
                const auto out =
                    model.forwardBlock(block, states.read(begin, n), rope, [&](int group, const torch::Tensor& input) {
                        const size_t g = size_t(group);
                        const bool first = !firstBefore[g];
                        const bool second = firstBefore[g] && quantized[g] && !secondDone[g];
                        if (first || second) {
                            const auto real = calib.realRows(input, begin, n);
                            if (first)
                                groups[g].addFirst(real, n);
                            if (second)
                                groups[g].addSecond(real);
                        }
                        if (g == stop)
                            throw StopForward {};
                    });
                if (write)
                    states.write(begin, out);
            } catch (const StopForward&) {
            }
        }
        for (size_t g = 0; g < count && g <= stop; ++g) {
            if (firstBefore[g] && quantized[g])
                secondDone[g] = 1;
            firstDone[g] = 1;
        }
    };
    size_t next = 0; // the first group not quantized
    for (;;) {
        while (next < count && (firstDone[next] || !groups[next].readsInput())) {
            groups[next].quantize();
            quantized[next] = 1;
            ++next;
        }
        if (next == count)
            break;
        pass(next, false);
    }
    if (std::find(firstDone.begin(), firstDone.end(), 0) != firstDone.end())
        pass(count, false);
    pass(count, true);
    for (size_t g = 0; g < count; ++g)
        groups[g].finish(reports);
}

// CE, KL, top-1 of every config's final hidden states against the FP ones over the scored tokens, a
// chunk of sequences at a time and their logits a few tokens at a time: the FP logits of a chunk are
// computed once and compared with every config's. Summed per evaluation block (the units of the
// uncertainty, core/common/evaluationunits.h; blocks that score no token are left out), KL kept per
// token. `reference` receives the FP model's own evaluation; `quantized` empty: only that.
struct Comparison
{
    torch::Tensor ce, kl, top1; // [blocks] float64 sums
    std::vector<float> kls;
    std::vector<uint32_t> unit;
};

std::vector<EvaluationUnits> compare(const HfModel& model, const HfModel::Head& head, const HiddenStates& fp,
                                     const std::vector<const HiddenStates*>& quantized, const torch::Tensor& targets,
                                     int64_t batch, int64_t logitTokens, EvaluationUnits* reference)
{
    // The logits in the compute type (the states' read() hands them out in it, on its device), widened
    // to float32 for the softmax as transformers' loss does; the sums in float64 on the host.
    const auto logProbs = [&](const torch::Tensor& x) {
        return torch::log_softmax(model.logits(head, x).to(torch::kFloat32), -1);
    };
    const int64_t blocks = fp.sequences();
    const int64_t length = targets.size(1);
    const auto sums = [&] { return torch::zeros({blocks}, torch::kFloat64); };
    const torch::Tensor fpSum = sums();
    std::vector<Comparison> per(quantized.size());
    for (Comparison& c : per) {
        c.ce = sums();
        c.kl = sums();
        c.top1 = sums();
    }
    const int64_t hidden = model.arch().hidden;
    for (int64_t begin = 0; begin < blocks; begin += batch) {
        const int64_t count = std::min<int64_t>(batch, blocks - begin);
        const auto t = targets.narrow(0, begin, count).flatten();
        const auto rows = (t >= 0).nonzero().flatten();
        if (rows.numel() == 0)
            continue;
        const auto tt = t.index_select(0, rows);
        const auto blockOf = (rows.div(length, "floor") + begin).contiguous();
        const auto fx = fp.read(begin, count).reshape({-1, hidden});
        const auto onDevice = rows.to(fx.device());
        const auto fxRows = fx.index_select(0, onDevice);
        std::vector<torch::Tensor> qx;
        for (const HiddenStates* q : quantized)
            qx.push_back(q->read(begin, count).reshape({-1, hidden}).index_select(0, onDevice));
        for (int64_t r = 0; r < rows.numel(); r += logitTokens) {
            const int64_t n = std::min<int64_t>(logitTokens, rows.numel() - r);
            const auto target = tt.narrow(0, r, n).unsqueeze(-1).to(fx.device());
            const auto block = blockOf.narrow(0, r, n);
            const auto p = logProbs(fxRows.narrow(0, r, n));
            // What the quantized configs are compared with; nothing to compare in an FP-only sweep.
            const auto pExp = quantized.empty() ? torch::Tensor() : p.exp();
            const auto pTop = quantized.empty() ? torch::Tensor() : p.argmax(-1);
            fpSum.index_add_(0, block, -p.gather(-1, target).squeeze(-1).to(torch::kCPU, torch::kFloat64));
            for (size_t l = 0; l < quantized.size(); ++l) {
                const auto lq = logProbs(qx[l].narrow(0, r, n));
                if (!allFinite(lq))
                    throw Error("the model's logits hold NaN or Inf on evaluation blocks " + std::to_string(begin) + "–"
                                + std::to_string(begin + count - 1));
                Comparison& c = per[l];
                c.ce.index_add_(0, block, -lq.gather(-1, target).squeeze(-1).to(torch::kCPU, torch::kFloat64));
                const auto kl = (pExp * (p - lq)).sum(-1).clamp_min(0.0).to(torch::kCPU).contiguous();
                c.kl.index_add_(0, block, kl.to(torch::kFloat64));
                c.kls.insert(c.kls.end(), kl.data_ptr<float>(), kl.data_ptr<float>() + kl.numel());
                const auto* b = block.data_ptr<int64_t>();
                for (int64_t k = 0; k < n; ++k)
                    c.unit.push_back(uint32_t(b[k]));
                c.top1.index_add_(0, block, (lq.argmax(-1) == pTop).to(torch::kCPU, torch::kFloat64));
            }
        }
    }
    // The units: blocks that score a token, renumbered in order.
    const auto tokens = (targets >= 0).sum(1).to(torch::kFloat64).contiguous();
    std::vector<int64_t> kept;
    std::vector<uint32_t> renumber(size_t(blocks), 0);
    for (int64_t b = 0; b < blocks; ++b) {
        if (tokens.data_ptr<double>()[b] > 0.0) {
            renumber[size_t(b)] = uint32_t(kept.size());
            kept.push_back(b);
        }
    }
    if (kept.empty())
        throw ConfigError("the evaluation blocks score no token");
    const auto keep = torch::tensor(kept, torch::kInt64);
    const auto values = [&](const torch::Tensor& perBlock) {
        const auto v = perBlock.index_select(0, keep).contiguous();
        return std::vector<double>(v.data_ptr<double>(), v.data_ptr<double>() + v.numel());
    };
    *reference = EvaluationUnits::reference(values(tokens), values(fpSum));
    std::vector<EvaluationUnits> evals;
    for (Comparison& c : per) {
        EvaluationUnits u;
        u.tokens = reference->tokens;
        u.fpCe = reference->fpCe;
        u.ce = values(c.ce);
        u.kl = values(c.kl);
        u.top1 = values(c.top1);
        u.tokenKl = std::move(c.kls);
        u.tokenUnit = std::move(c.unit);
        for (uint32_t& unit : u.tokenUnit)
            unit = renumber[unit];
        evals.push_back(std::move(u));
    }
    return evals;
}

double seconds(std::chrono::steady_clock::time_point since)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

int64_t residentBytes()
{
    std::ifstream statm("/proc/self/statm");
    int64_t size = 0, resident = 0;
    statm >> size >> resident;
    return resident * int64_t(::sysconf(_SC_PAGE_SIZE));
}

// The recorded evaluation hash must match what the files give now.
void checkProtocol(const HfEvalData& data, const EvaluationBlocks& blocks)
{
    if (data.protocol.empty())
        return;
    const auto j = nlohmann::json::parse(data.protocol, nullptr, false);
    if (!j.is_object() || !j.contains("evaluation") || !j["evaluation"].contains("evaluated_hash"))
        return;
    const std::string recorded = j["evaluation"]["evaluated_hash"].get<std::string>();
    if (recorded != hashText(blocks.hash))
        throw ConfigError(data.data + " no longer gives the evaluation tokens the run was imported with (hash "
                          + hashText(blocks.hash) + ", recorded " + recorded
                          + "): its results would not be comparable with those stored; restore the file or import "
                            "into a new run");
}

// Each lane's kept blocks score the downstream requests in float32 (embedding, rotated for a rotated lane,
// the blocks, rotated back, the head), the FP lane first so that the others pair with its outcomes (or with
// the stored ones when the FP entry was done before); each entry is stored, and the lane's blocks freed.
void scoreDownstream(const HfModel& model, const HfModel::Head& head, std::vector<Lane>& lanes,
                     const DownstreamPlan& plan, Store& store, const std::string& run, int checkpoint,
                     const torch::Device& device, const SweepOptions& options, SweepSummary& summary)
{
    HfModel::Head head32 = head;
    if (head32.weight.defined())
        head32.weight = head32.weight.to(torch::kFloat32);
    std::optional<std::map<std::string, std::vector<uint8_t>>> fpCorrect;
    for (Lane& lane : lanes) {
        const auto start = std::chrono::steady_clock::now();
        const bool fp = lane.config->isFullPrecision();
        const std::vector<McRequestScore> scores = scoreRequests(
            [&](const torch::Tensor& ids) {
                torch::NoGradGuard noGrad;
                const HfRope rope = model.rope(ids.size(1)).to(device);
                torch::Tensor x = lane.embedded(model.embed(ids).to(device));
                for (HfBlock& block : lane.kept)
                    x = model.forwardBlock(block, x, rope);
                if (lane.rotations)
                    x = rotateRows(x, lane.rotations->r1.t().contiguous());
                return model.logits(head32, x);
            },
            plan.tokens, plan.maxLength, model.arch().vocab, options.downstreamBatchTokens);
        lane.kept.clear();
        if (!fp && !fpCorrect)
            fpCorrect = storedFpCorrect(store, run, checkpoint);
        const DownstreamEntry entry = downstreamEntry(plan, scores, fp ? nullptr : &*fpCorrect);
        if (fp)
            fpCorrect = entry.correct;
        store.writeDownstream(run, lane.config->id(), checkpoint, plan.protocol, entry);
        const double took = seconds(start);
        summary.stageSeconds["downstream tasks: " + lane.config->id()] += took;
        summary.downstreamSeconds += took;
        ++summary.downstreamEntries;
        summary.downstreamRequests = int64_t(plan.tokens.size());
    }
}

} // namespace

SweepSummary runHfSweep(Store& store, const std::string& run, const std::vector<QuantConfig>& userConfigs,
                        const SweepOptions& options, const Progress& progress)
{
    using Clock = std::chrono::steady_clock;
    torch::NoGradGuard noGrad;
    torch::set_num_threads(options.threads > 0 ? options.threads
                                               : int(std::max(1u, std::thread::hardware_concurrency())));
    // Blocks are read and converted on the host, then computed on the device in the compute type; the
    // hidden states between blocks stay on the host in float32 (HiddenStates).
    const torch::Device device = parseDevice(options.device);
    const torch::ScalarType dtype = parseComputeDtype(options.dtype);
    checkComputeSupport(device, dtype);
    const auto compute = torch::TensorOptions().device(device).dtype(dtype);
    if (!store.hasRun(run))
        throw ConfigError(store.path() + ": no run named '" + run + "'");
    if (options.sensitivity)
        throw ConfigError("run '" + run
                          + "' is a Hugging Face trajectory: per-layer sensitivity (--sensitivity) is "
                            "measured for the built-in trainer's runs only; sweep it without --sensitivity");
    const RunInfo info = store.runInfo(run);
    const HfEvalData data = HfEvalData::fromJson(info.source);
    const HfArch arch = HfArch::fromJson(info.modelConfigJson, store.path() + ": config of run '" + run + "'");

    std::vector<QuantConfig> configs = {QuantConfig::fullPrecision()};
    for (const auto& c : userConfigs) {
        c.validate();
        if (std::none_of(configs.begin(), configs.end(), [&](const QuantConfig& o) { return o.id() == c.id(); }))
            configs.push_back(c);
    }
    for (QuantConfig& c : configs)
        c.computeDtype = computeDtypeName(dtype);
    checkComputeDtype(store, run, configs.front().computeDtype);
    const std::vector<int32_t> stream = readEvaluationStream(data, arch.vocab);
    const EvaluationBlocks blocks = evaluationBlocks(data, stream);
    checkProtocol(data, blocks);
    const int64_t windows = blocks.windows, length = blocks.length;
    const auto inputs = torch::tensor(blocks.inputs, torch::kInt64).view({windows, length});
    const auto targets = torch::tensor(blocks.targets, torch::kInt64).view({windows, length});

    // Calibration batches, one per distinct (count, length, seed); the calibrated methods (GPTQ, AWQ) take
    // their own, RTN and the FP reference the default set (activation statistics, activation-quantization
    // calibration).
    const QuantConfig defaults;
    std::map<std::tuple<int, int, uint64_t, bool>, Calibration> calibrations;
    auto calibrationFor = [&](const QuantConfig& c) -> const Calibration& {
        const bool own = traitsOf(c.method).calibrated;
        // GPTQ and AWQ take exactly their count; the statistics' default set as many as the source holds,
        // up to it.
        const auto key = own
            ? std::make_tuple(c.calibSequences, c.calibSeqLen, c.calibSeed, true)
            : std::make_tuple(defaults.calibSequences, defaults.calibSeqLen, defaults.calibSeed, false);
        auto it = calibrations.find(key);
        if (it == calibrations.end())
            it = calibrations
                     .emplace(key,
                              calibrationBatch(calibrationSequences(data, stream, arch.vocab, std::get<0>(key),
                                                                    std::get<1>(key), std::get<2>(key), !own)))
                     .first;
        return it->second;
    };

    HfMemoryRequest request;
    request.budget = options.memoryBudget > 0 ? options.memoryBudget : defaultMemoryBudget();
    // On a GPU the plan's budget is also what the device has free: the blocks and every chunk's
    // activations live there (the states stay on the host, so this is conservative for them).
    std::optional<DeviceMemory> deviceFree;
    if (device.is_cuda()) {
        deviceFree = deviceMemory(device);
        request.budget = std::min(request.budget, deviceFree->free * 9 / 10);
    }
    request.runtime = residentBytes();
    request.valSequences = windows;
    request.seqLen = length;
    request.batch = data.batchSize;
    // The FP config's validation states are the FP reference's: only the others have their own.
    request.lanes = int64_t(
        std::count_if(configs.begin(), configs.end(), [](const QuantConfig& c) { return !c.isFullPrecision(); }));
    for (const QuantConfig& c : configs) {
        const Calibration& calib = calibrationFor(c);
        request.gptq = request.gptq || c.method == QuantMethod::Gptq;
        if (c.method == QuantMethod::Awq)
            request.awqTokens = std::max(request.awqTokens, calib.ids.numel());
        request.calibrationTokens += calib.ids.numel();
        request.calibrationSequences = std::max(request.calibrationSequences, calib.sequences);
        request.calibrationLength = std::max(request.calibrationLength, calib.ids.size(1));
    }
    request.spill = options.spill;
    if (!options.downstreamTasks.empty() && !options.dryRun) {
        request.downstreamCopies = int64_t(configs.size());
        request.downstreamLogits =
            std::min(options.downstreamBatchTokens * arch.vocab, int64_t(1) << 28); // scoreRequests' cap
    }
    request.calibrationChunk = options.calibrationChunk;
    const HfMemoryPlan plan = planHfMemory(arch, request);
    // Everything is read and planned: only now does the store learn of the configs.
    for (const auto& c : configs) {
        if (!options.dryRun)
            store.ensureConfig(run, c.id(), c.toJson());
    }
    // Downstream tasks, tokenised with the first revision's tokenizer (a revision whose tokenizer differs
    // would change the requests: the protocol's hash is of these).
    const std::optional<DownstreamPlan> downstream =
        options.dryRun ? std::nullopt : downstreamPlanFor(store, run, configs, options, [&] {
            const std::vector<CheckpointRow> rows = store.checkpoints(run);
            if (rows.empty())
                throw ConfigError("run '" + run + "' has no revisions to score downstream tasks with");
            return hfDownstreamPlan(resolveCheckpointPath(store, rows.front().path), options.downstreamData,
                                    options.downstreamTasks, options.downstream);
        });
    const std::string scratchDir = !plan.spill && !plan.calibrationSpill ? std::string()
        : !options.scratchDir.empty()                                    ? options.scratchDir
                                      : std::filesystem::absolute(store.path()).parent_path().string();
    SweepSummary summary;
    summary.memoryPlan = plan.describe() + (scratchDir.empty() ? "" : " (scratch folder " + scratchDir + ")");
    if (!reportProgress(progress, 0.0, summary.memoryPlan))
        throw Cancelled();

    const auto checkpoints = store.checkpoints(run);
    const double total = double(configs.size())
        * double(std::count_if(checkpoints.begin(), checkpoints.end(), [&](const CheckpointRow& r) {
                             return options.onlyStep < 0 || r.step == options.onlyStep;
                         }));
    for (int i = 0; i < int(checkpoints.size()); ++i) {
        const CheckpointRow& row = checkpoints[size_t(i)];
        if (options.onlyStep >= 0 && row.step != options.onlyStep)
            continue;
        std::vector<const QuantConfig*> missing = missingConfigs(store, run, configs, i, downstream.has_value());
        if (options.dryRun) {
            missing.clear();
            for (const QuantConfig& c : configs)
                missing.push_back(&c);
        }
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
            const int64_t hidden = model.arch().hidden;
            const std::string valScratch = plan.spill ? scratchDir : std::string();
            HiddenStates fpVal(windows, length, hidden, valScratch, "validation states of the FP reference");
            fpVal.setCompute(compute);
            std::vector<Lane> lanes;
            for (const QuantConfig* c : missing) {
                Lane lane;
                lane.config = c;
                lane.calib = &calibrationFor(*c);
                const int64_t calibSequences = lane.calib->sequences;
                lane.calibration.emplace(calibSequences, lane.calib->ids.size(1), hidden,
                                         plan.calibrationSpill ? scratchDir : std::string(),
                                         "calibration states of " + c->id());
                lane.calibration->setCompute(compute);
                if (c->rotation != Rotation::None)
                    lane.rotations = makeRotations(*c, model.arch()).to(device);
                for (int64_t begin = 0; begin < calibSequences; begin += plan.calibrationBatch) {
                    const int64_t count = std::min<int64_t>(plan.calibrationBatch, calibSequences - begin);
                    lane.calibration->write(begin, lane.embedded(model.embed(lane.calib->ids.narrow(0, begin, count))));
                }
                // The FP config evaluates the FP reference's model: its validation states are fpVal's.
                if (!c->isFullPrecision()) {
                    lane.validation.emplace(windows, length, hidden, valScratch, "validation states of " + c->id());
                    lane.validation->setCompute(compute);
                }
                lanes.push_back(std::move(lane));
            }
            for (int64_t begin = 0; begin < windows; begin += plan.batch) {
                const int64_t count = std::min<int64_t>(plan.batch, windows - begin);
                const auto x = model.embed(inputs.narrow(0, begin, count));
                fpVal.write(begin, x);
                for (Lane& lane : lanes) {
                    if (lane.validation)
                        lane.validation->write(begin, lane.embedded(x));
                }
            }
            // Calibration sequences may be longer than the evaluation blocks (documents).
            const HfRope rope = model.rope(std::max<int64_t>(length, request.calibrationLength)).to(device);
            const HfRope valRope = request.calibrationLength > length ? model.rope(length).to(device) : rope;
            const auto infos = model.arch().quantizableLayers();
            const size_t perBlock = infos.size() / size_t(model.arch().layers);

            HfBlockReader reader(model, plan.readAhead, /*cached=*/false, device);
            for (int64_t b = 0; b < model.arch().layers; ++b) {
                auto stage = Clock::now();
                HfBlock fpBlock = reader.next(); // on the device: moved there by the reader
                summary.stageSeconds["read and convert blocks"] += seconds(stage);
                for (Lane& lane : lanes) {
                    stage = Clock::now();
                    const QuantConfig& c = *lane.config;
                    HfBlock block = c.method == QuantMethod::None && !lane.rotations ? fpBlock : fpBlock.clone();
                    if (lane.rotations)
                        rotateHfBlock(block, model.arch(), *lane.rotations);
                    HiddenStates& states = *lane.calibration;
                    // AWQ scales the block first, on the outputs of the smoothed, unquantized blocks
                    // before it (its calibration states), which the smoothed block's output continues.
                    torch::Tensor awqNext;
                    if (c.method == QuantMethod::Awq) {
                        const int64_t all = states.sequences();
                        awqNext = awqSmoothHfBlock(
                            model, block, states.read(0, all), rope,
                            [&](const torch::Tensor& t, int64_t begin, int64_t count) {
                                return lane.calib->realRows(t, begin, count);
                            },
                            plan.calibrationBatch, c);
                    }
                    model.setActivationQuantization(block, c);
                    QuantizeModelOptions walk;
                    walk.inputStats = c.isFullPrecision();
                    walk.outlierThreshold = options.outlierThreshold;
                    if (lane.calib->padded)
                        walk.calibrationSequences = lane.calib->sequences;
                    if (options.onQuantized)
                        walk.onQuantized = [&](const QuantizedLayer& l) { options.onQuantized(row.step, c.id(), l); };
                    std::vector<std::vector<GroupMember>> members;
                    size_t layer = size_t(b) * perBlock;
                    for (const auto& group : block.groups(model.arch().family)) {
                        members.emplace_back();
                        for (HfLinear* l : group)
                            members.back().push_back({&infos[layer++], l->weight, l->act});
                    }
                    if (plan.calibrationChunked) {
                        calibrateInChunks(model, block, states, *lane.calib, rope, plan.calibrationBatch,
                                          std::move(members), c, walk, lane.reports);
                    } else {
                        const int64_t all = states.sequences();
                        states.write(0,
                                     model.forwardBlock(
                                         block, states.read(0, all), rope, [&](int group, const torch::Tensor& input) {
                                             quantizeGroup(lane.calib->realRows(input, 0, all), members[size_t(group)],
                                                           c, walk, lane.reports);
                                         }));
                    }
                    if (awqNext.defined())
                        states.write(0, awqNext);
                    if (options.onBlock)
                        options.onBlock(row.step, c.id(), block);
                    if (downstream)
                        lane.kept.push_back(block);
                    summary.stageSeconds["calibration and quantization: " + c.id()] += seconds(stage);
                    if (lane.validation) {
                        stage = Clock::now();
                        forwardStates(model, block, *lane.validation, valRope, plan.batch);
                        summary.stageSeconds["evaluation forward: " + c.id()] += seconds(stage);
                    }
                }
                stage = Clock::now();
                forwardStates(model, fpBlock, fpVal, valRope, plan.batch);
                summary.stageSeconds["evaluation forward: FP reference"] += seconds(stage);
                const double done = double(summary.computed + summary.skipped)
                    + double(missing.size()) * double(b + 1) / double(model.arch().layers);
                if (!reportProgress(progress, done / total,
                                    "sweep: step " + std::to_string(row.step) + ", block " + std::to_string(b + 1)
                                        + " of " + std::to_string(model.arch().layers)))
                    throw Cancelled();
            }
            // The head on the device, its weight narrowed once to the compute type (the norm stays float32).
            HfModel::Head head = model.loadHead(plan.headInMemory);
            for (torch::Tensor* t : {&head.norm.weight, &head.norm.bias})
                *t = t->defined() ? t->to(device) : *t;
            if (head.weight.defined())
                head.weight = toCompute(head.weight, compute);
            EvaluationUnits reference;
            std::vector<const HiddenStates*> quantized;
            for (Lane& lane : lanes) {
                if (!lane.validation)
                    continue;
                // A rotated lane's final residual rotated back (R1ᵀ) before the head's norm.
                for (int64_t begin = 0; lane.rotations && begin < windows; begin += plan.batch) {
                    const int64_t count = std::min<int64_t>(plan.batch, windows - begin);
                    lane.validation->write(
                        begin, rotateRows(lane.validation->read(begin, count), lane.rotations->r1.t().contiguous()));
                }
                quantized.push_back(&*lane.validation);
            }
            const auto compareStart = Clock::now();
            const std::vector<EvaluationUnits> evals =
                compare(model, head, fpVal, quantized, targets, plan.batch, plan.logitTokens, &reference);
            summary.stageSeconds["compare with the FP logits"] += seconds(compareStart);
            size_t next = 0;
            for (size_t l = 0; l < lanes.size(); ++l) {
                // The FP config's model is the reference's, so its evaluation is the reference's: CE the
                // same, KL zero, every top-1 the same (as the built-in sweep's).
                const EvaluationUnits& units = lanes[l].validation ? evals[next++] : reference;
                lanes[l].validation.reset(); // its scratch file goes now
                const ResultEntry entry = makeEntry(*lanes[l].config, units, lanes[l].reports);
                summary.ce[lanes[l].config->id()] = entry.model.at(metrics::ce);
                if (!options.dryRun)
                    store.writeResult(run, lanes[l].config->id(), i, entry);
                summary.entries[lanes[l].config->id()] += 1;
                ++summary.computed;
            }
            if (!std::isfinite(row.fpValCe) && !options.dryRun)
                store.setCheckpointFpCe(run, i, modelMetrics(reference).at(metrics::fpCe));
            if (downstream)
                scoreDownstream(model, head, lanes, *downstream, store, run, i, device, options, summary);
        } catch (const Cancelled&) {
            throw;
        } catch (const ConfigError& e) {
            throw ConfigError(where + ": " + e.what());
        } catch (const Error& e) {
            throw Error(where + ": " + e.what());
        } catch (const c10::Error& e) {
            // The caching allocator's message on a full GPU: said in the user's terms.
            if (deviceFree && std::string(e.what()).find("out of memory") != std::string::npos)
                throw Error(where + ": " + device.str() + " ran out of memory (" + formatBytes(deviceFree->free)
                            + " of " + formatBytes(deviceFree->total)
                            + " were free when the sweep planned; another process may be using the GPU): give "
                              "--memory a smaller budget, or free the device");
            throw;
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
