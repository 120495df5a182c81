// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The protobuf wire format, read by hand (core-internal, for TensorBoard event files: traininglog.cpp):
// a message is a run of fields, each a key varint (field number << 3 | wire type) and a value — a
// varint (type 0), 8 little-endian bytes (1), a length-prefixed run of bytes (2: strings, bytes,
// sub-messages, packed repeated numbers) or 4 little-endian bytes (5). Groups (3, 4) are long
// deprecated and refused. Unknown fields are skipped by their wire type, as every protobuf reader does.
// A value that runs past the end of its message, a varint longer than 10 bytes, a field number 0 or a
// wire type 6 or 7 is a ProtoError naming the byte offset within the message.

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>

namespace qs::proto {

class ProtoError : public std::runtime_error
{
public:
    ProtoError(size_t offset, const std::string& what)
        : std::runtime_error(what)
        , offset(offset)
    {
    }
    size_t offset; // within the message being read
};

enum class WireType : uint8_t
{
    Varint = 0,
    Fixed64 = 1,
    Bytes = 2,
    Fixed32 = 5,
};

struct Field
{
    uint32_t number = 0;
    WireType type = WireType::Varint;
    uint64_t varint = 0;    // Varint: the value; Fixed64 / Fixed32: the raw little-endian bits
    std::string_view bytes; // Bytes: the payload
    size_t offset = 0;      // where the field's key starts

    double asDouble() const
    {
        double d;
        std::memcpy(&d, &varint, sizeof d);
        return d;
    }
    float asFloat() const
    {
        const auto bits = uint32_t(varint);
        float f;
        std::memcpy(&f, &bits, sizeof f);
        return f;
    }
};

// Reads the fields of one message in order. `base` is added to every offset it reports, so that the
// offsets of a sub-message read on its own stay those of the enclosing message.
class Reader
{
public:
    explicit Reader(std::string_view data, size_t base = 0)
        : m_data(data)
        , m_base(base)
    {
    }

    size_t offset() const { return m_base + m_pos; }
    size_t base() const { return m_base; }

    // The next field, or false at the end of the message.
    bool next(Field& field)
    {
        if (m_pos >= m_data.size())
            return false;
        field.offset = offset();
        const uint64_t key = varint("field key");
        const uint64_t number = key >> 3;
        if (number == 0 || number > 0x1fffffff)
            throw ProtoError(field.offset, "field number " + std::to_string(number) + " is not valid");
        field.number = uint32_t(number);
        switch (key & 7) {
        case 0:
            field.type = WireType::Varint;
            field.varint = varint("varint value");
            break;
        case 1:
            field.type = WireType::Fixed64;
            field.varint = fixed(8);
            break;
        case 2: {
            field.type = WireType::Bytes;
            const uint64_t length = varint("length");
            if (length > m_data.size() - m_pos)
                throw ProtoError(offset(),
                                 "field " + std::to_string(number) + " is " + std::to_string(length)
                                     + " bytes long, but only " + std::to_string(m_data.size() - m_pos)
                                     + " are left in its message");
            field.bytes = m_data.substr(m_pos, size_t(length));
            m_pos += size_t(length);
            break;
        }
        case 5:
            field.type = WireType::Fixed32;
            field.varint = fixed(4);
            break;
        default:
            throw ProtoError(field.offset,
                             "field " + std::to_string(number) + " has wire type " + std::to_string(key & 7)
                                 + " (groups and types 6, 7 are not read)");
        }
        return true;
    }

    // A reader of a Bytes field's payload as a sub-message (offsets relative to the outer message).
    Reader sub(const Field& field) const
    {
        return Reader(field.bytes, m_base + size_t(field.bytes.data() - m_data.data()));
    }

private:
    uint64_t varint(const char* what)
    {
        uint64_t value = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            if (m_pos >= m_data.size())
                throw ProtoError(offset(), std::string("the message ends inside a ") + what);
            const auto byte = uint8_t(m_data[m_pos++]);
            if (shift == 63 && byte > 1)
                throw ProtoError(offset() - 1, std::string("a ") + what + " overflows 64 bits");
            value |= uint64_t(byte & 0x7f) << shift;
            if (!(byte & 0x80))
                return value;
        }
        throw ProtoError(offset(), std::string("a ") + what + " is longer than 10 bytes");
    }

    uint64_t fixed(size_t width)
    {
        if (m_data.size() - m_pos < width)
            throw ProtoError(offset(), "the message ends inside a " + std::to_string(width * 8) + "-bit value");
        uint64_t value = 0;
        for (size_t i = 0; i < width; ++i)
            value |= uint64_t(uint8_t(m_data[m_pos + i])) << (8 * i);
        m_pos += width;
        return value;
    }

    std::string_view m_data;
    size_t m_base = 0;
    size_t m_pos = 0;
};

// The varints of a packed repeated field (int32, int64, bool, enum), one by one.
template<class F>
void forEachPackedVarint(const Reader& outer, const Field& field, F&& f)
{
    // Packed varints have no keys: read them as the values of a message of key-less fields.
    std::string_view rest = field.bytes;
    size_t at = outer.sub(field).base();
    while (!rest.empty()) {
        uint64_t value = 0;
        size_t used = 0;
        for (int shift = 0;; shift += 7) {
            if (used >= rest.size() || shift >= 70)
                throw ProtoError(at, "a packed varint is cut or longer than 10 bytes");
            const auto byte = uint8_t(rest[used++]);
            value |= uint64_t(byte & 0x7f) << shift;
            if (!(byte & 0x80))
                break;
        }
        f(value);
        rest.remove_prefix(used);
        at += used;
    }
}

} // namespace qs::proto
