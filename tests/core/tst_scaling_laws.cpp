// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The scaling laws (core/scalinglaws/laws.h) and their JSON form against values derived by hand from the
// formulas of the compute-optimal QAT, W4A4 QAT and Chinchilla laws: powers of ten keep the arithmetic checkable, e.g.
// 1e9^0.34 = 10^3.06.

#include "tests/support/numeric.h"
#include "tests/support/testutils.h"

#include "core/scalinglaws/laws.h"
#include "core/scalinglaws/serialization.h"

#include <QObject>
#include <QRegularExpression>

#include <cmath>

using namespace qs::scaling;
using qs::test::describe;
using qs::test::errorOf;
using qs::test::errorOfType;

namespace {

constexpr qs::test::Near near {qs::test::RelativeTo::Expected};

// k = 1, γN = 0.5, γD = 0.2, γG = 0.5 as user edits on the full W4A4 variant, Hoffmann's Chinchilla.
Law handW4A4()
{
    Law law = Law::w4a4(W4A4Variant::Full, ChinchillaPreset::Hoffmann2022);
    law.setCoefficient("k", 1.0);
    law.setCoefficient("gamma_N", 0.5);
    law.setCoefficient("gamma_D", 0.2);
    law.setCoefficient("gamma_G", 0.5);
    return law;
}

// θ 0.5, κ 1, φ 2, χ 0.5, ψ 0.1, ω 0.2, λ 1, μ 0.5, ν 0.1, ξ 0.1, ρ 0.1 on Hoffmann's Chinchilla.
Law handQat()
{
    Law law = Law::qat(ChinchillaPreset::Hoffmann2022);
    const std::pair<const char*, double> values[] = {{"theta", 0.5}, {"kappa", 1.0}, {"phi", 2.0},    {"chi", 0.5},
                                                     {"psi", 0.1},   {"omega", 0.2}, {"lambda", 1.0}, {"mu", 0.5},
                                                     {"nu", 0.1},    {"xi", 0.1},    {"rho", 0.1}};
    for (const auto& [name, v] : values)
        law.setCoefficient(name, v);
    return law;
}

} // namespace

