// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/scaling/scalingfigure.h"

#include "widgets/plot/plotstyle.h"
#include "widgets/plot/qcp.h"

#include <initializer_list>

namespace qs {

ScalingFigure::ScalingFigure(QCustomPlot* plot, const QFont& titleFont, LabelAxis labelAxis)
    : m_plot(plot)
    , m_labelAxis(std::move(labelAxis))
{
    m_title = new QCPTextElement(plot, QString(), titleFont);
    QCPLayoutGrid* layout = plot->plotLayout();
    layout->insertRow(0);
    layout->addElement(0, 0, m_title);

    // Row 1: the axes, the colour scale right of them (contour), the residuals below (measured).
    m_mainRect = plot->axisRect();
    layout->take(m_mainRect);
    m_content = new QCPLayoutGrid;
    layout->addElement(1, 0, m_content);
    m_content->addElement(0, 0, m_mainRect);
    m_content->setColumnSpacing(8);
    m_scale = new QCPColorScale(plot);
    m_scale->setType(QCPAxis::atRight);
    m_scale->setBarWidth(14);
    m_residualRect = new QCPAxisRect(plot);
    m_content->addElement(0, 1, m_scale);
    m_content->addElement(1, 0, m_residualRect);
    auto* vertical = new QCPMarginGroup(plot);
    m_mainRect->setMarginGroup(QCP::msTop | QCP::msBottom, vertical);
    m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, vertical);
    auto* horizontal = new QCPMarginGroup(plot);
    m_mainRect->setMarginGroup(QCP::msLeft | QCP::msRight, horizontal);
    m_residualRect->setMarginGroup(QCP::msLeft | QCP::msRight, horizontal);
    // Out again until a view needs them (an element taken out of a layout still belongs to the plot).
    for (QCPLayoutElement* element : std::initializer_list<QCPLayoutElement*> {m_scale, m_residualRect}) {
        m_content->take(element);
        element->setVisible(false);
    }
    m_content->simplify();
    QObject::connect(m_mainRect->axis(QCPAxis::atBottom), qOverload<const QCPRange&>(&QCPAxis::rangeChanged),
                     m_residualRect,
                     [this](const QCPRange& range) { m_residualRect->axis(QCPAxis::atBottom)->setRange(range); });

    m_legendRow = new QCPLayoutGrid;
    layout->addElement(2, 0, m_legendRow);
    m_legendRow->addElement(0, 0, new QCPLayoutElement(plot));
    m_legendRow->addElement(0, 2, new QCPLayoutElement(plot));
    m_legendRow->setColumnStretchFactors({1.0, 0.001, 1.0});
    layout->setRowStretchFactor(2, 0.001);
    plot->legend->setColumnSpacing(12);

