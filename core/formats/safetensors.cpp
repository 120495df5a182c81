// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/formats/safetensors.h"

#include "core/common/errors.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace qs {

namespace {

// Real headers are a few hundred kB at most; anything this large is a corrupt length field, and
// refusing it early avoids handing a garbage size to the JSON parser.
constexpr uint64_t maxHeaderBytes = 100ull * 1024 * 1024;

[[noreturn]] void formatError(const std::string& path, const std::string& what)
{
    throw FormatError("safetensors file '" + path + "': " + what);
}

[[noreturn]] void ioError(const std::string& path, const std::string& action, int err)
{
    throw IoError("cannot " + action + " safetensors file '" + path + "': " + std::strerror(err));
}

struct DTypeName
{
    DType dtype;
    const char* name;
    int size;
};

constexpr DTypeName dtypeNames[] = {
    {DType::F32, "F32", 4}, {DType::F16, "F16", 2},        {DType::BF16, "BF16", 2},      {DType::F64, "F64", 8},
    {DType::I64, "I64", 8}, {DType::I32, "I32", 4},        {DType::I16, "I16", 2},        {DType::I8, "I8", 1},
    {DType::U8, "U8", 1},   {DType::Bool, "BOOL", 1},      {DType::U16, "U16", 2},        {DType::U32, "U32", 4},
    {DType::U64, "U64", 8}, {DType::F8E4M3, "F8_E4M3", 1}, {DType::F8E5M2, "F8_E5M2", 1},
};

const DTypeName& dtypeEntry(DType dtype)
{
    for (const DTypeName& n : dtypeNames) {
        if (n.dtype == dtype)
            return n;
    }
    return dtypeNames[0];
}

bool parseDType(const std::string& name, DType& dtype)
{
    for (const DTypeName& n : dtypeNames) {
        if (name == n.name) {
            dtype = n.dtype;
            return true;
        }
    }
    return false;
}

// Product of the dims times the element size; false on a negative dim or on overflow.
bool byteSize(const std::vector<int64_t>& shape, int elementSize, uint64_t& bytes)
{
    uint64_t n = static_cast<uint64_t>(elementSize);
    for (int64_t dim : shape) {
        if (dim < 0 || __builtin_mul_overflow(n, static_cast<uint64_t>(dim), &n))
            return false;
    }
    bytes = n;
    return true;
}

std::string shapeString(const std::vector<int64_t>& shape)
{
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

uint16_t loadU16(const uint8_t* p)
{
    return static_cast<uint16_t>(p[0] | (p[1] << 8));
}

uint32_t loadU32(const uint8_t* p)
{
    return uint32_t(p[0]) | (uint32_t(p[1]) << 8) | (uint32_t(p[2]) << 16) | (uint32_t(p[3]) << 24);
}

void storeU16(uint8_t* p, uint16_t v)
{
    p[0] = static_cast<uint8_t>(v);
    p[1] = static_cast<uint8_t>(v >> 8);
}

void storeU32(uint8_t* p, uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        p[i] = static_cast<uint8_t>(v >> (8 * i));
}

struct Fd
{
    int fd = -1;
    ~Fd()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

} // namespace

std::string toString(DType dtype)
{
    return dtypeEntry(dtype).name;
}

DType dtypeFromString(const std::string& name)
{
    DType dtype;
    if (!parseDType(name, dtype))
        throw FormatError("unknown safetensors dtype '" + name + "'");
    return dtype;
}

int dtypeSize(DType dtype)
{
    return dtypeEntry(dtype).size;
}

bool isWeightDType(DType dtype)
{
    return dtype == DType::F32 || dtype == DType::F16 || dtype == DType::BF16;
}

// ---------------------------------------------------------------------------------------------
// IEEE conversions

float halfToFloat(uint16_t h)
{
    const uint32_t sign = uint32_t(h & 0x8000) << 16;
    const uint32_t exp = (h >> 10) & 0x1f;
    const uint32_t mant = h & 0x3ff;
    if (exp == 0) {
        // Zero or subnormal: mant * 2^-24 is exact in float32.
        const float v = std::ldexp(static_cast<float>(mant), -24);
        return sign ? -v : v;
    }
    if (exp == 31) // inf, or NaN with its payload kept
        return std::bit_cast<float>(sign | 0x7f800000u | (mant << 13));
    return std::bit_cast<float>(sign | ((exp + 127 - 15) << 23) | (mant << 13));
}

uint16_t floatToHalf(float f)
{
    const uint32_t x = std::bit_cast<uint32_t>(f);
    const uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000);
    const uint32_t absx = x & 0x7fffffffu;

    if (absx > 0x7f800000u) // NaN: quiet bit set so a payload that truncates to zero stays NaN
        return sign | 0x7e00 | static_cast<uint16_t>((absx >> 13) & 0x3ff);
    // 65520 is the midpoint between the largest half (65504) and 2^16; the tie goes to the even
    // neighbour, which is infinity.
    if (absx >= 0x477ff000u)
        return sign | 0x7c00;
    if (absx >= 0x38800000u) { // normal half range, >= 2^-14
        const uint32_t mant = absx & 0x7fffff;
        uint32_t h = ((((absx >> 23) - 127 + 15)) << 10) | (mant >> 13);
        const uint32_t rem = mant & 0x1fff;
        if (rem > 0x1000 || (rem == 0x1000 && (h & 1)))
            ++h; // a carry into the exponent is the correct result
        return sign | static_cast<uint16_t>(h);
    }
    if (absx <= 0x33000000u) // <= 2^-25: rounds to zero (2^-25 itself ties to the even 0)
        return sign;
    // Subnormal: the result counts units of 2^-24.
    const uint32_t e = absx >> 23;
    const uint32_t mant = (absx & 0x7fffff) | 0x800000;
    const uint32_t shift = 126 - e; // 14..24
    uint32_t m = mant >> shift;
    const uint32_t rem = mant & ((1u << shift) - 1);
    const uint32_t halfway = 1u << (shift - 1);
    if (rem > halfway || (rem == halfway && (m & 1)))
        ++m; // may reach 0x400, the smallest normal, which is its correct encoding
    return sign | static_cast<uint16_t>(m);
}

float bf16ToFloat(uint16_t b)
{
    return std::bit_cast<float>(uint32_t(b) << 16);
}

uint16_t floatToBf16(float f)
{
    uint32_t x = std::bit_cast<uint32_t>(f);
    if ((x & 0x7fffffffu) > 0x7f800000u) // truncating a NaN could leave an infinity
        return static_cast<uint16_t>((x >> 16) | 0x0040);
    x += 0x7fff + ((x >> 16) & 1); // overflow past the largest finite value lands on inf
    return static_cast<uint16_t>(x >> 16);
}

// ---------------------------------------------------------------------------------------------
// TensorView

int64_t TensorView::numel() const
{
    int64_t n = 1;
    for (int64_t dim : shape)
        n *= dim;
    return n;
}

std::vector<float> TensorView::toFloat() const
{
    std::vector<float> out(static_cast<size_t>(numel()));
    toFloat(out.data());
    return out;
}

void TensorView::toFloat(float* out) const
{
    toFloat(out, 0, numel());
}

void TensorView::toFloat(float* out, int64_t first, int64_t count) const
{
    if (!isWeightDType(dtype))
        throw FormatError("tensor '" + name + "' is " + toString(dtype) + ", not a float tensor (F32, F16 or BF16)");
    if (first < 0 || count < 0 || first + count > numel())
        throw FormatError("tensor '" + name + "': elements " + std::to_string(first) + "+" + std::to_string(count)
                          + " are outside its " + std::to_string(numel()));
    if (count == 0)
        return; // an empty tensor: `out` may be null, and memcpy must not be given null even for 0 bytes
    const uint8_t* p = data + size_t(first) * size_t(dtypeSize(dtype));
    const size_t n = size_t(count);
    switch (dtype) {
    case DType::F32:
        std::memcpy(out, p, n * sizeof(float)); // little-endian host, as safetensors
        break;
    case DType::F16:
        for (size_t i = 0; i < n; ++i)
            out[i] = halfToFloat(loadU16(p + 2 * i));
        break;
    case DType::BF16:
        for (size_t i = 0; i < n; ++i)
            out[i] = bf16ToFloat(loadU16(p + 2 * i));
        break;
    default:
        break;
    }
}

// ---------------------------------------------------------------------------------------------
// SafetensorsFile

struct SafetensorsFile::Private
{
    std::string path;
    void* map = nullptr;
    size_t mapSize = 0;
    std::map<std::string, std::string> metadata;
    std::vector<TensorView> tensors; // sorted by data offset
    std::map<std::string, size_t> index;

