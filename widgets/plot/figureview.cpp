// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plot/figureview.h"

#include <QImage>

#include <cmath>

namespace qs {

QString csvField(const QString& text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString csvNumber(double value)
{
    if (std::isnan(value))
        return {};
    return QString::number(value, 'g', 10);
}

int figureLayoutDpi()
{
    // A new QImage carries Qt's default DPI, the one QFontMetrics(font) measures at.
    return QImage(1, 1, QImage::Format_RGB32).logicalDpiY();
}

double figurePointsToPixels(double points)
{
    return points * figureLayoutDpi() / 72.0;
}

} // namespace qs
