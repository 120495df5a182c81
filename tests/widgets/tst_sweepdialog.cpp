// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The sweep dialog on its own: config specs validated line by line as the user types.

#include "tests/support/testutils.h"

#include "core/config/config.h"
#include "core/config/quantmethods.h"
#include "widgets/dialogs/sweepdialog.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>

class TstSweepDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sweepDialogSpecs_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("configCount"); // 0: invalid
        QTest::addColumn<int>("errorLine");   // 1-based; -1: the text as a whole is the problem
        QTest::addRow("defaults") << qs::SweepDialog::defaultSpecs() << 6 << -1;
        QTest::addRow("bits out of range on line 2") << QStringLiteral("rtn:4:g128:sym\nrtn:9:g128:sym\n") << 0 << 2;
        QTest::addRow("unknown option") << QStringLiteral("rtn:4:g128:sym:fast") << 0 << 1;
        QTest::addRow("unknown method after a blank line") << QStringLiteral("rtn:4:g32\n\nspqr:4:g128") << 0 << 3;
        QTest::addRow("act-order on rtn") << QStringLiteral("rtn:4:g128:act\nrtn:4:g128:sym:q") << 0 << 1;
        QTest::addRow("mixed precision of an unknown kind") << QStringLiteral("rtn:4:g128:a4:ffn=a8") << 0 << 1;
        QTest::addRow("rotated awq") << QStringLiteral("rtn:4:g128:a4:rot\nawq:4:rot") << 0 << 2;
        QTest::addRow("rotated and unrotated")
            << QStringLiteral("rtn:4:g128:a4\nrtn:4:g128:a4:rot\nnone:a4:rotd") << 3 << -1;
        QTest::addRow("empty") << QString() << 0 << -1;
        QTest::addRow("only the FP reference") << QStringLiteral("none\n") << 0 << -1;
        QTest::addRow("same config twice") << QStringLiteral("rtn:4:g32:sym\nrtn:4:g32") << 1 << -1;
        QTest::addRow("comments and blanks")
            << QStringLiteral("# weight only\n\n  rtn:3:pc:asym  \nnone:a4g32") << 2 << -1;
    }

    void sweepDialogSpecs()
    {
        QFETCH(QString, text);
        QFETCH(int, configCount);
        QFETCH(int, errorLine);
        qs::SweepDialog dialog({QStringLiteral("run-a"), QStringLiteral("run-b")});
        dialog.setSpecText(text);
        QCOMPARE(dialog.specText(), text);
        QCOMPARE(dialog.isValid(), configCount > 0);
        QCOMPARE(dialog.okButton()->isEnabled(), configCount > 0);
        QCOMPARE(int(dialog.configs().size()), configCount);
        QCOMPARE(dialog.errorText().isEmpty(), configCount > 0);

        const QStringList lines = text.split(QLatin1Char('\n'));
        if (errorLine > 0) {
            // The message names the line and carries the parser's own explanation of it.
            const QString bad = lines[errorLine - 1].trimmed();
            const QString parseError = qs::test::errorOf([&] { qs::QuantConfig::parse(bad.toStdString()); });
            QVERIFY(!parseError.isEmpty());
            QVERIFY2(dialog.errorText().contains(QStringLiteral("Line %1").arg(errorLine)),
                     qPrintable(dialog.errorText()));
            QVERIFY2(dialog.errorText().contains(parseError), qPrintable(dialog.errorText()));
        }
        if (configCount == 0)
            return;
        // Every valid line shows its config's label; the configs come in line order, each once.
        std::vector<std::string> ids;
        for (const QString& line : lines) {
            const QString spec = line.trimmed();
            if (spec.isEmpty() || spec.startsWith(QLatin1Char('#')))
                continue;
            const qs::QuantConfig config = qs::QuantConfig::parse(spec.toStdString());
            QVERIFY2(dialog.previewText().contains(QString::fromStdString(config.label())),
                     qPrintable(dialog.previewText()));
            if (std::find(ids.begin(), ids.end(), config.id()) == ids.end())
                ids.push_back(config.id());
        }
        QCOMPARE(int(ids.size()), configCount);
        for (int i = 0; i < configCount; ++i)
            QCOMPARE(dialog.configs()[size_t(i)].id(), ids[size_t(i)]);
    }

    void sweepDialogLiveValidation()
    {
        qs::SweepDialog dialog({QStringLiteral("run-a"), QStringLiteral("run-b")});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QCOMPARE(dialog.run(), QStringLiteral("run-a"));
        dialog.setRun(QStringLiteral("run-b"));
        QCOMPARE(dialog.run(), QStringLiteral("run-b"));

        QPlainTextEdit* edit = dialog.specEdit();
        edit->clear();
        QVERIFY(!dialog.okButton()->isEnabled());
        edit->setFocus();
        QTest::keyClicks(edit, QStringLiteral("rtn:4:g128:sym"));
        QVERIFY(dialog.okButton()->isEnabled());
        QVERIFY(dialog.previewText().contains(QStringLiteral("RTN W4 g128 sym")));
        QTest::keyClick(edit, Qt::Key_Return);
        QTest::keyClicks(edit, QStringLiteral("gptq:4:g128:sym:act:bogus"));
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.errorText().contains(QStringLiteral("Line 2"))
                     && dialog.errorText().contains(QStringLiteral("bogus")),
                 qPrintable(dialog.errorText()));
        for (int i = 0; i < 6; ++i)
            QTest::keyClick(edit, Qt::Key_Backspace);
        QVERIFY(dialog.okButton()->isEnabled());
        QVERIFY(dialog.errorText().isEmpty());
        QCOMPARE(int(dialog.configs().size()), 2);
        QCOMPARE(dialog.configs()[1], qs::QuantConfig::parse("gptq:4:g128:sym:act"));

        // The method list holds every quantizer and QuaRot's rotated W4A4; Add appends its default spec as a
        // line that parses.
        QComboBox* methods = dialog.methodCombo();
        QCOMPARE(methods->count(), int(qs::quantMethods().size()) + 1);
        QCOMPARE(qs::QuantConfig::parse(methods->itemData(methods->count() - 1).toString().toStdString()).rotation,
                 qs::Rotation::Random);
        for (int i = 0; i < methods->count(); ++i) {
            methods->setCurrentIndex(i);
            QTest::mouseClick(dialog.findChild<QPushButton*>(QStringLiteral("sweepAddMethod")), Qt::LeftButton);
            QVERIFY2(dialog.okButton()->isEnabled(), qPrintable(dialog.errorText()));
            QVERIFY(dialog.specText().endsWith(methods->itemData(i).toString()));
        }
        // rtn:4:g128:sym and gptq:4:g128:sym:act were there already: repeats are not run twice.
        QCOMPARE(int(dialog.configs().size()), methods->count());
        QVERIFY(methods->itemText(methods->findData(QStringLiteral("nf4"))).contains(QStringLiteral("bitsandbytes")));

        // No run to sweep: never valid.
        qs::SweepDialog empty({});
        QVERIFY(!empty.okButton()->isEnabled());
        QVERIFY(!empty.errorText().isEmpty());
    }
};

QS_TEST_MAIN(TstSweepDialog)
#include "tst_sweepdialog.moc"
