// Config structs: JSON round trips, CLI quantization specs, and clear errors for bad values.

#include "tests/support/testutils.h"

#include "core/common/errors.h"
#include "core/data/config.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>

using namespace qs;
using qs::test::errorOf;

class TstConfig : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void trainRoundTrip()
    {
        TrainConfig c;
        c.model.dModel = 64;
        c.model.nHeads = 2;
        c.model.dFf = 96;
        c.schedule.kind = ScheduleKind::Cosine;
        c.schedule.peakLr = 1e-2;
        c.schedule.minLr = 1e-4;
        c.steps = 77;
        c.checkpointDtype = "BF16";
        c.seed = 99;
        const TrainConfig back = TrainConfig::fromJson(c.toJson());
        QVERIFY(back == c);
        QVERIFY(!(back == TrainConfig {}));
    }

    void partialJsonKeepsDefaults()
    {
        const TrainConfig c = TrainConfig::fromJson(R"({"steps": 120, "schedule": {"kind": "linear"}})");
        QCOMPARE(c.steps, qint64(120));
        QVERIFY(c.schedule.kind == ScheduleKind::Linear);
        QCOMPARE(c.batchSize, TrainConfig {}.batchSize);
        // A whole number written as a float is still one.
        QCOMPARE(TrainConfig::fromJson(R"({"steps": 1.2e2, "seed": 4.0})").steps, qint64(120));
    }

    void badTrainConfig_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("expected");
        // One table row per line:
        // clang-format off
        QTest::addRow("unknown key") << R"({"stepz": 3})" << "unknown key 'stepz'";
        QTest::addRow("wrong type") << R"({"steps": "many"})" << "'steps'";
        QTest::addRow("bad schedule") << R"({"schedule": {"kind": "triangle"}})" << "triangle";
        QTest::addRow("heads") << R"({"model": {"d_model": 100, "n_heads": 3}})" << "divisible";
        QTest::addRow("seq too long") << R"({"seq_len": 4096})" << "seq_len";
        QTest::addRow("not json") << "{steps" << "invalid JSON";
        QTest::addRow("dtype") << R"({"checkpoint_dtype": "I8"})" << "I8";
        // Found by fuzz/fuzz_recipe: a whole-number key given a number past its type's range was converted
        // with undefined behaviour (UBSan) or wrapped around into range.
        QTest::addRow("seed past uint64") << R"({"seed": 1.13333e32})" << "'seed' must be a whole number from 0 to 18446744073709551615";
        QTest::addRow("batch past int") << R"({"batch_size": 1e300})" << "'batch_size' must be a whole number";
        QTest::addRow("batch wraps to 1") << R"({"batch_size": 4294967297})" << "'batch_size' must be a whole number";
        QTest::addRow("negative seed") << R"({"seed": -1})" << "'seed' must be a whole number";
        QTest::addRow("fractional steps") << R"({"steps": 2.5})" << "'steps' must be a whole number";
        QTest::addRow("model int past int") << R"({"model": {"d_model": -1e20}})" << "'d_model' must be a whole number";
        // clang-format on
    }

    void badTrainConfig()
    {
        QFETCH(QString, json);
        QFETCH(QString, expected);
        const QString message = errorOf([&] { TrainConfig::fromJson(json.toStdString()); });
        QVERIFY2(message.contains(expected), qPrintable(message));
    }

    // Found with fuzz/fuzz_trainconfig: start_tokens near 2^63 overflowed int64 in firstStep (UBSan), which
    // the trainer calls with batch_size × seq_len tokens per step.
    void qatFirstStepOfHugeTokenCounts()
    {
        const TrainConfig c = TrainConfig::fromJson(
            R"({"model": {"max_seq_len": 1048576}, "steps": 1000000000, "batch_size": 65536, "seq_len": 1048576,)"
            R"( "qat": {"quant": "rtn:4", "start_tokens": 9223372036854775807}})");
        const int64_t tokensPerStep = int64_t(c.batchSize) * c.seqLen; // 2^36
        QCOMPARE(c.qat.firstStep(tokensPerStep), qint64(134217729));   // ceil((2^63 - 1) / 2^36) + 1 = 2^27 + 1
        QatConfig q;
        q.startTokens = 64;
        QCOMPARE(q.firstStep(64), qint64(2)); // QAT from the step after the one that reaches 64 tokens
        q.startTokens = 65;
        QCOMPARE(q.firstStep(64), qint64(3));
        q.startTokens = 0;
        QCOMPARE(q.firstStep(64), qint64(1));
    }

    void configFileErrorNamesFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("train.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"batch_size": 0})");
        f.close();
        const QString message = errorOf([&] { TrainConfig::fromFile(path.toStdString()); });
        QVERIFY2(message.contains(path) && message.contains(QLatin1String("batch_size")), qPrintable(message));
        const QString missing =
            errorOf([&] { TrainConfig::fromFile(dir.filePath(QStringLiteral("nope.json")).toStdString()); });
        QVERIFY2(missing.contains(QLatin1String("nope.json")), qPrintable(missing));
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
        QTest::addRow("unknown method") << "awq:4" << "awq";
        QTest::addRow("bad group") << "rtn:4:x32" << "x32";
        QTest::addRow("bad sym") << "rtn:4:g32:maybe" << "maybe";
        QTest::addRow("too short") << "rtn" << "expected method:bits[:options]";
        QTest::addRow("act-order for rtn") << "rtn:4:g32:sym:act" << "gptq only";
        QTest::addRow("bad act") << "gptq:4:g32:sym:sometimes" << "sometimes";
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
        c.overrides = {{"q", {8, 0}},    {"k", {0, 8}},   {"v", {16, 16}},  {"o", {2, 2}},
                       {"gate", {4, 8}}, {"up", {0, 16}}, {"down", {16, 0}}};
        c.validate();
        const QuantConfig back = QuantConfig::fromJson(c.toJson());
        QVERIFY(back == c);
        QCOMPARE(back.overrides.size(), size_t(7));
        QVERIFY((back.overrides.at("gate") == KindPrecision {4, 8}));
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
        QTest::addRow("calibration on rtn") << "rtn:4:cal8x32" << "applies to gptq only";
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
        QTest::addRow("overrides not an object") << R"({"method":"rtn","bits":4,"overrides":[1]})" << "'overrides'";
        QTest::addRow("overrides a string") << R"({"method":"rtn","bits":4,"overrides":"down=a8"})" << "'overrides'";
        QTest::addRow("rule not an object") << R"({"method":"rtn","bits":4,"overrides":{"down":8}})" << "'down'";
        QTest::addRow("rule unknown key")
            << R"({"method":"rtn","bits":4,"overrides":{"down":{"bits":8,"width":2}}})" << "unknown key 'width'";
        QTest::addRow("rule wrong type")
            << R"({"method":"rtn","bits":4,"overrides":{"down":{"act_bits":"eight"}}})" << "'act_bits'";
        QTest::addRow("rule unknown kind") << R"({"method":"rtn","bits":4,"overrides":{"fc2":{"bits":8}}})" << "'fc2'";
        QTest::addRow("rule bits out of range")
            << R"({"method":"rtn","bits":4,"overrides":{"up":{"bits":9}}})" << "weight bits of 'up' = 9";
        QTest::addRow("act bits out of range") << R"({"method":"rtn","bits":4,"act_bits":12})" << "activation bits = 12";
        QTest::addRow("act bits wrong type") << R"({"method":"rtn","bits":4,"act_bits":"4"})" << "'act_bits'";
        QTest::addRow("none with 4 bit weights") << R"({"method":"none","bits":4})" << "method 'none'";
        QTest::addRow("none with weight rule")
            << R"({"method":"none","bits":16,"overrides":{"q":{"bits":4}}})" << "method 'none'";
        QTest::addRow("unknown key") << R"({"method":"rtn","bits":4,"act_bitz":4})" << "unknown key 'act_bitz'";
        QTest::addRow("bits past int") << R"({"method":"rtn","bits":4e300})" << "'bits' must be a whole number";
        QTest::addRow("seed past uint64") << R"({"method":"gptq","bits":4,"calib_seed":1e30})" << "'calib_seed' must be a whole number";
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

    void parameterCount()
    {
        // 4 blocks of (4 * 128^2 attention + 3 * 128 * 384 MLP + 2 * 128 norms), untied 256 x 128
        // embedding and head, final norm.
        ModelConfig m;
        QCOMPARE(m.parameterCount(), qint64(4 * (4 * 128 * 128 + 3 * 128 * 384 + 2 * 128) + 2 * 256 * 128 + 128));
    }
};

QS_TEST_GUILESS_MAIN(TstConfig)
#include "tst_config.moc"
