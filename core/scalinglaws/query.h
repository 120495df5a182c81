// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What-if questions to a (fitted) law: predict a quantity, solve for the input that reaches a target,
// the best bit width and model size under a memory budget, and sweeps for plots and tables.
//
// Inputs are N (parameters), D (total tokens), G (group size), bits (weight bits B) and the QAT
// fraction f = D_qat / D of the QAT law (D_fp = (1 − f)·D, D_qat = f·D). Each quantity needs only
// the inputs and coefficients its formula uses; a missing input or an unset coefficient is a
// qs::ConfigError that names it.

#include "core/scalinglaws/data.h"
#include "core/scalinglaws/laws.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace qs::scaling {

enum class Quantity
{
    Loss,                   // chinchilla L(N, D); w4a4 L(N, D) + δ(N, D, G); qat L(N, D_fp, D_qat, B)
    FpLoss,                 // the Chinchilla part E + A/N^α + B/D^β (any law)
    Delta,                  // w4a4 δ(N, D, G); qat δ(N, D_fp, D_qat, B)
    EffectiveFraction,      // w4a4: eff = N_eff / N
    EffectiveParameters,    // w4a4: N_eff = eff·N
    OptimalQatFraction,     // qat: f* = argmin_f L (needs N, D, bits)
    DirectQatFraction,      // qat: f̂ = exp(−a_f / ln S) (needs N, D, bits; S > 1)
    TokensPerParameterByte, // S = D / (N·bits/8) (any law)
};
std::string quantityName(Quantity q);             // "loss", "fp_loss", "delta", "eff", "n_eff", "f_star", "f_hat", "S"
Quantity quantityFromName(std::string_view name); // throws qs::ConfigError listing the names

enum class Variable
{
    N,
    D,
    G,
    Bits,
    QatFraction
};
std::string variableName(Variable v);             // "N", "D", "G", "bits", "f"
Variable variableFromName(std::string_view name); // case-insensitive; throws qs::ConfigError
// N, D and G are searched and swept on a log scale by default; bits and f on a linear one.
bool isLogVariable(Variable v);

struct Inputs
{
    double N = kNaN, D = kNaN, G = kNaN, bits = kNaN, qatFraction = kNaN;

    double get(Variable v) const;
    void set(Variable v, double value);
};

// The inputs of a data point (for overlays and residuals): N, D, G, bits, and f = D_qat / (D_fp + D_qat)
// when the point has both.
Inputs inputsOf(const ScalingPoint& point);

double predict(const Law& law, Quantity quantity, const Inputs& inputs);

struct Solution
{
    double value = kNaN;    // the variable's value
    double achieved = kNaN; // predict() there (equals the target to ~1e-12 relative)
};
// The value of `variable` in [lo, hi] at which `quantity` equals `target`, the other inputs held.
// The range is scanned at 200 points (log-spaced for N, D, G) for the first sign change of
// quantity − target, then refined by Brent's method until the bracket is below 1e-14 relative. No
// crossing in the range: qs::ConfigError naming the quantity, the range and the values it spans there.
Solution solve(const Law& law, Quantity quantity, double target, const Inputs& inputs, Variable variable, double lo,
               double hi);

// Optimal bit width and model size of the QAT law under a weight-memory budget (bytes = N·bits/8) and a
// token budget D, or a compute budget C ≈ 6·N·D (then D = C / (6N)).
struct BudgetQuery
{
    double memoryBytes = kNaN; // required: N·bits/8 ≤ memoryBytes
    double tokens = kNaN;      // give exactly one of tokens and flops
    double flops = kNaN;
    double qatFraction = kNaN; // NaN: every candidate trains with its own optimal QAT fraction f*
    std::vector<double> bits = {1, 2, 3, 4, 6, 8, 16};
    double minN = 1e6; // smallest model considered
};

struct BudgetCandidate
{
    double bits = kNaN;
    double N = kNaN; // best N for these bits (≤ 8·memoryBytes / bits)
    double D = kNaN;
    double qatFraction = kNaN;
    double loss = kNaN;
    double delta = kNaN;
    bool memoryBound = false; // the best N is the largest the memory allows
    bool feasible = false;    // false: not even minN fits in memory at these bits
};

struct BudgetResult
{
    std::vector<BudgetCandidate> candidates; // one per bit width, in query order
    size_t best = 0;                         // index of the lowest loss
};

// Per bit width, the loss is minimised over log N ∈ [log minN, log(8·memory/bits)]: a 161-point grid,
// then golden-section search on the cells around the best grid point to |Δ log N| ≤ 1e-9. Needs a
// QAT law with every coefficient but a_f set (else qs::ConfigError naming the unset ones).
BudgetResult optimalBitsAndSize(const Law& law, const BudgetQuery& query);

struct SweepTable
{
    Variable variable = Variable::N;
    std::vector<Quantity> quantities;
    std::vector<double> x;                   // the swept values
    std::vector<std::vector<double>> values; // [quantity][step]; NaN where the quantity is undefined
};

// `steps` values of `variable` from `from` to `to` (ends included; log-spaced when logScale), the
// other inputs from `base`. A point where a quantity is undefined (e.g. f̂ at S ≤ 1, D_fp = 0 at
// f = 1) holds NaN; when it is undefined everywhere (missing input, unset coefficient) the error of
// the first point is thrown.
SweepTable sweep(const Law& law, std::span<const Quantity> quantities, const Inputs& base, Variable variable,
                 double from, double to, int steps, bool logScale);

} // namespace qs::scaling
