// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// AWQ (core/engine/awq.h) against what follows from its definition; the peer test
// tests/peers/test_awq.py compares it with llm-compressor itself.
//   - compressed-tensors' asymmetric grid on values worked out by hand;
//   - the scaling leaves the full-precision function unchanged (norm / s, balance columns · s; a
//     linear site's rows / s): the built-in model and a block of every Hugging Face family compute the
//     same outputs before and after, to float32 rounding; the families' sites are the ones their
//     norms allow (OLMo-2's post-norms and OLMo's parameter-free norms untouched, clip_qkv's v kept);
//   - the grid search never does worse than no scaling (its first point), and finds the scaling where
//     a few input channels carry most of the activation;
//   - the clipping search never raises the error of the partial products it minimizes.

#include "tests/support/hffixture.h"
#include "tests/support/numeric.h"
#include "tests/support/testthreads.h"
#include "tests/support/testutils.h"

#include "core/common/errors.h"
#include "core/engine/awq.h"
#include "core/engine/hfmodel.h"
#include "core/engine/model.h"
#include "core/engine/quantizemodel.h"

#include <QObject>
#include <QTemporaryDir>

#include <cmath>

using namespace qs;

namespace {

void compareExactly(const torch::Tensor& got, const std::vector<float>& expected)
{
    const auto g = got.contiguous().view({-1});
    QCOMPARE(g.numel(), int64_t(expected.size()));
    for (size_t i = 0; i < expected.size(); ++i)
        QVERIFY2(g[int64_t(i)].item<float>() == expected[i],
                 qPrintable(QStringLiteral("element %1: %2, expected %3")
                                .arg(i)
                                .arg(double(g[int64_t(i)].item<float>()))
                                .arg(double(expected[i]))));
}

// max |a − b| within `steps` float32 rounding steps of max |b|.
void closeTo(const torch::Tensor& a, const torch::Tensor& b, double steps, const char* what)
{
    const double scale = b.abs().max().item<double>();
    const double diff = (a - b).abs().max().item<double>();
    QVERIFY2(diff <= steps * test::float32Eps * scale,
             qPrintable(QStringLiteral("%1: max |diff| %2 > %3 float32 steps of %4")
                            .arg(QLatin1String(what))
                            .arg(diff)
                            .arg(steps)
                            .arg(scale)));
}

ModelConfig smallModel()
{
    ModelConfig c;
    c.dModel = 64;
    c.nLayers = 2;
    c.nHeads = 4;
    c.dFf = 128;
    c.maxSeqLen = 64;
    return c;
}

} // namespace

