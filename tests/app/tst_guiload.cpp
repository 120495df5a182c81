// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The main window following its store under load and faults:
//   - several writer processes taking turns at the writers' lock, each opening the store, appending
//     checkpoints and results, and closing it: the window ends showing exactly what the store holds and
//     never shows an error state for the valid store on the way;
//   - the store truncated (a truncated copy renamed over it, or cut in place) and made unreadable
//     between the change notification and the reload: the window keeps the last good view, says which
//     file and what is wrong, and recovers when the good file is back;
//   - a store growing to thousands of checkpoints while shown: the window ends showing all of them and
//     its event loop keeps turning (the longest gap between timer ticks is printed, not asserted).
// The writers are this executable started again with QS_GUILOAD_WRITER set (main() below).

#include "tests/support/testutils.h"

#include "app/gui/mainwindow.h"
#include "core/store/store.h"
#include "itemmodels/layertablemodel.h"
#include "itemmodels/runtreemodel.h"
#include "itemmodels/selection.h"
#include "itemmodels/settings.h"
#include "itemmodels/storefollower.h"
#include "itemmodels/storeloader.h"
#include "tests/support/storefixture.h"
#include "tests/support/storesample.h"
#include "widgets/pages/heatmappage.h"
#include "widgets/pages/layertablepage.h"
#include "widgets/pages/runbrowserpage.h"
#include "widgets/pages/trajectory/trajectorypage.h"
#include "widgets/plot/qcp.h"

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QProcess>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

using namespace qs;
using namespace qs::test;

namespace {

constexpr int loadTimeoutMs = 30000;
// The follower's debounce (500 ms) and a reload, with slack: no further reload comes after this.
constexpr int settleMs = 1500;

// A result whose relative CE is `relCe`, with per-layer weight errors that follow from it.
ResultEntry entryOf(double relCe)
{
    ResultEntry entry;
    entry.model["ce"] = 3.0 * (1.0 + relCe);
    entry.model["rel_ce"] = relCe;
    entry.model["delta_ce"] = 3.0 * relCe;
    for (int l = 0; l < StoreFixture::layerCount(); ++l)
        entry.layers["w_rel_err"].push_back(relCe + 0.01 * l);
    return entry;
}

CheckpointRow checkpointAt(int64_t step)
{
    CheckpointRow row;
    row.step = step;
    row.tokens = step * 2048;
    row.lr = 1e-3;
    row.fpValCe = 3.0;
    row.path = "checkpoints/step" + std::to_string(step) + ".safetensors";
    return row;
}

void createRun(Store& store, const std::string& name)
{
    RunInfo info;
    info.name = name;
    info.modelConfigJson = ModelConfig {}.toJson();
    info.corpus = "fixture";
    info.schedule = "constant";
    store.createRun(info, StoreFixture::layers()); // four layers
}

// Opens the store for writing, waiting while another writer has it (the lock is held for one open).
Store openForWriting(const std::string& path)
{
    QElapsedTimer waited;
    waited.start();
    for (;;) {
        try {
            return Store::open(path, Store::Mode::ReadWrite);
        } catch (const IoError& e) {
            if (std::string(e.what()).find("another writer") == std::string::npos || waited.elapsed() > 60000)
                throw;
        }
        QThread::msleep(2);
    }
}

// Several writers (severalWritersAppend): processes that each open the store `rounds` times. Writer w
// creates its run "writer-w" at its first open; at open i it appends ten log rows, a checkpoint (step
// 10·(i + 1)) and its config's result there, and its config's result at checkpoint i of the shared run,
// which the store starts with. Each write is published on its own.
struct Writers
{
    static constexpr const char* sharedRun = "shared";
    static constexpr int count = 4;
    static constexpr int rounds = 8;

    static std::string runName(int w) { return "writer-" + std::to_string(w); }
    static QuantConfig config(int w) { return QuantConfig::parse("rtn:" + std::to_string(w + 2) + ":g16"); }
    static int64_t step(int i) { return 10 * (i + 1); }
    static double relCe(int w, int i) { return 0.01 * (w + 1) + 0.001 * i; }
    static double sharedRelCe(int w, int i) { return 0.1 * (w + 1) + 0.01 * i; }

