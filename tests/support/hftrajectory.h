#pragma once

// Small trajectories of Hugging Face revisions for the averaging tests (tst_hfaverage, tst_guiaveraging):
// llama revision folders made by hf_reference.py with a seed of their own (so revisions differ) and a
// weight dtype, raw token ids, and import options that evaluate them in a few blocks.

#include "tests/support/hffixture.h"

#include "core/data/hfrun.h"

#include <QFile>
#include <QString>

#include <cstdint>
#include <random>
#include <vector>

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

// `count` raw uint16 token ids below 128 (a walk with random strides) written to `path`; the path, or an
// empty string when it cannot be written.
inline QString writeHfTokenIds(const QString& path, int count = 4000)
{
    std::vector<uint16_t> ids(static_cast<size_t>(count));
    std::mt19937 rng(5);
    uint16_t id = 0;
    for (auto& v : ids) {
        id = uint16_t((id + 1 + rng() % 3) % 128);
        v = id;
    }
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(reinterpret_cast<const char*>(ids.data()), qsizetype(ids.size() * sizeof(uint16_t)));
    return path;
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