    ~Private()
    {
        if (map)
            ::munmap(map, mapSize);
    }

    void parseHeader(const nlohmann::json& header, const uint8_t* buffer, uint64_t bufferSize, uint64_t fileSize);
};

void SafetensorsFile::Private::parseHeader(const nlohmann::json& header, const uint8_t* buffer, uint64_t bufferSize,
                                           uint64_t fileSize)
{
    struct Range
    {
        uint64_t begin, end;
        size_t tensor;
    };
    std::vector<Range> ranges;

    for (const auto& [name, entry] : header.items()) {
        if (name == "__metadata__") {
            if (!entry.is_object())
                formatError(path, "__metadata__ is not a JSON object");
            for (const auto& [key, value] : entry.items()) {
                if (!value.is_string())
                    formatError(path, "metadata value for key '" + key + "' is not a string");
                metadata[key] = value.get<std::string>();
            }
            continue;
        }
        const std::string where = "tensor '" + name + "'";
        if (!entry.is_object())
            formatError(path, where + " is not a JSON object");
        for (const char* field : {"dtype", "shape", "data_offsets"}) {
            if (!entry.contains(field))
                formatError(path, where + " has no '" + field + "'");
        }

        TensorView view;
        view.name = name;
        const auto& dtype = entry.at("dtype");
        if (!dtype.is_string())
            formatError(path, where + ": 'dtype' is not a string");
        if (!parseDType(dtype.get<std::string>(), view.dtype))
            formatError(path, "unknown dtype '" + dtype.get<std::string>() + "' for " + where);

        const auto& shape = entry.at("shape");
        if (!shape.is_array())
            formatError(path, where + ": 'shape' is not an array");
        for (const auto& dim : shape) {
            if (!dim.is_number_integer())
                formatError(path, where + ": 'shape' holds a non-integer " + dim.dump());
            if (dim.is_number_unsigned() && dim.get<uint64_t>() > uint64_t(std::numeric_limits<int64_t>::max()))
                formatError(path, where + ": shape dimension " + dim.dump() + " is too large");
            if (dim.get<int64_t>() < 0)
                formatError(path, where + ": negative shape dimension " + dim.dump());
            view.shape.push_back(dim.get<int64_t>());
        }

        const auto& offsets = entry.at("data_offsets");
        if (!offsets.is_array() || offsets.size() != 2 || !offsets[0].is_number_unsigned()
            || !offsets[1].is_number_unsigned())
            formatError(path,
                        where
                            + ": 'data_offsets' is not [begin, end] of non-negative "
                              "integers but "
                            + offsets.dump());
        const uint64_t begin = offsets[0].get<uint64_t>();
        const uint64_t end = offsets[1].get<uint64_t>();
        if (begin > end)
            formatError(
                path, where + ": data_offsets begin " + std::to_string(begin) + " is past end " + std::to_string(end));
        if (end > bufferSize)
            formatError(path,
                        "truncated: " + where + " needs " + std::to_string(fileSize - bufferSize + end)
                            + " bytes but the file has " + std::to_string(fileSize));

        uint64_t expected = 0;
        if (!byteSize(view.shape, dtypeSize(view.dtype), expected))
            formatError(path, where + ": shape " + shapeString(view.shape) + " is too large");
        if (end - begin != expected)
            formatError(path,
                        where + ": data_offsets span " + std::to_string(end - begin) + " bytes but shape "
                            + shapeString(view.shape) + " of " + toString(view.dtype) + " needs "
                            + std::to_string(expected));

        view.data = buffer + begin;
        view.nbytes = static_cast<size_t>(end - begin);
        ranges.push_back({begin, end, tensors.size()});
        tensors.push_back(std::move(view));
    }

    std::sort(ranges.begin(), ranges.end(), [&](const Range& a, const Range& b) {
        if (a.begin != b.begin)
            return a.begin < b.begin;
        if (a.end != b.end)
            return a.end < b.end;
        return tensors[a.tensor].name < tensors[b.tensor].name;
    });
    // Empty tensors occupy no bytes, so they cannot overlap anything.
    const Range* previous = nullptr;
    for (const Range& r : ranges) {
        if (r.begin == r.end)
            continue;
        if (previous && r.begin < previous->end)
            formatError(path,
                        "tensors '" + tensors[previous->tensor].name + "' and '" + tensors[r.tensor].name
                            + "' have overlapping data_offsets");
        if (!previous || r.end > previous->end)
            previous = &r;
    }

    std::vector<TensorView> sorted;
    sorted.reserve(tensors.size());
    for (const Range& r : ranges) {
        index[tensors[r.tensor].name] = sorted.size();
        sorted.push_back(std::move(tensors[r.tensor]));
    }
    tensors = std::move(sorted);
}

SafetensorsFile SafetensorsFile::open(const std::string& path)
{
    auto d = std::make_unique<Private>();
    d->path = path;

    Fd fd;
    fd.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd.fd < 0)
        ioError(path, "open", errno);
    struct stat st;
    if (::fstat(fd.fd, &st) != 0)
        ioError(path, "stat", errno);
    if (!S_ISREG(st.st_mode))
        ioError(path, "read", S_ISDIR(st.st_mode) ? EISDIR : EINVAL);
    const uint64_t fileSize = static_cast<uint64_t>(st.st_size);
    if (fileSize < 8)
        formatError(path, "file is " + std::to_string(fileSize) + " bytes, shorter than the 8-byte header length");

