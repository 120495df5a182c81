// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/quantizer.h"

#include <cmath>

#include "core/common/errors.h"

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
