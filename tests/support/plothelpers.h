// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Helpers for tests that look inside a QCustomPlot.

#include "widgets/plot/qcp.h"

namespace qs::test {

// The legend's entries. QCPLegend::itemCount() counts the grid's cells, so a wrapped legend whose last
// row is not full reports more items than it shows; how many depends on the widget's width.
inline int legendEntries(QCPLegend* legend)
{
    int entries = 0;
    for (int i = 0; i < legend->itemCount(); ++i)
        entries += legend->item(i) ? 1 : 0;
    return entries;
}

} // namespace qs::test
