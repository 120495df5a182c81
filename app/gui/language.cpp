// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <memory>

namespace qs {

namespace {

const QString resourceDir = QStringLiteral(":/i18n");

// The translators installed by installUiTranslators(), kept for the next call to remove.
struct Installed
{
    std::unique_ptr<QTranslator> app;
    std::unique_ptr<QTranslator> qt;
};

Installed& installed()
{
    static Installed translators;
    return translators;
}

void uninstall(std::unique_ptr<QTranslator>& translator)
{
    if (translator)
        QCoreApplication::removeTranslator(translator.get());
    translator.reset();
}

} // namespace

QList<UiLanguage> uiLanguages()
{
    return {
        {QStringLiteral("en"), QStringLiteral("English")},     {QStringLiteral("es"), QStringLiteral("Español")},
        {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}, {QStringLiteral("nl"), QStringLiteral("Nederlands")},
        {QStringLiteral("ko"), QStringLiteral("한국어")},
    };
}

QString uiTranslationResource(const QString& code)
{
    if (code.isEmpty() || code == QLatin1String("en"))
        return {};
    return resourceDir + QStringLiteral("/quantscope_") + code + QStringLiteral(".qm");
}

QString installUiTranslators(const QString& code)
{
    Installed& current = installed();
    uninstall(current.app);
    uninstall(current.qt);

    // QTranslator::load(QLocale) tries the locale's UI languages from the most specific on
    // ("es_MX" → quantscope_es_MX, quantscope_es), so a regional variant finds the base translation.
    const QLocale locale = code.isEmpty() ? QLocale::system() : QLocale(code);
    if (locale.language() == QLocale::English || locale.language() == QLocale::C)
        return QStringLiteral("en");

    auto app = std::make_unique<QTranslator>();
    if (!app->load(locale, QStringLiteral("quantscope"), QStringLiteral("_"), resourceDir))
        return QStringLiteral("en");
    const QString applied = app->language();
    QCoreApplication::installTranslator(app.get());
    current.app = std::move(app);

    // Qt's own dialogs and buttons; absent on systems without Qt's translations installed.
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        current.qt = std::move(qt);
    }
    return applied;
}

} // namespace qs
