// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/config/config.h"

#include "core/common/errors.h"
#include "core/common/files.h"
#include "core/common/kinds.h"
#include "core/formats/jsonfields.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <optional>
#include <sstream>

using nlohmann::json;

namespace qs {

namespace {

[[noreturn]] void fail(const std::string& what)
{
    throw ConfigError(what);
}

void checkRange(const std::string& field, double value, double lo, double hi)
{
    if (!(value >= lo && value <= hi))
        fail(field + " = " + formatNumber(value) + " is out of range [" + formatNumber(lo) + ", " + formatNumber(hi)
             + "]");
}

json parseObject(const std::string& text, const char* what)
{
    json j;
    try {
        j = json::parse(text);
    } catch (const json::exception& e) {
        fail(std::string(what) + ": invalid JSON: " + e.what());
    }
    if (!j.is_object())
        fail(std::string(what) + ": expected a JSON object");
    return j;
}

constexpr std::int64_t kMaxSteps = maxTrainSteps;
constexpr std::int64_t kMaxTokens = 1'000'000'000'000'000'000;

// The accepted range of every field is written once, here: reading JSON and validate() go through the
// same visit, in the order the ranges depend on each other (seq_len on model.max_seq_len, the warmup on
// steps, …).

void visitModel(ModelConfig& m, const CheckedFields& f, const std::string& prefix)
{
    const auto path = [&](const char* key) { return prefix + key; };
    f.whole(path("vocab_size"), m.vocabSize, {2, 1 << 20});
    f.whole(path("d_model"), m.dModel, {4, 1 << 16});
    f.whole(path("n_layers"), m.nLayers, {1, 1024});
    f.whole(path("n_heads"), m.nHeads, {1, 1024});
    f.whole(path("d_ff"), m.dFf, {1, 1 << 18});
    f.whole(path("max_seq_len"), m.maxSeqLen, {2, 1 << 20});
    f.real(path("rope_theta"), m.ropeTheta, RealRange::closed(1.0, 1e9));
    f.real(path("norm_eps"), m.normEps, RealRange::closed(1e-12, 1e-1));
    f.flag(path("tie_embeddings"), m.tieEmbeddings);
    if (m.dModel % m.nHeads != 0)
        f.fail(f.name(path("d_model")) + " (" + std::to_string(m.dModel) + ") must be divisible by "
               + f.name(path("n_heads")) + " (" + std::to_string(m.nHeads) + ")");
    if ((m.dModel / m.nHeads) % 2 != 0)
        f.fail(f.name(path("d_model")) + " / " + f.name(path("n_heads")) + " must be even for RoPE");
}

void visitTrain(TrainConfig& c, const CheckedFields& f)
{
    visitModel(c.model, f, "model.");
    f.whole("steps", c.steps, {1, kMaxSteps});
    f.whole("batch_size", c.batchSize, {1, 1 << 16});
    f.whole("seq_len", c.seqLen, {.min = 2, .max = c.model.maxSeqLen, .why = "at most model.max_seq_len"});

    std::string kind = toString(c.schedule.kind);
    f.word("schedule.kind", kind, {"constant", "cosine", "wsd", "linear"});
    c.schedule.kind = scheduleKindFromString(kind);
    f.real("schedule.peak_lr", c.schedule.peakLr, RealRange::aboveZero(10.0));
    f.real("schedule.min_lr", c.schedule.minLr,
           {.min = 0.0, .max = c.schedule.peakLr, .why = "at most schedule.peak_lr"});
    f.whole("schedule.warmup_steps", c.schedule.warmupSteps, {.min = 0, .max = c.steps, .why = "at most steps"});
    f.real("schedule.decay_fraction", c.schedule.decayFraction, RealRange::closed(0.0, 1.0));

    f.real("weight_decay", c.weightDecay, RealRange::closed(0.0, 10.0));
    f.real("beta1", c.beta1, RealRange::closed(0.0, 0.999999));
    f.real("beta2", c.beta2, RealRange::closed(0.0, 0.999999999));
    f.real("adam_eps", c.adamEps, RealRange::aboveZero(1.0));
    f.real("grad_clip", c.gradClip, RealRange::closed(0.0, 1e9)); // 0: no clipping
    f.whole("checkpoint_every", c.checkpointEvery, {1, kMaxSteps});
    f.whole("eval_every", c.evalEvery, {1, kMaxSteps});
    f.whole("eval_batches", c.evalBatches, {1, 1 << 16});
    f.real("val_fraction", c.valFraction, RealRange::closed(1e-4, 0.5));
    f.whole("seed", c.seed, {0, kInt64Max});
    f.whole("threads", c.threads, {0, 4096}); // 0: all cores; the command line's --threads goes up to 4096
    f.word("checkpoint_dtype", c.checkpointDtype, {"F32", "F16", "BF16"});

    f.text("qat.quant", c.qat.quant);
    if (f.has("qat") && c.qat.quant.empty())
        f.fail(f.name("qat.quant") + " is missing (a quantizer spec such as \"rtn:4:g32\")");
    if (c.qat.enabled()) {
        QuantConfig q;
        try {
            q = QuantConfig::parse(c.qat.quant);
        } catch (const ConfigError& e) {
            f.fail(f.name("qat.quant") + ": " + e.what());
        }
        if (q.method == QuantMethod::Gptq)
            f.fail(f.name("qat.quant") + " '" + c.qat.quant
                   + "': QAT fake-quantizes with round-to-nearest; use rtn (or none for activations only)");
        if (q.isFullPrecision())
            f.fail(f.name("qat.quant") + " '" + c.qat.quant + "' quantizes nothing");
    }
    if (f.has("qat.start_step") && f.has("qat.start_tokens"))
        f.fail(f.name("qat.start_step") + " and " + f.name("qat.start_tokens")
               + " are both given: QAT starts at one of them");
    f.whole("qat.start_step", c.qat.startStep, {.min = 0, .max = c.steps, .why = "at most steps"});
    const double tokens = double(c.steps) * double(c.batchSize) * double(c.seqLen);
    f.optionalWhole("qat.start_tokens", c.qat.startTokens, std::int64_t(-1),
                    {.min = 0,
                     .max = std::int64_t(std::min(tokens, double(kMaxTokens))),
                     .why = "at most steps · batch_size · seq_len"});

    f.real("ema_decay", c.emaDecay, {.min = 0.5, .max = 0.999999, .special = 0.0, .specialMeaning = "off"});
    f.flag("keep_optimizer_states", c.keepOptimizerStates);

    if (f.has("init") && (!f.has("init.run") || !f.has("init.step")))
        f.fail(f.name("init") + " must be an object {\"run\": parent run, \"step\": checkpoint step}");
    f.text("init.run", c.initRun);
    if (f.has("init.run") && c.initRun.empty())
        f.fail(f.name("init.run") + " is empty: name the run to branch from");
    const WholeRange initStep {0, 1'000'000'000'000};
    if (c.isBranch())
        f.whole("init.step", c.initStep, initStep);
    else
        f.optionalWhole("init.step", c.initStep, std::int64_t(-1), initStep);
}

void rejectUnknownTrainKeys(const json& j, const std::string& prefix)
{
    JsonObject(j, prefix).allowOnly({"model",
                                     "schedule",
                                     "steps",
                                     "batch_size",
                                     "seq_len",
                                     "weight_decay",
                                     "beta1",
                                     "beta2",
                                     "adam_eps",
                                     "grad_clip",
                                     "checkpoint_every",
                                     "eval_every",
                                     "eval_batches",
                                     "val_fraction",
                                     "seed",
                                     "threads",
                                     "checkpoint_dtype",
                                     "qat",
                                     "ema_decay",
                                     "keep_optimizer_states",
                                     "init"});
    const JsonObject top(j, prefix);
    if (auto model = top.object("model"))
        model->allowOnly({"vocab_size", "d_model", "n_layers", "n_heads", "d_ff", "max_seq_len", "rope_theta",
                          "norm_eps", "tie_embeddings"});
    if (auto schedule = top.object("schedule"))
        schedule->allowOnly({"kind", "peak_lr", "min_lr", "warmup_steps", "decay_fraction"});
    if (auto qat = top.object("qat"))
        qat->allowOnly({"quant", "start_step", "start_tokens"});
    if (auto init = top.object("init"))
        init->allowOnly({"run", "step"});
}

json modelToJson(const ModelConfig& m)
{
    return json {{"vocab_size", m.vocabSize}, {"d_model", m.dModel},   {"n_layers", m.nLayers},
                 {"n_heads", m.nHeads},       {"d_ff", m.dFf},         {"max_seq_len", m.maxSeqLen},
                 {"rope_theta", m.ropeTheta}, {"norm_eps", m.normEps}, {"tie_embeddings", m.tieEmbeddings}};
}

} // namespace

void ModelConfig::validate() const
{
    ModelConfig copy = *this;
    visitModel(copy, CheckedFields(), "model.");
}

std::string ModelConfig::toJson() const
{
    return modelToJson(*this).dump();
}

ModelConfig ModelConfig::fromJson(const std::string& text)
{
    const json j = parseObject(text, "model config");
    try {
        JsonObject(j, "").allowOnly({"vocab_size", "d_model", "n_layers", "n_heads", "d_ff", "max_seq_len",
                                     "rope_theta", "norm_eps", "tie_embeddings"});
        ModelConfig m;
        visitModel(m, CheckedFields(&j), "");
        return m;
    } catch (const ConfigError& e) {
        fail(std::string("model config: ") + e.what());
    }
}

int64_t ModelConfig::parameterCount() const
{
    const int64_t d = dModel;
    const int64_t perBlock = 4 * d * d + 3 * d * dFf + 2 * d;
    const int64_t embeddings = int64_t(vocabSize) * d * (tieEmbeddings ? 1 : 2);
    return embeddings + nLayers * perBlock + d;
}

std::string toString(ScheduleKind kind)
{
    switch (kind) {
    case ScheduleKind::Constant:
        return "constant";
    case ScheduleKind::Cosine:
        return "cosine";
    case ScheduleKind::Wsd:
        return "wsd";
    case ScheduleKind::Linear:
        return "linear";
    }
    return "?";
}

ScheduleKind scheduleKindFromString(const std::string& name)
{
    for (auto kind : {ScheduleKind::Constant, ScheduleKind::Cosine, ScheduleKind::Wsd, ScheduleKind::Linear}) {
        if (toString(kind) == name)
            return kind;
    }
    fail("unknown LR schedule '" + name + "' (expected constant, cosine, wsd or linear)");
}

void TrainConfig::validate() const
{
    TrainConfig copy = *this;
    visitTrain(copy, CheckedFields());
}

int64_t QatConfig::firstStep(int64_t tokensPerStep) const
{
    if (startTokens >= 0 && tokensPerStep > 0) {
        // ceil(startTokens / tokensPerStep) + 1, without the overflow of startTokens + tokensPerStep - 1
        const int64_t before = startTokens / tokensPerStep + (startTokens % tokensPerStep != 0 ? 1 : 0);
        return std::max<int64_t>(1, before + 1);
    }
    return startStep + 1;
}

std::string TrainConfig::toJson() const
{
    json s {{"kind", toString(schedule.kind)},
            {"peak_lr", schedule.peakLr},
            {"min_lr", schedule.minLr},
            {"warmup_steps", schedule.warmupSteps},
            {"decay_fraction", schedule.decayFraction}};
    json j {{"model", modelToJson(model)},
            {"schedule", s},
            {"steps", steps},
            {"batch_size", batchSize},
            {"seq_len", seqLen},
            {"weight_decay", weightDecay},
            {"beta1", beta1},
            {"beta2", beta2},
            {"adam_eps", adamEps},
            {"grad_clip", gradClip},
            {"checkpoint_every", checkpointEvery},
            {"eval_every", evalEvery},
            {"eval_batches", evalBatches},
            {"val_fraction", valFraction},
            {"seed", seed},
            {"threads", threads},
            {"checkpoint_dtype", checkpointDtype}};
    // Written only when used, so configs of plain runs read exactly as before these existed.
    if (qat.enabled()) {
        json q {{"quant", qat.quant}};
        if (qat.startTokens >= 0)
            q["start_tokens"] = qat.startTokens;
        else
            q["start_step"] = qat.startStep;
        j["qat"] = q;
    }
    if (emaDecay != 0.0)
        j["ema_decay"] = emaDecay;
    if (keepOptimizerStates)
        j["keep_optimizer_states"] = true;
    if (isBranch())
        j["init"] = json {{"run", initRun}, {"step", initStep}};
    return j.dump(2);
}

TrainConfig TrainConfig::fromJson(const std::string& text, const std::string& root)
{
    const json j = parseObject(text, root.empty() ? "train config" : root.c_str());
    rejectUnknownTrainKeys(j, root);
    TrainConfig c;
    visitTrain(c, CheckedFields(&j, root));
    return c;
}

TrainConfig TrainConfig::fromFile(const std::string& path)
{
    const std::optional<std::string> text = tryReadWholeFile(path);
    if (!text)
        throw IoError(path + ": cannot open train config");
    try {
        return fromJson(*text);
    } catch (const ConfigError& e) {
        throw ConfigError(path + ": " + e.what());
    }
}

std::string canonicalComputeDtype(const std::string& name)
{
    if (name == "float32" || name == "fp32")
        return "float32";
    if (name == "bfloat16" || name == "bf16")
        return "bfloat16";
    if (name == "float16" || name == "fp16" || name == "half")
        return "float16";
    throw ConfigError("compute dtype '" + name + "' is not one of float32, bfloat16, float16");
}

std::string toString(QuantMethod method)
{
    switch (method) {
    case QuantMethod::None:
        return methods::none;
    case QuantMethod::Rtn:
        return methods::rtn;
    case QuantMethod::Gptq:
        return methods::gptq;
    }
    return "?";
}

QuantMethod quantMethodFromString(const std::string& name)
{
    if (name == methods::none || name == fpConfigId)
        return QuantMethod::None;
    if (name == methods::rtn || name == "RTN")
        return QuantMethod::Rtn;
    if (name == methods::gptq || name == "GPTQ")
        return QuantMethod::Gptq;
    fail("unknown quantization method '" + name + "' (this build supports: none, rtn, gptq)");
}

const std::vector<std::string>& layerKinds()
{
    static const std::vector<std::string> kinds(layerkinds::blockOrder.begin(), layerkinds::blockOrder.end());
    return kinds;
}

namespace {

constexpr int kMaxGroupSize = 1 << 20;
const WholeRange kBlockSize {1, 1 << 16};
const WholeRange kCalibSequences {1, 1 << 20};
const WholeRange kCalibSeqLen {2, 1 << 20};
const RealRange kPercDamp = RealRange::closed(0.0, 0.999);

bool isKind(const std::string& kind)
{
    const auto& kinds = layerKinds();
    return std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
}

void checkBits(const std::string& what, int bits, bool allowFull)
{
    if ((bits < 2 || bits > 8) && !(allowFull && bits == 16))
        fail(what + " = " + std::to_string(bits) + " is out of range [2, 8]"
             + (allowFull ? " (or 16: full precision)" : ""));
}

// "w4a8" / "w4" / "a8" -> KindPrecision; false if malformed.
bool parsePrecision(const std::string& text, KindPrecision& out)
{
    size_t i = 0;
    auto number = [&](int& value) {
        const size_t begin = i;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
            ++i;
        if (i == begin || i - begin > 2)
            return false;
        value = std::stoi(text.substr(begin, i - begin));
        return true;
    };
    if (i < text.size() && text[i] == 'w') {
        ++i;
        if (!number(out.bits))
            return false;
    }
    if (i < text.size() && text[i] == 'a') {
        ++i;
        if (!number(out.actBits))
            return false;
    }
    return i == text.size() && (out.bits != 0 || out.actBits != 0);
}

std::string precisionText(const KindPrecision& p)
{
    std::string s;
    if (p.bits != 0)
        s += "w" + std::to_string(p.bits);
    if (p.actBits != 0)
        s += "a" + std::to_string(p.actBits);
    return s;
}

} // namespace

QuantConfig QuantConfig::fullPrecision()
{
    QuantConfig c;
    c.method = QuantMethod::None;
    c.bits = 16;
    c.groupSize = -1;
    return c;
}

int QuantConfig::weightBitsFor(const std::string& kind) const
{
    auto it = overrides.find(kind);
    if (it != overrides.end() && it->second.bits != 0)
        return it->second.bits;
    return method == QuantMethod::None ? 16 : bits;
}

int QuantConfig::actBitsFor(const std::string& kind) const
{
    auto it = overrides.find(kind);
    if (it != overrides.end() && it->second.actBits != 0)
        return it->second.actBits;
    return actBits;
}

bool QuantConfig::quantizesActivations() const
{
    for (const auto& kind : layerKinds()) {
        if (actBitsFor(kind) < 16)
            return true;
    }
    return false;
}

void QuantConfig::validate() const
{
    if (computeDtype != "float32" && computeDtype != "bfloat16" && computeDtype != "float16")
        fail("compute dtype '" + computeDtype + "' is not one of float32, bfloat16, float16");
    if (method == QuantMethod::None) {
        if (bits != 16)
            fail("quantization bits = " + std::to_string(bits) + " with method 'none': weights stay at 16 bits");
        if (groupSize != -1 || !symmetric)
            fail("method 'none' keeps weights in full precision: weight group size and asymmetric grids do not apply");
    } else {
        checkBits("quantization bits", bits, false);
    }
    if (groupSize != -1 && (groupSize < 1 || groupSize > kMaxGroupSize))
        fail("quantization group size = " + std::to_string(groupSize) + " must be -1 (per channel) or in [1, "
             + std::to_string(kMaxGroupSize) + "]");
    checkBits("activation bits", actBits, true);
    if (actGroupSize != -1 && (actGroupSize < 1 || actGroupSize > kMaxGroupSize))
        fail("activation group size = " + std::to_string(actGroupSize) + " must be -1 (per token) or in [1, "
             + std::to_string(kMaxGroupSize) + "]");
    if (actBits == 16 && actGroupSize != -1)
        fail("activation group size " + std::to_string(actGroupSize)
             + " given without activation bits (a<bits>g<group>)");
    for (const auto& [kind, p] : overrides) {
        if (!isKind(kind))
            fail("mixed-precision rule for unknown module kind '" + kind + "' (kinds: q, k, v, o, gate, up, down)");
        if (p.bits != 0)
            checkBits("weight bits of '" + kind + "'", p.bits, true);
        if (p.actBits != 0)
            checkBits("activation bits of '" + kind + "'", p.actBits, true);
        if (p.bits != 0 && p.bits != 16 && method == QuantMethod::None)
            fail("mixed-precision rule '" + kind + "=" + precisionText(p)
                 + "' quantizes weights, but method 'none' has no weight quantizer: use rtn or gptq");
    }
    if (method == QuantMethod::Gptq) {
        checkRange("gptq damping", percDamp, kPercDamp.min, kPercDamp.max);
        checkRange("gptq block size", blockSize, double(kBlockSize.min), double(kBlockSize.max));
        checkRange("gptq calibration sequences", calibSequences, double(kCalibSequences.min),
                   double(kCalibSequences.max));
        checkRange("gptq calibration length", calibSeqLen, double(kCalibSeqLen.min), double(kCalibSeqLen.max));
    }
    if (calibSeed > std::uint64_t(kInt64Max))
        fail("gptq calibration seed = " + std::to_string(calibSeed) + " is out of range [0, "
             + std::to_string(kInt64Max) + "]");
}

std::string QuantConfig::id() const
{
    std::string s;
    if (method == QuantMethod::None) {
        s = fpConfigId;
    } else {
        s = toString(method) + "_w" + std::to_string(bits) + "_";
        s += groupSize < 0 ? std::string("pc") : "g" + std::to_string(groupSize);
        s += symmetric ? "_sym" : "_asym";
        if (method == QuantMethod::Gptq) {
            s += actOrder ? "_act" : "_noact";
            const QuantConfig defaults;
            if (calibSequences != defaults.calibSequences || calibSeqLen != defaults.calibSeqLen)
                s += "_cal" + std::to_string(calibSequences) + "x" + std::to_string(calibSeqLen);
            if (percDamp != defaults.percDamp) {
                char damp[32];
                std::snprintf(damp, sizeof damp, "_damp%g", percDamp);
                s += damp;
            }
        }
    }
    if (actBits < 16) {
        s += "_a" + std::to_string(actBits);
        if (actGroupSize > 0)
            s += "g" + std::to_string(actGroupSize);
    }
    for (const auto& kind : layerKinds()) {
        auto it = overrides.find(kind);
        if (it != overrides.end())
            s += "_" + kind + "." + precisionText(it->second);
    }
    return s;
}

std::string QuantConfig::label() const
{
    const std::string act = actBits < 16 ? "A" + std::to_string(actBits) : std::string();
    std::string s;
    if (method == QuantMethod::None) {
        s = actBits < 16 ? "W16" + act : overrides.empty() ? std::string("FP") : std::string("W16A16");
    } else {
        s = method == QuantMethod::Rtn ? "RTN" : "GPTQ";
        s += " W" + std::to_string(bits) + act;
        s += groupSize < 0 ? std::string(" per-channel") : " g" + std::to_string(groupSize);
        s += symmetric ? " sym" : " asym";
        if (method == QuantMethod::Gptq && actOrder)
            s += " act-order";
    }
    if (actBits < 16 && actGroupSize > 0)
        s += " (act g" + std::to_string(actGroupSize) + ")";
    std::string rules;
    for (const auto& kind : layerKinds()) {
        auto it = overrides.find(kind);
        if (it == overrides.end())
            continue;
        std::string p = precisionText(it->second);
        for (char& ch : p)
            ch = char(std::toupper(static_cast<unsigned char>(ch)));
        rules += (rules.empty() ? "" : ", ") + kind + " " + p;
    }
    if (!rules.empty())
        s += ", " + rules;
    if (computeDtype != "float32")
        s += ", " + computeDtype;
    return s;
}

std::string QuantConfig::toJson() const
{
    json j {{"method", toString(method)}, {"bits", bits}, {"group_size", groupSize}, {"symmetric", symmetric}};
    if (method == QuantMethod::Gptq) {
        j["act_order"] = actOrder;
        j["percdamp"] = percDamp;
        j["block_size"] = blockSize;
        j["calib_sequences"] = calibSequences;
        j["calib_seq_len"] = calibSeqLen;
        j["calib_seed"] = calibSeed;
    }
    // Weight-only configs keep the JSON they had before activation quantization existed.
    if (actBits != 16 || actGroupSize != -1) {
        j["act_bits"] = actBits;
        j["act_group_size"] = actGroupSize;
    }
    if (!overrides.empty()) {
        json rules = json::object();
        for (const auto& [kind, p] : overrides)
            rules[kind] = json {{"bits", p.bits}, {"act_bits", p.actBits}};
        j["overrides"] = rules;
    }
    // float32 configs keep the JSON they had before other compute types existed.
    if (computeDtype != "float32")
        j["compute_dtype"] = computeDtype;
    return j.dump();
}

QuantConfig QuantConfig::fromJson(const std::string& text)
{
    const char* what = "quantization config";
    const json j = parseObject(text, what);
    try {
        const JsonObject o(j, "");
        o.allowOnly({"method", "bits", "group_size", "symmetric", "act_order", "percdamp", "block_size",
                     "calib_sequences", "calib_seq_len", "calib_seed", "act_bits", "act_group_size", "overrides",
                     "compute_dtype"});
        QuantConfig c;
        if (auto method = o.text("method"))
            c.method = quantMethodFromString(*method);
        if (c.method == QuantMethod::None)
            c.bits = 16;
        // Ranges that keep every value in its type; validate() then applies the rules between fields
        // (16 bits only without a weight quantizer, …) with the messages the spec strings get.
        const WholeRange bits {.min = 2, .max = 8, .special = 16, .specialMeaning = "full precision"};
        const auto groups = [](const char* meaning) {
            return WholeRange {.min = 1, .max = kMaxGroupSize, .special = -1, .specialMeaning = meaning};
        };
        c.bits = int(o.whole("bits", bits).value_or(c.bits));
        c.groupSize = int(o.whole("group_size", groups("per channel")).value_or(c.groupSize));
        c.symmetric = o.flag("symmetric").value_or(c.symmetric);
        c.actOrder = o.flag("act_order").value_or(c.actOrder);
        c.percDamp = o.real("percdamp", kPercDamp).value_or(c.percDamp);
        c.blockSize = int(o.whole("block_size", kBlockSize).value_or(c.blockSize));
        c.calibSequences = int(o.whole("calib_sequences", kCalibSequences).value_or(c.calibSequences));
        c.calibSeqLen = int(o.whole("calib_seq_len", kCalibSeqLen).value_or(c.calibSeqLen));
        c.calibSeed = std::uint64_t(o.whole("calib_seed", {0, kInt64Max}).value_or(std::int64_t(c.calibSeed)));
        c.actBits = int(o.whole("act_bits", bits).value_or(c.actBits));
        c.actGroupSize = int(o.whole("act_group_size", groups("per token")).value_or(c.actGroupSize));
        if (auto dtype = o.text("compute_dtype"))
            c.computeDtype = *dtype;
        if (auto rules = o.object("overrides")) {
            for (auto rule = rules->value().begin(); rule != rules->value().end(); ++rule) {
                const JsonObject r(rule.value(), rules->pathOf(rule.key()));
                r.allowOnly({"bits", "act_bits"});
                // 0 keeps the config's value; validate() checks the rest.
                KindPrecision p;
                p.bits = int(r.whole("bits", {0, 16}).value_or(0));
                p.actBits = int(r.whole("act_bits", {0, 16}).value_or(0));
                c.overrides[rule.key()] = p;
            }
        }
        c.validate();
        return c;
    } catch (const ConfigError& e) {
        fail(std::string(what) + ": " + e.what());
    }
}

QuantConfig QuantConfig::parse(const std::string& spec)
{
    std::vector<std::string> parts;
    std::stringstream ss(spec);
    for (std::string part; std::getline(ss, part, ':');)
        parts.push_back(part);
    const std::string usage = "quantization spec '" + spec
        + "': expected method:bits[:options], e.g. rtn:4:g32:sym, gptq:3:g128:sym:act, rtn:4:g128:a4:down=a8 or "
          "none:a4";
    if (parts.empty() || spec.back() == ':')
        fail(usage);
    QuantConfig c;
    c.method = quantMethodFromString(parts[0]);
    size_t next = 1;
    if (c.method == QuantMethod::None) {
        c.bits = 16;
    } else {
        if (parts.size() < 2)
            fail(usage);
        const std::string& b = parts[1];
        if (b.empty() || b.size() > 2 || b.find_first_not_of("0123456789") != std::string::npos)
            fail("quantization spec '" + spec + "': bits '" + b + "' is not a whole number in [2, 8]");
        c.bits = std::stoi(b);
        next = 2;
    }
    auto digitsFrom = [](const std::string& s, size_t from) {
        return s.size() > from && s.size() - from <= 6 && s.find_first_not_of("0123456789", from) == std::string::npos;
    };
    for (size_t i = next; i < parts.size(); ++i) {
        const std::string& t = parts[i];
        const std::string where = "quantization spec '" + spec + "': ";
        if (t == "pc") {
            c.groupSize = -1;
        } else if (t[0] == 'g' && digitsFrom(t, 1)) {
            c.groupSize = std::stoi(t.substr(1));
        } else if (t == "sym" || t == "asym") {
            c.symmetric = t == "sym";
        } else if (t == "act" || t == "noact") {
            if (c.method != QuantMethod::Gptq)
                fail(where + "act-order ('" + t + "') applies to gptq only");
            c.actOrder = t == "act";
        } else if (t.size() > 1 && t[0] == 'a' && std::isdigit(static_cast<unsigned char>(t[1]))) {
            const size_t g = t.find('g');
            if (!digitsFrom(t.substr(0, g), 1) || (g != std::string::npos && !digitsFrom(t, g + 1)))
                fail(where + "activation option '" + t + "' must be a<bits> or a<bits>g<group>");
            c.actBits = std::stoi(t.substr(1, g == std::string::npos ? std::string::npos : g - 1));
            c.actGroupSize = g == std::string::npos ? -1 : std::stoi(t.substr(g + 1));
        } else if (t.size() > 3 && t.compare(0, 3, "cal") == 0) {
            const size_t x = t.find('x');
            if (x == std::string::npos || !digitsFrom(t.substr(0, x), 3) || !digitsFrom(t, x + 1))
                fail(where + "calibration option '" + t + "' must be cal<sequences>x<length>, e.g. cal128x2048");
            if (c.method != QuantMethod::Gptq)
                fail(where + "calibration ('" + t + "') applies to gptq only");
            c.calibSequences = std::stoi(t.substr(3, x - 3));
            c.calibSeqLen = std::stoi(t.substr(x + 1));
        } else if (t.size() > 4 && t.compare(0, 4, "damp") == 0) {
            if (c.method != QuantMethod::Gptq)
                fail(where + "damping ('" + t + "') applies to gptq only");
            size_t used = 0;
            double value = -1.0;
            try {
                value = std::stod(t.substr(4), &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used != t.size() - 4 || !(value >= kPercDamp.min && value <= kPercDamp.max))
                fail(where + "damping option '" + t + "' must be damp<fraction of mean diag(H)> in [0, 0.999], "
                     + "e.g. damp0.01");
            c.percDamp = value;
        } else if (const size_t eq = t.find('='); eq != std::string::npos) {
            const std::string kind = t.substr(0, eq);
            KindPrecision p;
            if (!parsePrecision(t.substr(eq + 1), p))
                fail(where + "mixed-precision rule '" + t
                     + "' must be <kind>=w<bits>a<bits>, <kind>=w<bits> or <kind>=a<bits>");
            if (c.overrides.count(kind))
                fail(where + "module kind '" + kind + "' has two mixed-precision rules");
            c.overrides[kind] = p;
        } else {
            fail(where + "'" + t
                 + "' is not an option (pc, g<N>, sym, asym, act, noact, cal<N>x<T>, damp<F>, a<B>, a<B>g<N>, "
                   "<kind>=w<B>a<B>)");
        }
    }
    try {
        c.validate();
    } catch (const ConfigError& e) {
        fail("quantization spec '" + spec + "': " + e.what());
    }
    return c;
}

} // namespace qs
