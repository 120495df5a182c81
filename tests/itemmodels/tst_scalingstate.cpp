// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The scaling page's state without any widget (models/scalingstate.h): what a new law brings (its
// quantity, log y, series), what the choices refuse, inputs rounded and clamped as the controls would,
// which signals each change sends, the status line about the measured points, laws saved and loaded,
// and the fit off the GUI thread recovering hand-chosen coefficients.

#include "itemmodels/coefficientmodel.h"
#include "itemmodels/jobs/fitjob.h"
#include "itemmodels/scalingstate.h"
#include "tests/support/testutils.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace qs;
using namespace qs::scaling;

namespace {

// Chen et al. W4A16 exponents ("Scaling Law for Quantization-Aware Training") with a hand-chosen k and γN.
double w4a16Delta(double k, double gammaN, double N, double D, double G)
{
    return k * std::pow(D, 0.1610) * std::pow(std::log2(G), 0.3533) / std::pow(N, gammaN);
}

// W4A16 δ points from k = 0.8, γN = 0.3 with ±1 % deterministic noise: 4 N × 3 D × 2 G = 24 points.
ScalingData deltaPoints()
{
    ScalingData data;
    data.source = "generated W4A16 points";
    data.columns = {"N", "D", "G", "delta"};
    int i = 0;
    for (const double N : {1e8, 3e8, 1e9, 3e9})
        for (const double D : {1e10, 3e10, 1e11})
            for (const double G : {32.0, 128.0}) {
                ScalingPoint p;
                p.N = N, p.D = D, p.G = G;
                p.delta = w4a16Delta(0.8, 0.3, N, D, G) * (1.0 + 0.01 * ((i * 37) % 7 - 3) / 3.0);
                data.points.push_back(p);
                ++i;
            }
    return data;
}

bool setCoefficient(CoefficientModel* model, const char* name, double value)
{
    const int row = model->rowOf(QString::fromLatin1(name));
    return row >= 0 && model->setData(model->index(row, CoefficientModel::ValueColumn), value);
}

} // namespace

