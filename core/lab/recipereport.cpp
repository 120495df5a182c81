// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The analyses of a recipe's store: what report.md says. Every number here is read from the store the
// recipe wrote; nothing is assumed about what the toy model shows.

#include "core/lab/recipe.h"

#include "core/analysis/comparison.h"
#include "core/common/errors.h"
#include "core/common/kinds.h"
#include "core/common/metrics.h"
#include "core/config/config.h"
#include "core/lab/recipedetail.h"
#include "core/scalinglaws/laws.h"
#include "core/scalinglaws/serialization.h"
#include "core/store/store.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

using json = nlohmann::json;

namespace qs {

namespace {

std::string fmt(double v, const char* spec = "%.4f")
{
    if (!std::isfinite(v))
        return "–";
    char buf[64];
    std::snprintf(buf, sizeof buf, spec, v);
    return buf;
}

std::string pct(double v)
{
    return fmt(100.0 * v, "%.2f %%");
}

// One run's per-checkpoint values of the metrics a report needs.
struct Trajectory
{
    std::vector<CheckpointRow> rows;
    std::vector<double> fpCe;
    std::map<std::string, std::vector<double>> relCe, deltaCe; // config id -> [checkpoint]
    std::map<std::string, std::vector<double>> relCeSe;        // its standard error (NaN: not stored)
};

class Reader
{
public:
    explicit Reader(const std::string& path)
        : m_store(Store::open(path))
    {
    }

    const Store& store() const { return m_store; }

    std::vector<std::string> match(const std::vector<std::string>& patterns) const
    {
        return matchRuns(m_store, patterns);
    }

    const Trajectory& get(const std::string& run)
    {
        auto it = m_cache.find(run);
        if (it != m_cache.end())
            return it->second;
        Trajectory t;
        t.rows = m_store.checkpoints(run);
        t.fpCe.assign(t.rows.size(), std::nan(""));
        const auto ids = m_store.configIds(run);
        for (const std::string& id : ids) {
            const ConfigResults r = m_store.results(run, id);
            if (id == fpConfigId) {
                if (auto ce = r.model.find(metrics::ce); ce != r.model.end())
                    t.fpCe = ce->second;
                continue;
            }
            if (auto v = r.model.find(metrics::relCe); v != r.model.end())
                t.relCe[id] = v->second;
            if (auto v = r.model.find(standardErrorName(metrics::relCe)); v != r.model.end())
                t.relCeSe[id] = v->second;
            if (auto v = r.model.find(metrics::deltaCe); v != r.model.end())
                t.deltaCe[id] = v->second;
        }
        t.fpCe.resize(t.rows.size(), std::nan(""));
        return m_cache.emplace(run, std::move(t)).first->second;
    }

    static double at(const std::map<std::string, std::vector<double>>& m, const std::string& id, size_t i)
    {
        auto it = m.find(id);
        return it == m.end() || i >= it->second.size() ? std::nan("") : it->second[i];
    }

private:
    Store m_store;
    std::map<std::string, Trajectory> m_cache;
};

std::string header(const std::vector<std::string>& cells)
{
    std::string line = "|", rule = "|";
    for (const std::string& c : cells) {
        line += " " + c + " |";
        rule += "---|";
    }
    return line + "\n" + rule + "\n";
}

std::string row(const std::vector<std::string>& cells)
{
    std::string line = "|";
    for (const std::string& c : cells)
        line += " " + c + " |";
    return line + "\n";
}

// A relative CE with its standard error when the store holds one: "0.42 % ± 0.03".
std::string pctWithSe(double v, double se)
{
    return std::isfinite(se) ? pct(v) + " ± " + fmt(100.0 * se, "%.2f") : pct(v);
}

// The paired tests of a section (core/analysis/comparison.h): b − a of `metric` on the same evaluation units,
// one table row each, and how many exceed the noise.
class NoiseTable
{
public:
    NoiseTable(const Store& store, std::string metric)
        : m_store(store)
        , m_metric(std::move(metric))
    {
    }

