// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Asks which checkpoints of a run to average into a model soup (core/engine/averaging.h, soupRun): one
// row per checkpoint (step, tokens, LR) with a check box and a weight, the new run's name (proposed
// from the run and the checked steps until the user types one; checked with the store's own
// checkRunName), and for runs of Hugging Face revisions the folder the averaged revision folder goes
// into (by default where `quantscope average` writes it: checkpoints/<name> next to the store). OK
// stays disabled while fewer than two checkpoints are checked, a weight is not above 0 or the name is
// refused, and the message says which.

#include "core/config/averagingspec.h"
#include "core/store/store.h"

#include <QDialog>
#include <QStringList>

#include <vector>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace qs {

struct RunSnapshot;

class SoupDialog : public QDialog
{
    Q_OBJECT

public:
    enum Column
    {
        StepColumn, // with the check box
        TokensColumn,
        LrColumn,
        WeightColumn,
    };

    // `run`: the run whose checkpoints are offered; `storePath`: its store; `existingRuns`: the store's
    // runs, whose names the soup may not take. The last two checkpoints a soup can take start checked.
    SoupDialog(const QString& storePath, const RunSnapshot& run, const QStringList& existingRuns,
               QWidget* parent = nullptr);
    ~SoupDialog() override;

    // The name proposed for a soup of `steps` of `run`: "<run>.soup-<s1>-<s2>…", with more than four
    // steps "<run>.soup<n>-<first>-to-<last>".
    static QString defaultName(const QString& run, const std::vector<int64_t>& steps);

    bool isHfRun() const { return m_hf; }
    int rowCount() const;
    // False for a checkpoint soupRun cannot name: a step two checkpoints of the run share (the stages
    // of a multi-stage trajectory count their steps from 0 again).
    bool isSelectable(int row) const;
    bool isChecked(int row) const;
    void setChecked(int row, bool checked);
    double weight(int row) const;
    void setWeight(int row, double weight);

    QString runName() const;
    // As if typed: the name no longer follows the checked steps.
    void setRunName(const QString& name);
    // Where the averaged checkpoint goes: the folder field (Hugging Face runs) or checkpoints/<name>
    // next to the store.
    QString outputFolder() const;
    // The checked rows in the run's order, with their weights.
    std::vector<SoupIngredient> ingredients() const;

    bool isValid() const { return m_error.isEmpty(); }
    QString errorText() const { return m_error; }
    QString previewText() const;

    QTableWidget* table() const { return m_table; }
    QLineEdit* nameEdit() const { return m_name; }
    QLineEdit* folderEdit() const { return m_folder; }
    QPushButton* okButton() const;

private:
    void checkedChanged();
    void revalidate();
    QString proposedName() const;
    QString defaultFolder() const;
    void browseFolder();

    QString m_storePath;
    QString m_run;
    bool m_hf = false;
    QStringList m_existingRuns;
    std::vector<CheckpointRow> m_rows;
    bool m_nameFollows = true;   // the name is the proposal until the user types one
    bool m_folderFollows = true; // the folder is the default for the name until the user chooses one
    QTableWidget* m_table = nullptr;
    QLineEdit* m_name = nullptr;
    QLineEdit* m_folder = nullptr;
    QWidget* m_folderRow = nullptr;
    QLabel* m_folderLabel = nullptr;
    QLabel* m_preview = nullptr;
    QLabel* m_errorLabel = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    QString m_error;
};

} // namespace qs
