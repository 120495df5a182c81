// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Pre-tokenized token files (core/formats/tokenfile.h): .npy files whose header bytes are laid out here by
// hand, raw uint16 / uint32 files, every malformed case, and one file that NumPy itself writes.

#include "tests/support/testutils.h"

#include "core/common/errors.h"
#include "core/formats/tokenfile.h"

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStringList>

#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

using namespace qs;

namespace {

// `values` as little-endian integers of `width` bytes (two's complement for negatives).
QByteArray littleEndian(std::initializer_list<int64_t> values, int width)
{
    QByteArray out;
    for (int64_t v : values) {
        for (int i = 0; i < width; ++i)
            out += char((uint64_t(v) >> (8 * i)) & 0xff);
    }
    return out;
}

// A .npy file as NumPy lays it out: magic, version, header length (2 bytes in 1.0, 4 in 2.0 and
// 3.0), the dict padded with spaces and ended by '\n' so that the data starts at a multiple of 64.
QByteArray npy(const QByteArray& descr, const QByteArray& shape, const QByteArray& data, int major = 1,
               const QByteArray& fortran = "False")
{
    QByteArray dict = "{'descr': '" + descr + "', 'fortran_order': " + fortran + ", 'shape': " + shape + ", }";
    const int prefix = major == 1 ? 10 : 12;
    const int unpadded = prefix + int(dict.size()) + 1;
    dict += QByteArray((64 - unpadded % 64) % 64, ' ') + '\n';
    QByteArray out("\x93NUMPY", 6);
    out += char(major);
    out += char(0);
    out += littleEndian({dict.size()}, major == 1 ? 2 : 4);
    return out + dict + data;
}

QString joined(const std::vector<int32_t>& ids)
{
    QStringList out;
    for (int32_t id : ids)
        out << QString::number(id);
    return out.join(QLatin1Char(' '));
}

template<typename E, typename Fn>
QString errorOf(Fn fn)
{
    return qs::test::errorOfType<E>(std::move(fn));
}

enum Reader
{
    Npy,
    Raw16,
    Raw32,
    Sniff16, // readTokenFile with uint16 for headerless files
};

std::vector<int32_t> readWith(int reader, const QString& path, int64_t vocabSize)
{
    const std::string p = path.toStdString();
    switch (reader) {
    case Npy:
        return readNpyTokens(p, vocabSize);
    case Raw16:
        return readRawTokens(p, RawTokenType::U16, vocabSize);
    case Raw32:
        return readRawTokens(p, RawTokenType::U32, vocabSize);
    default:
        return readTokenFile(p, RawTokenType::U16, vocabSize);
    }
}

} // namespace

