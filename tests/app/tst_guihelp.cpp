// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The window as a user first sees it, and its Help menu: the trajectory's room at the default layout
// (a store with nine configs, so the legend has many entries), About QuantScope with the versions of
// the libraries as they report them, the keyboard shortcuts, and the documentation embedded in the
// program (the same files as docs/ of the source tree).

#include "tests/support/plothelpers.h"
#include "tests/support/storefixture.h"

#include "app/gui/helpwindows.h"
#include "app/gui/mainwindow.h"
#include "itemmodels/settings.h"
#include "widgets/pages/trajectory/trajectorypage.h"

#include <H5public.h>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSplitter>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <qcustomplot.h>

#include <memory>

using namespace qs;
using qs::test::StoreFixture;

namespace {

// StoreFixture's run with nine configs (2 to 8 bits, two group sizes), every checkpoint swept.
void writeNineConfigs(const QString& path)
{
    Store store = StoreFixture::writeRun(path);
    for (int c = 0; c < 9; ++c) {
        QuantConfig q;
        q.bits = 2 + c % 7;
        q.groupSize = c < 7 ? 128 : -1;
        store.ensureConfig(StoreFixture::runName, q.id(), q.toJson());
        for (int k = 0; k < StoreFixture::checkpointCount(); ++k)
            store.writeResult(StoreFixture::runName, q.id(), k, StoreFixture::ceEntry(c % 2, k));
    }
}

QStringList tableColumn(const QTableWidget* table, int column)
{
    QStringList values;
    for (int r = 0; r < table->rowCount(); ++r)
        values << table->item(r, column)->text();
    return values;
}

} // namespace

