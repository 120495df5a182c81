// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Config structs: JSON round trips and clear errors for bad values (the quantization config: tst_quantconfig).

#include "tests/support/testutils.h"

#include "core/common/errors.h"
#include "core/common/files.h"
#include "core/config/config.h"
#include "core/config/corpus.h"

#include <QObject>
#include <QTemporaryDir>

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <functional>
#include <limits>

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
        QTest::addRow("wrong type") << R"({"steps": "many"})" << "steps = \"many\"";
        QTest::addRow("bad schedule") << R"({"schedule": {"kind": "triangle"}})" << "triangle";
        QTest::addRow("heads") << R"({"model": {"d_model": 100, "n_heads": 3}})" << "divisible";
        QTest::addRow("seq too long") << R"({"seq_len": 4096})" << "seq_len";
        QTest::addRow("not json") << "{steps" << "invalid JSON";
        QTest::addRow("dtype") << R"({"checkpoint_dtype": "I8"})" << "I8";
        // Found by fuzz/fuzz_recipe: a whole-number key given a number past its type's range was converted
        // with undefined behaviour (UBSan) or wrapped around into range.
        QTest::addRow("seed past uint64") << R"({"seed": 1.13333e32})" << "seed = 1.13333e+32 is not a whole number in [0, 9223372036854775807]";
        QTest::addRow("batch past int") << R"({"batch_size": 1e300})" << "batch_size = 1e+300 is not a whole number in [1, 65536]";
        QTest::addRow("batch wraps to 1") << R"({"batch_size": 4294967297})" << "batch_size = 4294967297 is not a whole number in [1, 65536]";
        QTest::addRow("negative seed") << R"({"seed": -1})" << "seed = -1 is not a whole number in [0, ";
        QTest::addRow("fractional steps") << R"({"steps": 2.5})" << "steps = 2.5 is not a whole number";
        QTest::addRow("model int past int") << R"({"model": {"d_model": -1e20}})" << "model.d_model = -1e+20 is not a whole number";
        // clang-format on
    }

    void badTrainConfig()
    {
        QFETCH(QString, json);
        QFETCH(QString, expected);
        const QString message = errorOf([&] { TrainConfig::fromJson(json.toStdString()); });
        QVERIFY2(message.contains(expected), qPrintable(message));
    }

    // Every numeric field of a train config, checked before any work: a bad value is a
    // ConfigError naming the key's full path, the value as written and the accepted range; values
    // that do not fit the field's type are refused, never wrapped or truncated. Each row's fragments
    // are written from the rule in docs/recipes.md ("Training config fields").
    void badTrainValues_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QStringList>("fragments"); // all in the message
        const auto row = [](const char* tag, const char* json, std::initializer_list<const char*> fragments) {
            QTest::addRow("%s", tag) << QString::fromUtf8(json) << qs::test::fragmentList(fragments);
        };
        // clang-format off
        row("steps 1e99", R"({"steps": 1e99})", {"steps = 1e+99", "[1, 1000000000]"});
        row("steps -1", R"({"steps": -1})", {"steps = -1", "[1, 1000000000]"});
        row("steps 2^63", R"({"steps": 9223372036854775808})", {"steps = 9223372036854775808", "[1, 1000000000]"});
        row("steps fraction", R"({"steps": 2.5})", {"steps = 2.5", "whole number"});
        row("steps string", R"({"steps": "many"})", {"steps = \"many\"", "[1, 1000000000]"});
        row("steps bool", R"({"steps": true})", {"steps = true", "[1, 1000000000]"});
        row("steps 0", R"({"steps": 0})", {"steps = 0", "[1, 1000000000]"});
        row("batch_size 1e10", R"({"batch_size": 1e10})", {"batch_size = 10000000000", "[1, 65536]"});
        row("batch_size 2^32+1", R"({"batch_size": 4294967297})", {"batch_size = 4294967297", "[1, 65536]"});
        row("batch_size fraction", R"({"batch_size": 3.7})", {"batch_size = 3.7", "[1, 65536]"});
        row("seq_len over max_seq_len", R"({"seq_len": 4096})", {"seq_len = 4096", "[2, 128]"});
        row("seq_len 1", R"({"seq_len": 1})", {"seq_len = 1", "[2, 128]"});
        row("vocab_size 2^32+2", R"({"model": {"vocab_size": 4294967298}})", {"model.vocab_size = 4294967298", "[2, 1048576]"});
        row("d_model 2^31", R"({"model": {"d_model": 2147483648}})", {"model.d_model = 2147483648", "[4, 65536]"});
        row("n_heads 0", R"({"model": {"n_heads": 0}})", {"model.n_heads = 0", "[1, 1024]"});
        row("n_layers fraction", R"({"model": {"n_layers": 2.5}})", {"model.n_layers = 2.5", "[1, 1024]"});
        row("d_ff -1", R"({"model": {"d_ff": -1}})", {"model.d_ff = -1", "[1, 262144]"});
        row("max_seq_len -1", R"({"model": {"max_seq_len": -1}})", {"model.max_seq_len = -1", "[2, 1048576]"});
        row("rope_theta 0", R"({"model": {"rope_theta": 0}})", {"model.rope_theta = 0", "[1, 1000000000]"});
        row("norm_eps string", R"({"model": {"norm_eps": "small"}})", {"model.norm_eps = \"small\"", "[1e-12, 0.1]"});
        row("tie_embeddings 1", R"({"model": {"tie_embeddings": 1}})", {"model.tie_embeddings = 1", "true or false"});
        row("peak_lr 0", R"({"schedule": {"peak_lr": 0}})", {"schedule.peak_lr = 0", "(0, 10]"});
        row("peak_lr negative", R"({"schedule": {"peak_lr": -0.001}})", {"schedule.peak_lr = -0.001", "(0, 10]"});
        row("peak_lr 1e300", R"({"schedule": {"peak_lr": 1e300}})", {"schedule.peak_lr = 1e+300", "(0, 10]"});
        row("min_lr above peak", R"({"schedule": {"peak_lr": 0.003, "min_lr": 0.01}})", {"schedule.min_lr = 0.01", "[0, 0.003]"});
        row("min_lr negative", R"({"schedule": {"min_lr": -1}})", {"schedule.min_lr = -1", "[0, 0.003]"});
        row("warmup over steps", R"({"steps": 600, "schedule": {"warmup_steps": 700}})", {"schedule.warmup_steps = 700", "[0, 600]"});
        row("warmup -5", R"({"schedule": {"warmup_steps": -5}})", {"schedule.warmup_steps = -5", "[0, 600]"});
        row("warmup 1e99", R"({"schedule": {"warmup_steps": 1e99}})", {"schedule.warmup_steps = 1e+99", "[0, 600]"});
        row("decay_fraction 1.5", R"({"schedule": {"decay_fraction": 1.5}})", {"schedule.decay_fraction = 1.5", "[0, 1]"});
        row("weight_decay -0.1", R"({"weight_decay": -0.1})", {"weight_decay = -0.1", "[0, 10]"});
        row("beta1 1", R"({"beta1": 1})", {"beta1 = 1", "[0, 0.999999]"});
        row("beta2 -0.5", R"({"beta2": -0.5})", {"beta2 = -0.5", "[0, 0.999999999]"});
        row("adam_eps 0", R"({"adam_eps": 0})", {"adam_eps = 0", "(0, 1]"});
        row("grad_clip -1", R"({"grad_clip": -1})", {"grad_clip = -1", "[0, 1000000000]"});
        row("checkpoint_every 0", R"({"checkpoint_every": 0})", {"checkpoint_every = 0", "[1, 1000000000]"});
        row("checkpoint_every fraction", R"({"checkpoint_every": 1.5})", {"checkpoint_every = 1.5", "[1, 1000000000]"});
        row("eval_every -20", R"({"eval_every": -20})", {"eval_every = -20", "[1, 1000000000]"});
        row("eval_batches 0", R"({"eval_batches": 0})", {"eval_batches = 0", "[1, 65536]"});
        row("val_fraction 0.9", R"({"val_fraction": 0.9})", {"val_fraction = 0.9", "[0.0001, 0.5]"});
        row("seed -1", R"({"seed": -1})", {"seed = -1", "[0, 9223372036854775807]"});
        row("seed fraction", R"({"seed": 1.5})", {"seed = 1.5", "[0, 9223372036854775807]"});
        row("threads -1", R"({"threads": -1})", {"threads = -1", "[0, 4096]"});
        row("threads 5000", R"({"threads": 5000})", {"threads = 5000", "[0, 4096]"});
        row("qat start_step -1", R"({"qat": {"quant": "rtn:4", "start_step": -1}})", {"qat.start_step = -1", "[0, 600]"});
        row("qat start_step past steps", R"({"qat": {"quant": "rtn:4", "start_step": 700}})", {"qat.start_step = 700", "[0, 600]"});
        row("qat start_tokens -5", R"({"qat": {"quant": "rtn:4", "start_tokens": -5}})", {"qat.start_tokens = -5", "[0, "});
        row("qat start_tokens 1e30", R"({"qat": {"quant": "rtn:4", "start_tokens": 1e30}})", {"qat.start_tokens = 1e+30", "[0, "});
        row("qat start_step and start_tokens", R"({"qat": {"quant": "rtn:4", "start_step": 5, "start_tokens": 100}})", {"qat.start_step", "qat.start_tokens"});
        row("qat quant bits", R"({"qat": {"quant": "rtn:9"}})", {"qat.quant", "[2, 8]"});
        row("qat rotated", R"({"qat": {"quant": "rtn:4:a4:rot"}})", {"qat.quant", "rotations (rot, rotd) apply to post-training quantization only"});
        row("ema_decay 1", R"({"ema_decay": 1})", {"ema_decay = 1", "0 (off) or a number in [0.5, 0.999999]"});
        row("ema_decay -0.5", R"({"ema_decay": -0.5})", {"ema_decay = -0.5", "0 (off) or a number in [0.5, 0.999999]"});
        row("init step -3", R"({"init": {"run": "a", "step": -3}})", {"init.step = -3", "[0, 1000000000000]"});
        row("init step 1e99", R"({"init": {"run": "a", "step": 1e99}})", {"init.step = 1e+99", "[0, 1000000000000]"});
        row("init run empty", R"({"init": {"run": "", "step": 10}})", {"init.run"});
        row("unknown nested key", R"({"schedule": {"warmup": 10}})", {"schedule", "unknown key 'warmup'"});
        // clang-format on
    }

    void badTrainValues()
    {
        QFETCH(QString, json);
        QFETCH(QStringList, fragments);
        const QString message = qs::test::errorOfType<ConfigError>([&] { TrainConfig::fromJson(json.toStdString()); });
        QVERIFY2(!message.isEmpty(), "accepted");
        for (const QString& fragment : fragments)
            QVERIFY2(message.contains(fragment), qPrintable(message));
    }

    // Edges of the ranges above are accepted; a whole number may be written as 1e3.
    void goodTrainValues_data()
    {
        QTest::addColumn<QString>("json");
        // clang-format off
        QTest::addRow("steps 1e3") << R"({"steps": 1e3})";
        QTest::addRow("steps 1e9") << R"({"steps": 1000000000, "schedule": {"warmup_steps": 1000000000}})";
        QTest::addRow("threads 4096") << R"({"threads": 4096})";
        QTest::addRow("threads 0 (all cores)") << R"({"threads": 0})";
        QTest::addRow("seed 0") << R"({"seed": 0})";
        QTest::addRow("seed 2^63-1") << R"({"seed": 9223372036854775807})";
        QTest::addRow("ema off") << R"({"ema_decay": 0})";
        QTest::addRow("ema 0.5") << R"({"ema_decay": 0.5})";
        QTest::addRow("qat start_tokens 0") << R"({"qat": {"quant": "rtn:4", "start_tokens": 0}})";
        QTest::addRow("warmup = steps") << R"({"steps": 5, "schedule": {"warmup_steps": 5}})";
        QTest::addRow("min_lr = peak_lr") << R"({"schedule": {"peak_lr": 0.01, "min_lr": 0.01}})";
        QTest::addRow("init step 0") << R"({"init": {"run": "a", "step": 0}})";
        // clang-format on
    }

    void goodTrainValues()
    {
        QFETCH(QString, json);
        const QString message = qs::test::errorOfType<ConfigError>([&] { TrainConfig::fromJson(json.toStdString()); });
        QVERIFY2(message.isEmpty(), qPrintable(message));
    }

    // validate() checks a config built in code with the same ranges as reading does.
    void validateChecksTheStruct()
    {
        const auto problem = [](const std::function<void(TrainConfig&)>& change) {
            TrainConfig c;
            change(c);
            return qs::test::errorOfType<ConfigError>([&] { c.validate(); });
        };
        QVERIFY(problem([](TrainConfig&) {}).isEmpty());
        QCOMPARE(problem([](TrainConfig& c) { c.steps = 5; }),
                 QStringLiteral("schedule.warmup_steps = 20 is not a whole number in [0, 5] (at most steps)"));
        QCOMPARE(problem([](TrainConfig& c) { c.seed = std::numeric_limits<std::uint64_t>::max(); }),
                 QStringLiteral("seed = 18446744073709551615 is not a whole number in [0, 9223372036854775807]"));
        QCOMPARE(problem([](TrainConfig& c) { c.adamEps = std::nan(""); }),
                 QStringLiteral("adam_eps = nan is not a number in (0, 1]"));
        QCOMPARE(problem([](TrainConfig& c) {
                     c.qat.quant = "rtn:4";
                     c.qat.startTokens = -5;
                 }),
                 QStringLiteral("qat.start_tokens = -5 is not a whole number in [0, 2457600] (at most steps · "
                                "batch_size · seq_len)"));
        QCOMPARE(problem([](TrainConfig& c) { c.initRun = "parent"; }),
                 QStringLiteral("init.step = -1 is not a whole number in [0, 1000000000000]"));
    }

    // Found with fuzz/fuzz_trainconfig: start_tokens near 2^63 overflowed int64 in firstStep (UBSan), which
    // the trainer calls with batch_size × seq_len tokens per step.
    void qatFirstStepOfHugeTokenCounts()
    {
        // The largest start a config accepts (10^18 tokens: steps × batch × seq_len is capped there).
        const TrainConfig c = TrainConfig::fromJson(
            R"({"model": {"max_seq_len": 1048576}, "steps": 1000000000, "batch_size": 65536, "seq_len": 1048576,)"
            R"( "qat": {"quant": "rtn:4", "start_tokens": 1000000000000000000}})");
        const int64_t tokensPerStep = int64_t(c.batchSize) * c.seqLen; // 2^36
        QCOMPARE(c.qat.firstStep(tokensPerStep), qint64(14551917));    // ceil(10^18 / 2^36) + 1
        QatConfig q;
        q.startTokens = std::numeric_limits<int64_t>::max();
        QCOMPARE(q.firstStep(tokensPerStep), qint64(134217729)); // ceil((2^63 - 1) / 2^36) + 1 = 2^27 + 1
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

    void parameterCount()
    {
        // 4 blocks of (4 * 128^2 attention + 3 * 128 * 384 MLP + 2 * 128 norms), untied 256 x 128
        // embedding and head, final norm.
        ModelConfig m;
        QCOMPARE(m.parameterCount(), qint64(4 * (4 * 128 * 128 + 3 * 128 * 384 + 2 * 128) + 2 * 256 * 128 + 128));
    }

    void wholeFileReads()
    {
        // Every byte as written (no newline translation, NULs kept, longer than one read buffer), an
        // empty file as "", and a file that cannot be read — missing, or a folder, whose open succeeds and
        // whose first read fails — as an error naming the file and why, never as a short or empty text.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("bytes.bin")).toStdString();
        std::string bytes;
        for (int i = 0; i < 200'003; ++i)
            bytes.push_back(static_cast<char>((i * 7919) % 256));
        bytes += std::string("\r\n\0end", 6);
        std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        QVERIFY(readWholeFile(path, "test file") == bytes);
        const std::string empty = dir.filePath(QStringLiteral("empty")).toStdString();
        std::ofstream(empty, std::ios::binary).flush();
        QVERIFY(readWholeFile(empty, "test file").empty());

        const std::string missing = dir.filePath(QStringLiteral("missing")).toStdString();
        QCOMPARE(errorOf([&] { readWholeFile(missing, "LR log"); }),
                 QString::fromStdString("cannot read the LR log " + missing + ": No such file or directory"));
        const std::string folder = dir.path().toStdString();
        errno = 0;
        QVERIFY(!tryReadWholeFile(folder));
        QCOMPARE(errno, EISDIR);
        QCOMPARE(errorOf([&] { readWholeFile(folder, "LR log"); }),
                 QString::fromStdString("cannot read the LR log " + folder + ": Is a directory"));
        // A corpus that is a folder is refused as unreadable, not as "0 bytes is too small".
        QCOMPARE(errorOf([&] { Corpus::fromFile(folder, 0.1, "a folder"); }),
                 QString::fromStdString(folder + ": cannot read corpus: Is a directory"));
        QCOMPARE(errorOf([&] { Corpus::fromFile(missing, 0.1, "missing"); }),
                 QString::fromStdString(missing + ": cannot read corpus: No such file or directory"));
    }
};

QS_TEST_GUILESS_MAIN(TstConfig)
#include "tst_config.moc"
