#include "config.h"

#include "errors.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <set>
#include <sstream>

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

// Reads `key` into `out` if present, with a message naming the key on a type mismatch.
template<typename T>
void read(const json& j, const char* key, T& out, const char* what)
{
    auto it = j.find(key);
    if (it == j.end())
        return;
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
    return json {{"vocab_size", m.vocabSize}, {"d_model", m.dModel},       {"n_layers", m.nLayers},
                 {"n_heads", m.nHeads},       {"d_ff", m.dFf},             {"max_seq_len", m.maxSeqLen},
                 {"rope_theta", m.ropeTheta}, {"norm_eps", m.normEps},     {"tie_embeddings", m.tieEmbeddings}};
}

ModelConfig modelFromJson(const json& j)
{
    const char* what = "model config";
    rejectUnknownKeys(j,
                      {"vocab_size", "d_model", "n_layers", "n_heads", "d_ff", "max_seq_len", "rope_theta",
                       "norm_eps", "tie_embeddings"},
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
    return j.dump(2);
}

TrainConfig TrainConfig::fromJson(const std::string& text)
{
    const char* what = "train config";
    const json j = parseObject(text, what);
    rejectUnknownKeys(j,
                      {"model", "schedule", "steps", "batch_size", "seq_len", "weight_decay", "beta1", "beta2",
                       "adam_eps", "grad_clip", "checkpoint_every", "eval_every", "eval_batches", "val_fraction",
                       "seed", "threads", "checkpoint_dtype"},
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
    case QuantMethod::Rtn:
        return "rtn";
    case QuantMethod::Gptq:
        return "gptq";
    }
    return "?";
}

QuantMethod quantMethodFromString(const std::string& name)
{
    if (name == "rtn" || name == "RTN")
        return QuantMethod::Rtn;
    if (name == "gptq" || name == "GPTQ")
        return QuantMethod::Gptq;
    fail("unknown quantization method '" + name + "' (this build supports: rtn, gptq)");
}

void QuantConfig::validate() const
{
    if (bits < 2 || bits > 8)
        fail("quantization bits = " + std::to_string(bits) + " is out of range [2, 8]");
    if (groupSize != -1 && groupSize < 1)
        fail("quantization group size = " + std::to_string(groupSize) + " must be -1 (per channel) or >= 1");
    if (method == QuantMethod::Gptq) {
        checkRange("gptq damping", percDamp, 0.0, 0.999);
        checkRange("gptq block size", blockSize, 1, 1 << 16);
        checkRange("gptq calibration sequences", calibSequences, 1, 1 << 20);
        checkRange("gptq calibration length", calibSeqLen, 2, 1 << 20);
    }
}

std::string QuantConfig::id() const
{
    std::string s = toString(method) + "_w" + std::to_string(bits) + "_";
    s += groupSize < 0 ? std::string("pc") : "g" + std::to_string(groupSize);
    s += symmetric ? "_sym" : "_asym";
    if (method == QuantMethod::Gptq)
        s += actOrder ? "_act" : "_noact";
    return s;
}

std::string QuantConfig::label() const
{
    std::string s = method == QuantMethod::Rtn ? "RTN" : "GPTQ";
    s += " W" + std::to_string(bits);
    s += groupSize < 0 ? std::string(" per-channel") : " g" + std::to_string(groupSize);
    s += symmetric ? " sym" : " asym";
    if (method == QuantMethod::Gptq && actOrder)
        s += " act-order";
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
    return j.dump();
}

QuantConfig QuantConfig::fromJson(const std::string& text)
{
    const char* what = "quantization config";
    const json j = parseObject(text, what);
    rejectUnknownKeys(j,
                      {"method", "bits", "group_size", "symmetric", "act_order", "percdamp", "block_size",
                       "calib_sequences", "calib_seq_len", "calib_seed"},
                      what);
    QuantConfig c;
    std::string method = toString(c.method);
    read(j, "method", method, what);
    c.method = quantMethodFromString(method);
    read(j, "bits", c.bits, what);
    read(j, "group_size", c.groupSize, what);
    read(j, "symmetric", c.symmetric, what);
    read(j, "act_order", c.actOrder, what);
    read(j, "percdamp", c.percDamp, what);
    read(j, "block_size", c.blockSize, what);
    read(j, "calib_sequences", c.calibSequences, what);
    read(j, "calib_seq_len", c.calibSeqLen, what);
    read(j, "calib_seed", c.calibSeed, what);
    c.validate();
    return c;
}

QuantConfig QuantConfig::parse(const std::string& spec)
{
    std::vector<std::string> parts;
    std::stringstream ss(spec);
    for (std::string part; std::getline(ss, part, ':');)
        parts.push_back(part);
    if (parts.size() < 2 || parts.size() > 5)
        fail("quantization spec '" + spec
             + "': expected method:bits[:pc|gN][:sym|asym][:act|noact], e.g. rtn:4:g32:sym or gptq:3:g128:sym:act");
    QuantConfig c;
    c.method = quantMethodFromString(parts[0]);
    try {
        size_t used = 0;
        c.bits = std::stoi(parts[1], &used);
        if (used != parts[1].size())
            throw std::invalid_argument(parts[1]);
    } catch (const std::exception&) {
        fail("quantization spec '" + spec + "': bits '" + parts[1] + "' is not a number");
    }
    if (parts.size() >= 3) {
        const std::string& g = parts[2];
        if (g == "pc") {
            c.groupSize = -1;
        } else if (g.size() > 1 && g[0] == 'g' && g.find_first_not_of("0123456789", 1) == std::string::npos) {
            c.groupSize = std::stoi(g.substr(1));
        } else {
            fail("quantization spec '" + spec + "': group '" + g + "' must be 'pc' or 'g<N>'");
        }
    }
    if (parts.size() == 5) {
        if (c.method != QuantMethod::Gptq)
            fail("quantization spec '" + spec + "': act-order applies to gptq only");
        if (parts[4] == "act")
            c.actOrder = true;
        else if (parts[4] == "noact")
            c.actOrder = false;
        else
            fail("quantization spec '" + spec + "': '" + parts[4] + "' must be 'act' or 'noact'");
    }
    if (parts.size() >= 4) {
        if (parts[3] == "sym")
            c.symmetric = true;
        else if (parts[3] == "asym")
            c.symmetric = false;
        else
            fail("quantization spec '" + spec + "': '" + parts[3] + "' must be 'sym' or 'asym'");
    }
    c.validate();
    return c;
}

} // namespace qs
