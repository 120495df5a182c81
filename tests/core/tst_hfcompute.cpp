// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Compute types and devices (core/engine/compute.h): the Hugging Face sweep's bfloat16 and float16
// against float32 on the same trajectory within the format's rounding, the type recorded and held to per
// run; the sweep and the built-in trainer on a GPU against the CPU where torch sees one, and a clear
// refusal of a GPU where it sees none.

#include "tests/support/hftrajectory.h"
#include "tests/support/numeric.h"
#include "tests/support/testutils.h"
#include "tests/support/tinyrun.h"

#include "core/config/corpus.h"
#include "core/engine/sweep.h"
#include "core/engine/trainer.h"
#include "core/formats/hfconfig.h"
#include "core/hf/hfrun.h"
#include "core/store/store.h"

#include <QFileInfo>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <map>

using namespace qs;

class TstHfCompute : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_revisions; // parent folder of three OLMo-2-named llama revisions
    QString m_tokens;    // raw uint16 token ids

    std::string path(const QString& name) const { return m_dir.filePath(name).toStdString(); }

    HfImportOptions importOptions() const { return test::smallHfImport(m_revisions, m_tokens); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        torch::set_num_threads(test::threads());
        m_revisions = m_dir.filePath(QStringLiteral("olmo-like"));
        const QString llama = QStringLiteral("llama");
        QVERIFY(!test::makeHfModel(m_revisions + QStringLiteral("/stage1-step1000-tokens2B"), llama, 1).isEmpty());
        QVERIFY(!test::makeHfModel(m_revisions + QStringLiteral("/stage1-step2000-tokens4B"), llama, 2).isEmpty());
        QVERIFY(!test::makeHfModel(m_revisions + QStringLiteral("/stage1-step3000-tokens6B"), llama, 3).isEmpty());
        m_tokens = m_dir.filePath(QStringLiteral("val.bin"));
        QVERIFY(test::writeTokenWalk(m_tokens));
    }

    // --dtype bfloat16 and float16 against float32 on the same run: the same numbers within what the
    // format's rounding allows, the type recorded in every config's JSON, and a run that holds one type
    // refusing a sweep in another.
    void computeTypes_data()
    {
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<int>("mantissaBits"); // stored bits of the significand
        QTest::newRow("bfloat16") << QStringLiteral("bfloat16") << 7;
        QTest::newRow("float16") << QStringLiteral("float16") << 10;
    }
    void computeTypes()
    {
        QFETCH(QString, dtype);
        QFETCH(int, mantissaBits);
        if (dtype == QLatin1String("float16") && TORCH_VERSION_MAJOR < 2) {
            // libtorch 1.13 (the Debian build) has no float16 matrix product on the CPU: refused by name.
            Store store = Store::create(path(QStringLiteral("dtype-refused.h5")));
            importHfTrajectory(store, "olmo", importOptions());
            SweepOptions sweep {test::threads()};
            sweep.dtype = "float16";
            const QString refused = test::errorOf([&] { sweepRun(store, "olmo", {}, sweep); });
            QVERIFY2(refused.contains(QLatin1String("cannot compute in float16 on cpu")), qPrintable(refused));
            QVERIFY(store.configIds("olmo").empty());
            QSKIP("float16 on the CPU needs libtorch 2.x: the PyPI build runs this row");
        }
        const auto configs = {QuantConfig::parse("rtn:4:g16:sym"), QuantConfig::parse("gptq:4:g16:sym:act:cal8x32"),
                              QuantConfig::parse("rtn:8:g16:sym:a8")};
        std::map<std::string, ConfigResults> results[2];
        int layers = 0;
        for (const bool narrow : {false, true}) {
            Store store = Store::create(path(QStringLiteral("dtype-%1-%2.h5").arg(dtype).arg(int(narrow))));
            importHfTrajectory(store, "olmo", importOptions());
            SweepOptions sweep {test::threads()};
            sweep.dtype = narrow ? dtype.toStdString() : "float32";
            sweepRun(store, "olmo", configs, sweep);
            for (const std::string& id : store.configIds("olmo")) {
                results[narrow][id] = store.results("olmo", id);
                const auto json = nlohmann::json::parse(store.configJson("olmo", id));
                // float32 configs keep the JSON they always had; others say their type.
                QCOMPARE(json.contains("compute_dtype"), narrow);
                if (narrow)
                    QCOMPARE(QString::fromStdString(json.at("compute_dtype").get<std::string>()), dtype);
            }
            layers = int(HfArch::fromJson(store.runInfo("olmo").modelConfigJson, "the run's config").layers);
            // One type per run: the other is refused by name before anything is computed.
            SweepOptions other = sweep;
            other.dtype = narrow ? "float32" : dtype.toStdString();
            const QString refused =
                test::errorOf([&] { sweepRun(store, "olmo", {QuantConfig::parse("rtn:3:g16:sym")}, other); });
            QVERIFY2(refused.contains(QString::fromStdString(sweep.dtype))
                         && refused.contains(QLatin1String("new run")),
                     qPrintable(refused));
            const auto ids = store.configIds("olmo");
            QVERIFY(std::find(ids.begin(), ids.end(), QuantConfig::parse("rtn:3:g16:sym").id()) == ids.end());
        }
        // The bound: the forward rounds to the compute type at about 8 places per block (its input, the
        // q/k/v, attention and o outputs, the MLP's input, gate/up and down outputs), each a relative
        // error of at most u = 2^-(mantissa bits + 1). Independent roundings add up as a root sum of
        // squares: the hidden states, and so the logits, move by about √(8·L)·u relative, and
        // CE = E[logsumexp(z) − z_target] by at most twice that times the logits' size, taken as the FP
        // CE (ln V for a model near uniform). GPTQ's Hessian is fitted on the narrowed activations too.
        // Measured on bfloat16: an eighth of the bound or less (GPTQ's the largest).
        const double u = std::ldexp(1.0, -(mantissaBits + 1));
        const double relative = std::sqrt(8.0 * layers) * u;
        for (const auto& [id, wide] : results[0]) {
            const ConfigResults& narrowed = results[1].at(id);
            for (size_t i = 0; i < wide.model.at("ce").size(); ++i) {
                const double ce = wide.model.at("ce")[i], fpCe = results[0].at("fp").model.at("ce")[i];
                const double bound = 2.0 * relative * fpCe;
                QVERIFY2(std::abs(narrowed.model.at("ce")[i] - ce) <= bound,
                         qPrintable(QStringLiteral("%1 checkpoint %2: CE %3 in %4, %5 in float32 (bound %6)")
                                        .arg(QString::fromStdString(id))
                                        .arg(i)
                                        .arg(narrowed.model.at("ce")[i], 0, 'g', 9)
                                        .arg(dtype)
                                        .arg(ce, 0, 'g', 9)
                                        .arg(bound)));
                qInfo("%s %s checkpoint %zu: |ΔCE| %.3g, bound %.3g", qPrintable(dtype), id.c_str(), i,
                      std::abs(narrowed.model.at("ce")[i] - ce), bound);
            }
        }
        // The type changes the numbers (a test that could not fail otherwise): the FP CE is not float32's.
        QVERIFY(results[1].at("fp").model.at("ce")[0] != results[0].at("fp").model.at("ce")[0]);
        QCOMPARE(test::errorOf([&] {
                     Store store =
                         Store::open(path(QStringLiteral("dtype-%1-0.h5").arg(dtype)), Store::Mode::ReadWrite);
                     SweepOptions bad {test::threads()};
                     bad.dtype = "int8";
                     sweepRun(store, "olmo", configs, bad);
                 }),
                 QStringLiteral("compute dtype 'int8' is not one of float32, bfloat16, float16"));
    }

    // --device cuda: the same numbers as the CPU's (float32: within float32's rounding of a different
    // order of sums). Runs where torch sees a GPU; elsewhere it says why it did not.
    void cudaMatchesCpu()
    {
        if (!torch::cuda::is_available())
            QSKIP("no CUDA device visible to this libtorch (the Debian build has no CUDA; the PyPI build needs a "
                  "GPU): bench/device/check.sh runs this comparison on a GPU machine");
        const auto configs = {QuantConfig::parse("rtn:4:g16:sym"), QuantConfig::parse("gptq:4:g16:sym:act:cal8x32"),
                              QuantConfig::parse("awq:4:g16:cal8x32:clip")};
        std::map<std::string, ConfigResults> results[2];
        for (const bool gpu : {false, true}) {
            Store store = Store::create(path(QStringLiteral("device-%1.h5").arg(int(gpu))));
            importHfTrajectory(store, "olmo", importOptions());
            SweepOptions sweep {test::threads()};
            sweep.device = gpu ? "cuda" : "cpu";
            sweepRun(store, "olmo", configs, sweep);
            for (const std::string& id : store.configIds("olmo"))
                results[gpu][id] = store.results("olmo", id);
        }
        // float32 with the reductions in other orders (cuBLAS, cuSOLVER): relative differences of the
        // order of float32's epsilon times the depth; GPTQ may move a weight across a rounding tie, and
        // AWQ's scales with its statistics' sums, so their CE is held to a looser 1e-4 relative.
        for (const auto& [id, cpu] : results[0]) {
            for (size_t i = 0; i < cpu.model.at("ce").size(); ++i) {
                const bool calibrated = id.rfind("gptq", 0) == 0 || id.rfind("awq", 0) == 0;
                const double tolerance = (calibrated ? 1e-4 : 1e-5) * cpu.model.at("ce")[i];
                QVERIFY2(std::abs(results[1].at(id).model.at("ce")[i] - cpu.model.at("ce")[i]) <= tolerance,
                         id.c_str());
            }
        }
    }

    // train --device: without a GPU a clear refusal before anything is written; with one, the run trained
    // there against the same run on the CPU. Both start from the same weights (initialised on the CPU):
    // the step-0 validation CE differs only by float32's rounding of other summation orders (1e-5
    // relative, as the sweep above); Adam normalises each update, so rounding-level differences of the
    // gradients stay rounding-level in the weights except for coordinates whose gradient is itself at
    // rounding level, which move by at most lr per step either way: 1e-3 relative after 10 steps is far
    // above the former and far below the loss's own change (≈ 1 nat, 30 % of it).
    void trainOnDevice()
    {
        const QString corpusPath = test::writeCorpus(m_dir.filePath(QStringLiteral("train-corpus.txt")));
        TrainConfig config = test::tinyConfig();
        config.steps = 10;
        config.checkpointEvery = 10;
        config.evalEvery = 10;
        const Corpus corpus = Corpus::fromFile(corpusPath.toStdString(), config.valFraction, "word soup");
        if (!torch::cuda::is_available()) {
            Store store = Store::create(path(QStringLiteral("train-nogpu.h5")));
            QCOMPARE(test::errorOf([&] {
                         trainRun(config, corpus, store, "tiny", path(QStringLiteral("ckpt-nogpu")), {}, {}, "cuda");
                     }),
                     QStringLiteral("device 'cuda': this QuantScope's libtorch has no CUDA support or sees no GPU (the "
                                    "Debian build is CPU only; the PyPI build, packaging/pytorch-build.sh, has CUDA); "
                                    "use --device cpu"));
            QVERIFY(!store.hasRun("tiny"));
            QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("ckpt-nogpu"))));
            QSKIP("no CUDA device visible to this libtorch: the refusal is checked, the GPU run is not "
                  "(bench/device/check.sh runs this test on a GPU machine)");
        }
        std::vector<ValRow> val[2];
        for (const bool gpu : {false, true}) {
            Store store = Store::create(path(QStringLiteral("train-%1.h5").arg(int(gpu))));
            trainRun(config, corpus, store, "tiny", path(QStringLiteral("ckpt-%1").arg(int(gpu))), {}, {},
                     gpu ? "cuda" : "cpu");
            val[gpu] = store.validation("tiny");
        }
        QCOMPARE(val[1].size(), val[0].size());
        QCOMPARE(val[0].size(), size_t(2)); // steps 0 and 10
        QVERIFY(std::abs(val[1][0].valLoss - val[0][0].valLoss) <= 1e-5 * val[0][0].valLoss);
        QVERIFY(val[0][0].valLoss - val[0][1].valLoss > 0.3); // it learned
        QVERIFY2(std::abs(val[1][1].valLoss - val[0][1].valLoss) <= 1e-3 * val[0][1].valLoss,
                 qPrintable(QStringLiteral("cpu %1, cuda %2").arg(val[0][1].valLoss).arg(val[1][1].valLoss)));
    }
};

QS_TEST_GUILESS_MAIN(TstHfCompute)
#include "tst_hfcompute.moc"
