// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Rotated quantization (core/engine/hadamard.h, rotation.h): the Hadamard matrices against their closed
// forms (Sylvester's (−1)^popcount(i & j), Paley's H Hᵀ = (q + 1) I, their Kronecker product), the rotated
// model computing what the model computes (built-in model and every Hugging Face family that takes a
// rotation, in the sweep too: "none:rotd" has the FP model's CE), the LayerNorm families refused, and
// planted outlier channels that the rotation spreads (a higher SQNR under 4-bit inputs).
#include "core/common/errors.h"
#include "core/common/metrics.h"
#include "core/engine/hadamard.h"
#include "core/engine/hfmodel.h"
#include "core/engine/quantizemodel.h"
#include "core/engine/rotation.h"
#include "core/engine/sweep.h"
#include "core/hf/hfrun.h"
#include "core/store/store.h"
#include "tests/support/hffixture.h"
#include "tests/support/hftrajectory.h"
#include "tests/support/numeric.h"
#include "tests/support/testutils.h"

#include <QObject>
#include <QTemporaryDir>

#include <bit>
#include <cmath>

using namespace qs;

namespace {

// Sylvester's matrix of order n (a power of two) from its closed form, float64, not normalized.
torch::Tensor sylvester(int64_t n)
{
    auto h = torch::empty({n, n}, torch::kFloat64);
    auto a = h.accessor<double, 2>();
    for (int64_t i = 0; i < n; ++i) {
        for (int64_t j = 0; j < n; ++j)
            a[i][j] = std::popcount(uint64_t(i & j)) % 2 == 0 ? 1.0 : -1.0;
    }
    return h;
}

double maxAbs(const torch::Tensor& t)
{
    return t.abs().max().item<double>();
}

ModelConfig smallModel()
{
    ModelConfig c;
    c.dModel = 32;
    c.nLayers = 2;
    c.nHeads = 4;
    c.dFf = 96; // 12 · 8: a Paley factor
    c.maxSeqLen = 32;
    return c;
}

// A built-in model with random (not unit) norm weights, so that fusing them matters.
TinyLm makeModel()
{
    TinyLm model(smallModel());
    model->initWeights(3);
    torch::NoGradGuard noGrad;
    torch::manual_seed(4);
    for (auto& block : model->blocks()) {
        block->input_layernorm->weight.uniform_(0.5, 1.5);
        block->post_attention_layernorm->weight.uniform_(0.5, 1.5);
    }
    return model;
}

torch::Tensor someIds(int64_t batch = 4, int64_t length = 32)
{
    torch::manual_seed(9);
    return torch::randint(0, 256, {batch, length}, torch::kInt64);
}

} // namespace

