// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A small results store written straight through qs::Store, with every value given by a closed
// form below, so GUI and model tests check what they show against numbers they did not compute.
//
// One run "fixture-wsd": 100 logged steps of a WSD schedule (warmup 10, stable to step 79, linear
// decay to 0 at step 99), validation every 25 steps, 3 checkpoints (steps 0, 50, 99), 4 layers, 2 RTN
// configs. Config 1 has no result at checkpoint 2 (not swept yet).
//
// TwoRunFixture: that run and a second one, for overlays.
//
// MetricsFixture: the same run as a current sweep writes it, with the FP reference config "fp" and
// the accuracy metrics (KL, top-1 agreement, per-layer SQNR, input activation statistics).

#include "core/config/config.h"
#include "core/store/store.h"

#include <QString>

#include <cmath>
#include <vector>

namespace qs::test {

struct StoreFixture
{
    static constexpr const char* runName = "fixture-wsd";
    static constexpr int steps = 100;
    static constexpr double peakLr = 3e-3;
    static constexpr int lastStableStep = 79;
    static constexpr int tokensPerStep = 2048;

    static std::vector<int> checkpointSteps() { return {0, 50, 99}; }
    static int checkpointCount() { return 3; }
    static int layerCount() { return 4; }
    static int configCount() { return 2; }

    static double lr(int step)
    {
        if (step < 10)
            return peakLr * (step + 1) / 10.0;
        if (step <= lastStableStep)
            return peakLr;
        return peakLr * (steps - 1 - step) / double(steps - 1 - lastStableStep);
    }
    static qint64 tokens(int step) { return qint64(step + 1) * tokensPerStep; }
    static double trainLoss(int step) { return 5.5 - 0.03 * step; }
    static std::vector<int> validationSteps() { return {0, 25, 50, 75, 99}; }
    static double valLoss(int step) { return 5.6 - 0.031 * step; }
    static double fpCe(int checkpoint) { return 5.0 - 1.5 * checkpoint; } // 5.0, 3.5, 2.0

    static std::vector<LayerInfo> layers()
    {
        return {{"model.layers.0.self_attn.q_proj.weight", 0, "q", 16, 16},
                {"model.layers.0.mlp.down_proj.weight", 0, "down", 16, 48},
                {"model.layers.1.self_attn.q_proj.weight", 1, "q", 16, 16},
                {"model.layers.1.mlp.down_proj.weight", 1, "down", 16, 48}};
    }

    static QuantConfig config(int c)
    {
        QuantConfig q;
        q.bits = c == 0 ? 4 : 3;
        q.groupSize = c == 0 ? 32 : -1;
        return q;
    }

    static bool done(int c, int checkpoint) { return !(c == 1 && checkpoint == 2); }
    // Damage rises along training and is larger at 3 bits.
    static double relCe(int c, int checkpoint) { return 0.01 * (c + 1) * (1 + 2 * checkpoint); }
    static double deltaCe(int c, int checkpoint) { return relCe(c, checkpoint) * fpCe(checkpoint); }
    static double wRelErr(int c, int checkpoint, int layer)
    {
        return 0.05 * (c + 1) + 0.01 * layer + 0.001 * checkpoint;
    }

    // Writes the store to `path` (which must not exist).
    static void write(const QString& path)
    {
        Store store = writeRun(path);
        for (int c = 0; c < configCount(); ++c) {
            const QuantConfig q = config(c);
            store.ensureConfig(runName, q.id(), q.toJson());
            for (int k = 0; k < checkpointCount(); ++k) {
                if (done(c, k))
                    store.writeResult(runName, q.id(), k, ceEntry(c, k));
            }
        }
    }

    // The CE metrics and weight errors of config `c` at checkpoint `k`.
    static ResultEntry ceEntry(int c, int k)
    {
        ResultEntry entry;
        entry.model["ce"] = fpCe(k) * (1.0 + relCe(c, k));
        entry.model["rel_ce"] = relCe(c, k);
        entry.model["delta_ce"] = deltaCe(c, k);
        std::vector<double> err;
        for (int l = 0; l < layerCount(); ++l)
            err.push_back(wRelErr(c, k, l));
        entry.layers["w_rel_err"] = err;
        return entry;
    }

    // Creates the store at `path` with the run, its log, validation and checkpoints, and no configs.
    static Store writeRun(const QString& path)
    {
        Store store = Store::create(path.toStdString());
        addRun(store, runName);
        return store;
    }

    // Adds run `name` with the fixture's log, validation and checkpoints, and no configs.
    static void addRun(Store& store, const std::string& name)
    {
        RunInfo info;
        info.name = name;
        info.modelConfigJson = ModelConfig {}.toJson();
        TrainConfig train;
        train.steps = steps - 1; // the log runs from step 0 to the last step, steps - 1
        info.trainConfigJson = train.toJson();
        info.corpus = "fixture";
        info.schedule = "wsd";
        store.createRun(info, layers());

        std::vector<LogRow> log;
        for (int s = 0; s < steps; ++s)
            log.push_back({s, tokens(s), lr(s), trainLoss(s)});
        store.appendLog(name, log);
        std::vector<ValRow> val;
        for (int s : validationSteps())
            val.push_back({s, tokens(s), valLoss(s)});
        store.appendValidation(name, val);

        for (int k = 0; k < checkpointCount(); ++k) {
            const int s = checkpointSteps()[size_t(k)];
            CheckpointRow row;
            row.step = s;
            row.tokens = tokens(s);
            row.lr = lr(s);
            row.fpValCe = fpCe(k);
            row.path = "checkpoints/step" + std::to_string(s) + ".safetensors";
            store.appendCheckpoint(name, row);
        }
    }
};

// StoreFixture's run and a second run "fixture-b" with the same log and checkpoints, swept with the
// same two configs at every checkpoint: relative CE 0.05·(c + 1) + 0.02·k (CE metrics only).
struct TwoRunFixture : StoreFixture
{
    static constexpr const char* secondRun = "fixture-b";

