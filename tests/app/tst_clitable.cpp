// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The command table (app/cli/command.h) and what is generated from it: help lists every command once,
// every `quantscope <command> --help` works, the parser checks every value before any work, and each
// kind of mistake has one exit code (2 for the command line, 1 for the work) and a message naming the
// command, the option, the value and what is accepted.

#include "tests/support/testutils.h"

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/command.h"
#include "app/cli/help.h"
#include "widgets/pages/figurepages.h"

#include <QObject>
#include <QRegularExpression>

#include <set>

using qs::cli::Arguments;
using qs::cli::BadUsage;
using qs::cli::Command;
using qs::cli::Option;
using qs::cli::OptionKind;
using qs::test::runCli;

namespace {

QString name(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

const Command& command(const char* name)
{
    const Command* c = qs::cli::findCommand(name);
    if (!c)
        qFatal("no command %s", name);
    return *c;
}

// The BadUsage message of parsing `args` for `commandName`; empty when they parse.
QString usageProblem(const char* commandName, const QStringList& args)
{
    try {
        Arguments::parse(command(commandName), args);
    } catch (const BadUsage& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

} // namespace

class TstCliTable : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tableIsConsistent()
    {
        const std::set<QString> expected = {
            QStringLiteral("demo"),    QStringLiteral("train"),     QStringLiteral("import"),
            QStringLiteral("sweep"),   QStringLiteral("resume"),    QStringLiteral("average"),
            QStringLiteral("recipe"),  QStringLiteral("figure"),    QStringLiteral("info"),
            QStringLiteral("check"),   QStringLiteral("repair"),    QStringLiteral("fit"),
            QStringLiteral("query"),   QStringLiteral("help"),      QStringLiteral("submit"),
            QStringLiteral("task"),    QStringLiteral("status"),    QStringLiteral("merge"),
            QStringLiteral("compare"), QStringLiteral("outliers"),  QStringLiteral("sensitivity"),
            QStringLiteral("export"),  QStringLiteral("downstream")};
        std::set<QString> names;
        for (const Command& c : qs::cli::commands()) {
            QVERIFY2(names.insert(name(c.name)).second, qPrintable(name(c.name)));
            QVERIFY(!c.synopsis.empty() && !c.summary.empty());
            for (std::string_view synopsis : c.synopsis)
                QVERIFY2(synopsis.starts_with(c.name), qPrintable(name(synopsis)));
            // Only the widget commands lack a run function in a program without widgets.
            QCOMPARE(c.run == nullptr, c.needsWidgets);
            std::set<QString> options;
            for (const Option& o : c.options) {
                const QString tag = name(c.name) + QStringLiteral(" --") + name(o.name);
                QVERIFY2(options.insert(name(o.name)).second, qPrintable(tag + QStringLiteral(" twice")));
                QVERIFY2(!o.help.empty() && o.help.back() == '.', qPrintable(tag));
                QCOMPARE(o.valueName.empty(), o.kind == OptionKind::Flag);
                if (!o.defaultValue.empty())
                    QVERIFY2(qs::cli::checkValue(o, name(o.defaultValue)).isEmpty(), qPrintable(tag));
                if (o.kind == OptionKind::Integer)
                    QVERIFY2(o.intMin <= o.intMax, qPrintable(tag));
            }
        }
        QCOMPARE(names, expected);
        std::set<QString> widgets;
        for (const Command& c : qs::cli::commands())
            if (c.needsWidgets)
                widgets.insert(name(c.name));
        QCOMPARE(widgets,
                 (std::set<QString> {QStringLiteral("demo"), QStringLiteral("figure"), QStringLiteral("recipe")}));
        // figure --view lists exactly the views the widgets can draw, and scaling.
        QStringList views;
        for (std::string_view w : command("figure").option("view")->words)
            views << name(w);
        QCOMPARE(views, qs::figureViewNames() << QStringLiteral("scaling"));
    }

    void parsing()
    {
        const Arguments a = Arguments::parse(
            command("figure"),
            {QStringLiteral("--store=s.h5"), QStringLiteral("--dpi"), QStringLiteral("150"), QStringLiteral("--run"),
             QStringLiteral("a"), QStringLiteral("--run=b,c"), QStringLiteral("--legend"), QStringLiteral("INSIDE"),
             QStringLiteral("--out"), QStringLiteral("x.pdf")});
        QCOMPARE(a.value("store"), QStringLiteral("s.h5"));
        QCOMPARE(a.integer("dpi"), 150);
        QCOMPARE(a.values("run"), (QStringList {QStringLiteral("a"), QStringLiteral("b,c")}));
        QCOMPARE(a.listValues("run"), (QStringList {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}));
        QCOMPARE(a.value("legend"),
                 QStringLiteral("inside")); // words ignore case, and come back as the table spells them
        QCOMPARE(a.value("figure-style"), QStringLiteral("paper")); // the default
        QCOMPARE(a.integer("checkpoint", -1), -1);                  // not given, no default
        QVERIFY(!a.isSet("csv"));

        const Arguments info =
            Arguments::parse(command("info"), {QStringLiteral("--"), QStringLiteral("--odd-name.h5")});
        QCOMPARE(info.positionals(), QStringList {QStringLiteral("--odd-name.h5")});
        // --help wins over everything else on the line, even a missing required option.
        QVERIFY(
            Arguments::parse(command("train"), {QStringLiteral("--bogus"), QStringLiteral("--help")}).helpRequested());
        QVERIFY(Arguments::parse(command("train"), {QStringLiteral("-h")}).helpRequested());
    }

    void usageProblems_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const auto row = [](const char* tag, const char* command, const QStringList& args, const char* message) {
            QTest::addRow("%s", tag) << QString::fromLatin1(command) << args << QString::fromUtf8(message);
        };
        const QString s = QStringLiteral("--store"), f = QStringLiteral("s.h5");
        row("not a whole number", "sweep", {s, f, QStringLiteral("--threads"), QStringLiteral("abc")},
            "--threads 'abc' is not a whole number in [1, 4096]");
        row("negative", "sweep", {s, f, QStringLiteral("--threads"), QStringLiteral("-5")},
            "--threads '-5' is not a whole number in [1, 4096]");
        row("zero", "figure", {s, f, QStringLiteral("--dpi"), QStringLiteral("0")},
            "--dpi '0' is not a whole number in [1, 4800]");
        row("fraction", "demo", {QStringLiteral("--steps"), QStringLiteral("2.5")},
            "--steps '2.5' is not a whole number");
        row("int64 overflow", "fit",
            {QStringLiteral("--law"), QStringLiteral("chinchilla"), QStringLiteral("--seed"),
             QStringLiteral("99999999999999999999")},
            "--seed '99999999999999999999' is not a whole number >= 0");
        row("int overflow", "demo", {QStringLiteral("--steps"), QStringLiteral("4294967297")},
            "--steps '4294967297' is not a whole number in [1, 1000000000]");
        row("double overflow", "query", {QStringLiteral("--N"), QStringLiteral("1e999")},
            "--N '1e999' is not a number > 0");
        row("not finite", "query", {QStringLiteral("--target"), QStringLiteral("nan")},
            "--target 'nan' is not a finite number");
        row("out of range", "query", {QStringLiteral("--f"), QStringLiteral("1.5")},
            "--f '1.5' is not a number in [0, 1]");
        row("not positive", "fit",
            {QStringLiteral("--law"), QStringLiteral("qat"), QStringLiteral("--huber"), QStringLiteral("0")},
            "--huber '0' is not a number > 0");
        // The command line accepts what the core accepts.
        const QStringList importRun {s, f, QStringLiteral("--run"), QStringLiteral("r")};
        row("import seq-len 1", "import", importRun + QStringList {QStringLiteral("--seq-len"), QStringLiteral("1")},
            "--seq-len '1' is not a whole number in [2, 65536]");
        row("import seq-len 100000", "import",
            importRun + QStringList {QStringLiteral("--seq-len"), QStringLiteral("100000")},
            "--seq-len '100000' is not a whole number in [2, 65536]");
        row("average window 1", "average", {s, f, QStringLiteral("--window"), QStringLiteral("1")},
            "--window '1' is not a whole number in [2, 1000]");
        row("average stride 5000", "average", {s, f, QStringLiteral("--stride"), QStringLiteral("5000")},
            "--stride '5000' is not a whole number in [1, 1000]");
        row("unknown word", "figure", {QStringLiteral("--view"), QStringLiteral("pie")},
            "--view 'pie' is not one of trajectory, heatmap, breakdown, outliers, scaling");
        row("missing required", "train", {QStringLiteral("--corpus"), QStringLiteral("c.txt"), s, f},
            "--run NAME is required");
        row("missing value", "sweep", {s}, "--store FILE: the value is missing");
        row("unknown option", "sweep", {s, f, QStringLiteral("--bogus")}, "unknown option '--bogus'");
        row("flag with a value", "fit", {QStringLiteral("--json=yes")}, "--json takes no value");
        row("extra argument", "info", {QStringLiteral("a.h5"), QStringLiteral("b.h5")}, "unexpected argument 'b.h5'");
        row("missing argument", "info", {}, "STORE is missing");
    }

    void usageProblems()
    {
        QFETCH(QString, command);
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const QString problem = usageProblem(qPrintable(command), args);
        QVERIFY2(problem.startsWith(message), qPrintable(problem));
    }

    void helpListsEveryCommandOnce()
    {
        const auto r = runCli({QStringLiteral("help")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out.trimmed(), qs::cli::helpText());
        const QString list = r.out.section(QStringLiteral("Commands:\n"), 1).section(QStringLiteral("\n\n"), 0, 0);
        std::map<QString, int> listed;
        for (const QString& line : list.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            if (line.startsWith(QLatin1String("  ")) && line.at(2) != QLatin1Char(' '))
                ++listed[line.trimmed().section(QLatin1Char(' '), 0, 0)];
        }
        for (const Command& c : qs::cli::commands())
            QVERIFY2(listed[name(c.name)] == 1, qPrintable(name(c.name) + QStringLiteral(" in\n") + list));
        QCOMPARE(listed.size(), qs::cli::commands().size());
        // -h and --help are help; the usage shows every command's synopsis.
        QCOMPARE(runCli({QStringLiteral("--help")}).out, r.out);
        for (const Command& c : qs::cli::commands())
            QVERIFY(r.out.contains(QStringLiteral("quantscope ") + name(c.name)));
    }

    void commandHelp_data()
    {
        QTest::addColumn<QString>("command");
        for (const Command& c : qs::cli::commands())
            QTest::addRow("%s", qPrintable(name(c.name))) << name(c.name);
    }

    void commandHelp()
    {
        QFETCH(QString, command);
        const auto r = runCli({command, QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
        const Command& c = ::command(qPrintable(command));
        QCOMPARE(r.out.trimmed(), qs::cli::commandHelp(c));
        QVERIFY(r.out.startsWith(QStringLiteral("usage: quantscope ") + command));
        for (const Option& o : c.options)
            QVERIFY2(r.out.contains(QStringLiteral("--") + name(o.name)), qPrintable(name(o.name)));
        QCOMPARE(runCli({QStringLiteral("help"), command}).out, r.out);
    }

    // The binary, end to end: the exit code of each kind of mistake and a message that names it.
    void errors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::addRow("bad number") << QStringList {
            QStringLiteral("sweep"), QStringLiteral("--store"), QStringLiteral("x.h5"), QStringLiteral("--threads"),
            QStringLiteral(
                "abc")} << 2 << QStringLiteral("quantscope sweep: --threads 'abc' is not a whole number in [1, 4096]");
        QTest::addRow("negative number") << QStringList {
            QStringLiteral("sweep"), QStringLiteral("--store"), QStringLiteral("x.h5"), QStringLiteral("--threads"),
            QStringLiteral(
                "-5")} << 2 << QStringLiteral("quantscope sweep: --threads '-5' is not a whole number in [1, 4096]");
        QTest::addRow("overflow") << QStringList {QStringLiteral("sweep"), QStringLiteral("--store"),
                                                  QStringLiteral("x.h5"), QStringLiteral("--threads"),
                                                  QStringLiteral("18446744073709551617")}
                                  << 2
                                  << QStringLiteral(
                                         "--threads '18446744073709551617' is not a whole number in [1, 4096]");
        QTest::addRow("figure dpi 0") << QStringList {QStringLiteral("figure"), QStringLiteral("--store"),
                                                      QStringLiteral("x.h5"),   QStringLiteral("--out"),
                                                      QStringLiteral("x.png"),  QStringLiteral("--dpi"),
                                                      QStringLiteral("0")}
                                      << 2
                                      << QStringLiteral(
                                             "quantscope figure: --dpi '0' is not a whole number in [1, 4800]");
        QTest::addRow("demo steps overflow")
            << QStringList {QStringLiteral("demo"), QStringLiteral("--headless"), QStringLiteral("--steps"),
                            QStringLiteral("1e99")}
            << 2 << QStringLiteral("quantscope demo: --steps '1e99' is not a whole number");
        QTest::addRow("missing option") << QStringList {
            QStringLiteral("train"), QStringLiteral("--corpus"), QStringLiteral("c.txt"), QStringLiteral("--store"),
            QStringLiteral("x.h5")} << 2 << QStringLiteral("quantscope train: --run NAME is required");
        QTest::addRow("missing one of") << QStringList {
            QStringLiteral("import"), QStringLiteral("--store"), QStringLiteral("x.h5"), QStringLiteral("--run"),
            QStringLiteral("r")} << 2 << QStringLiteral("quantscope import: give one of --text FILE, --tokens FILE");
        QTest::addRow("unknown command") << QStringList {QStringLiteral("frobnicate")} << 2
                                         << QStringLiteral("quantscope: 'frobnicate' is neither a command nor a file");
        QTest::addRow("unknown option") << QStringList {QStringLiteral("info"), QStringLiteral("--verbose"),
                                                        QStringLiteral("x.h5")}
                                        << 2 << QStringLiteral("quantscope info: unknown option '--verbose'");
        QTest::addRow("unknown word")
            << QStringList {QStringLiteral("fit"), QStringLiteral("--law"), QStringLiteral("kaplan")} << 2
            << QStringLiteral("quantscope fit: --law 'kaplan' is not one of chinchilla, w4a4, qat, ptq");
        QTest::addRow("unknown name") << QStringList {QStringLiteral("query"), QStringLiteral("--law"),
                                                      QStringLiteral("qat"), QStringLiteral("--predict"),
                                                      QStringLiteral("loss,entropy")}
                                      << 2
                                      << QStringLiteral(
                                             "quantscope query: --predict 'entropy': unknown quantity 'entropy'");
        QTest::addRow("bad spec") << QStringList {QStringLiteral("query"),       QStringLiteral("--law"),
                                                  QStringLiteral("qat"),         QStringLiteral("--predict"),
                                                  QStringLiteral("loss"),        QStringLiteral("--sweep"),
                                                  QStringLiteral("D:1e9:1e12:1")}
                                  << 2
                                  << QStringLiteral(
                                         "quantscope query: --sweep 'D:1e9:1e12:1' is not VAR:FROM:TO:STEPS");
        QTest::addRow("missing file") << QStringList {QStringLiteral("info"), QStringLiteral("/nonexistent/x.h5")} << 1
                                      << QStringLiteral("quantscope info: ");
    }

    void errors()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const auto r = runCli(args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY2(!r.err.contains(QLatin1String("internal error")), qPrintable(r.err));
        if (exitCode == 2) // a usage error shows how the command is used
            QVERIFY2(r.err.contains(QLatin1String("usage: quantscope")), qPrintable(r.err));
    }
};

QS_TEST_GUILESS_MAIN(TstCliTable)
#include "tst_clitable.moc"
