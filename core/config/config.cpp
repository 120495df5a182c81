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
        if (q.method != QuantMethod::Rtn && q.method != QuantMethod::None)
            f.fail(f.name("qat.quant") + " '" + c.qat.quant
                   + "': QAT fake-quantizes with round-to-nearest; use rtn (or none for activations only)");
        if (q.actFormat != ActFormat::Int || std::any_of(q.overrides.begin(), q.overrides.end(), [](const auto& o) {
                return o.second.actFormat.value_or(ActFormat::Int) != ActFormat::Int;
            }))
            f.fail(f.name("qat.quant") + " '" + c.qat.quant
                   + "': QAT fake-quantizes activations as integers (a<bits>, a<bits>g<N>), not as MX, NVFP4, FP8 or "
                     "LLM.int8");
        if (q.isFullPrecision())
            f.fail(f.name("qat.quant") + " '" + c.qat.quant + "' quantizes nothing");
        if (q.rotation != Rotation::None)
            f.fail(f.name("qat.quant") + " '" + c.qat.quant
                   + "': QAT trains the model's own weights; rotations (rot, rotd) apply to post-training "
                     "quantization only");
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
    const json j = parseJsonObject(text, "model config");
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
    const json j = parseJsonObject(text, root.empty() ? "train config" : root);
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

const std::vector<std::string>& layerKinds()
{
    static const std::vector<std::string> kinds(layerkinds::blockOrder.begin(), layerkinds::blockOrder.end());
    return kinds;
}

} // namespace qs
