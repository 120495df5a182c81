// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The run browser: the store as a tree (runs → checkpoints → configs) with the key numbers of each
// row, a text filter, and sorting by any column. Selecting a row selects its run, checkpoint and
// config everywhere; a selection made elsewhere selects the matching row here (the config row when
// its checkpoint is expanded, else the checkpoint row). Expansion, the current row and the scroll
// position survive snapshot reloads (live sweeps), found again by run / checkpoint step / config id.

#include <QSet>
#include <QString>
#include <QWidget>

class QLineEdit;
class QModelIndex;
class QTreeView;

namespace qs {

class RunTreeFilterModel;
class RunTreeModel;
class Selection;

class RunBrowserPage : public QWidget
{
    Q_OBJECT

public:
    explicit RunBrowserPage(Selection* selection, QWidget* parent = nullptr);
    ~RunBrowserPage() override;

    Selection* selection() const { return m_selection; }
    RunTreeModel* model() const { return m_model; }
    RunTreeFilterModel* proxy() const { return m_proxy; }
    QTreeView* view() const { return m_view; }
    QLineEdit* filterEdit() const { return m_filterEdit; }

    // Shows only rows whose name, label or config id contains `text` (case-insensitive), with their
    // parents; expands everything while a filter is set and restores the user's expansion after.
    void setFilterText(const QString& text);
    // The current row as an index of model() (invalid when none).
    QModelIndex currentSourceIndex() const;

private:
    void onSnapshotChanged();
    void onCurrentRowChanged(const QModelIndex& current);
    void showSelection();
    void restoreExpansion();
    void setCurrentSourceIndex(const QModelIndex& source);
    void fitColumns();

    Selection* m_selection = nullptr;
    RunTreeModel* m_model = nullptr;
    RunTreeFilterModel* m_proxy = nullptr;
    QTreeView* m_view = nullptr;
    QLineEdit* m_filterEdit = nullptr;

    QSet<QString> m_expanded; // keys (RunTreeModel::keyOf) of the rows the user expanded
    // The selection's (run, checkpoint, config) the current row last showed: a reload that changes
    // none of them leaves the rows alone (a run the user closed stays closed).
    struct Shown
    {
        int run = -1;
        int checkpoint = -1;
        int config = -1;
        bool operator==(const Shown&) const = default;
    };
    Shown selectionShown() const;
    Shown m_shown;
    bool m_applying = false;  // the page is writing the selection
    bool m_restoring = false; // the page moves rows and expansion itself
    bool m_columnsFitted = false;
};

} // namespace qs