    d->mapSize = static_cast<size_t>(fileSize);
    void* map = ::mmap(nullptr, d->mapSize, PROT_READ, MAP_PRIVATE, fd.fd, 0);
    if (map == MAP_FAILED)
        ioError(path, "memory-map", errno);
    d->map = map;
    const auto* bytes = static_cast<const uint8_t*>(map);

    const uint64_t headerSize = uint64_t(loadU32(bytes)) | (uint64_t(loadU32(bytes + 4)) << 32);
    if (headerSize > maxHeaderBytes)
        formatError(path,
                    "header length " + std::to_string(headerSize) + " is absurd (limit "
                        + std::to_string(maxHeaderBytes) + ")");
    if (headerSize > fileSize - 8)
        formatError(path,
                    "header length " + std::to_string(headerSize) + " is larger than the file ("
                        + std::to_string(fileSize) + " bytes)");

    const char* headerBegin = reinterpret_cast<const char*>(bytes + 8);
    nlohmann::json header;
    try {
        header = nlohmann::json::parse(headerBegin, headerBegin + headerSize);
    } catch (const nlohmann::json::exception& e) {
        formatError(path, std::string("header is not valid JSON: ") + e.what());
    }
    if (!header.is_object())
        formatError(path, "header is not a JSON object");

    const uint64_t dataStart = 8 + headerSize;
    d->parseHeader(header, bytes + dataStart, fileSize - dataStart, fileSize);
    return SafetensorsFile(std::move(d));
}

