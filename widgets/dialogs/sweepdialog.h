// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Asks which run to sweep and with which quantization configs: one CLI-style spec per line
// ("rtn:4:g128:sym"), checked with QuantConfig::parse as the user types. OK stays disabled while a
// line does not parse; the message under the box names the line. The method list under the box
// (every quantizer of core/config/quantmethods.h, with the library it reproduces) adds a line with the
// chosen method's default spec.

#include "core/config/config.h"

#include <QDialog>
#include <QStringList>

#include <vector>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace qs {

class SweepDialog : public QDialog
{
    Q_OBJECT

public:
    // What a block of spec lines means.
    struct Parsed
    {
        std::vector<QuantConfig> configs; // one per valid, new line, in order (FP reference and repeats left out)
        QStringList lineNotes;            // per non-blank line: "3: RTN W4 g128 sym", or why it is not run
        QString error;                    // empty when every line parses and at least one config remains
        int errorLine = -1;               // 1-based line of the first error; -1 for none or not a line's fault
    };
    static Parsed parseSpecs(const QString& text);
    // The specs the dialog starts with.
    static QString defaultSpecs();

    explicit SweepDialog(const QStringList& runs, QWidget* parent = nullptr);
    ~SweepDialog() override;

    QString run() const;
    void setRun(const QString& run);
    QString specText() const;
    void setSpecText(const QString& text);

    // The configs of the current text; empty while it is invalid.
    std::vector<QuantConfig> configs() const;
    bool isValid() const { return m_parsed.error.isEmpty() && m_hasRun; }
    QString errorText() const;
    QString previewText() const;

    QComboBox* runCombo() const { return m_runCombo; }
    QPlainTextEdit* specEdit() const { return m_specEdit; }
    QComboBox* methodCombo() const { return m_methodCombo; }
    // Appends the method chosen in methodCombo() as a line of its default spec.
    void addChosenMethod();
    QPushButton* okButton() const;

private:
    void revalidate();

    bool m_hasRun = false;
    Parsed m_parsed;
    QComboBox* m_runCombo = nullptr;
    QPlainTextEdit* m_specEdit = nullptr;
    QComboBox* m_methodCombo = nullptr;
    QLabel* m_previewLabel = nullptr;
    QLabel* m_errorLabel = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace qs