class TestAwq : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_made = 0;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        torch::set_num_threads(test::threads());
    }

    // 2 bits: levels −2…1. Row 0: min −1, max 2: scale 3/3 = 1, zero round(−2 − (−1)/1) = −1, codes
    // round(w + zero) = −2, −1, round(−0.5) = −0 (the tie to even), 1: Ŵ = −1, 0, 1, 2 (0.5 goes up).
    // Row 1, all positive: min clamped to 0, scale 3/3 = 1, zero −2, Ŵ = 0, 1, 2, 3 for 0.4, 1.4, 2.6, 3.
    // Row 2, zeros: scale float32 ε, zero 0, codes 0.
    void ctGridHandWorked()
    {
        const auto w =
            torch::tensor({-1.0f, 0.0f, 0.5f, 2.0f, 0.4f, 1.4f, 2.6f, 3.0f, 0.0f, 0.0f, 0.0f, 0.0f}).view({3, 4});
        const CtIntQuantized q = ctIntQuantize(w, 2, -1);
        compareExactly(q.codes, {-2, -1, 0, 1, -2, -1, 1, 1, 0, 0, 0, 0});
        compareExactly(q.zero, {-1, -2, 0});
        compareExactly(q.scale, {1.0f, 1.0f, std::numeric_limits<float>::epsilon()});
        compareExactly(q.weight, {-1, 0, 1, 2, 0, 1, 3, 3, 0, 0, 0, 0});
        // Groups of 3 over 4 columns: the last one narrower, as if padded with zeros.
        const auto g = ctIntQuantize(torch::tensor({4.0f, 2.0f, 1.0f, -3.0f}).view({1, 4}), 2, 3);
        QCOMPARE(g.scale.size(1), int64_t(2));
        compareExactly(g.scale, {4.0f / 3.0f, 1.0f});
        compareExactly(g.zero, {-2, 1});
        compareExactly(g.weight, {4.0f, 2.0f * 4.0f / 3.0f, 4.0f / 3.0f, -3.0f});
    }

    void awqMethodIsInTheTable()
    {
        const QuantConfig c = QuantConfig::parse("awq:4");
        QCOMPARE(c.groupSize, 128);
        QVERIFY(!c.symmetric);
        QCOMPARE(c.id(), std::string("awq_w4_g128"));
        QCOMPARE(c.label(), std::string("AWQ W4 g128"));
        const QuantConfig d = QuantConfig::parse("awq:3:g64:cal64x512:clip");
        QCOMPARE(d.id(), std::string("awq_w3_g64_cal64x512_clip"));
        QCOMPARE(d.label(), std::string("AWQ W3 g64 clip"));
        QVERIFY(QuantConfig::fromJson(d.toJson()) == d);
        QCOMPARE(QuantConfig::parse("awq:4:pc").id(), std::string("awq_w4_pc"));
        const auto refused = [](const char* spec, const char* fragment) {
            try {
                QuantConfig::parse(spec);
            } catch (const ConfigError& e) {
                QVERIFY2(std::string(e.what()).find(fragment) != std::string::npos, e.what());
                return;
            }
            QFAIL(spec);
        };
        refused("awq:4:sym", "asymmetric");
        refused("rtn:4:clip", "applies to awq only");
        refused("rtn:4:cal8x64", "calibrated methods (gptq, awq)");
        refused("awq:9", "quantization bits = 9");
        bool threw = false;
        try {
            QuantConfig::fromJson(R"({"method": "rtn", "bits": 4, "clip": true})");
        } catch (const ConfigError& e) {
            threw = std::string(e.what()).find("clip applies to awq only") != std::string::npos;
        }
        QVERIFY(threw);
    }

    // A linear site whose input has four channels 30 times larger than the rest: the grid must scale
    // (duo wins), its error must be below no scaling, and the scaled pair must compute what it did.
    void searchScalesOutlierChannels()
    {
        torch::manual_seed(3);
        const int64_t c = 128;
        auto x = torch::randn({4, 32, c});
        x.narrow(2, 0, 4).mul_(30.0);
        auto smooth = torch::randn({c, 64}) * 0.1; // a linear layer whose rows are the channels
        auto bias = torch::randn({c});
        auto balance = torch::randn({96, c}) * 0.05;
        const auto before =
            torch::nn::functional::linear(torch::nn::functional::linear(x.narrow(2, 0, 64), smooth, bias), balance);
        AwqSite site {"test",
                      smooth,
                      bias,
                      torch::arange(c, torch::kInt64),
                      {balance},
                      {4},
                      [&](const torch::Tensor& in) { return torch::nn::functional::linear(in, balance); },
                      x,
                      {}};
        const AwqChoice choice = awqSmooth(site, 128);
        QVERIFY2(choice.duo, "the identity won on inputs with outlier channels");
        QVERIFY2(choice.loss < 0.9 * choice.identity,
                 qPrintable(QStringLiteral("loss %1, without scaling %2").arg(choice.loss).arg(choice.identity)));
        const auto after =
            torch::nn::functional::linear(torch::nn::functional::linear(x.narrow(2, 0, 64), smooth, bias), balance);
        closeTo(after, before, 64, "the scaled pair's output");
    }

    void smoothingKeepsTheBuiltInModel()
    {
        torch::NoGradGuard noGrad;
        const auto makeModel = [] {
            TinyLm model(smallModel());
            model->initWeights(7);
            model->eval();
            // Channels of different size, as a trained model's norms make them.
            torch::manual_seed(9);
            for (auto& block : model->blocks()) {
                block->input_layernorm->weight.copy_(torch::rand({64}) * 3.0 + 0.1);
                block->post_attention_layernorm->weight.copy_(torch::rand({64}) * 3.0 + 0.1);
            }
            return model;
        };
        const auto ids = torch::randint(0, 256, {3, 48}, torch::kInt64);
        TinyLm model = makeModel();
        const auto before = model->forward(ids);
        const auto layersBefore = model->quantizableModules();
        std::vector<torch::Tensor> original;
        for (const auto& l : layersBefore)
            original.push_back(l->weight.clone());
        awqSmoothModel(model, ids, QuantConfig::parse("awq:4:g32"));
        closeTo(model->forward(ids), before, 512, "the smoothed model's logits");
        int changed = 0;
        for (size_t i = 0; i < original.size(); ++i)
            changed += !torch::equal(model->quantizableModules()[i]->weight, original[i]);
        QVERIFY2(changed > 0, "no site was scaled");

        // A mixed-precision rule: down_proj at 16 bits drops up_proj → down_proj (its only reader is not
        // quantized), k_proj at 16 bits stays in the q, k, v site, scaled with the others; the function holds.
        TinyLm mixed = makeModel();
        awqSmoothModel(mixed, ids, QuantConfig::parse("awq:4:g32:k=w16:down=w16"));
        closeTo(mixed->forward(ids), before, 512, "the smoothed model's logits under a mixed-precision rule");
        const auto mixedInfos = mixed->quantizableLayers();
        for (size_t i = 0; i < mixedInfos.size(); ++i) {
            if (mixedInfos[i].kind == "down")
                QVERIFY2(torch::equal(mixed->quantizableModules()[i]->weight, original[i]), mixedInfos[i].name.c_str());
        }

        // Clipping: the same scales (the next block calibrates on the unclipped output), then every
        // layer but q and k clamped towards zero, some of them for real.
        TinyLm clipped = makeModel();
        awqSmoothModel(clipped, ids, QuantConfig::parse("awq:4:g32:clip"));
        const auto infos = clipped->quantizableLayers();
        int clamped = 0;
        for (size_t i = 0; i < infos.size(); ++i) {
            const auto w = model->quantizableModules()[i]->weight;
            const auto c = clipped->quantizableModules()[i]->weight;
            if (infos[i].kind == "q" || infos[i].kind == "k") {
                QVERIFY2(torch::equal(c, w), infos[i].name.c_str());
                continue;
            }
            QVERIFY2((c.abs() <= w.abs()).all().item<bool>(), infos[i].name.c_str());
            clamped += !torch::equal(c, w);
        }
        QVERIFY2(clamped > 0, "no weight was clipped");
    }

    // The clipping search keeps, per row and group, the threshold whose quantized weight best keeps the
    // group's partial products; no clipping is its first candidate, so it never does worse.
    void clipNeverRaisesTheError()
    {
        torch::manual_seed(13);
        auto w = torch::randn({48, 256}) * 0.02;
        w.index_put_({torch::indexing::Slice(), 7}, 0.5); // one large weight in every row's first group
        const auto x = torch::randn({600, 256});
        const auto clipped = w.clone();
        awqClip(clipped, x, 4, 128);
        const auto errors = [&](const torch::Tensor& weight) {
            const auto q = ctIntQuantize(weight, 4, 128).weight.view({48, 2, 128});
            const auto xs = x.slice(0, 0, 600, 1).view({600, 2, 128}); // 600 / 512 → every row
            const auto ref = torch::einsum("tgk,ogk->ogt", {xs, w.view({48, 2, 128})});
            const auto got = torch::einsum("tgk,ogk->ogt", {xs, q});
            return (got - ref).pow(2).mean(-1);
        };
        const auto before = errors(w), after = errors(clipped);
        QVERIFY((after <= before * (1 + 1e-5)).all().item<bool>());
        QVERIFY2((after.sum() < before.sum()).item<bool>(), "clipping found nothing to gain on an outlier weight");
        QVERIFY((clipped.abs() <= w.abs()).all().item<bool>());
    }

    void smoothingKeepsEveryFamily_data()
    {
        QTest::addColumn<QString>("arch");
        QTest::addColumn<QString>("config");
        QTest::addRow("llama, GQA: v_proj → o_proj left out") << QStringLiteral("llama") << QString();
        QTest::addRow("llama, MHA, biases")
            << QStringLiteral("llama")
            << QStringLiteral(R"({"num_key_value_heads": 4, "attention_bias": true, "mlp_bias": true})");
        QTest::addRow("qwen2, qkv biases") << QStringLiteral("qwen2") << QString();
        QTest::addRow("olmo2, post-norm: v → o and up → down only")
            << QStringLiteral("olmo2") << QStringLiteral(R"({"num_key_value_heads": 4})");
        QTest::addRow("olmo, parameter-free norms")
            << QStringLiteral("olmo") << QStringLiteral(R"({"num_key_value_heads": 4})");
        QTest::addRow("olmo, clip_qkv: v kept")
            << QStringLiteral("olmo") << QStringLiteral(R"({"clip_qkv": 0.5, "num_key_value_heads": 4})");
        QTest::addRow("apertus, xIELU: no up → down")
            << QStringLiteral("apertus") << QStringLiteral(R"({"num_key_value_heads": 4})");
        QTest::addRow("gpt_neox, fused qkv, LayerNorm with bias") << QStringLiteral("gpt_neox") << QString();
        QTest::addRow("gpt_neox, sequential residual")
            << QStringLiteral("gpt_neox") << QStringLiteral(R"({"use_parallel_residual": false})");
    }

    void smoothingKeepsEveryFamily()
    {
        QFETCH(QString, arch);
        QFETCH(QString, config);
        torch::NoGradGuard noGrad;
        const QString folder = test::makeHfModel(m_dir.filePath(QStringLiteral("m%1").arg(m_made++)), arch, m_made,
                                                 config, 1, QStringLiteral("f32"));
        QVERIFY(!folder.isEmpty());
        const HfModel model = HfModel::open(folder.toStdString());
        const int64_t hidden = model.arch().hidden;
        torch::manual_seed(17);
        auto x = torch::randn({3, 20, hidden});
        x.narrow(2, 0, 3).mul_(20.0); // outlier channels of the residual stream
        const HfRope rope = model.rope(20);
        for (int64_t b = 0; b < model.arch().layers; ++b) {
            HfBlock fp = model.loadBlock(b);
            HfBlock block = fp.clone();
            const auto reference = model.forwardBlock(fp, x, rope);
            const auto out = awqSmoothHfBlock(model, block, x, rope, {}, 0, QuantConfig::parse("awq:4:g32"));
            closeTo(out, reference, 512, "the smoothed block's output");
            // A sequence at a time (as a sweep whose memory holds one chunk of the forward pass): the
            // same scales to the statistics' summation order, the same function.
            HfBlock chunked = fp.clone();
            const auto outChunked = awqSmoothHfBlock(model, chunked, x, rope, {}, 1, QuantConfig::parse("awq:4:g32"));
            closeTo(outChunked, reference, 512, "the block smoothed a sequence at a time");
            closeTo(chunked.down.weight, block.down.weight, 64, "down_proj smoothed a sequence at a time");
            closeTo(model.forwardBlock(block, x, rope), reference, 512, "the smoothed block, run again");
            const auto fpTensors = fp.tensors(), tensors = block.tensors();
            int changed = 0;
            for (size_t i = 0; i < tensors.size(); ++i)
                changed += !torch::equal(tensors[i], fpTensors[i]);
            QVERIFY2(changed > 0, "no site of the block was scaled");
            x = reference;
        }
    }
};

QTEST_GUILESS_MAIN(TestAwq)
#include "tst_awq.moc"
