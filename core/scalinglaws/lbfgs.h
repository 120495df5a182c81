// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Limited-memory BFGS for small smooth problems (a scaling-law fit has 2–16 parameters and a few
// hundred points). Written by hand rather than taken from libtorch: a fit runs ~1000 starts plus ~100
// bootstrap refits of ~50 evaluations each, and libtorch's per-operation tensor overhead (dispatch,
// allocation, autograd) costs more than the whole 300-point objective in plain doubles.
//
// Algorithm (Nocedal & Wright, Numerical Optimization, 2nd ed.): two-loop recursion (Alg. 7.4) over
// the last `history` pairs (s, y), initial Hessian scaling γ = sᵀy / yᵀy; strong-Wolfe line search
// (Alg. 3.5 bracketing, Alg. 3.6 zoom with safeguarded cubic interpolation), c1 = 1e-4, c2 = 0.9.
// The first step has length 1/‖g‖∞ (at most 1); later steps start at α = 1.
//
// Stopping tests, with the semantics of scipy's L-BFGS-B (so the bench can compare like with like):
//  - gradient: max_i |g_i| ≤ gradientTolerance (absolute, like scipy's `gtol` / `pgtol`);
//  - function: (f_k − f_{k+1}) / max(|f_k|, |f_{k+1}|, 1) ≤ functionTolerance (relative above 1,
//    absolute below, like scipy's `ftol` = factr · machine epsilon).
// Either one ends the run as converged. So does a line search along −g that finds no decrease when
// the shortest step it tried promised a first-order decrease |α·gᵀp| within the function tolerance
// (the minimum is reached to working precision; rounding hides the rest). Running out of iterations or
// evaluations, or a line search that fails otherwise, ends it unconverged; the reason says which.

#include <functional>
#include <span>
#include <string>
#include <vector>

namespace qs::scaling {

// f(x); writes ∂f/∂x into grad (same size as x). A non-finite value is allowed: the line search
// treats it as "too far" and shortens the step.
using Objective = std::function<double(std::span<const double> x, std::span<double> grad)>;

struct LbfgsOptions
{
    int maxIterations = 1000;
    int maxEvaluations = 20000;
    int history = 10;                                // stored (s, y) pairs
    double gradientTolerance = 1e-5;                 // scipy's default gtol
    double functionTolerance = 2.220446049250313e-9; // scipy's default ftol (factr 1e7 · eps)
    int maxLineSearchEvaluations = 30;
};

struct LbfgsResult
{
    std::vector<double> x;     // best point found
    double f = 0.0;            // objective at x
    double gradientNorm = 0.0; // max |g_i| at x
    int iterations = 0;
    int evaluations = 0;
    bool converged = false;
    std::string reason; // "gradient tolerance reached", "maximum iterations (1) reached", ...
};

// Minimizes f from x0. Throws qs::ConfigError for options out of range or an empty x0, and
// qs::Error when f is not finite at x0 (the start itself is unusable).
LbfgsResult minimizeLbfgs(const Objective& f, std::vector<double> x0, const LbfgsOptions& options = {});

} // namespace qs::scaling
