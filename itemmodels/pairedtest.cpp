// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/pairedtest.h"

#include "itemmodels/storesnapshot.h"

#include "core/common/metrics.h"
#include "core/store/store.h"

#include <QMutexLocker>

#include <algorithm>

namespace qs {

PairedTestRead readPairedTest(const QString& path, const EntryRef& a, const EntryRef& b, const std::string& metric)
{
    PairedTestRead read;
    try {
        const QMutexLocker lock(&storeOpenMutex());
        const Store store = Store::open(path.toStdString(), Store::Mode::ReadOnly);
        read.comparison = compareEntries(store, a, b, metric);
    } catch (const std::exception& e) {
        read.error = QString::fromStdString(e.what());
    }
    return read;
}

std::string pairedTestMetric(const std::string& metric)
{
    if (metric == metrics::relCe)
        return metrics::deltaCe;
    const auto& names = comparableMetrics();
    return std::find(names.begin(), names.end(), metric) != names.end() ? metric : std::string();
}

} // namespace qs
