// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The words of the scaling page that its controls and views share: quantities and variables as
// short symbols and as axis labels, an input as "N = 1B", the readout of the law at the inputs.
// Every text of the page's classes keeps the page's translation context, qs::ScalingPage
// (translations/*.ts), whichever class now says it.

#include "core/scalinglaws/query.h"

#include <QCoreApplication>
#include <QString>

namespace qs {

class ScalingState;

class ScalingTexts
{
    Q_DECLARE_TR_FUNCTIONS(qs::ScalingPage)

public:
    // "δ"; "δ, loss increase from quantization (nats)"; "N (parameters)".
    static QString quantityShort(scaling::Quantity quantity);
    static QString quantityLabel(scaling::Quantity quantity);
    static QString variableLabel(scaling::Variable variable);
    // "N = 2B", "G = 128", "B = 4".
    static QString inputText(scaling::Variable variable, double value);
    // A count as 1M, 10B, 1T (N and D), other inputs with three significant digits.
    static QString formatInput(scaling::Variable variable, double value);
    // The law's predictions at the inputs, two to a line.
    static QString readout(const ScalingState& state);
};

} // namespace qs