SafetensorsFile::SafetensorsFile(std::unique_ptr<Private> d)
    : d(std::move(d))
{
}

SafetensorsFile::SafetensorsFile(SafetensorsFile&&) noexcept = default;
SafetensorsFile& SafetensorsFile::operator=(SafetensorsFile&&) noexcept = default;
SafetensorsFile::~SafetensorsFile() = default;

const std::string& SafetensorsFile::path() const
{
    return d->path;
}

const std::map<std::string, std::string>& SafetensorsFile::metadata() const
{
    return d->metadata;
}

std::vector<std::string> SafetensorsFile::names() const
{
    std::vector<std::string> out;
    out.reserve(d->tensors.size());
    for (const TensorView& t : d->tensors)
        out.push_back(t.name);
    return out;
}

bool SafetensorsFile::contains(const std::string& name) const
{
    return d->index.count(name) != 0;
}

const TensorView& SafetensorsFile::tensor(const std::string& name) const
{
    const auto it = d->index.find(name);
    if (it == d->index.end())
        formatError(d->path, "no tensor named '" + name + "'");
    return d->tensors[it->second];
}

void SafetensorsFile::release(const TensorView& view) const
{
    if (!d->map || view.nbytes == 0)
        return;
    static const uintptr_t page = uintptr_t(::sysconf(_SC_PAGESIZE));
    const auto base = reinterpret_cast<uintptr_t>(d->map);
    const auto begin = reinterpret_cast<uintptr_t>(view.data) & ~(page - 1);
    const uintptr_t end = reinterpret_cast<uintptr_t>(view.data) + view.nbytes;
    if (begin < base || end > base + d->mapSize)
        return; // not a view into this file
    // Pages shared with a neighbouring tensor are dropped too; they are read again when needed.
    ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_DONTNEED);
}

