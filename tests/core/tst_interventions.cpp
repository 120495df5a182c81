// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The interventions lab: weight averaging (LAWA, EMA, soups), branches from a stable run, QAT with the
// straight-through estimator, the fused / unfused QAT schedules, and the recipes that combine them.

#include "tests/support/numeric.h"
#include "tests/support/testutils.h"
#include "tests/support/tinyrun.h"

#include "core/common/errors.h"
#include "core/config/corpus.h"
#include "core/config/qatplan.h"
#include "core/config/schedule.h"
#include "core/engine/averaging.h"
#include "core/engine/model.h"
#include "core/engine/quantizer.h"
#include "core/engine/sweep.h"
#include "core/engine/tensors.h"
#include "core/engine/trainer.h"
#include "core/lab/recipe.h"
#include "core/store/store.h"

#include <H5Cpp.h>

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace qs;
using namespace qs::test;

namespace {

QJsonObject jsonOf(const std::string& text)
{
    return QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
}

std::vector<torch::Tensor> weightsOf(const std::string& path)
{
    TinyLm model = loadCheckpoint(path);
    std::vector<torch::Tensor> out;
    for (const auto& p : model->parameters())
        out.push_back(p.detach().clone());
    return out;
}

double maxDiff(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b)
{
    double worst = 0.0;
    for (size_t i = 0; i < a.size(); ++i)
        worst = std::max(worst, (a[i].to(torch::kFloat64) - b[i].to(torch::kFloat64)).abs().max().item<double>());
    return worst;
}

// The largest |a − b| in units of the float32 rounding step of `scale` (2^-24·|scale|, elementwise; scale
// defaults to b): a float64 result rounded once to float32 is within 1 such unit.
double maxUnits(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b,
                const std::vector<torch::Tensor>& scale = {})
{
    double worst = 0.0;
    for (size_t i = 0; i < a.size(); ++i) {
        const auto ref = b[i].to(torch::kFloat64);
        const auto s =
            (scale.empty() ? ref : scale[i].to(torch::kFloat64)).abs().clamp_min(std::numeric_limits<float>::min());
        worst =
            std::max(worst, ((a[i].to(torch::kFloat64) - ref).abs() / (s * std::ldexp(1.0, -24))).max().item<double>());
    }
    return worst;
}

} // namespace

