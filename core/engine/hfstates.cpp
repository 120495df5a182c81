// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/hfstates.h"

#include "core/common/errors.h"
#include "core/engine/compute.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace qs {

namespace {

std::string errnoText(int error)
{
    return std::strerror(error);
}

// A new file in `dir` that no name points to: O_TMPFILE where the file system has it, else a named
// file unlinked at once.
int scratchFile(const std::string& dir, const std::string& what)
{
    int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0)
        return fd;
    std::string name = dir + "/.quantscope-scratch-XXXXXX";
    fd = ::mkostemp(name.data(), O_CLOEXEC);
    if (fd < 0)
        throw IoError("cannot create a scratch file for the " + what + " in " + dir + ": " + errnoText(errno)
                      + " (choose another folder with --scratch)");
    ::unlink(name.c_str());
    return fd;
}

} // namespace

HiddenStates::HiddenStates(int64_t sequences, int64_t length, int64_t hidden, const std::string& scratchDir,
                           const std::string& what)
    : m_sequences(sequences)
    , m_length(length)
    , m_hidden(hidden)
    , m_what(what)
    , m_dir(scratchDir)
{
    if (scratchDir.empty()) {
        m_memory = torch::empty({sequences, length, hidden}, torch::kFloat32);
        return;
    }
    m_fd = scratchFile(scratchDir, what);
    const off_t bytes = off_t(sequences * length * hidden) * off_t(sizeof(float));
    const int error = ::posix_fallocate(m_fd, 0, bytes);
    if (error != 0) {
        ::close(m_fd);
        m_fd = -1;
        throw IoError("cannot reserve " + std::to_string((bytes >> 20) + 1) + " MiB in " + scratchDir + " for the "
                      + what + ": " + errnoText(error)
                      + " (free space there, or choose another folder with --scratch)");
    }
}

HiddenStates::HiddenStates(HiddenStates&& o) noexcept
    : m_sequences(o.m_sequences)
    , m_length(o.m_length)
    , m_hidden(o.m_hidden)
    , m_what(std::move(o.m_what))
    , m_dir(std::move(o.m_dir))
    , m_memory(std::move(o.m_memory))
    , m_compute(o.m_compute)
    , m_fd(std::exchange(o.m_fd, -1))
{
}

HiddenStates& HiddenStates::operator=(HiddenStates&& o) noexcept
{
    if (this != &o) {
        if (m_fd >= 0)
            ::close(m_fd);
        m_sequences = o.m_sequences;
        m_length = o.m_length;
        m_hidden = o.m_hidden;
        m_what = std::move(o.m_what);
        m_dir = std::move(o.m_dir);
        m_memory = std::move(o.m_memory);
        m_compute = o.m_compute;
        m_fd = std::exchange(o.m_fd, -1);
    }
    return *this;
}

HiddenStates::~HiddenStates()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

torch::Tensor HiddenStates::read(int64_t begin, int64_t count) const
{
    if (m_fd < 0)
        return toCompute(m_memory.narrow(0, begin, count), m_compute);
    // Pinned when the states go to a GPU, so the copy there is one DMA transfer.
    auto x = torch::empty({count, m_length, m_hidden},
                          torch::TensorOptions().dtype(torch::kFloat32).pinned_memory(!m_compute.device().is_cpu()));
    auto* p = reinterpret_cast<char*>(x.data_ptr<float>());
    size_t left = size_t(count * m_length * m_hidden) * sizeof(float);
    off_t offset = off_t(begin * m_length * m_hidden) * off_t(sizeof(float));
    while (left > 0) {
        const ssize_t n = ::pread(m_fd, p, left, offset);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            throw IoError("reading the " + m_what + " back from the scratch file in " + m_dir
                          + " failed: " + (n < 0 ? errnoText(errno) : std::string("unexpected end of file")));
        p += n;
        offset += n;
        left -= size_t(n);
    }
    return toCompute(x, m_compute);
}

void HiddenStates::write(int64_t begin, const torch::Tensor& x)
{
    if (m_fd < 0) {
        m_memory.narrow(0, begin, x.size(0)).copy_(x);
        return;
    }
    const auto c = x.to(torch::kCPU, torch::kFloat32).contiguous();
    const auto* p = reinterpret_cast<const char*>(c.data_ptr<float>());
    size_t left = size_t(c.numel()) * sizeof(float);
    off_t offset = off_t(begin * m_length * m_hidden) * off_t(sizeof(float));
    while (left > 0) {
        const ssize_t n = ::pwrite(m_fd, p, left, offset);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            throw IoError("writing the " + m_what + " to the scratch file in " + m_dir
                          + " failed: " + errnoText(n < 0 ? errno : ENOSPC));
        p += n;
        offset += n;
        left -= size_t(n);
    }
}

} // namespace qs
