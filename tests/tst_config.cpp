// Config structs: JSON round trips, CLI quantization specs, and clear errors for bad values.

#include "testutils.h"

#include "config.h"
#include "errors.h"

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
    }

    void badTrainConfig_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("expected");
        QTest::addRow("unknown key") << R"({"stepz": 3})" << "unknown key 'stepz'";
        QTest::addRow("wrong type") << R"({"steps": "many"})" << "'steps'";
        QTest::addRow("bad schedule") << R"({"schedule": {"kind": "triangle"}})" << "triangle";
        QTest::addRow("heads") << R"({"model": {"d_model": 100, "n_heads": 3}})" << "divisible";
        QTest::addRow("seq too long") << R"({"seq_len": 4096})" << "seq_len";
        QTest::addRow("not json") << "{steps" << "invalid JSON";
        QTest::addRow("dtype") << R"({"checkpoint_dtype": "I8"})" << "I8";
    }

    void badTrainConfig()
    {
        QFETCH(QString, json);
        QFETCH(QString, expected);
        const QString message = errorOf([&] { TrainConfig::fromJson(json.toStdString()); });
        QVERIFY2(message.contains(expected), qPrintable(message));
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
        const QString missing = errorOf([&] { TrainConfig::fromFile(dir.filePath(QStringLiteral("nope.json")).toStdString()); });
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
        QTest::addRow("bits too high") << "rtn:9" << "[2, 8]";
        QTest::addRow("bits too low") << "rtn:1:g32" << "[2, 8]";
        QTest::addRow("bits not a number") << "rtn:four" << "four";
        QTest::addRow("unknown method") << "awq:4" << "awq";
        QTest::addRow("bad group") << "rtn:4:x32" << "x32";
        QTest::addRow("bad sym") << "rtn:4:g32:maybe" << "maybe";
        QTest::addRow("too short") << "rtn" << "expected method:bits";
        QTest::addRow("act-order for rtn") << "rtn:4:g32:sym:act" << "gptq only";
        QTest::addRow("bad act") << "gptq:4:g32:sym:sometimes" << "sometimes";
    }

    void badQuantSpecs()
    {
        QFETCH(QString, spec);
        QFETCH(QString, expected);
        const QString message = errorOf([&] { QuantConfig::parse(spec.toStdString()); });
        QVERIFY2(message.contains(expected), qPrintable(message));
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