class TstScalingLaws : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void presets()
    {
        const Law h = Law::chinchilla(ChinchillaPreset::Hoffmann2022);
        QCOMPARE(h.value("E"), 1.69);
        QCOMPARE(h.value("A"), 406.4);
        QCOMPARE(h.value("B"), 410.7);
        QCOMPARE(h.value("alpha"), 0.34);
        QCOMPARE(h.value("beta"), 0.28);
        QVERIFY(h.coefficient("A").source == Source::Published);
        QVERIFY(QString::fromStdString(h.coefficient("A").reference).contains(QStringLiteral("Hoffmann")));
        const Law b = Law::chinchilla(ChinchillaPreset::Besiroglu2024);
        QCOMPARE(b.value("E"), 1.8172);
        QCOMPARE(b.value("A"), 482.01);
        QCOMPARE(b.value("B"), 2085.43);
        QCOMPARE(b.value("alpha"), 0.3478);
        QCOMPARE(b.value("beta"), 0.3658);
        QVERIFY(QString::fromStdString(b.coefficient("beta").reference).contains(QStringLiteral("Besiroglu")));
        const Law none = Law::chinchilla();
        for (const Coefficient& c : none.coefficients())
            QVERIFY2(c.source == Source::Unset && !c.isSet(), c.name.c_str());
    }

    // Every published coefficient names its paper as a reader finds it: authors, year, arXiv id.
    void publishedCoefficientsCiteTheirPaper()
    {
        const QRegularExpression citation(QStringLiteral("^[A-Z][^,]+ \\d{4}, arXiv \\d{4}\\.\\d{5}\\b"));
        std::vector<Law> laws;
        for (ChinchillaPreset preset : {ChinchillaPreset::Hoffmann2022, ChinchillaPreset::Besiroglu2024}) {
            laws.push_back(Law::chinchilla(preset));
            laws.push_back(Law::qat(preset));
            for (W4A4Variant variant : {W4A4Variant::WeightOnly, W4A4Variant::ActivationOnly, W4A4Variant::Full})
                laws.push_back(Law::w4a4(variant, preset));
        }
        int published = 0;
        for (const Law& law : laws) {
            for (const Coefficient& c : law.coefficients()) {
                if (c.source != Source::Published)
                    continue;
                ++published;
                const QString reference = QString::fromStdString(c.reference);
                QVERIFY2(citation.match(reference).hasMatch(),
                         qPrintable(QString::fromStdString(c.name + ": " + c.reference)));
                QVERIFY2(!reference.contains(QStringLiteral("papers.md")), qPrintable(reference));
            }
        }
        QVERIFY(published >= 20);
    }

    void w4a4Variants()
    {
        // Published: W4A16 γD 0.1610 γG 0.3533; W16A4 γD 0.0331 γG 0.9812; FC2 at 8 bit γG 0.4471 only.
        const Law w = Law::w4a4(W4A4Variant::WeightOnly);
        QCOMPARE(w.value("gamma_D"), 0.1610);
        QCOMPARE(w.value("gamma_G"), 0.3533);
        QVERIFY(!w.coefficient("k").isSet());
        QVERIFY(!w.coefficient("gamma_N").isSet());
        const Law a = Law::w4a4(W4A4Variant::ActivationOnly);
        QCOMPARE(a.value("gamma_D"), 0.0331);
        QCOMPARE(a.value("gamma_G"), 0.9812);
        const Law fc2 = Law::w4a4(W4A4Variant::ActivationOnlyFc2At8);
        QCOMPARE(fc2.value("gamma_G"), 0.4471);
        QVERIFY(fc2.coefficient("gamma_D").source == Source::Unset);
        const Law full = Law::w4a4(W4A4Variant::Full);
        for (const char* n : {"k", "gamma_N", "gamma_D", "gamma_G"})
            QVERIFY2(!full.coefficient(n).isSet(), n);
        QVERIFY(QString::fromStdString(w.coefficient("gamma_D").reference).contains(QStringLiteral("Chen")));
        QCOMPARE(Law::qat().value("a_f"), 6.7297);
        QVERIFY(Law::qat().coefficient("a_f").source == Source::Published);
    }

    void chinchillaByHand()
    {
        // 406.4/1e9^0.34 = 406.4·10^−3.06 = 0.353960; 410.7/1e11^0.28 = 410.7·10^−3.08 = 0.341605.
        const Law h = Law::chinchilla(ChinchillaPreset::Hoffmann2022);
        const double L = chinchillaLoss(h, 1e9, 1e11);
        QVERIFY2(near(L, 1.69 + 0.3539596029581511 + 0.3416053807918669, 1e-12), qPrintable(describe(L, 2.385565)));
        // Besiroglu: 1.8172 + 482.01·10^−3.1302 + 2085.43·10^−4.0238 = 2.371776.
        const double Lb = chinchillaLoss(Law::chinchilla(ChinchillaPreset::Besiroglu2024), 1e9, 1e11);
        QVERIFY2(near(Lb, 2.3717764674528374, 1e-12), qPrintable(describe(Lb, 2.3717764674528374)));
    }

    void fHatCheckValues_data()
    {
        QTest::addColumn<double>("S");
        QTest::addColumn<double>("expected");
        QTest::addColumn<double>("tolerance");
        // "Compute-Optimal Quantization-Aware Training"'s direct fit, to the 3 decimals given (half a unit of the last
        // decimal). At S = 1e3, exp(−6.7297/ln 1000) = exp(−0.974224) = 0.377485: the paper's 0.378 is that value
        // rounded twice (0.3775 → 0.378), so that row allows 0.000515.
        QTest::addRow("S=10") << 10.0 << 0.054 << 0.0005;
        QTest::addRow("S=100") << 100.0 << 0.232 << 0.0005;
        QTest::addRow("S=1e3") << 1e3 << 0.378 << 0.000515;
        QTest::addRow("S=1e4") << 1e4 << 0.482 << 0.0005;
        QTest::addRow("S=1e5") << 1e5 << 0.557 << 0.0005;
    }

    void fHatCheckValues()
    {
        QFETCH(double, S);
        QFETCH(double, expected);
        QFETCH(double, tolerance);
        const double f = directQatFraction(S);
        QVERIFY2(std::abs(f - expected) <= tolerance, qPrintable(describe(f, expected)));
        // And the formula itself: exp(−a / ln S) with the natural log.
        QVERIFY(std::abs(f - std::exp(-6.7297 / std::log(S))) <= 1e-15);
    }

    void fHatExample()
    {
        // N = 1e9, D = 1e11, B = 4: S = 1e11 / (1e9·4/8) = 200, f̂ = exp(−6.7297/ln 200) ≈ 0.28.
        const double S = tokensPerParameterByte(1e11, 1e9, 4);
        QCOMPARE(S, 200.0);
        const double f = directQatFraction(S);
        QVERIFY2(std::abs(f - 0.28) <= 0.005, qPrintable(describe(f, 0.28)));
    }

    void w4a4ByHand()
    {
        // N 1e8, D 1e10, G 256: D^0.2 = 100, (log2 256)^0.5 = √8, N^0.5 = 1e4 → δ = 100·√8/1e4.
        const Law law = handW4A4();
        const double delta = w4a4Delta(law, 1e8, 1e10, 256);
        QVERIFY2(near(delta, 100.0 * std::sqrt(8.0) / 1e4, 1e-12), qPrintable(describe(delta, 0.0282843)));
        // L = 1.69 + 406.4·10^−2.72 + 410.7·10^−2.8 + δ.
        const double L = w4a4Loss(law, 1e8, 1e10, 256);
        const double expected = 1.69 + 406.4 * std::pow(10.0, -2.72) + 410.7 * std::pow(10.0, -2.8) + delta;
        QVERIFY2(near(L, expected, 1e-12), qPrintable(describe(L, expected)));
    }

    void effectiveParameters()
    {
        // x = k·D^γD·(log2 G)^γG·N^(α−γN) = 100·√8·10^−1.28 = 14.8438; eff = (406.4/421.2438)^(1/0.34) = 0.899864.
        const Law law = handW4A4();
        const double eff = effectiveParameterFraction(law, 1e8, 1e10, 256);
        QVERIFY2(near(eff, 0.8998642592686131, 1e-10), qPrintable(describe(eff, 0.8998642592686131)));
        // The defining property: an FP model of eff·N parameters loses A/(eff·N)^α = A/N^α + δ.
        const double A = 406.4, alpha = 0.34;
        const double lhs = A / std::pow(eff * 1e8, alpha);
        const double rhs = A / std::pow(1e8, alpha) + w4a4Delta(law, 1e8, 1e10, 256);
        QVERIFY2(near(lhs, rhs, 1e-12), qPrintable(describe(lhs, rhs)));
    }

    void decomposition()
    {
        Law w = Law::w4a4(W4A4Variant::WeightOnly);
        w.setCoefficient("k", 2.0);
        w.setCoefficient("gamma_N", 0.3);
        Law a = Law::w4a4(W4A4Variant::ActivationOnly);
        a.setCoefficient("k", 3.0);
        a.setCoefficient("gamma_N", 0.4);
        // N 1e8, D 1e10, G 128: 2·1e10^0.161·7^0.3533/1e8^0.3 + 3·1e10^0.0331·7^0.9812/1e8^0.4.
        const double expected = 2.0 * std::pow(10.0, 1.61) * std::pow(7.0, 0.3533) / std::pow(10.0, 2.4)
            + 3.0 * std::pow(10.0, 0.331) * std::pow(7.0, 0.9812) / std::pow(10.0, 3.2);
        const double got = decomposedW4A4Delta(w, a, 1e8, 1e10, 128);
        QVERIFY2(near(got, expected, 1e-12), qPrintable(describe(got, expected)));
    }

    void qatByHand()
    {
        // N 1e8, B 4: N·B/8 = 5e7 bytes; D_fp 8e9 → S_fp 160, D_qat 2e9 → S_qat 40.
        // δ = 0.5·2^−4 + 2·2^−2/(10^0.8·40^0.2) + 2^−2/(10^0.8·160^0.1·40^0.1)
        const Law law = handQat();
        const double t1 = 0.5 / 16.0;
        const double t2 = 0.5 / (std::pow(10.0, 0.8) * std::pow(40.0, 0.2));
        const double t3 = 0.25 / (std::pow(10.0, 0.8) * std::pow(160.0, 0.1) * std::pow(40.0, 0.1));
        QVERIFY(near(t1 + t2 + t3, 0.0856367630, 1e-9)); // the arithmetic above, done once by hand
        const double delta = qatDelta(law, 1e8, 8e9, 2e9, 4);
        QVERIFY2(near(delta, t1 + t2 + t3, 1e-12), qPrintable(describe(delta, t1 + t2 + t3)));
        // Loss: Chinchilla at D = D_fp + D_qat = 1e10 plus δ.
        const double L = qatLoss(law, 1e8, 8e9, 2e9, 4);
        const double expected = 1.69 + 406.4 * std::pow(10.0, -2.72) + 410.7 * std::pow(10.0, -2.8) + delta;
        QVERIFY2(near(L, expected, 1e-12), qPrintable(describe(L, expected)));
    }

    void optimalFractionClosedForm()
    {
        // With φ negligible only θ·2^−κB + λ·2^−μB/(N^ν·S_fp^ξ·S_qat^ρ) remains; S_fp ∝ 1−f, S_qat ∝ f,
        // so f* maximises (1−f)^ξ·f^ρ: f* = ρ/(ξ+ρ) = 0.1/0.4 = 0.25.
        Law law = handQat();
        law.setCoefficient("phi", 1e-30);
        law.setCoefficient("xi", 0.3);
        const QatOptimum opt = optimalQatFraction(law, 1e9, 1e11, 4);
        // A minimum located from function values is determined to ~√ε relative: 1e-7 here.
        QVERIFY2(std::abs(opt.fraction - 0.25) <= 1e-7, qPrintable(describe(opt.fraction, 0.25)));
        QVERIFY(!opt.atBoundary);
        // Without the interaction term the QAT penalty falls with f all the way: the optimum is at f → 1.
        Law noInteraction = handQat();
        noInteraction.setCoefficient("lambda", 1e-30);
        const QatOptimum edge = optimalQatFraction(noInteraction, 1e9, 1e11, 4);
        QVERIFY(edge.atBoundary);
        QVERIFY(edge.fraction > 0.9999);
    }

    void optimalFractionBruteForce()
    {
        const Law law = handQat();
        for (double bits : {2.0, 4.0, 8.0}) {
            const QatOptimum opt = optimalQatFraction(law, 3e8, 3e10, bits);
            double bestF = 0.0, best = INFINITY;
            for (int i = 1; i < 200000; ++i) {
                const double f = i / 200000.0;
                const double v = qatDelta(law, 3e8, (1 - f) * 3e10, f * 3e10, bits);
                if (v < best)
                    best = v, bestF = f;
            }
            QVERIFY2(std::abs(opt.fraction - bestF) <= 1e-5, qPrintable(describe(opt.fraction, bestF)));
            QVERIFY(opt.delta <= best * (1 + 1e-12));
        }
    }

    void unsetCoefficients()
    {
        const QString msg = errorOf([] { chinchillaLoss(Law::chinchilla(), 1e9, 1e11); });
        QVERIFY2(msg.contains(QStringLiteral("E, A, B, alpha, beta")), qPrintable(msg));
        QVERIFY2(msg.contains(QStringLiteral("quantscope fit --law chinchilla")), qPrintable(msg));
        const QString w = errorOf([] { w4a4Delta(Law::w4a4(W4A4Variant::WeightOnly), 1e8, 1e10, 128); });
        QVERIFY2(w.contains(QStringLiteral("k, gamma_N")) && !w.contains(QStringLiteral("gamma_D")), qPrintable(w));
        QVERIFY2(w.contains(QStringLiteral("--law w4a4 --variant w4a16")), qPrintable(w));
        const QString q = errorOf([] { qatDelta(Law::qat(), 1e8, 1e9, 1e9, 4); });
        QVERIFY2(q.contains(QStringLiteral("theta")) && q.contains(QStringLiteral("rho")), qPrintable(q));
        // δ alone does not need the Chinchilla part, the loss does.
        Law partial = handW4A4();
        partial.unsetCoefficient("E");
        QVERIFY(w4a4Delta(partial, 1e8, 1e10, 256) > 0.0);
        const QString e = errorOf([&] { w4a4Loss(partial, 1e8, 1e10, 256); });
        QVERIFY2(e.contains(QStringLiteral("coefficient E,")) || e.contains(QStringLiteral("coefficient E ")),
                 qPrintable(e));
        QVERIFY2(
            errorOf([] { Law::chinchilla().coefficient("gamma"); }).contains(QStringLiteral("no coefficient 'gamma'")),
            "unknown name");
    }

    void badInputs_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("expected");
        QTest::addRow("N = 0") << 0 << QStringLiteral("N = 0 must be");
        QTest::addRow("N < 0") << 1 << QStringLiteral("N = -5 must be");
        QTest::addRow("D = 0") << 2 << QStringLiteral("D = 0 must be");
        QTest::addRow("G < 2") << 3 << QStringLiteral("G = 1 must be a group size of at least 2");
        QTest::addRow("S = 1 for f hat") << 4 << QStringLiteral("needs S > 1");
        QTest::addRow("S < 1 for f hat") << 5 << QStringLiteral("S = 0.5");
        QTest::addRow("bits 0") << 6 << QStringLiteral("bits = 0 must lie in [1, 16]");
        QTest::addRow("bits 32") << 7 << QStringLiteral("bits = 32 must lie in [1, 16]");
        QTest::addRow("D_qat = 0") << 8 << QStringLiteral("D_qat = 0 must be");
        QTest::addRow("NaN D") << 9 << QStringLiteral("D = nan must be");
        QTest::addRow("w4a4 delta of a qat law") << 10 << QStringLiteral("needs a w4a4 law");
    }

    void badInputs()
    {
        QFETCH(int, which);
        QFETCH(QString, expected);
        const Law c = Law::chinchilla(ChinchillaPreset::Hoffmann2022);
        const Law w = handW4A4();
        const Law q = handQat();
        const std::function<void()> calls[] = {
            [&] { chinchillaLoss(c, 0, 1e10); },    [&] { chinchillaLoss(c, -5, 1e10); },
            [&] { chinchillaLoss(c, 1e9, 0); },     [&] { w4a4Delta(w, 1e8, 1e10, 1); },
            [&] { directQatFraction(1.0); },        [&] { directQatFraction(0.5); },
            [&] { qatDelta(q, 1e8, 1e9, 1e9, 0); }, [&] { qatDelta(q, 1e8, 1e9, 1e9, 32); },
            [&] { qatDelta(q, 1e8, 1e9, 0, 4); },   [&] { chinchillaLoss(c, 1e9, NAN); },
            [&] { w4a4Delta(q, 1e8, 1e10, 128); },
        };
        const QString msg = errorOf(calls[which]);
        QVERIFY2(msg.contains(expected), qPrintable(msg));
    }

    void setCoefficientRules()
    {
        Law law = Law::chinchilla(ChinchillaPreset::Hoffmann2022);
        law.setCoefficient("E", 1.7, Source::Fit, "my fit");
        law.setConfidenceInterval("E", std::make_pair(1.6, 1.8));
        QVERIFY(law.coefficient("E").ci95.has_value());
        law.setCoefficient("E", 1.75); // a user edit drops the fit's interval
        QVERIFY(law.coefficient("E").source == Source::UserEdit);
        QVERIFY(!law.coefficient("E").ci95.has_value());
        QVERIFY(errorOf([&] { law.setCoefficient("E", NAN); }).contains(QStringLiteral("finite")));
        QVERIFY(errorOf([&] { law.setCoefficient("E", 1.0, Source::Unset); }).contains(QStringLiteral("unset")));
        Law q = Law::qat();
        q.setChinchillaFrom(law);
        QCOMPARE(q.value("E"), 1.75);
        QCOMPARE(q.value("beta"), 0.28);
        QVERIFY(q.coefficient("beta").source == Source::Published);
        QVERIFY(lawKindFromName("W4A4") == LawKind::W4A4);
        QVERIFY(variantFromName("w16a4-fc2a8") == W4A4Variant::ActivationOnlyFc2At8);
        QVERIFY(errorOf([] { lawKindFromName("kaplan"); }).contains(QStringLiteral("chinchilla, w4a4 or qat")));
    }

    void jsonRoundTrip()
    {
        Law law = handW4A4();
        law.setCoefficient("k", 1.2345678901234567, Source::Fit, "fit to runs.csv");
        law.setConfidenceInterval("k", std::make_pair(1.1, 1.3));
        law.unsetCoefficient("gamma_N");
        FitInfo info;
        info.dataSource = "runs.csv";
        info.target = "delta";
        info.points = 64;
        info.heldOutPoints = 4;
        info.trainMre = 0.0123;
        info.heldOutMre = NAN;
        info.huberDelta = 1e-3;
        info.objective = 2.5e-4;
        info.starts = 256;
        info.startsConverged = 250;
        info.bootstrapResamples = 100;
        info.bootstrapConverged = 99;
        info.converged = true;
        info.message = "2 of 66 points have δ ≤ 0";
        info.date = "2026-11-30T12:00:00Z";
        law.setFitInfo(info);
        const std::string json = lawToJson(law);
        const Law back = lawFromJson(json);
        QVERIFY(back.kind() == LawKind::W4A4);
        QVERIFY(back.variant() == W4A4Variant::Full);
        QCOMPARE(back.coefficients().size(), law.coefficients().size());
        for (size_t i = 0; i < law.coefficients().size(); ++i) {
            const Coefficient& a = law.coefficients()[i];
            const Coefficient& b = back.coefficients()[i];
            QCOMPARE(b.name, a.name);
            QVERIFY2(b.source == a.source, a.name.c_str());
            QCOMPARE(b.reference, a.reference);
            QVERIFY(a.isSet() == b.isSet());
            if (a.isSet())
                QCOMPARE(b.value, a.value); // exact: full precision
            QVERIFY(a.ci95 == b.ci95);
        }
        QVERIFY(back.fitInfo().has_value());
        QCOMPARE(back.fitInfo()->points, 64);
        QCOMPARE(back.fitInfo()->trainMre, 0.0123);
        QVERIFY(std::isnan(back.fitInfo()->heldOutMre));
        QCOMPARE(back.fitInfo()->message, info.message);
        QCOMPARE(back.fitInfo()->date, info.date);
        QVERIFY(QString::fromStdString(json).contains(QStringLiteral("\"held_out_mre\": null")));
        // A law without fit metadata, other kinds.
        const Law q = lawFromJson(lawToJson(handQat()));
        QCOMPARE(q.value("rho"), 0.1);
        QCOMPARE(q.value("a_f"), 6.7297);
        QVERIFY(!q.fitInfo().has_value());
    }

    void badJson_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("expected");
        QTest::addRow("not json") << QStringLiteral("{") << QStringLiteral("not valid JSON");
        QTest::addRow("other format") << QStringLiteral(R"({"format":"x","version":1})") << QStringLiteral("format");
        QTest::addRow("newer version") << QStringLiteral(
            R"({"format":"quantscope-scaling-law","version":2,"law":"qat","coefficients":[]})")
                                       << QStringLiteral("version 2");
        QTest::addRow("unknown law") << QStringLiteral(
            R"({"format":"quantscope-scaling-law","version":1,"law":"kaplan","coefficients":[]})")
                                     << QStringLiteral("kaplan");
        QTest::addRow("unknown coefficient")
            << QStringLiteral(R"({"format":"quantscope-scaling-law","version":1,"law":"chinchilla",)"
                              R"("coefficients":[{"name":"k","value":1,"source":"fit"}]})")
            << QStringLiteral("no coefficient 'k'");
        QTest::addRow("value not a number")
            << QStringLiteral(R"({"format":"quantscope-scaling-law","version":1,"law":"chinchilla",)"
                              R"("coefficients":[{"name":"E","value":"1.7","source":"fit"}]})")
            << QStringLiteral("coefficient E.value is not a number");
        QTest::addRow("set without value")
            << QStringLiteral(R"({"format":"quantscope-scaling-law","version":1,"law":"chinchilla",)"
                              R"("coefficients":[{"name":"E","value":null,"source":"published"}]})")
            << QStringLiteral("no value");
        QTest::addRow("bad source") << QStringLiteral(
            R"({"format":"quantscope-scaling-law","version":1,"law":"chinchilla",)"
            R"("coefficients":[{"name":"E","value":1,"source":"guess"}]})")
                                    << QStringLiteral("'guess'");
        QTest::addRow("w4a4 without variant")
            << QStringLiteral(R"({"format":"quantscope-scaling-law","version":1,"law":"w4a4","coefficients":[]})")
            << QStringLiteral("variant");
        // Found by fuzz/fuzz_scalingjson: a number past double's range escaped as nlohmann's out_of_range.
        QTest::addRow("number out of range")
            << QStringLiteral(R"({"format": "quantscope-scaling-law", "version":9e99999998999})")
            << QStringLiteral("not valid JSON");
        // A version that wrapped around int read as version 1.
        QTest::addRow("version past int") << QStringLiteral(
            R"({"format":"quantscope-scaling-law","version":4294967297,"law":"qat","coefficients":[]})")
                                          << QStringLiteral("version 4294967297");
        QTest::addRow("fit count past int") << QStringLiteral(
            R"({"format":"quantscope-scaling-law","version":1,"law":"qat","coefficients":[],)"
            R"("fit":{"data_source":"d","target":"loss","points":4294967296,"held_out_points":0,"rejected_points":0,)"
            R"("train_mre":null,"held_out_mre":null,"huber_delta":null,"objective":null,"starts":1,)"
            R"("starts_converged":1,"bootstrap_resamples":0,"bootstrap_converged":0,"converged":true}})")
                                            << QStringLiteral(
                                                   "fit.points = 4294967296 is not a whole number in [0, 2147483647]");
    }

    void badJson()
    {
        QFETCH(QString, json);
        QFETCH(QString, expected);
        const std::string text = json.toStdString();
        const QString msg = errorOfType<qs::FormatError>([&] { lawFromJson(text); });
        QVERIFY2(msg.contains(expected), qPrintable(msg));
    }

    // Numbers of a law's JSON: counts that do not fit or are negative, intervals the wrong
    // way round and negative errors are refused, naming the field, the value and the accepted range.
    void badJsonNumbers_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QStringList>("fragments");
        const auto row = [](const char* tag, const char* from, const char* to,
                            std::initializer_list<const char*> fragments) {
            QTest::addRow("%s", tag) << QString::fromUtf8(from) << QString::fromUtf8(to)
                                     << qs::test::fragmentList(fragments);
        };
        // clang-format off
        row("valid", "", "", {});
        row("version 2^32+1", R"("version":1)", R"("version":4294967297)", {"version 4294967297"});
        row("points -5", R"("points":30)", R"("points":-5)", {"fit.points = -5", "[0, 2147483647]"});
        row("points 1e10", R"("points":30)", R"("points":10000000000)", {"fit.points = 10000000000", "[0, 2147483647]"});
        row("held_out_points fraction", R"("held_out_points":3)", R"("held_out_points":2.5)", {"fit.held_out_points = 2.5", "[0, 2147483647]"});
        row("rejected_points -1", R"("rejected_points":0)", R"("rejected_points":-1)", {"fit.rejected_points = -1", "[0, 2147483647]"});
        row("starts_converged over starts", R"("starts_converged":16)", R"("starts_converged":20)", {"fit.starts_converged = 20", "[0, 16]"});
        row("bootstrap_converged over resamples", R"("bootstrap_converged":100)", R"("bootstrap_converged":101)", {"fit.bootstrap_converged = 101", "[0, 100]"});
        row("huber_delta -1", R"("huber_delta":0.001)", R"("huber_delta":-1)", {"fit.huber_delta = -1", "a number > 0"});
        row("train_mre -0.5", R"("train_mre":0.01)", R"("train_mre":-0.5)", {"fit.train_mre = -0.5", "a number >= 0"});
        row("objective -1", R"("objective":0.5)", R"("objective":-1)", {"fit.objective = -1", "a number >= 0"});
        row("ci95 reversed", "[1.6,1.8]", "[1.8,1.6]", {"coefficient E.ci95", "[1.8, 1.6]", "low <= high"});
        // clang-format on
    }

    void badJsonNumbers()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QStringList, fragments);
        QString text = QStringLiteral(
            R"({"format":"quantscope-scaling-law","version":1,"law":"chinchilla","coefficients":[)"
            R"({"name":"E","value":1.7,"source":"fit","reference":"","ci95":[1.6,1.8]}],)"
            R"("fit":{"data_source":"d.csv","target":"loss","points":30,"held_out_points":3,"rejected_points":0,)"
            R"("train_mre":0.01,"held_out_mre":0.02,"huber_delta":0.001,"objective":0.5,"starts":16,)"
            R"("starts_converged":16,"bootstrap_resamples":100,"bootstrap_converged":100,"converged":true,)"
            R"("message":"","date":""}})");
        if (!from.isEmpty()) {
            QVERIFY2(text.count(from) == 1, qPrintable(from));
            text.replace(from, to);
        }
        const std::string json = text.toStdString();
        const QString message = qs::test::errorOfType<qs::FormatError>([&] { lawFromJson(json); });
        if (fragments.isEmpty()) {
            QVERIFY2(message.isEmpty(), qPrintable(message));
            return;
        }
        QVERIFY2(!message.isEmpty(), "accepted");
        for (const QString& fragment : fragments)
            QVERIFY2(message.contains(fragment), qPrintable(message));
    }
};

QS_TEST_GUILESS_MAIN(TstScalingLaws)
#include "tst_scaling_laws.moc"
