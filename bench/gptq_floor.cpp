// GPTQ of one large layer against the "BLAS floor": the time plain matmuls of the same FLOP count take
// in this run (this machine is shared and noisy, so only ratios measured together mean anything).
// Usage: bench_gptq_floor [rows=4096] [cols=4096] [sequences=128] [tokens=2048] [threads=0]
// Defaults follow issue 3: 4096 x 4096, g128, act-order, 4 bit, Hessian from 128 x 2048 tokens.

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
    auto mix = torch::randn({cols, cols}) * (1.0 / std::sqrt(double(cols))) + torch::eye(cols);
    auto scales = torch::linspace(0.1, 4.0, cols);
    qs::HessianAccumulator acc(cols);
    const int64_t batch = 8;
    double hessianSeconds = 0.0;
    for (int64_t s = 0; s < sequences; s += batch) {
        const int64_t n = std::min(batch, sequences - s);
        auto x = (torch::matmul(torch::randn({n * tokens, cols}), mix) * scales).view({n, tokens, cols});
        const auto start = Clock::now();
        acc.add(x);
        hessianSeconds += seconds(start);
    }

    auto w = torch::randn({rows, cols}) * 0.02;
    qs::GptqOptions o;
    o.bits = 4;
    o.groupSize = 128;
    o.actOrder = true;
    o.blockSize = 128;
    qs::GptqTimings timings;
    const auto start = Clock::now();
    const qs::GptqResult r = qs::gptqQuantize(w, acc.hessian(), o, &timings);
    const double gptqSeconds = seconds(start);

    // FLOPs of the work GPTQ must do: Hessian 2·T·C², Cholesky + inverse + Cholesky ≈ C³, column loop
    // (in-block and lazy updates) ≈ 2·R·C²/2 = R·C².
    const double t = double(sequences * tokens), c = double(cols), rw = double(rows);
    const double hessianFlops = 2.0 * t * c * c;
    const double choleskyFlops = c * c * c;
    const double loopFlops = rw * c * c;
    const double rate = matmulRate(2048);
    const double floorHessian = hessianFlops / rate, floorCholesky = choleskyFlops / rate, floorLoop = loopFlops / rate;
    const double total = hessianSeconds + gptqSeconds;
    const double floorTotal = floorHessian + floorCholesky + floorLoop;

    std::printf("GPTQ %lld x %lld, 4 bit, g128, act-order, block 128; Hessian from %lld x %lld tokens; %d threads\n",
                (long long)rows, (long long)cols, (long long)sequences, (long long)tokens, threads);
    std::printf("matmul rate (2048^3, same run): %.1f GFLOP/s\n", rate / 1e9);
    std::printf("%-22s %10s %10s %8s\n", "stage", "time [s]", "floor [s]", "ratio");
    std::printf("%-22s %10.3f %10.3f %8.2f\n", "Hessian", hessianSeconds, floorHessian, hessianSeconds / floorHessian);
    std::printf("%-22s %10.3f %10.3f %8.2f\n", "damp+Cholesky+inverse", timings.cholesky, floorCholesky,
                timings.cholesky / floorCholesky);
    std::printf("%-22s %10.3f %10.3f %8.2f\n", "column loop", timings.columns, floorLoop, timings.columns / floorLoop);
    std::printf("%-22s %10.3f %10.3f %8.2f\n", "other (perm, grids)", gptqSeconds - timings.cholesky - timings.columns,
                0.0, 0.0);
    std::printf("%-22s %10.3f %10.3f %8.2f   <- ratio to the BLAS floor (target <= 1.5)\n", "total", total, floorTotal,
                total / floorTotal);
    std::printf("GPTQ loss %.4g, damping used %.3g\n", r.loss, r.dampUsed);
    return 0;
}
