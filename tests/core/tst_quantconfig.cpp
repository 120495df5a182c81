// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The quantization config: CLI specs of every method and activation format, ids, labels, mixed
// precision per module kind, JSON round trips and clear errors for bad values (split from tst_config).

#include "tests/support/testutils.h"

#include "core/common/errors.h"
#include "core/config/config.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>

#include <string>

using namespace qs;
using qs::test::errorOf;

class TstQuantConfig : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The quantization config's JSON (as the store keeps it) and its spec strings: no value wraps or
    // is truncated on its way in.
    void badQuantValues_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QStringList>("fragments");
        const auto row = [](const char* tag, const char* json, const char* spec,
                            std::initializer_list<const char*> fragments) {
            QTest::addRow("%s", tag) << QString::fromUtf8(json) << QString::fromUtf8(spec)
                                     << qs::test::fragmentList(fragments);
        };
        // clang-format off
        row("json bits 2^32+4", R"({"method":"rtn","bits":4294967300})", "", {"bits = 4294967300"});
        row("json bits fraction", R"({"method":"rtn","bits":4.5})", "", {"bits = 4.5"});
        row("json group_size 2^31", R"({"method":"rtn","bits":4,"group_size":2147483648})", "", {"group_size = 2147483648", "-1 (per channel)"});
        row("json group_size fraction", R"({"method":"rtn","bits":4,"group_size":32.5})", "", {"group_size = 32.5"});
        row("json act_bits fraction", R"({"method":"rtn","bits":4,"act_bits":3.5})", "", {"act_bits = 3.5"});
        row("json act_group_size 0", R"({"method":"rtn","bits":4,"act_bits":4,"act_group_size":0})", "", {"act_group_size = 0", "-1 (per token)"});
        row("json calib_seed -1", R"({"method":"gptq","bits":4,"calib_seed":-1})", "", {"calib_seed = -1", "[0, 9223372036854775807]"});
        row("json percdamp 1.5", R"({"method":"gptq","bits":4,"percdamp":1.5})", "", {"percdamp = 1.5", "[0, 0.999]"});
        row("json block_size 0", R"({"method":"gptq","bits":4,"block_size":0})", "", {"block_size = 0", "[1, 65536]"});
        row("json calib_sequences 2^32+1", R"({"method":"gptq","bits":4,"calib_sequences":4294967297})", "", {"calib_sequences = 4294967297", "[1, 1048576]"});
        row("json calib_seq_len 1", R"({"method":"gptq","bits":4,"calib_seq_len":1})", "", {"calib_seq_len = 1", "[2, 1048576]"});
        row("json override bits 2^32+8", R"({"method":"rtn","bits":4,"overrides":{"down":{"bits":4294967304}}})", "", {"overrides.down.bits = 4294967304"});
        row("spec bits overflow", "", "rtn:99999999999", {"bits '99999999999' is not a whole number in [2, 8]"});
        row("spec bits with a space", "", "rtn: 4", {"bits ' 4' is not a whole number in [2, 8]"});
        row("spec bits with a plus", "", "rtn:+4", {"bits '+4' is not a whole number in [2, 8]"});
        row("spec calibration 0 sequences", "", "gptq:4:cal0x128", {"gptq calibration sequences = 0", "[1, 1048576]"});
        row("json element for rtn", R"({"method":"rtn","bits":4,"element":"e5m2"})", "", {"element applies to fp8 only"});
        row("json double_quant for mxfp4", R"({"method":"mxfp4","double_quant":true})", "", {"double_quant applies to nf4 and fp4 only"});
        row("json fp8 group 32", R"({"method":"fp8","group_size":32})", "", {"group_size = 32"});
        row("json act format word", R"({"method":"none","act_bits":4,"act_format":"mxfp"})", "", {"act_format", "one of"});
        row("json mx acts in groups", R"({"method":"none","act_bits":4,"act_format":"mx","act_group_size":32})", "", {"have their own blocks"});
        row("json hqq 5 bits", R"({"method":"hqq","bits":5})", "", {"it takes 2, 3, 4, 8"});
        row("json rotation word", R"({"method":"rtn","bits":4,"rotation":"quarot"})", "", {"rotation", "one of"});
        row("json seed of plain hadamard", R"({"method":"rtn","bits":4,"rotation":"hadamard","rotation_seed":3})", "", {"rotation_seed applies to the random rotation only"});
        row("json rotation seed -1", R"({"method":"rtn","bits":4,"rotation":"random","rotation_seed":-1})", "", {"rotation_seed = -1"});
        // clang-format on
    }

    void badQuantValues()
    {
        QFETCH(QString, json);
        QFETCH(QString, spec);
        QFETCH(QStringList, fragments);
        const QString message = qs::test::errorOfType<ConfigError>([&] {
            if (!json.isEmpty())
                QuantConfig::fromJson(json.toStdString());
            else
                QuantConfig::parse(spec.toStdString());
        });
        QVERIFY2(!message.isEmpty(), "accepted");
        for (const QString& fragment : fragments)
            QVERIFY2(message.contains(fragment), qPrintable(message));
    }

    void quantSpecs_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("bits");
        QTest::addColumn<int>("group");
        QTest::addColumn<bool>("sym");
        QTest::addColumn<QString>("id");
        QTest::addRow("w4 g32 sym") << "rtn:4:g32:sym" << 4 << 32 << true << "rtn_w4_g32_sym";
        QTest::addRow("w3 per-channel asym") << "rtn:3:pc:asym" << 3 << -1 << false << "rtn_w3_pc_asym";
        QTest::addRow("defaults") << "rtn:8" << 8 << -1 << true << "rtn_w8_pc_sym";
        QTest::addRow("w2 g128") << "RTN:2:g128" << 2 << 128 << true << "rtn_w2_g128_sym";
        QTest::addRow("gptq act-order") << "gptq:4:g128:sym:act" << 4 << 128 << true << "gptq_w4_g128_sym_act";
        QTest::addRow("gptq no act-order") << "gptq:3:pc:asym:noact" << 3 << -1 << false << "gptq_w3_pc_asym_noact";
        // The formats' own bits, blocks and symmetry when the spec names none (their libraries' defaults).
        QTest::addRow("hqq") << "hqq:3" << 3 << 64 << false << "hqq_w3_g64";
        QTest::addRow("nf4") << "nf4" << 4 << 64 << true << "nf4_w4_g64_dq";
        QTest::addRow("nf4 bits given") << "nf4:4:g128:nodq" << 4 << 128 << true << "nf4_w4_g128";
        QTest::addRow("fp4") << "FP4" << 4 << 64 << true << "fp4_w4_g64_dq";
        QTest::addRow("mxfp4") << "mxfp4" << 4 << 32 << true << "mxfp4_w4_g32";
        QTest::addRow("mxfp8") << "mxfp8" << 8 << 32 << true << "mxfp8_w8_g32";
        QTest::addRow("nvfp4") << "nvfp4" << 4 << 16 << true << "nvfp4_w4_g16";
        QTest::addRow("fp8") << "fp8" << 8 << -1 << true << "fp8_w8_e4m3_pc";
        QTest::addRow("fp8 per tensor e5m2") << "fp8:e5m2:pt" << 8 << 0 << true << "fp8_w8_e5m2_pt";
        QTest::addRow("llm.int8") << "int8:a8lt" << 8 << -1 << true << "int8_w8_pc_a8lt";
    }

    void quantSpecs()
    {
        QFETCH(QString, spec);
        QFETCH(int, bits);
        QFETCH(int, group);
        QFETCH(bool, sym);
        QFETCH(QString, id);
        const QuantConfig c = QuantConfig::parse(spec.toStdString());
        QCOMPARE(c.bits, bits);
        QCOMPARE(c.groupSize, group);
        QCOMPARE(c.symmetric, sym);
        QCOMPARE(QString::fromStdString(c.id()), id);
        QVERIFY(QuantConfig::fromJson(c.toJson()) == c);
    }

    void badQuantSpecs_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("expected");
        // One table row per line:
        // clang-format off
        QTest::addRow("bits too high") << "rtn:9" << "[2, 8]";
        QTest::addRow("bits too low") << "rtn:1:g32" << "[2, 8]";
        QTest::addRow("bits not a number") << "rtn:four" << "four";
        QTest::addRow("unknown method") << "smoothquant:4" << "smoothquant";
        QTest::addRow("bad group") << "rtn:4:x32" << "x32";
        QTest::addRow("bad sym") << "rtn:4:g32:maybe" << "maybe";
        QTest::addRow("too short") << "rtn" << "expected method:bits[:options]";
        QTest::addRow("act-order for rtn") << "rtn:4:g32:sym:act" << "gptq only";
        QTest::addRow("bad act") << "gptq:4:g32:sym:sometimes" << "sometimes";
        QTest::addRow("hqq bits") << "hqq:5" << "it takes 2, 3, 4, 8";
        QTest::addRow("hqq symmetric") << "hqq:4:sym" << "asymmetric (a zero point)";
        QTest::addRow("hqq per channel") << "hqq:4:pc" << "it quantizes groups";
        QTest::addRow("nf4 bits") << "nf4:3" << "it takes 4";
        QTest::addRow("nf4 block") << "nf4:g48" << "32, 64, 128";
        QTest::addRow("mx block") << "mxfp4:g64" << "the format's block is 32";
        QTest::addRow("mxfp4 asym") << "mxfp4:asym" << "symmetric (absmax scales)";
        QTest::addRow("fp8 groups") << "fp8:g128" << "per tensor (pt) or per output channel (pc)";
        QTest::addRow("per tensor rtn") << "rtn:4:pt" << "applies to fp8 only";
        QTest::addRow("dq for rtn") << "rtn:4:dq" << "nf4 and fp4 only";
        QTest::addRow("e5m2 for mx") << "mxfp8:e5m2" << "applies to fp8 only";
        QTest::addRow("mx act bits") << "mxfp4:a6mx" << "MX activations (4: MXFP4, 8: MXFP8)";
        QTest::addRow("nv act bits") << "none:a8nv" << "NVFP4 activations (4)";
        QTest::addRow("fp act bits") << "none:a4fp" << "FP8 activations (8)";
        QTest::addRow("bad act format") << "none:a4xx" << "a<bits>mx";
        QTest::addRow("nvfp4 kind bits") << "nvfp4:down=w8" << "gives a kind no other bits";
        QTest::addRow("mx rule bits") << "mxfp4:down=a6mx" << "MX activations";
        QTest::addRow("rule format") << "rtn:4:down=a8zz" << "<kind>=w<bits>a<bits>";
        QTest::addRow("method list") << "spqr:4" << "none, rtn, gptq, awq, hqq, nf4, fp4, mxfp4, mxfp8, nvfp4, fp8, int8";
        QTest::addRow("int8 groups") << "int8:g64" << "per output channel (pc)";
        QTest::addRow("lt bits") << "none:a4lt" << "LLM.int8 activations (8)";
        QTest::addRow("rotated awq") << "awq:4:g128:rot" << "AWQ scales the input channels";
        QTest::addRow("rotation word") << "rtn:4:a4:rotx" << "must be rot, rot<seed> (random signs) or rotd";
        QTest::addRow("two rotations") << "rtn:4:a4:rot:rotd" << "two rotation options";
        // clang-format on
    }

    void badQuantSpecs()
    {
        QFETCH(QString, spec);
        QFETCH(QString, expected);
        const QString message = errorOf([&] { QuantConfig::parse(spec.toStdString()); });
        QVERIFY2(message.contains(expected), qPrintable(message));
    }

    void quantSpecIds_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("label");
        QTest::addColumn<int>("actBits");
        QTest::addColumn<int>("actGroup");
        // Weight-only specs keep their ids; the label spells method, bits, grouping, symmetry.
        // One table row per line:
        // clang-format off
        QTest::addRow("w4 g32 sym") << "rtn:4:g32:sym" << "rtn_w4_g32_sym" << "RTN W4 g32 sym" << 16 << -1;
        QTest::addRow("w3 pc asym") << "rtn:3:pc:asym" << "rtn_w3_pc_asym" << "RTN W3 per-channel asym" << 16 << -1;
        QTest::addRow("gptq noact") << "gptq:3:pc:asym:noact" << "gptq_w3_pc_asym_noact" << "GPTQ W3 per-channel asym"
                                    << 16 << -1;
        // clang-format on
        // a4 per token, one rule raising down's input to 8 bits.
        // One table row per line:
        // clang-format off
        QTest::addRow("w4a4 down a8") << "rtn:4:g128:sym:a4:down=a8" << "rtn_w4_g128_sym_a4_down.a8"
                                      << "RTN W4A4 g128 sym, down A8" << 4 << -1;
        // clang-format on
        // Method none keeps W16: only the activation part shows.
        // One table row per line:
        // clang-format off
        QTest::addRow("none a4") << "none:a4" << "fp_a4" << "W16A4" << 4 << -1;
        QTest::addRow("rotated w4a4") << "rtn:4:g128:a4:rot" << "rtn_w4_g128_sym_a4_rot" << "RTN W4A4 g128 sym, rotated" << 4 << -1;
        QTest::addRow("rotated seed 7") << "gptq:4:g128:a4:rot7:down=a8" << "gptq_w4_g128_sym_act_a4_down.a8_rot7" << "GPTQ W4A4 g128 sym act-order, down A8, rotated s7" << 4 << -1;
        QTest::addRow("plain hadamard a4") << "none:a4:rotd" << "fp_a4_rotd" << "W16A4, Hadamard-rotated" << 4 << -1;
        QTest::addRow("rotation only") << "none:rotd" << "fp_rotd" << "FP, Hadamard-rotated" << 16 << -1;
        QTest::addRow("none") << "none" << "fp" << "FP" << 16 << -1;
        QTest::addRow("fp alias") << "fp" << "fp" << "FP" << 16 << -1;
        // clang-format on
        // sym is the default; a4g32 = 4 bits per group of 32 channels.
        // One table row per line:
        // clang-format off
        QTest::addRow("act groups") << "rtn:4:g128:a4g32" << "rtn_w4_g128_sym_a4g32" << "RTN W4A4 g128 sym (act g32)"
                                    << 4 << 32;
        QTest::addRow("gptq down w8a8") << "gptq:3:g128:sym:act:down=w8a8" << "gptq_w3_g128_sym_act_down.w8a8"
                                        << "GPTQ W3 g128 sym act-order, down W8A8" << 16 << -1;
        // clang-format on
        // Rules are listed in module order q, k, v, o, gate, up, down, whatever the spec order.
        // One table row per line:
        // clang-format off
        QTest::addRow("two rules") << "rtn:4:down=a8:q=w8" << "rtn_w4_pc_sym_q.w8_down.a8"
                                   << "RTN W4 per-channel sym, q W8, down A8" << 16 << -1;
        QTest::addRow("options any order") << "rtn:4:q=w8:a8:asym:down=a8:g64" << "rtn_w4_g64_asym_a8_q.w8_down.a8"
                                           << "RTN W4A8 g64 asym, q W8, down A8" << 8 << -1;
        // clang-format on
        // Calibration other than the default 32 x 128 is part of the id: two sizes can be compared.
        // One table row per line:
        // clang-format off
        QTest::addRow("gptq calibration") << "gptq:4:g16:act:cal8x32" << "gptq_w4_g16_sym_act_cal8x32"
                                          << "GPTQ W4 g16 sym act-order" << 16 << -1;
        QTest::addRow("gptq default calibration") << "gptq:4:g16:act:cal32x128" << "gptq_w4_g16_sym_act"
                                                  << "GPTQ W4 g16 sym act-order" << 16 << -1;
        QTest::addRow("none rule") << "none:a4:down=a8" << "fp_a4_down.a8" << "W16A4, down A8" << 4 << -1;
        // clang-format on
        // w16 in a rule keeps that kind in full precision; allowed with method none.
        // One table row per line:
        // clang-format off
        QTest::addRow("none w16 rule") << "none:up=w16a8" << "fp_up.w16a8" << "W16A16, up W16A8" << 16 << -1;
        // The formats: weights by their name, activations by format (a4mx = MXFP4, a8fp = FP8 per token),
        // a rule may change a kind's activation format ("FC2 input at MXFP8, the rest MXFP4").
        QTest::addRow("hqq") << "hqq:4" << "hqq_w4_g64" << "HQQ W4 g64" << 16 << -1;
        QTest::addRow("nf4") << "nf4" << "nf4_w4_g64_dq" << "NF4 g64 double-quant" << 16 << -1;
        QTest::addRow("fp4 nodq") << "fp4:nodq" << "fp4_w4_g64" << "FP4 g64" << 16 << -1;
        QTest::addRow("mxfp4 w4a4") << "mxfp4:a4mx:down=a8mx" << "mxfp4_w4_g32_a4mx_down.a8"
                                    << "MXFP4 A-MXFP4, down A-MXFP8" << 4 << -1;
        QTest::addRow("mxfp4 down inherits") << "mxfp4:a4mx:down=a8" << "mxfp4_w4_g32_a4mx_down.a8"
                                             << "MXFP4 A-MXFP4, down A-MXFP8" << 4 << -1;
        QTest::addRow("nvfp4 down fp8") << "nvfp4:a4nv:down=a8fp" << "nvfp4_w4_g16_a4nv_down.a8fp"
                                        << "NVFP4 A-NVFP4, down A-FP8" << 4 << -1;
        QTest::addRow("fp8 w8a8") << "fp8:a8fp" << "fp8_w8_e4m3_pc_a8fp" << "FP8 E4M3 per-channel A-FP8" << 8 << -1;
        QTest::addRow("fp8 pt") << "fp8:pt" << "fp8_w8_e4m3_pt" << "FP8 E4M3 per-tensor" << 16 << -1;
        QTest::addRow("w16 mx acts") << "none:a4mx" << "fp_a4mx" << "W16 A-MXFP4" << 4 << -1;
        QTest::addRow("rtn int acts, down mx") << "rtn:4:g128:a4:down=a8mx" << "rtn_w4_g128_sym_a4_down.a8mx"
                                               << "RTN W4A4 g128 sym, down A-MXFP8" << 4 << -1;
        QTest::addRow("mx weights down w8") << "mxfp4:down=w8" << "mxfp4_w4_g32_down.w8" << "MXFP4, down W8" << 16
                                            << -1;
        QTest::addRow("llm.int8") << "int8:a8lt" << "int8_w8_pc_a8lt" << "LLM.int8 W8A8" << 8 << -1;
        QTest::addRow("llm.int8 weights") << "int8" << "int8_w8_pc" << "LLM.int8 W8" << 16 << -1;
        QTest::addRow("llm.int8 int acts") << "int8:a8" << "int8_w8_pc_a8" << "LLM.int8 W8 A8" << 8 << -1;
        // A rule's format equal to the config's is the config's (one id per quantization); integers under
        // another format are a<B>i.
        QTest::addRow("nvfp4 down int") << "nvfp4:a4nv:down=a8i" << "nvfp4_w4_g16_a4nv_down.a8i"
                                        << "NVFP4 A-NVFP4, down A8" << 4 << -1;
        QTest::addRow("mx down a16") << "none:a4mx:down=a16mx" << "fp_a4mx_down.a16" << "W16 A-MXFP4, down A16" << 4
                                     << -1;
        QTest::addRow("int rule under int") << "rtn:4:a4:down=a8i" << "rtn_w4_pc_sym_a4_down.a8"
                                            << "RTN W4A4 per-channel sym, down A8" << 4 << -1;
        QTest::addRow("rtn lt acts") << "rtn:4:a8lt" << "rtn_w4_pc_sym_a8lt" << "RTN W4 per-channel sym A-LLM.int8"
                                     << 8 << -1;
        // clang-format on
    }

    void quantSpecIds()
    {
        QFETCH(QString, spec);
        QFETCH(QString, id);
        QFETCH(QString, label);
        QFETCH(int, actBits);
        QFETCH(int, actGroup);
        const QuantConfig c = QuantConfig::parse(spec.toStdString());
        QCOMPARE(QString::fromStdString(c.id()), id);
        QCOMPARE(QString::fromStdString(c.label()), label);
        QCOMPARE(c.actBits, actBits);
        QCOMPARE(c.actGroupSize, actGroup);
        // The JSON round trip keeps every field, overrides included.
        const QuantConfig back = QuantConfig::fromJson(c.toJson());
        QVERIFY(back == c);
        QVERIFY(back.overrides == c.overrides);
        QCOMPARE(QString::fromStdString(back.id()), id);
        // Unrotated configs keep the JSON they had before rotations existed.
        QCOMPARE(QString::fromStdString(c.toJson()).contains(QStringLiteral("rotation")), c.rotation != Rotation::None);
    }

    void fullPrecisionConfig()
    {
        const QuantConfig fp = QuantConfig::fullPrecision();
        QVERIFY(fp.method == QuantMethod::None);
        QCOMPARE(fp.bits, 16);
        QCOMPARE(fp.actBits, 16);
        QVERIFY(fp.overrides.empty());
        QCOMPARE(fp.id(), std::string("fp"));
        QCOMPARE(fp.label(), std::string("FP"));
        QVERIFY(fp.isFullPrecision());
        QVERIFY(!fp.quantizesActivations());
        for (const std::string& kind : layerKinds()) {
            QCOMPARE(fp.weightBitsFor(kind), 16);
            QCOMPARE(fp.actBitsFor(kind), 16);
        }
        // "none" and "fp" name that same config.
        QVERIFY(QuantConfig::parse("none") == fp);
        QVERIFY(QuantConfig::parse("fp") == fp);
        QVERIFY(QuantConfig::fromJson(fp.toJson()) == fp);
        QVERIFY(!QuantConfig::parse("none:a4").isFullPrecision());
        QVERIFY(!QuantConfig::parse("none:down=a8").isFullPrecision());
        QVERIFY(!QuantConfig::parse("rtn:8").isFullPrecision());
        QCOMPARE(QString::fromStdString(toString(QuantMethod::None)), QStringLiteral("none"));
    }

    void layerKindList()
    {
        QCOMPARE(layerKinds(), (std::vector<std::string> {"q", "k", "v", "o", "gate", "up", "down"}));
    }

    void bitsPerKind_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("weightBits");
        QTest::addColumn<int>("actBits");
        // No rule for the kind: the config's own bits (W16 for none, A16 when activations are off).
        // One table row per line:
        // clang-format off
        QTest::addRow("w4 weight-only, q") << "rtn:4" << "q" << 4 << 16;
        QTest::addRow("w4a4, q") << "rtn:4:g128:a4:down=a8" << "q" << 4 << 4;
        // clang-format on
        // down=a8 overrides only the activation bits; weights inherit 4.
        // One table row per line:
        // clang-format off
        QTest::addRow("w4a4, down a8") << "rtn:4:g128:a4:down=a8" << "down" << 4 << 8;
        QTest::addRow("gptq, down w8a8") << "gptq:3:g128:sym:act:down=w8a8" << "down" << 8 << 8;
        QTest::addRow("gptq, up") << "gptq:3:g128:sym:act:down=w8a8" << "up" << 3 << 16;
        QTest::addRow("none a4, gate") << "none:a4" << "gate" << 16 << 4;
        QTest::addRow("none, o") << "none" << "o" << 16 << 16;
        QTest::addRow("none a8, up a4") << "none:a8:up=a4" << "up" << 16 << 4;
        QTest::addRow("none a8, v") << "none:a8:up=a4" << "v" << 16 << 8;
        // clang-format on
        // 16 in a rule: that kind stays in full precision.
        // One table row per line:
        // clang-format off
        QTest::addRow("q w16") << "rtn:4:q=w16" << "q" << 16 << 16;
        QTest::addRow("q w16, k") << "rtn:4:q=w16" << "k" << 4 << 16;
        QTest::addRow("down a16") << "rtn:4:a4:down=a16" << "down" << 4 << 16;
        QTest::addRow("down a16, gate") << "rtn:4:a4:down=a16" << "gate" << 4 << 4;
        // clang-format on
        // w-only rule keeps the config's activation bits.
        // One table row per line:
        // clang-format off
        QTest::addRow("k w8 a6") << "rtn:3:a6:k=w8" << "k" << 8 << 6;
        // clang-format on
    }

    void bitsPerKind()
    {
        QFETCH(QString, spec);
        QFETCH(QString, kind);
        QFETCH(int, weightBits);
        QFETCH(int, actBits);
        const QuantConfig c = QuantConfig::parse(spec.toStdString());
        QCOMPARE(c.weightBitsFor(kind.toStdString()), weightBits);
        QCOMPARE(c.actBitsFor(kind.toStdString()), actBits);
    }

    void quantizesActivations_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<bool>("expected");
        QTest::addRow("weight-only") << "rtn:4:g32" << false;
        QTest::addRow("a4") << "rtn:4:a4" << true;
        QTest::addRow("none a8") << "none:a8" << true;
        // One kind with activation bits is enough.
        QTest::addRow("only down a8") << "rtn:4:down=a8" << true;
        QTest::addRow("only weights per kind") << "rtn:4:down=w8" << false;
        // Every kind raised back to 16 bits: nothing is quantized after all.
        QTest::addRow("a4, all kinds a16") << "rtn:4:a4:q=a16:k=a16:v=a16:o=a16:gate=a16:up=a16:down=a16" << false;
        QTest::addRow("a4, all but down a16") << "rtn:4:a4:q=a16:k=a16:v=a16:o=a16:gate=a16:up=a16" << true;
    }

    void quantizesActivations()
    {
        QFETCH(QString, spec);
        QFETCH(bool, expected);
        QCOMPARE(QuantConfig::parse(spec.toStdString()).quantizesActivations(), expected);
    }

    void weightOnlyJsonUnchanged_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addRow("rtn") << "rtn:4:g128:sym";
        QTest::addRow("gptq") << "gptq:3:g128:sym:act";
        QTest::addRow("a16 is off") << "rtn:4:g128:a16";
    }

    void weightOnlyJsonUnchanged()
    {
        // Stores written before activation quantization compare their config JSON with the new one,
        // so a weight-only config must not gain keys.
        QFETCH(QString, spec);
        const QuantConfig c = QuantConfig::parse(spec.toStdString());
        const QJsonObject j = QJsonDocument::fromJson(QByteArray::fromStdString(c.toJson())).object();
        QVERIFY(!j.isEmpty());
        QVERIFY2(!j.contains(QLatin1String("act_bits")), c.toJson().c_str());
        QVERIFY2(!j.contains(QLatin1String("act_group_size")), c.toJson().c_str());
        QVERIFY2(!j.contains(QLatin1String("overrides")), c.toJson().c_str());
        QCOMPARE(j.value(QLatin1String("bits")).toInt(), c.bits);
    }

    void activationJson()
    {
        // The JSON names the activation bits and each rule with both fields (0 = inherit).
        const QuantConfig c = QuantConfig::parse("rtn:4:g128:a4g32:down=w8a8:q=a6");
        const QJsonObject j = QJsonDocument::fromJson(QByteArray::fromStdString(c.toJson())).object();
        QCOMPARE(j.value(QLatin1String("act_bits")).toInt(), 4);
        QCOMPARE(j.value(QLatin1String("act_group_size")).toInt(), 32);
        const QJsonObject rules = j.value(QLatin1String("overrides")).toObject();
        QCOMPARE(rules.keys(), (QStringList {QStringLiteral("down"), QStringLiteral("q")}));
        const QJsonObject down = rules.value(QLatin1String("down")).toObject();
        QCOMPARE(down.value(QLatin1String("bits")).toInt(), 8);
        QCOMPARE(down.value(QLatin1String("act_bits")).toInt(), 8);
        const QJsonObject q = rules.value(QLatin1String("q")).toObject();
        QCOMPARE(q.value(QLatin1String("bits")).toInt(), 0);
        QCOMPARE(q.value(QLatin1String("act_bits")).toInt(), 6);
    }

    void overridesRoundTrip()
    {
        // Built by hand rather than parsed: every kind, every flavour of rule.
        QuantConfig c;
        c.method = QuantMethod::Gptq;
        c.bits = 3;
        c.groupSize = 64;
        c.symmetric = false;
        c.actOrder = false;
        c.actBits = 6;
        c.actGroupSize = 16;
        c.overrides = {{"q", {8, 0, {}}},    {"k", {0, 8, {}}},   {"v", {16, 16, {}}},  {"o", {2, 2, {}}},
                       {"gate", {4, 8, {}}}, {"up", {0, 16, {}}}, {"down", {16, 0, {}}}};
        c.validate();
        const QuantConfig back = QuantConfig::fromJson(c.toJson());
        QVERIFY(back == c);
        QCOMPARE(back.overrides.size(), size_t(7));
        QVERIFY((back.overrides.at("gate") == KindPrecision {4, 8, {}}));
        QCOMPARE(back.weightBitsFor("down"), 16);
        QCOMPARE(back.actBitsFor("down"), 6);
        QCOMPARE(back.weightBitsFor("k"), 3);
        QCOMPARE(back.actBitsFor("k"), 8);
        // A changed rule makes another config.
        QuantConfig other = c;
        other.overrides["o"].actBits = 3;
        QVERIFY(!(QuantConfig::fromJson(other.toJson()) == c));
    }

    void badMixedSpecs_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("expected");
        // One table row per line:
        // clang-format off
        QTest::addRow("act bits too high") << "rtn:4:a9" << "activation bits = 9";
        QTest::addRow("act bits too low") << "rtn:4:a1" << "activation bits = 1";
        QTest::addRow("act group zero") << "rtn:4:a4g0" << "activation group size = 0";
        QTest::addRow("act group missing") << "rtn:4:a4g" << "activation option 'a4g'";
        QTest::addRow("act group not a number") << "rtn:4:a4gx" << "activation option 'a4gx'";
        QTest::addRow("override bits too low") << "rtn:4:down=w1" << "weight bits of 'down' = 1";
        QTest::addRow("override act bits too high") << "rtn:4:up=a12" << "activation bits of 'up' = 12";
        QTest::addRow("unknown kind") << "rtn:4:foo=a8" << "unknown module kind 'foo'";
        QTest::addRow("empty kind") << "rtn:4:=a8" << "unknown module kind ''";
        QTest::addRow("malformed rule") << "rtn:4:down=x8" << "mixed-precision rule 'down=x8'";
        QTest::addRow("rule without bits") << "rtn:4:down=" << "mixed-precision rule 'down='";
        QTest::addRow("rule, a without bits") << "rtn:4:down=w4a" << "mixed-precision rule 'down=w4a'";
        QTest::addRow("rule, order a then w") << "rtn:4:down=a8w4" << "mixed-precision rule 'down=a8w4'";
        QTest::addRow("duplicate rule") << "rtn:4:down=a8:down=w8" << "'down' has two mixed-precision rules";
        QTest::addRow("none with weight rule") << "none:down=w4" << "method 'none'";
        QTest::addRow("none with bits") << "none:4" << "'4' is not an option";
        QTest::addRow("act-order on rtn") << "rtn:4:g128:act" << "gptq only";
        QTest::addRow("noact on none") << "none:noact" << "gptq only";
        QTest::addRow("unknown option") << "rtn:4:g128:fast" << "'fast' is not an option";
        QTest::addRow("empty spec") << "" << "expected method:bits[:options]";
        QTest::addRow("calibration on rtn") << "rtn:4:cal8x32" << "applies to the calibrated methods (gptq, awq) only";
        QTest::addRow("calibration malformed") << "gptq:4:cal8" << "cal<sequences>x<length>";
        QTest::addRow("calibration too short") << "gptq:4:cal8x1" << "gptq calibration length";
        QTest::addRow("trailing colon") << "rtn:4:" << "expected method:bits[:options]";
        // clang-format on
        // Options that would change the JSON but not the id: refused, so one id means one config.
        // One table row per line:
        // clang-format off
        QTest::addRow("none with asym") << "none:asym" << "method 'none' keeps weights in full precision";
        QTest::addRow("none with group") << "none:a4:g64" << "method 'none' keeps weights in full precision";
        QTest::addRow("act group without act bits") << "rtn:4:a16g32" << "without activation bits";
        // clang-format on
    }

    void badMixedSpecs()
    {
        QFETCH(QString, spec);
        QFETCH(QString, expected);
        const QString message = errorOf([&] { QuantConfig::parse(spec.toStdString()); });
        QVERIFY2(message.contains(expected), qPrintable(message));
        // The message quotes the spec it rejects.
        QVERIFY2(message.contains(QStringLiteral("'%1'").arg(spec)), qPrintable(message));
    }

    void badQuantJson_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("expected");
        // One table row per line:
        // clang-format off
        QTest::addRow("overrides not an object") << R"({"method":"rtn","bits":4,"overrides":[1]})" << "overrides = [1] is not an object";
        QTest::addRow("overrides a string") << R"({"method":"rtn","bits":4,"overrides":"down=a8"})" << "overrides = \"down=a8\" is not an object";
        QTest::addRow("rule not an object") << R"({"method":"rtn","bits":4,"overrides":{"down":8}})" << "overrides.down = 8 is not an object";
        QTest::addRow("rule unknown key")
            << R"({"method":"rtn","bits":4,"overrides":{"down":{"bits":8,"width":2}}})" << "unknown key 'width'";
        QTest::addRow("rule wrong type")
            << R"({"method":"rtn","bits":4,"overrides":{"down":{"act_bits":"eight"}}})" << "overrides.down.act_bits = \"eight\"";
        QTest::addRow("rule unknown kind") << R"({"method":"rtn","bits":4,"overrides":{"fc2":{"bits":8}}})" << "'fc2'";
        QTest::addRow("rule bits out of range")
            << R"({"method":"rtn","bits":4,"overrides":{"up":{"bits":9}}})" << "weight bits of 'up' = 9";
        QTest::addRow("act bits out of range") << R"({"method":"rtn","bits":4,"act_bits":12})" << "act_bits = 12";
        QTest::addRow("act bits wrong type") << R"({"method":"rtn","bits":4,"act_bits":"4"})" << "act_bits = \"4\"";
        QTest::addRow("none with 4 bit weights") << R"({"method":"none","bits":4})" << "method 'none'";
        QTest::addRow("none with weight rule")
            << R"({"method":"none","bits":16,"overrides":{"q":{"bits":4}}})" << "method 'none'";
        QTest::addRow("unknown key") << R"({"method":"rtn","bits":4,"act_bitz":4})" << "unknown key 'act_bitz'";
        QTest::addRow("bits past int") << R"({"method":"rtn","bits":4e300})" << "bits = 4e+300 is not 16 (full precision) or a whole number in [2, 8]";
        QTest::addRow("seed past uint64") << R"({"method":"gptq","bits":4,"calib_seed":1e30})" << "calib_seed = 1e+30 is not a whole number in [0, ";
        // clang-format on
    }

    void badQuantJson()
    {
        QFETCH(QString, json);
        QFETCH(QString, expected);
        const QString message = errorOf([&] { QuantConfig::fromJson(json.toStdString()); });
        QVERIFY2(message.contains(expected), qPrintable(message));
    }

    void noneJsonDefaultsTo16Bits()
    {
        // {"method": "none"} alone means W16, not the default 4 bits.
        const QuantConfig c = QuantConfig::fromJson(R"({"method":"none","act_bits":4})");
        QCOMPARE(c.bits, 16);
        QCOMPARE(c.actBits, 4);
        QCOMPARE(c.id(), std::string("fp_a4"));
    }
};

QS_TEST_GUILESS_MAIN(TstQuantConfig)
#include "tst_quantconfig.moc"
