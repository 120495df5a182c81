// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plot/plotpage.h"

#include "widgets/plot/plotstyle.h"

#include "widgets/plot/qcp.h"

#include <QEvent>
#include <QFontMetrics>
#include <QMouseEvent>
#include <QToolTip>

#include <algorithm>

namespace qs {

namespace {

constexpr int replotDelayMs = 40;

// `text` broken into lines at spaces so that no line is wider than `width` where a break allows;
// the line breaks already in `text` stay.
QString wrapText(const QString& text, const QFontMetrics& metrics, int width)
{
    QStringList lines;
    for (const QString& paragraph : text.split(QLatin1Char('\n'))) {
        QString line;
        for (const QString& word : paragraph.split(QLatin1Char(' '))) {
            const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
            if (!line.isEmpty() && metrics.horizontalAdvance(longer) > width) {
                lines << line;
                line = word;
            } else {
                line = longer;
            }
        }
        lines << line;
    }
    return lines.join(QLatin1Char('\n'));
}

// The outer sizes of the legend's items in fill order, their text in `font` next to icons `iconHeight`
// high (itemCount() counts the grid's empty cells too, item() gives nullptr for those).
std::vector<QSize> legendItemSizes(QCPLegend* legend, const QFont& font, int iconHeight)
{
    const QFontMetrics metrics(font);
    std::vector<QSize> sizes;
    for (int i = 0; i < legend->itemCount(); ++i) {
        QCPAbstractLegendItem* item = legend->item(i);
        auto* plottableItem = qobject_cast<QCPPlottableLegendItem*>(item);
        if (!plottableItem) {
            if (item)
                sizes.push_back(item->minimumOuterSizeHint());
            continue;
        }
        // As QCPPlottableLegendItem::minimumOuterSizeHint() measures itself.
        const QRect text =
            metrics.boundingRect(0, 0, 0, iconHeight, Qt::TextDontClip, plottableItem->plottable()->name());
        const QMargins margins = item->margins();
        sizes.push_back(QSize(legend->iconSize().width() + legend->iconTextPadding() + text.width() + margins.left()
                                  + margins.right(),
                              std::max(text.height(), iconHeight) + margins.top() + margins.bottom()));
    }
    return sizes;
}

int legendEntryCount(QCPLegend* legend)
{
    int count = 0;
    for (int i = 0; i < legend->itemCount(); ++i)
        count += legend->item(i) ? 1 : 0;
    return count;
}

// The size of a legend of items `sizes` laid out in `columns` columns, filled row by row.
QSize legendSize(const QCPLegend* legend, const std::vector<QSize>& sizes, int columns)
{
    const size_t rows = (sizes.size() + size_t(columns) - 1) / size_t(columns);
    std::vector<int> widths(size_t(columns), 0);
    std::vector<int> heights(rows, 0);
    for (size_t i = 0; i < sizes.size(); ++i) {
        widths[i % size_t(columns)] = std::max(widths[i % size_t(columns)], sizes[i].width());
        heights[i / size_t(columns)] = std::max(heights[i / size_t(columns)], sizes[i].height());
    }
    QSize total(legend->margins().left() + legend->margins().right() + (columns - 1) * legend->columnSpacing(),
                legend->margins().top() + legend->margins().bottom() + int(rows - 1) * legend->rowSpacing());
    for (const int w : widths)
        total.rwidth() += w;
    for (const int h : heights)
        total.rheight() += h;
    return total;
}

// Text of a figure is laid out with the layout DPI's metrics and drawn scaled (PNG) or as outlines
// (PDF, SVG): unhinted metrics are the ones that scale, so text ends where the layout expects it.
QFont paperFont(const QString& family, double pointSize)
{
    QFont font(family);
    font.setPointSizeF(pointSize);
    font.setHintingPreference(QFont::PreferNoHinting);
    return font;
}

} // namespace

PlotPage::PlotPage(QWidget* parent)
    : QWidget(parent)
{
    m_plot = new QCustomPlot(this);
    m_replotTimer.setSingleShot(true);
    m_replotTimer.setInterval(replotDelayMs);
    connect(&m_replotTimer, &QTimer::timeout, this, &PlotPage::replotNow);
    connect(m_plot, &QCustomPlot::afterLayout, this, &PlotPage::fitLayout);
    connect(m_plot, &QCustomPlot::mouseMove, this, &PlotPage::onMouseMove);
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) { m_pressPos = event->pos(); });
    connect(m_plot, &QCustomPlot::mouseRelease, this, &PlotPage::onMouseRelease);
}