class TestInterventions : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_store;
    Corpus m_corpus;

    TrainConfig trunkConfig() const
    {
        TrainConfig c = tinyConfig();
        c.schedule.kind = ScheduleKind::Constant;
        c.keepOptimizerStates = true;
        return c;
    }

    std::string folder(const char* name) const { return m_dir.filePath(QString::fromLatin1(name)).toStdString(); }

    std::string pathOf(const Store& store, const std::string& run, size_t index) const
    {
        const auto rows = store.checkpoints(run);
        const std::string p = rows.at(index).path;
        return p.front() == '/' ? p : m_dir.filePath(QString::fromStdString(p)).toStdString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString corpus = writeCorpus(m_dir.filePath(QStringLiteral("corpus.txt")));
        m_corpus = Corpus::fromFile(corpus.toStdString(), tinyConfig().valFraction, "word soup");
        m_store = m_dir.filePath(QStringLiteral("lab.h5")).toStdString();
        Store store = Store::create(m_store);
        trainRun(trunkConfig(), m_corpus, store, "trunk", folder("ckpt/trunk")); // checkpoints 0, 10, 20, 30, 40
    }

    void averageOfIdenticalCheckpointsIsTheCheckpoint()
    {
        Store store = Store::open(m_store);
        const std::string c = pathOf(store, "trunk", 2);
        const std::string out = folder("avg/same.safetensors");
        averageCheckpointFiles({c, c, c}, {1.0, 1.0, 1.0}, out, 20, 0);
        QCOMPARE(maxDiff(weightsOf(out), weightsOf(c)), 0.0);
        // Weighted: (a + 3b) / 4.
        const std::string a = pathOf(store, "trunk", 1), b = pathOf(store, "trunk", 3);
        const std::string mixed = folder("avg/mixed.safetensors");
        averageCheckpointFiles({a, b}, {1.0, 3.0}, mixed, 30, 0);
        auto wa = weightsOf(a), wb = weightsOf(b), wm = weightsOf(mixed);
        std::vector<torch::Tensor> expected;
        for (size_t i = 0; i < wa.size(); ++i)
            expected.push_back((wa[i].to(torch::kFloat64) + 3.0 * wb[i].to(torch::kFloat64)) / 4.0);
        // The float64 average rounded once to float32: within one rounding step (half an ulp) of each value.
        QS_VERIFY_AT_MOST("weighted_average_float32_units", maxUnits(wm, expected), 1.0 + 1e-6); // plus float64 noise
        QVERIFY(maxDiff(wa, wb) > 1e-3); // the two differ, so the check above means something
        QVERIFY(errorOf([&] {
                    averageCheckpointFiles({a}, {0.0}, mixed, 0, 0);
                }).contains(QStringLiteral("must be positive")));
    }

    void lawaAveragesTheLastCheckpoints()
    {
        Store store = Store::open(m_store, Store::Mode::ReadWrite);
        const AveragingSummary s = lawaRun(store, "trunk", 3, 1, folder("ckpt/trunk.lawa3"));
        QCOMPARE(QString::fromStdString(s.run), QStringLiteral("trunk.lawa3"));
        QCOMPARE(s.created, 3);
        const auto rows = store.checkpoints("trunk.lawa3");
        QCOMPARE(rows.size(), size_t(3));
        QCOMPARE(rows[0].step, int64_t(20));
        QCOMPARE(rows[2].step, int64_t(40));
        QCOMPARE(QString::fromStdString(rows[0].kind), QStringLiteral("averaged"));
        const QJsonObject provenance = jsonOf(rows[1].provenance);
        QCOMPARE(provenance[QStringLiteral("method")].toString(), QStringLiteral("lawa"));
        QCOMPARE(provenance[QStringLiteral("window")].toInt(), 3);
        const QJsonArray sources = provenance[QStringLiteral("sources")].toArray();
        QCOMPARE(sources.size(), 3);
        QCOMPARE(sources[0].toObject()[QStringLiteral("step")].toInt(), 10);
        QCOMPARE(sources[2].toObject()[QStringLiteral("step")].toInt(), 30);
        QCOMPARE(sources[0].toObject()[QStringLiteral("run")].toString(), QStringLiteral("trunk"));
        const RunInfo info = store.runInfo("trunk.lawa3");
        QCOMPARE(QString::fromStdString(info.parent), QStringLiteral("trunk"));
        QCOMPARE(info.parentStep, int64_t(-1));
        // Checkpoint at step 30 = mean of steps 10, 20, 30.
        std::vector<torch::Tensor> mean;
        for (size_t k = 1; k <= 3; ++k) {
            const auto w = weightsOf(pathOf(store, "trunk", k));
            for (size_t i = 0; i < w.size(); ++i) {
                if (k == 1)
                    mean.push_back(w[i].to(torch::kFloat64) / 3.0);
                else
                    mean[i] += w[i].to(torch::kFloat64) / 3.0;
            }
        }
        QS_VERIFY_AT_MOST("lawa_float32_units", maxUnits(weightsOf(pathOf(store, "trunk.lawa3", 1)), mean),
                          1.0 + 1e-6); // plus float64 noise
        // Again: nothing new; a window longer than the run is refused by name.
        const AveragingSummary again = lawaRun(store, "trunk", 3, 1, folder("ckpt/trunk.lawa3"));
        QCOMPARE(again.created, 0);
        QCOMPARE(again.reused, 3);
        const QString tooLong = errorOf([&] { lawaRun(store, "trunk", 9, 1, folder("x")); });
        QVERIFY2(tooLong.contains(QStringLiteral("'trunk' has 5 checkpoints")), qPrintable(tooLong));
        // The averaged run sweeps like any other.
        const SweepSummary swept =
            runSweep(store, "trunk.lawa3", {QuantConfig::parse("rtn:4:g16")}, m_corpus, SweepOptions {threads()});
        QCOMPARE(swept.computed, 6);
        QVERIFY(std::isfinite(store.results("trunk.lawa3", "rtn_w4_g16_sym").model.at("rel_ce")[2]));
    }

    void soupOfCheckpoints()
    {
        Store store = Store::open(m_store, Store::Mode::ReadWrite);
        const SoupIngredient parsed = parseSoupIngredient("trunk@30*2.5");
        QCOMPARE(QString::fromStdString(parsed.run), QStringLiteral("trunk"));
        QCOMPARE(parsed.step, int64_t(30));
        QCOMPARE(parsed.weight, 2.5);
        QVERIFY(errorOf([] { parseSoupIngredient("trunk@x"); }).contains(QStringLiteral("run@step")));
        soupRun(store, "soup", {parseSoupIngredient("trunk@20"), parseSoupIngredient("trunk")}, folder("ckpt/soup"));
        const auto rows = store.checkpoints("soup");
        QCOMPARE(rows.size(), size_t(1));
        QCOMPARE(rows[0].step, int64_t(40)); // the latest ingredient's
        const QJsonArray sources = jsonOf(rows[0].provenance)[QStringLiteral("sources")].toArray();
        QCOMPARE(sources.size(), 2);
        QCOMPARE(sources[1].toObject()[QStringLiteral("step")].toInt(), 40);
        const QString other = errorOf([&] {
            soupRun(store, "soup", {parseSoupIngredient("trunk@10"), parseSoupIngredient("trunk@20")}, folder("x"));
        });
        QVERIFY2(other.contains(QStringLiteral("other ingredients")), qPrintable(other));
        QVERIFY(
            errorOf([&] {
                soupRun(store, "soup2", {parseSoupIngredient("trunk@15"), parseSoupIngredient("trunk")}, folder("x"));
            }).contains(QStringLiteral("no checkpoint at step 15")));
        // A name the store refuses, and a cancel before the average: no run, no file.
        const auto runsBefore = store.runs();
        const QString badName = errorOfType<ConfigError>([&] {
            soupRun(store, "my soup", {parseSoupIngredient("trunk@20"), parseSoupIngredient("trunk")}, folder("bad"));
        });
        QCOMPARE(badName, errorOf([] { checkRunName("my soup"); }));
        QVERIFY2(badName.startsWith(QStringLiteral("invalid run name 'my soup'")), qPrintable(badName));
        const QString cancelled = errorOfType<Cancelled>([&] {
            soupRun(store, "soup3", {parseSoupIngredient("trunk@20"), parseSoupIngredient("trunk")},
                    folder("ckpt/soup3"), kHfDefaultShardBytes, [](const ProgressInfo&) { return false; });
        });
        QCOMPARE(cancelled, QStringLiteral("cancelled"));
        QVERIFY(store.runs() == runsBefore);
        QVERIFY(!QFileInfo::exists(QString::fromStdString(folder("ckpt/soup3"))));
        QVERIFY(!QFileInfo::exists(QString::fromStdString(folder("bad"))));
    }

    void emaFollowsItsRecursion()
    {
        Store store = Store::open(m_store, Store::Mode::ReadWrite);
        TrainConfig c = tinyConfig();
        c.steps = 6;
        c.checkpointEvery = 1;
        c.emaDecay = 0.9;
        trainRun(c, m_corpus, store, "emarun", folder("ckpt/emarun"));
        QVERIFY(store.hasRun("emarun.ema"));
        QCOMPARE(QString::fromStdString(store.runInfo("emarun.ema").parent), QStringLiteral("emarun"));
        const auto rows = store.checkpoints("emarun.ema");
        QCOMPARE(rows.size(), size_t(7));
        QCOMPARE(jsonOf(rows[3].provenance)[QStringLiteral("decay")].toDouble(), 0.9);
        QCOMPARE(maxDiff(weightsOf(pathOf(store, "emarun.ema", 0)), weightsOf(pathOf(store, "emarun", 0))), 0.0);
        double moved = 0.0;
        for (size_t k = 1; k < rows.size(); ++k) {
            const auto previous = weightsOf(pathOf(store, "emarun.ema", k - 1));
            const auto live = weightsOf(pathOf(store, "emarun", k));
            std::vector<torch::Tensor> expected, scale;
            for (size_t i = 0; i < live.size(); ++i) {
                expected.push_back(0.9 * previous[i].to(torch::kFloat64) + 0.1 * live[i].to(torch::kFloat64));
                scale.push_back(torch::maximum(previous[i].abs(), live[i].abs()));
            }
            // The trainer's step in float32: the decays rounded to float32, a multiply and an add (maybe
            // fused), each within one rounding step of max(|previous|, |live|); 8 steps bound them all.
            QS_VERIFY_AT_MOST("ema_float32_units", maxUnits(weightsOf(pathOf(store, "emarun.ema", k)), expected, scale),
                              8.0);
            moved = std::max(moved, maxDiff(previous, live));
        }
        QVERIFY(moved > 1e-3);
    }

    void steGradientsPassThroughTheQuantizers()
    {
        torch::manual_seed(3);
        QLinear layer(16, 8);
        {
            torch::NoGradGuard g;
            layer->weight.normal_(0.0, 0.5);
        }
        layer->setWeightQuantization(3, 8, true);
        layer->setInputQuantization(ActQuant {4, -1, ActFormat::Int});
        auto x = torch::randn({5, 16}, torch::requires_grad());
        auto upstream = torch::randn({5, 8});
        auto y = layer(x);
        (y * upstream).sum().backward();
        const auto wq = rtnQuantize(layer->weight.detach(), 3, 8, true);
        const auto xq = fakeQuantizeActivations(x.detach(), 4, -1);
        // Forward: the quantized layer.
        QVERIFY(torch::allclose(y.detach(), torch::matmul(xq, wq.t()), 1e-5, 1e-6));
        QVERIFY((wq - layer->weight.detach()).abs().max().item<double>() > 1e-3);
        // Backward: straight through both quantizers, so dL/dW = gᵀ·Q(x) and dL/dx = g·Q(W).
        QVERIFY(torch::allclose(layer->weight.grad(), torch::matmul(upstream.t(), xq), 1e-5, 1e-6));
        QVERIFY(torch::allclose(x.grad(), torch::matmul(upstream, wq), 1e-5, 1e-6));
        // Without autograd (evaluation) the forward is the same.
        torch::NoGradGuard g;
        QVERIFY(torch::allclose(layer(x.detach()), torch::matmul(xq, wq.t()), 1e-5, 1e-6));
    }

    void qatValidationEqualsTheRtnSweep()
    {
        // QAT at 2 bits: the quantized model's CE differs from the FP one by far more than the tolerance
        // of the equalities below, on any machine (at 4 bits QAT pushed that gap down to 7e-5 on some
        // kernels, of either sign).
        Store store = Store::open(m_store, Store::Mode::ReadWrite);
        TrainConfig c = tinyConfig();
        const QuantConfig quant = QuantConfig::parse("rtn:2:g16");
        c.qat.quant = "rtn:2:g16";
        c.qat.startTokens = 20 * c.batchSize * c.seqLen; // = step 20
        trainRun(c, m_corpus, store, "qat", folder("ckpt/qat"));
        QCOMPARE(c.qat.firstStep(c.batchSize * c.seqLen), int64_t(21));
        runSweep(store, "qat", {quant}, m_corpus, SweepOptions {threads()});
        const auto val = store.validation("qat");
        const auto rtn = store.results("qat", quant.id()).model.at("ce");
        const auto fp = store.results("qat", "fp").model.at("ce");
        QCOMPARE(val.size(), size_t(5));
        // Before QAT the trainer validates the FP model; from step 21 on, the fake-quantized one, which
        // is exactly the RTN model the sweep builds from the stored latent weights. Trainer and sweep sum
        // the same float32 losses in other orders: a few ulps of the CE (measured below 2e-7 at 1.75).
        const double tolerance = 16.0 * test::float32Eps * std::max(1.0, fp[2]);
        QCOMPARE(val[2].step, int64_t(20));
        QS_VERIFY_BELOW("fp_validation_vs_sweep", std::abs(val[2].valLoss - fp[2]), tolerance);
        double gap = 0.0;
        for (size_t k = 3; k < 5; ++k) {
            QCOMPARE(val[k].step, int64_t(10 * k));
            const QByteArray step = QByteArray::number(qulonglong(10 * k));
            QS_VERIFY_BELOW(QByteArray("qat_validation_vs_rtn_sweep/step" + step).constData(),
                            std::abs(val[k].valLoss - rtn[k]), tolerance);
            recordSpread(QByteArray("unchecked/quantized_minus_fp_ce/step" + step).constData(), rtn[k] - fp[k],
                         std::nan(""));
            gap = std::max(gap, std::abs(rtn[k] - fp[k]));
        }
        // The equalities tell the quantized model from the FP one only where their CEs differ by more
        // than the tolerance: at one QAT checkpoint at least, by far.
        QS_VERIFY_ABOVE("max_quantized_minus_fp_ce_over_tolerance", gap / tolerance, 30.0);
        TrainConfig bad = tinyConfig();
        bad.qat.quant = "gptq:4:g16";
        QVERIFY(errorOf([&] { bad.validate(); }).contains(QStringLiteral("round-to-nearest")));
    }

    void aBranchWithTheSameScheduleReproducesItsParent()
    {
        Store store = Store::open(m_store, Store::Mode::ReadWrite);
        TrainConfig c = trunkConfig();
        c.keepOptimizerStates = false;
        c.initRun = "trunk";
        c.initStep = 20;
        c.steps = 20; // same constant LR: the trunk's steps 21..40 again
        c.schedule.warmupSteps = 0;
        trainRun(c, m_corpus, store, "same", folder("ckpt/same"));
        const RunInfo info = store.runInfo("same");
        QCOMPARE(QString::fromStdString(info.parent), QStringLiteral("trunk"));
        QCOMPARE(info.parentStep, int64_t(20));
        const auto rows = store.checkpoints("same");
        QCOMPARE(rows.front().step, int64_t(20));
        QCOMPARE(QString::fromStdString(rows.front().kind), QStringLiteral("branch"));
        QCOMPARE(rows.front().path, store.checkpoints("trunk")[2].path);
        const QJsonObject from = jsonOf(rows.front().provenance)[QStringLiteral("from")].toObject();
        QCOMPARE(from[QStringLiteral("run")].toString(), QStringLiteral("trunk"));
        QCOMPARE(from[QStringLiteral("step")].toInt(), 20);
        QCOMPARE(rows.back().step, int64_t(40));
        QCOMPARE(store.log("same").front().step, int64_t(21));
        QVERIFY(maxDiff(weightsOf(pathOf(store, "same", rows.size() - 1)), weightsOf(pathOf(store, "trunk", 4)))
                < 1e-6);
        // The parent keeps its optimizer states for further branches.
        QVERIFY(QFile::exists(m_dir.filePath(QStringLiteral("ckpt/trunk/optimizer-step0000020.pt"))));
    }

    void branchErrorsNameTheProblem()
    {
        Store store = Store::open(m_store, Store::Mode::ReadWrite);
        TrainConfig c = trunkConfig();
        c.initRun = "trunk";
        c.initStep = 15;
        c.steps = 10;
        const QString noStep = errorOf([&] { trainRun(c, m_corpus, store, "b1", folder("x")); });
        QVERIFY2(noStep.contains(QStringLiteral("no checkpoint at step 15 (it has 0, 10, 20, 30, 40)")),
                 qPrintable(noStep));
        c.initStep = 20;
        c.model.dFf = 96;
        QVERIFY(errorOf([&] {
                    trainRun(c, m_corpus, store, "b2", folder("x"));
                }).contains(QStringLiteral("keeps the parent's model")));
        c = trunkConfig();
        c.initRun = "emarun"; // trained without keeping optimizer states
        c.initStep = 3;
        c.steps = 5;
        c.checkpointEvery = 1;
        c.keepOptimizerStates = false;
        c.emaDecay = 0.0;
        c.model = tinyConfig().model;
        c.schedule = tinyConfig().schedule;
        c.schedule.warmupSteps = 0;
        const QString noState = errorOf([&] { trainRun(c, m_corpus, store, "b3", folder("x")); });
        QVERIFY2(noState.contains(QStringLiteral("keep_optimizer_states")), qPrintable(noState));
        c.initRun = "missing";
        QVERIFY(errorOf([&] {
                    trainRun(c, m_corpus, store, "b4", folder("x"));
                }).contains(QStringLiteral("no run 'missing'")));
        QVERIFY(!store.hasRun("b1") && !store.hasRun("b2") && !store.hasRun("b3") && !store.hasRun("b4"));
    }

    void fusedAndUnfusedScheduleValues()
    {
        QatPlanOptions o;
        o.trunk = tinyConfig();
        o.trunk.steps = 100;
        o.trunk.schedule.peakLr = 0.01;
        o.trunk.schedule.warmupSteps = 10;
        o.trunkRun = "t";
        o.quant = "rtn:4:g16";
        o.cooldownSteps = 20;
        o.rewarmupSteps = 5;
        const auto fused = qatPlan(o, 0.3, QatFusion::Fused);
        QCOMPARE(fused.size(), size_t(1));
        QCOMPARE(QString::fromStdString(fused[0].run), QStringLiteral("t.fused-f0.3"));
        QCOMPARE(fused[0].config.initStep, int64_t(70));
        const auto unfused = qatPlan(o, 0.3, QatFusion::Unfused);
        QCOMPARE(unfused.size(), size_t(2));
        QCOMPARE(unfused[0].config.initStep, int64_t(50));
        QCOMPARE(QString::fromStdString(unfused[1].config.initRun), QString::fromStdString(unfused[0].run));
        const double peak = 0.01;
        struct Expect
        {
            int64_t step;
            double fused, unfused;
            bool fusedQat, unfusedQat;
        };
        // Worked out by hand. Trunk: warmup 1..10 (peak·s/10), then peak. Unfused: FP cooldown over
        // steps 51..70 (peak at 51, 0 at 70), QAT re-warmup 71..75 (peak·k/5), stable, decay over 81..100.
        // Fused: peak until 80 (QAT from 71), decay over 81..100; both reach 0 at step 100.
        const Expect expect[] = {
            {5, peak * 0.5, peak * 0.5, false, false},
            {50, peak, peak, false, false},
            {51, peak, peak, false, false},
            {60, peak, peak * (1.0 - 9.0 / 19.0), false, false},
            {70, peak, 0.0, false, false},
            {71, peak, peak * 0.2, true, true},
            {75, peak, peak, true, true},
            {80, peak, peak, true, true},
            {90, peak * (1.0 - 9.0 / 19.0), peak * (1.0 - 9.0 / 19.0), true, true},
            {100, 0.0, 0.0, true, true},
        };
        for (const Expect& e : expect) {
            const PlannedStep f = plannedStep(o, fused, e.step), u = plannedStep(o, unfused, e.step);
            QVERIFY2(std::abs(f.lr - e.fused) < 1e-12,
                     qPrintable(QStringLiteral("fused step %1: %2").arg(e.step).arg(f.lr)));
            QVERIFY2(std::abs(u.lr - e.unfused) < 1e-12,
                     qPrintable(QStringLiteral("unfused step %1: %2").arg(e.step).arg(u.lr)));
            QCOMPARE(f.qat, e.fusedQat);
            QCOMPARE(u.qat, e.unfusedQat);
        }
        // f = 0: FP with a cooldown at the end, no QAT.
        const auto ptq = qatPlan(o, 0.0, QatFusion::Fused);
        QCOMPARE(ptq.size(), size_t(1));
        QCOMPARE(ptq[0].config.initStep, int64_t(80));
        QVERIFY(!ptq[0].config.qat.enabled());
        o.cooldownSteps = 70;
        QVERIFY(errorOf([&] { qatTrunkConfig(o, {0.5}); }).contains(QStringLiteral("inside the warmup")));
    }

    void trainedPlanFollowsItsSchedule()
    {
        // The trainer's logged LR of a real plan equals plannedStep() at every step of the lineage.
        Store store = Store::open(m_store, Store::Mode::ReadWrite);
        QatPlanOptions o;
        o.trunk = tinyConfig();
        o.trunk.steps = 40;
        o.trunkRun = "plan";
        o.quant = "rtn:4:g16";
        o.cooldownSteps = 8;
        o.rewarmupSteps = 4;
        trainRun(qatTrunkConfig(o, {0.5}), m_corpus, store, "plan", folder("ckpt/plan"));
        for (QatFusion fusion : {QatFusion::Fused, QatFusion::Unfused}) {
            const auto plan = qatPlan(o, 0.5, fusion);
            for (const QatPhase& phase : plan)
                trainRun(phase.config, m_corpus, store, phase.run, folder("ckpt") + "/" + phase.run);
            for (const QatPhase& phase : plan) {
                for (const LogRow& row : store.log(phase.run)) {
                    const PlannedStep expected = plannedStep(o, plan, row.step);
                    QVERIFY2(
                        std::abs(row.lr - expected.lr) < 1e-15,
                        qPrintable(QStringLiteral("%1 step %2").arg(QString::fromStdString(phase.run)).arg(row.step)));
                }
            }
            QCOMPARE(store.checkpoints(plan.back().run).back().step, int64_t(40));
        }
    }

    void olderStoresWithoutProvenanceGetTheColumn()
    {
        const std::string path = m_dir.filePath(QStringLiteral("old.h5")).toStdString();
        {
            Store store = Store::create(path);
            RunInfo info;
            info.name = "r";
            store.createRun(info, {});
            CheckpointRow row;
            row.step = 1;
            row.path = "a.safetensors";
            store.appendCheckpoint("r", row);
        }
        {
            H5::H5File file(path, H5F_ACC_RDWR); // as a store of QuantScope 0.1 was
            file.unlink("/runs/r/checkpoints/provenance");
        }
        Store store = Store::open(path, Store::Mode::ReadWrite);
        QCOMPARE(store.checkpoints("r").size(), size_t(1));
        QVERIFY(store.checkpoints("r")[0].provenance.empty());
        CheckpointRow averaged;
        averaged.step = 2;
        averaged.kind = "averaged";
        averaged.provenance = "{\"method\":\"soup\"}";
        QCOMPARE(store.appendCheckpoint("r", averaged), 1);
        const auto rows = store.checkpoints("r");
        QCOMPARE(rows.size(), size_t(2));
        QVERIFY(rows[0].provenance.empty());
        QCOMPARE(QString::fromStdString(rows[1].provenance), QStringLiteral("{\"method\":\"soup\"}"));
    }

    void builtinRecipesParse()
    {
        const QDir dir(QStringLiteral(QS_PROJECT_SOURCE_DIR "/resources/recipes"));
        const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        QCOMPARE(files.size(), 6);
        for (const QString& f : files) {
            const Recipe r = Recipe::fromFile(dir.filePath(f).toStdString());
            QVERIFY2(r.version >= 1 && r.costMinutes > 0, qPrintable(f));
            QVERIFY2(!r.figures().empty(), qPrintable(f));
        }
        QVERIFY(errorOf([] {
                    Recipe::fromJson(
                        "{\"recipe\": \"x\", \"version\": 1, \"title\": \"t\", \"steps\": [{\"bake\": 1}]}", "r.json");
                }).contains(QStringLiteral("r.json: steps[0] says nothing to do")));
    }

    // Found by fuzz/fuzz_recipe: members of another type escaped as nlohmann::json::type_error (an
    // array for "corpus"), and a huge "version" was a float-to-int conversion out of range (UB).
    void malformedRecipes_data()
    {
        QTest::addColumn<QString>("members");
        QTest::addColumn<QString>("expected");
        QTest::addRow("corpus not a string") << QStringLiteral(R"("corpus": [{"train": "a"}])")
                                             << QStringLiteral(R"(corpus = [{"train":"a"}] is not a string)");
        QTest::addRow("version past int") << QStringLiteral(R"("version": 1e300)")
                                          << QStringLiteral("version = 1e+300 is not a whole number in [1, 1000000]");
        QTest::addRow("paper not a string")
            << QStringLiteral(R"("paper": 2025)") << QStringLiteral("paper = 2025 is not a string");
        QTest::addRow("cost not a number") << QStringLiteral(R"("cost_minutes": "2")")
                                           << QStringLiteral(R"(cost_minutes = "2" is not a number in [0, 1000000])");
        QTest::addRow("train not an object")
            << QStringLiteral(R"("train": [1])") << QStringLiteral("train = [1] is not an object");
        QTest::addRow("figures not a list") << QStringLiteral(R"("figures": {"file": "f"})")
                                            << QStringLiteral(R"(figures = {"file":"f"} is not a list of figures)");
        QTest::addRow("figure not an object")
            << QStringLiteral(R"("figures": [3])") << QStringLiteral("figures[0] = 3 is not an object");
        QTest::addRow("figure kind not a string")
            << QStringLiteral(R"("figures": [{"file": "f", "run": "a", "kind": 1}])")
            << QStringLiteral("figures[0].kind = 1 is not one of trajectory, qat_fractions");
        QTest::addRow("fusions not strings")
            << QStringLiteral(R"("steps": [{"qat_fractions": {"trunk": "q", "budget_steps": 40, "fractions": [0.5],)"
                              R"( "quant": "rtn:4:g16", "cooldown_steps": 8, "fusions": "fused"}}])")
            << QStringLiteral(R"(steps[0].qat_fractions.fusions = "fused" is not a list)");
        QTest::addRow("fractional budget")
            << QStringLiteral(R"("steps": [{"qat_fractions": {"trunk": "q", "budget_steps": 40.5, "fractions": [0.5],)"
                              R"( "quant": "rtn:4:g16", "cooldown_steps": 8}}])")
            << QStringLiteral("steps[0].qat_fractions.budget_steps = 40.5 is not a whole number in [1, 1000000000]");
    }

    void malformedRecipes()
    {
        QFETCH(QString, members);
        QFETCH(QString, expected);
        // A valid recipe whose members the row replaces (a later duplicate key wins in nlohmann::json).
        const std::string text =
            R"({"recipe": "r", "version": 1, "title": "t", "steps": [{"train": "a"}], )" + members.toStdString() + "}";
        const QString message = errorOfType<ConfigError>([&] { Recipe::fromJson(text, "r.json").figures(); });
        QVERIFY2(message.startsWith(QStringLiteral("r.json")) && message.contains(expected), qPrintable(message));
    }

    void aTinyRecipeRunsAndResumes()
    {
        const std::string text =
            "{\n"
            "          \"recipe\": \"tiny\", \"version\": 1, \"title\": \"Tiny lab\", \"corpus\": \""
            + m_corpus.path
            + "\",\n"
              "          \"train\": {\"model\": {\"d_model\": 32, \"n_layers\": 2, \"n_heads\": 2, \"d_ff\": 64, "
              "\"max_seq_len\": 32},\n"
              "                    \"batch_size\": 8, \"seq_len\": 32, \"steps\": 40, \"threads\": "
            + std::to_string(threads())
            + ", \"eval_batches\": 2,\n"
              "                    \"schedule\": {\"kind\": \"constant\", \"peak_lr\": 0.01, \"warmup_steps\": 4},\n"
              "                    \"checkpoint_every\": 10, \"eval_every\": 10, \"seed\": 5},\n"
              "          \"steps\": [\n"
              "            {\"train\": \"s\", \"config\": {\"keep_optimizer_states\": true}},\n"
              "            {\"branch\": \"s\", \"at\": [20, 30], \"config\": {\"steps\": 10, \"schedule\": {\"kind\": "
              "\"wsd\", \"warmup_steps\": 0, \"decay_fraction\": 1.0}}},\n"
              "            {\"lawa\": \"s\", \"window\": 3},\n"
              "            {\"soup\": \"soup\", \"of\": [\"s.cd20\", \"s.cd30\"]},\n"
              "            {\"sweep\": [\"s*\", \"soup\"], \"quant\": [\"rtn:3:g16\"]},\n"
              "            {\"qat_fractions\": {\"trunk\": \"q\", \"budget_steps\": 40, \"fractions\": [0, 0.5], "
              "\"quant\": \"rtn:4:g16\",\n"
              "                               \"cooldown_steps\": 8, \"rewarmup_steps\": 4}}\n"
              "          ],\n"
              "          \"report\": [\n"
              "            {\"title\": \"Branches\", \"branches\": \"s\", \"configs\": [\"rtn_w3_g16_sym\"]},\n"
              "            {\"title\": \"Finals\", \"final\": [\"s*\", \"soup\"], \"configs\": [\"rtn_w3_g16_sym\"]},\n"
              "            {\"title\": \"Equal\", \"equal_fp_loss\": [\"s\", \"s.lawa3\"], \"configs\": "
              "[\"rtn_w3_g16_sym\"]},\n"
              "            {\"title\": \"QAT\", \"qat_fractions\": \"q\"}\n"
              "          ]}";
        const Recipe recipe = Recipe::fromJson(text, "tiny.json");
        RecipeOptions options;
        options.dir = folder("recipe");
        const RecipeResult result = runRecipe(recipe, options);
        const QString report = QString::fromStdString(result.report);
        for (const char* expected :
             {"| s.cd20 | 20 → 30 |", "| s.lawa3 | 40 |", "| soup | 40 |", "| 0.5 | fused | q.fused-f0.5 | 20 / 20 |",
              "| 0.5 | unfused | q.unfused-f0.5 | 20 / 20 |", "measured optimal f (fused)", "f̂(S)", "no fitted QAT law",
              // The paired tests against the evaluation's noise (core/analysis/comparison.h), in every section
              // that claims a difference.
              "| s.cd20 end − fork (rtn_w3_g16_sym) |", "ΔCE at each branch's end against its fork",
              "− s (rtn_w3_g16_sym) |", "Each QAT fraction against PTQ, on the quantized CE",
              "| q.fused-f0.5 − q.fp-cooldown |", "evaluation units both were scored on",
              "differences exceed the noise at the 95 % level"})
            QVERIFY2(report.contains(QString::fromUtf8(expected)),
                     qPrintable(QString::fromUtf8(expected) + QStringLiteral("\n") + report));
        QVERIFY(QFile::exists(QString::fromStdString(result.reportPath)));
        {
            Store store = Store::open(result.storePath);
            for (const char* run : {"s", "s.cd20", "s.cd30", "s.lawa3", "soup", "q", "q.fp-cooldown", "q.fused-f0.5",
                                    "q.cooldown-20", "q.unfused-f0.5"})
                QVERIFY2(store.hasRun(run), run);
            const auto points = qatFractionPoints(recipe, result.storePath);
            QCOMPARE(points.size(), size_t(4));
            for (const auto& p : points)
                QVERIFY(std::isfinite(p.quantizedCe));
            // The report's quantized CE of the fused run is its final checkpoint's RTN CE.
            const auto fused = store.results("q.fused-f0.5", "rtn_w4_g16_sym").model.at("ce");
            QCOMPARE(QString::fromStdString(points[2].run), QStringLiteral("q.fused-f0.5"));
            QVERIFY(std::abs(points[2].quantizedCe - fused.back()) < 1e-9);
        }
        // Again: everything is reused.
        const RecipeResult again = runRecipe(recipe, options);
        QVERIFY(again.seconds < result.seconds);
        QCOMPARE(Store::open(result.storePath).checkpoints("s").size(), size_t(5));
        QCOMPARE(again.report, result.report);
    }
};

QS_TEST_GUILESS_MAIN(TestInterventions)
#include "tst_interventions.moc"
