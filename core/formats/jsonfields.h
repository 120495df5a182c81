// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Checked reading of the core's JSON and text inputs (train and quantization configs,
// recipes, manifests): every number is checked against its field's accepted range before it is
// converted, so a value that does not fit — 1e99, -1, 2^63 or 2.5 where a whole number is expected,
// a string, NaN — is refused, never wrapped or truncated. Messages read
//   "<path> = <value as written> is not <what is accepted>"
// e.g. "schedule.warmup_steps = 700 is not a whole number in [0, 600] (at most steps)", the wording of
// the command line's checks (app/cli/clioptions.h). Core-internal: nlohmann-json stays out of the
// public headers.

#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace qs {

inline constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();

// Whole numbers in [min, max], and optionally one more value outside it with a meaning ("-1 (per
// channel)"); `why` says where a bound comes from ("at most steps").
struct WholeRange
{
    std::int64_t min = 0;
    std::int64_t max = kInt64Max;
    std::optional<std::int64_t> special = std::nullopt;
    std::string specialMeaning = {};
    std::string why = {};

    bool contains(std::int64_t value) const;
    // "a whole number in [1, 600]", "a whole number >= 0", "-1 (per channel) or a whole number in [1, 1048576]"
    std::string describe() const;
};

// Finite numbers between min and max, either end open (a max of +inf: no upper bound), and optionally
// one more value with a meaning ("0 (off)").
struct RealRange
{
    double min = 0.0;
    double max = std::numeric_limits<double>::infinity();
    bool minOpen = false;
    bool maxOpen = false;
    std::optional<double> special = std::nullopt;
    std::string specialMeaning = {};
    std::string why = {};

    static RealRange closed(double min, double max) { return {min, max}; }
    static RealRange aboveZero(double max = std::numeric_limits<double>::infinity()) { return {0.0, max, true, false}; }
    bool contains(double value) const;
    // "a number in (0, 10]", "a number > 0", "a number >= 0", "0 (off) or a number in [0.5, 0.999999]"
    std::string describe() const;
};

// The shortest %g text that reads back as the same double; whole numbers below 1e15 without an
// exponent ("600", "0.003", "0.0001", "1e-12", "1e+99", "nan").
std::string formatNumber(double value);
// A JSON value as messages show it: numbers by formatNumber (1e10 → 10000000000, 1e99 → 1e+99), the
// rest as JSON ("many" with its quotes, true, [1]).
std::string writtenValue(const nlohmann::json& value);
// "<path> = <written> is not <accepted>"
std::string notAccepted(const std::string& path, const std::string& written, const std::string& accepted);

// `value` as a whole number in `range` (2.0 and 2e3 are whole numbers), or ConfigError
// "<path> = <value> is not <range>".
std::int64_t wholeNumber(const nlohmann::json& value, const std::string& path, const WholeRange& range);
// `value` as a number in `range`, or ConfigError "<path> = <value> is not <range>".
double realNumber(const nlohmann::json& value, const std::string& path, const RealRange& range);
// The same for numbers written as text (a CSV cell, a key=value of a description): the whole text
// must be the number; "nan" and "inf" read as such and are refused by any range.
std::optional<std::int64_t> parseWholeNumber(std::string_view text, const WholeRange& range);
std::optional<double> parseRealNumber(std::string_view text, const RealRange& range);

// `text` parsed as a JSON object, or ConfigError "<what>: invalid JSON: …" / "<what>: expected a JSON object".
nlohmann::json parseJsonObject(const std::string& text, const std::string& what);

// "<path>[<index>]"
std::string elementPath(const std::string& path, size_t index);
// "<path>.<key>", or "<key>" at the root.
std::string childPath(const std::string& path, std::string_view key);

// A JSON object read field by field; every message names the field by its path from the document's
// root ("schedule.peak_lr", "steps[2].window"). ConfigError for anything that is not accepted.
class JsonObject
{
public:
    // `path` names the object itself ("" for the document).
    JsonObject(const nlohmann::json& value, std::string path);

    const nlohmann::json& value() const { return *m_json; }
    const std::string& path() const { return m_path; }
    std::string pathOf(std::string_view key) const;
    bool has(std::string_view key) const;
    const nlohmann::json* find(std::string_view key) const;
    // ConfigError "<path>: unknown key '<key>' (keys: a, b, …)" for a key not in `known`.
    void allowOnly(std::initializer_list<std::string_view> known) const;
    [[noreturn]] void missing(std::string_view key, std::string_view what = {}) const;

    // Optional fields: nullopt when absent.
    std::optional<std::int64_t> whole(std::string_view key, const WholeRange& range) const;
    std::optional<double> real(std::string_view key, const RealRange& range) const;
    std::optional<std::string> text(std::string_view key) const;
    std::optional<bool> flag(std::string_view key) const;
    std::optional<std::string> word(std::string_view key, std::initializer_list<std::string_view> words) const;
    std::optional<std::vector<std::string>> texts(std::string_view key) const;
    std::optional<std::vector<std::int64_t>> wholes(std::string_view key, const WholeRange& range) const;
    std::optional<std::vector<double>> reals(std::string_view key, const RealRange& range) const;
    std::optional<JsonObject> object(std::string_view key) const;
    // Required fields: ConfigError "<path> is missing".
    std::string requireText(std::string_view key) const;
    std::vector<std::string> requireTexts(std::string_view key) const;

private:
    const nlohmann::json& list(std::string_view key) const; // ConfigError when not an array

    const nlohmann::json* m_json;
    std::string m_path;
};

// The fields of a struct visited by dotted path ("schedule.peak_lr"), in an order where a range may
// depend on fields visited before it. Reading (a JSON root given): a field the JSON has is checked as
// written and stored; every other field keeps its value, which is checked. Checking (no root): every
// field's value is checked. So one visit function states each field's accepted range once for both
// reading and validate(). ConfigError "<prefix.path> = <value> is not <range>".
class CheckedFields
{
public:
    // `prefix`: the path of the struct in its document ("train" in a recipe), for messages.
    explicit CheckedFields(const nlohmann::json* root = nullptr, std::string prefix = {});

    std::string name(std::string_view path) const { return childPath(m_prefix, path); }
    [[noreturn]] void fail(const std::string& what) const;
    // Whether the JSON read has `path` (false when checking a struct).
    bool has(std::string_view path) const { return find(path) != nullptr; }

    template<typename T>
    void whole(std::string_view path, T& field, const WholeRange& range) const
    {
        if (const nlohmann::json* v = find(path))
            field = T(wholeNumber(*v, name(path), range));
        else if (!std::in_range<std::int64_t>(field) || !range.contains(std::int64_t(field)))
            fail(notAccepted(name(path), std::to_string(field), range.describe()));
    }
    // A whole number whose value `unset` in the struct means "not given" (JSON cannot write it).
    template<typename T>
    void optionalWhole(std::string_view path, T& field, T unset, const WholeRange& range) const
    {
        if (find(path) || field != unset)
            whole(path, field, range);
    }
    void real(std::string_view path, double& field, const RealRange& range) const;
    void flag(std::string_view path, bool& field) const;
    void text(std::string_view path, std::string& field) const;
    void word(std::string_view path, std::string& field, std::initializer_list<std::string_view> words) const;

private:
    // The value at a dotted path; ConfigError when a parent on the way is not an object.
    const nlohmann::json* find(std::string_view path) const;

    const nlohmann::json* m_root;
    std::string m_prefix;
};

} // namespace qs
