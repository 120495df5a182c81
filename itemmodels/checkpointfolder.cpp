// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/checkpointfolder.h"

#include "core/common/errors.h"
#include "core/store/store.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace qs {

namespace {

class CheckpointFolder
{
    Q_DECLARE_TR_FUNCTIONS(CheckpointFolder)
};

// Stores next to the folder: in it, in its parent and in its grandparent (checkpoints/<run>/ under
// the demo's and the trainer's output folder), then the recent ones, each once.
QStringList candidateStores(const QDir& folder, const QStringList& recentStores)
{
    QStringList stores;
    QDir dir = folder;
    for (int level = 0; level < 3; ++level) {
        for (const QFileInfo& file :
             dir.entryInfoList({QStringLiteral("*.h5"), QStringLiteral("*.hdf5")}, QDir::Files, QDir::Name))
            stores << file.absoluteFilePath();
        if (!dir.cdUp())
            break;
    }
    for (const QString& recent : recentStores) {
        const QString path = QFileInfo(recent).absoluteFilePath();
        if (!stores.contains(path) && QFileInfo::exists(path))
            stores << path;
    }
    return stores;
}

bool isInside(const QString& path, const QString& folder)
{
    return path.startsWith(folder + QLatin1Char('/'));
}

} // namespace

QString defaultCheckpointFolder(const QString& storePath, const QString& run)
{
    return QFileInfo(storePath).absoluteDir().filePath(QStringLiteral("checkpoints/") + run);
}

bool findStoreForCheckpoints(const QString& folder, const QStringList& recentStores, CheckpointFolderMatch* match,
                             QString* error)
{
    const QString root = QFileInfo(folder).canonicalFilePath();
    if (root.isEmpty() || !QFileInfo(root).isDir()) {
        *error = CheckpointFolder::tr("%1 is not a folder").arg(folder);
        return false;
    }
    const QStringList stores = candidateStores(QDir(root), recentStores);
    for (const QString& storePath : stores) {
        try {
            const Store store = Store::open(storePath.toStdString());
            const QDir base = QFileInfo(storePath).absoluteDir();
            for (const std::string& run : store.runs()) {
                for (const CheckpointRow& row : store.checkpoints(run)) {
                    const QString path = QFileInfo(base.filePath(QString::fromStdString(row.path))).absoluteFilePath();
                    const QString canonical = QFileInfo(path).canonicalFilePath();
                    if (isInside(canonical.isEmpty() ? QDir::cleanPath(path) : canonical, root)) {
                        *match = {storePath, QString::fromStdString(run)};
                        return true;
                    }
                }
            }
        } catch (const Error&) {
            continue; // not a store, or one being written: the next candidate
        }
    }
    *error =
        CheckpointFolder::tr("No results store uses the checkpoints in %1 (looked at %n store(s) in it, next to "
                             "it and among the recent ones). Sweep them into a store first: quantscope sweep --store "
                             "S --run R",
                             nullptr, int(stores.size()))
            .arg(root);
    return false;
}

} // namespace qs
