// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The demo job (runDemo) on a tiny model: each checkpoint is swept as soon as training writes it, the
// results are the same numbers as training first and sweeping after, and a second run reuses them all.

#include "tests/support/testutils.h"
#include "tests/support/tinyrun.h"

#include "core/config/corpus.h"
#include "core/engine/sweep.h"
#include "core/engine/trainer.h"
#include "core/lab/demo.h"
#include "core/store/store.h"

#include <QObject>

#include <string>
#include <vector>

using namespace qs;
using namespace qs::test;

class TstDemo : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    DemoOptions tinyDemo(const QString& dir) const
    {
        DemoOptions o = DemoOptions::defaults(dir.toStdString());
        o.train = tinyConfig();
        o.configs = {QuantConfig::parse("rtn:4:g16:sym"), QuantConfig::parse("rtn:4:g16:sym:a4")};
        return o;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void sweepsEachCheckpointWhileTraining()
    {
        const QString dir = m_dir.filePath(QStringLiteral("demo"));
        QVERIFY(QDir().mkpath(dir));
        const DemoOptions options = tinyDemo(dir);
        // A corpus the demo takes as its own (over a megabyte: prepareKjvCorpus keeps it).
        writeCorpus(QString::fromStdString(options.corpusPath()), 1'100'000);

        std::vector<std::string> messages;
        std::vector<double> fractions;
        const DemoSummary summary = runDemo(options, [&](const ProgressInfo& p) {
            messages.push_back(p.message);
            fractions.push_back(p.fraction);
            return true;
        });
        QCOMPARE(summary.checkpoints, 5);
        QCOMPARE(summary.entriesComputed, 5 * 3); // fp and the two configs at steps 0, 10, …, 40
        QCOMPARE(summary.entriesReused, 0);
        QCOMPARE(summary.sweep.references, 5);

        // Results of the first checkpoint arrive before training's last step.
        const auto firstSweep = std::find_if(messages.begin(), messages.end(),
                                             [](const std::string& m) { return m.rfind("sweep: step 0,", 0) == 0; });
        const auto lastStep = std::find_if(messages.begin(), messages.end(), [](const std::string& m) {
            return m.find("step 40/40") != std::string::npos;
        });
        QVERIFY(firstSweep != messages.end());
        QVERIFY(lastStep != messages.end());
        QVERIFY2(firstSweep < lastStep, "the sweep waited for training to end");
        for (size_t i = 1; i < fractions.size(); ++i)
            QVERIFY2(fractions[i] >= fractions[i - 1] - 1e-12, messages[i].c_str());
        QCOMPARE(fractions.back(), 1.0);

        // The same numbers as training first and sweeping after, in this process with these threads.
        const QString apart = m_dir.filePath(QStringLiteral("apart"));
        QVERIFY(QDir().mkpath(apart));
        const Corpus corpus = Corpus::fromFile(options.corpusPath(), options.train.valFraction, kjvDescription);
        Store reference = Store::create(QDir(apart).filePath(QStringLiteral("apart.h5")).toStdString());
        trainRun(options.train, corpus, reference, options.runName,
                 QDir(apart).filePath(QStringLiteral("ckpt")).toStdString());
        runSweep(reference, options.runName, options.configs, corpus, SweepOptions {options.train.threads});
        const Store demo = Store::open(options.storePath());
        for (const std::string& id :
             {QuantConfig::fullPrecision().id(), options.configs[0].id(), options.configs[1].id()}) {
            const ConfigResults a = demo.results(options.runName, id);
            const ConfigResults b = reference.results(options.runName, id);
            QCOMPARE(a.model.size(), b.model.size());
            for (const auto& [metric, values] : b.model)
                QVERIFY2(a.model.at(metric) == values, (id + ": " + metric).c_str());
        }

        // A second run reuses everything.
        const DemoSummary again = runDemo(options);
        QVERIFY(again.trainingReused);
        QCOMPARE(again.entriesComputed, 0);
        QCOMPARE(again.entriesReused, 5 * 3);
    }
};

QTEST_GUILESS_MAIN(TstDemo)
#include "tst_demo.moc"
