// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/gptq.h"

#include "core/common/errors.h"
#include "core/engine/quantizer.h"

#include <ATen/Parallel.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace qs {

extern "C" {
// BLAS and LAPACK (OpenBLAS through Debian's libblas.so.3 and liblapack.so.3 alternatives; libtorch
// uses the same library). The trailing size_t are the lengths of the character arguments.
void ssyrk_(const char* uplo, const char* trans, const int* n, const int* k, const float* alpha, const float* a,
            const int* lda, const float* beta, float* c, const int* ldc, size_t uploLength, size_t transLength);
void spotrf_(const char* uplo, const int* n, float* a, const int* lda, int* info, size_t uploLength);
void strtri_(const char* uplo, const char* diag, const int* n, float* a, const int* lda, int* info, size_t uploLength,
             size_t diagLength);
}

HessianAccumulator::HessianAccumulator(int64_t columns, HessianUpdate update)
    : m_h(torch::zeros({columns, columns}, torch::kFloat32))
    , m_update(update)
{
}

void HessianAccumulator::add(const torch::Tensor& x, int64_t sequences)
{
    TORCH_CHECK(x.dim() == 2 || x.dim() == 3, "Hessian input must be [tokens, in] or [sequences, tokens, in]");
    const int64_t batch = sequences > 0 ? sequences : (x.dim() == 3 ? x.size(0) : 1);
    auto inp = x.reshape({-1, x.size(-1)}).to(torch::kFloat32);
    if (m_h.device() != inp.device()) {
        hessian();
        m_h = m_h.to(inp.device());
    }
    if (inp.size(1) != m_h.size(0))
        throw ConfigError("Hessian input has " + std::to_string(inp.size(1)) + " features, expected "
                          + std::to_string(m_h.size(0)));
    const double keep = double(m_sequences) / double(m_sequences + batch);
    m_sequences += batch;
    const double scale = 2.0 / double(m_sequences);
    if (m_update == HessianUpdate::Gemm || !inp.is_cpu() || inp.size(0) == 0) {
        hessian();
        m_h.mul_(keep);
        inp = inp * std::sqrt(scale);
        m_h.addmm_(inp.t(), inp);
        return;
    }
    // Row-major X [tokens, n] is column-major Xᵀ [n, tokens]: C = α·Xᵀ·X + β·C on C's upper triangle
    // in column-major terms, which is the lower triangle of the row-major m_h.
    inp = inp.contiguous();
    const int n = int(m_h.size(0));
    const int64_t rows = inp.size(0);
    const int64_t chunk = std::numeric_limits<int>::max() / 2;
    const float alpha = float(scale);
    float beta = float(keep);
    for (int64_t r0 = 0; r0 < rows; r0 += chunk) {
        const int k = int(std::min(chunk, rows - r0));
        ssyrk_("U", "N", &n, &k, &alpha, inp.data_ptr<float>() + r0 * n, &n, &beta, m_h.data_ptr<float>(), &n, 1, 1);
        beta = 1.0f;
    }
    m_mirrored = false;
}

const torch::Tensor& HessianAccumulator::hessian() const
{
    if (!m_mirrored) {
        // Copy the lower triangle onto the upper one, in tiles that stay in the cache.
        float* h = m_h.data_ptr<float>();
        const int64_t n = m_h.size(0);
        constexpr int64_t tile = 64;
        for (int64_t r0 = 0; r0 < n; r0 += tile) {
            for (int64_t c0 = 0; c0 <= r0; c0 += tile) {
                for (int64_t r = r0; r < std::min(r0 + tile, n); ++r) {
                    for (int64_t c = c0; c < std::min(c0 + tile, r); ++c)
                        h[c * n + r] = h[r * n + c];
                }
            }
        }
        m_mirrored = true;
    }
    return m_h;
}

