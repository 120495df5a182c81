// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// kill -9 at random points of every command that writes a store: training into a new store, an import
// of HF revisions, a sweep adding configs, LAWA averaging, a fit saved into the store. Each command is
// killed at random instants of its duration and at random write events (tests/support/killshim.cpp,
// preloaded: a torn write, an fsync or a rename of the store or its copies, so kills land inside
// HDF5's flushes as often as those write). After each kill the store must open in QuantScope and in
// h5py, and hold at least what it held before; after the command is run again to the end, the store
// must equal, number for number, one written by an uninterrupted run (same machine, same thread
// count: bit-identical by construction).
//
// QS_KILLS and QS_EVENT_KILLS (kills per command of each kind, default 3 each) and QS_KILL_SEED set
// the loop; QS_KILL_BINARY runs another build's quantscope (an older version, to compare).
// bench/killloop.sh runs it with hundreds of kills per command.

#include "tests/support/hffixture.h"
#include "tests/support/testutils.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QObject>
#include <QProcess>
#include <QRegularExpression>
#include <QThread>

#include "core/store/store.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <functional>
#include <random>

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

using qs::Store;

namespace {

constexpr const char* systemPython = "/usr/bin/python3";

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write test file");
    f.write(bytes);
}

QString number(double v)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return QString::fromLatin1(buf);
}

QString numbers(const std::vector<double>& values)
{
    QStringList parts;
    for (const double v : values)
        parts << number(v);
    return parts.join(QLatin1Char(' '));
}

// Everything a store holds, one line per row, numbers exact. Fits without their date.
QStringList dump(const QString& path)
{
    const Store store = Store::open(path.toStdString());
    QStringList lines;
    for (const std::string& run : store.runs()) {
        const QString r = QString::fromStdString(run);
        const qs::RunInfo info = store.runInfo(run);
        lines << r + QStringLiteral(" info ")
                + QString::fromStdString(info.modelConfigJson + "|" + info.trainConfigJson + "|" + info.schedule + "|"
                                         + info.parent + "|" + std::to_string(info.parentStep) + "|" + info.source);
        for (const qs::LayerInfo& l : store.layers(run))
            lines << r + QStringLiteral(" layer ") + QString::fromStdString(l.name + " " + l.kind)
                    + QStringLiteral(" %1 %2 %3").arg(l.block).arg(l.rows).arg(l.cols);
        for (const qs::LogRow& row : store.log(run))
            lines << r + QStringLiteral(" log %1 %2 ").arg(row.step).arg(row.tokens) + number(row.lr) + QLatin1Char(' ')
                    + number(row.trainLoss);
        for (const qs::ValRow& row : store.validation(run))
            lines << r + QStringLiteral(" val %1 %2 ").arg(row.step).arg(row.tokens) + number(row.valLoss);
        for (const qs::CheckpointRow& row : store.checkpoints(run))
            lines << r + QStringLiteral(" checkpoint %1 %2 ").arg(row.step).arg(row.tokens) + number(row.lr)
                    + QLatin1Char(' ') + number(row.fpValCe) + QLatin1Char(' ')
                    + QString::fromStdString(row.path + " " + row.kind + " " + row.provenance);
        for (const std::string& id : store.configIds(run)) {
            const QString c = r + QLatin1Char(' ') + QString::fromStdString(id);
            lines << c + QStringLiteral(" json ") + QString::fromStdString(store.configJson(run, id));
            const qs::ConfigResults results = store.results(run, id);
            for (size_t k = 0; k < results.done.size(); ++k)
                lines << c + QStringLiteral(" done %1 %2").arg(k).arg(int(results.done[k]));
            for (const auto& [metric, values] : results.model)
                lines << c + QStringLiteral(" model ") + QString::fromStdString(metric) + QLatin1Char(' ')
                        + numbers(values);
            for (const auto& [metric, rows] : results.layers)
                for (size_t k = 0; k < rows.size(); ++k)
                    lines << c + QStringLiteral(" layers %1 ").arg(k) + QString::fromStdString(metric)
                            + QLatin1Char(' ') + numbers(rows[k]);
        }
    }
    for (const std::string& name : store.fitNames()) {
        nlohmann::json law = nlohmann::json::parse(store.fitJson(name));
        if (law.contains("fit") && law["fit"].is_object())
            law["fit"].erase("date");
        // The fit's date, also in each coefficient's reference, is when it ran.
        static const QRegularExpression date(QStringLiteral(R"( \(\d{4}-\d\d-\d\dT[0-9:]+Z\))"));
        lines << QStringLiteral("fit ") + QString::fromStdString(name + " " + law.dump()).remove(date);
    }
    return lines;
}

