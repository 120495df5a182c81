// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plot/figureexport.h"

#include "itemmodels/figurewords.h"
#include "widgets/plot/qcp.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPalette>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSvgGenerator>

#include <algorithm>
#include <optional>

namespace qs {

namespace {

// Translation context for the free functions below.
class FigureExport
{
    Q_DECLARE_TR_FUNCTIONS(FigureExport)
};

constexpr double maxInches = 50.0; // larger than any poster a plot belongs on
constexpr int minDpi = 30;
constexpr int maxDpi = 2400;
constexpr int maxPixels = 30000; // per side of a PNG

bool fail(QString* error, const QString& message)
{
    if (error)
        *error = message;
    return false;
}

QString writeError(const QString& path, const QString& reason)
{
    return FigureExport::tr("Cannot write %1: %2").arg(path, reason);
}

// Applies a style to a page for the time of an export and gives the page its screen style back,
// whatever way the export ends.
class StyleForExport
{
public:
    StyleForExport(FigureView& view, const FigureStyle& style)
        : m_view(view)
    {
        m_view.beginExportStyle(style);
    }
    ~StyleForExport() { m_view.endExportStyle(); }
    StyleForExport(const StyleForExport&) = delete;
    StyleForExport& operator=(const StyleForExport&) = delete;

private:
    FigureView& m_view;
};

// How the plot is drawn into the recording. Vector output: QCustomPlot::savePdf lays the plot out in
// points but measures and draws text at the screen's DPI, so its 8 pt fonts come out 96/72 too large;
// recording at the layout DPI and replaying on a device whose resolution is the layout DPI keeps text
// metrics and drawing consistent. Hairlines would be one device pixel at any zoom, so lines are
// non-cosmetic in vector output and in PNGs drawn larger than the layout (as QCustomPlot::toPixmap).
bool hasColorMap(QCustomPlot* plot)
{
    for (int i = 0; i < plot->plottableCount(); ++i) {
        if (qobject_cast<QCPColorMap*>(plot->plottable(i)))
            return true;
    }
    return false;
}

bool recordPlot(QCustomPlot* plot, RecordedFigure* figure)
{
    QCPPainter painter;
    if (!painter.begin(&figure->picture))
        return false;
    if (figure->format != FigureFormat::Png) {
        // A colour map is embedded as its own image, one pixel per cell, which the PDF marks as not
        // to be smoothed. In vectorized mode QCustomPlot would resample it into a pixmap three times
        // the plot's size instead: cells lost or doubled, and a large image that the QPicture
        // recording PNG-encodes on the GUI thread (more than 100 ms for a 1000 × 200 map).
        if (!hasColorMap(plot))
            painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNonCosmetic);
    } else if (figure->pixels().width() > figure->logical.width()
               || figure->pixels().height() > figure->logical.height()) {
        painter.setMode(QCPPainter::pmNonCosmetic);
    }
    // Tick labels are measured and drawn as text, not through QCustomPlot's label cache: the cache
    // still holds the screen font's labels while the figure is laid out, which would size the
    // figure's margins by them.
    const QCP::PlottingHints hints = plot->plottingHints();
    plot->setPlottingHint(QCP::phCacheLabels, false);
    plot->toPainter(&painter, figure->logical.width(), figure->logical.height());
    plot->setPlottingHints(hints);
    return painter.end();
}

bool replay(const QPicture& picture, QPaintDevice* device, double sx = 1.0, double sy = 1.0)
{
    QPainter painter;
    if (!painter.begin(device))
        return false;
    painter.scale(sx, sy);
    painter.drawPicture(QPointF(0.0, 0.0), picture);
    return painter.end();
}

bool writePdf(const RecordedFigure& figure, QIODevice* out)
{
    QPdfWriter writer(out);
    writer.setResolution(figureLayoutDpi());
    writer.setCreator(FigureExport::tr("QuantScope"));
    writer.setTitle(figure.title);
    const QPageSize page(figure.inches, QPageSize::Inch, QString(), QPageSize::ExactMatch);
    if (!writer.setPageLayout(QPageLayout(page, QPageLayout::Portrait, QMarginsF())))
        return false;
    return replay(figure.picture, &writer);
}

bool writeSvg(const RecordedFigure& figure, QIODevice* out)
{
    QSvgGenerator generator;
    generator.setOutputDevice(out);
    generator.setSize(figure.logical);
    generator.setViewBox(QRect(QPoint(0, 0), figure.logical));
    generator.setResolution(figureLayoutDpi()); // width and height in mm: the physical size
    generator.setTitle(figure.title);
    generator.setDescription(FigureExport::tr("QuantScope figure"));
    return replay(figure.picture, &generator);
}

bool writePng(const RecordedFigure& figure, QIODevice* out)
{
    const QSize pixels = figure.pixels();
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    // Text is resolved at the image's DPI: keep it at the layout's while painting, then scale.
    const int dotsPerMeter = qRound(figureLayoutDpi() / 0.0254);
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    if (!replay(figure.picture, &image, double(pixels.width()) / figure.logical.width(),
                double(pixels.height()) / figure.logical.height()))
        return false;
    image.setDotsPerMeterX(qRound(figure.dpi / 0.0254));
    image.setDotsPerMeterY(qRound(figure.dpi / 0.0254));
    return image.save(out, "PNG");
}

} // namespace

