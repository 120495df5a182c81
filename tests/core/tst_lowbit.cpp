// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The low-bit formats against values worked out by hand from their definitions (the peer test
// tests/peers/test_quantizers.py compares them with bitsandbytes, torchao, compressed-tensors, hqq):
//   E2M1: 0, 0.5, 1, 1.5, 2, 3, 4, 6; E4M3: 3 mantissa bits, smallest normal 2^−6, max 448; E5M2: 2
//   mantissa bits, smallest normal 2^−14, max 57344; round to nearest, ties to the even mantissa.
//   MX: scale 2^(floor(log2 amax) − emax) per 32 values, emax 2 (E2M1) / 8 (E4M3).
//   NVFP4: tensor scale amax / 2688, block scale E4M3(amax16 / 6 / tensor scale).
//   NF4: the nearest of bitsandbytes' 16 values times the block's absmax.

#include "tests/support/testutils.h"

#include "core/common/errors.h"
#include "core/config/quantmethods.h"
#include "core/engine/floatformats.h"
#include "core/engine/quantizer.h"
#include "core/engine/weightquantizers.h"

#include <QObject>

#include <cmath>

using namespace qs;

Q_DECLARE_METATYPE(std::vector<float>)

namespace {

torch::Tensor values(const std::vector<float>& v)
{
    return torch::tensor(v, torch::kFloat32);
}

void compareExactly(const torch::Tensor& got, const std::vector<float>& expected)
{
    const auto g = got.contiguous().view({-1});
    QCOMPARE(g.numel(), int64_t(expected.size()));
    for (size_t i = 0; i < expected.size(); ++i) {
        const float v = g[int64_t(i)].item<float>();
        QVERIFY2(v == expected[i] && std::signbit(v) == std::signbit(expected[i]),
                 qPrintable(QStringLiteral("element %1: got %2, expected %3")
                                .arg(i)
                                .arg(double(v), 0, 'g', 9)
                                .arg(double(expected[i]), 0, 'g', 9)));
    }
}

} // namespace

