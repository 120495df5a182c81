// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow: the File, View and Help menus, the tool bar, the recent stores, and which actions a store and
// a running job allow. The File menu's actions call the window's parts (fileactions.h, jobcontrol.h,
// labactions.h).

#include "app/gui/mainwindow.h"

#include "app/gui/fileactions.h"
#include "app/gui/helpwindows.h"
#include "app/gui/jobcontrol.h"
#include "app/gui/labactions.h"
#include "app/gui/language.h"
#include "app/gui/theme.h"
#include "itemmodels/selection.h"
#include "itemmodels/settings.h"
#include "itemmodels/storesnapshot.h"
#include "widgets/pages/scaling/scalingpage.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>

namespace qs {

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));

    QAction* open = file->addAction(tr("&Open…"), m_files, &FileActions::chooseStore);
    open->setShortcut(QKeySequence::Open);
    open->setStatusTip(tr("Open a QuantScope results store (.h5)"));

    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();

    file->addSeparator();
    m_demoAction = file->addAction(tr("Run &Demo"), m_jobs, [this] { m_jobs->startDemo(m_settings->demoDirectory()); });
    m_demoAction->setStatusTip(tr("Train a small byte-level LM with a WSD schedule and quantize every checkpoint"));
    m_sweepAction =
        file->addAction(tr("Run &Sweep…"), m_jobs, [this] { m_jobs->chooseSweep(m_runCombo->currentText()); });
    m_sweepAction->setObjectName(QStringLiteral("sweepAction"));
    m_sweepAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_sweepAction->setStatusTip(tr("Quantize every checkpoint of a run of this store with configs of your choice"));
    m_importAction =
        file->addAction(tr("&Import Hugging Face Trajectory…"), m_files, [this] { m_files->chooseImport(); });
    m_importAction->setObjectName(QStringLiteral("importAction"));
    m_importAction->setStatusTip(tr("Make a run of a folder of Hugging Face revisions, to sweep like a trained run"));
    m_lab->addActions(file);
    // They act on the selected run: follow it (a new snapshot selects a run after the actions' update).
    connect(m_selection, &Selection::runChanged, this, &MainWindow::updateActions);
    m_lab->addRecipesMenu(file);

    file->addSeparator();
    m_exportAction = file->addAction(tr("&Export Figure…"), m_files, &FileActions::chooseExportFile);
    m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_exportAction->setEnabled(false);

    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    createViewMenu();
    createHelpMenu();

    m_mainBar = addToolBar(tr("Main"));
    m_mainBar->setObjectName(QStringLiteral("mainToolBar"));
    m_mainBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_mainBar->addAction(open);
    m_mainBar->addAction(m_sweepAction);
    m_mainBar->addAction(m_exportAction);
    updateActions();
}

void MainWindow::createViewMenu()
{
    QMenu* view = menuBar()->addMenu(tr("&View"));

    QMenu* themeMenu = view->addMenu(tr("&Theme"));
    auto* themes = new QActionGroup(this);
    themes->setObjectName(QStringLiteral("themeActions"));
    const std::pair<Settings::Theme, QString> themeItems[] = {
        {Settings::Theme::System, tr("&System")},
        {Settings::Theme::Light, tr("&Light")},
        {Settings::Theme::Dark, tr("&Dark")},
    };
    for (const auto& [theme, text] : themeItems) {
        QAction* action = themeMenu->addAction(text);
        action->setCheckable(true);
        action->setChecked(theme == m_settings->theme());
        action->setData(int(theme));
        themes->addAction(action);
        connect(action, &QAction::triggered, this, [this, theme = theme] {
            m_settings->setTheme(theme);
            applyTheme(theme);
        });
    }

    QMenu* languageMenu = view->addMenu(tr("&Language"));
    auto* languages = new QActionGroup(this);
    languages->setObjectName(QStringLiteral("languageActions"));
    const QString current = m_settings->language();
    QAction* system = languageMenu->addAction(tr("&System"));
    system->setStatusTip(tr("Follow the language of the operating system"));
    languageMenu->addSeparator();
    QList<QAction*> actions {system};
    QStringList codes {QString()};
    for (const UiLanguage& language : uiLanguages()) {
        actions << languageMenu->addAction(language.nativeName);
        codes << language.code;
    }
    for (int i = 0; i < actions.size(); ++i) {
        QAction* action = actions.at(i);
        const QString& code = codes.at(i);
        action->setCheckable(true);
        action->setChecked(code == current);
        action->setData(code);
        languages->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] { chooseLanguage(code); });
    }
}

void MainWindow::createHelpMenu()
{
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* docs = help->addAction(tr("QuantScope &Documentation"), this, [this] {
        auto* window = findChild<DocumentationWindow*>();
        if (!window) {
            window = new DocumentationWindow(this);
            window->setAttribute(Qt::WA_DeleteOnClose);
        }
        window->show();
        window->raise();
        window->activateWindow();
    });
    docs->setObjectName(QStringLiteral("documentationAction"));
    docs->setShortcut(QKeySequence::HelpContents);
    docs->setStatusTip(tr("Read the README and the guides (clusters, recipes, scaling laws, the store's format)"));
    QAction* keys = help->addAction(tr("&Keyboard Shortcuts"), this, [this] {
        auto* dialog = new ShortcutsDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    keys->setObjectName(QStringLiteral("shortcutsAction"));
    help->addSeparator();
    QAction* about = help->addAction(tr("&About QuantScope"), this, [this] {
        auto* dialog = new AboutDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    about->setObjectName(QStringLiteral("aboutAction"));
    about->setMenuRole(QAction::AboutRole);
}

void MainWindow::chooseLanguage(const QString& code)
{
    if (code == m_settings->language())
        return;
    m_settings->setLanguage(code);
    m_settings->sync();
    const QString message = tr("The new language applies the next time QuantScope starts.");
    statusBar()->showMessage(message, statusTimeoutMs);
    auto* box = new QMessageBox(QMessageBox::Information, tr("Language"), message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::updateActions()
{
    // The scaling page draws laws without a store; the other views need a run.
    const StoreSnapshotPtr snapshot = currentSnapshot();
    const bool hasRun = snapshot && !snapshot->runs.empty();
    m_exportAction->setEnabled(hasRun || m_tabs->currentWidget() == m_scaling);
    const bool busy = isJobRunning();
    m_demoAction->setEnabled(!busy);
    m_sweepAction->setEnabled(!busy && hasRun);
    m_importAction->setEnabled(!busy);
    m_lab->updateActions();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = m_settings->recentStores();
    for (const QString& path : recent) {
        QAction* action = m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openStore(path); });
        action->setToolTip(path);
        action->setStatusTip(path);
    }
    if (recent.isEmpty())
        m_recentMenu->addAction(tr("No recent stores"))->setEnabled(false);
    m_recentMenu->addSeparator();
    QAction* clear = m_recentMenu->addAction(tr("&Clear Menu"), m_settings, &Settings::clearRecentStores);
    clear->setEnabled(!recent.isEmpty());
}

} // namespace qs
