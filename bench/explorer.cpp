// Explorer speed on a large synthetic store (issue 4): 1,000 checkpoints x 200 layers x 8 configs.
// Prints, measured in this run: writing the store (setup, not a goal), opening it (snapshot load),
// first draw of the heatmap and of the trajectory, and the time per replot while panning each of them.
// Targets: open + first draws < 300 ms, a replot while panning < 16 ms.
//
//   bench_explorer [checkpoints layers configs]

#include "heatmappage.h"
#include "selection.h"
#include "store.h"
#include "storesnapshot.h"
#include "trajectorypage.h"

#include "qcp.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

using namespace qs;

namespace {

void writeSyntheticStore(const std::string& path, int checkpoints, int layers, int configs)
{
    Store store = Store::create(path);
    RunInfo info;
    info.name = "synthetic";
    info.schedule = "wsd";
    std::vector<LayerInfo> layerInfos;
    const auto& kinds = layerKinds();
    for (int l = 0; l < layers; ++l)
        layerInfos.push_back({"model.layers." + std::to_string(l / 7) + "." + kinds[size_t(l % 7)] + ".weight", l / 7,
                              kinds[size_t(l % 7)], 4096, 4096});
    store.createRun(info, layerInfos);
    std::vector<LogRow> log;
    for (int s = 1; s <= checkpoints * 10; ++s) {
        const double lr = s < 100 ? 3e-4 * s / 100.0 : s < checkpoints * 8 ? 3e-4 : 3e-4 * (checkpoints * 10 - s) / (checkpoints * 2.0);
        log.push_back({s, int64_t(s) * 1000000, lr, 3.0 - std::log10(double(s))});
    }
    store.appendLog("synthetic", log);
    for (int c = 0; c < checkpoints; ++c)
        store.appendCheckpoint("synthetic", {c * 10, int64_t(c) * 10000000, log[size_t(std::max(0, c * 10 - 1))].lr,
                                             3.0 - 0.001 * c, "", "trained"});
    for (int k = 0; k < configs; ++k) {
        const QuantConfig config = QuantConfig::parse("rtn:" + std::to_string(2 + k % 7) + ":g" + std::to_string(32 << (k / 7)));
        store.ensureConfig("synthetic", config.id(), config.toJson());
        for (int c = 0; c < checkpoints; ++c) {
            ResultEntry entry;
            const double e = 0.01 * (k + 1) * (1.0 + 0.5 * std::sin(0.01 * c));
            entry.model = {{"rel_ce", e}, {"delta_ce", 3.0 * e}, {"kl_mean", 2.0 * e}};
            std::vector<double> err(static_cast<size_t>(layers), 0.0), sqnr(static_cast<size_t>(layers), 0.0);
            for (int l = 0; l < layers; ++l) {
                err[size_t(l)] = e * (1.0 + 0.1 * (l % 7));
                sqnr[size_t(l)] = 30.0 - 5.0 * e * (l % 7);
            }
            entry.layers = {{"w_rel_err", err}, {"sqnr_db", sqnr}};
            store.writeResult("synthetic", config.id(), c, entry);
        }
    }
}

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
    const int checkpoints = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int layers = argc > 2 ? std::atoi(argv[2]) : 200;
    const int configs = argc > 3 ? std::atoi(argv[3]) : 8;
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("synthetic.h5")).toStdString();

    QElapsedTimer t;
    t.start();
    writeSyntheticStore(path, checkpoints, layers, configs);
    std::printf("synthetic store: %d checkpoints x %d layers x %d configs, written in %.1f s (setup)\n", checkpoints,
                layers, configs, msSince(t) / 1000.0);

    t.restart();
    const StoreSnapshotPtr snapshot = loadStoreSnapshot(QString::fromStdString(path));
    const double openMs = msSince(t);

    Selection selection;
    HeatmapPage heatmap(&selection);
    heatmap.resize(1400, 900);
    TrajectoryPage trajectory;
    trajectory.resize(1400, 700);
    t.restart();
    selection.setSnapshot(snapshot);
    heatmap.plot()->replot(QCustomPlot::rpImmediateRefresh);
    const double heatmapMs = msSince(t);
    t.restart();
    trajectory.setSnapshot(snapshot, 0);
    trajectory.replotNow();
    const double trajectoryMs = msSince(t);

    std::printf("open (snapshot load)        %8.1f ms\n", openMs);
    std::printf("heatmap, first draw         %8.1f ms\n", heatmapMs);
    std::printf("trajectory, first draw      %8.1f ms\n", trajectoryMs);
    std::printf("open + both first draws     %8.1f ms   (target < 300 ms)\n", openMs + heatmapMs + trajectoryMs);
    const auto [heatMean, heatWorst] = panTimes(heatmap.plot(), 60);
    const auto [trajMean, trajWorst] = panTimes(trajectory.plot(), 60);
    std::printf("heatmap replot while panning    mean %6.2f ms, worst %6.2f ms   (target < 16 ms)\n", heatMean, heatWorst);
    std::printf("trajectory replot while panning mean %6.2f ms, worst %6.2f ms   (target < 16 ms)\n", trajMean, trajWorst);
    return 0;
}
