// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/formats/tokenfile.h"

#include "core/common/errors.h"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <limits>
#include <string_view>
#include <type_traits>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace qs {

namespace {

static_assert(std::endian::native == std::endian::little, "token files are read as little-endian in place");

constexpr std::string_view npyMagic("\x93NUMPY", 6);

[[noreturn]] void formatError(const std::string& path, const std::string& what)
{
    throw FormatError("token file '" + path + "': " + what);
}

[[noreturn]] void ioError(const std::string& path, const std::string& action, int err)
{
    throw IoError("cannot " + action + " token file '" + path + "': " + std::strerror(err));
}

// The whole file mapped read-only (an empty file maps to nothing).
class MappedFile
{
public:
    explicit MappedFile(const std::string& path)
        : m_path(path)
    {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            ioError(path, "open", errno);
        struct stat st;
        int err = 0;
        if (::fstat(fd, &st) != 0)
            err = errno;
        else if (!S_ISREG(st.st_mode))
            err = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
        if (err == 0 && st.st_size > 0) {
            m_size = static_cast<size_t>(st.st_size);
            void* map = ::mmap(nullptr, m_size, PROT_READ, MAP_PRIVATE, fd, 0);
            if (map == MAP_FAILED)
                err = errno;
            else
                m_data = static_cast<const uint8_t*>(map);
        }
        ::close(fd);
        if (err != 0)
            ioError(path, m_size ? "memory-map" : "read", err);
        if (m_data)
            ::madvise(const_cast<uint8_t*>(m_data), m_size, MADV_SEQUENTIAL);
    }
    ~MappedFile()
    {
        if (m_data)
            ::munmap(const_cast<uint8_t*>(m_data), m_size);
    }
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    const std::string& path() const { return m_path; }
    const uint8_t* data() const { return m_data; }
    size_t size() const { return m_size; }
    bool isNpy() const
    {
        return m_size >= npyMagic.size() && std::memcmp(m_data, npyMagic.data(), npyMagic.size()) == 0;
    }

private:
    std::string m_path;
    const uint8_t* m_data = nullptr;
    size_t m_size = 0;
};

// One pass from the mapped bytes to the ids, each checked against [0, vocabSize).
template<class T>
std::vector<int32_t> convert(const MappedFile& file, size_t offset, size_t count, int64_t vocabSize)
{
    // Ids are returned as int32: a larger vocabulary cannot be addressed anyway.
    const uint64_t limit = static_cast<uint64_t>(std::min<int64_t>(vocabSize, int64_t(1) << 31));
    std::vector<int32_t> ids(count);
    const uint8_t* bytes = file.data() + offset;
    for (size_t i = 0; i < count; ++i) {
        T value;
        std::memcpy(&value, bytes + i * sizeof(T), sizeof(T));
        bool negative = false;
        if constexpr (std::is_signed_v<T>)
            negative = value < 0;
        if (negative || static_cast<uint64_t>(value) >= limit) {
            std::string why = ", not below the vocabulary size " + std::to_string(vocabSize);
            if (negative)
                why = ", a negative id";
            else if (static_cast<uint64_t>(value) < uint64_t(vocabSize))
                why = ", past the largest 32-bit id";
            formatError(file.path(),
                        "the token at position " + std::to_string(i) + " is " + std::to_string(value) + why);
        }
        ids[i] = static_cast<int32_t>(value); // NOLINT(bugprone-signed-char-misuse): int8 ids, negatives rejected
    }
    return ids;
}

void checkVocabSize(const std::string& path, int64_t vocabSize)
{
    if (vocabSize <= 0)
        throw ConfigError("token file '" + path + "': the vocabulary size " + std::to_string(vocabSize)
                          + " to check its ids against is not positive");
}

std::vector<int32_t> readRaw(const MappedFile& file, RawTokenType type, int64_t vocabSize)
{
    const size_t width = type == RawTokenType::U16 ? 2 : 4;
    if (file.size() % width != 0)
        formatError(file.path(),
                    "its " + std::to_string(file.size()) + " bytes are not a whole number of "
                        + (width == 2 ? "uint16" : "uint32") + " tokens");
    const size_t count = file.size() / width;
    return type == RawTokenType::U16 ? convert<uint16_t>(file, 0, count, vocabSize)
                                     : convert<uint32_t>(file, 0, count, vocabSize);
}

// The Python dict literal of a .npy header: {'descr': '<u2', 'fortran_order': False, 'shape': (3,), }
struct NpyHeader
{
    std::string descr;
    bool fortranOrder = false;
    std::vector<uint64_t> shape;
};

class HeaderParser
{
public:
    HeaderParser(std::string_view text, const std::string& path)
        : m_text(text)
        , m_path(path)
    {
    }

