// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/errors.h"
#include "core/store/store.h"
#include "core/store/storerepair.h"
#include "tests/support/storefiles.h"
#include "tests/support/storesample.h"
#include "tests/support/testutils.h"

#include <H5Cpp.h>

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>

using namespace qs;
using namespace qs::test;

class TstStore : public QObject
{
    Q_OBJECT

private:
    StoreFiles m_files;

private slots:
    void initTestCase() { QVERIFY(m_files.isValid()); }

    void roundTrip()
    {
        const QString path = m_files.sampleStore();
        const Store store = Store::open(path.toStdString());
        QCOMPARE(store.path(), path.toStdString());
        QCOMPARE(store.runs(), std::vector<std::string> {runName});
        QVERIFY(store.hasRun(runName));
        QVERIFY(!store.hasRun("other"));
        QVERIFY(!store.hasRun("bad/name"));

        const RunInfo info = store.runInfo(runName);
        const RunInfo want = sampleRunInfo();
        QCOMPARE(info.name, want.name);
        QCOMPARE(info.modelConfigJson, want.modelConfigJson);
        QCOMPARE(info.trainConfigJson, want.trainConfigJson);
        QCOMPARE(info.corpus, want.corpus);
        QCOMPARE(info.corpusPath, want.corpusPath);
        QCOMPARE(info.schedule, want.schedule);

        const auto layers = store.layers(runName);
        const auto wantLayers = sampleLayers();
        QCOMPARE(layers.size(), wantLayers.size());
        for (size_t i = 0; i < layers.size(); ++i) {
            QCOMPARE(layers[i].name, wantLayers[i].name);
            QCOMPARE(layers[i].block, wantLayers[i].block);
            QCOMPARE(layers[i].kind, wantLayers[i].kind);
            QCOMPARE(layers[i].rows, wantLayers[i].rows);
            QCOMPARE(layers[i].cols, wantLayers[i].cols);
        }

        const auto log = store.log(runName);
        const auto wantLog = sampleLog(1, 5);
        QCOMPARE(log.size(), wantLog.size());
        for (size_t i = 0; i < log.size(); ++i) {
            QCOMPARE(log[i].step, wantLog[i].step);
            QCOMPARE(log[i].tokens, wantLog[i].tokens);
            QVERIFY(sameBits(log[i].lr, wantLog[i].lr));
            QVERIFY(sameBits(log[i].trainLoss, wantLog[i].trainLoss));
        }

        const auto val = store.validation(runName);
        QCOMPARE(val.size(), sampleVal.size());
        for (size_t i = 0; i < val.size(); ++i) {
            QCOMPARE(val[i].step, sampleVal[i].step);
            QCOMPARE(val[i].tokens, sampleVal[i].tokens);
            QVERIFY(sameBits(val[i].valLoss, sampleVal[i].valLoss));
        }

        const auto ckpts = store.checkpoints(runName);
        QCOMPARE(ckpts.size(), sampleCheckpoints.size());
        for (size_t i = 0; i < ckpts.size(); ++i) {
            QCOMPARE(ckpts[i].step, sampleCheckpoints[i].step);
            QCOMPARE(ckpts[i].tokens, sampleCheckpoints[i].tokens);
            QVERIFY(sameBits(ckpts[i].lr, sampleCheckpoints[i].lr));
            QVERIFY(sameBits(ckpts[i].fpValCe, i == 1 ? 3.125 : sampleCheckpoints[i].fpValCe));
            QCOMPARE(ckpts[i].path, sampleCheckpoints[i].path);
            QCOMPARE(ckpts[i].kind, sampleCheckpoints[i].kind);
            QCOMPARE(ckpts[i].provenance, sampleCheckpoints[i].provenance);
        }

        QCOMPARE(store.configIds(runName), (std::vector<std::string> {rtnId, gptqId}));
        QCOMPARE(store.configJson(runName, rtnId), std::string(rtnJson));
        QCOMPARE(store.configJson(runName, gptqId), std::string(gptqJson));

        const ConfigResults rtn = store.results(runName, rtnId);
        QCOMPARE(rtn.configId, std::string(rtnId));
        QCOMPARE(rtn.configJson, std::string(rtnJson));
        QCOMPARE(rtn.done, (std::vector<uint8_t> {1, 0, 1}));
        QCOMPARE(rtn.model.size(), size_t(2));
        QVERIFY(sameBits(rtn.model.at("ce"), {4.0, qnan, 2.75}));
        QVERIFY(sameBits(rtn.model.at("delta_ce"), {0.1, qnan, 0.25}));
        QCOMPARE(rtn.layers.size(), size_t(2));
        const auto& rel = rtn.layers.at("w_rel_err");
        QCOMPARE(rel.size(), size_t(3));
        QVERIFY(sameBits(rel[0], {0.1, 0.2, 0.3}));
        QVERIFY(sameBits(rel[1], {qnan, qnan, qnan}));
        QVERIFY(sameBits(rel[2], {0.15, 0.25, 0.35}));
        QVERIFY(sameBits(rtn.layers.at("sqnr_db")[2], {19.0, 17.0, 15.0}));

        const ConfigResults gptq = store.results(runName, gptqId);
        QCOMPARE(gptq.done, (std::vector<uint8_t> {0, 1, 0}));
        QVERIFY(sameBits(gptq.model.at("kl_mean"), {qnan, 0.0625, qnan}));
        QVERIFY(sameBits(gptq.layers.at("gptq_loss")[1], {1.5, 2.5, 3.5}));

        QVERIFY(store.hasResult(runName, rtnId, 0));
        QVERIFY(!store.hasResult(runName, rtnId, 1));
        QVERIFY(store.hasResult(runName, rtnId, 2));
        QVERIFY(!store.hasResult(runName, rtnId, 3));
        QVERIFY(!store.hasResult(runName, rtnId, -1));
        QVERIFY(!store.hasResult(runName, "unknown-config", 0));
        QVERIFY(thrownMessage<ConfigError>([&] { store.hasResult("no-such-run", rtnId, 0); }));
    }

