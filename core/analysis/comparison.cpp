// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/comparison.h"

#include "core/common/errors.h"
#include "core/common/metrics.h"
#include "core/hf/hfrun.h"
#include "core/store/store.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace qs {

namespace {

std::string joined(const std::vector<std::string>& names)
{
    std::string out;
    for (const std::string& n : names)
        out += (out.empty() ? "" : ", ") + n;
    return out;
}

// Whether the config has a done row at `checkpoint`.
bool computed(const ConfigResults& results, int checkpoint)
{
    return checkpoint >= 0 && size_t(checkpoint) < results.done.size() && results.done[size_t(checkpoint)] != 0;
}

} // namespace

EntryRef parseEntryRef(const Store& store, const std::string& text)
{
    const auto colon = text.find(':');
    const auto at = text.rfind('@');
    if (colon == std::string::npos || at == std::string::npos || at < colon || colon == 0 || at == colon + 1
        || at + 1 == text.size())
        throw ConfigError("'" + text + "' does not name a result: write RUN:CONFIG@STEP (or @#ROW, @last)");
    EntryRef e;
    e.run = text.substr(0, colon);
    e.config = text.substr(colon + 1, at - colon - 1);
    const std::string where = text.substr(at + 1);
    const std::vector<std::string> runs = store.runs();
    if (std::find(runs.begin(), runs.end(), e.run) == runs.end())
        throw ConfigError("'" + text + "': the store has no run '" + e.run + "' (runs: " + joined(runs) + ")");
    const std::vector<std::string> configs = store.configIds(e.run);
    if (std::find(configs.begin(), configs.end(), e.config) == configs.end())
        throw ConfigError("'" + text + "': run '" + e.run + "' has no config '" + e.config
                          + "' (configs: " + joined(configs) + ")");
    const std::vector<CheckpointRow> rows = store.checkpoints(e.run);
    const auto number = [&](const std::string& digits, const char* what) {
        if (digits.empty() || digits.size() > 15
            || !std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c) != 0; }))
            throw ConfigError("'" + text + "': '" + digits + "' is not a " + what);
        return std::stoll(digits);
    };
    if (where == "last") {
        const ConfigResults results = store.results(e.run, e.config);
        for (int i = int(results.done.size()) - 1; i >= 0 && e.checkpoint < 0; --i)
            if (results.done[size_t(i)] != 0)
                e.checkpoint = i;
        if (e.checkpoint < 0)
            throw ConfigError("'" + text + "': config '" + e.config + "' has no result in run '" + e.run + "' yet");
    } else if (where.front() == '#') {
        const long long row = number(where.substr(1), "checkpoint row");
        if (row >= (long long)rows.size())
            throw ConfigError("'" + text + "': run '" + e.run + "' has " + std::to_string(rows.size())
                              + " checkpoints (rows 0–" + std::to_string(rows.size() - 1) + ")");
        e.checkpoint = int(row);
    } else {
        const long long step = number(where, "step");
        std::vector<int> matches;
        for (size_t i = 0; i < rows.size(); ++i)
            if (rows[i].step == step)
                matches.push_back(int(i));
        if (matches.empty())
            throw ConfigError("'" + text + "': run '" + e.run + "' has no checkpoint at step " + where);
        if (matches.size() > 1)
            throw ConfigError("'" + text + "': " + std::to_string(matches.size()) + " checkpoints of run '" + e.run
                              + "' are at step " + where + " (stages that count from 0 again): name one by its row, @#"
                              + std::to_string(matches.front()) + " or @#" + std::to_string(matches.back()));
        e.checkpoint = matches.front();
    }
    return e;
}

std::string describeEntry(const Store& store, const EntryRef& entry)
{
    const std::vector<CheckpointRow> rows = store.checkpoints(entry.run);
    std::string where = "#" + std::to_string(entry.checkpoint);
    if (entry.checkpoint >= 0 && size_t(entry.checkpoint) < rows.size()) {
        const int64_t step = rows[size_t(entry.checkpoint)].step;
        const auto same =
            std::count_if(rows.begin(), rows.end(), [&](const CheckpointRow& r) { return r.step == step; });
        where = std::to_string(step) + (same > 1 ? " (row " + std::to_string(entry.checkpoint) + ")" : "");
    }
    return entry.run + ":" + entry.config + "@" + where;
}