    static double relCeB(int c, int k) { return 0.05 * (c + 1) + 0.02 * k; }

    static void write(const QString& path)
    {
        StoreFixture::write(path);
        Store store = Store::open(path.toStdString(), Store::Mode::ReadWrite);
        addRun(store, secondRun);
        for (int c = 0; c < configCount(); ++c) {
            const QuantConfig q = config(c);
            store.ensureConfig(secondRun, q.id(), q.toJson());
            for (int k = 0; k < checkpointCount(); ++k) {
                ResultEntry entry;
                entry.model["ce"] = fpCe(k) * (1.0 + relCeB(c, k));
                entry.model["rel_ce"] = relCeB(c, k);
                entry.model["delta_ce"] = relCeB(c, k) * fpCe(k);
                entry.layers["w_rel_err"] = std::vector<double>(size_t(layerCount()), 0.1 * (c + 1));
                store.writeResult(secondRun, q.id(), k, entry);
            }
        }
    }
};

struct MetricsFixture : StoreFixture
{
    // Quantized configs: the two of StoreFixture and activations-only W16A4, which is not the FP
    // reference and must be drawn. The store lists "fp" as well.
    static int quantizedCount() { return 3; }
    static QuantConfig config(int c) { return c < 2 ? StoreFixture::config(c) : QuantConfig::parse("none:a4"); }
    static bool done(int c, int checkpoint) { return StoreFixture::done(c, checkpoint); }

    static double klMean(int c, int k) { return 0.001 * (c + 1) * (k + 1); }
    static double klP99(int c, int k) { return 0.02 * (c + 1) * (k + 1); }
    static double top1Agree(int c, int k) { return 1.0 - 0.01 * (c + 1) * (k + 1); }
    // Layer output SQNR; layer 3 of config 0 is left unquantized (NaN) at checkpoint 1.
    static double sqnrDb(int c, int k, int layer)
    {
        if (c == 0 && k == 1 && layer == 3)
            return std::nan("");
        return 24.0 + 2.0 * layer - 4.0 * c - 2.0 * k;
    }
    // Input activation statistics of the FP reference.
    static double actKurtosis(int k, int layer) { return 3.0 + layer + 0.5 * k; }
    static double actAbsmax(int k, int layer) { return 2.0 + layer + k; }
    static double actAbsmaxMedian(int k, int layer) { return 10.0 * (layer + 1) + k; }
    static double actOutliers(int k, int layer) { return double((layer + k) % 3); }

    static void write(const QString& path)
    {
        Store store = writeRun(path);
        const QuantConfig fp = QuantConfig::fullPrecision();
        store.ensureConfig(runName, fp.id(), fp.toJson());
        for (int k = 0; k < checkpointCount(); ++k) {
            ResultEntry entry;
            entry.model = {{"ce", fpCe(k)},  {"fp_ce", fpCe(k)}, {"delta_ce", 0.0}, {"rel_ce", 0.0},
                           {"kl_mean", 0.0}, {"kl_median", 0.0}, {"kl_p99", 0.0},   {"top1_agree", 1.0}};
            for (int l = 0; l < layerCount(); ++l) {
                entry.layers["w_rel_err"].push_back(0.0);
                entry.layers["sqnr_db"].push_back(std::nan(""));
                entry.layers["act_kurtosis"].push_back(actKurtosis(k, l));
                entry.layers["act_absmax"].push_back(actAbsmax(k, l));
                entry.layers["act_absmax_median"].push_back(actAbsmaxMedian(k, l));
                entry.layers["act_outliers"].push_back(actOutliers(k, l));
            }
            store.writeResult(runName, fp.id(), k, entry);
        }
        for (int c = 0; c < quantizedCount(); ++c) {
            const QuantConfig q = config(c);
            store.ensureConfig(runName, q.id(), q.toJson());
            for (int k = 0; k < checkpointCount(); ++k) {
                if (!done(c, k))
                    continue;
                ResultEntry entry = ceEntry(c, k);
                entry.model["kl_mean"] = klMean(c, k);
                entry.model["kl_median"] = klMean(c, k) / 2.0;
                entry.model["kl_p99"] = klP99(c, k);
                entry.model["top1_agree"] = top1Agree(c, k);
                for (int l = 0; l < layerCount(); ++l)
                    entry.layers["sqnr_db"].push_back(sqnrDb(c, k, l));
                store.writeResult(runName, q.id(), k, entry);
            }
        }
    }
};

} // namespace qs::test
