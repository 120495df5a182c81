#include "core/data/config.h"

#include "core/common/errors.h"
#include "core/common/kinds.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>
#include <type_traits>

using nlohmann::json;

namespace qs {

namespace {

[[noreturn]] void fail(const std::string& what)
{
    throw ConfigError(what);
}

void checkRange(const char* field, double value, double lo, double hi)
{
    if (!(value >= lo && value <= hi)) {
        std::ostringstream os;
        os << field << " = " << value << " is out of range [" << lo << ", " << hi << "]";
        fail(os.str());
    }
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

// Reads `key` into `out` if present, with a message naming the key on a type mismatch. A whole-number
// field takes a JSON number that is a whole number within its type's range (nlohmann would truncate 2.5
// and convert 1e300 with undefined behaviour).
template<typename T>
void read(const json& j, const char* key, T& out, const char* what)
{
    auto it = j.find(key);
    if (it == j.end())
        return;
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
        using Limits = std::numeric_limits<T>;
        bool ok = false;
        if (it->is_number_unsigned())
            ok = it->template get<uint64_t>() <= uint64_t(Limits::max());
        else if (it->is_number_integer())
            ok = it->template get<int64_t>() >= int64_t(Limits::min())
                && (std::is_unsigned_v<T> || it->template get<int64_t>() <= int64_t(Limits::max()));
        else if (it->is_number_float()) {
            const double v = it->template get<double>();
            // max() + 1 is a power of two, exact as a double (max() itself may round up to it).
            ok = std::floor(v) == v && v >= double(Limits::min()) && v < std::ldexp(1.0, Limits::digits);
        }
        if (!ok) {
            std::ostringstream os;
            os << what << ": key '" << key << "' must be a whole number from " << +Limits::min() << " to "
               << +Limits::max() << ", not " << it->dump();
            fail(os.str());
        }
        if (it->is_number_float()) {
            out = static_cast<T>(it->template get<double>());
            return;
        }
    }
    try {
        out = it->template get<T>();
    } catch (const json::exception&) {
        fail(std::string(what) + ": key '" + key + "' has the wrong type (" + it->type_name() + ")");
    }
}

void rejectUnknownKeys(const json& j, const std::set<std::string>& known, const char* what)
{
    for (auto it = j.begin(); it != j.end(); ++it) {
        if (!known.count(it.key()))
            fail(std::string(what) + ": unknown key '" + it.key() + "'");
    }
}

json modelToJson(const ModelConfig& m)
{
    return json {{"vocab_size", m.vocabSize}, {"d_model", m.dModel},   {"n_layers", m.nLayers},
                 {"n_heads", m.nHeads},       {"d_ff", m.dFf},         {"max_seq_len", m.maxSeqLen},
                 {"rope_theta", m.ropeTheta}, {"norm_eps", m.normEps}, {"tie_embeddings", m.tieEmbeddings}};
}

ModelConfig modelFromJson(const json& j)
{
    const char* what = "model config";
    rejectUnknownKeys(j,
                      {"vocab_size", "d_model", "n_layers", "n_heads", "d_ff", "max_seq_len", "rope_theta", "norm_eps",
                       "tie_embeddings"},
                      what);
    ModelConfig m;
    read(j, "vocab_size", m.vocabSize, what);
    read(j, "d_model", m.dModel, what);
    read(j, "n_layers", m.nLayers, what);
    read(j, "n_heads", m.nHeads, what);
    read(j, "d_ff", m.dFf, what);
    read(j, "max_seq_len", m.maxSeqLen, what);
    read(j, "rope_theta", m.ropeTheta, what);
    read(j, "norm_eps", m.normEps, what);
    read(j, "tie_embeddings", m.tieEmbeddings, what);
    m.validate();
    return m;
}

} // namespace

void ModelConfig::validate() const
{
    checkRange("model.vocab_size", vocabSize, 2, 1 << 20);
    checkRange("model.d_model", dModel, 4, 1 << 16);
    checkRange("model.n_layers", nLayers, 1, 1024);
    checkRange("model.n_heads", nHeads, 1, 1024);
    checkRange("model.d_ff", dFf, 1, 1 << 18);
    checkRange("model.max_seq_len", maxSeqLen, 2, 1 << 20);
    checkRange("model.rope_theta", ropeTheta, 1.0, 1e9);
    checkRange("model.norm_eps", normEps, 1e-12, 1e-1);
    if (dModel % nHeads != 0)
        fail("model.d_model (" + std::to_string(dModel) + ") must be divisible by model.n_heads ("
             + std::to_string(nHeads) + ")");
    if ((dModel / nHeads) % 2 != 0)
        fail("model.d_model / model.n_heads must be even for RoPE");
}

std::string ModelConfig::toJson() const
{
    return modelToJson(*this).dump();
}

ModelConfig ModelConfig::fromJson(const std::string& text)
{
    return modelFromJson(parseObject(text, "model config"));
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
    model.validate();
    checkRange("schedule.peak_lr", schedule.peakLr, 0.0, 10.0);
    checkRange("schedule.min_lr", schedule.minLr, 0.0, schedule.peakLr);
    checkRange("schedule.warmup_steps", double(schedule.warmupSteps), 0, double(steps));
    checkRange("schedule.decay_fraction", schedule.decayFraction, 0.0, 1.0);
    checkRange("steps", double(steps), 1, 1e9);
    checkRange("batch_size", batchSize, 1, 1 << 16);
    checkRange("seq_len", seqLen, 2, model.maxSeqLen);
    checkRange("weight_decay", weightDecay, 0.0, 10.0);
    checkRange("beta1", beta1, 0.0, 0.999999);
    checkRange("beta2", beta2, 0.0, 0.999999999);
    checkRange("adam_eps", adamEps, 0.0, 1.0);
    checkRange("grad_clip", gradClip, 0.0, 1e9);
    checkRange("checkpoint_every", double(checkpointEvery), 1, 1e9);
    checkRange("eval_every", double(evalEvery), 1, 1e9);
    checkRange("eval_batches", evalBatches, 1, 1 << 16);
    checkRange("val_fraction", valFraction, 1e-4, 0.5);
    checkRange("threads", threads, 0, 1024);
    if (checkpointDtype != "F32" && checkpointDtype != "F16" && checkpointDtype != "BF16")
        fail("checkpoint_dtype '" + checkpointDtype + "' is not one of F32, F16, BF16");
    if (qat.enabled()) {
        QuantConfig q;
        try {
            q = QuantConfig::parse(qat.quant);
        } catch (const ConfigError& e) {
            fail(std::string("qat.quant: ") + e.what());
        }
        if (q.method == QuantMethod::Gptq)
            fail("qat.quant '" + qat.quant
                 + "': QAT fake-quantizes with round-to-nearest; use rtn (or none for activations only)");
        if (q.isFullPrecision())
            fail("qat.quant '" + qat.quant + "' quantizes nothing");
        checkRange("qat.start_step", double(qat.startStep), 0, double(steps));
        if (qat.startTokens >= 0)
            checkRange("qat.start_tokens", double(qat.startTokens), 0, double(steps) * batchSize * seqLen);
    }
    if (emaDecay != 0.0)
        checkRange("ema_decay", emaDecay, 0.5, 0.999999);
    if (isBranch()) {
        checkRange("init.step", double(initStep), 0, 1e12);
    }
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

TrainConfig TrainConfig::fromJson(const std::string& text)
{
    const char* what = "train config";
    const json j = parseObject(text, what);
    rejectUnknownKeys(j,
                      {"model",
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
                       "init"},
                      what);
    TrainConfig c;
    if (auto it = j.find("model"); it != j.end()) {
        if (!it->is_object())
            fail("train config: 'model' must be an object");
        c.model = modelFromJson(*it);
    }
    if (auto it = j.find("schedule"); it != j.end()) {
        if (!it->is_object())
            fail("train config: 'schedule' must be an object");
        const char* sw = "train config schedule";
        rejectUnknownKeys(*it, {"kind", "peak_lr", "min_lr", "warmup_steps", "decay_fraction"}, sw);
        std::string kind = toString(c.schedule.kind);
        read(*it, "kind", kind, sw);
        c.schedule.kind = scheduleKindFromString(kind);
        read(*it, "peak_lr", c.schedule.peakLr, sw);
        read(*it, "min_lr", c.schedule.minLr, sw);
        read(*it, "warmup_steps", c.schedule.warmupSteps, sw);
        read(*it, "decay_fraction", c.schedule.decayFraction, sw);
    }
    read(j, "steps", c.steps, what);
    read(j, "batch_size", c.batchSize, what);
    read(j, "seq_len", c.seqLen, what);
    read(j, "weight_decay", c.weightDecay, what);
    read(j, "beta1", c.beta1, what);
    read(j, "beta2", c.beta2, what);
    read(j, "adam_eps", c.adamEps, what);
    read(j, "grad_clip", c.gradClip, what);
    read(j, "checkpoint_every", c.checkpointEvery, what);
    read(j, "eval_every", c.evalEvery, what);
    read(j, "eval_batches", c.evalBatches, what);
    read(j, "val_fraction", c.valFraction, what);
    read(j, "seed", c.seed, what);
    read(j, "threads", c.threads, what);
    read(j, "checkpoint_dtype", c.checkpointDtype, what);
    if (auto it = j.find("qat"); it != j.end()) {
        const char* qw = "train config qat";
        if (!it->is_object())
            fail("train config: 'qat' must be an object with 'quant' and 'start_step' or 'start_tokens'");
        rejectUnknownKeys(*it, {"quant", "start_step", "start_tokens"}, qw);
        read(*it, "quant", c.qat.quant, qw);
        read(*it, "start_step", c.qat.startStep, qw);
        read(*it, "start_tokens", c.qat.startTokens, qw);
        if (c.qat.quant.empty())
            fail("train config qat: 'quant' is missing (a quantizer spec such as \"rtn:4:g32\")");
    }
    read(j, "ema_decay", c.emaDecay, what);
    read(j, "keep_optimizer_states", c.keepOptimizerStates, what);
    if (auto it = j.find("init"); it != j.end()) {
        const char* iw = "train config init";
        if (!it->is_object() || !it->contains("run") || !it->contains("step"))
            fail("train config: 'init' must be an object {\"run\": parent run, \"step\": checkpoint step}");
        rejectUnknownKeys(*it, {"run", "step"}, iw);
        read(*it, "run", c.initRun, iw);
        read(*it, "step", c.initStep, iw);
    }
    c.validate();
    return c;
}

TrainConfig TrainConfig::fromFile(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
        throw IoError(path + ": cannot open train config");
    std::stringstream ss;
    ss << in.rdbuf();
    try {
        return fromJson(ss.str());
    } catch (const ConfigError& e) {
        throw ConfigError(path + ": " + e.what());
    }
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
    if (method == QuantMethod::None) {
        if (bits != 16)
            fail("quantization bits = " + std::to_string(bits) + " with method 'none': weights stay at 16 bits");
        if (groupSize != -1 || !symmetric)
            fail("method 'none' keeps weights in full precision: weight group size and asymmetric grids do not apply");
    } else {
        checkBits("quantization bits", bits, false);
    }
    if (groupSize != -1 && groupSize < 1)
        fail("quantization group size = " + std::to_string(groupSize) + " must be -1 (per channel) or >= 1");
    checkBits("activation bits", actBits, true);
    if (actGroupSize != -1 && actGroupSize < 1)
        fail("activation group size = " + std::to_string(actGroupSize) + " must be -1 (per token) or >= 1");
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
        checkRange("gptq damping", percDamp, 0.0, 0.999);
        checkRange("gptq block size", blockSize, 1, 1 << 16);
        checkRange("gptq calibration sequences", calibSequences, 1, 1 << 20);
        checkRange("gptq calibration length", calibSeqLen, 2, 1 << 20);
    }
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
    return j.dump();
}

QuantConfig QuantConfig::fromJson(const std::string& text)
{
    const char* what = "quantization config";
    const json j = parseObject(text, what);
    rejectUnknownKeys(j,
                      {"method", "bits", "group_size", "symmetric", "act_order", "percdamp", "block_size",
                       "calib_sequences", "calib_seq_len", "calib_seed", "act_bits", "act_group_size", "overrides"},
                      what);
    QuantConfig c;
    std::string method = toString(c.method);
    read(j, "method", method, what);
    c.method = quantMethodFromString(method);
    if (c.method == QuantMethod::None)
        c.bits = 16;
    read(j, "bits", c.bits, what);
    read(j, "group_size", c.groupSize, what);
    read(j, "symmetric", c.symmetric, what);
    read(j, "act_order", c.actOrder, what);
    read(j, "percdamp", c.percDamp, what);
    read(j, "block_size", c.blockSize, what);
    read(j, "calib_sequences", c.calibSequences, what);
    read(j, "calib_seq_len", c.calibSeqLen, what);
    read(j, "calib_seed", c.calibSeed, what);
    read(j, "act_bits", c.actBits, what);
    read(j, "act_group_size", c.actGroupSize, what);
    if (auto it = j.find("overrides"); it != j.end()) {
        if (!it->is_object())
            fail(std::string(what) + ": key 'overrides' must be an object of module kind -> {bits, act_bits}");
        for (auto rule = it->begin(); rule != it->end(); ++rule) {
            if (!rule->is_object())
                fail(std::string(what) + ": override '" + rule.key() + "' must be an object {bits, act_bits}");
            rejectUnknownKeys(*rule, {"bits", "act_bits"}, what);
            KindPrecision p;
            read(*rule, "bits", p.bits, what);
            read(*rule, "act_bits", p.actBits, what);
            c.overrides[rule.key()] = p;
        }
    }
    c.validate();
    return c;
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
        try {
            size_t used = 0;
            c.bits = std::stoi(parts[1], &used);
            if (used != parts[1].size())
                throw std::invalid_argument(parts[1]);
        } catch (const std::exception&) {
            fail("quantization spec '" + spec + "': bits '" + parts[1] + "' is not a number");
        }
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
                 + "' is not an option (pc, g<N>, sym, asym, act, noact, cal<N>x<T>, a<B>, a<B>g<N>, <kind>=w<B>a<B>)");
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
