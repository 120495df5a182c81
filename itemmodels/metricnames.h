// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the GUI calls the metrics of core/common/metrics.h, translated: one table for every page and
// model, under the translation context "qs::MetricNames". The English texts follow the core table's
// titles and units (tst_models checks they agree).

#include <QString>

#include <string_view>

namespace qs {

class MetricNames
{
public:
    // The title with its unit where it has one: "ΔCE (nats/byte)", "KL mean (nats)", "relative CE",
    // "SQNR (dB)", "weight rel. error". A metric the table does not name gets its store name.
    static QString title(std::string_view metric);
    // The title without a unit, where room is short (paper figures, hover texts, combo boxes): "ΔCE",
    // "KL mean", "same top-1"; title() where the table has no shorter one.
    static QString shortTitle(std::string_view metric);
    // A sentence for tool tips: what the metric measures; empty when the table has none.
    static QString description(std::string_view metric);
    // Whether the table names `metric`.
    static bool isKnown(std::string_view metric);
    // The untranslated texts, as lupdate sees them (empty when absent): for tests.
    static const char* sourceTitle(std::string_view metric);
    static const char* sourceShortTitle(std::string_view metric);
};

} // namespace qs
