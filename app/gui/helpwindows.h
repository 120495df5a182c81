// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The Help menu's windows: About QuantScope (its version, the versions of Qt, libtorch and HDF5 it
// runs with, the papers it implements, the licence), Keyboard Shortcuts (read from the window's own
// actions, so the list is always the one that works) and the documentation (README.md and docs/*.md,
// embedded as :/docs/, rendered from their Markdown with the screenshots they show).

#include <QDialog>

class QMainWindow;
class QTextBrowser;
class QListWidget;
class QLabel;

namespace qs {

class AboutDialog : public QDialog
{
    Q_OBJECT

public:
    explicit AboutDialog(QWidget* parent = nullptr);

    // The version lines the dialog shows (and copies): QuantScope, Qt, libtorch, HDF5.
    QString versionText() const;
};

class ShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    // Every action of `window`'s menus that has a shortcut, the view tabs' Alt keys, and the plots'
    // keys and mouse gestures.
    explicit ShortcutsDialog(QMainWindow* window);
};

class DocumentationWindow : public QDialog
{
    Q_OBJECT

public:
    explicit DocumentationWindow(QWidget* parent = nullptr);

    // The documents shown in the list: README first, then docs/*.md by name (qrc URLs).
    static QList<QUrl> documents();
    // Shows `url` (a document, maybe with a #fragment); false when it is not part of the
    // documentation embedded in QuantScope.
    bool showDocument(const QUrl& url);
    QUrl currentDocument() const;

private:
    void followLink(const QUrl& url);

    QListWidget* m_list = nullptr;
    QTextBrowser* m_browser = nullptr;
    QLabel* m_message = nullptr;
};

} // namespace qs
