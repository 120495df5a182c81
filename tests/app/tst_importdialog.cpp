// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Importing a folder of Hugging Face revisions from the GUI (widgets/dialogs/importdialog.h, MainWindow's File >
// Import Hugging Face Trajectory… and a folder dropped on the window): what the dialog proposes and
// refuses, and the run the window then shows, ready for Run Sweep.

#include "tests/support/hffixture.h"

#include "app/gui/mainwindow.h"
#include "itemmodels/selection.h"
#include "itemmodels/storesnapshot.h"
#include "widgets/dialogs/importdialog.h"

#include <QAction>
#include <QApplication>
#include <QDropEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUrl>

#include <memory>

using namespace qs;

class TstImportDialog : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_trajectory; // two revisions of a tiny llama
    QString m_tokens;

    static ImportDialog* openDialog(MainWindow& window)
    {
        for (int i = 0; i < 100; ++i) {
            if (auto* dialog = window.findChild<ImportDialog*>())
                return dialog;
            QTest::qWait(50);
        }
        return nullptr;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_trajectory = m_dir.filePath(QStringLiteral("traj"));
        QString error;
        for (const char* revision : {"stage1-step20-tokens1B", "stage1-step10-tokens0.5B"}) {
            QVERIFY2(
                test::runReference({QStringLiteral("make"), QStringLiteral("--arch"), QStringLiteral("llama"),
                                    QStringLiteral("--out"), m_trajectory + QLatin1Char('/') + QLatin1String(revision)},
                                   &error),
                qPrintable(error));
        }
        m_tokens = m_dir.filePath(QStringLiteral("val.bin"));
        QFile f(m_tokens);
        QVERIFY(f.open(QIODevice::WriteOnly));
        // 16 evaluation blocks of 256 (the dialog's defaults) and one block before them for calibration.
        for (int i = 0; i < 5000; ++i) {
            const quint16 id = quint16((i * 7) % 128);
            f.write(reinterpret_cast<const char*>(&id), 2);
        }
    }

    void dialogProposesAndRefuses()
    {
        ImportDialog dialog(QString(), m_trajectory);
        // The folder's revisions are listed in trajectory order; the run and store are proposed.
        QCOMPARE(dialog.previewText(), QStringLiteral("2 revision(s), steps stage1 10, stage1 20"));
        QCOMPARE(dialog.runName(), QStringLiteral("traj"));
        QCOMPARE(dialog.storePath(), QDir(m_trajectory).filePath(QStringLiteral("quantscope.h5")));
        // No data yet.
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.errorText().contains(QStringLiteral("evaluation data")), qPrintable(dialog.errorText()));
        // A text needs a tokenizer; the revisions have none.
        const QString text = m_dir.filePath(QStringLiteral("val.txt"));
        test::writeFile(text, "some text");
        dialog.dataEdit()->setText(text);
        QVERIFY(dialog.tokenizerEdit()->isVisibleTo(&dialog));
        QVERIFY2(dialog.errorText().contains(QStringLiteral("tokenizer.json")), qPrintable(dialog.errorText()));
        // Token ids need none: the tokenizer row goes away and the import can start.
        dialog.dataEdit()->setText(m_tokens);
        QVERIFY(!dialog.tokenizerEdit()->isVisibleTo(&dialog));
        QVERIFY2(dialog.okButton()->isEnabled(), qPrintable(dialog.errorText()));
        // A schedule that does not parse.
        dialog.scheduleEdit()->setText(QStringLiteral("wsd:peak=3e-4"));
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.errorText().contains(QStringLiteral("total")), qPrintable(dialog.errorText()));
        dialog.scheduleEdit()->setText(QStringLiteral("wsd:peak=3e-4,warmup=2,total=40"));
        QVERIFY(dialog.okButton()->isEnabled());
        const HfImportOptions options = dialog.options();
        QCOMPARE(options.data.tokenizer, std::string());
        QCOMPARE(options.data.seqLen, 256);
        // A folder without revisions.
        dialog.revisionsEdit()->setText(m_dir.filePath(QStringLiteral("absent")));
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.errorText().contains(QStringLiteral("does not exist")), qPrintable(dialog.errorText()));
    }

    // Dropping the folder offers the import; accepting it imports the run and shows it.
    void dropImportsAndShowsTheRun()
    {
        auto window = std::make_unique<MainWindow>();
        window->setJobPollInterval(50);
        window->show();
        auto* mime = new QMimeData;
        mime->setUrls({QUrl::fromLocalFile(m_trajectory)});
        QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(window.get(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(50, 50), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(window.get(), &drop);
        ImportDialog* dialog = openDialog(*window);
        QVERIFY(dialog);
        QCOMPARE(dialog->revisionsEdit()->text(), m_trajectory);
        dialog->dataEdit()->setText(m_tokens);
        dialog->runEdit()->setText(QStringLiteral("tiny-llama"));
        const QString store = m_dir.filePath(QStringLiteral("gui.h5"));
        dialog->storeEdit()->setText(store);
        QVERIFY2(dialog->okButton()->isEnabled(), qPrintable(dialog->errorText()));
        QSignalSpy loaded(window.get(), &MainWindow::storeLoaded);
        dialog->okButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(window->selection()->run() != nullptr, 10000);
        QCOMPARE(window->selection()->run()->name(), QStringLiteral("tiny-llama"));
        QCOMPARE(int(window->selection()->run()->checkpoints.size()), 2);
        QCOMPARE(window->selection()->run()->checkpoints[0].step, 10);
        QVERIFY(window->sweepAction()->isEnabled());
        delete mime;
    }
};

QS_TEST_MAIN(TstImportDialog)
#include "tst_importdialog.moc"
