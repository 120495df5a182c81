// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Multi-stage runs (core/hf/stagelayout.h): the x of every checkpoint of an OLMo-2-like
// trajectory — stage 1, then three stage-2 ingredients that count steps and tokens from 0 again — worked
// out by hand; the checkpoints' stage column stored, read back and absent from older stores; the check
// that a step going back is a problem only within a stage.

#include "tests/support/testutils.h"

#include "core/hf/stagelayout.h"
#include "core/store/store.h"
#include "core/store/storecheck.h"

#include <H5Cpp.h>

#include <QTemporaryDir>

#include <cmath>

using namespace qs;

namespace {

CheckpointRow row(const char* stage, int64_t step, double tokens)
{
    CheckpointRow r;
    r.step = step;
    r.tokens = int64_t(tokens);
    r.lr = 1e-3;
    r.fpValCe = std::nan("");
    r.path = std::string(stage) + "-step" + std::to_string(step);
    r.kind = "hf";
    r.stage = stage;
    return r;
}

// OLMo-2's naming: stage 1 at 2M tokens a step, then three ingredients from the end of stage 1, each
// counting from 0 (ingredient 2 the longest, ingredient 3 a single checkpoint).
std::vector<CheckpointRow> olmoLike()
{
    return {row("stage1", 1000, 2e9),
            row("stage1", 2000, 4e9),
            row("stage1", 3000, 6e9),
            row("stage2-ingredient1", 500, 1e9),
            row("stage2-ingredient1", 1000, 2e9),
            row("stage2-ingredient2", 500, 1e9),
            row("stage2-ingredient2", 1000, 2e9),
            row("stage2-ingredient2", 1500, 3e9),
            row("stage2-ingredient3", 1000, 2e9)};
}

} // namespace

