// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What every harness shares: the bytes as a string or in a file, and the one exception a parser may
// throw on bad input. A parser ends malformed input with a qs::Error; anything else that escapes it
// (std::out_of_range, nlohmann::json::type_error, std::bad_alloc, …) reaches libFuzzer and is a crash.

#include "core/common/errors.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>

#include <fcntl.h>
#include <unistd.h>

namespace qs::fuzz {

inline std::string text(const uint8_t* data, size_t size)
{
    return std::string(reinterpret_cast<const char*>(data), size);
}

// Runs `parse`; a qs::Error is the expected end of bad input, and only that is caught.
template<class F>
void expectError(F&& parse)
{
    try {
        parse();
    } catch (const qs::Error&) {
    }
}

// A folder of this process's own, removed at exit: parsers that read files read the input from there.
// In memory (/dev/shm) where there is one: rewriting a file on a virtual disk every run costs a few ms,
// which is most of a run.
inline const std::filesystem::path& scratchDir()
{
    static const std::filesystem::path dir = [] {
        const char* tmp = std::getenv("TMPDIR");
        const char* base = ::access("/dev/shm", W_OK) == 0 ? "/dev/shm" : tmp && *tmp ? tmp : "/tmp";
        std::filesystem::path d = std::filesystem::path(base) / ("qs-fuzz-" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        std::atexit([] {
            std::error_code ec;
            std::filesystem::remove_all(scratchDir(), ec);
        });
        return d;
    }();
    return dir;
}

// Writes the bytes to `name` in the scratch folder (replacing it) and returns its path.
inline std::string writeFile(const std::string& name, const uint8_t* data, size_t size)
{
    const std::string path = (scratchDir() / name).string();
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
        std::perror(path.c_str());
        std::abort();
    }
    for (size_t done = 0; done < size;) {
        const ssize_t n = ::write(fd, data + done, size - done);
        if (n <= 0) {
            std::perror(path.c_str());
            std::abort();
        }
        done += size_t(n);
    }
    ::close(fd);
    return path;
}

inline std::string writeFile(const std::string& name, std::string_view bytes)
{
    return writeFile(name, reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
}

} // namespace qs::fuzz
