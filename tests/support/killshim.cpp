// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A kill -9 at an exact point of a store write, for tst_killsafety: loaded into quantscope with
// LD_PRELOAD, it counts the write-side events on store files (every write, fsync and rename of a
// `.h5` file or of a store's `.qs-shadow` / `.qs-tmp.<pid>` copy) and kills the process at the Nth:
//
//   QS_KILLSHIM_AT=N      die at event N (1-based). A write is torn first: its first half reaches
//                         the file, then the process dies, as if the kill (or a power cut) came
//                         between two sectors of it. An fsync or a rename never happens.
//   QS_KILLSHIM_COUNT=F   write the number of events to F when the process exits normally, or dies
//                         at QS_KILLSHIM_AT (so that a crash of another kind is told apart).
//
// HDF5 writes through pwrite (its sec2 driver): the events are its metadata and raw data writes,
// inside H5Fflush and H5Fclose included, so a kill at a random event lands inside HDF5's flushes as
// often as they write, which random instants in time rarely do.

#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

long killAt = -1; // the event to die at; -1: count only
std::atomic<long> events {0};
const char* countFile = nullptr;

bool isStorePath(const char* path)
{
    if (path == nullptr)
        return false;
    const size_t n = std::strlen(path);
    return (n >= 3 && std::strcmp(path + n - 3, ".h5") == 0) || std::strstr(path, ".qs-shadow") != nullptr
        || std::strstr(path, ".qs-tmp.") != nullptr;
}

bool isStoreFd(int fd)
{
    char link[64];
    std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    char target[4096];
    const ssize_t n = ::readlink(link, target, sizeof target - 1);
    if (n <= 0)
        return false;
    target[n] = '\0';
    return isStorePath(target);
}

// Counts an event; true when it is the one to die at.
bool dieHere()
{
    return ++events == killAt;
}

void writeCount()
{
    if (countFile == nullptr)
        return;
    if (FILE* f = std::fopen(countFile, "w")) {
        std::fprintf(f, "%ld\n", events.load());
        std::fclose(f);
    }
}

[[noreturn]] void die()
{
    writeCount();
    ::raise(SIGKILL);
    for (;;)
        ::pause();
}

template<class F>
F next(const char* name)
{
    return reinterpret_cast<F>(::dlsym(RTLD_NEXT, name));
}

__attribute__((constructor)) void start()
{
    if (const char* at = std::getenv("QS_KILLSHIM_AT"))
        killAt = std::strtol(at, nullptr, 10);
    countFile = std::getenv("QS_KILLSHIM_COUNT");
}

__attribute__((destructor)) void finish()
{
    writeCount();
}

} // namespace

extern "C" {

ssize_t pwrite(int fd, const void* buf, size_t count, off_t offset)
{
    static const auto real = next<ssize_t (*)(int, const void*, size_t, off_t)>("pwrite");
    if (isStoreFd(fd) && dieHere()) {
        if (count > 1)
            real(fd, buf, count / 2, offset);
        die();
    }
    return real(fd, buf, count, offset);
}

ssize_t pwrite64(int fd, const void* buf, size_t count, off64_t offset)
{
    static const auto real = next<ssize_t (*)(int, const void*, size_t, off64_t)>("pwrite64");
    if (isStoreFd(fd) && dieHere()) {
        if (count > 1)
            real(fd, buf, count / 2, offset);
        die();
    }
    return real(fd, buf, count, offset);
}

ssize_t write(int fd, const void* buf, size_t count)
{
    static const auto real = next<ssize_t (*)(int, const void*, size_t)>("write");
    if (isStoreFd(fd) && dieHere()) {
        if (count > 1)
            real(fd, buf, count / 2);
        die();
    }
    return real(fd, buf, count);
}

int fsync(int fd)
{
    static const auto real = next<int (*)(int)>("fsync");
    if (isStoreFd(fd) && dieHere())
        die();
    return real(fd);
}

int rename(const char* from, const char* to)
{
    static const auto real = next<int (*)(const char*, const char*)>("rename");
    if ((isStorePath(from) || isStorePath(to)) && dieHere())
        die();
    return real(from, to);
}

int renameat2(int fromDir, const char* from, int toDir, const char* to, unsigned flags)
{
    static const auto real = next<int (*)(int, const char*, int, const char*, unsigned)>("renameat2");
    if ((isStorePath(from) || isStorePath(to)) && dieHere())
        die();
    return real(fromDir, from, toDir, to, flags);
}

} // extern "C"
