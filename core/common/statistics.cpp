// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/statistics.h"

#include "core/common/errors.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace qs::stats {

namespace {

void requireUnits(std::size_t a, std::size_t b, const char* what)
{
    if (a != b)
        throw ConfigError(std::string(what) + ": " + std::to_string(a) + " and " + std::to_string(b)
                          + " values, one per unit expected for both");
    if (a == 0)
        throw ConfigError(std::string(what) + ": no units");
}

double total(std::span<const double> values)
{
    double sum = 0.0;
    for (double v : values)
        sum += v;
    return sum;
}

// n/(n−1) Σ rᵢ² / denominator², NaN below 2 units: the linearised variance of a ratio estimator.
double ratioSe(const std::vector<double>& residuals, double denominator)
{
    const std::size_t n = residuals.size();
    if (n < 2)
        return std::numeric_limits<double>::quiet_NaN();
    double squares = 0.0;
    for (double r : residuals)
        squares += r * r;
    return std::sqrt(double(n) / double(n - 1) * squares) / std::abs(denominator);
}

// The percentile of sorted `values` at `p` in [0, 1], linearly interpolated (type 7).
double percentile(const std::vector<double>& sorted, double p)
{
    const double position = p * double(sorted.size() - 1);
    const auto below = std::size_t(std::floor(position));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    return sorted[below] + (position - double(below)) * (sorted[above] - sorted[below]);
}

} // namespace

Estimate weightedMean(std::span<const double> sums, std::span<const double> counts)
{
    requireUnits(sums.size(), counts.size(), "weighted mean");
    for (double c : counts)
        if (!(c > 0.0))
            throw ConfigError("weighted mean: a unit's token count is not positive");
    const double tokens = total(counts);
    Estimate e;
    e.units = sums.size();
    e.value = total(sums) / tokens;
    std::vector<double> residuals(sums.size());
    for (std::size_t i = 0; i < sums.size(); ++i)
        residuals[i] = sums[i] - e.value * counts[i];
    e.se = ratioSe(residuals, tokens);
    return e;
}

Estimate pairedDifference(std::span<const double> sumsA, std::span<const double> sumsB, std::span<const double> counts)
{
    requireUnits(sumsA.size(), sumsB.size(), "paired difference");
    std::vector<double> differences(sumsA.size());
    for (std::size_t i = 0; i < sumsA.size(); ++i)
        differences[i] = sumsB[i] - sumsA[i];
    return weightedMean(differences, counts);
}

Estimate pairedRelativeChange(std::span<const double> sumsA, std::span<const double> sumsB)
{
    requireUnits(sumsA.size(), sumsB.size(), "relative change");
    const double a = total(sumsA);
    if (!(a > 0.0))
        throw ConfigError("relative change: the reference's sum is not positive");
    const double ratio = total(sumsB) / a;
    std::vector<double> residuals(sumsA.size());
    for (std::size_t i = 0; i < sumsA.size(); ++i)
        residuals[i] = sumsB[i] - ratio * sumsA[i];
    return {ratio - 1.0, ratioSe(residuals, a), sumsA.size()};
}

