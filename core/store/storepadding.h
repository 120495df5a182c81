// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The zero-padded copy through which a truncated HDF5 file is read (storesalvage.h). Internal to
// core/store: include nowhere else.

#include <cstdint>
#include <string>

namespace qs::salvage {

// What an HDF5 superblock says about the file's extent (HDF5 file format specification, "Superblock").
struct Superblock
{
    std::uint64_t base = 0; // the absolute address of the superblock (after a user block)
    std::uint64_t end = 0;  // end-of-address, relative to base
    int offsetBytes = 8;
    int lengthBytes = 8;
};

// The superblock of the file open as `fd`, `size` bytes long: its signature at 0, 512, 1024, 2048, …
// FormatError naming `path` when there is none (not HDF5), when the file ends inside it or when its
// sizes are not HDF5's.
Superblock readSuperblock(int fd, std::uint64_t size, const std::string& path);

// Copies the file open as `fd` (`size` bytes, fewer than its superblock's end) into a new file in
// `dir` (empty: the system's temporary folder), padded with zeros to that end, and patched where the
// cut runs: object headers whose continuation chunk was cut lose the continuation (so the object opens
// with what is left), global heap collections the cut runs through lose their signature (so their
// strings fail to read instead of reading zeros). Returns the copy's path; IoError naming `path` when
// it cannot be made (nothing is left behind then).
std::string paddedCopy(int fd, std::uint64_t size, const Superblock& sb, const std::string& path,
                       const std::string& dir);

} // namespace qs::salvage