// Result rows vouched for by a done flag, over every run and config.
int doneEntries(const Store& store)
{
    int done = 0;
    for (const std::string& run : store.runs())
        for (const std::string& id : store.configIds(run)) {
            const auto results = store.results(run, id);
            done += int(std::count(results.done.begin(), results.done.end(), uint8_t(1)));
        }
    return done;
}

// How much a store holds: checkpoint rows, log rows and done entries of all runs, and fits.
int holdings(const Store& store)
{
    int n = doneEntries(store) + int(store.fitNames().size());
    for (const std::string& run : store.runs())
        n += int(store.checkpoints(run).size() + store.log(run).size());
    return n;
}

// What opening a store in QuantScope found: the holdings, or why it could not be read.
struct Probe
{
    bool readable = false;
    int holdings = 0;
    QString problem;
};

// Opens the store and reads it whole in a child process, within `timeoutMs`: HDF5 1.10 can loop
// forever in a corrupted file (a global heap torn by a kill in an older version's in-place write).
Probe probeStore(const QString& path, int timeoutMs = 60000)
{
    int fds[2];
    if (::pipe(fds) != 0)
        qFatal("pipe failed");
    const pid_t child = ::fork();
    if (child < 0)
        qFatal("fork failed");
    if (child == 0) {
        ::close(fds[0]);
        std::string out;
        int code = 0;
        try {
            const Store store = Store::open(path.toStdString());
            out = std::to_string(holdings(store));
            dump(path);
        } catch (const std::exception& e) {
            out = e.what();
            code = 1;
        }
        const ssize_t written = ::write(fds[1], out.data(), out.size());
        ::_exit(written == ssize_t(out.size()) ? code : 2);
    }
    ::close(fds[1]);
    QByteArray out;
    QElapsedTimer clock;
    clock.start();
    bool hung = false;
    for (;;) {
        pollfd pfd {fds[0], POLLIN, 0};
        const int left = int(std::max<qint64>(0, timeoutMs - clock.elapsed()));
        if (::poll(&pfd, 1, left) <= 0) {
            hung = true;
            break;
        }
        char buf[4096];
        const ssize_t n = ::read(fds[0], buf, sizeof buf);
        if (n <= 0)
            break;
        out.append(buf, qsizetype(n));
    }
    ::close(fds[0]);
    if (hung)
        ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    Probe probe;
    if (hung)
        probe.problem =
            QStringLiteral("QuantScope hangs reading it (HDF5 loops; killed after %1 s)").arg(timeoutMs / 1000);
    else if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        probe.readable = true;
        probe.holdings = out.toInt();
    } else if (WIFEXITED(status))
        probe.problem = QStringLiteral("QuantScope cannot read it: ") + QString::fromUtf8(out);
    else
        probe.problem = QStringLiteral("QuantScope crashes reading it (signal %1)").arg(WTERMSIG(status));
    return probe;
}

int envInt(const char* name, int fallback)
{
    bool ok = false;
    const int value = qEnvironmentVariableIntValue(name, &ok);
    return ok ? value : fallback;
}

} // namespace