    // Adds the test of b − a; a row saying why when there is none (an older store, other tokens).
    void add(const std::string& label, const EntryRef& a, const EntryRef& b)
    {
        try {
            const EntryComparison c = compareEntries(m_store, a, b, m_metric);
            const stats::PairedComparison& t = c.test;
            m_units = t.difference.units;
            ++m_tested;
            m_significant += t.significant();
            m_up += t.significant() && t.difference.value > 0.0;
            m_rows += row({label, fmt(t.difference.value, "%+.5f"), fmt(t.difference.se, "%.5f"),
                           "[" + fmt(t.interval.lower, "%+.5f") + ", " + fmt(t.interval.upper, "%+.5f") + "]",
                           fmt(t.pValue, "%.3g"), t.significant() ? "**yes**" : "no"});
        } catch (const ConfigError& e) {
            m_rows += row({label, "–", "–", "–", "–", std::string("no test: ") + e.what()});
        }
    }

    int tested() const { return m_tested; }
    int significant() const { return m_significant; }
    int significantRises() const { return m_up; }

    // The table under a line saying what was tested; empty when nothing was added.
    std::string text(const std::string& what) const
    {
        if (m_rows.empty())
            return {};
        const MetricInfo* info = findMetric(m_metric);
        std::string out = "\n" + what + " (" + (info ? std::string(info->title) : m_metric)
            + (info && *info->unit ? std::string(", ") + info->unit : std::string()) + "; paired over the "
            + std::to_string(m_units)
            + " evaluation units both were scored on, 95 % bootstrap interval, 2,000 resamples):\n\n";
        out += header({"comparison", "difference", "s.e.", "95 % interval", "p", "beyond the noise"}) + m_rows;
        out += "\n" + std::to_string(m_significant) + " of " + std::to_string(m_tested)
            + " differences exceed the noise at the 95 % level.\n";
        return out;
    }

private:
    const Store& m_store;
    std::string m_metric;
    std::string m_rows;
    size_t m_units = 0;
    int m_tested = 0, m_significant = 0, m_up = 0;
};

// The final checkpoint of each run: FP CE and, per config, relative CE and ΔCE.
std::string finalTable(Reader& reader, const json& spec)
{
    const auto runs = reader.match(spec.at("final").get<std::vector<std::string>>());
    const auto configs = spec.at("configs").get<std::vector<std::string>>();
    std::vector<std::string> cells {"run", "step", "LR", "FP CE"};
    for (const auto& id : configs)
        cells.push_back(id + " rel CE (quantized CE)");
    std::string out = header(cells);
    for (const std::string& run : runs) {
        const Trajectory& t = reader.get(run);
        if (t.rows.empty())
            continue;
        const size_t i = t.rows.size() - 1;
        cells = {run, std::to_string(t.rows[i].step), fmt(t.rows[i].lr, "%.2e"), fmt(t.fpCe[i])};
        for (const auto& id : configs) {
            const double rel = Reader::at(t.relCe, id, i);
            cells.push_back(pctWithSe(rel, Reader::at(t.relCeSe, id, i)) + " (" + fmt(t.fpCe[i] * (1.0 + rel)) + ")");
        }
        out += row(cells);
    }
    // Each run's damage against the first run's, at the final checkpoints.
    NoiseTable noise(reader.store(), metrics::deltaCe);
    for (size_t r = 1; r < runs.size(); ++r) {
        const size_t first = reader.get(runs.front()).rows.size(), last = reader.get(runs[r]).rows.size();
        if (first == 0 || last == 0)
            continue;
        for (const auto& id : configs)
            noise.add(runs[r] + " − " + runs.front() + " (" + id + ")", {runs.front(), id, int(first) - 1},
                      {runs[r], id, int(last) - 1});
    }
    return out + noise.text("ΔCE of each run's final checkpoint against " + runs.front() + "'s");
}

// Each branch of `parent`: at its fork (the parent's checkpoint) and at its end; and the parent at the
// branch's end step when it has one (same tokens, no cooldown).
std::string branchTable(Reader& reader, const json& spec)
{
    const auto parent = spec.at("branches").get<std::string>();
    const auto configs = spec.at("configs").get<std::vector<std::string>>();
    const Trajectory& p = reader.get(parent);
    std::vector<std::string> cells {"branch", "fork → end step", "FP CE fork → end"};
    for (const auto& id : configs)
        cells.push_back(id + " rel CE: fork → end (parent at end)");
    std::string out = header(cells);
    int rises = 0, branches = 0;
    NoiseTable noise(reader.store(), metrics::deltaCe);
    for (const std::string& run : reader.store().runs()) {
        const RunInfo info = reader.store().runInfo(run);
        if (info.parent != parent || info.parentStep < 0)
            continue;
        const Trajectory& t = reader.get(run);
        if (t.rows.size() < 2)
            continue;
        const size_t e = t.rows.size() - 1;
        cells = {run, std::to_string(t.rows[0].step) + " → " + std::to_string(t.rows[e].step),
                 fmt(t.fpCe[0]) + " → " + fmt(t.fpCe[e])};
        size_t atEnd = p.rows.size();
        for (size_t i = 0; i < p.rows.size(); ++i)
            if (p.rows[i].step == t.rows[e].step)
                atEnd = i;
        for (const auto& id : configs) {
            const double fork = Reader::at(t.relCe, id, 0), end = Reader::at(t.relCe, id, e);
            cells.push_back(pct(fork) + " → " + pct(end) + " (" + pct(Reader::at(p.relCe, id, atEnd)) + ")");
            ++branches;
            rises += end > fork;
            noise.add(run + " end − fork (" + id + ")", {run, id, 0}, {run, id, int(e)});
        }
        out += row(cells);
    }
    out += "\nThe cooldown raised the relative CE in " + std::to_string(rises) + " of " + std::to_string(branches)
        + " (branch, config) pairs";
    if (noise.tested() > 0)
        out += "; its ΔCE rose beyond the evaluation's noise in " + std::to_string(noise.significantRises())
            + " and fell beyond it in " + std::to_string(noise.significant() - noise.significantRises()) + " of the "
            + std::to_string(noise.tested()) + " tested";
    out += ".\n";
    return out + noise.text("ΔCE at each branch's end against its fork");
}

// Relative CE of each run at one FP loss: the highest final FP CE among the runs (a level every run
// reaches), interpolated linearly along each run's checkpoints where its FP CE crosses that level.
std::string equalLossTable(Reader& reader, const json& spec)
{
    const auto runs = reader.match(spec.at("equal_fp_loss").get<std::vector<std::string>>());
    const auto configs = spec.at("configs").get<std::vector<std::string>>();
    double level = -1.0;
    for (const std::string& run : runs) {
        const Trajectory& t = reader.get(run);
        if (!t.rows.empty())
            level = std::max(level, t.fpCe.back());
    }
    std::vector<std::string> cells {"run", "peak LR", "final FP CE"};
    for (const auto& id : configs)
        cells.push_back(id + " rel CE at FP CE " + fmt(level) + " (final)");
    std::string out = header(cells);
    for (const std::string& run : runs) {
        const Trajectory& t = reader.get(run);
        if (t.rows.empty())
            continue;
        double peak = std::nan("");
        try {
            peak = TrainConfig::fromJson(reader.store().runInfo(run).trainConfigJson).schedule.peakLr;
        } catch (const ConfigError&) {
        }
        cells = {run, fmt(peak, "%.1e"), fmt(t.fpCe.back())};
        for (const auto& id : configs) {
            double value = std::nan("");
            // The first crossing from above: the checkpoint pair (i-1, i) with fp[i-1] >= level >= fp[i].
            for (size_t i = 1; i < t.rows.size() && std::isnan(value); ++i) {
                const double a = t.fpCe[i - 1], b = t.fpCe[i];
                if (a >= level && b <= level && a > b) {
                    const double w = (a - level) / (a - b);
                    value = (1 - w) * Reader::at(t.relCe, id, i - 1) + w * Reader::at(t.relCe, id, i);
                }
            }
            cells.push_back(pct(value) + " (" + pct(Reader::at(t.relCe, id, t.rows.size() - 1)) + ")");
        }
        out += row(cells);
    }
    return out;
}

// W4A4 with the FC2 (down_proj) input at 8 bits against W4A4, and the activation kurtosis per kind.
std::string fc2Table(Reader& reader, const json& spec)
{
    const auto run = spec.at("fc2").get<std::string>();
    const auto base = spec.at("config").get<std::string>(), fc2 = spec.at("fc2_config").get<std::string>();
    const Trajectory& t = reader.get(run);
    if (t.rows.empty())
        return "(no checkpoints)\n";
    const size_t last = t.rows.size() - 1;
    const double d = Reader::at(t.deltaCe, base, last), d8 = Reader::at(t.deltaCe, fc2, last);
    std::string out = "Final checkpoint (step " + std::to_string(t.rows[last].step) + "): ΔCE " + base + " = " + fmt(d)
        + ", " + fc2 + " = " + fmt(d8) + " nats/byte; keeping the FC2 input at 8 bits removes " + pct(1.0 - d8 / d)
        + " of the W4A4 error (the paper: 20.5–42.9 %).\n";
    NoiseTable noise(reader.store(), metrics::deltaCe);
    noise.add(fc2 + " − " + base, {run, base, int(last)}, {run, fc2, int(last)});
    out += noise.text("The FC2 input at 8 bits against W4A4 at the final checkpoint") + "\n";
    const ConfigResults fp = reader.store().results(run, fpConfigId);
    const auto layers = reader.store().layers(run);
    auto kurt = fp.layers.find(metrics::actKurtosis);
    if (kurt == fp.layers.end() || last >= kurt->second.size())
        return out;
    std::map<std::string, std::pair<double, int>> byKind;
    for (size_t l = 0; l < layers.size(); ++l) {
        auto& [sum, n] = byKind[layers[l].kind];
        sum += kurt->second[last][l];
        ++n;
    }
    out += header({"layer input", "mean kurtosis (final checkpoint)"});
    const std::pair<const char*, const char*> inputs[] = {{layerkinds::q, "q/k/v (attention input)"},
                                                          {layerkinds::o, "o_proj"},
                                                          {layerkinds::gate, "gate/up (FC1)"},
                                                          {layerkinds::down, "down_proj (FC2)"}};
    for (const auto& [kind, label] : inputs) {
        const auto& [sum, n] = byKind[kind];
        out += row({label, fmt(n ? sum / n : std::nan(""), "%.1f")});
    }
    return out;
}

const json& qatStep(const json& recipe, const std::string& trunk)
{
    for (const auto& step : recipe.at("steps"))
        if (step.contains("qat_fractions") && step["qat_fractions"].value("trunk", "") == trunk)
            return step["qat_fractions"];
    throw ConfigError("report: no qat_fractions step with trunk '" + trunk + "'");
}

// The quantized CE of the final model of every (f, fusion) of one qat_fractions step; f = 0 (PTQ)
// is listed under every fusion.
std::vector<QatFractionPoint> qatPoints(Reader& reader, const json& recipe, const json& stepSpec)
{
    const QatFractionSpec s = QatFractionSpec::fromJson(stepSpec, recipe.value("train", json::object()), "report");
    const std::string id = QuantConfig::parse(s.plan.quant).id();
    std::vector<QatFractionPoint> points;
    for (double f : s.fractions) {
        for (QatFusion fusion : s.fusions) {
            const std::string run = qatRunName(s.plan, f, fusion);
            if (!reader.store().hasRun(run))
                continue;
            const Trajectory& t = reader.get(run);
            QatFractionPoint p;
            p.trunk = s.plan.trunkRun;
            p.budgetSteps = s.plan.trunk.steps;
            p.fraction = f;
            p.fusion = toString(fusion);
            p.run = run;
            p.forkStep = qatForkStep(s.plan, f);
            if (!t.rows.empty())
                p.quantizedCe = t.fpCe.back() + Reader::at(t.deltaCe, id, t.rows.size() - 1);
            points.push_back(p);
        }
    }
    return points;
}

std::string qatTable(Reader& reader, const json& recipe, const json& spec)
{
    const json& stepSpec = qatStep(recipe, spec.at("qat_fractions").get<std::string>());
    const QatFractionSpec s = QatFractionSpec::fromJson(stepSpec, recipe.value("train", json::object()), "report");
    const QuantConfig q = QuantConfig::parse(s.plan.quant);
    const double N = double(s.plan.trunk.model.parameterCount());
    const double D = double(s.plan.trunk.steps) * s.plan.trunk.batchSize * s.plan.trunk.seqLen;
    std::string out = header({"f", "fusion", "run", "FP-phase / QAT steps", "quantized CE (" + q.id() + ")"});
    std::map<std::string, std::pair<double, double>> best; // fusion -> (f, CE)
    for (const QatFractionPoint& p : qatPoints(reader, recipe, stepSpec)) {
        auto& [bf, bce] = best.try_emplace(p.fusion, std::nan(""), INFINITY).first->second;
        if (p.quantizedCe < bce) {
            bf = p.fraction;
            bce = p.quantizedCe;
        }
        if (p.fraction == 0.0 && p.fusion != toString(s.fusions.front()))
            continue; // the PTQ row once
        out +=
            row({fmt(p.fraction, "%g"), p.fraction == 0 ? "PTQ" : p.fusion, p.run,
                 std::to_string(p.forkStep) + " / " + std::to_string(p.budgetSteps - p.forkStep), fmt(p.quantizedCe)});
    }
    const double S = scaling::tokensPerParameterByte(D, N, q.bits);
    out += "\nN = " + fmt(N, "%.0f") + " parameters, D = " + fmt(D, "%.3g")
        + " tokens (bytes), B = " + std::to_string(q.bits) + " bits: S = D / (N·B/8) = " + fmt(S, "%.2f") + ".\n\n";
    for (const auto& [fusion, value] : best)
        out += "- measured optimal f (" + fusion + "): **" + fmt(value.first, "%g") + "** (quantized CE "
            + fmt(value.second) + ")\n";
    // Every QAT run against PTQ (f = 0), on the quantized model's CE: where the optimum's lead is real.
    NoiseTable noise(reader.store(), metrics::ce);
    std::string ptqRun;
    for (const QatFractionPoint& p : qatPoints(reader, recipe, stepSpec))
        if (p.fraction == 0.0)
            ptqRun = p.run;
    for (const QatFractionPoint& p : qatPoints(reader, recipe, stepSpec)) {
        if (ptqRun.empty() || p.fraction == 0.0)
            continue;
        const size_t a = reader.get(ptqRun).rows.size(), b = reader.get(p.run).rows.size();
        if (a > 0 && b > 0)
            noise.add(p.run + " − " + ptqRun, {ptqRun, q.id(), int(a) - 1}, {p.run, q.id(), int(b) - 1});
    }
    out += noise.text("Each QAT fraction against PTQ, on the quantized CE");
    out += "- Dremov et al.'s direct fit f̂(S) = exp(−6.7297 / ln S): "
        + (S > 1 ? "**" + fmt(scaling::directQatFraction(S), "%.3f") + "**" : std::string("undefined (S ≤ 1)")) + "\n";
    std::string lawLine = "- the QAT loss law: no fitted QAT law in this store (its coefficients are not published; "
                          "fit one to your own runs and save it in the store to see its f* here)";
    for (const std::string& name : reader.store().fitNames()) {
        try {
            const scaling::Law law = scaling::lawFromJson(reader.store().fitJson(name));
            if (law.kind() != scaling::LawKind::Qat)
                continue;
            const auto opt = scaling::optimalQatFraction(law, N, D, q.bits);
            lawLine = "- the QAT loss law (fit '" + name + "'): f* = **" + fmt(opt.fraction, "%.3f") + "**"
                + (opt.atBoundary ? " (at the edge of the searched range)" : "");
        } catch (const Error&) {
        }
    }
    return out + lawLine + "\n";
}

} // namespace

std::vector<QatFractionPoint> qatFractionPoints(const Recipe& recipe, const std::string& storePath)
{
    Reader reader(storePath);
    const json doc = json::parse(recipe.text);
    std::vector<QatFractionPoint> points;
    for (const auto& step : doc.at("steps")) {
        if (!step.contains("qat_fractions"))
            continue;
        const auto more = qatPoints(reader, doc, step["qat_fractions"]);
        points.insert(points.end(), more.begin(), more.end());
    }
    return points;
}

std::string recipeReport(const Recipe& recipe, const std::string& storePath)
{
    Reader reader(storePath);
    const json doc = json::parse(recipe.text);
    std::ostringstream out;
    out << "# " << recipe.title << "\n\n"
        << "Recipe `" << recipe.name << "` version " << recipe.version << " (" << recipe.file << ").\n"
        << "Reproduces: " << recipe.paper << "\n\n"
        << "What the paper found: " << recipe.expect << "\n\n"
        << "Store: `" << storePath << "`\n";
    for (const auto& section : doc.value("report", json::array())) {
        out << "\n## " << section.value("title", std::string("Results")) << "\n\n";
        if (section.contains("final"))
            out << finalTable(reader, section);
        else if (section.contains("branches"))
            out << branchTable(reader, section);
        else if (section.contains("equal_fp_loss"))
            out << equalLossTable(reader, section);
        else if (section.contains("fc2"))
            out << fc2Table(reader, section);
        else if (section.contains("qat_fractions"))
            out << qatTable(reader, doc, section);
        else
            throw ConfigError(recipe.file + ": report section '" + section.value("title", "") + "' names no analysis");
    }
    return out.str();
}

} // namespace qs
