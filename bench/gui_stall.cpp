// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// GUI-thread stalls (the goal: the GUI thread is never blocked for more than 100 ms during a
// sweep or an export). Drives the real main window, offscreen, through
//   (a) a sweep started through the window's own job path (MainWindow::startSweep, what File > Run
//       Sweep… does once the dialog is accepted) over a small really trained run, while the window
//       follows the store live;
//   (b) the export of every view (trajectory, heatmap, breakdown, outliers) to PDF, SVG and PNG at
//       300 dpi as Export Figure does it (MainWindow::startExport: recorded on the GUI thread,
//       written on the pool), on that store and on the big one;
//   (c) opening and live-reloading the big synthetic store (1,000 checkpoints × 200 layers × 8
//       configs): what the GUI thread does when a new snapshot arrives.
// A 5 ms timer on the GUI thread records how late each of its ticks comes; per phase the worst,
// the 99th percentile and the ticks later than 100 ms are printed, with the step they fell in and how
// much of the gap the GUI thread spent computing (the rest: the machine ran something else). Then the
// suspects are timed one by one with QElapsedTimer: an export's two halves, and each page on its
// own receiving the big store's snapshot.
//
//   bench_gui_stall [--store FILE] [--reloads N] [--poll-ms MS] [--gptq 1]
//
// --store FILE keeps the big synthetic store there and reuses it (writing it takes ~40 s); --gptq 1
// adds a GPTQ config to the sweep (minutes on 2 cores); --poll-ms sets how often the window re-reads
// the store of its running sweep (default here 250 ms, not the window's 2 s, so that the short sweep
// of the tiny run is followed through several live reloads).

#include "app/gui/mainwindow.h"
#include "bench/syntheticstore.h"
#include "core/common/kinds.h"
#include "itemmodels/selection.h"
#include "itemmodels/settings.h"
#include "itemmodels/storesnapshot.h"
#include "tests/support/trainedstore.h"
#include "widgets/pages/breakdownpage.h"
#include "widgets/pages/heatmappage.h"
#include "widgets/pages/layertablepage.h"
#include "widgets/pages/outlierpage.h"
#include "widgets/pages/runbrowserpage.h"
#include "widgets/pages/trajectory/trajectorypage.h"
#include "widgets/plot/figureexport.h"

#include "widgets/plot/qcp.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPageLayout>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <functional>
#include <map>
#include <string>
#include <vector>

using namespace qs;

namespace {

constexpr int tickMs = 5;
constexpr double stallMs = 100.0;

double threadCpuMs()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

// One tick: how late it came, how much of the gap the GUI thread computed, and the step it fell in.
struct Tick
{
    double lateMs = 0.0;
    double busyMs = 0.0;
    std::string step;
};

// An event the GUI thread took long to deliver (QApplication::notify, outermost only).
struct SlowEvent
{
    double ms = 0.0;
    std::string what;
    std::string step;
};

std::string g_step = "idle";
std::vector<SlowEvent> g_slowEvents;

// Times every outermost event delivery, so that a long stall names the event that caused it.
class TimedApplication : public QApplication
{
public:
    using QApplication::QApplication;

    bool notify(QObject* receiver, QEvent* event) override
    {
        if (m_depth > 0)
            return QApplication::notify(receiver, event);
        ++m_depth;
        // Taken before delivery: the receiver may delete itself (deleteLater) while handling it. A
        // timer or a plot is named with the object that owns it.
        std::string receiverClass = receiver->metaObject()->className();
        if (const QObject* owner = receiver->parent())
            receiverClass += std::string(" (child of ") + owner->metaObject()->className() + ")";
        const int type = int(event->type());
        QElapsedTimer t;
        t.start();
        const bool result = QApplication::notify(receiver, event);
        const double ms = double(t.nsecsElapsed()) / 1e6;
        --m_depth;
        if (ms > 30.0)
            g_slowEvents.push_back({ms, "QEvent type " + std::to_string(type) + " to " + receiverClass, g_step});
        return result;
    }

private:
    int m_depth = 0;
};

class StallMonitor
{
public:
    StallMonitor()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(tickMs);
        QObject::connect(&m_timer, &QTimer::timeout, [this] { tick(); });
    }

