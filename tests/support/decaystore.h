// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A run whose quantization error follows the LR decay: 14 checkpoints every 100 steps, 4096 tokens
// per step; warmup at checkpoint 0, peak LR 2e-3 from checkpoint 1, linear decay over the last 5
// checkpoints to 0. One RTN config whose ΔCE is 0.002 + 0.03·u (u = 1 − LR/peak) plus a wobble
// that does not follow u.

#include "core/config/config.h"
#include "core/store/store.h"

#include <QString>

#include <cmath>
#include <map>
#include <string>
#include <vector>

namespace qs::test {

struct DecayStore
{
    static constexpr int checkpoints = 14;
    static constexpr double peakLr = 2e-3;
    static constexpr const char* run = "decay";

    static double lr(int k)
    {
        if (k == 0)
            return 2e-4;
        const int intoDecay = k - (checkpoints - 1 - 5);
        return intoDecay > 0 ? peakLr * (1.0 - intoDecay / 5.0) : peakLr;
    }
    static double u(int k) { return 1.0 - lr(k) / peakLr; }
    static double trend(int k) { return 0.002 + 0.03 * u(k); }
    static double delta(int k) { return trend(k) + 0.0003 * std::sin(1.7 * k); }
    static qint64 tokens(int k) { return qint64(100 * k) * 4096; }
    static QuantConfig config() { return QuantConfig::parse("rtn:4:g128:sym"); }

    // Per-unit sums of checkpoint k when written `withUnits`: 50 units of 100 tokens, the FP model's CE
    // per unit varying by unit, the quantized one delta(k) per token above it plus a noise of 0.002 per
    // token that differs between checkpoints (fixed seed per k).
    static std::map<std::string, std::vector<double>> units(int k)
    {
        std::map<std::string, std::vector<double>> u;
        for (int i = 0; i < 50; ++i) {
            const double fp = 100.0 * (3.0 + 0.2 * std::sin(0.9 * i));
            const double noise = 0.002 * std::sin(12.9898 * (i + 1) * (k + 3));
            u["tokens"].push_back(100.0);
            u["fp_ce"].push_back(fp);
            u["ce"].push_back(fp + 100.0 * (delta(k) + noise));
            u["kl"].push_back(100.0 * delta(k));
            u["top1"].push_back(95.0);
        }
        return u;
    }

    static void write(const QString& path, bool withUnits = false)
    {
        Store store = Store::create(path.toStdString());
        RunInfo info;
        info.name = run;
        info.modelConfigJson = ModelConfig {}.toJson();
        info.trainConfigJson = "{}";
        info.corpus = "test";
        info.schedule = "wsd";
        store.createRun(info, {{"model.layers.0.mlp.down_proj.weight", 0, "down", 128, 384}});
        store.ensureConfig(run, config().id(), config().toJson());
        for (int k = 0; k < checkpoints; ++k) {
            CheckpointRow row;
            row.step = 100 * int64_t(k);
            row.tokens = tokens(k);
            row.lr = lr(k);
            row.fpValCe = 3.0 - 0.1 * k;
            store.appendCheckpoint(run, row);
            ResultEntry entry;
            entry.model = {{"ce", row.fpValCe + delta(k)}, {"delta_ce", delta(k)}};
            entry.layers["w_rel_err"] = {0.1};
            if (withUnits)
                entry.units = units(k);
            store.writeResult(run, config().id(), k, entry);
        }
    }
};

} // namespace qs::test
