// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Floating-point checks that hold on any x86-64 machine (docs/testing.md, "Numbers across machines").
//
// Results of training, quantization and forward passes differ between machines in their last bits:
// OpenBLAS picks other kernels on AVX2 and AVX-512 CPUs, ATen's vector kernels and its reductions split
// work by thread count. A test compares such a quantity with a tolerance derived from its size, or checks
// an ordering only where the gap is many times that spread. QS_VERIFY_BELOW records every such
// comparison (quantity and bound) in the file $QS_SPREAD_LOG when it is set, so that
// bench/numeric_spread.sh can run the tests under several kernels and thread counts and print, per
// comparison, the spread of the quantity next to the margin the test keeps.

#include "tests/support/testthreads.h"

#include <QFile>
#include <QString>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

namespace qs::test {

enum class Bound
{
    Below,  // an estimate: value < bound, with a margin to be kept many times the spread
    Above,  // the same, value > bound
    Proven, // value <= bound by a proof (a rounding-error bound): no margin to keep
};

// Appends "test/function[tag]/key <TAB> value <TAB> bound <TAB> below|above|proven" to $QS_SPREAD_LOG,
// if set. A NaN bound marks a quantity recorded only.
inline void recordSpread(const char* key, double value, double bound, Bound kind = Bound::Below)
{
    const QString path = qEnvironmentVariable("QS_SPREAD_LOG");
    if (path.isEmpty())
        return;
    QFile f(path);
    if (!f.open(QIODevice::Append | QIODevice::Text))
        return;
    QString name = QString::fromLocal8Bit(QTest::currentAppName()).section(QLatin1Char('/'), -1) + QLatin1Char('/')
        + QString::fromLatin1(QTest::currentTestFunction());
    if (const char* tag = QTest::currentDataTag(); tag && *tag)
        name += QLatin1Char('[') + QString::fromLatin1(tag) + QLatin1Char(']');
    name += QLatin1Char('/') + QString::fromLatin1(key);
    f.write(QStringLiteral("%1\t%2\t%3\t%4\n")
                .arg(name)
                .arg(value, 0, 'g', 17)
                .arg(bound, 0, 'g', 17)
                .arg(kind == Bound::Below       ? QLatin1String("below")
                         : kind == Bound::Above ? QLatin1String("above")
                                                : QLatin1String("proven"))
                .toUtf8());
}

// float32 unit roundoff.
constexpr double float32Eps = 1.0 / (1 << 23);

// What a tolerance t scales with, checking `actual` against `expected`.
enum class RelativeTo
{
    Expected,      // |actual - expected| <= t * |expected|
    ExpectedOrOne, // <= t * max(1, |expected|): relative above 1, absolute below
    Larger,        // <= t * max(|actual|, |expected|): relative, the same either way round
    LargerOrOne,   // <= t * max(1, |actual|, |expected|)
};

// The tolerance check of a test file, declared once with its scale and, where the file's checks share
// one, its tolerance: `constexpr Near near {RelativeTo::ExpectedOrOne, 1e-9};`, then
// `QVERIFY(near(got, 0.05))`, or `near(got, want, 1e-12)` for a tolerance of its own. False when either
// number is NaN.
struct Near
{
    RelativeTo scale;
    double tolerance = 0.0;

    bool operator()(double actual, double expected) const { return (*this)(actual, expected, tolerance); }
    bool operator()(double actual, double expected, double t) const
    {
        const double error = std::abs(actual - expected);
        switch (scale) {
        case RelativeTo::Expected:
            return error <= t * std::abs(expected);
        case RelativeTo::ExpectedOrOne:
            return error <= t * std::max(1.0, std::abs(expected));
        case RelativeTo::Larger:
            return error <= t * std::max(std::abs(actual), std::abs(expected));
        case RelativeTo::LargerOrOne:
            return error <= t * std::max(1.0, std::max(std::abs(actual), std::abs(expected)));
        }
        return false;
    }
};

// The message of a failed check: "got 0.693147180560, expected 0.693147180559" (12 digits).
inline QString describe(double got, double expected)
{
    return QStringLiteral("got %1, expected %2").arg(got, 0, 'g', 12).arg(expected, 0, 'g', 12);
}

} // namespace qs::test

// QS_VERIFY_BELOW / QS_VERIFY_ABOVE check value < bound / value > bound where the bound is an estimate
// (an ordering, a measured tolerance); QS_VERIFY_AT_MOST checks value <= bound where a proof gives the
// bound. All take doubles and record the pair under `key` (a const char*) for the spread report.
#define QS_VERIFY_BELOW(key, value, bound) QS_VERIFY_BOUND_(key, value, bound, qs::test::Bound::Below)
#define QS_VERIFY_ABOVE(key, value, bound) QS_VERIFY_BOUND_(key, value, bound, qs::test::Bound::Above)
#define QS_VERIFY_AT_MOST(key, value, bound) QS_VERIFY_BOUND_(key, value, bound, qs::test::Bound::Proven)

#define QS_VERIFY_BOUND_(key, value, bound, kind)                                                                      \
    do {                                                                                                               \
        const double qsValue_ = double(value);                                                                         \
        const double qsBound_ = double(bound);                                                                         \
        qs::test::recordSpread(key, qsValue_, qsBound_, kind);                                                         \
        const bool qsOk_ = (kind) == qs::test::Bound::Below ? qsValue_ < qsBound_                                      \
            : (kind) == qs::test::Bound::Above              ? qsValue_ > qsBound_                                      \
                                                            : qsValue_ <= qsBound_;                                                 \
        QVERIFY2(                                                                                                      \
            qsOk_,                                                                                                     \
            qPrintable(QStringLiteral("%1: %2 is not %3 %4")                                                           \
                           .arg(QLatin1String(key))                                                                    \
                           .arg(qsValue_, 0, 'g', 9)                                                                   \
                           .arg((kind) == qs::test::Bound::Above ? QLatin1String("above") : QLatin1String("below"))    \
                           .arg(qsBound_, 0, 'g', 9)));                                                                \
    } while (false)
