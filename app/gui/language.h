// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The UI languages QuantScope ships and installing them. The translations live in translations/*.ts
// and are compiled into the binary as :/i18n/quantscope_<code>.qm (app/CMakeLists.txt). The command
// line subcommands install none: their output stays English for the scripts that read it.

#include <QList>
#include <QString>

namespace qs {

struct UiLanguage
{
    QString code;       // locale name: "en", "es", "zh_CN", "nl", "ko"
    QString nativeName; // the language's name in itself, for the Language menu
};

// English (the source language) first, then every shipped translation.
QList<UiLanguage> uiLanguages();

// The resource holding the translation for `code` (":/i18n/quantscope_es.qm"); empty for English.
QString uiTranslationResource(const QString& code);

// Installs on the application the translators for `code` — a locale name such as "es" or "zh_CN";
// empty for the system locale's UI languages — replacing those this function installed before:
// QuantScope's own and, when present, Qt's (qtbase_<lang>.qm in QLibraryInfo's TranslationsPath).
// Call before the windows are built. Returns the language QuantScope's texts now appear in ("en"
// when no translation fits).
QString installUiTranslators(const QString& code);

} // namespace qs
