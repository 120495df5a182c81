// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The torch thread count of numeric tests (tests/support/numeric.h); no QtTest, so benchmarks that reuse the
// tests' fixtures include it too.

#include <QByteArray>
#include <QtGlobal>

namespace qs::test {

// Threads for torch in numeric tests: 2 unless QS_TEST_THREADS says otherwise (the ctest variant
// "threads1" runs every numeric test with 1).
inline int threads()
{
    bool ok = false;
    const int n = qEnvironmentVariableIntValue("QS_TEST_THREADS", &ok);
    return ok && n > 0 ? n : 2;
}

inline QByteArray threadsArg()
{
    return QByteArray::number(threads());
}

} // namespace qs::test
