// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/scalinglaws/laws.h"
#include "core/scalinglaws/text.h"

#include "core/common/errors.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>

namespace qs::scaling {

namespace {

const char* const kHoffmann = "Hoffmann et al. 2022, arXiv 2203.15556, approach 3";
const char* const kBesiroglu = "Besiroglu et al. 2024, arXiv 2404.10102, replication";
const char* const kChen = "Chen et al. 2025, arXiv 2505.14302";
const char* const kDremov = "Dremov et al. 2025, arXiv 2509.22935, direct fit of f*, MAE 0.091";

const std::array<std::string_view, 5> kChinchillaNames = {"E", "A", "B", "alpha", "beta"};
const std::array<std::string_view, 4> kW4A4DeltaNames = {"k", "gamma_N", "gamma_D", "gamma_G"};
const std::array<std::string_view, 11> kQatDeltaNames = {"theta",  "kappa", "phi", "chi", "psi", "omega",
                                                         "lambda", "mu",    "nu",  "xi",  "rho"};

using detail::lower;
using detail::number;
void requirePositive(std::string_view name, double v)
{
    if (!(v > 0.0) || !std::isfinite(v))
        throw ConfigError(std::string(name) + " = " + number(v) + " must be a positive finite number");
}

void requireGroup(double G)
{
    if (!(G >= 2.0) || !std::isfinite(G))
        throw ConfigError("G = " + number(G) + " must be a group size of at least 2");
}

void requireBits(double bits)
{
    if (!(bits >= 1.0 && bits <= 16.0))
        throw ConfigError("bits = " + number(bits) + " must lie in [1, 16]");
}

void requireKind(const Law& law, LawKind kind, std::string_view what)
{
    if (law.kind() != kind)
        throw ConfigError(std::string(what) + " needs a " + lawKindName(kind) + " law, not a " + law.displayName()
                          + " law");
}

} // namespace

std::string sourceName(Source source)
{
    switch (source) {
    case Source::Published:
        return "published";
    case Source::Fit:
        return "fit";
    case Source::UserEdit:
        return "user-edit";
    case Source::Unset:
        return "unset";
    }
    return "unset";
}

Source sourceFromName(std::string_view name)
{
    for (Source s : {Source::Published, Source::Fit, Source::UserEdit, Source::Unset})
        if (lower(name) == sourceName(s))
            return s;
    throw FormatError("unknown coefficient source '" + std::string(name)
                      + "' (expected published, fit, user-edit or unset)");
}

std::string lawKindName(LawKind kind)
{
    switch (kind) {
    case LawKind::Chinchilla:
        return "chinchilla";
    case LawKind::W4A4:
        return "w4a4";
    case LawKind::Qat:
        return "qat";
    }
    return "chinchilla";
}

LawKind lawKindFromName(std::string_view name)
{
    for (LawKind k : {LawKind::Chinchilla, LawKind::W4A4, LawKind::Qat})
        if (lower(name) == lawKindName(k))
            return k;
    throw ConfigError("unknown scaling law '" + std::string(name) + "' (expected chinchilla, w4a4 or qat)");
}

std::string variantName(W4A4Variant variant)
{
    switch (variant) {
    case W4A4Variant::WeightOnly:
        return "w4a16";
    case W4A4Variant::ActivationOnly:
        return "w16a4";
    case W4A4Variant::ActivationOnlyFc2At8:
        return "w16a4-fc2a8";
    case W4A4Variant::Full:
        return "w4a4";
    }
    return "w4a4";
}

W4A4Variant variantFromName(std::string_view name)
{
    for (W4A4Variant v :
         {W4A4Variant::WeightOnly, W4A4Variant::ActivationOnly, W4A4Variant::ActivationOnlyFc2At8, W4A4Variant::Full})
        if (lower(name) == variantName(v))
            return v;
    throw ConfigError("unknown W4A4-law variant '" + std::string(name)
                      + "' (expected w4a16, w16a4, w16a4-fc2a8 or w4a4)");
}

std::string presetName(ChinchillaPreset preset)
{
    switch (preset) {
    case ChinchillaPreset::None:
        return "none";
    case ChinchillaPreset::Hoffmann2022:
        return "hoffmann2022";
    case ChinchillaPreset::Besiroglu2024:
        return "besiroglu2024";
    }
    return "none";
}

ChinchillaPreset presetFromName(std::string_view name)
{
    for (ChinchillaPreset p : {ChinchillaPreset::None, ChinchillaPreset::Hoffmann2022, ChinchillaPreset::Besiroglu2024})
        if (lower(name) == presetName(p))
            return p;
    throw ConfigError("unknown Chinchilla preset '" + std::string(name)
                      + "' (expected none, hoffmann2022 or besiroglu2024)");
}

Law::Law()
    : Law(LawKind::Chinchilla, std::nullopt)
{
}

Law::Law(LawKind kind, std::optional<W4A4Variant> variant)
    : m_kind(kind)
    , m_variant(variant)
{
    const auto add = [this](std::string_view name) {
        Coefficient c;
        c.name = name;
        m_coefficients.push_back(std::move(c));
    };
    for (std::string_view n : kChinchillaNames)
        add(n);
    if (kind == LawKind::W4A4)
        for (std::string_view n : kW4A4DeltaNames)
            add(n);
    if (kind == LawKind::Qat) {
        for (std::string_view n : kQatDeltaNames)
            add(n);
        add("a_f");
        setCoefficient("a_f", kDremovA, Source::Published, kDremov);
    }
}

static void applyPreset(Law& law, ChinchillaPreset preset)
{
    struct Values
    {
        double E, A, B, alpha, beta;
        const char* ref;
    };
    Values v {};
    switch (preset) {
    case ChinchillaPreset::None:
        return;
    case ChinchillaPreset::Hoffmann2022:
        v = {1.69, 406.4, 410.7, 0.34, 0.28, kHoffmann};
        break;
    case ChinchillaPreset::Besiroglu2024:
        v = {1.8172, 482.01, 2085.43, 0.3478, 0.3658, kBesiroglu};
        break;
    }
    law.setCoefficient("E", v.E, Source::Published, v.ref);
    law.setCoefficient("A", v.A, Source::Published, v.ref);
    law.setCoefficient("B", v.B, Source::Published, v.ref);
    law.setCoefficient("alpha", v.alpha, Source::Published, v.ref);
    law.setCoefficient("beta", v.beta, Source::Published, v.ref);
}

Law Law::chinchilla(ChinchillaPreset preset)
{
    Law law(LawKind::Chinchilla, std::nullopt);
    applyPreset(law, preset);
    return law;
}

Law Law::w4a4(W4A4Variant variant, ChinchillaPreset preset)
{
    Law law(LawKind::W4A4, variant);
    applyPreset(law, preset);
    const std::string ref = std::string(kChen) + ", " + variantName(variant);
    switch (variant) {
    case W4A4Variant::WeightOnly:
        law.setCoefficient("gamma_D", 0.1610, Source::Published, ref);
        law.setCoefficient("gamma_G", 0.3533, Source::Published, ref);
        break;
    case W4A4Variant::ActivationOnly:
        law.setCoefficient("gamma_D", 0.0331, Source::Published, ref);
        law.setCoefficient("gamma_G", 0.9812, Source::Published, ref);
        break;
    case W4A4Variant::ActivationOnlyFc2At8:
        law.setCoefficient("gamma_G", 0.4471, Source::Published, ref);
        break;
    case W4A4Variant::Full:
        break;
    }
    return law;
}

Law Law::qat(ChinchillaPreset preset)
{
    Law law(LawKind::Qat, std::nullopt);
    applyPreset(law, preset);
    return law;
}

std::string Law::displayName() const
{
    if (m_variant)
        return lawKindName(m_kind) + " (" + variantName(*m_variant) + ")";
    return lawKindName(m_kind);
}

std::string Law::fitCommand() const
{
    std::string cmd = "quantscope fit --law " + lawKindName(m_kind);
    if (m_variant)
        cmd += " --variant " + variantName(*m_variant);
    return cmd;
}

bool Law::hasCoefficient(std::string_view name) const
{
    return std::any_of(m_coefficients.begin(), m_coefficients.end(),
                       [&](const Coefficient& c) { return c.name == name; });
}

const Coefficient& Law::coefficient(std::string_view name) const
{
    for (const Coefficient& c : m_coefficients)
        if (c.name == name)
            return c;
    std::string names;
    for (const Coefficient& c : m_coefficients)
        names += (names.empty() ? "" : ", ") + c.name;
    throw ConfigError("the " + displayName() + " law has no coefficient '" + std::string(name) + "' (it has " + names
                      + ")");
}

Coefficient& Law::mutableCoefficient(std::string_view name)
{
    return const_cast<Coefficient&>(coefficient(name));
}

double Law::value(std::string_view name) const
{
    const std::array<std::string_view, 1> names = {name};
    requireSet(names, "this evaluation");
    return coefficient(name).value;
}

void Law::setCoefficient(std::string_view name, double value, Source source, std::string reference)
{
    Coefficient& c = mutableCoefficient(name);
    if (!std::isfinite(value))
        throw ConfigError("coefficient " + c.name + " = " + number(value) + " must be a finite number");
    if (source == Source::Unset)
        throw ConfigError("coefficient " + c.name + ": a value cannot have the source 'unset'");
    c.value = value;
    c.source = source;
    c.reference = std::move(reference);
    if (source != Source::Fit)
        c.ci95.reset();
}

void Law::setConfidenceInterval(std::string_view name, std::optional<std::pair<double, double>> ci95)
{
    mutableCoefficient(name).ci95 = ci95;
}

void Law::unsetCoefficient(std::string_view name)
{
    Coefficient& c = mutableCoefficient(name);
    c.value = kNaN;
    c.source = Source::Unset;
    c.reference.clear();
    c.ci95.reset();
}

void Law::setChinchillaFrom(const Law& other)
{
    for (std::string_view n : kChinchillaNames)
        mutableCoefficient(n) = other.coefficient(n);
}

void Law::requireSet(std::span<const std::string_view> names, std::string_view what) const
{
    std::string unset;
    int count = 0;
    for (std::string_view n : names)
        if (!coefficient(n).isSet()) {
            unset += (unset.empty() ? "" : ", ") + std::string(n);
            ++count;
        }
    if (count == 0)
        return;
    throw ConfigError(std::string(what) + " needs the " + displayName() + " law's coefficient"
                      + (count > 1 ? "s " : " ") + unset + ", which " + (count > 1 ? "are" : "is") + " unset: fit "
                      + (count > 1 ? "them" : "it") + " with `" + fitCommand() + "` or set "
                      + (count > 1 ? "them" : "it") + " by hand");
}

double chinchillaLoss(const Law& law, double N, double D)
{
    requirePositive("N", N);
    requirePositive("D", D);
    law.requireSet(kChinchillaNames, "the Chinchilla loss");
    return law.value("E") + law.value("A") / std::pow(N, law.value("alpha"))
        + law.value("B") / std::pow(D, law.value("beta"));
}

double w4a4Delta(const Law& law, double N, double D, double G)
{
    requireKind(law, LawKind::W4A4, "the W4A4 δ");
    requirePositive("N", N);
    requirePositive("D", D);
    requireGroup(G);
    law.requireSet(kW4A4DeltaNames, "the W4A4 δ");
    return law.value("k") * std::pow(D, law.value("gamma_D")) * std::pow(std::log2(G), law.value("gamma_G"))
        / std::pow(N, law.value("gamma_N"));
}

double w4a4Loss(const Law& law, double N, double D, double G)
{
    const double delta = w4a4Delta(law, N, D, G);
    return chinchillaLoss(law, N, D) + delta;
}

double effectiveParameterFraction(const Law& law, double N, double D, double G)
{
    requireKind(law, LawKind::W4A4, "the effective-parameter fraction");
    requirePositive("N", N);
    requirePositive("D", D);
    requireGroup(G);
    const std::array<std::string_view, 6> names = {"A", "alpha", "k", "gamma_N", "gamma_D", "gamma_G"};
    law.requireSet(names, "the effective-parameter fraction");
    const double A = law.value("A"), alpha = law.value("alpha");
    // k·D^γD·(log2 G)^γG·N^(α−γN) = δ·N^α, written so that large N^α does not overflow first.
    const double deltaNalpha =
        std::exp(std::log(law.value("k")) + law.value("gamma_D") * std::log(D)
                 + law.value("gamma_G") * std::log(std::log2(G)) + (alpha - law.value("gamma_N")) * std::log(N));
    return std::pow(A / (A + deltaNalpha), 1.0 / alpha);
}

double decomposedW4A4Delta(const Law& weightOnly, const Law& activationOnly, double N, double D, double G)
{
    return w4a4Delta(weightOnly, N, D, G) + w4a4Delta(activationOnly, N, D, G);
}

double tokensPerParameterByte(double D, double N, double bits)
{
    requirePositive("N", N);
    requirePositive("D", D);
    requireBits(bits);
    return D / (N * bits / 8.0);
}

double directQatFraction(double S, double a)
{
    if (!(S > 1.0) || !std::isfinite(S))
        throw ConfigError("f̂ = exp(−a/ln S) needs S > 1 tokens per parameter byte, got S = " + number(S));
    if (!std::isfinite(a))
        throw ConfigError("f̂: the coefficient a = " + number(a) + " is not a finite number");
    return std::exp(-a / std::log(S));
}

namespace {

// δ of the QAT law with checked inputs and coefficients read once (hot in f* and budget searches).
struct QatDeltaTerms
{
    double theta, kappa, phi, chi, psi, omega, lambda, mu, nu, xi, rho;