PlotPage::~PlotPage() = default;

void PlotPage::scheduleReplot()
{
    if (!m_replotTimer.isActive())
        m_replotTimer.start();
}

void PlotPage::replotNow()
{
    m_replotTimer.stop();
    m_plot->replot();
}

void PlotPage::applyFigureStyle(const FigureStyle& style)
{
    restyle(style);
    replotNow();
}

void PlotPage::beginExportStyle(const FigureStyle& style)
{
    restyle(style); // QCustomPlot::toPainter() lays out and draws at the figure's size itself
}

void PlotPage::endExportStyle()
{
    restyle(FigureStyle::screen());
    scheduleReplot();
}

void PlotPage::restyle(const FigureStyle& style)
{
    m_style = style;
    placeScreenOnly();
    placeLegend();
    applyColors();
    figureStyleChanged();
}

QPalette PlotPage::stylePalette() const
{
    QPalette colors = palette();
    if (isPaperStyle()) {
        colors.setColor(QPalette::Base, Qt::white);
        colors.setColor(QPalette::Text, Qt::black);
    }
    return colors;
}

PlotPage::Fonts PlotPage::styleFonts() const
{
    Fonts fonts;
    if (isPaperStyle()) {
        // One size throughout: at a column's width every point counts, and the caption is the title.
        fonts.tick = paperFont(m_style.fontFamily, m_style.fontPt);
        fonts.label = fonts.tick;
        fonts.title = fonts.tick;
    } else {
        fonts.tick = font();
        fonts.label = font();
        fonts.label.setPointSizeF(fonts.tick.pointSizeF() + 1.0);
        fonts.title = font();
        fonts.title.setPointSizeF(fonts.tick.pointSizeF() + 2.0);
    }
    fonts.title.setBold(true);
    return fonts;
}

double PlotPage::penWidth(double screenPx, double paperPt) const
{
    return isPaperStyle() ? figurePointsToPixels(paperPt) : screenPx;
}

void PlotPage::styleAxes(QCPAxisRect* rect, const QPalette& palette) const
{
    const QColor foreground = palette.color(QPalette::Text);
    QColor grid = foreground;
    grid.setAlpha(35);
    for (QCPAxis* axis : rect->axes()) {
        styleAxis(axis, foreground);
        axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
        axis->grid()->setZeroLinePen(Qt::NoPen);
    }
}

void PlotPage::setLegendPlaces(QCPLayoutGrid* row, int layoutRow, QCPAxisRect* insideRect, int columns)
{
    m_legendRow = row;
    m_legendLayoutRow = layoutRow;
    m_legendRect = insideRect;
    m_legendColumns = std::max(1, columns);
    QCPLegend* legend = m_plot->legend;
    m_screenLegend = {legend->iconSize(), legend->iconTextPadding(), legend->margins(), legend->columnSpacing(),
                      insideRect->insetLayout()->margins()};
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, false);
    legend->setWrap(m_legendColumns);
    placeLegend();
}

