// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "tests/support/testutils.h"

#include "core/common/errors.h"
#include "core/formats/safetensors.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

using namespace qs;

namespace {

QByteArray lengthBytes(quint64 n)
{
    QByteArray out(8, '\0');
    for (int i = 0; i < 8; ++i)
        out[i] = char((n >> (8 * i)) & 0xff);
    return out;
}

// A file laid out by hand, independent of the writer: length field, header, `dataBytes` of filler.
QByteArray stFile(const QByteArray& header, int dataBytes = 0)
{
    return lengthBytes(quint64(header.size())) + header + QByteArray(dataBytes, '\x11');
}

void writeFile(const QString& path, const QByteArray& content)
{
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(f.errorString()));
    QCOMPARE(f.write(content), content.size());
}

// Runs fn and checks that it throws E whose message contains every needle.
template<typename E, typename Fn>
void verifyThrows(Fn fn, const QByteArrayList& needles)
{
    std::string message;
    try {
        fn();
    } catch (const E& e) {
        message = e.what();
    } catch (const std::exception& e) {
        QFAIL(qPrintable(QStringLiteral("wrong exception type: ") + QString::fromUtf8(e.what())));
    }
    QVERIFY2(!message.empty(), "no exception thrown");
    for (const QByteArray& needle : needles)
        QVERIFY2(message.find(needle.toStdString()) != std::string::npos,
                 qPrintable(QStringLiteral("'%1' not in message: %2")
                                .arg(QString::fromUtf8(needle), QString::fromStdString(message))));
}

// QCOMPARE on a DType itself does not compile: inside QTest, argument-dependent lookup finds
// qs::toString(DType), which returns std::string instead of char*.
QString nameOf(DType dtype)
{
    return QString::fromStdString(qs::toString(dtype));
}

bool isHalfNaN(uint16_t h)
{
    return (h & 0x7c00) == 0x7c00 && (h & 0x3ff) != 0;
}

bool isBf16NaN(uint16_t b)
{
    return (b & 0x7f80) == 0x7f80 && (b & 0x7f) != 0;
}

std::vector<float> matrixValues(int n)
{
    std::vector<float> v;
    for (int i = 0; i < n; ++i)
        v.push_back(std::ldexp(1.0f + 0.123f * float(i), i % 7 - 3) * (i % 2 ? -1.0f : 1.0f));
    return v;
}

std::vector<TensorData> sampleTensors()
{
    std::vector<float> cube;
    for (int i = 0; i < 12; ++i)
        cube.push_back(float(i) * 0.1f - 0.6f);
    return {
        {"scalar", {}, {3.5f}},
        {"empty", {0, 4}, {}},
        {"layer.0.weight", {3, 4}, matrixValues(12)},
        {"cube", {2, 3, 2}, cube},
        {"vector", {6}, {0.0f, -0.0f, 1e-3f, 1000.0f, -65504.0f, 0.1f}},
    };
}

} // namespace

class TstSafetensors : public QObject
{
    Q_OBJECT

private:
    QString filePath(const QString& name) const { return m_dir.filePath(name); }
    std::string stdPath(const QString& name) const { return filePath(name).toStdString(); }

    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // ---- conversions, against hand-computed bit patterns --------------------------------------

    void floatToHalf_data()
    {
        QTest::addColumn<quint32>("input");
        QTest::addColumn<quint16>("expected");
        QTest::addRow("1.0") << 0x3f800000u << quint16(0x3c00);
        QTest::addRow("-2.0") << 0xc0000000u << quint16(0xc000);
        QTest::addRow("0.1 rounds to 0x2e66") << std::bit_cast<quint32>(0.1f) << quint16(0x2e66);
        QTest::addRow("+0") << 0x00000000u << quint16(0x0000);
        QTest::addRow("-0") << 0x80000000u << quint16(0x8000);
        QTest::addRow("65504 max half") << std::bit_cast<quint32>(65504.0f) << quint16(0x7bff);
        QTest::addRow("65519 rounds down to max") << std::bit_cast<quint32>(65519.0f) << quint16(0x7bff);
        QTest::addRow("65520 tie rounds to inf") << std::bit_cast<quint32>(65520.0f) << quint16(0x7c00);
        QTest::addRow("1e6 overflows to inf") << std::bit_cast<quint32>(1e6f) << quint16(0x7c00);
        QTest::addRow("-1e6 overflows to -inf") << std::bit_cast<quint32>(-1e6f) << quint16(0xfc00);
        QTest::addRow("+inf") << 0x7f800000u << quint16(0x7c00);
        QTest::addRow("-inf") << 0xff800000u << quint16(0xfc00);
        QTest::addRow("2^-14 min normal") << 0x38800000u << quint16(0x0400);
        QTest::addRow("2^-24 min subnormal") << 0x33800000u << quint16(0x0001);
        QTest::addRow("1e-7 subnormal") << std::bit_cast<quint32>(1e-7f) << quint16(0x0002);
        QTest::addRow("-1e-7 subnormal") << std::bit_cast<quint32>(-1e-7f) << quint16(0x8002);
        QTest::addRow("2^-25 ties to zero") << 0x33000000u << quint16(0x0000);
        QTest::addRow("just above 2^-25 rounds up") << 0x33000001u << quint16(0x0001);
        QTest::addRow("1.5*2^-24 ties to even 2") << 0x33c00000u << quint16(0x0002);
        QTest::addRow("2.5*2^-24 ties to even 2") << 0x34200000u << quint16(0x0002);
        QTest::addRow("1023.5*2^-24 carries to min normal")
            << std::bit_cast<quint32>(std::ldexp(1023.5f, -24)) << quint16(0x0400);
        QTest::addRow("1+2^-11 ties to even 1.0") << 0x3f801000u << quint16(0x3c00);
        QTest::addRow("1+3*2^-11 ties to even 0x3c02") << 0x3f803000u << quint16(0x3c02);
        QTest::addRow("1+2^-11+tiny rounds up") << 0x3f801001u << quint16(0x3c01);
        QTest::addRow("2047.5*2^-10 carries into exponent") << 0x3ffff000u << quint16(0x4000);
    }