    NpyHeader parse()
    {
        NpyHeader header;
        bool seen[3] = {false, false, false};
        expect('{');
        while (!peek('}')) {
            const std::string key = string();
            expect(':');
            if (key == "descr") {
                header.descr = string();
                seen[0] = true;
            } else if (key == "fortran_order") {
                header.fortranOrder = boolean();
                seen[1] = true;
            } else if (key == "shape") {
                header.shape = tuple();
                seen[2] = true;
            } else {
                fail("unknown key '" + key + "'");
            }
            if (!peek('}'))
                expect(',');
        }
        expect('}');
        if (!seen[0] || !seen[1] || !seen[2])
            fail("it lacks one of 'descr', 'fortran_order' and 'shape'");
        return header;
    }

private:
    [[noreturn]] void fail(const std::string& what) const
    {
        std::string_view shown = m_text;
        while (!shown.empty() && (shown.back() == '\n' || shown.back() == ' '))
            shown.remove_suffix(1);
        formatError(m_path, "the .npy header " + std::string(shown) + " is not understood: " + what);
    }

    void skipSpace()
    {
        while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\n' || m_text[m_pos] == '\t'))
            ++m_pos;
    }

    bool peek(char c)
    {
        skipSpace();
        return m_pos < m_text.size() && m_text[m_pos] == c;
    }

    void expect(char c)
    {
        if (!peek(c))
            fail(std::string("expected '") + c + "' at offset " + std::to_string(m_pos));
        ++m_pos;
    }

    std::string string()
    {
        skipSpace();
        if (m_pos >= m_text.size() || (m_text[m_pos] != '\'' && m_text[m_pos] != '"'))
            fail("expected a string at offset " + std::to_string(m_pos));
        const char quote = m_text[m_pos++];
        const size_t end = m_text.find(quote, m_pos);
        if (end == std::string_view::npos)
            fail("unterminated string");
        std::string value(m_text.substr(m_pos, end - m_pos));
        m_pos = end + 1;
        return value;
    }

    bool boolean()
    {
        skipSpace();
        for (const auto& [word, value] :
             {std::pair {std::string_view("True"), true}, std::pair {std::string_view("False"), false}}) {
            if (m_text.substr(m_pos, word.size()) == word) {
                m_pos += word.size();
                return value;
            }
        }
        fail("expected True or False at offset " + std::to_string(m_pos));
    }

    std::vector<uint64_t> tuple()
    {
        std::vector<uint64_t> dims;
        expect('(');
        while (!peek(')')) {
            const size_t begin = m_pos;
            uint64_t dim = 0;
            while (m_pos < m_text.size() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9') {
                if (__builtin_mul_overflow(dim, 10u, &dim)
                    || __builtin_add_overflow(dim, uint64_t(m_text[m_pos] - '0'), &dim))
                    fail("a dimension is too large");
                ++m_pos;
            }
            if (m_pos == begin)
                fail("expected a dimension at offset " + std::to_string(m_pos));
            if (m_pos < m_text.size() && m_text[m_pos] == 'L') // Python 2 longs
                ++m_pos;
            dims.push_back(dim);
            if (!peek(')'))
                expect(',');
        }
        expect(')');
        return dims;
    }

