// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The headless command line as a user drives it: train → sweep → info → figure on a tiny config,
// resume, and one clear message plus a non-zero exit for each kind of bad input.

#include "tests/support/numeric.h"
#include "tests/support/testutils.h"

#include <QCryptographicHash>
#include <QFile>
#include <QObject>
#include <QProcess>
#include <QThread>

#include "core/store/store.h"

#include <algorithm>
#include <cmath>
#include <random>

using qs::Store;

namespace {

using Result = qs::test::CliResult;
using qs::test::runCli;

QByteArray digest(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

// Equal values, NaN equal to NaN (a metric that does not apply reads NaN in both stores).
bool sameValues(const std::vector<double>& a, const std::vector<double>& b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); });
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write test file");
    f.write(bytes);
}

} // namespace

class TstCli : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_store;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Text with structure: counting in words.
        std::string text;
        static const char* digits[] = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"};
        for (int i = 0; text.size() < 40000; ++i)
            text += std::string(digits[i % 10]) + " " + digits[(i / 10) % 10] + (i % 7 == 0 ? ".\n" : ", ");
        writeFile(m_dir.filePath(QStringLiteral("corpus.txt")), QByteArray::fromStdString(text));
        writeFile(m_dir.filePath(QStringLiteral("tiny.json")),
                  R"({
            "model": {"d_model": 32, "n_layers": 1, "n_heads": 2, "d_ff": 48, "max_seq_len": 32},
            "schedule": {"kind": "wsd", "peak_lr": 0.01, "warmup_steps": 2, "decay_fraction": 0.5},
            "steps": 20, "batch_size": 4, "seq_len": 32, "checkpoint_every": 5, "eval_every": 5,
            "eval_batches": 2, "threads": )"
                      + qs::test::threadsArg() + "}");
        m_store = m_dir.filePath(QStringLiteral("cli.h5"));
    }

    void trainSweepInfoFigure()
    {
        Result r =
            runCli({QStringLiteral("train"), QStringLiteral("--config"), m_dir.filePath(QStringLiteral("tiny.json")),
                    QStringLiteral("--corpus"), m_dir.filePath(QStringLiteral("corpus.txt")), QStringLiteral("--store"),
                    m_store, QStringLiteral("--run"), QStringLiteral("cli-run")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("5 checkpoints")), qPrintable(r.out));

        r = runCli({QStringLiteral("sweep"), QStringLiteral("--store"), m_store, QStringLiteral("--quant"),
                    QStringLiteral("rtn:4:g16:sym"), QStringLiteral("--quant"), QStringLiteral("rtn:3:pc:asym")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        // The FP reference and two configs at 5 checkpoints, with the time each config took.
        QVERIFY2(r.out.contains(QLatin1String("15 results computed, 0 already stored")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QLatin1String("rtn_w3_pc_asym: 5 checkpoints, "))
                     && r.out.contains(QLatin1String(" s per checkpoint")),
                 qPrintable(r.out));

        r = runCli({QStringLiteral("resume"), QStringLiteral("--store"), m_store, QStringLiteral("--quant"),
                    QStringLiteral("rtn:4:g16:sym"), QStringLiteral("--quant"), QStringLiteral("rtn:3:pc:asym")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("0 results computed, 15 already stored")), qPrintable(r.out));

        r = runCli({QStringLiteral("info"), m_store});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(QLatin1String("run cli-run: wsd schedule, 20 log rows, 5 checkpoints")));
        QVERIFY(r.out.contains(QLatin1String("rtn_w3_pc_asym:rel_ce")));

        // A store as train and sweep write it checks sound, and repairs into one that reads the same.
        r = runCli({QStringLiteral("check"), m_store});
        QVERIFY2(r.exitCode == 0 && r.out == m_store + QStringLiteral(": sound\n"), qPrintable(r.out + r.err));
        const QString repaired = m_dir.filePath(QStringLiteral("cli-repaired.h5"));
        r = runCli({QStringLiteral("repair"), m_store, QStringLiteral("--out"), repaired});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("Everything the store lists was salvaged")), qPrintable(r.out));
        const Result original = runCli({QStringLiteral("info"), m_store});
        const Result copy = runCli({QStringLiteral("info"), repaired});
        QVERIFY(copy.exitCode == 0 && !original.out.section(QLatin1Char('\n'), 1).isEmpty());
        QCOMPARE(copy.out.section(QLatin1Char('\n'), 1), original.out.section(QLatin1Char('\n'), 1));

#ifdef QS_NO_GUI
        QSKIP("figure runs quantscope-gui, which this build leaves out (QS_BUILD_GUI OFF: the asan preset)");