    void floatToHalf()
    {
        QFETCH(quint32, input);
        QFETCH(quint16, expected);
        QCOMPARE(qs::floatToHalf(std::bit_cast<float>(input)), expected);
    }

    void floatToBf16_data()
    {
        QTest::addColumn<quint32>("input");
        QTest::addColumn<quint16>("expected");
        QTest::addRow("1.0") << 0x3f800000u << quint16(0x3f80);
        QTest::addRow("-1.0") << 0xbf800000u << quint16(0xbf80);
        QTest::addRow("-0") << 0x80000000u << quint16(0x8000);
        QTest::addRow("0x3f808000 ties to even 0x3f80") << 0x3f808000u << quint16(0x3f80);
        QTest::addRow("0x3f818000 ties to even 0x3f82") << 0x3f818000u << quint16(0x3f82);
        QTest::addRow("0x3f808001 rounds up") << 0x3f808001u << quint16(0x3f81);
        QTest::addRow("0x3f807fff rounds down") << 0x3f807fffu << quint16(0x3f80);
        QTest::addRow("pi") << 0x40490fdbu << quint16(0x4049);
        QTest::addRow("FLT_MAX overflows to inf") << 0x7f7fffffu << quint16(0x7f80);
        QTest::addRow("-FLT_MAX overflows to -inf") << 0xff7fffffu << quint16(0xff80);
        QTest::addRow("largest bf16 stays finite") << 0x7f7f0000u << quint16(0x7f7f);
        QTest::addRow("+inf") << 0x7f800000u << quint16(0x7f80);
        QTest::addRow("-inf") << 0xff800000u << quint16(0xff80);
        QTest::addRow("float subnormal") << 0x00018000u << quint16(0x0002);
    }

    void floatToBf16()
    {
        QFETCH(quint32, input);
        QFETCH(quint16, expected);
        QCOMPARE(qs::floatToBf16(std::bit_cast<float>(input)), expected);
    }

    void halfToFloat_data()
    {
        QTest::addColumn<quint16>("input");
        QTest::addColumn<quint32>("expected");
        QTest::addRow("1.0") << quint16(0x3c00) << 0x3f800000u;
        QTest::addRow("-2.0") << quint16(0xc000) << 0xc0000000u;
        QTest::addRow("1/3 as half") << quint16(0x3555) << std::bit_cast<quint32>(0.333251953125f);
        QTest::addRow("65504") << quint16(0x7bff) << std::bit_cast<quint32>(65504.0f);
        QTest::addRow("min subnormal") << quint16(0x0001) << 0x33800000u;
        QTest::addRow("max subnormal") << quint16(0x03ff) << std::bit_cast<quint32>(std::ldexp(1023.0f, -24));
        QTest::addRow("-0") << quint16(0x8000) << 0x80000000u;
        QTest::addRow("+inf") << quint16(0x7c00) << 0x7f800000u;
        QTest::addRow("-inf") << quint16(0xfc00) << 0xff800000u;
    }

    void halfToFloat()
    {
        QFETCH(quint16, input);
        QFETCH(quint32, expected);
        QCOMPARE(std::bit_cast<quint32>(qs::halfToFloat(input)), expected);
    }

    void nanStaysNaN_data()
    {
        QTest::addColumn<quint32>("input");
        QTest::addRow("quiet NaN") << 0x7fc00000u;
        QTest::addRow("negative NaN") << 0xffc00000u;
        QTest::addRow("payload only in the lowest bit") << 0x7f800001u;
        QTest::addRow("payload only below half precision") << 0x7f801000u;
    }

    void nanStaysNaN()
    {
        QFETCH(quint32, input);
        const float f = std::bit_cast<float>(input);
        QVERIFY(isHalfNaN(qs::floatToHalf(f)));
        QVERIFY(isBf16NaN(qs::floatToBf16(f)));
        QVERIFY(std::isnan(qs::halfToFloat(qs::floatToHalf(f))));
        QVERIFY(std::isnan(qs::bf16ToFloat(qs::floatToBf16(f))));
        QCOMPARE(quint32(qs::floatToHalf(f) & 0x8000), (input >> 16) & 0x8000);
    }

