// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the parts of the trajectory page colour their graphs and items with in the current figure
// style: the page's palette, fonts and pen widths (PlotPage's, which only the page can read), handed
// to each part when the page restyles.

#include <QColor>
#include <QFont>

#include <algorithm>
#include <functional>

namespace qs {

struct TrajectoryStyle
{
    QColor text;
    QColor base;
    QFont tick;       // the style's tick labels (paper annotations are a point smaller)
    QFont screenFont; // the page's own font, for annotations on screen
    bool paper = false;
    double lineWidth = 1.2; // the paper style's data lines, in points
    // A line `screenPx` logical pixels wide on screen, `paperPt` points wide in a paper figure.
    std::function<double(double screenPx, double paperPt)> penWidth;

    // Annotations (shaded regions' labels): the page's font on screen, a point under the axes' text
    // (5 pt at least) in a paper figure.
    QFont annotationFont() const
    {
        QFont font = paper ? tick : screenFont;
        if (paper)
            font.setPointSizeF(std::max(5.0, font.pointSizeF() - 1.0));
        return font;
    }
};

} // namespace qs
