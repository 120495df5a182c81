// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The two message lines under the forms of the import, sweep and soup dialogs: a preview of what OK
// will do and, in red, why OK is disabled. Plain, wrapped, selectable text.

#include <QColor>
#include <QLabel>
#include <QPalette>

namespace qs {

enum class MessageKind
{
    Preview,
    Error,
};

inline QLabel* messageLabel(const QString& objectName, MessageKind kind, QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    if (kind == MessageKind::Error) {
        QPalette palette = label->palette();
        palette.setColor(QPalette::WindowText, QColor(0xC0, 0x1C, 0x28));
        label->setPalette(palette);
    }
    return label;
}

} // namespace qs
