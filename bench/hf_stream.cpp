// Streaming a Hugging Face model larger than the memory the process may use (issue 6).
//   bench_hf_stream sweep STORE MODEL_DIR TOKENS.bin QUANT...   import the folder as a one-revision run and
//                                                              sweep it; prints wall time and peak RSS
//   bench_hf_stream forward MODEL_DIR BATCH SEQ REPEAT THREADS  tokens/s of the streamed forward pass
// bench/hf_stream.sh builds the model, runs the sweep inside a memory cgroup of half the model's size
// and compares the forward pass with tests/support/hf_reference.py on the same model, in one run.

#include "core/data/hfrun.h"
#include "core/data/store.h"
#include "core/engine/hfmodel.h"
#include "core/engine/sweep.h"

#include <chrono>
#include <cstdio>
#include <fstream>
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
        if (mode == "forward" && argc == 7) {
            const qs::HfModel model = qs::HfModel::open(argv[2]);
            const int batch = std::stoi(argv[3]), seq = std::stoi(argv[4]), repeat = std::stoi(argv[5]);
            torch::set_num_threads(std::stoi(argv[6]));
            const auto ids = torch::randint(0, model.arch().vocab, {batch, seq}, torch::kInt64);
            model.forward(ids); // warm-up, as the reference does
            const auto start = Clock::now();
            for (int r = 0; r < repeat; ++r)
                model.forward(ids);
            const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
            const double tokens = double(batch) * seq * repeat;
            std::printf("{\"tokens_per_s\": %.1f, \"seconds\": %.3f, \"tokens\": %.0f, \"peak_rss_mb\": %.1f}\n",
                        tokens / seconds, seconds, tokens, double(peakRssKb()) / 1024.0);
            return 0;
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_hf_stream: %s\n", e.what());
        return 1;
    }
    std::fprintf(
        stderr, "usage: bench_hf_stream sweep STORE MODEL_DIR TOKENS.bin QUANT... | forward MODEL_DIR B T R THREADS\n");
    return 2;
}
