// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/hf/stagelayout.h"

#include "core/formats/revision.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <map>

namespace qs {

namespace {

// Stages with the same real number ("stage2-ingredient1", "stage2-ingredient2") are siblings: each
// starts where their common parent ended.
bool siblings(const std::string& a, const std::string& b)
{
    const std::int64_t n = stageNumber(a);
    return n >= 0 && n < std::numeric_limits<std::int64_t>::max() - 1 && n == stageNumber(b);
}

// Lays out one count (steps or tokens): per checkpoint, x; per segment, whether it restarts.
std::vector<double> layoutCount(const std::vector<double>& raw, std::vector<StageSegment>& segments, bool tokens)
{
    std::vector<double> x(raw.size(), 0.0);
    std::vector<double> rawMax(segments.size()), xMax(segments.size()), offset(segments.size(), 0.0);
    for (size_t s = 0; s < segments.size(); ++s) {
        StageSegment& seg = segments[s];
        double lo = std::numeric_limits<double>::infinity();
        double hi = -std::numeric_limits<double>::infinity();
        for (const int c : seg.checkpoints) {
            lo = std::min(lo, raw[size_t(c)]);
            hi = std::max(hi, raw[size_t(c)]);
        }
        bool restart = false;
        if (seg.parent >= 0) {
            const auto p = size_t(seg.parent);
            restart = lo < rawMax[p];
            offset[s] = restart ? xMax[p] : offset[p];
        }
        (tokens ? seg.tokensRestart : seg.stepsRestart) = restart;
        for (const int c : seg.checkpoints)
            x[size_t(c)] = raw[size_t(c)] + offset[s];
        rawMax[s] = hi;
        xMax[s] = hi + offset[s];
    }
    return x;
}

} // namespace

double StageLayout::x(TrajectoryAxis axis, int checkpoint) const
{
    const auto i = size_t(checkpoint);
    return axis == TrajectoryAxis::Tokens ? tokens[i] : axis == TrajectoryAxis::Order ? order[i] : steps[i];
}

std::pair<double, double> StageLayout::span(TrajectoryAxis axis, int segment) const
{
    double lo = std::numeric_limits<double>::infinity();
    double hi = -std::numeric_limits<double>::infinity();
    for (const int c : segments[size_t(segment)].checkpoints) {
        lo = std::min(lo, x(axis, c));
        hi = std::max(hi, x(axis, c));
    }
    return {lo, hi};
}

StageLayout layoutStages(const std::vector<CheckpointRow>& rows)
{
    StageLayout layout;
    std::map<std::string, int> byStage;
    layout.segmentOf.resize(rows.size());
    for (size_t i = 0; i < rows.size(); ++i) {
        const auto [it, added] = byStage.emplace(rows[i].stage, int(layout.segments.size()));
        if (added) {
            StageSegment seg;
            seg.stage = rows[i].stage;
            // The parent: the last earlier segment that is not a sibling.
            for (int p = int(layout.segments.size()) - 1; p >= 0; --p) {
                if (!siblings(layout.segments[size_t(p)].stage, seg.stage)) {
                    seg.parent = p;
                    break;
                }
            }
            layout.segments.push_back(std::move(seg));
        }
        layout.segments[size_t(it->second)].checkpoints.push_back(int(i));
        layout.segmentOf[i] = it->second;
    }

    // Lanes: a parent's only child goes on in its lane; two or more children each get their own.
    std::map<int, std::vector<int>> children;
    for (size_t s = 0; s < layout.segments.size(); ++s)
        children[layout.segments[s].parent].push_back(int(s));
    for (size_t s = 0; s < layout.segments.size(); ++s) {
        StageSegment& seg = layout.segments[s];
        if (seg.parent < 0)
            continue;
        const std::vector<int>& kin = children[seg.parent];
        seg.lane = kin.size() > 1 ? int(std::find(kin.begin(), kin.end(), int(s)) - kin.begin()) + 1
                                  : layout.segments[size_t(seg.parent)].lane;
    }

    std::vector<double> steps(rows.size()), tokens(rows.size());
    for (size_t i = 0; i < rows.size(); ++i) {
        steps[i] = double(rows[i].step);
        tokens[i] = double(rows[i].tokens);
    }
    layout.steps = layoutCount(steps, layout.segments, false);
    layout.tokens = layoutCount(tokens, layout.segments, true);

    layout.order.assign(rows.size(), 0.0);
    std::vector<double> lastOrder(layout.segments.size(), -1.0);
    for (size_t s = 0; s < layout.segments.size(); ++s) {
        const StageSegment& seg = layout.segments[s];
        double next = seg.parent >= 0 ? lastOrder[size_t(seg.parent)] + 1.0 : 0.0;
        for (const int c : seg.checkpoints)
            layout.order[size_t(c)] = next++;
        lastOrder[s] = next - 1.0;
    }
    return layout;
}

std::string stageLabel(const std::string& stage)
{
    const std::int64_t n = stageNumber(stage);
    if (n < 0 || n >= std::numeric_limits<std::int64_t>::max() - 1)
        return stage;
    // "stage2-ingredient1": every dash-separated word with a trailing number gets a space before it.
    std::string out;
    size_t start = 0;
    while (start <= stage.size()) {
        const size_t dash = std::min(stage.find('-', start), stage.size());
        std::string word = stage.substr(start, dash - start);
        size_t digits = word.size();
        while (digits > 0 && std::isdigit(static_cast<unsigned char>(word[digits - 1])))
            --digits;
        if (digits > 0 && digits < word.size())
            word = word.substr(0, digits) + " " + word.substr(digits);
        out += (out.empty() ? "" : " · ") + word;
        start = dash + 1;
    }
    return out;
}

} // namespace qs