    // Every half and bf16 value against a closed form, and back without loss.
    void allSixteenBitPatterns()
    {
        for (uint32_t i = 0; i < 0x10000; ++i) {
            const auto h = static_cast<uint16_t>(i);
            const int exp = (h >> 10) & 0x1f;
            const int mant = h & 0x3ff;
            const double sign = (h & 0x8000) ? -1.0 : 1.0;
            const float decoded = qs::halfToFloat(h);
            if (exp == 31) {
                QVERIFY(mant ? std::isnan(decoded) : std::isinf(decoded));
            } else {
                const double ref =
                    exp == 0 ? sign * std::ldexp(double(mant), -24) : sign * std::ldexp(1.0 + mant / 1024.0, exp - 15);
                if (double(decoded) != ref)
                    QFAIL(qPrintable(QStringLiteral("half 0x%1").arg(i, 4, 16, QLatin1Char('0'))));
            }
            if (!isHalfNaN(h) && qs::floatToHalf(decoded) != h)
                QFAIL(qPrintable(QStringLiteral("half 0x%1 round trip").arg(i, 0, 16)));
            const float b = qs::bf16ToFloat(h);
            QCOMPARE(std::bit_cast<uint32_t>(b), i << 16);
            if (!isBf16NaN(h) && qs::floatToBf16(b) != h)
                QFAIL(qPrintable(QStringLiteral("bf16 0x%1 round trip").arg(i, 0, 16)));
        }
    }

    // A sweep over float bit patterns against independent references: the compiler's _Float16
    // conversion, and for bf16 a nearest-neighbour search in double.
    void roundingSweep()
    {
        for (uint64_t x = 0; x < (1ull << 32); x += 4093) {
            const auto bits = static_cast<uint32_t>(x);
            const float f = std::bit_cast<float>(bits);
            if (std::isnan(f))
                continue;
#ifdef __FLT16_MANT_DIG__
            const _Float16 ref16 = static_cast<_Float16>(f);
            if (qs::floatToHalf(f) != std::bit_cast<uint16_t>(ref16))
                QFAIL(qPrintable(QStringLiteral("half of 0x%1").arg(bits, 0, 16)));
#endif
            const uint32_t lo = bits & 0xffff0000u;
            const double dLo = std::bit_cast<float>(lo);
            const double dHi = double(std::bit_cast<float>(lo + 0x10000u)); // may be inf / nan
            uint16_t expected = uint16_t(lo >> 16);
            if ((lo & 0x7f800000u) == 0x7f800000u) {
                expected = uint16_t(lo >> 16); // inf stays inf
            } else {
                // The next bf16 up from the largest finite is inf; treat it as 2^128 for the tie.
                const double up = std::isinf(dHi) || std::isnan(dHi) ? std::copysign(std::ldexp(1.0, 128), dLo) : dHi;
                const double dLoErr = std::abs(double(f) - dLo);
                const double dHiErr = std::abs(up - double(f));
                if (dHiErr < dLoErr || (dHiErr == dLoErr && (lo & 0x10000u)))
                    expected = uint16_t((lo + 0x10000u) >> 16);
            }
            if (qs::floatToBf16(f) != expected)
                QFAIL(qPrintable(QStringLiteral("bf16 of 0x%1").arg(bits, 0, 16)));
        }
    }

    // ---- writer + reader -----------------------------------------------------------------------

    void roundTrip_data()
    {
        QTest::addColumn<int>("dtype");
        QTest::addColumn<double>("relTol");
        QTest::addColumn<double>("absTol");
        QTest::addRow("F32 exact") << int(DType::F32) << 0.0 << 0.0;
        // Round to nearest: half an ulp, i.e. 2^-11 relative for half and 2^-8 for bf16; half's
        // subnormals have an absolute spacing of 2^-24.
        QTest::addRow("F16 within half an ulp") << int(DType::F16) << std::ldexp(1.0, -11) << std::ldexp(1.0, -25);
        QTest::addRow("BF16 within half an ulp") << int(DType::BF16) << std::ldexp(1.0, -8) << 0.0;
    }

    void roundTrip()
    {
        QFETCH(int, dtype);
        QFETCH(double, relTol);
        QFETCH(double, absTol);
        const auto type = static_cast<DType>(dtype);
        const std::string path = stdPath(QStringLiteral("roundtrip.safetensors"));
        const std::vector<TensorData> tensors = sampleTensors();
        writeSafetensors(path, tensors, type);
        QVERIFY(!QFileInfo::exists(QString::fromStdString(path + ".tmp")));

        SafetensorsFile file = SafetensorsFile::open(path);
        QCOMPARE(file.path(), path);
        QVERIFY(file.metadata().empty());
        std::vector<std::string> expectedNames;
        for (const TensorData& t : tensors)
            expectedNames.push_back(t.name);
        QCOMPARE(file.names(), expectedNames); // contiguous offsets keep the writer's order
        QVERIFY(!file.contains("absent"));

        for (const TensorData& t : tensors) {
            QVERIFY(file.contains(t.name));
            const TensorView& view = file.tensor(t.name);
            QCOMPARE(view.name, t.name);
            QCOMPARE(nameOf(view.dtype), nameOf(type));
            QCOMPARE(view.shape, t.shape);
            QCOMPARE(view.numel(), int64_t(t.values.size()));
            QCOMPARE(view.nbytes, t.values.size() * size_t(dtypeSize(type)));
            const std::vector<float> back = view.toFloat();
            QCOMPARE(back.size(), t.values.size());
            for (size_t i = 0; i < back.size(); ++i) {
                const double v = t.values[i];
                const double err = std::abs(double(back[i]) - v);
                if (relTol == 0.0)
                    QCOMPARE(std::bit_cast<uint32_t>(back[i]), std::bit_cast<uint32_t>(t.values[i]));
                else
                    QVERIFY2(err <= relTol * std::abs(v) + absTol,
                             qPrintable(QStringLiteral("%1[%2]: %3 vs %4")
                                            .arg(QString::fromStdString(t.name))
                                            .arg(i)
                                            .arg(back[i])
                                            .arg(v)));
                QCOMPARE(std::signbit(back[i]), std::signbit(t.values[i]));
            }
        }

        // Moving the file keeps the views valid: they point into the mapping, not the object.
        SafetensorsFile moved = std::move(file);
        QCOMPARE(moved.tensor("scalar").toFloat(), std::vector<float> {3.5f});
    }

