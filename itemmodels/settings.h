// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The application's persistent settings: one typed object over QSettings with named keys. The window
// state carries a version so a layout from an older build is ignored instead of misapplied.

#include "core/hf/stagelayout.h"
#include "itemmodels/figurewords.h"

#include <QByteArray>
#include <QObject>
#include <QSettings>
#include <QString>
#include <QStringList>

#include <memory>

namespace qs {

// The export dialog's last choices. Enumerations are stored as the words the command line uses
// (`quantscope figure --size/--figure-style/--legend`, models/figurewords.h), so the INI file stays
// readable; a value Settings does not know reads back as the default.
struct ExportChoices
{
    QString format = figureWord(FigureFormat::Pdf);      // pdf, svg, png, csv
    QString size = figureWord(FigureSize::SingleColumn); // single, double, custom
    double customWidth = 3.3;                            // inches, size "custom"
    double height = 0.0;                                 // inches; 0: automatic
    int dpi = 300;
    QString style = figureWord(FigureKind::Paper);    // paper, screen
    QString fontFamily;                               // empty: the paper style's default
    double fontPt = 0.0;                              // 0: the paper style's default
    double lineWidth = 0.0;                           // 0: the paper style's default
    QString legend = figureWord(FigureLegend::Below); // below, inside, none
    QString directory;                                // where the last figure went; empty: next to the store

    bool operator==(const ExportChoices&) const = default;
};

class Settings : public QObject
{
    Q_OBJECT

public:
    enum class Theme
    {
        System, // the platform's style and palette
        Light,  // Fusion, light palette
        Dark,   // Fusion, dark palette
    };
    Q_ENUM(Theme)

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

    // The trajectory's x axis as the user left it: Step or Tokens (the checkpoint order is not kept:
    // it reads back as Step).
    TrajectoryAxis lastXAxis() const;
    void setLastXAxis(TrajectoryAxis axis);

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

    // UI language as a locale name ("es", "zh_CN"); empty: follow the system locale.
    QString language() const;
    void setLanguage(const QString& language);

    Theme theme() const;
    void setTheme(Theme theme);

    ExportChoices exportChoices() const;
    void setExportChoices(const ExportChoices& choices);

    // The bottom tab widget's current tab (0 when never saved) and the page splitter's state.
    int viewTab() const;
    void setViewTab(int index);
    QByteArray splitterState() const;
    void setSplitterState(const QByteArray& state);

    void sync();

Q_SIGNALS:
    void recentStoresChanged();

private:
    void setRecentStores(const QStringList& paths);

    std::unique_ptr<QSettings> m_settings;
};

} // namespace qs
