// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/scalinglaws/serialization.h"

#include "core/common/errors.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

namespace qs::scaling {

namespace {

// ordered_json keeps the documented field order in the output.
using json = nlohmann::ordered_json;

constexpr const char* kFormat = "quantscope-scaling-law";
constexpr int kVersion = 1;

json numberOrNull(double v)
{
    return std::isfinite(v) ? json(v) : json(nullptr);
}

double numberOf(const json& j, const std::string& field)
{
    if (j.is_null())
        return kNaN;
    if (!j.is_number())
        throw FormatError("scaling-law JSON: " + field + " is not a number");
    return j.get<double>();
}

const json& member(const json& obj, const char* key, const std::string& where)
{
    const auto it = obj.find(key);
    if (it == obj.end())
        throw FormatError("scaling-law JSON: " + where + " has no field '" + key + "'");
    return *it;
}

std::string stringOf(const json& obj, const char* key, const std::string& where, bool required = true)
{
    const auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) {
        if (required)
            throw FormatError("scaling-law JSON: " + where + " has no field '" + key + "'");
        return {};
    }
    if (!it->is_string())
        throw FormatError("scaling-law JSON: " + where + "." + key + " is not a string");
    return it->get<std::string>();
}

json fitToJson(const FitInfo& f)
{
    return json {{"data_source", f.dataSource},
                 {"target", f.target},
                 {"points", f.points},
                 {"held_out_points", f.heldOutPoints},
                 {"rejected_points", f.rejectedPoints},
                 {"train_mre", numberOrNull(f.trainMre)},
                 {"held_out_mre", numberOrNull(f.heldOutMre)},
                 {"huber_delta", numberOrNull(f.huberDelta)},
                 {"objective", numberOrNull(f.objective)},
                 {"starts", f.starts},
                 {"starts_converged", f.startsConverged},
                 {"bootstrap_resamples", f.bootstrapResamples},
                 {"bootstrap_converged", f.bootstrapConverged},
                 {"converged", f.converged},
                 {"message", f.message},
                 {"date", f.date}};
}

// A count in [0, max] as written: 2.5, -1 or 2^32 are refused, never truncated or wrapped.
int countOf(const json& v, const std::string& field, int max = std::numeric_limits<int>::max())
{
    std::optional<std::int64_t> whole;
    if (v.is_number_unsigned())
        whole = v.get<std::uint64_t>() <= std::uint64_t(max) ? std::optional(std::int64_t(v.get<std::uint64_t>()))
                                                             : std::nullopt;
    else if (v.is_number_integer())
        whole = v.get<std::int64_t>();
    else if (v.is_number_float() && v.get<double>() == std::trunc(v.get<double>())
             && std::abs(v.get<double>()) <= double(max))
        whole = std::int64_t(v.get<double>());
    if (!whole || *whole < 0 || *whole > max)
        throw FormatError("scaling-law JSON: " + field + " = " + v.dump() + " is not a whole number in [0, "
                          + std::to_string(max) + "]");
    return int(*whole);
}

FitInfo fitFromJson(const json& j)
{
    if (!j.is_object())
        throw FormatError("scaling-law JSON: fit is not an object");
    const std::string where = "fit";
    const auto integer = [&](const char* key, int max = std::numeric_limits<int>::max()) {
        return countOf(member(j, key, where), "fit." + std::string(key), max);
    };
    // A fit's statistics: null (none), or a number above (or at) zero.
    const auto real = [&](const char* key, bool zeroAllowed) {
        const json& v = member(j, key, where);
        const double value = numberOf(v, "fit." + std::string(key));
        if (!std::isnan(value) && !(zeroAllowed ? value >= 0.0 : value > 0.0))
            throw FormatError("scaling-law JSON: fit." + std::string(key) + " = " + v.dump() + " is not a number "
                              + (zeroAllowed ? ">= 0" : "> 0") + " or null");
        return value;
    };
    FitInfo f;
    f.dataSource = stringOf(j, "data_source", where);
    f.target = stringOf(j, "target", where);
    f.points = integer("points");
    f.heldOutPoints = integer("held_out_points");
    f.rejectedPoints = integer("rejected_points");
    f.trainMre = real("train_mre", true);
    f.heldOutMre = real("held_out_mre", true);
    f.huberDelta = real("huber_delta", false);
    f.objective = real("objective", true);
    f.starts = integer("starts");
    f.startsConverged = integer("starts_converged", f.starts);
    f.bootstrapResamples = integer("bootstrap_resamples");
    f.bootstrapConverged = integer("bootstrap_converged", f.bootstrapResamples);
    const json& converged = member(j, "converged", where);
    if (!converged.is_boolean())
        throw FormatError("scaling-law JSON: fit.converged is not true or false");
    f.converged = converged.get<bool>();
    f.message = stringOf(j, "message", where, false);
    f.date = stringOf(j, "date", where, false);
    return f;
}

} // namespace

