// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/formats/hfconfig.h"

#include "core/common/errors.h"
#include "core/common/files.h"
#include "core/common/kinds.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <optional>

namespace qs {

namespace {

using Json = nlohmann::json;

const char* const supportedTypes = "llama, mistral, qwen2, qwen3, olmo, olmo2, olmo3, smollm3, apertus, gpt_neox";

// Upper bounds of the sizes (real models stay far below them). With them every tensor shape, the
// parameter count and the per-layer vectors fit easily: a matrix of a block has at most 2^40 entries
// (3·2^40 for NeoX's fused qkv), the embedding 2^44, all blocks together fewer than 2^56.
constexpr int64_t maxWidth = int64_t(1) << 20;          // hidden_size, intermediate_size, heads·head_dim
constexpr int64_t maxLayers = int64_t(1) << 12;         // num_hidden_layers
constexpr int64_t maxVocab = int64_t(1) << 24;          // vocab_size
constexpr int64_t maxPositionsLimit = int64_t(1) << 26; // max_position_embeddings and llama3's original

std::string joined(const std::vector<std::string>& items)
{
    std::string out;
    for (const auto& item : items)
        out += (out.empty() ? "" : ", ") + item;
    return out;
}

// Reads the keys of one config document, collecting every missing required key so the message
// lists them all at once.
class Reader
{
public:
    Reader(const Json& json, std::string origin)
        : m_json(json)
        , m_origin(std::move(origin))
    {
    }

    // A positive integer up to `limit`: far beyond any real model, and small enough that the tensor
    // shapes and parameter counts made from the sizes cannot overflow.
    int64_t integer(const char* key, int64_t limit)
    {
        const Json* v = find(key);
        if (!v) {
            m_missing.push_back(key);
            return 0;
        }
        if (!v->is_number_integer() || v->get<int64_t>() <= 0 || v->get<int64_t>() > limit)
            fail(std::string(key) + " must be a positive integer up to " + std::to_string(limit) + ", not "
                 + v->dump());
        return v->get<int64_t>();
    }

    int64_t integer(const char* key, int64_t limit, int64_t fallback)
    {
        return find(key) ? integer(key, limit) : fallback;
    }

    double number(const char* key, double fallback)
    {
        const Json* v = find(key);
        if (!v)
            return fallback;
        if (!v->is_number())
            fail(std::string(key) + " must be a number, not " + v->dump());
        return v->get<double>();
    }

    bool flag(const char* key, bool fallback)
    {
        const Json* v = find(key);
        if (!v)
            return fallback;
        if (!v->is_boolean())
            fail(std::string(key) + " must be true or false, not " + v->dump());
        return v->get<bool>();
    }

    std::string text(const char* key, const std::string& fallback)
    {
        const Json* v = find(key);
        if (!v)
            return fallback;
        if (!v->is_string())
            fail(std::string(key) + " must be a string, not " + v->dump());
        return v->get<std::string>();
    }

    // A key that is present and not null.
    const Json* find(const char* key) const
    {
        const auto it = m_json.find(key);
        return it == m_json.end() || it->is_null() ? nullptr : &*it;
    }

    [[noreturn]] void fail(const std::string& what) const { throw ConfigError(m_origin + ": " + what); }

