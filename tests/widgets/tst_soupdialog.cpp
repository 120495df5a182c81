// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The soup dialog on its own (widgets/dialogs/soupdialog.h): the checkpoints it offers, the name it
// proposes and checks with the store's own rule, the weights it reads back, and for runs of Hugging
// Face revisions the output folder.

#include "tests/support/testutils.h"

#include "core/store/store.h"
#include "itemmodels/storesnapshot.h"
#include "widgets/dialogs/soupdialog.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>

#include <cmath>
#include <limits>

using namespace qs;

namespace {

CheckpointRow row(int64_t step, int64_t tokens, double lr, const char* path = "", const char* stage = "")
{
    CheckpointRow r;
    r.step = step;
    r.tokens = tokens;
    r.lr = lr;
    r.path = path;
    r.stage = stage;
    return r;
}

// A run of the built-in trainer: checkpoints at steps 0, 10, 20, 30.
RunSnapshot trainedRun()
{
    RunSnapshot run;
    run.info.name = "trunk";
    run.info.trainConfigJson = "{}";
    for (int i = 0; i < 4; ++i)
        run.checkpoints.push_back(row(10 * i, 2560 * 10 * i, 1e-2 * (1.0 - 0.25 * i)));
    return run;
}

// A run of HF revisions over two stages; stage 2's two ingredients both count from step 0, so their
// step 5 is ambiguous.
RunSnapshot hfRun()
{
    RunSnapshot run;
    run.info.name = "olmo";
    run.info.source = R"({"kind": "huggingface", "data": "val.bin"})";
    const double nan = std::numeric_limits<double>::quiet_NaN();
    run.checkpoints = {row(10, 1'500'000'000, nan, "revs/stage1-step10-tokens2B", "stage1"),
                       row(20, 3'000'000'000, 3e-4, "revs/stage1-step20-tokens3B", "stage1"),
                       row(5, 3'100'000'000, nan, "revs/stage2-ingredient1-step5", "stage2-ingredient1"),
                       row(5, 3'100'000'000, nan, "revs/stage2-ingredient2-step5", "stage2-ingredient2")};
    return run;
}

} // namespace

class TstSoupDialog : public QObject
{
    Q_OBJECT

    const QString m_store = QDir::cleanPath(QDir::tempPath() + QStringLiteral("/study/results.h5"));

private Q_SLOTS:
    void defaultNames()
    {
        QCOMPARE(SoupDialog::defaultName(QStringLiteral("r"), {10, 20}), QStringLiteral("r.soup-10-20"));
        QCOMPARE(SoupDialog::defaultName(QStringLiteral("r"), {0, 10, 20, 30}), QStringLiteral("r.soup-0-10-20-30"));
        QCOMPARE(SoupDialog::defaultName(QStringLiteral("r"), {1, 2, 3, 4, 50}), QStringLiteral("r.soup5-1-to-50"));
        QCOMPARE(SoupDialog::defaultName(QStringLiteral("r"), {}), QStringLiteral("r.soup"));
    }

    void trainedRunIngredientsAndWeights()
    {
        // A soup of the last two checkpoints exists already: the proposal takes the next free name.
        SoupDialog dialog(m_store, trainedRun(), {QStringLiteral("trunk"), QStringLiteral("trunk.soup-20-30")});
        QAbstractItemModelTester tester(dialog.table()->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(!dialog.isHfRun());
        QCOMPARE(dialog.rowCount(), 4);
        QCOMPARE(dialog.table()->item(1, SoupDialog::StepColumn)->text(), QStringLiteral("10"));
        QCOMPARE(dialog.table()->item(1, SoupDialog::TokensColumn)->text(), QStringLiteral("25.6k"));
        QCOMPARE(dialog.table()->item(1, SoupDialog::LrColumn)->text(), QStringLiteral("0.0075"));
        for (int i = 0; i < 4; ++i) {
            QVERIFY(dialog.isSelectable(i));
            QCOMPARE(dialog.isChecked(i), i >= 2);
            QCOMPARE(dialog.weight(i), 1.0);
        }
        QCOMPARE(dialog.runName(), QStringLiteral("trunk.soup-20-30-2"));
        QVERIFY2(dialog.okButton()->isEnabled(), qPrintable(dialog.errorText()));
        QVERIFY(dialog.errorText().isEmpty());
        // The trainer's soups go where LAWA's do; no folder to choose.
        QVERIFY(!dialog.folderEdit()->isVisibleTo(&dialog));
        QCOMPARE(dialog.outputFolder(),
                 QDir::cleanPath(QDir::tempPath() + QStringLiteral("/study/checkpoints/trunk.soup-20-30-2")));

        // One checkpoint is no soup.
        dialog.setChecked(3, false);
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.errorText().contains(QStringLiteral("at least two")), qPrintable(dialog.errorText()));
        QCOMPARE(dialog.runName(), QStringLiteral("trunk.soup-20"));
        // Three, with weights.
        dialog.setChecked(0, true);
        dialog.setChecked(3, true);
        dialog.setWeight(2, 2.5);
        dialog.setWeight(3, 0.125);
        QVERIFY2(dialog.okButton()->isEnabled(), qPrintable(dialog.errorText()));
        QCOMPARE(dialog.runName(), QStringLiteral("trunk.soup-0-20-30"));
        const std::vector<SoupIngredient> chosen = dialog.ingredients();
        QCOMPARE(chosen.size(), size_t(3));
        const int64_t steps[] = {0, 20, 30};
        const double weights[] = {1.0, 2.5, 0.125};
        for (size_t i = 0; i < chosen.size(); ++i) {
            QCOMPARE(chosen[i].run, std::string("trunk"));
            QCOMPARE(chosen[i].step, steps[i]);
            QCOMPARE(chosen[i].weight, weights[i]);
        }
        // The preview gives each ingredient's share: 2.5 of 3.625 is 69.0 %.
        QVERIFY2(dialog.previewText().contains(QStringLiteral("step 20 (69 %)")), qPrintable(dialog.previewText()));

        // A weight of 0 (set from outside the spin box, which stops above 0) is refused.
        dialog.setWeight(0, 0.0);
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.errorText().contains(QStringLiteral("weight of step 0")), qPrintable(dialog.errorText()));
        dialog.setWeight(0, 1.0);
        QVERIFY(dialog.okButton()->isEnabled());
        // The weight editor cannot go to 0.
        dialog.show();
        const QModelIndex weightIndex = dialog.table()->model()->index(0, SoupDialog::WeightColumn);
        dialog.table()->edit(weightIndex);
        auto* spin = dialog.table()->findChild<QDoubleSpinBox*>();
        QVERIFY(spin);
        QVERIFY(spin->minimum() > 0.0);
        QCOMPARE(spin->value(), 1.0);
    }

    void nameIsCheckedAsTheStoreChecksIt_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("message"); // empty: the store's own message
        QTest::addRow("space") << QStringLiteral("my soup") << QString();
        QTest::addRow("slash") << QStringLiteral("a/b") << QString();
        QTest::addRow("dot dot") << QStringLiteral("..") << QString();
        QTest::addRow("empty") << QString() << QStringLiteral("Name the soup's run.");
        QTest::addRow("taken") << QStringLiteral("trunk")
                               << QStringLiteral("The store already holds a run named trunk; choose another name.");
    }

    void nameIsCheckedAsTheStoreChecksIt()
    {
        QFETCH(QString, name);
        QFETCH(QString, message);
        SoupDialog dialog(m_store, trainedRun(), {QStringLiteral("trunk")});
        QVERIFY(dialog.okButton()->isEnabled());
        dialog.setRunName(name);
        QVERIFY(!dialog.okButton()->isEnabled());
        if (message.isEmpty()) {
            message = test::errorOf([&] { checkRunName(name.toStdString()); });
            QVERIFY(message.contains(QStringLiteral("invalid run name")));
        }
        QCOMPARE(dialog.errorText(), message);
        // A name the store takes.
        dialog.setRunName(QStringLiteral("trunk.best-of-2"));
        QVERIFY2(dialog.okButton()->isEnabled(), qPrintable(dialog.errorText()));
    }

    // A name the user typed stays when the checked steps change.
    void typedNameStays()
    {
        SoupDialog dialog(m_store, trainedRun(), {});
        QCOMPARE(dialog.runName(), QStringLiteral("trunk.soup-20-30"));
        dialog.nameEdit()->selectAll();
        QTest::keyClicks(dialog.nameEdit(), QStringLiteral("mine"));
        QCOMPARE(dialog.runName(), QStringLiteral("mine"));
        dialog.setChecked(0, true);
        QCOMPARE(dialog.runName(), QStringLiteral("mine"));
        QCOMPARE(dialog.outputFolder(), QDir::cleanPath(QDir::tempPath() + QStringLiteral("/study/checkpoints/mine")));
    }

    void hfRunOffersItsFolder()
    {
        SoupDialog dialog(m_store, hfRun(), {QStringLiteral("olmo")});
        QVERIFY(dialog.isHfRun());
        QCOMPARE(dialog.rowCount(), 4);
        // Stage 2's ingredients share step 5: neither can be named, and stage 1's two are checked.
        QVERIFY(dialog.isSelectable(0) && dialog.isSelectable(1));
        QVERIFY(!dialog.isSelectable(2) && !dialog.isSelectable(3));
        QVERIFY(dialog.table()->item(2, SoupDialog::StepColumn)->toolTip().contains(QStringLiteral("shared")));
        dialog.setChecked(2, true);
        QVERIFY(!dialog.isChecked(2));
        QVERIFY(dialog.isChecked(0) && dialog.isChecked(1));
        QCOMPARE(dialog.table()->item(0, SoupDialog::StepColumn)->text(), QStringLiteral("stage1 10"));
        QCOMPARE(dialog.table()->item(0, SoupDialog::TokensColumn)->text(), QStringLiteral("1.5B"));
        QCOMPARE(dialog.table()->item(0, SoupDialog::LrColumn)->text(), QStringLiteral("—"));
        QCOMPARE(dialog.table()->item(1, SoupDialog::LrColumn)->text(), QStringLiteral("0.0003"));
        QCOMPARE(dialog.runName(), QStringLiteral("olmo.soup-10-20"));
        QVERIFY2(dialog.okButton()->isEnabled(), qPrintable(dialog.errorText()));

        // The folder is `quantscope average`'s default and follows the name until the user picks one.
        QVERIFY(dialog.folderEdit()->isVisibleTo(&dialog));
        const QString checkpoints =
            QDir::cleanPath(QDir::tempPath() + QStringLiteral("/study/checkpoints")) + QLatin1Char('/');
        QCOMPARE(dialog.outputFolder(), checkpoints + QStringLiteral("olmo.soup-10-20"));
        QVERIFY2(dialog.previewText().contains(checkpoints + QStringLiteral("olmo.soup-10-20/stage1-step20-tokens3B")),
                 qPrintable(dialog.previewText()));
        dialog.setRunName(QStringLiteral("olmo.s"));
        QCOMPARE(dialog.outputFolder(), checkpoints + QStringLiteral("olmo.s"));
        dialog.folderEdit()->clear();
        QTest::keyClicks(dialog.folderEdit(), QStringLiteral("/data/soups"));
        QCOMPARE(dialog.outputFolder(), QStringLiteral("/data/soups"));
        dialog.setRunName(QStringLiteral("olmo.t"));
        QCOMPARE(dialog.outputFolder(), QStringLiteral("/data/soups"));
        QVERIFY2(dialog.previewText().contains(QStringLiteral("/data/soups/stage1-step20-tokens3B")),
                 qPrintable(dialog.previewText()));
        // No folder.
        dialog.folderEdit()->clear();
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.errorText().contains(QStringLiteral("folder")), qPrintable(dialog.errorText()));
    }
};

QS_TEST_MAIN(TstSoupDialog)
#include "tst_soupdialog.moc"