    void appendAfterReopenKeepsRows()
    {
        const QString path = m_files.sampleStore();
        std::vector<LogRow> logBefore;
        std::vector<CheckpointRow> ckptBefore;
        ConfigResults rtnBefore;
        {
            const Store store = Store::open(path.toStdString());
            logBefore = store.log(runName);
            ckptBefore = store.checkpoints(runName);
            rtnBefore = store.results(runName, rtnId);
        }
        {
            Store store = Store::open(path.toStdString(), Store::Mode::ReadWrite);
            store.appendLog(runName, sampleLog(6, 9));
            store.appendValidation(runName, {{6, 24576, 3.75}});
            QCOMPARE(store.appendCheckpoint(runName,
                                            {40, 163840, 0.0001, 2.25, "ckpt/step40.safetensors", "trained", "", ""}),
                     3);
            // A new metric at a later row: its earlier rows read NaN.
            ResultEntry row3 = rtnRow0();
            row3.model["ppl"] = 9.5;
            store.writeResult(runName, rtnId, 3, row3);
            store.writeResult(runName, rtnId, 1, rtnRow2());
        }

        const Store store = Store::open(path.toStdString());
        const auto log = store.log(runName);
        QCOMPARE(log.size(), logBefore.size() + 4);
        for (size_t i = 0; i < logBefore.size(); ++i) {
            QCOMPARE(log[i].step, logBefore[i].step);
            QCOMPARE(log[i].tokens, logBefore[i].tokens);
            QVERIFY(sameBits(log[i].lr, logBefore[i].lr));
            QVERIFY(sameBits(log[i].trainLoss, logBefore[i].trainLoss));
        }
        QCOMPARE(log.back().step, int64_t(9));
        QCOMPARE(store.validation(runName).size(), sampleVal.size() + 1);

        const auto ckpts = store.checkpoints(runName);
        QCOMPARE(ckpts.size(), ckptBefore.size() + 1);
        for (size_t i = 0; i < ckptBefore.size(); ++i) {
            QCOMPARE(ckpts[i].step, ckptBefore[i].step);
            QVERIFY(sameBits(ckpts[i].fpValCe, ckptBefore[i].fpValCe));
            QCOMPARE(ckpts[i].path, ckptBefore[i].path);
            QCOMPARE(ckpts[i].kind, ckptBefore[i].kind);
        }
        QCOMPARE(ckpts[3].path, std::string("ckpt/step40.safetensors"));

        const ConfigResults rtn = store.results(runName, rtnId);
        QCOMPARE(rtn.done, (std::vector<uint8_t> {1, 1, 1, 1}));
        for (const auto& [name, values] : rtnBefore.model) {
            QVERIFY(sameBits(rtn.model.at(name)[0], values[0]));
            QVERIFY(sameBits(rtn.model.at(name)[2], values[2]));
        }
        for (const auto& [name, matrix] : rtnBefore.layers) {
            QVERIFY(sameBits(rtn.layers.at(name)[0], matrix[0]));
            QVERIFY(sameBits(rtn.layers.at(name)[2], matrix[2]));
        }
        QVERIFY(sameBits(rtn.model.at("ppl"), {qnan, qnan, qnan, 9.5}));
        QVERIFY(sameBits(rtn.model.at("ce")[1], 2.75));
    }

    void gapRowsReadNaN()
    {
        const QString path = m_files.freshPath();
        {
            Store store = Store::create(path.toStdString());
            store.createRun(sampleRunInfo(), sampleLayers());
            for (int i = 0; i < 4; ++i)
                store.appendCheckpoint(runName, {i, i * 100, 0.1, qnan, "c", "trained", "", ""});
            store.ensureConfig(runName, rtnId, rtnJson);
            store.writeResult(runName, rtnId, 0, rtnRow0());
            store.writeResult(runName, rtnId, 1, rtnRow0());
            store.writeResult(runName, rtnId, 3, rtnRow2());
            QVERIFY(store.hasResult(runName, rtnId, 1));
            QVERIFY(!store.hasResult(runName, rtnId, 2));
            QVERIFY(store.hasResult(runName, rtnId, 3));
        }

        // On disk, independent of the Store's own reader: the datasets grew to 4 rows and row 2
        // holds the fill values.
        H5::H5File file(path.toStdString(), H5F_ACC_RDONLY);
        const std::string cfg = std::string("/runs/") + runName + "/configs/" + rtnId;
        const H5::DataSet done = file.openDataSet(cfg + "/model/done");
        hsize_t dims[2] = {0, 0};
        done.getSpace().getSimpleExtentDims(dims);
        QCOMPARE(dims[0], hsize_t(4));
        std::vector<uint8_t> flags(4);
        done.read(flags.data(), H5::PredType::NATIVE_UINT8);
        QCOMPARE(flags, (std::vector<uint8_t> {1, 1, 0, 1}));

        std::vector<double> ce(4);
        file.openDataSet(cfg + "/model/ce").read(ce.data(), H5::PredType::NATIVE_DOUBLE);
        QVERIFY(sameBits(ce, {4.0, 4.0, qnan, 2.75}));

        const H5::DataSet heat = file.openDataSet(cfg + "/layers/w_rel_err");
        heat.getSpace().getSimpleExtentDims(dims);
        QCOMPARE(dims[0], hsize_t(4));
        QCOMPARE(dims[1], hsize_t(3));
        std::vector<double> cells(12);
        heat.read(cells.data(), H5::PredType::NATIVE_DOUBLE);
        QVERIFY(sameBits(std::vector<double>(cells.begin() + 6, cells.begin() + 9), {qnan, qnan, qnan}));
        QVERIFY(sameBits(std::vector<double>(cells.begin() + 9, cells.end()), {0.15, 0.25, 0.35}));
    }

