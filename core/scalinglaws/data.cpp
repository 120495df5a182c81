// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/scalinglaws/data.h"
#include "core/scalinglaws/text.h"

#include "core/common/csv.h"
#include "core/common/errors.h"
#include "core/common/files.h"
#include "core/common/text.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <optional>

namespace qs::scaling {

namespace {

enum class Column
{
    N,
    D,
    G,
    Bits,
    Dfp,
    Dqat,
    Loss,
    Delta,
    FpLoss,
    HeldOut,
    Label,
    Ignored
};

struct ColumnName
{
    const char* name; // canonical
    Column column;
};

// Canonical names, matched case-insensitively; "held_out" is accepted for heldout.
constexpr ColumnName kColumns[] = {
    {"N", Column::N},
    {"D", Column::D},
    {"G", Column::G},
    {"bits", Column::Bits},
    {"D_fp", Column::Dfp},
    {"D_qat", Column::Dqat},
    {"loss", Column::Loss},
    {"delta", Column::Delta},
    {"fp_loss", Column::FpLoss},
    {"heldout", Column::HeldOut},
    {"label", Column::Label},
};

using detail::lower;
using detail::number;
double parseNumber(std::string_view cell, const std::string& where, const char* column)
{
    if (cell.empty())
        return kNaN;
    std::string_view s = cell;
    if (s.front() == '+')
        s.remove_prefix(1);
    double v = 0.0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v))
        throw FormatError(where + ", column " + column + ": '" + std::string(cell) + "' is not a finite number");
    return v;
}

bool parseFlag(std::string_view cell, const std::string& where)
{
    const std::string v = lower(cell);
    if (v.empty() || v == "0" || v == "false" || v == "no")
        return false;
    if (v == "1" || v == "true" || v == "yes")
        return true;
    throw FormatError(where + ", column heldout: '" + std::string(cell)
                      + "' is not a flag (use 0/1, true/false or yes/no)");
}

std::string pointName(const ScalingData& data, size_t index)
{
    const ScalingPoint& p = data.points[index];
    std::string s = p.line > 0 ? data.source + ", line " + std::to_string(p.line)
                               : data.source + ", point " + std::to_string(index + 1);
    if (!p.label.empty())
        s += " (" + p.label + ")";
    return s;
}

double field(const ScalingPoint& p, std::string_view column)
{
    if (column == "N")
        return p.N;
    if (column == "D")
        return p.D;
    if (column == "G")
        return p.G;
    if (column == "bits")
        return p.bits;
    if (column == "D_fp")
        return p.D_fp;
    if (column == "D_qat")
        return p.D_qat;
    if (column == "loss")
        return p.loss;
    if (column == "delta")
        return p.delta;
    return kNaN;
}

} // namespace

bool ScalingData::hasColumn(std::string_view canonicalName) const
{
    return std::find(columns.begin(), columns.end(), canonicalName) != columns.end();
}

ScalingData readScalingCsv(const std::string& path)
{
    const std::optional<std::string> text = tryReadWholeFile(path);
    if (!text)
        throw IoError(path + ": cannot open the CSV file");
    return parseScalingCsv(*text, path);
}

ScalingData parseScalingCsv(std::string_view text, std::string source)
{
    ScalingData data;
    data.source = std::move(source);
    std::vector<Column> layout;
    bool haveHeader = false;
    int lineNo = 0;
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t eol = text.find('\n', pos);
        if (eol == std::string_view::npos)
            eol = text.size();
        std::string_view line = text.substr(pos, eol - pos);
        pos = eol + 1;
        ++lineNo;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (trimSpace(line).empty() || trimSpace(line).front() == '#')
            continue;
        const std::string where = data.source + ", line " + std::to_string(lineNo);
        const std::vector<std::string> cells = splitCsvRecord(line, data.source, lineNo);
        if (!haveHeader) {
            haveHeader = true;
            for (const std::string& cell : cells) {
                std::string name = lower(cell);
                if (name == "held_out")
                    name = "heldout";
                Column col = Column::Ignored;
                for (const ColumnName& c : kColumns)
                    if (name == lower(c.name)) {
                        col = c.column;
                        if (data.hasColumn(c.name))
                            throw FormatError(where + ": the header names column " + c.name + " twice");
                        data.columns.push_back(c.name);
                    }
                layout.push_back(col);
            }
            continue;
        }
        if (cells.size() != layout.size())
            throw FormatError(where + " has " + std::to_string(cells.size()) + " cells, the header has "
                              + std::to_string(layout.size()));
        ScalingPoint p;
        p.line = lineNo;
        for (size_t i = 0; i < cells.size(); ++i) {
            const std::string_view cell = cells[i];
            switch (layout[i]) {
            case Column::N:
                p.N = parseNumber(cell, where, "N");
                break;
            case Column::D:
                p.D = parseNumber(cell, where, "D");
                break;
            case Column::G:
                p.G = parseNumber(cell, where, "G");
                break;
            case Column::Bits:
                p.bits = parseNumber(cell, where, "bits");
                break;
            case Column::Dfp:
                p.D_fp = parseNumber(cell, where, "D_fp");
                break;
            case Column::Dqat:
                p.D_qat = parseNumber(cell, where, "D_qat");
                break;
            case Column::Loss:
                p.loss = parseNumber(cell, where, "loss");
                break;
            case Column::Delta:
                p.delta = parseNumber(cell, where, "delta");
                break;
            case Column::FpLoss:
                p.fpLoss = parseNumber(cell, where, "fp_loss");
                break;
            case Column::HeldOut:
                p.heldOut = parseFlag(cell, where);
                break;
            case Column::Label:
                p.label = cell;
                break;
            case Column::Ignored:
                break;
            }
        }
        if (std::isnan(p.delta) && !std::isnan(p.loss) && !std::isnan(p.fpLoss))
            p.delta = p.loss - p.fpLoss;
        if (!std::isfinite(p.delta) && !std::isnan(p.delta))
            throw FormatError(where + ": delta = loss - fp_loss is not a finite number");
        if (!std::isnan(p.D_fp) && !std::isnan(p.D_qat)) {
            const double sum = p.D_fp + p.D_qat;
            if (!std::isfinite(sum))
                throw FormatError(where + ": D_fp + D_qat = " + number(sum) + " is not a finite number");
            if (std::isnan(p.D))
                p.D = sum;
            else if (std::abs(p.D - sum) > 1e-9 * std::abs(sum))
                throw FormatError(where + ": D = " + number(p.D) + " is not D_fp + D_qat = " + number(sum));
        }
        data.points.push_back(std::move(p));
    }
    if (!haveHeader)
        throw FormatError(data.source + ": the CSV is empty (no header line)");
    if (!data.hasColumn("delta") && data.hasColumn("loss") && data.hasColumn("fp_loss"))
        data.columns.push_back("delta");
    if (!data.hasColumn("D") && data.hasColumn("D_fp") && data.hasColumn("D_qat"))
        data.columns.push_back("D");
    return data;
}