class TstGuiHelp : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_store;
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<MainWindow> m_window;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_store = m_dir.filePath(QStringLiteral("nine.h5"));
        writeNineConfigs(m_store);
        // Fresh settings: the default size and split, as at a first start.
        m_settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("settings.ini")));
        m_window = std::make_unique<MainWindow>(m_settings.get());
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QSignalSpy loaded(m_window.get(), &MainWindow::storeLoaded);
        m_window->openStore(m_store);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
    }

    void cleanupTestCase() { m_window.reset(); }

    // The trajectory's plot gets room at the default layout: its axes a good part of the window's
    // height, the y title on one line, the legend far smaller than the plot.
    void trajectoryHasRoomByDefault()
    {
        QCustomPlot* plot = m_window->trajectoryPage()->findChild<QCustomPlot*>(QStringLiteral("trajectoryPlot"));
        QVERIFY(plot);
        QTRY_VERIFY(plot->graphCount() >= 9);
        plot->replot(QCustomPlot::rpImmediateRefresh);
        const int windowHeight = m_window->height();
        const int axesHeight = plot->axisRect()->rect().height();
        QVERIFY2(
            axesHeight >= windowHeight / 4,
            qPrintable(QStringLiteral("axes %1 px high in a window %2 px high").arg(axesHeight).arg(windowHeight)));
        QVERIFY2(!plot->yAxis->label().contains(QLatin1Char('\n')), qPrintable(plot->yAxis->label()));
        QVERIFY(qs::test::legendEntries(plot->legend) >= 9);
        const int legendHeight = plot->legend->outerRect().height();
        QVERIFY2(legendHeight * 3 <= axesHeight,
                 qPrintable(QStringLiteral("legend %1 px high over axes %2 px").arg(legendHeight).arg(axesHeight)));
        // The split: the trajectory at least as high as the views under it.
        auto* splitter = m_window->findChild<QSplitter*>(QStringLiteral("pageSplitter"));
        QVERIFY(splitter);
        QVERIFY2(splitter->sizes().at(0) >= splitter->sizes().at(1),
                 qPrintable(QStringLiteral("%1 / %2").arg(splitter->sizes().at(0)).arg(splitter->sizes().at(1))));
    }

    void menus()
    {
        QStringList menus;
        for (QAction* action : m_window->menuBar()->actions())
            menus << action->text().remove(QLatin1Char('&'));
        QCOMPARE(menus, (QStringList {QStringLiteral("File"), QStringLiteral("View"), QStringLiteral("Help")}));
        for (const char* name : {"documentationAction", "shortcutsAction", "aboutAction"})
            QVERIFY2(m_window->findChild<QAction*>(QLatin1String(name)), name);
    }

    // About: the versions as the libraries themselves report them.
    void aboutShowsTheVersions()
    {
        m_window->findChild<QAction*>(QStringLiteral("aboutAction"))->trigger();
        AboutDialog* about = nullptr;
        QTRY_VERIFY((about = m_window->findChild<AboutDialog*>()) && about->isVisible());
        const QString text = about->findChild<QLabel*>(QStringLiteral("aboutText"))->text();
        unsigned major = 0, minor = 0, release = 0;
        QVERIFY(H5get_libversion(&major, &minor, &release) >= 0);
        const QString hdf5 = QStringLiteral("%1.%2.%3").arg(major).arg(minor).arg(release);
        // libtorch's release from the library this process loaded (libtorch_cpu.so.1.13).
        QFile maps(QStringLiteral("/proc/self/maps"));
        QVERIFY(maps.open(QIODevice::ReadOnly));
        const QRegularExpressionMatch soname = QRegularExpression(QStringLiteral("libtorch_cpu\\.so\\.(\\d+\\.\\d+)"))
                                                   .match(QString::fromLatin1(maps.readAll()));
        QVERIFY(soname.hasMatch());
        for (const QString& expected :
             {QStringLiteral("QuantScope " QS_EXPECTED_VERSION), QString::fromLatin1(qVersion()),
              QString(QStringLiteral("<td>libtorch</td><td>") + soname.captured(1) + QLatin1Char('.')), hdf5,
              QStringLiteral("arXiv 2510.06213")})
            QVERIFY2(text.contains(expected), qPrintable(expected + QStringLiteral(" not in: ") + text));
        const QString lines = about->versionText();
        QCOMPARE(lines.split(QLatin1Char('\n')).size(), 4);
        QVERIFY(lines.contains(QStringLiteral("Qt ") + QString::fromLatin1(qVersion())));
        QVERIFY(lines.contains(QStringLiteral("HDF5 ") + hdf5));
        about->close();
    }

    void shortcutsListTheMenus()
    {
        m_window->findChild<QAction*>(QStringLiteral("shortcutsAction"))->trigger();
        ShortcutsDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = m_window->findChild<ShortcutsDialog*>()) && dialog->isVisible());
        auto* table = dialog->findChild<QTableWidget*>(QStringLiteral("shortcutsTable"));
        QVERIFY(table);
        const QStringList keys = tableColumn(table, 0);
        const QStringList actions = tableColumn(table, 1);
        const auto native = [](const QKeySequence& sequence) { return sequence.toString(QKeySequence::NativeText); };
        for (const auto& [sequence, action] :
             {std::pair {native(QKeySequence::Open), QStringLiteral("File › Open…")},
              std::pair {native(QKeySequence(Qt::CTRL | Qt::Key_R)), QStringLiteral("File › Run Sweep…")},
              std::pair {native(QKeySequence(Qt::CTRL | Qt::Key_E)), QStringLiteral("File › Export Figure…")},
              std::pair {native(QKeySequence::Quit), QStringLiteral("File › Quit")},
              std::pair {native(QKeySequence::HelpContents), QStringLiteral("Help › QuantScope Documentation")},
              std::pair {native(QKeySequence(Qt::ALT | Qt::Key_H)), QStringLiteral("Show the Heatmap view")}}) {
            if (sequence.isEmpty())
                continue; // a standard key the platform (offscreen) does not bind
            const qsizetype row = actions.indexOf(action);
            QVERIFY2(row >= 0, qPrintable(action + QStringLiteral(" not in: ") + actions.join(QStringLiteral(", "))));
            QCOMPARE(keys.at(row), sequence);
        }
        QVERIFY(keys.contains(QStringLiteral("Left, Right")));
        dialog->close();
    }

    // The documentation: README and every page of docs/ in the source tree, rendered, its links and
    // images followed inside the program, a link to a source file explained.
    void documentation()
    {
        m_window->findChild<QAction*>(QStringLiteral("documentationAction"))->trigger();
        DocumentationWindow* docs = nullptr;
        QTRY_VERIFY((docs = m_window->findChild<DocumentationWindow*>()) && docs->isVisible());
        QStringList expected {QStringLiteral("README.md")};
        expected << QDir(QStringLiteral(QS_PROJECT_SOURCE_DIR "/docs"))
                        .entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name);
        QStringList listed;
        auto* list = docs->findChild<QListWidget*>(QStringLiteral("documentList"));
        for (int i = 0; i < list->count(); ++i)
            listed << list->item(i)->text();
        QCOMPARE(listed, expected);

        auto* browser = docs->findChild<QTextBrowser*>(QStringLiteral("documentBrowser"));
        QVERIFY(browser->toPlainText().contains(QStringLiteral("Two commands")));
        // README's image is the screenshot of docs/screenshots, loaded from the program's resources.
        const QUrl image = browser->source().resolved(QUrl(QStringLiteral("docs/screenshots/heatmap.png")));
        const QVariant pixels = browser->loadResource(QTextDocument::ImageResource, image);
        const QImage screenshot = pixels.value<QImage>();
        QVERIFY(!screenshot.isNull());
        QVERIFY(screenshot.width() <= 900); // scaled to be read beside the text
        // Every image every page shows is in the program.
        for (const QUrl& page : DocumentationWindow::documents()) {
            QFile file(QLatin1Char(':') + page.path());
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(file.readAll());
            // Papers are cited as a reader finds them, not by a file of the developers' notes.
            QVERIFY2(!text.contains(QStringLiteral("papers.md")), qPrintable(page.toString()));
            QRegularExpressionMatchIterator images =
                QRegularExpression(QStringLiteral("!\\[[^\\]]*\\]\\(([^)\\s]+)\\)")).globalMatch(text);
            while (images.hasNext()) {
                const QUrl image = page.resolved(QUrl(images.next().captured(1)));
                QVERIFY2(QFile::exists(QLatin1Char(':') + image.path()), qPrintable(image.toString()));
            }
        }

        // A link between pages: README → docs/cluster.md.
        Q_EMIT browser->anchorClicked(QUrl(QStringLiteral("docs/cluster.md")));
        QCOMPARE(docs->currentDocument().fileName(), QStringLiteral("cluster.md"));
        QCOMPARE(list->currentItem()->text(), QStringLiteral("cluster.md"));
        QVERIFY(browser->toPlainText().contains(QStringLiteral("SLURM")));

        // A link to a source file: the page stays, a message says where the file is.
        Q_EMIT browser->anchorClicked(QUrl(QStringLiteral("../app/cli/cluster.cpp")));
        QCOMPARE(docs->currentDocument().fileName(), QStringLiteral("cluster.md"));
        auto* message = docs->findChild<QLabel*>(QStringLiteral("documentMessage"));
        QVERIFY(message->isVisible());
        QVERIFY2(message->text().contains(QStringLiteral("app/cli/cluster.cpp")), qPrintable(message->text()));
        docs->close();
    }
};

QTEST_MAIN(TstGuiHelp)
#include "tst_guihelp.moc"