namespace {

void validate(const torch::Tensor& w, const torch::Tensor& h, const GptqOptions& o, bool blocked)
{
    if (o.bits < 2 || o.bits > 8)
        throw ConfigError("GPTQ bits = " + std::to_string(o.bits) + " is out of range [2, 8]");
    if (o.groupSize != -1 && o.groupSize < 1)
        throw ConfigError("GPTQ group size = " + std::to_string(o.groupSize) + " must be -1 or >= 1");
    if (o.blockSize < 1)
        throw ConfigError("GPTQ block size must be >= 1");
    if (!(o.percDamp >= 0.0 && o.percDamp < 1.0))
        throw ConfigError("GPTQ damping " + std::to_string(o.percDamp) + " must be in [0, 1)");
    if (w.dim() != 2 || h.dim() != 2 || h.size(0) != w.size(1) || h.size(1) != w.size(1))
        throw ConfigError("GPTQ needs W [out, in] and H [in, in]");
    if (o.groupSize > 0 && w.size(1) % o.groupSize != 0)
        throw ConfigError("GPTQ group size " + std::to_string(o.groupSize) + " does not divide the "
                          + std::to_string(w.size(1)) + " input columns");
    auto finite = [blocked](const torch::Tensor& t) {
        return blocked ? allFinite(t) : torch::isfinite(t).all().item<bool>();
    };
    if (!finite(w))
        throw Error("GPTQ: the weight matrix contains NaN or Inf");
    if (!finite(h))
        throw Error("GPTQ: the Hessian contains NaN or Inf (non-finite calibration activations?)");
}

// out[i, j] = src[rows[i], columns[j]] (rows: the identity when empty) for float32 CPU matrices: one
// parallel pass over rows, each gathered within one source row (ATen's index_select along dim 1 walks
// the matrix once per index).
torch::Tensor gather(const torch::Tensor& src, const std::vector<int64_t>& rows, const std::vector<int64_t>& columns)
{
    const auto in = src.contiguous();
    const int64_t outRows = rows.empty() ? in.size(0) : int64_t(rows.size());
    const int64_t stride = in.size(1), width = int64_t(columns.size());
    auto out = torch::empty({outRows, width}, in.options());
    const float* s = in.data_ptr<float>();
    float* d = out.data_ptr<float>();
    at::parallel_for(0, outRows, 16, [&](int64_t begin, int64_t end) {
        for (int64_t i = begin; i < end; ++i) {
            const float* from = s + (rows.empty() ? i : rows[size_t(i)]) * stride;
            float* to = d + i * width;
            for (int64_t j = 0; j < width; ++j)
                to[j] = from[columns[size_t(j)]];
        }
    });
    return out;
}

// y −= a·x over n floats; restrict lets the compiler vectorize it without a runtime overlap check.
inline void subtractScaled(float* __restrict y, const float* __restrict x, float a, int64_t n)
{
    for (int64_t r = 0; r < n; ++r)
        y[r] -= a * x[r];
}

// One GPTQ block of `count` columns, given transposed ([count, rows]) and contiguous: quantizes each
// column into Qt1, writes its scaled error into Errt1 and feeds the error forward to the block's later
// columns. Columns go in panels of 16: inside a panel the rank-1 updates run on raw floats, rows split
// into fixed slices in parallel (each row of W is independent of the others); one matrix product then
// carries the panel's errors to the rest of the block. Returns Σ (w − q)² / d².
double quantizePanels(torch::Tensor& Wt1, torch::Tensor& Qt1, torch::Tensor& Errt1, const torch::Tensor& Hinv1,
                      const std::vector<QuantGrid>& grids, const double* d)
{
    constexpr int64_t panel = 16;
    constexpr int64_t slice = 256; // rows per task; fixed, so the loss sums alike on any thread count
    const int64_t count = Wt1.size(0), rows = Wt1.size(1);
    float* w = Wt1.data_ptr<float>();
    float* q = Qt1.data_ptr<float>();
    float* e = Errt1.data_ptr<float>();
    const float* h = Hinv1.data_ptr<float>();
    const int64_t slices = (rows + slice - 1) / slice;
    std::vector<double> partial(size_t(slices), 0.0);
    for (int64_t s1 = 0; s1 < count; s1 += panel) {
        const int64_t s2 = std::min(s1 + panel, count);
        at::parallel_for(0, slices, 1, [&](int64_t begin, int64_t end) {
            for (int64_t part = begin; part < end; ++part) {
                const int64_t r0 = part * slice, n = std::min(slice, rows - r0);
                double sum = 0.0;
                for (int64_t i = s1; i < s2; ++i) {
                    const QuantGrid& g = grids[size_t(i)];
                    const float* scale = g.scale.data_ptr<float>() + r0;
                    const float* zero = g.zero.data_ptr<float>() + r0;
                    const auto maxq = float(g.maxq);
                    const auto dc = float(d[i]);
                    float* wi = w + i * rows + r0;
                    float* qi = q + i * rows + r0;
                    float* ei = e + i * rows + r0;
                    double squares = 0.0;
                    for (int64_t r = 0; r < n; ++r) {
                        // q = scale · (clamp(round(w / scale) + zero, 0, maxq) − zero), in the
                        // reference's order of float operations (round half to even, as torch.round)
                        float v = std::nearbyint(wi[r] / scale[r]) + zero[r];
                        v = std::min(std::max(v, 0.0f), maxq);
                        v = (v - zero[r]) * scale[r];
                        qi[r] = v;
                        const float diff = wi[r] - v;
                        squares += double(diff) * double(diff);
                        ei[r] = diff / dc;
                    }
                    sum += squares / (d[i] * d[i]);
                    for (int64_t j = i + 1; j < s2; ++j)
                        subtractScaled(w + j * rows + r0, ei, h[i * count + j], n);
                }
                partial[size_t(part)] += sum;
            }
        });
        if (s2 < count)
            Wt1.narrow(0, s2, count - s2)
                .addmm_(Hinv1.narrow(0, s1, s2 - s1).narrow(1, s2, count - s2).t(), Errt1.narrow(0, s1, s2 - s1), 1.0,
                        -1.0);
    }
    double loss = 0.0;
    for (double p : partial)
        loss += p;
    return loss;
}

// The reference's route to the upper Cholesky factor of (H + damp·I)⁻¹: factor, invert from the factor,
// factor again (≈ 4n³/3 FLOPs). Each [n, n] intermediate is dropped as soon as the next exists: at a
// real model's MLP width (11k columns) each is half a gigabyte. False when a factorization fails.
bool inverseFactorReference(const torch::Tensor& H, double damp, torch::Tensor& out)
{
    torch::Tensor l, info;
    {
        auto damped = H.clone();
        damped.diagonal().add_(damp);
        std::tie(l, info) = torch::linalg_cholesky_ex(damped);
    }
    if (info.item<int64_t>() != 0)
        return false;
    auto inv = torch::cholesky_inverse(l);
    l = torch::Tensor();
    auto [u, info2] = torch::linalg_cholesky_ex(inv, /*upper=*/true);
    if (info2.item<int64_t>() != 0 || !torch::isfinite(u).all().item<bool>())
        return false;
    out = u;
    return true;
}

// The same factor in ≈ 2n³/3 FLOPs. With J the order reversal and J(H + damp·I)J = L·Lᵀ (lower
// Cholesky), H + damp·I = (JLJ)(JLᵀJ), so its inverse is (JL⁻ᵀJ)(JL⁻¹J) = Uᵀ·U with U = J·L⁻¹·J upper
// triangular with a positive diagonal: the (unique) upper Cholesky factor of the inverse.
bool inverseFactorReversed(const torch::Tensor& H, double damp, torch::Tensor& out)
{
    // LAPACK directly on the row-major buffer, which column-major LAPACK reads as its transpose: spotrf
    // "U" factors the symmetric matrix as UᵀU, U column-major upper, which is row-major L = Uᵀ with
    // JHJ = L·Lᵀ; strtri "U" then inverts U in place, leaving row-major (U⁻¹)ᵀ = L⁻¹. (ATen's cholesky
    // copies to column-major and back and takes twice as long here.) The other triangle keeps JHJ's
    // entries until triu_ below clears them.
    auto l = H.flip({0, 1});
    l.diagonal().add_(damp);
    const int n = int(l.size(0));
    int status = 0;
    spotrf_("U", &n, l.data_ptr<float>(), &n, &status, 1);
    if (status != 0)
        return false;
    strtri_("U", "N", &n, l.data_ptr<float>(), &n, &status, 1, 1);
    if (status != 0)
        return false;
    auto u = l.flip({0, 1}).triu_();
    if (!allFinite(u))
        return false;
    out = u;
    return true;
}

} // namespace

