// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/dialogs/exportdialog.h"

#include "itemmodels/figurewords.h"
#include "itemmodels/settings.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFontComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace qs {

namespace {

constexpr double minInches = 0.5;
constexpr double maxInches = 50.0;

void selectData(QComboBox* combo, int value)
{
    const int index = combo->findData(value);
    if (index >= 0)
        combo->setCurrentIndex(index);
}

QDoubleSpinBox* inchSpin(QWidget* parent, double minimum)
{
    auto* spin = new QDoubleSpinBox(parent);
    spin->setRange(minimum, maxInches);
    spin->setDecimals(2);
    spin->setSingleStep(0.1);
    spin->setSuffix(ExportDialog::tr(" in"));
    return spin;
}

} // namespace

ExportDialog::ExportDialog(QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Export Figure"));

    m_format = new QComboBox(this);
    m_format->setObjectName(QStringLiteral("formatCombo"));
    m_format->addItem(tr("PDF (vector)"), int(FigureFormat::Pdf));
    m_format->addItem(tr("SVG (vector)"), int(FigureFormat::Svg));
    m_format->addItem(tr("PNG (raster)"), int(FigureFormat::Png));
    m_format->addItem(tr("CSV (the data behind the plot)"), int(FigureFormat::Csv));

    m_size = new QComboBox(this);
    m_size->setObjectName(QStringLiteral("sizeCombo"));
    m_size->addItem(tr("single column (%1 in wide)").arg(FigureExportOptions::singleColumnWidth),
                    int(FigureExportOptions::Size::SingleColumn));
    m_size->addItem(tr("double column (%1 in wide)").arg(FigureExportOptions::doubleColumnWidth),
                    int(FigureExportOptions::Size::DoubleColumn));
    m_size->addItem(tr("custom"), int(FigureExportOptions::Size::Custom));

    m_width = inchSpin(this, minInches);
    m_width->setObjectName(QStringLiteral("widthSpin"));
    m_width->setValue(FigureExportOptions::singleColumnWidth);
    m_height = inchSpin(this, 0.0);
    m_height->setObjectName(QStringLiteral("heightSpin"));
    // At the minimum the spin box shows this text and the height follows the width.
    m_height->setSpecialValueText(tr("auto (%1 × width)").arg(FigureExportOptions::defaultAspect));
    m_height->setValue(0.0);

    m_dpi = new QSpinBox(this);
    m_dpi->setObjectName(QStringLiteral("dpiSpin"));
    m_dpi->setRange(30, 2400);
    m_dpi->setSingleStep(50);
    m_dpi->setSuffix(tr(" dpi"));
    m_dpi->setValue(300);

    m_style = new QComboBox(this);
    m_style->setObjectName(QStringLiteral("styleCombo"));
    m_style->addItem(tr("paper: black on white, the font and lines below"), int(FigureStyle::Kind::Paper));
    m_style->addItem(tr("screen: as shown"), int(FigureStyle::Kind::Screen));

    const FigureStyle paper = FigureStyle::paper();
    m_font = new QFontComboBox(this);
    m_font->setObjectName(QStringLiteral("fontCombo"));
    m_font->setCurrentFont(QFont(paper.fontFamily));
    m_fontSize = new QDoubleSpinBox(this);
    m_fontSize->setObjectName(QStringLiteral("fontSizeSpin"));
    m_fontSize->setRange(4.0, 36.0);
    m_fontSize->setDecimals(1);
    m_fontSize->setSingleStep(0.5);
    m_fontSize->setSuffix(tr(" pt"));
    m_fontSize->setValue(paper.fontPt);
    m_lineWidth = new QDoubleSpinBox(this);
    m_lineWidth->setObjectName(QStringLiteral("lineWidthSpin"));
    m_lineWidth->setRange(0.1, 6.0);
    m_lineWidth->setDecimals(2);
    m_lineWidth->setSingleStep(0.1);
    m_lineWidth->setSuffix(tr(" pt"));
    m_lineWidth->setValue(paper.lineWidth);
    m_legend = new QComboBox(this);
    m_legend->setObjectName(QStringLiteral("legendCombo"));
    m_legend->addItem(tr("below the plot"), int(FigureStyle::Legend::Below));
    m_legend->addItem(tr("inside, top right"), int(FigureStyle::Legend::Inside));
    m_legend->addItem(tr("none"), int(FigureStyle::Legend::None));

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("sizeSummary"));
    m_summary->setEnabled(false);

    auto* output = new QGroupBox(tr("Output"), this);
    auto* outputForm = new QFormLayout(output);
    outputForm->addRow(tr("&Format:"), m_format);
    outputForm->addRow(tr("&Size:"), m_size);
    outputForm->addRow(tr("&Width:"), m_width);
    outputForm->addRow(tr("&Height:"), m_height);
    outputForm->addRow(tr("&Resolution:"), m_dpi);
    outputForm->addRow(QString(), m_summary);

    auto* look = new QGroupBox(tr("Style"), this);
    auto* lookForm = new QFormLayout(look);
    lookForm->addRow(tr("S&tyle:"), m_style);
    lookForm->addRow(tr("F&ont:"), m_font);
    lookForm->addRow(tr("Font si&ze:"), m_fontSize);
    lookForm->addRow(tr("&Line width:"), m_lineWidth);
    lookForm->addRow(tr("L&egend:"), m_legend);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Export…"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(output);
    layout->addWidget(look);
    layout->addWidget(m_buttons);

    m_format->setToolTip(tr("Vector formats keep text as text and scale without loss; CSV saves the numbers "
                            "the plot shows"));
    m_size->setToolTip(tr("Journal column widths; the figure is made at this physical size, so fonts keep "
                          "their point size when it is placed at 100 %"));
    m_height->setToolTip(tr("Leave at \"auto\" for %1 × the width").arg(FigureExportOptions::defaultAspect));
    m_dpi->setToolTip(tr("Pixels per inch of the PNG (300 for print)"));
    m_style->setToolTip(tr("Paper: black on white with the font, line width and legend chosen here. "
                           "Screen: the plot as the page shows it, at the size chosen above"));

    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::updateControls);
    connect(m_size, &QComboBox::currentIndexChanged, this, &ExportDialog::onSizeChanged);
    connect(m_style, &QComboBox::currentIndexChanged, this, &ExportDialog::updateControls);
    connect(m_width, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        if (m_size->currentData().toInt() == int(FigureExportOptions::Size::Custom))
            m_customWidth = value;
        updateControls();
    });
    connect(m_height, &QDoubleSpinBox::valueChanged, this, &ExportDialog::updateControls);
    connect(m_dpi, &QSpinBox::valueChanged, this, &ExportDialog::updateControls);
    updateControls();
}

