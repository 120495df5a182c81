// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/scalinglaws/lbfgs.h"

#include "core/common/errors.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace qs::scaling {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kC1 = 1e-4; // sufficient decrease
constexpr double kC2 = 0.9;  // curvature (strong Wolfe)
constexpr double kMaxStep = 1e10;

double dot(std::span<const double> a, std::span<const double> b)
{
    double s = 0.0;
    for (size_t i = 0; i < a.size(); ++i)
        s += a[i] * b[i];
    return s;
}

double maxAbs(std::span<const double> a)
{
    double m = 0.0;
    for (double v : a)
        m = std::max(m, std::abs(v));
    return m;
}

// One point of the line φ(α) = f(x + α·p) with its gradient, kept so that the accepted step does not
// need a second evaluation.
struct Point
{
    double alpha = 0.0;
    double f = 0.0;
    double slope = 0.0; // φ'(α) = ∇f(x + α·p)ᵀp
    std::vector<double> x, g;
};

class LineSearch
{
public:
    LineSearch(const Objective& f, int& evaluations, int maxEvaluations, int maxSteps)
        : m_f(f)
        , m_evaluations(evaluations)
        , m_maxEvaluations(maxEvaluations)
        , m_maxSteps(maxSteps)
    {
    }

    // Strong-Wolfe step along p from (x, f0, g0). Returns false when no step with sufficient decrease
    // was found; `out` then holds nothing useful.
    bool run(std::span<const double> x, double f0, std::span<const double> g0, std::span<const double> p, double alpha1,
             Point& out)
    {
        m_x0 = x;
        m_p = p;
        m_f0 = f0;
        m_slope0 = dot(g0, p);
        m_steps = 0;
        m_smallest = kInf;
        Point prev;
        prev.alpha = 0.0;
        prev.f = f0;
        prev.slope = m_slope0;
        prev.x.assign(x.begin(), x.end());
        prev.g.assign(g0.begin(), g0.end());
        double alpha = alpha1;
        for (int i = 1;; ++i) {
            Point cur;
            if (!evaluate(alpha, cur))
                return false;
            if (cur.f > f0 + kC1 * alpha * m_slope0 || (i > 1 && cur.f >= prev.f))
                return zoom(std::move(prev), std::move(cur), out);
            if (std::abs(cur.slope) <= -kC2 * m_slope0) {
                out = std::move(cur);
                return true;
            }
            if (cur.slope >= 0.0)
                return zoom(std::move(cur), std::move(prev), out);
            if (alpha >= kMaxStep) {
                out = std::move(cur); // decreasing all the way: take the longest step allowed
                return true;
            }
            prev = std::move(cur);
            alpha = std::min(4.0 * alpha, kMaxStep);
        }
    }

    // The shortest step the last run tried, and φ'(0) of that run.
    double smallestStep() const { return m_smallest; }
    double initialSlope() const { return m_slope0; }

private:
    // Fills `pt` at step alpha; false when the evaluation budget is spent.
    bool evaluate(double alpha, Point& pt)
    {
        if (m_evaluations >= m_maxEvaluations || m_steps >= m_maxSteps)
            return false;
        ++m_evaluations;
        ++m_steps;
        m_smallest = std::min(m_smallest, alpha);
        const size_t n = m_x0.size();
        pt.alpha = alpha;
        pt.x.resize(n);
        pt.g.assign(n, 0.0);
        for (size_t i = 0; i < n; ++i)
            pt.x[i] = m_x0[i] + alpha * m_p[i];
        pt.f = m_f(pt.x, pt.g);
        pt.slope = dot(pt.g, m_p);
        if (!std::isfinite(pt.f) || !std::isfinite(pt.slope)) {
            pt.f = kInf;
            pt.slope = std::numeric_limits<double>::quiet_NaN();
        }
        return true;
    }

