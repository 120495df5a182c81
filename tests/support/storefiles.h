// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What every store test class starts from: fresh store paths in one temporary folder, and the sample
// store (storesample.h) written at one of them.

#include "core/store/store.h"
#include "tests/support/storesample.h"

#include <QString>
#include <QTemporaryDir>

namespace qs::test {

class StoreFiles
{
public:
    bool isValid() const { return m_dir.isValid(); }
    QString filePath(const QString& name) const { return m_dir.filePath(name); }
    // A path in the folder that no store has been written to yet.
    QString freshPath() { return filePath(QStringLiteral("store%1.h5").arg(++m_counter)); }
    // A new store at a fresh path holding the sample (writeSample).
    QString sampleStore()
    {
        const QString path = freshPath();
        Store store = Store::create(path.toStdString());
        writeSample(store);
        return path;
    }

private:
    QTemporaryDir m_dir;
    int m_counter = 0;
};

} // namespace qs::test
