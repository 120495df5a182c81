// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Uncertainty of the numbers QuantScope reports. An evaluation set is
// a list of units — sequences, or blocks of tokens — and every model metric is a mean over their
// tokens; tokens of one unit are correlated, units are (close to) independent, so errors are computed
// over units, never over tokens. Paired versions compare two models on the same units (quantized
// against FP, two checkpoints, two configs, two runs), which removes the variance the units share.
// No Qt, no torch.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <span>

namespace qs::stats {

// A value with its standard error, from `units` units.
struct Estimate
{
    double value = std::numeric_limits<double>::quiet_NaN();
    double se = std::numeric_limits<double>::quiet_NaN(); // NaN with fewer than 2 units
    std::size_t units = 0;
};

// The token-weighted mean Σ sᵢ / Σ cᵢ of per-unit sums sᵢ (a unit's summed losses) over per-unit token
// counts cᵢ, as an evaluation's CE is; its standard error by linearising the ratio (the units, not the
// tokens, are the samples): se² = n/(n−1) · Σ (sᵢ − value·cᵢ)² / (Σ cᵢ)². With equal counts this is
// the mean of the per-unit means and its usual sd/√n. Throws qs::ConfigError for spans of different
// lengths, no units, or counts that are not positive.
Estimate weightedMean(std::span<const double> sums, std::span<const double> counts);

// The paired difference of two such means on the same units, Σ(bᵢ − aᵢ) / Σ cᵢ (ΔCE: b quantized,
// a FP), with the standard error of the per-unit differences.
Estimate pairedDifference(std::span<const double> sumsA, std::span<const double> sumsB, std::span<const double> counts);

// The relative change Σ bᵢ / Σ aᵢ − 1 of paired sums (relative CE), its standard error by the delta
// method: se² = n/(n−1) · Σ (bᵢ − R·aᵢ)² / (Σ aᵢ)², R = Σ bᵢ / Σ aᵢ. Σ aᵢ must be positive.
Estimate pairedRelativeChange(std::span<const double> sumsA, std::span<const double> sumsB);

struct Interval
{
    double lower = std::numeric_limits<double>::quiet_NaN();
    double upper = std::numeric_limits<double>::quiet_NaN();
    bool contains(double x) const { return lower <= x && x <= upper; }
};

// How to resample units.
struct Bootstrap
{
    int resamples = 2000;
    std::uint64_t seed = 1;
    // Units drawn in runs of this many consecutive units (a moving-block bootstrap), for units that are
    // themselves correlated (consecutive blocks of one long text); 1: units are drawn one by one.
    std::size_t blockLength = 1;
};

// The percentile interval at `level` (0.95) of `statistic` over bootstrap resamples of `units` units:
// each resample is a list of `units` unit indices drawn with replacement (in blocks, see Bootstrap).
// The same seed gives the same interval. Throws qs::ConfigError for no units, a level outside (0, 1),
// fewer than 100 resamples or a block length of 0 or beyond the units.
Interval bootstrapInterval(std::size_t units, const std::function<double(std::span<const std::size_t>)>& statistic,
                           double level, const Bootstrap& bootstrap = {});

// Whether two models differ on the same units: the paired difference of their token-weighted means
// (b − a), its standard error, the bootstrap percentile interval at `level`, and the two-sided
// bootstrap p-value of "no difference" (twice the smaller share of resampled differences on either
// side of 0, each counted with the observed one: never 0).
struct PairedComparison
{
    Estimate difference;
    Interval interval;
    double level = 0.95;
    double pValue = 1.0;
    // The interval excludes 0: the difference exceeds the noise at this level.
    bool significant() const { return !interval.contains(0.0); }
};

PairedComparison comparePaired(std::span<const double> sumsA, std::span<const double> sumsB,
                               std::span<const double> counts, double level = 0.95, const Bootstrap& bootstrap = {});

// A quantile of per-token values (KL's median and 99th percentile) with the bootstrap percentile
// interval of the same quantile over resampled units: token t belongs to unit unitOf[t] < units, and a
// resample counts every token as often as its unit was drawn. The quantile interpolates linearly
// between order statistics (numpy's and torch's default), so `value` is torch::quantile's. Throws
// qs::ConfigError for spans of different lengths, no tokens, q outside [0, 1], a unit index out of
// range, or the bootstrap's errors.
struct QuantileEstimate
{
    double value = std::numeric_limits<double>::quiet_NaN();
    Interval interval;
};

QuantileEstimate quantileInterval(std::span<const double> values, std::span<const std::uint32_t> unitOf,
                                  std::size_t units, double q, double level = 0.95, const Bootstrap& bootstrap = {});

// Spearman's rank correlation of paired values (ties get their average rank): the Pearson correlation
// of the ranks. NaN with fewer than 3 pairs or when either side is constant. Throws qs::ConfigError for
// spans of different lengths.
double rankCorrelation(std::span<const double> x, std::span<const double> y);

// The two-sided permutation p-value of a rank correlation: the share of `permutations` random pairings
// of x with y whose |ρ| reaches the observed one (each counted with the observed pairing: never 0).
double rankCorrelationPValue(std::span<const double> x, std::span<const double> y, int permutations = 10000,
                             std::uint64_t seed = 1);

} // namespace qs::stats
