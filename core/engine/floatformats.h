// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Small floating-point formats (OCP microscaling E2M1, float8 E4M3 / E5M2) and the block-scaled
// quantizers built on them: MXFP4 / MXFP8 (torchao's mx_formats), NVFP4 (torchao's nvfp4), FP8 with
// a float32 scale (compressed-tensors). Everything is float32 torch arithmetic that is exact by
// construction (scales are powers of two or divisions the reference does too; rounding is
// round(x / 2^k) · 2^k with torch's ties-to-even round), so it runs on any device and gives the
// reference's numbers bit for bit (docs/verification.md). Include only from core .cpp files.

#include <torch/torch.h>

namespace qs {

struct FloatFormat
{
    int mantissaBits; // explicit mantissa bits
    int minExponent;  // exponent of the smallest normal value (below it: subnormals, step 2^(min − m))
    double maxValue;  // largest finite value; rounding saturates there
    int maxPow2;      // floor(log2(maxValue)): the OCP "emax" of the element type
};

inline constexpr FloatFormat e2m1 {1, 0, 6.0, 2};
inline constexpr FloatFormat e4m3 {3, -6, 448.0, 8};
inline constexpr FloatFormat e5m2 {2, -14, 57344.0, 15};

// x (float32) rounded to the nearest value of `format`, ties to even, |x| beyond maxValue saturated to
// ±maxValue (as torchao's E2M1 conversion and compressed-tensors' clamp-then-cast do). NaN stays NaN.
torch::Tensor roundToFormat(const torch::Tensor& x, const FloatFormat& format);

// 2^e for an int32 tensor of exponents in [−126, 127], as float32, exactly.
torch::Tensor powerOfTwo(const torch::Tensor& exponent);

// OCP MX block quantization along the last dimension (blocks of 32): the shared E8M0 scale
// 2^(floor(log2 amax) − emax) (torchao's default FLOOR), elements x / scale rounded to `element`.
struct MxQuantized
{
    torch::Tensor values;     // the dequantized tensor, float32, x's shape
    torch::Tensor scaleBytes; // E8M0 biased exponents (uint8), [..., K / 32]
    torch::Tensor elements;   // the element values before scaling, float32, x's shape
};
MxQuantized mxQuantize(const torch::Tensor& x, const FloatFormat& element, int64_t block = 32);

// NVFP4 along the last dimension: blocks of 16 with an E4M3 scale under a float32 scale per row of
// `perTensorScale` (a [rows, 1] or scalar float32 tensor, amax / (448 · 6) of what it covers). The
// scales must be positive (a zero one gives NaN, as torchao's): callers give all-zero tensors or
// tokens any positive scale, which keeps them zero.
struct Nvfp4Quantized
{
    torch::Tensor values;      // dequantized, float32
    torch::Tensor blockScales; // the E4M3 block scales as float32, [rows, K / 16]
    torch::Tensor elements;    // E2M1 element values, float32
};
Nvfp4Quantized nvfp4Quantize(const torch::Tensor& x2d, const torch::Tensor& perTensorScale);
// amax / (448 · 6)
torch::Tensor nvfp4TensorScale(const torch::Tensor& amax);

// FP8 with scale amax / maxValue (per tensor, per row or per token, as `amax` broadcasts; a zero amax
// gets float32's epsilon, as compressed-tensors): values clamp(x / scale) rounded to `element`, times
// scale. Returns the dequantized tensor; `scaleOut` receives the scale when given.
torch::Tensor fp8Quantize(const torch::Tensor& x, const torch::Tensor& amax, const FloatFormat& element,
                          torch::Tensor* scaleOut = nullptr);

} // namespace qs