Interval bootstrapInterval(std::size_t units, const std::function<double(std::span<const std::size_t>)>& statistic,
                           double level, const Bootstrap& bootstrap)
{
    if (units == 0)
        throw ConfigError("bootstrap: no units");
    if (!(level > 0.0 && level < 1.0))
        throw ConfigError("bootstrap: the level " + std::to_string(level) + " is not in (0, 1)");
    if (bootstrap.resamples < 100)
        throw ConfigError("bootstrap: " + std::to_string(bootstrap.resamples) + " resamples, at least 100 needed");
    const std::size_t block = bootstrap.blockLength;
    if (block == 0 || block > units)
        throw ConfigError("bootstrap: a block of " + std::to_string(block) + " units among " + std::to_string(units));
    // Block starts are drawn from every position a whole block fits in (a moving-block bootstrap);
    // the last block is cut to `units` indices.
    std::mt19937_64 rng(bootstrap.seed);
    std::uniform_int_distribution<std::size_t> start(0, units - block);
    std::vector<std::size_t> indices(units);
    std::vector<double> values;
    values.reserve(std::size_t(bootstrap.resamples));
    for (int r = 0; r < bootstrap.resamples; ++r) {
        for (std::size_t filled = 0; filled < units;) {
            const std::size_t first = start(rng);
            for (std::size_t k = 0; k < block && filled < units; ++k)
                indices[filled++] = first + k;
        }
        const double v = statistic(indices);
        if (std::isfinite(v))
            values.push_back(v);
    }
    if (values.size() < std::size_t(bootstrap.resamples) / 2)
        throw ConfigError("bootstrap: the statistic is not finite on most resamples");
    std::sort(values.begin(), values.end());
    const double tail = (1.0 - level) / 2.0;
    return {percentile(values, tail), percentile(values, 1.0 - tail)};
}

PairedComparison comparePaired(std::span<const double> sumsA, std::span<const double> sumsB,
                               std::span<const double> counts, double level, const Bootstrap& bootstrap)
{
    PairedComparison c;
    c.level = level;
    c.difference = pairedDifference(sumsA, sumsB, counts);
    std::vector<double> differences(sumsA.size());
    for (std::size_t i = 0; i < sumsA.size(); ++i)
        differences[i] = sumsB[i] - sumsA[i];
    std::vector<double> resampled;
    resampled.reserve(std::size_t(bootstrap.resamples));
    const auto statistic = [&](std::span<const std::size_t> units) {
        double d = 0.0, tokens = 0.0;
        for (std::size_t i : units) {
            d += differences[i];
            tokens += counts[i];
        }
        resampled.push_back(d / tokens);
        return d / tokens;
    };
    c.interval = bootstrapInterval(sumsA.size(), statistic, level, bootstrap);
    std::size_t below = 0, above = 0;
    for (double d : resampled) {
        below += d <= 0.0 ? 1 : 0;
        above += d >= 0.0 ? 1 : 0;
    }
    const double n = double(resampled.size()) + 1.0;
    c.pValue = std::min(1.0, 2.0 * std::min(double(below + 1) / n, double(above + 1) / n));
    return c;
}

