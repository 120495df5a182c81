// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a checkpoint folder dropped on the window opens: the results store whose run was trained or
// swept from the checkpoints in it. Stores keep each checkpoint's path relative to the store's own
// folder (store-format.md), so the store is looked for in the dropped folder and the two above it,
// and among the stores opened recently.

#include <QString>
#include <QStringList>

namespace qs {

struct CheckpointFolderMatch
{
    QString store; // absolute path of the store
    QString run;   // the run whose checkpoints lie in the folder
};

// The first store (candidates nearest the folder first, then `recentStores`) with a run that has a
// checkpoint inside `folder`. False with `error` saying what was searched when none has; stores that
// cannot be read are skipped.
// Where new checkpoints of `run` go unless the user says otherwise: checkpoints/<run> next to the store.
QString defaultCheckpointFolder(const QString& storePath, const QString& run);

bool findStoreForCheckpoints(const QString& folder, const QStringList& recentStores, CheckpointFolderMatch* match,
                             QString* error);

} // namespace qs