const std::vector<std::string>& comparableMetrics()
{
    static const std::vector<std::string> names = {metrics::ce, metrics::deltaCe, metrics::klMean, metrics::top1Agree};
    return names;
}

std::string evaluationData(const Store& store, const std::string& run)
{
    const RunInfo info = store.runInfo(run);
    if (isHfSource(info.source)) {
        const auto j = nlohmann::json::parse(info.source, nullptr, false);
        if (j.is_object() && j.contains("protocol") && j["protocol"].contains("evaluation"))
            return "evaluation " + j["protocol"]["evaluation"].dump();
        // Imported before the protocol was recorded: the description of the evaluation data.
        nlohmann::json key;
        for (const char* field :
             {"tokenizer", "data", "raw_token_type", "seq_len", "val_sequences", "scoring", "stride", "token_budget"})
            if (j.is_object() && j.contains(field))
                key[field] = j[field];
        return "evaluation data " + key.dump();
    }
    const auto train = nlohmann::json::parse(info.trainConfigJson, nullptr, false);
    const auto field = [&](const char* name) {
        return train.is_object() && train.contains(name) ? train[name].dump() : std::string("?");
    };
    return "validation tail of " + info.corpusPath + " (" + info.corpus + "), seq_len " + field("seq_len") + ", "
        + field("eval_batches") + " × " + field("batch_size") + " sequences";
}

EntryComparison compareEntries(const Store& store, const EntryRef& a, const EntryRef& b, const std::string& metric,
                               double level, const stats::Bootstrap& bootstrap)
{
    const auto& names = comparableMetrics();
    if (std::find(names.begin(), names.end(), metric) == names.end())
        throw ConfigError("metric '" + metric + "' cannot be compared by a paired test (one of " + joined(names) + ")");
    const std::string nameA = describeEntry(store, a), nameB = describeEntry(store, b);
    if (a.run != b.run) {
        const std::string dataA = evaluationData(store, a.run), dataB = evaluationData(store, b.run);
        if (dataA != dataB)
            throw ConfigError(nameA + " and " + nameB + " were not evaluated on the same tokens: run '" + a.run
                              + "' on " + dataA + ", run '" + b.run + "' on " + dataB);
    }
    // The per-unit values of `metric` and the tokens of an entry.
    const auto sums = [&](const EntryRef& e, const std::string& name, std::vector<double>* tokens) {
        if (!computed(store.results(e.run, e.config), e.checkpoint))
            throw ConfigError(name + " is not computed yet: sweep it first");
        const auto units = store.unitSums(e.run, e.config, e.checkpoint);
        const auto get = [&](const char* record) -> const std::vector<double>& {
            const auto it = units.find(record);
            if (it == units.end())
                throw ConfigError(name
                                  + " has no per-unit sums, which a paired test needs: it was swept before "
                                    "QuantScope stored them; sweep the config again into a new store");
            return it->second;
        };
        *tokens = get(metrics::units::tokens);
        std::vector<double> values;
        if (metric == metrics::ce) {
            values = get(metrics::units::ce);
        } else if (metric == metrics::deltaCe) {
            values = get(metrics::units::ce);
            const auto& fp = get(metrics::units::fpCe);
            for (size_t i = 0; i < values.size(); ++i)
                values[i] -= fp[i];
        } else if (metric == metrics::klMean) {
            values = get(metrics::units::kl);
        } else {
            values = get(metrics::units::top1);
        }
        return values;
    };
    std::vector<double> tokensA, tokensB;
    const std::vector<double> sumsA = sums(a, nameA, &tokensA), sumsB = sums(b, nameB, &tokensB);
    if (tokensA != tokensB)
        throw ConfigError(nameA + " and " + nameB + " were not evaluated on the same tokens: "
                          + std::to_string(tokensA.size()) + " and " + std::to_string(tokensB.size())
                          + " evaluation units" + (tokensA.size() == tokensB.size() ? " of other lengths" : ""));
    EntryComparison c;
    c.metric = metric;
    c.test = stats::comparePaired(sumsA, sumsB, tokensA, level, bootstrap);
    const auto mean = [&](const std::vector<double>& s) { return stats::weightedMean(s, tokensA).value; };
    c.a = mean(sumsA);
    c.b = mean(sumsB);
    return c;
}

} // namespace qs