QuantileEstimate quantileInterval(std::span<const double> values, std::span<const std::uint32_t> unitOf,
                                  std::size_t units, double q, double level, const Bootstrap& bootstrap)
{
    requireUnits(values.size(), unitOf.size(), "quantile");
    if (!(q >= 0.0 && q <= 1.0))
        throw ConfigError("quantile: " + std::to_string(q) + " is not in [0, 1]");
    for (std::uint32_t u : unitOf)
        if (u >= units)
            throw ConfigError("quantile: a token of unit " + std::to_string(u) + " among " + std::to_string(units)
                              + " units");
    // Tokens in ascending order once; a resample then walks them with each token weighted by its unit's
    // multiplicity until the interpolated rank q·(N − 1) of the expanded sample is passed, from the
    // nearer end.
    std::vector<std::uint32_t> order(values.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = std::uint32_t(i);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return values[a] < values[b]; });
    std::vector<double> tokensOf(units, 0.0);
    for (std::uint32_t u : unitOf)
        tokensOf[u] += 1.0;
    const auto weighted = [&](const std::vector<double>& weight) {
        double n = 0.0;
        for (std::size_t u = 0; u < units; ++u)
            n += weight[u] * tokensOf[u];
        if (n < 1.0)
            return std::numeric_limits<double>::quiet_NaN();
        const double rank = q * (n - 1.0);
        const double below = std::floor(rank);
        // The values at ranks `below` and `below + 1` (0-based, in the expanded sample).
        double at = 0.0, next = 0.0;
        if (q <= 0.5) {
            double seen = 0.0;
            std::size_t i = 0;
            for (; i < order.size(); ++i) {
                seen += weight[unitOf[order[i]]];
                if (seen > below)
                    break;
            }
            at = values[order[i]];
            if (seen > below + 1.0) {
                next = at;
            } else {
                for (++i; i < order.size() && weight[unitOf[order[i]]] == 0.0; ++i) { }
                next = i < order.size() ? values[order[i]] : at;
            }
        } else {
            // From the top: rank r from below is rank n − 1 − r from above.
            const double fromTop = n - 1.0 - below; // rank of `at` from the top
            double seen = 0.0;
            std::size_t i = order.size();
            while (i > 0) {
                --i;
                seen += weight[unitOf[order[i]]];
                if (seen > fromTop - 1.0)
                    break;
            }
            next = values[order[i]];
            // `at` is one rank lower: the same token while more of its copies remain.
            if (seen > fromTop) {
                at = next;
            } else {
                std::size_t j = i;
                while (j > 0 && weight[unitOf[order[j - 1]]] == 0.0)
                    --j;
                at = j > 0 ? values[order[j - 1]] : next;
            }
        }
        return at + (rank - below) * (next - at);
    };
    QuantileEstimate e;
    e.value = weighted(std::vector<double>(units, 1.0));
    std::vector<double> weight(units);
    e.interval = bootstrapInterval(
        units,
        [&](std::span<const std::size_t> drawn) {
            std::fill(weight.begin(), weight.end(), 0.0);
            for (std::size_t u : drawn)
                weight[u] += 1.0;
            return weighted(weight);
        },
        level, bootstrap);
    return e;
}

namespace {

// Average ranks (1-based) of `values`.
std::vector<double> ranks(std::span<const double> values)
{
    std::vector<std::size_t> order(values.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
    std::vector<double> r(values.size());
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j + 1 < order.size() && values[order[j + 1]] == values[order[i]])
            ++j;
        const double average = (double(i) + double(j)) / 2.0 + 1.0;
        for (std::size_t k = i; k <= j; ++k)
            r[order[k]] = average;
        i = j + 1;
    }
    return r;
}

double pearson(const std::vector<double>& x, const std::vector<double>& y)
{
    const double n = double(x.size());
    double mx = 0.0, my = 0.0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        mx += x[i];
        my += y[i];
    }
    mx /= n;
    my /= n;
    double sxy = 0.0, sxx = 0.0, syy = 0.0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
        syy += (y[i] - my) * (y[i] - my);
    }
    if (!(sxx > 0.0) || !(syy > 0.0))
        return std::numeric_limits<double>::quiet_NaN();
    return sxy / std::sqrt(sxx * syy);
}

} // namespace

double rankCorrelation(std::span<const double> x, std::span<const double> y)
{
    if (x.size() != y.size())
        throw ConfigError("rank correlation: " + std::to_string(x.size()) + " and " + std::to_string(y.size())
                          + " values");
    if (x.size() < 3)
        return std::numeric_limits<double>::quiet_NaN();
    return pearson(ranks(x), ranks(y));
}

double rankCorrelationPValue(std::span<const double> x, std::span<const double> y, int permutations, std::uint64_t seed)
{
    const double observed = rankCorrelation(x, y);
    if (!std::isfinite(observed))
        return std::numeric_limits<double>::quiet_NaN();
    const std::vector<double> rx = ranks(x);
    std::vector<double> ry = ranks(y);
    std::mt19937_64 rng(seed);
    int reached = 0;
    for (int p = 0; p < permutations; ++p) {
        std::shuffle(ry.begin(), ry.end(), rng);
        reached += std::abs(pearson(rx, ry)) >= std::abs(observed) - 1e-12 ? 1 : 0;
    }
    return double(reached + 1) / double(permutations + 1);
}

} // namespace qs::stats
