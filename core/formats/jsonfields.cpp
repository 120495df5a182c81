// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/formats/jsonfields.h"

#include "core/common/errors.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

using nlohmann::json;

namespace qs {

namespace {

constexpr double kTwoTo63 = 9223372036854775808.0; // 2^63, exactly representable

std::string interval(const std::string& lo, const std::string& hi, bool loOpen, bool hiOpen)
{
    return std::string(loOpen ? "(" : "[") + lo + ", " + hi + (hiOpen ? ")" : "]");
}

std::string withSpecial(const std::string& core, const std::string& special, const std::string& meaning,
                        const std::string& why)
{
    std::string s = special.empty() ? core : special + (meaning.empty() ? "" : " (" + meaning + ")") + " or " + core;
    if (!why.empty())
        s += " (" + why + ")";
    return s;
}

std::optional<std::int64_t> asWhole(const json& value)
{
    if (value.is_number_unsigned()) {
        const auto u = value.get<std::uint64_t>();
        if (u > std::uint64_t(kInt64Max))
            return std::nullopt;
        return std::int64_t(u);
    }
    if (value.is_number_integer())
        return value.get<std::int64_t>();
    if (value.is_number_float()) {
        const double d = value.get<double>();
        if (std::isfinite(d) && d == std::trunc(d) && d >= -kTwoTo63 && d < kTwoTo63)
            return std::int64_t(d);
    }
    return std::nullopt;
}

std::optional<double> wholeDouble(std::string_view text)
{
    double d = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), d);
    if (error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return d;
}

std::string joined(std::initializer_list<std::string_view> words)
{
    std::string s;
    for (std::string_view w : words)
        s += (s.empty() ? "" : ", ") + std::string(w);
    return s;
}

} // namespace

bool WholeRange::contains(std::int64_t value) const
{
    return (value >= min && value <= max) || (special && value == *special);
}

std::string WholeRange::describe() const
{
    return withSpecial("a whole number in " + interval(std::to_string(min), std::to_string(max), false, false),
                       special ? std::to_string(*special) : std::string(), specialMeaning, why);
}

bool RealRange::contains(double value) const
{
    if (special && value == *special)
        return true;
    if (!std::isfinite(value))
        return false;
    const bool aboveMin = minOpen ? value > min : value >= min;
    const bool belowMax = std::isinf(max) || (maxOpen ? value < max : value <= max);
    return aboveMin && belowMax;
}

std::string RealRange::describe() const
{
    std::string core;
    if (std::isinf(max) && std::isinf(min))
        core = "a finite number";
    else if (std::isinf(max))
        core = std::string("a number ") + (minOpen ? "> " : ">= ") + formatNumber(min);
    else
        core = "a number in " + interval(formatNumber(min), formatNumber(max), minOpen, maxOpen);
    return withSpecial(core, special ? formatNumber(*special) : std::string(), specialMeaning, why);
}

std::string formatNumber(double value)
{
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    if (value == std::trunc(value) && std::abs(value) < 1e15)
        return std::to_string(std::int64_t(value));
    // The fewest significant digits that read back as the same double, as %g writes them.
    char buffer[64];
    for (int precision = 1; precision <= 17; ++precision) {
        std::snprintf(buffer, sizeof buffer, "%.*g", precision, value);
        if (std::strtod(buffer, nullptr) == value)
            break;
    }
    return buffer;
}

std::string writtenValue(const json& value)
{
    return value.is_number_float() ? formatNumber(value.get<double>()) : value.dump();
}

std::string notAccepted(const std::string& path, const std::string& written, const std::string& accepted)
{
    return path + " = " + written + " is not " + accepted;
}

std::int64_t wholeNumber(const json& value, const std::string& path, const WholeRange& range)
{
    const auto whole = asWhole(value);
    if (!whole || !range.contains(*whole))
        throw ConfigError(notAccepted(path, writtenValue(value), range.describe()));
    return *whole;
}

double realNumber(const json& value, const std::string& path, const RealRange& range)
{
    if (!value.is_number() || !range.contains(value.get<double>()))
        throw ConfigError(notAccepted(path, writtenValue(value), range.describe()));
    return value.get<double>();
}