class TstRotation : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        torch::set_num_threads(test::threads());
    }

    void factorOrders()
    {
        // n = K · 2^m with K = q + 1, q a prime ≡ 3 (mod 4), the smallest such K.
        const std::vector<std::pair<int64_t, int64_t>> orders = {
            {1, 1},    {2, 1},    {64, 1},   {2048, 1},  {12, 12},     {96, 12},     {384, 12},
            {160, 20}, {176, 44}, {192, 12}, {5632, 44}, {14336, 224}, {11008, 5504}};
        for (const auto& [n, k] : orders)
            QVERIFY2(hadamardFactor(n) == k, qPrintable(QString::number(n)));
        // 6 = 2 · 3 and 10 = 2 · 5 have no Hadamard matrix at all; 7 is odd; 36 = 4 · 9 has one, but not
        // of this construction (35 and 17 are not primes ≡ 3 mod 4).
        for (int64_t n : {0, 6, 7, 10, 36}) {
            const QString message = test::errorOf([&] { hadamardFactor(n); });
            QVERIFY2(message.contains(QStringLiteral("no Hadamard matrix of order %1").arg(n)), qPrintable(message));
        }
    }

    void paleyMatrices()
    {
        for (int64_t q : {3, 7, 11, 19, 43}) {
            const auto a = paleyMatrix(q).to(torch::kFloat64);
            QCOMPARE(a.size(0), q + 1);
            QVERIFY(torch::equal(a.abs(), torch::ones_like(a)));
            // Integers: exactly (q + 1) I.
            QVERIFY(torch::equal(torch::matmul(a, a.t()), double(q + 1) * torch::eye(q + 1, torch::kFloat64)));
        }
        QVERIFY(test::errorOf([] { paleyMatrix(5); }).contains(QStringLiteral("≡ 3 (mod 4)")));
    }

    void sylvesterClosedForm()
    {
        for (int64_t n : {1, 2, 4, 64, 128}) {
            const auto h = hadamardMatrix(n).to(torch::kFloat64);
            // One float32 rounding of ±1/√n.
            QVERIFY2(maxAbs(h - sylvester(n) / std::sqrt(double(n))) <= test::float32Eps / std::sqrt(double(n)),
                     qPrintable(QString::number(n)));
        }
    }

    void kroneckerProducts()
    {
        torch::manual_seed(1);
        for (int64_t n : {12, 96, 160, 176, 192, 384}) {
            const int64_t k = hadamardFactor(n);
            const auto full =
                torch::kron(paleyMatrix(k - 1).to(torch::kFloat64), sylvester(n / k)) / std::sqrt(double(n));
            // Orthogonal: the product is a Hadamard matrix (float64 of integers / n).
            QVERIFY(maxAbs(torch::matmul(full, full.t()) - torch::eye(n, torch::kFloat64)) < 1e-12);
            const auto x = torch::randn({5, 3, n}, torch::kFloat32);
            const auto fast = OnlineHadamard(n).apply(x).to(torch::kFloat64);
            const auto dense = torch::matmul(x.to(torch::kFloat64), full);
            // Float32 sums of n terms of size |x|/√n: a few ulps of the largest row norm.
            const double tolerance = 8.0 * test::float32Eps * std::log2(double(n)) * maxAbs(x) * std::sqrt(double(n));
            QS_VERIFY_BELOW("online_hadamard_vs_kron", maxAbs(fast - dense), tolerance);
        }
        const QString message = test::errorOf([] { OnlineHadamard(12).apply(torch::zeros({2, 16})); });
        QVERIFY2(message.contains(QStringLiteral("order 12")), qPrintable(message));
    }

    void randomSignsAreSeeded()
    {
        const auto a = randomSigns(64, 3);
        QVERIFY(torch::equal(a, randomSigns(64, 3)));
        QVERIFY(torch::equal(a.abs(), torch::ones_like(a)));
        QVERIFY(!torch::equal(a, randomSigns(64, 4)));
        QVERIFY(torch::equal(randomSigns(16, 3, 48), a.narrow(0, 48, 16)));
        // Both signs, near half each (64 fair coins: 32 ± 4 standard deviations is 16 to 48).
        const double plus = a.gt(0).sum().item<double>();
        QVERIFY(plus > 16 && plus < 48);
    }

    void builtInModelKeepsItsFunction()
    {
        torch::NoGradGuard noGrad;
        for (const char* spec : {"rtn:4:rotd", "rtn:4:rot", "rtn:4:rot7"}) {
            TinyLm model = makeModel();
            const auto ids = someIds();
            const auto before = model->forward(ids);
            const QuantConfig c = QuantConfig::parse(spec);
            rotateModel(model, makeRotations(c, model->config()));
            const auto after = model->forward(ids);
            // Float32 rounding through two blocks: a few ulps of the logits' scale per product.
            const double tolerance = 64.0 * test::float32Eps * std::max(1.0, maxAbs(before));
            QS_VERIFY_BELOW("rotated_builtin_logits", maxAbs(after - before), tolerance);
            // The norms hold their weight no more, and the MLP rotates down_proj's input.
            QVERIFY(torch::equal(model->blocks()[0]->input_layernorm->weight, torch::ones({32})));
            QVERIFY(model->blocks()[1]->mlp->downRotation.active());
        }
        // The random rotations differ from the plain ones and between seeds.
        const auto r0 = makeRotations(QuantConfig::parse("rtn:4:rot"), smallModel());
        const auto r7 = makeRotations(QuantConfig::parse("rtn:4:rot7"), smallModel());
        const auto rd = makeRotations(QuantConfig::parse("rtn:4:rotd"), smallModel());
        QVERIFY(!torch::equal(r0.r1, r7.r1) && !torch::equal(r0.r1, rd.r1) && !torch::equal(r0.r2, rd.r2));
        QVERIFY(maxAbs(torch::matmul(r7.r1, r7.r1.t()) - torch::eye(32)) < 1e-6);
        // A width without a Hadamard matrix is named.
        ModelConfig odd = smallModel();
        odd.dFf = 80; // 20 · 4: 19 is a prime ≡ 3 (mod 4)
        QCOMPARE(makeRotations(QuantConfig::parse("rtn:4:rotd"), odd).r4.size(), int64_t(80));
        odd.dFf = 56; // 7 · 8: none of 6, 13, 27, 55 is a prime ≡ 3 (mod 4)
        const QString message = test::errorOf([&] { makeRotations(QuantConfig::parse("rtn:4:rotd"), odd); });
        QVERIFY2(message.contains(QStringLiteral("intermediate size 56")), qPrintable(message));
    }

    // Four channels of the residual stream ten times the others (the outlier channels of trained LLMs):
    // per-token 4-bit inputs spend their grid on them and round the rest coarsely; the rotated model
    // spreads them over every channel. The q projection's output SQNR under 4-bit inputs gains about
    // 8 dB by the estimate (error energy of 28 unit channels against Hadamard-spread amplitudes), far
    // beyond any rounding spread of these deterministic numbers.
    void rotationSpreadsOutlierChannels()
    {
        torch::NoGradGuard noGrad;
        auto sqnr = [&](const char* spec) {
            TinyLm model = makeModel();
            auto embedding = model->parameter("model.embed_tokens.weight");
            for (int64_t c : {3, 9, 17, 30})
                embedding.select(1, c).mul_(10.0);
            return quantizeModel(model, someIds(), QuantConfig::parse(spec)).front().sqnrDb;
        };
        const double plain = sqnr("none:a4");
        const double rotated = sqnr("none:a4:rotd");
        qInfo("q_proj of block 0 under 4-bit inputs: SQNR %.2f dB unrotated, %.2f dB rotated", plain, rotated);
        QVERIFY(rotated > plain + 3.0);
    }

    void hfFamiliesKeepTheirFunction_data()
    {
        QTest::addColumn<QString>("arch");
        QTest::addColumn<QString>("spec");
        QTest::addRow("llama, GQA, rotd") << QStringLiteral("llama") << QStringLiteral("rtn:4:rotd");
        QTest::addRow("llama, rot5") << QStringLiteral("llama") << QStringLiteral("rtn:4:rot5");
        QTest::addRow("qwen2, qkv biases") << QStringLiteral("qwen2") << QStringLiteral("rtn:4:rot");
        QTest::addRow("olmo2, post-norm") << QStringLiteral("olmo2") << QStringLiteral("rtn:4:rot");
        QTest::addRow("apertus, gate-less") << QStringLiteral("apertus") << QStringLiteral("rtn:4:rot");
        QTest::addRow("smollm3, no-rope layers") << QStringLiteral("smollm3") << QStringLiteral("rtn:4:rotd");
    }

    void hfFamiliesKeepTheirFunction()
    {
        QFETCH(QString, arch);
        QFETCH(QString, spec);
        const QString folder =
            test::makeHfModel(m_dir.filePath(arch + QStringLiteral("-fn")), arch, 21, {}, 1, QStringLiteral("f32"));
        QVERIFY(!folder.isEmpty());
        const HfModel model = HfModel::open(folder.toStdString());
        torch::NoGradGuard noGrad;
        torch::manual_seed(2);
        const auto ids = torch::randint(0, model.arch().vocab, {3, 24}, torch::kInt64);
        const auto reference = model.forward(ids);
        const Rotations r = makeRotations(QuantConfig::parse(spec.toStdString()), model.arch());
        const HfRope rope = model.rope(24);
        auto x = rotateRows(model.embed(ids), r.r1);
        for (int64_t b = 0; b < model.arch().layers; ++b) {
            HfBlock block = model.loadBlock(b);
            rotateHfBlock(block, model.arch(), r);
            x = model.forwardBlock(block, x, rope);
        }
        const auto logits = model.logits(model.loadHead(), rotateRows(x, r.r1.t().contiguous()));
        const double tolerance = 64.0 * test::float32Eps * std::max(1.0, maxAbs(reference));
        QS_VERIFY_BELOW("rotated_hf_logits", maxAbs(logits - reference), tolerance);
    }

    void layerNormFamiliesAreRefused()
    {
        for (const char* arch : {"olmo", "gpt_neox"}) {
            const QString folder =
                test::makeHfModel(m_dir.filePath(QString::fromLatin1(arch)), QString::fromLatin1(arch), 1, {}, 1);
            QVERIFY(!folder.isEmpty());
            const HfModel model = HfModel::open(folder.toStdString());
            const QString message =
                test::errorOf([&] { makeRotations(QuantConfig::parse("rtn:4:rot"), model.arch()); });
            QVERIFY2(message.contains(QStringLiteral("LayerNorm")) && message.contains(QString::fromLatin1(arch)),
                     qPrintable(message));
        }
    }

    // The sweep's lanes: a rotated config's states start rotated and are rotated back before the head, so
    // "none:rotd" (rotation only) scores the FP model's CE with no divergence beyond rounding; a quantized
    // rotated config is a quantized model like any other.
    void hfSweepOfRotatedConfigs_data()
    {
        QTest::addColumn<QString>("arch");
        QTest::addRow("llama") << QStringLiteral("llama");
        QTest::addRow("olmo2, post-norm") << QStringLiteral("olmo2");
    }

    void hfSweepOfRotatedConfigs()
    {
        QFETCH(QString, arch);
        const QString folder = test::makeHfModel(m_dir.filePath(arch + QStringLiteral("-run/step100")), arch, 5,
                                                 QStringLiteral(R"({"vocab_size": 128})"), 1);
        QVERIFY(!folder.isEmpty());
        const QString tokens = m_dir.filePath(arch + QStringLiteral("-tokens.bin"));
        QVERIFY(test::writeTokenWalk(tokens));
        Store store = Store::create(m_dir.filePath(arch + QStringLiteral(".h5")).toStdString());
        importHfTrajectory(store, "r", test::smallHfImport(folder, tokens));
        const QuantConfig rotOnly = QuantConfig::parse("none:rotd");
        const QuantConfig w8a8 = QuantConfig::parse("rtn:8:g16:a8:rot");
        const QuantConfig gptq = QuantConfig::parse("gptq:8:g16:a8:rotd:cal8x32");
        const SweepSummary s = sweepRun(store, "r", {rotOnly, w8a8, gptq}, SweepOptions {test::threads()});
        QCOMPARE(s.computed, 4);
        const double fpCe = store.checkpoints("r").front().fpValCe;
        const ConfigResults rotated = store.results("r", rotOnly.id());
        const double ceTolerance = 64.0 * test::float32Eps * std::max(1.0, fpCe);
        QS_VERIFY_BELOW("rotated_fp_ce", std::abs(rotated.model.at(metrics::ce)[0] - fpCe), ceTolerance);
        // KL ≈ δ²/2 for logits δ apart: δ within 2⁻¹² of logits of size ~1 (measured 4.8e-8 on llama).
        QS_VERIFY_BELOW("rotated_fp_kl", rotated.model.at(metrics::klMean)[0], 1e-6);
        // 8-bit weights and inputs (GPTQ's on the Hessians of the rotated inputs, down_proj's after the
        // online Hadamard): a small model change, nowhere near a wrong basis (KL of order 1).
        for (const QuantConfig* c : {&w8a8, &gptq}) {
            const double kl = store.results("r", c->id()).model.at(metrics::klMean)[0];
            QVERIFY2(kl > 1e-6 && kl < 1e-2, qPrintable(QString::number(kl)));
        }
    }
};

QTEST_GUILESS_MAIN(TstRotation)
#include "tst_rotation.moc"