#endif
        const QString png = m_dir.filePath(QStringLiteral("fig.png"));
        const QString pdf = m_dir.filePath(QStringLiteral("fig.pdf"));
        r = runCli({QStringLiteral("figure"), QStringLiteral("--store"), m_store, QStringLiteral("--out"), png,
                    QStringLiteral("--out"), pdf});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QString kl = m_dir.filePath(QStringLiteral("fig-kl.svg"));
        r = runCli({QStringLiteral("figure"), QStringLiteral("--store"), m_store, QStringLiteral("--metric"),
                    QStringLiteral("kl_mean"), QStringLiteral("--out"), kl});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile klFile(kl);
        QVERIFY(klFile.open(QIODevice::ReadOnly));
        QVERIFY(klFile.readAll().contains("KL mean"));
        QFile pngFile(png), pdfFile(pdf);
        QVERIFY(pngFile.open(QIODevice::ReadOnly));
        QVERIFY(pngFile.read(8) == QByteArray("\x89PNG\r\n\x1a\n", 8));
        QVERIFY(pdfFile.open(QIODevice::ReadOnly));
        QVERIFY(pdfFile.read(5) == QByteArray("%PDF-"));
    }

    void killedSweepResumes()
    {
        // kill -9 at several moments of a sweep: the store always opens, loses at most the entry in
        // flight, and `resume` computes only what is missing, ending with the very numbers an
        // uninterrupted sweep of a copy of the same store gives.
        const QString store = m_dir.filePath(QStringLiteral("kill.h5"));
        const QString reference = m_dir.filePath(QStringLiteral("kill-reference.h5"));
        Result r =
            runCli({QStringLiteral("train"), QStringLiteral("--config"), m_dir.filePath(QStringLiteral("tiny.json")),
                    QStringLiteral("--corpus"), m_dir.filePath(QStringLiteral("corpus.txt")), QStringLiteral("--store"),
                    store, QStringLiteral("--run"), QStringLiteral("k"), QStringLiteral("--checkpoints"),
                    m_dir.filePath(QStringLiteral("kill-ckpt"))});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(QFile::copy(store, reference));
        QStringList sweep = {QStringLiteral("sweep"), QStringLiteral("--store"), store, QStringLiteral("--threads"),
                             QStringLiteral("1")};
        for (const char* spec : {"rtn:4:g16:sym", "rtn:3:pc:asym", "gptq:4:g16:sym:act:cal8x32", "none:a4",
                                 "rtn:4:g16:sym:a4", "rtn:2:pc:sym", "gptq:3:pc:sym:noact:cal8x32"})
            sweep << QStringLiteral("--quant") << QString::fromLatin1(spec);
        const int total = 5 * 8; // checkpoints x (FP reference + 7 configs)

        std::mt19937 rng(7);
        int stored = 0;
        for (int kill = 0; kill < 4; ++kill) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
            p.setProcessEnvironment(env);
            // Progress goes to stderr: make it the read channel, or waitForReadyRead() ignores it and
            // sleeps its whole timeout while the sweep runs on.
            p.setReadChannel(QProcess::StandardError);
            p.start(QStringLiteral(QS_BINARY), sweep);
            QVERIFY(p.waitForStarted());
            // Wait for the first progress line of this process (an entry is stored just before it is
            // reported), then kill it at a random instant of the next entry: within 2 ms, less than one
            // entry of this model takes on any machine (8 ms here), so however fast the CPU, four kills
            // leave entries to resume.
            QByteArray err;
            while (!err.contains("sweep: step") && p.state() == QProcess::Running) {
                p.waitForReadyRead(100);
                err += p.readAllStandardError();
            }
            QVERIFY2(p.state() == QProcess::Running, err.constData());
            QThread::usleep(rng() % 2000);
            p.kill(); // SIGKILL
            QVERIFY(p.waitForFinished());

            r = runCli({QStringLiteral("info"), store});
            QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
            const Store s = Store::open(store.toStdString());
            int done = 0;
            for (const std::string& id : s.configIds("k")) {
                const auto res = s.results("k", id);
                done += int(std::count(res.done.begin(), res.done.end(), uint8_t(1)));
            }
            // Progress says at least one more entry was stored by this process.
            QVERIFY2(done > stored, qPrintable(QStringLiteral("%1 stored before, %2 now").arg(stored).arg(done)));
            stored = done;
        }
        QVERIFY(stored < total);

        QStringList resume = sweep;
        resume[0] = QStringLiteral("resume");
        r = runCli(resume);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(
            r.out.contains(QStringLiteral("%1 results computed, %2 already stored").arg(total - stored).arg(stored)),
            qPrintable(r.out));
        QStringList uninterrupted = sweep;
        uninterrupted[2] = reference;
        r = runCli(uninterrupted);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));

        const Store a = Store::open(store.toStdString());
        const Store b = Store::open(reference.toStdString());
        QCOMPARE(a.configIds("k").size(), size_t(8));
        for (const std::string& id : b.configIds("k")) {
            const auto x = a.results("k", id);
            const auto y = b.results("k", id);
            QVERIFY(std::all_of(x.done.begin(), x.done.end(), [](uint8_t d) { return d == 1; }));
            for (const auto& [metric, values] : y.model)
                QVERIFY2(sameValues(x.model.at(metric), values), qPrintable(QString::fromStdString(id + " " + metric)));
            for (const auto& [metric, rows] : y.layers) {
                for (size_t i = 0; i < rows.size(); ++i)
                    QVERIFY2(sameValues(x.layers.at(metric)[i], rows[i]),
                             qPrintable(QString::fromStdString(id + " " + metric)));
            }
        }
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        const QString missing = m_dir.filePath(QStringLiteral("missing.h5"));
        const QString garbage = m_dir.filePath(QStringLiteral("garbage.h5"));
        writeFile(garbage, QByteArray(4096, 'x'));
        QTest::addRow("missing store") << QStringList {QStringLiteral("info"), missing} << 1 << missing;
        QTest::addRow("not a store") << QStringList {QStringLiteral("info"), garbage} << 1 << garbage;
        QTest::addRow("sweep garbage") << QStringList {QStringLiteral("sweep"), QStringLiteral("--store"), garbage} << 1
                                       << garbage;
