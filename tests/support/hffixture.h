// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Hugging Face model folders for tests, written by tests/support/hf_reference.py (an independent Python
// implementation on Debian's python3-torch), and the reference's logits for given token ids.

#include "tests/support/testutils.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTest>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

namespace qs::test {

// Runs tests/support/hf_reference.py with `args`; QFAIL-style message in `error` when it fails.
inline bool runReference(const QStringList& args, QString* error)
{
    const QString python = QStringLiteral(QS_SYSTEM_PYTHON);
    if (!QFileInfo(python).isExecutable()) {
        *error =
            QStringLiteral("no system python3 (QS_SYSTEM_PYTHON); install python3-torch (packaging/install-deps.sh)");
        return false;
    }
    QProcess proc;
    proc.start(python, QStringList {supportDir() + QStringLiteral("/hf_reference.py")} + args);
    if (!proc.waitForFinished(300000) || proc.exitStatus() != QProcess::NormalExit || proc.exitCode() != 0) {
        *error = QStringLiteral("hf_reference.py %1 failed: %2")
                     .arg(args.join(QLatin1Char(' ')), QString::fromUtf8(proc.readAllStandardError()));
        return false;
    }
    return true;
}

// A model folder `out` written by the reference (`make`): architecture `arch`, config overrides as JSON,
// `shards` files of `dtype`, `more` arguments (--format bin, --bin-views, --legacy). Empty with a warning
// when it could not be made.
inline QString makeHfModel(const QString& out, const QString& arch, int seed, const QString& config = {},
                           int shards = 2, const QString& dtype = QStringLiteral("bf16"), const QStringList& more = {})
{
    QStringList args = {QStringLiteral("make"),
                        QStringLiteral("--arch"),
                        arch,
                        QStringLiteral("--out"),
                        out,
                        QStringLiteral("--shards"),
                        QString::number(shards),
                        QStringLiteral("--dtype"),
                        dtype,
                        QStringLiteral("--seed"),
                        QString::number(seed)};
    if (!config.isEmpty())
        args << QStringLiteral("--config") << config;
    args << more;
    QString error;
    if (!runReference(args, &error)) {
        qWarning("%s", qPrintable(error));
        return {};
    }
    return out;
}

// Token ids with some structure (a repeating walk: each id 1 to 3 above the one before, vocabulary 128),
// 4,000 of them, written to `path` as raw uint16 (a token file's raw format); false when it cannot be
// written.
inline bool writeTokenWalk(const QString& path)
{
    std::vector<uint16_t> ids(4000);
    std::mt19937 rng(5);
    uint16_t id = 0;
    for (auto& v : ids) {
        id = uint16_t((id + 1 + rng() % 3) % 128);
        v = id;
    }
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    const qsizetype bytes = qsizetype(ids.size()) * qsizetype(sizeof(uint16_t));
    return f.write(reinterpret_cast<const char*>(ids.data()), bytes) == bytes;
}

// A .npy v1 file of int64 ids [rows, cols].
inline void writeIdsNpy(const QString& path, const std::vector<int64_t>& ids, int64_t rows, int64_t cols)
{
    QByteArray header =
        QStringLiteral("{'descr': '<i8', 'fortran_order': False, 'shape': (%1, %2), }").arg(rows).arg(cols).toLatin1();
    while ((10 + header.size() + 1) % 64 != 0)
        header.append(' ');
    header.append('\n');
    QByteArray bytes("\x93NUMPY\x01\x00", 8);
    const quint16 len = quint16(header.size());
    bytes.append(char(len & 0xff)).append(char(len >> 8)).append(header);
    bytes.append(reinterpret_cast<const char*>(ids.data()), qsizetype(ids.size()) * qsizetype(sizeof(int64_t)));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

// Reads a float32 .npy (v1, C order) as np.save writes it; shape in `shape`.
inline std::vector<float> readFloatNpy(const QString& path, std::vector<int64_t>* shape)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = f.readAll();
    if (!bytes.startsWith("\x93NUMPY"))
        return {};
    const int len = quint8(bytes[8]) | (quint8(bytes[9]) << 8);
    const QByteArray header = bytes.mid(10, len);
    if (!header.contains("'<f4'"))
        return {};
    const int open = header.indexOf('('), close = header.indexOf(')');
    shape->clear();
    for (const QByteArray& dim : header.mid(open + 1, close - open - 1).split(',')) {
        if (!dim.trimmed().isEmpty())
            shape->push_back(dim.trimmed().toLongLong());
    }
    std::vector<float> out(size_t(bytes.size() - 10 - len) / sizeof(float));
    std::memcpy(out.data(), bytes.constData() + 10 + len, out.size() * sizeof(float));
    return out;
}

} // namespace qs::test
