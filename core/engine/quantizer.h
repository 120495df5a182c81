// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The uniform weight quantizer of the GPTQ reference implementation (Frantar et al. 2022), shared by RTN and
// (later) GPTQ. Include only from core .cpp files: this header pulls in libtorch.

#include "core/config/config.h"

#include <torch/torch.h>

namespace qs {

// Per-row quantization grid for a [rows, cols] slice: scale and zero point are [rows, 1].
struct QuantGrid
{
    torch::Tensor scale;
    torch::Tensor zero;
    int maxq = 0;
};

// maxq = 2^bits - 1; the range [xmin, xmax] of each row is widened to contain 0;
// symmetric: xmax = max(|xmin|, xmax), xmin = -xmax, zero = (maxq + 1) / 2;
// asymmetric: scale = (xmax - xmin) / maxq, zero = round(-xmin / scale);
// an all-zero row gets the range [-1, 1].
QuantGrid findGrid(const torch::Tensor& w, int bits, bool symmetric);

// q = scale * (clamp(round(x / scale) + zero, 0, maxq) - zero)
torch::Tensor quantizeDequantize(const torch::Tensor& w, const QuantGrid& grid);

// Round-to-nearest of a weight matrix [out, in]: one grid per output row (groupSize < 0) or per row
// and group of `groupSize` consecutive input columns (the last group may be narrower).
torch::Tensor rtnQuantize(const torch::Tensor& w, int bits, int groupSize, bool symmetric);

// Activation fake quantization ("Scaling Law for Quantization-Aware Training", Chen et al. 2025): symmetric absmax over
// each token's channels (groupSize < 0) or over each group of groupSize consecutive channels of a token, s = absmax /
// (2^(b−1) − 1), x̂ = s · clamp(round(x / s), −2^(b−1), 2^(b−1) − 1). x: [..., channels]; an all-zero token (group)
// stays zero. groupSize must divide the channel count (ConfigError otherwise); bits in [2, 8].
torch::Tensor fakeQuantizeActivations(const torch::Tensor& x, int bits, int groupSize);

// Whether every element is finite, in one pass (torch::isfinite(t).all() takes five): NaN propagates
// through aminmax, and ±Inf is an extreme.
bool allFinite(const torch::Tensor& t);

// ‖W − Ŵ‖_F / ‖W‖_F (0 for an all-zero W).

double relativeError(const torch::Tensor& w, const torch::Tensor& wq);

} // namespace qs
