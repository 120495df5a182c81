// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Streaming a Hugging Face model larger than the memory the process may use.
//   bench_hf_stream sweep STORE MODEL_DIR TOKENS.bin QUANT...   import the folder as a one-revision run and
//                                                              sweep it; prints wall time and peak RSS
//   bench_hf_stream forward MODEL_DIR BATCH SEQ REPEAT THREADS [TRACE.json]
//                                                              tokens/s of the forward pass, every block read
//                                                              from the checkpoint each pass (streamed), and
//                                                              with converted blocks kept (the default); with
//                                                              TRACE, the latter's torch-profiler trace
// bench/hf_stream.sh builds the model, runs the sweep inside a memory cgroup of half the model's size
// and compares the forward pass with tests/support/hf_reference.py on the same model, in one run.

#include "core/engine/hfmemory.h"
#include "core/engine/hfmodel.h"
#include "core/engine/sweep.h"
#include "core/hf/hfrun.h"
#include "core/store/store.h"

#include <torch/csrc/autograd/profiler_legacy.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>

namespace {

long peakRssKb()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmHWM:", 0) == 0)
            return std::stol(line.substr(6));
    }
    return -1;
}

} // namespace

int main(int argc, char** argv)
{
    using Clock = std::chrono::steady_clock;
    const std::string mode = argc > 1 ? argv[1] : "";
    try {
        if (mode == "sweep" && argc >= 6) {
            qs::Store store = qs::Store::create(argv[2]);
            qs::HfImportOptions options;
            options.sources = {argv[3]};
            options.data.data = argv[4];
            options.data.seqLen = 128;
            options.data.valSequences = 8;
            options.data.batchSize = 4;
            options.manifest = "";
            const auto start = Clock::now();
            const auto added = qs::importHfTrajectory(store, "bench", options);
            std::vector<qs::QuantConfig> configs;
            for (int i = 5; i < argc; ++i)
                configs.push_back(qs::QuantConfig::parse(argv[i]));
            const auto summary = qs::sweepRun(store, "bench", configs, qs::SweepOptions {2});
            const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
            const auto row = store.checkpoints("bench").front();
            std::printf(
                "{\"revisions\": %zu, \"entries\": %d, \"seconds\": %.2f, \"peak_rss_mb\": %.1f, \"fp_ce\": %.5f}\n",
                added.size(), summary.computed, seconds, double(peakRssKb()) / 1024.0, row.fpValCe);
            return 0;
        }
        if (mode == "forward" && (argc == 7 || argc == 8)) {
            qs::HfModel model = qs::HfModel::open(argv[2]);
            const int batch = std::stoi(argv[3]), seq = std::stoi(argv[4]), repeat = std::stoi(argv[5]);
            torch::set_num_threads(std::stoi(argv[6]));
            const auto ids = torch::randint(0, model.arch().vocab, {batch, seq}, torch::kInt64);
            const double tokens = double(batch) * seq * repeat;
            // Every block read from the checkpoint in every pass (the next one while this one computes),
            // then the default: converted blocks kept between passes as memory allows.
            model.setCacheBudget(0);
            auto time = [&](const char* trace) {
                std::optional<torch::autograd::profiler::RecordProfile> profile;
                if (trace)
                    profile.emplace(trace);
                const auto start = Clock::now();
                for (int r = 0; r < repeat; ++r)
                    model.forward(ids);
                return std::chrono::duration<double>(Clock::now() - start).count();
            };
            const double streamed = time(nullptr);
            model.setCacheBudget(qs::defaultMemoryBudget() / 2);
            model.forward(ids); // warm-up, as the reference does: the cache fills
            const double seconds = time(argc == 8 ? argv[7] : nullptr);
            std::printf("{\"tokens_per_s\": %.1f, \"seconds\": %.3f, \"tokens\": %.0f, \"cached_mb\": %.0f, "
                        "\"streamed_tokens_per_s\": %.1f, \"peak_rss_mb\": %.1f}\n",
                        tokens / seconds, seconds, tokens, double(model.cachedBytes()) / 1048576.0, tokens / streamed,
                        double(peakRssKb()) / 1024.0);
            return 0;
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_hf_stream: %s\n", e.what());
        return 1;
    }
    std::fprintf(
        stderr,
        "usage: bench_hf_stream sweep STORE MODEL_DIR TOKENS.bin QUANT... | forward MODEL_DIR B T R THREADS [TRACE]\n");
    return 2;
}
