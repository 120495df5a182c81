// Times the demo's phases on this machine (not a test): training throughput of the demo model and
// the cost of one checkpoint's sweep, so the demo's default length can be chosen to fit its budget.
// Usage: bench_demo_phases [steps=60] [threads=0]

#include "core/data/corpus.h"
#include "core/data/store.h"
#include "core/engine/sweep.h"
#include "core/engine/trainer.h"
#include "core/lab/demo.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

int main(int argc, char** argv)
{
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
    qs::runSweep(store, options.runName, options.configs, corpus, qs::SweepOptions {options.train.threads});
    const double sweepSeconds = std::chrono::duration<double>(clock::now() - t0).count();
    const double tokens = double(options.train.steps) * options.train.batchSize * options.train.seqLen;
    std::printf("model: %lld parameters; batch %d x %d\n", (long long)options.train.model.parameterCount(),
                options.train.batchSize, options.train.seqLen);
    std::printf("train: %lld steps in %.2f s = %.1f steps/s, %.0f tokens/s (incl. 2 evals + 2 checkpoints)\n",
                (long long)options.train.steps, trainSeconds, options.train.steps / trainSeconds,
                tokens / trainSeconds);
    std::printf("sweep: 2 checkpoints x %zu configs in %.2f s = %.2f s per checkpoint\n", options.configs.size(),
                sweepSeconds, sweepSeconds / 2);
    std::filesystem::remove_all(dir);
    return 0;
}
