// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Per-layer sensitivity: the partial forwards from the recorded residual streams give what a
// full evaluation of the same one-layer (leave-one-in) or all-but-one (leave-one-out) model gives, for
// every layer; on a model where one layer is made fragile on purpose that layer stands out in every
// measure and in the Fisher estimate, and the layers' damages add up to the whole model's.

#include "tests/support/numeric.h"
#include "tests/support/testutils.h"

#include "core/common/errors.h"
#include "core/common/evaluationunits.h"
#include "core/common/metrics.h"
#include "core/engine/evaluate.h"
#include "core/engine/quantizemodel.h"
#include "core/engine/sensitivity.h"

#include <QObject>

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace qs;
using namespace qs::test;

namespace {

std::vector<uint8_t> text()
{
    // Enough varied bytes for 8 validation sequences of 32 and the calibration draws.
    const std::string line = "In the beginning God created the heaven and the earth. And the earth was without "
                             "form, and void; and darkness was upon the face of the deep. ";
    std::vector<uint8_t> bytes;
    for (int i = 0; i < 40; ++i) {
        bytes.insert(bytes.end(), line.begin(), line.end());
        bytes.push_back(uint8_t('0' + i % 10));
    }
    return bytes;
}

ModelConfig smallModel()
{
    ModelConfig c;
    c.dModel = 32;
    c.nLayers = 2;
    c.nHeads = 2;
    c.dFf = 64;
    c.maxSeqLen = 64;
    return c;
}

// A random model whose predictions are far from uniform (weights ×3), so quantization moves them.
TinyLm randomModel(uint64_t seed)
{
    TinyLm model(smallModel());
    model->initWeights(seed);
    torch::NoGradGuard noGrad;
    for (auto& p : model->named_parameters())
        if (p.key().find("norm") == std::string::npos)
            p.value().mul_(3.0);
    model->eval();
    return model;
}

struct Quantized
{
    std::vector<torch::Tensor> fpWeights, quantWeights;
    std::vector<ActQuant> inputs; // each layer's input bits and group
};

// Each layer in the state `quantized(i)` says (the config's quantization or full precision).
template<typename F>
void setLayers(TinyLm& model, const Quantized& q, F&& quantized)
{
    torch::NoGradGuard noGrad;
    auto modules = model->quantizableModules();
    for (size_t i = 0; i < modules.size(); ++i) {
        const bool on = quantized(i);
        modules[i]->weight.copy_(on ? q.quantWeights[i] : q.fpWeights[i]);
        modules[i]->setInputQuantization(on ? q.inputs[i] : ActQuant {});
    }
}

struct Measured
{
    LayerSensitivity sensitivity;
    std::map<std::string, double> whole; // the quantized model's metrics
    Quantized state;
};

Measured measure(TinyLm& model, const ValidationSet& set, const QuantConfig& config)
{
    Measured m;
    ResidualStates fpStates, quantStates;
    const FpReference fp = fpReference(model, set, 4, &fpStates);
    m.state.fpWeights = quantizableWeights(model);
    quantizeModel(model, calibrationBatch(text(), 8, 32, 7), config);
    m.state.quantWeights = quantizableWeights(model);
    for (const QLinear& l : model->quantizableModules())
        m.state.inputs.push_back(l->inputQuantization());
    m.whole = modelMetrics(evaluateAgainst(model, set, 4, fp, &quantStates));
    m.sensitivity = layerSensitivity(model, m.state.fpWeights, set, 4, fp, fpStates, quantStates);
    return m;
}

} // namespace

