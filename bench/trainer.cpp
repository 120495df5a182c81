// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Training speed of the built-in trainer (trainRun, the code the lab runs), as tokens per second of
// its step loop, for bench/trainer.sh to set against bench/trainer_reference.py (python3-torch).
//
//   bench_trainer CONFIG_OUT CORPUS STEPS WARMUP THREADS [PROFILE_TRACE]
//
// Writes the TrainConfig it trains (the demo's model: d 128, 4 layers, batch 32 × 128) to CONFIG_OUT
// for the reference, trains WARMUP + STEPS steps with one validation and one checkpoint at each end,
// and times the steps between the warmup and the last step (so neither end's evaluation nor
// checkpoint is counted). With PROFILE_TRACE, a second 6-step run trains under torch's profiler and
// its Chrome trace is written there. Prints one JSON line like the reference.

#include "core/engine/trainer.h"
#include "core/config/corpus.h"
#include "core/store/store.h"

#include <torch/csrc/autograd/profiler_legacy.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace fs = std::filesystem;

int main(int argc, char** argv)
{
    if (argc < 6) {
        std::fprintf(stderr, "usage: bench_trainer CONFIG_OUT CORPUS STEPS WARMUP THREADS [PROFILE_TRACE]\n");
        return 2;
    }
    const int64_t steps = std::stoll(argv[3]), warmup = std::stoll(argv[4]);
    if (steps < 1 || warmup < 1) {
        std::fprintf(stderr, "bench_trainer: STEPS and WARMUP must be at least 1\n");
        return 2;
    }
    qs::TrainConfig config;
    config.steps = warmup + steps + 1;
    config.threads = std::stoi(argv[5]);
    config.checkpointEvery = config.steps;
    config.evalEvery = config.steps;
    config.schedule.kind = qs::ScheduleKind::Constant;
    config.schedule.warmupSteps = 0;
    std::ofstream(argv[1]) << config.toJson();
    const qs::Corpus corpus = qs::Corpus::fromFile(argv[2], config.valFraction, "bench corpus");

    const fs::path dir = fs::temp_directory_path() / ("qs-bench-trainer-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    double seconds = 0.0, loss = 0.0;
    {
        qs::Store store = qs::Store::create((dir / "bench.h5").string());
        std::chrono::steady_clock::time_point start;
        const int64_t first = warmup, last = warmup + steps; // steps (first, last] are timed
        int64_t step = 0;
        qs::trainRun(config, corpus, store, "bench", (dir / "ckpt").string(), [&](const qs::ProgressInfo& p) {
            ++step;
            if (step == first)
                start = std::chrono::steady_clock::now();
            if (step == last) {
                seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                std::sscanf(p.message.c_str() + p.message.find("loss ") + 5, "%lf", &loss);
            }
            return true;
        });
        if (argc > 6) {
            // A short second run under the profiler (one validation batch, so the steps dominate).
            qs::TrainConfig profiled = config;
            profiled.steps = 6;
            profiled.evalBatches = 1;
            profiled.checkpointEvery = profiled.evalEvery = profiled.steps;
            torch::autograd::profiler::RecordProfile guard(argv[6]);
            qs::trainRun(profiled, corpus, store, "profile", (dir / "ckpt-profile").string());
        }
    }
    fs::remove_all(dir);
    const double tokens = double(steps) * config.batchSize * config.seqLen;
    std::printf("{\"tokens_per_s\": %.1f, \"steps\": %lld, \"seconds\": %.3f, \"threads\": %d, \"final_loss\": %.4f}\n",
                tokens / seconds, static_cast<long long>(steps), seconds, config.threads, loss);
    return 0;
}
