// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/scalinglaw.h"

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/commands.h"

#include "core/common/errors.h"
#include "core/scalinglaws/serialization.h"
#include "core/store/store.h"

#include <QFile>

namespace qs::cli {

using namespace qs::scaling;

namespace {

std::string prefixed(std::string_view prefix, std::string_view help)
{
    return std::string(prefix) + std::string(help);
}

} // namespace

std::vector<Option> lawOptions(std::string_view prefix)
{
    std::vector<Option> options = {
        text("law-file", "FILE", "A fitted law (JSON written by fit --out)."),
        text("store", "FILE", "Results store: the fit named by --fit."),
        text("fit", "NAME", "Name of a fit saved in --store."),
        word("law", "LAW", "A law with published coefficients only.", {"chinchilla", "w4a4", "qat"}),
        word("variant", "VARIANT", "Variant of the w4a4 law.", {"w4a16", "w16a4", "w16a4-fc2a8", "w4a4"}),
        word("preset", "PRESET", "Published Chinchilla coefficients of the law (fixed).",
             {"none", "hoffmann2022", "besiroglu2024"}),
    };
    for (Option& option : options)
        option.help = prefixed(prefix, option.help);
    return options;
}

std::vector<Option> lawInputOptions(std::string_view prefix)
{
    std::vector<Option> options = {
        positiveNumber("N", "N", "Parameters."),     positiveNumber("D", "D", "Tokens."),
        positiveNumber("G", "G", "Group size."),     positiveNumber("bits", "B", "Weight bits."),
        number("f", "F", "QAT fraction.", 0.0, 1.0),
    };
    for (Option& option : options)
        option.help = prefixed(prefix, option.help);
    return options;
}

Law publishedLaw(const Arguments& args)
{
    const LawKind kind = lawKindFromName(args.value("law").toStdString());
    const ChinchillaPreset preset =
        args.isSet("preset") ? presetFromName(args.value("preset").toStdString()) : ChinchillaPreset::None;
    switch (kind) {
    case LawKind::Chinchilla:
        return Law::chinchilla(preset);
    case LawKind::W4A4:
        args.require("variant");
        return Law::w4a4(variantFromName(args.value("variant").toStdString()), preset);
    case LawKind::Qat:
        return Law::qat(preset);
    }
    return Law::chinchilla(preset);
}

Law lawFromArguments(const Arguments& args)
{
    if (args.isSet("law-file")) {
        QFile file(args.value("law-file"));
        if (!file.open(QIODevice::ReadOnly))
            throw IoError("cannot read " + file.fileName().toStdString() + ": " + file.errorString().toStdString());
        return lawFromJson(file.readAll().toStdString());
    }
    if (args.isSet("fit")) {
        if (!args.isSet("store"))
            throw BadUsage(QStringLiteral("--fit names a fit in a store: give --store too"));
        const Store store = Store::open(args.value("store").toStdString());
        return lawFromJson(store.fitJson(args.value("fit").toStdString()));
    }
    if (args.isSet("law"))
        return publishedLaw(args);
    throw BadUsage(
        QStringLiteral("give the law with --law-file FILE, --store FILE --fit NAME, or --law LAW [--preset PRESET]"));
}

Inputs lawInputs(const Arguments& args)
{
    Inputs inputs;
    for (const Variable v : {Variable::N, Variable::D, Variable::G, Variable::Bits, Variable::QatFraction})
        inputs.set(v, args.number(variableName(v), kNaN));
    return inputs;
}

} // namespace qs::cli
