// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The export dialog: format (PDF, SVG, PNG or the data as CSV), size (a single or double journal
// column, or custom inches), PNG resolution, paper or screen style and, for paper, the font, line width
// and legend placement. It reads and writes no settings itself: the main window hands in the last
// choices (setChoices, from Settings::exportChoices) and stores what the user picked (choices()).

#include "widgets/plot/figureexport.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QFontComboBox;
class QLabel;
class QSpinBox;

namespace qs {

struct ExportChoices;

class ExportDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ExportDialog(QWidget* parent = nullptr);

    FigureExportOptions options() const;
    void setOptions(const FigureExportOptions& options);
    FigureFormat format() const;
    void setFormat(FigureFormat format);
    // The choices as Settings keeps them (everything but the directory, which stays empty), and back;
    // a value out of the dialog's range is clamped to it.
    ExportChoices choices() const;
    void setChoices(const ExportChoices& choices);
    // For a file dialog: "PDF (*.pdf)" etc. for the chosen format.
    QString fileFilter() const;
    // "3.30 × 2.05 in, 990 × 614 px": what the current choices produce (empty for CSV).
    QString sizeSummary() const;

    QComboBox* formatCombo() const { return m_format; }
    QComboBox* sizeCombo() const { return m_size; }
    QDoubleSpinBox* widthSpin() const { return m_width; }
    QDoubleSpinBox* heightSpin() const { return m_height; }
    QSpinBox* dpiSpin() const { return m_dpi; }
    QComboBox* styleCombo() const { return m_style; }
    QFontComboBox* fontCombo() const { return m_font; }
    QDoubleSpinBox* fontSizeSpin() const { return m_fontSize; }
    QDoubleSpinBox* lineWidthSpin() const { return m_lineWidth; }
    QComboBox* legendCombo() const { return m_legend; }

private:
    void onSizeChanged();
    void updateControls();

    QComboBox* m_format = nullptr;
    QComboBox* m_size = nullptr;
    QDoubleSpinBox* m_width = nullptr;
    QDoubleSpinBox* m_height = nullptr;
    QSpinBox* m_dpi = nullptr;
    QComboBox* m_style = nullptr;
    QFontComboBox* m_font = nullptr;
    QDoubleSpinBox* m_fontSize = nullptr;
    QDoubleSpinBox* m_lineWidth = nullptr;
    QComboBox* m_legend = nullptr;
    QLabel* m_summary = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    double m_customWidth = FigureExportOptions::singleColumnWidth; // kept while a preset is shown
};

} // namespace qs