FigureExportOptions ExportDialog::options() const
{
    FigureExportOptions options;
    options.size = FigureExportOptions::Size(m_size->currentData().toInt());
    options.customWidth = m_customWidth;
    options.height = m_height->value() > m_height->minimum() ? m_height->value() : 0.0;
    options.dpi = m_dpi->value();
    options.style.kind = FigureStyle::Kind(m_style->currentData().toInt());
    options.style.fontFamily = m_font->currentFont().family();
    options.style.fontPt = m_fontSize->value();
    options.style.lineWidth = m_lineWidth->value();
    options.style.legend = FigureStyle::Legend(m_legend->currentData().toInt());
    return options;
}

void ExportDialog::setOptions(const FigureExportOptions& options)
{
    m_customWidth = std::clamp(options.customWidth, minInches, maxInches);
    selectData(m_size, int(options.size));
    onSizeChanged(); // the width shown for the preset (or the custom one) even if the preset did not change
    m_height->setValue(options.height > 0.0 ? options.height : 0.0);
    m_dpi->setValue(options.dpi);
    selectData(m_style, int(options.style.kind));
    m_font->setCurrentFont(QFont(options.style.fontFamily));
    m_fontSize->setValue(options.style.fontPt);
    m_lineWidth->setValue(options.style.lineWidth);
    selectData(m_legend, int(options.style.legend));
    updateControls();
}

