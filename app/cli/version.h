// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What `quantscope --version` prints and the About box shows: QuantScope's version and those of the
// libraries it runs with. Qt and HDF5 are asked at run time (the shared libraries loaded, which may be
// newer than the headers); libtorch's is the one built against (core/engine/versions.h).

#include <QString>

namespace qs::cli {

struct Versions
{
    QString quantScope; // "0.1.0"
    QString qt;         // "6.4.2"
    QString torch;      // "1.13.0"
    QString hdf5;       // "1.10.8"
};

Versions versions();

// "QuantScope 0.1.0" and a line per library: "Qt 6.4.2", "libtorch 1.13.0", "HDF5 1.10.8".
QString versionText();

} // namespace qs::cli