class TstStageLayout : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void olmoIngredients()
    {
        const StageLayout layout = layoutStages(olmoLike());
        QVERIFY(layout.multiStage());
        QCOMPARE(layout.segments.size(), size_t(4));
        // Every ingredient branches from stage 1, in a lane of its own; all restart both counts.
        const int parents[] = {-1, 0, 0, 0};
        for (int s = 0; s < 4; ++s) {
            QCOMPARE(layout.segments[size_t(s)].parent, parents[s]);
            QCOMPARE(layout.segments[size_t(s)].lane, s);
            QCOMPARE(layout.segments[size_t(s)].stepsRestart, s > 0);
            QCOMPARE(layout.segments[size_t(s)].tokensRestart, s > 0);
        }
        QCOMPARE(layout.segments[2].checkpoints, std::vector<int>({5, 6, 7}));
        QCOMPARE(layout.segmentOf, std::vector<int>({0, 0, 0, 1, 1, 2, 2, 2, 3}));
        // Stage 1 ends at step 3000 and 6B tokens: each ingredient's count is added to that.
        QCOMPARE(layout.steps, std::vector<double>({1000, 2000, 3000, 3500, 4000, 3500, 4000, 4500, 4000}));
        QCOMPARE(layout.tokens, std::vector<double>({2e9, 4e9, 6e9, 7e9, 8e9, 7e9, 8e9, 9e9, 8e9}));
        // In order: each ingredient's first checkpoint follows stage 1's last (2).
        QCOMPARE(layout.order, std::vector<double>({0, 1, 2, 3, 4, 3, 4, 5, 3}));
        QCOMPARE(layout.span(TrajectoryAxis::Tokens, 2), std::make_pair(7e9, 9e9));
        QCOMPARE(layout.x(TrajectoryAxis::Order, 7), 5.0);
        // Within every segment no axis ever goes back, and no segment starts before its parent ends.
        for (const TrajectoryAxis axis : {TrajectoryAxis::Step, TrajectoryAxis::Tokens, TrajectoryAxis::Order}) {
            for (size_t s = 0; s < layout.segments.size(); ++s) {
                const auto& members = layout.segments[s].checkpoints;
                for (size_t i = 1; i < members.size(); ++i)
                    QVERIFY(layout.x(axis, members[i]) > layout.x(axis, members[i - 1]));
                if (layout.segments[s].parent >= 0)
                    QVERIFY(layout.span(axis, int(s)).first > layout.span(axis, layout.segments[s].parent).second);
            }
        }
    }

    // Tokens that go on counting while the steps restart: only the steps get an offset.
    void tokensContinue()
    {
        const StageLayout layout = layoutStages(
            {row("stage1", 100, 1e8), row("stage1", 200, 2e8), row("stage2", 50, 2.5e8), row("stage2", 100, 3e8)});
        QCOMPARE(layout.segments.size(), size_t(2));
        QVERIFY(layout.segments[1].stepsRestart);
        QVERIFY(!layout.segments[1].tokensRestart);
        QCOMPARE(layout.segments[1].lane, 0); // an only child goes on in its parent's lane
        QCOMPARE(layout.steps, std::vector<double>({100, 200, 250, 300}));
        QCOMPARE(layout.tokens, std::vector<double>({1e8, 2e8, 2.5e8, 3e8}));
        QCOMPARE(layout.order, std::vector<double>({0, 1, 2, 3}));
    }

    // A stage after the ingredients continues from the last of them (its parent: the last stage that
    // is not a sibling); an offset adds up along the chain.
    void stageAfterIngredients()
    {
        auto rows = olmoLike();
        rows.push_back(row("stage3", 100, 0.5e9));
        const StageLayout layout = layoutStages(rows);
        QCOMPARE(layout.segments.size(), size_t(5));
        QCOMPARE(layout.segments[4].parent, 3);
        QCOMPARE(layout.segments[4].lane, 3);
        // ingredient 3 ends at 4000 steps, 8B tokens (6B + its 2B), order 3.
        QCOMPARE(layout.steps.back(), 4100.0);
        QCOMPARE(layout.tokens.back(), 8.5e9);
        QCOMPARE(layout.order.back(), 4.0);
    }

    // A run without stages (and every run of an older store) is laid out along its own counts.
    void singleStage()
    {
        const StageLayout layout = layoutStages({row("", 0, 0), row("", 10, 5e6), row("", 20, 1e7), row("", 20, 1e7)});
        QVERIFY(!layout.multiStage());
        QCOMPARE(layout.segments.size(), size_t(1));
        QCOMPARE(layout.steps, std::vector<double>({0, 10, 20, 20}));
        QCOMPARE(layout.tokens, std::vector<double>({0, 5e6, 1e7, 1e7}));
        QCOMPARE(layout.order, std::vector<double>({0, 1, 2, 3}));
        QVERIFY(!layoutStages({}).multiStage());
    }

    void labels_data()
    {
        QTest::addColumn<QString>("stage");
        QTest::addColumn<QString>("label");
        QTest::addRow("ingredient") << QStringLiteral("stage2-ingredient1") << QStringLiteral("stage 2 · ingredient 1");
        QTest::addRow("stage") << QStringLiteral("stage1") << QStringLiteral("stage 1");
        QTest::addRow("no number") << QStringLiteral("pretrain") << QStringLiteral("pretrain");
        QTest::addRow("none") << QString() << QString();
        QTest::addRow("word without number") << QStringLiteral("stage2-soup") << QStringLiteral("stage 2 · soup");
    }

    void labels()
    {
        QFETCH(QString, stage);
        QFETCH(QString, label);
        QCOMPARE(QString::fromStdString(stageLabel(stage.toStdString())), label);
    }

    // The stage column round-trips; a store written before it reads every stage as empty and takes new
    // rows, the column then padded for the old ones.
    void storedStages()
    {
        QVERIFY(m_dir.isValid());
        const std::string path = m_dir.filePath(QStringLiteral("stages.h5")).toStdString();
        RunInfo info;
        info.name = "olmo";
        {
            Store store = Store::create(path);
            store.createRun(info, {{"l0", 0, "q", 4, 4}});
            for (const CheckpointRow& r : olmoLike())
                store.appendCheckpoint("olmo", r);
        }
        {
            const Store store = Store::open(path);
            const auto rows = store.checkpoints("olmo");
            QCOMPARE(rows.size(), size_t(9));
            for (size_t i = 0; i < rows.size(); ++i) {
                QCOMPARE(rows[i].stage, olmoLike()[i].stage);
                QCOMPARE(rows[i].step, olmoLike()[i].step);
            }
        }
        // What a store from before the column looks like.
        {
            H5::H5File file(path, H5F_ACC_RDWR);
            file.openGroup("/runs/olmo/checkpoints").unlink("stage");
        }
        {
            Store store = Store::open(path, Store::Mode::ReadWrite);
            auto rows = store.checkpoints("olmo");
            QCOMPARE(rows.size(), size_t(9));
            for (const CheckpointRow& r : rows)
                QVERIFY(r.stage.empty());
            QVERIFY(!layoutStages(rows).multiStage());
            store.appendCheckpoint("olmo", row("stage3", 10, 1e7));
            rows = store.checkpoints("olmo");
            QCOMPARE(rows.size(), size_t(10));
            QVERIFY(rows[8].stage.empty());
            QCOMPARE(rows[9].stage, std::string("stage3"));
        }
    }

    // quantscope check: steps that restart with a new stage are sound, steps going back within one
    // stage are not.
    void checkedStages()
    {
        const auto stepProblems = [](const std::string& path) {
            QStringList found;
            for (const StoreProblem& p : checkStore(path).problems) {
                if (p.message.find(" after step ") != std::string::npos)
                    found << QString::fromStdString(p.message);
            }
            return found;
        };
        RunInfo info;
        info.name = "olmo";
        const std::string sound = m_dir.filePath(QStringLiteral("sound.h5")).toStdString();
        {
            Store store = Store::create(sound);
            store.createRun(info, {{"l0", 0, "q", 4, 4}});
            for (const CheckpointRow& r : olmoLike())
                store.appendCheckpoint("olmo", r);
        }
        QCOMPARE(stepProblems(sound), QStringList());
        const std::string back = m_dir.filePath(QStringLiteral("back.h5")).toStdString();
        {
            Store store = Store::create(back);
            store.createRun(info, {{"l0", 0, "q", 4, 4}});
            for (const CheckpointRow& r : {row("stage1", 1000, 2e9), row("stage1", 500, 1e9)})
                store.appendCheckpoint("olmo", r);
        }
        const QStringList problems = stepProblems(back);
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems[0].contains(QStringLiteral("step 500 after step 1000")), qPrintable(problems[0]));
    }
};

QS_TEST_GUILESS_MAIN(TstStageLayout)
#include "tst_stagelayout.moc"
