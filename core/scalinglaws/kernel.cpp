// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The fit's hot loop in vectorisable form: column passes over plain arrays, with exp and log written
// as branch-free polynomials (libm's scalar calls stop GCC from vectorising a loop). Compiled with -O3
// (see CMakeLists.txt) and, on x86-64 with GCC, cloned for x86-64-v3 (AVX2, FMA) with a run-time dispatch. -fno-trapping-math lets GCC turn
// the clamps into selects (nothing here reads floating-point exception flags).
// Accuracy: both functions are within ~2 ulp of libm over the ranges the kernel uses (tested in
// tst_scaling_fit), far below what the fitted coefficients can resolve.

#include "core/scalinglaws/kernel.h"

#include <bit>
#include <cstdint>

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__linux__)
#define QS_KERNEL_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define QS_KERNEL_CLONES
#endif
#define QS_INLINE inline __attribute__((always_inline))

namespace qs::scaling::detail {

namespace {

constexpr double kMagic = 6755399441055744.0;         // 1.5·2^52: adding it rounds to an integer in the low bits
constexpr double kLn2Hi = 6.93147180369123816490e-01; // fdlibm's split of ln 2 (kLn2Hi·k exact for |k| < 2^20)
constexpr double kLn2Lo = 1.90821492927058770002e-10;

// e^x = 2^k·e^r, k = round(x/ln 2), |r| ≤ ln2/2; e^r by its Taylor series to degree 13 (truncation
// below 5e-18 relative). NaN propagates (the clamp's comparisons are false for NaN).
QS_INLINE double expImpl(double x)
{
    x = x < -708.0 ? -708.0 : x;
    x = x > 709.0 ? 709.0 : x;
    const double t = x * 1.4426950408889634 + kMagic;
    const double k = t - kMagic;
    const double r = (x - k * kLn2Hi) - k * kLn2Lo;
    double p = 1.0 / 6227020800.0; // 1/13!
    p = p * r + 1.0 / 479001600.0;
    p = p * r + 1.0 / 39916800.0;
    p = p * r + 1.0 / 3628800.0;
    p = p * r + 1.0 / 362880.0;
    p = p * r + 1.0 / 40320.0;
    p = p * r + 1.0 / 5040.0;
    p = p * r + 1.0 / 720.0;
    p = p * r + 1.0 / 120.0;
    p = p * r + 1.0 / 24.0;
    p = p * r + 1.0 / 6.0;
    p = p * r + 0.5;
    p = p * r + 1.0;
    p = p * r + 1.0;
    // 2^k from the low bits of t (= bits(kMagic) + k): k + 1023 into the exponent field.
    const uint64_t scale = (std::bit_cast<uint64_t>(t) + 1023u) << 52;
    return p * std::bit_cast<double>(scale);
}

// log x = e·ln 2 + log m with x = 2^e·m, m ∈ [√½, √2); log m = 2·atanh z, z = (m−1)/(m+1), |z| ≤ 0.1716,
// by its series to z^21 (truncation below 3e-17 relative). For positive normal x.
QS_INLINE double logImpl(double x)
{
    const uint64_t bits = std::bit_cast<uint64_t>(x);
    // Biased exponent of x/√½: adding 1.0's bits minus √½'s bits carries into the exponent at m = √2.
    const uint64_t biased = (bits + (0x3ff0000000000000ULL - 0x3fe6a09e667f3bcdULL)) >> 52;
    const double m = std::bit_cast<double>(bits - (biased << 52) + (1023ULL << 52));
    const double e = std::bit_cast<double>(biased | std::bit_cast<uint64_t>(kMagic)) - (kMagic + 1023.0);
    const double z = (m - 1.0) / (m + 1.0);
    const double w = z * z;
    double s = 1.0 / 21.0;
    s = s * w + 1.0 / 19.0;
    s = s * w + 1.0 / 17.0;
    s = s * w + 1.0 / 15.0;
    s = s * w + 1.0 / 13.0;
    s = s * w + 1.0 / 11.0;
    s = s * w + 1.0 / 9.0;
    s = s * w + 1.0 / 7.0;
    s = s * w + 1.0 / 5.0;
    s = s * w + 1.0 / 3.0;
    s = s * w + 1.0;
    return e * kLn2Hi + (2.0 * z * s + e * kLn2Lo);
}

} // namespace

double kernelExp(double x)
{
    return expImpl(x);
}

double kernelLog(double x)
{
    return logImpl(x);
}

QS_KERNEL_CLONES double huberLse(const HuberLseArgs& args)
{
    const size_t n = args.n, T = args.terms;
    double* __restrict u = args.u;
    double* __restrict c = args.c;
    double* __restrict mx = args.scratch;
    double* __restrict s = args.scratch + n;
    const double* __restrict logY = args.logY;
    const double* __restrict weights = args.weights;
    const double delta = args.huberDelta;

    for (size_t i = 0; i < n; ++i)
        mx[i] = u[i];
    for (size_t t = 1; t < T; ++t) {
        const double* __restrict ut = u + t * n;
        for (size_t i = 0; i < n; ++i)
            mx[i] = ut[i] > mx[i] ? ut[i] : mx[i];
    }
    for (size_t i = 0; i < n; ++i)
        s[i] = 0.0;
    for (size_t t = 0; t < T; ++t) {
        double* __restrict ut = u + t * n;
        for (size_t i = 0; i < n; ++i) {
            const double e = expImpl(ut[i] - mx[i]);
            ut[i] = e;
            s[i] += e;
        }
    }
    // r = max + log s − log y; Huber'(r) = clamp(r, −δ, δ) =: d and Huber(r) = d·(r − d/2), kept in mx.
    // Two loops rather than `weights ? weights[i] : 1.0`, which GCC turns into a masked load from a
    // null pointer: legal, but a microcode assist costing thousands of cycles on some CPUs.
    if (weights) {
        for (size_t i = 0; i < n; ++i) {
            const double r = mx[i] + logImpl(s[i]) - logY[i];
            double d = r < -delta ? -delta : r;
            d = d > delta ? delta : d;
            c[i] = weights[i] * d / s[i];
            mx[i] = weights[i] * d * (r - 0.5 * d);
        }
    } else {
        for (size_t i = 0; i < n; ++i) {
            const double r = mx[i] + logImpl(s[i]) - logY[i];
            double d = r < -delta ? -delta : r;
            d = d > delta ? delta : d;
            c[i] = d / s[i];
            mx[i] = d * (r - 0.5 * d);
        }
    }
    double acc[4] = {0.0, 0.0, 0.0, 0.0};
    size_t i = 0;
    for (; i + 4 <= n; i += 4)
        for (size_t j = 0; j < 4; ++j)
            acc[j] += mx[i + j];
    for (; i < n; ++i)
        acc[0] += mx[i];
    return (acc[0] + acc[1]) + (acc[2] + acc[3]);
}

QS_KERNEL_CLONES void axpy(double* __restrict y, double a, const double* __restrict x, size_t n)
{
    if (x) {
        for (size_t i = 0; i < n; ++i)
            y[i] += a * x[i];
    } else {
        for (size_t i = 0; i < n; ++i)
            y[i] += a;
    }
}

QS_KERNEL_CLONES double dot3(const double* __restrict a, const double* __restrict b, const double* __restrict f,
                             size_t n)
{
    double acc[4] = {0.0, 0.0, 0.0, 0.0};
    size_t i = 0;
    if (f) {
        for (; i + 4 <= n; i += 4)
            for (size_t j = 0; j < 4; ++j)
                acc[j] += a[i + j] * b[i + j] * f[i + j];
        for (; i < n; ++i)
            acc[0] += a[i] * b[i] * f[i];
    } else {
        for (; i + 4 <= n; i += 4)
            for (size_t j = 0; j < 4; ++j)
                acc[j] += a[i + j] * b[i + j];
        for (; i < n; ++i)
            acc[0] += a[i] * b[i];
    }
    return (acc[0] + acc[1]) + (acc[2] + acc[3]);
}

} // namespace qs::scaling::detail