#ifdef QS_NO_GUI
        const bool figures = false; // figure runs quantscope-gui, which this build leaves out
#else
        const bool figures = true;
#endif
        if (figures) {
            QTest::addRow("figure without --out")
                << QStringList {QStringLiteral("figure"), QStringLiteral("--store"), garbage} << 2
                << QStringLiteral("--out");
            QTest::addRow("figure of garbage")
                << QStringList {QStringLiteral("figure"), QStringLiteral("--store"), garbage, QStringLiteral("--out"),
                                m_dir.filePath(QStringLiteral("x.png"))}
                << 1 << garbage;
        }
        QTest::addRow("bad bits") << QStringList {QStringLiteral("sweep"), QStringLiteral("--store"), m_store,
                                                  QStringLiteral("--quant"), QStringLiteral("rtn:9:g16")}
                                  << 2 << QStringLiteral("[2, 8]");
        if (figures) {
            QTest::addRow("unknown figure metric") << QStringList {QStringLiteral("figure"),
                                                                   QStringLiteral("--store"),
                                                                   m_store,
                                                                   QStringLiteral("--out"),
                                                                   m_dir.filePath(QStringLiteral("m.png")),
                                                                   QStringLiteral("--metric"),
                                                                   QStringLiteral("loss")}
                                                   << 2 << QStringLiteral("unknown metric 'loss'");
        }
        QTest::addRow("no such device") << QStringList {QStringLiteral("sweep"), QStringLiteral("--store"), m_store,
                                                        QStringLiteral("--device"), QStringLiteral("tpu:0")}
                                        << 1 << QStringLiteral("device 'tpu:0'");
        QTest::addRow("bad config file") << QStringList {QStringLiteral("train"),
                                                         QStringLiteral("--config"),
                                                         missing,
                                                         QStringLiteral("--corpus"),
                                                         m_dir.filePath(QStringLiteral("corpus.txt")),
                                                         QStringLiteral("--store"),
                                                         m_store,
                                                         QStringLiteral("--run"),
                                                         QStringLiteral("x")}
                                         << 1 << missing;
        // The issue's case: a steps value that does not fit is named as itself, not as the warmup.
        const QString huge = m_dir.filePath(QStringLiteral("huge.json"));
        writeFile(huge, R"({"steps": 1e99})");
        QTest::addRow("config steps 1e99")
            << QStringList {QStringLiteral("train"),
                            QStringLiteral("--config"),
                            huge,
                            QStringLiteral("--corpus"),
                            m_dir.filePath(QStringLiteral("corpus.txt")),
                            QStringLiteral("--store"),
                            m_store,
                            QStringLiteral("--run"),
                            QStringLiteral("x")}
            << 1 << huge + QStringLiteral(": steps = 1e+99 is not a whole number in [1, 1000000000]");
        QTest::addRow("unknown command") << QStringList {QStringLiteral("frobnicate")} << 2 << QStringLiteral("usage");
    }

    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const QByteArray before = digest(m_store);
        const Result r = runCli(args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(QString(r.err + r.out).contains(message), qPrintable(r.err + r.out));
        QVERIFY2(!r.err.contains(QLatin1String("internal error")), qPrintable(r.err));
        QCOMPARE(digest(m_store), before); // nothing stored is touched by a failing command
    }

    void otherSchemaVersion()
    {
        const QString python = QStringLiteral(QS_SYSTEM_PYTHON);
        if (python.isEmpty())
            QSKIP("no /usr/bin/python3");
        const QString copy = m_dir.filePath(QStringLiteral("v2.h5"));
        QVERIFY(QFile::copy(m_store, copy));
        QProcess p;
        p.start(python,
                {QStringLiteral("-c"),
                 QStringLiteral("import h5py, sys; f = h5py.File(sys.argv[1], 'a'); f.attrs['schema_version'] = 2"),
                 copy});
        QVERIFY(p.waitForFinished(60000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        const Result r = runCli({QStringLiteral("info"), copy});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(copy) && r.err.contains(QLatin1String("schema version 2")), qPrintable(r.err));
    }
};

QS_TEST_GUILESS_MAIN(TstCli)
#include "tst_cli.moc"