class TstSensitivity : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { torch::set_num_threads(threads()); }

    void partialForwardsEqualFullEvaluations()
    {
        // W4 with 8-bit inputs: both the weights and the input quantization are toggled per layer.
        TinyLm model = randomModel(11);
        const ValidationSet set = ValidationSet::fromBytes(text(), 8, 32);
        const Measured m = measure(model, set, QuantConfig::parse("rtn:4:g16:sym:a8"));
        const LayerSensitivity& s = m.sensitivity;
        const size_t layers = model->quantizableModules().size();
        QCOMPARE(s.loiDeltaCe.size(), layers);
        QCOMPARE(s.looKl.size(), layers);
        // The model is left quantized as it came.
        for (size_t i = 0; i < layers; ++i)
            QVERIFY(torch::equal(model->quantizableModules()[i]->weight, m.state.quantWeights[i]));
        // Attention layers run from their block's input, MLP layers from its middle: per block
        // 4 × (2B − 2b) + 3 × (2B − 2b − 1) halves, twice.
        QCOMPARE(s.blockHalves, int64_t(2 * ((4 * 4 + 3 * 3) + (4 * 2 + 3 * 1))));

        const FpReference fp = [&] {
            setLayers(model, m.state, [](size_t) { return false; });
            return fpReference(model, set, 4);
        }();
        // The same process and thread count run the same kernels on the same rows: only the order of the
        // final float64 sums differs, so the values agree to float64 rounding of sums of ~10 nats.
        const double tolerance = 1e-10;
        for (size_t i = 0; i < layers; ++i) {
            setLayers(model, m.state, [&](size_t j) { return j == i; });
            const auto loi = modelMetrics(evaluateAgainst(model, set, 4, fp));
            QVERIFY2(std::abs(loi.at(metrics::deltaCe) - s.loiDeltaCe[i]) < tolerance, qPrintable(QString::number(i)));
            QVERIFY2(std::abs(loi.at(metrics::klMean) - s.loiKl[i]) < tolerance, qPrintable(QString::number(i)));
            setLayers(model, m.state, [&](size_t j) { return j != i; });
            const auto loo = modelMetrics(evaluateAgainst(model, set, 4, fp));
            QVERIFY2(std::abs(loo.at(metrics::deltaCe) - s.looDeltaCe[i]) < tolerance, qPrintable(QString::number(i)));
            QVERIFY2(std::abs(loo.at(metrics::klMean) - s.looKl[i]) < tolerance, qPrintable(QString::number(i)));
            // Quantizing a layer moves the distributions: KL is positive, not just non-negative.
            QVERIFY(s.loiKl[i] > 0.0);
            QVERIFY(s.looKl[i] > 0.0);
        }
    }

    void fragileLayerStandsOut()
    {
        TinyLm model = randomModel(23);
        const auto modules = model->quantizableModules();
        // Block 0's up_proj made fragile without changing what the model computes: its input channels 0
        // and 16 are zeroed (by the norm's weight in front of it) and its weights on them set to 50 times
        // the layer's standard deviation. They multiply zeros, but they set the 4-bit absmax grid of every
        // group of 16 inputs: its step becomes ~7 standard deviations, and the rest of each row, the
        // layer's whole signal, rounds to zero. In every other layer the step is ~½ standard deviation.
        const size_t fragile = 5;
        {
            torch::NoGradGuard noGrad;
            using torch::indexing::Slice;
            model->blocks()[0]->post_attention_layernorm->weight.index_put_({Slice(0, 32, 16)}, 0.0);
            torch::Tensor w = modules[fragile]->weight;
            const double sd = w.std().item<double>();
            w.index_put_({Slice(), Slice(0, 32, 16)}, 50.0 * sd);
        }
        const ValidationSet set = ValidationSet::fromBytes(text(), 8, 32);
        const Measured m = measure(model, set, QuantConfig::parse("rtn:4:g16:sym"));
        const LayerSensitivity& s = m.sensitivity;
        std::vector<size_t> byKl(s.loiKl.size());
        std::iota(byKl.begin(), byKl.end(), size_t(0));
        std::sort(byKl.begin(), byKl.end(), [&](size_t a, size_t b) { return s.loiKl[a] > s.loiKl[b]; });
        // Alone it does far more damage than any other layer (the gap is a factor, not a rounding).
        QCOMPARE(byKl.front(), fragile);
        QS_VERIFY_ABOVE("fragile KL / next", s.loiKl[fragile] / s.loiKl[byKl[1]], 5.0);
        QS_VERIFY_ABOVE("fragile ΔCE / largest other",
                        s.loiDeltaCe[fragile]
                            / std::max(1e-12,
                                       [&] {
                                           double most = 0.0;
                                           for (size_t i = 0; i < s.loiDeltaCe.size(); ++i)
                                               if (i != fragile)
                                                   most = std::max(most, std::abs(s.loiDeltaCe[i]));
                                           return most;
                                       }()),
                        2.0);
        // Keeping it in full precision removes most of the whole model's damage; keeping any other one
        // removes little.
        const double whole = m.whole.at(metrics::klMean);
        QS_VERIFY_BELOW("KL without the fragile layer / whole", s.looKl[fragile] / whole, 0.5);
        for (size_t i = 0; i < s.looKl.size(); ++i)
            if (i != fragile)
                QS_VERIFY_ABOVE("KL without another layer / whole", s.looKl[i] / whole, 0.6);
        // The layers' damages add up: quantization errors of different layers are nearly independent, so
        // the whole model's KL is close to the sum of the layers' alone (within a factor, not exactly:
        // KL is second order and the errors interact).
        const double sum = std::accumulate(s.loiKl.begin(), s.loiKl.end(), 0.0);
        QS_VERIFY_ABOVE("Σ leave-one-in KL / whole", sum / whole, 0.5);
        QS_VERIFY_BELOW("Σ leave-one-in KL / whole", sum / whole, 2.0);
        const double sumCe = std::accumulate(s.loiDeltaCe.begin(), s.loiDeltaCe.end(), 0.0);
        QVERIFY(m.whole.at(metrics::deltaCe) > 0.0);
        QS_VERIFY_ABOVE("Σ leave-one-in ΔCE / whole", sumCe / m.whole.at(metrics::deltaCe), 0.5);
        QS_VERIFY_BELOW("Σ leave-one-in ΔCE / whole", sumCe / m.whole.at(metrics::deltaCe), 2.0);

        // The Fisher estimate, from calibration data the validation set does not hold, finds it too.
        setLayers(model, m.state, [](size_t) { return false; });
        const auto fisher = fisherDiagonal(model, calibrationBatch(text(), 8, 32, 99));
        QCOMPARE(fisher.size(), modules.size());
        for (size_t i = 0; i < fisher.size(); ++i) {
            QCOMPARE(fisher[i].sizes(), modules[i]->weight.sizes());
            QVERIFY(fisher[i].min().item<double>() >= 0.0);
        }
        // Unquantized weights: no error, estimate 0.
        for (double e : fisherEstimate(model, fisher, m.state.fpWeights))
            QCOMPARE(e, 0.0);
        setLayers(model, m.state, [](size_t) { return true; });
        const std::vector<double> estimate = fisherEstimate(model, fisher, m.state.fpWeights);
        QCOMPARE(size_t(std::max_element(estimate.begin(), estimate.end()) - estimate.begin()), fragile);
        // fisherDiagonal leaves the weights as they were.
        for (size_t i = 0; i < modules.size(); ++i)
            QVERIFY(torch::equal(modules[i]->weight, m.state.quantWeights[i]));
    }

    void fisherDiagonalIsTheMeanSquaredGradient()
    {
        // Two sequences: F = (T − 1) / 2 · (g₁² + g₂²), with each gradient taken here by backward().
        TinyLm model = randomModel(5);
        const torch::Tensor calibration = calibrationBatch(text(), 2, 16, 3);
        auto modules = model->quantizableModules();
        // It takes gradients without changing which weights ask for them.
        modules[0]->weight.requires_grad_(false);
        const auto fisher = fisherDiagonal(model, calibration);
        QVERIFY(!modules[0]->weight.requires_grad());
        QVERIFY(modules[1]->weight.requires_grad());
        modules[0]->weight.requires_grad_(true);
        QVERIFY_THROWS_EXCEPTION(ConfigError, fisherDiagonal(model, calibration.narrow(1, 0, 1)));
        std::vector<torch::Tensor> expected;
        for (const QLinear& l : modules)
            expected.push_back(torch::zeros_like(l->weight, torch::kFloat64));
        for (int64_t s = 0; s < 2; ++s) {
            for (const QLinear& l : modules)
                l->weight.mutable_grad() = torch::Tensor();
            const torch::Tensor seq = calibration.narrow(0, s, 1);
            model->loss(seq.narrow(1, 0, 15), seq.narrow(1, 1, 15)).backward();
            for (size_t i = 0; i < modules.size(); ++i)
                expected[i] += modules[i]->weight.grad().to(torch::kFloat64).square();
        }
        for (size_t i = 0; i < modules.size(); ++i) {
            const torch::Tensor want = expected[i] * (15.0 / 2.0);
            // The same gradients (autograd on the same graph); float32 gradients squared in float64.
            const double scale = want.abs().max().item<double>();
            QVERIFY(scale > 0.0);
            QS_VERIFY_AT_MOST("Fisher against backward()", (fisher[i] - want).abs().max().item<double>(),
                              8.0 * float32Eps * scale);
        }
    }
};

QTEST_GUILESS_MAIN(TstSensitivity)
#include "tst_sensitivity.moc"
