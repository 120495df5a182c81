// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Iso-lines of a function sampled on a rectangular grid (marching squares), and the levels worth
// drawing, for the scaling page's contour map. Plain computation, no plotting.

#include <QPointF>

#include <vector>

namespace qs {

struct ContourGrid
{
    int nx = 0, ny = 0;                    // samples along x and y (each ≥ 2)
    double x0 = 0, x1 = 1, y0 = 0, y1 = 1; // sample i sits at x0 + i·(x1 − x0)/(nx − 1), likewise y
    std::vector<double> z;                 // z[j·nx + i]; NaN samples leave their cells out

    double x(int i) const { return x0 + (x1 - x0) * i / double(nx - 1); }
    double y(int j) const { return y0 + (y1 - y0) * j / double(ny - 1); }
    double at(int i, int j) const { return z[size_t(j) * size_t(nx) + size_t(i)]; }
};

// The lines where the linear interpolation of `grid` crosses `level`, joined into polylines (closed
// loops end where they start). Saddle cells are resolved by the mean of their four corners.
std::vector<std::vector<QPointF>> isoLines(const ContourGrid& grid, double level);

// Round levels strictly inside (lo, hi): on a log scale 1, 2, 5 × 10^k (1, 3 × 10^k, then decades, then
// every second decade while those are more than `maxCount`; 1, 1.5, 2, 3, 5, 7 × 10^k when there are
// fewer than 3), on a linear one
// multiples of a 1, 2, 2.5 or 5 × 10^k step giving at most `maxCount` levels.
std::vector<double> contourLevels(double lo, double hi, bool logScale, int maxCount = 8);

} // namespace qs
