// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The checkpoint layouts of quantscope export against values worked out by hand: every float8 E4M3 byte
// and E2M1 nibble from its bit fields, GPTQ's and AutoAWQ's packed words of known codes, and the configs
// each layout refuses. tests/peers/test_export.py loads the files the layouts make with the real clients.

#include "core/common/errors.h"
#include "core/config/config.h"
#include "core/engine/exportformats.h"
#include "core/engine/gptq.h"
#include "core/engine/quantizemodel.h"

#include <QObject>
#include <QTest>

#include <cmath>
#include <cstring>

using namespace qs;

namespace {

uint32_t word(const TensorBytes& t, size_t index)
{
    uint32_t w = 0;
    std::memcpy(&w, t.data() + 4 * index, 4);
    return w;
}

// The word of eight 4-bit codes, the k-th at bits 4k.
uint32_t nibbles(const std::vector<int>& codes)
{
    uint32_t w = 0;
    for (size_t k = 0; k < codes.size(); ++k)
        w |= uint32_t(codes[k]) << (4 * k);
    return w;
}

} // namespace

class TstExportFormats : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Every finite E4M3 byte: sign, 4 exponent bits (bias 7; 0 is subnormal, steps of 2^-9), 3 mantissa bits.
    void e4m3Bytes()
    {
        std::vector<float> values;
        std::vector<uint8_t> bytes;
        for (int b = 0; b < 256; ++b) {
            const int e = (b >> 3) & 15, m = b & 7;
            if (e == 15 && m == 7)
                continue; // NaN
            const double magnitude = e == 0 ? m * std::ldexp(1.0, -9) : (1.0 + m / 8.0) * std::ldexp(1.0, e - 7);
            values.push_back(float(b & 0x80 ? -magnitude : magnitude));
            bytes.push_back(uint8_t(b));
        }
        QCOMPARE(encodeE4m3(torch::tensor(values)), bytes);
        QCOMPARE(values[size_t(std::find(bytes.begin(), bytes.end(), 0x7e) - bytes.begin())], 448.0f);
    }

    // E2M1: sign in bit 3, 2 exponent bits (bias 1), 1 mantissa bit: 0, 0.5, 1, 1.5, 2, 3, 4, 6. −0 is
    // written as +0 (compressed-tensors' own compressor does the same).
    void e2m1Nibbles()
    {
        std::vector<float> values;
        std::vector<uint8_t> expected;
        for (int n = 0; n < 16; ++n) {
            const int e = (n >> 1) & 3, m = n & 1;
            const double magnitude = e == 0 ? m * 0.5 : (1.0 + m / 2.0) * std::ldexp(1.0, e - 1);
            values.push_back(float(n & 8 ? -magnitude : magnitude));
            expected.push_back(uint8_t(n == 8 ? 0 : n));
        }
        const auto got = qs::e2m1Nibbles(torch::tensor(values));
        QCOMPARE(std::vector<uint8_t>(got.data_ptr<uint8_t>(), got.data_ptr<uint8_t>() + 16), expected);
        QCOMPARE(values[7], 6.0f);
        // Two a byte, the even column in the low nibble.
        const auto packed = packNibbles(torch::tensor({1, 2, 3, 4, 15, 0}, torch::kUInt8).reshape({3, 2}));
        QCOMPARE(packed.sizes().vec(), (std::vector<int64_t> {3, 1}));
        QCOMPARE(int(packed[0][0].item<uint8_t>()), 0x21);
        QCOMPARE(int(packed[1][0].item<uint8_t>()), 0x43);
        QCOMPARE(int(packed[2][0].item<uint8_t>()), 0x0f);
    }

    // GPTQ v1: codes (r + 3i) mod 16 of an [8, 8] layer, symmetric (zero point 8, stored as 7), scale 0.5.
    void gptqWords()
    {
        const int64_t rows = 8, cols = 8;
        auto codes = torch::empty({rows, cols}, torch::kFloat32);
        for (int64_t r = 0; r < rows; ++r)
            for (int64_t i = 0; i < cols; ++i)
                codes[r][i] = float((r + 3 * i) % 16);
        GptqResult g;
        g.scale = torch::full({rows, 1}, 0.5f);
        g.zero = torch::full({rows, 1}, 8.0f);
        g.groupIndex = torch::zeros({cols}, torch::kInt32);
        g.weight = (codes - 8.0f) * 0.5f;
        const LayerInfo info {"model.layers.0.mlp.down_proj.weight", 0, "down", rows, cols};
        ExportedWeights e;
        e.layout = ExportLayout::Gptq;
        e.config = QuantConfig::parse("gptq:4:pc:sym");
        packLayer(e, {&info, g.weight, 4, &g});
        const auto& t = e.packed.at(info.name);
        QCOMPARE(t.size(), size_t(4));
        QCOMPARE(t[0].name, std::string("model.layers.0.mlp.down_proj.qweight"));
        QCOMPARE(t[0].shape, (std::vector<int64_t> {1, rows})); // [in / 8, out]
        for (int64_t r = 0; r < rows; ++r) {
            std::vector<int> row;
            for (int64_t i = 0; i < cols; ++i)
                row.push_back(int((r + 3 * i) % 16));
            QCOMPARE(word(t[0], size_t(r)), nibbles(row));
        }
        QCOMPARE(word(t[0], 0), 0x52fc9630u);
        QCOMPARE(t[1].shape, (std::vector<int64_t> {1, 1})); // qzeros [groups, out / 8]
        QCOMPARE(word(t[1], 0), 0x77777777u);
        QCOMPARE(t[2].dtype == DType::F16 && t[2].owned[0] == 0x00 && t[2].owned[1] == 0x38, true); // 0.5
        QVERIFY(torch::equal(e.rounded.at(info.name), g.weight));
    }

    // AutoAWQ's GEMM words: word (i, c) holds the codes of outputs 8c + (0, 2, 4, 6, 1, 3, 5, 7) at input i;
    // codes and zero points unsigned (compressed-tensors' signed ones + 8).
    void awqWords()
    {
        const int64_t rows = 8, cols = 8;
        auto codes = torch::empty({rows, cols}, torch::kFloat32);
        for (int64_t r = 0; r < rows; ++r)
            for (int64_t i = 0; i < cols; ++i)
                codes[r][i] = float((r + 5 * i) % 16 - 8);
        const auto zero = torch::arange(rows, torch::kFloat32).reshape({rows, 1}) - 4.0f;
        const auto scale = torch::full({rows, 1}, 0.25f);
        const std::vector<std::pair<std::string, torch::Tensor>> parts {
            {"codes", codes}, {"scale", scale}, {"zero", zero}};
        const LayerInfo info {"model.layers.0.self_attn.v_proj.weight", 0, "v", rows, cols};
        const auto weight = (codes - zero) * scale;
        ExportedWeights e;
        e.layout = ExportLayout::Awq;
        e.config = QuantConfig::parse("awq:4:g8");
        packLayer(e, {&info, weight, 4, nullptr, &parts});
        const auto& t = e.packed.at(info.name);
        QCOMPARE(t.size(), size_t(3));
        QCOMPARE(t[0].shape, (std::vector<int64_t> {cols, 1})); // [in, out / 8]
        const int order[8] = {0, 2, 4, 6, 1, 3, 5, 7};
        for (int64_t i = 0; i < cols; ++i) {
            std::vector<int> w;
            for (int k : order)
                w.push_back(int((k + 5 * i) % 16));
            QCOMPARE(word(t[0], size_t(i)), nibbles(w));
        }
        std::vector<int> z;
        for (int k : order)
            z.push_back(k - 4 + 8);
        QCOMPARE(word(t[1], 0), nibbles(z));
        QVERIFY(torch::equal(e.rounded.at(info.name), weight)); // 0.25 is a float16
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("needle");
        // One table row per line:
        // clang-format off
        QTest::addRow("rtn") << "rtn:4:g128:sym" << "" << "hold GPTQ and AWQ configs";
        QTest::addRow("gptq as awq") << "gptq:4:g128:sym" << "awq" << "export it as gptq";
        QTest::addRow("3 bits") << "gptq:3:g128:sym" << "" << "packs 2, 4 or 8 bits";
        QTest::addRow("awq 8 bits") << "awq:8:g128" << "awq" << "AWQ checkpoints hold 4 bits";
        QTest::addRow("awq per channel") << "awq:4:pc" << "" << "AWQ checkpoints hold groups";
        QTest::addRow("gptq activations") << "gptq:4:g128:sym:a8" << "" << "quantizes activations";
        QTest::addRow("mixed bits") << "gptq:4:g128:sym:down=w8" << "" << "keeps down layers at 8 bits";
        QTest::addRow("fp8 as gptq") << "fp8" << "gptq" << "export it as compressed-tensors";
        QTest::addRow("e5m2") << "fp8:e5m2" << "" << "float8_e4m3fn";
        QTest::addRow("nvfp4 inputs") << "nvfp4:a4nv" << "" << "one scale per tensor";
        QTest::addRow("mx inputs") << "mxfp4:a4mx" << "" << "only as FP8 per token";
        QTest::addRow("int inputs") << "mxfp4:a8" << "" << "only as FP8 per token";
        QTest::addRow("nf4") << "nf4" << "compressed-tensors" << "holds fp8, mxfp4, mxfp8 and nvfp4";
        QTest::addRow("groups") << "awq:4:g96" << "" << "do not divide its input columns";
        QTest::addRow("format") << "awq:4" << "exl2" << "the formats are gptq, awq and compressed-tensors";
        QTest::addRow("rotated") << "gptq:4:g128:sym:rotd" << "" << "export the unrotated config";
        QTest::addRow("rotated fp8") << "fp8:rot" << "" << "online Hadamard transform before every down_proj";
        // clang-format on
    }

    void refusals()
    {
        QFETCH(QString, spec);
        QFETCH(QString, format);
        QFETCH(QString, needle);
        const std::vector<LayerInfo> layers {{"model.layers.0.self_attn.q_proj.weight", 0, "q", 256, 256},
                                             {"model.layers.0.mlp.down_proj.weight", 0, "down", 256, 512}};
        const QuantConfig c = QuantConfig::parse(spec.toStdString());
        try {
            checkExportFits(c, exportLayout(format.toStdString(), c), layers, "config 'x'");
            QFAIL("accepted");
        } catch (const ConfigError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(needle), e.what());
        }
    }

    void accepted()
    {
        const std::vector<LayerInfo> layers {{"model.layers.0.self_attn.q_proj.weight", 0, "q", 256, 256},
                                             {"model.layers.0.mlp.down_proj.weight", 0, "down", 256, 512}};
        for (const char* spec : {"gptq:4:g128:sym:act", "gptq:2:pc:asym", "awq:4", "fp8:a8fp", "fp8:pt", "mxfp8",
                                 "mxfp4", "fp8:a8fp:down=a16", "nvfp4"}) {
            const QuantConfig c = QuantConfig::parse(spec);
            checkExportFits(c, exportLayout("", c), layers, spec);
        }
        const QuantConfig awq = QuantConfig::parse("awq:4");
        QVERIFY(exportLayout("", awq) == ExportLayout::Awq);
        QVERIFY(exportLayout("gptq", awq) == ExportLayout::Gptq);
        checkExportFits(awq, ExportLayout::Gptq, layers, "awq as gptq");
    }
};

QTEST_GUILESS_MAIN(TstExportFormats)
#include "tst_exportformats.moc"