std::string fitTargetName(FitTarget target)
{
    switch (target) {
    case FitTarget::Auto:
        return "auto";
    case FitTarget::Loss:
        return "loss";
    case FitTarget::Delta:
        return "delta";
    }
    return "auto";
}

FitTarget fitTargetFromName(std::string_view name)
{
    for (FitTarget t : {FitTarget::Auto, FitTarget::Loss, FitTarget::Delta})
        if (lower(name) == fitTargetName(t))
            return t;
    throw ConfigError("unknown fit target '" + std::string(name) + "' (expected auto, loss or delta)");
}

FitTarget resolveTarget(LawKind kind, FitTarget target, const ScalingData& data)
{
    if (kind == LawKind::Chinchilla) {
        if (target == FitTarget::Delta)
            throw ConfigError("the chinchilla law has no δ: fit it on the loss");
        return FitTarget::Loss;
    }
    if (target != FitTarget::Auto)
        return target;
    if (kind == LawKind::W4A4)
        return FitTarget::Delta;
    const bool allDelta = !data.points.empty()
        && std::all_of(data.points.begin(), data.points.end(),
                       [](const ScalingPoint& p) { return !std::isnan(p.delta); });
    return allDelta ? FitTarget::Delta : FitTarget::Loss;
}

std::vector<std::string> requiredColumns(LawKind kind, FitTarget target)
{
    const std::string y = target == FitTarget::Delta ? "delta" : "loss";
    switch (kind) {
    case LawKind::Chinchilla:
        return {"N", "D", "loss"};
    case LawKind::W4A4:
        return {"N", "D", "G", y};
    case LawKind::Qat:
        return {"N", "D_fp", "D_qat", "bits", y};
    }
    return {};
}

void validateScalingData(const ScalingData& data, LawKind kind, FitTarget target)
{
    if (target == FitTarget::Auto)
        target = resolveTarget(kind, target, data);
    if (kind == LawKind::Chinchilla && target == FitTarget::Delta)
        resolveTarget(kind, target, data); // throws
    const std::vector<std::string> required = requiredColumns(kind, target);
    std::string list;
    for (const std::string& c : required)
        list += (list.empty() ? "" : ", ") + c;
    for (const std::string& c : required)
        if (!data.hasColumn(c)) {
            std::string msg = data.source + ": no column " + c + " (the " + lawKindName(kind) + " law fitted on "
                + fitTargetName(target) + " needs " + list + ")";
            if (c == "delta")
                msg += "; δ can also come from loss and fp_loss columns";
            throw ConfigError(msg);
        }
    if (data.points.empty())
        throw ConfigError(data.source + ": no data points");
    for (size_t i = 0; i < data.points.size(); ++i) {
        const ScalingPoint& p = data.points[i];
        for (const std::string& c : required) {
            const double v = field(p, c);
            if (std::isnan(v))
                throw ConfigError(pointName(data, i) + ": column " + c + " is empty");
            const bool ok = c == "G" ? v >= 2.0 : c == "bits" ? v >= 1.0 && v <= 16.0 : c == "delta" ? true : v > 0.0;
            if (!ok) {
                const char* rule = c == "G" ? "must be at least 2"
                    : c == "bits"           ? "must lie in [1, 16]"
                                            : "must be > 0";
                throw ConfigError(pointName(data, i) + ": " + c + " = " + number(v) + " " + rule);
            }
        }
        if (kind == LawKind::Qat && !(p.D > 0.0))
            throw ConfigError(pointName(data, i) + ": D = " + number(p.D) + " must be > 0");
    }
}

std::vector<double> directQatFractions(const ScalingData& data, double a)
{
    std::vector<double> out;
    out.reserve(data.points.size());
    for (size_t i = 0; i < data.points.size(); ++i) {
        const ScalingPoint& p = data.points[i];
        double S = kNaN;
        try {
            S = tokensPerParameterByte(p.D, p.N, p.bits);
            out.push_back(directQatFraction(S, a));
        } catch (const ConfigError& e) {
            throw ConfigError(pointName(data, i) + ": " + e.what());
        }
    }
    return out;
}

} // namespace qs::scaling