double FigureExportOptions::widthInches() const
{
    switch (size) {
    case Size::SingleColumn:
        return singleColumnWidth;
    case Size::DoubleColumn:
        return doubleColumnWidth;
    case Size::Custom:
        break;
    }
    return customWidth;
}

double FigureExportOptions::heightInches() const
{
    return height > 0.0 ? height : widthInches() * defaultAspect;
}

bool figureFormatFromPath(const QString& path, FigureFormat* format)
{
    const std::optional<FigureFormat> named = figureWordValue<FigureFormat>(QFileInfo(path).suffix().toLower());
    if (named)
        *format = *named;
    return named.has_value();
}

QString figureFormatSuffix(FigureFormat format)
{
    return figureWord(format);
}

bool parseFigureSize(const QString& text, FigureExportOptions* options)
{
    const QString t = text.trimmed().toLower();
    if (const std::optional<FigureSize> preset = figureWordValue<FigureSize>(t);
        preset && *preset != FigureSize::Custom) {
        options->size = *preset;
        options->height = 0.0;
        return true;
    }
    // W or WxH, each a decimal number, optionally followed by "in"
    static const QRegularExpression pattern(
        QStringLiteral(R"(^(\d+(?:\.\d*)?|\.\d+)(?:\s*x\s*(\d+(?:\.\d*)?|\.\d+))?\s*(?:in)?$)"));
    const QRegularExpressionMatch match = pattern.match(t);
    if (!match.hasMatch())
        return false;
    const double width = match.captured(1).toDouble();
    const double height = match.hasCaptured(2) ? match.captured(2).toDouble() : 0.0;
    if (!(width > 0.0) || (match.hasCaptured(2) && !(height > 0.0)))
        return false;
    options->size = FigureExportOptions::Size::Custom;
    options->customWidth = width;
    options->height = height;
    return true;
}

QSize RecordedFigure::pixels() const
{
    return QSize(qRound(inches.width() * dpi), qRound(inches.height() * dpi));
}

bool recordPlotFigure(QCustomPlot* plot, const QString& outPath, FigureFormat format, QSizeF inches, int dpi,
                      RecordedFigure* figure, QString* error)
{
    if (format == FigureFormat::Csv)
        return fail(error, FigureExport::tr("Cannot export %1: a figure is saved as .pdf, .svg or .png").arg(outPath));
    if (!plot)
        return fail(error, FigureExport::tr("Cannot export %1: there is no plot to export").arg(outPath));
    if (!(inches.width() > 0.0 && inches.height() > 0.0 && inches.width() <= maxInches && inches.height() <= maxInches))
        return fail(error,
                    FigureExport::tr("Cannot export %1: a figure of %2 × %3 in is out of range (at most %4 in a side)")
                        .arg(outPath)
                        .arg(inches.width(), 0, 'g', 4)
                        .arg(inches.height(), 0, 'g', 4)
                        .arg(maxInches));
    if (format == FigureFormat::Png
        && (dpi < minDpi || dpi > maxDpi || inches.width() * dpi > maxPixels || inches.height() * dpi > maxPixels))
        return fail(error,
                    FigureExport::tr("Cannot export %1: %2 dpi is out of range (%3 to %4, at most %5 pixels a side)")
                        .arg(outPath)
                        .arg(dpi)
                        .arg(minDpi)
                        .arg(maxDpi)
                        .arg(maxPixels));

    const int logicalDpi = figureLayoutDpi();
    *figure = RecordedFigure();
    figure->path = outPath;
    figure->title = QFileInfo(outPath).completeBaseName();
    figure->format = format;
    figure->inches = inches;
    figure->dpi = dpi;
    figure->logical =
        QSize(std::max(1, qRound(inches.width() * logicalDpi)), std::max(1, qRound(inches.height() * logicalDpi)));
    if (!recordPlot(plot, figure))
        return fail(error, writeError(outPath, FigureExport::tr("drawing the figure failed")));
    return true;
}

