// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The large synthetic store of the explorer benchmarks: one run "synthetic" with a WSD
// schedule, `checkpoints` checkpoints, `layers` layers and `configs` RTN configs with three model
// metrics and two layer metrics each.

#include "core/common/metrics.h"
#include "core/config/config.h"
#include "core/store/store.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace qs::bench {

inline void writeSyntheticStore(const std::string& path, int checkpoints, int layers, int configs)
{
    Store store = Store::create(path);
    StoreBatch batch(store); // thousands of entries published as one change
    RunInfo info;
    info.name = "synthetic";
    info.schedule = "wsd";
    std::vector<LayerInfo> layerInfos;
    const auto& kinds = layerKinds();
    for (int l = 0; l < layers; ++l)
        layerInfos.push_back({"model.layers." + std::to_string(l / 7) + "." + kinds[size_t(l % 7)] + ".weight", l / 7,
                              kinds[size_t(l % 7)], 4096, 4096});
    store.createRun(info, layerInfos);
    std::vector<LogRow> log;
    for (int s = 1; s <= checkpoints * 10; ++s) {
        const double lr = s < 100 ? 3e-4 * s / 100.0
            : s < checkpoints * 8 ? 3e-4
                                  : 3e-4 * (checkpoints * 10 - s) / (checkpoints * 2.0);
        log.push_back({s, int64_t(s) * 1000000, lr, 3.0 - std::log10(double(s))});
    }
    store.appendLog("synthetic", log);
    for (int c = 0; c < checkpoints; ++c)
        store.appendCheckpoint("synthetic",
                               {int64_t(c) * 10, int64_t(c) * 10000000, log[size_t(std::max(0, c * 10 - 1))].lr,
                                3.0 - 0.001 * c, "", "trained", "", ""});
    for (int k = 0; k < configs; ++k) {
        const QuantConfig config =
            QuantConfig::parse("rtn:" + std::to_string(2 + k % 7) + ":g" + std::to_string(32 << (k / 7)));
        store.ensureConfig("synthetic", config.id(), config.toJson());
        for (int c = 0; c < checkpoints; ++c) {
            ResultEntry entry;
            const double e = 0.01 * (k + 1) * (1.0 + 0.5 * std::sin(0.01 * c));
            entry.model = {{metrics::relCe, e}, {metrics::deltaCe, 3.0 * e}, {metrics::klMean, 2.0 * e}};
            std::vector<double> err(static_cast<size_t>(layers), 0.0), sqnr(static_cast<size_t>(layers), 0.0);
            for (int l = 0; l < layers; ++l) {
                err[size_t(l)] = e * (1.0 + 0.1 * (l % 7));
                sqnr[size_t(l)] = 30.0 - 5.0 * e * (l % 7);
            }
            entry.layers = {{metrics::wRelErr, err}, {metrics::sqnrDb, sqnr}};
            store.writeResult("synthetic", config.id(), c, entry);
        }
    }
    batch.commit();
}

} // namespace qs::bench
