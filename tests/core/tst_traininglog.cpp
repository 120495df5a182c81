// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Training logs of runs trained elsewhere (core/formats/traininglog.h) and their import with a trajectory
// of Hugging Face revisions (importHfTrajectory, `quantscope import --log`): TensorBoard event files
// written by an independent writer (tests/support/tfevents_writer.py: Debian's python3-protobuf, its own
// bitwise CRC-32C), damaged ones, W&B CSV and JSON-lines exports, and what the store holds afterwards as
// h5py reads it (tests/support/read_store.py).

#include "tests/support/hfrevision.h"

#include "core/common/errors.h"
#include "core/formats/traininglog.h"
#include "core/hf/hfrun.h"
#include "core/store/store.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <cmath>
#include <map>

using namespace qs;
using qs::test::fileBytes;

namespace {

// Linear interpolation between (step, value) points sorted by step, the end values outside them.
double interpolate(const std::vector<std::pair<double, double>>& pts, double x)
{
    if (x <= pts.front().first)
        return pts.front().second;
    for (size_t i = 1; i < pts.size(); ++i) {
        if (x <= pts[i].first) {
            const auto& [x0, y0] = pts[i - 1];
            const auto& [x1, y1] = pts[i];
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0);
        }
    }
    return pts.back().second;
}

} // namespace

