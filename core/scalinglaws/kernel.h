// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal: the hot loop of every fit (FitProblem::evaluate), kept apart so that it can be compiled
// for vector units. Not part of the API.

#include <cstddef>

namespace qs::scaling::detail {

struct HuberLseArgs
{
    size_t n = 0;                    // points
    size_t terms = 0;                // T
    double* u = nullptr;             // [T][n] term values u_t,i; overwritten with exp(u_t,i − max_t u_t,i)
    double* c = nullptr;             // [n] out: w_i·Huber'(r_i) / Σ_t exp(u_t,i − max)
    double* scratch = nullptr;       // [2n]
    const double* logY = nullptr;    // [n]
    const double* weights = nullptr; // [n] or null (all 1)
    double huberDelta = 1e-3;
};

// r_i = LSE_t(u_t,i) − log y_i; returns Σ w_i·Huber(r_i) and fills u (softmax numerators) and c as
// described, so that ∂/∂u_t,i = c_i·u_t,i afterwards.
double huberLse(const HuberLseArgs& args);

// y_i += a·x_i (x may be null: y_i += a).
void axpy(double* y, double a, const double* x, size_t n);

// Σ_i a_i·b_i·f_i (f may be null: Σ_i a_i·b_i).
double dot3(const double* a, const double* b, const double* f, size_t n);

// exp and log as used by the kernel (exposed for their accuracy test): exp for any x (NaN → NaN,
// clamped to [−708, 709]), log for positive normal numbers; both within ~2 ulp of libm.
double kernelExp(double x);
double kernelLog(double x);

} // namespace qs::scaling::detail
