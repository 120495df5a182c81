#pragma once

// A run whose quantization error follows the LR decay: 14 checkpoints every 100 steps, 4096 tokens
// per step; warmup at checkpoint 0, peak LR 2e-3 from checkpoint 1, linear decay over the last 5
// checkpoints to 0. One RTN config whose ΔCE is 0.002 + 0.03·u (u = 1 − LR/peak) plus a wobble
// that does not follow u.

#include "core/data/config.h"
#include "core/data/store.h"

#include <QString>

#include <cmath>

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

    static void write(const QString& path)
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
            row.step = 100 * k;
            row.tokens = tokens(k);
            row.lr = lr(k);
            row.fpValCe = 3.0 - 0.1 * k;
            store.appendCheckpoint(run, row);
            ResultEntry entry;
            entry.model = {{"ce", row.fpValCe + delta(k)}, {"delta_ce", delta(k)}};
            entry.layers["w_rel_err"] = {0.1};
            store.writeResult(run, config().id(), k, entry);
        }
    }
};

} // namespace qs::test
