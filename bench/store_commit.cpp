// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// What a store change costs: a sweep-like result entry (a run of L layers; model metrics, six layer
// metrics and one input-channel profile per entry) written E times, one change each, into a store that
// already holds P entries; then the same entries as one StoreBatch. Prints milliseconds per entry,
// the store's size and the size of its shadow copy. Run it on a build of any version of QuantScope
// (it uses only the Store API) to compare mechanisms on one machine.
//
//   bench_store_commit [DIR] [LAYERS] [ENTRIES] [PRIOR_ENTRIES]

#include "core/store/store.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

using namespace qs;
namespace fs = std::filesystem;

namespace {

ResultEntry entryFor(int layers, int64_t cols, int salt)
{
    ResultEntry entry;
    entry.model = {{"ce", 2.0 + salt * 1e-3}, {"fp_ce", 2.0}, {"rel_ce", salt * 1e-4}, {"kl_mean", 0.01}};
    for (const char* metric : {"w_rel_err", "sqnr_db", "act_kurtosis", "act_absmax", "act_outliers", "gptq_loss"})
        entry.layers[metric] = std::vector<double>(size_t(layers), 0.1 * salt);
    entry.profiles["act_channel_absmax"] =
        std::vector<std::vector<float>>(size_t(layers), std::vector<float>(size_t(cols), float(salt)));
    return entry;
}

double fileMiB(const fs::path& p)
{
    std::error_code ec;
    const auto size = fs::file_size(p, ec);
    return ec ? 0.0 : double(size) / (1024.0 * 1024.0);
}

} // namespace

int main(int argc, char** argv)
{
    const fs::path dir = argc > 1 ? argv[1] : fs::temp_directory_path() / "qs-bench-store-commit";
    const int layers = argc > 2 ? std::atoi(argv[2]) : 112;
    const int entries = argc > 3 ? std::atoi(argv[3]) : 40;
    const int prior = argc > 4 ? std::atoi(argv[4]) : 200;
    const int64_t cols = 512;
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path path = dir / "bench.h5";
    const int checkpoints = prior + 2 * entries;

    Store store = Store::create(path.string());
    RunInfo info;
    info.name = "bench";
    std::vector<LayerInfo> layerInfos;
    for (int l = 0; l < layers; ++l)
        layerInfos.push_back({"model.layers." + std::to_string(l / 7) + ".mlp." + std::to_string(l % 7), l / 7, "down",
                              int64_t(cols), int64_t(cols)});
    store.createRun(info, layerInfos);
    for (int k = 0; k < checkpoints; ++k)
        store.appendCheckpoint("bench", {k, int64_t(k) * 1000, 1e-3, 2.0, "", "trained", "", ""});
    store.ensureConfig("bench", "fp", "{}");
    for (int k = 0; k < prior; ++k)
        store.writeResult("bench", "fp", k, entryFor(layers, cols, k));

    using Clock = std::chrono::steady_clock;
    auto start = Clock::now();
    for (int e = 0; e < entries; ++e)
        store.writeResult("bench", "fp", prior + e, entryFor(layers, cols, e));
    const double single = std::chrono::duration<double, std::milli>(Clock::now() - start).count() / entries;

    start = Clock::now();
    store.beginBatch();
    for (int e = 0; e < entries; ++e)
        store.writeResult("bench", "fp", prior + entries + e, entryFor(layers, cols, e));
    store.commitBatch();
    const double batched = std::chrono::duration<double, std::milli>(Clock::now() - start).count() / entries;

    const fs::path shadow = dir / ".bench.h5.qs-shadow";
    std::printf("store_commit: %d layers x %lld channels, %d entries on top of %d\n", layers, (long long)cols, entries,
                prior);
    std::printf("  one change per entry: %8.2f ms/entry\n", single);
    std::printf("  one batch of %d:       %8.2f ms/entry  (single / batched = %.1f)\n", entries, batched,
                single / batched);
    std::printf("  store %.1f MiB, shadow %.1f MiB\n", fileMiB(path), fileMiB(shadow));
    fs::remove_all(dir);
    return 0;
}
