// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// AWQ (Lin et al. 2024, "AWQ: Activation-aware Weight Quantization for LLM Compression and
// Acceleration") as llm-compressor 0.14's AWQModifier does it, followed by the asymmetric integer grid
// of compressed-tensors that its checkpoints store (W4A16_ASYM). Block by block, on calibration
// inputs that come from the smoothed, not quantized, blocks before: each site of the block (a norm or
// linear layer whose output is the only input of the balance layers after it) gets per-channel scales
// s, divided out of the site and multiplied into the balance layers' input columns, which leaves the
// full-precision model's output unchanged. s = x̄^r / w̄^(1−r) (x̄ the mean |input| per channel, w̄ the
// balance weights' mean of |w| / group max), r on a grid of 20 with identity first; the one that
// minimizes the squared error of the site's parent module (attention, MLP, o_proj, down_proj) with its
// balance layers quantized, on the inputs cached from the block before any scaling. Optionally
// AutoAWQ's clipping search afterwards. The weights are then quantized by the method's data-free half
// (weightquantizers.cpp: ctIntQuantize). Include only from core .cpp files: this header pulls in libtorch.

#include "core/config/config.h"
#include "core/engine/hfmodel.h"
#include "core/engine/model.h"

#include <functional>
#include <string>
#include <vector>

namespace qs {

// compressed-tensors' asymmetric integer grid (its memoryless min-max observer and fake quantization)
// per row and group of `groupSize` consecutive input columns (−1: the whole row; a narrower last
// group): mn = min(min w, 0), mx = max(max w, 0), scale = (mx − mn) / (2^bits − 1) in float32 (0 becomes
// float32's epsilon), zero = round(clamp(−2^(bits−1) − mn / scale)), codes = round(clamp(w / scale +
// zero)) in the signed range [−2^(bits−1), 2^(bits−1) − 1], rounding half to even; Ŵ = (codes − zero) ·
// scale.
struct CtIntQuantized
{
    torch::Tensor codes;  // float32 integers, the weight's shape
    torch::Tensor scale;  // float32 [out, groups]
    torch::Tensor zero;   // float32 integers [out, groups]
    torch::Tensor weight; // Ŵ, float32
};
CtIntQuantized ctIntQuantize(const torch::Tensor& w, int bits, int groupSize);

// The rows of `t` [count, T, columns], sequences [begin, begin + count) of the calibration set, that are
// real tokens (not padding), as [rows, columns].
using RealRows = std::function<torch::Tensor(const torch::Tensor& t, int64_t begin, int64_t count)>;

// One smoothing site of a block (llm-compressor's AWQMapping).
struct AwqSite
{
    std::string name;         // for messages: "input_layernorm → q_proj, k_proj, v_proj"
    torch::Tensor smooth;     // a norm's weight [C], or a linear weight whose rows `smoothRows` are the C channels
    torch::Tensor smoothBias; // the norm's or that linear's bias, or undefined
    torch::Tensor smoothRows; // int64 [C] (a linear site), undefined for a norm
    std::vector<torch::Tensor> balance; // weights [out, C] read by the parent, written in place (copy_)
    std::vector<int> bits;              // each balance layer's weight bits (its kind's; 16: kept, but scaled)
    // The parent's output on sequences of `input` with the balance weights as they are now.
    std::function<torch::Tensor(const torch::Tensor&)> parent;
    torch::Tensor input; // the parent's cached input [sequences, T, C]
    RealRows realRows;   // which of its rows are tokens; empty: all
    int64_t chunk = 0;   // sequences the parent runs on at once (0: all)
};

struct AwqChoice
{
    double ratio = 0.0;    // r of the chosen grid point
    bool duo = false;      // false: the identity (no scaling) won
    double loss = 0.0;     // the parent's mean squared output error at the chosen point
    double identity = 0.0; // … and without scaling (the grid's first point)
};

// The grid search of one site and its scaling, in place. Error naming the site for NaN or Inf.
AwqChoice awqSmooth(AwqSite& site, int groupSize);

// AutoAWQ's clipping search (its _compute_best_clip) for one linear weight [out, in], in place: per row
// and group the threshold max|w| · (1 − i/20), i = 0…9, whose clamped and quantized weight best keeps
// each group's partial products x·w over `input` (its real rows, every k-th of them so that at most 512
// are used), the mean squared difference over tokens; the quantizer is ctIntQuantize.
void awqClip(const torch::Tensor& weight, const torch::Tensor& input, int bits, int groupSize);

// The built-in model: every block smoothed in place (the FP model's function unchanged) on `calibration`
// [n, T] byte ids, and clipped when the config asks; activation quantization is off during it.
void awqSmoothModel(TinyLm& model, const torch::Tensor& calibration, const QuantConfig& config);

// A Hugging Face block smoothed (and clipped) in place on its calibration input `x` [N, T, hidden],
// forwarded `chunk` sequences at a time (0: all); `realRows` as AwqSite's. Returns the smoothed full-precision block's output on `x`, the next block's
// calibration input. Sites the family's norms and layers do not allow are left out: the norm sites need
// a pre-norm with a weight (not OLMo-2's post-norm, not OLMo's parameter-free LayerNorm), v_proj → o_proj
// needs v's outputs to be o's inputs (no GQA) and no clip_qkv, up_proj → down_proj a gated MLP; and, as
// in llm-compressor, a site all of whose balance layers stay at 16 bits (a mixed-precision rule).
torch::Tensor awqSmoothHfBlock(const HfModel& model, HfBlock& block, const torch::Tensor& x, const HfRope& rope,
                               const RealRows& realRows, int64_t chunk, const QuantConfig& config);

} // namespace qs