    // The store before the writers start: the shared run with its checkpoints and every writer's config.
    static void writeInitial(const QString& path)
    {
        Store store = Store::create(path.toStdString());
        StoreBatch batch(store);
        createRun(store, sharedRun);
        for (int i = 0; i < rounds; ++i)
            store.appendCheckpoint(sharedRun, checkpointAt(step(i)));
        for (int w = 0; w < count; ++w)
            store.ensureConfig(sharedRun, config(w).id(), config(w).toJson());
        batch.commit();
    }

    static void write(const std::string& path, int w)
    {
        const std::string run = runName(w);
        for (int i = 0; i < rounds; ++i) {
            {
                Store store = openForWriting(path);
                if (!store.hasRun(run)) {
                    createRun(store, run);
                    store.ensureConfig(run, config(w).id(), config(w).toJson());
                }
                std::vector<LogRow> log;
                for (int64_t s = step(i) - 9; s <= step(i); ++s)
                    log.push_back({s, s * 2048, 1e-3, 4.0 - 0.01 * double(s)});
                store.appendLog(run, log);
                const int k = store.appendCheckpoint(run, checkpointAt(step(i)));
                store.writeResult(run, config(w).id(), k, entryOf(relCe(w, i)));
                store.writeResult(sharedRun, config(w).id(), i, entryOf(sharedRelCe(w, i)));
            }
            // Let the others have the lock now and then, and the window see the versions in between.
            QThread::msleep(unsigned(40 + 13 * w));
        }
    }
};

// The growing store (storeGrowingToThousandsOfCheckpoints): one run "long" with two configs; the
// writer appends checkpoints(), `batch` at a time, each with a log row and both configs' results,
// every batch one published change. QS_GUILOAD_CHECKPOINTS sets how many (2,000 by default; the
// measurements in docs/testing.md went to 5,000).
struct Growth
{
    static constexpr const char* runName = "long";
    static constexpr int batch = 100;

    static int checkpoints()
    {
        const int n = qEnvironmentVariableIntValue("QS_GUILOAD_CHECKPOINTS");
        return n > 0 ? (n + batch - 1) / batch * batch : 2000;
    }
    static QuantConfig config(int c) { return QuantConfig::parse(c == 0 ? "rtn:4:g32" : "rtn:3:g32"); }
    static int64_t step(int k) { return 10 * (k + 1); }
    static double relCe(int c, int k) { return 0.01 * (c + 1) + 1e-5 * k; }

    static void writeInitial(const QString& path)
    {
        Store store = Store::create(path.toStdString());
        StoreBatch batch(store);
        createRun(store, runName);
        for (int c = 0; c < 2; ++c)
            store.ensureConfig(runName, config(c).id(), config(c).toJson());
        batch.commit();
    }

    static void write(const std::string& path)
    {
        Store store = openForWriting(path);
        for (int first = 0; first < checkpoints(); first += batch) {
            StoreBatch changes(store);
            std::vector<LogRow> log;
            for (int k = first; k < first + batch; ++k)
                log.push_back({step(k), step(k) * 2048, 1e-3, 4.0 - 1e-4 * double(k)});
            store.appendLog(runName, log);
            for (int k = first; k < first + batch; ++k) {
                store.appendCheckpoint(runName, checkpointAt(step(k)));
                for (int c = 0; c < 2; ++c)
                    store.writeResult(runName, config(c).id(), k, entryOf(relCe(c, k)));
            }
            changes.commit();
        }
    }
};

// Starts this executable as a writer (see main()).
std::unique_ptr<QProcess> startWriter(const QString& store, const QString& mode)
{
    auto process = std::make_unique<QProcess>();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QS_GUILOAD_WRITER"), mode);
    env.insert(QStringLiteral("QS_GUILOAD_STORE"), store);
    process->setProcessEnvironment(env);
    process->setProcessChannelMode(QProcess::ForwardedChannels);
    process->start(QCoreApplication::applicationFilePath(), {});
    return process;
}

// Everything the window told the user while a test ran: status-bar messages, the follower's waiting
// messages, errors (each also a dialog), and the checkpoints and results of every snapshot it loaded.
struct WindowRecord : QObject
{
    QStringList statusMessages;
    QStringList waiting;
    QStringList errors;
    std::vector<std::pair<int, int>> loads; // (checkpoints, done results) over all runs

