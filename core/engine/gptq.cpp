#include "core/engine/gptq.h"

#include "core/common/errors.h"
#include "core/engine/quantizer.h"

#include <chrono>
#include <cmath>
#include <string>
#include <vector>

namespace qs {

HessianAccumulator::HessianAccumulator(int64_t columns)
    : m_h(torch::zeros({columns, columns}, torch::kFloat32))
{
}

void HessianAccumulator::add(const torch::Tensor& x, int64_t sequences)
{
    TORCH_CHECK(x.dim() == 2 || x.dim() == 3, "Hessian input must be [tokens, in] or [sequences, tokens, in]");
    const int64_t batch = sequences > 0 ? sequences : (x.dim() == 3 ? x.size(0) : 1);
    auto inp = x.reshape({-1, x.size(-1)}).to(torch::kFloat32);
    if (m_h.device() != inp.device())
        m_h = m_h.to(inp.device());
    if (inp.size(1) != m_h.size(0))
        throw ConfigError("Hessian input has " + std::to_string(inp.size(1)) + " features, expected "
                          + std::to_string(m_h.size(0)));
    m_h.mul_(double(m_sequences) / double(m_sequences + batch));
    m_sequences += batch;
    inp = inp * std::sqrt(2.0 / double(m_sequences));
    m_h.addmm_(inp.t(), inp);
}

namespace {

void validate(const torch::Tensor& w, const torch::Tensor& h, const GptqOptions& o)
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
    if (!torch::isfinite(w).all().item<bool>())
        throw Error("GPTQ: the weight matrix contains NaN or Inf");
    if (!torch::isfinite(h).all().item<bool>())
        throw Error("GPTQ: the Hessian contains NaN or Inf (non-finite calibration activations?)");
}

} // namespace

GptqResult gptqQuantize(const torch::Tensor& weight, const torch::Tensor& hessian, const GptqOptions& o,
                        GptqTimings* timings)
{
    using Clock = std::chrono::steady_clock;
    auto since = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };
    torch::NoGradGuard noGrad;
    validate(weight, hessian, o);
    const int64_t cols = weight.size(1);
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

    torch::Tensor perm, invPerm;
    if (o.actOrder) {
        perm = torch::argsort(H.diagonal(), /*dim=*/0, /*descending=*/true);
        W = W.index_select(1, perm);
        H = H.index_select(0, perm).index_select(1, perm);
        invPerm = torch::argsort(perm);
    }

    // Hinv = upper Cholesky factor of H⁻¹; raise the damping until H + damp·I factors.
    auto stageStart = Clock::now();
    const double meanDiag = H.diagonal().mean().item<double>();
    double damp = o.percDamp * meanDiag;
    torch::Tensor hinv;
    for (int attempt = 0;; ++attempt) {
        // Each [cols, cols] intermediate is dropped as soon as the next exists: at a real model's MLP
        // width (11k columns) each is half a gigabyte.
        torch::Tensor l, info;
        {
            auto damped = H.clone();
            damped.diagonal().add_(damp);
            std::tie(l, info) = torch::linalg_cholesky_ex(damped);
        }
        if (info.item<int64_t>() == 0) {
            auto inv = torch::cholesky_inverse(l);
            l = torch::Tensor();
            auto [u, info2] = torch::linalg_cholesky_ex(inv, /*upper=*/true);
            inv = torch::Tensor();
            if (info2.item<int64_t>() == 0 && torch::isfinite(u).all().item<bool>()) {
                hinv = u;
                break;
            }
        }
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

    // The loop works on transposed blocks so that each column is a contiguous row: one quantize, one
    // rank-1 update (addr_) and one error row per column, no per-column allocation of the block.
    auto Q = torch::empty_like(W);
    auto lossSum = torch::zeros({}, W.options().dtype(torch::kFloat64));
    const auto diag = hinv.diagonal().to(torch::kCPU, torch::kFloat64).contiguous();
    const double* d = diag.data_ptr<double>();
    std::vector<int64_t> permuted;
    if (o.actOrder) {
        const auto p = perm.to(torch::kCPU).contiguous();
        permuted.assign(p.data_ptr<int64_t>(), p.data_ptr<int64_t>() + cols);
    }
    QuantGrid grid = rowGrid;
    torch::Tensor scale, zero; // [rows], flattened from the current grid
    auto useGrid = [&](const QuantGrid& g) {
        grid = g;
        scale = g.scale.view({-1});
        zero = g.zero.view({-1});
    };
    useGrid(rowGrid);
    auto q = torch::empty({W.size(0)}, W.options());
    auto diff = torch::empty_like(q);
    for (int64_t i1 = 0; i1 < cols; i1 += o.blockSize) {
        const int64_t i2 = std::min<int64_t>(i1 + o.blockSize, cols);
        const int64_t count = i2 - i1;
        auto Wt1 = W.narrow(1, i1, count).t().contiguous(); // [count, rows]
        auto Qt1 = torch::empty_like(Wt1);
        auto Errt1 = torch::empty_like(Wt1);
        auto Hinv1 = hinv.narrow(0, i1, count).narrow(1, i1, count);
        for (int64_t i = 0; i < count; ++i) {
            const int64_t column = i1 + i;
            if (o.groupSize > 0) {
                if (!o.staticGroups) {
                    // As the reference: refit on W, which holds the updates of earlier blocks (the
                    // in-block updates live in the block copy until the block ends).
                    if (column % o.groupSize == 0)
                        useGrid(findGrid(W.narrow(1, column, std::min<int64_t>(o.groupSize, cols - column)), o.bits,
                                         o.symmetric));
                } else if (column % o.groupSize == 0 || o.actOrder) {
                    const int64_t original = o.actOrder ? permuted[size_t(column)] : column;
                    useGrid(staticGrids[size_t(original / o.groupSize)]);
                }
            }
            auto w = Wt1[i];
            const double dc = d[column];
            // q = scale · (clamp(round(w / scale) + zero, 0, maxq) − zero)
            torch::div_out(q, w, scale).round_().add_(zero).clamp_(0.0, double(grid.maxq)).sub_(zero).mul_(scale);
            Qt1[i].copy_(q);
            torch::sub_out(diff, w, q);
            lossSum += diff.pow(2).sum().to(torch::kFloat64) / (dc * dc);
            auto err = Errt1[i];
            torch::div_out(err, diff, dc);
            if (i + 1 < count)
                Wt1.narrow(0, i + 1, count - i - 1).addr_(Hinv1[i].narrow(0, i + 1, count - i - 1), err, 1.0, -1.0);
        }
        Q.narrow(1, i1, count).copy_(Qt1.t());
        if (i2 < cols)
            W.narrow(1, i2, cols - i2)
                .sub_(torch::matmul(Errt1.t(), hinv.narrow(0, i1, count).narrow(1, i2, cols - i2)));
    }
    if (timings)
        timings->columns = since(stageStart);
    if (o.actOrder)
        Q = Q.index_select(1, invPerm);
    result.weight = Q;
    result.loss = lossSum.item<double>() / 2.0;
    return result;
}

} // namespace qs