ExportChoices ExportDialog::choices() const
{
    const FigureExportOptions o = options();
    ExportChoices c;
    c.format = figureWord(format());
    c.size = figureWord(o.size);
    c.customWidth = o.customWidth;
    c.height = o.height;
    c.dpi = o.dpi;
    c.style = figureWord(o.style.kind);
    c.fontFamily = o.style.fontFamily;
    c.fontPt = o.style.fontPt;
    c.lineWidth = o.style.lineWidth;
    c.legend = figureWord(o.style.legend);
    return c;
}

void ExportDialog::setChoices(const ExportChoices& choices)
{
    const FigureStyle paper = FigureStyle::paper();
    FigureExportOptions o;
    o.size = figureWordValue<FigureSize>(choices.size).value_or(o.size);
    o.customWidth = choices.customWidth;
    o.height = choices.height;
    o.dpi = choices.dpi;
    o.style.kind = figureWordValue<FigureKind>(choices.style).value_or(paper.kind);
    o.style.fontFamily = choices.fontFamily.isEmpty() ? paper.fontFamily : choices.fontFamily;
    o.style.fontPt = choices.fontPt > 0.0 ? choices.fontPt : paper.fontPt;
    o.style.lineWidth = choices.lineWidth > 0.0 ? choices.lineWidth : paper.lineWidth;
    o.style.legend = figureWordValue<FigureLegend>(choices.legend).value_or(paper.legend);
    setOptions(o);
    setFormat(figureWordValue<FigureFormat>(choices.format).value_or(FigureFormat::Pdf));
}

FigureFormat ExportDialog::format() const
{
    return FigureFormat(m_format->currentData().toInt());
}

void ExportDialog::setFormat(FigureFormat format)
{
    selectData(m_format, int(format));
}

QString ExportDialog::fileFilter() const
{
    switch (format()) {
    case FigureFormat::Pdf:
        return tr("PDF (*.pdf)");
    case FigureFormat::Svg:
        return tr("SVG (*.svg)");
    case FigureFormat::Png:
        return tr("PNG (*.png)");
    case FigureFormat::Csv:
        break;
    }
    return tr("CSV (*.csv)");
}

QString ExportDialog::sizeSummary() const
{
    if (format() == FigureFormat::Csv)
        return {};
    const FigureExportOptions o = options();
    const double w = o.widthInches();
    const double h = o.heightInches();
    QString text = tr("%1 × %2 in (%3 × %4 mm)")
                       .arg(w, 0, 'f', 2)
                       .arg(h, 0, 'f', 2)
                       .arg(w * 25.4, 0, 'f', 1)
                       .arg(h * 25.4, 0, 'f', 1);
    if (format() == FigureFormat::Png)
        text += tr(", %1 × %2 px").arg(std::lround(w * o.dpi)).arg(std::lround(h * o.dpi));
    return text;
}

void ExportDialog::onSizeChanged()
{
    const auto size = FigureExportOptions::Size(m_size->currentData().toInt());
    const QSignalBlocker blocker(m_width);
    switch (size) {
    case FigureExportOptions::Size::SingleColumn:
        m_width->setValue(FigureExportOptions::singleColumnWidth);
        break;
    case FigureExportOptions::Size::DoubleColumn:
        m_width->setValue(FigureExportOptions::doubleColumnWidth);
        break;
    case FigureExportOptions::Size::Custom:
        m_width->setValue(m_customWidth);
        break;
    }
    updateControls();
}

void ExportDialog::updateControls()
{
    const bool figure = format() != FigureFormat::Csv;
    const bool paper = FigureStyle::Kind(m_style->currentData().toInt()) == FigureStyle::Kind::Paper;
    const bool custom = FigureExportOptions::Size(m_size->currentData().toInt()) == FigureExportOptions::Size::Custom;
    m_size->setEnabled(figure);
    m_width->setEnabled(figure && custom);
    m_height->setEnabled(figure);
    m_dpi->setEnabled(format() == FigureFormat::Png);
    m_style->setEnabled(figure);
    for (QWidget* w : std::initializer_list<QWidget*> {m_font, m_fontSize, m_lineWidth, m_legend})
        w->setEnabled(figure && paper);
    m_summary->setText(sizeSummary());
}

} // namespace qs