class TstScalingState : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void startsWithHoffmann()
    {
        ScalingState state;
        QVERIFY(state.law().kind() == LawKind::Chinchilla);
        QCOMPARE(state.law().value("E"), 1.69);
        QVERIFY(state.chinchillaPreset() == ChinchillaPreset::Hoffmann2022);
        QVERIFY(state.view() == ScalingState::View::Curves);
        QVERIFY(state.quantity() == Quantity::Loss);
        QVERIFY(state.variable() == Variable::D);
        QVERIFY(state.seriesVariable() == Variable::N);
        QVERIFY(!state.logY());
        QCOMPARE(state.inputs().N, 1e9);
        QCOMPARE(state.inputs().D, 2e10);
        QCOMPARE(state.lawVariables(), (QList<Variable> {Variable::N, Variable::D}));
        QVERIFY(state.statusMessage().isEmpty());
        // Decades around N = 1e9.
        QCOMPARE(state.seriesValues(), (std::vector<double> {1e8, 1e9, 1e10}));
    }

    void newKindOfLawBringsItsChoices_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("quantity");
        QTest::addColumn<bool>("logY");
        QTest::addColumn<int>("series");
        QTest::addColumn<int>("variables");
        QTest::addRow("w4a4: δ over N, D, G")
            << int(LawKind::W4A4) << int(Quantity::Delta) << true << int(Variable::G) << 3;
        QTest::addRow("qat: δ over N, D, B, f")
            << int(LawKind::Qat) << int(Quantity::Delta) << true << int(Variable::Bits) << 4;
    }

    void newKindOfLawBringsItsChoices()
    {
        QFETCH(int, kind);
        QFETCH(int, quantity);
        QFETCH(bool, logY);
        QFETCH(int, series);
        QFETCH(int, variables);
        ScalingState state;
        QSignalSpy replaced(&state, &ScalingState::lawReplaced);
        QSignalSpy lawChanged(&state, &ScalingState::lawChanged);
        state.chooseLaw(LawKind(kind), W4A4Variant::WeightOnly, ChinchillaPreset::Hoffmann2022);
        QCOMPARE(replaced.count(), 1);
        QCOMPARE(lawChanged.count(), 1);
        QVERIFY(state.quantity() == Quantity(quantity));
        QCOMPARE(state.logY(), logY);
        QVERIFY(state.seriesVariable() == Variable(series));
        QVERIFY(state.variable() == Variable::D);
        QCOMPARE(int(state.lawVariables().size()), variables);
        // Back to Chinchilla: the loss on a linear axis, series N.
        state.chooseLaw(LawKind::Chinchilla, W4A4Variant::WeightOnly, ChinchillaPreset::None);
        QVERIFY(state.quantity() == Quantity::Loss);
        QVERIFY(!state.logY());
        QVERIFY(state.seriesVariable() == Variable::N);
        QVERIFY(state.chinchillaPreset() == ChinchillaPreset::None);
    }

    void choicesTheLawLacksAreRefused()
    {
        ScalingState state;
        QSignalSpy shown(&state, &ScalingState::shownChanged);
        QVERIFY(!state.setQuantity(Quantity::Delta)); // Chinchilla has no δ
        QVERIFY(!state.setVariable(Variable::G));
        QVERIFY(!state.setSeriesVariable(Variable::D)); // the x variable
        QCOMPARE(shown.count(), 0);
        // x = the series variable: the series goes.
        QVERIFY(state.setVariable(Variable::N));
        QVERIFY(!state.seriesVariable());
        QVERIFY(state.setSeriesVariable(Variable::D));
        QVERIFY(state.seriesVariable() == Variable::D);
        QVERIFY(state.setSeriesVariable(std::nullopt));
        QVERIFY(state.seriesValues().empty());
        QCOMPARE(shown.count(), 3);
        // A W4A4 law: the effective parameters exist, switching to them leaves log y.
        state.chooseLaw(LawKind::W4A4, W4A4Variant::Full, ChinchillaPreset::Hoffmann2022);
        QVERIFY(state.setQuantity(Quantity::EffectiveParameters));
        QVERIFY(!state.logY());
        QVERIFY(state.setQuantity(Quantity::Delta));
        QVERIFY(state.logY());
        QVERIFY(!state.setQuantity(Quantity::OptimalQatFraction));
    }

    void inputsRoundedAndClamped()
    {
        ScalingState state;
        QSignalSpy inputs(&state, &ScalingState::inputsChanged);
        QSignalSpy changed(&state, &ScalingState::changed);
        state.setInput(Variable::Bits, 3.4);
        QCOMPARE(state.inputs().bits, 3.0);
        state.setInput(Variable::N, 1e20);
        QCOMPARE(state.inputs().N, 1e13);
        state.setInput(Variable::QatFraction, 0.12345);
        QCOMPARE(state.inputs().qatFraction, 0.123);
        state.setInput(Variable::G, 0.5);
        QCOMPARE(state.inputs().G, 2.0);
        QCOMPARE(inputs.count(), 4);
        QCOMPARE(changed.count(), 4);
        QCOMPARE(ScalingState::inputRange(Variable::D), std::make_pair(1e8, 1e15));
        // Series around N stay inside N's range: a decade below its top at most.
        state.setInput(Variable::N, 1e13);
        QCOMPARE(state.seriesValues(), (std::vector<double> {1e11, 1e12, 1e13}));
    }

    void editsAreLawChanges()
    {
        ScalingState state;
        QSignalSpy lawChanged(&state, &ScalingState::lawChanged);
        QSignalSpy replaced(&state, &ScalingState::lawReplaced);
        QVERIFY(setCoefficient(state.coefficientModel(), "E", 2.0));
        QCOMPARE(lawChanged.count(), 1);
        QCOMPARE(replaced.count(), 0);
        QVERIFY(state.law().coefficient("E").source == Source::UserEdit);
        QVERIFY(!state.chinchillaPreset()); // neither a preset nor unset
        QCOMPARE(state.unsetCoefficients(Quantity::Loss), QStringList());
        state.chooseLaw(LawKind::W4A4, W4A4Variant::WeightOnly, ChinchillaPreset::Hoffmann2022);
        QCOMPARE(state.unsetCoefficients(Quantity::Delta), (QStringList {QStringLiteral("k"), QStringLiteral("γ_N")}));
        QCOMPARE(state.unsetCoefficients(Quantity::FpLoss), QStringList());
    }

    void measuredPointsLackingAColumn()
    {
        ScalingState state;
        state.chooseLaw(LawKind::W4A4, W4A4Variant::WeightOnly, ChinchillaPreset::Hoffmann2022);
        QSignalSpy status(&state, &ScalingState::statusChanged);
        QSignalSpy data(&state, &ScalingState::dataChanged);
        // δ points and the W4A4 law's δ: usable.
        state.setMeasuredData(deltaPoints());
        QCOMPARE(data.count(), 1);
        QVERIFY(state.dataError().isEmpty());
        QVERIFY(state.statusMessage().isEmpty());
        // The loss is what the points lack: kept, and the status says so.
        QVERIFY(state.setQuantity(Quantity::Loss));
        QVERIFY2(state.dataError().contains(QStringLiteral("loss")), qPrintable(state.dataError()));
        QVERIFY(state.statusIsError());
        QVERIFY(state.statusMessage().contains(state.dataError()));
        QCOMPARE(int(state.measuredData().points.size()), 24);
        // Back to δ: the complaint goes.
        QVERIFY(state.setQuantity(Quantity::Delta));
        QVERIFY(state.dataError().isEmpty());
        QVERIFY(state.statusMessage().isEmpty());
        QVERIFY(status.count() >= 3);
    }

    void unreadableCsvKeepsData()
    {
        ScalingState state;
        const QString good =
            test::writeFile(m_dir.filePath(QStringLiteral("good.csv")), "N,D,loss\n1e8,1e10,3.1\n1e9,1e11,2.6\n");
        QVERIFY(state.openCsv(good));
        QCOMPARE(int(state.measuredData().points.size()), 2);
        const QString bad = test::writeFile(m_dir.filePath(QStringLiteral("bad.csv")), "N,D,loss\n1e8,lots,3.1\n");
        QSignalSpy data(&state, &ScalingState::dataChanged);
        QVERIFY(!state.openCsv(bad));
        QCOMPARE(data.count(), 0);
        QVERIFY(state.statusIsError());
        QVERIFY2(state.statusMessage().contains(QStringLiteral("bad.csv")), qPrintable(state.statusMessage()));
        QCOMPARE(QString::fromStdString(state.measuredData().source), good);
    }

    void lawSavedAndLoaded()
    {
        ScalingState state;
        state.chooseLaw(LawKind::W4A4, W4A4Variant::ActivationOnly, ChinchillaPreset::Besiroglu2024);
        QVERIFY(setCoefficient(state.coefficientModel(), "k", 0.25));
        const QString path = m_dir.filePath(QStringLiteral("law.json"));
        QVERIFY(state.saveLaw(path));
        ScalingState other;
        QSignalSpy replaced(&other, &ScalingState::lawReplaced);
        QVERIFY(other.loadLaw(path));
        QCOMPARE(replaced.count(), 1);
        QVERIFY(other.law().variant() == W4A4Variant::ActivationOnly);
        QCOMPARE(other.law().value("k"), 0.25);
        QVERIFY(other.chinchillaPreset() == ChinchillaPreset::Besiroglu2024);
        QVERIFY(other.quantity() == Quantity::Delta);
        QVERIFY(other.statusMessage().contains(QStringLiteral("law.json")));
        QVERIFY(!other.statusIsError());
        QVERIFY(!other.saveLaw(m_dir.filePath(QStringLiteral("no-such-dir/law.json"))));
        QVERIFY(other.statusIsError());
    }

    void fitReplacesTheCoefficients()
    {
        ScalingState state;
        state.chooseLaw(LawKind::W4A4, W4A4Variant::WeightOnly, ChinchillaPreset::Hoffmann2022);
        QSignalSpy failed(&state, &ScalingState::fitFailed);
        state.startFit();
        QCOMPARE(failed.count(), 1); // no points yet
        QVERIFY(state.statusIsError());

        state.setMeasuredData(deltaPoints());
        QSignalSpy fitting(&state, &ScalingState::fittingChanged);
        QSignalSpy succeeded(&state, &ScalingState::fitSucceeded);
        QSignalSpy replaced(&state, &ScalingState::lawReplaced);
        FitOptions options;
        options.bootstrapResamples = 0;
        state.startFit(options);
        QVERIFY(state.isFitting());
        QCOMPARE(fitting.count(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(!state.isFitting(), 120000);
        QTRY_COMPARE(succeeded.count(), 1);
        QCOMPARE(fitting.count(), 2);
        QCOMPARE(fitting.at(1).at(0).toBool(), false);
        QCOMPARE(replaced.count(), 1);
        // The generating k = 0.8, γN = 0.3 (1 % noise), fitted; the published exponents kept.
        QVERIFY(state.law().coefficient("k").source == Source::Fit);
        QVERIFY(std::abs(state.law().value("k") / 0.8 - 1.0) < 0.15);
        QVERIFY(std::abs(state.law().value("gamma_N") - 0.3) < 0.01);
        QVERIFY(state.law().coefficient("gamma_D").source == Source::Published);
        QVERIFY(state.statusMessage().contains(QStringLiteral("Fitted")));
        // Refitting the published ones too frees γD and γG (δ target: the Chinchilla part stays).
        const std::vector<std::string> refit = state.refittableCoefficients(FitTarget::Auto);
        QCOMPARE(refit, (std::vector<std::string> {"gamma_D", "gamma_G"}));
    }

    void fitOfAReplacedLawIsDropped()
    {
        ScalingState state;
        state.chooseLaw(LawKind::W4A4, W4A4Variant::WeightOnly, ChinchillaPreset::Hoffmann2022);
        state.setMeasuredData(deltaPoints());
        QSignalSpy succeeded(&state, &ScalingState::fitSucceeded);
        FitOptions options;
        options.bootstrapResamples = 0;
        state.startFit(options);
        state.chooseLaw(LawKind::Chinchilla, W4A4Variant::WeightOnly, ChinchillaPreset::Hoffmann2022);
        QTRY_VERIFY_WITH_TIMEOUT(!state.isFitting(), 120000);
        QTest::qWait(50);
        QCOMPARE(succeeded.count(), 0);
        QVERIFY(state.law().kind() == LawKind::Chinchilla);
        QVERIFY2(state.statusMessage().contains(QStringLiteral("dropped")), qPrintable(state.statusMessage()));
    }
};

QS_TEST_GUILESS_MAIN(TstScalingState)
#include "tst_scalingstate.moc"
