// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What fuzz_store and fuzz_storeschema do with a file: open it read-only as a results store and read
// everything a reader of the store reads — runs, their info, layers, log, validation, checkpoints,
// configs, results, profiles and fits — each read on its own, so that one malformed part does not hide
// the others.

#include "core/store/store.h"
#include "fuzz/fuzzutil.h"

#include <string>
#include <vector>

namespace qs::fuzz {

inline void readWholeStore(const std::string& path)
{
    expectError([&] {
        const Store store = Store::open(path, Store::Mode::ReadOnly);
        for (const std::string& run : store.runs()) {
            expectError([&] { store.runInfo(run); });
            expectError([&] { store.log(run); });
            expectError([&] { store.validation(run); });
            expectError([&] { store.checkpoints(run); });
            std::vector<LayerInfo> layers;
            expectError([&] { layers = store.layers(run); });
            expectError([&] {
                for (const std::string& config : store.configIds(run)) {
                    expectError([&] { store.configJson(run, config); });
                    expectError([&] { store.results(run, config); });
                    expectError([&] { store.hasResult(run, config, 1); });
                    expectError([&] {
                        for (const std::string& name : store.profileNames(run, config)) {
                            for (int layer = 0; layer < int(layers.size()) && layer < 4; ++layer)
                                expectError([&] { store.profile(run, config, name, 1, layer); });
                        }
                    });
                }
            });
        }
        for (const std::string& fit : store.fitNames())
            expectError([&] { store.fitJson(fit); });
    });
}

} // namespace qs::fuzz