    void beginPhase(const std::string& name)
    {
        m_phases.push_back({name, {}});
        m_clock.start();
        m_lastNs = 0;
        m_lastCpu = threadCpuMs();
        m_timer.start();
    }

    void endPhase() { m_timer.stop(); }

    void print() const
    {
        std::printf(
            "\nGUI-thread lateness of a %d ms timer, per phase (target: never > %.0f ms). 'busy': CPU time the\n"
            "GUI thread itself used between two ticks; lateness beyond it is time the machine gave to\n"
            "other threads and processes.\n",
            tickMs, stallMs);
        std::printf("%-30s %7s %9s %8s %5s %9s  %s\n", "phase", "ticks", "worst ms", "p99 ms", ">100", "busy max",
                    "worst tick's step (GUI thread busy in it)");
        for (const auto& [name, ticks] : m_phases) {
            if (ticks.empty())
                continue;
            std::vector<double> late;
            for (const Tick& t : ticks)
                late.push_back(t.lateMs);
            std::sort(late.begin(), late.end());
            const auto byLate = [](const Tick& a, const Tick& b) { return a.lateMs < b.lateMs; };
            const auto byBusy = [](const Tick& a, const Tick& b) { return a.busyMs < b.busyMs; };
            const auto worst = std::max_element(ticks.begin(), ticks.end(), byLate);
            const auto busiest = std::max_element(ticks.begin(), ticks.end(), byBusy);
            const auto over = std::count_if(late.begin(), late.end(), [](double v) { return v > stallMs; });
            std::printf("%-30s %7zu %9.1f %8.1f %5ld %9.1f  %s (%.0f ms)\n", name.c_str(), ticks.size(), worst->lateMs,
                        late[std::min(late.size() - 1, size_t(double(late.size()) * 0.99))], long(over),
                        busiest->busyMs, worst->step.c_str(), worst->busyMs);
        }
        std::printf("\nSteps with a tick later than %.0f ms (worst first):\n", stallMs);
        std::map<std::string, Tick> worstPerStep;
        for (const auto& phase : m_phases) {
            for (const Tick& t : phase.second) {
                Tick& w = worstPerStep[t.step];
                if (t.lateMs > w.lateMs)
                    w = t;
            }
        }
        std::vector<Tick> steps;
        for (const auto& entry : worstPerStep)
            if (entry.second.lateMs > stallMs)
                steps.push_back(entry.second);
        std::sort(steps.begin(), steps.end(), [](const Tick& a, const Tick& b) { return a.lateMs > b.lateMs; });
        for (const Tick& t : steps)
            std::printf("  %8.1f ms late, GUI thread busy %6.1f ms: %s\n", t.lateMs, t.busyMs, t.step.c_str());
        if (steps.empty())
            std::printf("  none\n");
    }

private:
    void tick()
    {
        const qint64 now = m_clock.nsecsElapsed();
        const double cpu = threadCpuMs();
        if (m_lastNs > 0)
            m_phases.back().second.push_back(
                {std::max(0.0, double(now - m_lastNs) / 1e6 - tickMs), cpu - m_lastCpu, g_step});
        m_lastNs = now;
        m_lastCpu = cpu;
    }

    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastNs = 0;
    double m_lastCpu = 0.0;
    std::vector<std::pair<std::string, std::vector<Tick>>> m_phases;
};

QString loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.readAll()) : QStringLiteral("unknown\n");
}

// Runs the event loop until `done` holds (checked every 10 ms) or `timeoutMs` passed.
bool waitUntil(const std::function<bool()>& done, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    QEventLoop loop;
    QTimer poll;
    poll.setInterval(10);
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (done() || clock.elapsed() > timeoutMs)
            loop.quit();
    });
    poll.start();
    if (!done())
        loop.exec();
    return done();
}

