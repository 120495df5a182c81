// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/hfmemory.h"

#include "core/common/errors.h"
#include "core/formats/hfconfig.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace qs {

namespace {

constexpr int64_t kMiB = int64_t(1) << 20;
constexpr int64_t kGiB = int64_t(1) << 30;
constexpr int64_t kFloat = 4;
// Values of one logits chunk (the FP and the quantized logits, their log-softmax, exp and product).
constexpr int64_t kLogitValues = int64_t(1) << 22;

int64_t blockParameters(const HfArch& arch)
{
    int64_t n = 0;
    for (const HfTensorSpec& t : arch.blockTensors(0)) {
        int64_t count = 1;
        for (const int64_t d : t.shape)
            count *= d;
        n += count;
    }
    return n;
}

// Activations of `sequences` sequences of `length` tokens inside a block's forward pass: the
// projections and MLP activations alive together for each, and the attention scores, their mask and
// softmax, computed a chunk of sequences at a time (hfmodel.cpp's causalAttention, at most kAttentionScores).
int64_t forwardWorkspace(const HfArch& arch, int64_t sequences, int64_t length)
{
    const int64_t scoresPerSequence = std::max<int64_t>(1, arch.heads * length * length);
    const int64_t chunk = std::min(sequences, std::max<int64_t>(1, kAttentionScores / scoresPerSequence));
    // The additive causal mask, one [T, T] per query head sharing a key/value head (causalAttention).
    const int64_t mask =
        std::max<int64_t>(1, arch.heads / std::max<int64_t>(1, arch.kvHeads)) * length * length * kFloat;
    const int64_t attention = 3 * chunk * scoresPerSequence * kFloat + mask;
    const int64_t linear = length * kFloat * (8 * arch.hidden + 3 * arch.intermediate + 4 * arch.heads * arch.headDim);
    return attention + sequences * linear;
}

} // namespace

