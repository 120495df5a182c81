// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Include QCustomPlot through this header. qcustomplot.h (2.1) uses Qt's `foreach` in two inline
// templates, which QT_NO_FOREACH (CONTRIBUTING.md) removes; give that header a range-for version only.

#ifndef foreach
#define QS_QCP_DEFINED_FOREACH
#define foreach(variable, container) for (variable : container) // NOLINT(bugprone-macro-parentheses): a declaration
#endif

#include <qcustomplot.h>

#ifdef QS_QCP_DEFINED_FOREACH
#undef foreach
#undef QS_QCP_DEFINED_FOREACH
#endif
