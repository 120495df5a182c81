#include "cli.h"

#include "corpus.h"
#include "demo.h"
#include "errors.h"
#include "figureexport.h"
#include "store.h"
#include "sweep.h"
#include "trainer.h"
#include "trajectorypage.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>

#include <cmath>
#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace qs::cli {

namespace {

std::atomic<bool> g_interrupted {false};

void onSigint(int)
{
    g_interrupted = true;
}

// Console progress: a rewritten line on a terminal, a line per 5 % otherwise (logs, CI).
class ConsoleProgress
{
public:
    ConsoleProgress()
        : m_tty(isatty(fileno(stderr)))
    {
        m_timer.start();
        std::signal(SIGINT, onSigint);
    }
    ~ConsoleProgress()
    {
        if (m_tty && m_printed)
            std::fputc('\n', stderr);
        std::signal(SIGINT, SIG_DFL);
    }

    Progress callback()
    {
        return [this](const ProgressInfo& p) {
            report(p);
            return !g_interrupted.load();
        };
    }

private:
    void report(const ProgressInfo& p)
    {
        const qint64 ms = m_timer.elapsed();
        const bool step = m_tty ? (ms - m_lastMs >= 200) : (p.fraction - m_lastFraction >= 0.05);
        if (!step && p.fraction < 1.0)
            return;
        if (p.fraction >= 1.0 && m_lastFraction >= 1.0)
            return;
        m_lastMs = ms;
        m_lastFraction = p.fraction;
        QString eta;
        if (p.fraction > 0.01 && p.fraction < 1.0) {
            const double left = ms / 1000.0 * (1.0 - p.fraction) / p.fraction;
            eta = QStringLiteral(", ~%1 s left").arg(std::lround(left));
        }
        const QString line = QStringLiteral("[%1%] %2 (%3 s elapsed%4)")
                                 .arg(p.fraction * 100.0, 5, 'f', 1)
                                 .arg(QString::fromStdString(p.message))
                                 .arg(ms / 1000)
                                 .arg(eta);
        if (m_tty)
            std::fprintf(stderr, "\r\033[K%s", qPrintable(line));
        else
            std::fprintf(stderr, "%s\n", qPrintable(line));
        std::fflush(stderr);
        m_printed = true;
    }