namespace {

HfMemoryPlan planWithoutReadAhead(const HfArch& arch, const HfMemoryRequest& r)
{
    HfMemoryPlan plan;
    plan.budget = r.budget;
    plan.runtime = r.runtime;
    const int64_t hidden = arch.hidden;

    // Weights: the FP block, a config's copy of it, GPTQ's Hessian work on the widest layer, the head.
    plan.weights = blockParameters(arch) * kFloat * (r.lanes > 0 ? 2 : 1);
    if (r.gptq) {
        int64_t gptq = 0;
        for (const LayerInfo& l : arch.quantizableLayers())
            gptq = std::max(gptq, 4 * l.cols * l.cols * kFloat + 3 * l.rows * l.cols * kFloat);
        plan.weights += gptq;
    }
    // The LM head: a small one always in float32; a real vocabulary's (822 MB at 1B) in float32 when it
    // and larger logit chunks take at most a quarter of the budget, else read in slices for every chunk
    // of logits (HfModel::logits), which converts the whole head once per chunk.
    const int64_t headValues = arch.vocab * hidden;
    const bool smallHead = headValues <= (int64_t(1) << 24);
    const int64_t largeLogits = 8 * kLogitValues;
    plan.headInMemory = smallHead || (headValues + 7 * largeLogits) * kFloat <= r.budget / 4;
    plan.weights += (plan.headInMemory ? headValues : kLogitValues) * kFloat;
    const int64_t logitValues = plan.headInMemory && !smallHead ? largeLogits : kLogitValues;

    // Calibration: every config's states and the forward pass of one config's calibration set at once
    // (its input and output alive together), or of one chunk of it, the states in memory or spilled.
    const int64_t calibrationStates = r.calibrationTokens * hidden * kFloat;
    plan.calibrationStates = calibrationStates;
    const int64_t calibrationSequence = r.calibrationLength * hidden * kFloat;
    // AWQ holds, for every calibration token, its lane's states read whole, the inputs of a block's four
    // parents (attention, o_proj, MLP, down_proj) and a parent's full-precision output; its forwards run
    // a chunk of sequences at a time like the others.
    const int64_t awqCache = r.awqTokens * kFloat * (4 * hidden + arch.heads * arch.headDim + arch.intermediate);
    auto calibrate = [&](bool chunked, bool spill, int64_t batch) {
        plan.calibrationChunked = chunked;
        plan.calibrationSpill = spill;
        plan.calibrationBatch = batch;
        plan.calibration = r.calibrationSequences > 0 ? forwardWorkspace(arch, batch, r.calibrationLength) : 0;
        if (!chunked)
            plan.calibration += 2 * calibrationStates;
        else
            plan.calibration += (spill ? 2 : 1) * batch * calibrationSequence + (spill ? 0 : calibrationStates);
        plan.calibration += awqCache;
    };
    plan.logitTokens = std::max<int64_t>(1, logitValues / std::max<int64_t>(1, arch.vocab));
    const int64_t valTokens = r.valSequences * r.seqLen;
    const int64_t perSequence = r.seqLen * hidden * kFloat;
    const int64_t logits = 7 * plan.logitTokens * arch.vocab * kFloat;
    // Per-token KL values of every config (for their median and 99th percentile) while they are compared.
    const int64_t klValues = (r.lanes + 1) * valTokens * kFloat;
    plan.scratchBytes = (r.lanes + 1) * r.valSequences * perSequence;

    auto fill = [&](bool spill, int64_t batch) {
        plan.spill = spill;
        plan.batch = batch;
        plan.workspace = forwardWorkspace(arch, batch, r.seqLen) + logits;
        // Spilled: the chunk read and the block's output for it, or in the comparison the FP chunk and
        // every config's. In memory: every state, and a chunk's output before it is copied back.
        plan.states = spill ? std::max<int64_t>(2, r.lanes + 1) * batch * perSequence + klValues
                            : plan.scratchBytes + batch * perSequence + klValues;
        return plan.peak() <= r.budget;
    };
    const int64_t batch = std::max<int64_t>(1, std::min(r.batch, r.valSequences));
    auto fits = [&] {
        if (!r.spill && fill(false, batch))
            return true;
        for (int64_t b = batch; b >= 1; b = b > 1 ? b / 2 : 0) {
            if (fill(true, b))
                return true;
        }
        return false;
    };
    const int64_t allCalibration = std::max<int64_t>(1, r.calibrationSequences);
    if (r.calibrationChunk <= 0) {
        calibrate(false, false, allCalibration);
        if (fits())
            return plan;
    }
    // Chunks of calibration sequences, their states in memory first, then spilled (not with AWQ, whose
    // search reads a lane's states whole).
    const int64_t firstChunk = std::min(allCalibration, r.calibrationChunk > 0 ? r.calibrationChunk : allCalibration);
    for (const bool spill : {false, true}) {
        if ((r.spill && !spill && r.calibrationChunk > 0) || (spill && r.awqTokens > 0))
            continue;
        for (int64_t c = firstChunk; c >= 1; c = c > 1 ? c / 2 : 0) {
            calibrate(true, spill, c);
            if (fits())
                return plan;
            if (r.calibrationChunk > 0)
                break;
        }
    }
    if (r.awqTokens > 0) {
        calibrate(true, false, 1);
        fill(true, 1);
        throw ConfigError("AWQ keeps a block's inputs for all its calibration tokens in memory, and they do not fit "
                          "the memory budget of "
                          + formatBytes(r.budget) + " even a sequence at a time: it needs about "
                          + formatBytes(plan.peak()) + " (calibration " + formatBytes(plan.calibration)
                          + "; AWQ's states cannot be spilled to disk). Raise --memory, or give AWQ fewer or shorter "
                            "calibration sequences (cal<N>x<T>), or sweep it apart from configs with large "
                            "calibration sets.");
    }
    calibrate(true, true, 1);
    fill(true, 1);
    throw ConfigError("the memory budget of " + formatBytes(r.budget)
                      + " is too small for this sweep even with the validation and calibration states on "
                        "disk and one sequence at a time: it needs about "
                      + formatBytes(plan.peak()) + " (the process " + formatBytes(plan.runtime)
                      + ", one block's weights and their quantization " + formatBytes(plan.weights) + ", calibration "
                      + formatBytes(plan.calibration) + ", one sequence's activations " + formatBytes(plan.workspace)
                      + "). Raise --memory, or use fewer or shorter calibration "
                      + "sequences or fewer configs per sweep.");
}

} // namespace

