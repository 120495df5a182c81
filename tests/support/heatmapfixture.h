// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// MetricsFixture (storefixture.h) plus the configs the breakdown page's W4A4 decomposition looks for,
// every value given by a closed form below.
//
// Configs in store order:
//   0 "fp"                  the FP reference (activation statistics)
//   1 "rtn_w4_g32_sym"      MetricsFixture config 0: weight-only (W4A16)
//   2 "rtn_w3_pc_sym"       MetricsFixture config 1, not swept at checkpoint 2
//   3 "fp_a4"               MetricsFixture config 2: activation-only (W16A4)
//   4 "rtn_w4_g32_sym_a4"   both (W4A4): completes the trio {1, 3, 4}
//   5 "rtn_w3_pc_sym_a8"    both for the W3 weights at A8, but the run has no W16A8: no trio
//
// Layers: 0 = block 0 q, 1 = block 0 down, 2 = block 1 q, 3 = block 1 down; checkpoints at steps
// 0, 50, 99.

#include "tests/support/storefixture.h"

namespace qs::test {

struct HeatmapFixture : MetricsFixture
{
    static constexpr int weightOnlyIndex = 1;
    static constexpr int w3Index = 2;
    static constexpr int activationOnlyIndex = 3;
    static constexpr int bothIndex = 4;
    static constexpr int orphanIndex = 5;

    static QuantConfig both() { return QuantConfig::parse("rtn:4:g32:sym:a4"); }
    static QuantConfig orphan() { return QuantConfig::parse("rtn:3:pc:sym:a8"); }

    // W4A4 at checkpoint k: 1.125 × (W4A16 + W16A4) in KL, 1.25 × in ΔCE.
    static double bothKlMean(int k) { return 0.0045 * (k + 1); }
    static double bothDeltaCe(int k) { return 0.05 * (1 + 2 * k) * fpCe(k); }
    static double bothWRelErr(int k, int layer) { return 0.06 + 0.01 * layer + 0.001 * k; }
    static double bothSqnrDb(int k, int layer) { return 10.0 + layer - k; }

    static void write(const QString& path)
    {
        MetricsFixture::write(path);
        Store store = Store::open(path.toStdString(), Store::Mode::ReadWrite);
        const QuantConfig w4a4 = both();
        store.ensureConfig(runName, w4a4.id(), w4a4.toJson());
        for (int k = 0; k < checkpointCount(); ++k) {
            ResultEntry entry;
            entry.model = {{"kl_mean", bothKlMean(k)}, {"delta_ce", bothDeltaCe(k)}};
            for (int l = 0; l < layerCount(); ++l) {
                entry.layers["w_rel_err"].push_back(bothWRelErr(k, l));
                entry.layers["sqnr_db"].push_back(bothSqnrDb(k, l));
            }
            // Per-layer sensitivity: the Fisher estimate ranks the layers 1 3 4 2 where the measured
            // leave-one-in KL ranks them 1 4 2 3 (Spearman ρ = 1 − 6·6 / (4·15) = 0.4).
            entry.layers["loi_kl"] = {0.01 + k, 0.04 + k, 0.02 + k, 0.03 + k};
            entry.layers["fisher_est"] = {0.1, 0.3, 0.4, 0.2};
            store.writeResult(runName, w4a4.id(), k, entry);
        }
        const QuantConfig w3a8 = orphan();
        store.ensureConfig(runName, w3a8.id(), w3a8.toJson());
        for (int k = 0; k < checkpointCount(); ++k) {
            ResultEntry entry;
            entry.model = {{"kl_mean", 0.02}, {"delta_ce", 0.1}};
            entry.layers["w_rel_err"] = std::vector<double>(size_t(layerCount()), 0.2);
            store.writeResult(runName, w3a8.id(), k, entry);
        }
    }
};

} // namespace qs::test