// Lets the event loop run a little, so that a tick delayed by the step just done is counted in it.
void settle(int ms = 40)
{
    QElapsedTimer clock;
    clock.start();
    waitUntil([&] { return clock.elapsed() >= ms; }, ms + 1000);
}

// A synchronous step on the GUI thread, as a menu action would run it.
double runStep(const std::string& name, const std::function<void()>& step)
{
    g_step = name;
    QElapsedTimer t;
    t.start();
    step();
    const double ms = double(t.nsecsElapsed()) / 1e6;
    settle();
    return ms;
}

bool waitForLoads(const int& loads, int target, int timeoutMs)
{
    return waitUntil([&] { return loads >= target; }, timeoutMs);
}

FigureExportOptions paperOptions()
{
    FigureExportOptions options;
    options.size = FigureExportOptions::Size::DoubleColumn;
    options.dpi = 300;
    return options;
}

// Exports every plot page of `window` to PDF, SVG and PNG (300 dpi, double column, paper style).
void exportAll(MainWindow& window, const QString& dir, const std::string& label)
{
    const std::vector<std::pair<const char*, FigureView*>> views = {
        {"trajectory", window.trajectoryPage()},
        {"heatmap", window.heatmapPage()},
        {"breakdown", window.breakdownPage()},
        {"outliers", window.outlierPage()},
    };
    // The outlier inspector shows the selected layer: pick the first FC2 input, as a user would.
    if (const RunSnapshot* run = window.selection()->run()) {
        const auto fc2 = std::find_if(run->layers.begin(), run->layers.end(),
                                      [](const LayerInfo& l) { return l.kind == layerkinds::down; });
        if (fc2 != run->layers.end())
            runStep(label + ": select the first FC2 layer",
                    [&] { window.selection()->setLayer(int(fc2 - run->layers.begin())); });
    }
    waitUntil([&] { return !window.outlierPage()->isLoadingProfile(); }, 20000);
    for (const auto& [name, view] : views) {
        if (!view->figurePlot()) {
            std::printf("  export %-10s: nothing to export (the store has no FP reference profiles)\n", name);
            continue;
        }
        for (const char* format : {"pdf", "svg", "png"}) {
            const QString path =
                QDir(dir).filePath(QStringLiteral("%1.%2").arg(QLatin1String(name), QLatin1String(format)));
            // What Export Figure does once the file is chosen: recorded on the GUI thread, written on
            // the pool; the monitor keeps ticking until the file is saved.
            int saved = 0;
            const QMetaObject::Connection done = QObject::connect(&window, &MainWindow::figureSaved, [&] { ++saved; });
            bool ok = false;
            QElapsedTimer total;
            total.start();
            // `view` is copied into the lambda: clang 14 (clang-tidy) cannot capture a structured binding.
            const double ms = runStep(label + ": export " + name + " " + format,
                                      [&, view = view] { ok = window.startExport(*view, path, paperOptions()); });
            g_step = label + ": export " + name + " " + format + " (writing in the background)";
            ok = ok && waitUntil([&] { return saved > 0; }, 60000);
            QObject::disconnect(done);
            std::printf("  export %-10s %-3s GUI thread %7.1f ms, saved after %7.1f ms %s\n", name, format, ms,
                        double(total.nsecsElapsed()) / 1e6, ok ? "" : "FAILED");
        }
    }
}

// The two halves of an export timed alone: recordFigure() (paper style, drawing recorded, screen
// style back) on the GUI thread, writeFigure() (replay, encode, write) on any thread.
void timeExportParts(FigureView& view, const char* name, const QString& dir)
{
    if (!view.figurePlot())
        return;
    for (const char* format : {"pdf", "svg", "png"}) {
        const QString path =
            QDir(dir).filePath(QStringLiteral("parts-%1.%2").arg(QLatin1String(name), QLatin1String(format)));
        QElapsedTimer t;
        t.start();
        RecordedFigure figure;
        QString error;
        const bool recorded = recordFigure(view, path, paperOptions(), &figure, &error);
        const double recordMs = double(t.nsecsElapsed()) / 1e6;
        t.restart();
        const bool written = recorded && writeFigure(figure, &error);
        const double writeMs = double(t.nsecsElapsed()) / 1e6;
        std::printf("  %-10s %-3s record (GUI thread) %7.1f ms | write (pool) %7.1f ms %s\n", name, format, recordMs,
                    writeMs, written ? "" : qPrintable(QStringLiteral("FAILED: ") + error));
    }
}

