// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared by tst_cluster (local workers, merge, locks) and tst_slurm (a real SLURM): a trained tiny run
// with four checkpoints, copies of its store, and a number-for-number comparison of two stores' results.

#include "core/config/corpus.h"
#include "core/engine/trainer.h"
#include "core/store/shards.h"
#include "core/store/store.h"
#include "tests/support/numeric.h"
#include "tests/support/testutils.h"
#include "tests/support/tinyrun.h"

#include <QFile>
#include <QString>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace qs::test {

struct ClusterRun
{
    static constexpr const char* run = "tiny";
    static constexpr int checkpoints = 4; // steps 0, 10, 20, 30

    // The corpus, the checkpoints in <dir>/ckpt and a store <dir>/<name> holding the trained run.
    static void train(const QString& dir, const QString& name)
    {
        const QString corpusPath = dir + QStringLiteral("/corpus.txt");
        writeCorpus(corpusPath);
        TrainConfig config = tinyConfig();
        config.steps = 30;
        const Corpus corpus = Corpus::fromFile(corpusPath.toStdString(), config.valFraction, "word soup");
        Store store = Store::create(QString(dir + QLatin1Char('/') + name).toStdString());
        trainRun(config, corpus, store, run, QString(dir + QStringLiteral("/ckpt")).toStdString());
    }

    // The configs the sharded sweeps of the tests run, as quantscope options.
    static QStringList quantOptions()
    {
        return {QStringLiteral("--quant"), QStringLiteral("rtn:4:g16:sym"), QStringLiteral("--quant"),
                QStringLiteral("gptq:3:pc:sym:act:cal8x32")};
    }

#ifdef QS_BINARY
    // The reference every sharded sweep must equal: <dir>/pristine.h5 copied to <dir>/single.h5 and
    // swept with quantOptions() in one process with one thread (as each array task runs). The error
    // output when the sweep fails, else "".
    static QString sweepInOneProcess(const QString& dir)
    {
        const QString single = dir + QStringLiteral("/single.h5");
        QFile::remove(single);
        if (!QFile::copy(dir + QStringLiteral("/pristine.h5"), single))
            return QStringLiteral("cannot copy the store");
        QFile(single).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        const CliResult r = runCli(QStringList {QStringLiteral("sweep"), QStringLiteral("--store"), single,
                                                QStringLiteral("--threads"), QStringLiteral("1")}
                                   + quantOptions());
        return r.exitCode == 0 ? QString() : r.out + r.err;
    }
#endif
};

// A copy of a store file in the same folder (its relative checkpoint paths still resolve).
inline void copyStore(const QString& from, const QString& to)
{
    QFile::remove(to);
    if (!QFile::copy(from, to))
        qFatal("cannot copy the test store");
    QFile(to).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

// "" when every result entry of `a`'s run is in `b` with the same values (relative tolerance `rel`,
// NaN equal to NaN) and `b` has no other entries; else the first difference.
inline QString resultDifference(const QString& a, const QString& b, const std::string& run, double rel)
{
    const Store sa = Store::open(a.toStdString()), sb = Store::open(b.toStdString());
    auto ids = [&](const Store& s) {
        auto v = s.configIds(run);
        std::sort(v.begin(), v.end());
        return v;
    };
    if (ids(sa) != ids(sb))
        return QStringLiteral("different configs");
    const Near near {RelativeTo::LargerOrOne, rel};
    auto close = [&](double x, double y) { return (std::isnan(x) && std::isnan(y)) || near(x, y); };
    const int n = int(sa.checkpoints(run).size());
    for (const std::string& id : ids(sa)) {
        for (int i = 0; i < n; ++i) {
            const bool ha = sa.hasResult(run, id, i), hb = sb.hasResult(run, id, i);
            if (ha != hb)
                return QStringLiteral("%1 checkpoint %2: stored in only one store")
                    .arg(QString::fromStdString(id))
                    .arg(i);
            if (!ha)
                continue;
            const ResultEntry ea = readEntry(sa, run, id, i), eb = readEntry(sb, run, id, i);
            for (const auto& [metric, v] : ea.model) {
                if (!eb.model.count(metric) || !close(v, eb.model.at(metric)))
                    return QStringLiteral("%1 checkpoint %2 %3: %4 vs %5")
                        .arg(QString::fromStdString(id))
                        .arg(i)
                        .arg(QString::fromStdString(metric))
                        .arg(v, 0, 'g', 17)
                        .arg(eb.model.count(metric) ? eb.model.at(metric) : NAN, 0, 'g', 17);
            }
            for (const auto& [metric, v] : ea.layers) {
                for (size_t l = 0; l < v.size(); ++l) {
                    if (!eb.layers.count(metric) || !close(v[l], eb.layers.at(metric).at(l)))
                        return QStringLiteral("%1 checkpoint %2 %3 layer %4 differs")
                            .arg(QString::fromStdString(id))
                            .arg(i)
                            .arg(QString::fromStdString(metric))
                            .arg(l);
                }
            }
            if (ea.profiles.size() != eb.profiles.size())
                return QStringLiteral("%1 checkpoint %2: other profiles").arg(QString::fromStdString(id)).arg(i);
        }
        if (std::isfinite(sa.checkpoints(run).back().fpValCe) != std::isfinite(sb.checkpoints(run).back().fpValCe))
            return QStringLiteral("FP CE stored in only one store");
    }
    return {};
}

} // namespace qs::test
