// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/scaling/scalingcontour.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace qs {

namespace {

// A crossing lies on a cell edge: horizontal edges run from sample (i, j) to (i + 1, j), vertical
// ones from (i, j) to (i, j + 1).
struct Edge
{
    int i, j;
    bool vertical;
    long long id(int nx) const { return (static_cast<long long>(j) * nx + i) * 2 + (vertical ? 1 : 0); }
};

QPointF crossing(const ContourGrid& g, const Edge& e, double level)
{
    const double z0 = g.at(e.i, e.j);
    const double z1 = e.vertical ? g.at(e.i, e.j + 1) : g.at(e.i + 1, e.j);
    const double t = z1 == z0 ? 0.5 : std::clamp((level - z0) / (z1 - z0), 0.0, 1.0);
    if (e.vertical)
        return {g.x(e.i), g.y(e.j) + t * (g.y(e.j + 1) - g.y(e.j))};
    return {g.x(e.i) + t * (g.x(e.i + 1) - g.x(e.i)), g.y(e.j)};
}

} // namespace

std::vector<std::vector<QPointF>> isoLines(const ContourGrid& g, double level)
{
    std::vector<std::vector<QPointF>> lines;
    if (g.nx < 2 || g.ny < 2 || g.z.size() != size_t(g.nx) * size_t(g.ny) || !std::isfinite(level))
        return lines;

    // Segments between two edges, cell by cell.
    std::vector<std::pair<Edge, Edge>> segments;
    for (int j = 0; j + 1 < g.ny; ++j) {
        for (int i = 0; i + 1 < g.nx; ++i) {
            const double a = g.at(i, j), b = g.at(i + 1, j), c = g.at(i + 1, j + 1), d = g.at(i, j + 1);
            if (std::isnan(a) || std::isnan(b) || std::isnan(c) || std::isnan(d))
                continue;
            const int index = (a > level ? 1 : 0) | (b > level ? 2 : 0) | (c > level ? 4 : 0) | (d > level ? 8 : 0);
            const Edge bottom {i, j, false}, top {i, j + 1, false}, left {i, j, true}, right {i + 1, j, true};
            const bool centreAbove = (a + b + c + d) / 4.0 > level;
            switch (index) {
            case 0:
            case 15:
                break;
            case 1:
            case 14:
                segments.push_back({left, bottom});
                break;
            case 2:
            case 13:
                segments.push_back({bottom, right});
                break;
            case 3:
            case 12:
                segments.push_back({left, right});
                break;
            case 4:
            case 11:
                segments.push_back({right, top});
                break;
            case 6:
            case 9:
                segments.push_back({bottom, top});
                break;
            case 7:
            case 8:
                segments.push_back({left, top});
                break;
            case 5: // a and c above
                if (centreAbove) {
                    segments.push_back({bottom, right});
                    segments.push_back({top, left});
                } else {
                    segments.push_back({left, bottom});
                    segments.push_back({right, top});
                }
                break;
            case 10: // b and d above
                if (centreAbove) {
                    segments.push_back({left, bottom});
                    segments.push_back({right, top});
                } else {
                    segments.push_back({bottom, right});
                    segments.push_back({top, left});
                }
                break;
            }
        }
    }

    // Join segments that share an edge into polylines: open ones from an end first, then loops.
    std::unordered_map<long long, std::vector<size_t>> byEdge;
    for (size_t s = 0; s < segments.size(); ++s) {
        byEdge[segments[s].first.id(g.nx)].push_back(s);
        byEdge[segments[s].second.id(g.nx)].push_back(s);
    }
    std::vector<bool> used(segments.size(), false);
    const auto walk = [&](size_t start, const Edge& from) {
        std::vector<QPointF> line {crossing(g, from, level)};
        size_t s = start;
        Edge at = from;
        while (true) {
            used[s] = true;
            const Edge next = segments[s].first.id(g.nx) == at.id(g.nx) ? segments[s].second : segments[s].first;
            line.push_back(crossing(g, next, level));
            at = next;
            const std::vector<size_t>& around = byEdge[at.id(g.nx)];
            const auto it = std::find_if(around.begin(), around.end(), [&](size_t t) { return !used[t]; });
            if (it == around.end())
                break;
            s = *it;
        }
        lines.push_back(std::move(line));
    };
    for (size_t s = 0; s < segments.size(); ++s) {
        if (used[s])
            continue;
        for (const Edge& end : {segments[s].first, segments[s].second}) {
            if (!used[s] && byEdge[end.id(g.nx)].size() == 1)
                walk(s, end);
        }
    }
    for (size_t s = 0; s < segments.size(); ++s) {
        if (!used[s])
            walk(s, segments[s].first);
    }
    return lines;
}

std::vector<double> contourLevels(double lo, double hi, bool logScale, int maxCount)
{
    std::vector<double> levels;
    if (!(lo < hi) || !std::isfinite(lo) || !std::isfinite(hi) || maxCount < 1)
        return levels;
    if (logScale) {
        if (!(lo > 0.0))
            return levels;
        const auto withMantissas = [&](std::initializer_list<double> mantissas) {
            std::vector<double> out;
            for (int e = int(std::floor(std::log10(lo))) - 1; e <= int(std::ceil(std::log10(hi))); ++e) {
                for (const double m : mantissas) {
                    const double v = m * std::pow(10.0, e);
                    if (v > lo && v < hi)
                        out.push_back(v);
                }
            }
            return out;
        };
        levels = withMantissas({1.0, 2.0, 5.0});
        if (int(levels.size()) > maxCount)
            levels = withMantissas({1.0, 3.0});
        if (int(levels.size()) > maxCount)
            levels = withMantissas({1.0});
        else if (levels.size() < 3)
            levels = withMantissas({1.0, 1.5, 2.0, 3.0, 5.0, 7.0});
        while (int(levels.size()) > maxCount) { // many decades: every second one
            std::vector<double> thinned;
            for (size_t i = 0; i < levels.size(); i += 2)
                thinned.push_back(levels[i]);
            levels = std::move(thinned);
        }
        return levels;
    }
    const double exact = (hi - lo) / double(maxCount + 1);
    const double decade = std::pow(10.0, std::floor(std::log10(exact)));
    double step = 10.0 * decade;
    for (const double m : {1.0, 2.0, 2.5, 5.0}) {
        if (m * decade >= exact) {
            step = m * decade;
            break;
        }
    }
    for (double k = std::floor(lo / step) + 1.0; k * step < hi; k += 1.0) {
        if (k * step > lo)
            levels.push_back(k * step);
    }
    return levels;
}

} // namespace qs
