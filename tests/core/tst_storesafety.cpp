// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The store's publishing (docs/store-format.md, "Crash safety"): every change reaches the file whole or
// not at all, whatever fails — a full disk, a read-only file or file system, a change that is refused —
// and readers keep the version they opened while a writer goes on, open a complete version while a
// writer publishes, and fail with an error rather than read zeros when another program cuts the file.

#include "tests/support/storefixture.h"
#include "tests/support/testutils.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStorageInfo>
#include <QTemporaryDir>

#include "core/common/errors.h"
#include "core/store/store.h"

#include <H5Fpublic.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <optional>
#include <string>

using namespace qs;
using qs::test::fileBytes;
using Fixture = qs::test::StoreFixture;

namespace {

// A result entry of the fixture's run, distinct per `salt`.
ResultEntry entry(double salt)
{
    ResultEntry e;
    e.model = {{"ce", 3.0 + salt}, {"rel_ce", salt}};
    e.layers["w_rel_err"] = std::vector<double>(size_t(Fixture::layerCount()), salt);
    return e;
}

int doneCount(const Store& store, const std::string& configId)
{
    const ConfigResults r = store.results(Fixture::runName, configId);
    return int(std::count(r.done.begin(), r.done.end(), uint8_t(1)));
}

template<class E, class F>
std::optional<QString> thrownMessage(F&& f)
{
    try {
        f();
    } catch (const E& e) {
        return QString::fromStdString(e.what());
    }
    return std::nullopt;
}

bool run(const QString& program, const QStringList& args)
{
    QProcess p;
    p.start(program, args);
    return p.waitForFinished(30000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

// A tmpfs of `kib` KiB mounted on a new folder `<dir>-pid<this process>` for one test (root only),
// unmounted when it goes.
class SmallDisk
{
public:
    explicit SmallDisk(const QString& dir, int kib)
        : m_dir(dir + QStringLiteral("-pid%1").arg(::getpid()))
    {
        QDir().mkpath(m_dir);
        m_mounted = ::geteuid() == 0
            && run(QStringLiteral("mount"),
                   {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                    QStringLiteral("size=%1k").arg(kib), QStringLiteral("tmpfs"), m_dir});
    }
    ~SmallDisk()
    {
        if (m_mounted)
            run(QStringLiteral("umount"), {m_dir});
    }
    bool mounted() const { return m_mounted; }
    QString path() const { return m_dir; }

    // Unmounts the disks of earlier runs of this test that died before unmounting theirs (their
    // process is gone), so that a crash leaves no mount behind for long.
    static void unmountLeftovers()
    {
        QFile mounts(QStringLiteral("/proc/mounts"));
        if (::geteuid() != 0 || !mounts.open(QIODevice::ReadOnly))
            return;
        static const QRegularExpression ours(QStringLiteral(R"(^tmpfs (\S*/tst_storesafety-\S+-pid(\d+)) tmpfs )"));
        for (const QByteArray& line : mounts.readAll().split('\n')) {
            const QRegularExpressionMatch m = ours.match(QString::fromUtf8(line));
            if (m.hasMatch() && ::kill(m.captured(2).toInt(), 0) != 0 && errno == ESRCH)
                run(QStringLiteral("umount"), {QStringLiteral("-l"), m.captured(1)});
        }
    }
    bool remountReadOnly()
    {
        return run(QStringLiteral("mount"), {QStringLiteral("-o"), QStringLiteral("remount,ro"), m_dir});
    }

private:
    QString m_dir;
    bool m_mounted = false;
};

// openWhileAWriterSwapsTheFile(): armed, the next shared lock that HDF5 asks for first does what a
// writer does: the newer version is renamed over the store, and the file being locked (the older version,
// which the reader has open) is locked exclusively, as a writer locks its shadow to write its next change.
struct SwapOnLock
{
    std::string path;
    std::string newer;
    bool armed = false;
    bool fired = false;
    int heldFd = -1; // the writer's lock on the older version
};
SwapOnLock g_swap;

} // namespace

// Interposed on libc's for HDF5's file locking (the executable's definition wins over libc's).
extern "C" int flock(int fd, int operation)
{
    using Flock = int (*)(int, int);
    static const auto real = reinterpret_cast<Flock>(::dlsym(RTLD_NEXT, "flock"));
    if (g_swap.armed && operation == (LOCK_SH | LOCK_NB)) {
        g_swap.armed = false;
        g_swap.fired = true;
        ::rename(g_swap.newer.c_str(), g_swap.path.c_str());
        g_swap.heldFd = ::open(("/proc/self/fd/" + std::to_string(fd)).c_str(), O_RDONLY | O_CLOEXEC);
        real(g_swap.heldFd, LOCK_EX | LOCK_NB);
    }
    return real(fd, operation);
}

class TstStoreSafety : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_count = 0;

    // The fixture's store in a folder of its own.
    QString freshStore()
    {
        const QString dir = m_dir.filePath(QStringLiteral("s%1").arg(++m_count));
        QDir().mkpath(dir);
        const QString path = dir + QStringLiteral("/store.h5");
        Fixture::write(path);
        return path;
    }

    static std::string configId(int c) { return Fixture::config(c).id(); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        SmallDisk::unmountLeftovers();
    }

    // Each change is in the file when the call returns, and only the store, its shadow and the lock
    // are left beside it.
    void changesArePublished()
    {
        const QString path = freshStore();
        {
            Store writer = Store::open(path.toStdString(), Store::Mode::ReadWrite);
            writer.writeResult(Fixture::runName, configId(1), 2, entry(0.5));
            // Another handle (another process would see the same file) reads the change at once.
            const Store reader = Store::open(path.toStdString());
            QCOMPARE(doneCount(reader, configId(1)), Fixture::checkpointCount());
            QCOMPARE(reader.results(Fixture::runName, configId(1)).model.at("rel_ce")[2], 0.5);
            // The writer holds the published version only (its shadow was closed), the reader its own.
            QCOMPARE(H5Fget_obj_count(H5F_OBJ_ALL, H5F_OBJ_FILE), ssize_t(2));
        }
        QCOMPARE(H5Fget_obj_count(H5F_OBJ_ALL, H5F_OBJ_FILE), ssize_t(0));
        const QStringList files =
            QDir(QFileInfo(path).path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
        QCOMPARE(files,
                 (QStringList {QStringLiteral(".store.h5.qs-lock"), QStringLiteral(".store.h5.qs-shadow"),
                               QStringLiteral("store.h5")}));
    }

    // A reader keeps the version it opened, however many changes are published meanwhile, and a new
    // open sees the newest one.
    void readerKeepsItsVersion()
    {
        const QString path = freshStore();
        const Store reader = Store::open(path.toStdString());
        QCOMPARE(doneCount(reader, configId(1)), Fixture::checkpointCount() - 1);
        {
            Store writer = Store::open(path.toStdString(), Store::Mode::ReadWrite);
            for (int i = 0; i < 4; ++i)
                writer.writeResult(Fixture::runName, configId(1), i % 3, entry(0.1 * i));
            writer.saveFit("f", R"({"law": "x"})");
        }
        QCOMPARE(doneCount(reader, configId(1)), Fixture::checkpointCount() - 1);
        QVERIFY(reader.fitNames().empty());
        QCOMPARE(Store::open(path.toStdString()).fitNames(), std::vector<std::string> {"f"});
    }

    void oneWriterAtATime()
    {
        const QString path = freshStore();
        Store first = Store::open(path.toStdString(), Store::Mode::ReadWrite);
        const auto message = thrownMessage<IoError>([&] { Store::open(path.toStdString(), Store::Mode::ReadWrite); });
        QVERIFY(message);
        QVERIFY2(message->contains(path) && message->contains(QLatin1String("another writer")), qPrintable(*message));
        first = Store::open(path.toStdString()); // the writer goes: another may write
        Store second = Store::open(path.toStdString(), Store::Mode::ReadWrite);
        second.writeResult(Fixture::runName, configId(1), 2, entry(0.25));
    }

    // A change the store refuses leaves it as it was, and the next change works.
    void refusedChangeLeavesStore()
    {
        const QString path = freshStore();
        Store writer = Store::open(path.toStdString(), Store::Mode::ReadWrite);
        const QByteArray before = fileBytes(path);
        ResultEntry bad = entry(0.5);
        bad.layers["w_rel_err"].pop_back(); // one value short
        QVERIFY(thrownMessage<ConfigError>([&] { writer.writeResult(Fixture::runName, configId(1), 2, bad); }));
        QCOMPARE(fileBytes(path), before);
        writer.writeResult(Fixture::runName, configId(1), 2, entry(0.5));
        QCOMPARE(doneCount(Store::open(path.toStdString()), configId(1)), Fixture::checkpointCount());
    }

    // A batch is published whole at commit; an abandoned one leaves no trace.
    void batches()
    {
        const QString path = freshStore();
        Store writer = Store::open(path.toStdString(), Store::Mode::ReadWrite);
        {
            StoreBatch batch(writer);
            writer.writeResult(Fixture::runName, configId(1), 2, entry(0.5));
            writer.saveFit("f", R"({"law": "x"})");
            QCOMPARE(doneCount(writer, configId(1)), Fixture::checkpointCount()); // the batch reads its own
            QCOMPARE(doneCount(Store::open(path.toStdString()), configId(1)), Fixture::checkpointCount() - 1);
        } // abandoned
        QCOMPARE(doneCount(Store::open(path.toStdString()), configId(1)), Fixture::checkpointCount() - 1);
        QCOMPARE(doneCount(writer, configId(1)), Fixture::checkpointCount() - 1);
        StoreBatch batch(writer);
        writer.writeResult(Fixture::runName, configId(1), 2, entry(0.5));
        writer.saveFit("f", R"({"law": "x"})");
        batch.commit();
        const Store reader = Store::open(path.toStdString());
        QCOMPARE(doneCount(reader, configId(1)), Fixture::checkpointCount());
        QCOMPARE(reader.fitNames(), std::vector<std::string> {"f"});
    }

    // HDF5 takes a read-only open's shared lock just after it opened the file. A writer that publishes a
    // newer version in between (the file the reader opened is its shadow now) and begins its next change
    // there holds that file locked: the open must then read the newer version rather than fail with
    // "another program holds it open for writing". The writer's two steps are made inside the reader's
    // lock call (the flock() below).
    void openWhileAWriterSwapsTheFile()
    {
        const QString path = freshStore();
        const QString newer = QFileInfo(path).path() + QStringLiteral("/newer.h5");
        QVERIFY(QFile::copy(path, newer));
        Store::open(newer.toStdString(), Store::Mode::ReadWrite)
            .writeResult(Fixture::runName, configId(1), 2, entry(0.5));
        g_swap = {path.toStdString(), newer.toStdString(), true, false, -1};
        std::optional<QString> failure;
        int done = -1;
        try {
            const Store reader = Store::open(path.toStdString());
            done = doneCount(reader, configId(1));
        } catch (const Error& e) {
            failure = QString::fromUtf8(e.what());
        }
        g_swap.armed = false;
        if (g_swap.heldFd >= 0)
            ::close(g_swap.heldFd);
        if (!g_swap.fired)
            QSKIP("flock() is not interposed: this build's executables export no symbols (sanitizer builds)");
        QVERIFY2(!failure, qPrintable(*failure));
        QCOMPARE(done, Fixture::checkpointCount()); // the newer version
    }

    // A store cut in place while a handle reads it (QuantScope never writes a published store in place;
    // another program might): the reads that reach the cut part fail with an error naming the file, never
    // return zeros where the data was (HDF5 fills a read past the end of the file with zeros), and once the
    // file is whole again a new handle reads it right.
    void cutInPlaceUnderAReader_data()
    {
        QTest::addColumn<double>("kept");
        QTest::addRow("90 percent") << 0.9;
        QTest::addRow("50 percent") << 0.5;
        QTest::addRow("25 percent") << 0.25;
    }

    void cutInPlaceUnderAReader()
    {
        QFETCH(double, kept);
        const QString path = freshStore();
        const QByteArray whole = fileBytes(path);
        {
            const Store reader = Store::open(path.toStdString());
            QVERIFY(QFile::resize(path, qint64(double(whole.size()) * kept)));
            const auto message = thrownMessage<Error>([&] {
                for (int c = 0; c < Fixture::configCount(); ++c) {
                    const ConfigResults r = reader.results(Fixture::runName, configId(c));
                    for (int k = 0; k < Fixture::checkpointCount(); ++k) {
                        if (Fixture::done(c, k) && r.model.at("rel_ce")[size_t(k)] != Fixture::relCe(c, k))
                            throw IoError("read a wrong value, not an error");
                    }
                }
            });
            QVERIFY2(message && message->startsWith(path + QLatin1Char(':')),
                     message ? qPrintable(*message) : "every value read back");
        }
        QCOMPARE(H5Fget_obj_count(H5F_OBJ_ALL, H5F_OBJ_FILE), ssize_t(0));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(whole) == whole.size());
        file.close();
        const Store again = Store::open(path.toStdString());
        QCOMPARE(again.results(Fixture::runName, configId(0)).model.at("rel_ce")[1], Fixture::relCe(0, 1));
    }

    // A file without write permission is never written, even by root.
    void readOnlyFile()
    {
        const QString path = freshStore();
        QVERIFY(::chmod(path.toLocal8Bit().constData(), 0444) == 0);
        const QByteArray before = fileBytes(path);
        const auto message = thrownMessage<IoError>([&] { Store::open(path.toStdString(), Store::Mode::ReadWrite); });
        QVERIFY(message);
        QVERIFY2(message->contains(path) && message->contains(QLatin1String("read-only")), qPrintable(*message));
        QCOMPARE(fileBytes(path), before);
        QCOMPARE(doneCount(Store::open(path.toStdString()), configId(0)), Fixture::checkpointCount());
    }

    // A read-only file system: the store opens for reading, writing is refused with the reason.
    void readOnlyFileSystem()
    {
        SmallDisk disk(m_dir.filePath(QStringLiteral("ro")), 16384);
        if (!disk.mounted())
            QSKIP("needs root to mount a tmpfs (CI runs as root)");
        const QString path = disk.path() + QStringLiteral("/store.h5");
        Fixture::write(path);
        QVERIFY(QFile::remove(QFileInfo(path).path() + QStringLiteral("/.store.h5.qs-lock")));
        const QByteArray before = fileBytes(path);
        QVERIFY(disk.remountReadOnly());
        const auto message = thrownMessage<IoError>([&] { Store::open(path.toStdString(), Store::Mode::ReadWrite); });
        QVERIFY(message);
        QVERIFY2(message->contains(path) && message->contains(QLatin1String("Read-only file system")),
                 qPrintable(*message));
        QCOMPARE(fileBytes(path), before);
        QCOMPARE(doneCount(Store::open(path.toStdString()), configId(0)), Fixture::checkpointCount());
    }

    // A full disk: the entry that does not fit fails with the reason, the store keeps every entry
    // before it, and once there is room again the next write works.
    void fullDisk()
    {
        SmallDisk disk(m_dir.filePath(QStringLiteral("full")), 65536);
        if (!disk.mounted())
            QSKIP("needs root to mount a tmpfs (CI runs as root)");
        const QString path = disk.path() + QStringLiteral("/store.h5");
        Fixture::write(path);
        // Leave room for a new shadow copy, the space a change reserves (4 MiB) and a few entries.
        const qint64 room =
            QStorageInfo(QFileInfo(path).path()).bytesAvailable() - QFileInfo(path).size() * 3 / 2 - (qint64(5) << 20);
        QVERIFY(room > 0);
        const QString filler = disk.path() + QStringLiteral("/filler");
        {
            QFile f(filler);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.write(QByteArray(int(room), 'x')) == room);
        }
        Store writer = Store::open(path.toStdString(), Store::Mode::ReadWrite);
        std::optional<QString> message;
        int stored = 0;
        for (int i = 0; i < 1000 && !message; ++i) {
            ResultEntry big = entry(0.01 * i);
            for (int m = 0; m < 40; ++m)
                big.layers["metric" + std::to_string(m)] = std::vector<double>(size_t(Fixture::layerCount()), i + m);
            const std::string id = "cfg" + std::to_string(i);
            message = thrownMessage<Error>([&] {
                writer.ensureConfig(Fixture::runName, id, "{}");
                writer.writeResult(Fixture::runName, id, 0, big);
            });
            if (!message)
                ++stored;
        }
        QVERIFY2(message, "the disk never filled");
        QVERIFY2(message->startsWith(path + QLatin1Char(':'))
                     && message->contains(QLatin1String("No space left on device")),
                 qPrintable(QStringLiteral("after %1 entries: %2").arg(stored).arg(*message)));
        QVERIFY2(stored > 0, qPrintable(*message));
        qInfo("disk full after %d entries: %s", stored, qPrintable(*message));
        // The store is the last version that fit: every entry before the failure, readable.
        const auto complete = [&] {
            const Store reader = Store::open(path.toStdString());
            int n = 0;
            for (const std::string& id : reader.configIds(Fixture::runName))
                n += id.rfind("cfg", 0) == 0 && doneCount(reader, id) == 1;
            return n;
        };
        QCOMPARE(complete(), stored);
        // Room again: writing goes on.
        QVERIFY(QFile::remove(filler));
        writer.ensureConfig(Fixture::runName, "cfg" + std::to_string(stored), "{}");
        writer.writeResult(Fixture::runName, "cfg" + std::to_string(stored), 0, entry(0.5));
        QCOMPARE(complete(), stored + 1);
    }
};

QS_TEST_GUILESS_MAIN(TstStoreSafety)
#include "tst_storesafety.moc"
