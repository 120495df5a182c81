// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// checkStore and repairStore (core/store/storecheck.h, storerepair.h): a sound store checks clean and
// repairs number for number; each kind of damage is found and named; repair of a store cut at many
// offsets, or holding an older version's partial rows, salvages only rows the original holds, never
// touches the original and leaves no half-written store.

#include "core/scalinglaws/serialization.h"
#include "core/store/storecheck.h"
#include "core/store/storerepair.h"
#include "tests/support/soundstore.h"
#include "tests/support/storesample.h"
#include "tests/support/testutils.h"

#include <H5Cpp.h>

#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

#include <functional>

using namespace qs;
using qs::test::sameBits;

namespace {

const std::string tiny = test::soundRun;
// The ids of soundstore.h's configs, as docs/store-format.md spells them.
const std::string rtnId = "rtn_w4_g128_sym";
const std::string fpId = "fp";
const std::string gptqId = "gptq_w3_g128_sym_act";

StoreCheckOptions lawChecking()
{
    StoreCheckOptions options;
    options.checkLaw = scaling::lawJsonProblem;
    return options;
}

QString describe(const std::vector<StoreProblem>& problems)
{
    QString text;
    for (const StoreProblem& p : problems)
        text += QStringLiteral("\n  %1: %2: %3")
                    .arg(p.severity == StoreProblem::Severity::Error ? QStringLiteral("error") : QStringLiteral("note"),
                         QString::fromStdString(p.object), QString::fromStdString(p.message));
    return text;
}

void copyFolder(const QString& from, const QString& to)
{
    QDir().mkpath(to);
    QDirIterator it(from, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        const QString target = to + QLatin1Char('/') + QDir(from).relativeFilePath(file);
        QDir().mkpath(QFileInfo(target).path());
        QFile::copy(file, target);
    }
}

// --- Damage through the HDF5 API, as another program (or an older version of QuantScope) leaves it ---

void withFile(const QString& path, const std::function<void(H5::H5File&)>& edit)
{
    H5::H5File file(path.toStdString(), H5F_ACC_RDWR);
    edit(file);
}

void setRows(H5::H5File& f, const std::string& dataset, hsize_t rows)
{
    const H5::DataSet ds = f.openDataSet(dataset);
    hsize_t dims[2] = {0, 0};
    ds.getSpace().getSimpleExtentDims(dims);
    dims[0] = rows;
    ds.extend(dims);
}

template<class T>
void setValue(H5::H5File& f, const std::string& dataset, hsize_t row, T value, const H5::PredType& type)
{
    const H5::DataSet ds = f.openDataSet(dataset);
    H5::DataSpace space = ds.getSpace();
    const hsize_t one = 1;
    space.selectHyperslab(H5S_SELECT_SET, &one, &row);
    ds.write(&value, type, H5::DataSpace(1, &one), space);
}

void setStringAttr(const H5::H5Object& obj, const std::string& name, const std::string& value)
{
    if (obj.attrExists(name))
        obj.removeAttr(name);
    const H5::StrType type(H5::PredType::C_S1, H5T_VARIABLE);
    obj.createAttribute(name, type, H5::DataSpace(H5S_SCALAR)).write(type, value);
}

// Replaces a dataset by an empty chunked one of `type` with `rows` × `cols` (1-D when cols is 0).
void replaceDataset(H5::H5File& f, const std::string& dataset, const H5::DataType& type, hsize_t rows, hsize_t cols)
{
    const auto slash = dataset.rfind('/');
    const H5::Group group = f.openGroup(dataset.substr(0, slash));
    group.unlink(dataset.substr(slash + 1));
    const int rank = cols > 0 ? 2 : 1;
    const hsize_t dims[2] = {rows, cols}, maxDims[2] = {H5S_UNLIMITED, cols}, chunk[2] = {8, cols};
    H5::DSetCreatPropList plist;
    plist.setChunk(rank, chunk);
    group.createDataSet(dataset.substr(slash + 1), type, H5::DataSpace(rank, dims, maxDims), plist);
}

std::string configPath(const std::string& run, const std::string& id, const std::string& rest)
{
    return "/runs/" + run + "/configs/" + id + "/" + rest;
}

// --- Comparing a repaired store with the original through the Store API ---

bool sameRows(const LogRow& a, const LogRow& b)
{
    return a.step == b.step && a.tokens == b.tokens && sameBits(a.lr, b.lr) && sameBits(a.trainLoss, b.trainLoss);
}

bool sameRows(const ValRow& a, const ValRow& b)
{
    return a.step == b.step && a.tokens == b.tokens && sameBits(a.valLoss, b.valLoss);
}

bool sameRows(const CheckpointRow& a, const CheckpointRow& b)
{
    return a.step == b.step && a.tokens == b.tokens && sameBits(a.lr, b.lr) && sameBits(a.fpValCe, b.fpValCe)
        && a.path == b.path && a.kind == b.kind && a.provenance == b.provenance && a.stage == b.stage;
}

bool sameRows(const LayerInfo& a, const LayerInfo& b)
{
    return a.name == b.name && a.block == b.block && a.kind == b.kind && a.rows == b.rows && a.cols == b.cols;
}

// The rows of `copy` are the first rows of `original`, each the same; how many.
template<class Row>
size_t prefixOf(const std::vector<Row>& copy, const std::vector<Row>& original, const char* what)
{
    if (copy.size() > original.size()) {
        qWarning("%s: %zu rows, the original has %zu", what, copy.size(), original.size());
        return size_t(-1);
    }
    for (size_t i = 0; i < copy.size(); ++i) {
        if (!sameRows(copy[i], original[i])) {
            qWarning("%s: row %zu differs from the original's", what, i);
            return size_t(-1);
        }
    }
    return copy.size();
}

struct Comparison
{
    bool ok = true;
    size_t rows = 0; // table rows, done result rows and fits
};

// Every row of `copy` holds the original's values, bit for bit (nothing invented); with `exact`, it
// holds every row and dataset of the original too.
Comparison compareStores(const Store& original, const Store& copy, bool exact)
{
    Comparison c;
    const auto fail = [&](const std::string& what) {
        qWarning("%s", what.c_str());
        c.ok = false;
    };
    const auto count = [&](size_t n) {
        if (n == size_t(-1))
            c.ok = false;
        else
            c.rows += n;
    };
    if (exact && copy.runs() != original.runs())
        fail("the runs differ");
    for (const std::string& run : copy.runs()) {
        if (!original.hasRun(run)) {
            fail("run '" + run + "' is not in the original");
            continue;
        }
        const RunInfo a = copy.runInfo(run), b = original.runInfo(run);
        if (a.modelConfigJson != b.modelConfigJson || a.trainConfigJson != b.trainConfigJson || a.corpus != b.corpus
            || a.corpusPath != b.corpusPath || a.schedule != b.schedule || a.source != b.source || a.parent != b.parent
            || a.parentStep != b.parentStep)
            fail("run '" + run + "': attributes differ");
        const auto layers = copy.layers(run), origLayers = original.layers(run);
        const auto log = copy.log(run), origLog = original.log(run);
        const auto val = copy.validation(run), origVal = original.validation(run);
        const auto checkpoints = copy.checkpoints(run), origCheckpoints = original.checkpoints(run);
        count(prefixOf(layers, origLayers, "layers"));
        count(prefixOf(log, origLog, "log"));
        count(prefixOf(val, origVal, "validation"));
        count(prefixOf(checkpoints, origCheckpoints, "checkpoints"));
        if (exact
            && (layers.size() != origLayers.size() || log.size() != origLog.size() || val.size() != origVal.size()
                || checkpoints.size() != origCheckpoints.size()))
            fail("run '" + run + "': tables are shorter than the original's");
        if (exact && copy.configIds(run) != original.configIds(run))
            fail("run '" + run + "': the configs differ");
        const auto origIds = original.configIds(run);
        for (const std::string& id : copy.configIds(run)) {
            if (std::find(origIds.begin(), origIds.end(), id) == origIds.end()) {
                fail("config '" + id + "' is not in the original");
                continue;
            }
            if (copy.configJson(run, id) != original.configJson(run, id))
                fail("config '" + id + "': JSON differs");
            const ConfigResults r = copy.results(run, id), o = original.results(run, id);
            const std::vector<std::string> profiles = copy.profileNames(run, id);
            const std::vector<std::string> origProfiles = original.profileNames(run, id);
            if (exact && (r.done != o.done || profiles != origProfiles))
                fail("config '" + id + "': done flags or profiles differ");
            for (size_t i = 0; i < r.done.size(); ++i) {
                if (!r.done[i])
                    continue;
                if (i >= o.done.size() || !o.done[i]) {
                    fail("config '" + id + "', checkpoint " + std::to_string(i) + ": done, but not in the original");
                    continue;
                }
                ++c.rows;
                for (const auto& [metric, values] : r.model)
                    if (!o.model.count(metric) || !sameBits(values[i], o.model.at(metric)[i]))
                        fail("config '" + id + "', checkpoint " + std::to_string(i) + ": " + metric + " differs");
                for (const auto& [metric, values] : r.layers)
                    if (!o.layers.count(metric) || !sameBits(values[i], o.layers.at(metric)[i]))
                        fail("config '" + id + "', checkpoint " + std::to_string(i) + ": " + metric + " differs");
                for (const std::string& p : profiles) {
                    for (int l = 0; l < int(layers.size()); ++l)
                        if (copy.profile(run, id, p, int(i), l) != original.profile(run, id, p, int(i), l))
                            fail("config '" + id + "', checkpoint " + std::to_string(i) + ": profile " + p
                                 + " differs");
                }
            }
            if (exact) {
                for (const auto& [metric, values] : o.model)
                    if (!r.model.count(metric) || !sameBits(values, r.model.at(metric)))
                        fail("config '" + id + "': " + metric + " differs");
                for (const auto& [metric, values] : o.layers) {
                    if (!r.layers.count(metric)) {
                        fail("config '" + id + "': " + metric + " is missing");
                        continue;
                    }
                    for (size_t i = 0; i < values.size(); ++i)
                        if (!sameBits(values[i], r.layers.at(metric)[i]))
                            fail("config '" + id + "': " + metric + " differs");
                }
            }
        }
    }
    if (exact && copy.fitNames() != original.fitNames())
        fail("the fits differ");
    const auto origFits = original.fitNames();
    for (const std::string& fit : copy.fitNames()) {
        if (std::find(origFits.begin(), origFits.end(), fit) == origFits.end()
            || copy.fitJson(fit) != original.fitJson(fit))
            fail("fit '" + fit + "' is not the original's");
        else
            ++c.rows;
    }
    return c;
}

QStringList filesIn(const QString& dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}

} // namespace