    void resultsShape()
    {
        const QString path = m_files.freshPath();
        Store store = Store::create(path.toStdString());
        store.createRun(sampleRunInfo(), sampleLayers());
        for (int i = 0; i < 5; ++i)
            store.appendCheckpoint(runName, {i, i, 0.0, qnan, "", "trained", "", ""});
        store.ensureConfig(runName, rtnId, rtnJson);

        // Nothing written yet: one row per checkpoint, no metrics.
        ConfigResults res = store.results(runName, rtnId);
        QCOMPARE(res.done, std::vector<uint8_t>(5, 0));
        QVERIFY(res.model.empty());
        QVERIFY(res.layers.empty());

        store.writeResult(runName, rtnId, 1, rtnRow0());
        res = store.results(runName, rtnId);
        QCOMPARE(res.done, (std::vector<uint8_t> {0, 1, 0, 0, 0}));
        for (const auto& [name, values] : res.model)
            QCOMPARE(values.size(), size_t(5));
        for (const auto& [name, matrix] : res.layers) {
            QCOMPARE(matrix.size(), size_t(5));
            for (const auto& row : matrix)
                QCOMPARE(row.size(), sampleLayers().size());
        }
        QVERIFY(std::isnan(res.model.at("ce")[4]));
    }

    // Downstream accuracy (storedownstream.cpp): rows written, redone and read back, NaN and empty where not
    // done; another protocol or another document count refused; h5py reads the datasets; repair copies them.
    void downstreamRoundTrip()
    {
        const QString path = m_files.freshPath();
        Store store = Store::create(path.toStdString());
        store.createRun(sampleRunInfo(), sampleLayers());
        for (int i = 0; i < 4; ++i)
            store.appendCheckpoint(runName,
                                   {10 * (i + 1), 4096 * (i + 1), 0.001, qnan,
                                    "ckpt/step" + std::to_string(i) + ".safetensors", "trained", "", ""});
        store.ensureConfig(runName, rtnId, rtnJson);
        const std::string protocol = R"({"tasks": ["piqa"], "limit": 3})";
        QVERIFY(!store.hasDownstream(runName, rtnId, 1));
        QCOMPARE(store.downstreamProtocol(runName, rtnId), std::string());
        DownstreamEntry e;
        e.metrics = {{"piqa.acc", 2.0 / 3}, {"mean.rel_drop", 0.25}};
        e.correct = {{"acc", {1, 0, 1}}, {"acc_norm", {0, 0, 1}}};
        e.loglik = {-1.5, -2.5, -3.5, -4.5, -5.5, -6.5};
        store.writeDownstream(runName, rtnId, 2, protocol, e);
        DownstreamEntry e0 = e;
        e0.metrics.erase("mean.rel_drop");
        e0.metrics["piqa.acc"] = 1.0;
        e0.correct["acc"] = {1, 1, 1};
        store.writeDownstream(runName, rtnId, 0, R"({"limit": 3, "tasks": ["piqa"]})", e0); // same JSON value
        QVERIFY(store.hasDownstream(runName, rtnId, 2));
        QVERIFY(!store.hasDownstream(runName, rtnId, 1));
        DownstreamResults r = store.downstream(runName, rtnId);
        QCOMPARE(r.done, (std::vector<uint8_t> {1, 0, 1}));
        QCOMPARE(r.metrics.at("piqa.acc")[2], 2.0 / 3);
        QCOMPARE(r.metrics.at("piqa.acc")[0], 1.0);
        QVERIFY(std::isnan(r.metrics.at("piqa.acc")[1]));
        QVERIFY(std::isnan(r.metrics.at("mean.rel_drop")[0])); // the row's entry lacks it
        QCOMPARE(r.correct.at("acc")[0], (std::vector<uint8_t> {1, 1, 1}));
        QVERIFY(r.correct.at("acc")[1].empty());
        QCOMPARE(r.loglik[2], e.loglik);
        // A row redone holds only the new entry's metrics.
        DownstreamEntry redo = e;
        redo.metrics.erase("mean.rel_drop");
        store.writeDownstream(runName, rtnId, 2, protocol, redo);
        QVERIFY(std::isnan(store.downstream(runName, rtnId).metrics.at("mean.rel_drop")[2]));
        // Another protocol, or as many outcomes as another document count, is refused and changes nothing.
        const QString other = test::errorOfType<ConfigError>(
            [&] { store.writeDownstream(runName, rtnId, 1, R"({"tasks": ["piqa"], "limit": 4})", e); });
        QVERIFY2(other.contains(QLatin1String("another protocol")), qPrintable(other));
        DownstreamEntry wider = e;
        wider.correct["acc"] = {1, 0, 1, 1};
        wider.correct["acc_norm"] = {1, 0, 1, 1};
        QVERIFY(test::errorOfType<ConfigError>([&] {
                    store.writeDownstream(runName, rtnId, 1, protocol, wider);
                }).contains(QLatin1String("documents changed")));
        QVERIFY(!store.hasDownstream(runName, rtnId, 1));
        QVERIFY(test::errorOfType<ConfigError>([&] {
                    store.writeDownstream(runName, rtnId, 9, protocol, e);
                }).contains(QLatin1String("4 checkpoints")));

        // h5py reads the layout docs/store-format.md describes.
        QString why;
        const QString python = qs::test::peerPython(&why);
        if (python.isEmpty())
            QFAIL(qPrintable(why));
        QProcess proc;
        proc.start(python,
                   {QStringLiteral("-c"),
                    QStringLiteral("import h5py, json, sys\n"
                                   "d = h5py.File(sys.argv[1], 'r')['runs/%1/configs/%2/downstream']\n"
                                   "print(json.dumps({'protocol': json.loads(d.attrs['protocol']), "
                                   "'done': d['done'][:].tolist(), 'acc': d['correct/acc'][0].tolist(), "
                                   "'loglik': d['loglik'][2].tolist(), 'score': d['metrics/piqa.acc'][2]}))")
                        .arg(QString::fromUtf8(runName), QString::fromStdString(rtnId)),
                    path});
        QVERIFY(proc.waitForFinished(120000));
        QVERIFY2(proc.exitCode() == 0, proc.readAllStandardError().constData());
        const QJsonObject j = QJsonDocument::fromJson(proc.readAllStandardOutput()).object();
        QCOMPARE(j[QStringLiteral("protocol")][QStringLiteral("limit")].toInt(), 3);
        QCOMPARE(j[QStringLiteral("done")].toArray(), (QJsonArray {1, 0, 1}));
        QCOMPARE(j[QStringLiteral("acc")].toArray(), (QJsonArray {1, 1, 1}));
        QCOMPARE(j[QStringLiteral("loglik")].toArray(), (QJsonArray {-1.5, -2.5, -3.5, -4.5, -5.5, -6.5}));
        QCOMPARE(j[QStringLiteral("score")].toDouble(), 2.0 / 3);

        // Repair copies every done row, number for number.
        const QString repaired = m_files.freshPath();
        const StoreRepair report = repairStore(path.toStdString(), repaired.toStdString());
        QVERIFY(report.complete());
        QCOMPARE(report.runs[0].configs[0].downstream.kept, size_t(2));
        const DownstreamResults a = store.downstream(runName, rtnId);
        const DownstreamResults b = Store::open(repaired.toStdString()).downstream(runName, rtnId);
        QCOMPARE(b.done, a.done);
        QCOMPARE(b.correct, a.correct);
        QCOMPARE(b.loglik, a.loglik);
        QCOMPARE(b.metrics.size(), a.metrics.size());
        for (const auto& [name, values] : a.metrics)
            for (size_t i = 0; i < values.size(); ++i)
                QVERIFY(values[i] == b.metrics.at(name)[i]
                        || (std::isnan(values[i]) && std::isnan(b.metrics.at(name)[i])));
    }

