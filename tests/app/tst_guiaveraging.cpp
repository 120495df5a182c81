// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Averaged runs made from the main window: File > Average Checkpoints (LAWA)… and File > Make a Model
// Soup… (widgets/dialogs/soupdialog.h) on an imported trajectory of Hugging Face revisions and on a run
// of the built-in trainer. The store's new runs are read back, and every averaged value is compared
// with the weighted float64 average of the ingredient files computed here: a value rounded once to the
// stored dtype lies within half a unit in the last place of it.

#include "tests/support/hftrajectory.h"
#include "tests/support/trainedstore.h"

#include "app/gui/mainwindow.h"
#include "core/formats/hfweights.h"
#include "core/formats/safetensors.h"
#include "core/hf/hfaverage.h"
#include "core/store/store.h"
#include "itemmodels/runtreemodel.h"
#include "itemmodels/selection.h"
#include "itemmodels/storesnapshot.h"
#include "widgets/dialogs/soupdialog.h"
#include "widgets/pages/runbrowserpage.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QInputDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>

#include <cfloat>
#include <cmath>
#include <functional>

using namespace qs;

namespace {

// Half the spacing of `dtype`'s values at the stored value `v`: how far a value rounded once to
// nearest may lie from the exact one.
double halfUlp(double v, DType dtype)
{
    const int mantissaBits = dtype == DType::BF16 ? 7 : (dtype == DType::F16 ? 10 : 23);
    const int minExponent = dtype == DType::F16 ? -14 : -126; // of the smallest normal value
    int e = 0;
    std::frexp(v, &e); // |v| in [2^(e-1), 2^e)
    const int exponent = v == 0.0 ? minExponent : std::max(e - 1, minExponent);
    return std::ldexp(0.5, exponent - mantissaBits);
}

struct AverageCheck
{
    int64_t elements = 0;
    int64_t wrong = 0;      // farther than half an ulp from the weighted average
    int64_t offUniform = 0; // farther than half an ulp from the unweighted mean: the weights mattered
    QString firstWrong;
};

// One tensor of an average: `stored` (in `dtype`) against Σ wᵢ·xᵢ / Σ wᵢ of `inputs` in float64. The
// sum's own float64 rounding is allowed for (a few ulps of a double), nothing else.
void compareTensor(AverageCheck& check, const std::string& name, const std::vector<std::vector<float>>& inputs,
                   const std::vector<double>& weights, const std::vector<float>& stored, DType dtype)
{
    double total = 0.0;
    for (const double w : weights)
        total += w;
    for (size_t k = 0; k < stored.size(); ++k) {
        double sum = 0.0, plain = 0.0;
        for (size_t i = 0; i < inputs.size(); ++i) {
            sum += weights[i] * double(inputs[i][k]);
            plain += double(inputs[i][k]);
        }
        const double average = sum / total, mean = plain / double(inputs.size());
        const double value = stored[k];
        const double bound = halfUlp(value, dtype) + 8 * DBL_EPSILON * std::abs(average);
        ++check.elements;
        if (std::abs(value - average) > bound && check.wrong++ == 0)
            check.firstWrong = QStringLiteral("%1[%2] = %3, expected %4 ± %5")
                                   .arg(QString::fromStdString(name))
                                   .arg(k)
                                   .arg(value, 0, 'g', 17)
                                   .arg(average, 0, 'g', 17)
                                   .arg(bound, 0, 'g', 3);
        if (std::abs(value - mean) > bound)
            ++check.offUniform;
    }
}

// Every tensor of the averaged revision folder `avg` against its ingredient folders.
AverageCheck checkHfAverage(const QString& avg, const QStringList& ingredients, const std::vector<double>& weights)
{
    AverageCheck check;
    const HfWeights out = HfWeights::open(avg.toStdString());
    std::vector<HfWeights> in;
    for (const QString& folder : ingredients)
        in.push_back(HfWeights::open(folder.toStdString()));
    for (const std::string& name : out.names()) {
        const TensorView& stored = out.tensor(name);
        std::vector<std::vector<float>> inputs;
        for (const HfWeights& w : in) {
            if (w.tensor(name).dtype != stored.dtype && check.wrong++ == 0)
                check.firstWrong =
                    QStringLiteral("%1: dtype %2, its ingredients' %3")
                        .arg(QString::fromStdString(name), QString::fromStdString(toString(stored.dtype)),
                             QString::fromStdString(toString(w.tensor(name).dtype)));
            inputs.push_back(w.tensor(name).toFloat());
        }
        compareTensor(check, name, inputs, weights, stored.toFloat(), stored.dtype);
    }
    return check;
}

// The same for checkpoint files of the built-in trainer (the average is F32).
AverageCheck checkFileAverage(const QString& avg, const QStringList& ingredients, const std::vector<double>& weights)
{
    AverageCheck check;
    const SafetensorsFile out = SafetensorsFile::open(avg.toStdString());
    std::vector<SafetensorsFile> in;
    for (const QString& file : ingredients)
        in.push_back(SafetensorsFile::open(file.toStdString()));
    for (const std::string& name : out.names()) {
        const TensorView& stored = out.tensor(name);
        if (!isWeightDType(stored.dtype))
            continue;
        std::vector<std::vector<float>> inputs;
        for (const SafetensorsFile& f : in)
            inputs.push_back(f.tensor(name).toFloat());
        compareTensor(check, name, inputs, weights, stored.toFloat(), stored.dtype);
    }
    return check;
}

QJsonObject jsonOf(const std::string& text)
{
    return QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
}

} // namespace

