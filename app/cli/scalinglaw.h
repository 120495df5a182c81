// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The law a scaling command names, shared by `query` and `figure --view scaling`: a JSON file (fit
// --out), a fit saved in a store, or a law with published coefficients only; and its inputs N, D, G,
// bits, f. The options are in lawOptions() / lawInputOptions() (commands.h).

#include "core/scalinglaws/laws.h"
#include "core/scalinglaws/query.h"

namespace qs::cli {

class Arguments;

// --law-file, --store with --fit, or --law [--variant] [--preset]; BadUsage when none is given.
scaling::Law lawFromArguments(const Arguments& args);
// --law, --variant, --preset: a law with published coefficients.
scaling::Law publishedLaw(const Arguments& args);
// --N, --D, --G, --bits, --f; NaN for those not given.
scaling::Inputs lawInputs(const Arguments& args);

} // namespace qs::cli
