// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Scaling-law CSV data (core/scalinglaws/data.h): parsing, then the checks of every law and fit target and
// the direct QAT fractions.

#include "core/scalinglaws/data.h"
#include "fuzz/fuzzutil.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace qs::scaling;
    qs::fuzz::expectError([&] {
        const ScalingData points = parseScalingCsv(qs::fuzz::text(data, size), "points.csv");
        for (const LawKind law : {LawKind::Chinchilla, LawKind::W4A4, LawKind::Qat}) {
            for (const FitTarget target : {FitTarget::Auto, FitTarget::Loss, FitTarget::Delta}) {
                qs::fuzz::expectError([&] {
                    resolveTarget(law, target, points);
                    validateScalingData(points, law, target);
                });
            }
        }
        directQatFractions(points);
    });
    return 0;
}