class TstLowbit : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundsToFormats_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<std::vector<float>>("in");
        QTest::addColumn<std::vector<float>>("out");
        // E2M1 ties go to the even code: 0.25 → 0, 0.75 → 1, 1.25 → 1, 1.75 → 2, 2.5 → 2, 3.5 → 4, 5 → 4.
        QTest::newRow("e2m1 ties") << 0 << std::vector<float> {0.25f, 0.75f, 1.25f, 1.75f, 2.5f, 3.5f, 5.0f}
                                   << std::vector<float> {0.0f, 1.0f, 1.0f, 2.0f, 2.0f, 4.0f, 4.0f};
        QTest::newRow("e2m1 nearest") << 0 << std::vector<float> {0.26f, 0.74f, 1.3f, 2.6f, 4.9f, 5.1f, -3.2f}
                                      << std::vector<float> {0.5f, 0.5f, 1.5f, 3.0f, 4.0f, 6.0f, -3.0f};
        QTest::newRow("e2m1 saturates") << 0 << std::vector<float> {6.0f, 7.9f, 100.0f, -1e30f}
                                        << std::vector<float> {6.0f, 6.0f, 6.0f, -6.0f};
        QTest::newRow("e2m1 signed zero")
            << 0 << std::vector<float> {-0.0f, -0.2f, 1e-40f} << std::vector<float> {-0.0f, -0.0f, 0.0f};
        // E4M3: 1 + 1/16 is a tie between 1 and 1.125 → 1 (even); 1 + 3/16 → 1.25; 464 → 448 (tie, even),
        // beyond saturates; subnormals 2^−9 apart: 2^−10 is a tie → 0, 3 · 2^−10 → 2^−8.
        QTest::newRow("e4m3")
            << 1
            << std::vector<float> {1.0625f, 1.1875f, 464.0f, 500.0f, std::ldexp(1.0f, -10), 3 * std::ldexp(1.0f, -10),
                                   -0.3f}
            << std::vector<float> {1.0f, 1.25f, 448.0f, 448.0f, 0.0f, std::ldexp(1.0f, -8), -0.3125f};
        // E5M2: 1 + 1/8 is a tie between 1 and 1.25 → 1; max 57344, 61440 saturates to it.
        QTest::newRow("e5m2") << 2 << std::vector<float> {1.125f, 1.375f, 61440.0f, std::ldexp(1.0f, -17)}
                              << std::vector<float> {1.0f, 1.5f, 57344.0f, 0.0f};
    }

    void roundsToFormats()
    {
        QFETCH(int, format);
        QFETCH(std::vector<float>, in);
        QFETCH(std::vector<float>, out);
        const FloatFormat f = format == 0 ? e2m1 : format == 1 ? e4m3 : e5m2;
        compareExactly(roundToFormat(values(in), f), out);
    }

    void mxSharedScale()
    {
        // Block 1: amax 7.9, floor(log2) = 2 = emax: scale 1 (byte 127), 7.9 saturates to 6.
        // Block 2: amax 1: scale 2^−2 (byte 125), 0.3 / 0.25 = 1.2 → 1 → 0.25.
        // Block 3: zeros: byte 0, zeros.
        std::vector<float> x(96, 0.0f);
        x[0] = 7.9f;
        x[1] = -2.6f; // 2.6 → 3 (nearest)
        x[32] = 1.0f;
        x[33] = 0.3f;
        const MxQuantized q = mxQuantize(values(x).view({1, 96}), e2m1);
        compareExactly(q.scaleBytes.to(torch::kFloat32), {127.0f, 125.0f, 0.0f});
        const auto v = q.values.view({-1});
        QCOMPARE(v[0].item<float>(), 6.0f);
        QCOMPARE(v[1].item<float>(), -3.0f);
        QCOMPARE(v[32].item<float>(), 1.0f);
        QCOMPARE(v[33].item<float>(), 0.25f);
        QCOMPARE(v.narrow(0, 64, 32).abs().sum().item<float>(), 0.0f);
        // MXFP8: amax 500 → floor(log2) 8 = emax: scale 1, 500 saturates to 448.
        std::vector<float> y(32, 1.0f);
        y[0] = 500.0f;
        const MxQuantized p = mxQuantize(values(y).view({1, 32}), e4m3);
        QCOMPARE(p.scaleBytes[0][0].item<int>(), 127);
        QCOMPARE(p.values[0][0].item<float>(), 448.0f);
        QCOMPARE(p.values[0][1].item<float>(), 1.0f);
    }

    void nvfp4ClosedForm()
    {
        // A row whose amax is 6: tensor scale 6 / 2688, block scale (6 / 6) / (6 / 2688) = 448 (E4M3's max,
        // to float32 rounding), so the total scale is 1 to float32 rounding and E2M1 values come back.
        const std::vector<float> row {6.0f,  -4.0f, 3.0f,  2.0f,  1.5f,  1.0f,  0.5f,  0.0f,
                                      -6.0f, 4.0f,  -3.0f, -2.0f, -1.5f, -1.0f, -0.5f, 0.0f};
        const auto x = values(row).view({1, 16});
        const auto scale = nvfp4TensorScale(x.abs().max());
        const Nvfp4Quantized q = nvfp4Quantize(x, scale);
        compareExactly(q.blockScales, {448.0f});
        QVERIFY(torch::allclose(q.values, x, 0.0, 1e-6));
    }

    void fp8PerChannel()
    {
        // Per channel the amax maps to ±448 and back to itself; 0 stays 0.
        const auto w = values({2.0f, -1.0f, 0.0f, 0.5f, 0.25f, -0.125f}).view({2, 3});
        QuantConfig c = QuantConfig::parse("fp8");
        const WeightQuantization q = quantizeWeight(w, c, 8, "w");
        QCOMPARE(q.weight[0][0].item<float>(), 2.0f);
        QCOMPARE(q.weight[1][0].item<float>(), 0.5f);
        QCOMPARE(q.weight[0][2].item<float>(), 0.0f);
        compareExactly(q.parts.at(0).second, {2.0f / 448.0f, 0.5f / 448.0f});
    }

    void nf4ReproducesItsTable()
    {
        // A block of absmax 2 holding 2 × each NF4 value (×4): every code is the value's index.
        std::vector<float> w;
        for (int r = 0; r < 4; ++r) {
            for (float t : nf4Table())
                w.push_back(2.0f * t);
        }
        const Bnb4bit q = bnbQuantize4bit(values(w).view({1, 64}), true, 64, false);
        for (int i = 0; i < 64; ++i)
            QCOMPARE(q.codes[i].item<int>(), i % 16);
        QVERIFY(torch::equal(q.weight, values(w).view({1, 64})));
        compareExactly(q.absmax, {2.0f});
        // Double quantization of a single absmax: it is the mean, what is left is 0 and codes to 0.
        const Bnb4bit d = bnbQuantize4bit(values(w).view({1, 64}), true, 64, true);
        compareExactly(d.absmax, {2.0f});
        QCOMPARE(d.absmaxCodes[0].item<int>(), 0);
        // An all-zero block stores absmax 0 and dequantizes to zeros.
        const Bnb4bit z = bnbQuantize4bit(torch::zeros({1, 64}), true, 64, false);
        QCOMPARE(z.weight.abs().sum().item<float>(), 0.0f);
        QCOMPARE(z.codes[0].item<int>(), 7); // NF4's zero
    }

    void hqqConstantGroupIsExact()
    {
        // max − min = 0 < 1e−4: inverse scale 1, zero −min, every code 0, Ŵ = min exactly.
        const auto w = torch::full({2, 64}, 0.75f);
        const HqqResult r = hqqQuantize(w, 4, 64);
        QVERIFY(torch::equal(r.weight, w));
        QCOMPARE(r.codes.abs().sum().item<float>(), 0.0f);
        // A spread group: codes within [0, 2^b − 1], the scale (max − min) / (2^b − 1).
        const auto g = torch::linspace(-1.0, 2.0, 64).view({1, 64});
        const HqqResult s = hqqQuantize(g, 3, 64);
        QVERIFY(s.codes.min().item<float>() >= 0.0f && s.codes.max().item<float>() <= 7.0f);
        QVERIFY(std::abs(s.scale[0][0].item<float>() - 3.0f / 7.0f) < 1e-6f);
        QVERIFY((s.weight - g).abs().max().item<float>() <= 3.0f / 7.0f);
        // 8 bits over a range of 0.005: the inverse scale 255 / 0.005 = 51000 is capped at 2e4, the scale
        // 1 / 2e4 (hqq's half-precision guard).
        const auto narrow = torch::linspace(0.0, 0.005, 64).view({1, 64});
        QCOMPARE(hqqQuantize(narrow, 8, 64).scale[0][0].item<float>(), 1.0f / 2e4f);
    }

    void activationFormatsPerToken()
    {
        // Two tokens, one 10⁶× the other: each gets its own scale. One scale shared by both would flush the
        // small token: FP8's smallest step is 448 · 2⁹ below its scale's top, NVFP4's block scales reach
        // 448 · 64 below the token's. (MX blocks never span tokens: those rows check the format's error.)
        auto x = torch::linspace(-1.0, 1.0, 64).view({1, 64}).repeat({2, 1});
        x[1] *= 1e6f;
        for (const char* spec : {"none:a4mx", "none:a8mx", "none:a4nv", "none:a8fp"}) {
            const ActQuant a = QuantConfig::parse(spec).actQuantFor("down");
            const auto q = fakeQuantizeActivations(x, a);
            const auto err0 = ((q[0] - x[0]).abs().max() / x[0].abs().max()).item<float>();
            const auto err1 = ((q[1] - x[1]).abs().max() / x[1].abs().max()).item<float>();
            // Relative to its token, each token's error is the format's: at most a quarter of its amax (MX's
            // floor scale puts amax / scale in [4, 8), saturating at 6), far less for 8 bits; a scale shared
            // with the large token would flush the small one to zero (error 1).
            QVERIFY2(err0 < 0.26f && err1 < 0.26f, spec);
            QCOMPARE(q.sizes(), x.sizes());
        }
        // Widths the blocks do not divide are refused with the layer's width.
        const ActQuant mx = QuantConfig::parse("none:a4mx").actQuantFor("q");
        QVERIFY(QString::fromStdString([&] {
                    try {
                        checkActivationQuantization(mx, 48);
                    } catch (const ConfigError& e) {
                        return std::string(e.what());
                    }
                    return std::string();
                }())
                    .contains(QLatin1String("32 do not divide the 48 input channels")));
    }

    void llmInt8Decomposition()
    {
        // One sequence of two tokens: token 0 has 7 in column 1, so column 1 keeps its values in both tokens;
        // the rest is int8 per token of what remains: token 0's absmax 1 (7 left out), token 1's 2.
        const auto x = values({1.0f, 7.0f, -0.5f, 0.25f, 2.0f, 0.3f, 1.0f, -1.0f}).view({1, 2, 4});
        const ActQuant lt = QuantConfig::parse("none:a8lt").actQuantFor("down");
        const auto q = fakeQuantizeActivations(x, lt).view({2, 4});
        QCOMPARE(q[0][1].item<float>(), 7.0f);
        QCOMPARE(q[1][1].item<float>(), 0.3f);
        // −0.5 · 127 = −63.5 rounds to the even −64: −64 / 127; 0.25 · 127 = 31.75 → 32 / 127; 2 · 127 / 2 = 127.
        QVERIFY(std::abs(q[0][2].item<float>() + 64.0f / 127.0f) < 1e-6f);
        QVERIFY(std::abs(q[0][3].item<float>() - 32.0f / 127.0f) < 1e-6f);
        QVERIFY(std::abs(q[1][0].item<float>() - 2.0f) < 1e-6f);
        QVERIFY(std::abs(q[1][3].item<float>() + 128.0f / 127.0f) < 1e-6f); // −63.5 → −64 steps of 2 / 127
        // The same tokens as two sequences: token 1 alone has no outlier, its column 1 is quantized.
        const auto apart = fakeQuantizeActivations(x.view({2, 1, 4}), lt).view({2, 4});
        QVERIFY(std::abs(apart[1][1].item<float>() - 19.0f * 2.0f / 127.0f) < 1e-6f);
        QCOMPARE(apart[0][1].item<float>(), 7.0f);
        // Weights: per row of the float16 weight. 0.5 and −0.25: scale 254, −63.5 rounds to the even −64; an
        // all-zero row codes to 0; 0.1 is not a float16: its float16 value is the absmax.
        const Int8Rows w = int8RowQuantize(values({0.5f, -0.25f, 0.0f, 0.0f, 0.1f, 0.0f}).view({3, 2}));
        QCOMPARE(w.codes[0][0].item<float>(), 127.0f);
        QCOMPARE(w.codes[0][1].item<float>(), -64.0f);
        QCOMPARE(w.codes[1][0].item<float>(), 0.0f);
        QCOMPARE(w.weight[1][0].item<float>(), 0.0f);
        QCOMPARE(w.absmax[2][0].item<float>(), float(c10::Half(0.1f)));
        QCOMPARE(w.codes[2][0].item<float>(), 127.0f);
    }

    void weightShapesTheFormatsRefuse()
    {
        try {
            quantizeWeight(torch::full({2, 64}, 7e4f), QuantConfig::parse("int8"), 8, "model.layers.1.down");
            QFAIL("a weight beyond float16 was quantized with LLM.int8");
        } catch (const ConfigError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QLatin1String("model.layers.1.down")), e.what());
            QVERIFY2(QString::fromUtf8(e.what()).contains(QLatin1String("65504")), e.what());
        }
        const auto w = torch::randn({4, 48});
        for (const char* spec : {"mxfp4", "hqq:4"}) {
            try {
                quantizeWeight(w, QuantConfig::parse(spec), QuantConfig::parse(spec).bits, "model.layers.0.q");
                QFAIL(spec);
            } catch (const ConfigError& e) {
                const QString message = QString::fromUtf8(e.what());
                QVERIFY2(message.contains(QLatin1String("model.layers.0.q")) && message.contains(QLatin1String("48")),
                         e.what());
            }
        }
    }
};

QS_TEST_GUILESS_MAIN(TstLowbit)
#include "tst_lowbit.moc"
