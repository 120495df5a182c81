// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A multi-stage run as `quantscope import` stores an OLMo-2 trajectory, written straight through
// qs::Store with closed-form values: stage 1 at steps 1000, 2000, 3000 (2M tokens a step), then three
// stage-2 ingredients that count steps and tokens from 0 again — ingredient 1 at steps 500 and 1000,
// ingredient 2 at 500, 1000 and 1500, ingredient 3 at 1000 — two RTN configs swept everywhere. The x
// every checkpoint must get (core/hf/stagelayout.h) is written out by hand below.

#include "core/config/config.h"
#include "core/store/store.h"

#include <QString>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace qs::test {

struct StageFixture
{
    static constexpr const char* runName = "olmo-stages";

    struct Checkpoint
    {
        const char* stage;
        int64_t step;
        double tokens;
        // Where the plot puts it: stage 1 ends at step 3000 and 6B tokens, each ingredient adds its
        // own count to that; in order, each ingredient's first checkpoint follows stage 1's last.
        double xStep;
        double xTokens;
        double xOrder;
    };
    static std::vector<Checkpoint> checkpoints()
    {
        return {{"stage1", 1000, 2e9, 1000, 2e9, 0},
                {"stage1", 2000, 4e9, 2000, 4e9, 1},
                {"stage1", 3000, 6e9, 3000, 6e9, 2},
                {"stage2-ingredient1", 500, 1e9, 3500, 7e9, 3},
                {"stage2-ingredient1", 1000, 2e9, 4000, 8e9, 4},
                {"stage2-ingredient2", 500, 1e9, 3500, 7e9, 3},
                {"stage2-ingredient2", 1000, 2e9, 4000, 8e9, 4},
                {"stage2-ingredient2", 1500, 3e9, 4500, 9e9, 5},
                {"stage2-ingredient3", 1000, 2e9, 4000, 8e9, 3}};
    }
    // The checkpoints of each line the plot draws, in segment order: an ingredient's line starts at
    // stage 1's last checkpoint (2).
    static std::vector<std::vector<int>> lines() { return {{0, 1, 2}, {2, 3, 4}, {2, 5, 6, 7}, {2, 8}}; }
    static int configCount() { return 2; }

    static bool stage1(int k) { return k < 3; }
    // Constant in stage 1, falling linearly to 0 at step 2000 in every ingredient.
    static double lr(int k) { return stage1(k) ? 4e-4 : 4e-4 * (1.0 - double(checkpoints()[size_t(k)].step) / 2000.0); }
    static double fpCe(int k) { return 3.0 - 0.05 * k; }
    static double relCe(int c, int k) { return 0.01 * (c + 1) * (1 + k); }

    static QuantConfig config(int c)
    {
        QuantConfig q;
        q.bits = c == 0 ? 4 : 3;
        q.groupSize = c == 0 ? 32 : -1;
        return q;
    }

    static std::vector<LayerInfo> layers() { return {{"model.layers.0.mlp.down_proj.weight", 0, "down", 16, 48}}; }

    // Writes the store to `path` (which must not exist).
    static void write(const QString& path)
    {
        Store store = Store::create(path.toStdString());
        RunInfo info;
        info.name = runName;
        info.modelConfigJson = ModelConfig {}.toJson();
        info.corpus = "fixture";
        info.schedule = "from log";
        store.createRun(info, layers());
        std::vector<LogRow> log;
        const auto rows = checkpoints();
        for (int k = 0; k < int(rows.size()); ++k) {
            CheckpointRow row;
            row.step = rows[size_t(k)].step;
            row.tokens = int64_t(rows[size_t(k)].tokens);
            row.lr = lr(k);
            row.fpValCe = fpCe(k);
            row.path = std::string(rows[size_t(k)].stage) + "-step" + std::to_string(row.step);
            row.kind = "hf";
            row.stage = rows[size_t(k)].stage;
            store.appendCheckpoint(runName, row);
            if (stage1(k)) // the log is one step axis (hfrun.cpp): stage 1's revisions only
                log.push_back({row.step, row.tokens, row.lr, std::numeric_limits<double>::quiet_NaN()});
        }
        store.appendLog(runName, log);
        for (int c = 0; c < configCount(); ++c) {
            const QuantConfig q = config(c);
            store.ensureConfig(runName, q.id(), q.toJson());
            for (int k = 0; k < int(rows.size()); ++k) {
                ResultEntry entry;
                entry.model["ce"] = fpCe(k) * (1.0 + relCe(c, k));
                entry.model["rel_ce"] = relCe(c, k);
                entry.model["delta_ce"] = relCe(c, k) * fpCe(k);
                entry.layers["w_rel_err"] = {0.05 * (c + 1)};
                store.writeResult(runName, q.id(), k, entry);
            }
        }
    }
};

} // namespace qs::test
