// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The RTN quantizer (the GPTQ reference implementation's quantizer) against cases computed by hand from the formulas:
//   maxq = 2^b − 1; range widened to contain 0; sym: xmax = max(|xmin|, xmax), xmin = −xmax,
//   zero = (maxq + 1) / 2; asym: scale = (xmax − xmin) / maxq, zero = round(−xmin / scale);
//   q = scale · (clamp(round(x / scale) + zero, 0, maxq) − zero); torch rounds half to even.

#include "tests/support/numeric.h"
#include "tests/support/testutils.h"

#include "core/engine/quantizemodel.h"
#include "core/engine/quantizer.h"

#include <QObject>

#include <cmath>
#include <limits>

using namespace qs;

Q_DECLARE_METATYPE(std::vector<float>)

namespace {

torch::Tensor row(const std::vector<float>& v)
{
    return torch::tensor(v).view({1, int64_t(v.size())});
}

void compareRow(const torch::Tensor& got, const std::vector<float>& expected)
{
    QCOMPARE(got.numel(), int64_t(expected.size()));
    auto g = got.contiguous().view({-1});
    for (size_t i = 0; i < expected.size(); ++i) {
        const float v = g[int64_t(i)].item<float>();
        QVERIFY2(std::abs(v - expected[i]) < 1e-5f,
                 qPrintable(QStringLiteral("element %1: got %2, expected %3").arg(i).arg(v).arg(expected[i])));
    }
}

// The message of the E that f throws; empty if it throws nothing or something else.
template<class E, class F>
QString thrown(F&& f)
{
    try {
        f();
    } catch (const E& e) {
        return QString::fromUtf8(e.what());
    } catch (const std::exception& e) {
        return QStringLiteral("unexpected exception: ") + QString::fromUtf8(e.what());
    }
    return {};
}

constexpr qs::test::Near near {qs::test::RelativeTo::ExpectedOrOne, 1e-9};
constexpr qs::test::Near relativelyNear {qs::test::RelativeTo::Expected};

} // namespace

