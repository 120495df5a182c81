// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The W4A4 decomposition of "Scaling Law for Quantization-Aware Training" (Chen et al. 2025): the damage of quantizing
// weights only (W4A16), activations only (W16A4) and both (W4A4) at one checkpoint, with the sum of the first two to
// compare the third with (δ_W4A4 ≈ δ_W4A16 + δ_W16A4). Three configs of one sweep make it; this finds them in a run and
// reads their model metrics.

#include "itemmodels/storesnapshot.h"

#include <string>
#include <vector>

namespace qs {

// The three configs of the W4A4 decomposition that go with one config: same weight quantizer
// (method, bits, group, grid, GPTQ options) and no activation quantization; no weight quantization
// ("none") and the same activation bits and grouping; and both. Indices into the run's configs.
struct DecompositionTrio
{
    int weightOnly = -1;
    int activationOnly = -1;
    int both = -1;

    bool isValid() const { return weightOnly >= 0 && activationOnly >= 0 && both >= 0; }
    bool operator==(const DecompositionTrio&) const = default;

    // The trio around config `configIndex` of `run`, mixed-precision rules ignored (the trio members
    // have none). The selected config's weight settings and, when it quantizes activations, its
    // activation settings fix the trio; a weight-only or activation-only config takes the first
    // matching "both" config of the run. Invalid (all −1 or partly found) when a member is missing.
    static DecompositionTrio find(const RunSnapshot& run, int configIndex);
};

// One model metric of the trio at one checkpoint; NaN where a member has no value.
struct DecompositionValues
{
    double weightOnly;
    double activationOnly;
    double both;

    // weight-only + activation-only: what `both` would be if the two damages added up.
    double sum() const { return weightOnly + activationOnly; }
    // both / sum(); NaN when either is not finite or the sum is 0.
    double ratio() const;
};

// The model metrics the decomposition shows, in this order: KL mean (the one above the noise floor
// for small models, shown alone in a paper figure), then ΔCE.
const std::vector<std::string>& decompositionMetrics();

// Model metric `metric` of the valid `trio` of `run` at `checkpoint` (all NaN for an invalid trio).
DecompositionValues decompositionValues(const RunSnapshot& run, const DecompositionTrio& trio,
                                        const std::string& metric, int checkpoint);

} // namespace qs
