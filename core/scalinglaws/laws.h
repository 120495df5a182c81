// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The scaling laws of "Compute-Optimal Quantization-Aware Training" (Dremov et al. 2025), "Scaling Law for
// Quantization-Aware Training" (Chen et al. 2025) and Chinchilla (Hoffmann et al. 2022) as values with labelled
// coefficients (no Qt, no torch).
//
//  - Chinchilla (Hoffmann et al. 2022):       L(N, D) = E + A/N^α + B/D^β
//  - W4A4 QAT law (Chen et al. 2025):         δ(N, D, G) = k·D^γD·(log2 G)^γG / N^γN, L = Chinchilla + δ
//  - Compute-optimal QAT (Dremov et al. 2025): S = D/(N·B/8), f̂(S) = exp(−a/ln S), and
//        L(N, D_fp, D_qat, B) = E + A/N^α + B_c/D^β + δ, D = D_fp + D_qat,
//        δ = θ·2^(−κB) + φ·2^(−χB)/(N^ψ·S_qat^ω) + λ·2^(−μB)/(N^ν·S_fp^ξ·S_qat^ρ)
//
// N and D are raw counts (parameters, tokens), G the quantization group size in input channels
// (per-channel quantization: G = the layer's input dimension), B the weight bit width. Every
// coefficient carries its source: a published value (with the paper), a fit, a user edit, or unset.
// Unknown published values are never invented: they stay Unset until fitted, and evaluating a law
// that needs an unset coefficient throws qs::ConfigError naming it.
//
// Coefficient names (ASCII, as the CLI and JSON use them):
//   all kinds:  E, A, B, alpha, beta   (B is the data term; in the QAT law it is the paper's B_c)
//   w4a4:       k, gamma_N, gamma_D, gamma_G
//   qat:        theta, kappa, phi, chi, psi, omega, lambda, mu, nu, xi, rho, a_f (a of f̂)

#include <cmath>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace qs::scaling {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Dremov et al. 2025, direct fit of the optimal QAT fraction ("Compute-Optimal Quantization-Aware Training").
inline constexpr double kDremovA = 6.7297;

enum class Source
{
    Published,
    Fit,
    UserEdit,
    Unset
};
std::string sourceName(Source source);        // "published", "fit", "user-edit", "unset"
Source sourceFromName(std::string_view name); // throws qs::FormatError

struct Coefficient
{
    std::string name;
    double value = kNaN;
    Source source = Source::Unset;
    std::string reference; // paper ("Hoffmann et al. 2022 (approach 3)"), fit data source, or editor
    std::optional<std::pair<double, double>> ci95; // bootstrap 95 % percentile interval of a fit

    bool isSet() const { return source != Source::Unset && std::isfinite(value); }
};

enum class LawKind
{
    Chinchilla,
    W4A4,
    Qat
};
std::string lawKindName(LawKind kind);          // "chinchilla", "w4a4", "qat"
LawKind lawKindFromName(std::string_view name); // throws qs::ConfigError listing the names

// Which quantization the W4A4-law coefficients describe (Chen et al. 2025).
enum class W4A4Variant
{
    WeightOnly,           // "w4a16": γD 0.1610, γG 0.3533 published
    ActivationOnly,       // "w16a4": γD 0.0331, γG 0.9812 published
    ActivationOnlyFc2At8, // "w16a4-fc2a8": γG 0.4471 published, γD not published (fit it)
    Full,                 // "w4a4": nothing published
};
std::string variantName(W4A4Variant variant);
W4A4Variant variantFromName(std::string_view name); // throws qs::ConfigError listing the names

enum class ChinchillaPreset
{
    None,
    Hoffmann2022,
    Besiroglu2024
};
std::string presetName(ChinchillaPreset preset);        // "none", "hoffmann2022", "besiroglu2024"
ChinchillaPreset presetFromName(std::string_view name); // throws qs::ConfigError listing the names

// How a law's fitted coefficients came about; travels with the law (JSON, store).
struct FitInfo
{
    std::string dataSource; // CSV path, or a store/run description
    std::string target;     // "loss" or "delta": what the residuals were taken of
    int points = 0;         // training points used
    int heldOutPoints = 0;
    int rejectedPoints = 0;   // δ ≤ 0 points left out of a log-δ fit
    double trainMre = kNaN;   // mean |ŷ − y| / y over training points (y = loss or δ)
    double heldOutMre = kNaN; // same over held-out points; NaN without any
    double huberDelta = kNaN;
    double objective = kNaN; // best Huber sum
    int starts = 0, startsConverged = 0;
    int bootstrapResamples = 0, bootstrapConverged = 0;
    bool converged = false; // the best start's L-BFGS converged
    std::string message;    // why not converged, plus warnings (points rejected, ...)
    std::string date;       // ISO 8601 UTC, e.g. "2026-11-30T12:00:00Z"
};

