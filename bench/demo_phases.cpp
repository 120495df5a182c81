// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Times the demo's phases on this machine (not a test): training throughput of the demo model and
// the cost of one checkpoint's sweep, so the demo's default length can be chosen to fit its budget, and
// each sweep part's cost in training steps (the priors of the demo's time-left estimate).
// Usage: bench_demo_phases [steps=60] [threads=0] [trace.json]: with a third argument, the sweep runs
//        under torch's profiler and its Chrome trace is written there (bench/profile_ops.py sums it by op).
//        bench_demo_phases --whole [threads=0]: the whole demo (runDemo, no figures) with its time-left
//        estimate recorded at every report, then the estimate's error against the real time left at
//        10 %, 25 %, 50 %, 75 % and 90 % of the progress.

#include "core/config/corpus.h"
#include "core/engine/sweep.h"
#include "core/engine/trainer.h"
#include "core/lab/demo.h"
#include "core/store/store.h"

#include <torch/csrc/autograd/profiler_legacy.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <vector>

namespace {

int wholeDemo(int threads)
{
    using clock = std::chrono::steady_clock;
    const auto dir = std::filesystem::temp_directory_path() / "qs-bench-demo-whole";
    std::filesystem::remove_all(dir);
    qs::DemoOptions options = qs::DemoOptions::defaults(dir.string());
    options.train.threads = threads;
    struct Report
    {
        double seconds, fraction, left;
    };
    std::vector<Report> reports;
    const auto start = clock::now();
    qs::runDemo(options, [&](const qs::ProgressInfo& p) {
        reports.push_back({std::chrono::duration<double>(clock::now() - start).count(), p.fraction, p.secondsLeft});
        return true;
    });
    const double total = std::chrono::duration<double>(clock::now() - start).count();
    std::printf("whole demo (no figures): %.1f s, %zu progress reports\n", total, reports.size());
    std::printf("%9s %10s %12s %12s %8s\n", "progress", "at [s]", "estimate [s]", "real [s]", "error");
    for (double mark : {0.10, 0.25, 0.50, 0.75, 0.90}) {
        const auto it =
            std::find_if(reports.begin(), reports.end(), [&](const Report& r) { return r.fraction >= mark; });
        if (it == reports.end())
            continue;
        const double real = total - it->seconds;
        std::printf("%8.0f%% %10.1f %12.1f %12.1f %+7.1f%%\n", 100 * mark, it->seconds, it->left, real,
                    100 * (it->left - real) / real);
    }
    double worst = 0.0;
    for (const Report& r : reports) {
        const double real = total - r.seconds;
        if (r.fraction >= 0.1 && real > 1.0 && r.left >= 0.0)
            worst = std::max(worst, std::abs(r.left - real) / real);
    }
    std::printf("largest error from 10 %% on (time left > 1 s): %.1f%%\n", 100 * worst);
    std::filesystem::remove_all(dir);
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc > 1 && std::strcmp(argv[1], "--whole") == 0)
        return wholeDemo(argc > 2 ? std::atoi(argv[2]) : 0);
    using clock = std::chrono::steady_clock;
    const auto dir = std::filesystem::temp_directory_path() / "qs-bench-demo";
    std::filesystem::remove_all(dir);
    qs::DemoOptions options = qs::DemoOptions::defaults(dir.string());
    options.train.steps = argc > 1 ? std::atoll(argv[1]) : 60;
    options.train.threads = argc > 2 ? std::atoi(argv[2]) : 0;
    options.train.schedule.warmupSteps =
        std::min<int64_t>(options.train.schedule.warmupSteps, options.train.steps / 10);
    options.train.checkpointEvery = options.train.steps;
    options.train.evalEvery = options.train.steps;

    const qs::Corpus corpus =
        qs::Corpus::fromFile(qs::prepareKjvCorpus(options.corpusPath()), options.train.valFraction, qs::kjvDescription);
    qs::Store store = qs::Store::create(options.storePath());
    auto t0 = clock::now();
    qs::trainRun(options.train, corpus, store, options.runName, options.checkpointDir());
    const double trainSeconds = std::chrono::duration<double>(clock::now() - t0).count();
    t0 = clock::now();
    std::optional<torch::autograd::profiler::RecordProfile> profile;
    if (argc > 3)
        profile.emplace(argv[3]);
    const qs::SweepSummary swept =
        qs::runSweep(store, options.runName, options.configs, corpus, qs::SweepOptions {options.train.threads});
    profile.reset();
    const double sweepSeconds = std::chrono::duration<double>(clock::now() - t0).count();
    const double tokens = double(options.train.steps) * options.train.batchSize * options.train.seqLen;
    std::printf("model: %lld parameters; batch %d x %d\n", (long long)options.train.model.parameterCount(),
                options.train.batchSize, options.train.seqLen);
    std::printf("train: %lld steps in %.2f s = %.1f steps/s, %.0f tokens/s (incl. 2 evals + 2 checkpoints)\n",
                (long long)options.train.steps, trainSeconds, options.train.steps / trainSeconds,
                tokens / trainSeconds);
    std::printf("sweep: 2 checkpoints x %zu configs in %.2f s = %.2f s per checkpoint\n", options.configs.size(),
                sweepSeconds, sweepSeconds / 2);
    // Each part's cost in training steps: the ratios the demo's time-left estimate starts from
    // (core/lab/demo.cpp) before it has measured them.
    const double step = trainSeconds / double(options.train.steps);
    std::printf("in training steps (%.3f s): FP reference %.2f per checkpoint", step,
                swept.referenceSeconds / std::max(1, swept.references) / step);
    for (const auto& [id, seconds] : swept.seconds)
        std::printf(", %s %.2f", id.c_str(), seconds / std::max(1, swept.entries.at(id)) / step);
    std::printf("\n");
    std::printf("sweep stages (seconds per checkpoint):");
    for (const auto& [stage, seconds] : swept.stageSeconds)
        std::printf("\n  %-40s %6.2f  %5.1f%%", stage.c_str(), seconds / 2, 100 * seconds / sweepSeconds);
    std::printf("\n");
    std::filesystem::remove_all(dir);
    return 0;
}
