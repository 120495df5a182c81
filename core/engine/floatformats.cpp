// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/floatformats.h"

#include <cmath>
#include <limits>

namespace qs {

torch::Tensor powerOfTwo(const torch::Tensor& exponent)
{
    return torch::bitwise_left_shift(exponent.to(torch::kInt32) + 127, 23).view(torch::kFloat32);
}

namespace {

// floor(log2 |x|) of float32 values from their exponent field: exact for normal values, −127 for zero
// and subnormals, 128 for Inf and NaN.
torch::Tensor exponentOf(const torch::Tensor& magnitude)
{
    return torch::bitwise_and(torch::bitwise_right_shift(magnitude.contiguous().view(torch::kInt32), 23), 0xFF) - 127;
}

} // namespace

torch::Tensor roundToFormat(const torch::Tensor& x, const FloatFormat& format)
{
    TORCH_CHECK(x.scalar_type() == torch::kFloat32, "roundToFormat expects float32");
    const auto magnitude = x.abs().clamp_max(format.maxValue);
    // The step of the binade |x| is in, 2^(e − m); below the smallest normal the subnormal step.
    const auto e = exponentOf(magnitude).clamp(format.minExponent, 127);
    const auto step = powerOfTwo(e - format.mantissaBits);
    // |x| / step < 2^(m+1) is exact (a power-of-two division), round() is ties-to-even, and the product
    // is exact again; a value that rounds up to the next binade is representable there.
    return torch::copysign(torch::round(magnitude / step) * step, x);
}

MxQuantized mxQuantize(const torch::Tensor& x, const FloatFormat& element, int64_t block)
{
    const auto x32 = x.to(torch::kFloat32).contiguous();
    TORCH_CHECK(x32.size(-1) % block == 0, "MX blocks must divide the last dimension");
    const auto blocks = x32.reshape({-1, block});
    const auto amax = std::get<0>(blocks.abs().max(1, /*keepdim=*/true));
    // The shared exponent: floor(log2 amax) − emax of the element type, clamped to E8M0's range.
    const auto biased = (exponentOf(amax) - element.maxPow2).clamp(-127, 128) + 127;
    const auto scale = torch::bitwise_left_shift(biased.to(torch::kInt32), 23).view(torch::kFloat32);
    // Quantizing divides by at least 2^−126; the byte 0 still means 2^−127 when dequantized.
    const auto divisor = scale.clamp_min(std::ldexp(1.0f, -126));
    const auto elements = roundToFormat(blocks / divisor, element);
    const auto dequantScale = torch::where(biased == 0, torch::full_like(scale, std::ldexp(1.0f, -127)), scale);
    MxQuantized out;
    out.elements = elements.reshape(x32.sizes());
    out.values = (elements * dequantScale).reshape(x32.sizes());
    auto scaleShape = x32.sizes().vec();
    scaleShape.back() /= block;
    out.scaleBytes = biased.to(torch::kUInt8).reshape(scaleShape);
    return out;
}

torch::Tensor nvfp4TensorScale(const torch::Tensor& amax)
{
    return amax.to(torch::kFloat32) / 2688.0f;
}

Nvfp4Quantized nvfp4Quantize(const torch::Tensor& x2d, const torch::Tensor& perTensorScale)
{
    const auto x32 = x2d.to(torch::kFloat32).contiguous();
    TORCH_CHECK(x32.dim() == 2 && x32.size(1) % 16 == 0, "NVFP4 expects [rows, K] with 16 | K");
    const int64_t rows = x32.size(0);
    const auto blocks = x32.reshape({rows, -1, 16});
    const auto pts = perTensorScale.to(torch::kFloat32).reshape({perTensorScale.numel() == 1 ? 1 : rows, 1, 1});
    const auto blockScale = std::get<0>(blocks.abs().max(-1, /*keepdim=*/true)) / 6.0f;
    // The block scale relative to the tensor's, clamped to E4M3's normal range and rounded to E4M3.
    const auto s8 = roundToFormat((blockScale / pts).clamp(1.0 / 64.0, 448.0), e4m3);
    const auto total = pts * s8;
    // torchao 0.18 multiplies by (1 / tensor scale) / block scale (0.15 divided by their product: other
    // roundings near ties).
    const auto elements = roundToFormat((blocks * (torch::reciprocal(pts) / s8)).clamp(-6.0, 6.0), e2m1);
    Nvfp4Quantized out;
    out.elements = elements.reshape({rows, -1});
    out.values = (elements * total).reshape({rows, -1});
    out.blockScales = s8.reshape({rows, -1});
    return out;
}

torch::Tensor fp8Quantize(const torch::Tensor& x, const torch::Tensor& amax, const FloatFormat& element,
                          torch::Tensor* scaleOut)
{
    const auto x32 = x.to(torch::kFloat32);
    auto scale = amax.to(torch::kFloat32) / float(element.maxValue);
    scale = torch::where(scale == 0, torch::full_like(scale, std::numeric_limits<float>::epsilon()), scale);
    if (scaleOut)
        *scaleOut = scale;
    return roundToFormat((x32 / scale).clamp(-element.maxValue, element.maxValue), element) * scale;
}

} // namespace qs
