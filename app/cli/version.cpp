// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/version.h"

#include "core/engine/versions.h"
#include "core/store/store.h"

#include <QtGlobal>

namespace qs::cli {

Versions versions()
{
    return {
        .quantScope = QStringLiteral(QS_VERSION),
        .qt = QString::fromLatin1(qVersion()),
        .torch = QString::fromStdString(torchVersion()),
        .hdf5 = QString::fromStdString(hdf5Version()),
    };
}

QString versionText()
{
    const Versions v = versions();
    return QStringLiteral("QuantScope %1\nQt %2\nlibtorch %3\nHDF5 %4").arg(v.quantScope, v.qt, v.torch, v.hdf5);
}

} // namespace qs::cli
