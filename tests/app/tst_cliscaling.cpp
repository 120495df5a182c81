// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The scaling-law commands as a user runs them: `quantscope fit` on a CSV and on a store, the fit kept
// in the store and queried back, `query` against the published laws, `fit --law ptq` on a run whose
// damage follows the LR decay, and the failures a user meets (names taken, unset coefficients,
// nothing to fit).

#include "tests/support/testutils.h"

#include "tests/support/decaystore.h"

#include "core/config/config.h"
#include "core/store/store.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QProcess>
#include <QTemporaryDir>

#include <cmath>

namespace {

using Result = qs::test::CliResult;
using qs::test::runCli;

// Besiroglu et al. 2024, "Chinchilla Scaling: A replication attempt".
double besiroglu(double N, double D)
{
    return 1.8172 + 482.01 / std::pow(N, 0.3478) + 2085.43 / std::pow(D, 0.3658);
}

} // namespace

class TstCliScaling : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_store = m_dir.filePath(QStringLiteral("decay.h5"));
        qs::test::DecayStore::write(m_store);
        // 120 noise-free points of the Besiroglu law on a grid of N and D.
        m_csv = m_dir.filePath(QStringLiteral("chinchilla.csv"));
        QFile csv(m_csv);
        QVERIFY(csv.open(QIODevice::WriteOnly));
        csv.write("N,D,loss\n");
        for (int i = 0; i < 12; ++i)
            for (int j = 0; j < 10; ++j) {
                const double N = 1e7 * std::pow(10.0, i * 3.0 / 11.0), D = 1e9 * std::pow(10.0, j * 3.0 / 9.0);
                csv.write(QStringLiteral("%1,%2,%3\n")
                              .arg(N, 0, 'g', 17)
                              .arg(D, 0, 'g', 17)
                              .arg(besiroglu(N, D), 0, 'g', 17)
                              .toUtf8());
            }
    }

    // Fit a CSV, keep it in the store, query it back: the prediction is the law the points came from.
    void fitCsvSaveAndQuery()
    {
        Result r = runCli({QStringLiteral("fit"), QStringLiteral("--law"), QStringLiteral("chinchilla"),
                           QStringLiteral("--csv"), m_csv, QStringLiteral("--store"), m_store, QStringLiteral("--grid"),
                           QStringLiteral("2"), QStringLiteral("--bootstrap"), QStringLiteral("10")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("saved as fit 'chinchilla'")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("alpha")));

        r = runCli({QStringLiteral("query"), QStringLiteral("--store"), m_store, QStringLiteral("--fit"),
                    QStringLiteral("chinchilla"), QStringLiteral("--predict"), QStringLiteral("loss"),
                    QStringLiteral("--N"), QStringLiteral("3e8"), QStringLiteral("--D"), QStringLiteral("6e10"),
                    QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject doc = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const double loss = doc[QStringLiteral("predict")].toObject()[QStringLiteral("loss")].toDouble();
        QVERIFY2(std::abs(loss - besiroglu(3e8, 6e10)) < 1e-5 * besiroglu(3e8, 6e10), qPrintable(r.out));
        QCOMPARE(doc[QStringLiteral("law")].toObject()[QStringLiteral("law")].toString(), QStringLiteral("chinchilla"));

        // The name is taken now: refused without --replace, nothing lost; replaced with it.
        r = runCli({QStringLiteral("fit"), QStringLiteral("--law"), QStringLiteral("chinchilla"),
                    QStringLiteral("--csv"), m_csv, QStringLiteral("--store"), m_store, QStringLiteral("--grid"),
                    QStringLiteral("1"), QStringLiteral("--bootstrap"), QStringLiteral("0")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("stored already")), qPrintable(r.err));
        const qs::Store store = qs::Store::open(m_store.toStdString());
        QCOMPARE(store.fitNames(), std::vector<std::string> {"chinchilla"});
        QVERIFY(store.fitJson("chinchilla").find("\"ci95\": [") != std::string::npos);
        QVERIFY(qs::test::errorOf([&] { store.fitJson("nope"); }).contains(QStringLiteral("stored fits: chinchilla")));
    }

    // Published coefficients, computed here from the Chinchilla papers' and Dremov et al. 2025's formulas.
    void queryPublishedLaws()
    {
        Result r = runCli({QStringLiteral("query"), QStringLiteral("--law"), QStringLiteral("chinchilla"),
                           QStringLiteral("--preset"), QStringLiteral("hoffmann2022"), QStringLiteral("--predict"),
                           QStringLiteral("loss"), QStringLiteral("--N"), QStringLiteral("7e10"), QStringLiteral("--D"),
                           QStringLiteral("1.4e12"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const double expected = 1.69 + 406.4 / std::pow(7e10, 0.34) + 410.7 / std::pow(1.4e12, 0.28);
        const double got = QJsonDocument::fromJson(r.out.toUtf8())
                               .object()[QStringLiteral("predict")]
                               .toObject()[QStringLiteral("loss")]
                               .toDouble();
        QVERIFY(std::abs(got - expected) < 1e-12 * expected);

        // f̂ at N = 1e9, D = 1e11, B = 4: S = 200, exp(−6.7297 / ln 200).
        r = runCli({QStringLiteral("query"), QStringLiteral("--law"), QStringLiteral("qat"),
                    QStringLiteral("--predict"), QStringLiteral("f_hat"), QStringLiteral("--N"), QStringLiteral("1e9"),
                    QStringLiteral("--D"), QStringLiteral("1e11"), QStringLiteral("--bits"), QStringLiteral("4"),
                    QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const double fhat = QJsonDocument::fromJson(r.out.toUtf8())
                                .object()[QStringLiteral("predict")]
                                .toObject()[QStringLiteral("f_hat")]
                                .toDouble();
        QVERIFY(std::abs(fhat - std::exp(-6.7297 / std::log(200.0))) < 1e-12);

        // f* needs the QAT law's δ coefficients, which nobody published: the message names them.
        r = runCli({QStringLiteral("query"), QStringLiteral("--law"), QStringLiteral("qat"),
                    QStringLiteral("--predict"), QStringLiteral("f_star"), QStringLiteral("--N"), QStringLiteral("1e9"),
                    QStringLiteral("--D"), QStringLiteral("1e11"), QStringLiteral("--bits"), QStringLiteral("4")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("theta")) && r.err.contains(QStringLiteral("quantscope fit")),
                 qPrintable(r.err));
    }

    void ptqFollowsTheDecay()
    {
        const Result r =
            runCli({QStringLiteral("fit"), QStringLiteral("--law"), QStringLiteral("ptq"), QStringLiteral("--store"),
                    m_store, QStringLiteral("--config"), QStringLiteral("rtn_w4_g128_sym"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject doc = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(doc[QStringLiteral("warmup_excluded")].toInt(), 1);
        QCOMPARE(doc[QStringLiteral("points")].toInt(), qs::test::DecayStore::checkpoints - 1);
        QCOMPARE(doc[QStringLiteral("decay_points")].toInt(), 5);
        const QJsonObject decay = doc[QStringLiteral("models")].toObject()[QStringLiteral("tokens+decay")].toObject();
        const double slope = decay[QStringLiteral("terms")]
                                 .toObject()[QStringLiteral("lr_decay")]
                                 .toObject()[QStringLiteral("estimate")]
                                 .toDouble();
        QVERIFY2(std::abs(slope - 0.03) < 0.003, qPrintable(r.out));
        QVERIFY(doc[QStringLiteral("decay_p")].toDouble() < 1e-4);
    }

    void nothingToFit()
    {
        // One run = one model size: N does not vary, so α and A cannot be fitted.
        Result r = runCli({QStringLiteral("fit"), QStringLiteral("--law"), QStringLiteral("chinchilla"),
                           QStringLiteral("--store"), m_store});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("N takes a single value")), qPrintable(r.err));
        // No config of the variant in the store.
        r = runCli({QStringLiteral("fit"), QStringLiteral("--law"), QStringLiteral("w4a4"), QStringLiteral("--variant"),
                    QStringLiteral("w16a4"), QStringLiteral("--store"), m_store});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("no measured points")), qPrintable(r.err));
        r = runCli({QStringLiteral("fit"), QStringLiteral("--law"), QStringLiteral("chinchilla")});
        QCOMPARE(r.exitCode, 2); // a command line without data points
        QVERIFY2(r.err.contains(QStringLiteral("--csv")), qPrintable(r.err));
        r = runCli({QStringLiteral("fit"), QStringLiteral("--law"), QStringLiteral("ptq"), QStringLiteral("--store"),
                    m_store, QStringLiteral("--config"), QStringLiteral("gptq_w9")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("no config 'gptq_w9'")), qPrintable(r.err));
    }

    // The scaling page as a figure: a law with published coefficients, no store needed; the CSV holds
    // the law's values (Hoffmann et al. 2022: E 1.69, A 406.4, B 410.7, α 0.34, β 0.28).
    void figureOfALaw()
    {
#ifdef QS_NO_GUI
        QSKIP("figure runs quantscope-gui, which this build leaves out (QS_BUILD_GUI OFF: the asan preset)");
#endif
        const QString svg = m_dir.filePath(QStringLiteral("law.svg"));
        const QString data = m_dir.filePath(QStringLiteral("law.csv"));
        Result r = runCli({QStringLiteral("figure"), QStringLiteral("--view"), QStringLiteral("scaling"),
                           QStringLiteral("--law"), QStringLiteral("chinchilla"), QStringLiteral("--preset"),
                           QStringLiteral("hoffmann2022"), QStringLiteral("--x"), QStringLiteral("D"),
                           QStringLiteral("--series"), QStringLiteral("none"), QStringLiteral("--N"),
                           QStringLiteral("1e9"), QStringLiteral("--out"), svg, QStringLiteral("--csv"), data});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile svgFile(svg);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        QVERIFY(svgFile.readAll().contains("<svg"));
        QFile csvFile(data);
        QVERIFY(csvFile.open(QIODevice::ReadOnly));
        const QStringList rows = QString::fromUtf8(csvFile.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY(rows.size() > 10);
        QVERIFY2(rows[0].startsWith(QStringLiteral("D,")), qPrintable(rows[0]));
        for (const QString& row : rows.mid(1)) {
            const QStringList cells = row.split(QLatin1Char(','));
            QCOMPARE(cells.size(), 2);
            const double D = cells[0].toDouble();
            const double expected = 1.69 + 406.4 / std::pow(1e9, 0.34) + 410.7 / std::pow(D, 0.28);
            QVERIFY2(std::abs(cells[1].toDouble() - expected) < 1e-6 * expected, qPrintable(row));
        }

        // What cannot be drawn is said, naming what is missing; nothing is written.
        const QString never = m_dir.filePath(QStringLiteral("never.png"));
        r = runCli({QStringLiteral("figure"), QStringLiteral("--view"), QStringLiteral("scaling"),
                    QStringLiteral("--law"), QStringLiteral("w4a4"), QStringLiteral("--variant"),
                    QStringLiteral("w4a16"), QStringLiteral("--out"), never});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("k")) && r.err.contains(QStringLiteral("unset")), qPrintable(r.err));
        r = runCli({QStringLiteral("figure"), QStringLiteral("--view"), QStringLiteral("scaling"),
                    QStringLiteral("--law"), QStringLiteral("chinchilla"), QStringLiteral("--scaling-view"),
                    QStringLiteral("sideways"), QStringLiteral("--out"), never});
        QCOMPARE(r.exitCode, 2); // not one of the views: the command line is wrong
        QVERIFY2(r.err.contains(QStringLiteral("sideways")), qPrintable(r.err));
        r = runCli({QStringLiteral("figure"), QStringLiteral("--view"), QStringLiteral("scaling"),
                    QStringLiteral("--out"), never});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--law")), qPrintable(r.err));
        QVERIFY(!QFile::exists(never));
    }

private:
    QTemporaryDir m_dir;
    QString m_store;
    QString m_csv;
};

QS_TEST_GUILESS_MAIN(TstCliScaling)
#include "tst_cliscaling.moc"
