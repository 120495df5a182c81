// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The quantization laboratory on a real (tiny) trajectory: the FP reference and its activation
// statistics, KL and top-1 agreement, W4A16 / W16A4 / W4A4 and a mixed-precision rule, per-layer SQNR,
// and the bad inputs a sweep must refuse with a message naming what is wrong.

#include "tests/support/numeric.h"
#include "tests/support/testutils.h"
#include "tests/support/tinyrun.h"

#include "core/common/errors.h"
#include "core/config/corpus.h"
#include "core/downstream/tasks.h"
#include "core/engine/model.h"
#include "core/engine/quantizemodel.h"
#include "core/engine/sweep.h"
#include "core/engine/tensors.h"
#include "core/engine/trainer.h"
#include "core/store/store.h"

#include <QObject>

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace qs;
using namespace qs::test;

namespace {

double meanOf(const std::vector<double>& v)
{
    return std::accumulate(v.begin(), v.end(), 0.0) / double(v.size());
}

// The index of the last checkpoint a config's results hold.
int lastDone(const ConfigResults& results)
{
    int last = int(results.done.size()) - 1;
    while (last > 0 && !results.done[size_t(last)])
        --last;
    return last;
}

} // namespace

class TstSweep : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_store;
    QString m_corpus;
    const QuantConfig m_w4 = QuantConfig::parse("rtn:4:g16:sym");
    const QuantConfig m_a4 = QuantConfig::parse("none:a4");
    const QuantConfig m_w4a4 = QuantConfig::parse("rtn:4:g16:sym:a4");
    const QuantConfig m_w4a4down8 = QuantConfig::parse("rtn:4:g16:sym:a4:down=a8");
    const QuantConfig m_rtn3 = QuantConfig::parse("rtn:3:pc:sym");
    QuantConfig m_gptq3 = QuantConfig::parse("gptq:3:pc:sym:act");

    std::string finalCheckpoint()
    {
        const Store store = Store::open(m_store.toStdString());
        return m_dir.filePath(QString::fromStdString(store.checkpoints("tiny").back().path)).toStdString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_corpus = writeCorpus(m_dir.filePath(QStringLiteral("corpus.txt")));
        m_store = m_dir.filePath(QStringLiteral("sweep.h5"));
        m_gptq3.calibSequences = 16;
        m_gptq3.calibSeqLen = 32;
        const TrainConfig config = tinyConfig();
        const Corpus corpus = Corpus::fromFile(m_corpus.toStdString(), config.valFraction, "word soup");
        Store store = Store::create(m_store.toStdString());
        trainRun(config, corpus, store, "tiny", m_dir.filePath(QStringLiteral("ckpt")).toStdString());
        const SweepSummary s = runSweep(store, "tiny", {m_w4, m_a4, m_w4a4, m_w4a4down8, m_rtn3, m_gptq3}, corpus,
                                        SweepOptions {threads()});
        QCOMPARE(s.computed, 5 * 7);
        QCOMPARE(int(s.entries.size()), 7);
        QCOMPARE(s.entries.at("fp"), 5);
        QVERIFY(s.seconds.at(m_gptq3.id()) > 0.0);
    }

    void fullPrecisionReference()
    {
        const Store store = Store::open(m_store.toStdString());
        const auto fp = store.results("tiny", "fp");
        const auto checkpoints = store.checkpoints("tiny");
        const auto layers = store.layers("tiny");
        for (int i = 0; i < 5; ++i) {
            const auto at = [&](const char* metric) { return fp.model.at(metric)[size_t(i)]; };
            // The unquantized model against itself: no divergence at all, every top-1 token the same.
            QCOMPARE(at("kl_mean"), 0.0);
            QCOMPARE(at("kl_p99"), 0.0);
            QCOMPARE(at("top1_agree"), 1.0);
            QCOMPARE(at("delta_ce"), 0.0);
            QCOMPARE(at("ce"), checkpoints[size_t(i)].fpValCe);
            for (size_t l = 0; l < layers.size(); ++l) {
                QCOMPARE(fp.layers.at("w_rel_err")[size_t(i)][l], 0.0);
                QVERIFY(std::isnan(fp.layers.at("sqnr_db")[size_t(i)][l]));
            }
        }
        // Input statistics agree with the stored per-channel profile they were taken with.
        const auto& absmax = fp.layers.at("act_absmax");
        const auto& outliers = fp.layers.at("act_outliers");
        const auto& kurtosis = fp.layers.at("act_kurtosis");
        QVERIFY(store.profileNames("tiny", "fp") == std::vector<std::string> {"act_channel_absmax"});
        for (int i : {0, 4}) {
            for (int l = 0; l < int(layers.size()); ++l) {
                const auto profile = store.profile("tiny", "fp", "act_channel_absmax", i, l);
                QCOMPARE(qint64(profile.size()), qint64(layers[size_t(l)].cols));
                const double top = *std::max_element(profile.begin(), profile.end());
                QVERIFY(std::abs(top - absmax[size_t(i)][size_t(l)]) <= 1e-6 * top);
                const auto above = std::count_if(profile.begin(), profile.end(), [](float v) { return v > 6.0f; });
                QCOMPARE(double(above), outliers[size_t(i)][size_t(l)]);
                // Kurtosis is at least 1 for any distribution (equality only for two equally likely values).
                QVERIFY(kurtosis[size_t(i)][size_t(l)] > 1.0);
            }
            // q, k and v read the same input, as do gate and up.
            for (int b = 0; b < 2; ++b) {
                const auto& row = kurtosis[size_t(i)];
                QCOMPARE(row[size_t(7 * b + 1)], row[size_t(7 * b)]);
                QCOMPARE(row[size_t(7 * b + 2)], row[size_t(7 * b)]);
                QCOMPARE(row[size_t(7 * b + 5)], row[size_t(7 * b + 4)]);
            }
        }
    }

    void quantizedMetrics()
    {
        const Store store = Store::open(m_store.toStdString());
        for (const QuantConfig& c : {m_w4, m_a4, m_w4a4, m_rtn3, m_gptq3}) {
            const auto r = store.results("tiny", c.id());
            for (int i = 1; i < 5; ++i) {
                const double kl = r.model.at("kl_mean")[size_t(i)];
                const double median = r.model.at("kl_median")[size_t(i)];
                const double p99 = r.model.at("kl_p99")[size_t(i)];
                const double top1 = r.model.at("top1_agree")[size_t(i)];
                QVERIFY2(kl > 0.0 && median >= 0.0 && median <= p99, qPrintable(QString::fromStdString(c.id())));
                QVERIFY(top1 > 0.0 && top1 <= 1.0);
                const auto& sqnr = r.layers.at("sqnr_db")[size_t(i)];
                for (double v : sqnr)
                    QVERIFY2(std::isfinite(v) && v > 0.0, qPrintable(QString::fromStdString(c.id())));
            }
        }
        // Every metric's uncertainty over the validation sequences, and the per-unit sums it came from:
        // the sums reproduce the stored means, pairing makes ΔCE's error a fraction of CE's, KL's
        // intervals hold their quantiles, and the FP reference's damage is exactly zero.
        for (const QuantConfig& c : {m_w4, m_w4a4, m_gptq3}) {
            const auto r = store.results("tiny", c.id());
            const auto fp = store.results("tiny", "fp");
            for (int i = 1; i < 5; ++i) {
                const auto at = [&](const std::string& metric) { return r.model.at(metric)[size_t(i)]; };
                const auto units = store.unitSums("tiny", c.id(), i);
                const auto& tokens = units.at("tokens");
                QCOMPARE(at("eval_units"), double(tokens.size()));
                double t = 0.0, ce = 0.0, fpCe = 0.0, kl = 0.0, top1 = 0.0;
                for (size_t u = 0; u < tokens.size(); ++u) {
                    t += tokens[u];
                    ce += units.at("ce")[u];
                    fpCe += units.at("fp_ce")[u];
                    kl += units.at("kl")[u];
                    top1 += units.at("top1")[u];
                }
                QCOMPARE(at("ce"), ce / t);
                QCOMPARE(at("fp_ce"), fpCe / t);
                QVERIFY(std::abs(at("kl_mean") - kl / t) <= 1e-12 * at("kl_mean"));
                QCOMPARE(at("top1_agree"), top1 / t);
                // The FP model's per-unit CE is the FP reference's own.
                QCOMPARE(units.at("fp_ce"), store.unitSums("tiny", "fp", i).at("ce"));
                QCOMPARE(fp.model.at("ce")[size_t(i)], at("fp_ce"));
                QVERIFY(at("ce_se") > 0.0 && at("delta_ce_se") > 0.0 && at("delta_ce_se") < at("ce_se"));
                QVERIFY(std::abs(at("ppl_se") - std::exp(at("ce")) * at("ce_se")) <= 1e-12 * at("ppl_se"));
                QVERIFY(at("kl_median_lo") <= at("kl_median") && at("kl_median") <= at("kl_median_hi"));
                QVERIFY(at("kl_p99_lo") <= at("kl_p99") && at("kl_p99") <= at("kl_p99_hi"));
                QVERIFY(at("kl_mean_se") > 0.0 && at("top1_agree_se") >= 0.0);
                QCOMPARE(fp.model.at("delta_ce_se")[size_t(i)], 0.0);
                QCOMPARE(fp.model.at("kl_p99_hi")[size_t(i)], 0.0);
                QVERIFY(fp.model.at("ce_se")[size_t(i)] > 0.0);
            }
        }
        // W16A4 leaves the weights alone.
        const auto a4 = store.results("tiny", m_a4.id());
        for (double e : a4.layers.at("w_rel_err")[4])
            QCOMPARE(e, 0.0);
    }

    void mixedPrecisionRule()
    {
        // "down=a8" changes only down_proj's input bits: the same RTN weights everywhere, identical
        // SQNR for every layer of block 0 up to its down_proj (same inputs), and a strictly better
        // SQNR at down_proj, which reads the same input at 8 instead of 4 bits.
        const Store store = Store::open(m_store.toStdString());
        const auto a4 = store.results("tiny", m_w4a4.id());
        const auto a8 = store.results("tiny", m_w4a4down8.id());
        QCOMPARE(QuantConfig::fromJson(a8.configJson).actBitsFor("down"), 8);
        for (int i = 1; i < 5; ++i) {
            QVERIFY(a4.layers.at("w_rel_err")[size_t(i)] == a8.layers.at("w_rel_err")[size_t(i)]);
            const auto& s4 = a4.layers.at("sqnr_db")[size_t(i)];
            const auto& s8 = a8.layers.at("sqnr_db")[size_t(i)];
            for (int l = 0; l < 6; ++l)
                QCOMPARE(s8[size_t(l)], s4[size_t(l)]);
            QVERIFY2(s8[6] > s4[6] + 3.0, qPrintable(QStringLiteral("%1 vs %2").arg(s8[6]).arg(s4[6])));
        }
    }

    void decomposition()
    {
        // "Scaling Law for Quantization-Aware Training": δ_W4A4 ≈ δ_W4A16 + δ_W16A4 (one fit: 0.906 × the sum),
        // measured as mean KL (positive, unlike ΔCE, which dips below zero at errors this small). It holds for the
        // trained checkpoints (steps 20–40: 0.90–1.04 when written); at step 10, barely past warmup, the two errors
        // compound (about 3×), so that checkpoint is not held to it.
        const Store store = Store::open(m_store.toStdString());
        const auto w = store.results("tiny", m_w4.id()).model.at("kl_mean");
        const auto a = store.results("tiny", m_a4.id()).model.at("kl_mean");
        const auto both = store.results("tiny", m_w4a4.id()).model.at("kl_mean");
        //
        // One checkpoint's W4 KL moves by ±10 % between BLAS and ATen kernels (last-bit differences in
        // the trained weights flip RTN roundings), so the law is checked pooled over steps 20–40, where
        // the per-checkpoint ratios (0.84–1.06 across kernels) average out (0.93–0.99); each checkpoint is
        // only held within a factor of 3, and W4A4 is not asked to exceed each part at each checkpoint (at
        // step 30 it came out at 0.98–1.06 times the larger one).
        double pooledBoth = 0.0, pooledParts = 0.0;
        for (int i = 2; i < 5; ++i) {
            const double ratio = both[size_t(i)] / (w[size_t(i)] + a[size_t(i)]);
            QS_VERIFY_BELOW("abs_log_ratio_w4a4_over_sum", std::abs(std::log(ratio)), std::log(3.0));
            pooledBoth += both[size_t(i)];
            pooledParts += w[size_t(i)] + a[size_t(i)];
        }
        QS_VERIFY_BELOW("abs_log_pooled_ratio_w4a4_over_sum", std::abs(std::log(pooledBoth / pooledParts)),
                        std::log(1.5));
        // (Pooled, W4A4 came out 1.11–1.18 times the larger part: too close to 1 across kernels to check.)
    }

    void gptqBeatsRtnPerLayer()
    {
        // GPTQ minimises each layer's output error on its calibration inputs; RTN ignores them.
        const Store store = Store::open(m_store.toStdString());
        const auto g = store.results("tiny", m_gptq3.id()).layers.at("sqnr_db");
        const auto r = store.results("tiny", m_rtn3.id()).layers.at("sqnr_db");
        // Measured: 8.9 to 12.9 dB apart, 0.1 dB spread across kernels and thread counts.
        for (int i = 1; i < 5; ++i)
            QS_VERIFY_ABOVE("mean_sqnr_gptq_minus_rtn_db", meanOf(g[size_t(i)]) - meanOf(r[size_t(i)]), 1.0);
    }

    void configsStartFromTheCheckpoint()
    {
        // The sweep restores each checkpoint's weights between configs: GPTQ after RTN and W16A4 after
        // W4A16 (initTestCase's order) equal, bit for bit, the same configs swept on a second store of the
        // same run in the other order, GPTQ straight after the FP config and W16A4 after GPTQ.
        const Store store = Store::open(m_store.toStdString());
        const QString copyPath = m_dir.filePath(QStringLiteral("reordered.h5"));
        {
            Store copy = Store::create(copyPath.toStdString());
            copy.createRun(store.runInfo("tiny"), store.layers("tiny"));
            const auto checkpoints = store.checkpoints("tiny");
            for (size_t i = 0; i < 5; ++i)
                copy.appendCheckpoint("tiny", checkpoints[i]);
            const SweepSummary s =
                runSweep(copy, "tiny", {m_gptq3, m_a4}, corpusOfRun(store, "tiny"), SweepOptions {threads()});
            QCOMPARE(s.computed, 5 * 3);
        }
        const Store copy = Store::open(copyPath.toStdString());
        for (const QuantConfig* c : std::initializer_list<const QuantConfig*> {&m_gptq3, &m_a4}) {
            const ConfigResults a = store.results("tiny", c->id());
            const ConfigResults b = copy.results("tiny", c->id());
            for (const auto& [metric, values] : a.model)
                for (size_t i = 0; i < 5; ++i)
                    QVERIFY2(b.model.at(metric)[i] == values[i], metric.c_str());
            for (const auto& [metric, rows] : a.layers)
                for (size_t i = 0; i < 5; ++i)
                    for (size_t l = 0; l < rows[i].size(); ++l)
                        QVERIFY(b.layers.at(metric)[i][l] == rows[i][l]
                                || (std::isnan(rows[i][l]) && std::isnan(b.layers.at(metric)[i][l])));
        }
    }

    void nonFiniteActivationsNameTheLayer()
    {
        const Corpus corpus = Corpus::fromFile(m_corpus.toStdString(), 0.05, "word soup");
        const auto calibration = calibrationBatch(corpus.train, 4, 16, 1);
        {
            TinyLm model = loadCheckpoint(finalCheckpoint());
            torch::NoGradGuard noGrad;
            model->blocks()[1]->input_layernorm->weight.fill_(std::nan(""));
            const QString message = errorOf([&] { quantizeModel(model, calibration, m_w4); });
            QVERIFY2(message.contains(QLatin1String("model.layers.1.self_attn.q_proj.weight"))
                         && message.contains(QLatin1String("NaN")),
                     qPrintable(message));
        }
        {
            TinyLm model = loadCheckpoint(finalCheckpoint());
            torch::NoGradGuard noGrad;
            model->blocks()[0]->mlp->up_proj->weight[0][0] = std::numeric_limits<float>::infinity();
            const QString message = errorOf([&] { quantizeModel(model, calibration, m_w4); });
            QVERIFY2(message.contains(QLatin1String("weights of model.layers.0.mlp.up_proj.weight")),
                     qPrintable(message));
        }
    }

    void brokenCheckpointKeepsResults()
    {
        // A diverged checkpoint (NaN weights) appended to the run: the sweep stops with the file's
        // name, and everything stored before stays.
        const QString bad = m_dir.filePath(QStringLiteral("ckpt/diverged.safetensors"));
        {
            TinyLm model = loadCheckpoint(finalCheckpoint());
            torch::NoGradGuard noGrad;
            model->blocks()[0]->post_attention_layernorm->weight.fill_(std::nan(""));
            saveCheckpoint(model, bad.toStdString(), DType::F32);
        }
        {
            Store store = Store::open(m_store.toStdString(), Store::Mode::ReadWrite);
            CheckpointRow row = store.checkpoints("tiny").back();
            row.step += 10;
            row.path = "ckpt/diverged.safetensors";
            row.fpValCe = std::nan("");
            store.appendCheckpoint("tiny", row);
            const QString message =
                errorOf([&] { runSweep(store, "tiny", {m_w4}, corpusOfRun(store, "tiny"), SweepOptions {threads()}); });
            QVERIFY2(message.contains(QLatin1String("diverged.safetensors")) && message.contains(QLatin1String("NaN")),
                     qPrintable(message));
        }
        const Store store = Store::open(m_store.toStdString());
        const auto w4 = store.results("tiny", m_w4.id());
        for (int i = 0; i < 5; ++i)
            QCOMPARE(w4.done[size_t(i)], uint8_t(1));
        QCOMPARE(w4.done[5], uint8_t(0));
    }

    void sensitivityInTheSweep()
    {
        // A copy of the store, whose W4 entries were stored without sensitivity.
        const QString path = m_dir.filePath(QStringLiteral("sensitivity.h5"));
        QVERIFY(QFile::copy(m_store, path));
        Store store = Store::open(path.toStdString(), Store::Mode::ReadWrite);
        const auto before = store.results("tiny", m_w4.id());
        // The last checkpoint W4 holds (tests before this one append a diverged one after it).
        const int last = lastDone(before);
        // q and k left in full precision: their layers change nothing.
        const QuantConfig mixed = QuantConfig::parse("rtn:4:g16:sym:q=w16:k=w16");
        SweepOptions options {threads()};
        options.sensitivity = true;
        options.onlyStep = store.checkpoints("tiny")[size_t(last)].step;
        const SweepSummary s = runSweep(store, "tiny", {m_w4, mixed}, corpusOfRun(store, "tiny"), options);
        // The FP reference is stored and has no sensitivity; W4's entry is computed again, with it.
        QCOMPARE(s.computed, 2);
        QCOMPARE(s.sensitivityEntries, 2);
        QCOMPARE(s.blocks, 2);
        QCOMPARE(s.layers, 14);
        // Per entry and direction, block 0's 4 attention layers run 4 halves, its 3 MLP layers 3, block 1's
        // 2 and 1: 36, where 14 full evaluations of 4 halves would run 56.
        QCOMPARE(s.sensitivityHalves, int64_t(2 * 2 * (4 * 4 + 3 * 3 + 4 * 2 + 3 * 1)));
        QVERIFY(s.stageSeconds.count("layer sensitivity: leave-one-in and leave-one-out"));

        const auto w4 = store.results("tiny", m_w4.id());
        // The same process and kernels: the model metrics are the ones stored before, bit for bit.
        QCOMPARE(w4.model.at(metrics::deltaCe)[size_t(last)], before.model.at(metrics::deltaCe)[size_t(last)]);
        QCOMPARE(w4.model.at(metrics::klMean)[size_t(last)], before.model.at(metrics::klMean)[size_t(last)]);
        for (const char* name :
             {metrics::loiDeltaCe, metrics::loiKl, metrics::looDeltaCe, metrics::looKl, metrics::fisherEst}) {
            QVERIFY2(w4.layers.count(name), name);
            // Only the checkpoint swept with it holds it.
            QVERIFY(std::isnan(w4.layers.at(name)[0][0]));
            for (double v : w4.layers.at(name)[size_t(last)])
                QVERIFY2(std::isfinite(v), name);
        }
        QVERIFY(!store.results("tiny", "fp").layers.count(metrics::loiKl));

        const auto m = store.results("tiny", mixed.id());
        const auto layers = store.layers("tiny");
        const double whole = m.model.at(metrics::deltaCe)[size_t(last)];
        const double wholeKl = m.model.at(metrics::klMean)[size_t(last)];
        for (size_t l = 0; l < layers.size(); ++l) {
            const double loiKl = m.layers.at(metrics::loiKl)[size_t(last)][l];
            if (layers[l].kind == "q" || layers[l].kind == "k") {
                // Alone, a layer kept in full precision is the FP model: KL exactly 0 (the same logits),
                // ΔCE 0 up to the order of the float64 sums; without it, the whole quantized model.
                QCOMPARE(loiKl, 0.0);
                QVERIFY(std::abs(m.layers.at(metrics::loiDeltaCe)[size_t(last)][l]) < 1e-12);
                QVERIFY(std::abs(m.layers.at(metrics::looDeltaCe)[size_t(last)][l] - whole) < 1e-12);
                QVERIFY(std::abs(m.layers.at(metrics::looKl)[size_t(last)][l] - wholeKl) < 1e-12);
                QCOMPARE(m.layers.at(metrics::fisherEst)[size_t(last)][l], 0.0);
            } else {
                QVERIFY2(loiKl > 0.0, layers[l].name.c_str());
                QVERIFY(m.layers.at(metrics::fisherEst)[size_t(last)][l] > 0.0);
            }
        }
        // Everything is stored now: the same sweep again computes nothing.
        QCOMPARE(runSweep(store, "tiny", {m_w4, mixed}, corpusOfRun(store, "tiny"), options).computed, 0);
    }

    // AWQ scales the model before quantizing it: the sensitivity's full-precision layers are the scaled
    // model's, under its scaled norms. A layer left at 16 bits then changes nothing alone (the scaled FP
    // model computes the FP model's logits, to float32 rounding), and leaving it out leaves the whole
    // quantized model; put back unscaled under the scaled norms, it would change the model by far more.
    // Measured: KL 3e-8 and ΔCE 3e-9 alone (float32 rounding of the scaled model); 1.3e-2 and 2.3e-2 with
    // the unscaled layers put back.
    // A rotated config (rotation.h): rotation alone ("none:rotd") scores the FP model's CE, and the
    // layer sensitivity of a rotated config puts back the rotated FP layers (the same function), so q and
    // k left at 16 bits cost nothing alone and leaving them out changes nothing.
    void rotatedConfigs()
    {
        const QString path = m_dir.filePath(QStringLiteral("rotated.h5"));
        QVERIFY(QFile::copy(m_store, path));
        Store store = Store::open(path.toStdString(), Store::Mode::ReadWrite);
        const QuantConfig rotOnly = QuantConfig::parse("none:rotd");
        const QuantConfig rotated = QuantConfig::parse("rtn:4:g16:a8:rot:q=w16:k=w16");
        SweepOptions options {threads()};
        options.sensitivity = true;
        const size_t last = size_t(lastDone(store.results("tiny", m_w4.id())));
        options.onlyStep = store.checkpoints("tiny")[last].step;
        runSweep(store, "tiny", {rotOnly, rotated}, corpusOfRun(store, "tiny"), options);
        const double fpCe = store.checkpoints("tiny")[last].fpValCe;
        const auto r = store.results("tiny", rotOnly.id());
        QS_VERIFY_BELOW("rotated_fp_ce", std::abs(r.model.at(metrics::ce)[last] - fpCe),
                        64.0 * test::float32Eps * std::max(1.0, fpCe));
        const auto m = store.results("tiny", rotated.id());
        const double whole = m.model.at(metrics::deltaCe)[last];
        QVERIFY(whole > 0.0);
        const auto layers = store.layers("tiny");
        for (size_t l = 0; l < layers.size(); ++l) {
            if (layers[l].kind != "q" && layers[l].kind != "k")
                continue;
            // q and k quantize their inputs (a8): alone they cost a little, far less than the whole model.
            QVERIFY2(std::abs(m.layers.at(metrics::loiDeltaCe)[last][l]) < whole / 4.0, layers[l].name.c_str());
            QVERIFY2(m.layers.at(metrics::fisherEst)[last][l] == 0.0, layers[l].name.c_str());
        }
    }

    // Downstream tasks (docs/downstream.md) on the built-in byte-level model: every entry scored, the FP one
    // first; each stored log-likelihood is the sum of the continuation bytes' log-probabilities computed here
    // on the unpadded sequence; a quantized entry's relative drop pairs with the FP entry stored by an
    // earlier sweep; entries stored without downstream are computed again; another limit is refused.
    void downstreamEntries()
    {
        const QString path = m_dir.filePath(QStringLiteral("downstream.h5"));
        QVERIFY(QFile::copy(m_store, path));
        Store store = Store::open(path.toStdString(), Store::Mode::ReadWrite);
        const Corpus corpus = corpusOfRun(store, "tiny");
        SweepOptions options {threads()};
        const size_t last = size_t(lastDone(store.results("tiny", m_w4.id())));
        options.onlyStep = store.checkpoints("tiny")[last].step;
        // The tiny model reads 32 bytes: tasks whose continuations fit (single letters).
        options.downstreamTasks = {"commonsense_qa", "mmlu"};
        options.downstreamData = QS_PROJECT_SOURCE_DIR "/tests/data/downstream";
        options.downstream.limit = 3;
        // The FP entry alone first (its result is stored, its downstream is not: computed again).
        SweepSummary s = runSweep(store, "tiny", {}, corpus, options);
        QCOMPARE(s.computed, 1);
        QCOMPARE(s.downstreamEntries, 1);
        QVERIFY(store.hasDownstream("tiny", "fp", int(last)));
        QVERIFY(!store.hasDownstream("tiny", m_w4a4.id(), int(last)));
        // Then a quantized config, paired with the stored FP outcomes.
        s = runSweep(store, "tiny", {m_w4a4}, corpus, options);
        QCOMPARE(s.computed, 1);
        const DownstreamResults fp = store.downstream("tiny", "fp");
        const DownstreamResults q = store.downstream("tiny", m_w4a4.id());
        QCOMPARE(fp.protocol, q.protocol);
        // 3 commonsense_qa × 5 + 4 subjects × 3 × 4 requests
        QCOMPARE(fp.loglik[last].size(), size_t(3 * 5 + 4 * 3 * 4));
        QCOMPARE(fp.correct.at("acc")[last].size(), size_t(3 + 4 * 3));
        QVERIFY(std::isnan(fp.metrics.at("mean.score")[0]) || last == 0);
        const double score = fp.metrics.at("mean.score")[last];
        QVERIFY(score >= 0.0 && score <= 1.0);
        QVERIFY(!fp.metrics.count("mean.rel_drop"));
        const double drop = q.metrics.at("mean.rel_drop")[last];
        QVERIFY(std::isfinite(drop));
        QVERIFY(q.metrics.at("mean.rel_drop_lo")[last] <= drop && drop <= q.metrics.at("mean.rel_drop_hi")[last]);
        // commonsense_qa's headline is acc (lm-eval reports no acc_norm there), MMLU's its group's acc.
        QCOMPARE(fp.metrics.at("commonsense_qa.score")[last], fp.metrics.at("commonsense_qa.acc")[last]);
        QCOMPARE(fp.metrics.at("mmlu.score")[last], fp.metrics.at("mmlu.acc")[last]);

        // The first commonsense_qa request scored here: the bytes of context + continuation, the last 33 of them,
        // through the FP checkpoint.
        DownstreamOptions taskOptions;
        taskOptions.limit = 3;
        const McTask csqa = renderDownstreamTask(options.downstreamData, "commonsense_qa", taskOptions).front();
        const std::string context = csqa.documents[0].contexts[0], continuation = csqa.documents[0].continuations[0];
        const int64_t maxLen = tinyConfig().model.maxSeqLen;
        std::vector<int64_t> all;
        for (unsigned char c : context + continuation)
            all.push_back(c);
        const int64_t total = int64_t(all.size()), n = int64_t(continuation.size());
        const int64_t keep = std::min<int64_t>(total, maxLen + 1);
        std::vector<int64_t> input(all.end() - keep, all.end() - 1);
        TinyLm model =
            loadCheckpoint(m_dir.filePath(QString::fromStdString(store.checkpoints("tiny")[last].path)).toStdString());
        torch::NoGradGuard noGrad;
        const auto logp = torch::log_softmax(model->forward(torch::tensor(input).unsqueeze(0)), -1)[0];
        double expected = 0;
        for (int64_t j = 0; j < n; ++j)
            expected += logp[int64_t(input.size()) - n + j][all[size_t(total - n + j)]].item<double>();
        QS_VERIFY_BELOW("downstream_ll", std::abs(fp.loglik[last][0] - expected),
                        8.0 * test::float32Eps * double(n) * std::max(1.0, std::abs(expected) / double(n)));

        // Nothing is left to do; another limit is refused, naming it.
        QCOMPARE(runSweep(store, "tiny", {m_w4a4}, corpus, options).computed, 0);
        options.downstream.limit = 2;
        const QString refused = errorOfType<ConfigError>([&] { runSweep(store, "tiny", {m_w4a4}, corpus, options); });
        QVERIFY2(refused.contains(QLatin1String("limit 3 stored, 2 asked for")), qPrintable(refused));
        options.downstream.limit = 3;
        options.downstreamTasks = {"piqa"}; // its solutions are longer than the model's 32 bytes
        const QString tooLong = errorOfType<ConfigError>([&] { runSweep(store, "tiny", {m_w4a4}, corpus, options); });
        QVERIFY2(tooLong.contains(QLatin1String("piqa document"))
                     && tooLong.contains(QLatin1String("maximum length 32")),
                 qPrintable(tooLong));
        options.downstreamData.clear();
        QVERIFY(errorOfType<ConfigError>([&] {
                    runSweep(store, "tiny", {m_w4a4}, corpus, options);
                }).contains(QLatin1String("--downstream-data")));
    }

    void sensitivityOfAwq()
    {
        const QString path = m_dir.filePath(QStringLiteral("sensitivity-awq.h5"));
        QVERIFY(QFile::copy(m_store, path));
        Store store = Store::open(path.toStdString(), Store::Mode::ReadWrite);
        const QuantConfig awq = QuantConfig::parse("awq:4:g16:q=w16:k=w16:cal8x32");
        SweepOptions options {threads()};
        options.sensitivity = true;
        // The last checkpoint W4 holds (tests before this one append a diverged one after it).
        const size_t last = size_t(lastDone(store.results("tiny", m_w4.id())));
        options.onlyStep = store.checkpoints("tiny")[last].step;
        runSweep(store, "tiny", {awq}, corpusOfRun(store, "tiny"), options);
        const auto m = store.results("tiny", awq.id());
        const double whole = m.model.at(metrics::deltaCe)[last];
        const auto layers = store.layers("tiny");
        for (size_t l = 0; l < layers.size(); ++l) {
            if (layers[l].kind != "q" && layers[l].kind != "k")
                continue;
            const double loiKl = m.layers.at(metrics::loiKl)[last][l];
            const double loiDeltaCe = m.layers.at(metrics::loiDeltaCe)[last][l];
            const double looDeltaCe = m.layers.at(metrics::looDeltaCe)[last][l];
            QVERIFY2(loiKl < 1e-5 && std::abs(loiDeltaCe) < 1e-5,
                     qPrintable(QStringLiteral("%1: KL %2, ΔCE %3 alone")
                                    .arg(QString::fromStdString(layers[l].name))
                                    .arg(loiKl)
                                    .arg(loiDeltaCe)));
            QVERIFY2(std::abs(looDeltaCe - whole) < 1e-5, layers[l].name.c_str());
        }
    }

    void configStoredWithOtherParameters()
    {
        // Same id (the lazy block size is not part of it), another block size: refused before any work, nothing
        // changed.
        Store store = Store::open(m_store.toStdString(), Store::Mode::ReadWrite);
        const auto before = store.results("tiny", m_gptq3.id());
        QuantConfig other = m_gptq3;
        other.blockSize = 64;
        const QString message =
            errorOf([&] { runSweep(store, "tiny", {other}, corpusOfRun(store, "tiny"), SweepOptions {threads()}); });
        QVERIFY2(message.contains(QString::fromStdString(m_gptq3.id())) && message.contains(QLatin1String("different")),
                 qPrintable(message));
        const auto after = store.results("tiny", m_gptq3.id());
        QVERIFY(before.configJson == after.configJson);
        QVERIFY(before.layers.at("gptq_loss")[4] == after.layers.at("gptq_loss")[4]);
    }

    void badOptions_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("device");
        QTest::addColumn<QString>("expected");
        // One table row per line:
        // clang-format off
        QTest::addRow("group does not divide") << "rtn:4:g16:a4g24" << "cpu" << "model.layers.0";
        QTest::addRow("not a device") << "rtn:4:g16" << "tpu" << "tpu";
        // clang-format on
        if (!torch::cuda::is_available())
            // One table row per line:
            // clang-format off
            QTest::addRow("no CUDA here") << "rtn:4:g16" << "cuda" << "cuda";
        // clang-format on
    }

    void badOptions()
    {
        QFETCH(QString, spec);
        QFETCH(QString, device);
        QFETCH(QString, expected);
        Store store = Store::open(m_store.toStdString(), Store::Mode::ReadWrite);
        SweepOptions options {2};
        options.device = device.toStdString();
        const QString message = errorOf([&] {
            runSweep(store, "tiny", {QuantConfig::parse(spec.toStdString())}, corpusOfRun(store, "tiny"), options);
        });
        QVERIFY2(message.contains(expected), qPrintable(message));
    }

    // The built-in trainer's runs sweep in float32: another compute type is refused by name, nothing
    // stored.
    void computeTypeRefused()
    {
        Store store = Store::open(m_store.toStdString(), Store::Mode::ReadWrite);
        const auto before = store.configIds("tiny");
        SweepOptions options {2};
        options.dtype = "bfloat16";
        const QString message = errorOf(
            [&] { runSweep(store, "tiny", {QuantConfig::parse("rtn:3:g16")}, corpusOfRun(store, "tiny"), options); });
        QVERIFY2(message.contains(QLatin1String("built-in trainer's run"))
                     && message.contains(QLatin1String("bfloat16")),
                 qPrintable(message));
        QCOMPARE(store.configIds("tiny"), before);
    }
};

QS_TEST_GUILESS_MAIN(TstSweep)
#include "tst_sweep.moc"
