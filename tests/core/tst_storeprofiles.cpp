// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Per-channel profiles in the store: one [checkpoint, Σ input channels] float32 dataset per profile,
// read back one layer at a time, refused when the sizes do not match the run's layers, and readable
// by h5py.

#include "core/common/errors.h"
#include "core/store/store.h"
#include "tests/support/storefiles.h"
#include "tests/support/storesample.h"
#include "tests/support/testutils.h"

#include <H5Cpp.h>

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace qs;
using namespace qs::test;

class TstStoreProfiles : public QObject
{
    Q_OBJECT

private:
    StoreFiles m_files;

private slots:
    void initTestCase() { QVERIFY(m_files.isValid()); }

    void profilesRoundTrip()
    {
        const QString path = m_files.freshPath();
        {
            Store store = Store::create(path.toStdString());
            store.createRun(sampleRunInfo(), sampleLayers());
            for (const CheckpointRow& row : sampleCheckpoints)
                store.appendCheckpoint(runName, row);
            store.ensureConfig(runName, rtnId, rtnJson);
            store.ensureConfig(runName, gptqId, gptqJson);
            QVERIFY(store.profileNames(runName, rtnId).empty());
            // Out of order: checkpoint 2 first, then 0; checkpoint 1 stays undone.
            store.writeResult(runName, rtnId, 2, withProfiles(rtnRow2(), 2));
            store.writeResult(runName, rtnId, 0, withProfiles(rtnRow0(), 0));
            // A profile that only checkpoint 0 of gptq has.
            ResultEntry g = gptqRow1();
            g.profiles["act_channel_absmax"] = sampleProfile(7);
            store.writeResult(runName, gptqId, 0, g);
            store.writeResult(runName, gptqId, 2, gptqRow1());
        }

        const Store store = Store::open(path.toStdString());
        QCOMPARE(store.profileNames(runName, rtnId),
                 (std::vector<std::string> {"act_channel_absmax", "act_channel_rms"}));
        const auto layers = sampleLayers();
        for (int checkpoint : {0, 2}) {
            for (int l = 0; l < int(layers.size()); ++l) {
                const std::vector<float> absmax = store.profile(runName, rtnId, "act_channel_absmax", checkpoint, l);
                const std::vector<float> rms = store.profile(runName, rtnId, "act_channel_rms", checkpoint, l);
                QCOMPARE(absmax.size(), size_t(layers[size_t(l)].cols));
                QCOMPARE(rms.size(), size_t(layers[size_t(l)].cols));
                for (int c = 0; c < int(absmax.size()); ++c) {
                    QCOMPARE(absmax[size_t(c)], profileValue(checkpoint, l, c));
                    QCOMPARE(rms[size_t(c)], 0.25f * profileValue(checkpoint, l, c));
                }
            }
        }
        // Spot checks against literals: layer 1 (cols 256) channel 255 of checkpoint 2 is
        // 2·10⁴ + 1000 + 255 + 0.5; layer 2 channel 0 of checkpoint 0 is 2000.5.
        QCOMPARE(store.profile(runName, rtnId, "act_channel_absmax", 2, 1).back(), 21255.5f);
        QCOMPARE(store.profile(runName, rtnId, "act_channel_absmax", 0, 2).front(), 2000.5f);
        // Not done, or beyond the stored rows: nothing.
        QVERIFY(store.profile(runName, rtnId, "act_channel_absmax", 1, 0).empty());
        QVERIFY(store.profile(runName, rtnId, "act_channel_absmax", 3, 0).empty());
        QVERIFY(store.profile(runName, rtnId, "act_channel_absmax", -1, 0).empty());

        // Scalar and layer metrics are unaffected by the profiles next to them.
        const ConfigResults rtn = store.results(runName, rtnId);
        QCOMPARE(rtn.done, (std::vector<uint8_t> {1, 0, 1}));
        QVERIFY(sameBits(rtn.model.at("ce"), {4.0, qnan, 2.75}));
        QVERIFY(sameBits(rtn.layers.at("w_rel_err")[2], {0.15, 0.25, 0.35}));

        // gptq row 2 is done but did not write the profile: it reads NaN, one per channel.
        QCOMPARE(store.profileNames(runName, gptqId), std::vector<std::string> {"act_channel_absmax"});
        QCOMPARE(store.profile(runName, gptqId, "act_channel_absmax", 0, 1).front(), profileValue(7, 1, 0));
        const std::vector<float> missing = store.profile(runName, gptqId, "act_channel_absmax", 2, 1);
        QCOMPARE(missing.size(), size_t(256));
        QVERIFY(std::all_of(missing.begin(), missing.end(), [](float v) { return std::isnan(v); }));

        // Bad layer index or unknown profile: a ConfigError naming what is wrong.
        for (int layer : {-1, 3}) {
            const auto msg =
                thrownMessage<ConfigError>([&] { store.profile(runName, rtnId, "act_channel_absmax", 0, layer); });
            QVERIFY2(msg && msg->contains(QStringLiteral("3 layers")), msg ? qPrintable(*msg) : "no ConfigError");
        }
        const auto unknown = thrownMessage<ConfigError>([&] { store.profile(runName, rtnId, "nope", 0, 0); });
        QVERIFY2(unknown && unknown->contains(QStringLiteral("nope")),
                 unknown ? qPrintable(*unknown) : "no ConfigError");
        QVERIFY(thrownMessage<ConfigError>([&] { store.profile(runName, rtnId, "a/b", 0, 0); }));
        QVERIFY(thrownMessage<ConfigError>([&] { store.profile(runName, "no-config", "act_channel_absmax", 0, 0); }));
        QVERIFY(thrownMessage<ConfigError>([&] { store.profileNames(runName, "no-config"); }));
        QVERIFY(thrownMessage<ConfigError>([&] { store.profile("no-run", rtnId, "act_channel_absmax", 0, 0); }));
    }