    void requireAll() const
    {
        if (!m_missing.empty())
            fail("the config lacks " + joined(m_missing) + " (needed to build the model)");
    }

private:
    const Json& m_json;
    std::string m_origin;
    std::vector<std::string> m_missing;
};

HfActivation activationFrom(const std::string& name, const Reader& r)
{
    if (name == "silu" || name == "swish")
        return HfActivation::Silu;
    if (name == "gelu")
        return HfActivation::Gelu;
    if (name == "gelu_new" || name == "gelu_fast" || name == "gelu_pytorch_tanh")
        return HfActivation::GeluTanh;
    if (name == "xielu")
        return HfActivation::Xielu;
    r.fail("hidden_act '" + name
           + "' is not implemented (supported: silu, gelu, gelu_new, gelu_fast, gelu_pytorch_tanh, xielu)");
}

// RoPE's parameters: transformers 5 writes them as rope_parameters {rope_type, rope_theta, factor, …,
// partial_rotary_factor}, one such object per attention type where the layers differ (OLMo-3:
// {"sliding_attention": {…}, "full_attention": {…}}); transformers 4 as rope_theta and rope_scaling.
// The one object that holds them (null when the config has none), with the key naming it in messages.
struct RopeSource
{
    const Json* params = nullptr;
    std::string key = "rope_scaling";
};

RopeSource ropeSource(const Reader& r)
{
    const Json* v = r.find("rope_parameters");
    if (!v)
        return {r.find("rope_scaling"), "rope_scaling"};
    if (!v->is_object())
        r.fail("rope_parameters must be an object, not " + v->dump());
    if (v->contains("rope_type") || v->contains("rope_theta") || v->contains("type") || v->empty())
        return {v, "rope_parameters"};
    // One object per attention type: QuantScope computes one RoPE for all layers.
    const Json* first = nullptr;
    std::string firstName;
    for (const auto& [name, params] : v->items()) {
        if (!params.is_object())
            r.fail("rope_parameters." + name + " must be an object, not " + params.dump());
        if (!first) {
            first = &params;
            firstName = name;
        } else if (params != *first) {
            r.fail("rope_parameters differ between " + firstName + " and " + name
                   + " layers; RoPE that differs between layers is not implemented");
        }
    }
    return {first, "rope_parameters." + firstName};
}

double ropeTheta(Reader& r, const RopeSource& rope, double fallback)
{
    if (rope.params && rope.key != "rope_scaling") {
        const auto it = rope.params->find("rope_theta");
        if (it != rope.params->end() && !it->is_null()) {
            if (!it->is_number() || !(it->get<double>() > 0.0))
                r.fail(rope.key + ".rope_theta must be a positive number, not " + it->dump());
            return it->get<double>();
        }
    }
    return r.number("rope_theta", fallback);
}

RopeScaling ropeScalingFrom(const Reader& r, const RopeSource& rope)
{
    RopeScaling s;
    const Json* v = rope.params;
    const std::string& key = rope.key;
    if (!v)
        return s;
    if (!v->is_object())
        r.fail(key + " must be an object, not " + v->dump());
    for (const char* field : {"type", "rope_type"}) {
        const auto it = v->find(field);
        if (it != v->end() && !it->is_null() && !it->is_string())
            r.fail(rope.key + "." + field + " must be a string, not " + it->dump());
    }
    s.type = v->value("rope_type", v->value("type", std::string("default")));
    auto number = [&](const char* field, double fallback) {
        const auto it = v->find(field);
        if (it == v->end() || it->is_null())
            return fallback;
        if (!it->is_number())
            r.fail(key + "." + field + " must be a number, not " + it->dump());
        return it->get<double>();
    };
    if (s.type == "default")
        return s;
    if (s.type != "linear" && s.type != "dynamic" && s.type != "llama3")
        r.fail(key + " type '" + s.type + "' is not implemented (supported: default, linear, dynamic, llama3)");
    s.factor = number("factor", 0.0);
    if (!(s.factor >= 1.0))
        r.fail(key + " " + s.type + " needs a factor ≥ 1, not " + std::to_string(s.factor));
    if (s.type == "llama3") {
        s.lowFreqFactor = number("low_freq_factor", 1.0);
        s.highFreqFactor = number("high_freq_factor", 4.0);
        const double original = number("original_max_position_embeddings", 8192);
        if (!(original >= 1.0 && original <= double(maxPositionsLimit)))
            r.fail(key + ".original_max_position_embeddings must be a positive integer up to "
                   + std::to_string(maxPositionsLimit) + ", not " + std::to_string(original));
        s.originalMaxPositions = int64_t(original);
        if (!(s.highFreqFactor > s.lowFreqFactor) || s.originalMaxPositions <= 0)
            r.fail(key
                   + " llama3 needs high_freq_factor > low_freq_factor and a positive "
                     "original_max_position_embeddings");
    }
    return s;
}

// The sizes every family requires; all missing keys are reported together.
void readSizes(HfArch& a, Reader& r)
{
    a.hidden = r.integer("hidden_size", maxWidth);
    a.intermediate = r.integer("intermediate_size", maxWidth);
    a.layers = r.integer("num_hidden_layers", maxLayers);
    a.heads = r.integer("num_attention_heads", maxWidth);
    a.vocab = r.integer("vocab_size", maxVocab);
    r.requireAll();
}

// Sliding-window attention, per layer, as transformers 5 decides it from config.json: Mistral slides
// every layer by sliding_window; Qwen2, Qwen3 and OLMo-3 the layers layer_types names
// "sliding_attention" (Qwen2/Qwen3 configs of transformers 4, without layer_types: the layers from
// max_window_layers on when use_sliding_window); SmolLM3 those too, and only when use_sliding_window.
// The other families have no sliding window whatever their config says.
void readWindows(HfArch& a, Reader& r)
{
    a.slidingWindow.assign(size_t(a.layers), 0);
    const std::string& type = a.modelType;
    if (type != "mistral" && type != "qwen2" && type != "qwen3" && type != "smollm3" && type != "olmo3")
        return;
    const int64_t window = r.find("sliding_window") ? r.integer("sliding_window", maxPositionsLimit) : 0;
    if (type == "mistral") {
        a.slidingWindow.assign(size_t(a.layers), window);
        return;
    }
    std::vector<bool> sliding(size_t(a.layers), false);
    if (const Json* types = r.find("layer_types")) {
        if (!types->is_array() || int64_t(types->size()) != a.layers)
            r.fail("layer_types must name one attention type per layer (" + std::to_string(a.layers) + ")");
        for (size_t i = 0; i < types->size(); ++i) {
            const Json& t = (*types)[i];
            if (t == "sliding_attention")
                sliding[i] = true;
            else if (t != "full_attention")
                r.fail("layer_types[" + std::to_string(i) + "] " + t.dump()
                       + " is not implemented (supported: full_attention, sliding_attention)");
        }
    } else if (type == "olmo3") {
        r.fail("the config lacks layer_types (needed to build the model)");
    } else if (type != "smollm3" && r.flag("use_sliding_window", false)) {
        const int64_t from = r.integer("max_window_layers", maxLayers, 28);
        for (int64_t i = from; i < a.layers; ++i)
            sliding[size_t(i)] = true;
    }
    if (type == "smollm3" && !r.flag("use_sliding_window", false))
        return;
    for (size_t i = 0; i < sliding.size(); ++i) {
        if (!sliding[i])
            continue;
        if (window == 0)
            r.fail("layer " + std::to_string(i) + " is a sliding_attention layer but sliding_window is null");
        a.slidingWindow[i] = window;
    }
}

// Llama-shaped decoders. OLMo-1 and Apertus follow transformers' modeling_olmo.py and
// modeling_apertus.py (and activations.py's XIELUActivation) as of transformers 4.56.
void readLlama(HfArch& a, Reader& r)
{
    a.family = HfFamily::Llama;
    const bool olmo = a.modelType == "olmo", apertus = a.modelType == "apertus";
    const bool olmo2 = a.modelType == "olmo2" || a.modelType == "olmo3";
    readSizes(a, r);
    a.kvHeads = r.integer("num_key_value_heads", maxWidth, a.heads);
    a.headDim = r.integer("head_dim", maxWidth, a.hidden / a.heads);
    if (a.headDim == 0)
        r.fail("hidden_size " + std::to_string(a.hidden) + " is smaller than num_attention_heads "
               + std::to_string(a.heads) + ": no head_dim follows from them");
    if (a.heads * a.headDim > maxWidth)
        r.fail("num_attention_heads × head_dim = " + std::to_string(a.heads * a.headDim) + " is more than "
               + std::to_string(maxWidth));
    a.maxPositions = r.integer("max_position_embeddings", maxPositionsLimit, apertus ? 65536 : 2048);
    // OLMo-1's LayerNorm has its epsilon fixed at 1e-5 (the config has no key for it).
    a.normEps = olmo ? 1e-5 : r.number("rms_norm_eps", apertus ? 1e-5 : 1e-6);
    a.ropeTheta = ropeTheta(r, ropeSource(r), apertus ? 12e6 : a.modelType == "olmo3" ? 500000.0 : 10000.0);
    a.rotaryDims = a.headDim;
    const std::string act = r.text("hidden_act", apertus ? "xielu" : "silu");
    a.activation = activationFrom(act, r);
    if (apertus && a.activation != HfActivation::Xielu)
        r.fail("hidden_act '" + act + "' is not implemented for apertus (its MLP needs xielu)");
    if (!apertus && a.activation != HfActivation::Silu)
        r.fail("the SwiGLU MLP of " + a.modelType + " needs hidden_act silu, not '" + act + "'");
    a.tiedEmbeddings = r.flag("tie_word_embeddings", a.modelType == "smollm3");
    const bool attentionBias = r.flag("attention_bias", false);
    // OLMo-1 and Apertus build their MLP without biases whatever mlp_bias says.
    a.mlpBias = olmo || apertus ? false : r.flag("mlp_bias", false);
    if (a.modelType == "qwen2") {
        a.qkvBias = true; // Qwen2 always has q/k/v biases and none on o_proj
        a.outputBias = false;
    } else {
        a.qkvBias = attentionBias;
        a.outputBias = attentionBias;
    }
    readWindows(a, r);
    if (olmo2) {
        a.postNorm = true;
        a.qkNorm = true;
    }
    if (olmo) {
        a.affineNorm = false;
        if (r.find("clip_qkv")) {
            a.clipQkv = r.number("clip_qkv", 0.0);
            if (!(a.clipQkv > 0.0) || !std::isfinite(a.clipQkv))
                r.fail("clip_qkv must be a positive number or null, not " + r.find("clip_qkv")->dump());
        }
    } else if (r.find("clip_qkv")) {
        r.fail("clip_qkv is not implemented for " + a.modelType + " (only olmo clamps q, k and v)");
    }
    if (a.modelType == "qwen3") {
        // Qwen3: RMSNorm over each head of q and k (weights [head_dim]) before RoPE, as Apertus.
        a.qkNorm = true;
        a.qkNormPerHead = true;
    }
    if (apertus) {
        a.qkNorm = true;
        a.qkNormPerHead = true;
        a.gatedMlp = false;
        a.attnNormName = "attention_layernorm";
        a.mlpNormName = "feedforward_layernorm";
    }
    a.ropeInLayer.assign(size_t(a.layers), true);
    if (const Json* noRope = r.find("no_rope_layers")) {
        // SmolLM3: entry i is 1 when layer i uses RoPE, 0 when it is a NoPE layer.
        if (!noRope->is_array() || int64_t(noRope->size()) != a.layers)
            r.fail("no_rope_layers must list one 0/1 per layer (" + std::to_string(a.layers) + ")");
        for (size_t i = 0; i < noRope->size(); ++i) {
            const Json& entry = (*noRope)[i];
            if (!entry.is_number() && !entry.is_boolean())
                r.fail("no_rope_layers[" + std::to_string(i) + "] must be 0 or 1, not " + entry.dump());
            a.ropeInLayer[i] = entry.is_number() ? entry.get<double>() != 0.0 : entry.get<bool>();
        }
    }
}

void readNeoX(HfArch& a, Reader& r)
{
    a.family = HfFamily::NeoX;
    readSizes(a, r);
    if (a.hidden % a.heads != 0)
        r.fail("hidden_size " + std::to_string(a.hidden) + " is not a multiple of num_attention_heads "
               + std::to_string(a.heads));
    a.kvHeads = a.heads;
    a.headDim = a.hidden / a.heads;
    a.maxPositions = r.integer("max_position_embeddings", maxPositionsLimit, 2048);
    a.normEps = r.number("layer_norm_eps", 1e-5);
    const RopeSource rope = ropeSource(r);
    a.ropeTheta = r.find("rotary_emb_base") ? r.number("rotary_emb_base", 10000.0) : ropeTheta(r, rope, 10000.0);
    double pct = r.number("rotary_pct", 0.25);
    if (rope.params && rope.key != "rope_scaling" && rope.params->contains("partial_rotary_factor")) {
        const Json& f = (*rope.params)["partial_rotary_factor"];
        if (!f.is_number())
            r.fail(rope.key + ".partial_rotary_factor must be a number, not " + f.dump());
        pct = f.get<double>();
    }
    if (!(pct > 0.0 && pct <= 1.0))
        r.fail("rotary_pct must be in (0, 1], not " + std::to_string(pct));
    a.rotaryDims = int64_t(double(a.headDim) * pct);
    if (a.rotaryDims % 2 != 0 || a.rotaryDims == 0)
        r.fail("rotary_pct " + std::to_string(pct) + " gives " + std::to_string(a.rotaryDims)
               + " rotary dims per head; RoPE needs an even, positive number");
    a.activation = activationFrom(r.text("hidden_act", "gelu"), r);
    a.tiedEmbeddings = r.flag("tie_word_embeddings", false);
    const bool bias = r.flag("attention_bias", true);
    a.qkvBias = bias;
    a.outputBias = bias;
    a.mlpBias = true;
    a.normBias = true;
    a.parallelResidual = r.flag("use_parallel_residual", true);
    a.ropeInLayer.assign(size_t(a.layers), true);
    a.slidingWindow.assign(size_t(a.layers), 0);
}

} // namespace

HfArch HfArch::fromJson(const std::string& text, const std::string& origin)
{
    Json json;
    try {
        json = Json::parse(text);
    } catch (const Json::exception& e) {
        throw FormatError(origin + ": not valid JSON (" + e.what() + ")");
    }
    if (!json.is_object())
        throw FormatError(origin + ": not a JSON object");
    Reader r(json, origin);
    HfArch a;
    a.modelType = r.text("model_type", "");
    if (a.modelType.empty())
        r.fail(std::string("the config has no model_type (supported: ") + supportedTypes + ")");
    if (r.find("quantization_config"))
        r.fail("the checkpoint is already quantized (quantization_config); QuantScope needs the "
               "full-precision weights");
    if (a.modelType == "llama" || a.modelType == "mistral" || a.modelType == "qwen2" || a.modelType == "qwen3"
        || a.modelType == "olmo" || a.modelType == "olmo2" || a.modelType == "olmo3" || a.modelType == "smollm3"
        || a.modelType == "apertus")
        readLlama(a, r);
    else if (a.modelType == "gpt_neox")
        readNeoX(a, r);
    else if (a.modelType == "hf_olmo")
        r.fail("model_type 'hf_olmo' is the original OLMo code's layout (fused att_proj/ff_proj); use the "
               "transformers conversion of the checkpoint (the '-hf' repositories, model_type olmo)");
    else
        r.fail("model_type '" + a.modelType + "' is not supported (supported: " + supportedTypes + ")");
    a.ropeScaling = ropeScalingFrom(r, ropeSource(r));
    if (a.modelType == "apertus" && !json.contains("rope_scaling") && !json.contains("rope_parameters")) {
        // ApertusConfig's default when config.json has no rope_scaling or rope_parameters at all (null
        // means plain RoPE).
        a.ropeScaling.type = "llama3";
        a.ropeScaling.factor = 8.0;
        a.ropeScaling.lowFreqFactor = 1.0;
        a.ropeScaling.highFreqFactor = 4.0;
        a.ropeScaling.originalMaxPositions = 8192;
    }
    if (a.heads % a.kvHeads != 0)
        r.fail("num_attention_heads " + std::to_string(a.heads) + " is not a multiple of num_key_value_heads "
               + std::to_string(a.kvHeads));
    if (a.headDim % 2 != 0)
        r.fail("head_dim " + std::to_string(a.headDim) + " is odd; RoPE needs an even head size");
    return a;
}

HfArch HfArch::fromFolder(const std::string& folder)
{
    const std::string path = (std::filesystem::path(folder) / "config.json").string();
    const std::optional<std::string> text = tryReadWholeFile(path);
    if (!text)
        throw IoError(folder + " is not a Hugging Face model folder: it has no readable config.json");
    return fromJson(*text, path);
}

std::string HfArch::embedName() const
{
    return family == HfFamily::NeoX ? "gpt_neox.embed_in.weight" : "model.embed_tokens.weight";
}

std::string HfArch::headName() const
{
    if (tiedEmbeddings)
        return embedName();
    return family == HfFamily::NeoX ? "embed_out.weight" : "lm_head.weight";
}

std::string HfArch::blockPrefix(int64_t block) const
{
    return (family == HfFamily::NeoX ? "gpt_neox.layers." : "model.layers.") + std::to_string(block) + ".";
}

std::vector<HfTensorSpec> HfArch::blockTensors(int64_t block) const
{
    const std::string p = blockPrefix(block);
    std::vector<HfTensorSpec> t;
    auto linear = [&](const std::string& name, int64_t out, int64_t in, bool bias) {
        t.push_back({p + name + ".weight", {out, in}});
        if (bias)
            t.push_back({p + name + ".bias", {out}});
    };
    auto norm = [&](const std::string& name, int64_t dim) {
        if (!affineNorm)
            return; // OLMo-1: nothing stored
        t.push_back({p + name + ".weight", {dim}});
        if (normBias)
            t.push_back({p + name + ".bias", {dim}});
    };
    const int64_t qDim = heads * headDim;
    const int64_t kvDim = kvHeads * headDim;
    if (family == HfFamily::NeoX) {
        norm("input_layernorm", hidden);
        norm("post_attention_layernorm", hidden);
        linear("attention.query_key_value", 3 * hidden, hidden, qkvBias);
        linear("attention.dense", hidden, hidden, outputBias);
        linear("mlp.dense_h_to_4h", intermediate, hidden, mlpBias);
        linear("mlp.dense_4h_to_h", hidden, intermediate, mlpBias);
        return t;
    }
    if (!postNorm)
        norm(attnNormName, hidden);
    linear("self_attn.q_proj", qDim, hidden, qkvBias);
    linear("self_attn.k_proj", kvDim, hidden, qkvBias);
    linear("self_attn.v_proj", kvDim, hidden, qkvBias);
    linear("self_attn.o_proj", hidden, qDim, outputBias);
    if (qkNorm) {
        norm("self_attn.q_norm", qkNormPerHead ? headDim : qDim);
        norm("self_attn.k_norm", qkNormPerHead ? headDim : kvDim);
    }
    norm(mlpNormName, hidden);
    if (postNorm)
        norm("post_feedforward_layernorm", hidden);
    if (gatedMlp)
        linear("mlp.gate_proj", intermediate, hidden, mlpBias);
    linear("mlp.up_proj", intermediate, hidden, mlpBias);
    linear("mlp.down_proj", hidden, intermediate, mlpBias);
    if (activation == HfActivation::Xielu) {
        // transformers' XIELUActivation: parameters alpha_p, alpha_n of shape [1], buffers beta, eps
        // of shape [] (both persistent, so in the checkpoint).
        t.push_back({p + "mlp.act_fn.alpha_p", {1}});
        t.push_back({p + "mlp.act_fn.alpha_n", {1}});
        t.push_back({p + "mlp.act_fn.beta", {}});
        t.push_back({p + "mlp.act_fn.eps", {}});
    }
    return t;
}

std::vector<HfTensorSpec> HfArch::finalTensors() const
{
    std::vector<HfTensorSpec> t;
    if (family == HfFamily::NeoX) {
        t.push_back({"gpt_neox.final_layer_norm.weight", {hidden}});
        t.push_back({"gpt_neox.final_layer_norm.bias", {hidden}});
    } else if (affineNorm) {
        t.push_back({"model.norm.weight", {hidden}});
    }
    if (!tiedEmbeddings)
        t.push_back({headName(), {vocab, hidden}});
    return t;
}

std::vector<HfTensorSpec> HfArch::expectedTensors() const
{
    std::vector<HfTensorSpec> t = {{embedName(), {vocab, hidden}}};
    for (int64_t b = 0; b < layers; ++b) {
        auto block = blockTensors(b);
        t.insert(t.end(), block.begin(), block.end());
    }
    auto last = finalTensors();
    t.insert(t.end(), last.begin(), last.end());
    return t;
}

bool HfArch::isIgnoredBuffer(const std::string& name)
{
    auto endsWith = [&](const std::string& suffix) {
        return name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    return endsWith("rotary_emb.inv_freq") || endsWith("attention.bias") || endsWith("attention.masked_bias");
}

std::vector<LayerInfo> HfArch::quantizableLayers() const
{
    std::vector<LayerInfo> out;
    const int64_t qDim = heads * headDim;
    const int64_t kvDim = kvHeads * headDim;
    for (int64_t b = 0; b < layers; ++b) {
        const std::string p = blockPrefix(b);
        auto add = [&](const std::string& name, const char* kind, int64_t rows, int64_t cols) {
            out.push_back({p + name + ".weight", int(b), kind, rows, cols});
        };
        if (family == HfFamily::NeoX) {
            add("attention.query_key_value", layerkinds::qkv, 3 * hidden, hidden);
            add("attention.dense", layerkinds::o, hidden, hidden);
            add("mlp.dense_h_to_4h", layerkinds::up, intermediate, hidden);
            add("mlp.dense_4h_to_h", layerkinds::down, hidden, intermediate);
        } else {
            add("self_attn.q_proj", layerkinds::q, qDim, hidden);
            add("self_attn.k_proj", layerkinds::k, kvDim, hidden);
            add("self_attn.v_proj", layerkinds::v, kvDim, hidden);
            add("self_attn.o_proj", layerkinds::o, hidden, qDim);
            if (gatedMlp)
                add("mlp.gate_proj", layerkinds::gate, intermediate, hidden);
            add("mlp.up_proj", layerkinds::up, intermediate, hidden);
            add("mlp.down_proj", layerkinds::down, hidden, intermediate);
        }
    }
    return out;
}

int64_t HfArch::parameterCount() const
{
    int64_t n = 0;
    for (const auto& spec : expectedTensors()) {
        if (spec.name == embedName() || spec.name == headName())
            continue;
        int64_t count = 1;
        for (int64_t d : spec.shape)
            count *= d;
        n += count;
    }
    return n;
}

std::string HfArch::summary() const
{
    std::string s = modelType + ", " + std::to_string(layers) + " layers, hidden " + std::to_string(hidden) + ", "
        + std::to_string(heads) + " heads";
    if (kvHeads != heads)
        s += " (" + std::to_string(kvHeads) + " kv)";
    return s + ", vocab " + std::to_string(vocab);
}

} // namespace qs