    std::string_view m_text;
    const std::string& m_path;
    size_t m_pos = 0;
};

std::vector<int32_t> readNpy(const MappedFile& file, int64_t vocabSize)
{
    const std::string& path = file.path();
    if (!file.isNpy())
        formatError(path,
                    "not a NumPy .npy file (it does not start with \\x93NUMPY); a headerless file "
                    "(nanoGPT .bin, OLMo memmap) is read as raw tokens of a given type");
    if (file.size() < 10)
        formatError(path, "the .npy file ends inside its header");
    const uint8_t major = file.data()[6];
    size_t headerStart = 0;
    uint64_t headerLength = 0;
    if (major == 1) {
        headerStart = 10;
        headerLength = uint64_t(file.data()[8]) | (uint64_t(file.data()[9]) << 8);
    } else if (major == 2 || major == 3) {
        headerStart = 12;
        if (file.size() < headerStart)
            formatError(path, "the .npy file ends inside its header");
        for (int i = 0; i < 4; ++i)
            headerLength |= uint64_t(file.data()[8 + i]) << (8 * i);
    } else {
        formatError(path,
                    "NumPy format version " + std::to_string(major) + "." + std::to_string(file.data()[7])
                        + " is not supported (1.0, 2.0 and 3.0 are)");
    }
    if (headerLength > file.size() - headerStart)
        formatError(path,
                    "the .npy header of " + std::to_string(headerLength) + " bytes is longer than the file ("
                        + std::to_string(file.size()) + " bytes)");
    const std::string_view text(reinterpret_cast<const char*>(file.data() + headerStart), size_t(headerLength));
    const NpyHeader header = HeaderParser(text, path).parse();

    const std::string& d = header.descr;
    const bool integer = d.size() == 3 && (d[1] == 'u' || d[1] == 'i');
    if (integer && d[0] == '>' && d[2] != '1')
        formatError(path, "big-endian dtype '" + d + "' is not supported");
    const bool supported = integer
        && (d[2] == '1' ? d[0] == '|' || d[0] == '<' || d[0] == '>'
                        : d[0] == '<' && (d[2] == '2' || d[2] == '4' || d[2] == '8'));
    if (!supported)
        formatError(path, "unsupported dtype '" + d + "' (token ids need |u1, |i1, <u2, <i2, <u4, <i4, <u8 or <i8)");
    const size_t width = size_t(d[2] - '0');

    uint64_t count = 1;
    size_t longDims = 0;
    std::string shape = "(";
    for (size_t i = 0; i < header.shape.size(); ++i) {
        if (__builtin_mul_overflow(count, header.shape[i], &count))
            formatError(path, "the .npy shape is too large");
        longDims += header.shape[i] > 1;
        shape += (i ? ", " : "") + std::to_string(header.shape[i]);
    }
    shape += header.shape.size() == 1 ? ",)" : ")";
    // Fortran order lays out an array of several dimensions differently; in one dimension it is the same.
    if (header.fortranOrder && longDims > 1)
        formatError(path, "a Fortran-order array of shape " + shape + " is not supported (write it in C order)");
    const size_t dataStart = headerStart + size_t(headerLength);
    const uint64_t have = file.size() - dataStart;
    uint64_t need = 0;
    const bool overflow = __builtin_mul_overflow(count, uint64_t(width), &need);
    if (overflow || need != have)
        formatError(path,
                    "shape " + shape + " of '" + d + "' needs " + (overflow ? "more than 2^64" : std::to_string(need))
                        + " bytes of data after the header, the file has " + std::to_string(have));
    const size_t n = size_t(count);
    const bool isSigned = d[1] == 'i';
    switch (width) {
    case 1:
        return isSigned ? convert<int8_t>(file, dataStart, n, vocabSize)
                        : convert<uint8_t>(file, dataStart, n, vocabSize);
    case 2:
        return isSigned ? convert<int16_t>(file, dataStart, n, vocabSize)
                        : convert<uint16_t>(file, dataStart, n, vocabSize);
    case 4:
        return isSigned ? convert<int32_t>(file, dataStart, n, vocabSize)
                        : convert<uint32_t>(file, dataStart, n, vocabSize);
    default:
        return isSigned ? convert<int64_t>(file, dataStart, n, vocabSize)
                        : convert<uint64_t>(file, dataStart, n, vocabSize);
    }
}

} // namespace

std::vector<int32_t> readNpyTokens(const std::string& path, int64_t vocabSize)
{
    checkVocabSize(path, vocabSize);
    return readNpy(MappedFile(path), vocabSize);
}

std::vector<int32_t> readRawTokens(const std::string& path, RawTokenType type, int64_t vocabSize)
{
    checkVocabSize(path, vocabSize);
    return readRaw(MappedFile(path), type, vocabSize);
}

std::vector<int32_t> readTokenFile(const std::string& path, RawTokenType rawType, int64_t vocabSize)
{
    checkVocabSize(path, vocabSize);
    const MappedFile file(path);
    return file.isNpy() ? readNpy(file, vocabSize) : readRaw(file, rawType, vocabSize);
}

} // namespace qs
