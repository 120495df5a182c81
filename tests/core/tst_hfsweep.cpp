// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A trajectory of Hugging Face revisions end to end (core/hf/hfrun.h, runHfSweep in core/engine/sweep.h):
// revision folders made by tests/support/hf_reference.py are imported (order, step, tokens, LR from names, a
// manifest and a described schedule), swept with RTN, GPTQ and W4A4 configs block by block, and the
// stored numbers are checked against the model run whole, outside the sweep.

#include "tests/support/hffixture.h"
#include "tests/support/numeric.h"

#include "core/common/errors.h"
#include "core/engine/hfmodel.h"
#include "core/engine/quantizer.h"
#include "core/engine/sweep.h"
#include "core/hf/hfrun.h"
#include "core/hf/stagelayout.h"
#include "core/store/store.h"
#include "core/store/storecheck.h"
#include "core/tokenizer/tokenizer.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>
#include <random>

using namespace qs;

class TstHfSweep : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_revisions; // parent folder of three OLMo-2-named llama revisions
    QString m_tokens;    // raw uint16 token ids

    bool make(const QString& out, int seed, const QString& config = {}, const QString& arch = QStringLiteral("llama"),
              const QStringList& more = {})
    {
        QStringList args = {QStringLiteral("make"),   QStringLiteral("--arch"), arch, QStringLiteral("--out"), out,
                            QStringLiteral("--seed"), QString::number(seed)};
        if (!config.isEmpty())
            args << QStringLiteral("--config") << config;
        args << more;
        QString error;
        if (!test::runReference(args, &error))
            qWarning("%s", qPrintable(error));
        return error.isEmpty();
    }

    std::string path(const QString& name) const { return m_dir.filePath(name).toStdString(); }

    static HfEvalData tokenData(const QString& tokens)
    {
        HfEvalData data;
        data.data = tokens.toStdString();
        data.seqLen = 32;
        data.valSequences = 6;
        data.batchSize = 4;
        return data;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        torch::set_num_threads(test::threads());
        m_revisions = m_dir.filePath(QStringLiteral("olmo-like"));
        // Seeds differ: three "checkpoints" of one architecture, listed out of order on purpose.
        QVERIFY(make(m_revisions + QStringLiteral("/stage2-ingredient1-step500-tokens5B"), 3));
        QVERIFY(make(m_revisions + QStringLiteral("/stage1-step2000-tokens4B"), 2));
        QVERIFY(make(m_revisions + QStringLiteral("/stage1-step1000-tokens2B"), 1));
        // Token ids with some structure (a repeating walk), 4,000 of them, vocabulary 128.
        m_tokens = m_dir.filePath(QStringLiteral("val.bin"));
        QVERIFY(test::writeTokenWalk(m_tokens));
    }

    void describedSchedule()
    {
        // WSD, peak 1e-3, 100 warmup steps, 1000 in all, the last 20 % decaying linearly to 0:
        const std::string wsd = "wsd:peak=1e-3,warmup=100,total=1000,decay=0.2";
        QCOMPARE(describedScheduleLr(wsd, 49), 1e-3 * 50.0 / 100.0);     // warmup: (step + 1) / warmup
        QCOMPARE(describedScheduleLr(wsd, 500), 1e-3);                   // stable
        QCOMPARE(describedScheduleLr(wsd, 900), 0.5e-3);                 // halfway through the decay (800 → 1000)
        QCOMPARE(describedScheduleLr("cosine:peak=2,total=10", 5), 1.0); // cos(π/2): halfway
        for (const char* bad : {"wsd:peak=1e-3", "step:peak=1", "wsd:peak=1,total=10,eta=3", "wsd:total=10"})
            QVERIFY2(!test::errorOf([&] { describedScheduleLr(bad, 1); }).isEmpty(), bad);
    }

    void importOrdersAndDescribes()
    {
        Store store = Store::create(path(QStringLiteral("import.h5")));
        HfImportOptions options;
        options.sources = {m_revisions.toStdString()};
        options.data = tokenData(m_tokens);
        options.lrSchedule = "wsd:peak=1e-3,warmup=100,total=2400,decay=0.2";
        const auto added = importHfTrajectory(store, "olmo", options);
        QCOMPARE(added.size(), size_t(3));
        const auto rows = store.checkpoints("olmo");
        QCOMPARE(rows.size(), size_t(3));
        // stage1 before stage2, then by step.
        QCOMPARE(rows[0].step, 1000);
        QCOMPARE(rows[1].step, 2000);
        QCOMPARE(rows[2].step, 500);
        QCOMPARE(rows[0].tokens, int64_t(2e9));
        QCOMPARE(rows[2].tokens, int64_t(5e9));
        QCOMPARE(rows[0].lr, 1e-3);
        // The decay runs from step 1920 to 2400: step 2000 is a sixth of the way down.
        QVERIFY(std::abs(rows[1].lr - 1e-3 * 5.0 / 6.0) < 1e-15);
        QCOMPARE(QString::fromStdString(rows[0].kind), QStringLiteral("hf"));
        QVERIFY(isHfRun(store, "olmo"));
        QCOMPARE(store.layers("olmo").size(), size_t(3 * 7));
        // The log is one step axis: stage 2, counting from 0 again, keeps its LR in its checkpoint row.
        QCOMPARE(store.log("olmo").size(), size_t(2));
        QCOMPARE(QString::fromStdString(rows[2].stage), QStringLiteral("stage2-ingredient1"));
        // Importing again adds nothing.
        QCOMPARE(importHfTrajectory(store, "olmo", options).size(), size_t(0));
    }

    // OLMo-2's layout: stage 1, then three stage-2 ingredients that count steps and tokens from 0 again
    // (the revisions are copies of one: the import reads names and checks shapes). Each row keeps its
    // stage, the x of every checkpoint is the hand-computed one (core/hf/stagelayout.h), the store is
    // sound to quantscope check, and a later import adds an ingredient after the run's last stage.
    void multiStageImport()
    {
        const QString folder = m_dir.filePath(QStringLiteral("olmo-stages"));
        const QString source = m_revisions + QStringLiteral("/stage1-step1000-tokens2B");
        const auto copyRevision = [&](const QString& name) {
            QDir().mkpath(folder + QLatin1Char('/') + name);
            for (const QString& file : QDir(source).entryList(QDir::Files))
                QFile::copy(source + QLatin1Char('/') + file,
                            folder + QLatin1Char('/') + name + QLatin1Char('/') + file);
        };
        // Named out of order on purpose; ingredient 3 comes in a second import.
        for (const char* name :
             {"stage2-ingredient2-step1500-tokens3B", "stage1-step3000-tokens6B", "stage2-ingredient1-step500-tokens1B",
              "stage1-step1000-tokens2B", "stage2-ingredient2-step500-tokens1B", "stage2-ingredient1-step1000-tokens2B",
              "stage1-step2000-tokens4B", "stage2-ingredient2-step1000-tokens2B"})
            copyRevision(QString::fromLatin1(name));
        const std::string storePath = path(QStringLiteral("stages.h5"));
        {
            Store store = Store::create(storePath);
            HfImportOptions options;
            options.sources = {folder.toStdString()};
            options.data = tokenData(m_tokens);
            options.lrSchedule = "constant:peak=4e-4";
            QCOMPARE(importHfTrajectory(store, "olmo2", options).size(), size_t(8));
            copyRevision(QStringLiteral("stage2-ingredient3-step1000-tokens2B"));
            QCOMPARE(importHfTrajectory(store, "olmo2", options).size(), size_t(1));
            QCOMPARE(store.log("olmo2").size(), size_t(3)); // stage 1's steps
        }
        const Store store = Store::open(storePath);
        const auto rows = store.checkpoints("olmo2");
        QCOMPARE(rows.size(), size_t(9));
        const char* stages[] = {"stage1",
                                "stage1",
                                "stage1",
                                "stage2-ingredient1",
                                "stage2-ingredient1",
                                "stage2-ingredient2",
                                "stage2-ingredient2",
                                "stage2-ingredient2",
                                "stage2-ingredient3"};
        const int64_t steps[] = {1000, 2000, 3000, 500, 1000, 500, 1000, 1500, 1000};
        // Stage 1 ends at step 3000, 6B tokens; every ingredient starts there.
        const double xSteps[] = {1000, 2000, 3000, 3500, 4000, 3500, 4000, 4500, 4000};
        const double xTokens[] = {2e9, 4e9, 6e9, 7e9, 8e9, 7e9, 8e9, 9e9, 8e9};
        const double xOrder[] = {0, 1, 2, 3, 4, 3, 4, 5, 3};
        const StageLayout layout = layoutStages(rows);
        for (size_t i = 0; i < rows.size(); ++i) {
            QCOMPARE(rows[i].stage, std::string(stages[i]));
            QCOMPARE(rows[i].step, steps[i]);
            QCOMPARE(layout.steps[i], xSteps[i]);
            QCOMPARE(layout.tokens[i], xTokens[i]);
            QCOMPARE(layout.order[i], xOrder[i]);
        }
        for (const StoreProblem& problem : checkStore(storePath).problems)
            QVERIFY2(problem.object.find("/checkpoints") == std::string::npos
                         && problem.object.find("/log") == std::string::npos,
                     problem.message.c_str());
        // A stage-1 revision after stage 2 is imported comes before what the run holds.
        copyRevision(QStringLiteral("stage1-step4000-tokens8B"));
        Store writable = Store::open(storePath, Store::Mode::ReadWrite);
        HfImportOptions options;
        options.sources = {folder.toStdString()};
        options.data = tokenData(m_tokens);
        const QString message = test::errorOf([&] { importHfTrajectory(writable, "olmo2", options); });
        QVERIFY2(message.contains(QStringLiteral("stage1-step4000-tokens8B (stage1, step 4000) comes before")),
                 qPrintable(message));
    }

    // A training log gives each revision its LR by linear interpolation between logged steps.
    void lrFromTrainingLog()
    {
        const QString log = m_dir.filePath(QStringLiteral("train_log.csv"));
        // Logged every 750 steps; the revisions sit at 1000, 2000 and (stage 2) 500.
        test::writeFile(log, "iteration,loss,learning_rate\n0,9.0,0\n750,5.0,3e-4\n1500,4.0,2e-4\n2250,3.5,1e-4\n");
        Store store = Store::create(path(QStringLiteral("lrlog.h5")));
        HfImportOptions options;
        options.sources = {m_revisions.toStdString()};
        options.data = tokenData(m_tokens);
        options.lrLog = log.toStdString();
        importHfTrajectory(store, "olmo", options);
        const auto rows = store.checkpoints("olmo");
        // step 1000: a third of the way from 750 (3e-4) to 1500 (2e-4) → 3e-4 − 1e-4/3.
        QVERIFY(std::abs(rows[0].lr - (3e-4 - 1e-4 / 3.0)) < 1e-15);
        // step 2000: two thirds from 1500 (2e-4) to 2250 (1e-4).
        QVERIFY(std::abs(rows[1].lr - (2e-4 - 2e-4 / 3.0)) < 1e-15);
        // step 500: two thirds of the warmup from 0 to 3e-4.
        QVERIFY(std::abs(rows[2].lr - 2e-4) < 1e-15);
        // A log without an LR column.
        options.lrLog =
            test::writeFile(m_dir.filePath(QStringLiteral("bad_log.csv")), "step,loss\n1,2\n").toStdString();
        const QString message = test::errorOf([&] { importHfTrajectory(store, "bad", options); });
        QVERIFY2(message.contains(QStringLiteral("bad_log.csv")) && message.contains(QStringLiteral("LR column")),
                 qPrintable(message));
        QVERIFY(!store.hasRun("bad"));
    }

    // Found with fuzz/fuzz_lrlog: NaN steps ("nan" parses as a number) broke the sort and sent the
    // interpolation's search before the first row (a heap-buffer-overflow); "3e-4x" read as 3e-4.
    void malformedTrainingLogs_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        QTest::addRow("NaN steps") << QByteArray("step,lr\nnan,1e-3\n10,2e-3\nnan,3e-3\n")
                                   << QStringLiteral("line 2, column step: 'nan' is not a number in [0, ");
        QTest::addRow("infinite lr") << QByteArray("step,lr\n1,inf\n")
                                     << QStringLiteral("column lr: 'inf' is not a number in [0, ");
        QTest::addRow("trailing garbage") << QByteArray("step,lr\n1,3e-4x\n") << QStringLiteral("'3e-4x'");
        QTest::addRow("no rows") << QByteArray("step,lr\n\n") << QStringLiteral("has no rows");
    }

    void malformedTrainingLogs()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        const QString log = test::writeFile(m_dir.filePath(QStringLiteral("malformed_log.csv")), text);
        const QString message = test::errorOfType<FormatError>([&] { readLrLog(log.toStdString()); });
        QVERIFY2(message.contains(QStringLiteral("malformed_log.csv")) && message.contains(expected),
                 qPrintable(message));
        // What reads is interpolated within its rows.
        const auto rows =
            readLrLog(test::writeFile(m_dir.filePath(QStringLiteral("log.csv")), "step,lr\n10,1\n0,3\n").toStdString());
        QCOMPARE(lrLogAt(rows, 5.0), 2.0);
        QCOMPARE(lrLogAt(rows, -1.0), 3.0);
        QCOMPARE(lrLogAt(rows, 1e300), 1.0);
        QVERIFY(!test::errorOf([] { describedScheduleLr("wsd:peak=3e-4x,total=10", 1); }).isEmpty());
        QCOMPARE(describedScheduleLr("constant:peak= 3e-4 ", 1), 3e-4);
    }

    void sweepMatchesWholeModel()
    {
        Store store = Store::create(path(QStringLiteral("sweep.h5")));
        HfImportOptions options;
        options.sources = {m_revisions.toStdString()};
        options.data = tokenData(m_tokens);
        importHfTrajectory(store, "olmo", options);
        const auto rtn4 = QuantConfig::parse("rtn:4:g16:sym");
        const auto rtn8 = QuantConfig::parse("rtn:8:g16:sym");
        const auto rtn2 = QuantConfig::parse("rtn:2:g16:sym");
        const auto gptq3 = QuantConfig::parse("gptq:3:g16:sym:act:cal8x32");
        const auto w4a4 = QuantConfig::parse("rtn:4:g16:sym:a4:down=a8");
        const SweepSummary s = sweepRun(store, "olmo", {rtn4, rtn8, rtn2, gptq3, w4a4}, SweepOptions {test::threads()});
        // Work done once: the FP config evaluates on the FP reference's states (no forward of its own),
        // and the next block is read while this one computes.
        QVERIFY(s.stageSeconds.count("evaluation forward: FP reference"));
        QVERIFY(s.stageSeconds.count("evaluation forward: " + rtn4.id()));
        QVERIFY(!s.stageSeconds.count("evaluation forward: fp"));
        QVERIFY2(s.memoryPlan.find("next block read ahead") != std::string::npos, s.memoryPlan.c_str());
        QCOMPARE(s.computed, 3 * 6);
        QCOMPARE(sweepRun(store, "olmo", {rtn4, rtn8, rtn2, gptq3, w4a4}, SweepOptions {test::threads()}).computed, 0);
        // Per-layer sensitivity is the built-in trainer's: refused by name, before any work.
        SweepOptions sensitivity {test::threads()};
        sensitivity.sensitivity = true;
        const QString refused = test::errorOf([&] { sweepRun(store, "olmo", {rtn4}, sensitivity); });
        QVERIFY2(refused.contains(QLatin1String("--sensitivity")) && refused.contains(QLatin1String("olmo")),
                 qPrintable(refused));

        // The evaluation blocks without a calibration file: the last 6·32 tokens in blocks of 32, each scored
        // as HF's labels=input_ids scores it (position j predicts token j + 1 of the same block).
        QFile f(m_tokens);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray raw = f.readAll();
        const auto all =
            torch::from_blob(const_cast<char*>(raw.constData()), {raw.size() / 2}, torch::kInt16).to(torch::kInt64);
        const int64_t n = 6 * 32;
        const auto inputs = all.narrow(0, all.size(0) - n, n).view({6, 32});
        const auto targets = inputs.narrow(1, 1, 31);

        const auto rows = store.checkpoints("olmo");
        const ConfigResults fp = store.results("olmo", "fp");
        const ConfigResults q4 = store.results("olmo", rtn4.id());
        for (size_t i = 0; i < rows.size(); ++i) {
            const HfModel model =
                HfModel::open(rows[i].path.front() == '/' ? rows[i].path : path(QString::fromStdString(rows[i].path)));
            torch::NoGradGuard noGrad;
            const auto ce = [&](const torch::Tensor& logits) {
                const auto shifted = logits.narrow(1, 0, 31);
                return torch::nn::functional::cross_entropy(shifted.reshape({-1, shifted.size(-1)}),
                                                            targets.reshape({-1}))
                    .item<double>();
            };
            const double fpCe = ce(model.forward(inputs));
            // The streamed sweep and this whole-model forward differ in batch shapes (chunks against one
            // batch of 6) and in how the mean is summed (float64 against float32): a few float32 ulps of
            // the CE, measured below 5e-7 at CE 5.5 on every kernel and thread count; 16 ulps keep 20x.
            const double ceTolerance = 16.0 * test::float32Eps * std::max(1.0, fpCe);
            QS_VERIFY_BELOW("fp_ce_vs_whole_model", std::abs(rows[i].fpValCe - fpCe), ceTolerance);
            QCOMPARE(fp.model.at("ce")[i], rows[i].fpValCe);
            QCOMPARE(fp.model.at("kl_mean")[i], 0.0);
            QCOMPARE(fp.model.at("top1_agree")[i], 1.0);

            // RTN needs no calibration: every linear layer rounded, the whole model run at once.
            const HfRope rope = model.rope(32);
            auto x = model.embed(inputs);
            for (int64_t b = 0; b < model.arch().layers; ++b) {
                HfBlock block = model.loadBlock(b);
                for (const auto& group : block.groups(model.arch().family))
                    for (HfLinear* l : group)
                        l->weight = rtnQuantize(l->weight, 4, 16, true);
                x = model.forwardBlock(block, x, rope);
            }
            const double q4Ce = ce(model.logits(model.loadHead(), x));
            QS_VERIFY_BELOW("rtn4_ce_vs_whole_model", std::abs(q4.model.at("ce")[i] - q4Ce), ceTolerance);
        }
        // More bits, less damage; every layer measured.
        const ConfigResults q8 = store.results("olmo", rtn8.id());
        const ConfigResults q2 = store.results("olmo", rtn2.id());
        const ConfigResults g3 = store.results("olmo", gptq3.id());
        const ConfigResults a4 = store.results("olmo", w4a4.id());
        for (size_t i = 0; i < rows.size(); ++i) {
            // KL ratios measured 1/290, 1/17 and 1/2.2, the same to three digits on every kernel.
            QS_VERIFY_BELOW("kl_rtn8_over_rtn4", q8.model.at("kl_mean")[i] / q4.model.at("kl_mean")[i], 1.0);
            QS_VERIFY_BELOW("kl_rtn4_over_rtn2", q4.model.at("kl_mean")[i] / q2.model.at("kl_mean")[i], 1.0);
            // 4-bit inputs on top of W4.
            QS_VERIFY_BELOW("kl_w4_over_w4a4", q4.model.at("kl_mean")[i] / a4.model.at("kl_mean")[i], 1.0);
            QCOMPARE(g3.layers.at("gptq_loss")[i].size(), size_t(21));
            for (double loss : g3.layers.at("gptq_loss")[i])
                QVERIFY(std::isfinite(loss) && loss >= 0.0);
            QCOMPARE(fp.layers.at("act_kurtosis")[i].size(), size_t(21));
        }
    }

    // Validation states spilled to scratch files stream through the blocks a chunk at a time and give
    // the very numbers of states kept in memory (same process, same chunks: bit for bit).
    void spilledStatesGiveTheSameNumbers()
    {
        const auto configs = {QuantConfig::parse("rtn:4:g16:sym"), QuantConfig::parse("gptq:3:g16:sym:act:cal8x32")};
        std::vector<ConfigResults> results[2];
        for (const bool spill : {false, true}) {
            Store store = Store::create(path(spill ? QStringLiteral("spilled.h5") : QStringLiteral("inmemory.h5")));
            HfImportOptions options;
            options.sources = {m_revisions.toStdString()};
            options.data = tokenData(m_tokens);
            options.data.batchSize = 2; // three chunks of two blocks
            importHfTrajectory(store, "olmo", options);
            SweepOptions sweep {test::threads()};
            sweep.spill = spill;
            sweep.scratchDir = m_dir.path().toStdString();
            const SweepSummary summary = sweepRun(store, "olmo", configs, sweep);
            QVERIFY2(QString::fromStdString(summary.memoryPlan)
                         .contains(spill ? QStringLiteral("spilled") : QStringLiteral("in memory")),
                     summary.memoryPlan.c_str());
            for (const QuantConfig& c : configs)
                results[spill].push_back(store.results("olmo", c.id()));
            results[spill].push_back(store.results("olmo", "fp"));
            // The units of the uncertainties are the evaluation blocks: as many, with every scored token.
            const auto evaluation = nlohmann::json::parse(store.runInfo("olmo").source).at("protocol").at("evaluation");
            for (const std::string& id : {std::string("fp"), configs.begin()->id()}) {
                const auto units = store.unitSums("olmo", id, 0);
                QCOMPARE(int(units.at("tokens").size()), evaluation.at("blocks").get<int>());
                double scored = 0.0, ce = 0.0;
                for (size_t u = 0; u < units.at("tokens").size(); ++u) {
                    scored += units.at("tokens")[u];
                    ce += units.at("ce")[u];
                }
                QCOMPARE(scored, double(evaluation.at("scored_tokens").get<int>()));
                QCOMPARE(store.results("olmo", id).model.at("ce")[0], ce / scored);
            }
        }
        for (size_t c = 0; c < results[0].size(); ++c)
            for (const char* metric : {"ce", "kl_mean", "kl_median", "kl_p99", "top1_agree", "ce_se", "delta_ce_se",
                                       "rel_ce_se", "kl_mean_se", "kl_median_lo", "kl_p99_hi", "top1_agree_se"})
                QCOMPARE(results[1][c].model.at(metric), results[0][c].model.at(metric));
        // Nothing is left in the scratch folder: the files were unlinked when made.
        QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral(".quantscope-scratch-*")}, QDir::Hidden | QDir::Files),
                 QStringList());
    }

    // The recorded protocol: hashes of what was evaluated, checked again by every sweep.
    void protocolRecordedAndChecked()
    {
        const QString tokens = m_dir.filePath(QStringLiteral("changing.bin"));
        QVERIFY(QFile::copy(m_tokens, tokens));
        Store store = Store::create(path(QStringLiteral("protocol.h5")));
        HfImportOptions options;
        options.sources = {m_revisions.toStdString()};
        options.data = tokenData(tokens);
        importHfTrajectory(store, "olmo", options);
        const auto source = nlohmann::json::parse(store.runInfo("olmo").source);
        const auto& evaluation = source.at("protocol").at("evaluation");
        QCOMPARE(evaluation.at("blocks").get<int>(), 6);
        QCOMPARE(evaluation.at("scored_tokens").get<int>(), 6 * 31);
        QCOMPARE(evaluation.at("stream_tokens").get<int>(), 4000);
        QVERIFY(evaluation.at("evaluated_hash").get<std::string>().rfind("fnv1a64:", 0) == 0);
        // The file changes under the run: the sweep refuses, and nothing is stored.
        {
            QFile f(tokens);
            QVERIFY(f.open(QIODevice::ReadWrite));
            f.seek(f.size() - 10);
            f.write("\x01\x00", 2);
        }
        try {
            sweepRun(store, "olmo", {QuantConfig::parse("rtn:4:g16:sym")}, SweepOptions {test::threads()});
            QFAIL("a changed evaluation file was swept");
        } catch (const ConfigError& e) {
            QVERIFY2(std::string(e.what()).find("no longer gives the evaluation tokens") != std::string::npos,
                     e.what());
        }
        QCOMPARE(store.configIds("olmo").size(), size_t(0));
    }

    // The other families (OLMo-1 with clip_qkv, Apertus without gate and with xIELU) through RTN and GPTQ:
    // the stored CEs match the model run whole, outside the sweep, and every layer of its list is measured.
    void sweepOtherFamilies_data()
    {
        QTest::addColumn<QString>("arch");
        QTest::addColumn<QString>("config");
        QTest::addColumn<QStringList>("kinds");
        QTest::addRow("olmo, clip_qkv") << QStringLiteral("olmo") << QStringLiteral(R"({"clip_qkv": 0.5})")
                                        << QStringList {QStringLiteral("q"),    QStringLiteral("k"),
                                                        QStringLiteral("v"),    QStringLiteral("o"),
                                                        QStringLiteral("gate"), QStringLiteral("up"),
                                                        QStringLiteral("down")};
        QTest::addRow("apertus, xIELU") << QStringLiteral(
            "apertus") << QString() << QStringList {QStringLiteral("q"), QStringLiteral("k"),  QStringLiteral("v"),
                                                    QStringLiteral("o"), QStringLiteral("up"), QStringLiteral("down")};
    }

    void sweepOtherFamilies()
    {
        QFETCH(QString, arch);
        QFETCH(QString, config);
        QFETCH(QStringList, kinds);
        const QString folder = m_dir.filePath(arch + QStringLiteral("-run/step100"));
        QVERIFY(make(folder, 11, config, arch));
        Store store = Store::create(path(arch + QStringLiteral(".h5")));
        HfImportOptions options;
        options.sources = {folder.toStdString()};
        options.data = tokenData(m_tokens);
        importHfTrajectory(store, "r", options);
        const auto layers = store.layers("r");
        QCOMPARE(int(layers.size()), 2 * int(kinds.size()));
        for (int i = 0; i < int(layers.size()); ++i)
            QCOMPARE(QString::fromStdString(layers[size_t(i)].kind), kinds[i % kinds.size()]);

        const auto rtn4 = QuantConfig::parse("rtn:4:g16:sym");
        const auto gptq3 = QuantConfig::parse("gptq:3:g16:sym:act:cal8x32");
        const SweepSummary s = sweepRun(store, "r", {rtn4, gptq3}, SweepOptions {test::threads()});
        QCOMPARE(s.computed, 3); // fp, rtn, gptq

        QFile f(m_tokens);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray raw = f.readAll();
        const auto all =
            torch::from_blob(const_cast<char*>(raw.constData()), {raw.size() / 2}, torch::kInt16).to(torch::kInt64);
        // The evaluation blocks: the last 6·32 tokens, each scored as HF's labels=input_ids scores it.
        const int64_t n = 6 * 32;
        const auto inputs = all.narrow(0, all.size(0) - n, n).view({6, 32});
        const auto targets = inputs.narrow(1, 1, 31);
        const HfModel model = HfModel::open(folder.toStdString());
        torch::NoGradGuard noGrad;
        const auto ce = [&](const torch::Tensor& logits) {
            const auto shifted = logits.narrow(1, 0, 31);
            return torch::nn::functional::cross_entropy(shifted.reshape({-1, shifted.size(-1)}), targets.reshape({-1}))
                .item<double>();
        };
        const double fpCe = ce(model.forward(inputs));
        // As in sweepMatchesWholeModel: a few float32 ulps of the CE apart, 16 ulps allowed.
        const double ceTolerance = 16.0 * test::float32Eps * std::max(1.0, fpCe);
        const auto row = store.checkpoints("r").front();
        QS_VERIFY_BELOW("fp_ce_vs_whole_model", std::abs(row.fpValCe - fpCe), ceTolerance);

        const HfRope rope = model.rope(32);
        auto x = model.embed(inputs);
        int quantized = 0;
        for (int64_t b = 0; b < model.arch().layers; ++b) {
            HfBlock block = model.loadBlock(b);
            for (const auto& group : block.groups(model.arch().family))
                for (HfLinear* l : group) {
                    l->weight = rtnQuantize(l->weight, 4, 16, true);
                    ++quantized;
                }
            x = model.forwardBlock(block, x, rope);
        }
        QCOMPARE(quantized, int(layers.size()));
        const double q4Ce = ce(model.logits(model.loadHead(), x));
        const ConfigResults q4 = store.results("r", rtn4.id());
        QS_VERIFY_BELOW("rtn4_ce_vs_whole_model", std::abs(q4.model.at("ce")[0] - q4Ce), ceTolerance);
        QVERIFY(q4.model.at("kl_mean")[0] > 0.0);

        const ConfigResults g3 = store.results("r", gptq3.id());
        QCOMPARE(g3.layers.at("gptq_loss")[0].size(), layers.size());
        for (double loss : g3.layers.at("gptq_loss")[0])
            QVERIFY(std::isfinite(loss) && loss >= 0.0);
        QVERIFY(std::isfinite(g3.model.at("ce")[0]) && g3.model.at("kl_mean")[0] > 0.0);
        QCOMPARE(store.results("r", "fp").layers.at("act_kurtosis")[0].size(), layers.size());
    }

    // Revisions shipped as torch.save files import and sweep like safetensors ones: the same
    // weights give the same stored numbers, bit for bit (one process, one thread count). A broken .bin
    // revision stops the import before anything is stored.
    void binTrajectory()
    {
        const QString bins = m_dir.filePath(QStringLiteral("bin-revisions"));
        const QString bin = QStringLiteral("--format=bin");
        // Seeds 1 and 2: the weights of the two stage-1 safetensors revisions.
        QVERIFY(make(bins + QStringLiteral("/stage1-step1000-tokens2B"), 1, {}, QStringLiteral("llama"), {bin}));
        QVERIFY(make(bins + QStringLiteral("/stage1-step2000-tokens4B"), 2, {}, QStringLiteral("llama"),
                     {bin, QStringLiteral("--bin-views"), QStringLiteral("--shards=1")}));
        Store store = Store::create(path(QStringLiteral("bin.h5")));
        HfImportOptions options;
        options.data = tokenData(m_tokens);
        options.sources = {bins.toStdString()};
        QCOMPARE(importHfTrajectory(store, "bin", options).size(), size_t(2));
        options.sources = {QString(m_revisions + QStringLiteral("/stage1-step1000-tokens2B")).toStdString(),
                           QString(m_revisions + QStringLiteral("/stage1-step2000-tokens4B")).toStdString()};
        QCOMPARE(importHfTrajectory(store, "st", options).size(), size_t(2));

        const auto rtn4 = QuantConfig::parse("rtn:4:g16:sym");
        const auto gptq3 = QuantConfig::parse("gptq:3:g16:sym:act:cal8x32");
        QCOMPARE(sweepRun(store, "bin", {rtn4, gptq3}, SweepOptions {test::threads()}).computed, 2 * 3);
        SweepOptions one {test::threads()}; // --step: that revision's FP reference and configs, then the other's
        one.onlyStep = 2000;
        QCOMPARE(sweepRun(store, "st", {rtn4, gptq3}, one).computed, 3);
        QCOMPARE(sweepRun(store, "st", {rtn4, gptq3}, SweepOptions {test::threads()}).computed, 3);
        const auto binRows = store.checkpoints("bin");
        const auto stRows = store.checkpoints("st");
        QCOMPARE(binRows.size(), size_t(2));
        for (size_t i = 0; i < binRows.size(); ++i) {
            QCOMPARE(binRows[i].step, stRows[i].step);
            QVERIFY(std::isfinite(binRows[i].fpValCe));
            QCOMPARE(binRows[i].fpValCe, stRows[i].fpValCe);
        }
        for (const std::string& config : {std::string("fp"), rtn4.id(), gptq3.id()}) {
            const ConfigResults a = store.results("bin", config);
            const ConfigResults b = store.results("st", config);
            // Bit for bit, NaNs (metrics a config does not measure) included.
            const auto same = [](const std::vector<double>& x, const std::vector<double>& y) {
                return x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size() * sizeof(double)) == 0;
            };
            QCOMPARE(a.model.size(), b.model.size());
            for (const auto& [metric, values] : a.model)
                QVERIFY2(b.model.count(metric) && same(values, b.model.at(metric)), metric.c_str());
            QCOMPARE(a.layers.size(), b.layers.size());
            for (const auto& [metric, perCheckpoint] : a.layers) {
                QVERIFY2(b.layers.count(metric), metric.c_str());
                for (size_t i = 0; i < perCheckpoint.size(); ++i)
                    QVERIFY2(same(perCheckpoint[i], b.layers.at(metric).at(i)), metric.c_str());
            }
        }
        QCOMPARE(store.results("bin", gptq3.id()).layers.at("gptq_loss")[1].size(), size_t(21));

        // A third revision whose shard was cut short: the import names the file and stores nothing.
        const QString broken = bins + QStringLiteral("/stage1-step3000-tokens6B");
        QVERIFY(make(broken, 3, {}, QStringLiteral("llama"), {bin}));
        QFile shard(broken + QStringLiteral("/pytorch_model-00001-of-00002.bin"));
        QVERIFY(shard.resize(shard.size() - 100));
        options.sources = {bins.toStdString()};
        const QString message = test::errorOf([&] { importHfTrajectory(store, "bin", options); });
        QVERIFY2(message.contains(QStringLiteral("stage1-step3000-tokens6B/pytorch_model-00001-of-00002.bin"))
                     && message.contains(QStringLiteral("cut short")),
                 qPrintable(message));
        QCOMPARE(store.checkpoints("bin").size(), size_t(2));
        QVERIFY(test::errorOf([&] { importHfTrajectory(store, "bin2", options); }) == message);
        QVERIFY(!store.hasRun("bin2"));
    }

    void textThroughTokenizer()
    {
        // A byte-level BPE tokenizer of the 256 byte symbols and one merge ("Ġ" + "t"), for a model of
        // vocabulary 260: the text goes through the same pipeline as a real model's tokenizer.json.
        const QString folder = m_dir.filePath(QStringLiteral("bytes/step10"));
        QVERIFY(make(folder, 9, QStringLiteral(R"({"vocab_size": 260})")));
        QString vocab;
        for (int b = 0; b < 256; ++b) {
            QString symbol = QString::fromStdString(byteLevelSymbol(uint8_t(b)));
            symbol.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('"'), QStringLiteral("\\\""));
            vocab += QStringLiteral("\"%1\": %2, ").arg(symbol).arg(b);
        }
        vocab += QStringLiteral("\"Ġt\": 256");
        const QString json = QStringLiteral(R"({"version": "1.0", "added_tokens": [], "normalizer": null,
            "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": true, "use_regex": true},
            "model": {"type": "BPE", "vocab": {%1}, "merges": ["Ġ t"]}})")
                                 .arg(vocab);
        const QString tokenizer = m_dir.filePath(QStringLiteral("bytes/tokenizer.json"));
        test::writeFile(tokenizer, json.toUtf8());
        QString text;
        for (int i = 0; i < 60; ++i)
            text += QStringLiteral("In the beginning the tokens were %1; then the text went on. ").arg(i);
        const QString textPath = m_dir.filePath(QStringLiteral("bytes/val.txt"));
        test::writeFile(textPath, text.toUtf8());

        Store store = Store::create(path(QStringLiteral("text.h5")));
        HfImportOptions options;
        options.sources = {folder.toStdString()};
        options.data = tokenData(textPath);
        options.data.tokenizer = tokenizer.toStdString();
        importHfTrajectory(store, "bytes", options);
        QCOMPARE(store.checkpoints("bytes").front().step, 10);
        sweepRun(store, "bytes", {QuantConfig::parse("rtn:4:g16:sym")}, SweepOptions {test::threads()});
        QVERIFY(std::isfinite(store.checkpoints("bytes").front().fpValCe));

        // Calibration on whole documents of a JSON-lines file of its own, of different lengths. Their
        // bytes are drawn from 90 printable characters, so the first layers' inputs span all 64 hidden
        // dimensions and GPTQ's Hessian is well conditioned (a text of few distinct bytes leaves it
        // singular but for the damping, and GPTQ then turns rounding-level differences into others).
        QString lines;
        std::mt19937 rng(17);
        const QByteArray alphabet =
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,;:!?()[]{}<>=+-*/_#$%&@^~|'`";
        for (int i = 0; i < 10; ++i) {
            QString text;
            for (int c = 0; c < 24 + 7 * i; ++c)
                text += QLatin1Char(alphabet[int(rng() % uint32_t(alphabet.size()))]);
            lines +=
                QStringLiteral(R"({"id": %1, "text": "Document %1 says %2."})").arg(i).arg(text) + QLatin1Char('\n');
        }
        const QString calib = m_dir.filePath(QStringLiteral("bytes/calib.jsonl"));
        test::writeFile(calib, lines.toUtf8());
        Store docs = Store::create(path(QStringLiteral("documents.h5")));
        options.data.calibData = calib.toStdString();
        importHfTrajectory(docs, "bytes", options);
        const auto source = nlohmann::json::parse(docs.runInfo("bytes").source);
        QCOMPARE(source.at("protocol").at("calibration").at("documents").get<int>(), 10);
        const auto gptq = QuantConfig::parse("gptq:4:g16:sym:act:cal8x64");
        const auto rtn = QuantConfig::parse("rtn:4:g16:sym:a8");
        sweepRun(docs, "bytes", {gptq, rtn}, SweepOptions {test::threads()});
        const ConfigResults documentResults = docs.results("bytes", gptq.id());
        for (double loss : documentResults.layers.at("gptq_loss")[0])
            QVERIFY(std::isfinite(loss) && loss >= 0.0);

        // The same documents three at a time, each block walked in passes over the chunks (what the plan
        // does when a calibration set does not fit). The forwards run over other batch shapes and GPTQ's
        // Hessian is summed chunk by chunk: float32 rounding apart, the numbers of one batch.
        Store chunked = Store::create(path(QStringLiteral("documents-chunked.h5")));
        importHfTrajectory(chunked, "bytes", options);
        SweepOptions inChunks {test::threads()};
        inChunks.calibrationChunk = 3;
        // AWQ beside them, in the same chunks: its lane scales copies of the blocks, never the FP
        // reference's, whose CE is the one of the sweep without it, to the bit.
        const auto awq = QuantConfig::parse("awq:4:g16:cal8x64");
        const SweepSummary summary = sweepRun(chunked, "bytes", {gptq, rtn, awq}, inChunks);
        QCOMPARE(chunked.results("bytes", "fp").model.at("ce"), docs.results("bytes", "fp").model.at("ce"));
        QVERIFY2(summary.memoryPlan.find("calibration 3 sequences at a time") != std::string::npos,
                 summary.memoryPlan.c_str());
        const auto relative = [](double a, double b) { return std::abs(a - b) / std::max(std::abs(b), 1e-30); };
        // AWQ unchunked: its statistics summed in another order, the same search (padded documents' real
        // rows picked by each chunk's offset; what the next block calibrates on is tst_peer_awq's to check).
        sweepRun(docs, "bytes", {awq}, SweepOptions {test::threads()});
        QS_VERIFY_BELOW("chunked_calibration_awq_ce",
                        relative(chunked.results("bytes", awq.id()).model.at("ce")[0],
                                 docs.results("bytes", awq.id()).model.at("ce")[0]),
                        1e-4);
        // RTN's weights do not depend on the calibration and the FP reference's are exact: their SQNRs and
        // statistics differ only by that rounding, which the 8-bit activation grid of this RTN config can
        // move across a grid step (measured up to 7e-4 dB and 8e-7 relative on AVX-512 and Haswell kernels,
        // 1 and 2 threads; bounds 0.05 dB and 1e-4), and the CE not at all (evaluation does not calibrate).
        const ConfigResults rtnChunked = chunked.results("bytes", rtn.id());
        const ConfigResults rtnWhole = docs.results("bytes", rtn.id());
        QCOMPARE(rtnChunked.model.at("ce"), rtnWhole.model.at("ce"));
        for (size_t l = 0; l < rtnWhole.layers.at("sqnr_db")[0].size(); ++l)
            QS_VERIFY_BELOW("chunked_calibration_rtn_sqnr_db",
                            std::abs(rtnChunked.layers.at("sqnr_db")[0][l] - rtnWhole.layers.at("sqnr_db")[0][l]),
                            0.05);
        const ConfigResults fpChunked = chunked.results("bytes", "fp");
        const ConfigResults fpWhole = docs.results("bytes", "fp");
        for (const char* metric : {"act_kurtosis", "act_absmax", "act_absmax_median"}) {
            const auto& a = fpChunked.layers.at(metric)[0];
            const auto& b = fpWhole.layers.at(metric)[0];
            for (size_t l = 0; l < a.size(); ++l)
                QS_VERIFY_BELOW("chunked_calibration_fp_statistics", relative(a[l], b[l]), 1e-4);
        }
        QCOMPARE(fpChunked.layers.at("act_outliers")[0], fpWhole.layers.at("act_outliers")[0]);
        // GPTQ: the first block's layers see identical inputs, so only the Hessian's summation order
        // differs (measured below 1e-6 relative). Later blocks calibrate on the outputs of quantized blocks,
        // where one weight that rounding moves across a grid boundary changes every later layer's input; on
        // this 64-wide model that makes GPTQ's CE damage differ by a third between BLAS kernels and thread
        // counts even in one batch, so only the first block is compared (tst_quantizer's groupInChunks
        // compares whole GPTQ layers on well-conditioned inputs).
        const ConfigResults gptqChunked = chunked.results("bytes", gptq.id());
        const auto& losses = gptqChunked.layers.at("gptq_loss")[0];
        const auto& wholeLosses = documentResults.layers.at("gptq_loss")[0];
        QCOMPARE(losses.size(), wholeLosses.size());
        for (size_t l = 0; l < losses.size() / 3; ++l) // 3 blocks
            QS_VERIFY_BELOW("chunked_calibration_gptq_block0_loss", relative(losses[l], wholeLosses[l]), 1e-3);

        // More documents than the file holds: refused before anything is stored.
        const auto many = QuantConfig::parse("gptq:4:g16:sym:act:cal20x64");
        try {
            sweepRun(docs, "bytes", {many}, SweepOptions {test::threads()});
            QFAIL("20 calibration documents were taken from a file of 10");
        } catch (const ConfigError& e) {
            QVERIFY2(std::string(e.what()).find("calib.jsonl holds 10 documents, fewer than the 20")
                         != std::string::npos,
                     e.what());
        }
        const auto ids = docs.configIds("bytes");
        QVERIFY(std::find(ids.begin(), ids.end(), many.id()) == ids.end());
    }

    // The command line: import with a manifest that gives a step-less revision its step and every
    // revision its LR, then sweep; and the errors a user meets first.
    void commandLine()
    {
        const QString final = m_dir.filePath(QStringLiteral("cli/final"));
        QVERIFY(make(final, 6));
        const QString manifest = m_dir.filePath(QStringLiteral("cli/manifest.csv"));
        test::writeFile(manifest, "path,step,tokens,lr\nfinal,3000,6B,1e-5\n");
        const QString store = m_dir.filePath(QStringLiteral("cli.h5"));
        auto cli = [](const QStringList& args) {
            QProcess p;
            p.start(QStringLiteral(QS_BINARY), args);
            p.waitForFinished(300000);
            return std::make_pair(p.exitCode(),
                                  QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError()));
        };
        auto [code, out] = cli({QStringLiteral("import"), QStringLiteral("--store"), store, QStringLiteral("--run"),
                                QStringLiteral("cli"), QStringLiteral("--tokens"), m_tokens,
                                QStringLiteral("--seq-len"), QStringLiteral("32"), QStringLiteral("--val-sequences"),
                                QStringLiteral("6"), QStringLiteral("--manifest"), manifest, final});
        QVERIFY2(code == 0, qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("1 revisions added")), qPrintable(out));
        std::tie(code, out) =
            cli({QStringLiteral("sweep"), QStringLiteral("--store"), store, QStringLiteral("--quant"),
                 QStringLiteral("rtn:4:g16:sym"), QStringLiteral("--threads"), QString::number(test::threads())});
        QVERIFY2(code == 0, qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("2 results computed")), qPrintable(out));
        {
            const Store s = Store::open(store.toStdString());
            const auto rows = s.checkpoints("cli");
            QCOMPARE(rows.size(), size_t(1));
            QCOMPARE(rows[0].step, 3000);
            QCOMPARE(rows[0].tokens, int64_t(6e9));
            QCOMPARE(rows[0].lr, 1e-5);
            QVERIFY(std::isfinite(rows[0].fpValCe));
        }
        std::tie(code, out) = cli({QStringLiteral("import"), QStringLiteral("--store"), store, QStringLiteral("--run"),
                                   QStringLiteral("x"), final});
        QCOMPARE(code, 2); // the evaluation data is missing from the command line
        QVERIFY2(out.contains(QStringLiteral("--text F")) && out.contains(QStringLiteral("--tokens F")),
                 qPrintable(out));
        std::tie(code, out) = cli({QStringLiteral("import"), QStringLiteral("--store"), store, QStringLiteral("--run"),
                                   QStringLiteral("x"), QStringLiteral("--text"), m_tokens,
                                   QStringLiteral("--manifest"), manifest, final});
        QCOMPARE(code, 1);
        QVERIFY2(out.contains(QStringLiteral("has no tokenizer.json")), qPrintable(out));
    }

    void badImports()
    {
        Store store = Store::create(path(QStringLiteral("bad.h5")));
        HfImportOptions options;
        options.data = tokenData(m_tokens);
        // A revision of another architecture in the trajectory.
        const QString other = m_dir.filePath(QStringLiteral("mixed/step3000"));
        QVERIFY(make(other, 4, QStringLiteral(R"({"num_hidden_layers": 2})")));
        options.sources = {m_revisions.toStdString(), other.toStdString()};
        QString message = test::errorOf([&] { importHfTrajectory(store, "mixed", options); });
        QVERIFY2(message.contains(QStringLiteral("a trajectory has one architecture")), qPrintable(message));
        QVERIFY(!store.hasRun("mixed"));
        // A name that gives no step, and no manifest to give it.
        const QString nameless = m_dir.filePath(QStringLiteral("nameless/final"));
        QVERIFY(make(nameless, 5));
        options.sources = {nameless.toStdString()};
        message = test::errorOf([&] { importHfTrajectory(store, "nameless", options); });
        QVERIFY2(message.contains(QStringLiteral("no step for final")) && message.contains(QStringLiteral("manifest")),
                 qPrintable(message));
        // Data too short for the evaluation blocks it asks for: the import reads the data and refuses.
        options.sources = {m_revisions.toStdString()};
        options.data.valSequences = 1000;
        message = test::errorOf([&] { importHfTrajectory(store, "short", options); });
        QVERIFY2(message.contains(QStringLiteral("gives 4000 tokens"))
                     && message.contains(QStringLiteral("1000 evaluation blocks of 32 tokens")),
                 qPrintable(message));
        QVERIFY(!store.hasRun("short"));
        // Nothing to import.
        options.sources = {m_dir.filePath(QStringLiteral("nameless")).toStdString() + "/absent"};
        message = test::errorOf([&] { importHfTrajectory(store, "none", options); });
        QVERIFY2(message.contains(QStringLiteral("does not exist")), qPrintable(message));
    }
};

QS_TEST_GUILESS_MAIN(TstHfSweep)
#include "tst_hfsweep.moc"