    explicit WindowRecord(MainWindow& window)
    {
        connect(window.statusBar(), &QStatusBar::messageChanged, this,
                [this](const QString& message) { statusMessages << message; });
        connect(window.storeFollower(), &StoreFollower::waiting, this,
                [this](const QString& message) { waiting << message; });
        connect(&window, &MainWindow::errorOccurred, this, [this](const QString& message) { errors << message; });
        connect(window.storeFollower(), &StoreFollower::loaded, this, [this](const StoreSnapshotPtr& snapshot) {
            int checkpoints = 0;
            int done = 0;
            for (const RunSnapshot& run : snapshot->runs) {
                checkpoints += int(run.checkpoints.size());
                for (const ConfigSnapshot& config : run.configs) {
                    for (const uint8_t d : config.results.done)
                        done += d;
                }
            }
            loads.emplace_back(checkpoints, done);
        });
    }

    // Status-bar messages that report a problem (a re-read that failed, an error).
    QStringList problems() const
    {
        QStringList found;
        for (const QString& message : statusMessages) {
            if (message.startsWith(QStringLiteral("Waiting for")) || message.contains(QStringLiteral("cannot"))
                || message.contains(QStringLiteral("Cannot")))
                found << message;
        }
        return found + waiting + errors;
    }
};

bool sameAsStore(const MainWindow& window, const StoreSnapshot& expected)
{
    const StoreSnapshotPtr shown = window.currentSnapshot();
    return shown && sameContent(*shown, expected);
}

// The trajectory's curve of `config` in the run shown: (step, relative CE) of every done checkpoint.
QVector<QPointF> curveOf(const MainWindow& window, int config)
{
    QVector<QPointF> points;
    const QCPGraph* graph = window.trajectoryPage()->configGraph(config);
    if (!graph)
        return points;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        points << QPointF(it->key, it->value);
    return points;
}

// Rows under the run row `run` of the run browser's model.
int browserCheckpointRows(const MainWindow& window, int run)
{
    const RunTreeModel* model = window.runBrowser()->model();
    return model->rowCount(model->runRow(run));
}

// Writes `bytes` to a new file beside `path` and renames it over `path` (as a copy program would).
bool renameOver(const QString& path, const QByteArray& bytes)
{
    const QString tmp = path + QStringLiteral(".incoming");
    return writeFile(tmp, bytes) == tmp && QFile(tmp).size() == bytes.size()
        && ::rename(QFile::encodeName(tmp).constData(), QFile::encodeName(path).constData()) == 0;
}

// Replaces the bytes of `path` in place (the same inode).
bool writeInPlace(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

// The result the StoreFixture leaves out (config 1 at checkpoint 2), written to the store at `path`.
void writeMissingResult(const QString& path)
{
    Store store = Store::open(path.toStdString(), Store::Mode::ReadWrite);
    store.writeResult(StoreFixture::runName, StoreFixture::config(1).id(), 2, entryOf(0.25));
}

bool showsMissingResult(const MainWindow& window)
{
    const StoreSnapshotPtr snapshot = window.currentSnapshot();
    if (!snapshot || snapshot->runs.empty())
        return false;
    const RunSnapshot& run = snapshot->runs.front();
    const int config = run.configIndex(StoreFixture::config(1).id());
    return config >= 0 && run.configs[size_t(config)].isDone(2);
}

// The GUI thread's time for each snapshot the window receives: from the delivery of the loader's
// result (a queued call to the StoreLoader) to the end of the window's rebuild, which comes before
// this clock's slot of StoreFollower::loaded().
class RebuildClock : public QObject
{
public:
    explicit RebuildClock(MainWindow& window)
    {
        m_clock.start();
        window.storeFollower()->findChild<StoreLoader*>()->installEventFilter(this);
        connect(window.storeFollower(), &StoreFollower::loaded, this, [this](const StoreSnapshotPtr& snapshot) {
            const int checkpoints = snapshot->runs.empty() ? 0 : int(snapshot->runs.front().checkpoints.size());
            m_times.emplace_back(checkpoints, double(m_clock.nsecsElapsed() - m_deliveredNs) / 1e6);
        });
    }

    QString summary() const
    {
        QStringList parts;
        for (const auto& [checkpoints, ms] : m_times)
            parts << QStringLiteral("%1: %2").arg(checkpoints).arg(ms, 0, 'f', 1);
        return parts.join(QStringLiteral(", "));
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::MetaCall)
            m_deliveredNs = m_clock.nsecsElapsed();
        return QObject::eventFilter(watched, event);
    }

private:
    QElapsedTimer m_clock;
    qint64 m_deliveredNs = 0;
    std::vector<std::pair<int, double>> m_times;
};

long residentKb(const char* field)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith(field))
            return line.mid(int(qstrlen(field))).trimmed().split(' ').value(0).toLong();
    }
    return -1;
}

} // namespace