class TstQuantizer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void handComputed_data()
    {
        QTest::addColumn<std::vector<float>>("input");
        QTest::addColumn<int>("bits");
        QTest::addColumn<int>("group");
        QTest::addColumn<bool>("sym");
        QTest::addColumn<std::vector<float>>("expected");

        // xmin −2, xmax 3 → sym range ±3, scale 6/15 = 0.4, zero 8. 1/0.4 = 2.5 rounds to 2; 3/0.4 = 7.5
        // rounds to 8, 8 + 8 = 16 clamps to 15 → 0.4 · 7 = 2.8.
        QTest::addRow("sym w4 per-channel") << std::vector<float> {1.0f, -2.0f, 0.5f, 3.0f} << 4 << -1 << true
                                            << std::vector<float> {0.8f, -2.0f, 0.4f, 2.8f};
        // All positive: xmin widens to 0, scale 3/3 = 1, zero 0: the grid is exactly {0, 1, 2, 3}.
        QTest::addRow("asym w2 positive") << std::vector<float> {0.5f, 1.0f, 2.0f, 3.0f} << 2 << -1 << false
                                          << std::vector<float> {0.0f, 1.0f, 2.0f, 3.0f};
        // xmin −1, xmax 2: scale 1, zero round(1) = 1; every value lies on the grid.
        QTest::addRow("asym w2 on grid") << std::vector<float> {-1.0f, 0.0f, 1.0f, 2.0f} << 2 << -1 << false
                                         << std::vector<float> {-1.0f, 0.0f, 1.0f, 2.0f};
        // maxq 7, scale 2.1/7 = 0.3, zero round(0.7/0.3 = 2.33) = 2:
        // −0.7 → round(−2.33) = −2 → −0.6; 0.1 → 0; 0.3 → 0.3; 1.4 → round(4.67) = 5 → 1.5.
        QTest::addRow("asym w3") << std::vector<float> {-0.7f, 0.1f, 0.3f, 1.4f} << 3 << -1 << false
                                 << std::vector<float> {-0.6f, 0.0f, 0.3f, 1.5f};
        // An all-zero row gets the range [−1, 1] and stays zero.
        QTest::addRow("zero row") << std::vector<float> {0.0f, 0.0f, 0.0f} << 3 << -1 << true
                                  << std::vector<float> {0.0f, 0.0f, 0.0f};
        // Groups of 2 at 2 bits sym: [1, 2] → scale 4/3, zero 2: 1 → round(0.75) = 1 → 4/3;
        // 2 → round(1.5) = 2 → 4 clamps to 3 → 4/3. [100, 200] → scale 400/3, both → 400/3.
        QTest::addRow("sym w2 g2") << std::vector<float> {1.0f, 2.0f, 100.0f, 200.0f} << 2 << 2 << true
                                   << std::vector<float> {4.0f / 3, 4.0f / 3, 400.0f / 3, 400.0f / 3};
        // The same row per channel: scale 400/3 for all; 1 and 2 round to 0.
        QTest::addRow("sym w2 per-channel") << std::vector<float> {1.0f, 2.0f, 100.0f, 200.0f} << 2 << -1 << true
                                            << std::vector<float> {0.0f, 0.0f, 400.0f / 3, 400.0f / 3};
        // Five columns in groups of 2, sym 8 bit (zero 128): the last group holds one column.
        // [−0.5, 1]: scale 2/255, −0.5 → round(−63.75) = −64 steps; x = xmax gives 127.5 steps, which
        // clamps to 127 (128 + 128 > maxq). [0, 2]: scale 4/255; [4]: scale 8/255.
        QTest::addRow("partial last group")
            << std::vector<float> {-0.5f, 1.0f, 0.0f, 2.0f, 4.0f} << 8 << 2 << true
            << std::vector<float> {-128.0f / 255, 1.0f * 127 / 127.5f, 0.0f, 2.0f * 127 / 127.5f, 4.0f * 127 / 127.5f};
    }

    void handComputed()
    {
        QFETCH(std::vector<float>, input);
        QFETCH(int, bits);
        QFETCH(int, group);
        QFETCH(bool, sym);
        QFETCH(std::vector<float>, expected);
        compareRow(rtnQuantize(row(input), bits, group, sym), expected);
    }

    // Activation fake quantization: qmax = 2^(b−1) − 1, s = absmax / qmax per token (or channel group),
    // x̂ = s · clamp(round(x / s), −qmax − 1, qmax), torch rounding half to even.
    void activationsHandComputed_data()
    {
        QTest::addColumn<std::vector<float>>("input");
        QTest::addColumn<int>("bits");
        QTest::addColumn<int>("group");
        QTest::addColumn<std::vector<float>>("expected");
        // qmax 7, absmax 7 → s = 1: −3.4 → −3, 1.2 → 1, 0.4 → 0.
        QTest::addRow("a4 per token") << std::vector<float> {7.0f, -3.4f, 1.2f, 0.4f} << 4 << -1
                                      << std::vector<float> {7.0f, -3.0f, 1.0f, 0.0f};
        // Groups of 2: [7, −3.4] as above; [1.2, 0.4] has s = 1.2/7: 1.2 → 7 steps → 1.2,
        // 0.4 / s = 2.33 → 2 steps → 2·1.2/7.
        QTest::addRow("a4 g2") << std::vector<float> {7.0f, -3.4f, 1.2f, 0.4f} << 4 << 2
                               << std::vector<float> {7.0f, -3.0f, 1.2f, 2.4f / 7};
        // A group as wide as the token is the per-token case.
        QTest::addRow("a4 g4 = per token")
            << std::vector<float> {7.0f, -3.4f, 1.2f, 0.4f} << 4 << 4 << std::vector<float> {7.0f, -3.0f, 1.0f, 0.0f};
        // Negative absmax: qmax 3, absmax |−6| → s = 2: 3/2 = 1.5 → 2 → 4; −6 → −3 → −6; 0.9 → 0.45 → 0.
        QTest::addRow("a3 negative peak")
            << std::vector<float> {3.0f, -6.0f, 0.9f, 2.2f} << 3 << -1 << std::vector<float> {4.0f, -6.0f, 0.0f, 2.0f};
        // 2 bits: qmax 1, levels {−s, 0, s}; s = 2: 1.2 → 0.6 → 1 → 2, −0.8 → −0.4 → 0.
        QTest::addRow("a2") << std::vector<float> {2.0f, 1.2f, -0.8f, -1.6f} << 2 << -1
                            << std::vector<float> {2.0f, 2.0f, 0.0f, -2.0f};
        // A tie: qmax 3, s = 1, 2.5 rounds half to even → 2 (as torch::round does everywhere).
        QTest::addRow("a3 tie") << std::vector<float> {3.0f, 2.5f, -1.4f, 0.2f} << 3 << -1
                                << std::vector<float> {3.0f, 2.0f, -1.0f, 0.0f};
        // qmax 127, s = 254/127 = 2: 1.2 → 0.6 → 1 → 2; −3.4 → −1.7 → −2 → −4; 100.6 → 50.3 → 50 → 100.
        QTest::addRow("a8") << std::vector<float> {254.0f, 1.2f, -3.4f, 100.6f} << 8 << -1
                            << std::vector<float> {254.0f, 2.0f, -4.0f, 100.0f};
        // All-zero groups stay zero (no 0/0), next to a group that is not: s = 1.4/7 = 0.2,
        // −0.66 → −3.3 steps → −3 → −0.6.
        QTest::addRow("zero group") << std::vector<float> {0.0f, 0.0f, 1.4f, -0.66f} << 4 << 2
                                    << std::vector<float> {0.0f, 0.0f, 1.4f, -0.6f};
        QTest::addRow("zero token") << std::vector<float> {0.0f, 0.0f, 0.0f, 0.0f} << 4 << -1
                                    << std::vector<float> {0.0f, 0.0f, 0.0f, 0.0f};
    }

    void activationsHandComputed()
    {
        QFETCH(std::vector<float>, input);
        QFETCH(int, bits);
        QFETCH(int, group);
        QFETCH(std::vector<float>, expected);
        const auto x = row(input);
        const auto q = fakeQuantizeActivations(x, bits, group);
        QCOMPARE(q.sizes().vec(), x.sizes().vec());
        compareRow(q, expected);
    }

    void activationsKeepShapeTokensIndependent()
    {
        // [2, tokens = 2, channels = 4], a4 per token; each token has its own scale.
        const auto x = torch::tensor({7.0f, -3.4f, 1.2f, 0.4f,    // s = 1
                                      0.7f, -0.34f, 0.12f, 0.04f, // s = 0.1: [7, −3.4, 1.2, 0.4] steps
                                      0.0f, 0.0f, 0.0f, 0.0f,     // zero token
                                      -14.0f, 6.8f, 2.4f, 0.8f})  // s = 2: [−7, 3.4, 1.2, 0.4] steps
                           .view({2, 2, 4});
        const auto q = fakeQuantizeActivations(x, 4, -1);
        QCOMPARE(q.sizes().vec(), (std::vector<int64_t> {2, 2, 4}));
        compareRow(q[0][0], {7.0f, -3.0f, 1.0f, 0.0f});
        compareRow(q[0][1], {0.7f, -0.3f, 0.1f, 0.0f});
        compareRow(q[1][0], {0.0f, 0.0f, 0.0f, 0.0f});
        compareRow(q[1][1], {-14.0f, 6.0f, 2.0f, 0.0f});
        // Quantized alone, each token gives the same values.
        for (int64_t b = 0; b < 2; ++b)
            for (int64_t t = 0; t < 2; ++t)
                QVERIFY(torch::equal(q[b][t], fakeQuantizeActivations(x[b][t].view({1, 4}), 4, -1)[0]));
        // The same values in a non-contiguous layout (strides {1, 2}) give the same result.
        const auto strided = x[0].t().contiguous().t();
        QVERIFY(!strided.is_contiguous());
        QVERIFY(torch::equal(fakeQuantizeActivations(strided, 4, -1), q[0]));
    }

    void activationErrorBound()
    {
        // Per group, |x − x̂| ≤ s/2 with s = absmax / qmax; at most 2^b − 1 levels are used (−qmax..qmax).
        torch::manual_seed(11);
        const auto x = torch::randn({3, 5, 64}) * 3.0;
        for (int bits : {2, 4, 8}) {
            const double qmax = double((1 << (bits - 1)) - 1);
            const auto q = fakeQuantizeActivations(x, bits, 16);
            const auto groups = x.view({-1, 16});
            const auto s = groups.abs().amax(-1, true) / qmax;
            QVERIFY((((groups - q.view({-1, 16})).abs()) <= s * 0.5 + 1e-5).all().item<bool>());
            const auto steps = torch::round(q.view({-1, 16}) / s);
            QVERIFY((steps.abs() <= qmax + 1e-3).all().item<bool>());
        }
    }

    void activationErrors()
    {
        const auto x = torch::ones({2, 6});
        for (int bits : {1, 9, 16, 0}) {
            const QString msg = thrown<ConfigError>([&] { fakeQuantizeActivations(x, bits, -1); });
            QVERIFY2(msg.contains(QString::number(bits)),
                     qPrintable(QStringLiteral("bits %1: '%2'").arg(bits).arg(msg)));
        }
        // 4 does not divide 6 channels.
        const QString msg = thrown<ConfigError>([&] { fakeQuantizeActivations(x, 4, 4); });
        QVERIFY2(msg.contains(QLatin1String("6")) && msg.contains(QLatin1String("4")), qPrintable(msg));
        QVERIFY(thrown<ConfigError>([&] { fakeQuantizeActivations(x, 4, 5); }).size() > 0);
        // 3 and 2 do divide 6.
        QCOMPARE(fakeQuantizeActivations(x, 4, 3).sizes().vec(), (std::vector<int64_t> {2, 6}));
        QVERIFY(torch::equal(fakeQuantizeActivations(x, 4, 2), x));
    }

    void activationStatsSpike()
    {
        // One spike a among n = 10 entries: μ = a/n, m2 = a²(n−1)/n², m4 = a⁴(n−1)((n−1)³+1)/n⁵, so
        // m4/m2² = ((n−1)³+1)/(n(n−1)) = (n²−3n+3)/(n−1) = 73/9, whatever a.
        auto x = torch::zeros({2, 5});
        x[1][3] = -4.0f;
        const ActivationStats s = activationStats(x, 3.0);
        QVERIFY2(near(s.kurtosis, 73.0 / 9), qPrintable(QString::number(s.kurtosis, 'g', 17)));
        QCOMPARE(s.absmax, 4.0);
        // Median |x| is 0: the ratio is unbounded.
        QVERIFY(std::isinf(s.absmaxMedian) && s.absmaxMedian > 0);
        QCOMPARE(s.outliers, int64_t(1));
        QCOMPARE(s.channelAbsmax, (std::vector<float> {0.0f, 0.0f, 0.0f, 4.0f, 0.0f}));
    }

    void activationStatsPlusMinusOne()
    {
        // ±1 in equal numbers: μ = 0, m2 = m4 = 1 → kurtosis 1; median |x| = absmax = 1.
        const auto x = torch::tensor({1.0f, -1.0f, -1.0f, 1.0f, 1.0f, -1.0f}).view({3, 2});
        const ActivationStats s = activationStats(x, 1.0);
        QVERIFY(near(s.kurtosis, 1.0));
        QCOMPARE(s.absmax, 1.0);
        QVERIFY(near(s.absmaxMedian, 1.0));
        // Nothing exceeds 1 strictly.
        QCOMPARE(s.outliers, int64_t(0));
        QCOMPARE(s.channelAbsmax, (std::vector<float> {1.0f, 1.0f}));
    }

    void activationStatsChannels()
    {
        // |x| = 1..9 as [tokens 3, channels 3]; median |x| = 5, max 9 → 9/5.
        const auto x = torch::tensor({1.0f, -2.0f, 3.0f, -4.0f, 5.0f, -6.0f, 7.0f, -8.0f, 9.0f}).view({3, 3});
        ActivationStats s = activationStats(x, 7.5);
        QCOMPARE(s.absmax, 9.0);
        QVERIFY(near(s.absmaxMedian, 9.0 / 5));
        // Columns: {1, −4, 7} → 7, {−2, 5, −8} → 8, {3, −6, 9} → 9.
        QCOMPARE(s.channelAbsmax, (std::vector<float> {7.0f, 8.0f, 9.0f}));
        QCOMPARE(s.outliers, int64_t(2));                       // 8 and 9 exceed 7.5
        QCOMPARE(activationStats(x, 8.0).outliers, int64_t(1)); // strictly greater: only 9
        QCOMPARE(activationStats(x, 0.5).outliers, int64_t(3));
        QCOMPARE(activationStats(x, 9.0).outliers, int64_t(0));

        // A [batch, tokens, channels] input: channels are the last dimension, over every token.
        auto y = torch::zeros({2, 2, 3});
        y[0][1][0] = -1.5f;
        y[1][0][2] = 2.5f;
        y[1][1][1] = 0.25f;
        s = activationStats(y, 2.0);
        QCOMPARE(s.channelAbsmax, (std::vector<float> {1.5f, 0.25f, 2.5f}));
        QCOMPARE(s.outliers, int64_t(1));
        QCOMPARE(s.absmax, 2.5);
    }

    void activationStatsGaussian()
    {
        // Pearson kurtosis of a normal sample is 3; its standard error is √(24/n) ≈ 0.005 at n = 10⁶.
        torch::manual_seed(5);
        const ActivationStats s = activationStats(torch::randn({1000, 1000}), 1e9);
        QVERIFY2(std::abs(s.kurtosis - 3.0) < 0.05, qPrintable(QString::number(s.kurtosis)));
        QCOMPARE(s.outliers, int64_t(0));
        QCOMPARE(s.channelAbsmax.size(), size_t(1000));
    }

    void activationStatsRejectsNonFinite()
    {
        auto x = torch::ones({2, 3});
        x[1][2] = std::numeric_limits<float>::quiet_NaN();
        QVERIFY(!qs::test::errorOf([&] { activationStats(x, 6.0); }).isEmpty());
        x[1][2] = std::numeric_limits<float>::infinity();
        QVERIFY(!qs::test::errorOf([&] { activationStats(x, 6.0); }).isEmpty());
    }

    // The statistics of an input shown in chunks, twice (ActivationStatsAccumulator), are those of the
    // input whole: the same elements give the same max, channel profile, outlier count and median (the
    // median found exactly through the histograms of |x|'s bit pattern), and the moments differ only by
    // the order of float64 sums.
    void activationStatsInChunks_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addRow("heavy tails") << 0;
        QTest::addRow("few distinct values") << 1; // the median's bin holds thousands of equal values
        QTest::addRow("zeros and tiny values") << 2;
    }

    void activationStatsInChunks()
    {
        QFETCH(int, kind);
        torch::manual_seed(11);
        torch::Tensor x = torch::randn({3001, 64}) * torch::exp(torch::randn({3001, 64}));
        if (kind == 1)
            x = torch::randint(-3, 4, {3001, 64}).to(torch::kFloat32);
        if (kind == 2)
            x = torch::where(torch::rand({3001, 64}) < 0.6, torch::zeros({3001, 64}), x * 1e-30);
        const ActivationStats whole = activationStats(x, 4.0);
        ActivationStatsAccumulator chunked(4.0);
        const std::vector<int64_t> cuts = {0, 700, 701, 2000, 3001};
        for (size_t c = 0; c + 1 < cuts.size(); ++c)
            chunked.addFirst(x.narrow(0, cuts[c], cuts[c + 1] - cuts[c]));
        for (size_t c = 0; c + 1 < cuts.size(); ++c)
            chunked.addSecond(x.narrow(0, cuts[c], cuts[c + 1] - cuts[c]));
        const ActivationStats s = chunked.result();
        QCOMPARE(s.absmax, whole.absmax);
        QCOMPARE(s.channelAbsmax, whole.channelAbsmax);
        QCOMPARE(s.outliers, whole.outliers);
        // The lower median of |x| from a sort, independently of both.
        const auto sorted = std::get<0>(x.abs().flatten().sort());
        const double median = sorted[(sorted.numel() - 1) / 2].item<double>();
        const double ratio = median > 0.0 ? whole.absmax / median : std::numeric_limits<double>::infinity();
        QCOMPARE(whole.absmaxMedian, ratio);
        QCOMPARE(s.absmaxMedian, ratio);
        // 192,064 values summed in float64 in other slices: relative differences of a few 1e-16.
        QVERIFY2(
            relativelyNear(s.kurtosis, whole.kurtosis, 1e-12),
            qPrintable(QStringLiteral("%1 against %2").arg(s.kurtosis, 0, 'g', 17).arg(whole.kurtosis, 0, 'g', 17)));
    }

    // GroupQuantizer with the input in chunks against quantizeGroup with it whole: RTN and the SQNR
    // need no input to quantize and match to float64 summation order; GPTQ's Hessian, accumulated chunk
    // by chunk with the reference's rescaling, differs in float32 rounding, which may flip a weight that
    // sits on a rounding boundary, so nearly every quantized weight is the same and the losses agree
    // closely.
    void groupInChunks()
    {
        torch::manual_seed(12);
        const auto input = torch::randn({6, 40, 128}) * torch::linspace(0.2, 3.0, 128);
        LayerInfo info {"model.layers.0.mlp.up_proj.weight", 0, "up", 96, 128};
        const auto weight = torch::randn({96, 128}) * 0.05;
        for (const char* spec : {"rtn:4:g32:sym", "gptq:4:g32:sym:act", "gptq:3:g32:asym"}) {
            const QuantConfig config = QuantConfig::parse(spec);
            QuantizeModelOptions options;
            options.inputStats = true;
            const auto wholeWeight = weight.clone();
            std::vector<LayerReport> whole;
            quantizeGroup(input, {{&info, wholeWeight, {}}}, config, options, whole);

            const auto chunkWeight = weight.clone();
            GroupQuantizer group({{&info, chunkWeight, {}}}, config, options);
            QCOMPARE(group.readsInput(), config.method == QuantMethod::Gptq);
            for (const int64_t begin : {0, 2, 5})
                group.addFirst(input.narrow(0, begin, begin == 0 ? 2 : begin == 2 ? 3 : 1), 0);
            group.quantize();
            for (const int64_t begin : {0, 2, 5})
                group.addSecond(input.narrow(0, begin, begin == 0 ? 2 : begin == 2 ? 3 : 1));
            std::vector<LayerReport> chunked;
            group.finish(chunked);
            QCOMPARE(chunked.size(), size_t(1));
            const double same = (chunkWeight == wholeWeight).to(torch::kFloat64).mean().item<double>();
            if (config.method == QuantMethod::Gptq) {
                QS_VERIFY_ABOVE("chunked_gptq_identical_weights", same, 0.99);
                QS_VERIFY_BELOW("chunked_gptq_loss",
                                std::abs(chunked[0].gptqLoss - whole[0].gptqLoss) / whole[0].gptqLoss, 1e-3);
                QS_VERIFY_BELOW("chunked_gptq_sqnr_db", std::abs(chunked[0].sqnrDb - whole[0].sqnrDb), 0.05);
            } else {
                QCOMPARE(same, 1.0);
                // Y = XWᵀ over a chunk and over the whole input take other GEMM kernels: float32 rounding
                // of Y, about 1e-7 of the SQNR's noise at 24 dB.
                QS_VERIFY_BELOW("chunked_rtn_sqnr_db", std::abs(chunked[0].sqnrDb - whole[0].sqnrDb), 1e-3);
            }
            QVERIFY(relativelyNear(chunked[0].relErr, whole[0].relErr, 1e-3));
            QCOMPARE(chunked[0].input.absmax, whole[0].input.absmax);
            QCOMPARE(chunked[0].input.absmaxMedian, whole[0].input.absmaxMedian);
            QVERIFY(relativelyNear(chunked[0].input.kurtosis, whole[0].input.kurtosis, 1e-12));
        }
    }

    void sqnrClosedForm()
    {
        // ‖y‖² = 9 + 16 = 25, ‖y − ŷ‖² = 0.25 → 10·log10(100) = 20 dB.
        QVERIFY(near(sqnrDb(row({3.0f, 4.0f}), row({3.0f, 4.5f})), 20.0));
        // Error norm 10× the signal's: ‖y‖² = 1, ‖y − ŷ‖² = 100 → −20 dB.
        QVERIFY(near(sqnrDb(row({1.0f, 0.0f}), row({1.0f, 10.0f})), -20.0));
        const double same = sqnrDb(row({3.0f, 4.0f}), row({3.0f, 4.0f}));
        QVERIFY(std::isinf(same) && same > 0);
    }

    void gridParameters()
    {
        auto grid = findGrid(row({1.0f, -2.0f, 0.5f, 3.0f}), 4, true);
        QCOMPARE(grid.maxq, 15);
        QVERIFY(std::abs(grid.scale.item<float>() - 0.4f) < 1e-7f);
        QCOMPARE(grid.zero.item<float>(), 8.0f);
        grid = findGrid(row({-0.7f, 0.1f, 0.3f, 1.4f}), 3, false);
        QCOMPARE(grid.maxq, 7);
        QVERIFY(std::abs(grid.scale.item<float>() - 0.3f) < 1e-7f);
        QCOMPARE(grid.zero.item<float>(), 2.0f);
    }

    void rowsAreIndependent()
    {
        // Two rows quantized together equal each quantized alone (per-output-channel scales).
        auto a = row({1.0f, -2.0f, 0.5f, 3.0f});
        auto b = row({10.0f, 20.0f, -5.0f, 0.1f});
        auto both = rtnQuantize(torch::cat({a, b}, 0), 3, -1, false);
        QVERIFY(torch::allclose(both[0], rtnQuantize(a, 3, -1, false)[0]));
        QVERIFY(torch::allclose(both[1], rtnQuantize(b, 3, -1, false)[0]));
    }

    void levelsPerGroup_data()
    {
        QTest::addColumn<int>("bits");
        QTest::addColumn<bool>("sym");
        for (int bits = 2; bits <= 8; ++bits) {
            QTest::addRow("w%d sym", bits) << bits << true;
            QTest::addRow("w%d asym", bits) << bits << false;
        }
    }

    void levelsPerGroup()
    {
        // Each row of each group takes at most 2^b distinct values, all multiples of that row's scale.
        QFETCH(int, bits);
        QFETCH(bool, sym);
        torch::manual_seed(7);
        auto w = torch::randn({16, 64});
        auto q = rtnQuantize(w, bits, 16, sym);
        for (int64_t r = 0; r < 16; ++r) {
            for (int64_t g = 0; g < 4; ++g) {
                auto values = std::get<0>(at::_unique(q[r].narrow(0, g * 16, 16)));
                QVERIFY(values.numel() <= (int64_t(1) << bits));
            }
        }
        // Error never exceeds half a step of the row's grid.
        auto grid = findGrid(w.narrow(1, 0, 16), bits, sym);
        auto err = (w.narrow(1, 0, 16) - q.narrow(1, 0, 16)).abs();
        QVERIFY((err <= grid.scale * 0.5 + 1e-6).all().item<bool>());
    }

    void errorFallsWithBits()
    {
        torch::manual_seed(3);
        auto w = torch::randn({64, 128});
        double previous = 1e9;
        for (int bits = 2; bits <= 8; ++bits) {
            const double err = relativeError(w, rtnQuantize(w, bits, 32, true));
            QVERIFY2(err < previous, qPrintable(QStringLiteral("bits %1: %2 >= %3").arg(bits).arg(err).arg(previous)));
            previous = err;
        }
        // Finer groups fit the range better than one scale per row.
        QVERIFY(relativeError(w, rtnQuantize(w, 3, 16, true)) < relativeError(w, rtnQuantize(w, 3, -1, true)));
    }

    void relativeErrorClosedForm()
    {
        // ‖W − Ŵ‖ / ‖W‖ with W = [3, 4] (norm 5) and Ŵ = [3, 3.5] → 0.5 / 5.
        QVERIFY(std::abs(relativeError(row({3.0f, 4.0f}), row({3.0f, 3.5f})) - 0.1) < 1e-9);
        QCOMPARE(relativeError(row({0.0f, 0.0f}), row({0.0f, 0.0f})), 0.0);
    }
};

QS_TEST_GUILESS_MAIN(TstQuantizer)
#include "tst_quantizer.moc"