    void profileOnDisk()
    {
        // Independent of Store's reader: <config>/profiles/<metric> is float32 [checkpoints, Σcols] with
        // Σcols = 64 + 256 + 64 = 384, layers side by side.
        const QString path = m_files.freshPath();
        {
            Store store = Store::create(path.toStdString());
            writeSample(store);
            store.writeResult(runName, rtnId, 1, withProfiles(rtnRow0(), 1));
        }
        H5::H5File file(path.toStdString(), H5F_ACC_RDONLY);
        const H5::DataSet ds =
            file.openDataSet(std::string("/runs/") + runName + "/configs/" + rtnId + "/profiles/act_channel_absmax");
        QVERIFY(ds.getDataType() == H5::PredType::IEEE_F32LE);
        hsize_t dims[2] = {0, 0};
        QCOMPARE(ds.getSpace().getSimpleExtentNdims(), 2);
        ds.getSpace().getSimpleExtentDims(dims);
        QCOMPARE(dims[0], hsize_t(3));
        QCOMPARE(dims[1], hsize_t(384));
        std::vector<float> cells(3 * 384);
        ds.read(cells.data(), H5::PredType::NATIVE_FLOAT);
        // Row 1, column 64 is layer 1's channel 0; column 320 is layer 2's channel 0.
        QCOMPARE(cells[384 + 0], profileValue(1, 0, 0));
        QCOMPARE(cells[384 + 63], profileValue(1, 0, 63));
        QCOMPARE(cells[384 + 64], profileValue(1, 1, 0));
        QCOMPARE(cells[384 + 319], profileValue(1, 1, 255));
        QCOMPARE(cells[384 + 320], profileValue(1, 2, 0));
        // Rows 0 and 2 were written before the profile existed: fill value NaN.
        QVERIFY(std::isnan(cells[0]) && std::isnan(cells[2 * 384 + 383]));
    }