// Each page on its own, on the GUI thread, as the window does when a snapshot arrives: the first
// snapshot, then a second one (a live reload) of the same store.
void timeSuspects(const StoreSnapshotPtr& first, const StoreSnapshotPtr& second)
{
    std::printf("\nSnapshot arrival, each page alone on the GUI thread (first snapshot / live reload):\n");
    const auto report = [](const char* what, const std::function<void(const StoreSnapshotPtr&)>& show,
                           const StoreSnapshotPtr& a, const StoreSnapshotPtr& b) {
        QElapsedTimer t;
        t.start();
        show(a);
        const double firstMs = double(t.nsecsElapsed()) / 1e6;
        t.restart();
        show(b);
        std::printf("  %-46s %8.1f ms / %8.1f ms\n", what, firstMs, double(t.nsecsElapsed()) / 1e6);
    };
    {
        // The heatmap in two parts, and how often the selection tells its pages to rebuild.
        Selection selection;
        HeatmapPage page(&selection);
        page.resize(1200, 700);
        int snapshotSignals = 0;
        int runSignals = 0;
        int configSignals = 0;
        QObject::connect(&selection, &Selection::snapshotChanged, [&] { ++snapshotSignals; });
        QObject::connect(&selection, &Selection::runChanged, [&] { ++runSignals; });
        QObject::connect(&selection, &Selection::configChanged, [&] { ++configSignals; });
        for (const StoreSnapshotPtr& s : {first, second}) {
            QElapsedTimer t;
            t.start();
            selection.setSnapshot(s);
            const double setMs = double(t.nsecsElapsed()) / 1e6;
            t.restart();
            page.replotNow();
            std::printf("  %-46s %8.1f ms + replot %6.1f ms\n",
                        s == first ? "HeatmapPage: Selection::setSnapshot, first"
                                   : "HeatmapPage: Selection::setSnapshot, reload",
                        setMs, double(t.nsecsElapsed()) / 1e6);
        }
        std::printf("  %-46s snapshotChanged x%d, runChanged x%d, configChanged x%d\n",
                    "  (signals of these two setSnapshot calls)", snapshotSignals, runSignals, configSignals);
    }
    {
        Selection selection;
        BreakdownPage page(&selection);
        page.resize(1200, 700);
        report(
            "BreakdownPage: Selection::setSnapshot + replot",
            [&](const StoreSnapshotPtr& s) {
                selection.setSnapshot(s);
                page.replotNow();
            },
            first, second);
    }
    {
        Selection selection;
        OutlierPage page(&selection);
        page.resize(1200, 700);
        report(
            "OutlierPage: Selection::setSnapshot + replot",
            [&](const StoreSnapshotPtr& s) {
                selection.setSnapshot(s);
                page.replotNow();
            },
            first, second);
        waitUntil([&] { return !page.isLoadingProfile(); }, 20000);
    }
    {
        Selection selection;
        RunBrowserPage page(&selection);
        page.resize(400, 900);
        report(
            "RunBrowserPage: Selection::setSnapshot", [&](const StoreSnapshotPtr& s) { selection.setSnapshot(s); },
            first, second);
    }
    {
        TrajectoryPage page;
        page.resize(1200, 500);
        report(
            "TrajectoryPage: setSnapshot + replot",
            [&](const StoreSnapshotPtr& s) {
                page.setSnapshot(s, 0);
                page.replotNow();
            },
            first, second);
    }
    {
        LayerTablePage page;
        page.resize(1200, 500);
        report(
            "LayerTablePage: setSnapshot", [&](const StoreSnapshotPtr& s) { page.setSnapshot(s, 0); }, first, second);
    }
    {
        // What is left on the GUI thread when the last reference to a replaced snapshot goes.
        StoreSnapshotPtr last = loadStoreSnapshot(first->path);
        QElapsedTimer t;
        t.start();
        last.reset();
        std::printf("  %-46s %8.1f ms\n", "freeing a snapshot (its last reference)", double(t.nsecsElapsed()) / 1e6);
    }
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    TimedApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    QString bigStore;
    int reloads = 5;
    int pollMs = 250;
    bool withGptq = false;
    while (args.size() >= 2 && args[0].startsWith(QLatin1String("--"))) {
        if (args[0] == QLatin1String("--store"))
            bigStore = args[1];
        else if (args[0] == QLatin1String("--reloads"))
            reloads = std::max(1, args[1].toInt());
        else if (args[0] == QLatin1String("--poll-ms"))
            pollMs = std::max(50, args[1].toInt());
        else if (args[0] == QLatin1String("--gptq"))
            withGptq = args[1] == QLatin1String("1");
        args = args.mid(2);
    }
    QTemporaryDir dir;
    if (bigStore.isEmpty())
        bigStore = dir.filePath(QStringLiteral("synthetic.h5"));
    if (!QFileInfo::exists(bigStore)) {
        QElapsedTimer t;
        t.start();
        bench::writeSyntheticStore(bigStore.toStdString(), 1000, 200, 8);
        std::printf("synthetic store written in %.1f s (setup)\n", double(t.elapsed()) / 1000.0);
    }
    const QString trained = dir.filePath(QStringLiteral("trained.h5"));
    {
        QElapsedTimer t;
        t.start();
        test::TrainedStore::train(dir.filePath(QStringLiteral("corpus.txt")), trained,
                                  dir.filePath(QStringLiteral("ckpt")));
        std::printf("trained store written in %.1f s (setup)\n", double(t.elapsed()) / 1000.0);
    }
    const QString exports = dir.filePath(QStringLiteral("figures"));
    QDir().mkpath(exports);

    Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    MainWindow window(&settings);
    window.setJobPollInterval(pollMs);
    window.resize(1600, 1000);
    window.show();
    int loads = 0;
    int errors = 0;
    QObject::connect(&window, &MainWindow::storeLoaded, [&] { ++loads; });
    QObject::connect(&window, &MainWindow::errorOccurred, [&](const QString& message) {
        ++errors;
        std::printf("  error shown: %s\n", qPrintable(message));
    });
    StallMonitor monitor;
    std::printf("load average at the start: %s", qPrintable(loadAverage()));

    // (a) A sweep through the window's job path, the window following the store as it fills.
    monitor.beginPhase("(a) sweep, live reloads");
    g_step = "(a) open the trained store";
    window.openStore(trained);
    waitForLoads(loads, 1, 60000);
    const int loadsBefore = loads;
    bool sweepDone = false;
    QObject::connect(&window, &MainWindow::sweepFinished, [&] { sweepDone = true; });
    std::vector<QuantConfig> configs;
    for (const char* spec : {"rtn:8:g16:sym", "rtn:6:g16:sym", "rtn:4:g16:sym", "rtn:3:g16:sym", "rtn:2:g16:sym",
                             "rtn:4:pc:sym", "none:a4", "none:a8", "rtn:4:g16:sym:a4", "rtn:4:g16:sym:a4:down=a8"})
        configs.push_back(QuantConfig::parse(spec));
    if (withGptq)
        configs.push_back(QuantConfig::parse("gptq:3:pc:sym:act"));
    QElapsedTimer sweepClock;
    sweepClock.start();
    runStep("(a) MainWindow::startSweep",
            [&] { window.startSweep(trained, QString::fromLatin1(test::TrainedStore::runName), configs); });
    g_step = "(a) sweep running";
    waitUntil([&] { return sweepDone; }, 600000);
    g_step = "(a) reload after the sweep";
    waitForLoads(loads, loads + 1, 60000);
    settle(200);
    monitor.endPhase();
    std::printf("(a) sweep of %zu configs over %d checkpoints: %.1f s, %d live reloads (polling every %d ms), %s\n",
                configs.size(), test::TrainedStore::checkpointCount, double(sweepClock.elapsed()) / 1000.0,
                loads - loadsBefore, pollMs, sweepDone ? "finished" : "DID NOT FINISH");

    // (b) Exports of the small store.
    monitor.beginPhase("(b) export, trained store");
    std::printf("(b) exports, trained store (GUI thread, each):\n");
    exportAll(window, exports, "(b) trained");
    monitor.endPhase();

    // (c) The big store: opened, then reloaded as a live sweep makes the window do.
    monitor.beginPhase("(c) big store: open");
    g_step = "(c) open the big store";
    QElapsedTimer openClock;
    openClock.start();
    window.openStore(bigStore);
    waitForLoads(loads, loads + 1, 60000);
    const double openMs = double(openClock.nsecsElapsed()) / 1e6;
    settle(200);
    monitor.endPhase();
    std::printf("(c) big store opened and shown in %.1f ms\n", openMs);

    monitor.beginPhase("(c) big store: live reloads");
    for (int i = 0; i < reloads; ++i) {
        g_step = "(c) live reload " + std::to_string(i + 1);
        const int target = loads + 1;
        window.openStore(bigStore);
        waitForLoads(loads, target, 60000);
        settle(100);
    }
    monitor.endPhase();
    {
        // What the throttled replots that follow a reload cost, each page at its size in the window.
        std::printf("(c) one replot of each page in the window, big store:");
        const std::vector<std::pair<const char*, QCustomPlot*>> plots = {
            {"trajectory", window.trajectoryPage()->plot()},
            {"heatmap", window.heatmapPage()->plot()},
            {"breakdown", window.breakdownPage()->plot()},
            {"outliers", window.outlierPage()->plot()}};
        for (const auto& [name, plot] : plots) {
            QElapsedTimer t;
            t.start();
            plot->replot(QCustomPlot::rpImmediateRefresh);
            std::printf(" %s %.1f ms (%dx%d)%s", name, double(t.nsecsElapsed()) / 1e6, plot->width(), plot->height(),
                        plot == plots.back().second ? "\n" : ",");
        }
    }

    monitor.beginPhase("(b') export, big store");
    std::printf("(b') exports, big store (GUI thread, each):\n");
    exportAll(window, exports, "(b') big");
    monitor.endPhase();

    monitor.print();
    std::printf("load average at the end: %s", qPrintable(loadAverage()));

    std::sort(g_slowEvents.begin(), g_slowEvents.end(),
              [](const SlowEvent& a, const SlowEvent& b) { return a.ms > b.ms; });
    std::printf("\nSlowest event deliveries on the GUI thread (> 30 ms; the exports run outside events):\n");
    for (size_t i = 0; i < std::min<size_t>(g_slowEvents.size(), 12); ++i)
        std::printf("  %8.1f ms  %s  [%s]\n", g_slowEvents[i].ms, g_slowEvents[i].what.c_str(),
                    g_slowEvents[i].step.c_str());

    std::printf("\nAn export's two halves, big store:\n");
    timeExportParts(*window.trajectoryPage(), "trajectory", exports);
    timeExportParts(*window.heatmapPage(), "heatmap", exports);
    timeExportParts(*window.breakdownPage(), "breakdown", exports);

    const StoreSnapshotPtr first = loadStoreSnapshot(bigStore);
    const StoreSnapshotPtr second = loadStoreSnapshot(bigStore);
    timeSuspects(first, second);
    std::printf("\nerrors shown by the window: %d\n", errors);
    return sweepDone && errors == 0 ? 0 : 1;
}
