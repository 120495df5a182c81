// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Recipes from the GUI (File > Run Recipe: the built-ins listed with their cost; one run of a recipe
// as a job that opens its store and writes its report and figures) and from the command line
// (`quantscope recipe`, `quantscope average`, `quantscope train --from`).

#include "tests/support/numeric.h"
#include "tests/support/testutils.h"
#include "tests/support/tinyrun.h"

#include "app/gui/mainwindow.h"
#include "core/common/errors.h"
#include "core/lab/recipe.h"
#include "core/store/store.h"
#include "itemmodels/selection.h"
#include "itemmodels/storesnapshot.h"

#include <QApplication>
#include <QFileInfo>
#include <QImage>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QRegularExpression>
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

    // A recipe is checked whole when it is read, before any step runs: unknown keys at every
    // level, every number against its range, every step's config patch, quantizer spec and soup
    // ingredient. Each row edits one value of a valid recipe; the fragments name the key's path, the
    // value as written and the accepted range (docs/recipes.md), written from the rule.
    void badRecipes_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QStringList>("fragments");
        const auto row = [](const char* tag, const char* from, const char* to,
                            std::initializer_list<const char*> fragments) {
            QTest::addRow("%s", tag) << QString::fromUtf8(from) << QString::fromUtf8(to)
                                     << qs::test::fragmentList(fragments);
        };
        // clang-format off
        row("valid", "", "", {});
        row("top unknown key", R"("title":"T")", R"("title":"T","titel":"x")", {"unknown key 'titel'"});
        row("version 0", R"("version":1)", R"("version":0)", {"version = 0", "[1, 1000000]"});
        row("version fraction", R"("version":1)", R"("version":1.5)", {"version = 1.5", "[1, 1000000]"});
        row("cost_minutes negative", R"("title":"T")", R"("title":"T","cost_minutes":-3)", {"cost_minutes = -3", "[0, 1000000]"});
        row("cost_minutes string", R"("title":"T")", R"("title":"T","cost_minutes":"three")", {"cost_minutes = \"three\"", "[0, 1000000]"});
        row("corpus not a string", R"("corpus":"kjv")", R"("corpus":5)", {"corpus = 5", "string"});
        row("base steps -40", R"("steps":40)", R"("steps":-40)", {"train.steps = -40", "[1, 1000000000]"});
        row("base warmup over steps", R"("kind":"constant","warmup_steps":2)", R"("kind":"constant","warmup_steps":50)", {"train.schedule.warmup_steps = 50", "[0, 40]"});
        row("step unknown key", R"({"train":"a","config")", R"({"train":"a","confg":{},"config")", {"steps[0]", "unknown key 'confg'"});
        row("train run not a string", R"({"train":"a",)", R"({"train":5,)", {"steps[0].train = 5", "string"});
        row("train patch steps 1e99", R"("keep_optimizer_states":true)", R"("keep_optimizer_states":true,"steps":1e99)", {"steps[0].config", "steps = 1e+99", "[1, 1000000000]"});
        row("train patch unknown key", R"("keep_optimizer_states":true)", R"("keep_optimizer_states":true,"stepz":3)", {"steps[0].config", "unknown key 'stepz'"});
        row("branch at -5", R"("at":[20])", R"("at":[-5])", {"steps[1].at[0] = -5", "[0, 40]"});
        row("branch at 1e99", R"("at":[20])", R"("at":[1e99])", {"steps[1].at[0] = 1e+99", "[0, 40]"});
        row("branch at string", R"("at":[20])", R"("at":["x"])", {"steps[1].at[0] = \"x\"", "[0, 40]"});
        row("branch at past the parent", R"("at":[20])", R"("at":[50])", {"steps[1].at[0] = 50", "[0, 40]"});
        row("branch at not a list", R"("at":[20])", R"("at":20)", {"steps[1].at = 20", "list"});
        row("branch patch decay 2", R"("decay_fraction":1.0)", R"("decay_fraction":2)", {"steps[1].config", "schedule.decay_fraction = 2", "[0, 1]"});
        row("lawa window 1", R"("window":3)", R"("window":1)", {"steps[2].window = 1", "[2, 1000]"});
        row("lawa window fraction", R"("window":3)", R"("window":2.5)", {"steps[2].window = 2.5", "[2, 1000]"});
        row("lawa window 1e99", R"("window":3)", R"("window":1e99)", {"steps[2].window = 1e+99", "[2, 1000]"});
        row("lawa stride 0", R"("window":3)", R"("window":3,"stride":0)", {"steps[2].stride = 0", "[1, 1000]"});
        row("lawa unknown key", R"("window":3)", R"("windows":3)", {"steps[2]", "unknown key 'windows'"});
        row("unknown verb", R"({"lawa":"a")", R"({"lawaa":"a")", {"steps[2]", "train, branch, lawa, soup, sweep, qat_fractions"});
        row("soup of one", R"("of":["a@20","a@40"])", R"("of":["a@20"])", {"steps[3].of", "at least two"});
        row("soup weight -1", R"("a@40"])", R"("a@40*-1"])", {"steps[3].of[1]", "a@40*-1", "a number > 0"});
        row("soup weight nan", R"("a@40"])", R"("a@40*nan"])", {"steps[3].of[1]", "a@40*nan", "a number > 0"});
        row("soup step overflow", R"("a@40"])", R"("a@99999999999999999999"])", {"steps[3].of[1]", "a@99999999999999999999"});
        row("sweep bad spec", R"("quant":["rtn:4:g16"])", R"("quant":["rtn:9:g16"])", {"steps[4].quant[0]", "[2, 8]"});
        row("sweep patterns not a list", R"("sweep":["a*"])", R"("sweep":"a*")", {"steps[4].sweep", "list"});
        row("qat budget 1e99", R"("budget_steps":40)", R"("budget_steps":1e99)", {"steps[5].qat_fractions.budget_steps = 1e+99", "[1, 1000000000]"});
        row("qat fraction 1.5", R"("fractions":[0,0.5])", R"("fractions":[0,1.5])", {"steps[5].qat_fractions.fractions[1] = 1.5", "[0, 1)"});
        row("qat cooldown 0", R"("cooldown_steps":8)", R"("cooldown_steps":0)", {"steps[5].qat_fractions.cooldown_steps = 0", "[1, "});
        row("qat rewarmup -5", R"("rewarmup_steps":2)", R"("rewarmup_steps":-5)", {"steps[5].qat_fractions.rewarmup_steps = -5", "[0, "});
        row("qat unknown key", R"("rewarmup_steps":2)", R"("rewarmup_steps":2,"cooldown":8)", {"steps[5].qat_fractions", "unknown key 'cooldown'"});
        row("qat fusion", R"("fusions":["fused"])", R"("fusions":["fusion"])", {"steps[5].qat_fractions.fusions[0]", "fusion"});
        row("report unknown key", R"({"title":"F","final")", R"({"title":"F","finals":["b"],"final")", {"report[0]", "unknown key 'finals'"});
        row("report no analysis", R"("final":["a"],"configs")", R"("configs")", {"report[0]", "no analysis"});
        row("report unknown trunk", R"("qat_fractions":"q"})", R"("qat_fractions":"z"})", {"report[1].qat_fractions = \"z\""});
        row("figure x", R"("x":"tokens")", R"("x":"time")", {"figures[0].x = \"time\"", "one of steps, tokens"});
        row("figure unknown key", R"("file":"f")", R"("file":"f","dpi":300)", {"figures[0]", "unknown key 'dpi'"});
        // clang-format on
    }

    void badRecipes()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QStringList, fragments);
        QString text = QStringLiteral(
            R"({"recipe":"t","version":1,"title":"T","corpus":"kjv",)"
            R"("train":{"model":{"d_model":32,"n_layers":1,"n_heads":2,"d_ff":48,"max_seq_len":32},"batch_size":4,)"
            R"("seq_len":32,"steps":40,"schedule":{"kind":"constant","warmup_steps":2},"checkpoint_every":10,)"
            R"("eval_every":10,"eval_batches":2},)"
            R"("steps":[{"train":"a","config":{"keep_optimizer_states":true}},)"
            R"({"branch":"a","at":[20],"config":{"steps":10,"schedule":{"kind":"wsd","warmup_steps":0,"decay_fraction":1.0}}},)"
            R"({"lawa":"a","window":3},{"soup":"s","of":["a@20","a@40"]},{"sweep":["a*"],"quant":["rtn:4:g16"]},)"
            R"({"qat_fractions":{"trunk":"q","budget_steps":40,"fractions":[0,0.5],"quant":"rtn:3:g16","cooldown_steps":8,)"
            R"("rewarmup_steps":2,"fusions":["fused"]}}],)"
            R"("report":[{"title":"F","final":["a"],"configs":["rtn_w4_g16_sym"]},{"title":"Q","qat_fractions":"q"}],)"
            R"("figures":[{"file":"f","run":"a","metric":"rel_ce","x":"tokens"}]})");
        if (!from.isEmpty()) {
            QVERIFY2(text.count(from) == 1, qPrintable(from));
            text.replace(from, to);
        }
        const QString message = test::errorOfType<ConfigError>([&] { Recipe::fromJson(text.toStdString(), "r.json"); });
        if (fragments.isEmpty()) {
            QVERIFY2(message.isEmpty(), qPrintable(message));
            return;
        }
        QVERIFY2(!message.isEmpty(), "accepted");
        QVERIFY2(message.startsWith(QLatin1String("r.json: ")), qPrintable(message));
        for (const QString& fragment : fragments)
            QVERIFY2(message.contains(fragment), qPrintable(message));
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
            // The paper as a reader finds it: authors, year and arXiv id.
            QVERIFY2(
                action->statusTip().contains(QRegularExpression(QStringLiteral("\\b20\\d\\d, arXiv \\d{4}\\.\\d{5}"))),
                qPrintable(action->statusTip()));
        }
        QCOMPARE(names,
                 (QStringList {QStringLiteral("recipe-wsd-cooldown-branches"), QStringLiteral("recipe-peak-lr"),
                               QStringLiteral("recipe-lawa-vs-cooldown"), QStringLiteral("recipe-qat-fraction"),
                               QStringLiteral("recipe-activation-precision"),
                               QStringLiteral("recipe-deployment-formats")}));
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
        // The window reads the store again when the job ends (a poll during the job may have shown the
        // run before its checkpoints).
        const auto lawaCheckpoints = [&] {
            const auto& shown = *window.selection()->snapshot();
            const int index = shown.runIndex(QStringLiteral("s.lawa3"));
            return index < 0 ? -1 : int(shown.runs[size_t(index)].checkpoints.size());
        };
        QTRY_COMPARE_WITH_TIMEOUT(lawaCheckpoints(), 2, 20000);
        const auto& snapshot = *window.selection()->snapshot();
        const RunSnapshot& branch = snapshot.runs[size_t(snapshot.runIndex(QStringLiteral("s.cd10")))];
        QCOMPARE(branch.info.parentStep, qint64(10));
        QCOMPARE(branch.checkpoints.back().step, qint64(15));
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
        QVERIFY(soup.out.contains(QStringLiteral("Run 'soup': 1 averaged checkpoints added")));
        const CliResult lawa = runCli({QStringLiteral("average"), QStringLiteral("--store"), store,
                                       QStringLiteral("--lawa"), QStringLiteral("s"), QStringLiteral("--window"),
                                       QStringLiteral("2"), QStringLiteral("--stride"), QStringLiteral("2")});
        QVERIFY2(lawa.exitCode == 0, qPrintable(lawa.err));
        QVERIFY(lawa.out.contains(QStringLiteral("Run 's.lawa2s2': 2 averaged checkpoints added")));
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