class TstTokenFile : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString write(const QString& name, const QByteArray& content)
    {
        return qs::test::writeFile(m_dir.filePath(name), content);
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void read_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<int>("reader");
        QTest::addColumn<QString>("expected");
        // Vocabulary size 70000 throughout.
        QTest::addRow("|u1") << npy("|u1", "(4,)", littleEndian({0, 1, 200, 7}, 1)) << int(Npy)
                             << QStringLiteral("0 1 200 7");
        QTest::addRow("|i1") << npy("|i1", "(3,)", littleEndian({0, 1, 127}, 1)) << int(Npy)
                             << QStringLiteral("0 1 127");
        QTest::addRow("<u2") << npy("<u2", "(4,)", littleEndian({0, 50256, 7, 65535}, 2)) << int(Npy)
                             << QStringLiteral("0 50256 7 65535");
        QTest::addRow("<i2") << npy("<i2", "(3,)", littleEndian({0, 32767, 5}, 2)) << int(Npy)
                             << QStringLiteral("0 32767 5");
        QTest::addRow("<u4") << npy("<u4", "(4,)", littleEndian({0, 69999, 3, 1}, 4)) << int(Npy)
                             << QStringLiteral("0 69999 3 1");
        // Two dimensions, C order: row after row.
        QTest::addRow("<i4 2x2") << npy("<i4", "(2, 2)", littleEndian({5, 0, 69999, 1}, 4)) << int(Npy)
                                 << QStringLiteral("5 0 69999 1");
        QTest::addRow("<i8 2x3") << npy("<i8", "(2, 3)", littleEndian({1, 2, 3, 4, 5, 66000}, 8)) << int(Npy)
                                 << QStringLiteral("1 2 3 4 5 66000");
        QTest::addRow("<u8") << npy("<u8", "(2,)", littleEndian({9, 8}, 8)) << int(Npy) << QStringLiteral("9 8");
        QTest::addRow("version 2.0") << npy("<u2", "(2,)", littleEndian({3, 4}, 2), 2) << int(Npy)
                                     << QStringLiteral("3 4");
        QTest::addRow("version 3.0") << npy("<u2", "(2,)", littleEndian({3, 4}, 2), 3) << int(Npy)
                                     << QStringLiteral("3 4");
        QTest::addRow("scalar") << npy("<u2", "()", littleEndian({42}, 2)) << int(Npy) << QStringLiteral("42");
        QTest::addRow("empty") << npy("<u2", "(0,)", QByteArray()) << int(Npy) << QString();
        QTest::addRow("Fortran order, 1-D")
            << npy("<u2", "(2,)", littleEndian({3, 4}, 2), 1, "True") << int(Npy) << QStringLiteral("3 4");
        QTest::addRow("raw uint16") << littleEndian({0, 50256, 65535}, 2) << int(Raw16)
                                    << QStringLiteral("0 50256 65535");
        QTest::addRow("raw uint32") << littleEndian({0, 69999, 100}, 4) << int(Raw32) << QStringLiteral("0 69999 100");
        QTest::addRow("raw empty") << QByteArray() << int(Raw32) << QString();
        QTest::addRow("sniffed .npy") << npy("<u4", "(2,)", littleEndian({66000, 1}, 4)) << int(Sniff16)
                                      << QStringLiteral("66000 1");
        QTest::addRow("sniffed raw") << littleEndian({66, 1}, 2) << int(Sniff16) << QStringLiteral("66 1");
    }

    void read()
    {
        QFETCH(QByteArray, file);
        QFETCH(int, reader);
        QFETCH(QString, expected);
        const QString path = write(QStringLiteral("tokens.npy"), file);
        QCOMPARE(joined(readWith(reader, path, 70000)), expected);
    }

    void errors_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<int>("reader");
        QTest::addColumn<qint64>("vocabSize");
        QTest::addColumn<QString>("expected");
        QTest::addRow("odd byte count, uint16")
            << QByteArray(5, '\1') << int(Raw16) << qint64(50257)
            << QStringLiteral("its 5 bytes are not a whole number of uint16 tokens");
        QTest::addRow("6 bytes of uint32") << QByteArray(6, '\1') << int(Raw32) << qint64(50257)
                                           << QStringLiteral("its 6 bytes are not a whole number of uint32 tokens");
        QTest::addRow("negative id") << npy("<i4", "(3,)", littleEndian({3, 4, -1}, 4)) << int(Npy) << qint64(50257)
                                     << QStringLiteral("the token at position 2 is -1, a negative id");
        QTest::addRow("negative int64") << npy("<i8", "(1,)", littleEndian({-5}, 8)) << int(Npy) << qint64(50257)
                                        << QStringLiteral("position 0 is -5");
        QTest::addRow("id = vocabulary size")
            << npy("<u2", "(2,)", littleEndian({1, 50257}, 2)) << int(Npy) << qint64(50257)
            << QStringLiteral("the token at position 1 is 50257, not below the vocabulary size 50257");
        QTest::addRow("raw id too large")
            << littleEndian({5, 6, 70000}, 4) << int(Raw32) << qint64(50257) << QStringLiteral("position 2 is 70000");
        QTest::addRow("id past int32") << npy("<u8", "(1,)", littleEndian({int64_t(1) << 40}, 8)) << int(Npy)
                                       << qint64(int64_t(1) << 50) << QStringLiteral("is 1099511627776");
        QTest::addRow("bad magic") << QByteArray("PK\x03\x04 not numpy at all") << int(Npy) << qint64(50257)
                                   << QStringLiteral("not a NumPy .npy file");
        QTest::addRow("short file") << QByteArray("\x93NUMPY\x01", 7) << int(Npy) << qint64(50257)
                                    << QStringLiteral("ends inside its header");
        QTest::addRow("float32") << npy("<f4", "(1,)", littleEndian({0}, 4)) << int(Npy) << qint64(50257)
                                 << QStringLiteral("unsupported dtype '<f4'");
        QTest::addRow("big-endian") << npy(">u2", "(1,)", QByteArray(2, '\0')) << int(Npy) << qint64(50257)
                                    << QStringLiteral("big-endian dtype '>u2'");
        QTest::addRow("object") << npy("|O", "(1,)", QByteArray(8, '\0')) << int(Npy) << qint64(50257)
                                << QStringLiteral("unsupported dtype '|O'");
        QTest::addRow("data too short")
            << npy("<u2", "(4,)", littleEndian({1, 2, 3}, 2)) << int(Npy) << qint64(50257)
            << QStringLiteral("shape (4,) of '<u2' needs 8 bytes of data after the header, the file has 6");
        QTest::addRow("data too long") << npy("<u2", "(2, 1)", littleEndian({1, 2, 3}, 2)) << int(Npy) << qint64(50257)
                                       << QStringLiteral("shape (2, 1) of '<u2' needs 4 bytes");
        QTest::addRow("Fortran order, 2-D")
            << npy("<u2", "(2, 2)", littleEndian({1, 2, 3, 4}, 2), 1, "True") << int(Npy) << qint64(50257)
            << QStringLiteral("Fortran-order array of shape (2, 2)");
        QTest::addRow("version 4") << npy("<u2", "(1,)", littleEndian({1}, 2), 4) << int(Npy) << qint64(50257)
                                   << QStringLiteral("NumPy format version 4.0 is not supported");
        QTest::addRow("header past the end")
            << QByteArray("\x93NUMPY\x01\x00\xff\x00{'descr'", 18) << int(Npy) << qint64(50257)
            << QStringLiteral("header of 255 bytes is longer than the file");
        QTest::addRow("header without shape")
            << QByteArray("\x93NUMPY\x01\x00\x29\x00{'descr': '<u2', 'fortran_order': False}\n", 51) << int(Npy)
            << qint64(50257) << QStringLiteral("lacks one of 'descr', 'fortran_order' and 'shape'");
        QTest::addRow("header not a dict")
            << QByteArray("\x93NUMPY\x01\x00\x06\x00hello\n", 16) << int(Npy) << qint64(50257)
            << QStringLiteral("the .npy header hello is not understood: expected '{'");
    }

    void errors()
    {
        QFETCH(QByteArray, file);
        QFETCH(int, reader);
        QFETCH(qint64, vocabSize);
        QFETCH(QString, expected);
        const QString path = write(QStringLiteral("bad-tokens.bin"), file);
        const QString error = errorOf<FormatError>([&] { readWith(reader, path, vocabSize); });
        QVERIFY2(error.contains(expected), qPrintable(error));
        QVERIFY2(error.contains(path), qPrintable(error));
    }

    void unreadable()
    {
        const QString missing = m_dir.filePath(QStringLiteral("no-such.npy"));
        QString error = errorOf<IoError>([&] { readNpyTokens(missing.toStdString(), 10); });
        QVERIFY2(error.contains(missing) && error.contains(QString::fromUtf8(std::strerror(ENOENT))),
                 qPrintable(error));
        error = errorOf<IoError>([&] { readRawTokens(m_dir.path().toStdString(), RawTokenType::U16, 10); });
        QVERIFY2(error.contains(QString::fromUtf8(std::strerror(EISDIR))), qPrintable(error));
        const QString path = write(QStringLiteral("ok.bin"), littleEndian({1}, 2));
        error = errorOf<ConfigError>([&] { readRawTokens(path.toStdString(), RawTokenType::U16, 0); });
        QVERIFY2(error.contains(QStringLiteral("vocabulary size 0")), qPrintable(error));
    }

    void numpyWritten()
    {
        const QString python = QStringLiteral(QS_SYSTEM_PYTHON);
        if (!QFileInfo(python).isExecutable())
            QSKIP("no /usr/bin/python3 to write .npy files");
        QProcess probe;
        probe.start(python, {QStringLiteral("-c"), QStringLiteral("import numpy")});
        if (!probe.waitForFinished(30000) || probe.exitCode() != 0)
            QSKIP("the system python3 has no numpy (python3-numpy)");
        // uint16 0, 4000, …, 44000 as 3 x 4; int64 [[1, 50256], [2, 3]]; uint32 past 65535.
        const QString script = QStringLiteral(R"(
import sys, numpy as np
np.save(sys.argv[1], (np.arange(12, dtype=np.uint16) * 4000).reshape(3, 4))
np.save(sys.argv[2], np.array([[1, 50256], [2, 3]], dtype=np.int64))
np.save(sys.argv[3], np.array([100276, 0, 65536], dtype=np.uint32))
)");
        const QString u16 = m_dir.filePath(QStringLiteral("np-u16.npy"));
        const QString i64 = m_dir.filePath(QStringLiteral("np-i64.npy"));
        const QString u32 = m_dir.filePath(QStringLiteral("np-u32.npy"));
        QProcess proc;
        proc.start(python, {QStringLiteral("-c"), script, u16, i64, u32});
        QVERIFY(proc.waitForFinished(30000));
        QVERIFY2(proc.exitCode() == 0, proc.readAllStandardError().constData());
        QCOMPARE(joined(readNpyTokens(u16.toStdString(), 50257)),
                 QStringLiteral("0 4000 8000 12000 16000 20000 24000 28000 32000 36000 40000 44000"));
        QCOMPARE(joined(readNpyTokens(i64.toStdString(), 50257)), QStringLiteral("1 50256 2 3"));
        QCOMPARE(joined(readTokenFile(u32.toStdString(), RawTokenType::U16, 100278)), QStringLiteral("100276 0 65536"));
    }
};

QS_TEST_GUILESS_MAIN(TstTokenFile)
#include "tst_tokenfile.moc"
