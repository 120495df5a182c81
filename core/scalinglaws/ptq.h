// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// PTQ degradation along a training trajectory ("Training Dynamics Impact Post-Training Quantization Robustness"): does
// the quantization error of a run's checkpoints track the tokens trained or the learning-rate decay?
//
// Each checkpoint gives a point (tokens D, learning rate η, δ_PTQ), δ_PTQ being the damage metric the
// user picks (ΔCE, relative CE, KL …) for one quantization config. Two ordinary least-squares models
// are fitted to the checkpoints after warmup:
//   tokens only:        δ = b0 + b1·log10 D
//   tokens + LR decay:  δ = b0 + b1·log10 D + b2·u,   u = 1 − η/η_peak (0 while the LR is at its
//                                                      peak, 1 once it has decayed to zero)
// and compared by R², adjusted R², AIC (n·ln(RSS/n) + 2k) and the partial F test of the decay term.
// When the error tracks the LR decay rather than tokens, the decay term carries the explanation: b2
// is many standard errors from zero and AIC drops. Warmup checkpoints (before the LR first reaches
// its peak) are left out: their LR is low for another reason, and they are counted in the result.
// Linear in δ rather than log δ: near-zero or negative ΔCE at high bit widths is measurement noise
// that a log would throw away or blow up.

#include <span>
#include <string>
#include <vector>

namespace qs::scaling {

struct PtqTrajectoryPoint
{
    double step = 0.0;
    double tokens = 0.0; // > 0 for points that enter the fit
    double lr = 0.0;
    double delta = 0.0; // the damage metric; NaN = not measured (skipped)
};

struct RegressionTerm
{
    std::string name; // "intercept", "log10_tokens", "lr_decay"
    double estimate = 0.0;
    double stdError = 0.0; // NaN when the residual degrees of freedom are zero
};

struct OlsModel
{
    std::string name; // "tokens", "tokens+decay"
    std::vector<RegressionTerm> terms;
    double rss = 0.0;
    double r2 = 0.0;
    double adjustedR2 = 0.0;
    double aic = 0.0;
    int n = 0;

    double predict(double tokens, double lrDecay) const;
};

struct PtqDegradation
{
    double peakLr = 0.0;
    int pointsUsed = 0;
    int warmupExcluded = 0;  // checkpoints before the LR first reached its peak
    int missingExcluded = 0; // no δ, or tokens ≤ 0
    int decayPoints = 0;     // used points with u > 0
    OlsModel tokensOnly;
    OlsModel tokensAndDecay;
    double decayF = 0.0; // partial F statistic of the decay term (1, n − 3 degrees of freedom)
    double decayP = 1.0; // its p-value
    // Per input point, in the order given: whether it entered the fits, and its u = 1 − η/η_peak
    // (NaN without a learning rate).
    std::vector<bool> used;
    std::vector<double> lrDecay;
};

// Fits both models. qs::ConfigError when fewer than 4 usable points remain, when no point lies in a
// decay (the decay term cannot be estimated: the message says so), or when the tokens do not vary.
PtqDegradation analysePtqDegradation(std::span<const PtqTrajectoryPoint> points);

// Upper tail of the F distribution with (d1, d2) degrees of freedom, P(F > f).
double fDistributionUpperTail(double f, double d1, double d2);

} // namespace qs::scaling
