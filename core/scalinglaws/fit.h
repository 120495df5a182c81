// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Fitting a scaling law to data points, the standard way of Chinchilla's "approach 3" (Hoffmann et al. 2022, "Training
// Compute-Optimal Large Language Models"): Huber loss on log residuals, L-BFGS from a grid of starts, bootstrap
// confidence intervals.
//
// Residuals: r = log ŷ − log y with y the loss (target Loss) or δ (target Delta), summed over the
// training points (held-out points only get the reported error). Each law is written as
// log ŷ = LSE_j(u_j), a log-sum-exp of terms linear in the optimiser's parameters θ:
//   chinchilla:  u = {e, a − α·log N, b − β·log D}            (e = log E, a = log A, b = log B)
//   w4a4 δ:      u = {log k − γN·log N + γD·log D + γG·log log2 G}   (a single term: convex in θ)
//   qat δ:       u = {log θ − κB·ln 2,
//                     log φ − χB·ln 2 − ψ·log N − ω·log S_qat,
//                     log λ − μB·ln 2 − ν·log N − ξ·log S_fp − ρ·log S_qat}
//   loss target of w4a4 / qat: the Chinchilla terms plus the δ terms.
// Positive prefactors (E, A, B, k, θ, φ, λ) are optimised as their logarithms, exponents as they are.
//
// Which coefficients are free: those that enter the target's terms and are Unset or came from a fit;
// Published and UserEdit ones stay fixed unless named in FitOptions::freeCoefficients (and any can be
// held with FitOptions::fixedCoefficients).
//
// Starts: a grid of `gridValues` equally spaced values per free parameter over these ranges (θ space,
// ends included), in lexicographic order with the first parameter varying slowest:
//   log E [−1, 1], log A [0, 25], log B [0, 25], α [0, 2], β [0, 2]   (Hoffmann/Besiroglu's ranges)
//   log k [−5, 15], γN [0, 1], γD [0, 1], γG [0, 2]
//   log θ [−8, 0], κ [0, 2], log φ [−5, 15], χ [0, 2], ψ [0, 1], ω [0, 1],
//   log λ [−5, 15], μ [0, 2], ν [0, 1], ξ [0, 1], ρ [0, 1]
// When the grid has more than `maxStarts` points (e.g. 4^11 for the QAT δ), `maxStarts` distinct grid
// points are drawn with the generator below, seeded with seed + 1. Every start runs L-BFGS; the
// lowest objective wins.
//
// Bootstrap: `bootstrapResamples` resamples of the training points, n draws with replacement each,
// index = SplitMix64(seed) mod n (one generator stream over all resamples, resample-major); each
// resample is refitted from the best optimum; CIs are the 2.5 and 97.5 percentiles (linear
// interpolation between order statistics, numpy's default) of the converged refits, per coefficient.

#include "core/common/progress.h"
#include "core/scalinglaws/data.h"
#include "core/scalinglaws/laws.h"
#include "core/scalinglaws/lbfgs.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace qs::scaling {

struct FitOptions
{
    FitTarget target = FitTarget::Auto;
    double huberDelta = 1e-3;
    int gridValues = 4;           // starting values per free parameter (≥ 1; 1 = the middle of each range)
    int maxStarts = 1024;         // cap on the starts (random subset of the grid above it)
    int bootstrapResamples = 100; // 0 = no confidence intervals
    uint64_t seed = 20240101;     // start subset and bootstrap draws
    // Tighter than scipy's defaults: the optimum must be reproducible to ~1e-6 relative.
    LbfgsOptions lbfgs = {.maxIterations = 2000,
                          .maxEvaluations = 20000,
                          .history = 10,
                          .gradientTolerance = 1e-10,
                          .functionTolerance = 1e-15,
                          .maxLineSearchEvaluations = 30};
    std::vector<std::string> freeCoefficients;  // fit these even if published or user-set
    std::vector<std::string> fixedCoefficients; // keep these (they must be set)
    // A fit whose best start did not converge throws qs::Error unless this is true; then the result
    // comes back flagged (FitInfo::converged false, FitInfo::message says why).
    bool allowUnconverged = false;
    int threads = 0;        // worker threads for starts and resamples; 0 = hardware concurrency
    std::string dataSource; // for FitInfo; empty = ScalingData::source
    Progress progress;      // called from the calling thread only; false → qs::Cancelled
};