    void metadataRoundTrip_data()
    {
        QTest::addColumn<QStringList>("pairs");
        QTest::addRow("none") << QStringList();
        QTest::addRow("one key") << QStringList {QStringLiteral("format"), QStringLiteral("pt")};
        QTest::addRow("unicode and empty value") << QStringList {
            QStringLiteral("note"), QStringLiteral("größe \"µ\"\n"), QStringLiteral("empty"), QString()};
    }

    void metadataRoundTrip()
    {
        QFETCH(QStringList, pairs);
        std::map<std::string, std::string> metadata;
        for (qsizetype i = 0; i + 1 < pairs.size(); i += 2)
            metadata[pairs[i].toStdString()] = pairs[i + 1].toStdString();
        const std::string path = stdPath(QStringLiteral("metadata.safetensors"));
        writeSafetensors(path, {{"w", {2}, {1.0f, 2.0f}}}, DType::F32, metadata);
        const SafetensorsFile file = SafetensorsFile::open(path);
        QCOMPARE(file.metadata(), metadata);
        QCOMPARE(test::fileBytes(QString::fromStdString(path)).contains("__metadata__"), !metadata.empty());
    }

    // The written bytes, parsed here with Qt's JSON parser rather than the reader.
    void rawLayout_data()
    {
        QTest::addColumn<int>("dtype");
        QTest::addColumn<QByteArray>("one");
        QTest::addColumn<QByteArray>("minusOne");
        QTest::addRow("F32") << int(DType::F32) << QByteArray("\x00\x00\x80\x3f", 4)
                             << QByteArray("\x00\x00\x80\xbf", 4);
        QTest::addRow("F16") << int(DType::F16) << QByteArray("\x00\x3c", 2) << QByteArray("\x00\xbc", 2);
        QTest::addRow("BF16") << int(DType::BF16) << QByteArray("\x80\x3f", 2) << QByteArray("\x80\xbf", 2);
    }

