// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/scalinglaws/query.h"
#include "core/scalinglaws/text.h"

#include "core/common/errors.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <functional>
#include <limits>

namespace qs::scaling {

namespace {

using detail::lower;
using detail::number;
constexpr Quantity kQuantities[] = {Quantity::Loss,
                                    Quantity::FpLoss,
                                    Quantity::Delta,
                                    Quantity::EffectiveFraction,
                                    Quantity::EffectiveParameters,
                                    Quantity::OptimalQatFraction,
                                    Quantity::DirectQatFraction,
                                    Quantity::TokensPerParameterByte};
constexpr Variable kVariables[] = {Variable::N, Variable::D, Variable::G, Variable::Bits, Variable::QatFraction};

double need(const Inputs& in, Variable v, Quantity q)
{
    const double x = in.get(v);
    if (std::isnan(x))
        throw ConfigError("the " + quantityName(q) + " query needs the input " + variableName(v));
    return x;
}

void requireKind(const Law& law, Quantity q, LawKind kind)
{
    if (law.kind() != kind)
        throw ConfigError("the " + law.displayName() + " law has no " + quantityName(q) + " (a " + lawKindName(kind)
                          + " law does)");
}

double qatFraction(const Inputs& in, Quantity q)
{
    const double f = need(in, Variable::QatFraction, q);
    if (!(f > 0.0 && f < 1.0))
        throw ConfigError("the QAT fraction f = " + number(f) + " must lie strictly between 0 and 1");
    return f;
}

// Brent's root finder (zeroin) on [a, b] with f(a)·f(b) < 0.
double brent(const std::function<double(double)>& f, double a, double b, double fa, double fb, double relTol)
{
    double c = b, fc = fb, d = b - a, e = d;
    for (int iter = 0; iter < 200; ++iter) {
        if ((fb > 0.0) == (fc > 0.0)) {
            c = a, fc = fa;
            e = d = b - a;
        }
        if (std::abs(fc) < std::abs(fb)) {
            a = b, b = c, c = a;
            fa = fb, fb = fc, fc = fa;
        }
        const double tol =
            2.0 * std::numeric_limits<double>::epsilon() * std::abs(b) + 0.5 * relTol * std::max(std::abs(b), 1e-300);
        const double xm = 0.5 * (c - b);
        if (std::abs(xm) <= tol || fb == 0.0)
            return b;
        if (std::abs(e) >= tol && std::abs(fa) > std::abs(fb)) {
            const double s = fb / fa;
            double p, q;
            if (a == c) {
                p = 2.0 * xm * s;
                q = 1.0 - s;
            } else {
                const double qq = fa / fc, r = fb / fc;
                p = s * (2.0 * xm * qq * (qq - r) - (b - a) * (r - 1.0));
                q = (qq - 1.0) * (r - 1.0) * (s - 1.0);
            }
            if (p > 0.0)
                q = -q;
            p = std::abs(p);
            if (2.0 * p < std::min(3.0 * xm * q - std::abs(tol * q), std::abs(e * q))) {
                e = d;
                d = p / q;
            } else {
                d = xm, e = d;
            }
        } else {
            d = xm, e = d;
        }
        a = b, fa = fb;
        b += std::abs(d) > tol ? d : std::copysign(tol, xm);
        fb = f(b);
    }
    return b;
}

// Golden-section minimum of f on [a, b] to |b − a| ≤ tol.
double goldenSection(const std::function<double(double)>& f, double a, double b, double tol)
{
    const double invPhi = (std::sqrt(5.0) - 1.0) / 2.0;
    double c = b - invPhi * (b - a), d = a + invPhi * (b - a);
    double fc = f(c), fd = f(d);
    while (b - a > tol) {
        if (fc <= fd) {
            b = d, d = c, fd = fc;
            c = b - invPhi * (b - a), fc = f(c);
        } else {
            a = c, c = d, fc = fd;
            d = a + invPhi * (b - a), fd = f(d);
        }
    }
    return 0.5 * (a + b);
}

} // namespace

std::string quantityName(Quantity q)
{
    switch (q) {
    case Quantity::Loss:
        return "loss";
    case Quantity::FpLoss:
        return "fp_loss";
    case Quantity::Delta:
        return "delta";
    case Quantity::EffectiveFraction:
        return "eff";
    case Quantity::EffectiveParameters:
        return "n_eff";
    case Quantity::OptimalQatFraction:
        return "f_star";
    case Quantity::DirectQatFraction:
        return "f_hat";
    case Quantity::TokensPerParameterByte:
        return "S";
    }
    return "loss";
}

Quantity quantityFromName(std::string_view name)
{
    for (Quantity q : kQuantities)
        if (lower(name) == lower(quantityName(q)))
            return q;
    throw ConfigError("unknown quantity '" + std::string(name)
                      + "' (expected loss, fp_loss, delta, eff, n_eff, f_star, f_hat or S)");
}

std::string variableName(Variable v)
{
    switch (v) {
    case Variable::N:
        return "N";
    case Variable::D:
        return "D";
    case Variable::G:
        return "G";
    case Variable::Bits:
        return "bits";
    case Variable::QatFraction:
        return "f";
    }
    return "N";
}

Variable variableFromName(std::string_view name)
{
    for (Variable v : kVariables)
        if (lower(name) == lower(variableName(v)))
            return v;
    throw ConfigError("unknown variable '" + std::string(name) + "' (expected N, D, G, bits or f)");
}

bool isLogVariable(Variable v)
{
    return v == Variable::N || v == Variable::D || v == Variable::G;
}

double Inputs::get(Variable v) const
{
    switch (v) {
    case Variable::N:
        return N;
    case Variable::D:
        return D;
    case Variable::G:
        return G;
    case Variable::Bits:
        return bits;
    case Variable::QatFraction:
        return qatFraction;
    }
    return kNaN;
}

void Inputs::set(Variable v, double value)
{
    switch (v) {
    case Variable::N:
        N = value;
        break;
    case Variable::D:
        D = value;
        break;
    case Variable::G:
        G = value;
        break;
    case Variable::Bits:
        bits = value;
        break;
    case Variable::QatFraction:
        qatFraction = value;
        break;
    }
}

Inputs inputsOf(const ScalingPoint& p)
{
    Inputs in;
    in.N = p.N, in.D = p.D, in.G = p.G, in.bits = p.bits;
    if (!std::isnan(p.D_fp) && !std::isnan(p.D_qat)) {
        in.D = p.D_fp + p.D_qat;
        in.qatFraction = p.D_qat / in.D;
    }
    return in;
}

double predict(const Law& law, Quantity q, const Inputs& in)
{
    switch (q) {
    case Quantity::FpLoss:
        return chinchillaLoss(law, need(in, Variable::N, q), need(in, Variable::D, q));
    case Quantity::TokensPerParameterByte:
        return tokensPerParameterByte(need(in, Variable::D, q), need(in, Variable::N, q), need(in, Variable::Bits, q));
    case Quantity::Loss:
    case Quantity::Delta: {
        const bool loss = q == Quantity::Loss;
        const double N = need(in, Variable::N, q), D = need(in, Variable::D, q);
        switch (law.kind()) {
        case LawKind::Chinchilla:
            if (!loss)
                requireKind(law, q, LawKind::W4A4);
            return chinchillaLoss(law, N, D);
        case LawKind::W4A4: {
            const double G = need(in, Variable::G, q);
            return loss ? w4a4Loss(law, N, D, G) : w4a4Delta(law, N, D, G);
        }
        case LawKind::Qat: {
            const double bits = need(in, Variable::Bits, q), f = qatFraction(in, q);
            return loss ? qatLoss(law, N, (1.0 - f) * D, f * D, bits) : qatDelta(law, N, (1.0 - f) * D, f * D, bits);
        }
        }
        break;
    }
    case Quantity::EffectiveFraction:
    case Quantity::EffectiveParameters: {
        requireKind(law, q, LawKind::W4A4);
        const double N = need(in, Variable::N, q);
        const double eff = effectiveParameterFraction(law, N, need(in, Variable::D, q), need(in, Variable::G, q));
        return q == Quantity::EffectiveFraction ? eff : eff * N;
    }
    case Quantity::OptimalQatFraction:
        requireKind(law, q, LawKind::Qat);
        return optimalQatFraction(law, need(in, Variable::N, q), need(in, Variable::D, q), need(in, Variable::Bits, q))
            .fraction;
    case Quantity::DirectQatFraction: {
        requireKind(law, q, LawKind::Qat);
        const std::array<std::string_view, 1> a = {"a_f"};
        law.requireSet(a, "f̂");
        const double S =
            tokensPerParameterByte(need(in, Variable::D, q), need(in, Variable::N, q), need(in, Variable::Bits, q));
        return directQatFraction(S, law.coefficient("a_f").value);
    }
    }
    return kNaN;
}

Solution solve(const Law& law, Quantity q, double target, const Inputs& inputs, Variable variable, double lo, double hi)
{
    if (!std::isfinite(target))
        throw ConfigError("the target of a solve must be a finite number");
    const bool logScale = isLogVariable(variable);
    if (!(lo < hi) || (logScale && !(lo > 0.0)))
        throw ConfigError("the search range of " + variableName(variable) + " [" + number(lo) + ", " + number(hi)
                          + "] must be increasing" + (logScale ? " and positive" : ""));
    const auto toX = [&](double t) { return logScale ? std::exp(t) : t; };
    const double t0 = logScale ? std::log(lo) : lo, t1 = logScale ? std::log(hi) : hi;
    Inputs in = inputs;
    const auto g = [&](double t) {
        in.set(variable, toX(t));
        return predict(law, q, in) - target;
    };
    constexpr int kScan = 200;
    double prevT = kNaN, prevG = kNaN, minV = kNaN, maxV = kNaN;
    std::string firstError;
    for (int i = 0; i < kScan; ++i) {
        const double t = i == kScan - 1 ? t1 : t0 + (t1 - t0) * i / double(kScan - 1);
        double v = kNaN;
        try {
            v = g(t);
        } catch (const ConfigError& e) {
            if (firstError.empty())
                firstError = e.what();
        }
        if (!std::isfinite(v)) {
            prevG = kNaN;
            continue;
        }
        minV = std::isnan(minV) ? v : std::min(minV, v);
        maxV = std::isnan(maxV) ? v : std::max(maxV, v);
        if (v == 0.0) {
            Solution s;
            s.value = toX(t);
            s.achieved = target;
            return s;
        }
        if (std::isfinite(prevG) && (prevG < 0.0) != (v < 0.0)) {
            const double root = brent(g, prevT, t, prevG, v, 1e-14);
            Solution s;
            s.value = toX(root);
            s.achieved = g(root) + target;
            return s;
        }
        prevT = t, prevG = v;
    }
    if (std::isnan(minV))
        throw ConfigError(firstError.empty() ? "the " + quantityName(q) + " query is undefined over the range"
                                             : firstError);
    throw ConfigError(quantityName(q) + " does not reach " + number(target) + " for " + variableName(variable) + " in ["
                      + number(lo) + ", " + number(hi) + "]: it spans " + number(minV + target) + " … "
                      + number(maxV + target) + " there");
}

BudgetResult optimalBitsAndSize(const Law& law, const BudgetQuery& query)
{
    if (law.kind() != LawKind::Qat)
        throw ConfigError("the optimal bit width needs a qat law (the " + law.displayName() + " law has no bits)");
    const std::array<std::string_view, 16> names = {"E",   "A",   "B",     "alpha",  "beta", "theta", "kappa", "phi",
                                                    "chi", "psi", "omega", "lambda", "mu",   "nu",    "xi",    "rho"};
    law.requireSet(names, "the optimal bit width and model size");
    if (!(query.memoryBytes > 0.0) || !std::isfinite(query.memoryBytes))
        throw ConfigError("the memory budget must be a positive number of bytes");
    const bool byTokens = std::isfinite(query.tokens);
    if (byTokens == std::isfinite(query.flops))
        throw ConfigError("give either a token budget or a FLOP budget (not both, not neither)");
    if (!((byTokens ? query.tokens : query.flops) > 0.0))
        throw ConfigError("the token or FLOP budget must be positive");
    if (!std::isnan(query.qatFraction) && !(query.qatFraction > 0.0 && query.qatFraction < 1.0))
        throw ConfigError("the QAT fraction f = " + number(query.qatFraction) + " must lie strictly between 0 and 1");
    if (query.bits.empty())
        throw ConfigError("no bit widths to compare");
    if (!(query.minN > 0.0))
        throw ConfigError("the smallest model size must be positive");

    BudgetResult result;
    for (double bits : query.bits) {
        if (!(bits >= 1.0 && bits <= 16.0))
            throw ConfigError("bits = " + number(bits) + " must lie in [1, 16]");
        BudgetCandidate c;
        c.bits = bits;
        const double maxN = 8.0 * query.memoryBytes / bits;
        if (maxN < query.minN) {
            result.candidates.push_back(c);
            continue;
        }
        c.feasible = true;
        // Loss at log N, with its D, f and δ.
        const auto evaluate = [&](double logN, BudgetCandidate& out) {
            const double N = std::exp(logN);
            const double D = byTokens ? query.tokens : query.flops / (6.0 * N);
            double f = query.qatFraction, delta;
            if (std::isnan(f)) {
                const QatOptimum opt = optimalQatFraction(law, N, D, bits);
                f = opt.fraction, delta = opt.delta;
            } else {
                delta = qatDelta(law, N, (1.0 - f) * D, f * D, bits);
            }
            out.N = N, out.D = D, out.qatFraction = f, out.delta = delta;
            out.loss = chinchillaLoss(law, N, D) + delta;
            return std::isfinite(out.loss) ? out.loss : std::numeric_limits<double>::infinity();
        };
        constexpr int kGrid = 161;
        const double a = std::log(query.minN), b = std::log(maxN);
        int best = 0;
        double bestLoss = std::numeric_limits<double>::infinity();
        BudgetCandidate tmp = c;
        for (int i = 0; i < kGrid; ++i) {
            const double v = evaluate(kGrid == 1 || b == a ? b : a + (b - a) * i / double(kGrid - 1), tmp);
            if (v < bestLoss)
                bestLoss = v, best = i;
        }
        const double step = (b - a) / double(kGrid - 1);
        double logN = a + step * best;
        if (b > a) {
            const double lo = std::max(a, logN - step), hi = std::min(b, logN + step);
            const double refined = goldenSection([&](double t) { return evaluate(t, tmp); }, lo, hi, 1e-9);
            if (evaluate(refined, tmp) <= bestLoss)
                logN = refined;
        }
        evaluate(logN, c);
        c.memoryBound = b - logN <= 1e-6;
        result.candidates.push_back(c);
    }
    bool any = false;
    for (size_t i = 0; i < result.candidates.size(); ++i) {
        const BudgetCandidate& c = result.candidates[i];
        if (c.feasible && (!any || c.loss < result.candidates[result.best].loss))
            result.best = i, any = true;
    }
    if (!any)
        throw ConfigError("no bit width fits a model of at least " + number(query.minN) + " parameters into "
                          + number(query.memoryBytes) + " bytes");
    return result;
}

SweepTable sweep(const Law& law, std::span<const Quantity> quantities, const Inputs& base, Variable variable,
                 double from, double to, int steps, bool logScale)
{
    if (steps < 2)
        throw ConfigError("a sweep needs at least 2 steps");
    if (!std::isfinite(from) || !std::isfinite(to) || from == to)
        throw ConfigError("a sweep needs two different finite ends");
    if (logScale && !(from > 0.0 && to > 0.0))
        throw ConfigError("a log-scale sweep of " + variableName(variable) + " needs positive ends");
    if (quantities.empty())
        throw ConfigError("a sweep needs at least one quantity");
    SweepTable table;
    table.variable = variable;
    table.quantities.assign(quantities.begin(), quantities.end());
    for (int i = 0; i < steps; ++i) {
        const double t = i / double(steps - 1);
        table.x.push_back(i == steps - 1 ? to
                              : logScale ? std::exp(std::log(from) + t * (std::log(to) - std::log(from)))
                                         : from + t * (to - from));
    }
    Inputs in = base;
    for (Quantity q : quantities) {
        std::vector<double> column;
        std::string firstError;
        bool any = false;
        for (double x : table.x) {
            in.set(variable, x);
            double v = kNaN;
            try {
                v = predict(law, q, in);
                any = true;
            } catch (const ConfigError& e) {
                if (firstError.empty())
                    firstError = e.what();
            }
            column.push_back(v);
        }
        if (!any)
            throw ConfigError(firstError);
        table.values.push_back(std::move(column));
    }
    return table;
}

} // namespace qs::scaling
