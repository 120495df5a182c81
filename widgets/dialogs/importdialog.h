// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Asks what to import as a trajectory of Hugging Face revisions (core/hf/hfrun.h): the folder of revision
// folders, the evaluation data (a text with its tokenizer.json, or token ids), the run and store, and
// optionally the LR schedule. The revisions found are listed as the user types; OK stays disabled
// while the folder holds none, a file is missing or a value is wrong, and the message says which.

#include "core/hf/hfrun.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace qs {

class ImportDialog : public QDialog
{
    Q_OBJECT

public:
    // `storePath`: the store the run goes into (the one shown, or a proposal); `revisions`: a folder to
    // start with (a drop), or empty.
    ImportDialog(const QString& storePath, const QString& revisions, QWidget* parent = nullptr);
    ~ImportDialog() override;

    HfImportOptions options() const;
    QString storePath() const;
    QString runName() const;
    bool isValid() const { return m_error.isEmpty(); }
    QString errorText() const { return m_error; }
    QString previewText() const;

    QLineEdit* revisionsEdit() const { return m_revisions; }
    QLineEdit* dataEdit() const { return m_data; }
    QLineEdit* tokenizerEdit() const { return m_tokenizer; }
    QLineEdit* runEdit() const { return m_run; }
    QLineEdit* storeEdit() const { return m_store; }
    QLineEdit* scheduleEdit() const { return m_schedule; }
    QPushButton* okButton() const;

private:
    void revalidate();
    void browse(QLineEdit* edit, bool folder, const QString& title, const QString& filter = {});
    bool dataIsText() const;

    QLineEdit* m_revisions = nullptr;
    QLineEdit* m_data = nullptr;
    QLineEdit* m_tokenizer = nullptr;
    QWidget* m_tokenizerRow = nullptr;
    QLabel* m_tokenizerLabel = nullptr;
    QLineEdit* m_run = nullptr;
    QLineEdit* m_store = nullptr;
    QLineEdit* m_schedule = nullptr;
    QSpinBox* m_seqLen = nullptr;
    QSpinBox* m_valSequences = nullptr;
    QSpinBox* m_stride = nullptr;      // 0: the block length
    QSpinBox* m_tokenBudget = nullptr; // 0: m_valSequences blocks
    QLineEdit* m_calibration = nullptr;
    QLabel* m_preview = nullptr;
    QLabel* m_errorLabel = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    QString m_error;
    QString m_lastRevisions; // the folder the run name was proposed for
};

} // namespace qs