class TstStoreCheck : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_soundDir;
    test::SoundStore m_sound;
    int m_copies = 0;

    // A copy of the sound store's folder (store, checkpoint files, revision folders); its store's path.
    QString soundCopy()
    {
        const QString dir = m_dir.filePath(QStringLiteral("copy%1").arg(++m_copies));
        copyFolder(m_soundDir, dir);
        return dir + QStringLiteral("/study.h5");
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_soundDir = m_dir.filePath(QStringLiteral("sound"));
        QDir().mkpath(m_soundDir);
        m_sound = test::writeSoundStore(m_soundDir);
        // Leave only what a finished writer leaves: the store, its shadow and its lock.
        QVERIFY(QFileInfo::exists(m_sound.path));
    }

    void soundStoreIsClean()
    {
        const StoreCheck check = checkStore(m_sound.path.toStdString(), lawChecking());
        QVERIFY2(check.problems.empty(), qPrintable(describe(check.problems)));
        QVERIFY(check.sound());
        QVERIFY(!check.truncated);
    }

    void damage_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<bool>("error"); // false: a note
        QTest::addColumn<QString>("object");
        QTest::addColumn<QString>("message");
        const auto row = [](const char* name, bool error, const char* object, const char* message) {
            QTest::newRow(name) << QString::fromLatin1(name) << error << QString::fromUtf8(object)
                                << QString::fromUtf8(message);
        };
        row("log column cut short", true, "/runs/tiny/log",
            "columns of unequal length, a partial row: 'lr' has 99 rows; 99 complete rows of 100");
        row("log step going back", true, "/runs/tiny/log", "row 50: step 10 after step 50");
        row("log column missing", true, "/runs/tiny/log", "lacks the 'train_loss' dataset");
        row("log step as int32", true, "/runs/tiny/log/step", "holds int32, not int64");
        row("layer of negative width", true, "/runs/tiny/layers", "has block 0, 32 rows and -5 columns");
        row("run attribute missing", true, "/runs/tiny", "lacks the 'schedule' attribute");
        row("model config out of range", true, "/runs/tiny", "its configuration does not read");
        row("parent not in the store", false, "/runs/tiny.lawa2", "its parent run 'gone' is not in the store");
        row("done row with NaN ce", true, "/runs/tiny/configs/rtn_w4_g128_sym",
            "checkpoint 1 (step 40): done, but ce is nan");
        row("done row without its layer row", true, "/runs/tiny/configs/rtn_w4_g128_sym",
            "checkpoint 4 (step 100): done, but 'w_rel_err' has no row for it (4 rows)");
        row("config datasets of unequal length", true, "/runs/tiny/configs/gptq_w3_g128_sym_act",
            "datasets of unequal length, a partial row");
        row("done flag 7", true, "/runs/tiny/configs/fp", "checkpoint 0 (step 20): the done flag is neither 0 nor 1");
        row("leftover of an interrupted entry", false, "/runs/tiny/configs/rtn_w4_g128_sym",
            "checkpoint 2 (step 60): not done, but holds values");
        row("required metric missing", true, "/runs/tiny/configs/rtn_w4_g128_sym", "no 'fp_ce' dataset");
        row("profile of the wrong width", true, "/runs/tiny/configs/fp/profiles/act_channel_absmax",
            "has 511 columns, not 512 (the input channels of the run's layers)");
        row("layer metric of the wrong width", true, "/runs/tiny/configs/rtn_w4_g128_sym/layers/sqnr_db",
            "has 13 columns, not 14 (one per layer of the run)");
        row("config JSON that is not JSON", true, "/runs/tiny/configs/rtn_w4_g128_sym",
            "attribute 'config' is not JSON");
        row("config JSON of no quant config", true, "/runs/tiny/configs/rtn_w4_g128_sym",
            "attribute 'config' is not a quantization config");
        row("config JSON of another id", false, "/runs/tiny/configs/rtn_w4_g128_sym",
            "its JSON is config 'rtn_w3_g128_sym'");
        row("missing checkpoint file", true, "/runs/tiny/checkpoints",
            "checkpoint 2 (step 60): its file is missing: ckpt/step60.safetensors (looked for ");
        row("checkpoint file not safetensors", true, "/runs/tiny/checkpoints",
            "checkpoint 0 (step 20): its file ckpt/step20.safetensors is not readable: ");
        row("averaged checkpoint file missing", true, "/runs/tiny.lawa2/checkpoints",
            "checkpoints 0, 1 (steps 60, 100): their files are missing: lawa/step60.safetensors");
        row("revision folder missing", true, "/runs/pythia-mini/checkpoints",
            "checkpoint 1 (step 2000): its revision folder is missing: revisions/step2000");
        row("revision folder without weights", true, "/runs/pythia-mini/checkpoints",
            "checkpoint 0 (step 1000): its revision folder revisions/step1000 is not readable: ");
        row("fit law not JSON", true, "/fits/chinchilla", "attribute 'law' is not JSON");
        row("fit law of no law", true, "/fits/chinchilla", "attribute 'law' is not a scaling law");
        row("stale temporary copy", false, "/.study.h5.qs-tmp.2000000000",
            "a temporary copy left by a writer that was killed (process 2000000000 is not running)");
        row("temporary copy of a running writer", false, ".study.h5.qs-tmp.", "which is running");
        row("wrong schema version", true, "/", "schema_version is 2; this build reads schema version 1");
        row("no format attribute", true, "/", "no 'format' attribute: not a QuantScope store");
        row("truncated", true, "study.h5", "the file is truncated: ");
    }

    void damage()
    {
        QFETCH(QString, damage);
        QFETCH(bool, error);
        QFETCH(QString, object);
        QFETCH(QString, message);
        const QString path = soundCopy();
        const QString dir = QFileInfo(path).path();
        const std::string log = "/runs/tiny/log/";
        const QByteArray name = damage.toUtf8();
        const auto is = [&](const char* d) { return name == d; };
        if (is("log column cut short")) {
            withFile(path, [&](H5::H5File& f) { setRows(f, log + "lr", 99); });
        } else if (is("log step going back")) {
            withFile(path,
                     [&](H5::H5File& f) { setValue<int64_t>(f, log + "step", 50, 10, H5::PredType::NATIVE_INT64); });
        } else if (is("log column missing")) {
            withFile(path, [&](H5::H5File& f) { f.openGroup("/runs/tiny/log").unlink("train_loss"); });
        } else if (is("log step as int32")) {
            withFile(path, [&](H5::H5File& f) {
                std::vector<int> steps(100);
                for (int i = 0; i < 100; ++i)
                    steps[size_t(i)] = i + 1;
                replaceDataset(f, log + "step", H5::PredType::STD_I32LE, 100, 0);
                f.openDataSet(log + "step").write(steps.data(), H5::PredType::NATIVE_INT);
            });
        } else if (is("layer of negative width")) {
            withFile(path, [&](H5::H5File& f) {
                setValue<int64_t>(f, "/runs/tiny/layers/cols", 0, -5, H5::PredType::NATIVE_INT64);
            });
        } else if (is("run attribute missing")) {
            withFile(path, [&](H5::H5File& f) { f.openGroup("/runs/tiny").removeAttr("schedule"); });
        } else if (is("model config out of range")) {
            withFile(path, [&](H5::H5File& f) {
                setStringAttr(f.openGroup("/runs/tiny"), "model_config", R"({"d_model": -4})");
            });
        } else if (is("parent not in the store")) {
            withFile(path, [&](H5::H5File& f) { setStringAttr(f.openGroup("/runs/tiny.lawa2"), "parent", "gone"); });
        } else if (is("done row with NaN ce")) {
            withFile(path, [&](H5::H5File& f) {
                setValue(f, configPath(tiny, rtnId, "model/ce"), 1, test::soundNan, H5::PredType::NATIVE_DOUBLE);
            });
        } else if (is("done row without its layer row")) {
            withFile(path, [&](H5::H5File& f) { setRows(f, configPath(tiny, rtnId, "layers/w_rel_err"), 4); });
        } else if (is("config datasets of unequal length")) {
            withFile(path, [&](H5::H5File& f) { setRows(f, configPath(tiny, gptqId, "model/ce"), 6); });
        } else if (is("done flag 7")) {
            withFile(path, [&](H5::H5File& f) {
                setValue<uint8_t>(f, configPath(tiny, fpId, "model/done"), 0, 7, H5::PredType::NATIVE_UINT8);
            });
        } else if (is("leftover of an interrupted entry")) {
            withFile(path, [&](H5::H5File& f) {
                setValue<uint8_t>(f, configPath(tiny, rtnId, "model/done"), 2, 0, H5::PredType::NATIVE_UINT8);
            });
        } else if (is("required metric missing")) {
            withFile(path, [&](H5::H5File& f) { f.openGroup(configPath(tiny, rtnId, "model")).unlink("fp_ce"); });
        } else if (is("profile of the wrong width")) {
            withFile(path, [&](H5::H5File& f) {
                replaceDataset(f, configPath(tiny, fpId, "profiles/act_channel_absmax"), H5::PredType::IEEE_F32LE, 5,
                               511);
            });
        } else if (is("layer metric of the wrong width")) {
            withFile(path, [&](H5::H5File& f) {
                replaceDataset(f, configPath(tiny, rtnId, "layers/sqnr_db"), H5::PredType::IEEE_F64LE, 5, 13);
            });
        } else if (is("config JSON that is not JSON")) {
            withFile(path, [&](H5::H5File& f) {
                setStringAttr(f.openGroup("/runs/tiny/configs/" + rtnId), "config", R"({"method": "rtn",)");
            });
        } else if (is("config JSON of no quant config")) {
            withFile(path, [&](H5::H5File& f) {
                setStringAttr(f.openGroup("/runs/tiny/configs/" + rtnId), "config",
                              R"({"method": "magic", "bits": 4})");
            });
        } else if (is("config JSON of another id")) {
            withFile(path, [&](H5::H5File& f) {
                setStringAttr(f.openGroup("/runs/tiny/configs/" + rtnId), "config",
                              QuantConfig::parse("rtn:3:g128").toJson());
            });
        } else if (is("missing checkpoint file")) {
            QVERIFY(QFile::remove(dir + QStringLiteral("/ckpt/step60.safetensors")));
        } else if (is("checkpoint file not safetensors")) {
            test::writeFile(dir + QStringLiteral("/ckpt/step20.safetensors"), "not a safetensors file");
        } else if (is("averaged checkpoint file missing")) {
            QVERIFY(QDir(dir + QStringLiteral("/lawa")).removeRecursively());
        } else if (is("revision folder missing")) {
            QVERIFY(QDir(dir + QStringLiteral("/revisions/step2000")).removeRecursively());
        } else if (is("revision folder without weights")) {
            QVERIFY(QFile::remove(dir + QStringLiteral("/revisions/step1000/model.safetensors")));
        } else if (is("fit law not JSON")) {
            withFile(path, [&](H5::H5File& f) { setStringAttr(f.openGroup("/fits/chinchilla"), "law", "{law"); });
        } else if (is("fit law of no law")) {
            withFile(path, [&](H5::H5File& f) {
                setStringAttr(f.openGroup("/fits/chinchilla"), "law", R"({"law": "kaplan"})");
            });
        } else if (is("stale temporary copy")) {
            test::writeFile(dir + QStringLiteral("/.study.h5.qs-tmp.2000000000"), "copy");
        } else if (is("temporary copy of a running writer")) {
            test::writeFile(dir + QStringLiteral("/.study.h5.qs-tmp.%1").arg(::getpid()), "copy");
        } else if (is("wrong schema version")) {
            withFile(path, [&](H5::H5File& f) {
                const H5::Group root = f.openGroup("/");
                root.removeAttr("schema_version");
                const int two = 2;
                root.createAttribute("schema_version", H5::PredType::STD_I32LE, H5::DataSpace(H5S_SCALAR))
                    .write(H5::PredType::NATIVE_INT, &two);
            });
        } else if (is("no format attribute")) {
            withFile(path, [&](H5::H5File& f) { f.openGroup("/").removeAttr("format"); });
        } else if (is("truncated")) {
            const QByteArray bytes = test::fileBytes(path);
            test::writeFile(path, bytes.left(bytes.size() * 9 / 10));
        } else {
            QFAIL("no such damage");
        }

        const QByteArray before = test::fileBytes(path);
        const QString scratch = m_dir.filePath(QStringLiteral("scratch%1").arg(m_copies));
        QDir().mkpath(scratch);
        const StoreCheck check = checkStore(path.toStdString(), lawChecking(), scratch.toStdString());
        const auto found = std::find_if(check.problems.begin(), check.problems.end(), [&](const StoreProblem& p) {
            return (p.severity == StoreProblem::Severity::Error) == error
                && QString::fromStdString(p.object).contains(object)
                && QString::fromStdString(p.message).contains(message);
        });
        QVERIFY2(found != check.problems.end(),
                 qPrintable(QStringLiteral("not found; found:") + describe(check.problems)));
        QCOMPARE(check.sound(), !error);
        // Checking only reads, and leaves nothing behind (a truncated file's padded copy is removed).
        QCOMPARE(test::fileBytes(path), before);
        QVERIFY2(filesIn(scratch).isEmpty(), qPrintable(filesIn(scratch).join(QLatin1Char(' '))));
    }

    void unopenable_data()
    {
        QTest::addColumn<QByteArray>("content"); // empty: no file
        QTest::addColumn<bool>("ioError");       // else a FormatError
        QTest::addColumn<QString>("message");
        QTest::newRow("missing") << QByteArray() << true << QStringLiteral("no such file");
        QTest::newRow("not HDF5") << QByteArray("step,loss\n1,2.5\n") << false
                                  << QStringLiteral("not an HDF5 file (no HDF5 signature), so not a QuantScope store");
        QTest::newRow("empty") << QByteArray("\0", 0) << false << QStringLiteral("not an HDF5 file");
        QTest::newRow("cut inside the superblock")
            << test::fileBytes(m_sound.path).left(30) << false
            << QStringLiteral("the file ends inside its HDF5 superblock (30 bytes)");
    }

    void unopenable()
    {
        QFETCH(QByteArray, content);
        QFETCH(bool, ioError);
        QFETCH(QString, message);
        const QString path = m_dir.filePath(QStringLiteral("unopenable%1.h5").arg(++m_copies));
        if (QTest::currentDataTag() != QByteArray("missing"))
            test::writeFile(path, content);
        const QString error = ioError ? test::errorOfType<IoError>([&] { checkStore(path.toStdString()); })
                                      : test::errorOfType<FormatError>([&] { checkStore(path.toStdString()); });
        QVERIFY2(error.startsWith(path) && error.contains(message), qPrintable(error));
        const QString out = path + QStringLiteral(".new");
        const QString repairError = ioError
            ? test::errorOfType<IoError>([&] { repairStore(path.toStdString(), out.toStdString()); })
            : test::errorOfType<FormatError>([&] { repairStore(path.toStdString(), out.toStdString()); });
        QVERIFY2(repairError.contains(message), qPrintable(repairError));
        QVERIFY(!QFileInfo::exists(out));
    }

    // (1) A sound store repaired holds what the original holds, number for number.
    void repairSoundStore()
    {
        const QByteArray before = test::fileBytes(m_sound.path);
        // Beside the original, so that the checkpoint files its rows name are found from it too.
        const QString out = m_soundDir + QStringLiteral("/repaired.h5");
        const StoreRepair report = repairStore(m_sound.path.toStdString(), out.toStdString());
        QVERIFY2(report.complete(), qPrintable(describe(report.problems)));
        QCOMPARE(test::fileBytes(m_sound.path), before);
        QCOMPARE(report.runs.size(), size_t(3));
        QCOMPARE(report.runs[0].log.kept, size_t(100));
        QCOMPARE(report.runs[0].configs.size(), size_t(3));
        QCOMPARE(report.runs[0].configs[2].rows.kept, size_t(3)); // GPTQ at checkpoints 0, 2, 4
        QCOMPARE(report.fits.kept, size_t(1));
        const Store original = Store::open(m_sound.path.toStdString());
        const Store copy = Store::open(out.toStdString());
        QVERIFY(compareStores(original, copy, true).ok);
        // The new store is sound itself; nothing of the repair is left beside it.
        const StoreCheck check = checkStore(out.toStdString(), lawChecking());
        QVERIFY2(check.sound(), qPrintable(describe(check.problems)));
        for (const QString& f : filesIn(m_soundDir))
            QVERIFY2(!f.contains(QLatin1String("qs-repair")) && !f.contains(QLatin1String("qs-padded")), qPrintable(f));
    }

    // (2) Cut at many offsets: repair never crashes, writes the new store whole or not at all, never
    // changes the damaged file, and every row it salvages is the original's.
    void repairTruncated()
    {
        const QByteArray bytes = test::fileBytes(m_sound.path);
        const qint64 size = bytes.size();
        // QS_STORECHECK_CUTS=N spreads N cuts instead of 16 (hundreds to look for crashes; the suite keeps 16).
        const int spread = qEnvironmentVariableIsSet("QS_STORECHECK_CUTS")
            ? std::max(1, qEnvironmentVariableIntValue("QS_STORECHECK_CUTS"))
            : 16;
        std::vector<qint64> cuts;
        for (int i = 1; i <= spread; ++i)
            cuts.push_back(size * i / (spread + 1));
        // Inside the bytes the last entry wrote (a sweep's result published alone): where the file differs
        // from the one before it, or grew.
        const QByteArray& before = m_sound.beforeLastEntry;
        std::vector<std::pair<qint64, qint64>> written; // [first, last] byte ranges
        for (qint64 i = 0; i < size; ++i) {
            if (i < before.size() && bytes[i] == before[i])
                continue;
            if (!written.empty() && written.back().second >= i - 16)
                written.back().second = i;
            else
                written.emplace_back(i, i);
        }
        QVERIFY(!written.empty());
        const auto widest = std::max_element(written.begin(), written.end(), [](const auto& a, const auto& b) {
            return a.second - a.first < b.second - b.first;
        });
        for (const auto& range : {written.front(), *widest, written.back()})
            for (const qint64 at : {range.first, (range.first + range.second) / 2, range.second})
                if (at > 0 && at < size && std::find(cuts.begin(), cuts.end(), at) == cuts.end())
                    cuts.push_back(at);
        cuts.push_back(size - 1);
        const auto inLastEntry = [&](qint64 at) {
            return std::any_of(written.begin(), written.end(),
                               [&](const auto& r) { return at >= r.first && at <= r.second; });
        };
        const Store original = Store::open(m_sound.path.toStdString());
        const Comparison whole = compareStores(original, original, true);
        QVERIFY(whole.ok);
        size_t best = 0, succeeded = 0;
        qInfo("store of %lld bytes, %zu rows; the last entry wrote %zu ranges of bytes, the widest %lld–%lld", size,
              whole.rows, written.size(), widest->first, widest->second);
        for (size_t k = 0; k < cuts.size(); ++k) {
            const qint64 cut = cuts[k];
            const QString dir = m_dir.filePath(QStringLiteral("cut%1").arg(k));
            QDir().mkpath(dir);
            const QString damaged = dir + QStringLiteral("/cut.h5");
            const QString out = dir + QStringLiteral("/new.h5");
            test::writeFile(damaged, bytes.left(cut));
            QString outcome;
            try {
                const StoreRepair report = repairStore(damaged.toStdString(), out.toStdString());
                QVERIFY(report.truncated);
                const Store copy = Store::open(out.toStdString());
                const Comparison c = compareStores(original, copy, false);
                QVERIFY2(c.ok, qPrintable(QStringLiteral("cut at %1").arg(cut)));
                best = std::max(best, c.rows);
                // The layout is chronological: a cut past the middle leaves most of the rows. (Without the
                // padded copy's patched object headers, every cut before the root group's continuation
                // chunk, near the end, would leave none.)
                if (cut >= size / 2)
                    QVERIFY2(c.rows >= whole.rows / 2,
                             qPrintable(QStringLiteral("cut at %1: %2 rows").arg(cut).arg(c.rows)));
                ++succeeded;
                outcome = QStringLiteral("%1 / %2 rows salvaged").arg(c.rows).arg(whole.rows);
            } catch (const Error& e) {
                QVERIFY2(!QFileInfo::exists(out), qPrintable(QString::fromUtf8(e.what())));
                outcome = QStringLiteral("nothing salvaged: %1")
                              .arg(QString::fromUtf8(e.what()).section(QLatin1Char(':'), 1));
            }
            // check reads it too: the cut is the first thing it reports.
            try {
                const StoreCheck check = checkStore(damaged.toStdString());
                QVERIFY(!check.sound() && check.truncated);
                QVERIFY(QString::fromStdString(check.problems.front().message)
                            .startsWith(QLatin1String("the file is truncated")));
            } catch (const FormatError& e) {
                QVERIFY2(outcome.startsWith(QLatin1String("nothing")), e.what());
            }
            QCOMPARE(test::fileBytes(damaged), bytes.left(cut));
            // Only the damaged file and, when repair succeeded, the new store.
            const QStringList files = filesIn(dir);
            QVERIFY2(files == QStringList {QStringLiteral("cut.h5")}
                         || files == (QStringList {QStringLiteral("cut.h5"), QStringLiteral("new.h5")}),
                     qPrintable(files.join(QLatin1Char(' '))));
            qInfo("cut at %5.1f %% (byte %8lld%s): %s", 100.0 * double(cut) / double(size), cut,
                  inLastEntry(cut) ? ", in the last entry" : "", qPrintable(outcome));
        }
        QVERIFY(succeeded > 0);
        QVERIFY(best > 0);
    }

    // (3) An older version's crash: columns of unequal length, a not-done row holding values, datasets
    // extended for a row whose done flag was never set. Exactly the complete rows are salvaged.
    void repairPartialRows()
    {
        const QString path = soundCopy();
        withFile(path, [&](H5::H5File& f) {
            // The log's next row: step and tokens written, lr and train_loss not.
            setRows(f, "/runs/tiny/log/step", 101);
            setValue<int64_t>(f, "/runs/tiny/log/step", 100, 101, H5::PredType::NATIVE_INT64);
            setRows(f, "/runs/tiny/log/tokens", 101);
            setValue<int64_t>(f, "/runs/tiny/log/tokens", 100, 206848, H5::PredType::NATIVE_INT64);
            // A checkpoint row begun.
            setRows(f, "/runs/tiny/checkpoints/step", 6);
            setValue<int64_t>(f, "/runs/tiny/checkpoints/step", 5, 120, H5::PredType::NATIVE_INT64);
            // RTN's checkpoint 1 being redone: its done flag cleared, its values still there.
            setValue<uint8_t>(f, configPath(tiny, rtnId, "model/done"), 1, 0, H5::PredType::NATIVE_UINT8);
            // GPTQ's checkpoint 3 written but its done flag not yet.
            setValue(f, configPath(tiny, gptqId, "model/ce"), 3, 2.5, H5::PredType::NATIVE_DOUBLE);
            // The FP reference's datasets extended for checkpoint 5, which the table does not have.
            setRows(f, configPath(tiny, fpId, "model/ce"), 6);
        });
        const QByteArray before = test::fileBytes(path);

        const StoreCheck check = checkStore(path.toStdString(), lawChecking());
        QVERIFY(!check.sound());
        const QString problems = describe(check.problems);
        QVERIFY2(problems.contains(QLatin1String("error: /runs/tiny/log: columns of unequal length, a partial row")),
                 qPrintable(problems));
        QVERIFY2(problems.contains(QLatin1String("error: /runs/tiny/checkpoints: columns of unequal length")),
                 qPrintable(problems));
        QVERIFY2(problems.contains(QLatin1String("note: /runs/tiny/configs/rtn_w4_g128_sym: checkpoint 1 (step 40): "
                                                 "not done, but holds values")),
                 qPrintable(problems));
        QVERIFY2(problems.contains(QLatin1String("note: /runs/tiny/configs/gptq_w3_g128_sym_act: checkpoint 3 (step "
                                                 "80): not done, but holds values")),
                 qPrintable(problems));
        QVERIFY2(problems.contains(QLatin1String("error: /runs/tiny/configs/fp: datasets of unequal length")),
                 qPrintable(problems));

        const QString out = QFileInfo(path).path() + QStringLiteral("/salvaged.h5");
        const StoreRepair report = repairStore(path.toStdString(), out.toStdString());
        QCOMPARE(test::fileBytes(path), before);
        QCOMPARE(report.runs[0].log.kept, size_t(100));
        QCOMPARE(report.runs[0].log.stored, size_t(101));
        QCOMPARE(report.runs[0].checkpoints.kept, size_t(5));
        QCOMPARE(report.runs[0].checkpoints.stored, size_t(6));
        const Store original = Store::open(m_sound.path.toStdString());
        const Store copy = Store::open(out.toStdString());
        const Comparison c = compareStores(original, copy, false);
        QVERIFY(c.ok);
        QCOMPARE(c.rows, compareStores(original, original, true).rows - 1); // RTN's row 1, no longer done
        QCOMPARE(copy.log(tiny).size(), size_t(100));
        QCOMPARE(copy.checkpoints(tiny).size(), size_t(5));
        QVERIFY(!copy.hasResult(tiny, rtnId, 1));
        QVERIFY(!copy.hasResult(tiny, gptqId, 3));
        QCOMPARE(copy.results(tiny, rtnId).done, (std::vector<uint8_t> {1, 0, 1, 1, 1}));
        QCOMPARE(copy.results(tiny, gptqId).done, (std::vector<uint8_t> {1, 0, 1, 0, 1}));
        QCOMPARE(copy.results(tiny, fpId).done, original.results(tiny, fpId).done);
    }

    // A metric every sweep writes that is gone (an older version's torn write left it unreadable): the
    // config's done rows are incomplete, repair drops them, and the repaired store, whose config has no
    // done rows and so no metric datasets, checks sound.
    void repairDropsRowsWithoutARequiredMetric()
    {
        const QString path = soundCopy();
        withFile(path, [&](H5::H5File& f) { f.openGroup(configPath(tiny, rtnId, "model")).unlink("fp_ce"); });
        const QString problems = describe(checkStore(path.toStdString(), lawChecking()).problems);
        QVERIFY2(problems.contains(QLatin1String("error: /runs/tiny/configs/rtn_w4_g128_sym: checkpoints 0, 1, 2, 3, 4 "
                                                 "(steps 20, 40, 60, 80, 100): done, but its 'fp_ce' did not read")),
                 qPrintable(problems));
        const QString out = QFileInfo(path).path() + QStringLiteral("/salvaged.h5");
        repairStore(path.toStdString(), out.toStdString());
        const Store copy = Store::open(out.toStdString());
        QCOMPARE(copy.results(tiny, rtnId).done, (std::vector<uint8_t> {0, 0, 0, 0, 0}));
        QCOMPARE(copy.results(tiny, gptqId).done, Store::open(m_sound.path.toStdString()).results(tiny, gptqId).done);
        const StoreCheck again = checkStore(out.toStdString(), lawChecking());
        QVERIFY2(again.sound(), qPrintable(describe(again.problems)));
    }

    // (4) Refusals: the new file exists, the store is another HDF5 file or of another schema.
    void repairRefuses()
    {
        const QString out = m_dir.filePath(QStringLiteral("taken.h5"));
        test::writeFile(out, "keep me");
        const QString exists =
            test::errorOfType<IoError>([&] { repairStore(m_sound.path.toStdString(), out.toStdString()); });
        QVERIFY2(exists.startsWith(out)
                     && exists.contains(QLatin1String("exists; repair writes a new store and never "
                                                      "replaces a file")),
                 qPrintable(exists));
        QCOMPARE(test::fileBytes(out), QByteArray("keep me"));

        const QString other = m_dir.filePath(QStringLiteral("other.h5"));
        H5::H5File(other.toStdString(), H5F_ACC_TRUNC).createGroup("data");
        const QString fresh = m_dir.filePath(QStringLiteral("fresh.h5"));
        const QString notStore =
            test::errorOfType<FormatError>([&] { repairStore(other.toStdString(), fresh.toStdString()); });
        QVERIFY2(notStore.contains(QLatin1String("no 'format' attribute: not a QuantScope store")),
                 qPrintable(notStore));
        QVERIFY(!QFileInfo::exists(fresh));

        const QString newer = soundCopy();
        withFile(newer, [](H5::H5File& f) {
            const H5::Group root = f.openGroup("/");
            root.removeAttr("schema_version");
            const int two = 2;
            root.createAttribute("schema_version", H5::PredType::STD_I32LE, H5::DataSpace(H5S_SCALAR))
                .write(H5::PredType::NATIVE_INT, &two);
        });
        const QString schema =
            test::errorOfType<SchemaError>([&] { repairStore(newer.toStdString(), fresh.toStdString()); });
        QVERIFY2(schema.contains(QLatin1String("schema_version is 2")), qPrintable(schema));
        QVERIFY(!QFileInfo::exists(fresh));
    }
};

QS_TEST_GUILESS_MAIN(TstStoreCheck)
#include "tst_storecheck.moc"
