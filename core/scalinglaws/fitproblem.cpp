// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// FitProblem: the laws as log-sum-exps of terms linear in θ, and the Huber objective over them
// (see fit.h). The evaluation is the hot loop of every fit: column-wise passes over the points so
// that the compiler can vectorise the linear parts; per point one exp per term and one log.

#include "core/scalinglaws/fit.h"

#include "core/common/errors.h"
#include "core/scalinglaws/kernel.h"

#include <algorithm>
#include <cstdio>
#include <set>

namespace qs::scaling {

namespace {

enum Feature : int
{
    kOne = 0,
    kNegLogN,
    kLogD,
    kNegLogD,
    kLogLog2G,
    kNegBitsLn2,
    kNegLogSfp,
    kNegLogSqat,
    kFeatureCount
};

struct Spec
{
    const char* name;
    bool log;      // optimised as log(value); enters its term with feature kOne
    double lo, hi; // start range in θ space
};

constexpr Spec kSpecs[] = {
    {"E", true, -1.0, 1.0},       {"A", true, 0.0, 25.0},       {"B", true, 0.0, 25.0},
    {"alpha", false, 0.0, 2.0},   {"beta", false, 0.0, 2.0},    {"k", true, -5.0, 15.0},
    {"gamma_N", false, 0.0, 1.0}, {"gamma_D", false, 0.0, 1.0}, {"gamma_G", false, 0.0, 2.0},
    {"theta", true, -8.0, 0.0},   {"kappa", false, 0.0, 2.0},   {"phi", true, -5.0, 15.0},
    {"chi", false, 0.0, 2.0},     {"psi", false, 0.0, 1.0},     {"omega", false, 0.0, 1.0},
    {"lambda", true, -5.0, 15.0}, {"mu", false, 0.0, 2.0},      {"nu", false, 0.0, 1.0},
    {"xi", false, 0.0, 1.0},      {"rho", false, 0.0, 1.0},
};

const Spec& specOf(std::string_view name)
{
    for (const Spec& s : kSpecs)
        if (name == s.name)
            return s;
    throw ConfigError("coefficient '" + std::string(name) + "' cannot be fitted");
}

struct TermEntry
{
    const char* name;
    int feature;
};
using TermSpec = std::vector<TermEntry>;

std::vector<TermSpec> termSpecs(LawKind kind, FitTarget target)
{
    std::vector<TermSpec> terms;
    if (target == FitTarget::Loss) {
        terms.push_back({{"E", kOne}});
        terms.push_back({{"A", kOne}, {"alpha", kNegLogN}});
        terms.push_back({{"B", kOne}, {"beta", kNegLogD}});
    }
    if (kind == LawKind::W4A4)
        terms.push_back({{"k", kOne}, {"gamma_N", kNegLogN}, {"gamma_D", kLogD}, {"gamma_G", kLogLog2G}});
    if (kind == LawKind::Qat) {
        terms.push_back({{"theta", kOne}, {"kappa", kNegBitsLn2}});
        terms.push_back({{"phi", kOne}, {"chi", kNegBitsLn2}, {"psi", kNegLogN}, {"omega", kNegLogSqat}});
        terms.push_back(
            {{"lambda", kOne}, {"mu", kNegBitsLn2}, {"nu", kNegLogN}, {"xi", kNegLogSfp}, {"rho", kNegLogSqat}});
    }
    return terms;
}

const char* featureVariable(int feature)
{
    switch (feature) {
    case kNegLogN:
        return "N";
    case kLogD:
    case kNegLogD:
        return "D";
    case kLogLog2G:
        return "G";
    case kNegBitsLn2:
        return "bits";
    case kNegLogSfp:
        return "S_fp = D_fp/(N·bits/8)";
    case kNegLogSqat:
        return "S_qat = D_qat/(N·bits/8)";
    default:
        return "1";
    }
}

bool contains(const std::vector<std::string>& list, std::string_view name)
{
    return std::find(list.begin(), list.end(), name) != list.end();
}

std::string joined(const std::vector<std::string>& names)
{
    std::string s;
    for (const std::string& n : names)
        s += (s.empty() ? "" : ", ") + n;
    return s;
}

} // namespace

FitProblem::FitProblem(const Law& law, const ScalingData& data, const FitOptions& options)
{
    if (!(options.huberDelta > 0.0) || !std::isfinite(options.huberDelta))
        throw ConfigError("the Huber δ must be a positive number");
    m_huber = options.huberDelta;
    m_target = resolveTarget(law.kind(), options.target, data);
    validateScalingData(data, law.kind(), m_target);

    // Points used: δ ≤ 0 cannot enter a log-δ fit.
    for (size_t i = 0; i < data.points.size(); ++i) {
        const ScalingPoint& p = data.points[i];
        if (m_target == FitTarget::Delta && !(p.delta > 0.0)) {
            ++m_rejected;
            continue;
        }
        (p.heldOut ? m_heldIndex : m_trainIndex).push_back(i);
    }
    m_train = m_trainIndex.size();
    m_used = m_train + m_heldIndex.size();

    // Coefficients that enter the target's terms, and which of them are free.
    const std::vector<TermSpec> specs = termSpecs(law.kind(), m_target);
    std::vector<std::string> entering;
    for (const TermSpec& t : specs)
        for (const TermEntry& e : t)
            entering.push_back(e.name);
    for (const auto* list : {&options.freeCoefficients, &options.fixedCoefficients})
        for (const std::string& name : *list) {
            law.coefficient(name); // throws for a name the law does not have
            if (!contains(entering, name))
                throw ConfigError("coefficient " + name + " does not enter a " + fitTargetName(m_target)
                                  + " fit of the " + law.displayName() + " law");
            if (contains(options.freeCoefficients, name) && contains(options.fixedCoefficients, name))
                throw ConfigError("coefficient " + name + " is asked to be both free and fixed");
        }
    std::vector<std::string> fixedUnset;
    for (const Coefficient& c : law.coefficients()) {
        if (!contains(entering, c.name))
            continue;
        const bool fixed = contains(options.fixedCoefficients, c.name)
            || (!contains(options.freeCoefficients, c.name)
                && (c.source == Source::Published || c.source == Source::UserEdit));
        if (fixed) {
            if (!c.isSet())
                fixedUnset.push_back(c.name);
            continue;
        }
        const Spec& spec = specOf(c.name);
        m_names.push_back(c.name);
        m_isLog.push_back(spec.log);
        m_ranges.emplace_back(spec.lo, spec.hi);
    }
    if (!fixedUnset.empty())
        throw ConfigError("the fit holds " + joined(fixedUnset) + " fixed, but "
                          + (fixedUnset.size() > 1 ? "they are" : "it is") + " unset: set "
                          + (fixedUnset.size() > 1 ? "them" : "it") + " or let the fit free "
                          + (fixedUnset.size() > 1 ? "them" : "it"));
    if (m_names.empty())
        throw ConfigError("nothing to fit: every coefficient of the " + law.displayName() + " law that a "
                          + fitTargetName(m_target)
                          + " fit uses is fixed (published or set by hand); free some to refit them");
    if (m_train <= m_names.size()) {
        std::string msg = data.source + ": " + std::to_string(m_train) + " training point" + (m_train == 1 ? "" : "s")
            + " cannot determine " + std::to_string(m_names.size()) + " free coefficients (" + joined(m_names)
            + "): at least " + std::to_string(m_names.size() + 1) + " are needed";
        if (m_rejected > 0)
            msg += " (" + std::to_string(m_rejected) + " points with δ ≤ 0 were left out)";
        throw ConfigError(msg);
    }

    // Feature columns and log targets, training points first.
    m_features.assign(size_t(kFeatureCount) * m_used, 0.0);
    m_logY.resize(m_used);
    for (size_t u = 0; u < m_used; ++u) {
        const ScalingPoint& p = data.points[u < m_train ? m_trainIndex[u] : m_heldIndex[u - m_train]];
        auto set = [&](int f, double v) { m_features[size_t(f) * m_used + u] = v; };
        set(kOne, 1.0);
        set(kNegLogN, -std::log(p.N));
        set(kLogD, std::log(p.D));
        set(kNegLogD, -std::log(p.D));
        if (law.kind() == LawKind::W4A4)
            set(kLogLog2G, std::log(std::log2(p.G)));
        if (law.kind() == LawKind::Qat) {
            const double bytes = p.N * p.bits / 8.0;
            set(kNegBitsLn2, -p.bits * std::log(2.0));
            set(kNegLogSfp, -std::log(p.D_fp / bytes));
            set(kNegLogSqat, -std::log(p.D_qat / bytes));
        }
        m_logY[u] = std::log(m_target == FitTarget::Delta ? p.delta : p.loss);
    }

    for (const TermSpec& spec : specs) {
        Term term;
        term.offset.assign(m_used, 0.0);
        for (const TermEntry& e : spec) {
            const auto it = std::find(m_names.begin(), m_names.end(), e.name);
            if (it != m_names.end()) {
                term.entries.push_back(Entry {size_t(it - m_names.begin()), e.feature});
                continue;
            }
            const double v = law.coefficient(e.name).value;
            const double w = specOf(e.name).log ? std::log(v) : v;
            const double* f = featureColumn(e.feature);
            for (size_t u = 0; u < m_used; ++u)
                term.offset[u] += w * f[u];
        }
        m_terms.push_back(std::move(term));
    }

    // A free exponent needs its variable to vary over the training points.
    for (const Term& t : m_terms)
        for (const Entry& e : t.entries) {
            if (e.feature == kOne)
                continue;
            const double* f = featureColumn(e.feature);
            const auto [lo, hi] = std::minmax_element(f, f + m_train);
            if (*hi - *lo <= 1e-9 * std::max(1.0, std::abs(*hi)))
                throw ConfigError(data.source + ": " + m_names[e.param] + " cannot be fitted: "
                                  + featureVariable(e.feature) + " takes a single value over the training "
                                  + "points; fix " + m_names[e.param] + " or add points where it varies");
        }
}

double FitProblem::evaluate(std::span<const double> theta, std::span<double> grad,
                            std::span<const double> weights) const
{
    const size_t n = m_train, T = m_terms.size();
    thread_local std::vector<double> u, c, scratch;
    u.resize(T * n);
    c.resize(n);
    scratch.resize(2 * n);
    for (size_t t = 0; t < T; ++t) {
        double* ut = u.data() + t * n;
        std::copy_n(m_terms[t].offset.data(), n, ut);
        for (const Entry& e : m_terms[t].entries)
            detail::axpy(ut, theta[e.param], e.feature == kOne ? nullptr : featureColumn(e.feature), n);
    }
    detail::HuberLseArgs args;
    args.n = n;
    args.terms = T;
    args.u = u.data();
    args.c = c.data();
    args.scratch = scratch.data();
    args.logY = m_logY.data();
    args.weights = weights.empty() ? nullptr : weights.data();
    args.huberDelta = m_huber;
    const double total = detail::huberLse(args);
    std::fill(grad.begin(), grad.end(), 0.0);
    for (size_t t = 0; t < T; ++t)
        for (const Entry& e : m_terms[t].entries)
            grad[e.param] +=
                detail::dot3(c.data(), u.data() + t * n, e.feature == kOne ? nullptr : featureColumn(e.feature), n);
    return total;
}

std::vector<double> FitProblem::predict(std::span<const double> theta) const
{
    std::vector<double> out(m_used);
    for (size_t i = 0; i < m_used; ++i) {
        std::vector<double> u(m_terms.size());
        for (size_t t = 0; t < m_terms.size(); ++t) {
            double v = m_terms[t].offset[i];
            for (const Entry& e : m_terms[t].entries)
                v += theta[e.param] * featureColumn(e.feature)[i];
            u[t] = v;
        }
        const double m = *std::max_element(u.begin(), u.end());
        double s = 0.0;
        for (double v : u)
            s += std::exp(v - m);
        out[i] = std::exp(m) * s;
    }
    return out;
}

std::vector<double> FitProblem::observed() const
{
    std::vector<double> y(m_used);
    for (size_t i = 0; i < m_used; ++i)
        y[i] = std::exp(m_logY[i]);
    return y;
}

std::vector<double> FitProblem::parametersOf(const Law& law) const
{
    std::vector<double> theta(m_names.size());
    for (size_t i = 0; i < m_names.size(); ++i) {
        const Coefficient& c = law.coefficient(m_names[i]);
        if (!c.isSet())
            throw ConfigError("coefficient " + c.name + " is unset: no parameter value to start from");
        if (m_isLog[i] && !(c.value > 0.0))
            throw ConfigError("coefficient " + c.name + " must be positive");
        theta[i] = m_isLog[i] ? std::log(c.value) : c.value;
    }
    return theta;
}

std::vector<std::pair<double, double>> FitProblem::startRanges() const
{
    return m_ranges;
}

std::vector<std::vector<double>> FitProblem::startingPoints(int gridValues, int maxStarts, uint64_t seed) const
{
    if (gridValues < 1 || maxStarts < 1)
        throw ConfigError("the start grid needs at least 1 value per parameter and at least 1 start");
    const size_t p = m_names.size();
    const auto value = [&](size_t param, int digit) {
        const auto [lo, hi] = m_ranges[param];
        return gridValues == 1 ? 0.5 * (lo + hi) : lo + (hi - lo) * digit / double(gridValues - 1);
    };
    std::vector<std::vector<double>> starts;
    const double total = std::pow(double(gridValues), double(p));
    if (total <= double(maxStarts)) {
        std::vector<int> digits(p, 0);
        for (size_t s = 0; s < size_t(total); ++s) {
            std::vector<double> x(p);
            for (size_t j = 0; j < p; ++j)
                x[j] = value(j, digits[j]);
            starts.push_back(std::move(x));
            for (size_t j = p; j-- > 0;) { // last parameter varies fastest
                if (++digits[j] < gridValues)
                    break;
                digits[j] = 0;
            }
        }
        return starts;
    }
    SplitMix64 rng(seed);
    std::set<std::vector<int>> seen;
    while (starts.size() < size_t(maxStarts)) {
        std::vector<int> digits(p);
        for (size_t j = 0; j < p; ++j)
            digits[j] = int(rng.next() % uint64_t(gridValues));
        if (!seen.insert(digits).second)
            continue;
        std::vector<double> x(p);
        for (size_t j = 0; j < p; ++j)
            x[j] = value(j, digits[j]);
        starts.push_back(std::move(x));
    }
    return starts;
}

std::vector<std::vector<double>> bootstrapWeights(size_t n, int resamples, uint64_t seed)
{
    SplitMix64 rng(seed);
    std::vector<std::vector<double>> weights(size_t(std::max(resamples, 0)), std::vector<double>(n, 0.0));
    for (auto& w : weights)
        for (size_t draw = 0; draw < n; ++draw)
            w[rng.next() % n] += 1.0;
    return weights;
}

double percentile(std::vector<double> values, double q)
{
    if (values.empty())
        return kNaN;
    std::sort(values.begin(), values.end());
    const double pos = q / 100.0 * double(values.size() - 1);
    const size_t lo = size_t(std::floor(pos));
    const size_t hi = std::min(lo + 1, values.size() - 1);
    return values[lo] + (pos - double(lo)) * (values[hi] - values[lo]);
}

} // namespace qs::scaling