    plot->addLayer(QStringLiteral("marks"), plot->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    QCPLayer* marks = plot->layer(QStringLiteral("marks"));
    m_marker = new QCPGraph(x(), y());
    m_marker->setLineStyle(QCPGraph::lsNone);
    m_marker->setLayer(marks);
    m_xLine = new QCPItemStraightLine(plot);
    m_xLine->setLayer(marks);
    m_xLine->setClipAxisRect(m_mainRect);
    for (QCPItemPosition* p : {m_xLine->point1, m_xLine->point2}) {
        p->setAxes(x(), y());
        p->setAxisRect(m_mainRect);
        p->setTypeY(QCPItemPosition::ptAxisRectRatio);
    }
    m_zeroLine = new QCPItemStraightLine(plot);
    m_zeroLine->setClipAxisRect(m_residualRect);
    for (QCPItemPosition* p : {m_zeroLine->point1, m_zeroLine->point2}) {
        p->setAxes(m_residualRect->axis(QCPAxis::atBottom), m_residualRect->axis(QCPAxis::atLeft));
        p->setAxisRect(m_residualRect);
        p->setTypeX(QCPItemPosition::ptAxisRectRatio);
    }
    m_zeroLine->point1->setCoords(0.0, 0.0);
    m_zeroLine->point2->setCoords(1.0, 0.0);
    m_noteItem = new QCPItemText(plot);
    m_noteItem->setLayer(marks);
    m_noteItem->setClipToAxisRect(false);
    m_noteItem->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_noteItem->position->setAxisRect(m_mainRect);
    m_noteItem->position->setCoords(0.02, 0.03);
    m_noteItem->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_noteItem->setTextAlignment(Qt::AlignLeft);
    m_noteItem->setPadding(QMargins(4, 2, 4, 2));
    m_residualRect->axis(QCPAxis::atLeft)->ticker()->setTickCount(3);
}

QCPAxis* ScalingFigure::x() const
{
    return m_mainRect->axis(QCPAxis::atBottom);
}

QCPAxis* ScalingFigure::y() const
{
    return m_mainRect->axis(QCPAxis::atLeft);
}

void ScalingFigure::arrange(bool colorScale, bool residuals)
{
    if (colorScale != bool(m_scale->layout())) {
        if (colorScale)
            m_content->addElement(0, 1, m_scale);
        else
            m_content->take(m_scale);
        m_scale->setVisible(colorScale);
    }
    if (residuals != bool(m_residualRect->layout())) {
        if (residuals)
            m_content->addElement(1, 0, m_residualRect);
        else
            m_content->take(m_residualRect);
        m_residualRect->setVisible(residuals);
    }
    m_content->simplify();
    if (residuals)
        m_content->setRowStretchFactors({1.0, 0.4});
    x()->grid()->setVisible(!colorScale);
    y()->grid()->setVisible(!colorScale);
    setAxisLabel(x(), QString());
    setAxisLabel(y(), QString());
}

void ScalingFigure::clear()
{
    m_marker->data()->clear();
    m_marker->setVisible(false);
    m_marker->removeFromLegend();
    m_xLine->setVisible(false);
    m_zeroLine->setVisible(false);
    m_noteItem->setVisible(false);
}

void ScalingFigure::setNote(const QString& text)
{
    m_noteText = text;
    // QCPItemText does not wrap: break the note at spaces every ~90 characters.
    QString wrapped;
    int lineLength = 0;
    for (const QString& word : text.split(QLatin1Char(' '))) {
        if (lineLength > 0 && lineLength + word.size() > 90) {
            wrapped += QLatin1Char('\n');
            lineLength = 0;
        } else if (lineLength > 0) {
            wrapped += QLatin1Char(' ');
            ++lineLength;
        }
        wrapped += word;
        lineLength += int(word.size());
    }
    m_noteItem->setText(wrapped);
    m_noteItem->setVisible(!text.isEmpty());
}

void ScalingFigure::applyColors(const ScalingLook& look, bool grid)
{
    styleAxis(m_scale->axis(), look.foreground);
    m_title->setTextColor(look.foreground);
    m_title->setFont(look.titleFont);
    QList<QCPAxis*> axes = m_mainRect->axes();
    axes << m_residualRect->axes() << m_scale->axis();
    for (QCPAxis* axis : axes) {
        axis->setTickLabelFont(look.tickFont);
        axis->setLabelFont(look.labelFont);
    }
    x()->grid()->setVisible(grid);
    y()->grid()->setVisible(grid);
    m_scale->setBarWidth(qRound(look.colorBarWidth));
    m_marker->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(look.foreground, look.outlineWidth),
                                              QBrush(look.background), look.inputMarkerSize));
    QColor faint = look.foreground;
    faint.setAlpha(110);
    m_xLine->setPen(QPen(faint, 1.0, Qt::DashLine));
    m_zeroLine->setPen(QPen(faint, 1.0));
    m_noteItem->setFont(look.tickFont);
    m_noteItem->setColor(look.foreground);
    QColor patch = look.background;
    patch.setAlpha(220);
    m_noteItem->setBrush(patch);
}

} // namespace qs
