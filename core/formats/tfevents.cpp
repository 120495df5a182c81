// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// TensorBoard event files: TFRecord framing, CRC-32C, and the Event / Summary / TensorProto messages
// read with the wire reader of protowire.h.

#include "core/formats/tfevents.h"

#include "core/common/errors.h"
#include "core/formats/protowire.h"
#include "core/formats/traininglog.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace fs = std::filesystem;

namespace qs {

namespace {

using traininglog::SeriesBuilder;

const std::array<uint32_t, 256>& crcTable()
{
    static const std::array<uint32_t, 256> table = [] {
        std::array<uint32_t, 256> t {};
        for (uint32_t i = 0; i < 256; ++i) {
            uint32_t c = i;
            for (int k = 0; k < 8; ++k)
                c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
            t[i] = c;
        }
        return t;
    }();
    return table;
}

uint64_t readLe(const char* p, size_t width)
{
    uint64_t v = 0;
    for (size_t i = 0; i < width; ++i)
        v |= uint64_t(uint8_t(p[i])) << (8 * i);
    return v;
}

std::string hex(uint32_t v)
{
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "0x%08x", v);
    return buffer;
}

// ---- TensorBoard ----------------------------------------------------------------------------------

// TensorFlow's DataType values of the scalars read.
enum DataType : uint64_t
{
    DtFloat = 1,
    DtDouble = 2,
    DtInt32 = 3,
    DtInt64 = 9,
    DtBfloat16 = 14,
    DtHalf = 19,
};

double halfToDouble(uint16_t h)
{
    const int exponent = (h >> 10) & 0x1f;
    const int mantissa = h & 0x3ff;
    const double sign = (h & 0x8000) ? -1.0 : 1.0;
    if (exponent == 0)
        return sign * std::ldexp(mantissa, -24);
    if (exponent == 31)
        return mantissa ? std::nan("") : sign * INFINITY;
    return sign * std::ldexp(1024 + mantissa, exponent - 25);
}

double bfloat16ToDouble(uint16_t b)
{
    const uint32_t bits = uint32_t(b) << 16;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

void expectType(const proto::Field& f, proto::WireType type, const char* name)
{
    if (f.type != type)
        throw proto::ProtoError(f.offset,
                                std::string("field ") + std::to_string(f.number) + " (" + name + ") has wire type "
                                    + std::to_string(int(f.type)) + ", not " + std::to_string(int(type)));
}

// The value of a one-element numeric TensorProto; nullopt for any other tensor (not a scalar).
std::optional<double> tensorScalar(proto::Reader r, const std::string& tag)
{
    uint64_t dtype = 0;
    int64_t elements = 1;
    bool knownShape = true;
    std::string_view content;
    std::optional<double> listed; // the first of float_val, double_val, int_val, int64_val, half_val
    proto::Field f;
    const auto firstFixed = [&](const proto::Field& field, size_t width) {
        if (listed)
            return;
        if (field.type == proto::WireType::Bytes) {
            if (field.bytes.size() % width != 0)
                throw proto::ProtoError(field.offset,
                                        "packed field " + std::to_string(field.number) + " holds "
                                            + std::to_string(field.bytes.size()) + " bytes, not a multiple of "
                                            + std::to_string(width));
            if (field.bytes.empty())
                return;
            const uint64_t bits = readLe(field.bytes.data(), width);
            proto::Field one;
            one.varint = bits;
            listed = width == 8 ? one.asDouble() : double(one.asFloat());
        } else {
            expectType(field, width == 8 ? proto::WireType::Fixed64 : proto::WireType::Fixed32, "value");
            listed = width == 8 ? field.asDouble() : double(field.asFloat());
        }
    };
    const auto firstVarint = [&](const proto::Field& field, bool isHalf) {
        if (listed)
            return;
        std::optional<uint64_t> value;
        if (field.type == proto::WireType::Bytes) {
            proto::forEachPackedVarint(r, field, [&](uint64_t v) {
                if (!value)
                    value = v;
            });
        } else {
            expectType(field, proto::WireType::Varint, "value");
            value = field.varint;
        }
        if (value)
            listed = isHalf
                ? (dtype == DtBfloat16 ? bfloat16ToDouble(uint16_t(*value)) : halfToDouble(uint16_t(*value)))
                : double(int64_t(*value));
    };
    std::vector<proto::Field> values;
    while (r.next(f)) {
        switch (f.number) {
        case 1:
            expectType(f, proto::WireType::Varint, "dtype");
            dtype = f.varint;
            break;
        case 2: { // TensorShapeProto: repeated Dim dim = 2 {int64 size = 1}; bool unknown_rank = 3
            expectType(f, proto::WireType::Bytes, "tensor_shape");
            proto::Reader shape = r.sub(f);
            proto::Field d;
            while (shape.next(d)) {
                if (d.number == 3 && d.type == proto::WireType::Varint && d.varint)
                    knownShape = false;
                if (d.number != 2)
                    continue;
                expectType(d, proto::WireType::Bytes, "dim");
                proto::Reader dim = shape.sub(d);
                proto::Field s;
                int64_t size = 0;
                while (dim.next(s)) {
                    if (s.number == 1) {
                        expectType(s, proto::WireType::Varint, "size");
                        size = int64_t(s.varint);
                    }
                }
                if (size < 0)
                    knownShape = false;
                else if (size == 0 || elements > (int64_t(1) << 40) / size)
                    elements = 0;
                else
                    elements *= size;
            }
            break;
        }
        case 4:
            expectType(f, proto::WireType::Bytes, "tensor_content");
            content = f.bytes;
            break;
        case 5:
        case 6:
        case 7:
        case 10:
        case 13:
            values.push_back(f); // read once the dtype is known
            break;
        default:
            break;
        }
    }
    if (!knownShape || elements != 1)
        return std::nullopt;
    size_t width = 0;
    switch (dtype) {
    case DtFloat:
    case DtInt32:
        width = 4;
        break;
    case DtDouble:
    case DtInt64:
        width = 8;
        break;
    case DtHalf:
    case DtBfloat16:
        width = 2;
        break;
    default:
        return std::nullopt; // strings, booleans, …: not a scalar to plot
    }
    if (!content.empty()) {
        if (content.size() != width)
            throw proto::ProtoError(r.base(),
                                    "the scalar tensor of '" + tag + "' (dtype " + std::to_string(dtype) + ") has "
                                        + std::to_string(content.size()) + " bytes of tensor_content, not "
                                        + std::to_string(width));
        const uint64_t bits = readLe(content.data(), width);
        proto::Field one;
        one.varint = bits;
        switch (dtype) {
        case DtFloat:
            return double(one.asFloat());
        case DtDouble:
            return one.asDouble();
        case DtInt32:
            return double(int32_t(uint32_t(bits)));
        case DtInt64:
            return double(int64_t(bits));
        case DtHalf:
            return halfToDouble(uint16_t(bits));
        default:
            return bfloat16ToDouble(uint16_t(bits));
        }
    }
    for (const proto::Field& v : values) {
        if (dtype == DtFloat && v.number == 5)
            firstFixed(v, 4);
        else if (dtype == DtDouble && v.number == 6)
            firstFixed(v, 8);
        else if ((dtype == DtInt32 && v.number == 7) || (dtype == DtInt64 && v.number == 10))
            firstVarint(v, false);
        else if ((dtype == DtHalf || dtype == DtBfloat16) && v.number == 13)
            firstVarint(v, true);
    }
    // TensorFlow's rule: a tensor without values is all zeros.
    return listed ? *listed : 0.0;
}

// One Summary.Value: tag = 1, simple_value = 2 (float), tensor = 8; the rest (node_name, metadata,
// images, histograms, audio) is not a scalar.
void readSummaryValue(proto::Reader r, int64_t step, SeriesBuilder& out)
{
    std::string tag;
    std::optional<double> simple;
    std::optional<proto::Field> tensor;
    proto::Field f;
    while (r.next(f)) {
        if (f.number == 1) {
            expectType(f, proto::WireType::Bytes, "tag");
            tag = std::string(f.bytes);
        } else if (f.number == 2) {
            expectType(f, proto::WireType::Fixed32, "simple_value");
            simple = f.asFloat();
        } else if (f.number == 8) {
            expectType(f, proto::WireType::Bytes, "tensor");
            tensor = f;
        }
    }
    if (tag.empty())
        return;
    if (simple) {
        out.add(tag, step, *simple);
    } else if (tensor) {
        if (const auto value = tensorScalar(r.sub(*tensor), tag))
            out.add(tag, step, *value);
    }
}

// One Event: wall_time = 1, step = 2, file_version = 3, summary = 5 (Summary: repeated Value value = 1).
void readEvent(std::string_view record, SeriesBuilder& out)
{
    proto::Reader r(record);
    int64_t step = 0;
    std::vector<proto::Field> summaries;
    proto::Field f;
    while (r.next(f)) {
        if (f.number == 1) {
            expectType(f, proto::WireType::Fixed64, "wall_time");
        } else if (f.number == 2) {
            expectType(f, proto::WireType::Varint, "step");
            step = int64_t(f.varint);
            if (step < 0)
                throw proto::ProtoError(f.offset, "step " + std::to_string(step) + " is negative");
        } else if (f.number == 3) {
            expectType(f, proto::WireType::Bytes, "file_version");
        } else if (f.number == 5) {
            expectType(f, proto::WireType::Bytes, "summary");
            summaries.push_back(f);
        }
    }
    for (const proto::Field& s : summaries) {
        proto::Reader summary = r.sub(s);
        proto::Field v;
        while (summary.next(v)) {
            if (v.number != 1)
                continue;
            expectType(v, proto::WireType::Bytes, "value");
            readSummaryValue(summary.sub(v), step, out);
        }
    }
}

} // namespace

namespace traininglog {

void readTfEventsInto(const std::string& path, const std::string& prefix, SeriesBuilder& out, TrainingLog& log)
{
    std::ifstream in(path, std::ios::binary);
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (!in || ec)
        throw IoError("cannot read the event file " + path);
    log.files.push_back(path);
    // Tags of an event file in a subfolder are prefixed with the folder (TensorBoard's runs: train/, eval/).
    SeriesBuilder local;
    uint64_t offset = 0;
    size_t records = 0;
    std::string data;
    const auto where = [&](uint64_t at) { return path + ": the record at byte " + std::to_string(at); };
    const auto truncated = [&](const std::string& need) {
        const std::string what =
            where(offset) + " is cut short: " + std::to_string(size - offset) + " bytes are left, " + need;
        if (records == 0)
            throw FormatError(what + "; the file holds no complete TFRecord record");
        log.warnings.push_back(what + " (a writer still writing?); the " + std::to_string(records)
                               + " records before it are read");
    };
    while (offset < size) {
        if (size - offset < 12) {
            truncated("its header alone takes 12");
            break;
        }
        char header[12];
        if (!in.read(header, 12))
            throw IoError(path + ": reading at byte " + std::to_string(offset) + " failed");
        const uint64_t length = readLe(header, 8);
        const auto storedLengthCrc = uint32_t(readLe(header + 8, 4));
        const uint32_t lengthCrc = maskedCrc32c(header, 8);
        if (storedLengthCrc != lengthCrc)
            throw FormatError(where(offset) + ": the CRC of its length does not match (stored " + hex(storedLengthCrc)
                              + ", computed " + hex(lengthCrc)
                              + "): not a TensorBoard event file (TFRecord), or a damaged one");
        if (length > size - offset - 12 || size - offset - 12 - length < 4) {
            truncated("its header says " + std::to_string(length) + " bytes of data (and 16 of framing)");
            break;
        }
        data.resize(size_t(length));
        char footer[4];
        if (!in.read(data.data(), std::streamsize(length)) || !in.read(footer, 4))
            throw IoError(path + ": reading at byte " + std::to_string(offset) + " failed");
        const auto storedDataCrc = uint32_t(readLe(footer, 4));
        const uint32_t dataCrc = maskedCrc32c(data.data(), data.size());
        if (storedDataCrc != dataCrc)
            throw FormatError(where(offset) + " (" + std::to_string(length) + " bytes of data): the CRC of its data "
                              + "does not match (stored " + hex(storedDataCrc) + ", computed " + hex(dataCrc) + ")");
        try {
            readEvent(data, local);
        } catch (const proto::ProtoError& e) {
            throw FormatError(where(offset) + " is not a valid Event (at byte " + std::to_string(offset + 12 + e.offset)
                              + "): " + e.what());
        }
        ++records;
        offset += 16 + length;
    }
    if (size == 0)
        log.warnings.push_back(path + " is empty");
    // Merged into `out` in the file's order, so the last file read wins a (tag, step) two files give.
    const TrainingLog read = local.finish({});
    for (const std::string& w : read.warnings)
        log.warnings.push_back(path + ": " + w);
    for (const ScalarSeries& s : read.series) {
        for (const ScalarPoint& p : s.points)
            out.add(prefix + s.tag, p.step, p.value);
    }
}

} // namespace traininglog

uint32_t crc32c(const void* data, size_t size)
{
    const auto& table = crcTable();
    uint32_t crc = 0xffffffffu;
    const auto* p = static_cast<const uint8_t*>(data);
    for (size_t i = 0; i < size; ++i)
        crc = table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
    return crc ^ 0xffffffffu;
}

uint32_t maskedCrc32c(const void* data, size_t size)
{
    const uint32_t crc = crc32c(data, size);
    return ((crc >> 15) | (crc << 17)) + 0xa282ead8u;
}

TrainingLog readTfEvents(const std::string& path)
{
    SeriesBuilder out;
    TrainingLog log;
    readTfEventsInto(path, {}, out, log);
    return out.finish(std::move(log));
}

} // namespace qs
