// The RTN quantizer (papers.md §5) against cases computed by hand from the formulas:
//   maxq = 2^b − 1; range widened to contain 0; sym: xmax = max(|xmin|, xmax), xmin = −xmax,
//   zero = (maxq + 1) / 2; asym: scale = (xmax − xmin) / maxq, zero = round(−xmin / scale);
//   q = scale · (clamp(round(x / scale) + zero, 0, maxq) − zero); torch rounds half to even.

#include "testutils.h"

#include "quantizer.h"

#include <QObject>

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
        QTest::addRow("partial last group") << std::vector<float> {-0.5f, 1.0f, 0.0f, 2.0f, 4.0f} << 8 << 2 << true
                                            << std::vector<float> {-128.0f / 255, 1.0f * 127 / 127.5f, 0.0f, 2.0f * 127 / 127.5f,
                                                                   4.0f * 127 / 127.5f};
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