    void resultsReportOnlyDoneRows()
    {
        // A crash can leave values without their done flag, and one column longer than the others:
        // results() reads each dataset whole, yet shows only done rows, one row per checkpoint.
        const QString path = m_files.freshPath();
        {
            Store store = Store::create(path.toStdString());
            store.createRun(sampleRunInfo(), sampleLayers());
            for (int i = 0; i < 3; ++i)
                store.appendCheckpoint(runName, {i, i, 0.0, qnan, "", "trained", "", ""});
            store.ensureConfig(runName, rtnId, rtnJson);
            store.writeResult(runName, rtnId, 0, rtnRow0());
            store.writeResult(runName, rtnId, 1, rtnRow2());
            store.writeResult(runName, rtnId, 2, rtnRow2());
        }
        {
            // What a writer killed at the wrong moment leaves: row 1 loses its flag, w_rel_err grew
            // to 5 rows (fill values) before the other columns did.
            H5::H5File file(path.toStdString(), H5F_ACC_RDWR);
            const std::string cfg = std::string("/runs/") + runName + "/configs/" + rtnId;
            const H5::DataSet done = file.openDataSet(cfg + "/model/done");
            H5::DataSpace space = done.getSpace();
            const hsize_t one = 1, row = 1;
            space.selectHyperslab(H5S_SELECT_SET, &one, &row);
            const uint8_t zero = 0;
            done.write(&zero, H5::PredType::NATIVE_UINT8, H5::DataSpace(1, &one), space);
            const hsize_t longer[2] = {5, 3};
            file.openDataSet(cfg + "/layers/w_rel_err").extend(longer);
        }
        {
            const Store store = Store::open(path.toStdString());
            const ConfigResults res = store.results(runName, rtnId);
            QCOMPARE(res.done, (std::vector<uint8_t> {1, 0, 1}));
            QVERIFY(sameBits(res.model.at("ce"), {4.0, qnan, 2.75}));
            const auto& rel = res.layers.at("w_rel_err");
            QCOMPARE(rel.size(), size_t(3)); // the checkpoints', not the longest column's
            QVERIFY(sameBits(rel[0], {0.1, 0.2, 0.3}));
            QVERIFY(sameBits(rel[1], {qnan, qnan, qnan}));
            QVERIFY(sameBits(rel[2], {0.15, 0.25, 0.35}));
            QVERIFY(sameBits(res.layers.at("sqnr_db")[1], {qnan, qnan, qnan}));
            QVERIFY(sameBits(res.layers.at("sqnr_db")[2], {19.0, 17.0, 15.0}));
        }
        {
            // Two more checkpoints: rows past every column read NaN, as wide as the run's layers.
            Store store = Store::open(path.toStdString(), Store::Mode::ReadWrite);
            store.appendCheckpoint(runName, {3, 3, 0.0, qnan, "", "trained", "", ""});
            store.appendCheckpoint(runName, {4, 4, 0.0, qnan, "", "trained", "", ""});
            const ConfigResults res = store.results(runName, rtnId);
            QCOMPARE(res.done, (std::vector<uint8_t> {1, 0, 1, 0, 0}));
            QVERIFY(sameBits(res.model.at("delta_ce"), {0.1, qnan, 0.25, qnan, qnan}));
            for (const char* metric : {"w_rel_err", "sqnr_db"}) {
                const auto& matrix = res.layers.at(metric);
                QCOMPARE(matrix.size(), size_t(5));
                QVERIFY(sameBits(matrix[3], {qnan, qnan, qnan}));
                QVERIFY(sameBits(matrix[4], {qnan, qnan, qnan}));
            }
            QVERIFY(sameBits(res.layers.at("w_rel_err")[0], {0.1, 0.2, 0.3}));
        }
    }