class TstTrainingLog : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_logs; // logs/ of tfevents_writer.py
    QString m_main; // its main event file
    std::vector<qint64> m_records;
    std::map<std::string, std::vector<std::pair<double, double>>> m_expected; // tag -> (step, value)
    QString m_revisions;                                                      // three revision folders
    QString m_tokens;

    std::string path(const QString& name) const { return m_dir.filePath(name).toStdString(); }

    HfImportOptions importOptions() const
    {
        HfImportOptions options;
        options.sources = {m_revisions.toStdString()};
        options.data.data = m_tokens.toStdString();
        options.data.seqLen = 8;
        options.data.valSequences = 2;
        return options;
    }

    // A copy of the main event file with `bytes` XORed into it at `offset` (or cut there when `cut`).
    QString damaged(const QString& name, qint64 offset, const QByteArray& bytes, bool cut = false)
    {
        QByteArray data = fileBytes(m_main);
        if (cut)
            data.truncate(offset);
        for (qsizetype i = 0; !cut && i < bytes.size(); ++i)
            data[offset + i] = char(data[offset + i] ^ bytes[i]);
        return test::writeFile(m_dir.filePath(name), data);
    }

    // A TFRecord file of one record holding `payload`, framed correctly: what is wrong is inside.
    QString oneRecord(const QString& name, const QByteArray& payload)
    {
        QByteArray out;
        const quint64 length = quint64(payload.size());
        QByteArray header(reinterpret_cast<const char*>(&length), 8);
        const quint32 lengthCrc = maskedCrc32c(header.data(), 8);
        const quint32 dataCrc = maskedCrc32c(payload.data(), size_t(payload.size()));
        out.append(header).append(reinterpret_cast<const char*>(&lengthCrc), 4).append(payload);
        out.append(reinterpret_cast<const char*>(&dataCrc), 4);
        return test::writeFile(m_dir.filePath(name), out);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QProcess proc;
        proc.start(QStringLiteral(QS_SYSTEM_PYTHON),
                   {test::supportDir() + QStringLiteral("/tfevents_writer.py"), m_dir.filePath(QStringLiteral("tb"))});
        QVERIFY(proc.waitForFinished(120000));
        QVERIFY2(proc.exitStatus() == QProcess::NormalExit && proc.exitCode() == 0,
                 qPrintable(QStringLiteral("tfevents_writer.py (needs python3-protobuf, packaging/install-deps.sh): ")
                            + QString::fromUtf8(proc.readAllStandardError())));
        const QJsonObject doc =
            QJsonDocument::fromJson(fileBytes(m_dir.filePath(QStringLiteral("tb/expected.json")))).object();
        m_logs = m_dir.filePath(QStringLiteral("tb/logs"));
        m_main = doc[QStringLiteral("main")].toString();
        for (const QJsonValue v : doc[QStringLiteral("records")].toArray())
            m_records.push_back(qint64(v.toDouble()));
        const QJsonObject tags = doc[QStringLiteral("tags")].toObject();
        for (auto it = tags.begin(); it != tags.end(); ++it) {
            auto& points = m_expected[it.key().toStdString()];
            for (const QJsonValue p : it.value().toArray())
                points.emplace_back(p.toArray()[0].toDouble(), p.toArray()[1].toDouble());
        }
        QVERIFY(m_expected.size() >= 8);

        m_revisions = m_dir.filePath(QStringLiteral("revisions"));
        for (const char* name : {"step100-tokens0.4B", "step250-tokens1B", "step290-tokens1.16B"})
            QVERIFY(test::makeTinyRevision(m_revisions + QLatin1Char('/') + QLatin1String(name)));
        // 64 token ids 1 (uint16), inside the tiny revisions' vocabulary: the import reads them.
        m_tokens = test::writeFile(m_dir.filePath(QStringLiteral("val.bin")), QByteArray("\x01\x00", 2).repeated(64));
    }

    void crc32cCheckValue()
    {
        // The CRC-32C check value (RFC 3720, B.4 and every CRC catalogue) and iSCSI's 32 zero bytes.
        QCOMPARE(crc32c("123456789", 9), 0xE3069283u);
        const QByteArray zeros(32, '\0');
        QCOMPARE(crc32c(zeros.data(), 32), 0x8A9136AAu);
        QCOMPARE(crc32c("", 0), 0u);
    }

    // Every scalar the independent writer wrote, as it wrote it (float32 values exactly, doubles exactly).
    void eventFolder()
    {
        const TrainingLog log = readTrainingLog(m_logs.toStdString());
        QCOMPARE(log.files.size(), size_t(2));
        QStringList got;
        for (const std::string& t : log.tags())
            got << QString::fromStdString(t);
        QStringList want;
        for (const auto& [tag, points] : m_expected)
            want << QString::fromStdString(tag);
        QCOMPARE(got, want); // histograms, text and the old-style histogram are not scalars
        for (const auto& [tag, points] : m_expected) {
            const ScalarSeries* s = log.find(tag);
            QVERIFY2(s, tag.c_str());
            QCOMPARE(s->points.size(), points.size());
            for (size_t i = 0; i < points.size(); ++i) {
                QCOMPARE(double(s->points[i].step), points[i].first);
                QCOMPARE(s->points[i].value, points[i].second);
            }
        }
        // The NaN loss at step 300 is left out and said; 280's second value won (checked above).
        QCOMPARE(log.warnings.size(), size_t(1));
        QVERIFY2(QString::fromStdString(log.warnings[0]).contains(QStringLiteral("'train/loss': 1 non-finite")),
                 log.warnings[0].c_str());
        QCOMPARE(findLrTag(log), std::string("train/lr"));
        QCOMPARE(findLossTag(log), std::string("train/loss"));
        // One file alone: its tags without a folder prefix.
        const TrainingLog eval =
            readTrainingLog(m_dir.filePath(QStringLiteral("tb/logs/eval/events.out.tfevents.2000.host")).toStdString());
        QCOMPARE(eval.tags(), std::vector<std::string> {"loss"});
        QCOMPARE(findLossTag(eval), std::string("loss"));
        QCOMPARE(findLrTag(eval), std::string());
    }

    void damagedEventFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("fragments");
        const qint64 r3 = m_records[3];
        const QString r3Text = QString::number(r3);
        QTest::addRow("data CRC") << damaged(QStringLiteral("events.out.tfevents.datacrc"), r3 + 12 + 9, "\x7f")
                                  << QStringList {QStringLiteral("events.out.tfevents.datacrc"),
                                                  QStringLiteral("record at byte ") + r3Text,
                                                  QStringLiteral("CRC of its data does not match")};
        QTest::addRow("length CRC") << damaged(QStringLiteral("events.out.tfevents.lengthcrc"), r3 + 1, "\x01")
                                    << QStringList {QStringLiteral("events.out.tfevents.lengthcrc"),
                                                    QStringLiteral("record at byte ") + r3Text,
                                                    QStringLiteral("CRC of its length does not match")};
        QTest::addRow("stored CRC") << damaged(QStringLiteral("events.out.tfevents.storedcrc"), r3 + 9, "\xff")
                                    << QStringList {QStringLiteral("record at byte ") + r3Text,
                                                    QStringLiteral("CRC of its length")};
        QTest::addRow("garbage") << test::writeFile(m_dir.filePath(QStringLiteral("events.out.tfevents.garbage")),
                                                    "step,lr\n1,2\nthis is not an event file at all\n")
                                 << QStringList {QStringLiteral("events.out.tfevents.garbage"),
                                                 QStringLiteral("record at byte 0"),
                                                 QStringLiteral("not a TensorBoard event file")};
        QTest::addRow("cut in the first record")
            << damaged(QStringLiteral("events.out.tfevents.firstcut"), 10, {}, true)
            << QStringList {QStringLiteral("record at byte 0 is cut short"),
                            QStringLiteral("no complete TFRecord record")};
        // Framed correctly, malformed inside: Event field 5 (summary) says 5 bytes, 2 follow.
        QTest::addRow("field past its message")
            << oneRecord(QStringLiteral("events.out.tfevents.overrun"),
                         QByteArray("\x10\x05\x2a\x05"
                                    "ab",
                                    6))
            << QStringList {QStringLiteral("record at byte 0 is not a valid Event (at byte 16)"),
                            QStringLiteral("field 5 is 5 bytes long, but only 2 are left")};
        QTest::addRow("wire type 7") << oneRecord(QStringLiteral("events.out.tfevents.wire7"), QByteArray("\x0f", 1))
                                     << QStringList {QStringLiteral("at byte 12"), QStringLiteral("wire type 7")};
        QTest::addRow("step as bytes") << oneRecord(QStringLiteral("events.out.tfevents.stepbytes"),
                                                    QByteArray("\x12\x01x", 3))
                                       << QStringList {QStringLiteral("field 2 (step) has wire type 2")};
        QTest::addRow("negative step") << oneRecord(QStringLiteral("events.out.tfevents.negstep"),
                                                    QByteArray("\x10\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", 11))
                                       << QStringList {QStringLiteral("step -1 is negative")};
        QTest::addRow("cut varint") << oneRecord(QStringLiteral("events.out.tfevents.cutvarint"),
                                                 QByteArray("\x10\x80", 2))
                                    << QStringList {QStringLiteral("ends inside a varint value")};
        // Summary { Value { tag "x", tensor { dtype DT_FLOAT, tensor_content of 3 bytes } } }
        QTest::addRow("tensor_content size")
            << oneRecord(QStringLiteral("events.out.tfevents.content"),
                         QByteArray("\x2a\x0e\x0a\x0c\x0a\x01"
                                    "x\x42\x07\x08\x01\x22\x03"
                                    "abc",
                                    16))
            << QStringList {QStringLiteral("scalar tensor of 'x' (dtype 1) has 3 bytes of tensor_content, not 4")};
    }

    void damagedEventFiles()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, fragments);
        const QString message = test::errorOfType<FormatError>([&] { readTrainingLog(file.toStdString()); });
        for (const QString& f : fragments)
            QVERIFY2(message.contains(f), qPrintable(QStringLiteral("'%1' lacks '%2'").arg(message, f)));
    }

    // A writer still writing: the last record cut short is left out with a warning naming it.
    void truncatedLastRecord()
    {
        const qint64 last = m_records.back();
        for (const qint64 cut : {last + 5, last + 12, last + 20}) {
            const QString file = damaged(QStringLiteral("events.out.tfevents.cut%1").arg(cut), cut, {}, true);
            const TrainingLog log = readTrainingLog(file.toStdString());
            QCOMPARE(log.warnings.size(), size_t(2)); // the cut record, the NaN loss before it
            const QString warning = QString::fromStdString(log.warnings[0]);
            QVERIFY2(warning.contains(file)
                         && warning.contains(QStringLiteral("record at byte %1 is cut short").arg(last)),
                     qPrintable(warning));
            // The last record rewrote step 280's loss; without it the first value stands.
            const ScalarSeries* loss = log.find("train/loss");
            QVERIFY(loss);
            QCOMPARE(loss->points.back().step, int64_t(280));
            QCOMPARE(loss->points.back().value, double(float(10.0 * std::exp(-280.0 / 120.0) + 2.0)));
        }
    }

    // A W&B history export: _step, W&B's own columns, empty cells where a metric was not logged at a
    // step, NaN, a quoted header with a comma, a text column.
    void wandbCsv()
    {
        const QString file =
            test::writeFile(m_dir.filePath(QStringLiteral("wandb.csv")),
                            "_step,_runtime,_timestamp,train/lr,train/loss,\"eval/acc, top1\",media\r\n"
                            "0,1.5,1700000000,0,10.5,,img_0.png\r\n"
                            "10,3.0,1700000010,1e-4,8.25,,\r\n"
                            "20,4.5,1700000020,2e-4,NaN,0.5,img_1.png\r\n"
                            "30,6.0,1700000030,,7,\"0.625\",\r\n");
        const TrainingLog log = readTrainingLog(file.toStdString());
        QCOMPARE(log.tags(), (std::vector<std::string> {"eval/acc, top1", "train/loss", "train/lr"}));
        const auto points = [&](const char* tag) {
            std::vector<std::pair<double, double>> out;
            for (const ScalarPoint& p : log.find(tag)->points)
                out.emplace_back(double(p.step), p.value);
            return out;
        };
        QCOMPARE(points("train/lr"), (std::vector<std::pair<double, double>> {{0, 0}, {10, 1e-4}, {20, 2e-4}}));
        QCOMPARE(points("train/loss"), (std::vector<std::pair<double, double>> {{0, 10.5}, {10, 8.25}, {30, 7}}));
        QCOMPARE(points("eval/acc, top1"), (std::vector<std::pair<double, double>> {{20, 0.5}, {30, 0.625}}));
        QCOMPARE(log.warnings.size(), size_t(1));
        QVERIFY(QString::fromStdString(log.warnings[0]).contains(QStringLiteral("column 'media' holds no number")));
        QCOMPARE(findLrTag(log), std::string("train/lr"));
        QCOMPARE(findLossTag(log), std::string("train/loss"));
        QCOMPARE(findLrTag(log, "eval/acc, top1"), std::string("eval/acc, top1"));
        const QString message = test::errorOfType<ConfigError>([&] { findLrTag(log, "optim/lr"); });
        QVERIFY2(message.contains(QStringLiteral("no LR tag 'optim/lr'"))
                     && message.contains(QStringLiteral("eval/acc, top1, train/loss, train/lr")),
                 qPrintable(message));
    }

    void malformedCsv_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        QTest::addRow("no step column") << QByteArray("lr,loss\n1,2\n") << QStringLiteral("needs a header with a step");
        QTest::addRow("bad step") << QByteArray("_step,lr\n1,2\n-3,1\n")
                                  << QStringLiteral("line 3, column _step: '-3' is not a whole number");
        QTest::addRow("empty step") << QByteArray("_step,lr\n,2\n") << QStringLiteral("line 2, column _step: ''");
        QTest::addRow("text in numbers") << QByteArray("_step,lr\n1,2\n2,3e-4x\n")
                                         << QStringLiteral("line 3, column lr: '3e-4x' is not a number");
        QTest::addRow("cells") << QByteArray("_step,lr\n1,2,3\n")
                               << QStringLiteral("line 2: 3 cells, the header names 2 columns");
        QTest::addRow("open quote") << QByteArray("_step,lr\n1,\"2\n") << QStringLiteral("line 2: a quoted cell");
        QTest::addRow("twice") << QByteArray("_step,lr,lr\n1,2,3\n") << QStringLiteral("column 'lr' appears twice");
        QTest::addRow("no rows") << QByteArray("_step,lr\n\n") << QStringLiteral("has no rows");
        QTest::addRow("only text") << QByteArray("_step,note\n1,hello\n") << QStringLiteral("holds no scalar");
    }

    void malformedCsv()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        const QString file = test::writeFile(m_dir.filePath(QStringLiteral("bad.csv")), text);
        const QString message = test::errorOfType<FormatError>([&] { readTrainingLog(file.toStdString()); });
        QVERIFY2(message.contains(file) && message.contains(expected), qPrintable(message));
    }

    // W&B's history as JSON lines (wandb-history.jsonl): NaN and Infinity as Python writes them, null,
    // nested objects, media objects, strings.
    void wandbJsonl()
    {
        const QString file = test::writeFile(
            m_dir.filePath(QStringLiteral("history.jsonl")),
            "{\"_step\": 0, \"_runtime\": 1.2, \"train/lr\": 0.0, \"train/loss\": 9.5, \"note\": \"NaN here\"}\n"
            "\n"
            "{\"_step\": 5, \"train/lr\": 5e-5, \"train/loss\": NaN, \"optim\": {\"grad_norm\": 1.5}}\n"
            "{\"_step\": 10.0, \"train/lr\": 1e-4, \"train/loss\": 8.0, \"img\": {\"_type\": \"image-file\", "
            "\"width\": 8}, \"x\": Infinity, \"y\": -Infinity, \"z\": null, \"ok\": true, \"list\": [1, 2]}\n");
        const TrainingLog log = readTrainingLog(file.toStdString());
        QCOMPARE(log.tags(), (std::vector<std::string> {"optim/grad_norm", "train/loss", "train/lr"}));
        QCOMPARE(log.find("train/lr")->points.size(), size_t(3));
        QCOMPARE(log.find("train/lr")->points[1].value, 5e-5);
        QCOMPARE(log.find("train/lr")->points[2].step, int64_t(10));
        QCOMPARE(log.find("train/loss")->points.size(), size_t(2)); // NaN: not logged
        QCOMPARE(log.find("train/loss")->points[1].value, 8.0);
        QCOMPARE(log.find("optim/grad_norm")->points[0].step, int64_t(5));
        for (const auto& [bad, expected] : std::vector<std::pair<QByteArray, QString>> {
                 {"{\"_step\": 1, \"lr\": 2\n", QStringLiteral("line 1: not JSON")},
                 {"[1, 2]\n", QStringLiteral("line 1: not a JSON object")},
                 {"{\"lr\": 2}\n", QStringLiteral("line 1: no step key")},
                 {"{\"lr\": 1, \"_step\": 1}\n{\"_step\": 2.5}\n",
                  QStringLiteral("line 2: _step = 2.5 is not a whole number")}}) {
            const QString path = test::writeFile(m_dir.filePath(QStringLiteral("bad.jsonl")), bad);
            const QString message = test::errorOfType<FormatError>([&] { readTrainingLog(path.toStdString()); });
            QVERIFY2(message.contains(path) && message.contains(expected), qPrintable(message));
        }
    }

    // The import: revisions get the LR interpolated from the log, the run the log's full curve and every
    // series; h5py sees them where docs/store-format.md says.
    void importWithEventLog()
    {
        const QString storePath = m_dir.filePath(QStringLiteral("import.h5"));
        Store store = Store::create(storePath.toStdString());
        HfImportOptions options = importOptions();
        options.log = m_logs.toStdString();
        QStringList reports;
        options.report = [&](const std::string& line) { reports << QString::fromStdString(line); };
        QCOMPARE(importHfTrajectory(store, "tb", options).size(), size_t(3));
        QVERIFY2(reports.join(QLatin1Char('\n'))
                     .contains(QStringLiteral("LR 'train/lr' (15 points), loss 'train/loss' "
                                              "(15 points), 9 series in all")),
                 qPrintable(reports.join(QLatin1Char('\n'))));

        const auto& lr = m_expected.at("train/lr");
        const auto& loss = m_expected.at("train/loss");
        const auto checkpoints = store.checkpoints("tb");
        QCOMPARE(checkpoints.size(), size_t(3));
        for (const CheckpointRow& row : checkpoints) {
            const double want = interpolate(lr, double(row.step));
            QVERIFY2(std::abs(row.lr - want) <= 1e-15 * std::abs(want),
                     qPrintable(QStringLiteral("step %1: lr %2, want %3").arg(row.step).arg(row.lr).arg(want)));
        }
        // Step 290 lies past the last logged LR (280): the last value.
        QCOMPARE(checkpoints[2].lr, lr.back().second);

        // The log table: the union of the LR and loss steps (the same here), logged values exactly; tokens
        // at the nearest revision's tokens per step (4e6 at every revision).
        const auto log = store.log("tb");
        QCOMPARE(log.size(), lr.size());
        for (size_t i = 0; i < log.size(); ++i) {
            QCOMPARE(double(log[i].step), lr[i].first);
            QCOMPARE(log[i].lr, lr[i].second);
            QCOMPARE(log[i].trainLoss, loss[i].second);
            QCOMPARE(log[i].tokens, int64_t(log[i].step) * 4'000'000);
        }

        // Every series under scalars/, as h5py reads it.
        QProcess proc;
        proc.start(QStringLiteral(QS_SYSTEM_PYTHON),
                   {test::supportDir() + QStringLiteral("/read_store.py"), storePath});
        QVERIFY(proc.waitForFinished(120000));
        QVERIFY2(proc.exitCode() == 0, proc.readAllStandardError().constData());
        const QJsonObject scalars = QJsonDocument::fromJson(proc.readAllStandardOutput())
                                        .object()[QStringLiteral("runs")]
                                        .toObject()[QStringLiteral("tb")]
                                        .toObject()[QStringLiteral("scalars")]
                                        .toObject();
        QCOMPARE(scalars.size(), int(m_expected.size()));
        for (const auto& [tag, points] : m_expected) {
            const QJsonObject series = scalars[QString::fromStdString(tag)].toObject();
            const QJsonArray steps = series[QStringLiteral("step")].toArray();
            const QJsonArray values = series[QStringLiteral("value")].toArray();
            QCOMPARE(steps.size(), qsizetype(points.size()));
            for (size_t i = 0; i < points.size(); ++i) {
                QCOMPARE(steps[qsizetype(i)].toDouble(), points[i].first);
                QCOMPARE(values[qsizetype(i)].toDouble(), points[i].second);
            }
        }
        QCOMPARE(scalars[QStringLiteral("train/lr")].toObject()[QStringLiteral("group")].toString(),
                 QStringLiteral("train%2Flr"));
        QCOMPARE(store.scalarTags("tb").size(), m_expected.size());
        QCOMPARE(store.scalars("tb", "no such tag").size(), size_t(0));

        // Importing again adds nothing and leaves the file as it was.
        const QByteArray before = fileBytes(storePath);
        QCOMPARE(importHfTrajectory(store, "tb", options).size(), size_t(0));
        QCOMPARE(store.log("tb").size(), lr.size());
        QCOMPARE(fileBytes(storePath), before);
    }

    // A W&B export with an LR column of its own name, a loss logged at other steps than the LR.
    void importWithWandbLog()
    {
        const QString file = test::writeFile(m_dir.filePath(QStringLiteral("history.csv")),
                                             "_step,lr-AdamW,loss,_runtime\n"
                                             "0,0,,0\n"
                                             "100,1e-3,5.0,1\n"
                                             "150,,4.5,2\n"
                                             "200,5e-4,,3\n"
                                             "300,0,4.0,4\n");
        Store store = Store::create(path(QStringLiteral("wandb.h5")));
        HfImportOptions options = importOptions();
        options.log = file.toStdString();
        options.tokensPerStep = 1000.0;
        importHfTrajectory(store, "wb", options);
        const auto checkpoints = store.checkpoints("wb");
        QCOMPARE(checkpoints[0].lr, 1e-3);                     // step 100: logged
        QVERIFY(std::abs(checkpoints[1].lr - 2.5e-4) < 1e-18); // 250: halfway from 5e-4 (200) to 0 (300)
        QVERIFY(std::abs(checkpoints[2].lr - 0.5e-4) < 1e-18); // 290: a tenth of 5e-4 left
        const auto log = store.log("wb");
        QCOMPARE(log.size(), size_t(5));
        QCOMPARE(log[2].step, int64_t(150));
        QVERIFY(std::abs(log[2].lr - 7.5e-4) < 1e-18); // only the loss was logged at 150: LR interpolated
        QCOMPARE(log[2].trainLoss, 4.5);
        QVERIFY(std::isnan(log[0].trainLoss)); // step 0 logged no loss
        QCOMPARE(log[4].tokens, int64_t(300'000));
        QCOMPARE(store.scalarTags("wb"), (std::vector<std::string> {"loss", "lr-AdamW"}));
        QCOMPARE(store.scalars("wb", "loss").size(), size_t(3));
    }

    // A failed import names the problem and leaves the store as it was, byte for byte.
    void failedImportChangesNothing_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addColumn<QString>("lrTag");
        QTest::addColumn<QString>("expected");
        QTest::addRow("data CRC") << damaged(QStringLiteral("events.out.tfevents.crc2"), m_records[2] + 14, "\x55")
                                  << QString() << QStringLiteral("CRC of its data does not match");
        QTest::addRow("garbage") << test::writeFile(m_dir.filePath(QStringLiteral("x.tfevents")), QByteArray(40, 'x'))
                                 << QString() << QStringLiteral("record at byte 0");
        QTest::addRow("unknown tag") << m_logs << QStringLiteral("optim/lr") << QStringLiteral("no LR tag 'optim/lr'");
        QTest::addRow("LR out of range") << m_logs << QStringLiteral("tokens_seen")
                                         << QStringLiteral("the LR series 'tokens_seen' has");
        QTest::addRow("no LR, no loss") << test::writeFile(m_dir.filePath(QStringLiteral("other.csv")),
                                                           "step,acc\n1,0.5\n")
                                        << QString() << QStringLiteral("no LR and no training-loss series");
    }

    void failedImportChangesNothing()
    {
        QFETCH(QString, log);
        QFETCH(QString, lrTag);
        QFETCH(QString, expected);
        const QString storePath = m_dir.filePath(QStringLiteral("failed.h5"));
        {
            Store store = Store::openOrCreate(storePath.toStdString());
            if (!store.hasRun("first"))
                importHfTrajectory(store, "first", importOptions());
        }
        const QByteArray before = fileBytes(storePath);
        Store store = Store::open(storePath.toStdString(), Store::Mode::ReadWrite);
        HfImportOptions options = importOptions();
        options.log = log.toStdString();
        options.lrTag = lrTag.toStdString();
        for (const char* run : {"first", "second"}) {
            const QString message = test::errorOf([&] { importHfTrajectory(store, run, options); });
            QVERIFY2(message.contains(expected), qPrintable(message));
        }
        QCOMPARE(store.runs(), std::vector<std::string> {"first"});
        QCOMPARE(fileBytes(storePath), before);
    }

    // quantscope import --log: the CLI's words, and its usage checks.
    void commandLine()
    {
        const QString store = m_dir.filePath(QStringLiteral("cli.h5"));
        const auto r = test::runCli({QStringLiteral("import"), QStringLiteral("--store"), store,
                                     QStringLiteral("--run"), QStringLiteral("cli"), QStringLiteral("--tokens"),
                                     m_tokens, QStringLiteral("--seq-len"), QStringLiteral("8"),
                                     QStringLiteral("--val-sequences"), QStringLiteral("2"), QStringLiteral("--log"),
                                     m_logs, QStringLiteral("--loss-tag"), QStringLiteral("eval/loss"), m_revisions});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("loss 'eval/loss' (3 points)")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("warning: ")) && r.out.contains(QStringLiteral("non-finite")),
                 qPrintable(r.out));
        // The LR's steps 0, 20, …, 280 and the eval loss's 100, 200, 300.
        QCOMPARE(Store::open(store.toStdString()).log("cli").size(), size_t(16));
        const auto usage = test::runCli({QStringLiteral("import"), QStringLiteral("--store"), store,
                                         QStringLiteral("--run"), QStringLiteral("x"), QStringLiteral("--tokens"),
                                         m_tokens, QStringLiteral("--lr-tag"), QStringLiteral("lr"), m_revisions});
        QVERIFY(usage.exitCode != 0);
        QVERIFY2(usage.err.contains(QStringLiteral("--lr-tag names a series of the --log training log")),
                 qPrintable(usage.err));
    }
};

QS_TEST_GUILESS_MAIN(TstTrainingLog)
#include "tst_traininglog.moc"
