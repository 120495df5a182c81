// Recipes from the GUI (File > Run Recipe: the built-ins listed with their cost; one run of a recipe
// as a job that opens its store and writes its report and figures) and from the command line
// (`quantscope recipe`, `quantscope average`, `quantscope train --from`).

#include "tests/support/numeric.h"
#include "tests/support/testutils.h"
#include "tests/support/tinyrun.h"

#include "app/gui/mainwindow.h"
#include "core/data/store.h"
#include "models/selection.h"
#include "models/storesnapshot.h"

#include <QApplication>
#include <QFileInfo>
#include <QImage>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;

using test::CliResult;
using test::runCli;

class TstRecipes : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_recipe;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString corpus = test::writeCorpus(m_dir.filePath(QStringLiteral("corpus.txt")));
        // A stable run, one cooldown branch, LAWA and a sweep, with a trajectory figure of the family.
        const QByteArray recipe = QByteArray("{\"recipe\": \"gui-tiny\", \"version\": 1, \"title\": \"GUI tiny\", "
                                             "\"cost_minutes\": 0.1, \"corpus\": \"")
            + corpus.toUtf8()
            + "\", \"train\": {\"model\": {\"d_model\": 32, \"n_layers\": 2, \"n_heads\": 2, \"d_ff\": 64, "
              "\"max_seq_len\": 32}, \"batch_size\": 8, \"seq_len\": 32, \"steps\": 30, \"threads\": "
            + qs::test::threadsArg()
            + ", \"eval_batches\": 2, \"checkpoint_every\": 10, \"eval_every\": 10, "
              "\"schedule\": {\"kind\": \"constant\", \"warmup_steps\": 3}},"
              "\"steps\": [{\"train\": \"s\", \"config\": {\"keep_optimizer_states\": true}},"
              " {\"branch\": \"s\", \"at\": [20], \"config\": {\"steps\": 10, \"schedule\": {\"kind\": \"wsd\", "
              "\"warmup_steps\": 0, \"decay_fraction\": 1.0}}},"
              " {\"lawa\": \"s\", \"window\": 2}, {\"sweep\": [\"s*\"], \"quant\": [\"rtn:3:g16\"]}],"
              "\"report\": [{\"title\": \"Branches\", \"branches\": \"s\", \"configs\": [\"rtn_w3_g16_sym\"]}],"
              "\"figures\": [{\"file\": \"family\", \"run\": \"s\", \"overlay\": [\"s.lawa2\"], \"metric\": "
              "\"rel_ce\"}]}";
        m_recipe = test::writeFile(m_dir.filePath(QStringLiteral("gui-tiny.json")), recipe);
    }

    void menuListsTheBuiltinRecipes()
    {
        MainWindow window;
        auto* menu = window.findChild<QMenu*>(QStringLiteral("recipesMenu"));
        QVERIFY(menu);
        QStringList names;
        for (QAction* action : menu->actions()) {
            names << action->objectName();
            QVERIFY2(action->text().contains(QStringLiteral("min)")), qPrintable(action->text()));
            QVERIFY(!action->toolTip().isEmpty());
        }
        QCOMPARE(names,
                 (QStringList {QStringLiteral("recipe-wsd-cooldown-branches"), QStringLiteral("recipe-peak-lr"),
                               QStringLiteral("recipe-lawa-vs-cooldown"), QStringLiteral("recipe-qat-fraction"),
                               QStringLiteral("recipe-activation-precision")}));
    }

    void recipeRunsAsAJobAndOpensItsStore()
    {
        MainWindow window;
        window.setJobPollInterval(50);
        QSignalSpy loaded(&window, &MainWindow::storeLoaded);
        const QString dir = m_dir.filePath(QStringLiteral("gui-run"));
        window.startRecipe(m_recipe, dir);
        QVERIFY(window.isJobRunning());
        QTRY_VERIFY_WITH_TIMEOUT(!window.isJobRunning(), 120000);
        QTRY_VERIFY_WITH_TIMEOUT(window.selection()->snapshot() && window.selection()->snapshot()->runs.size() == 3,
                                 20000);
        QVERIFY(QFileInfo(QDir(dir).filePath(QStringLiteral("report.md"))).size() > 100);
        const QImage figure(QDir(dir).filePath(QStringLiteral("family.png")));
        QVERIFY(!figure.isNull() && figure.width() > 500);
        QVERIFY(QFileInfo(QDir(dir).filePath(QStringLiteral("family.pdf"))).size() > 1000);
        QCOMPARE(QString::fromStdString(window.selection()->snapshot()->runs[1].info.parent), QStringLiteral("s"));
    }

    // File > Branch a Cooldown… and Average Checkpoints (LAWA)… on the store the recipe above wrote.
    void cooldownAndLawaFromTheWindow()
    {
        MainWindow window;
        window.setJobPollInterval(50);
        QSignalSpy loaded(&window, &MainWindow::storeLoaded);
        window.openStore(m_dir.filePath(QStringLiteral("gui-run/recipe.h5")));
        QTRY_VERIFY_WITH_TIMEOUT(window.selection()->run() != nullptr, 20000);
        auto* cooldown = window.findChild<QAction*>(QStringLiteral("cooldownAction"));
        auto* lawa = window.findChild<QAction*>(QStringLiteral("lawaAction"));
        QVERIFY(cooldown && lawa);
        QTRY_VERIFY(cooldown->isEnabled() && lawa->isEnabled());
        window.startCooldown(QStringLiteral("s"), 10, 5);
        QTRY_VERIFY_WITH_TIMEOUT(!window.isJobRunning(), 60000);
        window.startLawa(QStringLiteral("s"), 3);
        QTRY_VERIFY_WITH_TIMEOUT(!window.isJobRunning(), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(window.selection()->snapshot()->runIndex(QStringLiteral("s.lawa3")) >= 0, 20000);
        const auto& snapshot = *window.selection()->snapshot();
        const RunSnapshot& branch = snapshot.runs[size_t(snapshot.runIndex(QStringLiteral("s.cd10")))];
        QCOMPARE(branch.info.parentStep, qint64(10));
        QCOMPARE(branch.checkpoints.back().step, qint64(15));
        QCOMPARE(int(snapshot.runs[size_t(snapshot.runIndex(QStringLiteral("s.lawa3")))].checkpoints.size()), 2);
        // An averaged checkpoint has no optimizer state: the job fails and says why; nothing is added.
        QSignalSpy errors(&window, &MainWindow::errorOccurred);
        window.startCooldown(QStringLiteral("s.lawa3"), 20, 5);
        QTRY_VERIFY_WITH_TIMEOUT(!errors.isEmpty(), 60000);
        const QString error = errors.first().first().toString();
        QVERIFY2(error.contains(QStringLiteral("is an average, with no optimizer state")), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isJobRunning(), 60000);
        QVERIFY(Store::open(m_dir.filePath(QStringLiteral("gui-run/recipe.h5")).toStdString()).runs().size() == 5);
    }

    void commandLine()
    {
        const CliResult list = runCli({QStringLiteral("recipe")});
        QCOMPARE(list.exitCode, 0);
        QVERIFY(list.out.contains(QStringLiteral("qat-fraction (v1, about")));
        const QString dir = m_dir.filePath(QStringLiteral("cli-run"));
        const CliResult run = runCli({QStringLiteral("recipe"), m_recipe, QStringLiteral("--dir"), dir});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY(run.out.contains(QStringLiteral("| s.cd20 | 20 → 30 |")));
        QVERIFY(run.out.contains(QStringLiteral("family.pdf")));
        const QString store = QDir(dir).filePath(QStringLiteral("recipe.h5"));
        // A soup of the branch's end and the stable run's end, then LAWA with a stride.
        const CliResult soup = runCli({QStringLiteral("average"), QStringLiteral("--store"), store,
                                       QStringLiteral("--soup"), QStringLiteral("soup"), QStringLiteral("--of"),
                                       QStringLiteral("s.cd20"), QStringLiteral("--of"), QStringLiteral("s@30*3")});
        QVERIFY2(soup.exitCode == 0, qPrintable(soup.err));
        QVERIFY(soup.out.contains(QStringLiteral("Run 'soup': 1 averaged checkpoints written")));
        const CliResult lawa = runCli({QStringLiteral("average"), QStringLiteral("--store"), store,
                                       QStringLiteral("--lawa"), QStringLiteral("s"), QStringLiteral("--window"),
                                       QStringLiteral("2"), QStringLiteral("--stride"), QStringLiteral("2")});
        QVERIFY2(lawa.exitCode == 0, qPrintable(lawa.err));
        QVERIFY(lawa.out.contains(QStringLiteral("Run 's.lawa2s2': 2 averaged checkpoints written")));
        const CliResult bad =
            runCli({QStringLiteral("average"), QStringLiteral("--store"), store, QStringLiteral("--lawa"),
                    QStringLiteral("s"), QStringLiteral("--window"), QStringLiteral("x")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains(QStringLiteral("--window 'x' is not a whole number")));
        // A branch from the command line.
        const CliResult branch =
            runCli({QStringLiteral("train"), QStringLiteral("--corpus"), m_dir.filePath(QStringLiteral("corpus.txt")),
                    QStringLiteral("--store"), m_dir.filePath(QStringLiteral("other.h5")), QStringLiteral("--run"),
                    QStringLiteral("b"), QStringLiteral("--from"), QStringLiteral("nope@10")});
        QCOMPARE(branch.exitCode, 1);
        QVERIFY2(branch.err.contains(QStringLiteral("the store has no run 'nope'")), qPrintable(branch.err));
        const CliResult unknown = runCli({QStringLiteral("recipe"), QStringLiteral("no-such-recipe")});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY(unknown.err.contains(QStringLiteral("wsd-cooldown-branches")));
    }
};

QS_TEST_MAIN(TstRecipes)
#include "tst_recipes.moc"