class TstKillSafety : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_base; // a store holding one trained run, "base"
    std::mt19937 m_rng;
    int m_kills = 3;      // per command, at random instants
    int m_eventKills = 3; // per command, at random write events
    QString m_binary = QStringLiteral(QS_BINARY);

    qs::test::CliResult runCli(const QStringList& args, const QList<QPair<QString, QString>>& extraEnv = {}) const
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        if (!extraEnv.isEmpty())
            env.insert(QStringLiteral("LD_PRELOAD"), QStringLiteral(QS_KILLSHIM));
        for (const auto& [key, value] : extraEnv)
            env.insert(key, value);
        p.setProcessEnvironment(env);
        p.start(m_binary, args);
        if (!p.waitForFinished(600000))
            p.kill();
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
    }

    QString path(const QString& name) const { return m_dir.filePath(name); }

    // A folder with a copy of the base store (or none), for one scenario's reference or work copy.
    QString storeIn(const QString& folder, bool copyBase)
    {
        QDir().mkpath(path(folder));
        const QString store = path(folder + QStringLiteral("/store.h5"));
        if (copyBase && !QFile::copy(m_base, store))
            qFatal("cannot copy the base store");
        return store;
    }

    static QStringList withStore(QStringList args, const QString& store)
    {
        args.replaceInStrings(QStringLiteral("@STORE@"), store);
        return args;
    }

    // Compares a store with the reference, number for number.
    static void compareStores(const QString& work, const QString& reference)
    {
        const QStringList got = dump(work), want = dump(reference);
        for (int i = 0; i < std::min(got.size(), want.size()); ++i)
            QCOMPARE(got[i], want[i]);
        QCOMPARE(got.size(), want.size());
    }

    // How a kill is timed: at a random instant of the reference's duration, or at a random write
    // event of the reference's (tests/support/killshim.cpp: a torn write, an fsync or a rename of the
    // store or its copies, inside HDF5's flushes included).
    enum class KillAt
    {
        Instant,
        WriteEvent
    };

    struct Reference
    {
        QString store;
        qint64 milliseconds = 0;
        long events = 0; // write events of the whole run
    };

    // The command to the end on a fresh store, timed and its write events counted.
    Reference reference(const QString& name, const QStringList& args, bool copyBase)
    {
        Reference ref;
        ref.store = storeIn(name + QStringLiteral("-reference"), copyBase);
        const QString countFile = path(name + QStringLiteral("-reference/events"));
        QElapsedTimer clock;
        clock.start();
        const qs::test::CliResult r =
            runCli(withStore(args, ref.store), {{QStringLiteral("QS_KILLSHIM_COUNT"), countFile}});
        ref.milliseconds = std::max<qint64>(clock.elapsed(), 50);
        if (r.exitCode != 0)
            qFatal("%s: the reference run failed: %s", qPrintable(name), qPrintable(r.err));
        QFile f(countFile);
        if (f.open(QIODevice::ReadOnly))
            ref.events = f.readAll().trimmed().toLong();
        return ref;
    }

    // The kill loop of one command: kills of the command on a work copy, each followed by opens in
    // QuantScope and h5py. A run that ends before its kill has completed the store: it is compared
    // with the reference and the loop starts again from a fresh copy. Last, the command to the end.
    void killLoop(const QString& name, const QStringList& args, bool copyBase)
    {
        const Reference ref = reference(name, args, copyBase);
        QVERIFY2(ref.events > 0, "the kill shim counted no write to the store");
        qInfo("%s: the uninterrupted run takes %lld ms and %ld write events", qPrintable(name), ref.milliseconds,
              ref.events);
        if (m_kills > 0)
            killLoop(name, args, copyBase, ref, KillAt::Instant, m_kills);
        if (!QTest::currentTestFailed() && m_eventKills > 0)
            killLoop(name, args, copyBase, ref, KillAt::WriteEvent, m_eventKills);
    }

    void killLoop(const QString& name, const QStringList& args, bool copyBase, const Reference& ref, KillAt mode,
                  int kills)
    {
        const QString prefix = name + (mode == KillAt::Instant ? QStringLiteral("-instant") : QStringLiteral("-event"));
        int episode = 0;
        QString work = storeIn(prefix + QStringLiteral("-work0"), copyBase);
        int before = QFile::exists(work) ? holdings(Store::open(work.toStdString())) : 0;
        int killed = 0, completed = 0, noStore = 0, unreadable = 0, unreadableH5py = 0;
        QStringList problems;
        for (int k = 0; k < kills; ++k) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
            const qint64 at = mode == KillAt::Instant ? qint64(m_rng() % quint64(ref.milliseconds))
                                                      : 1 + qint64(m_rng() % quint64(ref.events));
            const QString diedAt = work + QStringLiteral(".killed-at");
            QFile::remove(diedAt);
            if (mode == KillAt::WriteEvent) {
                env.insert(QStringLiteral("LD_PRELOAD"), QStringLiteral(QS_KILLSHIM));
                env.insert(QStringLiteral("QS_KILLSHIM_AT"), QString::number(at));
                env.insert(QStringLiteral("QS_KILLSHIM_COUNT"), diedAt);
            }
            p.setProcessEnvironment(env);
            p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
            p.start(m_binary, withStore(args, work));
            QVERIFY(p.waitForStarted());
            const bool finished = mode == KillAt::Instant ? p.waitForFinished(int(at)) : p.waitForFinished(600000);
            if (finished && p.exitStatus() == QProcess::NormalExit) {
                QVERIFY2(p.exitCode() == 0, qPrintable(name));
                // Done: the store is the reference's; start again.
                ++completed;
                compareStores(work, ref.store);
                if (QTest::currentTestFailed())
                    return;
                work = storeIn(prefix + QStringLiteral("-work%1").arg(++episode), copyBase);
                before = QFile::exists(work) ? holdings(Store::open(work.toStdString())) : 0;
                --k; // not a kill
                continue;
            }
            if (!finished) {
                p.kill(); // SIGKILL
                QVERIFY(p.waitForFinished());
            } else {
                // The shim killed it at the event (it wrote the count first), not another crash.
                QFile f(diedAt);
                QVERIFY2(
                    f.open(QIODevice::ReadOnly) && f.readAll().trimmed().toLongLong() == at,
                    qPrintable(name + QStringLiteral(": crashed, not killed by the shim, at write event %1").arg(at)));
            }
            ++killed;
            if (!QFile::exists(work)) {
                ++noStore; // killed before it created the store
                continue;
            }
            // Opens in QuantScope and reads whole, holds no less than before, and opens in h5py.
            const Probe probe = probeStore(work);
            QString problem = probe.problem;
            const int now = probe.holdings;
            if (!probe.readable)
                ++unreadable;
            else if (now < before)
                problem = QStringLiteral("%1 held before, %2 now").arg(before).arg(now);
            QProcess py;
            py.start(QString::fromLatin1(systemPython),
                     {qs::test::supportDir() + QStringLiteral("/read_store.py"), work});
            if (!py.waitForFinished(60000)) {
                py.kill();
                py.waitForFinished();
                problem += QStringLiteral(" h5py hangs reading it");
                ++unreadableH5py;
            } else if (py.exitStatus() != QProcess::NormalExit || py.exitCode() != 0) {
                problem += QStringLiteral(" h5py cannot read it: ")
                    + QString::fromUtf8(py.readAllStandardError()).trimmed().split(QLatin1Char('\n')).last();
                ++unreadableH5py;
            }
            if (!problem.isEmpty()) {
                problems << QStringLiteral("%1, kill %2 at %3 %4: %5")
                                .arg(name)
                                .arg(k)
                                .arg(at)
                                .arg(mode == KillAt::Instant ? QStringLiteral("ms") : QStringLiteral("(write event)"),
                                     problem);
                // Lost: start again from a fresh copy.
                work = storeIn(prefix + QStringLiteral("-work%1").arg(++episode), copyBase);
                before = QFile::exists(work) ? holdings(Store::open(work.toStdString())) : 0;
                continue;
            }
            before = now;
        }
        qInfo("%s: %d kills %s (%d before the store existed), %d runs completed between kills; stores unreadable: "
              "%d in QuantScope, %d in h5py; %d with less than before",
              qPrintable(name), killed, mode == KillAt::Instant ? "at random instants" : "at random write events",
              noStore, completed, unreadable, unreadableH5py,
              int(problems.size()) - std::max(unreadable, unreadableH5py));
        for (const QString& problem : problems.mid(0, 5))
            qInfo("  %s", qPrintable(problem));
        QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 5).join(QLatin1Char('\n'))));
        const qs::test::CliResult r = runCli(withStore(args, work));
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        compareStores(work, ref.store);
        // A killed writer's temporary copies are gone once a writer opened the store again.
        const QStringList leftovers =
            QDir(QFileInfo(work).path()).entryList({QStringLiteral(".store.h5.qs-tmp*")}, QDir::Hidden | QDir::Files);
        QVERIFY2(leftovers.isEmpty(), qPrintable(leftovers.join(QLatin1Char(' '))));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_kills = envInt("QS_KILLS", 3);
        m_eventKills = envInt("QS_EVENT_KILLS", 3);
        if (qEnvironmentVariableIsSet("QS_KILL_BINARY"))
            m_binary = qEnvironmentVariable("QS_KILL_BINARY");
        m_rng.seed(quint32(envInt("QS_KILL_SEED", 20261202)));
        std::string text;
        static const char* digits[] = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"};
        for (int i = 0; text.size() < 40000; ++i)
            text += std::string(digits[i % 10]) + " " + digits[(i / 10) % 10] + (i % 7 == 0 ? ".\n" : ", ");
        writeFile(path(QStringLiteral("corpus.txt")), QByteArray::fromStdString(text));
        writeFile(path(QStringLiteral("tiny.json")),
                  R"({
            "model": {"d_model": 32, "n_layers": 2, "n_heads": 2, "d_ff": 48, "max_seq_len": 32},
            "schedule": {"kind": "wsd", "peak_lr": 0.01, "warmup_steps": 2, "decay_fraction": 0.5},
            "steps": 40, "batch_size": 4, "seq_len": 32, "checkpoint_every": 4, "eval_every": 4,
            "eval_batches": 2, "threads": 1})");
        // Points of a Chinchilla-shaped law for the fit.
        QByteArray csv = "N,D,loss\n";
        for (int i = 0; i < 6; ++i)
            for (int j = 0; j < 5; ++j) {
                const double n = 1e7 * std::pow(10.0, i * 0.5), d = 1e9 * std::pow(10.0, j * 0.5);
                csv += QStringLiteral("%1,%2,%3\n")
                           .arg(n, 0, 'g', 17)
                           .arg(d, 0, 'g', 17)
                           .arg(1.8 + 400.0 / std::pow(n, 0.34) + 410.0 / std::pow(d, 0.28), 0, 'g', 17)
                           .toUtf8();
            }
        writeFile(path(QStringLiteral("points.csv")), csv);

        // Three revisions of a tiny Llama (tests/support/hf_reference.py) and token ids for their
        // evaluation data, for the import.
        for (const auto& [revision, seed] :
             {std::pair {"step100-tokens1M", 1}, {"step200-tokens2M", 2}, {"step300-tokens3M", 3}}) {
            QString error;
            QVERIFY2(qs::test::runReference({QStringLiteral("make"), QStringLiteral("--arch"), QStringLiteral("llama"),
                                             QStringLiteral("--out"),
                                             path(QStringLiteral("revisions/") + QLatin1String(revision)),
                                             QStringLiteral("--seed"), QString::number(seed)},
                                            &error),
                     qPrintable(error));
        }
        std::vector<uint16_t> ids(2000);
        for (size_t i = 0; i < ids.size(); ++i)
            ids[i] = uint16_t((i * 7 + i / 13) % 128); // the tiny Llama's vocabulary: 128
        writeFile(path(QStringLiteral("val.bin")),
                  QByteArray(reinterpret_cast<const char*>(ids.data()), qsizetype(ids.size() * sizeof(uint16_t))));

        m_base = storeIn(QStringLiteral("base"), false);
        const qs::test::CliResult r =
            runCli({QStringLiteral("train"), QStringLiteral("--config"), path(QStringLiteral("tiny.json")),
                    QStringLiteral("--corpus"), path(QStringLiteral("corpus.txt")), QStringLiteral("--store"), m_base,
                    QStringLiteral("--run"), QStringLiteral("base"), QStringLiteral("--checkpoints"),
                    path(QStringLiteral("base-checkpoints"))});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    }

    // Creating the store and the run, appending log, validation and checkpoint rows.
    void killTraining()
    {
        killLoop(QStringLiteral("train"),
                 {QStringLiteral("train"), QStringLiteral("--config"), path(QStringLiteral("tiny.json")),
                  QStringLiteral("--corpus"), path(QStringLiteral("corpus.txt")), QStringLiteral("--store"),
                  QStringLiteral("@STORE@"), QStringLiteral("--run"), QStringLiteral("fresh")},
                 false);
    }

    // A run of HF revisions added to an existing store: its attributes, layers and checkpoint rows.
    void killImport()
    {
        killLoop(
            QStringLiteral("import"),
            {QStringLiteral("import"), QStringLiteral("--store"), QStringLiteral("@STORE@"), QStringLiteral("--run"),
             QStringLiteral("hf"), QStringLiteral("--tokens"), path(QStringLiteral("val.bin")),
             QStringLiteral("--seq-len"), QStringLiteral("32"), QStringLiteral("--val-sequences"), QStringLiteral("4"),
             path(QStringLiteral("revisions/step100-tokens1M")), path(QStringLiteral("revisions/step200-tokens2M")),
             path(QStringLiteral("revisions/step300-tokens3M"))},
            true);
    }

    // New configs (groups, columns created on first write), result rows, FP CE of checkpoints.
    void killSweep()
    {
        killLoop(QStringLiteral("sweep"),
                 {QStringLiteral("sweep"), QStringLiteral("--store"), QStringLiteral("@STORE@"),
                  QStringLiteral("--threads"), QStringLiteral("1"), QStringLiteral("--quant"),
                  QStringLiteral("rtn:4:g16:sym"), QStringLiteral("--quant"), QStringLiteral("gptq:3:g16:sym:cal8x32"),
                  QStringLiteral("--quant"), QStringLiteral("none:a4"), QStringLiteral("--quant"),
                  QStringLiteral("rtn:4:g16:sym:a4:down=a8")},
                 true);
    }

    // A derived run created with its parent's layers, averaged checkpoints appended.
    void killAveraging()
    {
        killLoop(QStringLiteral("average"),
                 {QStringLiteral("average"), QStringLiteral("--store"), QStringLiteral("@STORE@"),
                  QStringLiteral("--lawa"), QStringLiteral("base"), QStringLiteral("--window"), QStringLiteral("3")},
                 true);
    }

    // The /fits group created and a fit written, then replaced.
    void killFit()
    {
        killLoop(QStringLiteral("fit"),
                 {QStringLiteral("fit"), QStringLiteral("--law"), QStringLiteral("chinchilla"), QStringLiteral("--csv"),
                  path(QStringLiteral("points.csv")), QStringLiteral("--store"), QStringLiteral("@STORE@"),
                  QStringLiteral("--grid"), QStringLiteral("2"), QStringLiteral("--bootstrap"), QStringLiteral("20"),
                  QStringLiteral("--replace")},
                 true);
    }
};

QS_TEST_GUILESS_MAIN(TstKillSafety)
#include "tst_killsafety.moc"