    // Minimizer of the cubic through (a, fa, da) and (b, fb, db), N&W eq. (3.59), kept at least 10 %
    // of the interval away from both ends; bisection when the cubic is unusable.
    static double interpolate(const Point& a, const Point& b)
    {
        const double lo = std::min(a.alpha, b.alpha), hi = std::max(a.alpha, b.alpha);
        const double mid = 0.5 * (lo + hi);
        if (!std::isfinite(a.f) || !std::isfinite(b.f) || !std::isfinite(a.slope) || !std::isfinite(b.slope))
            return mid;
        const double d1 = a.slope + b.slope - 3.0 * (a.f - b.f) / (a.alpha - b.alpha);
        const double disc = d1 * d1 - a.slope * b.slope;
        if (disc < 0.0)
            return mid;
        const double d2 = std::copysign(std::sqrt(disc), b.alpha - a.alpha);
        const double denom = b.slope - a.slope + 2.0 * d2;
        if (denom == 0.0)
            return mid;
        const double t = b.alpha - (b.alpha - a.alpha) * (b.slope + d2 - d1) / denom;
        const double margin = 0.1 * (hi - lo);
        if (!std::isfinite(t) || t < lo + margin || t > hi - margin)
            return mid;
        return t;
    }

    // N&W Alg. 3.6. `lo` satisfies sufficient decrease and has the lower value of the two.
    bool zoom(Point lo, Point hi, Point& out)
    {
        for (;;) {
            if (std::abs(hi.alpha - lo.alpha) <= 1e-16 * std::max(1.0, lo.alpha))
                break;
            Point cur;
            if (!evaluate(interpolate(lo, hi), cur))
                break;
            if (cur.f > m_f0 + kC1 * cur.alpha * m_slope0 || cur.f >= lo.f) {
                hi = std::move(cur);
            } else {
                if (std::abs(cur.slope) <= -kC2 * m_slope0) {
                    out = std::move(cur);
                    return true;
                }
                if (cur.slope * (hi.alpha - lo.alpha) >= 0.0)
                    hi = std::move(lo);
                lo = std::move(cur);
            }
        }
        // Interval exhausted: a step with sufficient decrease (but without the curvature condition) is
        // still progress; the (s, y) pair is skipped later if its curvature is not positive.
        if (lo.alpha > 0.0 && lo.f < m_f0) {
            out = std::move(lo);
            return true;
        }
        return false;
    }

    const Objective& m_f;
    int& m_evaluations;
    int m_maxEvaluations;
    int m_maxSteps;
    int m_steps = 0;
    std::span<const double> m_x0, m_p;
    double m_f0 = 0.0, m_slope0 = 0.0;
    double m_smallest = kInf;
};

// Two-loop recursion: p = −H·g with the stored pairs, oldest first in s/y.
void direction(const std::vector<std::vector<double>>& s, const std::vector<std::vector<double>>& y,
               const std::vector<double>& rho, std::span<const double> g, std::vector<double>& p)
{
    const size_t m = s.size(), n = g.size();
    std::vector<double> alpha(m);
    p.assign(g.begin(), g.end());
    for (size_t k = m; k-- > 0;) {
        alpha[k] = rho[k] * dot(s[k], p);
        for (size_t i = 0; i < n; ++i)
            p[i] -= alpha[k] * y[k][i];
    }
    if (m > 0) {
        const double gamma = dot(s[m - 1], y[m - 1]) / dot(y[m - 1], y[m - 1]);
        for (double& v : p)
            v *= gamma;
    }
    for (size_t k = 0; k < m; ++k) {
        const double beta = rho[k] * dot(y[k], p);
        for (size_t i = 0; i < n; ++i)
            p[i] += s[k][i] * (alpha[k] - beta);
    }
    for (double& v : p)
        v = -v;
}

} // namespace