class TstGuiLoad : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_counter = 0;
    std::vector<std::unique_ptr<Settings>> m_settings;

    QString freshPath() { return m_dir.filePath(QStringLiteral("store%1.h5").arg(++m_counter)); }

    std::unique_ptr<MainWindow> openWindow(const QString& store)
    {
        m_settings.push_back(
            std::make_unique<Settings>(m_dir.filePath(QStringLiteral("settings%1.ini").arg(++m_counter))));
        auto window = std::make_unique<MainWindow>(m_settings.back().get());
        window->resize(1100, 800);
        window->show();
        QSignalSpy loaded(window.get(), &MainWindow::storeLoaded);
        window->openStore(store);
        if (!loaded.wait(loadTimeoutMs) && loaded.isEmpty())
            return nullptr;
        return window;
    }

    // The fixture's view: both configs' curves as StoreFixture wrote them, under the store's name.
    static void checkFixtureShown(const MainWindow& window)
    {
        const RunSnapshot& run = window.currentSnapshot()->runs.front();
        QCOMPARE(window.trajectoryPage()->configGraphs().size(), StoreFixture::configCount());
        for (int c = 0; c < StoreFixture::configCount(); ++c) {
            const QVector<QPointF> curve = curveOf(window, run.configIndex(StoreFixture::config(c).id()));
            QVector<QPointF> expected;
            for (int k = 0; k < StoreFixture::checkpointCount(); ++k) {
                if (StoreFixture::done(c, k))
                    expected << QPointF(StoreFixture::checkpointSteps()[size_t(k)], StoreFixture::relCe(c, k));
            }
            QCOMPARE(curve, expected);
        }
        QVERIFY(window.windowTitle().contains(QFileInfo(window.currentStorePath()).fileName()));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("QuantScopeTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_guiload"));
        QVERIFY(m_dir.isValid());
        registerSnapshotMetaTypes();
    }

    void severalWritersAppend()
    {
        const QString path = freshPath();
        Writers::writeInitial(path);
        const std::unique_ptr<MainWindow> window = openWindow(path);
        QVERIFY(window);
        WindowRecord record(*window);
        // Re-read as soon as the file changes (not 500 ms later), so that the window's reads overlap the
        // writers' publishes as often as they can.
        window->storeFollower()->setExternalReloadDelay(20);

        // All at once: they take turns at the writers' lock.
        std::vector<std::unique_ptr<QProcess>> writers;
        for (int w = 0; w < Writers::count; ++w)
            writers.push_back(startWriter(path, QStringLiteral("several:%1").arg(w)));
        // Waited for with the event loop turning, so that the window follows them.
        const auto running = [&] {
            return std::ranges::count_if(writers, [](const auto& w) { return w->state() != QProcess::NotRunning; });
        };
        QTRY_COMPARE_WITH_TIMEOUT(running(), 0, 120000);
        for (const auto& writer : writers) {
            QCOMPARE(writer->error(), QProcess::UnknownError); // started, and not crashed
            QCOMPARE(writer->exitStatus(), QProcess::NormalExit);
            QCOMPARE(writer->exitCode(), 0);
        }

        // The window ends showing exactly what the store holds…
        const StoreSnapshotPtr expected = loadStoreSnapshot(path);
        QCOMPARE(int(expected->runs.size()), 1 + Writers::count);
        QTRY_VERIFY_WITH_TIMEOUT(sameAsStore(*window, *expected), loadTimeoutMs);
        qInfo("%d writers, %d opens each: the window loaded %d versions", Writers::count, Writers::rounds,
              int(record.loads.size()));

        // …which is what the writers wrote: every run in the run bar and the run browser, every curve.
        auto* runCombo = window->findChild<QComboBox*>(QStringLiteral("runCombo"));
        QVERIFY(runCombo);
        QCOMPARE(runCombo->count(), 1 + Writers::count);
        QCOMPARE(window->runBrowser()->model()->rowCount(), 1 + Writers::count);
        const StoreSnapshotPtr shown = window->currentSnapshot();
        const int shared = shown->runIndex(QString::fromLatin1(Writers::sharedRun));
        QVERIFY(shared >= 0);
        window->selection()->setRun(shared);
        QCOMPARE(window->trajectoryPage()->run()->name(), QString::fromLatin1(Writers::sharedRun));
        QCOMPARE(browserCheckpointRows(*window, shared), Writers::rounds);
        for (int w = 0; w < Writers::count; ++w) {
            QVector<QPointF> curve;
            for (int i = 0; i < Writers::rounds; ++i)
                curve << QPointF(double(Writers::step(i)), Writers::sharedRelCe(w, i));
            QCOMPARE(curveOf(*window, shown->runs[size_t(shared)].configIndex(Writers::config(w).id())), curve);
        }
        for (int w = 0; w < Writers::count; ++w) {
            const int run = shown->runIndex(QString::fromStdString(Writers::runName(w)));
            QVERIFY(run >= 0);
            window->selection()->setRun(run);
            QCOMPARE(runCombo->currentIndex(), run);
            QCOMPARE(window->trajectoryPage()->run()->name(), QString::fromStdString(Writers::runName(w)));
            QCOMPARE(browserCheckpointRows(*window, run), Writers::rounds);
            QVector<QPointF> curve;
            for (int i = 0; i < Writers::rounds; ++i)
                curve << QPointF(double(Writers::step(i)), Writers::relCe(w, i));
            QCOMPARE(curveOf(*window, 0), curve);
            QCOMPARE(window->trajectoryPage()->lrGraph()->data()->size(), 10 * Writers::rounds);
            // The layer table at the last checkpoint.
            window->selection()->setCheckpoint(Writers::rounds - 1);
            const LayerTableModel* table = window->layerTablePage()->model();
            QCOMPARE(table->rowCount(), StoreFixture::layerCount());
            for (int l = 0; l < StoreFixture::layerCount(); ++l) {
                const QModelIndex cell = table->index(l, LayerTableModel::FirstMetricColumn);
                QCOMPARE(cell.data(LayerTableModel::ValueRole).toDouble(),
                         Writers::relCe(w, Writers::rounds - 1) + 0.01 * l);
            }
        }

        // Never an error state for the valid store, and every version it loaded was a later one than
        // the one before (a reader never goes back to an older version).
        QVERIFY2(record.problems().isEmpty(), qPrintable(record.problems().join(QLatin1Char('\n'))));
        QVERIFY(window->findChildren<QMessageBox*>().isEmpty());
        for (size_t i = 1; i < record.loads.size(); ++i) {
            QVERIFY(record.loads[i].first >= record.loads[i - 1].first);
            QVERIFY(record.loads[i].second >= record.loads[i - 1].second);
        }
    }

    void truncatedStore_data()
    {
        QTest::addColumn<bool>("inPlace");
        QTest::addColumn<double>("kept");     // the fraction of the file left
        QTest::addColumn<QString>("problem"); // %1, %2: the bytes left, the store's size
        const QString truncated = QStringLiteral("the file is truncated: %1 bytes of the %2 its superblock");
        const QString empty = QStringLiteral("not an HDF5 file");
        QTest::addRow("renamed over, half") << false << 0.5 << truncated;
        QTest::addRow("renamed over, the header only") << false << 0.02 << truncated;
        QTest::addRow("renamed over, empty") << false << 0.0 << empty;
        QTest::addRow("cut in place, half") << true << 0.5 << truncated;
        QTest::addRow("cut in place, the last byte") << true << -1.0 << truncated;
        QTest::addRow("cut in place, empty") << true << 0.0 << empty;
    }

    void truncatedStore()
    {
        QFETCH(bool, inPlace);
        QFETCH(double, kept);
        QFETCH(QString, problem);
        const QString path = freshPath();
        StoreFixture::write(path);
        const QByteArray good = fileBytes(path);
        const qint64 size = kept < 0.0 ? good.size() - 1 : qint64(double(good.size()) * kept);
        if (problem.contains(QStringLiteral("%1")))
            problem = problem.arg(size).arg(good.size());
        // The good store with one more result, for the second time the good file comes back.
        const QString better = freshPath();
        QVERIFY(QFile::copy(path, better));
        writeMissingResult(better);
        const QByteArray betterBytes = fileBytes(better);

        const std::unique_ptr<MainWindow> window = openWindow(path);
        QVERIFY(window);
        WindowRecord record(*window);
        const StoreSnapshotPtr before = window->currentSnapshot();
        const auto cut = [&] { return inPlace ? QFile::resize(path, size) : renameOver(path, good.left(int(size))); };
        const auto restore = [&](const QByteArray& bytes) {
            return inPlace ? writeInPlace(path, bytes) : renameOver(path, bytes);
        };

        for (int round = 0; round < 2; ++round) {
            window->storeFollower()->waitForIdle();
            const int waited = int(record.waiting.size());
            QVERIFY(cut());
            // The last good view stays, with a message that names the file and what is wrong with it.
            QTRY_VERIFY_WITH_TIMEOUT(record.waiting.size() > waited, loadTimeoutMs);
            const QString message = record.waiting.last();
            QVERIFY2(message.startsWith(QStringLiteral("Waiting for %1: ").arg(path)), qPrintable(message));
            QVERIFY2(message.contains(problem), qPrintable(message));
            QCOMPARE(message.count(path), 1);
            QCOMPARE(window->statusBar()->currentMessage(), message);
            QCOMPARE(window->currentSnapshot(), before);
            QCOMPARE(window->currentStorePath(), path);
            checkFixtureShown(*window);
            if (QTest::currentTestFailed())
                return;
            QVERIFY(record.errors.isEmpty()); // a status line, not a dialog per retry
            QVERIFY(window->findChildren<QMessageBox*>().isEmpty());

            // The good file back: the same store (round 0, nothing to rebuild) or one more result.
            QSignalSpy loaded(window.get(), &MainWindow::storeLoaded);
            QSignalSpy unchanged(window.get(), &MainWindow::storeUnchanged);
            QVERIFY(restore(round == 0 ? good : betterBytes));
            if (round == 0) {
                QTRY_VERIFY_WITH_TIMEOUT(unchanged.count() >= 1, loadTimeoutMs);
                QCOMPARE(loaded.count(), 0);
                QCOMPARE(window->currentSnapshot(), before);
            } else {
                QTRY_VERIFY_WITH_TIMEOUT(showsMissingResult(*window), loadTimeoutMs);
            }
            // Recovered: the message that the store was unreadable is gone.
            QVERIFY2(!window->statusBar()->currentMessage().startsWith(QStringLiteral("Waiting for")),
                     qPrintable(window->statusBar()->currentMessage()));
        }
        // And it stopped trying.
        const int waitedAfter = int(record.waiting.size());
        QTest::qWait(settleMs);
        QCOMPARE(int(record.waiting.size()), waitedAfter);
        QVERIFY(record.errors.isEmpty());
        QCOMPARE(window->trajectoryPage()->configGraph(1)->data()->size(), StoreFixture::checkpointCount());
    }

    void unreadableBetweenNotificationAndReload_data()
    {
        QTest::addColumn<bool>("remove");
        QTest::addRow("truncated") << false;
        QTest::addRow("deleted") << true;
    }

    void unreadableBetweenNotificationAndReload()
    {
        // A change is published (the file watcher fires) and, before the follower's reload runs (it
        // needs the event loop, which this function holds), the store becomes unreadable.
        QFETCH(bool, remove);
        const QString path = freshPath();
        StoreFixture::write(path);
        const std::unique_ptr<MainWindow> window = openWindow(path);
        QVERIFY(window);
        WindowRecord record(*window);
        const StoreSnapshotPtr before = window->currentSnapshot();
        window->storeFollower()->waitForIdle();

        writeMissingResult(path);
        const QByteArray changed = fileBytes(path);
        if (remove)
            QVERIFY(QFile::remove(path));
        else
            QVERIFY(renameOver(path, changed.left(changed.size() / 2)));

        QTRY_VERIFY_WITH_TIMEOUT(!record.waiting.isEmpty(), loadTimeoutMs);
        const QString message = record.waiting.last();
        QVERIFY2(message.startsWith(QStringLiteral("Waiting for %1: ").arg(path)), qPrintable(message));
        QVERIFY2(message.contains(remove ? QStringLiteral("no such file") : QStringLiteral("the file is truncated")),
                 qPrintable(message));
        QCOMPARE(message.count(path), 1);
        QCOMPARE(window->currentSnapshot(), before);
        checkFixtureShown(*window);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(record.loads.empty());

        // The changed store back: shown, with its new result.
        QVERIFY(renameOver(path, changed));
        QTRY_VERIFY_WITH_TIMEOUT(showsMissingResult(*window), loadTimeoutMs);
        QVERIFY2(!window->statusBar()->currentMessage().startsWith(QStringLiteral("Waiting for")),
                 qPrintable(window->statusBar()->currentMessage()));
        QVERIFY(record.errors.isEmpty());
        QVERIFY(window->findChildren<QMessageBox*>().isEmpty());
    }

    void storeGrowingToThousandsOfCheckpoints()
    {
        const QString path = freshPath();
        Growth::writeInitial(path);
        const std::unique_ptr<MainWindow> window = openWindow(path);
        QVERIFY(window);
        WindowRecord record(*window);
        const long rssBefore = residentKb("VmRSS:");

        // The event loop's pulse while the store grows: the longest gap between two ticks of a 10 ms
        // timer, printed (the machine is shared: times are not asserted).
        QElapsedTimer clock;
        qint64 lastTick = 0;
        qint64 longestGap = 0;
        int gapCheckpoints = 0;
        QTimer ticker;
        ticker.setTimerType(Qt::PreciseTimer);
        ticker.setInterval(10);
        connect(&ticker, &QTimer::timeout, this, [&] {
            const qint64 now = clock.elapsed();
            if (now - lastTick > longestGap) {
                longestGap = now - lastTick;
                const StoreSnapshotPtr s = window->currentSnapshot();
                gapCheckpoints = s && !s->runs.empty() ? int(s->runs.front().checkpoints.size()) : 0;
            }
            lastTick = now;
        });
        // And what each new snapshot costs the GUI thread: from the loader's delivery to the end of the
        // window's rebuild (its slot of loaded() runs before this test's).
        RebuildClock rebuild(*window);
        clock.start();
        ticker.start();

        const std::unique_ptr<QProcess> writer = startWriter(path, QStringLiteral("grow"));
        QVERIFY(writer->waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(writer->state() == QProcess::NotRunning, std::max(120000, 60 * Growth::checkpoints()));
        const qint64 writeMs = clock.elapsed();
        QCOMPARE(writer->exitStatus(), QProcess::NormalExit);
        QCOMPARE(writer->exitCode(), 0);
        const auto allShown = [&] {
            const StoreSnapshotPtr s = window->currentSnapshot();
            return s && s->runs.size() == 1 && int(s->runs.front().checkpoints.size()) == Growth::checkpoints()
                && s->runs.front().configs.size() == 2 && s->runs.front().configs[1].isDone(Growth::checkpoints() - 1);
        };
        QTRY_VERIFY_WITH_TIMEOUT(allShown(), 60000);
        ticker.stop();
        qInfo("GUI-thread time of each reload (checkpoints: ms): %s", qPrintable(rebuild.summary()));
        qInfo("grew to %d checkpoints in %lld ms (%d batches); the window loaded %d versions; longest event-loop gap "
              "%lld ms (at %d checkpoints shown); resident memory %ld → %ld kB (peak %ld kB)",
              Growth::checkpoints(), writeMs, Growth::checkpoints() / Growth::batch, int(record.loads.size()),
              longestGap, gapCheckpoints, rssBefore, residentKb("VmRSS:"), residentKb("VmHWM:"));

        // All of them, on every view: the curves, the run browser, the heatmap, the layer table.
        const StoreSnapshotPtr expected = loadStoreSnapshot(path);
        QVERIFY(sameAsStore(*window, *expected));
        for (int c = 0; c < 2; ++c) {
            const QVector<QPointF> curve =
                curveOf(*window, window->currentSnapshot()->runs.front().configIndex(Growth::config(c).id()));
            QCOMPARE(curve.size(), Growth::checkpoints());
            for (int k = 0; k < Growth::checkpoints(); ++k)
                QCOMPARE(curve[k], QPointF(double(Growth::step(k)), Growth::relCe(c, k)));
        }
        QCOMPARE(browserCheckpointRows(*window, 0), Growth::checkpoints());
        QCOMPARE(window->heatmapPage()->colorMap()->data()->keySize(), Growth::checkpoints());
        window->selection()->setCheckpoint(Growth::checkpoints() - 1);
        QCOMPARE(window->layerTablePage()->checkpoint(), Growth::checkpoints() - 1);
        const ConfigSnapshot& tableConfig =
            window->currentSnapshot()->runs.front().configs[size_t(window->layerTablePage()->config())];
        const double lastRelCe =
            Growth::relCe(tableConfig.results.configId == Growth::config(0).id() ? 0 : 1, Growth::checkpoints() - 1);
        const int lastLayer = StoreFixture::layerCount() - 1;
        const QModelIndex cell =
            window->layerTablePage()->model()->index(lastLayer, LayerTableModel::FirstMetricColumn);
        QCOMPARE(cell.data(LayerTableModel::ValueRole).toDouble(), lastRelCe + 0.01 * lastLayer);

        // No error on the way, and memory did not blow up: it grows by a few MB here (printed above);
        // the bound is generous, for a shared machine.
        QVERIFY2(record.problems().isEmpty(), qPrintable(record.problems().join(QLatin1Char('\n'))));
        for (size_t i = 1; i < record.loads.size(); ++i)
            QVERIFY(record.loads[i].first >= record.loads[i - 1].first);
        QVERIFY2(residentKb("VmRSS:") - rssBefore < 512 * 1024, qPrintable(QString::number(residentKb("VmRSS:"))));
    }
};

int main(int argc, char** argv)
{
    // A writer process of the tests above: QS_GUILOAD_WRITER says which, QS_GUILOAD_STORE where.
    if (const QString mode = qEnvironmentVariable("QS_GUILOAD_WRITER"); !mode.isEmpty()) {
        const std::string store = qEnvironmentVariable("QS_GUILOAD_STORE").toStdString();
        try {
            if (mode.startsWith(QStringLiteral("several:")))
                Writers::write(store, mode.section(QLatin1Char(':'), 1).toInt());
            else if (mode == QStringLiteral("grow"))
                Growth::write(store);
            else
                return 2;
        } catch (const std::exception& e) {
            std::fprintf(stderr, "writer %s: %s\n", qPrintable(mode), e.what());
            return 1;
        }
        return 0;
    }
    qs::test::prepareEnvironment();
    QApplication app(argc, argv);
    TstGuiLoad tc;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&tc, argc, argv);
}

#include "tst_guiload.moc"