    bool m_tty;
    bool m_printed = false;
    QElapsedTimer m_timer;
    qint64 m_lastMs = -1000;
    double m_lastFraction = -1.0;
};

void printErr(const QString& message)
{
    std::fprintf(stderr, "quantscope: %s\n", qPrintable(message));
}

void printOut(const QString& message)
{
    std::fprintf(stdout, "%s\n", qPrintable(message));
    std::fflush(stdout);
}

QString defaultDemoDir()
{
    return QDir::current().filePath(QStringLiteral("demo-output"));
}

std::vector<QuantConfig> parseConfigs(const QStringList& specs)
{
    std::vector<QuantConfig> configs;
    for (const QString& spec : specs)
        configs.push_back(QuantConfig::parse(spec.toStdString()));
    return configs;
}

// Exports the trajectory figure of `run` as PNG and PDF next to each other; returns the paths.
// The demo's figures: relative CE (base.png/.pdf) and mean KL (base-kl.png/.pdf) along training.
QStringList exportFigures(const QString& storePath, const QString& run, const QString& base)
{
    QStringList written;
    for (const auto& [metric, suffix] : {std::pair {"rel_ce", ""}, std::pair {"kl_mean", "-kl"}}) {
        for (const char* ext : {".png", ".pdf"}) {
            const QString out = base + QLatin1String(suffix) + QLatin1String(ext);
            QString error;
            if (!exportTrajectoryFigure(storePath, run, out, &error, 1200, 700, QString::fromLatin1(metric)))
                throw Error(error.toStdString());
            written << out;
        }
    }
    return written;
}

// Seconds per (checkpoint, config), per config, for the entries computed now.
void printSweepTimes(const SweepSummary& summary)
{
    if (summary.references > 0)
        printOut(QStringLiteral("  loading + FP distributions: %1 checkpoints, %2 s per checkpoint")
                     .arg(summary.references)
                     .arg(summary.referenceSeconds / summary.references, 0, 'f', 2));
    for (const auto& [id, seconds] : summary.seconds) {
        const int n = summary.entries.at(id);
        printOut(QStringLiteral("  %1: %2 checkpoints, %3 s per checkpoint")
                     .arg(QString::fromStdString(id))
                     .arg(n)
                     .arg(seconds / std::max(n, 1), 0, 'f', 2));
    }
}

int cmdDemo(QCommandLineParser& parser)
{
    parser.addOption({QStringLiteral("dir"), QCoreApplication::translate("cli", "Demo folder (default ./demo-output)."),
                      QStringLiteral("dir"), defaultDemoDir()});
    parser.addOption({QStringLiteral("steps"), QCoreApplication::translate("cli", "Override the number of training steps."),
                      QStringLiteral("n")});
    parser.addOption({QStringLiteral("threads"), QCoreApplication::translate("cli", "Torch threads (default: all cores)."),
                      QStringLiteral("n")});
    parser.process(QCoreApplication::arguments().mid(1));
    const QString dir = QDir(parser.value(QStringLiteral("dir"))).absolutePath();
    DemoOptions options = DemoOptions::defaults(dir.toStdString());
    if (parser.isSet(QStringLiteral("steps"))) {
        options.train.steps = parser.value(QStringLiteral("steps")).toLongLong();
        options.train.schedule.warmupSteps = std::min(options.train.schedule.warmupSteps, options.train.steps / 10);
    }
    if (parser.isSet(QStringLiteral("threads")))
        options.train.threads = parser.value(QStringLiteral("threads")).toInt();

    printOut(QStringLiteral("QuantScope demo: %1-parameter byte-level LM, %2 schedule, %3 steps of %4 x %5 bytes")
                 .arg(options.train.model.parameterCount())
                 .arg(QString::fromStdString(toString(options.train.schedule.kind)).toUpper())
                 .arg(options.train.steps)
                 .arg(options.train.batchSize)
                 .arg(options.train.seqLen));
    printOut(QStringLiteral("Corpus: %1").arg(QString::fromUtf8(kjvDescription)));
    printOut(QStringLiteral("Folder: %1").arg(dir));

    QElapsedTimer timer;
    timer.start();
    DemoSummary summary;
    {
        ConsoleProgress console;
        summary = runDemo(options, console.callback());
    }
    const QString store = QString::fromStdString(summary.storePath);
    const QStringList figures = exportFigures(store, QString::fromStdString(options.runName),
                                              QDir(dir).filePath(QStringLiteral("trajectory")));
    printOut(QStringLiteral("Trained: %1 checkpoints%2, final validation loss %3 nats/byte")
                 .arg(summary.checkpoints)
                 .arg(summary.trainingReused ? QStringLiteral(" (reused from the store)") : QString())
                 .arg(summary.finalValLoss, 0, 'f', 4));
    printOut(QStringLiteral("Quantized: %1 (checkpoint, config) results computed, %2 reused")
                 .arg(summary.entriesComputed)
                 .arg(summary.entriesReused));
    printSweepTimes(summary.sweep);
    printOut(QStringLiteral("Store:   %1").arg(store));
    for (const QString& f : figures)
        printOut(QStringLiteral("Figure:  %1").arg(f));
    printOut(QStringLiteral("Done in %1 s. Open the store in the GUI: quantscope %2").arg(timer.elapsed() / 1000).arg(store));
    return 0;
}

int cmdTrain(QCommandLineParser& parser)
{
    parser.addOption({QStringLiteral("config"), QCoreApplication::translate("cli", "Training config (JSON)."), QStringLiteral("file")});
    parser.addOption({QStringLiteral("corpus"), QCoreApplication::translate("cli", "Text file to train on."), QStringLiteral("file")});
    parser.addOption({QStringLiteral("store"), QCoreApplication::translate("cli", "Results store (.h5), created if missing."), QStringLiteral("file")});
    parser.addOption({QStringLiteral("run"), QCoreApplication::translate("cli", "Run name."), QStringLiteral("name")});
    parser.addOption({QStringLiteral("checkpoints"), QCoreApplication::translate("cli", "Checkpoint folder (default: next to the store)."), QStringLiteral("dir")});
    parser.process(QCoreApplication::arguments().mid(1));
    for (const char* required : {"corpus", "store", "run"}) {
        if (!parser.isSet(QString::fromLatin1(required))) {
            printErr(QStringLiteral("train: --%1 is required").arg(QString::fromLatin1(required)));
            return 2;
        }
    }
    const TrainConfig config = parser.isSet(QStringLiteral("config"))
        ? TrainConfig::fromFile(parser.value(QStringLiteral("config")).toStdString())
        : TrainConfig {};
    const QString corpusPath = QFileInfo(parser.value(QStringLiteral("corpus"))).absoluteFilePath();
    const Corpus corpus = Corpus::fromFile(corpusPath.toStdString(), config.valFraction,
                                           "text file " + QFileInfo(corpusPath).fileName().toStdString());
    const QString storePath = parser.value(QStringLiteral("store"));
    const QString run = parser.value(QStringLiteral("run"));
    const QString checkpoints = parser.isSet(QStringLiteral("checkpoints"))
        ? parser.value(QStringLiteral("checkpoints"))
        : QFileInfo(storePath).absoluteDir().filePath(QStringLiteral("checkpoints/") + run);
    Store store = Store::openOrCreate(storePath.toStdString());
    TrainSummary summary;
    {
        ConsoleProgress console;
        summary = trainRun(config, corpus, store, run.toStdString(), checkpoints.toStdString(), console.callback());
    }
    printOut(QStringLiteral("Run '%1': %2 checkpoints, final validation loss %3%4")
                 .arg(run)
                 .arg(summary.checkpoints)
                 .arg(summary.finalValLoss, 0, 'f', 4)
                 .arg(summary.reused ? QStringLiteral(" (already complete)") : QString()));
    return 0;
}

int cmdSweep(QCommandLineParser& parser)
{
    parser.addOption({QStringLiteral("store"), QCoreApplication::translate("cli", "Results store (.h5)."), QStringLiteral("file")});
    parser.addOption({QStringLiteral("run"), QCoreApplication::translate("cli", "Run name (default: every run)."), QStringLiteral("name")});
    parser.addOption({QStringLiteral("quant"),
                      QCoreApplication::translate("cli", "Quantization config, repeatable: method[:bits][:options] with method none, rtn "
                                                         "or gptq and options pc|gN, sym|asym, act|noact and calNxT (gptq: act-order, N calibration sequences of T tokens), aB|aBgN (activation bits, "
                                                         "per token or per group of N channels), kind=wBaB (mixed precision, kind q k v o gate "
                                                         "up down). E.g. rtn:4:g128:sym, gptq:3:g128:sym:act, rtn:4:g128:a4:down=a8, "
                                                         "none:a4. Default: rtn:4:g128:sym and rtn:3:g128:sym. The FP reference (fp) is "
                                                         "always measured."),
                      QStringLiteral("spec")});
    parser.addOption({QStringLiteral("threads"), QCoreApplication::translate("cli", "Torch threads (default: all cores)."), QStringLiteral("n")});
    parser.addOption({QStringLiteral("device"), QCoreApplication::translate("cli", "Torch device: cpu, cuda or cuda:N (default cpu)."),
                      QStringLiteral("device"), QStringLiteral("cpu")});
    parser.process(QCoreApplication::arguments().mid(1));
    if (!parser.isSet(QStringLiteral("store"))) {
        printErr(QStringLiteral("sweep: --store is required"));
        return 2;
    }
    QStringList specs = parser.values(QStringLiteral("quant"));
    if (specs.isEmpty())
        specs = {QStringLiteral("rtn:4:g128:sym"), QStringLiteral("rtn:3:g128:sym")};
    const auto configs = parseConfigs(specs);
    Store store = Store::open(parser.value(QStringLiteral("store")).toStdString(), Store::Mode::ReadWrite);
    std::vector<std::string> runs;
    if (parser.isSet(QStringLiteral("run")))
        runs.push_back(parser.value(QStringLiteral("run")).toStdString());
    else
        runs = store.runs();
    for (const auto& run : runs) {
        const Corpus corpus = corpusOfRun(store, run);
        SweepSummary summary;
        SweepOptions options;
        options.threads = parser.value(QStringLiteral("threads")).toInt();
        options.device = parser.value(QStringLiteral("device")).toStdString();
        {
            ConsoleProgress console;
            summary = runSweep(store, run, configs, corpus, options, console.callback());
        }
        printOut(QStringLiteral("Run '%1': %2 results computed, %3 already stored")
                     .arg(QString::fromStdString(run))
                     .arg(summary.computed)
                     .arg(summary.skipped));
        printSweepTimes(summary);
    }
    return 0;
}

int cmdFigure(QCommandLineParser& parser)
{
    parser.addOption({QStringLiteral("store"), QCoreApplication::translate("cli", "Results store (.h5)."), QStringLiteral("file")});
    parser.addOption({QStringLiteral("run"), QCoreApplication::translate("cli", "Run name (default: the first run)."), QStringLiteral("name")});
    parser.addOption({QStringLiteral("view"), QCoreApplication::translate("cli", "View to export (trajectory)."), QStringLiteral("view"),
                      QStringLiteral("trajectory")});
    parser.addOption({QStringLiteral("out"), QCoreApplication::translate("cli", "Output file (.png, .pdf, .svg), repeatable."), QStringLiteral("file")});
    parser.addOption({QStringLiteral("metric"),
                      QCoreApplication::translate("cli", "Trajectory metric: rel_ce (default), delta_ce, kl_mean, kl_p99, top1_agree, sqnr_db."),
                      QStringLiteral("name"), QStringLiteral("rel_ce")});
    parser.process(QCoreApplication::arguments().mid(1));
    if (!parser.isSet(QStringLiteral("store")) || !parser.isSet(QStringLiteral("out"))) {
        printErr(QStringLiteral("figure: --store and --out are required"));
        return 2;
    }
    if (parser.value(QStringLiteral("view")) != QLatin1String("trajectory")) {
        printErr(QStringLiteral("figure: unknown view '%1' (this build exports: trajectory)").arg(parser.value(QStringLiteral("view"))));
        return 2;
    }
    TrajectoryPage::Metric metric;
    if (!TrajectoryPage::metricFromName(parser.value(QStringLiteral("metric")), &metric)) {
        printErr(QStringLiteral("figure: unknown metric '%1' (use one of %2)")
                     .arg(parser.value(QStringLiteral("metric")), TrajectoryPage::metricNames().join(QStringLiteral(", "))));
        return 2;
    }
    for (const QString& out : parser.values(QStringLiteral("out"))) {
        QString error;
        if (!exportTrajectoryFigure(parser.value(QStringLiteral("store")), parser.value(QStringLiteral("run")), out, &error,
                                    1200, 700, parser.value(QStringLiteral("metric")))) {
            printErr(error);
            return 1;
        }
        printOut(QStringLiteral("Figure: %1").arg(QFileInfo(out).absoluteFilePath()));
    }
    return 0;
}

int cmdInfo(QCommandLineParser& parser)
{
    parser.addPositionalArgument(QStringLiteral("store"), QCoreApplication::translate("cli", "Results store (.h5)."));
    parser.process(QCoreApplication::arguments().mid(1));
    if (parser.positionalArguments().size() != 1) {
        printErr(QStringLiteral("info: give exactly one store"));
        return 2;
    }
    const Store store = Store::open(parser.positionalArguments().first().toStdString());
    printOut(QStringLiteral("%1 (schema %2)").arg(QString::fromStdString(store.path())).arg(Store::schemaVersion));
    for (const auto& run : store.runs()) {
        const RunInfo info = store.runInfo(run);
        const auto checkpoints = store.checkpoints(run);
        printOut(QStringLiteral("run %1: %2 schedule, %3 log rows, %4 checkpoints, corpus: %5")
                     .arg(QString::fromStdString(run), QString::fromStdString(info.schedule))
                     .arg(store.log(run).size())
                     .arg(checkpoints.size())
                     .arg(QString::fromStdString(info.corpus)));
        const auto ids = store.configIds(run);
        QString header = QStringLiteral("%1 %2 %3 %4").arg(QStringLiteral("step"), 8).arg(QStringLiteral("tokens"), 10)
                             .arg(QStringLiteral("lr"), 10).arg(QStringLiteral("fp_ce"), 8);
        std::vector<ConfigResults> results;
        for (const auto& id : ids) {
            header += QStringLiteral(" %1").arg(QString::fromStdString(id + ":rel_ce"), 22);
            results.push_back(store.results(run, id));
        }
        printOut(header);
        for (size_t i = 0; i < checkpoints.size(); ++i) {
            const auto& c = checkpoints[i];
            QString line = QStringLiteral("%1 %2 %3 %4").arg(c.step, 8).arg(c.tokens, 10).arg(c.lr, 10, 'e', 2)
                               .arg(c.fpValCe, 8, 'f', 4);
            for (const auto& r : results) {
                const auto it = r.model.find("rel_ce");
                const double v = (it != r.model.end() && i < it->second.size()) ? it->second[i] : std::nan("");
                line += QStringLiteral(" %1").arg(v, 22, 'f', 5);
            }
            printOut(line);
        }
    }
    return 0;
}

QString usage()
{
    return QStringLiteral(
        "usage: quantscope [store.h5]                 open the GUI\n"
        "       quantscope demo [--dir D]             train, quantize, store and plot the built-in demo\n"
        "       quantscope train --corpus F --store S --run R [--config C.json]\n"
        "       quantscope sweep --store S [--run R] [--quant rtn:4:g128:sym | gptq:3:g128:sym:act ...]\n"
        "                                            (resume: the same command)\n"
        "       quantscope figure --store S [--run R] --out fig.pdf [--out fig.png]\n"
        "       quantscope info S\n"
        "Run 'quantscope <command> --help' for a command's options.");
}

} // namespace