// ---------------------------------------------------------------------------------------------
// Writer

namespace {

std::vector<uint8_t> encode(const std::vector<float>& values, DType dtype)
{
    std::vector<uint8_t> out(values.size() * dtypeSize(dtype));
    uint8_t* p = out.data();
    for (float v : values) {
        switch (dtype) {
        case DType::F32:
            storeU32(p, std::bit_cast<uint32_t>(v));
            p += 4;
            break;
        case DType::F16:
            storeU16(p, floatToHalf(v));
            p += 2;
            break;
        case DType::BF16:
            storeU16(p, floatToBf16(v));
            p += 2;
            break;
        default:
            break; // writeSafetensors refuses other dtypes
        }
    }
    return out;
}

// One tensor of the header: its name, dtype, shape and byte size, validated.
struct HeaderEntry
{
    const std::string& name;
    DType dtype;
    const std::vector<int64_t>& shape;
    uint64_t count; // the values the caller holds
};

std::string buildHeader(const std::string& path, const std::vector<HeaderEntry>& tensors,
                        const std::map<std::string, std::string>& metadata)
{
    // ordered_json keeps the tensors in the caller's order; plain json would sort the keys.
    nlohmann::ordered_json header = nlohmann::ordered_json::object();
    if (!metadata.empty())
        header["__metadata__"] = metadata;
    uint64_t offset = 0;
    for (const HeaderEntry& t : tensors) {
        const std::string where = "writing '" + path + "': tensor '" + t.name + "'";
        if (t.name == "__metadata__")
            throw ConfigError(where + " uses the reserved name");
        if (header.contains(t.name))
            throw ConfigError(where + " appears twice");
        uint64_t count = 0;
        if (!byteSize(t.shape, 1, count))
            throw ConfigError(where + " has an invalid shape " + shapeString(t.shape));
        if (count != t.count)
            throw ConfigError(where + " has " + std::to_string(t.count) + " values but shape " + shapeString(t.shape)
                              + " needs " + std::to_string(count));
        const uint64_t nbytes = count * dtypeSize(t.dtype);
        header[t.name] = {
            {"dtype", toString(t.dtype)}, {"shape", t.shape}, {"data_offsets", {offset, offset + nbytes}}};
        offset += nbytes;
    }
    std::string text;
    try {
        text = header.dump();
    } catch (const nlohmann::json::exception& e) {
        throw ConfigError("writing '" + path + "': tensor names and metadata must be UTF-8 (" + e.what() + ")");
    }
    // Padding keeps the data buffer 8-byte aligned in the file, as the reference writer does.
    text.append((8 - text.size() % 8) % 8, ' ');
    return text;
}

void writeAll(int fd, const uint8_t* data, size_t size, const std::string& path)
{
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            ioError(path, "write", errno);
        }
        data += n;
        size -= static_cast<size_t>(n);
    }
}