void PlotPage::placeLegend()
{
    if (!m_legendRow)
        return;
    QCPLegend* legend = m_plot->legend;
    QCPLayoutGrid* layout = m_plot->plotLayout();
    const FigureStyle::Legend where = isPaperStyle() ? m_style.legend : FigureStyle::Legend::Below;
    if (legend->layout())
        legend->layout()->take(legend);
    if (where == FigureStyle::Legend::Inside)
        m_legendRect->insetLayout()->addElement(legend, Qt::AlignTop | Qt::AlignRight);
    else
        m_legendRow->addElement(0, 1, legend);
    legend->setVisible(where != FigureStyle::Legend::None);
    if (isPaperStyle()) {
        // Compact: a short line sample as high as the text, little padding.
        const auto points = [](double pt) { return qRound(figurePointsToPixels(pt)); };
        legend->setIconSize(points(11.0), QFontMetrics(paperFont(m_style.fontFamily, m_style.fontPt)).height() + 2);
        legend->setIconTextPadding(points(2.5));
        legend->setMargins(QMargins(points(2.0), points(1.0), points(2.0), points(1.0)));
        legend->setColumnSpacing(points(6.0));
        m_legendRect->insetLayout()->setMargins(QMargins(points(3.0), points(3.0), points(3.0), points(3.0)));
    } else {
        m_legendRect->insetLayout()->setMargins(m_screenLegend.insetMargins);
        legend->setIconSize(m_screenLegend.iconSize);
        legend->setIconTextPadding(m_screenLegend.iconTextPadding);
        legend->setMargins(m_screenLegend.margins);
        legend->setColumnSpacing(m_screenLegend.columnSpacing);
    }

    // The row under the axes takes space even when empty (its margins, the row spacing): it is in
    // the layout only while it shows the legend.
    const bool rowShown = where == FigureStyle::Legend::Below;
    if (rowShown && !m_legendRow->layout()) {
        const int row = std::min(m_legendLayoutRow, layout->rowCount());
        layout->insertRow(row);
        layout->addElement(row, 0, m_legendRow);
        layout->setRowStretchFactor(row, 0.001);
    } else if (!rowShown && m_legendRow->layout()) {
        layout->take(m_legendRow);
        layout->simplify();
    }
}

void PlotPage::setScreenOnly(QCPTextElement* element)
{
    m_screenOnly.emplace_back(element, Cell {});
    placeScreenOnly();
}

void PlotPage::placeScreenOnly()
{
    const bool paper = isPaperStyle();
    // Taken out in order and put back in reverse order, so that rows removed come back where they were.
    const auto take = [](QCPTextElement* element, Cell& cell) {
        auto* grid = qobject_cast<QCPLayoutGrid*>(element->layout());
        if (!grid)
            return;
        for (int r = 0; r < grid->rowCount(); ++r) {
            for (int c = 0; c < grid->columnCount(); ++c) {
                if (grid->hasElement(r, c) && grid->element(r, c) == element)
                    cell = {grid, r, c, false, grid->rowStretchFactors().value(r, 1.0)};
            }
        }
        grid->take(element);
        bool empty = true;
        for (int c = 0; c < grid->columnCount(); ++c)
            empty = empty && !grid->hasElement(cell.row, c);
        if (empty) {
            cell.rowRemoved = true;
            grid->simplify();
        }
    };
    if (paper) {
        for (auto& [element, cell] : m_screenOnly) {
            if (element->layout())
                take(element, cell);
        }
    } else {
        for (auto it = m_screenOnly.rbegin(); it != m_screenOnly.rend(); ++it) {
            auto& [element, cell] = *it;
            if (element->layout() || !cell.grid)
                continue;
            const int row = std::min(cell.row, cell.grid->rowCount());
            if (cell.rowRemoved) {
                cell.grid->insertRow(row);
                cell.grid->setRowStretchFactor(row, cell.rowStretch);
            }
            cell.grid->addElement(row, cell.column, element);
        }
    }
    for (auto& entry : m_screenOnly)
        entry.first->setVisible(!paper);
}

void PlotPage::setWrappedText(QCPTextElement* element, const QString& text)
{
    m_wrapped.insert(element, text);
    element->setText(text); // wrapped at the next layout
}

void PlotPage::setWrappedLabel(QCPAxis* axis, const QString& label)
{
    m_wrappedLabels.insert(axis, label);
    axis->setLabel(label);
}

void PlotPage::fitLayout()
{
    // Laid out again right here, without a second afterLayout, as often as fitting changed sizes.
    for (int pass = 0; pass < 3; ++pass) {
        const bool texts = fitTexts();
        const bool legend = fitLegend();
        if (!texts && !legend)
            break;
        QCPLayoutGrid* layout = m_plot->plotLayout();
        layout->update(QCPLayoutElement::upPreparation);
        layout->update(QCPLayoutElement::upMargins);
        layout->update(QCPLayoutElement::upLayout);
    }
}