    void profileRejectsWrongSize()
    {
        const QString path = m_files.freshPath();
        Store store = Store::create(path.toStdString());
        writeSample(store);
        ResultEntry good = withProfiles(rtnRow0(), 1);
        store.writeResult(runName, gptqId, 2, good);

        const auto refused = [&](ResultEntry entry, int checkpoint) {
            return thrownMessage<ConfigError>([&] { store.writeResult(runName, rtnId, checkpoint, entry); });
        };
        // Layer 1 has 256 input channels, not 255.
        ResultEntry shortLayer = withProfiles(rtnRow2(), 1);
        shortLayer.profiles["act_channel_absmax"][1].pop_back();
        auto msg = refused(shortLayer, 1);
        QVERIFY2(msg && msg->contains(QStringLiteral("act_channel_absmax")), msg ? qPrintable(*msg) : "no ConfigError");
        // One value too many for layer 0.
        ResultEntry longLayer = withProfiles(rtnRow2(), 1);
        longLayer.profiles["act_channel_rms"][0].push_back(1.0f);
        msg = refused(longLayer, 1);
        QVERIFY2(msg && msg->contains(QStringLiteral("act_channel_rms")), msg ? qPrintable(*msg) : "no ConfigError");
        // Two layers' vectors for a three-layer run; the same total count in the wrong split.
        ResultEntry twoLayers = rtnRow2();
        twoLayers.profiles["p"] = {std::vector<float>(64, 1.0f), std::vector<float>(256, 1.0f)};
        QVERIFY(refused(twoLayers, 1));
        ResultEntry wrongSplit = rtnRow2();
        wrongSplit.profiles["p"] = {std::vector<float>(256, 1.0f), std::vector<float>(64, 1.0f),
                                    std::vector<float>(64, 1.0f)};
        QVERIFY(refused(wrongSplit, 1));
        ResultEntry badName = withProfiles(rtnRow2(), 1);
        badName.profiles["a/b"] = sampleProfile(1);
        QVERIFY(refused(badName, 1));
        // Redoing a done row with a bad profile must not cost that row its done flag or its values.
        QVERIFY(refused(shortLayer, 0));

        // Nothing of the rejected writes landed: the sample's rows as writeSample left them.
        QVERIFY(!store.hasResult(runName, rtnId, 1));
        QVERIFY(store.hasResult(runName, rtnId, 0));
        const ConfigResults rtn = store.results(runName, rtnId);
        QCOMPARE(rtn.done, (std::vector<uint8_t> {1, 0, 1}));
        QVERIFY(sameBits(rtn.model.at("ce"), {4.0, qnan, 2.75}));
        QVERIFY(sameBits(rtn.layers.at("w_rel_err")[0], {0.1, 0.2, 0.3}));
        QVERIFY(store.profileNames(runName, rtnId).empty());
        // The other config's profile is untouched.
        QCOMPARE(store.profile(runName, gptqId, "act_channel_rms", 2, 2).back(), 0.25f * profileValue(1, 2, 63));
    }

    void pythonSeesProfiles()
    {
        QString why;
        const QString python = qs::test::peerPython(&why);
        if (python.isEmpty())
            QFAIL(qPrintable(why));
        const QString path = m_files.freshPath();
        {
            Store store = Store::create(path.toStdString());
            writeSample(store);
            store.writeResult(runName, rtnId, 2, withProfiles(rtnRow2(), 2));
        }
        // h5py alone, as a user's notebook would read it.
        const QString script = QStringLiteral(R"(
import json, sys, h5py
with h5py.File(sys.argv[1], "r") as f:
    ds = f["runs"][sys.argv[2]]["configs"][sys.argv[3]]["profiles"]["act_channel_absmax"]
    print(json.dumps({"shape": list(ds.shape), "dtype": str(ds.dtype),
                      "maxshape": [m if m is not None else -1 for m in ds.maxshape],
                      "names": list(f["runs"][sys.argv[2]]["configs"][sys.argv[3]]["profiles"].keys()),
                      "row2": [float(v) for v in ds[2, [0, 64, 319, 320, 383]]]}))
)");
        QProcess proc;
        proc.start(python, {QStringLiteral("-c"), script, path, QString::fromUtf8(runName), QString::fromUtf8(rtnId)});
        QVERIFY(proc.waitForFinished(120000));
        const QByteArray err = proc.readAllStandardError();
        QVERIFY2(proc.exitStatus() == QProcess::NormalExit && proc.exitCode() == 0, err.constData());
        const QJsonObject out = QJsonDocument::fromJson(proc.readAllStandardOutput()).object();
        QCOMPARE(out[QStringLiteral("shape")].toArray(), (QJsonArray {3, 384}));
        QCOMPARE(out[QStringLiteral("dtype")].toString(), QStringLiteral("float32"));
        QCOMPARE(out[QStringLiteral("maxshape")].toArray(), (QJsonArray {-1, 384}));
        QCOMPARE(out[QStringLiteral("names")].toArray(),
                 (QJsonArray {QStringLiteral("act_channel_absmax"), QStringLiteral("act_channel_rms")}));
        // Columns 0, 64, 319, 320, 383: layer 0 ch 0, layer 1 ch 0, layer 1 ch 255, layer 2 ch 0, layer 2 ch 63
        // of checkpoint 2 → 20000.5, 21000.5, 21255.5, 22000.5, 22063.5.
        QCOMPARE(out[QStringLiteral("row2")].toArray(), (QJsonArray {20000.5, 21000.5, 21255.5, 22000.5, 22063.5}));
    }
};

QS_TEST_GUILESS_MAIN(TstStoreProfiles)
#include "tst_storeprofiles.moc"
