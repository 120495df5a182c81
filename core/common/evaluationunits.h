// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the evaluation of one model against the full-precision reference leaves per evaluation unit (a
// validation sequence of a trained run, an evaluation block of a Hugging Face run), and the model
// metrics with their uncertainty made from it. Both sweeps fill an EvaluationUnits and store
// what modelMetrics() and unitRecords() return, so the numbers and their errors are defined once. No
// Qt, no torch.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace qs {

struct EvaluationUnits
{
    std::vector<double> tokens; // scored tokens of each unit
    std::vector<double> fpCe;   // the FP model's summed CE on them, nats
    std::vector<double> ce;     // the evaluated model's summed CE
    std::vector<double> kl;     // summed KL(P_fp ‖ P_q)
    std::vector<double> top1;   // tokens whose most likely next token is the FP one
    // KL per token and each token's unit, for the quantiles; empty for the FP reference itself (KL 0).
    std::vector<float> tokenKl;
    std::vector<std::uint32_t> tokenUnit;

    std::size_t units() const { return tokens.size(); }
    // The FP reference evaluated against itself: its CE, KL 0, every top-1 the same.
    static EvaluationUnits reference(std::vector<double> tokens, std::vector<double> fpCe);
};

// metrics.h's model metrics (ce, fp_ce, delta_ce, rel_ce, ppl, kl_mean, kl_median, kl_p99, top1_agree),
// eval_units, and the uncertainty of each: standard errors over units (ΔCE and relative CE paired, the
// same tokens under both models; ppl's by the delta method) and 95 % bootstrap intervals over units for
// KL's median and 99th percentile (1,000 resamples, seed 1: the same units give the same interval).
// Throws qs::ConfigError when the per-unit vectors differ in length or there are no units.
std::map<std::string, double> modelMetrics(const EvaluationUnits& units);

// The per-unit sums stored under units/ (metrics::units): tokens, ce, fp_ce, kl, top1.
std::map<std::string, std::vector<double>> unitRecords(const EvaluationUnits& units);

} // namespace qs