bool isSubcommand(const QString& arg)
{
    static const QStringList commands = {QStringLiteral("demo"),   QStringLiteral("train"), QStringLiteral("sweep"),
                                         QStringLiteral("resume"), QStringLiteral("figure"), QStringLiteral("info"),
                                         QStringLiteral("help"),   QStringLiteral("--help"), QStringLiteral("-h")};
    return commands.contains(arg);
}

bool headlessEnvironment()
{
    return qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
}

int run(const QStringList& args)
{
    const QString command = args.value(0);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("quantscope %1").arg(command));
    parser.addHelpOption();
    try {
        if (command == QLatin1String("demo"))
            return cmdDemo(parser);
        if (command == QLatin1String("train"))
            return cmdTrain(parser);
        if (command == QLatin1String("sweep") || command == QLatin1String("resume"))
            return cmdSweep(parser);
        if (command == QLatin1String("figure"))
            return cmdFigure(parser);
        if (command == QLatin1String("info"))
            return cmdInfo(parser);
        printOut(usage());
        const bool asked = command == QLatin1String("help") || command == QLatin1String("--help") || command == QLatin1String("-h");
        return asked ? 0 : 2;
    } catch (const Cancelled&) {
        printErr(QStringLiteral("%1 interrupted; what was finished is in the store, run the same command again to resume").arg(command));
        return 130;
    } catch (const Error& e) {
        printErr(QString::fromStdString(e.what()));
        return 1;
    } catch (const std::exception& e) {
        printErr(QStringLiteral("internal error: %1").arg(QString::fromUtf8(e.what())));
        return 1;
    }
}

} // namespace qs::cli
