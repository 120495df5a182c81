// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/quantizer.h"

#include <cmath>

#include "core/common/errors.h"
#include "core/config/quantmethods.h"
#include "core/engine/floatformats.h"
#include "core/engine/weightquantizers.h"

namespace qs {

QuantGrid findGrid(const torch::Tensor& w, int bits, bool symmetric)
{
    TORCH_CHECK(w.dim() == 2, "findGrid expects a 2-D tensor");
    TORCH_CHECK(bits >= 1 && bits <= 16, "bits out of range");
    const auto x = w.to(torch::kFloat32);
    const double maxq = std::pow(2.0, bits) - 1.0;
    auto zeros = torch::zeros({x.size(0)}, x.options());
    auto xmin = torch::minimum(std::get<0>(x.min(1)), zeros);
    auto xmax = torch::maximum(std::get<0>(x.max(1)), zeros);
    if (symmetric) {
        xmax = torch::maximum(xmin.abs(), xmax);
        xmin = -xmax;
    }
    auto empty = (xmin == 0) & (xmax == 0);
    xmin = torch::where(empty, torch::full_like(xmin, -1.0), xmin);
    xmax = torch::where(empty, torch::full_like(xmax, 1.0), xmax);
    QuantGrid grid;
    grid.maxq = static_cast<int>(maxq);
    grid.scale = ((xmax - xmin) / maxq).unsqueeze(1);
    if (symmetric)
        grid.zero = torch::full_like(grid.scale, (maxq + 1.0) / 2.0);
    else
        grid.zero = torch::round(-xmin.unsqueeze(1) / grid.scale);
    return grid;
}

torch::Tensor quantizeDequantize(const torch::Tensor& w, const QuantGrid& grid)
{
    auto q = torch::clamp(torch::round(w / grid.scale) + grid.zero, 0.0, double(grid.maxq));
    return grid.scale * (q - grid.zero);
}

torch::Tensor rtnQuantize(const torch::Tensor& w, int bits, int groupSize, bool symmetric)
{
    TORCH_CHECK(w.dim() == 2, "rtnQuantize expects a 2-D weight");
    const auto x = w.detach().to(torch::kFloat32);
    const int64_t cols = x.size(1);
    if (groupSize <= 0 || groupSize >= cols)
        return quantizeDequantize(x, findGrid(x, bits, symmetric));
    auto out = torch::empty_like(x);
    for (int64_t begin = 0; begin < cols; begin += groupSize) {
        const int64_t width = std::min<int64_t>(groupSize, cols - begin);
        auto slice = x.narrow(1, begin, width);
        out.narrow(1, begin, width).copy_(quantizeDequantize(slice, findGrid(slice, bits, symmetric)));
    }
    return out;
}

torch::Tensor fakeQuantizeActivations(const torch::Tensor& x, int bits, int groupSize)
{
    if (bits < 2 || bits > 8)
        throw ConfigError("activation bits = " + std::to_string(bits) + " is out of range [2, 8]");
    const int64_t channels = x.size(-1);
    if (groupSize > 0 && channels % groupSize != 0)
        throw ConfigError("activation group size " + std::to_string(groupSize) + " does not divide "
                          + std::to_string(channels) + " channels");
    // In float32 whatever the compute type (absmax scales and rounding of a bfloat16 input in bfloat16
    // would move levels), the result in the input's type.
    if (x.scalar_type() != torch::kFloat32)
        return fakeQuantizeActivations(x.to(torch::kFloat32), bits, groupSize).to(x.scalar_type());
    const int64_t group = groupSize > 0 ? groupSize : channels;
    const double qmax = double((1 << (bits - 1)) - 1);
    auto grouped = x.reshape({-1, channels / group, group});
    auto scale = grouped.abs().amax(-1, /*keepdim=*/true) / qmax;
    // All-zero groups: any positive scale keeps them at zero.
    scale = torch::where(scale > 0, scale, torch::ones_like(scale));
    auto q = torch::clamp(torch::round(grouped / scale), -qmax - 1.0, qmax) * scale;
    return q.reshape(x.sizes());
}

void checkActivationQuantization(const ActQuant& act, int64_t channels)
{
    if (!act.active())
        return;
    if (!actFormatTakes(act.format, act.bits))
        throw ConfigError("activation bits = " + std::to_string(act.bits) + " do not fit the format '"
                          + toString(act.format) + "'");
    const int64_t group = act.format == ActFormat::Mx ? 32 : act.format == ActFormat::Nv ? 16 : act.groupSize;
    if (group > 0 && channels % group != 0)
        throw ConfigError((act.format == ActFormat::Int
                               ? "activation group size " + std::to_string(group) + " does"
                               : actLabel(act.bits, act.format) + " blocks of " + std::to_string(group) + " do")
                          + " not divide the " + std::to_string(channels) + " input channels");
}

namespace {

// LLM.int8's decomposition of a layer input (bitsandbytes' Linear8bitLt, threshold 6): per sequence
// (the leading dimension of a 3-D input; all rows of a 2-D one), the columns where the float16 input
// reaches 6 in magnitude keep their full-precision values; every other value is the int8 code of its
// token's row (outliers left out of the absmax), dequantized.
torch::Tensor llmInt8Decomposition(const torch::Tensor& x32)
{
    const int64_t channels = x32.size(-1);
    const auto seqs = x32.dim() == 3 ? x32 : x32.reshape({1, -1, channels});
    const auto x16 = seqs.to(torch::kHalf).to(torch::kFloat32);
    const auto outlier = x16.abs() >= 6.0f;
    const auto columns = outlier.any(1, /*keepdim=*/true);
    const Int8Rows rows = int8RowQuantize(torch::where(outlier, torch::zeros_like(x16), x16));
    return torch::where(columns, seqs, rows.weight).reshape(x32.sizes());
}

} // namespace

torch::Tensor fakeQuantizeActivations(const torch::Tensor& x, const ActQuant& act)
{
    if (!act.active())
        return x;
    if (act.format == ActFormat::Int)
        return fakeQuantizeActivations(x, act.bits, act.groupSize);
    checkActivationQuantization(act, x.size(-1));
    const auto x32 = x.to(torch::kFloat32).contiguous();
    const auto tokens = x32.reshape({-1, x32.size(-1)});
    torch::Tensor q;
    switch (act.format) {
    case ActFormat::Mx:
        q = mxQuantize(tokens, act.bits == 4 ? e2m1 : e4m3).values;
        break;
    case ActFormat::Nv: {
        const auto amax = std::get<0>(tokens.abs().max(1, /*keepdim=*/true));
        // An all-zero token stays zero under any positive scale.
        const auto scale = nvfp4TensorScale(torch::where(amax > 0, amax, torch::ones_like(amax)));
        q = nvfp4Quantize(tokens, scale).values;
        break;
    }
    case ActFormat::Fp8:
        q = fp8Quantize(tokens, std::get<0>(tokens.abs().max(1, /*keepdim=*/true)), e4m3);
        break;
    case ActFormat::Lt:
        return llmInt8Decomposition(x32).to(x.scalar_type());
    case ActFormat::Int:
        break;
    }
    return q.reshape(x.sizes()).to(x.scalar_type());
}

bool allFinite(const torch::Tensor& t)
{
    if (t.numel() == 0)
        return true;
    const auto [lo, hi] = torch::aminmax(t);
    return std::isfinite(lo.item<double>()) && std::isfinite(hi.item<double>());
}

double relativeError(const torch::Tensor& w, const torch::Tensor& wq)
{
    // Float64 sums over slices of a million values: no float64 copy of a large weight.
    const auto a = w.reshape({-1});
    const auto b = wq.reshape({-1});
    double norm = 0.0, diff = 0.0;
    for (int64_t i = 0; i < a.numel(); i += int64_t(1) << 20) {
        const int64_t count = std::min<int64_t>(int64_t(1) << 20, a.numel() - i);
        const auto x = a.narrow(0, i, count).to(torch::kFloat64);
        const auto d = x - b.narrow(0, i, count).to(torch::kFloat64);
        norm += (x * x).sum().item<double>();
        diff += (d * d).sum().item<double>();
    }
    if (norm == 0.0)
        return 0.0;
    return std::sqrt(diff / norm);
}

} // namespace qs