// Writes the header and then each tensor's bytes (writeData(fd, i)) to `path + ".tmp"`, then renames it.
void writeFile(const std::string& path, const std::string& header, size_t tensors,
               const std::function<void(int fd, size_t i)>& writeData)
{
    const std::string tmp = path + ".tmp";
    Fd fd;
    fd.fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd.fd < 0)
        ioError(path, "create", errno);
    try {
        uint8_t length[8];
        storeU32(length, static_cast<uint32_t>(header.size()));
        storeU32(length + 4, static_cast<uint32_t>(uint64_t(header.size()) >> 32));
        writeAll(fd.fd, length, sizeof length, path);
        writeAll(fd.fd, reinterpret_cast<const uint8_t*>(header.data()), header.size(), path);
        for (size_t i = 0; i < tensors; ++i)
            writeData(fd.fd, i);
        // Without fsync the rename could reach the disk before the data, leaving an empty file
        // under the final name after a crash.
        if (::fsync(fd.fd) != 0)
            ioError(path, "write", errno);
        const int closed = ::close(fd.fd);
        fd.fd = -1;
        if (closed != 0)
            ioError(path, "write", errno);
        if (::rename(tmp.c_str(), path.c_str()) != 0)
            ioError(path, "rename '" + tmp + "' to", errno);
    } catch (...) {
        ::unlink(tmp.c_str());
        throw;
    }
}

} // namespace

void writeSafetensors(const std::string& path, const std::vector<TensorData>& tensors, DType dtype,
                      const std::map<std::string, std::string>& metadata)
{
    // Everything is validated before the temporary file exists, so bad input touches no disk.
    if (!isWeightDType(dtype))
        throw ConfigError("writing '" + path + "': QuantScope writes F32, F16 or BF16, not " + toString(dtype));
    std::vector<HeaderEntry> entries;
    for (const TensorData& t : tensors)
        entries.push_back({t.name, dtype, t.shape, t.values.size()});
    writeFile(path, buildHeader(path, entries, metadata), tensors.size(), [&](int fd, size_t i) {
        const std::vector<uint8_t> bytes = encode(tensors[i].values, dtype);
        writeAll(fd, bytes.data(), bytes.size(), path);
    });
}

void writeSafetensors(const std::string& path, const std::vector<TensorBytes>& tensors,
                      const std::map<std::string, std::string>& metadata)
{
    std::vector<HeaderEntry> entries;
    for (const TensorBytes& t : tensors) {
        const size_t size = dtypeSize(t.dtype);
        if (t.size() % size != 0)
            throw ConfigError("writing '" + path + "': tensor '" + t.name + "' holds " + std::to_string(t.size())
                              + " bytes, not a whole number of " + toString(t.dtype) + " values");
        entries.push_back({t.name, t.dtype, t.shape, t.size() / size});
    }
    writeFile(path, buildHeader(path, entries, metadata), tensors.size(),
              [&](int fd, size_t i) { writeAll(fd, tensors[i].data(), tensors[i].size(), path); });
}

} // namespace qs