bool writeFigure(const RecordedFigure& figure, QString* error)
{
    const QString& outPath = figure.path;
    QSaveFile file(outPath); // a failed export leaves nothing behind, nor a half-written file
    if (!file.open(QIODevice::WriteOnly))
        return fail(error, writeError(outPath, file.errorString()));
    bool ok = false;
    switch (figure.format) {
    case FigureFormat::Pdf:
        ok = writePdf(figure, &file);
        break;
    case FigureFormat::Svg:
        ok = writeSvg(figure, &file);
        break;
    case FigureFormat::Png:
        ok = writePng(figure, &file);
        break;
    case FigureFormat::Csv:
        break;
    }
    if (!ok || file.error() != QFileDevice::NoError) {
        const QString reason =
            file.error() != QFileDevice::NoError ? file.errorString() : FigureExport::tr("drawing the figure failed");
        file.cancelWriting();
        return fail(error, writeError(outPath, reason));
    }
    if (!file.commit())
        return fail(error, writeError(outPath, file.errorString()));
    return true;
}

bool renderPlotFigure(QCustomPlot* plot, const QString& outPath, FigureFormat format, QSizeF inches, int dpi,
                      QString* error)
{
    RecordedFigure figure;
    return recordPlotFigure(plot, outPath, format, inches, dpi, &figure, error) && writeFigure(figure, error);
}

bool recordFigure(FigureView& view, const QString& outPath, const FigureExportOptions& options, RecordedFigure* figure,
                  QString* error)
{
    FigureFormat format;
    if (!figureFormatFromPath(outPath, &format) || format == FigureFormat::Csv)
        return fail(error,
                    FigureExport::tr("Cannot export %1: unknown figure format \"%2\" (use .pdf, .svg or .png)")
                        .arg(outPath, QFileInfo(outPath).suffix()));
    if (!view.figurePlot())
        return fail(error,
                    FigureExport::tr("Cannot export %1: the %2 view shows nothing").arg(outPath, view.viewName()));
    const StyleForExport styled(view, options.style);
    return recordPlotFigure(view.figurePlot(), outPath, format, QSizeF(options.widthInches(), options.heightInches()),
                            options.dpi, figure, error);
}

bool exportFigure(FigureView& view, const QString& outPath, const FigureExportOptions& options, QString* error)
{
    RecordedFigure figure;
    return recordFigure(view, outPath, options, &figure, error) && writeFigure(figure, error);
}

bool takeCsv(FigureView& view, const QString& path, QByteArray* bytes, QString* error)
{
    const QString text = view.csv();
    if (text.isEmpty())
        return fail(error, FigureExport::tr("Cannot export %1: the %2 view shows no data").arg(path, view.viewName()));
    *bytes = text.toUtf8();
    return true;
}

bool writeCsv(const QByteArray& bytes, const QString& path, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(error, writeError(path, file.errorString()));
    if (file.write(bytes) != bytes.size()) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return fail(error, writeError(path, reason));
    }
    if (!file.commit())
        return fail(error, writeError(path, file.errorString()));
    return true;
}

bool exportCsv(FigureView& view, const QString& path, QString* error)
{
    QByteArray bytes;
    return takeCsv(view, path, &bytes, error) && writeCsv(bytes, path, error);
}

bool savePlotFigure(QCustomPlot* plot, const QString& outPath, QString* error, int widthPx, int heightPx)
{
    FigureFormat format;
    if (!figureFormatFromPath(outPath, &format) || format == FigureFormat::Csv)
        return fail(error,
                    FigureExport::tr("Cannot export %1: unknown figure format \"%2\" (use .pdf, .svg or .png)")
                        .arg(outPath, QFileInfo(outPath).suffix()));
    constexpr int pngDpi = 96;
    return renderPlotFigure(plot, outPath, format, QSizeF(double(widthPx) / pngDpi, double(heightPx) / pngDpi), pngDpi,
                            error);
}

} // namespace qs
