// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/scalinglaws/ptq.h"

#include "core/common/errors.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace qs::scaling {

namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();

// Inverse of a small symmetric positive definite matrix by Gauss–Jordan with partial pivoting;
// false when singular (relative to its largest pivot).
bool invert(std::vector<std::vector<double>>& a)
{
    const size_t n = a.size();
    std::vector<std::vector<double>> inv(n, std::vector<double>(n, 0.0));
    for (size_t i = 0; i < n; ++i)
        inv[i][i] = 1.0;
    double scale = 0.0;
    for (size_t i = 0; i < n; ++i)
        scale = std::max(scale, std::abs(a[i][i]));
    for (size_t col = 0; col < n; ++col) {
        size_t pivot = col;
        for (size_t r = col + 1; r < n; ++r)
            if (std::abs(a[r][col]) > std::abs(a[pivot][col]))
                pivot = r;
        if (!(std::abs(a[pivot][col]) > 1e-12 * scale))
            return false;
        std::swap(a[col], a[pivot]);
        std::swap(inv[col], inv[pivot]);
        const double p = a[col][col];
        for (size_t c = 0; c < n; ++c) {
            a[col][c] /= p;
            inv[col][c] /= p;
        }
        for (size_t r = 0; r < n; ++r) {
            if (r == col)
                continue;
            const double f = a[r][col];
            for (size_t c = 0; c < n; ++c) {
                a[r][c] -= f * a[col][c];
                inv[r][c] -= f * inv[col][c];
            }
        }
    }
    a = std::move(inv);
    return true;
}

// y = X b by least squares through the normal equations (at most 3 regressors here, well scaled).
OlsModel fitOls(std::string name, const std::vector<std::string>& termNames,
                const std::vector<std::vector<double>>& rows, const std::vector<double>& y)
{
    const size_t k = termNames.size();
    const size_t n = y.size();
    std::vector<std::vector<double>> xtx(k, std::vector<double>(k, 0.0));
    std::vector<double> xty(k, 0.0);
    for (size_t i = 0; i < n; ++i)
        for (size_t a = 0; a < k; ++a) {
            xty[a] += rows[i][a] * y[i];
            for (size_t b = 0; b < k; ++b)
                xtx[a][b] += rows[i][a] * rows[i][b];
        }
    if (!invert(xtx))
        throw ConfigError("PTQ degradation: the regressors of the '" + name
                          + "' model are collinear (e.g. every checkpoint at the same token count)");
    std::vector<double> beta(k, 0.0);
    for (size_t a = 0; a < k; ++a)
        for (size_t b = 0; b < k; ++b)
            beta[a] += xtx[a][b] * xty[b];

    double mean = 0.0;
    for (double v : y)
        mean += v;
    mean /= double(n);
    double rss = 0.0, tss = 0.0;
    for (size_t i = 0; i < n; ++i) {
        double fitted = 0.0;
        for (size_t a = 0; a < k; ++a)
            fitted += rows[i][a] * beta[a];
        rss += (y[i] - fitted) * (y[i] - fitted);
        tss += (y[i] - mean) * (y[i] - mean);
    }
    OlsModel model;
    model.name = std::move(name);
    model.n = int(n);
    model.rss = rss;
    model.r2 = tss > 0.0 ? 1.0 - rss / tss : nan;
    const double dof = double(n) - double(k);
    model.adjustedR2 = tss > 0.0 && dof > 0.0 ? 1.0 - (rss / dof) / (tss / double(n - 1)) : nan;
    // A perfect fit has RSS 0: AIC is −∞ then, which still orders the models correctly.
    model.aic = double(n) * std::log(rss / double(n)) + 2.0 * double(k);
    const double sigma2 = dof > 0.0 ? rss / dof : nan;
    for (size_t a = 0; a < k; ++a)
        model.terms.push_back({termNames[a], beta[a], std::sqrt(sigma2 * xtx[a][a])});
    return model;
}

// Continued fraction of the regularized incomplete beta function (modified Lentz), valid for
// x < (a + 1) / (a + b + 2).
double betaContinuedFraction(double a, double b, double x)
{
    constexpr double tiny = 1e-300;
    double c = 1.0;
    double d = 1.0 - (a + b) * x / (a + 1.0);
    d = std::abs(d) < tiny ? tiny : d;
    d = 1.0 / d;
    double h = d;
    for (int m = 1; m <= 500; ++m) {
        const double m2 = 2.0 * m;
        double num = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));
        d = 1.0 + num * d;
        d = std::abs(d) < tiny ? tiny : d;
        c = 1.0 + num / c;
        c = std::abs(c) < tiny ? tiny : c;
        d = 1.0 / d;
        h *= d * c;
        num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));
        d = 1.0 + num * d;
        d = std::abs(d) < tiny ? tiny : d;
        c = 1.0 + num / c;
        c = std::abs(c) < tiny ? tiny : c;
        d = 1.0 / d;
        const double step = d * c;
        h *= step;
        if (std::abs(step - 1.0) < 1e-15)
            break;
    }
    return h;
}

