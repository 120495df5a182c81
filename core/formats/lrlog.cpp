// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/formats/lrlog.h"

#include "core/common/errors.h"
#include "core/common/files.h"
#include "core/common/text.h"
#include "core/formats/jsonfields.h"
#include "core/formats/revision.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <sstream>

namespace qs {

namespace {

struct DescribedSchedule
{
    std::string kind;
    double peak = 0.0, min = 0.0, decay = 0.2;
    double warmup = 0.0, total = 0.0;
};

// "kind:key=value,…" (hfrun.h, describedScheduleLr): every value checked against its range as written.
DescribedSchedule parseSchedule(const std::string& spec)
{
    DescribedSchedule s;
    const auto colon = spec.find(':');
    s.kind = spec.substr(0, colon);
    const std::string where = "LR schedule '" + spec + "': ";
    if (s.kind != "wsd" && s.kind != "cosine" && s.kind != "linear" && s.kind != "constant")
        throw ConfigError(where + "the kind must be wsd, cosine, linear or constant");
    std::map<std::string, std::string> given; // key -> the value as written
    if (colon != std::string::npos) {
        std::stringstream fields(spec.substr(colon + 1));
        std::string field;
        while (std::getline(fields, field, ',')) {
            const auto eq = field.find('=');
            if (eq == std::string::npos)
                throw ConfigError(where + "'" + field + "' is not key=number");
            const std::string key = std::string(trimSpace(field.substr(0, eq)));
            if (key != "peak" && key != "min" && key != "warmup" && key != "total" && key != "decay")
                throw ConfigError(where + "unknown key '" + key + "' (peak, min, warmup, total, decay)");
            if (!given.emplace(key, std::string(trimSpace(field.substr(eq + 1)))).second)
                throw ConfigError(where + key + " is given twice");
        }
    }
    const auto real = [&](const char* key, const RealRange& range, double fallback) {
        const auto it = given.find(key);
        if (it == given.end())
            return fallback;
        const auto value = parseRealNumber(it->second, range);
        if (!value)
            throw ConfigError(where + notAccepted(key, it->second, range.describe()));
        return *value;
    };
    const auto whole = [&](const char* key, const WholeRange& range) {
        const auto it = given.find(key);
        if (it == given.end())
            return 0.0;
        const auto value = parseWholeNumber(it->second, range);
        if (!value)
            throw ConfigError(where + notAccepted(key, it->second, range.describe()));
        return double(*value);
    };
    constexpr std::int64_t maxSteps = 1'000'000'000'000;
    if (!given.count("peak"))
        throw ConfigError(where + "peak=<LR> is missing");
    s.peak = real("peak", RealRange::aboveZero(kMaxLearningRate), 0.0);
    s.min = real("min", {.min = 0.0, .max = s.peak, .why = "at most peak"}, 0.0);
    if (s.kind != "constant" && !given.count("total"))
        throw ConfigError(where + "total=<steps> is missing (the run's length)");
    s.total = whole("total", {1, maxSteps});
    s.warmup =
        whole("warmup",
              given.count("total") ? WholeRange {.min = 0, .max = std::int64_t(s.total) - 1, .why = "less than total"}
                                   : WholeRange {0, maxSteps});
    s.decay = real("decay", RealRange::closed(0.0, 1.0), s.decay);
    return s;
}

double scheduleLr(const DescribedSchedule& s, double step)
{
    if (s.warmup > 0.0 && step < s.warmup)
        return s.peak * (step + 1.0) / s.warmup;
    const double span = std::max(1.0, s.total - s.warmup);
    const double t = std::clamp((step - s.warmup) / span, 0.0, 1.0);
    if (s.kind == "constant")
        return s.peak;
    if (s.kind == "cosine")
        return s.min + 0.5 * (s.peak - s.min) * (1.0 + std::cos(M_PI * t));
    if (s.kind == "linear")
        return s.peak + (s.min - s.peak) * t;
    const double decayStart = s.total - s.decay * s.total;
    if (step < decayStart)
        return s.peak;
    return s.peak + (s.min - s.peak) * std::clamp((step - decayStart) / std::max(1.0, s.total - decayStart), 0.0, 1.0);
}

} // namespace

std::vector<std::pair<double, double>> readLrLog(const std::string& path)
{
    std::istringstream in(readWholeFile(path, "LR log"));
    std::string line;
    std::getline(in, line);
    std::vector<std::string> header;
    {
        std::stringstream cells(line);
        std::string cell;
        while (std::getline(cells, cell, ','))
            header.push_back(std::string(trimSpace(cell)));
    }
    const auto column = [&](std::initializer_list<const char*> names) {
        for (const char* name : names) {
            const auto it = std::find(header.begin(), header.end(), name);
            if (it != header.end())
                return int(it - header.begin());
        }
        return -1;
    };
    const int stepCol = column({"step", "iteration", "iter", "_step"});
    const int lrCol = column({"lr", "learning_rate", "train/lr", "optim/learning_rate_group0"});
    if (stepCol < 0 || lrCol < 0)
        throw FormatError(path
                          + ": the LR log needs a header with a step column (step, iteration) and an LR column "
                            "(lr, learning_rate); it has: "
                          + line);
    std::vector<std::pair<double, double>> rows;
    int lineNo = 1;
    while (std::getline(in, line)) {
        ++lineNo;
        if (trimSpace(line).empty())
            continue;
        std::vector<std::string> cells;
        std::stringstream ss(line);
        std::string cell;
        while (std::getline(ss, cell, ','))
            cells.push_back(std::string(trimSpace(cell)));
        if (int(cells.size()) <= std::max(stepCol, lrCol))
            throw FormatError(path + ", line " + std::to_string(lineNo) + ": too few columns");
        const auto numberAt = [&](int col, const RealRange& range) {
            const std::string& text = cells[size_t(col)];
            const auto value = parseRealNumber(text, range);
            if (!value)
                throw FormatError(path + ", line " + std::to_string(lineNo) + ", column " + header[size_t(col)] + ": '"
                                  + text + "' is not " + range.describe());
            return *value;
        };
        const double step = numberAt(stepCol, RealRange::closed(0.0, kMaxTokenCount));
        rows.emplace_back(step, numberAt(lrCol, RealRange::closed(0.0, kMaxLearningRate)));
    }
    if (rows.empty())
        throw FormatError(path + ": the LR log has no rows");
    std::sort(rows.begin(), rows.end());
    return rows;
}

double lrLogAt(const std::vector<std::pair<double, double>>& rows, double x)
{
    if (x <= rows.front().first)
        return rows.front().second;
    if (x >= rows.back().first)
        return rows.back().second;
    const auto hi =
        std::lower_bound(rows.begin(), rows.end(), std::make_pair(x, -std::numeric_limits<double>::infinity()));
    const auto lo = hi - 1;
    const double t = (x - lo->first) / (hi->first - lo->first);
    return lo->second + t * (hi->second - lo->second);
}

double describedScheduleLr(const std::string& spec, int64_t step)
{
    return scheduleLr(parseSchedule(spec), double(step));
}

} // namespace qs