std::optional<std::int64_t> parseWholeNumber(std::string_view text, const WholeRange& range)
{
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error == std::errc() && end == text.data() + text.size())
        return range.contains(value) ? std::optional(value) : std::nullopt;
    // 1e3 and 100.0 are whole numbers too.
    const auto d = wholeDouble(text);
    if (!d || !std::isfinite(*d) || *d != std::trunc(*d) || *d < -kTwoTo63 || *d >= kTwoTo63)
        return std::nullopt;
    return range.contains(std::int64_t(*d)) ? std::optional(std::int64_t(*d)) : std::nullopt;
}

std::optional<double> parseRealNumber(std::string_view text, const RealRange& range)
{
    const auto d = wholeDouble(text);
    if (!d || !range.contains(*d))
        return std::nullopt;
    return d;
}

std::string childPath(const std::string& path, std::string_view key)
{
    return path.empty() ? std::string(key) : path + "." + std::string(key);
}

std::string elementPath(const std::string& path, size_t index)
{
    return path + "[" + std::to_string(index) + "]";
}

JsonObject::JsonObject(const json& value, std::string path)
    : m_json(&value)
    , m_path(std::move(path))
{
    if (!value.is_object())
        throw ConfigError(m_path.empty() ? std::string("the document is not a JSON object")
                                         : notAccepted(m_path, writtenValue(value), "an object"));
}

std::string JsonObject::pathOf(std::string_view key) const
{
    return childPath(m_path, key);
}

const json* JsonObject::find(std::string_view key) const
{
    const auto it = m_json->find(key);
    return it == m_json->end() ? nullptr : &*it;
}

bool JsonObject::has(std::string_view key) const
{
    return find(key) != nullptr;
}

void JsonObject::allowOnly(std::initializer_list<std::string_view> known) const
{
    for (auto it = m_json->begin(); it != m_json->end(); ++it) {
        bool found = false;
        for (std::string_view k : known)
            found = found || k == it.key();
        if (!found)
            throw ConfigError((m_path.empty() ? std::string() : m_path + ": ") + "unknown key '" + it.key()
                              + "' (keys: " + joined(known) + ")");
    }
}

void JsonObject::missing(std::string_view key, std::string_view what) const
{
    throw ConfigError(pathOf(key) + " is missing" + (what.empty() ? "" : " (" + std::string(what) + ")"));
}

std::optional<std::int64_t> JsonObject::whole(std::string_view key, const WholeRange& range) const
{
    const json* v = find(key);
    if (!v)
        return std::nullopt;
    return wholeNumber(*v, pathOf(key), range);
}

std::optional<double> JsonObject::real(std::string_view key, const RealRange& range) const
{
    const json* v = find(key);
    if (!v)
        return std::nullopt;
    return realNumber(*v, pathOf(key), range);
}

std::optional<std::string> JsonObject::text(std::string_view key) const
{
    const json* v = find(key);
    if (!v)
        return std::nullopt;
    if (!v->is_string())
        throw ConfigError(notAccepted(pathOf(key), writtenValue(*v), "a string"));
    return v->get<std::string>();
}

std::optional<bool> JsonObject::flag(std::string_view key) const
{
    const json* v = find(key);
    if (!v)
        return std::nullopt;
    if (!v->is_boolean())
        throw ConfigError(notAccepted(pathOf(key), writtenValue(*v), "true or false"));
    return v->get<bool>();
}

std::optional<std::string> JsonObject::word(std::string_view key, std::initializer_list<std::string_view> words) const
{
    const json* v = find(key);
    if (!v)
        return std::nullopt;
    if (v->is_string()) {
        for (std::string_view w : words) {
            if (w == v->get<std::string>())
                return std::string(w);
        }
    }
    throw ConfigError(notAccepted(pathOf(key), writtenValue(*v), "one of " + joined(words)));
}

const json& JsonObject::list(std::string_view key) const
{
    const json* v = find(key);
    if (!v->is_array())
        throw ConfigError(notAccepted(pathOf(key), writtenValue(*v), "a list"));
    return *v;
}

