// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Paired tests between stored results for the pages (core/analysis/comparison.h), read from the store file
// the window's snapshot came from: the per-unit sums they need are not part of the snapshot.

#include "core/analysis/comparison.h"

#include <QString>

#include <optional>

namespace qs {

struct PairedTestRead
{
    std::optional<EntryComparison> comparison;
    QString error; // why there is none: no per-unit sums (an older sweep), another evaluation, …
};

// The paired test of `metric` between entries a and b of the store at `path` (opened read-only under
// storeOpenMutex()); never throws.
PairedTestRead readPairedTest(const QString& path, const EntryRef& a, const EntryRef& b, const std::string& metric);

// The metric a paired test compares for a page's metric: relative CE's and ΔCE's damage is tested on
// ΔCE (paired, linear in the per-unit sums), the others as themselves; "" when none can be.
std::string pairedTestMetric(const std::string& metric);

} // namespace qs
