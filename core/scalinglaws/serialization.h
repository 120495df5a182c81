// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A law with its coefficients (values, sources, references, CIs) and fit metadata as JSON, the form
// the CLI prints and the store keeps. Layout (version 1):
// {
//   "format": "quantscope-scaling-law", "version": 1,
//   "law": "w4a4", "variant": "w4a16",            // "variant" only for w4a4 laws
//   "coefficients": [
//     {"name": "k", "value": 12.5, "source": "fit", "reference": "fit to data.csv (…)",
//      "ci95": [11.9, 13.2]},                       // ci95 null without an interval
//     {"name": "gamma_D", "value": 0.161, "source": "published", "reference": "Chen et al. …", "ci95": null},
//     {"name": "gamma_N", "value": null, "source": "unset", "reference": "", "ci95": null}, …
//   ],
//   "fit": {"data_source": …, "target": "delta", "points": 300, "held_out_points": 20,
//           "rejected_points": 0, "train_mre": 0.004, "held_out_mre": 0.005, "huber_delta": 0.001,
//           "objective": …, "starts": 256, "starts_converged": 256, "bootstrap_resamples": 100,
//           "bootstrap_converged": 100, "converged": true, "message": "", "date": "2026-…Z"}  // or null
// }
// Numbers are written with full double precision (round trip exact); NaN becomes null.

#include "core/scalinglaws/laws.h"

#include <string>
#include <string_view>

namespace qs::scaling {

std::string lawToJson(const Law& law, int indent = 2);

// Reads the layout above. Coefficients missing from the JSON keep the defaults of Law::chinchilla /
// w4a4(variant) / qat (published values where there are any, else unset). qs::FormatError naming the
// field for invalid JSON, another format or a newer version, an unknown law, variant, source or
// coefficient name, a value that is not a number, a set source without a value, a 95 % interval whose
// low end is above its high end, a fit count that is not a whole number in [0, 2^31 − 1] (converged
// starts and resamples at most their totals), or a fit statistic below zero (huber_delta: not > 0).
Law lawFromJson(std::string_view json);

// What lawFromJson finds wrong with `json` (its FormatError's message), or "" when it reads: the law
// check of a store check (core/store/storecheck.h, StoreCheckOptions::checkLaw).
std::string lawJsonProblem(const std::string& json);

} // namespace qs::scaling
