// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/downstream/mcmetrics.h"

#include "core/common/errors.h"
#include "core/downstream/pytext.h"
#include "core/downstream/tasks.h"

#include <cmath>
#include <limits>

namespace qs {

namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

// numpy.argmax: the first maximum (NaN counts as the maximum, as numpy treats it).
size_t argmax(const std::vector<double>& v)
{
    size_t best = 0;
    for (size_t i = 0; i < v.size(); ++i) {
        if (std::isnan(v[i]))
            return i;
        if (v[i] > v[best])
            best = i;
    }
    return best;
}

} // namespace

const char* mcMetricName(McMetric metric)
{
    switch (metric) {
    case McMetric::Acc:
        return "acc";
    case McMetric::AccNorm:
        return "acc_norm";
    case McMetric::AccBytes:
        return "acc_bytes";
    case McMetric::AccToken:
        return "acc_token";
    }
    return "?";
}

McOutcomes mcOutcomes(const McTask& task, const std::vector<McRequestScore>& scores)
{
    McOutcomes out;
    size_t next = 0;
    for (const McDocument& doc : task.documents) {
        const size_t n = doc.contexts.size();
        if (next + n > scores.size())
            throw Error(task.name + ": " + std::to_string(scores.size()) + " scores for more requests");
        std::vector<double> ll(n), perChar(n), perByte(n), perToken(n);
        for (size_t i = 0; i < n; ++i) {
            const McRequestScore& s = scores[next + i];
            ll[i] = s.logLikelihood;
            // lm-eval divides by the choices' lengths (for Winogrande the filled-in contexts').
            const std::string& choice = doc.choices[std::min(i, doc.choices.size() - 1)];
            perChar[i] = s.logLikelihood / static_cast<double>(py::length(choice));
            perByte[i] = s.logLikelihood / static_cast<double>(choice.size());
            perToken[i] = s.logLikelihood / std::max(1, s.tokens);
        }
        next += n;
        const size_t gold = static_cast<size_t>(doc.gold);
        out.correct[0].push_back(argmax(ll) == gold);
        out.correct[1].push_back(argmax(perChar) == gold);
        out.correct[2].push_back(argmax(perByte) == gold);
        out.correct[3].push_back(argmax(perToken) == gold);
    }
    if (next != scores.size())
        throw Error(task.name + ": " + std::to_string(scores.size()) + " scores for " + std::to_string(next)
                    + " requests");
    return out;
}

std::vector<McValue> mcAggregate(const McOutcomes& outcomes)
{
    std::vector<McValue> out;
    for (const std::vector<uint8_t>& c : outcomes.correct) {
        const double n = static_cast<double>(c.size());
        McValue v;
        if (c.empty()) {
            v.value = v.stdError = kNan;
            out.push_back(v);
            continue;
        }
        double sum = 0;
        for (uint8_t x : c)
            sum += x;
        v.value = sum / n;
        if (c.size() < 2) {
            v.stdError = kNan;
        } else {
            double ss = 0;
            for (uint8_t x : c)
                ss += (x - v.value) * (x - v.value);
            v.stdError = std::sqrt(ss / (n - 1)) / std::sqrt(n);
        }
        out.push_back(v);
    }
    return out;
}

McValue mcPooled(const std::vector<McValue>& members, const std::vector<int64_t>& sizes)
{
    if (members.size() != sizes.size() || members.empty())
        throw Error("a group needs one size per member");
    double total = 0, weighted = 0, pooled = 0;
    for (size_t i = 0; i < members.size(); ++i) {
        const double n = static_cast<double>(sizes[i]);
        total += n;
        weighted += members[i].value * n;
        pooled += (n - 1) * members[i].stdError * members[i].stdError * n;
    }
    McValue v;
    v.value = weighted / total;
    v.stdError = std::sqrt(pooled / (total - static_cast<double>(members.size())) / total);
    return v;
}

std::vector<McGroup> mcGroups(const std::vector<const McTask*>& tasks, const std::vector<std::vector<McValue>>& values)
{
    if (tasks.size() != values.size())
        throw Error("one set of metrics per task is needed for the groups");
    std::vector<McGroup> out;
    std::vector<std::vector<McValue>> categoryValues;
    std::vector<int64_t> categorySizes;
    for (const char* category : {"humanities", "other", "social_sciences", "stem"}) {
        std::vector<std::vector<McValue>> members(kMcMetrics);
        std::vector<int64_t> sizes;
        for (size_t i = 0; i < tasks.size(); ++i) {
            if (tasks[i]->group != "mmlu" || tasks[i]->category != category)
                continue;
            for (int m = 0; m < kMcMetrics; ++m)
                members[static_cast<size_t>(m)].push_back(values[i][static_cast<size_t>(m)]);
            sizes.push_back(static_cast<int64_t>(tasks[i]->documents.size()));
        }
        if (sizes.empty())
            continue;
        McGroup g;
        g.name = std::string("mmlu_") + category;
        for (int64_t n : sizes)
            g.documents += n;
        for (int m = 0; m < kMcMetrics; ++m)
            g.values.push_back(mcPooled(members[static_cast<size_t>(m)], sizes));
        categoryValues.push_back(g.values);
        categorySizes.push_back(g.documents);
        out.push_back(std::move(g));
    }
    if (!out.empty()) {
        McGroup all;
        all.name = "mmlu";
        for (int64_t n : categorySizes)
            all.documents += n;
        for (int m = 0; m < kMcMetrics; ++m) {
            std::vector<McValue> members;
            for (const auto& v : categoryValues)
                members.push_back(v[static_cast<size_t>(m)]);
            all.values.push_back(mcPooled(members, categorySizes));
        }
        out.push_back(std::move(all));
    }
    return out;
}

RelativeDrop relativeAccuracyDrop(const std::vector<uint8_t>& fp, const std::vector<uint8_t>& quantized)
{
    if (fp.size() != quantized.size() || fp.empty())
        throw Error("the relative accuracy drop needs the same documents for both models (" + std::to_string(fp.size())
                    + " and " + std::to_string(quantized.size()) + ")");
    const double n = static_cast<double>(fp.size());
    double a = 0, b = 0;
    for (size_t i = 0; i < fp.size(); ++i) {
        a += fp[i];
        b += quantized[i];
    }
    a /= n;
    b /= n;
    RelativeDrop r;
    r.fpAcc = a;
    r.quantAcc = b;
    if (a >= 1.0) {
        r.value = r.stdError = r.low = r.high = kNan;
        return r;
    }
    r.value = (a - b) / (1 - a);
    // Delta method: ∂r/∂a = (1 − b)/(1 − a)², ∂r/∂b = −1/(1 − a); sample (co)variances of the paired
    // outcomes over n − 1, divided by n for the means.
    double vx = 0, vy = 0, cxy = 0;
    for (size_t i = 0; i < fp.size(); ++i) {
        vx += (fp[i] - a) * (fp[i] - a);
        vy += (quantized[i] - b) * (quantized[i] - b);
        cxy += (fp[i] - a) * (quantized[i] - b);
    }
    if (fp.size() < 2) {
        r.stdError = r.low = r.high = kNan;
        return r;
    }
    vx /= n - 1;
    vy /= n - 1;
    cxy /= n - 1;
    const double ga = (1 - b) / ((1 - a) * (1 - a)), gb = -1 / (1 - a);
    r.stdError = std::sqrt(std::max(0.0, ga * ga * vx + gb * gb * vy + 2 * ga * gb * cxy) / n);
    r.low = r.value - 1.959963984540054 * r.stdError;
    r.high = r.value + 1.959963984540054 * r.stdError;
    return r;
}

} // namespace qs
