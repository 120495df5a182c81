// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The state of an open Store, shared by store.cpp (the schema, reading, the changes), storedownstream.cpp
// (downstream accuracy), storescalars.cpp (the scalar series of imported training logs) and
// storepublish.cpp (publishing them: the writer's lock, the shadow copy, batches), with the file helpers
// they use. Internal to those files: include nowhere else.

#include "core/common/errors.h"
#include "core/store/h5util.h"
#include "core/store/store.h"

#include <H5Cpp.h>

#include <unistd.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace qs {
namespace storefile {

// The helpers below are defined, and explained, in storepublish.cpp.
H5::FileAccPropList accessList(bool hdf5Lock);
H5::H5File openFile(const std::string& path, unsigned flags, const std::string& what, bool locks = true);
std::string errnoText(int error);
std::string sibling(const std::string& path, const std::string& suffix);
std::string directoryOf(const std::string& path);

// An owned file descriptor.
class Fd
{
public:
    Fd() = default;
    explicit Fd(int fd)
        : m_fd(fd)
    {
    }
    Fd(Fd&& other) noexcept
        : m_fd(std::exchange(other.m_fd, -1))
    {
    }
    Fd& operator=(Fd&& other) noexcept
    {
        if (this != &other) {
            reset();
            m_fd = std::exchange(other.m_fd, -1);
        }
        return *this;
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    ~Fd() { reset(); }

    int get() const { return m_fd; }
    bool valid() const { return m_fd >= 0; }
    void reset()
    {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = -1;
    }

private:
    int m_fd = -1;
};

void syncFd(const Fd& fd, const std::string& what);
void syncDirectory(const std::string& path);
void copySynced(const std::string& from, const std::string& to);
bool unsupported(int error);

} // namespace storefile

struct Store::Private
{
    std::string path;
    Store::Mode mode = Store::Mode::ReadOnly;
    bool locks = true; // Store::Locking::Flock
    // Read-only on the published store; during a change, the shadow copy being written.
    H5::H5File file;
    // Reused by every results() read of this handle (a Store is used by one thread at a time), so a
    // snapshot load touches one scratch buffer rather than a fresh one per dataset.
    mutable std::vector<double> scratch;

    // Writing (see "Publishing" in storepublish.cpp).
    using Change = std::function<void()>; // one change, applied to `file`; replayable
    storefile::Fd writerLock;             // flock on `.<name>.qs-lock` while this handle may write
    // The shadow while a change is applied to it, through the C API: a close that fails (a full disk)
    // must not be retried by a C++ wrapper's destructor, which crashes HDF5 1.10.
    hid_t shadowId = H5I_INVALID_HID;
    bool shadowKnown = false;        // the shadow is the published store without `behind`
    std::vector<Change> behind;      // the changes the shadow lacks (the last publish's)
    std::uintmax_t behindGrowth = 0; // how much they may grow the file
    struct Batch
    {
        storefile::Fd lock;
        H5::H5File published;
        std::vector<Change> changes;
        std::uintmax_t growth = 0;
    };
    std::optional<Batch> batch; // a change of several writes, published together
    hsize_t appended = 0;       // the index of the last appended checkpoint

    std::string shadowPath() const { return storefile::sibling(path, ".qs-shadow"); }

    Private() = default;
    Private(const Private&) = delete;
    Private& operator=(const Private&) = delete;
    ~Private();

    // Runs `f`, turning HDF5 failures into an IoError and parts of the file that are not of the store's
    // schema into a FormatError, each naming the file and what failed.
    template<class F>
    auto guard(const std::string& what, F&& f) const -> decltype(f())
    {
        h5::resetH5Errors();
        try {
            return f();
        } catch (const h5::Malformed& e) {
            throw FormatError(path + ": " + what + " failed: " + e.what());
        } catch (const H5::Exception& e) {
            const std::string cause = h5::takeH5Error().innermost;
            throw IoError(path + ": " + what + " failed: " + e.getDetailMsg()
                          + (cause.empty() ? "" : " (" + cause + ")"));
        }
    }

    // Publishing (storepublish.cpp).
    bool closeShadow();
    void requireWritable(const std::string& what) const;
    void lockForWriting();
    void removeTemporaries();
    void copyToShadow();
    storefile::Fd openShadow(H5::H5File& published, std::uintmax_t growth);
    void abandonShadow(const H5::H5File& published);
    void publishShadow(storefile::Fd lock, const H5::H5File& published, std::vector<Change> changes);
    void reserve(const storefile::Fd& fd, std::uintmax_t growth);
    void write(const std::string& what, Change change, std::uintmax_t growth = 0);
    void beginBatch();
    void endBatch(bool publish);

    // The schema (store.cpp).
    H5::Group runGroup(const std::string& run) const;
    static bool hasConfig(const H5::Group& run, const std::string& configId);
    H5::Group configGroup(const std::string& run, const std::string& configId) const;
    std::string readStringAttr(const H5::H5Object& obj, const std::string& name) const;
    void checkHeader() const;
};

} // namespace qs