std::optional<std::vector<std::string>> JsonObject::texts(std::string_view key) const
{
    if (!has(key))
        return std::nullopt;
    const json& items = list(key);
    std::vector<std::string> out;
    for (size_t i = 0; i < items.size(); ++i) {
        if (!items[i].is_string())
            throw ConfigError(notAccepted(elementPath(pathOf(key), i), writtenValue(items[i]), "a string"));
        out.push_back(items[i].get<std::string>());
    }
    return out;
}

std::optional<std::vector<std::int64_t>> JsonObject::wholes(std::string_view key, const WholeRange& range) const
{
    if (!has(key))
        return std::nullopt;
    const json& items = list(key);
    std::vector<std::int64_t> out;
    for (size_t i = 0; i < items.size(); ++i)
        out.push_back(wholeNumber(items[i], elementPath(pathOf(key), i), range));
    return out;
}

std::optional<std::vector<double>> JsonObject::reals(std::string_view key, const RealRange& range) const
{
    if (!has(key))
        return std::nullopt;
    const json& items = list(key);
    std::vector<double> out;
    for (size_t i = 0; i < items.size(); ++i)
        out.push_back(realNumber(items[i], elementPath(pathOf(key), i), range));
    return out;
}

std::optional<JsonObject> JsonObject::object(std::string_view key) const
{
    const json* v = find(key);
    if (!v)
        return std::nullopt;
    return JsonObject(*v, pathOf(key));
}

std::string JsonObject::requireText(std::string_view key) const
{
    auto v = text(key);
    if (!v)
        missing(key);
    return *v;
}

std::vector<std::string> JsonObject::requireTexts(std::string_view key) const
{
    auto v = texts(key);
    if (!v)
        missing(key);
    return *v;
}

CheckedFields::CheckedFields(const json* root, std::string prefix)
    : m_root(root)
    , m_prefix(std::move(prefix))
{
}

void CheckedFields::fail(const std::string& what) const
{
    throw ConfigError(what);
}

void CheckedFields::real(std::string_view path, double& field, const RealRange& range) const
{
    if (const json* v = find(path))
        field = realNumber(*v, name(path), range);
    else if (!range.contains(field))
        fail(notAccepted(name(path), formatNumber(field), range.describe()));
}

void CheckedFields::flag(std::string_view path, bool& field) const
{
    if (const json* v = find(path)) {
        if (!v->is_boolean())
            fail(notAccepted(name(path), writtenValue(*v), "true or false"));
        field = v->get<bool>();
    }
}

void CheckedFields::text(std::string_view path, std::string& field) const
{
    if (const json* v = find(path)) {
        if (!v->is_string())
            fail(notAccepted(name(path), writtenValue(*v), "a string"));
        field = v->get<std::string>();
    }
}

void CheckedFields::word(std::string_view path, std::string& field, std::initializer_list<std::string_view> words) const
{
    const json* v = find(path);
    if (v && v->is_string())
        field = v->get<std::string>();
    for (std::string_view w : words) {
        if (field == w && (!v || v->is_string()))
            return;
    }
    fail(notAccepted(name(path), v ? writtenValue(*v) : json(field).dump(), "one of " + joined(words)));
}

const json* CheckedFields::find(std::string_view path) const
{
    if (!m_root)
        return nullptr;
    const json* node = m_root;
    size_t begin = 0;
    while (true) {
        const size_t dot = path.find('.', begin);
        const auto it = node->find(path.substr(begin, dot == std::string_view::npos ? dot : dot - begin));
        if (it == node->end())
            return nullptr;
        if (dot == std::string_view::npos)
            return &*it;
        if (!it->is_object())
            fail(notAccepted(name(path.substr(0, dot)), writtenValue(*it), "an object"));
        node = &*it;
        begin = dot + 1;
    }
}

nlohmann::json parseJsonObject(const std::string& text, const std::string& what)
{
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        throw ConfigError(what + ": invalid JSON: " + e.what());
    }
    if (!j.is_object())
        throw ConfigError(what + ": expected a JSON object");
    return j;
}

} // namespace qs