    void rawLayout()
    {
        QFETCH(int, dtype);
        QFETCH(QByteArray, one);
        QFETCH(QByteArray, minusOne);
        const auto type = static_cast<DType>(dtype);
        const qsizetype sz = one.size();
        const QString path = filePath(QStringLiteral("raw.safetensors"));
        writeSafetensors(path.toStdString(),
                         {{"zeta", {2, 2}, {1.0f, -1.0f, 3.0f, 4.0f}}, {"alpha", {3}, {-1.0f, 1.0f, 0.5f}}}, type,
                         {{"k", "v"}});

        const QByteArray bytes = test::fileBytes(path);
        QVERIFY(bytes.size() >= 8);
        quint64 n = 0;
        for (int i = 7; i >= 0; --i)
            n = (n << 8) | quint8(bytes[i]);
        QCOMPARE((8 + n) % 8, quint64(0));
        QCOMPARE(quint64(bytes.size()), 8 + n + 7 * quint64(sz));
        const QByteArray header = bytes.mid(8, qsizetype(n));
        const qsizetype close = header.lastIndexOf('}');
        QVERIFY(close > 0);
        QCOMPARE(header.mid(close + 1), QByteArray(header.size() - close - 1, ' '));
        QVERIFY(header.indexOf("\"zeta\"") < header.indexOf("\"alpha\""));

        QJsonParseError error;
        const QJsonObject root = QJsonDocument::fromJson(header, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(root.keys(),
                 (QStringList {QStringLiteral("__metadata__"), QStringLiteral("alpha"), QStringLiteral("zeta")}));
        QCOMPARE(root[QStringLiteral("__metadata__")].toObject()[QStringLiteral("k")].toString(), QStringLiteral("v"));
        const QString dtypeName = QString::fromStdString(toString(type));
        const QJsonObject zeta = root[QStringLiteral("zeta")].toObject();
        const QJsonObject alpha = root[QStringLiteral("alpha")].toObject();
        QCOMPARE(zeta[QStringLiteral("dtype")].toString(), dtypeName);
        QCOMPARE(alpha[QStringLiteral("dtype")].toString(), dtypeName);
        QCOMPARE(zeta[QStringLiteral("shape")].toArray(), (QJsonArray {2, 2}));
        QCOMPARE(alpha[QStringLiteral("shape")].toArray(), QJsonArray {3});
        QCOMPARE(zeta[QStringLiteral("data_offsets")].toArray(), (QJsonArray {0, 4 * sz}));
        QCOMPARE(alpha[QStringLiteral("data_offsets")].toArray(), (QJsonArray {4 * sz, 7 * sz}));

        const QByteArray data = bytes.mid(qsizetype(8 + n));
        QCOMPARE(data.mid(0, sz), one);
        QCOMPARE(data.mid(sz, sz), minusOne);
        QCOMPARE(data.mid(4 * sz, sz), minusOne);
        QCOMPARE(data.mid(5 * sz, sz), one);
    }

    // Bytes typed in by hand: unaligned data start (header length not a multiple of 8), tensors
    // listed out of offset order, all three dtypes.
    void handWrittenFile()
    {
        const QByteArray header = R"({"b":{"dtype":"BF16","shape":[2],"data_offsets":[12,16]},)"
                                  R"("a":{"dtype":"F32","shape":[3],"data_offsets":[0,12]},)"
                                  R"("c":{"dtype":"F16","shape":[1,2],"data_offsets":[16,20]},)"
                                  R"("__metadata__":{"author":"hand"}}   )";
        QVERIFY(header.size() % 8 != 0);
        const QByteArray data("\x00\x00\x80\x3f"  // a: 1.0
                              "\x00\x00\x20\xc0"  //    -2.5
                              "\x00\x00\x20\x3e"  //    0.15625
                              "\x80\x3f\x00\xbf"  // b: 1.0, -0.5
                              "\x00\x3c\x01\x00", // c: 1.0, 2^-24
                              20);
        const QString path = filePath(QStringLiteral("hand.safetensors"));
        writeFile(path, lengthBytes(quint64(header.size())) + header + data);

        const SafetensorsFile file = SafetensorsFile::open(path.toStdString());
        QCOMPARE(file.names(), (std::vector<std::string> {"a", "b", "c"}));
        QCOMPARE(file.metadata(), (std::map<std::string, std::string> {{"author", "hand"}}));
        QCOMPARE(nameOf(file.tensor("a").dtype), nameOf(DType::F32));
        QCOMPARE(file.tensor("a").toFloat(), (std::vector<float> {1.0f, -2.5f, 0.15625f}));
        QCOMPARE(nameOf(file.tensor("b").dtype), nameOf(DType::BF16));
        QCOMPARE(file.tensor("b").toFloat(), (std::vector<float> {1.0f, -0.5f}));
        QCOMPARE(nameOf(file.tensor("c").dtype), nameOf(DType::F16));
        QCOMPARE(file.tensor("c").shape, (std::vector<int64_t> {1, 2}));
        QCOMPARE(file.tensor("c").toFloat(), (std::vector<float> {1.0f, std::ldexp(1.0f, -24)}));
    }

    // Real checkpoints carry buffers next to the weights (Pythia's BOOL causal mask, I64 position
    // ids): they are listed with their dtype, and reading one as floats names it.
    void bufferDTypesAreListedNotRead()
    {
        const QByteArray header = R"({"mask":{"dtype":"BOOL","shape":[2,2],"data_offsets":[0,4]},)"
                                  R"("ids":{"dtype":"I64","shape":[1],"data_offsets":[8,16]},)"
                                  R"("w":{"dtype":"BF16","shape":[4],"data_offsets":[16,24]}})";
        // w: bf16 0x3f80 = 1.0, 0xc000 = -2.0, 0x3f00 = 0.5, 0x4040 = 3.0
        const QByteArray data("\x01\x00\x01\x01\x00\x00\x00\x00"
                              "\x07\x00\x00\x00\x00\x00\x00\x00"
                              "\x80\x3f\x00\xc0\x00\x3f\x40\x40",
                              24);
        const QString path = filePath(QStringLiteral("buffers.safetensors"));
        writeFile(path, lengthBytes(quint64(header.size())) + header + data);
        const SafetensorsFile file = SafetensorsFile::open(path.toStdString());
        QCOMPARE(file.names(), (std::vector<std::string> {"mask", "ids", "w"}));
        QCOMPARE(QString::fromStdString(toString(file.tensor("mask").dtype)), QStringLiteral("BOOL"));
        QVERIFY(!isWeightDType(file.tensor("ids").dtype));
        verifyThrows<FormatError>([&] { file.tensor("mask").toFloat(); }, {"'mask' is BOOL"});
        // A slice of elements, as streaming reads rows of an embedding.
        float two[2] = {0.0f, 0.0f};
        file.tensor("w").toFloat(two, 1, 2);
        QCOMPARE(two[0], -2.0f);
        QCOMPARE(two[1], 0.5f);
        verifyThrows<FormatError>([&] { file.tensor("w").toFloat(two, 3, 2); }, {"'w'", "outside"});
        // Released pages read back the same values.
        file.release(file.tensor("w"));
        QCOMPARE(file.tensor("w").toFloat(), (std::vector<float> {1.0f, -2.0f, 0.5f, 3.0f}));
    }

    // ---- malformed input -----------------------------------------------------------------------

    void malformedFile_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QByteArrayList>("needles");
        const auto row = [](const char* name, const QByteArray& content, const QByteArrayList& needles) {
            QTest::newRow(name) << content << needles;
        };
        row("empty file", QByteArray(), {"shorter than the 8-byte"});
        row("7 bytes", QByteArray(7, '\0'), {"7 bytes, shorter"});
        row("header length past the end", lengthBytes(100) + "{}", {"header length 100", "larger"});
        row("absurd header length", lengthBytes(1ull << 40) + QByteArray(64, ' '), {"absurd"});
        row("header not JSON", stFile(R"({"x": )"), {"not valid JSON"});
        row("header not UTF-8", stFile("{\"\xff\": 1}"), {"not valid JSON"});
        row("header is an array", stFile("[1, 2]"), {"header is not a JSON object"});
        row("entry not an object", stFile(R"({"x": 5})"), {"tensor 'x' is not a JSON object"});
        row("missing dtype", stFile(R"({"x":{"shape":[1],"data_offsets":[0,4]}})", 4), {"tensor 'x' has no 'dtype'"});
        row("missing shape", stFile(R"({"x":{"dtype":"F32","data_offsets":[0,4]}})", 4), {"tensor 'x' has no 'shape'"});
        row("missing data_offsets", stFile(R"({"x":{"dtype":"F32","shape":[1]}})", 4),
            {"tensor 'x' has no 'data_offsets'"});
        row("dtype not a string", stFile(R"({"x":{"dtype":32,"shape":[1],"data_offsets":[0,4]}})", 4),
            {"'dtype' is not a string"});
        row("unknown dtype I128", stFile(R"({"x":{"dtype":"I128","shape":[1],"data_offsets":[0,16]}})", 16),
            {"unknown dtype 'I128' for tensor 'x'"});
        row("I64 of the wrong size", stFile(R"({"x":{"dtype":"I64","shape":[1],"data_offsets":[0,4]}})", 4),
            {"tensor 'x'", "needs 8"});
        row("odd BF16 byte count", stFile(R"({"x":{"dtype":"BF16","shape":[2],"data_offsets":[0,3]}})", 3),
            {"tensor 'x'", "span 3 bytes", "BF16 needs 4"});
        row("shape not an array", stFile(R"({"x":{"dtype":"F32","shape":1,"data_offsets":[0,4]}})", 4),
            {"'shape' is not an array"});
        row("shape holds a string", stFile(R"({"x":{"dtype":"F32","shape":["1"],"data_offsets":[0,4]}})", 4),
            {"non-integer"});
        row("shape holds a fraction", stFile(R"({"x":{"dtype":"F32","shape":[1.5],"data_offsets":[0,4]}})", 4),
            {"non-integer"});
        row("negative dimension", stFile(R"({"x":{"dtype":"F32","shape":[-1],"data_offsets":[0,0]}})"),
            {"negative shape dimension -1"});
        row("data_offsets not a pair", stFile(R"({"x":{"dtype":"F32","shape":[1],"data_offsets":[0]}})", 4),
            {"'data_offsets'"});
        row("data_offsets negative", stFile(R"({"x":{"dtype":"F32","shape":[1],"data_offsets":[-4,0]}})", 4),
            {"'data_offsets'"});
        row("data_offsets reversed", stFile(R"({"x":{"dtype":"F32","shape":[1],"data_offsets":[8,4]}})", 8),
            {"begin 8 is past end 4"});
        const QByteArray truncatedHeader = R"({"x":{"dtype":"F32","shape":[4],"data_offsets":[0,16]}})";
        const QByteArray truncated = stFile(truncatedHeader, 10);
        row("truncated data", truncated,
            {"truncated", "needs " + QByteArray::number(8 + truncatedHeader.size() + 16),
             "file has " + QByteArray::number(truncated.size())});
        row("byte size does not match shape", stFile(R"({"x":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}})", 12),
            {"span 8 bytes", "needs 12"});
        row("byte size overflows",
            stFile(R"({"x":{"dtype":"F32","shape":[4611686018427387904,4],"data_offsets":[0,8]}})", 8), {"too large"});
        row("overlapping tensors",
            stFile(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                   R"("b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}})",
                   12),
            {"'a' and 'b'", "overlapping"});
        row("metadata not an object", stFile(R"({"__metadata__":[1]})"), {"__metadata__ is not a JSON object"});
        row("metadata value not a string", stFile(R"({"__metadata__":{"n":1}})"),
            {"metadata value for key 'n' is not a string"});
    }

    void malformedFile()
    {
        QFETCH(QByteArray, content);
        QFETCH(QByteArrayList, needles);
        const QString path = filePath(QStringLiteral("malformed.safetensors"));
        writeFile(path, content);
        needles << path.toUtf8();
        verifyThrows<FormatError>([&] { SafetensorsFile::open(path.toStdString()); }, needles);
    }

    // An empty tensor sharing an offset with another tensor occupies no bytes: not an overlap.
    void emptyTensorInsideAnother()
    {
        const QString path = filePath(QStringLiteral("emptyinside.safetensors"));
        writeFile(path,
                  stFile(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                         R"("e":{"dtype":"F16","shape":[0],"data_offsets":[4,4]}})",
                         8));
        const SafetensorsFile file = SafetensorsFile::open(path.toStdString());
        QCOMPARE(file.tensor("e").numel(), int64_t(0));
        QVERIFY(file.tensor("e").toFloat().empty());
    }

    void ioError_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("reason");
        QTest::addRow("missing file") << filePath(QStringLiteral("nope.safetensors"))
                                      << QByteArray(std::strerror(ENOENT));
        QTest::addRow("directory") << m_dir.path() << QByteArray(std::strerror(EISDIR));
    }

    void ioError()
    {
        QFETCH(QString, path);
        QFETCH(QByteArray, reason);
        verifyThrows<IoError>([&] { SafetensorsFile::open(path.toStdString()); }, {path.toUtf8(), reason});
    }

    void absentTensor()
    {
        const std::string path = stdPath(QStringLiteral("absent.safetensors"));
        writeSafetensors(path, {{"w", {1}, {1.0f}}}, DType::F32);
        const SafetensorsFile file = SafetensorsFile::open(path);
        verifyThrows<FormatError>([&] { file.tensor("missing.weight"); },
                                  {QByteArray::fromStdString(path), "'missing.weight'"});
    }

    void writerRejects_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("needle");
        QTest::addRow("too few values") << QStringLiteral("count") << QByteArray("has 5 values");
        QTest::addRow("duplicate name") << QStringLiteral("dup") << QByteArray("appears twice");
        QTest::addRow("negative dimension") << QStringLiteral("neg") << QByteArray("invalid shape [-2, 3]");
        QTest::addRow("reserved name") << QStringLiteral("reserved") << QByteArray("reserved");
    }

    void writerRejects()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, needle);
        std::vector<TensorData> tensors {{"w", {2, 3}, matrixValues(6)}};
        if (name == QLatin1String("count"))
            tensors[0].values.pop_back();
        else if (name == QLatin1String("dup"))
            tensors.push_back(tensors[0]);
        else if (name == QLatin1String("neg"))
            tensors[0].shape = {-2, 3};
        else
            tensors.push_back({"__metadata__", {1}, {1.0f}});

        // A good file already there must survive the failed write untouched.
        const QString path = filePath(QStringLiteral("keep.safetensors"));
        writeSafetensors(path.toStdString(), {{"old", {1}, {7.0f}}}, DType::F32);
        const QByteArray before = test::fileBytes(path);
        verifyThrows<ConfigError>([&] { writeSafetensors(path.toStdString(), tensors, DType::F16); },
                                  {path.toUtf8(), needle});
        QCOMPARE(test::fileBytes(path), before);
        QVERIFY(!QFileInfo::exists(path + QStringLiteral(".tmp")));
    }

    // Tensors given as their stored bytes (an export's packed codes, a source checkpoint's tensors copied
    // through its memory map) come back byte for byte, next to each other in the caller's order.
    void bytesRoundTrip()
    {
        const QString source = filePath(QStringLiteral("bytes-source.safetensors"));
        writeSafetensors(source.toStdString(), {{"norm", {3}, {1.0f, -2.5f, 0.1f}}}, DType::BF16);
        const SafetensorsFile in = SafetensorsFile::open(source.toStdString());
        const TensorView& norm = in.tensor("norm");
        // int32 words 0x76543210 and 0x89abcdef (its sign bit set), float8 bytes, the bf16 view.
        const std::vector<uint8_t> words {0x10, 0x32, 0x54, 0x76, 0xef, 0xcd, 0xab, 0x89};
        const std::vector<uint8_t> f8 {0x38, 0xb8, 0x7e};
        const QString path = filePath(QStringLiteral("bytes.safetensors"));
        writeSafetensors(path.toStdString(),
                         {{"qweight", DType::I32, {1, 2}, words},
                          {"f8", DType::F8E4M3, {3}, f8},
                          {"norm", norm.dtype, norm.shape, {}, norm.data, norm.nbytes}},
                         {{"format", "pt"}});
        const SafetensorsFile out = SafetensorsFile::open(path.toStdString());
        QCOMPARE(out.names(), (std::vector<std::string> {"qweight", "f8", "norm"}));
        QCOMPARE(out.metadata().at("format"), std::string("pt"));
        auto bytes = [&](const std::string& name) {
            const TensorView& v = out.tensor(name);
            return std::vector<uint8_t>(v.data, v.data + v.nbytes);
        };
        QCOMPARE(bytes("qweight"), words);
        QVERIFY(out.tensor("qweight").dtype == DType::I32);
        QCOMPARE(out.tensor("qweight").shape, (std::vector<int64_t> {1, 2}));
        QCOMPARE(bytes("f8"), f8);
        QCOMPARE(out.tensor("norm").toFloat(), norm.toFloat());
        QVERIFY(out.tensor("norm").dtype == DType::BF16);
        // Bytes that are not the shape's: refused, the file left as it was.
        const QByteArray before = test::fileBytes(path);
        verifyThrows<ConfigError>(
            [&] {
                writeSafetensors(path.toStdString(), {{"qweight", DType::I32, {1, 3}, words}});
            },
            {"'qweight'", "has 2 values but shape [1, 3] needs 3"});
        verifyThrows<ConfigError>(
            [&] {
                writeSafetensors(path.toStdString(), {{"qweight", DType::I32, {2}, f8}});
            },
            {"'qweight' holds 3 bytes, not a whole number of I32 values"});
        QCOMPARE(test::fileBytes(path), before);
    }

    void writerIoError()
    {
        const QString path = filePath(QStringLiteral("no/such/dir/out.safetensors"));
        verifyThrows<IoError>(
            [&] {
                writeSafetensors(path.toStdString(), {{"w", {1}, {1.0f}}}, DType::F32);
            },
            {path.toUtf8(), std::strerror(ENOENT)});
    }

    // ---- interoperability with an independent writer / reader ---------------------------------

    void pythonWrittenFile()
    {
        const QString python = QStringLiteral(QS_SYSTEM_PYTHON);
        if (!QFileInfo(python).isExecutable())
            QSKIP("no /usr/bin/python3 to write a reference file");
        // struct's 'e' format is Python's own IEEE half encoder; bf16 is the top half of an f32.
        const QString script = QStringLiteral(R"(
import json, struct, sys
w = [0.5 * i - 1.0 for i in range(6)]
h = [1.0, -2.0, 0.333251953125, 65504.0, 2.0 ** -24]
b = [1.0, -0.5, 3.140625]
f32 = struct.pack('<6f', *w)
f16 = struct.pack('<5e', *h)
bf = b''.join(struct.pack('<f', v)[2:] for v in b)
o1, o2 = len(f32), len(f32) + len(f16)
header = {'__metadata__': {'source': 'python'},
          'w': {'dtype': 'F32', 'shape': [2, 3], 'data_offsets': [0, o1]},
          'h': {'dtype': 'F16', 'shape': [5], 'data_offsets': [o1, o2]},
          'b': {'dtype': 'BF16', 'shape': [3], 'data_offsets': [o2, o2 + len(bf)]}}
text = json.dumps(header).encode()
with open(sys.argv[1], 'wb') as f:
    f.write(struct.pack('<Q', len(text)) + text + f32 + f16 + bf)
)");
        const QString path = filePath(QStringLiteral("python.safetensors"));
        QProcess proc;
        proc.start(python, {QStringLiteral("-c"), script, path});
        QVERIFY(proc.waitForFinished(30000));
        QVERIFY2(proc.exitCode() == 0, proc.readAllStandardError().constData());

        const SafetensorsFile file = SafetensorsFile::open(path.toStdString());
        QCOMPARE(file.names(), (std::vector<std::string> {"w", "h", "b"}));
        QCOMPARE(file.metadata().at("source"), std::string("python"));
        QCOMPARE(file.tensor("w").shape, (std::vector<int64_t> {2, 3}));
        QCOMPARE(file.tensor("w").toFloat(), (std::vector<float> {-1.0f, -0.5f, 0.0f, 0.5f, 1.0f, 1.5f}));
        QCOMPARE(file.tensor("h").toFloat(),
                 (std::vector<float> {1.0f, -2.0f, 0.333251953125f, 65504.0f, std::ldexp(1.0f, -24)}));
        QCOMPARE(file.tensor("b").toFloat(), (std::vector<float> {1.0f, -0.5f, 3.140625f}));
    }

    void pythonReadsWrittenFile_data()
    {
        QTest::addColumn<int>("dtype");
        QTest::addRow("F32") << int(DType::F32);
        QTest::addRow("F16") << int(DType::F16);
        QTest::addRow("BF16") << int(DType::BF16);
    }

    void pythonReadsWrittenFile()
    {
        QFETCH(int, dtype);
        const QString python = QStringLiteral(QS_SYSTEM_PYTHON);
        if (!QFileInfo(python).isExecutable())
            QSKIP("no /usr/bin/python3 to read the written file");
        const QString script = QStringLiteral(R"(
import json, struct, sys
data = open(sys.argv[1], 'rb').read()
n = struct.unpack('<Q', data[:8])[0]
assert (8 + n) % 8 == 0
header = json.loads(data[8:8 + n])
buf = data[8 + n:]
out = {}
for name, e in header.items():
    if name == '__metadata__':
        out[name] = e
        continue
    raw = buf[e['data_offsets'][0]:e['data_offsets'][1]]
    if e['dtype'] == 'F32':
        vals = struct.unpack('<%df' % (len(raw) // 4), raw)
    elif e['dtype'] == 'F16':
        vals = struct.unpack('<%de' % (len(raw) // 2), raw)
    else:
        vals = [struct.unpack('<f', b'\0\0' + raw[i:i + 2])[0] for i in range(0, len(raw), 2)]
    out[name] = {'dtype': e['dtype'], 'shape': e['shape'], 'values': list(vals)}
print(json.dumps(out))
)");
        // Values exact in all three dtypes, so python must return them unchanged.
        const std::vector<float> values {1.0f, -0.5f, 3.140625f, 0.0f, 96.0f, std::ldexp(1.0f, -10)};
        const QString path = filePath(QStringLiteral("forpython.safetensors"));
        writeSafetensors(path.toStdString(), {{"m", {2, 3}, values}, {"s", {}, {2.0f}}}, static_cast<DType>(dtype),
                         {{"by", "QuantScope"}});
        QProcess proc;
        proc.start(python, {QStringLiteral("-c"), script, path});
        QVERIFY(proc.waitForFinished(30000));
        QVERIFY2(proc.exitCode() == 0, proc.readAllStandardError().constData());

        const QJsonObject root = QJsonDocument::fromJson(proc.readAllStandardOutput()).object();
        QCOMPARE(root[QStringLiteral("__metadata__")].toObject()[QStringLiteral("by")].toString(),
                 QStringLiteral("QuantScope"));
        const QJsonObject m = root[QStringLiteral("m")].toObject();
        QCOMPARE(m[QStringLiteral("dtype")].toString(), QString::fromStdString(toString(static_cast<DType>(dtype))));
        QCOMPARE(m[QStringLiteral("shape")].toArray(), (QJsonArray {2, 3}));
        const QJsonArray got = m[QStringLiteral("values")].toArray();
        QCOMPARE(got.size(), qsizetype(values.size()));
        for (qsizetype i = 0; i < got.size(); ++i)
            QCOMPARE(got[i].toDouble(), double(values[size_t(i)]));
        const QJsonObject s = root[QStringLiteral("s")].toObject();
        QCOMPARE(s[QStringLiteral("shape")].toArray(), QJsonArray());
        QCOMPARE(s[QStringLiteral("values")].toArray(), QJsonArray {2.0});
    }
};

QS_TEST_GUILESS_MAIN(TstSafetensors)
#include "tst_safetensors.moc"