class TstGuiAveraging : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_traj;  // three bf16 llama revisions, step100 … step300, each of its own seed
    QString m_mixed; // step1 in bf16, step2 in f16
    QString m_tokens;

    QString path(const QString& name) const { return m_dir.filePath(name); }

    static void selectRun(MainWindow& window, const QString& name)
    {
        const int index = window.selection()->snapshot()->runIndex(name);
        QVERIFY(index >= 0);
        window.selection()->setRun(index);
        QCOMPARE(window.selection()->run()->name(), name);
    }

    static SoupDialog* openSoupDialog(MainWindow& window)
    {
        auto* action = window.findChild<QAction*>(QStringLiteral("soupAction"));
        if (!action || !action->isEnabled())
            return nullptr;
        action->trigger();
        return window.findChild<SoupDialog*>();
    }

    // The checkpoints of `run` as the window shows it, once it does (-1 until then).
    static int shownCheckpoints(const MainWindow& window, const QString& run)
    {
        const StoreSnapshotPtr shown = window.selection()->snapshot();
        const int index = shown ? shown->runIndex(run) : -1;
        return index < 0 ? -1 : int(shown->runs[size_t(index)].checkpoints.size());
    }

    // Whether the run browser lists `run` as a top-level row.
    static bool browserLists(const MainWindow& window, const QString& run)
    {
        const RunTreeModel* model = window.runBrowser()->model();
        for (int i = 0; i < model->rowCount(); ++i) {
            if (model->index(i, RunTreeModel::NameColumn).data().toString() == run)
                return true;
        }
        return false;
    }

    static QString resolved(const QString& storePath, const std::string& path)
    {
        return QFileInfo(storePath).absoluteDir().absoluteFilePath(QString::fromStdString(path));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_traj = path(QStringLiteral("traj"));
        for (int i = 1; i <= 3; ++i)
            QVERIFY(test::makeHfRevision(test::hfRevisionFolder(m_traj, 100 * i), 10 + i));
        m_mixed = path(QStringLiteral("mixed"));
        QVERIFY(test::makeHfRevision(test::hfRevisionFolder(m_mixed, 1), 21, QStringLiteral("bf16")));
        QVERIFY(test::makeHfRevision(test::hfRevisionFolder(m_mixed, 2), 22, QStringLiteral("f16")));
        m_tokens = path(QStringLiteral("val.bin"));
        QVERIFY(test::writeTokenWalk(m_tokens));
    }

    void lawaAndSoupOfHfRevisions()
    {
        const QString storePath = path(QStringLiteral("hf.h5"));
        {
            Store store = Store::create(storePath.toStdString());
            importHfTrajectory(store, "traj", test::smallHfImport(m_traj, m_tokens));
        }
        MainWindow window;
        window.setJobPollInterval(50);
        window.openStore(storePath);
        QTRY_VERIFY_WITH_TIMEOUT(window.selection()->run() != nullptr, 20000);
        selectRun(window, QStringLiteral("traj"));

        // LAWA, window 2, through the action and its input dialog.
        auto* lawa = window.findChild<QAction*>(QStringLiteral("lawaAction"));
        QVERIFY(lawa);
        QTRY_VERIFY(lawa->isEnabled());
        QTimer::singleShot(0, &window, [&window] {
            if (auto* input = window.findChild<QInputDialog*>()) {
                input->setIntValue(2);
                input->accept();
            }
        });
        lawa->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!window.isJobRunning(), 60000);
        QTRY_COMPARE_WITH_TIMEOUT(shownCheckpoints(window, QStringLiteral("traj.lawa2")), 2, 20000);

        // The soup: steps 100 and 300, weights 0.25 and 1.5, into a folder of our choice.
        selectRun(window, QStringLiteral("traj"));
        SoupDialog* dialog = openSoupDialog(window);
        QVERIFY(dialog);
        QVERIFY(dialog->isHfRun());
        QCOMPARE(dialog->rowCount(), 3);
        QCOMPARE(dialog->folderEdit()->text(),
                 QFileInfo(storePath).absoluteDir().filePath(QStringLiteral("checkpoints/traj.soup-200-300")));
        dialog->setChecked(1, false);
        dialog->setChecked(0, true);
        dialog->setWeight(0, 0.25);
        dialog->setWeight(2, 1.5);
        QCOMPARE(dialog->runName(), QStringLiteral("traj.soup-100-300"));
        const QString soupOut = path(QStringLiteral("soup-out"));
        dialog->folderEdit()->setText(soupOut);
        QVERIFY2(dialog->okButton()->isEnabled(), qPrintable(dialog->errorText()));
        dialog->okButton()->click();
        QVERIFY(window.isJobRunning());
        // The actions wait for the job.
        QVERIFY(!lawa->isEnabled() && !window.findChild<QAction*>(QStringLiteral("soupAction"))->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!window.isJobRunning(), 60000);
        QTRY_COMPARE_WITH_TIMEOUT(shownCheckpoints(window, QStringLiteral("traj.soup-100-300")), 1, 20000);
        QTRY_VERIFY(browserLists(window, QStringLiteral("traj.soup-100-300")));
        QVERIFY(browserLists(window, QStringLiteral("traj.lawa2")));

        const Store store = Store::open(storePath.toStdString(), Store::Mode::ReadOnly);
        // LAWA: (100, 200) at 200 and (200, 300) at 300, uniform.
        const RunInfo lawaInfo = store.runInfo("traj.lawa2");
        QCOMPARE(lawaInfo.parent, std::string("traj"));
        QVERIFY(isHfSource(lawaInfo.source));
        const auto lawaRows = store.checkpoints("traj.lawa2");
        QCOMPARE(lawaRows.size(), size_t(2));
        for (size_t k = 0; k < lawaRows.size(); ++k) {
            QCOMPARE(lawaRows[k].step, int64_t(200 + 100 * k));
            QCOMPARE(lawaRows[k].kind, std::string("averaged"));
            const QJsonObject provenance = jsonOf(lawaRows[k].provenance);
            QCOMPARE(provenance[QStringLiteral("method")].toString(), QStringLiteral("lawa"));
            const QJsonArray sources = provenance[QStringLiteral("sources")].toArray();
            QCOMPARE(sources.size(), 2);
            for (int j = 0; j < 2; ++j) {
                QCOMPARE(sources[j].toObject()[QStringLiteral("run")].toString(), QStringLiteral("traj"));
                QCOMPARE(sources[j].toObject()[QStringLiteral("step")].toInteger(), qint64(100 + 100 * k + 100 * j));
            }
        }
        const AverageCheck lawaCheck =
            checkHfAverage(resolved(storePath, lawaRows[0].path),
                           {test::hfRevisionFolder(m_traj, 100), test::hfRevisionFolder(m_traj, 200)}, {1.0, 1.0});
        QVERIFY2(lawaCheck.elements > 50000 && lawaCheck.wrong == 0, qPrintable(lawaCheck.firstWrong));

        // The soup: one checkpoint at the latest ingredient's step, named after its revision.
        const RunInfo soupInfo = store.runInfo("traj.soup-100-300");
        QCOMPARE(soupInfo.parent, std::string("traj"));
        const auto soupRows = store.checkpoints("traj.soup-100-300");
        QCOMPARE(soupRows.size(), size_t(1));
        QCOMPARE(soupRows[0].step, int64_t(300));
        QCOMPARE(soupRows[0].kind, std::string("averaged"));
        const QJsonObject provenance = jsonOf(soupRows[0].provenance);
        QCOMPARE(provenance[QStringLiteral("method")].toString(), QStringLiteral("soup"));
        const QJsonArray sources = provenance[QStringLiteral("sources")].toArray();
        QCOMPARE(sources.size(), 2);
        const qint64 steps[] = {100, 300};
        const double weights[] = {0.25, 1.5};
        for (int j = 0; j < 2; ++j) {
            const QJsonObject source = sources[j].toObject();
            QCOMPARE(source[QStringLiteral("run")].toString(), QStringLiteral("traj"));
            QCOMPARE(source[QStringLiteral("step")].toInteger(), steps[j]);
            QCOMPARE(source[QStringLiteral("weight")].toDouble(), weights[j]);
            QVERIFY(source[QStringLiteral("revision")].toString().endsWith(QStringLiteral("step%1").arg(steps[j])));
        }
        const QString soupFolder = resolved(storePath, soupRows[0].path);
        QCOMPARE(QFileInfo(soupFolder).canonicalFilePath(),
                 QFileInfo(soupOut + QStringLiteral("/step300")).canonicalFilePath());
        QVERIFY(QFileInfo::exists(soupFolder + QLatin1Char('/') + QLatin1String(kHfAverageProvenanceFile)));
        const AverageCheck soupCheck = checkHfAverage(
            soupFolder, {test::hfRevisionFolder(m_traj, 100), test::hfRevisionFolder(m_traj, 300)}, {0.25, 1.5});
        QVERIFY2(soupCheck.elements > 50000 && soupCheck.wrong == 0, qPrintable(soupCheck.firstWrong));
        // Weights 0.25 and 1.5 are not the plain mean: most values differ from it.
        QVERIFY2(soupCheck.offUniform > soupCheck.elements / 2, qPrintable(QString::number(soupCheck.offUniform)));
    }

    // Revisions of one architecture in two dtypes: the core refuses them, the window says so, and
    // neither the store nor the output folder changes.
    void refusedSoupChangesNothing()
    {
        const QString storePath = path(QStringLiteral("mixed.h5"));
        {
            Store store = Store::create(storePath.toStdString());
            importHfTrajectory(store, "mixed", test::smallHfImport(m_mixed, m_tokens));
        }
        const std::vector<std::string> runsBefore = Store::open(storePath.toStdString()).runs();
        MainWindow window;
        window.setJobPollInterval(50);
        window.openStore(storePath);
        QTRY_VERIFY_WITH_TIMEOUT(window.selection()->run() != nullptr, 20000);
        selectRun(window, QStringLiteral("mixed"));
        SoupDialog* dialog = openSoupDialog(window);
        QVERIFY(dialog);
        QVERIFY(dialog->isChecked(0) && dialog->isChecked(1));
        const QString out = path(QStringLiteral("mixed-out"));
        dialog->folderEdit()->setText(out);
        QVERIFY2(dialog->okButton()->isEnabled(), qPrintable(dialog->errorText()));
        QSignalSpy errors(&window, &MainWindow::errorOccurred);
        dialog->okButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!errors.isEmpty(), 60000);
        const QString message = errors.first().first().toString();
        QVERIFY2(message.contains(QStringLiteral("dtype F16 vs BF16"))
                     && message.contains(test::hfRevisionFolder(m_mixed, 1))
                     && message.contains(test::hfRevisionFolder(m_mixed, 2)),
                 qPrintable(message));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isJobRunning(), 60000);
        QVERIFY(Store::open(storePath.toStdString()).runs() == runsBefore);
        QVERIFY(!QFileInfo::exists(out));
        // The window keeps the store it had, and the soup can be asked for again.
        QTRY_VERIFY(window.findChild<QAction*>(QStringLiteral("soupAction"))->isEnabled());
    }

    // A soup of the built-in trainer's checkpoints: F32 files where LAWA puts its own.
    void soupOfTrainedCheckpoints()
    {
        const QString storePath = path(QStringLiteral("trained/store.h5"));
        QVERIFY(QDir().mkpath(path(QStringLiteral("trained"))));
        test::TrainedStore::train(path(QStringLiteral("trained/corpus.txt")), storePath,
                                  path(QStringLiteral("trained/ckpt")));
        MainWindow window;
        window.setJobPollInterval(50);
        window.openStore(storePath);
        QTRY_VERIFY_WITH_TIMEOUT(window.selection()->run() != nullptr, 20000);
        selectRun(window, QString::fromLatin1(test::TrainedStore::runName));
        SoupDialog* dialog = openSoupDialog(window);
        QVERIFY(dialog);
        QVERIFY(!dialog->isHfRun());
        QCOMPARE(dialog->rowCount(), test::TrainedStore::checkpointCount);
        dialog->setWeight(2, 3.0);
        QCOMPARE(dialog->runName(), QStringLiteral("tiny.soup-10-20"));
        dialog->okButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!window.isJobRunning(), 60000);
        QTRY_COMPARE_WITH_TIMEOUT(shownCheckpoints(window, QStringLiteral("tiny.soup-10-20")), 1, 20000);

        const Store store = Store::open(storePath.toStdString(), Store::Mode::ReadOnly);
        const auto parentRows = store.checkpoints("tiny");
        const auto rows = store.checkpoints("tiny.soup-10-20");
        QCOMPARE(rows.size(), size_t(1));
        QCOMPARE(rows[0].step, int64_t(20));
        QCOMPARE(rows[0].kind, std::string("averaged"));
        const QJsonArray sources = jsonOf(rows[0].provenance)[QStringLiteral("sources")].toArray();
        QCOMPARE(sources.size(), 2);
        QCOMPARE(sources[0].toObject()[QStringLiteral("step")].toInteger(), qint64(10));
        QCOMPARE(sources[1].toObject()[QStringLiteral("weight")].toDouble(), 3.0);
        const QString file = resolved(storePath, rows[0].path);
        QCOMPARE(QFileInfo(file).absolutePath(), path(QStringLiteral("trained/checkpoints/tiny.soup-10-20")));
        const AverageCheck check = checkFileAverage(
            file, {resolved(storePath, parentRows[1].path), resolved(storePath, parentRows[2].path)}, {1.0, 3.0});
        QVERIFY2(check.elements > 1000 && check.wrong == 0, qPrintable(check.firstWrong));
        QVERIFY2(check.offUniform > check.elements / 2, qPrintable(QString::number(check.offUniform)));
    }
};

QS_TEST_MAIN(TstGuiAveraging)
#include "tst_guiaveraging.moc"