    // Found with fuzz/fuzz_storeschema: valid HDF5 of another shape than the schema's. Reads sized their
    // buffers from the shape they expected (a 2-D model metric, a 3-D layer metric, a 2-D string
    // column: heap-buffer-overflows; a parent_step of 10 values: a stack-buffer-overflow; a string
    // attribute of 3 values: H5Aread writing 3 pointers where there was room for one), and a sparse
    // extent of 2^40 rows asked for a terabyte.
    void malformedStores_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("expected"); // "" when the store reads as the sample does
        QTest::addRow("model metric 2-D") << QStringLiteral("configs/rtn-w4-g128/model/ce 2x50")
                                          << QStringLiteral("/model/ce has 2 dimensions, not 1");
        QTest::addRow("layer metric 3-D") << QStringLiteral("configs/rtn-w4-g128/layers/w_rel_err 3x3x4")
                                          << QStringLiteral("/layers/w_rel_err has 3 dimensions, not 2");
        QTest::addRow("layer metric of 2 layers") << QStringLiteral("configs/rtn-w4-g128/layers/w_rel_err 3x2")
                                                  << QStringLiteral("/layers/w_rel_err has 2 columns, not 3");
        QTest::addRow("string column 2-D") << QStringLiteral("checkpoints/path 3x3 string")
                                           << QStringLiteral("/checkpoints/path has 2 dimensions, not 1");
        QTest::addRow("parent_step of 10 values")
            << QStringLiteral("attribute parent_step 10")
            << QStringLiteral("attribute 'parent_step' of /runs/tiny-wsd holds 10 values");
        QTest::addRow("corpus of 3 strings") << QStringLiteral("attribute corpus 3")
                                             << QStringLiteral("attribute 'corpus' of /runs/tiny-wsd holds 3 values");
        QTest::addRow("layer of -5 columns")
            << QStringLiteral("layers/cols -5") << QStringLiteral("has block 0, 64 rows and -5 columns");
        QTest::addRow("2^40 done flags") << QStringLiteral("configs/rtn-w4-g128/model/done 2^40") << QString();
    }

    void malformedStores()
    {
        QFETCH(QString, damage);
        QFETCH(QString, expected);
        const QString path = m_files.sampleStore();
        {
            H5::H5File file(path.toStdString(), H5F_ACC_RDWR);
            const H5::Group run = file.openGroup(std::string("/runs/") + runName);
            const QStringList words = damage.split(QLatin1Char(' '));
            if (words[0] == QLatin1String("attribute")) {
                // A variable-length string or an int64 attribute of several values.
                const std::string name = words[1].toStdString();
                const hsize_t n = words[2].toULongLong();
                if (name == "parent_step") {
                    const H5::StrType str(H5::PredType::C_S1, H5T_VARIABLE);
                    const char* parent = "p";
                    run.createAttribute("parent", str, H5::DataSpace(H5S_SCALAR)).write(str, &parent);
                    const std::vector<int64_t> values(n, 7);
                    run.createAttribute(name, H5::PredType::STD_I64LE, H5::DataSpace(1, &n))
                        .write(H5::PredType::NATIVE_INT64, values.data());
                } else {
                    run.removeAttr(name);
                    const H5::StrType type(H5::PredType::C_S1, H5T_VARIABLE);
                    const std::vector<const char*> values(n, "text");
                    run.createAttribute(name, type, H5::DataSpace(1, &n)).write(type, values.data());
                }
            } else {
                // The dataset replaced by one of the given dims ("3x3x4", "2^40": a sparse, unwritten extent).
                const std::string dataset = words[0].toStdString();
                const auto slash = dataset.rfind('/');
                const H5::Group group = run.openGroup(dataset.substr(0, slash));
                const std::string name = dataset.substr(slash + 1);
                const H5::DataSet old = group.openDataSet(name);
                const H5::DataType type = old.getDataType();
                const std::vector<int64_t> firstValues =
                    name == "cols" ? std::vector<int64_t> {-5, 256, 64} : std::vector<int64_t> {};
                group.unlink(name);
                std::vector<hsize_t> dims;
                if (words[1] == QLatin1String("2^40")) {
                    dims = {hsize_t(1) << 40};
                } else if (words[1] == QLatin1String("-5")) {
                    dims = {3};
                } else {
                    for (const QString& d : words[1].split(QLatin1Char('x')))
                        dims.push_back(d.toULongLong());
                }
                const std::vector<hsize_t> maxDims(dims.size(), H5S_UNLIMITED), chunks(dims.size(), 2);
                H5::DSetCreatPropList plist;
                plist.setChunk(int(chunks.size()), chunks.data());
                const bool string = words.size() > 2;
                const H5::DataType newType =
                    string ? H5::DataType(H5::StrType(H5::PredType::C_S1, H5T_VARIABLE)) : type;
                const H5::DataSet ds = group.createDataSet(
                    name, newType, H5::DataSpace(int(dims.size()), dims.data(), maxDims.data()), plist);
                if (!firstValues.empty())
                    ds.write(firstValues.data(), H5::PredType::NATIVE_INT64);
            }
        }
        const Store store = Store::open(path.toStdString());
        QString message;
        try {
            store.runInfo(runName);
            store.layers(runName);
            QCOMPARE(store.checkpoints(runName).size(), sampleCheckpoints.size());
            QCOMPARE(store.results(runName, rtnId).done.size(), sampleCheckpoints.size()); // one per checkpoint
        } catch (const FormatError& e) {
            message = QString::fromUtf8(e.what());
        } catch (const std::exception& e) {
            QFAIL(qPrintable(QStringLiteral("not a FormatError: ") + QString::fromUtf8(e.what())));
        }
        if (expected.isEmpty())
            QVERIFY2(message.isEmpty(), qPrintable(message));
        else
            QVERIFY2(message.startsWith(path) && message.contains(expected), qPrintable(message));
    }

    void writeResultRejectsBadInput()
    {
        const QString path = m_files.freshPath();
        Store store = Store::create(path.toStdString());
        writeSample(store);
        ResultEntry shortRow = rtnRow0();
        shortRow.layers["w_rel_err"] = {0.1, 0.2};
        auto msg = thrownMessage<ConfigError>([&] { store.writeResult(runName, rtnId, 1, shortRow); });
        QVERIFY(msg && msg->contains(QStringLiteral("w_rel_err")));
        QVERIFY(thrownMessage<ConfigError>([&] { store.writeResult(runName, rtnId, 3, rtnRow0()); }));
        QVERIFY(thrownMessage<ConfigError>([&] { store.writeResult(runName, "no-config", 0, rtnRow0()); }));
        QVERIFY(thrownMessage<ConfigError>([&] { store.writeResult(runName, rtnId, 0, {{{"done", 1.0}}, {}, {}}); }));
        QVERIFY(thrownMessage<ConfigError>([&] { store.writeResult(runName, rtnId, 0, {{{"a/b", 1.0}}, {}, {}}); }));
        QVERIFY(thrownMessage<ConfigError>([&] { store.setCheckpointFpCe(runName, 7, 1.0); }));
        // Nothing of the rejected writes landed.
        QVERIFY(!store.hasResult(runName, rtnId, 1));
    }

    void ensureConfigIdempotent()
    {
        const QString path = m_files.freshPath();
        Store store = Store::create(path.toStdString());
        store.createRun(sampleRunInfo(), sampleLayers());
        store.ensureConfig(runName, rtnId, rtnJson);
        store.ensureConfig(runName, rtnId, rtnJson);
        // Same JSON value, other key order and spacing.
        store.ensureConfig(runName, rtnId, R"({ "group": 128, "bits": 4, "method": "rtn" })");
        QCOMPARE(store.configIds(runName), std::vector<std::string> {rtnId});

        const auto msg = thrownMessage<ConfigError>(
            [&] { store.ensureConfig(runName, rtnId, R"({"method":"rtn","bits":3,"group":128})"); });
        QVERIFY(msg);
        QVERIFY2(msg->contains(path) && msg->contains(QString::fromUtf8(rtnId)), qPrintable(*msg));
        QVERIFY(thrownMessage<ConfigError>([&] { store.ensureConfig(runName, "a/b", rtnJson); }));
        QVERIFY(thrownMessage<ConfigError>([&] { store.ensureConfig(runName, "ok", "{not json"); }));
        QVERIFY(thrownMessage<ConfigError>([&] { store.ensureConfig("no-run", "ok", rtnJson); }));
        QCOMPARE(store.configJson(runName, rtnId), std::string(rtnJson));
    }

    void createRunRejects()
    {
        const QString path = m_files.freshPath();
        Store store = Store::create(path.toStdString());
        store.createRun(sampleRunInfo(), sampleLayers());
        const auto msg = thrownMessage<ConfigError>([&] { store.createRun(sampleRunInfo(), {}); });
        QVERIFY(msg && msg->contains(QString::fromUtf8(runName)));
        for (const char* bad : {"", "a/b", "a b", "..", "r\xc3\xbc"}) {
            RunInfo info = sampleRunInfo();
            info.name = bad;
            QVERIFY2(thrownMessage<ConfigError>([&] { store.createRun(info, {}); }), bad);
        }
        RunInfo info = sampleRunInfo();
        info.name = "A-z_0.9";
        store.createRun(info, {});
        QCOMPARE(store.runs(), (std::vector<std::string> {runName, "A-z_0.9"}));
        QVERIFY(store.layers("A-z_0.9").empty());
    }

    void createExistingFails()
    {
        const QString path = m_files.sampleStore();
        const QByteArray before = fileBytes(path);
        const auto msg = thrownMessage<IoError>([&] { Store::create(path.toStdString()); });
        QVERIFY(msg && msg->contains(path));
        QCOMPARE(fileBytes(path), before);
        const std::string noDir = m_files.filePath(QStringLiteral("no/dir/x.h5")).toStdString();
        QVERIFY(thrownMessage<IoError>([&] { Store::create(noDir); }));
    }

    void openOrCreate()
    {
        const QString path = m_files.freshPath();
        {
            Store store = Store::openOrCreate(path.toStdString());
            store.createRun(sampleRunInfo(), {});
        }
        Store store = Store::openOrCreate(path.toStdString());
        QVERIFY(store.hasRun(runName));
        store.appendLog(runName, sampleLog(1, 2));
        QCOMPARE(store.log(runName).size(), size_t(2));
    }

    void openFails_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("mode");
        for (const char* kind :
             {"missing file", "not hdf5", "truncated", "hdf5 without attributes", "schema version 2"}) {
            QTest::addRow("%s, read-only", kind) << QString::fromUtf8(kind) << int(Store::Mode::ReadOnly);
            QTest::addRow("%s, read-write", kind) << QString::fromUtf8(kind) << int(Store::Mode::ReadWrite);
        }
    }

    void openFails()
    {
        QFETCH(QString, kind);
        QFETCH(int, mode);
        const QString path = m_files.freshPath();
        const std::string p = path.toStdString();
        qint64 fullSize = -1;
        if (kind == QLatin1String("not hdf5")) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray("this is not HDF5 at all\x01\x02\x03", 26).repeated(40));
        } else if (kind == QLatin1String("truncated")) {
            // Half a store, as a copy cut short leaves it.
            {
                Store store = Store::create(p);
                writeSample(store);
            }
            fullSize = QFileInfo(path).size();
            QVERIFY(QFile::resize(path, fullSize / 2));
        } else if (kind == QLatin1String("hdf5 without attributes")) {
            H5::H5File file(p, H5F_ACC_EXCL);
            file.createGroup("runs");
        } else if (kind == QLatin1String("schema version 2")) {
            {
                Store::create(p);
            }
            H5::H5File file(p, H5F_ACC_RDWR);
            const int two = 2;
            file.openAttribute("schema_version").write(H5::PredType::NATIVE_INT, &two);
        }
        const bool exists = QFileInfo::exists(path);
        const QByteArray before = fileBytes(path);
        const auto open = [&] { Store::open(p, Store::Mode(mode)); };

        std::optional<QString> msg;
        if (kind == QLatin1String("missing file"))
            msg = thrownMessage<IoError>(open);
        else if (kind == QLatin1String("schema version 2"))
            msg = thrownMessage<SchemaError>(open);
        else
            msg = thrownMessage<FormatError>(open);
        QVERIFY2(msg, "open did not throw the expected error type");
        QVERIFY2(msg->contains(path), qPrintable(*msg));
        if (kind == QLatin1String("schema version 2"))
            QCOMPARE(*msg, path + QStringLiteral(": store schema version 2, this build reads 1"));
        if (kind == QLatin1String("truncated")) {
            // In words, quantscope check's, with the sizes (HDF5 says "truncated file: eof = …, stored_eof =
            // …").
            QVERIFY2(msg->endsWith(QStringLiteral(": the file is truncated: %1 bytes of the %2 its superblock records "
                                                  "(quantscope repair salvages what is left)")
                                       .arg(fullSize / 2)
                                       .arg(fullSize)),
                     qPrintable(*msg));
        }

        QCOMPARE(QFileInfo::exists(path), exists);
        QCOMPARE(fileBytes(path), before);
    }

    void readOnlyNeverWrites()
    {
        const QString path = m_files.sampleStore();
        const QByteArray before = fileBytes(path);
        {
            Store store = Store::open(path.toStdString());
            store.results(runName, rtnId);
            store.checkpoints(runName);
            store.ensureConfig(runName, rtnId, rtnJson); // exists and matches: no write needed
            QVERIFY(thrownMessage<IoError>([&] { store.appendLog(runName, sampleLog(6, 6)); }));
            QVERIFY(thrownMessage<IoError>([&] { store.writeResult(runName, rtnId, 1, rtnRow0()); }));
            QVERIFY(thrownMessage<IoError>([&] { store.ensureConfig(runName, "new-config", rtnJson); }));
            RunInfo other;
            other.name = "r2";
            QVERIFY(thrownMessage<IoError>([&] { store.createRun(other, {}); }));
        }
        QCOMPARE(fileBytes(path), before);
    }

    void movable()
    {
        const QString path = m_files.freshPath();
        Store a = Store::create(path.toStdString());
        Store b = std::move(a);
        b.createRun(sampleRunInfo(), sampleLayers());
        Store c = Store::create(m_files.freshPath().toStdString());
        c = std::move(b);
        QCOMPARE(c.path(), path.toStdString());
        QVERIFY(c.hasRun(runName));
    }

    void pythonReader()
    {
        QString why;
        const QString python = qs::test::peerPython(&why);
        if (python.isEmpty())
            QFAIL(qPrintable(why));

        const QString path = m_files.sampleStore();
        QProcess proc;
        proc.start(python,
                   {qs::test::supportDir() + QStringLiteral("/read_store.py"), path, QStringLiteral("--pandas")});
        QVERIFY(proc.waitForFinished(120000));
        const QByteArray err = proc.readAllStandardError();
        QVERIFY2(proc.exitStatus() == QProcess::NormalExit && proc.exitCode() == 0, err.constData());

        QJsonParseError parseError;
        const QJsonObject root = QJsonDocument::fromJson(proc.readAllStandardOutput(), &parseError).object();
        QVERIFY2(parseError.error == QJsonParseError::NoError, qPrintable(parseError.errorString()));
        QCOMPARE(root[QStringLiteral("format")].toString(), QStringLiteral("quantscope-store"));
        QCOMPARE(root[QStringLiteral("schema_version")].toInt(), Store::schemaVersion);
        QCOMPARE(root[QStringLiteral("created_by")].toString(), QStringLiteral("QuantScope 0.1"));
        QCOMPARE(root[QStringLiteral("run_names")].toArray(), QJsonArray {QString::fromUtf8(runName)});

        const QJsonObject run = root[QStringLiteral("runs")][QString::fromUtf8(runName)].toObject();
        QCOMPARE(run[QStringLiteral("corpus")].toString(), QString::fromStdString(sampleRunInfo().corpus));
        QCOMPARE(run[QStringLiteral("schedule")].toString(), QStringLiteral("wsd"));
        QCOMPARE(run[QStringLiteral("model_config")].toString(),
                 QString::fromStdString(sampleRunInfo().modelConfigJson));
        QCOMPARE(run[QStringLiteral("log_length")].toInt(), 5);
        const QJsonObject log = run[QStringLiteral("log")].toObject();
        const auto wantLog = sampleLog(1, 5);
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(log[QStringLiteral("step")][i].toInteger(), wantLog[i].step);
            QCOMPARE(log[QStringLiteral("tokens")][i].toInteger(), wantLog[i].tokens);
            QCOMPARE(log[QStringLiteral("train_loss")][i].toDouble(), wantLog[i].trainLoss);
        }
        QCOMPARE(run[QStringLiteral("checkpoint_steps")].toArray(), (QJsonArray {10, 20, 30}));
        // pandas, from h5py's columns: one row per checkpoint.
        const QJsonObject frame = run[QStringLiteral("pandas_checkpoints")].toObject();
        QCOMPARE(frame[QStringLiteral("rows")].toInt(), 3);
        QCOMPARE(frame[QStringLiteral("fp_val_ce")].toArray(), (QJsonArray {3.9, 3.125, 2.5}));
        QCOMPARE(frame[QStringLiteral("step")].toArray(), (QJsonArray {10, 20, 30}));
        QCOMPARE(run[QStringLiteral("checkpoints")][QStringLiteral("fp_val_ce")].toArray(),
                 (QJsonArray {3.9, 3.125, 2.5}));
        QCOMPARE(run[QStringLiteral("checkpoints")][QStringLiteral("kind")].toArray(),
                 (QJsonArray {QStringLiteral("trained"), QStringLiteral("averaged"), QStringLiteral("branch")}));
        QJsonArray wantNames;
        for (const LayerInfo& l : sampleLayers())
            wantNames.append(QString::fromStdString(l.name));
        QCOMPARE(run[QStringLiteral("layer_names")].toArray(), wantNames);
        QCOMPARE(run[QStringLiteral("layers")][QStringLiteral("cols")].toArray(), (QJsonArray {64, 256, 64}));
        QCOMPARE(run[QStringLiteral("config_ids")].toArray(),
                 (QJsonArray {QString::fromUtf8(rtnId), QString::fromUtf8(gptqId)}));

        const QJsonObject rtn = run[QStringLiteral("configs")][QString::fromUtf8(rtnId)].toObject();
        QCOMPARE(rtn[QStringLiteral("config")].toString(), QString::fromUtf8(rtnJson));
        QCOMPARE(rtn[QStringLiteral("done")].toArray(), (QJsonArray {1, 0, 1}));
        QCOMPARE(rtn[QStringLiteral("model")][QStringLiteral("ce")].toArray(), (QJsonArray {4.0, QJsonValue(), 2.75}));
        const QJsonObject heat = rtn[QStringLiteral("layers")][QStringLiteral("w_rel_err")].toObject();
        QCOMPARE(heat[QStringLiteral("shape")].toArray(), (QJsonArray {3, 3}));
        QCOMPARE(heat[QStringLiteral("values")][2].toArray(), (QJsonArray {0.15, 0.25, 0.35}));
        const QJsonObject gptq = run[QStringLiteral("configs")][QString::fromUtf8(gptqId)].toObject();
        QCOMPARE(gptq[QStringLiteral("model")][QStringLiteral("kl_mean")].toArray(),
                 (QJsonArray {QJsonValue(), 0.0625}));
        QCOMPARE(gptq[QStringLiteral("layers")][QStringLiteral("gptq_loss")][QStringLiteral("shape")].toArray(),
                 (QJsonArray {2, 3}));

        // Layout as docs/store-format.md states it: dtypes, growable chunked columns.
        const QJsonObject sets = run[QStringLiteral("datasets")].toObject();
        const auto layout = [&](const QJsonObject& ds, const char* dtype, const QJsonArray& maxshape) {
            QCOMPARE(ds[QStringLiteral("dtype")].toString(), QString::fromUtf8(dtype));
            QCOMPARE(ds[QStringLiteral("maxshape")].toArray(), maxshape);
            QVERIFY(ds[QStringLiteral("chunked")].toBool());
        };
        layout(sets[QStringLiteral("log/step")].toObject(), "int64", {-1});
        layout(sets[QStringLiteral("log/lr")].toObject(), "float64", {-1});
        layout(sets[QStringLiteral("val/val_loss")].toObject(), "float64", {-1});
        layout(sets[QStringLiteral("checkpoints/path")].toObject(), "vlen-utf-8", {-1});
        layout(sets[QStringLiteral("layers/block")].toObject(), "int32", {-1});
        const QJsonObject cfgSets = rtn[QStringLiteral("datasets")].toObject();
        layout(cfgSets[QStringLiteral("model/done")].toObject(), "uint8", {-1});
        layout(cfgSets[QStringLiteral("model/ce")].toObject(), "float64", {-1});
        layout(cfgSets[QStringLiteral("layers/w_rel_err")].toObject(), "float64", {-1, 3});
    }
};

QS_TEST_GUILESS_MAIN(TstStore)
#include "tst_store.moc"