    explicit QatDeltaTerms(const Law& law)
    {
        requireKind(law, LawKind::Qat, "the QAT δ");
        law.requireSet(kQatDeltaNames, "the QAT δ");
        const auto v = [&](std::string_view n) { return law.coefficient(n).value; };
        theta = v("theta"), kappa = v("kappa"), phi = v("phi"), chi = v("chi"), psi = v("psi");
        omega = v("omega"), lambda = v("lambda"), mu = v("mu"), nu = v("nu"), xi = v("xi"), rho = v("rho");
    }

    double operator()(double N, double Dfp, double Dqat, double bits) const
    {
        const double bytes = N * bits / 8.0;
        const double Sfp = Dfp / bytes, Sqat = Dqat / bytes;
        return theta * std::exp2(-kappa * bits)
            + phi * std::exp2(-chi * bits) / (std::pow(N, psi) * std::pow(Sqat, omega))
            + lambda * std::exp2(-mu * bits) / (std::pow(N, nu) * std::pow(Sfp, xi) * std::pow(Sqat, rho));
    }
};

void requireQatInputs(double N, double Dfp, double Dqat, double bits)
{
    requirePositive("N", N);
    requirePositive("D_fp", Dfp);
    requirePositive("D_qat", Dqat);
    requireBits(bits);
}

} // namespace

double qatDelta(const Law& law, double N, double Dfp, double Dqat, double bits)
{
    requireQatInputs(N, Dfp, Dqat, bits);
    return QatDeltaTerms(law)(N, Dfp, Dqat, bits);
}

double qatLoss(const Law& law, double N, double Dfp, double Dqat, double bits)
{
    const double delta = qatDelta(law, N, Dfp, Dqat, bits);
    return chinchillaLoss(law, N, Dfp + Dqat) + delta;
}

QatOptimum optimalQatFraction(const Law& law, double N, double D, double bits)
{
    requirePositive("N", N);
    requirePositive("D", D);
    requireBits(bits);
    const QatDeltaTerms delta(law);
    const auto fraction = [](double t) { return 1.0 / (1.0 + std::exp(-t)); };
    const auto at = [&](double t) {
        const double f = fraction(t);
        const double v = delta(N, (1.0 - f) * D, f * D, bits);
        return std::isfinite(v) ? v : std::numeric_limits<double>::infinity();
    };
    constexpr int kGrid = 121;
    constexpr double kT0 = -15.0, kStep = 0.25;
    int best = 0;
    double bestValue = std::numeric_limits<double>::infinity();
    for (int i = 0; i < kGrid; ++i) {
        const double v = at(kT0 + i * kStep);
        if (v < bestValue)
            bestValue = v, best = i;
    }
    if (!std::isfinite(bestValue))
        throw ConfigError("the QAT δ is not finite for any QAT fraction at N = " + number(N) + ", D = " + number(D)
                          + ", bits = " + number(bits));
    // Golden-section search on [t_best−1, t_best+1] (clamped to the grid).
    double a = kT0 + std::max(best - 1, 0) * kStep, b = kT0 + std::min(best + 1, kGrid - 1) * kStep;
    const double invPhi = (std::sqrt(5.0) - 1.0) / 2.0;
    double c = b - invPhi * (b - a), d = a + invPhi * (b - a);
    double fc = at(c), fd = at(d);
    while (b - a > 1e-10) {
        if (fc <= fd) {
            b = d, d = c, fd = fc;
            c = b - invPhi * (b - a), fc = at(c);
        } else {
            a = c, c = d, fc = fd;
            d = a + invPhi * (b - a), fd = at(d);
        }
    }
    double t = 0.5 * (a + b), v = at(t);
    if (bestValue < v) // a grid point at the edge can beat the interior of its cell
        t = kT0 + best * kStep, v = bestValue;
    QatOptimum opt;
    opt.fraction = fraction(t);
    opt.delta = v;
    opt.atBoundary = best == 0 || best == kGrid - 1;
    return opt;
}

} // namespace qs::scaling
