// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Figures for papers: the plot of any FigureView as PDF or SVG (vector; text stays text, the PDF embeds
// its fonts) or PNG at a given DPI, at the physical size of a journal column, in the paper or the
// screen style; and the numbers behind it as CSV. Works headless (QT_QPA_PLATFORM=offscreen) as long
// as a QApplication exists.
//
// Sizes are physical. The plot is laid out at the size in inches × figureLayoutDpi() logical pixels
// (figureview.h), the DPI QFontMetrics measures text with, so fonts given in points come out at that
// size on paper: 8 pt text is 8/72 in high in the PDF, in the SVG (width/height in mm, viewBox in
// logical pixels) and in the PNG (its pixels are the logical ones scaled by dpi / figureLayoutDpi()).

#include "widgets/plot/figureview.h"

#include <QByteArray>
#include <QPicture>
#include <QSize>
#include <QSizeF>
#include <QString>
#include <QStringList>

#include <memory>

class QCustomPlot;
class QWidget;

namespace qs {

class Selection;
class TrajectoryPage;

// FigureFormat (Pdf, Svg, Png, Csv: the data behind the figure, exportCsv) and the words of every
// export choice are itemmodels/figurewords.h's.

struct FigureExportOptions
{
    using Size = FigureSize; // SingleColumn (3.3 in wide), DoubleColumn (6.9 in wide), Custom (customWidth)

    static constexpr double singleColumnWidth = 3.3; // inches
    static constexpr double doubleColumnWidth = 6.9;
    static constexpr double defaultAspect = 0.62; // height / width when no height is given

    Size size = Size::SingleColumn;
    double customWidth = singleColumnWidth; // inches, Size::Custom only
    double height = 0.0;                    // inches; 0: width × defaultAspect
    int dpi = 300;                          // PNG only
    FigureStyle style = FigureStyle::paper();

    double widthInches() const;
    double heightInches() const;
};

// The format `path`'s extension names: .pdf, .svg, .png, .csv in any case; false for anything else.
bool figureFormatFromPath(const QString& path, FigureFormat* format);
QString figureFormatSuffix(FigureFormat format); // "pdf", "svg", "png", "csv"

// Parses a size as the command line gives it: "single", "double", "W" or "WxH" in inches, optionally
// followed by "in" ("3.5x2in"). Sets size, customWidth and height of `options`; false (options
// untouched) for anything else or a non-positive number.
bool parseFigureSize(const QString& text, FigureExportOptions* options);

// Exports `view`'s plot to `outPath`, format by extension (.pdf, .svg, .png), at the size and in the
// style of `options`. The style is applied for the export only: the page gets
// FigureStyle::screen() back before this returns, so what the user sees does not change. Returns
// false and sets `error` (naming the file) on an unknown extension, a size or DPI out of range, a
// view that shows nothing, or a write failure; nothing is left at `outPath` then.
bool exportFigure(FigureView& view, const QString& outPath, const FigureExportOptions& options, QString* error);

// An export in two halves, so that only the first runs on the GUI thread. recordFigure() applies the
// style, records the plot's drawing into a QPicture (tens of ms, the plot's objects live on the GUI
// thread) and gives the page its style back; writeFigure() replays the recording into the PDF, SVG or
// PNG, encodes and saves it (the slow part: hundreds of ms for a 300 dpi PNG of a big store) and may
// run on any thread. exportFigure() is the two in a row. Errors as exportFigure().
struct RecordedFigure
{
    QString path;
    QString title; // the PDF's and SVG's title: the file's base name
    FigureFormat format = FigureFormat::Pdf;
    QSizeF inches;
    QSize logical; // layout size, logical pixels at figureLayoutDpi()
    int dpi = 0;   // PNG only
    QPicture picture;

    QSize pixels() const; // of the PNG
};
bool recordFigure(FigureView& view, const QString& outPath, const FigureExportOptions& options, RecordedFigure* figure,
                  QString* error);
bool recordPlotFigure(QCustomPlot* plot, const QString& outPath, FigureFormat format, QSizeF inches, int dpi,
                      RecordedFigure* figure, QString* error);
bool writeFigure(const RecordedFigure& figure, QString* error);

// The same for CSV: takeCsv() on the GUI thread, writeCsv() anywhere.
bool takeCsv(FigureView& view, const QString& path, QByteArray* bytes, QString* error);
bool writeCsv(const QByteArray& bytes, const QString& path, QString* error);

// Writes view.csv() to `path` as UTF-8. False with `error` naming the file when the view shows no data
// or the file cannot be written.
bool exportCsv(FigureView& view, const QString& path, QString* error);

// Renders `plot` as it is styled now at `inches` (PDF, SVG, PNG by `format`; `dpi` for PNG only).
bool renderPlotFigure(QCustomPlot* plot, const QString& outPath, FigureFormat format, QSizeF inches, int dpi,
                      QString* error);

// Saves `plot` as it is styled now at widthPx × heightPx pixels of 1/96 in: a PNG of exactly that many
// pixels (96 dpi), a PDF or SVG of that physical size. Format by extension as exportFigure; false with
// `error` naming the file on an unknown extension or a write failure.
bool savePlotFigure(QCustomPlot* plot, const QString& outPath, QString* error, int widthPx = 1200, int heightPx = 700);

} // namespace qs