std::string lawToJson(const Law& law, int indent)
{
    json j;
    j["format"] = kFormat;
    j["version"] = kVersion;
    j["law"] = lawKindName(law.kind());
    if (law.variant())
        j["variant"] = variantName(*law.variant());
    json coefficients = json::array();
    for (const Coefficient& c : law.coefficients()) {
        json ci = nullptr;
        if (c.ci95)
            ci = json::array({numberOrNull(c.ci95->first), numberOrNull(c.ci95->second)});
        coefficients.push_back(json {{"name", c.name},
                                     {"value", c.isSet() ? json(c.value) : json(nullptr)},
                                     {"source", sourceName(c.isSet() ? c.source : Source::Unset)},
                                     {"reference", c.reference},
                                     {"ci95", ci}});
    }
    j["coefficients"] = std::move(coefficients);
    j["fit"] = law.fitInfo() ? fitToJson(*law.fitInfo()) : json(nullptr);
    return j.dump(indent);
}

Law lawFromJson(std::string_view text)
{
    json j;
    try {
        j = json::parse(text.begin(), text.end());
    } catch (const json::exception& e) { // parse_error, and out_of_range for a number past double's range
        throw FormatError(std::string("scaling-law JSON is not valid JSON: ") + e.what());
    }
    if (!j.is_object())
        throw FormatError("scaling-law JSON: the document is not an object");
    if (stringOf(j, "format", "the document") != kFormat)
        throw FormatError("scaling-law JSON: format is not '" + std::string(kFormat) + "'");
    const json& version = member(j, "version", "the document");
    if (!version.is_number_integer() || version.get<std::int64_t>() < 1 || version.get<std::int64_t>() > kVersion)
        throw FormatError("scaling-law JSON: version " + version.dump() + " is not one this build reads (1)");

    Law law;
    try {
        const LawKind kind = lawKindFromName(stringOf(j, "law", "the document"));
        if (kind == LawKind::W4A4)
            law = Law::w4a4(variantFromName(stringOf(j, "variant", "the document")));
        else
            law = kind == LawKind::Qat ? Law::qat() : Law::chinchilla();
    } catch (const ConfigError& e) {
        throw FormatError(std::string("scaling-law JSON: ") + e.what());
    }

    const json& coefficients = member(j, "coefficients", "the document");
    if (!coefficients.is_array())
        throw FormatError("scaling-law JSON: coefficients is not an array");
    for (const json& c : coefficients) {
        if (!c.is_object())
            throw FormatError("scaling-law JSON: a coefficient entry is not an object");
        const std::string name = stringOf(c, "name", "a coefficient");
        const std::string where = "coefficient " + name;
        if (!law.hasCoefficient(name))
            throw FormatError("scaling-law JSON: the " + law.displayName() + " law has no coefficient '" + name + "'");
        const Source source = sourceFromName(stringOf(c, "source", where));
        const double value = numberOf(member(c, "value", where), where + ".value");
        if (source == Source::Unset) {
            law.unsetCoefficient(name);
            continue;
        }
        if (!std::isfinite(value))
            throw FormatError("scaling-law JSON: " + where + " has source '" + sourceName(source) + "' but no value");
        law.setCoefficient(name, value, source, stringOf(c, "reference", where, false));
        const auto ci = c.find("ci95");
        if (ci != c.end() && !ci->is_null()) {
            if (!ci->is_array() || ci->size() != 2)
                throw FormatError("scaling-law JSON: " + where + ".ci95 is not a pair of numbers");
            const double low = numberOf((*ci)[0], where + ".ci95"), high = numberOf((*ci)[1], where + ".ci95");
            if (low > high)
                throw FormatError("scaling-law JSON: " + where + ".ci95 = [" + (*ci)[0].dump() + ", " + (*ci)[1].dump()
                                  + "] is not an interval (low <= high)");
            law.setConfidenceInterval(name, std::make_pair(low, high));
        }
    }
    const auto fit = j.find("fit");
    if (fit != j.end() && !fit->is_null())
        law.setFitInfo(fitFromJson(*fit));
    return law;
}

std::string lawJsonProblem(const std::string& json)
{
    try {
        lawFromJson(json);
    } catch (const Error& e) {
        return e.what();
    }
    return {};
}

} // namespace qs::scaling
