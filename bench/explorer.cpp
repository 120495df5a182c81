// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Explorer speed on a large synthetic store: 1,000 checkpoints x 200 layers x 8 configs.
// Prints, measured in this run: writing the store (setup, not a goal), opening it (snapshot load),
// first draw of the heatmap and of the trajectory, and the time per replot while panning each of them.
// Targets: open + first draws < 300 ms, a replot while panning < 16 ms.
//
//   bench_explorer [--store FILE] [checkpoints layers configs]
//
// --store FILE keeps the synthetic store there and reuses it on the next run (writing it takes ~40 s).

#include "bench/syntheticstore.h"
#include "itemmodels/selection.h"
#include "itemmodels/storesnapshot.h"
#include "widgets/pages/heatmappage.h"
#include "widgets/pages/trajectory/trajectorypage.h"

#include "widgets/plot/qcp.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

using namespace qs;

namespace {

double msSince(const QElapsedTimer& t)
{
    return double(t.nsecsElapsed()) / 1e6;
}

// Pans `plot` horizontally `steps` times by 1 % of its range and replots each time; returns the
// mean and worst milliseconds per replot.
std::pair<double, double> panTimes(QCustomPlot* plot, int steps)
{
    double total = 0.0, worst = 0.0;
    for (int i = 0; i < steps; ++i) {
        const QCPRange r = plot->xAxis->range();
        plot->xAxis->setRange(r.lower + 0.01 * r.size(), r.upper + 0.01 * r.size());
        QElapsedTimer t;
        t.start();
        plot->replot(QCustomPlot::rpImmediateRefresh);
        const double ms = msSince(t);
        total += ms;
        worst = std::max(worst, ms);
    }
    return {total / steps, worst};
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    QString keptStore;
    if (args.size() >= 2 && args[0] == QLatin1String("--store")) {
        keptStore = args[1];
        args = args.mid(2);
    }
    const int checkpoints = !args.isEmpty() ? args[0].toInt() : 1000;
    const int layers = args.size() > 1 ? args[1].toInt() : 200;
    const int configs = args.size() > 2 ? args[2].toInt() : 8;
    QTemporaryDir dir;
    const std::string path =
        (keptStore.isEmpty() ? dir.filePath(QStringLiteral("synthetic.h5")) : keptStore).toStdString();

    QElapsedTimer t;
    t.start();
    if (keptStore.isEmpty() || !QFileInfo::exists(keptStore)) {
        bench::writeSyntheticStore(path, checkpoints, layers, configs);
        std::printf("synthetic store: %d checkpoints x %d layers x %d configs, written in %.1f s (setup)\n",
                    checkpoints, layers, configs, msSince(t) / 1000.0);
    } else {
        std::printf("synthetic store: reusing %s\n", path.c_str());
    }

    t.restart();
    const StoreSnapshotPtr snapshot = loadStoreSnapshot(QString::fromStdString(path));
    const double openMs = msSince(t);
    std::printf("open (snapshot load)        %8.1f ms\n", openMs);
    std::fflush(stdout);

    Selection selection;
    HeatmapPage heatmap(&selection);
    heatmap.resize(1400, 900);
    TrajectoryPage trajectory;
    trajectory.resize(1400, 700);
    t.restart();
    selection.setSnapshot(snapshot);
    const double heatmapBuildMs = msSince(t);
    heatmap.plot()->replot(QCustomPlot::rpImmediateRefresh);
    const double heatmapMs = msSince(t);
    std::printf("heatmap, first draw         %8.1f ms   (Selection::setSnapshot %.1f ms, replot %.1f ms)\n", heatmapMs,
                heatmapBuildMs, heatmapMs - heatmapBuildMs);
    std::fflush(stdout);
    t.restart();
    trajectory.setSnapshot(snapshot, 0);
    trajectory.replotNow();
    const double trajectoryMs = msSince(t);

    std::printf("trajectory, first draw      %8.1f ms\n", trajectoryMs);
    std::printf("open + both first draws     %8.1f ms   (target < 300 ms)\n", openMs + heatmapMs + trajectoryMs);
    const auto [heatMean, heatWorst] = panTimes(heatmap.plot(), 60);
    const auto [trajMean, trajWorst] = panTimes(trajectory.plot(), 60);
    std::printf("heatmap replot while panning    mean %6.2f ms, worst %6.2f ms   (target < 16 ms)\n", heatMean,
                heatWorst);
    std::printf("trajectory replot while panning mean %6.2f ms, worst %6.2f ms   (target < 16 ms)\n", trajMean,
                trajWorst);
    return 0;
}
