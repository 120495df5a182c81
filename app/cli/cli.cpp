#include "app/cli/cli.h"
#include "app/cli/cliaverage.h"
#include "app/cli/cliimport.h"
#include "app/cli/cliscaling.h"
#include "models/checkpointfolder.h"

#include "core/data/corpus.h"
#include "core/lab/demo.h"
#include "app/gui/recipes.h"
#include "core/common/errors.h"
#include "widgets/pages/figurepages.h"
#include "widgets/plot/figureexport.h"
#include "widgets/pages/breakdownpage.h"
#include "widgets/pages/heatmappage.h"
#include "models/selection.h"
#include "models/storesnapshot.h"
#include "core/data/store.h"
#include "core/engine/sweep.h"
#include "core/engine/trainer.h"
#include "widgets/pages/trajectory/trajectorypage.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
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

// The demo's figures of `run` in the paper style at double-column width, as PNG (300 dpi) and PDF next
// to each other: relative CE (base.png/.pdf) and mean KL (base-kl.png/.pdf) along training. Returns
// the paths.
QStringList exportFigures(const QString& storePath, const QString& run, const QString& base)
{
    Selection selection;
    selection.setSnapshot(loadStoreSnapshot(storePath));
    const int runIndex = run.isEmpty() ? 0 : selection.snapshot()->runIndex(run);
    if (runIndex < 0 || runIndex >= int(selection.snapshot()->runs.size()))
        throw Error("the store " + storePath.toStdString() + " has no run '" + run.toStdString() + "'");
    selection.setRun(runIndex);
    FigurePage page = createFigurePage(QStringLiteral("trajectory"), &selection);
    auto* trajectory = qobject_cast<TrajectoryPage*>(page.widget.get());
    if (!trajectory)
        throw Error("this build has no trajectory view");
    FigureExportOptions options;
    options.size = FigureExportOptions::Size::DoubleColumn;
    QStringList written;
    for (const auto& [metric, suffix] : {std::pair {TrajectoryPage::Metric::RelativeCe, ""},
                                         std::pair {TrajectoryPage::Metric::KlMean, "-kl"}}) {
        trajectory->setMetric(metric);
        for (const char* ext : {".png", ".pdf"}) {
            const QString out = base + QLatin1String(suffix) + QLatin1String(ext);
            QString error;
            if (!exportFigure(*page.view, out, options, &error))
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

int cmdRecipe(QCommandLineParser& parser)
{
    parser.addPositionalArgument(QStringLiteral("recipe"), QStringLiteral("Built-in recipe name or recipe file; none lists them."));
    parser.addOption({QStringLiteral("dir"), QStringLiteral("Output folder (default ./recipe-<name>)."), QStringLiteral("dir")});
    parser.addOption({QStringLiteral("threads"), QStringLiteral("Torch threads (default: all cores)."), QStringLiteral("n")});
    parser.addOption({QStringLiteral("report-only"), QStringLiteral("Only write the report and figures of the store in --dir.")});
    parser.process(QCoreApplication::arguments().mid(1));
    const QStringList args = parser.positionalArguments();
    if (args.isEmpty()) {
        for (const Recipe& r : builtinRecipes())
            printOut(QStringLiteral("%1 (v%2, about %3 min on 2 cores): %4")
                         .arg(QString::fromStdString(r.name))
                         .arg(r.version)
                         .arg(r.costMinutes, 0, 'f', 0)
                         .arg(QString::fromStdString(r.title)));
        return 0;
    }
    const Recipe recipe = findRecipe(args.first());
    RecipeOptions options;
    options.dir = QDir(parser.isSet(QStringLiteral("dir")) ? parser.value(QStringLiteral("dir"))
                                                           : QStringLiteral("recipe-") + QString::fromStdString(recipe.name))
                      .absolutePath()
                      .toStdString();
    if (parser.isSet(QStringLiteral("threads")))
        options.threads = parser.value(QStringLiteral("threads")).toInt();
    printOut(QStringLiteral("Recipe %1 v%2: %3").arg(QString::fromStdString(recipe.name)).arg(recipe.version).arg(QString::fromStdString(recipe.title)));
    RecipeResult result;
    if (parser.isSet(QStringLiteral("report-only"))) {
        result.storePath = options.storePath();
        result.reportPath = options.reportPath();
        result.report = recipeReport(recipe, result.storePath);
        QFile report(QString::fromStdString(result.reportPath));
        if (!report.open(QIODevice::WriteOnly | QIODevice::Truncate) || report.write(QByteArray::fromStdString(result.report)) < 0)
            throw IoError(result.reportPath + ": cannot write the report");
    } else {
        ConsoleProgress console;
        result = runRecipe(recipe, options, console.callback());
    }
    const QStringList figures = exportRecipeFigures(recipe, QString::fromStdString(result.storePath),
                                                    QString::fromStdString(options.dir));
    printOut(QString::fromStdString(result.report));
    printOut(QStringLiteral("Store:   %1").arg(QString::fromStdString(result.storePath)));
    printOut(QStringLiteral("Report:  %1").arg(QString::fromStdString(result.reportPath)));
    for (const QString& f : figures)
        printOut(QStringLiteral("Figure:  %1").arg(f));
    if (result.seconds > 0)
        printOut(QStringLiteral("Done in %1 min.").arg(result.seconds / 60.0, 0, 'f', 1));
    return 0;
}

int cmdTrain(QCommandLineParser& parser)
{
    parser.addOption({QStringLiteral("config"), QCoreApplication::translate("cli", "Training config (JSON)."), QStringLiteral("file")});
    parser.addOption({QStringLiteral("corpus"), QCoreApplication::translate("cli", "Text file to train on."), QStringLiteral("file")});
    parser.addOption({QStringLiteral("store"), QCoreApplication::translate("cli", "Results store (.h5), created if missing."), QStringLiteral("file")});
    parser.addOption({QStringLiteral("run"), QCoreApplication::translate("cli", "Run name."), QStringLiteral("name")});
    parser.addOption({QStringLiteral("checkpoints"), QCoreApplication::translate("cli", "Checkpoint folder (default: next to the store)."), QStringLiteral("dir")});
    parser.addOption({QStringLiteral("from"), QStringLiteral("Branch: start from checkpoint STEP of run RUN of the store (its weights and optimizer "
                                                             "state); steps and schedule then count from there."),
                      QStringLiteral("RUN@STEP")});
    parser.process(QCoreApplication::arguments().mid(1));
    for (const char* required : {"corpus", "store", "run"}) {
        if (!parser.isSet(QString::fromLatin1(required))) {
            printErr(QStringLiteral("train: --%1 is required").arg(QString::fromLatin1(required)));
            return 2;
        }
    }
    TrainConfig config = parser.isSet(QStringLiteral("config"))
        ? TrainConfig::fromFile(parser.value(QStringLiteral("config")).toStdString())
        : TrainConfig {};
    if (parser.isSet(QStringLiteral("from"))) {
        const QString from = parser.value(QStringLiteral("from"));
        const qsizetype at = from.lastIndexOf(QLatin1Char('@'));
        bool ok = false;
        config.initStep = at > 0 ? from.mid(at + 1).toLongLong(&ok) : -1;
        if (!ok) {
            printErr(QStringLiteral("train: --from '%1' is not RUN@STEP").arg(from));
            return 2;
        }
        config.initRun = from.left(at).toStdString();
        config.validate();
    }
    const QString corpusPath = QFileInfo(parser.value(QStringLiteral("corpus"))).absoluteFilePath();
    const Corpus corpus = Corpus::fromFile(corpusPath.toStdString(), config.valFraction,
                                           "text file " + QFileInfo(corpusPath).fileName().toStdString());
    const QString storePath = parser.value(QStringLiteral("store"));
    const QString run = parser.value(QStringLiteral("run"));
    const QString checkpoints = parser.isSet(QStringLiteral("checkpoints"))
        ? parser.value(QStringLiteral("checkpoints"))
        : defaultCheckpointFolder(storePath, run);
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
        SweepSummary summary;
        SweepOptions options;
        options.threads = parser.value(QStringLiteral("threads")).toInt();
        options.device = parser.value(QStringLiteral("device")).toStdString();
        {
            ConsoleProgress console;
            summary = sweepRun(store, run, configs, options, console.callback());
        }
        printOut(QStringLiteral("Run '%1': %2 results computed, %3 already stored")
                     .arg(QString::fromStdString(run))
                     .arg(summary.computed)
                     .arg(summary.skipped));
        printSweepTimes(summary);
    }
    return 0;
}

// The runs --run names: the option repeated, or comma-separated names ("a,b"; a name the store holds
// with a comma in it is taken whole).
QStringList runNames(const QCommandLineParser& parser, const StoreSnapshot& snapshot)
{
    QStringList names;
    for (const QString& value : parser.values(QStringLiteral("run"))) {
        const QStringList parts = snapshot.runIndex(value) >= 0 ? QStringList {value} : value.split(QLatin1Char(','));
        for (const QString& part : parts) {
            const QString name = part.trimmed();
            if (!name.isEmpty() && !names.contains(name))
                names << name;
        }
    }
    return names;
}

// Sets what --run, --config, --checkpoint and --layer name in `selection`; the runs after the first
// --run go to `overlays`. For a value the store does not hold, prints the valid ones and returns false.
bool selectFromOptions(const QCommandLineParser& parser, Selection& selection, QStringList* overlays)
{
    const StoreSnapshotPtr snapshot = selection.snapshot();
    const QString storePath = snapshot->path;
    const QStringList runs = runNames(parser, *snapshot);
    for (const QString& name : runs) {
        if (snapshot->runIndex(name) >= 0)
            continue;
        QStringList names;
        for (const RunSnapshot& run : snapshot->runs)
            names << run.name();
        printErr(QStringLiteral("figure: no run '%1' in %2 (runs: %3)").arg(name, storePath, names.join(QStringLiteral(", "))));
        return false;
    }
    if (!runs.isEmpty())
        selection.setRun(snapshot->runIndex(runs.first()));
    *overlays = runs.mid(1);
    const RunSnapshot& run = *selection.run();
    if (parser.isSet(QStringLiteral("config"))) {
        const QString id = parser.value(QStringLiteral("config"));
        const int index = run.configIndex(id.toStdString());
        if (index < 0) {
            QStringList ids;
            for (const ConfigSnapshot& config : run.configs)
                ids << QString::fromStdString(config.results.configId);
            printErr(QStringLiteral("figure: run %1 has no config '%2' (configs: %3)")
                         .arg(run.name(), id, ids.join(QStringLiteral(", "))));
            return false;
        }
        selection.setConfig(index);
    }
    if (parser.isSet(QStringLiteral("checkpoint"))) {
        const QString text = parser.value(QStringLiteral("checkpoint"));
        bool ok = false;
        const qint64 step = text.toLongLong(&ok);
        int index = -1;
        QStringList steps;
        for (int i = 0; i < int(run.checkpoints.size()); ++i) {
            steps << QString::number(run.checkpoints[size_t(i)].step);
            if (ok && run.checkpoints[size_t(i)].step == step)
                index = i;
        }
        if (index < 0) {
            printErr(QStringLiteral("figure: run %1 has no checkpoint at step '%2' (steps: %3)")
                         .arg(run.name(), text, steps.join(QStringLiteral(", "))));
            return false;
        }
        selection.setCheckpoint(index);
    }
    if (parser.isSet(QStringLiteral("layer"))) {
        const QString name = parser.value(QStringLiteral("layer"));
        int index = -1;
        QStringList names;
        for (int i = 0; i < int(run.layers.size()); ++i) {
            names << QString::fromStdString(run.layers[size_t(i)].name);
            if (names.last() == name)
                index = i;
        }
        if (index < 0) {
            printErr(QStringLiteral("figure: run %1 has no layer '%2' (layers: %3)")
                         .arg(run.name(), name, names.join(QStringLiteral(", "))));
            return false;
        }
        selection.setLayer(index);
    }
    return true;
}

// Shows metric `name` on the page if the page has such a choice; prints the valid ones and returns
// false otherwise.
bool selectMetric(QWidget* page, const QString& view, const QString& name)
{
    if (auto* trajectory = qobject_cast<TrajectoryPage*>(page)) {
        TrajectoryPage::Metric metric;
        if (!TrajectoryPage::metricFromName(name, &metric)) {
            printErr(QStringLiteral("figure: unknown metric '%1' (use one of %2)")
                         .arg(name, TrajectoryPage::metricNames().join(QStringLiteral(", "))));
            return false;
        }
        trajectory->setMetric(metric);
        return true;
    }
    const auto choose = [&](auto* chooser) {
        if (chooser->setMetric(name))
            return true;
        printErr(QStringLiteral("figure: unknown metric '%1' for the %2 of this config (use one of %3)")
                     .arg(name, view, chooser->availableMetrics().join(QStringLiteral(", "))));
        return false;
    };
    if (auto* heatmap = qobject_cast<HeatmapPage*>(page))
        return choose(heatmap);
    if (auto* breakdown = qobject_cast<BreakdownPage*>(page))
        return choose(breakdown);
    printErr(QStringLiteral("figure: the %1 view has no --metric (trajectory, heatmap and breakdown have)").arg(view));
    return false;
}

int cmdFigure(QCommandLineParser& parser)
{
    auto option = [&parser](const char* name, const char* help, const char* value, const char* fallback = nullptr) {
        parser.addOption({QString::fromLatin1(name), QCoreApplication::translate("cli", help),
                          QString::fromLatin1(value), fallback ? QString::fromLatin1(fallback) : QString()});
    };
    option("store", QT_TRANSLATE_NOOP("cli", "Results store (.h5)."), "file");
    option("run",
           QT_TRANSLATE_NOOP("cli", "Run name (default: the first run). Trajectory: repeat it (--run A --run B) or "
                                    "give a comma-separated list (--run A,B) to overlay several runs; the first is "
                                    "the selected one, each run gets its own line style."),
           "name");
    option("view", QT_TRANSLATE_NOOP("cli", "View to export: trajectory (default), heatmap, breakdown, outliers, scaling "
                                            "(a scaling law; --store optional)."),
           "view", "trajectory");
    option("config", QT_TRANSLATE_NOOP("cli", "Quantization config id (default: the first quantized one)."), "id");
    option("checkpoint", QT_TRANSLATE_NOOP("cli", "Checkpoint by training step (default: the last with results)."),
           "step");
    option("layer", QT_TRANSLATE_NOOP("cli", "Layer by name (default: the first down_proj)."), "name");
    option("metric",
           QT_TRANSLATE_NOOP("cli", "Metric: for the trajectory rel_ce (default), delta_ce, kl_mean, kl_p99, "
                                    "top1_agree, sqnr_db; for the heatmap and breakdown one the config has."),
           "name");
    option("size",
           QT_TRANSLATE_NOOP("cli", "Figure size: single (3.3 in wide, default), double (6.9 in) or WxH in inches "
                                    "(height 0.62 × width when left out)."),
           "size", "single");
    option("dpi", QT_TRANSLATE_NOOP("cli", "PNG resolution (default 300)."), "n", "300");
    // Not "--style": QApplication takes that one as its widget style.
    option("figure-style", QT_TRANSLATE_NOOP("cli", "paper (default: black on white, 8 pt) or screen."), "style", "paper");
    option("legend", QT_TRANSLATE_NOOP("cli", "Paper legend: below (default), inside or none."), "where", "below");
    option("out", QT_TRANSLATE_NOOP("cli", "Figure file (.pdf, .svg, .png), repeatable."), "file");
    option("csv", QT_TRANSLATE_NOOP("cli", "Also write the data behind the figure as CSV."), "file");
    addScalingFigureOptions(parser);
    parser.process(QCoreApplication::arguments().mid(1));

    const QStringList outs = parser.values(QStringLiteral("out"));
    const QString csv = parser.value(QStringLiteral("csv"));
    const QString view = parser.value(QStringLiteral("view"));
    const bool scaling = view == QLatin1String("scaling"); // a law, drawn with or without a store
    if ((!scaling && !parser.isSet(QStringLiteral("store"))) || (outs.isEmpty() && csv.isEmpty())) {
        printErr(QStringLiteral("figure: --store and --out (or --csv) are required"));
        return 2;
    }
    if (!scaling && !figureViewNames().contains(view)) {
        printErr(QStringLiteral("figure: unknown view '%1' (use one of %2, scaling)")
                     .arg(view, figureViewNames().join(QStringLiteral(", "))));
        return 2;
    }
    FigureExportOptions options;
    if (!parseFigureSize(parser.value(QStringLiteral("size")), &options)) {
        printErr(QStringLiteral("figure: bad --size '%1' (use single, double or WxH in inches, e.g. 5x3)")
                     .arg(parser.value(QStringLiteral("size"))));
        return 2;
    }
    bool dpiOk = false;
    options.dpi = parser.value(QStringLiteral("dpi")).toInt(&dpiOk);
    if (!dpiOk || options.dpi <= 0) {
        printErr(QStringLiteral("figure: bad --dpi '%1' (a whole number, e.g. 300)")
                     .arg(parser.value(QStringLiteral("dpi"))));
        return 2;
    }
    const QString style = parser.value(QStringLiteral("figure-style"));
    if (style == QLatin1String("screen")) {
        options.style = FigureStyle::screen();
    } else if (style != QLatin1String("paper")) {
        printErr(QStringLiteral("figure: unknown style '%1' (use paper or screen)").arg(style));
        return 2;
    }
    const QString legend = parser.value(QStringLiteral("legend"));
    if (legend == QLatin1String("inside")) {
        options.style.legend = FigureStyle::Legend::Inside;
    } else if (legend == QLatin1String("none")) {
        options.style.legend = FigureStyle::Legend::None;
    } else if (legend != QLatin1String("below")) {
        printErr(QStringLiteral("figure: unknown legend placement '%1' (use below, inside or none)").arg(legend));
        return 2;
    }
    for (const QString& out : outs) {
        FigureFormat format;
        if (!figureFormatFromPath(out, &format) || format == FigureFormat::Csv) {
            printErr(QStringLiteral("figure: cannot tell the format of '%1' (use .pdf, .svg or .png)").arg(out));
            return 2;
        }
    }
    if (scaling)
        return figureScaling(parser, options, outs, csv);
    const QString metric = parser.value(QStringLiteral("metric"));
    TrajectoryPage::Metric trajectoryMetric;
    if (view == QLatin1String("trajectory") && !metric.isEmpty()
        && !TrajectoryPage::metricFromName(metric, &trajectoryMetric)) {
        printErr(QStringLiteral("figure: unknown metric '%1' (use one of %2)")
                     .arg(metric, TrajectoryPage::metricNames().join(QStringLiteral(", "))));
        return 2;
    }

    const QString storePath = parser.value(QStringLiteral("store"));
    Selection selection;
    selection.setSnapshot(loadStoreSnapshot(storePath));
    if (!selection.run()) {
        printErr(QStringLiteral("figure: the store %1 holds no runs").arg(storePath));
        return 1;
    }
    QStringList overlays;
    if (!selectFromOptions(parser, selection, &overlays))
        return 2;
    if (!overlays.isEmpty() && view != QLatin1String("trajectory")) {
        printErr(QStringLiteral("figure: only the trajectory view overlays runs; the %1 view shows one (--run %2)")
                     .arg(view, selection.run()->name()));
        return 2;
    }
    FigurePage page = createFigurePage(view, &selection);
    if (auto* trajectory = qobject_cast<TrajectoryPage*>(page.widget.get()))
        trajectory->setOverlayRuns(overlays);
    if (!metric.isEmpty() && !selectMetric(page.widget.get(), view, metric))
        return 2;
    constexpr int loadTimeoutMs = 120000;
    if (!waitForFigurePage(page, loadTimeoutMs)) {
        printErr(QStringLiteral("figure: the %1 view was still reading %2 after %3 s")
                     .arg(view, storePath)
                     .arg(loadTimeoutMs / 1000));
        return 1;
    }
    QString error;
    for (const QString& out : outs) {
        if (!exportFigure(*page.view, out, options, &error)) {
            printErr(error);
            return 1;
        }
        printOut(QStringLiteral("Figure: %1").arg(QFileInfo(out).absoluteFilePath()));
    }
    if (!csv.isEmpty()) {
        if (!exportCsv(*page.view, csv, &error)) {
            printErr(error);
            return 1;
        }
        printOut(QStringLiteral("Data:   %1").arg(QFileInfo(csv).absoluteFilePath()));
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
        "       quantscope recipe [NAME|FILE] [--dir D] [--threads N] [--report-only]\n"
        "       quantscope average --store S (--lawa RUN [--window K] [--stride S] | --soup NAME --of RUN@STEP...)\n"
        "       quantscope import --store S --run R REVISION... (--text F [--tokenizer tokenizer.json] | --tokens F)\n"
        "                         [--manifest M] [--lr-log F | --lr-schedule wsd:peak=..,total=..] [--seq-len N]\n"
        "                                            a trajectory of Hugging Face revisions as a run\n"
        "       quantscope sweep --store S [--run R] [--quant rtn:4:g128:sym | gptq:3:g128:sym:act ...]\n"
        "                                            (resume: the same command)\n"
        "       quantscope figure --store S [--run R [--run R2 ...]] [--view V] [--size single|double|WxH]\n"
        "                         [--figure-style paper|screen] [--legend below|inside|none] [--dpi N]\n"
        "                         --out fig.pdf [--out fig.png] [--csv data.csv]\n"
        "       quantscope figure --view scaling (--law-file F | --store S --fit N | --law L [--preset P])\n"
        "                         [--scaling-view curves|contour|fstar|measured] [--quantity Q] [--x VAR]\n"
        "                         [--series VAR|none] [--N n --D n --G n --bits b --f x] [--data points.csv] --out F\n"
        "       quantscope info S\n"
        "       quantscope fit --law chinchilla|w4a4|qat|ptq (--csv F | --store S) [--variant V] [--name N]\n"
        "                                            fit a scaling law (docs/scaling.md); saved in the store\n"
        "       quantscope query (--law-file F | --store S --fit N | --law L [--preset P]) --predict Q\n"
        "                        [--N n --D n --G n --bits b --f x] [--solve VAR --target y --range lo:hi]\n"
        "                        [--sweep VAR:from:to:steps] [--memory-bytes B --tokens T | --flops C] [--json]\n"
        "Run 'quantscope <command> --help' for a command's options.");
}

} // namespace

bool isSubcommand(const QString& arg)
{
    static const QStringList commands = {QStringLiteral("demo"),   QStringLiteral("train"), QStringLiteral("sweep"),
                                         QStringLiteral("resume"), QStringLiteral("import"), QStringLiteral("recipe"), QStringLiteral("average"), QStringLiteral("figure"), QStringLiteral("info"),
                                         QStringLiteral("fit"),    QStringLiteral("query"),
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
        if (command == QLatin1String("recipe"))
            return cmdRecipe(parser);
        if (command == QLatin1String("average"))
            return cmdAverage(parser);
        if (command == QLatin1String("sweep") || command == QLatin1String("resume"))
            return cmdSweep(parser);
        if (command == QLatin1String("figure"))
            return cmdFigure(parser);
        if (command == QLatin1String("import"))
            return cmdImport(parser);
        if (command == QLatin1String("info"))
            return cmdInfo(parser);
        if (command == QLatin1String("fit"))
            return cmdFit(parser);
        if (command == QLatin1String("query"))
            return cmdQuery(parser);
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
