// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

namespace qs {

namespace {

// What the platform gave the application before any theme was applied, to go back to for System.
struct SystemLook
{
    QString styleName;
    QPalette palette;
};

const SystemLook& systemLook()
{
    static const SystemLook look {QApplication::style()->name(), QApplication::palette()};
    return look;
}

void setStyleNamed(const QString& name)
{
    if (QApplication::style()->name().compare(name, Qt::CaseInsensitive) == 0)
        return;
    if (QStyle* style = QStyleFactory::create(name))
        QApplication::setStyle(style); // the application takes ownership
}

} // namespace

QPalette lightPalette()
{
    QStyle* fusion = QStyleFactory::create(QStringLiteral("Fusion"));
    const QPalette palette = fusion ? fusion->standardPalette() : QPalette(QColor(239, 239, 239));
    delete fusion;
    return palette;
}

QPalette darkPalette()
{
    const QColor window(53, 53, 53);
    const QColor base(35, 35, 35);
    const QColor text(230, 230, 230);
    const QColor disabledText(127, 127, 127);
    const QColor highlight(42, 130, 218);

    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(45, 45, 45));
    p.setColor(QPalette::ToolTipBase, QColor(25, 25, 25));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(150, 150, 150));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(255, 90, 90));
    p.setColor(QPalette::Light, QColor(80, 80, 80));
    p.setColor(QPalette::Midlight, QColor(66, 66, 66));
    p.setColor(QPalette::Mid, QColor(40, 40, 40));
    p.setColor(QPalette::Dark, QColor(25, 25, 25));
    p.setColor(QPalette::Shadow, QColor(10, 10, 10));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(90, 160, 240));
    p.setColor(QPalette::LinkVisited, QColor(170, 130, 230));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabledText);
    p.setColor(QPalette::Disabled, QPalette::Base, window);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(80, 80, 80));
    p.setColor(QPalette::Disabled, QPalette::HighlightedText, disabledText);
    return p;
}

void applyTheme(Settings::Theme theme)
{
    const SystemLook& system = systemLook(); // captured before the first change
    switch (theme) {
    case Settings::Theme::System:
        setStyleNamed(system.styleName);
        QApplication::setPalette(system.palette);
        break;
    case Settings::Theme::Light:
        setStyleNamed(QStringLiteral("Fusion"));
        QApplication::setPalette(lightPalette());
        break;
    case Settings::Theme::Dark:
        setStyleNamed(QStringLiteral("Fusion"));
        QApplication::setPalette(darkPalette());
        break;
    }
}

} // namespace qs
