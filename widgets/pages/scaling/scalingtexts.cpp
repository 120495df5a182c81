// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/scaling/scalingtexts.h"

#include "core/common/errors.h"
#include "itemmodels/scalingstate.h"
#include "widgets/plot/plotstyle.h"

#include <QStringList>

namespace qs {

using namespace qs::scaling;

QString ScalingTexts::quantityShort(Quantity q)
{
    switch (q) {
    case Quantity::Loss:
        return tr("loss");
    case Quantity::FpLoss:
        return tr("FP loss");
    case Quantity::Delta:
        return tr("δ");
    case Quantity::EffectiveFraction:
        return tr("N_eff/N");
    case Quantity::EffectiveParameters:
        return tr("N_eff");
    case Quantity::OptimalQatFraction:
        return tr("f*");
    case Quantity::DirectQatFraction:
        return tr("f̂");
    case Quantity::TokensPerParameterByte:
        return tr("S");
    }
    return {};
}

QString ScalingTexts::quantityLabel(Quantity q)
{
    switch (q) {
    case Quantity::Loss:
        return tr("loss L (nats)");
    case Quantity::FpLoss:
        return tr("FP loss E + A/N^α + B/D^β (nats)");
    case Quantity::Delta:
        return tr("δ, loss increase from quantization (nats)");
    case Quantity::EffectiveFraction:
        return tr("effective parameter fraction N_eff/N");
    case Quantity::EffectiveParameters:
        return tr("effective parameters N_eff");
    case Quantity::OptimalQatFraction:
        return tr("optimal QAT fraction f*");
    case Quantity::DirectQatFraction:
        return tr("direct fit f̂ = exp(−a/ln S)");
    case Quantity::TokensPerParameterByte:
        return tr("S, tokens per parameter byte");
    }
    return {};
}

QString ScalingTexts::variableLabel(Variable v)
{
    switch (v) {
    case Variable::N:
        return tr("N (parameters)");
    case Variable::D:
        return tr("D (training tokens)");
    case Variable::G:
        return tr("G (group size, input channels)");
    case Variable::Bits:
        return tr("B (weight bits)");
    case Variable::QatFraction:
        return tr("f (QAT fraction of the tokens)");
    }
    return {};
}

QString ScalingTexts::formatInput(Variable v, double value)
{
    return v == Variable::N || v == Variable::D ? formatCount(value) : QString::number(value, 'g', 3);
}

QString ScalingTexts::inputText(Variable v, double value)
{
    const QString symbol = v == Variable::Bits ? QStringLiteral("B") : QString::fromStdString(variableName(v));
    return tr("%1 = %2").arg(symbol, formatInput(v, value));
}

QString ScalingTexts::readout(const ScalingState& state)
{
    QStringList parts;
    for (const Quantity q : state.availableQuantities()) {
        try {
            const double value = predict(state.law(), q, state.inputs());
            parts << tr("%1 = %2").arg(quantityShort(q),
                                       q == Quantity::EffectiveParameters ? formatCount(value)
                                                                          : QString::number(value, 'g', 4));
        } catch (const Error&) {
            parts << tr("%1: unset coefficients").arg(quantityShort(q));
        }
    }
    // Two to a line: a label that wraps by itself is not given its height inside the splitter.
    QStringList lines;
    for (qsizetype i = 0; i < parts.size(); i += 2)
        lines << parts.mid(i, 2).join(QStringLiteral(" · "));
    return tr("At these inputs:\n%1").arg(lines.join(QLatin1Char('\n')));
}

} // namespace qs
