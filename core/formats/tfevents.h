// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared by traininglog.cpp (W&B CSV and JSON lines, the folders of event files) and tfevents.cpp
// (TensorBoard event files): the series being collected and the reading of one event file into them.
// Internal to those two files: include nowhere else.

#include "core/formats/traininglog.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <utility>

namespace qs::traininglog {

// Collects points tag by tag; the last value given for a (tag, step) wins.
class SeriesBuilder
{
public:
    void add(const std::string& tag, int64_t step, double value)
    {
        if (!std::isfinite(value)) {
            ++m_nonFinite[tag];
            return;
        }
        m_series[tag][step] = value;
    }
    void countNonFinite(const std::string& tag, size_t count) { m_nonFinite[tag] += count; }

    TrainingLog finish(TrainingLog log) const
    {
        for (const auto& [tag, count] : m_nonFinite)
            log.warnings.push_back("'" + tag + "': " + std::to_string(count)
                                   + " non-finite value(s) (NaN or infinite) left out");
        for (const auto& [tag, points] : m_series) {
            if (points.empty())
                continue;
            ScalarSeries s;
            s.tag = tag;
            s.points.reserve(points.size());
            for (const auto& [step, value] : points)
                s.points.push_back({step, value});
            log.series.push_back(std::move(s));
        }
        return log;
    }

private:
    std::map<std::string, std::map<int64_t, double>> m_series;
    std::map<std::string, size_t> m_nonFinite;
};

// Reads the event file `path` into `out`, its tags prefixed with `prefix`; the file and its warnings go
// to `log` (tfevents.cpp).
void readTfEventsInto(const std::string& path, const std::string& prefix, SeriesBuilder& out, TrainingLog& log);

} // namespace qs::traininglog
