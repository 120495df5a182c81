// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The engine's half of every weight quantizer that needs no calibration data: one function per
// QuantMethod in the table of weightquantizers.cpp (the other half, what the method accepts, is its
// row in quantMethods(), core/config/quantconfig.cpp). GPTQ, which reads calibration inputs, is run by the
// GroupQuantizer (quantizemodel.h); AWQ's calibrated half, the scaling, by awq.h before it, its
// data-free half (compressed-tensors' integers) is here. Include only from core .cpp files: this header pulls in libtorch.

#include "core/config/config.h"

#include <string>
#include <utility>
#include <vector>

#include <torch/torch.h>

namespace qs {

struct WeightQuantization
{
    torch::Tensor weight; // Ŵ, float32, the input's shape
    // What the format stores, named as the peer tests read them ("codes", "scales", "absmax", …): the
    // numbers compared with the reference library's.
    std::vector<std::pair<std::string, torch::Tensor>> parts;
};

// Ŵ of the weight `w` [out, in] as `config`'s method quantizes it with `bits` (the kind's bits; 16
// returns `w`). ConfigError naming `layer` when the layer's shape does not fit the format (MX blocks
// of 32 must divide the input width, …); Error for GPTQ, which needs a Hessian.
WeightQuantization quantizeWeight(const torch::Tensor& w, const QuantConfig& config, int bits,
                                  const std::string& layer);

// bitsandbytes' 4-bit blockwise quantization of the flattened tensor (quantize_4bit on the CPU):
// per block of `blockSize` values the absmax, each value's code the nearest entry of the NF4 or FP4
// table to x / absmax; with doubleQuant the absmax vector less its mean coded with the 8-bit dynamic
// map in blocks of 256.
struct Bnb4bit
{
    torch::Tensor codes;       // uint8 code per element (flattened order), 0..15
    torch::Tensor absmax;      // float32 [blocks]: what dequantization multiplies by
    torch::Tensor absmaxCodes; // doubleQuant: uint8 [blocks]
    torch::Tensor absmax2;     // doubleQuant: float32 [ceil(blocks / 256)]
    torch::Tensor offset;      // doubleQuant: float32 scalar
    torch::Tensor weight;      // dequantized, float32, the input's shape
};
Bnb4bit bnbQuantize4bit(const torch::Tensor& w, bool nf4, int blockSize, bool doubleQuant);

// The NF4 and FP4 tables, index order (bitsandbytes' get_4bit_type; FP4 as its CPU kernel rounds it).
const std::vector<float>& nf4Table();
const std::vector<float>& fp4Table();

// LLM.int8's vector-wise int8 (bitsandbytes' int8_vectorwise_quant): each row of the float16 value
// (x rounded to float16) by its absmax, codes round(x16 · fl32(1 / absmax) · 127); dequantized
// codes · absmax · fl32(1 / 127) as bitsandbytes' CPU kernel multiplies back.
struct Int8Rows
{
    torch::Tensor codes;  // float32 integers in [−127, 127], x's shape
    torch::Tensor absmax; // float32 [..., 1]
    torch::Tensor weight; // dequantized, float32
};
Int8Rows int8RowQuantize(const torch::Tensor& x);
inline constexpr float kInt8Dequant = 7.874015718698502e-3f; // bitsandbytes' 1 / 127

// HQQ (hqq.core.quantize.Quantizer.quantize with optimize=True on the CPU): groups of `groupSize`
// consecutive values of the flattened tensor, min-max scale, the zero point refined by the
// half-quadratic proximal solver (lp-norm 0.7, beta 10, 20 iterations, stop at the first one that
// does not lower the mean |W − Ŵ|). Ŵ = (q − zero) · scale.
struct HqqResult
{
    torch::Tensor codes; // float32 integers [groups, groupSize]
    torch::Tensor scale; // float32 [groups, 1]
    torch::Tensor zero;  // float32 [groups, 1]
    torch::Tensor weight;
    int iterations = 0;
};
HqqResult hqqQuantize(const torch::Tensor& w, int bits, int groupSize);

} // namespace qs
