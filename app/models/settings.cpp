#include "settings.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

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
} // namespace Key

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

Settings::XAxis Settings::lastXAxis() const
{
    return m_settings->value(Key::lastXAxis).toString() == QLatin1String("tokens") ? XAxis::Tokens : XAxis::Step;
}

void Settings::setLastXAxis(XAxis axis)
{
    m_settings->setValue(Key::lastXAxis, axis == XAxis::Tokens ? QStringLiteral("tokens") : QStringLiteral("step"));
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

void Settings::sync()
{
    m_settings->sync();
}

} // namespace qs
