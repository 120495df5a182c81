// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Small trajectories of Hugging Face revisions for the averaging tests (tst_hfaverage, tst_guiaveraging):
// llama revision folders made by hf_reference.py with a seed of their own (so revisions differ) and a
// weight dtype, and import options (raw token ids: writeTokenWalk in hffixture.h) that evaluate them in a few blocks.

#include "tests/support/hffixture.h"

#include "core/hf/hfrun.h"

#include <QString>

namespace qs::test {

// `traj`/step<step>: the revision folder makeHfRevision writes for a trajectory.
inline QString hfRevisionFolder(const QString& traj, int step)
{
    return traj + QStringLiteral("/step%1").arg(step);
}

// A llama revision folder at `out` (two shards) with weights from `seed` in `dtype` (bf16, f16, f32);
// `config`: JSON fields that replace the reference's defaults. False, with a warning, when the
// reference fails.
inline bool makeHfRevision(const QString& out, int seed, const QString& dtype = QStringLiteral("bf16"),
                           const QString& config = {})
{
    QStringList args = {QStringLiteral("make"),
                        QStringLiteral("--arch"),
                        QStringLiteral("llama"),
                        QStringLiteral("--out"),
                        out,
                        QStringLiteral("--seed"),
                        QString::number(seed),
                        QStringLiteral("--dtype"),
                        dtype};
    if (!config.isEmpty())
        args << QStringLiteral("--config") << config;
    QString error;
    if (!runReference(args, &error))
        qWarning("%s", qPrintable(error));
    return error.isEmpty();
}

// Importing `source` (a folder of revisions) evaluated on six blocks of 32 of `tokens`.
inline HfImportOptions smallHfImport(const QString& source, const QString& tokens)
{
    HfImportOptions options;
    options.sources = {source.toStdString()};
    options.data.data = tokens.toStdString();
    options.data.seqLen = 32;
    options.data.valSequences = 6;
    options.data.batchSize = 4;
    return options;
}

} // namespace qs::test
