// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The forward pass of Hugging Face decoders, streamed: the model is never in memory as a
// whole. Blocks are read from the memory-mapped checkpoint one at a time (loadBlock), their pages
// released as soon as they are converted to float32, and the caller carries the hidden states from
// one block to the next. The semantics follow Hugging Face transformers' modeling_llama.py,
// modeling_olmo.py, modeling_olmo2.py, modeling_qwen2.py, modeling_apertus.py (with activations.py's
// XIELUActivation) and modeling_gpt_neox.py as of transformers 4.56 (HF's rotate_half RoPE, repeat_kv
// GQA, NeoX's per-head fused qkv layout); tests/support/hf_reference.py is the independent reference the
// tests compare with. Include only from core .cpp files: this header pulls in libtorch.

#include "core/config/config.h"
#include "core/engine/compute.h"
#include "core/engine/hadamard.h"
#include "core/formats/hfconfig.h"
#include "core/formats/hfweights.h"

#include <torch/torch.h>

#include <functional>
#include <future>
#include <memory>
#include <string>
#include <vector>

namespace qs {

struct QuantConfig;

struct HfLinear
{
    torch::Tensor weight; // [out, in]
    torch::Tensor bias;   // [out] or undefined
    ActQuant act;         // input fake quantization (W4A4-style evaluation); bits 16: none
    // x [..., in] (any strides) -> [..., out], as one matrix product over every token.
    torch::Tensor operator()(const torch::Tensor& x) const;
};

// Layers that read one input with their weights stored as consecutive row ranges of one matrix
// (loadBlock stacks q/k/v and gate/up), so they run as one product: one pass over the input, its
// activation quantization done once, a wider product. Quantizing a layer in place (copy_) keeps it in
// the stack; a layer given a new tensor is run on its own.
struct HfStack
{
    torch::Tensor weight; // [Σ out, in]
    torch::Tensor bias;   // [Σ out], or undefined when the layers have none
    // The layers' outputs: views of one product when `layers` still view this stack's rows in order and
    // quantize their input alike, else one product each.
    std::vector<torch::Tensor> operator()(const std::vector<const HfLinear*>& layers, const torch::Tensor& x) const;
    // Makes the layers' weights (and biases) views of consecutive rows of this stack.
    void adopt(const std::vector<HfLinear*>& layers);
    bool serves(const std::vector<const HfLinear*>& layers) const;
};

struct HfNorm
{
    torch::Tensor weight;
    torch::Tensor bias; // LayerNorm only
};

// Apertus' xIELU of one layer, with its stored parameters already mapped as XIELUActivation maps them:
// x > 0: alphaP·x² + beta·x; x ≤ 0: alphaN·(expm1(min(x, eps)) − x) + beta·x, where
// alphaP = softplus(alpha_p) and alphaN = beta + softplus(alpha_n).
struct HfXielu
{
    double alphaP = 0.0, alphaN = 0.0, beta = 0.0, eps = 0.0;
};

// One transformer block's parameters in float32. Llama-family blocks use q/k/v/o/gate/up/down (Apertus
// no gate), NeoX blocks qkv/o/up/down; norms that the architecture lacks stay undefined.
struct HfBlock
{
    int64_t index = 0;
    HfNorm ln1, ln2, qNorm, kNorm, postAttn, postFf;
    HfLinear q, k, v, o, qkv, gate, up, down;
    HfStack qkvStack, gateUpStack; // Llama family: q/k/v and gate/up (undefined for Apertus' gate-less MLP)
    HfXielu xielu;                 // Apertus only
    // A rotated block (rotateHfBlock, rotation.h): down_proj's input times the online Hadamard matrix, and
    // for post-norm blocks the normalized attention and MLP outputs times R1 before they join the stream.
    OnlineHadamard downRotation;
    torch::Tensor postNormRotation;

    // The linear layers in HfArch::quantizableLayers() order, grouped by the input they read: group 0
    // (q, k, v | qkv), 1 (o), 2 (gate, up | up, for NeoX and the gate-less Apertus), 3 (down).
    std::vector<std::vector<HfLinear*>> groups(HfFamily family);
    HfBlock clone() const; // weights, biases and norms copied, so the copy can be changed in place
    // The block on `device` with its linear layers' weights in `linear` (norms stay float32). The sweep
    // keeps float32 weights (quantization works on them; the forward pass narrows them for each
    // product, HfLinear) and narrows a block once where it only evaluates.
    HfBlock to(const torch::Device& device, torch::ScalarType linear = torch::kFloat32) const;
    int64_t bytes() const;                      // of its weights
    std::vector<torch::Tensor> tensors() const; // every defined weight and bias, stacks included
};

struct HfRope
{
    torch::Tensor cos, sin; // [T, rotaryDims] float32
    HfRope to(const torch::Device& device) const { return {cos.to(device), sin.to(device)}; }
};

class HfModel
{
public:
    // config.json + weights, validated against each other (errors as HfArch::fromFolder, HfWeights::open
    // and HfWeights::validate).
    static HfModel open(const std::string& folder);