GptqResult gptqQuantize(const torch::Tensor& weight, const torch::Tensor& hessian, const GptqOptions& o,
                        GptqTimings* timings)
{
    using Clock = std::chrono::steady_clock;
    auto since = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };
    torch::NoGradGuard noGrad;
    const bool blocked = o.path == GptqPath::Blocked && weight.is_cpu() && hessian.is_cpu();
    validate(weight, hessian, o, blocked);
    const int64_t rows = weight.size(0), cols = weight.size(1);
    auto W = weight.detach().to(torch::kFloat32).clone();
    auto H = hessian.detach().to(torch::kFloat32).clone();
    GptqResult result;

    // Dead inputs: no signal, so the column cannot matter; keep H invertible.
    auto dead = H.diagonal() == 0;
    result.deadColumns = dead.sum().item<int64_t>();
    if (result.deadColumns > 0) {
        H.diagonal().masked_fill_(dead, 1.0);
        W.masked_fill_(dead.unsqueeze(0), 0.0);
    }

    // One grid per row unless grouped; with static groups all grids come from the original weights.
    QuantGrid rowGrid = findGrid(W, o.bits, o.symmetric);
    std::vector<QuantGrid> staticGrids;
    if (o.groupSize > 0 && o.staticGroups) {
        for (int64_t c = 0; c < cols; c += o.groupSize)
            staticGrids.push_back(findGrid(W.narrow(1, c, o.groupSize), o.bits, o.symmetric));
    }

    // Act-order: columns by decreasing H diagonal. permuted[k] is the original index of column k.
    torch::Tensor perm, invPerm;
    std::vector<int64_t> permuted, unpermuted;
    if (o.actOrder) {
        perm = torch::argsort(H.diagonal(), /*dim=*/0, /*descending=*/true);
        invPerm = torch::argsort(perm);
        const auto p = perm.to(torch::kCPU).contiguous(), ip = invPerm.to(torch::kCPU).contiguous();
        permuted.assign(p.data_ptr<int64_t>(), p.data_ptr<int64_t>() + cols);
        unpermuted.assign(ip.data_ptr<int64_t>(), ip.data_ptr<int64_t>() + cols);
        if (blocked) {
            W = gather(W, {}, permuted);
            H = gather(H, permuted, permuted);
        } else {
            W = W.index_select(1, perm);
            H = H.index_select(0, perm).index_select(1, perm);
        }
    }

    // Hinv = upper Cholesky factor of (H + damp·I)⁻¹; raise the damping until it factors.
    auto stageStart = Clock::now();
    const double meanDiag = H.diagonal().mean().item<double>();
    double damp = o.percDamp * meanDiag;
    torch::Tensor hinv;
    for (int attempt = 0;; ++attempt) {
        if (blocked ? inverseFactorReversed(H, damp, hinv) : inverseFactorReference(H, damp, hinv))
            break;
        if (attempt >= 8)
            throw Error("GPTQ: the Hessian is not positive definite even with damping " + std::to_string(damp)
                        + "; the layer's calibration inputs are degenerate");
        damp = damp > 0 ? damp * 10.0 : std::max(1e-2 * meanDiag, 1e-8);
    }
    result.dampUsed = damp;
    H = torch::Tensor(); // the factor is all the column loop needs
    if (timings)
        timings->cholesky = since(stageStart);
    stageStart = Clock::now();

    // Both loops work on transposed blocks so that each column is a contiguous row.
    auto Q = torch::empty_like(W);
    const auto diag = hinv.diagonal().to(torch::kCPU, torch::kFloat64).contiguous();
    const double* d = diag.data_ptr<double>();
    // The grid of each column, chosen as the reference does. Dynamic groups are refitted on W, which
    // holds the updates of earlier blocks (the in-block updates live in the block copy until it ends).
    QuantGrid grid = rowGrid;
    std::vector<QuantGrid> fitted; // dynamic groups, in the order they are fitted
    auto gridAt = [&](int64_t column) -> const QuantGrid& {
        if (o.groupSize > 0) {
            if (!o.staticGroups) {
                if (column % o.groupSize == 0) {
                    grid = findGrid(W.narrow(1, column, std::min<int64_t>(o.groupSize, cols - column)), o.bits,
                                    o.symmetric);
                    fitted.push_back(grid);
                }
            } else if (column % o.groupSize == 0 || o.actOrder) {
                const int64_t original = o.actOrder ? permuted[size_t(column)] : column;
                grid = staticGrids[size_t(original / o.groupSize)];
            }
        }
        return grid;
    };
    double loss = 0.0;
    auto lossSum = torch::zeros({}, W.options().dtype(torch::kFloat64));
    auto q = torch::empty({W.size(0)}, W.options());
    auto diff = torch::empty_like(q);
    // The blocked path's block buffers, allocated once: a fresh [block, rows] tensor per block would be
    // a fresh mapping of the allocator's, paid for in page faults on every block.
    torch::Tensor blockW, blockQ, blockErr;
    if (blocked) {
        const int64_t most = std::min<int64_t>(o.blockSize, cols);
        blockW = torch::empty({most, rows}, W.options());
        blockQ = torch::empty_like(blockW);
        blockErr = torch::empty_like(blockW);
    }
    for (int64_t i1 = 0; i1 < cols; i1 += o.blockSize) {
        const int64_t i2 = std::min<int64_t>(i1 + o.blockSize, cols);
        const int64_t count = i2 - i1;
        torch::Tensor Wt1, Qt1, Errt1; // [count, rows]
        if (blocked) {
            Wt1 = blockW.narrow(0, 0, count);
            Qt1 = blockQ.narrow(0, 0, count);
            Errt1 = blockErr.narrow(0, 0, count);
            Wt1.copy_(W.narrow(1, i1, count).t());
        } else {
            Wt1 = W.narrow(1, i1, count).t().contiguous();
            Qt1 = torch::empty_like(Wt1);
            Errt1 = torch::empty_like(Wt1);
        }
        if (blocked) {
            std::vector<QuantGrid> grids;
            grids.reserve(size_t(count));
            for (int64_t i = 0; i < count; ++i) {
                const QuantGrid& g = gridAt(i1 + i);
                grids.push_back({g.scale.reshape({-1}).contiguous(), g.zero.reshape({-1}).contiguous(), g.maxq});
            }
            const auto Hinv1 = hinv.narrow(0, i1, count).narrow(1, i1, count).contiguous();
            loss += quantizePanels(Wt1, Qt1, Errt1, Hinv1, grids, d + i1);
        } else {
            // One quantize, one rank-1 update (addr_) and one error row per column.
            auto Hinv1 = hinv.narrow(0, i1, count).narrow(1, i1, count);
            for (int64_t i = 0; i < count; ++i) {
                const int64_t column = i1 + i;
                const QuantGrid& g = gridAt(column);
                const auto scale = g.scale.view({-1}), zero = g.zero.view({-1});
                auto w = Wt1[i];
                const double dc = d[column];
                // q = scale · (clamp(round(w / scale) + zero, 0, maxq) − zero)
                torch::div_out(q, w, scale).round_().add_(zero).clamp_(0.0, double(g.maxq)).sub_(zero).mul_(scale);
                Qt1[i].copy_(q);
                torch::sub_out(diff, w, q);
                lossSum += diff.pow(2).sum().to(torch::kFloat64) / (dc * dc);
                auto err = Errt1[i];
                torch::div_out(err, diff, dc);
                if (i + 1 < count)
                    Wt1.narrow(0, i + 1, count - i - 1).addr_(Hinv1[i].narrow(0, i + 1, count - i - 1), err, 1.0, -1.0);
            }
        }
        Q.narrow(1, i1, count).copy_(Qt1.t());
        if (i2 < cols) {
            auto rest = W.narrow(1, i2, cols - i2);
            const auto hinvRest = hinv.narrow(0, i1, count).narrow(1, i2, cols - i2);
            if (blocked)
                rest.addmm_(Errt1.t(), hinvRest, 1.0, -1.0);
            else
                rest.sub_(torch::matmul(Errt1.t(), hinvRest));
        }
    }
    if (!blocked)
        loss = lossSum.item<double>();
    if (timings)
        timings->columns = since(stageStart);
    if (o.actOrder)
        Q = blocked ? gather(Q, {}, unpermuted) : Q.index_select(1, invPerm);
    result.weight = Q;
    result.loss = loss / 2.0;

    // The grids and each original column's group. Dynamic groups are fitted at permuted columns
    // k·groupSize, so permuted column k is in group k / groupSize; static ones cover original columns.
    const std::vector<QuantGrid>& grids = o.groupSize <= 0 ? std::vector<QuantGrid> {rowGrid}
        : o.staticGroups                                   ? staticGrids
                                                           : fitted;
    std::vector<torch::Tensor> scales, zeros;
    for (const QuantGrid& g : grids) {
        scales.push_back(g.scale.reshape({rows, 1}));
        zeros.push_back(g.zero.reshape({rows, 1}));
    }
    result.scale = torch::cat(scales, 1).to(torch::kCPU, torch::kFloat32).contiguous();
    result.zero = torch::cat(zeros, 1).to(torch::kCPU, torch::kFloat32).contiguous();
    result.groupIndex = torch::zeros({cols}, torch::kInt32);
    if (o.groupSize > 0) {
        auto* gi = result.groupIndex.data_ptr<int32_t>();
        for (int64_t k = 0; k < cols; ++k) {
            const bool permutedGroups = o.actOrder && !o.staticGroups;
            gi[permutedGroups ? permuted[size_t(k)] : k] = int32_t(k / o.groupSize);
        }
    }
    return result;
}

torch::Tensor gptqCodes(const GptqResult& r)
{
    torch::NoGradGuard noGrad;
    const auto index = r.groupIndex.to(torch::kInt64);
    const auto scale = r.scale.index_select(1, index), zero = r.zero.index_select(1, index);
    return (r.weight.to(torch::kCPU, torch::kFloat32) / scale).round_().add_(zero).to(torch::kInt32);
}

} // namespace qs
