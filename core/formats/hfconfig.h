// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The architecture of a Hugging Face model folder, read from its config.json: which family
// of decoder it is, its sizes, and the tensors its checkpoint must hold. Two families cover the public
// trajectories QuantScope studies (those of "Training Dynamics Impact Post-Training Quantization Robustness"):
//   Llama  — llama, mistral, qwen2, qwen3, olmo, olmo2, olmo3, smollm3, apertus: RMSNorm, SwiGLU,
//            RoPE, GQA; OLMo-2 and OLMo-3 normalise the block outputs instead of the inputs and add
//            QK-norm over the whole projection, Qwen3 over each head, Qwen2 has q/k/v biases, SmolLM3
//            leaves RoPE out of some layers; Mistral, Qwen2/3, SmolLM3 and OLMo-3 may attend within a
//            sliding window in some layers (slidingWindow). RoPE is read from transformers 5's
//            rope_parameters or transformers 4's rope_theta and rope_scaling. OLMo-1 (the
//            "-hf" conversions, transformers' modeling_olmo.py) uses LayerNorm without weight or bias
//            and may clamp q/k/v (clip_qkv). Apertus (modeling_apertus.py, transformers 4.56) has
//            per-head QK-norm, norms named attention_/feedforward_layernorm and an MLP without gate,
//            down(xIELU(up(x))), whose activation has learned parameters in every layer.
//   NeoX   — gpt_neox (Pythia): LayerNorm with biases, fused query_key_value, partial rotary,
//            GELU, parallel attention + MLP residual.
// No Qt, no torch: the forward pass is in hfmodel.h.

#include "core/common/kinds.h"

#include <cstdint>
#include <string>
#include <vector>

namespace qs {

enum class HfFamily
{
    Llama,
    NeoX,
};

enum class HfActivation
{
    Silu,
    Gelu,     // exact (erf) GELU
    GeluTanh, // the tanh approximation (gelu_new, gelu_fast, gelu_pytorch_tanh)
    Xielu,    // Apertus' xIELU, with per-layer alpha_p, alpha_n, beta, eps tensors (mlp.act_fn.*)
};

// rope_scaling of config.json. "default" is plain RoPE.
struct RopeScaling
{
    std::string type = "default"; // default, linear, dynamic, llama3
    double factor = 1.0;
    double lowFreqFactor = 1.0;       // llama3
    double highFreqFactor = 4.0;      // llama3
    int64_t originalMaxPositions = 0; // llama3
};

struct HfTensorSpec
{
    std::string name;
    std::vector<int64_t> shape;
};

struct HfArch
{
    std::string modelType; // config.json's model_type
    HfFamily family = HfFamily::Llama;
    int64_t hidden = 0;
    int64_t intermediate = 0;
    int64_t layers = 0;
    int64_t heads = 0;
    int64_t kvHeads = 0;
    int64_t headDim = 0;
    int64_t vocab = 0;
    int64_t maxPositions = 0;
    double normEps = 1e-5;
    double ropeTheta = 10000.0;
    int64_t rotaryDims = 0; // leading dims of each head that rotate (NeoX rotary_pct; headDim otherwise)
    RopeScaling ropeScaling;
    HfActivation activation = HfActivation::Silu;
    bool tiedEmbeddings = false;
    bool qkvBias = false;       // q, k, v (NeoX: query_key_value)
    bool outputBias = false;    // o_proj (NeoX: dense)
    bool mlpBias = false;       // gate/up/down (NeoX: both MLP layers)
    bool normBias = false;      // LayerNorm biases (NeoX)
    bool postNorm = false;      // OLMo-2/3: norms on the attention and MLP outputs, none on the inputs
    bool qkNorm = false;        // OLMo-2/3: RMSNorm over the projected q and k
    bool qkNormPerHead = false; // Apertus, Qwen3: the QK-norm acts on each head (weights [head_dim])
    bool gatedMlp = true;       // false (Apertus): down(act(up(x))), no gate_proj
    bool affineNorm = true;     // false (OLMo-1): LayerNorm without weight or bias, eps 1e-5
    double clipQkv = 0.0;       // > 0 (OLMo-1 clip_qkv): q, k, v projections clamped to ±clipQkv
    std::string attnNormName = "input_layernorm";         // Apertus: attention_layernorm
    std::string mlpNormName = "post_attention_layernorm"; // Apertus: feedforward_layernorm
    bool parallelResidual = false;                        // NeoX: x + attn(ln1(x)) + mlp(ln2(x))
    std::vector<bool> ropeInLayer; // per layer: whether RoPE is applied (SmolLM3's no_rope_layers)
    // Per layer: 0 for full causal attention, else the sliding window W: a query sees itself and the
    // W − 1 tokens before it (transformers' kv_idx > q_idx − W; Mistral, Qwen2/3, SmolLM3, OLMo-3).
    std::vector<int64_t> slidingWindow;

    // Reads config.json text; `origin` names it in errors. ConfigError for an unsupported model type
    // (listing the supported ones), missing keys (all of them at once), or a setting the forward pass
    // does not implement (named with its value).
    static HfArch fromJson(const std::string& json, const std::string& origin);
    // `folder`/config.json; IoError when it is absent or unreadable.
    static HfArch fromFolder(const std::string& folder);

    std::string embedName() const;
    std::string headName() const;                 // the embedding itself when tied
    std::string blockPrefix(int64_t block) const; // "model.layers.3." / "gpt_neox.layers.3."
    // Every tensor the checkpoint must hold, with its shape: embedding, blocks, final norm, head.
    std::vector<HfTensorSpec> expectedTensors() const;
    std::vector<HfTensorSpec> blockTensors(int64_t block) const;
    std::vector<HfTensorSpec> finalTensors() const; // final norm (and bias), head unless tied
    // Tensors real checkpoints carry that are not parameters (rotary inv_freq, NeoX's causal mask).
    static bool isIgnoredBuffer(const std::string& name);
    // The linear layers quantization acts on, in block order and the order a block uses them
    // (Llama: q k v o gate up down; Apertus: q k v o up down; NeoX: query_key_value (kind qkv),
    // dense (o), dense_h_to_4h (up), dense_4h_to_h (down)).
    std::vector<LayerInfo> quantizableLayers() const;
    int64_t parameterCount() const; // non-embedding parameters, as scaling laws count N
    std::string summary() const;    // "llama, 2 layers, hidden 64, 4 heads (2 kv), vocab 128"
};

} // namespace qs
