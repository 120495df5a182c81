// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Publishing a store's changes: the writer's lock, the shadow copy every change is made to, and the
// swap that publishes it (see "Publishing" below).

#include "core/store/storeprivate.h"

#include "core/common/errors.h"
#include "core/store/h5util.h"

#include <H5Cpp.h>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <utility>

namespace qs {
namespace {

using namespace h5;
using namespace storefile;

namespace fs = std::filesystem;

// HDF5's report of a file shorter than its superblock records ("truncated file: eof = 122099,
// sblock->base_addr = 0, stored_eof = 244199"), in the words of quantscope check; empty for any other
// report.
std::string truncationText(const std::string& innermost)
{
    long long eof = -1;
    long long stored = -1;
    if (std::sscanf(innermost.c_str(), "truncated file: eof = %lld, sblock->base_addr = %*u, stored_eof = %lld", &eof,
                    &stored)
        != 2)
        return {};
    return "the file is truncated: " + std::to_string(eof) + " bytes of the " + std::to_string(stored)
        + " its superblock records (quantscope repair salvages what is left)";
}

} // namespace

namespace storefile {

// Opens (or with H5F_ACC_EXCL creates) the file. A read-only open that fails means the file is
// not readable as HDF5 (FormatError), unless another process's lock is why.
//
// Locks: a read-only open takes HDF5's shared lock (as h5py's does), which tells a writer that this
// version of the file is still being read (see "Publishing" below). The writer's own opens of its
// shadow copy take no HDF5 lock: the writer holds its own flock on that file.
H5::FileAccPropList accessList(bool hdf5Lock)
{
    H5::FileAccPropList fapl;
    // Closing the file closes every object still open in it, so a Store going away always
    // releases the file (and its lock) for h5py or another process.
    fapl.setFcloseDegree(H5F_CLOSE_STRONG);
    // v1.8 formats at the least (dense attributes, creation-order indexes); readable by HDF5 1.8+.
    fapl.setLibverBounds(H5F_LIBVER_V18, H5F_LIBVER_LATEST);
    // Where the file system cannot lock, HDF5 goes on without (ignore_when_disabled).
    H5Pset_file_locking(fapl.getId(), hdf5Lock, true);
    return fapl;
}

// flock's answers on a file system that does not lock at all (NFS without a lock manager, some FUSE
// and Lustre mounts without -o flock).
bool cannotLock(int error)
{
    return error == ENOLCK || error == ENOSYS || error == EOPNOTSUPP || error == EINVAL;
}

// HDF5 takes a read-only open's lock just after it opened the file. A writer that publishes a newer
// version in between makes the file opened its shadow, and once it begins its next change there it holds
// that file locked: the shared lock fails though the store was never locked. By then the path names the
// newer version, so a read-only open that finds its file locked opens the path again, a few times; a
// program that holds the store itself open for writing (h5py, say) is still refused.
constexpr int lockedOpenTries = 8;

H5::H5File openFile(const std::string& path, unsigned flags, const std::string& what, bool locks)
{
    for (int tries = 1;; ++tries) {
        try {
            return H5::H5File(path, flags, H5::FileCreatPropList::DEFAULT, accessList(locks));
        } catch (const H5::Exception& e) {
            const StackInfo stack = takeH5Error();
            // A file system that cannot lock at all (NFS without a lock manager: "No locks available",
            // "Function not implemented"): read without HDF5's lock, as HDF5_USE_FILE_LOCKING=FALSE would.
            if (stack.lockFailed && flags == H5F_ACC_RDONLY && locks && cannotLock(stack.error)) {
                locks = false;
                continue;
            }
            if (stack.lockFailed && flags == H5F_ACC_RDONLY && tries < lockedOpenTries) {
                ::usleep(useconds_t(1000 * (tries - 1)));
                continue;
            }
            const std::string truncated = truncationText(stack.innermost);
            const std::string msg = path + ": cannot " + what + ": "
                + (!truncated.empty()            ? truncated
                       : stack.innermost.empty() ? e.getDetailMsg()
                                                 : e.getDetailMsg() + " (" + stack.innermost + ")");
            if (stack.lockFailed)
                throw IoError(msg + "; another program holds it open for writing");
            if (flags == H5F_ACC_RDONLY)
                throw FormatError(msg);
            throw IoError(msg);
        }
    }
}

// Publishing. The store file is never changed in place, so a kill at any instant, a full disk or a
// failed write leaves it as it was: every change is made to a shadow copy next to it
// (`.<name>.qs-shadow`), which is then swapped with the store in one atomic rename
// (renameat2(RENAME_EXCHANGE)). After the swap the shadow is the previous version, one change behind;
// the next change replays the last one on it before applying its own. So each change is written twice
// and the store needs twice its size on disk, but no change ever copies the whole file, except the
// first one of a writing session (the shadow's state is unknown then) and one that finds a reader still
// holding the shadow's inode (an old version it opened before the swap: it keeps reading that inode,
// and the writer continues on a fresh copy). docs/store-format.md, "Crash safety", has the numbers.

std::string errnoText(int error)
{
    return std::strerror(error);
}

// `.<name><suffix>` next to `path`.
std::string sibling(const std::string& path, const std::string& suffix)
{
    const fs::path p(path);
    const fs::path dir = p.parent_path().empty() ? fs::path(".") : p.parent_path();
    return (dir / ("." + p.filename().string() + suffix)).string();
}

std::string directoryOf(const std::string& path)
{
    const fs::path dir = fs::path(path).parent_path();
    return dir.empty() ? std::string(".") : dir.string();
}

void syncFd(const Fd& fd, const std::string& what)
{
    if (::fsync(fd.get()) != 0)
        throw IoError(what + ": " + errnoText(errno));
}

void syncDirectory(const std::string& path)
{
    const Fd dir(::open(directoryOf(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    // Some file systems cannot sync a directory (EINVAL); the rename is then as durable as they allow.
    if (dir.valid() && ::fsync(dir.get()) != 0 && errno != EINVAL)
        throw IoError(directoryOf(path) + ": syncing the folder failed: " + errnoText(errno));
}

// Copies `from` into a new file `to` (which must not exist) with `from`'s permissions, synced.
void copySynced(const std::string& from, const std::string& to)
{
    const Fd in(::open(from.c_str(), O_RDONLY | O_CLOEXEC));
    if (!in.valid())
        throw IoError(from + ": cannot read it: " + errnoText(errno));
    struct stat st
    {
    };
    if (::fstat(in.get(), &st) != 0)
        throw IoError(from + ": " + errnoText(errno));
    Fd out(::open(to.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, st.st_mode & 07777));
    if (!out.valid())
        throw IoError(to + ": cannot create it: " + errnoText(errno));
    try {
        std::vector<char> buffer(size_t(1) << 20);
        for (;;) {
            const ssize_t n = ::read(in.get(), buffer.data(), buffer.size());
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0)
                throw IoError(from + ": reading failed: " + errnoText(errno));
            if (n == 0)
                break;
            for (ssize_t done = 0; done < n;) {
                const ssize_t w = ::write(out.get(), buffer.data() + done, size_t(n - done));
                if (w < 0 && errno == EINTR)
                    continue;
                if (w < 0)
                    throw IoError(to + ": writing failed: " + errnoText(errno));
                done += w;
            }
        }
        syncFd(out, to + ": syncing failed");
    } catch (...) {
        out.reset();
        ::unlink(to.c_str());
        throw;
    }
}

// Whether the file system refused an operation it does not implement (rather than failing it).
bool unsupported(int error)
{
    return error == EINVAL || error == ENOSYS || error == ENOTSUP || error == EOPNOTSUPP;
}

} // namespace storefile

Store::Private::~Private()
{
    // A batch never committed: its changes are dropped with the shadow's state.
    if (shadowId >= 0) {
        file = H5::H5File();
        H5Fclose(shadowId);
    }
}

// Closes the shadow; false (and the handle abandoned) when HDF5 cannot finish writing it.
bool Store::Private::closeShadow()
{
    const hid_t id = std::exchange(shadowId, H5I_INVALID_HID);
    return id < 0 || H5Fclose(id) >= 0;
}

void Store::Private::requireWritable(const std::string& what) const
{
    if (mode != Store::Mode::ReadWrite)
        throw IoError(path + ": " + what + " refused: store is open read-only");
}

// Takes the writer's lock, so that one handle at a time writes the store (any process).
void Store::Private::lockForWriting()
{
    if (!locks) {
        removeTemporaries();
        return;
    }
    const std::string lockPath = sibling(path, ".qs-lock");
    Fd fd(::open(lockPath.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644));
    if (!fd.valid())
        throw IoError(path + ": cannot write the store: cannot create " + lockPath + ": " + errnoText(errno));
    if (::flock(fd.get(), LOCK_EX | LOCK_NB) != 0) {
        if (errno == EWOULDBLOCK)
            throw IoError(path + ": cannot open the store for writing: another writer (a process or a job) "
                          + "has it open for writing");
        if (!cannotLock(errno))
            throw IoError(path + ": cannot lock " + lockPath + ": " + errnoText(errno));
        // The file system has no locks (docs/cluster.md): write as a shard's one writer does, every change
        // from a fresh copy so that readers are never disturbed; one writer at a time is then the user's.
        locks = false;
        ::unlink(lockPath.c_str());
        removeTemporaries();
        return;
    }
    writerLock = std::move(fd);
    removeTemporaries();
}

// Temporary copies of a writer that was killed (only the store's one writer makes them).
void Store::Private::removeTemporaries()
{
    const fs::path p(path);
    const std::string prefix = "." + p.filename().string() + ".qs-tmp";
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(directoryOf(path), ec)) {
        if (entry.path().filename().string().rfind(prefix, 0) == 0)
            fs::remove(entry.path(), ec);
    }
}

// Makes the shadow a fresh copy of the published store, under a new inode.
void Store::Private::copyToShadow()
{
    const std::string tmp = sibling(path, ".qs-tmp." + std::to_string(::getpid()));
    ::unlink(tmp.c_str());
    try {
        copySynced(path, tmp);
    } catch (const IoError& e) {
        throw IoError(path + ": cannot write the store: making its shadow copy failed: " + e.what());
    }
    if (::rename(tmp.c_str(), shadowPath().c_str()) != 0) {
        const int error = errno;
        ::unlink(tmp.c_str());
        throw IoError(shadowPath() + ": cannot replace it: " + errnoText(error));
    }
    behind.clear();
    behindGrowth = 0;
    shadowKnown = true;
}

// The shadow, locked for this writer and brought up to the published version, open in `file`;
// returns its lock. The published handle is kept in `published`.
Fd Store::Private::openShadow(H5::H5File& published, std::uintmax_t growth)
{
    Fd lock;
    // Without locks a reader of the previous version cannot be seen: never write to it.
    if (!locks)
        shadowKnown = false;
    if (shadowKnown) {
        lock = Fd(::open(shadowPath().c_str(), O_RDWR | O_CLOEXEC));
        // A reader still holds this inode (an old version): leave it to the reader.
        if (!lock.valid() || ::flock(lock.get(), LOCK_EX | LOCK_NB) != 0) {
            lock.reset();
            shadowKnown = false;
        }
    }
    if (!shadowKnown) {
        copyToShadow();
        lock = Fd(::open(shadowPath().c_str(), O_RDWR | O_CLOEXEC));
        if (!lock.valid() || (locks && ::flock(lock.get(), LOCK_EX | LOCK_NB) != 0))
            throw IoError(shadowPath() + ": cannot lock the new shadow copy: " + errnoText(errno));
    }
    reserve(lock, behindGrowth + growth);
    published = file;
    try {
        const H5::FileAccPropList fapl = accessList(false);
        shadowId = H5Fopen(shadowPath().c_str(), H5F_ACC_RDWR, fapl.getId());
        if (shadowId < 0)
            throw IoError(shadowPath() + ": cannot open the shadow copy for writing: " + takeH5Error().innermost);
        file = H5::H5File(shadowId);
        for (const Change& change : behind)
            change();
    } catch (...) {
        abandonShadow(published);
        throw;
    }
    return lock;
}

// Back to the published version after a change failed: the shadow's state is unknown.
void Store::Private::abandonShadow(const H5::H5File& published)
{
    file = published;
    closeShadow();
    shadowKnown = false;
}

// Writes the shadow out and swaps it with the published store; `changes` are what it holds
// beyond the previous version.
void Store::Private::publishShadow(Fd lock, const H5::H5File& published, std::vector<Change> changes)
{
    file = published;
    resetH5Errors();
    if (!closeShadow()) {
        shadowKnown = false;
        throw IoError(path + ": writing the new version failed: " + takeH5Error().innermost);
    }
    try {
        syncFd(lock, shadowPath() + ": syncing the new version failed");
    } catch (...) {
        shadowKnown = false;
        throw;
    }
    if (::renameat2(AT_FDCWD, shadowPath().c_str(), AT_FDCWD, path.c_str(), RENAME_EXCHANGE) == 0) {
        behind = std::move(changes);
    } else if (unsupported(errno)) {
        // No atomic exchange on this file system: the new version replaces the store (still
        // atomically), and the next change starts from a fresh copy.
        if (::rename(shadowPath().c_str(), path.c_str()) != 0) {
            shadowKnown = false;
            throw IoError(path + ": cannot publish the new version: " + errnoText(errno));
        }
        shadowKnown = false;
        behind.clear();
        behindGrowth = 0;
    } else {
        const int error = errno;
        shadowKnown = false;
        throw IoError(path + ": cannot publish the new version: " + errnoText(error));
    }
    lock.reset();
    syncDirectory(path);
    // Read on from the new version.
    file.close();
    file = openFile(path, H5F_ACC_RDONLY, "open the new version", locks);
}

// Reserves disk space for the shadow to grow by `growth` and a margin, before HDF5 writes to it:
// HDF5 1.10 cannot recover from a write that fails inside H5Fclose (the handle can be neither
// closed nor kept: the library crashes when it terminates), so a full disk must be found here.
void Store::Private::reserve(const Fd& fd, std::uintmax_t growth)
{
    struct stat st
    {
    };
    if (::fstat(fd.get(), &st) != 0)
        throw IoError(shadowPath() + ": " + errnoText(errno));
    const std::uintmax_t margin = std::max<std::uintmax_t>(std::uintmax_t(4) << 20, std::uintmax_t(st.st_size) / 32);
    const std::uintmax_t want = growth + margin;
    const std::string needs =
        " (the next version needs about " + std::to_string((want >> 20) + 1) + " MiB free beside the store)";
    // Beyond the end of the file, which keeps its size: the blocks are the file's to grow into.
    if (::fallocate(fd.get(), FALLOC_FL_KEEP_SIZE, st.st_size, off_t(want)) == 0)
        return;
    const int error = errno;
    if (error == ENOSPC || error == EDQUOT || error == EFBIG)
        throw IoError(path + ": cannot write the store: " + errnoText(error) + needs);
    if (!unsupported(error))
        throw IoError(shadowPath() + ": reserving space failed: " + errnoText(error));
    // A file system that cannot reserve: at least as much free space as asked for.
    struct statvfs vfs
    {
    };
    if (::fstatvfs(fd.get(), &vfs) == 0 && std::uintmax_t(vfs.f_bavail) * vfs.f_frsize < want)
        throw IoError(path + ": cannot write the store: " + errnoText(ENOSPC) + needs);
}

// One change of a writable store: applied to the shadow, published at once (or with the batch).
// `growth` bounds how many bytes it may add to the file (the margin covers small changes).
void Store::Private::write(const std::string& what, Change change, std::uintmax_t growth)
{
    requireWritable(what);
    guard(what, [&] {
        if (batch) {
            reserve(batch->lock, growth);
            change();
            batch->changes.push_back(std::move(change));
            batch->growth += growth;
            return;
        }
        H5::H5File published;
        Fd lock = openShadow(published, growth);
        try {
            change();
        } catch (...) {
            abandonShadow(published); // the shadow holds part of a failed change
            throw;
        }
        publishShadow(std::move(lock), published, {std::move(change)});
        behindGrowth = growth;
    });
}

void Store::Private::beginBatch()
{
    requireWritable("a batch of changes");
    if (batch)
        throw ConfigError(path + ": a batch of changes is already open");
    guard("starting a batch of changes", [&] {
        Batch b;
        b.lock = openShadow(b.published, 0);
        batch.emplace(std::move(b));
    });
}

void Store::Private::endBatch(bool publish)
{
    if (!batch)
        return;
    Batch b = std::move(*batch);
    batch.reset();
    if (!publish) {
        abandonShadow(b.published);
        return;
    }
    guard("publishing a batch of changes", [&] {
        publishShadow(std::move(b.lock), b.published, std::move(b.changes));
        behindGrowth = b.growth;
    });
}

void Store::beginBatch()
{
    d->beginBatch();
}

void Store::commitBatch()
{
    d->endBatch(true);
}

void Store::abandonBatch()
{
    d->endBatch(false);
}

} // namespace qs
