// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/settings.h"

#include "itemmodels/figurewords.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include <algorithm>

namespace qs {

namespace {

namespace Key {
const QString recentStores = QStringLiteral("files/recentStores");
const QString lastXAxis = QStringLiteral("trajectory/xAxis");
const QString windowGeometry = QStringLiteral("mainWindow/geometry");
const QString windowState = QStringLiteral("mainWindow/state");
const QString windowStateVersion = QStringLiteral("mainWindow/stateVersion");
const QString demoDirectory = QStringLiteral("demo/directory");
const QString sweepSpecs = QStringLiteral("sweep/specs");
const QString language = QStringLiteral("ui/language");
const QString theme = QStringLiteral("ui/theme");
const QString viewTab = QStringLiteral("mainWindow/viewTab");
const QString splitterState = QStringLiteral("mainWindow/splitter");
const QString exportFormat = QStringLiteral("export/format");
const QString exportSize = QStringLiteral("export/size");
const QString exportCustomWidth = QStringLiteral("export/customWidth");
const QString exportHeight = QStringLiteral("export/height");
const QString exportDpi = QStringLiteral("export/dpi");
const QString exportStyle = QStringLiteral("export/style");
const QString exportFontFamily = QStringLiteral("export/fontFamily");
const QString exportFontPt = QStringLiteral("export/fontPt");
const QString exportLineWidth = QStringLiteral("export/lineWidth");
const QString exportLegend = QStringLiteral("export/legend");
const QString exportDirectory = QStringLiteral("export/directory");
} // namespace Key

// `value` when it is a word of the figure choice `Enum` (models/figurewords.h), else `fallback`.
template<typename Enum>
QString knownWord(const QString& value, const QString& fallback)
{
    return figureWordValue<Enum>(value) ? value : fallback;
}

// A stored number, or `fallback` when missing, not a number or outside [low, high].
double numberIn(const QSettings& settings, const QString& key, double low, double high, double fallback)
{
    bool ok = false;
    const double value = settings.value(key).toDouble(&ok);
    return ok && value >= low && value <= high ? value : fallback;
}

QString normalizedPath(const QString& path)
{
    return QDir::cleanPath(QFileInfo(path).absoluteFilePath());
}

} // namespace

Settings::Settings(QObject* parent)
    : QObject(parent)
    , m_settings(std::make_unique<QSettings>())
{
}

Settings::Settings(const QString& iniPath, QObject* parent)
    : QObject(parent)
    , m_settings(std::make_unique<QSettings>(iniPath, QSettings::IniFormat))
{
}

Settings::~Settings() = default;

QStringList Settings::recentStores() const
{
    QStringList result;
    for (const QString& path : m_settings->value(Key::recentStores).toStringList()) {
        if (!path.isEmpty() && !result.contains(path))
            result.append(path);
        if (result.size() == maxRecentStores)
            break;
    }
    return result;
}

void Settings::setRecentStores(const QStringList& paths)
{
    if (paths == recentStores())
        return;
    m_settings->setValue(Key::recentStores, paths);
    Q_EMIT recentStoresChanged();
}

void Settings::addRecentStore(const QString& path)
{
    if (path.isEmpty())
        return;
    const QString file = normalizedPath(path);
    QStringList paths = recentStores();
    paths.removeAll(file);
    paths.prepend(file);
    while (paths.size() > maxRecentStores)
        paths.removeLast();
    setRecentStores(paths);
}

void Settings::removeRecentStore(const QString& path)
{
    QStringList paths = recentStores();
    paths.removeAll(normalizedPath(path));
    setRecentStores(paths);
}

void Settings::clearRecentStores()
{
    setRecentStores({});
}

TrajectoryAxis Settings::lastXAxis() const
{
    return m_settings->value(Key::lastXAxis).toString() == QLatin1String("tokens") ? TrajectoryAxis::Tokens
                                                                                   : TrajectoryAxis::Step;
}

void Settings::setLastXAxis(TrajectoryAxis axis)
{
    m_settings->setValue(Key::lastXAxis,
                         axis == TrajectoryAxis::Tokens ? QStringLiteral("tokens") : QStringLiteral("step"));
}

QByteArray Settings::windowGeometry() const
{
    return m_settings->value(Key::windowGeometry).toByteArray();
}

void Settings::setWindowGeometry(const QByteArray& geometry)
{
    m_settings->setValue(Key::windowGeometry, geometry);
}

QByteArray Settings::windowState() const
{
    if (m_settings->value(Key::windowStateVersion, -1).toInt() != windowStateVersion)
        return {};
    return m_settings->value(Key::windowState).toByteArray();
}

void Settings::setWindowState(const QByteArray& state)
{
    m_settings->setValue(Key::windowState, state);
    m_settings->setValue(Key::windowStateVersion, windowStateVersion);
}

QString Settings::demoDirectory() const
{
    const QString dir = m_settings->value(Key::demoDirectory).toString();
    return dir.isEmpty() ? defaultDemoDirectory() : dir;
}

void Settings::setDemoDirectory(const QString& dir)
{
    if (dir.isEmpty())
        m_settings->remove(Key::demoDirectory);
    else
        m_settings->setValue(Key::demoDirectory, normalizedPath(dir));
}

QString Settings::defaultDemoDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/demo");
}