// The objective of one law on one data set in the optimiser's parameters θ. Immutable once built;
// evaluate() may run on several threads at once.
class FitProblem
{
public:
    // Validates the data (validateScalingData), resolves the target, decides free and fixed
    // coefficients and leaves out δ ≤ 0 points of a Delta fit. qs::ConfigError when a fixed
    // coefficient it needs is unset, nothing is free, a free exponent's variable does not vary over
    // the training points (e.g. γG with one group size), or there are not more training points than
    // free parameters.
    FitProblem(const Law& law, const ScalingData& data, const FitOptions& options);

    FitTarget target() const { return m_target; }
    // Free coefficients in θ order (the law's coefficient order).
    const std::vector<std::string>& parameterNames() const { return m_names; }
    size_t size() const { return m_names.size(); }
    bool isLogParameter(size_t i) const { return m_isLog[i]; }
    double huberDelta() const { return m_huber; }

    // Indices into data.points of the training and held-out points used, and how many δ ≤ 0 points
    // were left out.
    const std::vector<size_t>& trainingPoints() const { return m_trainIndex; }
    const std::vector<size_t>& heldOutPoints() const { return m_heldIndex; }
    int rejectedPoints() const { return m_rejected; }

    // Σ_i w_i·Huber(log ŷ_i − log y_i) over the training points, and its gradient in grad (size()).
    // weights: one per training point (bootstrap multiplicities), empty = all 1.
    double evaluate(std::span<const double> theta, std::span<double> grad, std::span<const double> weights = {}) const;
    // ŷ (loss or δ) of every used point: training points first, then held-out points.
    std::vector<double> predict(std::span<const double> theta) const;
    // y of every used point, same order.
    std::vector<double> observed() const;

    // θ ↔ coefficient values of the free parameters.
    std::vector<double> parametersOf(const Law& law) const; // the free coefficients must be set
    double coefficientValue(size_t i, double theta) const { return m_isLog[i] ? std::exp(theta) : theta; }

    // Start ranges in θ space per free parameter, and the starting points of the scheme above.
    std::vector<std::pair<double, double>> startRanges() const;
    std::vector<std::vector<double>> startingPoints(int gridValues, int maxStarts, uint64_t seed) const;

private:
    struct Entry
    {
        size_t param; // index into θ
        int feature;  // feature column (kOne for a log prefactor)
    };
    struct Term
    {
        std::vector<double> offset; // fixed coefficients' contribution per used point
        std::vector<Entry> entries; // free parameters
    };

    const double* featureColumn(int feature) const { return m_features.data() + size_t(feature) * m_used; }

    FitTarget m_target = FitTarget::Loss;
    double m_huber = 1e-3;
    std::vector<std::string> m_names;
    std::vector<bool> m_isLog;
    std::vector<std::pair<double, double>> m_ranges;
    std::vector<size_t> m_trainIndex, m_heldIndex;
    int m_rejected = 0;
    size_t m_used = 0, m_train = 0; // used points; the first m_train are training points
    std::vector<double> m_features; // feature-major, m_used per feature
    std::vector<double> m_logY;
    std::vector<Term> m_terms;
};

// SplitMix64 (Steele, Lea & Flood 2014): the generator behind start subsets and bootstrap draws, simple
// enough to reproduce bit for bit elsewhere (bench/bench_scaling_fit.py does).
class SplitMix64
{
public:
    explicit SplitMix64(uint64_t seed)
        : m_state(seed)
    {
    }
    uint64_t next()
    {
        uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

private:
    uint64_t m_state;
};

// Multiplicity of each of n points in each of `resamples` bootstrap resamples (the scheme above).
std::vector<std::vector<double>> bootstrapWeights(size_t n, int resamples, uint64_t seed);

// The q-th percentile (q in [0, 100]) of values, linear interpolation between order statistics
// (numpy's default); NaN for no values.
double percentile(std::vector<double> values, double q);

struct FitResult
{
    Law law;      // the input law with the fitted coefficients (Source::Fit, CIs) and fitInfo()
    FitInfo info; // same as *law.fitInfo()
    std::vector<std::string> parameterNames;          // free coefficients, θ order
    std::vector<double> parameters;                   // best θ
    std::vector<double> startObjectives;              // final objective of every start (NaN: start unusable)
    std::vector<std::vector<double>> bootstrapValues; // coefficient values per converged resample
    // Per data point (data.points order): ŷ (loss or δ, per info.target); NaN for left-out points.
    std::vector<double> predictions;
};

// Fits `law` to `data`. Throws qs::ConfigError/FormatError for bad data or options (see FitProblem),
// qs::Error when the best start did not converge (unless allowUnconverged), qs::Cancelled when the
// progress callback returns false.
FitResult fitLaw(const Law& law, const ScalingData& data, const FitOptions& options = {});

} // namespace qs::scaling
