#pragma once

// The application's persistent settings: one typed object over QSettings with named keys. The window
// state carries a version so a layout from an older build is ignored instead of misapplied.

#include <QByteArray>
#include <QObject>
#include <QSettings>
#include <QString>
#include <QStringList>

#include <memory>

namespace qs {

class Settings : public QObject
{
    Q_OBJECT

public:
    enum class XAxis
    {
        Step,
        Tokens,
    };
    Q_ENUM(XAxis)

    static constexpr int maxRecentStores = 10;
    // Bump when the main window's docks/toolbars change so stale states are dropped.
    static constexpr int windowStateVersion = 2; // 2: main tool bar

    // Application settings (QSettings with the application's organisation and name).
    explicit Settings(QObject* parent = nullptr);
    // Settings kept in an INI file at `iniPath` (tests, portable installs).
    explicit Settings(const QString& iniPath, QObject* parent = nullptr);
    ~Settings() override;

    // Most recent first, at most maxRecentStores, absolute paths without duplicates.
    QStringList recentStores() const;
    void addRecentStore(const QString& path);
    void removeRecentStore(const QString& path);
    void clearRecentStores();

    XAxis lastXAxis() const;
    void setLastXAxis(XAxis axis);

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray& geometry);
    // Empty when the stored state was saved with another windowStateVersion.
    QByteArray windowState() const;
    void setWindowState(const QByteArray& state);

    QString demoDirectory() const;
    void setDemoDirectory(const QString& dir);
    // QStandardPaths::AppLocalDataLocation + "/demo".
    static QString defaultDemoDirectory();

    // The config specs last swept from the GUI, one per line; empty when never set.
    QString sweepSpecs() const;
    void setSweepSpecs(const QString& specs);

    void sync();

Q_SIGNALS:
    void recentStoresChanged();

private:
    void setRecentStores(const QStringList& paths);

    std::unique_ptr<QSettings> m_settings;
};

} // namespace qs