class Law
{
public:
    Law(); // an unfitted Chinchilla law, as Law::chinchilla()
    static Law chinchilla(ChinchillaPreset preset = ChinchillaPreset::None);
    static Law w4a4(W4A4Variant variant, ChinchillaPreset preset = ChinchillaPreset::None);
    static Law qat(ChinchillaPreset preset = ChinchillaPreset::None);

    LawKind kind() const { return m_kind; }
    std::optional<W4A4Variant> variant() const { return m_variant; }
    // "chinchilla", "w4a4 (w4a16)", "qat"
    std::string displayName() const;
    // The CLI command that fits this law, for messages: "quantscope fit --law w4a4 --variant w4a16".
    std::string fitCommand() const;

    const std::vector<Coefficient>& coefficients() const { return m_coefficients; }
    bool hasCoefficient(std::string_view name) const;
    // Throws qs::ConfigError naming the law's coefficients when `name` is not one of them.
    const Coefficient& coefficient(std::string_view name) const;
    // The value of a set coefficient; qs::ConfigError when unset (message says how to fit it).
    double value(std::string_view name) const;
    // Sets a value (finite, else qs::ConfigError) with its source; a user edit drops the CI.
    void setCoefficient(std::string_view name, double value, Source source = Source::UserEdit,
                        std::string reference = {});
    void setConfidenceInterval(std::string_view name, std::optional<std::pair<double, double>> ci95);
    // Marks a coefficient unset (value NaN, no CI).
    void unsetCoefficient(std::string_view name);
    // Copies E, A, B, alpha, beta (values, sources, references, CIs) from another law of any kind.
    void setChinchillaFrom(const Law& other);
    // Throws qs::ConfigError when any of `names` is unset, naming all of them and the fit command.
    void requireSet(std::span<const std::string_view> names, std::string_view what) const;

    const std::optional<FitInfo>& fitInfo() const { return m_fit; }
    void setFitInfo(std::optional<FitInfo> info) { m_fit = std::move(info); }

private:
    Law(LawKind kind, std::optional<W4A4Variant> variant);
    Coefficient& mutableCoefficient(std::string_view name);

    LawKind m_kind;
    std::optional<W4A4Variant> m_variant;
    std::vector<Coefficient> m_coefficients;
    std::optional<FitInfo> m_fit;
};

// --- Evaluation. Inputs are checked: N ≤ 0, D ≤ 0, G < 2, bits outside [1, 16] → qs::ConfigError.

// E + A/N^α + B/D^β (the Chinchilla part of any law).
double chinchillaLoss(const Law& law, double N, double D);

// W4A4 law (kind W4A4): δ(N, D, G), and the loss Chinchilla + δ.
double w4a4Delta(const Law& law, double N, double D, double G);
double w4a4Loss(const Law& law, double N, double D, double G);
// Effective-parameter fraction eff = [A / (A + k·D^γD·(log2 G)^γG·N^(α−γN))]^(1/α): the quantized
// model loses as much as an FP model of eff·N parameters (same D) would. In (0, 1].
double effectiveParameterFraction(const Law& law, double N, double D, double G);
// δ_W4A4 ≈ δ_W4A16 + δ_W16A4 (Chen et al.; one fit found 0.906 × the sum): the sum of the weight-only
// and activation-only laws' δ.
double decomposedW4A4Delta(const Law& weightOnly, const Law& activationOnly, double N, double D, double G);

// Tokens per parameter byte S = D / (N·B/8).
double tokensPerParameterByte(double D, double N, double bits);
// Direct fit of the optimal QAT fraction f̂ = exp(−a / ln S); S ≤ 1 → qs::ConfigError.
double directQatFraction(double S, double a = kDremovA);

// QAT law (kind Qat). D_fp > 0 and D_qat > 0: the law divides by powers of S_fp and S_qat.
double qatDelta(const Law& law, double N, double Dfp, double Dqat, double bits);
double qatLoss(const Law& law, double N, double Dfp, double Dqat, double bits);

struct QatOptimum
{
    double fraction = kNaN;  // f* = D_qat / D
    double delta = kNaN;     // δ at f*
    bool atBoundary = false; // the minimum lies at the edge of the searched f range (see below)
};
// f* = argmin over f of L(N, (1−f)·D, f·D, B). Only δ depends on f (D is fixed), so only the δ
// coefficients are needed. Search: a grid of 121 points in t = logit f ∈ [−15, 15], then golden-section
// on the two grid cells around the best point down to |Δt| ≤ 1e-10. δ is flat at its minimum, so
// rounding limits f* itself to about √ε relative (~1e-8), far below what the law's coefficients resolve.
QatOptimum optimalQatFraction(const Law& law, double N, double D, double bits);

} // namespace qs::scaling
