// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/storepadding.h"

#include "core/common/errors.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <limits>
#include <set>
#include <vector>

namespace qs::salvage {

namespace {

namespace fs = std::filesystem;

class Fd
{
public:
    explicit Fd(int fd)
        : m_fd(fd)
    {
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    ~Fd()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    int get() const { return m_fd; }

private:
    int m_fd;
};

std::string errnoText()
{
    return std::strerror(errno);
}

std::uint64_t decodeLe(const unsigned char* p, int bytes)
{
    std::uint64_t value = 0;
    for (int i = bytes - 1; i >= 0; --i)
        value = (value << 8) | p[i];
    return value;
}

bool allOnes(std::uint64_t value, int bytes)
{
    return bytes >= 8 ? value == std::numeric_limits<std::uint64_t>::max()
                      : value == (std::uint64_t(1) << (8 * bytes)) - 1;
}

void writeAll(int fd, const char* data, size_t size, const std::string& what)
{
    for (size_t done = 0; done < size;) {
        const ssize_t w = ::write(fd, data + done, size - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            throw IoError(what + ": " + errnoText());
        done += size_t(w);
    }
}

// Bob Jenkins's lookup3 hash (hashlittle, initial value 0), the checksum of HDF5's metadata.
std::uint32_t lookup3(const unsigned char* k, size_t length)
{
    const auto rot = [](std::uint32_t x, int r) { return (x << r) | (x >> (32 - r)); };
    const auto word = [](const unsigned char* p) {
        return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24;
    };
    std::uint32_t a = 0xdeadbeef + std::uint32_t(length), b = a, c = a;
    while (length > 12) {
        a += word(k);
        b += word(k + 4);
        c += word(k + 8);
        a -= c, a ^= rot(c, 4), c += b;
        b -= a, b ^= rot(a, 6), a += c;
        c -= b, c ^= rot(b, 8), b += a;
        a -= c, a ^= rot(c, 16), c += b;
        b -= a, b ^= rot(a, 19), a += c;
        c -= b, c ^= rot(b, 4), b += a;
        length -= 12;
        k += 12;
    }
    if (length == 0)
        return c;
    unsigned char tail[12] = {};
    std::memcpy(tail, k, length);
    a += word(tail);
    b += word(tail + 4);
    c += word(tail + 8);
    c ^= b, c -= rot(b, 14);
    a ^= c, a -= rot(c, 11);
    b ^= a, b -= rot(a, 25);
    c ^= b, c -= rot(b, 16);
    a ^= c, a -= rot(c, 4);
    b ^= a, b -= rot(a, 14);
    c ^= b, c -= rot(b, 24);
    return c;
}

// The original file, mapped read-only.
class Mapping
{
public:
    Mapping(int fd, std::uint64_t size, const std::string& path)
        : m_size(size)
    {
        if (size == 0)
            return;
        void* p = ::mmap(nullptr, size_t(size), PROT_READ, MAP_PRIVATE, fd, 0);
        if (p == MAP_FAILED)
            throw IoError(path + ": cannot map it: " + errnoText());
        m_data = static_cast<const unsigned char*>(p);
    }
    Mapping(const Mapping&) = delete;
    Mapping& operator=(const Mapping&) = delete;
    ~Mapping()
    {
        if (m_data)
            ::munmap(const_cast<unsigned char*>(m_data), size_t(m_size));
    }
    const unsigned char* data() const { return m_data; }
    std::uint64_t size() const { return m_size; }

private:
    const unsigned char* m_data = nullptr;
    std::uint64_t m_size;
};

// Makes the padded copy `out` of a file cut at `size` bytes readable to HDF5 where the cut would stop
// it reading anything at all, and unreadable where HDF5 would read zeros as data:
// - An object header (version 2, "OHDR") whose continuation chunk ("OCHK") was cut fails its
//   checksum, and with it the object; for the root group that is the whole file. Such continuation
//   messages become NIL messages (the header's checksum recomputed), so the object opens with the
//   messages of its chunks that are in the file.
// - A global heap collection ("GCOL", the variable-length strings) that the cut runs through loses its
//   signature: HDF5 1.10 does not check a collection's objects against its size before copying them.
// Candidates are found by their signature and believed only when their checksum (headers) or sizes
// (collections) fit (HDF5 file format specification: version 2 object header, continuation block,
// global heap collection).
class CutPatcher
{
public:
    CutPatcher(const Mapping& file, int out, const Superblock& sb, const std::string& what)
        : m_data(file.data())
        , m_size(file.size())
        , m_out(out)
        , m_base(sb.base)
        , m_offsetBytes(sb.offsetBytes)
        , m_lengthBytes(sb.lengthBytes)
        , m_what(what)
    {
    }

    void run()
    {
        for (std::uint64_t at = 0; at + 4 <= m_size; ++at) {
            const unsigned char* p = m_data + at;
            if (p[0] == 'O' && std::memcmp(p, "OHDR", 4) == 0)
                header(at);
            else if (p[0] == 'G' && std::memcmp(p, "GCOL", 4) == 0)
                heap(at);
        }
    }

private:
    bool inFile(std::uint64_t addr, std::uint64_t length) const
    {
        return addr <= m_size && m_base <= m_size - addr && length <= m_size - m_base - addr;
    }

    void write(std::uint64_t at, const std::vector<unsigned char>& bytes)
    {
        if (::pwrite(m_out, bytes.data(), bytes.size(), off_t(at)) != ssize_t(bytes.size()))
            throw IoError(m_what + ": writing failed: " + errnoText());
    }

    static void setChecksum(std::vector<unsigned char>& chunk)
    {
        const std::uint32_t sum = lookup3(chunk.data(), chunk.size() - 4);
        for (int i = 0; i < 4; ++i)
            chunk[chunk.size() - 4 + size_t(i)] = static_cast<unsigned char>(sum >> (8 * i));
    }

    static bool checksumFits(const unsigned char* p, std::uint64_t length)
    {
        return length >= 8 && lookup3(p, size_t(length - 4)) == std::uint32_t(decodeLe(p + length - 4, 4));
    }

    // The messages in [from, to) of `chunk`: continuations that lead out of the file become NIL.
    bool patchMessages(std::vector<unsigned char>& chunk, size_t from, size_t to, bool creationOrder, int depth)
    {
        bool patched = false;
        const size_t prefix = creationOrder ? 6 : 4; // type, size, flags[, creation order]
        for (size_t p = from; p + prefix <= to;) {
            const size_t bytes = size_t(chunk[p + 1]) | size_t(chunk[p + 2]) << 8;
            if (p + prefix + bytes > to)
                break;
            const size_t data = p + prefix;
            if (chunk[p] == 0x10 && bytes >= size_t(m_offsetBytes) + size_t(m_lengthBytes)) {
                const std::uint64_t addr = decodeLe(chunk.data() + data, m_offsetBytes);
                const std::uint64_t length = decodeLe(chunk.data() + data + m_offsetBytes, m_lengthBytes);
                if (!continuation(addr, length, creationOrder, depth)) {
                    chunk[p] = 0x00;
                    patched = true;
                }
            }
            p = data + bytes;
        }
        return patched;
    }

    // Whether the continuation chunk at `addr` is whole in the file (its own continuations patched).
    bool continuation(std::uint64_t addr, std::uint64_t length, bool creationOrder, int depth)
    {
        if (depth > 64 || length < 8 || !inFile(addr, length))
            return false;
        const std::uint64_t at = m_base + addr;
        const unsigned char* p = m_data + at;
        if (std::memcmp(p, "OCHK", 4) != 0 || !checksumFits(p, length))
            return false;
        if (!m_visited.insert(at).second)
            return true;
        std::vector<unsigned char> chunk(p, p + length);
        if (patchMessages(chunk, 4, size_t(length - 4), creationOrder, depth + 1)) {
            setChecksum(chunk);
            write(at, chunk);
        }
        return true;
    }

    void header(std::uint64_t at)
    {
        const unsigned char* p = m_data + at;
        if (at + 7 > m_size || p[4] != 2)
            return;
        const unsigned flags = p[5];
        size_t prefix = 6 + ((flags & 0x20) ? 16 : 0) + ((flags & 0x10) ? 4 : 0);
        const int sizeBytes = 1 << (flags & 3);
        if (at + prefix + size_t(sizeBytes) > m_size)
            return;
        const std::uint64_t chunk0 = decodeLe(p + prefix, sizeBytes);
        prefix += size_t(sizeBytes);
        if (chunk0 > m_size || at + prefix + chunk0 + 4 > m_size || !checksumFits(p, prefix + chunk0 + 4))
            return; // cut itself (HDF5 refuses it), or not a header
        std::vector<unsigned char> chunk(p, p + prefix + chunk0 + 4);
        if (patchMessages(chunk, prefix, size_t(prefix + chunk0), (flags & 0x04) != 0, 0)) {
            setChecksum(chunk);
            write(at, chunk);
        }
    }

    void heap(std::uint64_t at)
    {
        static const unsigned char version[4] = {1, 0, 0, 0}; // version 1, three reserved bytes
        const unsigned char* p = m_data + at;
        const size_t header = 8 + size_t(m_lengthBytes);
        const size_t present = size_t(std::min<std::uint64_t>(m_size - at, header));
        if (std::memcmp(p + 4, version, std::min<size_t>(4, present - 4)) != 0)
            return;
        // Cut inside the collection's own header, or inside its objects.
        const bool cut = present < header || decodeLe(p + 8, m_lengthBytes) > m_size - at;
        if (cut)
            write(at, {0, 0, 0, 0});
    }

    const unsigned char* m_data;
    std::uint64_t m_size;
    int m_out;
    std::uint64_t m_base;
    int m_offsetBytes, m_lengthBytes;
    std::string m_what;
    std::set<std::uint64_t> m_visited;
};

} // namespace

// The HDF5 superblock: its signature at 0, 512, 1024, 2048, … (after a user block), then, by version,
// the sizes of addresses and lengths, the base address and the end-of-address (HDF5 file format
// specification, "Superblock"; versions 0 and 1 carry B-tree parameters before the addresses).
Superblock readSuperblock(int fd, std::uint64_t size, const std::string& path)
{
    static const unsigned char signature[8] = {0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};
    for (std::uint64_t at = 0; at + 8 <= size; at = at == 0 ? 512 : at * 2) {
        unsigned char buf[128] = {};
        const ssize_t got = ::pread(fd, buf, sizeof buf, off_t(at));
        if (got < 8)
            break;
        if (std::memcmp(buf, signature, 8) != 0)
            continue;
        const int version = buf[8];
        if (version > 3)
            throw FormatError(path + ": HDF5 superblock version " + std::to_string(version)
                              + ", which this build cannot read");
        const int offsetBytes = version <= 1 ? buf[13] : buf[9];
        const int lengthBytes = version <= 1 ? buf[14] : buf[10];
        const size_t baseAt = version == 0 ? 24 : version == 1 ? 28 : 12;
        const size_t need = baseAt + 3 * size_t(offsetBytes);
        if (std::uint64_t(got) < std::min<std::uint64_t>(need, sizeof buf) || got < 16)
            throw FormatError(path + ": the file ends inside its HDF5 superblock (" + std::to_string(size)
                              + " bytes): nothing of it can be read");
        if ((offsetBytes != 2 && offsetBytes != 4 && offsetBytes != 8)
            || (lengthBytes != 2 && lengthBytes != 4 && lengthBytes != 8))
            throw FormatError(path + ": its HDF5 superblock is damaged (sizes of addresses and lengths "
                              + std::to_string(offsetBytes) + " and " + std::to_string(lengthBytes) + ")");
        Superblock sb;
        sb.base = decodeLe(buf + baseAt, offsetBytes);
        // Versions 0 and 1: base, free-space info, end of file; 2 and 3: base, superblock extension, end.
        sb.end = decodeLe(buf + baseAt + 2 * size_t(offsetBytes), offsetBytes);
        sb.offsetBytes = offsetBytes;
        sb.lengthBytes = lengthBytes;
        if (allOnes(sb.base, offsetBytes) || allOnes(sb.end, offsetBytes) || sb.base > (std::uint64_t(1) << 56)
            || sb.end > (std::uint64_t(1) << 56))
            throw FormatError(path + ": its HDF5 superblock is damaged (base address " + std::to_string(sb.base)
                              + ", end of file " + std::to_string(sb.end) + ")");
        return sb;
    }
    throw FormatError(path + ": not an HDF5 file (no HDF5 signature), so not a QuantScope store");
}

std::string paddedCopy(int in, std::uint64_t size, const Superblock& sb, const std::string& path,
                       const std::string& dir)
{
    const std::uint64_t end = sb.base + sb.end;
    const std::string folder = dir.empty() ? fs::temp_directory_path().string() : dir;
    std::string name = (fs::path(folder) / ("." + fs::path(path).filename().string() + ".qs-padded-XXXXXX")).string();
    const std::string what = path + ": the file is truncated, and its zero-padded copy in " + folder;
    const int out = ::mkostemp(name.data(), O_CLOEXEC);
    if (out < 0)
        throw IoError(what + " cannot be made: " + errnoText());
    const Fd guard(out);
    try {
        std::vector<char> buffer(size_t(1) << 20);
        for (std::uint64_t at = 0; at < size;) {
            const ssize_t n =
                ::pread(in, buffer.data(), size_t(std::min<std::uint64_t>(buffer.size(), size - at)), off_t(at));
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                throw IoError(path + ": reading failed: " + (n < 0 ? errnoText() : std::string("it got shorter")));
            writeAll(out, buffer.data(), size_t(n), what);
            at += std::uint64_t(n);
        }
        if (::ftruncate(out, off_t(end)) != 0)
            throw IoError(what + ": " + errnoText());
        const Mapping original(in, size, path);
        CutPatcher(original, out, sb, what).run();
    } catch (...) {
        ::unlink(name.c_str());
        throw;
    }
    return name;
}

} // namespace qs::salvage
