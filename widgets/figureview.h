#pragma once

// What every plot page offers for papers: its plot as a figure (PDF/SVG/PNG through
// figureexport.h, styled for a paper or the screen) and the data behind it as CSV.

#include <QColor>
#include <QString>

class QCustomPlot;

namespace qs {

// How a figure looks. The screen style follows the widget palette; the paper style is black on white
// with the given font and line widths, sized for a journal column.
struct FigureStyle
{
    enum class Kind
    {
        Screen,
        Paper,
    };
    enum class Legend
    {
        Inside, // top right inside the axes
        Below,  // under the axes, several columns
        None,
    };

    Kind kind = Kind::Screen;
    QString fontFamily = QStringLiteral("DejaVu Sans");
    double fontPt = 8.0;     // tick labels; axis labels and title are the same size (paper) or +1 (screen)
    double lineWidth = 1.2;  // data lines in points
    Legend legend = Legend::Below;

    static FigureStyle paper() { return {Kind::Paper, QStringLiteral("DejaVu Sans"), 8.0, 1.2, Legend::Below}; }
    static FigureStyle screen() { return {}; }
};

class FigureView
{
public:
    virtual ~FigureView() = default;

    // Name used on the command line and in file names: "trajectory", "heatmap", "breakdown", "outliers".
    virtual QString viewName() const = 0;
    // The plot as shown; nullptr when the page has nothing to show.
    virtual QCustomPlot* figurePlot() const = 0;
    // The numbers behind what is shown, as CSV with a header row (RFC 4180 quoting, '.' decimals,
    // NaN written as an empty field). Empty when nothing is shown.
    virtual QString csv() const = 0;
    // Restyles the plot (fonts, line widths, colours, legend) for export or back for the screen.
    virtual void applyFigureStyle(const FigureStyle& style) = 0;
};

// One CSV field: quoted when it holds a comma, quote or newline; NaN as empty.
QString csvField(const QString& text);
QString csvNumber(double value);

// Figures are laid out in logical pixels at the DPI QFontMetrics measures text with (Qt's default DPI:
// the screen's, 96 on the offscreen platform), so that fonts set in points keep their size on paper
// (figureexport.h). Pen widths and marker sizes given in points, like FigureStyle::lineWidth, are
// figurePointsToPixels(points) logical pixels.
int figureLayoutDpi();
double figurePointsToPixels(double points);

} // namespace qs