bool PlotPage::fitLegend()
{
    QCPLegend* legend = m_plot->legend;
    if (!m_legendRow || !legend->visible() || !legend->layout())
        return false;
    // Below the axes: the page's columns while the width allows, fewer and more rows otherwise, in
    // at most 2/5 of the figure's height. Inside: as many columns as fit the axis rect, in it.
    const bool inside = legend->layout() == m_legendRect->insetLayout();
    const QSize area = inside
        ? m_legendRect->rect().marginsRemoved(m_legendRect->insetLayout()->margins()).size()
        : QSize(m_legendRow->rect().width() - 2 * m_legendRow->columnSpacing(), m_plot->viewport().height() * 2 / 5);
    // A paper legend that does not fit in the style's font size gets smaller text, in half points
    // down to 2 pt less (6 pt at least), before it runs out of its place.
    const bool paper = isPaperStyle();
    QFont font = paper ? paperFont(m_style.fontFamily, m_style.fontPt) : legend->font();
    const double largest = paper ? m_style.fontPt : font.pointSizeF();
    const double smallest = paper ? std::min(largest, std::max(6.0, largest - 2.0)) : largest;
    int columns = 1;
    int iconHeight = legend->iconSize().height();
    for (double pt = largest;; pt -= 0.5) {
        font.setPointSizeF(pt);
        if (paper) // a line of text and a pixel above and below it: QCustomPlot clips items a pixel high
            iconHeight = QFontMetrics(font).height() + 2;
        const std::vector<QSize> sizes = legendItemSizes(legend, font, iconHeight);
        if (sizes.empty())
            return false;
        columns = std::min(inside ? int(sizes.size()) : m_legendColumns, int(sizes.size()));
        while (columns > 1 && legendSize(legend, sizes, columns).width() > area.width())
            --columns;
        const QSize size = legendSize(legend, sizes, columns);
        if ((size.width() <= area.width() && size.height() <= area.height()) || pt - 0.5 < smallest)
            break;
    }
    // All in one row: the page's wrap, as without fitting (an entry added before the next layout
    // joins the row instead of starting a second one).
    if (!inside && columns >= legendEntryCount(legend))
        columns = std::max(columns, m_legendColumns);
    bool changed = false;
    if (paper && (font != legend->font() || iconHeight != legend->iconSize().height())) {
        legend->setFont(font);
        legend->setIconSize(legend->iconSize().width(), iconHeight);
        changed = true;
    }
    if (columns != legend->wrap() || legend->fillOrder() != QCPLayoutGrid::foColumnsFirst) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true); // places the items again
        changed = true;
    }
    return changed;
}

bool PlotPage::fitTexts()
{
    bool changed = false;
    for (auto it = m_wrapped.cbegin(); it != m_wrapped.cend(); ++it) {
        QCPTextElement* element = it.key();
        const auto* grid = qobject_cast<const QCPLayoutGrid*>(element->layout());
        if (!element->visible() || !grid)
            continue;
        // The element's share of its grid's width: its own rect may have grown with a long text.
        const int columns = std::max(1, grid->columnCount());
        const int width = (grid->rect().width() - (columns - 1) * grid->columnSpacing()) / columns
            - element->margins().left() - element->margins().right();
        const QString text = wrapText(it.value(), QFontMetrics(element->font()), std::max(width, 1));
        if (text != element->text()) {
            element->setText(text);
            changed = true;
        }
    }
    for (auto it = m_wrappedLabels.cbegin(); it != m_wrappedLabels.cend(); ++it) {
        QCPAxis* axis = it.key();
        if (!axis->visible())
            continue;
        const int length = axis->orientation() == Qt::Vertical ? axis->axisRect()->height() : axis->axisRect()->width();
        const QString label = wrapText(it.value(), QFontMetrics(axis->labelFont()), std::max(length, 1));
        if (label != axis->label()) {
            axis->setLabel(label);
            changed = true;
        }
    }
    return changed;
}

QString PlotPage::toolTipAt(const QPointF&) const
{
    return {};
}

void PlotPage::clickedAt(const QPointF&)
{
}

void PlotPage::onMouseMove(QMouseEvent* event)
{
    if (event->buttons() != Qt::NoButton) {
        dragging();
        QToolTip::hideText();
        return;
    }
    const QString text = toolTipAt(event->position());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, m_plot);
}

void PlotPage::onMouseRelease(QMouseEvent* event)
{
    if (isClick(m_pressPos, event))
        clickedAt(event->position());
}

void PlotPage::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    switch (event->type()) {
    case QEvent::PaletteChange:
    case QEvent::ApplicationPaletteChange:
    case QEvent::StyleChange:
    case QEvent::FontChange:
        applyColors();
        scheduleReplot();
        break;
    default:
        break;
    }
}

} // namespace qs