    const HfArch& arch() const { return m_arch; }
    const HfWeights& weights() const { return m_weights; }

    // [B, T] int64 ids -> [B, T, hidden], reading only the rows it needs. Error for an id outside the
    // vocabulary.
    torch::Tensor embed(const torch::Tensor& ids) const;
    HfRope rope(int64_t length) const;
    // A block's weights in float32. Safe to call from another thread while this one computes (it converts
    // without torch's thread pool): HfBlockReader reads the next block that way.
    HfBlock loadBlock(int64_t block) const;
    // Called with each group's input before the group's layers are applied; it may replace their
    // weights (quantization) or only look (statistics).
    using InputHook = std::function<void(int group, const torch::Tensor& input)>;
    torch::Tensor forwardBlock(HfBlock& block, const torch::Tensor& x, const HfRope& rope,
                               const InputHook& hook = {}) const;
    // The part of the block from group `group`'s input to the end of the module that group belongs to:
    // 0 the attention (from its input to o_proj's output), 1 o_proj, 2 the MLP, 3 down_proj. AWQ's
    // parent modules.
    torch::Tensor forwardPart(HfBlock& block, int group, const torch::Tensor& input, const HfRope& rope) const;

    struct Head
    {
        HfNorm norm;
        torch::Tensor weight; // [vocab, hidden]; undefined for a large head, read in slices by logits()
    };
    // `whole`: the head in float32 whatever its size (for a sweep whose memory plan holds it); else only
    // a head of up to 16 Mi values, a larger one read in slices by every logits() call.
    Head loadHead(bool whole = false) const;
    // Final norm and LM head: [..., hidden] -> [..., vocab].
    torch::Tensor logits(const Head& head, const torch::Tensor& x) const;
    // The whole streamed forward pass: [B, T] ids -> [B, T, vocab] float32 logits. Each block is read
    // while the one before it computes; converted blocks and the head are kept for the next call up to
    // the cache budget.
    torch::Tensor forward(const torch::Tensor& ids) const;
    // Bytes of converted weights forward() keeps between calls (default: a quarter of the machine's
    // memory; 0: every call reads every block from the checkpoint again). Blocks are kept first to
    // last, each whole or not at all.
    void setCacheBudget(int64_t bytes);
    int64_t cachedBytes() const;

    // Sets each linear layer's input quantization as `config` asks for its kind. ConfigError naming the
    // layer for a group size that does not divide its input width.
    void setActivationQuantization(HfBlock& block, const QuantConfig& config) const;

private:
    friend class HfBlockReader;
    HfModel(HfArch arch, HfWeights weights);
    torch::Tensor load(const std::string& name) const;
    torch::Tensor normalize(const HfNorm& norm, const torch::Tensor& x) const;
    torch::Tensor attention(HfBlock& b, const torch::Tensor& x, const HfRope& rope, const InputHook& hook) const;
    torch::Tensor mlp(HfBlock& b, const torch::Tensor& x, const InputHook& hook) const;

    struct Cache;
    std::shared_ptr<HfBlock> cachedBlock(int64_t index) const; // null when not cached
    void offerBlock(const HfBlock& block) const;

    HfArch m_arch;
    HfWeights m_weights;
    std::shared_ptr<Cache> m_cache;
};

// Reads a model's blocks first to last, each next one on a background thread while the caller computes
// with the current one (one block more in memory), or on the caller's thread when not `ahead`.
// `cached`: take blocks from the model's forward() cache and offer it the ones read. On a GPU `device`
// each block is also moved there by the thread that reads it, on a copy stream (DeviceCopies), so the
// next block's copy overlaps the current block's compute; made on the thread that computes.
class HfBlockReader
{
public:
    HfBlockReader(const HfModel& model, bool ahead, bool cached = false, const torch::Device& device = torch::kCPU);
    ~HfBlockReader(); // waits for the read in flight
    HfBlockReader(const HfBlockReader&) = delete;
    HfBlockReader& operator=(const HfBlockReader&) = delete;
    // Block 0, 1, …; rethrows the read's error.
    HfBlock next();

private:
    HfBlock read(int64_t index) const;
    void start(int64_t index);

    const HfModel& m_model;
    torch::Device m_device;
    DeviceCopies m_copies;
    bool m_ahead = false, m_cached = false;
    int64_t m_next = 0;
    std::future<HfBlock> m_pending;
};

} // namespace qs
