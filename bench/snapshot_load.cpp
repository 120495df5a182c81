// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Snapshot load alone: the part of opening a store that runs off the GUI thread.
// Loads the synthetic store (bench/syntheticstore.h) several times in one process and prints each
// load's wall and CPU time and how many fresh memory pages it touched: the first load of a process
// pays for every page of the snapshot (expensive on virtual machines), later ones reuse freed memory.
//
//   bench_snapshot_load [--store FILE] [--repeat N] [--phases 1] [checkpoints layers configs]
//
// --phases 1 first times each core read the load makes, on its own. Last, the time sameContent() takes
// to compare two loads (what StoreLoader::refresh() adds to a poll that found nothing new).

#include "bench/syntheticstore.h"
#include "core/store/store.h"
#include "itemmodels/storesnapshot.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QStringList>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <utility>
#include <vector>

#include <sys/resource.h>

using namespace qs;

namespace {

long minorFaults()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_minflt;
}

// User and system CPU milliseconds of this process: steadier than wall time on a machine shared
// with others.
std::pair<double, double> cpuMs()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    const auto ms = [](const timeval& t) { return double(t.tv_sec) * 1e3 + double(t.tv_usec) / 1e3; };
    return {ms(usage.ru_utime), ms(usage.ru_stime)};
}

void timePhases(const QString& path)
{
    const auto timed = [](const std::string& what, auto&& f) {
        const long faults = minorFaults();
        QElapsedTimer t;
        t.start();
        f();
        std::printf("  %-28s %8.2f ms %6ld page faults\n", what.c_str(), double(t.nsecsElapsed()) / 1e6,
                    minorFaults() - faults);
    };
    for (int pass = 1; pass <= 2; ++pass) {
        std::printf("phases, pass %d:\n", pass);
        std::optional<Store> store;
        timed("Store::open", [&] { store.emplace(Store::open(path.toStdString())); });
        for (const std::string& run : store->runs()) {
            timed("runInfo", [&] { store->runInfo(run); });
            timed("log", [&] { store->log(run); });
            timed("validation", [&] { store->validation(run); });
            timed("checkpoints", [&] { store->checkpoints(run); });
            timed("layers", [&] { store->layers(run); });
            // Kept, as the snapshot keeps them, so each read allocates as it does in a load.
            std::vector<ConfigResults> kept;
            for (const std::string& id : store->configIds(run))
                timed("results " + id, [&] { kept.push_back(store->results(run, id)); });
        }
    }
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    QString keptStore;
    int repeat = 5;
    bool phases = false;
    while (args.size() >= 2 && args[0].startsWith(QLatin1String("--"))) {
        if (args[0] == QLatin1String("--store"))
            keptStore = args[1];
        else if (args[0] == QLatin1String("--phases"))
            phases = args[1] == QLatin1String("1");
        else if (args[0] == QLatin1String("--repeat"))
            repeat = std::max(1, args[1].toInt());
        args = args.mid(2);
    }
    const int checkpoints = !args.isEmpty() ? args[0].toInt() : 1000;
    const int layers = args.size() > 1 ? args[1].toInt() : 200;
    const int configs = args.size() > 2 ? args[2].toInt() : 8;
    QTemporaryDir dir;
    const QString path = keptStore.isEmpty() ? dir.filePath(QStringLiteral("synthetic.h5")) : keptStore;
    if (!QFileInfo::exists(path)) {
        QElapsedTimer t;
        t.start();
        bench::writeSyntheticStore(path.toStdString(), checkpoints, layers, configs);
        std::printf("synthetic store: %d checkpoints x %d layers x %d configs, written in %.1f s (setup)\n",
                    checkpoints, layers, configs, double(t.elapsed()) / 1000.0);
    }
    if (phases)
        timePhases(path);

    std::vector<double> times;
    StoreSnapshotPtr previous;
    for (int i = 0; i < repeat; ++i) {
        const long faultsBefore = minorFaults();
        const auto cpuBefore = cpuMs();
        QElapsedTimer t;
        t.start();
        const StoreSnapshotPtr snapshot = loadStoreSnapshot(path);
        times.push_back(double(t.nsecsElapsed()) / 1e6);
        const auto cpuAfter = cpuMs();
        const long faults = minorFaults() - faultsBefore;
        std::printf(
            "load %d: %8.1f ms (cpu: user %5.1f ms, sys %5.1f ms), %ld page faults (%.1f MiB of fresh memory)\n", i + 1,
            times.back(), cpuAfter.first - cpuBefore.first, cpuAfter.second - cpuBefore.second, faults,
            double(faults) * 4096.0 / (1 << 20));
        previous = snapshot; // as a reload does: the snapshot before this one is freed
    }
    {
        // What StoreLoader::refresh() adds on the loading thread to tell an unchanged store.
        const StoreSnapshotPtr again = loadStoreSnapshot(path);
        QElapsedTimer t;
        t.start();
        const bool same = sameContent(*previous, *again);
        std::printf("sameContent of two loads: %s in %.1f ms\n", same ? "equal" : "DIFFERENT",
                    double(t.nsecsElapsed()) / 1e6);
    }
    std::sort(times.begin(), times.end());
    std::printf("snapshot load: best %.1f ms, median %.1f ms, worst %.1f ms over %d loads\n", times.front(),
                times[times.size() / 2], times.back(), repeat);
    return 0;
}