QString Settings::sweepSpecs() const
{
    return m_settings->value(Key::sweepSpecs).toString();
}

void Settings::setSweepSpecs(const QString& specs)
{
    m_settings->setValue(Key::sweepSpecs, specs);
}

QString Settings::language() const
{
    return m_settings->value(Key::language).toString();
}

void Settings::setLanguage(const QString& language)
{
    if (language.isEmpty())
        m_settings->remove(Key::language);
    else
        m_settings->setValue(Key::language, language);
}

Settings::Theme Settings::theme() const
{
    const QString value = m_settings->value(Key::theme).toString();
    if (value == QLatin1String("light"))
        return Theme::Light;
    if (value == QLatin1String("dark"))
        return Theme::Dark;
    return Theme::System;
}

void Settings::setTheme(Theme theme)
{
    switch (theme) {
    case Theme::System:
        m_settings->remove(Key::theme);
        break;
    case Theme::Light:
        m_settings->setValue(Key::theme, QStringLiteral("light"));
        break;
    case Theme::Dark:
        m_settings->setValue(Key::theme, QStringLiteral("dark"));
        break;
    }
}

ExportChoices Settings::exportChoices() const
{
    const ExportChoices defaults;
    const QSettings& s = *m_settings;
    ExportChoices c;
    c.format = knownWord<FigureFormat>(s.value(Key::exportFormat).toString(), defaults.format);
    c.size = knownWord<FigureSize>(s.value(Key::exportSize).toString(), defaults.size);
    c.customWidth = numberIn(s, Key::exportCustomWidth, 0.1, 100.0, defaults.customWidth);
    c.height = numberIn(s, Key::exportHeight, 0.0, 100.0, defaults.height);
    c.dpi = int(numberIn(s, Key::exportDpi, 1.0, 10000.0, defaults.dpi));
    c.style = knownWord<FigureKind>(s.value(Key::exportStyle).toString(), defaults.style);
    c.fontFamily = s.value(Key::exportFontFamily).toString();
    c.fontPt = numberIn(s, Key::exportFontPt, 1.0, 100.0, defaults.fontPt);
    c.lineWidth = numberIn(s, Key::exportLineWidth, 0.01, 20.0, defaults.lineWidth);
    c.legend = knownWord<FigureLegend>(s.value(Key::exportLegend).toString(), defaults.legend);
    c.directory = s.value(Key::exportDirectory).toString();
    return c;
}

void Settings::setExportChoices(const ExportChoices& choices)
{
    m_settings->setValue(Key::exportFormat, choices.format);
    m_settings->setValue(Key::exportSize, choices.size);
    m_settings->setValue(Key::exportCustomWidth, choices.customWidth);
    m_settings->setValue(Key::exportHeight, choices.height);
    m_settings->setValue(Key::exportDpi, choices.dpi);
    m_settings->setValue(Key::exportStyle, choices.style);
    m_settings->setValue(Key::exportFontFamily, choices.fontFamily);
    m_settings->setValue(Key::exportFontPt, choices.fontPt);
    m_settings->setValue(Key::exportLineWidth, choices.lineWidth);
    m_settings->setValue(Key::exportLegend, choices.legend);
    if (choices.directory.isEmpty())
        m_settings->remove(Key::exportDirectory);
    else
        m_settings->setValue(Key::exportDirectory, normalizedPath(choices.directory));
}

int Settings::viewTab() const
{
    return std::max(0, m_settings->value(Key::viewTab, 0).toInt());
}

void Settings::setViewTab(int index)
{
    m_settings->setValue(Key::viewTab, index);
}

QByteArray Settings::splitterState() const
{
    return m_settings->value(Key::splitterState).toByteArray();
}

void Settings::setSplitterState(const QByteArray& state)
{
    m_settings->setValue(Key::splitterState, state);
}

void Settings::sync()
{
    m_settings->sync();
}

} // namespace qs
