// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// qs_rendericon: renders the application's SVG icon as square PNGs for the hicolor icon theme. A build
// tool, not installed: cmake/Packaging.cmake runs it for each size.
//
//   qs_rendericon ICON.svg SIZE OUT.png

#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments().mid(1);
    bool sizeOk = false;
    const int size = args.value(1).toInt(&sizeOk);
    if (args.size() != 3 || !sizeOk || size < 8 || size > 1024) {
        std::fprintf(stderr, "usage: qs_rendericon ICON.svg SIZE OUT.png (SIZE 8 to 1024)\n");
        return 2;
    }
    QSvgRenderer svg(args.at(0));
    if (!svg.isValid()) {
        std::fprintf(stderr, "qs_rendericon: %s is not a readable SVG file\n", qPrintable(args.at(0)));
        return 1;
    }
    QImage image(size, size, QImage::Format_ARGB32);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    svg.render(&painter, QRectF(0, 0, size, size));
    painter.end();
    if (!image.save(args.at(2), "PNG")) {
        std::fprintf(stderr, "qs_rendericon: cannot write %s\n", qPrintable(args.at(2)));
        return 1;
    }
    return 0;
}