HfMemoryPlan planHfMemory(const HfArch& arch, const HfMemoryRequest& r)
{
    // Downstream scoring's share comes off the top: it cannot spill, the rest plans in what is left.
    const int64_t kept = r.downstreamCopies > 0
        ? r.downstreamCopies * arch.layers * blockParameters(arch) * kFloat + 2 * r.downstreamLogits * kFloat
        : 0;
    HfMemoryRequest rest = r;
    rest.budget -= kept;
    if (kept > 0 && rest.budget <= r.runtime)
        throw ConfigError("downstream tasks keep every config's blocks until the requests are scored ("
                          + std::to_string(r.downstreamCopies) + " float32 copies of the model and a batch's logits, "
                          + formatBytes(kept) + "), which do not fit the memory budget of " + formatBytes(r.budget)
                          + ": raise --memory, sweep fewer configs at once, or leave --downstream out");
    HfMemoryPlan plan = planWithoutReadAhead(arch, rest);
    plan.budget = r.budget;
    plan.downstream = kept;
    // The next block read while this one computes, where one more block fits.
    const int64_t block = blockParameters(arch) * kFloat;
    if (plan.peak() + block <= r.budget) {
        plan.readAhead = true;
        plan.weights += block;
    }
    return plan;
}

std::string HfMemoryPlan::describe() const
{
    std::string s = "memory plan: budget " + formatBytes(budget) + ", estimated peak " + formatBytes(peak())
        + " (process " + formatBytes(runtime) + ", block weights " + formatBytes(weights) + ", calibration "
        + formatBytes(calibration) + ", validation states " + formatBytes(states) + ", activations "
        + formatBytes(workspace) + (downstream > 0 ? ", downstream blocks and logits " + formatBytes(downstream) : "")
        + "); ";
    if (spill)
        s += "validation states (" + formatBytes(scratchBytes) + ") spilled to a scratch file, ";
    else
        s += "validation states in memory, ";
    s += std::to_string(batch) + " sequences per chunk, logits of " + std::to_string(logitTokens)
        + " tokens at once, LM head " + (headInMemory ? "in memory" : "read in slices")
        + (readAhead ? ", next block read ahead" : "");
    if (calibrationChunked)
        s += "; calibration " + std::to_string(calibrationBatch) + " sequences at a time, its states ("
            + formatBytes(calibrationStates) + ") " + (calibrationSpill ? "spilled to a scratch file" : "in memory");
    return s;
}

int64_t defaultMemoryBudget()
{
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long pageSize = ::sysconf(_SC_PAGE_SIZE);
    const int64_t physical = pages > 0 && pageSize > 0 ? int64_t(pages) * int64_t(pageSize) : 2 * kGiB;
    return std::max<int64_t>(kGiB, physical / 2);
}

int64_t parseMemorySize(const std::string& text)
{
    const auto bad = [&](const std::string& why) {
        return ConfigError("memory size '" + text + "' " + why
                           + ": write a number of bytes or one with a unit, e.g. 8G, 512M, 1.5GiB");
    };
    size_t used = 0;
    double value = 0.0;
    try {
        value = std::stod(text, &used);
    } catch (const std::exception&) {
        throw bad("is not a number");
    }
    std::string unit = text.substr(used);
    for (char& c : unit)
        c = char(std::toupper(static_cast<unsigned char>(c)));
    if (unit.size() > 1 && (unit.back() == 'B'))
        unit.pop_back();
    if (unit.size() == 2 && unit[1] == 'I')
        unit.pop_back();
    double scale = 1.0;
    if (unit == "K")
        scale = 1024.0;
    else if (unit == "M")
        scale = double(kMiB);
    else if (unit == "G")
        scale = double(kGiB);
    else if (unit == "T")
        scale = double(kGiB) * 1024.0;
    else if (!unit.empty())
        throw bad("has an unknown unit");
    const double bytes = value * scale;
    if (!std::isfinite(bytes) || bytes < double(64 * kMiB) || bytes > 16.0 * 1024.0 * double(kGiB))
        throw bad("is out of range [64 MiB, 16 TiB]");
    return int64_t(bytes);
}

std::string formatBytes(int64_t bytes)
{
    char text[32];
    if (bytes >= kGiB)
        std::snprintf(text, sizeof text, "%.1f GiB", double(bytes) / double(kGiB));
    else
        std::snprintf(text, sizeof text, "%.0f MiB", std::ceil(double(bytes) / double(kMiB)));
    return text;
}

} // namespace qs