LbfgsResult minimizeLbfgs(const Objective& f, std::vector<double> x0, const LbfgsOptions& options)
{
    if (x0.empty())
        throw ConfigError("L-BFGS: no parameters to optimise");
    if (options.maxIterations < 1 || options.maxEvaluations < 1 || options.history < 1
        || options.maxLineSearchEvaluations < 1)
        throw ConfigError("L-BFGS: maxIterations, maxEvaluations, history and maxLineSearchEvaluations "
                          "must be at least 1");
    if (!(options.gradientTolerance >= 0.0) || !(options.functionTolerance >= 0.0))
        throw ConfigError("L-BFGS: tolerances must be non-negative numbers");

    const size_t n = x0.size();
    LbfgsResult r;
    r.x = std::move(x0);
    std::vector<double> g(n, 0.0);
    r.f = f(r.x, g);
    r.evaluations = 1;
    if (!std::isfinite(r.f) || !std::isfinite(maxAbs(g)))
        throw Error("L-BFGS: the objective is not finite at the starting point");
    r.gradientNorm = maxAbs(g);
    if (r.gradientNorm <= options.gradientTolerance) {
        r.converged = true;
        r.reason = "gradient tolerance reached";
        return r;
    }

    std::vector<std::vector<double>> s, y;
    std::vector<double> rho, p;
    LineSearch search(f, r.evaluations, options.maxEvaluations, options.maxLineSearchEvaluations);
    Point next;
    while (r.iterations < options.maxIterations) {
        direction(s, y, rho, g, p);
        double slope = dot(g, p);
        if (!(slope < 0.0)) { // lost the descent property: restart from steepest descent
            s.clear(), y.clear(), rho.clear();
            direction(s, y, rho, g, p);
            slope = dot(g, p);
        }
        const double alpha1 = s.empty() ? std::min(1.0, 1.0 / std::sqrt(dot(g, g))) : 1.0;
        if (!search.run(r.x, r.f, g, p, alpha1, next)) {
            if (r.evaluations >= options.maxEvaluations) {
                r.reason = "maximum evaluations (" + std::to_string(options.maxEvaluations) + ") reached";
                return r;
            }
            if (!s.empty()) { // the quasi-Newton direction failed: retry along −g once
                s.clear(), y.clear(), rho.clear();
                continue;
            }
            // No decrease even along −g. If the steps tried were so short that the first-order decrease
            // they promise, |α·φ'(0)|, is within the function tolerance, the point is a minimum to
            // working precision (rounding hides any further decrease): converged, as the ftol test
            // would have said of a zero-length step. Otherwise it is a failure (a wrong gradient, a
            // discontinuity).
            if (search.smallestStep() * std::abs(search.initialSlope())
                <= options.functionTolerance * std::max(std::abs(r.f), 1.0)) {
                r.converged = true;
                r.reason = "function tolerance reached (no decrease left at working precision)";
                return r;
            }
            r.reason = "line search found no decrease along the steepest-descent direction";
            return r;
        }
        ++r.iterations;
        std::vector<double> sk(n), yk(n);
        for (size_t i = 0; i < n; ++i) {
            sk[i] = next.x[i] - r.x[i];
            yk[i] = next.g[i] - g[i];
        }
        const double sy = dot(sk, yk), yy = dot(yk, yk);
        if (sy > std::numeric_limits<double>::epsilon() * yy && sy > 0.0) {
            if (int(s.size()) == options.history) {
                s.erase(s.begin()), y.erase(y.begin()), rho.erase(rho.begin());
            }
            s.push_back(std::move(sk)), y.push_back(std::move(yk)), rho.push_back(1.0 / sy);
        }
        const double fOld = r.f;
        r.x = next.x;
        g = next.g;
        r.f = next.f;
        r.gradientNorm = maxAbs(g);
        if (r.gradientNorm <= options.gradientTolerance) {
            r.converged = true;
            r.reason = "gradient tolerance reached";
            return r;
        }
        if ((fOld - r.f) / std::max({std::abs(fOld), std::abs(r.f), 1.0}) <= options.functionTolerance) {
            r.converged = true;
            r.reason = "function tolerance reached";
            return r;
        }
        if (r.evaluations >= options.maxEvaluations) {
            r.reason = "maximum evaluations (" + std::to_string(options.maxEvaluations) + ") reached";
            return r;
        }
    }
    r.reason = "maximum iterations (" + std::to_string(options.maxIterations) + ") reached";
    return r;
}

} // namespace qs::scaling