// I_x(a, b).
double regularizedBeta(double x, double a, double b)
{
    if (x <= 0.0)
        return 0.0;
    if (x >= 1.0)
        return 1.0;
    const double logFront = std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x);
    if (x < (a + 1.0) / (a + b + 2.0))
        return std::exp(logFront) * betaContinuedFraction(a, b, x) / a;
    return 1.0 - std::exp(logFront) * betaContinuedFraction(b, a, 1.0 - x) / b;
}

} // namespace

double OlsModel::predict(double tokens, double lrDecay) const
{
    double value = 0.0;
    for (const RegressionTerm& term : terms) {
        if (term.name == "intercept")
            value += term.estimate;
        else if (term.name == "log10_tokens")
            value += term.estimate * std::log10(tokens);
        else if (term.name == "lr_decay")
            value += term.estimate * lrDecay;
    }
    return value;
}

double fDistributionUpperTail(double f, double d1, double d2)
{
    if (!(f > 0.0))
        return 1.0;
    if (std::isinf(f))
        return 0.0;
    // P(F > f) = I_{d2 / (d2 + d1 f)}(d2/2, d1/2).
    return regularizedBeta(d2 / (d2 + d1 * f), d2 / 2.0, d1 / 2.0);
}

PtqDegradation analysePtqDegradation(std::span<const PtqTrajectoryPoint> points)
{
    PtqDegradation result;
    for (const PtqTrajectoryPoint& p : points)
        if (std::isfinite(p.lr))
            result.peakLr = std::max(result.peakLr, p.lr);
    if (!(result.peakLr > 0.0))
        throw ConfigError("PTQ degradation: the run has no positive learning rate at its checkpoints");

    // Warmup ends at the first checkpoint whose LR is at the peak (to rounding of the stored value).
    std::vector<size_t> order(points.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return points[a].step < points[b].step; });
    result.used.assign(points.size(), false);
    result.lrDecay.assign(points.size(), std::numeric_limits<double>::quiet_NaN());
    bool pastWarmup = false;
    std::vector<std::vector<double>> rowsTokens, rowsDecay;
    std::vector<double> y;
    for (const size_t i : order) {
        const PtqTrajectoryPoint& p = points[i];
        if (std::isfinite(p.lr))
            result.lrDecay[i] = std::clamp(1.0 - p.lr / result.peakLr, 0.0, 1.0);
        pastWarmup = pastWarmup || p.lr >= result.peakLr * (1.0 - 1e-6);
        if (!pastWarmup) {
            ++result.warmupExcluded;
            continue;
        }
        if (!std::isfinite(p.delta) || !(p.tokens > 0.0) || !std::isfinite(p.lr)) {
            ++result.missingExcluded;
            continue;
        }
        result.used[i] = true;
        const double u = result.lrDecay[i];
        if (u > 1e-6)
            ++result.decayPoints;
        rowsTokens.push_back({1.0, std::log10(p.tokens)});
        rowsDecay.push_back({1.0, std::log10(p.tokens), u});
        y.push_back(p.delta);
    }
    result.pointsUsed = int(y.size());
    if (result.pointsUsed < 4)
        throw ConfigError("PTQ degradation: " + std::to_string(result.pointsUsed)
                          + " checkpoints after warmup have a measured value; at least 4 are needed");
    if (result.decayPoints == 0)
        throw ConfigError("PTQ degradation: no checkpoint after warmup has a learning rate below its peak, "
                          "so the LR-decay term cannot be estimated (the run has no decay yet)");

    result.tokensOnly = fitOls("tokens", {"intercept", "log10_tokens"}, rowsTokens, y);
    result.tokensAndDecay = fitOls("tokens+decay", {"intercept", "log10_tokens", "lr_decay"}, rowsDecay, y);
    const double dof = double(result.pointsUsed) - 3.0;
    if (dof > 0.0 && result.tokensAndDecay.rss > 0.0) {
        result.decayF = (result.tokensOnly.rss - result.tokensAndDecay.rss) / (result.tokensAndDecay.rss / dof);
        result.decayP = fDistributionUpperTail(result.decayF, 1.0, dof);
    } else {
        result.decayF = std::numeric_limits<double>::infinity();
        result.decayP = 0.0;
    }
    return result;
}

} // namespace qs::scaling
