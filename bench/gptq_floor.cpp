// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// GPTQ of one large layer, today's path (the reference's Hessian update and per-column loop) against the
// new one (ssyrk Hessian, panel loop) in the same run, and both against the "BLAS floor": the time plain
// matmuls of the same FLOP count take in this run (this machine is shared and noisy, so only ratios
// measured together mean anything). Also prints how many quantized weights the two paths share.
// Usage: bench_gptq_floor [rows=4096] [cols=4096] [sequences=128] [tokens=2048] [threads=0]
// Defaults: a 7B model's square projection, 4096 x 4096, g128, act-order, 4 bit, Hessian from 128 x 2048 tokens.

#include "core/engine/gptq.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point since)
{
    return std::chrono::duration<double>(Clock::now() - since).count();
}

// Sustained matmul rate (FLOP/s) of square products of size n.
double matmulRate(int64_t n)
{
    auto a = torch::randn({n, n});
    auto b = torch::randn({n, n});
    auto c = torch::matmul(a, b); // warm up
    const int reps = 3;
    const auto start = Clock::now();
    for (int i = 0; i < reps; ++i)
        c = torch::matmul(a, b);
    return reps * 2.0 * double(n) * double(n) * double(n) / seconds(start);
}

} // namespace

int main(int argc, char** argv)
{
    const int64_t rows = argc > 1 ? std::atoll(argv[1]) : 4096;
    const int64_t cols = argc > 2 ? std::atoll(argv[2]) : 4096;
    const int64_t sequences = argc > 3 ? std::atoll(argv[3]) : 128;
    const int64_t tokens = argc > 4 ? std::atoll(argv[4]) : 2048;
    const int threads = argc > 5 ? std::atoi(argv[5]) : int(std::thread::hardware_concurrency());
    torch::set_num_threads(threads);
    torch::NoGradGuard noGrad;
    torch::manual_seed(0);

    // Correlated activations with uneven channel scales, generated per batch outside the timed part.
    // Today's Hessian (scaled copy + full product) and the new one (ssyrk on one triangle) see the same
    // batches; the mirroring of the triangle, done when the Hessian is first read, is timed with it.
    auto mix = torch::randn({cols, cols}) * (1.0 / std::sqrt(double(cols))) + torch::eye(cols);
    auto scales = torch::linspace(0.1, 4.0, cols);
    qs::HessianAccumulator gemm(cols, qs::HessianUpdate::Gemm), syrk(cols, qs::HessianUpdate::Syrk);
    const int64_t batch = 8;
    double gemmSeconds = 0.0, syrkSeconds = 0.0;
    for (int64_t s = 0; s < sequences; s += batch) {
        const int64_t n = std::min(batch, sequences - s);
        auto x = (torch::matmul(torch::randn({n * tokens, cols}), mix) * scales).view({n, tokens, cols});
        auto start = Clock::now();
        gemm.add(x);
        gemmSeconds += seconds(start);
        start = Clock::now();
        syrk.add(x);
        syrkSeconds += seconds(start);
    }
    auto start = Clock::now();
    const torch::Tensor hSyrk = syrk.hessian();
    syrkSeconds += seconds(start);
    const torch::Tensor hGemm = gemm.hessian();
    const double hessianSpread = ((hSyrk - hGemm).abs().max() / hGemm.abs().max()).item<double>();

    auto w = torch::randn({rows, cols}) * 0.02;
    qs::GptqOptions o;
    o.bits = 4;
    o.groupSize = 128;
    o.actOrder = true;
    o.blockSize = 128;
    struct Run
    {
        qs::GptqResult result;
        qs::GptqTimings timings;
        double total = 0.0;
    };
    auto run = [&](qs::GptqPath path, const torch::Tensor& h) {
        Run r;
        o.path = path;
        const auto begin = Clock::now();
        r.result = qs::gptqQuantize(w, h, o, &r.timings);
        r.total = seconds(begin);
        return r;
    };
    // Each path twice, alternating, keeping each stage's faster time: the first call of a process pays
    // for page faults and thread start-up, and the machine is shared.
    auto faster = [](Run a, const Run& b) {
        a.timings.cholesky = std::min(a.timings.cholesky, b.timings.cholesky);
        a.timings.columns = std::min(a.timings.columns, b.timings.columns);
        a.total = std::min(a.total, b.total);
        return a;
    };
    const Run today1 = run(qs::GptqPath::Reference, hGemm); // today's path: its Hessian, its order of work
    const Run fresh1 = run(qs::GptqPath::Blocked, hSyrk);   // the new path end to end
    const Run today = faster(run(qs::GptqPath::Reference, hGemm), today1);
    const Run fresh = faster(run(qs::GptqPath::Blocked, hSyrk), fresh1);
    const Run sameH = run(qs::GptqPath::Blocked, hGemm); // the new path on today's Hessian
    // A yardstick: today's path itself with blocks of 64 columns, the same algorithm with its updates
    // summed in another order, shows how far last-bit differences carry through GPTQ's feedback.
    o.blockSize = 64;
    const Run today64 = run(qs::GptqPath::Reference, hGemm);
    o.blockSize = 128;
    auto identical = [&](const Run& a) {
        return (a.result.weight == today.result.weight).to(torch::kFloat64).mean().item<double>();
    };
    // The same level: a different one moves a weight by a grid step, an ulp of a refitted grid's scale
    // by a few ulps of the weight.
    auto sameLevel = [&](const Run& a) {
        const auto x = a.result.weight.to(torch::kFloat64), y = today.result.weight.to(torch::kFloat64);
        const auto ulps = (x - y).abs() / (y.abs().clamp_min(1e-30) * std::ldexp(1.0, -23));
        return (ulps <= 16.0).to(torch::kFloat64).mean().item<double>();
    };

    // FLOPs of the work GPTQ must do: Hessian T·C² (a symmetric rank-k update; a full product does
    // 2·T·C²), the inverse's factor 2C³/3 (one Cholesky, one triangular inverse), column loop (in-block
    // and lazy updates) ≈ R·C².
    const double t = double(sequences * tokens), c = double(cols), rw = double(rows);
    const double rate = matmulRate(2048);
    const double floorHessian = t * c * c / rate, floorCholesky = 2.0 * c * c * c / 3.0 / rate,
                 floorLoop = rw * c * c / rate;
    auto other = [](const Run& r) { return r.total - r.timings.cholesky - r.timings.columns; };

    std::printf("GPTQ %lld x %lld, 4 bit, g128, act-order, block 128; Hessian from %lld x %lld tokens; %d threads\n",
                (long long)rows, (long long)cols, (long long)sequences, (long long)tokens, threads);
    std::printf("matmul rate (2048^3, same run): %.1f GFLOP/s\n", rate / 1e9);
    std::printf("%-22s %10s %10s %10s %9s %12s\n", "stage", "today [s]", "new [s]", "floor [s]", "today/new",
                "new/floor");
    auto row = [&](const char* stage, double before, double after, double floor) {
        std::printf("%-22s %10.3f %10.3f %10.3f %9.2f %12.2f\n", stage, before, after, floor, before / after,
                    floor > 0 ? after / floor : 0.0);
    };
    row("Hessian", gemmSeconds, syrkSeconds, floorHessian);
    row("factor of H^-1", today.timings.cholesky, fresh.timings.cholesky, floorCholesky);
    row("column loop", today.timings.columns, fresh.timings.columns, floorLoop);
    row("other (perm, grids)", other(today), other(fresh), 0.0);
    row("total", gemmSeconds + today.total, syrkSeconds + fresh.total, floorHessian + floorCholesky + floorLoop);
    std::printf("Hessians: largest difference %.2g of the largest entry\n", hessianSpread);
    std::printf("quantized weights bit-identical to today's: %.5f (new path, today's Hessian), %.5f (new path)\n",
                identical(sameH), identical(fresh));
    std::printf("quantized to the same level as today's:     %.5f (new path, today's Hessian), %.5f (new path)\n",
                sameLevel(sameH), sameLevel(fresh));
    std::printf("yardstick, today's path with blocks of 64: %.5f bit-identical, %.5f the same level\n",
                identical(today64), sameLevel(today64));
    std::printf("GPTQ loss: today %.6g, new on today's Hessian %.6g, new %.6g; damping used %.3g\n", today.result.loss,
                sameH.result.loss, fresh.result.loss, today.result.dampUsed);
    return 0;
}
