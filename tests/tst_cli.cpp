// The headless command line as a user drives it: train → sweep → info → figure on a tiny config,
// resume, and one clear message plus a non-zero exit for each kind of bad input.

#include "testutils.h"

#include <QCryptographicHash>
#include <QFile>
#include <QObject>
#include <QProcess>

#include <random>

namespace {

struct Result
{
    int exitCode = -1;
    QString out;
    QString err;
};

Result runCli(const QStringList& args, int timeoutMs = 240000)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(QS_BINARY), args);
    if (!p.waitForFinished(timeoutMs))
        qFatal("quantscope did not finish");
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QByteArray digest(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
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
        writeFile(m_dir.filePath(QStringLiteral("tiny.json")), R"({
            "model": {"d_model": 32, "n_layers": 1, "n_heads": 2, "d_ff": 48, "max_seq_len": 32},
            "schedule": {"kind": "wsd", "peak_lr": 0.01, "warmup_steps": 2, "decay_fraction": 0.5},
            "steps": 20, "batch_size": 4, "seq_len": 32, "checkpoint_every": 5, "eval_every": 5,
            "eval_batches": 2, "threads": 2})");
        m_store = m_dir.filePath(QStringLiteral("cli.h5"));
    }

    void trainSweepInfoFigure()
    {
        Result r = runCli({QStringLiteral("train"), QStringLiteral("--config"), m_dir.filePath(QStringLiteral("tiny.json")),
                           QStringLiteral("--corpus"), m_dir.filePath(QStringLiteral("corpus.txt")),
                           QStringLiteral("--store"), m_store, QStringLiteral("--run"), QStringLiteral("cli-run")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("5 checkpoints")), qPrintable(r.out));

        r = runCli({QStringLiteral("sweep"), QStringLiteral("--store"), m_store, QStringLiteral("--quant"),
                    QStringLiteral("rtn:4:g16:sym"), QStringLiteral("--quant"), QStringLiteral("rtn:3:pc:asym")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("10 results computed, 0 already stored")), qPrintable(r.out));

        r = runCli({QStringLiteral("resume"), QStringLiteral("--store"), m_store, QStringLiteral("--quant"),
                    QStringLiteral("rtn:4:g16:sym"), QStringLiteral("--quant"), QStringLiteral("rtn:3:pc:asym")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("0 results computed, 10 already stored")), qPrintable(r.out));

        r = runCli({QStringLiteral("info"), m_store});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(QLatin1String("run cli-run: wsd schedule, 20 log rows, 5 checkpoints")));
        QVERIFY(r.out.contains(QLatin1String("rtn_w3_pc_asym:rel_ce")));

        const QString png = m_dir.filePath(QStringLiteral("fig.png"));
        const QString pdf = m_dir.filePath(QStringLiteral("fig.pdf"));
        r = runCli({QStringLiteral("figure"), QStringLiteral("--store"), m_store, QStringLiteral("--out"), png,
                    QStringLiteral("--out"), pdf});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile pngFile(png), pdfFile(pdf);
        QVERIFY(pngFile.open(QIODevice::ReadOnly));
        QVERIFY(pngFile.read(8) == QByteArray("\x89PNG\r\n\x1a\n", 8));
        QVERIFY(pdfFile.open(QIODevice::ReadOnly));
        QVERIFY(pdfFile.read(5) == QByteArray("%PDF-"));
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
        QTest::addRow("figure without --out") << QStringList {QStringLiteral("figure"), QStringLiteral("--store"), garbage}
                                              << 2 << QStringLiteral("--out");
        QTest::addRow("figure of garbage")
            << QStringList {QStringLiteral("figure"), QStringLiteral("--store"), garbage, QStringLiteral("--out"),
                            m_dir.filePath(QStringLiteral("x.png"))}
            << 1 << garbage;
        QTest::addRow("bad bits") << QStringList {QStringLiteral("sweep"), QStringLiteral("--store"), m_store,
                                                  QStringLiteral("--quant"), QStringLiteral("rtn:9:g16")}
                                  << 1 << QStringLiteral("[2, 8]");
        QTest::addRow("bad config file")
            << QStringList {QStringLiteral("train"), QStringLiteral("--config"), missing, QStringLiteral("--corpus"),
                            m_dir.filePath(QStringLiteral("corpus.txt")), QStringLiteral("--store"), m_store,
                            QStringLiteral("--run"), QStringLiteral("x")}
            << 1 << missing;
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
        QVERIFY2((r.err + r.out).contains(message), qPrintable(r.err + r.out));
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
        p.start(python, {QStringLiteral("-c"),
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
