// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/downstreamscore.h"

#include "core/common/errors.h"
#include "core/common/files.h"
#include "core/engine/hfmodel.h"
#include "core/engine/sweep.h"
#include "core/engine/sweepdetail.h"
#include "core/tokenizer/tokenizer.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <numeric>

namespace qs {

namespace {

constexpr double kZ95 = 1.959963984540054;

uint64_t fnv1a(uint64_t h, const void* data, size_t n)
{
    const auto* p = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < n; ++i) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

DownstreamPlan finishPlan(DownstreamPlan plan, const DownstreamOptions& options, const std::string& tokenization)
{
    // A continuation longer than the model's context cannot be scored (lm-eval refuses it too): said before
    // any work, naming the first such document.
    size_t next = 0;
    for (const McTask& t : plan.tasks)
        for (const McDocument& d : t.documents)
            for (size_t i = 0; i < d.contexts.size(); ++i, ++next)
                if (static_cast<int64_t>(plan.tokens[next].continuation.size()) > plan.maxLength)
                    throw ConfigError(
                        t.name + " document " + std::to_string(d.doc) + ": a continuation of "
                        + std::to_string(plan.tokens[next].continuation.size())
                        + " tokens does not fit the model's maximum length " + std::to_string(plan.maxLength)
                        + " (lm-eval refuses it too): leave the task out, or use a model with a longer context");
    nlohmann::json tasks = nlohmann::json::array();
    for (const McTask& t : plan.tasks)
        tasks.push_back({{"name", t.name}, {"documents", t.documents.size()}});
    uint64_t h = 0xcbf29ce484222325ull;
    for (const McTokens& t : plan.tokens) {
        const uint64_t sizes[2] = {t.context.size(), t.continuation.size()};
        h = fnv1a(h, sizes, sizeof sizes);
        h = fnv1a(h, t.context.data(), t.context.size() * sizeof(int32_t));
        h = fnv1a(h, t.continuation.data(), t.continuation.size() * sizeof(int32_t));
    }
    char hash[32];
    std::snprintf(hash, sizeof hash, "fnv1a64:%016llx", static_cast<unsigned long long>(h));
    const nlohmann::json protocol = {{"tasks", plan.names},
                                     {"rendered", tasks},
                                     {"num_fewshot", options.numFewshot},
                                     {"limit", options.limit},
                                     {"fewshot_seed", options.fewshotSeed},
                                     {"max_length", plan.maxLength},
                                     {"tokenization", tokenization},
                                     {"requests", plan.tokens.size()},
                                     {"requests_hash", hash}};
    plan.protocol = protocol.dump();
    return plan;
}

std::vector<McTask> renderAll(const std::string& dataDir, const std::vector<std::string>& names,
                              const DownstreamOptions& options)
{
    std::vector<McTask> out;
    for (const std::string& name : names)
        for (McTask& t : renderDownstreamTask(dataDir, name, options))
            out.push_back(std::move(t));
    return out;
}

// The text of a tokenizer_config.json special token: a string or an AddedToken object's "content".
std::string tokenText(const nlohmann::json& value)
{
    if (value.is_string())
        return value.get<std::string>();
    if (value.is_object() && value.contains("content") && value["content"].is_string())
        return value["content"].get<std::string>();
    return {};
}

// Scores requests with `forward` ([B, T] int64 ids -> [B, T, vocab] logits).
std::vector<McRequestScore> scoreWith(const std::function<torch::Tensor(const torch::Tensor&)>& forward,
                                      const std::vector<McTokens>& requests, int64_t maxLength, int64_t vocab,
                                      const DownstreamScoreOptions& options, const Progress& progress)
{
    std::vector<std::vector<int32_t>> inputs(requests.size());
    for (size_t i = 0; i < requests.size(); ++i)
        inputs[i] = modelInput(requests[i], maxLength);
    std::vector<size_t> order(requests.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return inputs[a].size() > inputs[b].size(); });
    std::vector<McRequestScore> scores(requests.size());
    size_t done = 0;
    while (done < order.size()) {
        const int64_t longest = std::max<int64_t>(1, static_cast<int64_t>(inputs[order[done]].size()));
        // The logits of a batch are rows × longest × vocab floats: at most 2^28 (1 GiB) of them.
        const int64_t tokens =
            std::min(options.batchTokens, std::max<int64_t>(1, (int64_t(1) << 28) / std::max<int64_t>(1, vocab)));
        const size_t rows = std::max<size_t>(1, static_cast<size_t>(std::max<int64_t>(1, tokens / longest)));
        const size_t end = std::min(order.size(), done + rows);
        const int64_t batch = static_cast<int64_t>(end - done);
        auto ids = torch::zeros({batch, longest}, torch::kInt64);
        auto acc = ids.accessor<int64_t, 2>();
        for (size_t r = done; r < end; ++r) {
            const auto& in = inputs[order[r]];
            for (size_t t = 0; t < in.size(); ++t)
                acc[static_cast<int64_t>(r - done)][static_cast<int64_t>(t)] = in[t];
        }
        const torch::Tensor logp = torch::log_softmax(forward(ids).to(torch::kFloat32), -1).cpu();
        for (size_t r = done; r < end; ++r) {
            const McTokens& req = requests[order[r]];
            const int64_t length = static_cast<int64_t>(inputs[order[r]].size());
            const int64_t n = static_cast<int64_t>(req.continuation.size());
            const auto row = logp[static_cast<int64_t>(r - done)].slice(0, length - n, length); // [n, vocab]
            auto cont = torch::empty({n}, torch::kInt64);
            for (int64_t j = 0; j < n; ++j)
                cont[j] = static_cast<int64_t>(req.continuation[static_cast<size_t>(j)]);
            const auto picked = row.gather(1, cont.unsqueeze(1)).squeeze(1);
            McRequestScore& s = scores[order[r]];
            s.logLikelihood = picked.sum().item<float>(); // lm-eval sums in the logits' dtype
            s.greedy = row.argmax(-1).equal(cont);
            s.tokens = static_cast<int32_t>(n);
        }
        done = end;
        if (!reportProgress(progress, double(done) / double(order.size()),
                            "scored " + std::to_string(done) + " of " + std::to_string(order.size()) + " requests"))
            throw Cancelled();
    }
    return scores;
}

} // namespace

std::vector<McRequestScore> sweepdetail::scoreRequests(
    const std::function<torch::Tensor(const torch::Tensor&)>& forward, const std::vector<McTokens>& requests,
    int64_t maxLength, int64_t vocab, int64_t batchTokens, const Progress& progress)
{
    DownstreamScoreOptions options;
    options.batchTokens = batchTokens;
    return scoreWith(forward, requests, maxLength, vocab, options, progress);
}

DownstreamPlan byteDownstreamPlan(const std::string& dataDir, const std::vector<std::string>& names,
                                  const DownstreamOptions& options, int64_t maxLength)
{
    DownstreamPlan plan;
    plan.names = names;
    plan.tasks = renderAll(dataDir, names, options);
    for (const McTask& task : plan.tasks)
        for (const McDocument& doc : task.documents)
            for (size_t i = 0; i < doc.contexts.size(); ++i)
                plan.tokens.push_back(byteRequest(doc.contexts[i], doc.continuations[i]));
    plan.maxLength = maxLength;
    return finishPlan(std::move(plan), options, "bytes");
}

DownstreamPlan hfDownstreamPlan(const std::string& folder, const std::string& dataDir,
                                const std::vector<std::string>& names, const DownstreamOptions& options)
{
    const HfScoringModel model = hfScoringModel(folder);
    const BpeTokenizer tokenizer = BpeTokenizer::fromFile(folder + "/tokenizer.json");
    DownstreamPlan plan;
    plan.names = names;
    plan.tasks = renderAll(dataDir, names, options);
    plan.tokens = encodeTasks(tokenizer, plan.tasks, model.bosText);
    plan.maxLength = model.maxLength;
    return finishPlan(std::move(plan), options, "tokenizer.json");
}

DownstreamEntry downstreamEntry(const DownstreamPlan& plan, const std::vector<McRequestScore>& scores,
                                const std::map<std::string, std::vector<uint8_t>>* fpCorrect)
{
    if (scores.size() != plan.tokens.size())
        throw Error(std::to_string(scores.size()) + " downstream scores for " + std::to_string(plan.tokens.size())
                    + " requests");
    DownstreamEntry e;
    e.loglik.reserve(scores.size());
    for (const McRequestScore& s : scores)
        e.loglik.push_back(s.logLikelihood);
    const auto put = [&](const std::string& prefix, const std::vector<McValue>& values) {
        for (int m = 0; m < kMcMetrics; ++m) {
            const std::string name = prefix + "." + mcMetricName(McMetric(m));
            e.metrics[name] = values[size_t(m)].value;
            e.metrics[name + "_se"] = values[size_t(m)].stdError;
        }
    };
    // Per rendered task: its outcomes (appended to the entry's) and metrics; where each task's documents are.
    std::vector<const McTask*> tasks;
    std::vector<std::vector<McValue>> values;
    std::map<std::string, std::pair<size_t, size_t>> span; // task name -> [first, end) document
    size_t next = 0;
    for (const McTask& task : plan.tasks) {
        size_t requests = 0;
        for (const McDocument& d : task.documents)
            requests += d.contexts.size();
        const std::vector<McRequestScore> own(scores.begin() + static_cast<std::ptrdiff_t>(next),
                                              scores.begin() + static_cast<std::ptrdiff_t>(next + requests));
        next += requests;
        const McOutcomes outcomes = mcOutcomes(task, own);
        const size_t first = e.correct[mcMetricName(McMetric::Acc)].size();
        for (int m = 0; m < kMcMetrics; ++m) {
            auto& all = e.correct[mcMetricName(McMetric(m))];
            all.insert(all.end(), outcomes.correct[size_t(m)].begin(), outcomes.correct[size_t(m)].end());
        }
        span[task.name] = {first, first + task.documents.size()};
        tasks.push_back(&task);
        values.push_back(mcAggregate(outcomes));
        put(task.name, values.back());
    }
    for (const McGroup& g : mcGroups(tasks, values))
        put(g.name, g.values);
    // The tasks asked for: each one's score (MMLU: the group over its subjects) and its relative drop.
    double scoreSum = 0, scoreVar = 0, dropSum = 0, dropVar = 0;
    for (const std::string& name : plan.names) {
        bool accNorm = false;
        size_t first = SIZE_MAX, end = 0;
        for (const McTask& t : plan.tasks)
            if (t.name == name || (name == "mmlu" && t.group == "mmlu")) {
                accNorm = t.reportsAccNorm;
                first = std::min(first, span[t.name].first);
                end = std::max(end, span[t.name].second);
            }
        const std::string metric = accNorm ? "acc_norm" : "acc";
        const double score = e.metrics[name + "." + metric], se = e.metrics[name + "." + metric + "_se"];
        e.metrics[name + ".score"] = score;
        e.metrics[name + ".score_se"] = se;
        scoreSum += score;
        scoreVar += se * se;
        if (!fpCorrect)
            continue;
        const auto fp = fpCorrect->find(metric);
        if (fp == fpCorrect->end() || fp->second.size() != e.correct[metric].size())
            throw Error("the full-precision entry's outcomes do not cover the same documents");
        const auto& q = e.correct[metric];
        const RelativeDrop drop =
            relativeAccuracyDrop({fp->second.begin() + std::ptrdiff_t(first), fp->second.begin() + std::ptrdiff_t(end)},
                                 {q.begin() + std::ptrdiff_t(first), q.begin() + std::ptrdiff_t(end)});
        e.metrics[name + ".rel_drop"] = drop.value;
        e.metrics[name + ".rel_drop_se"] = drop.stdError;
        e.metrics[name + ".rel_drop_lo"] = drop.low;
        e.metrics[name + ".rel_drop_hi"] = drop.high;
        dropSum += drop.value;
        dropVar += drop.stdError * drop.stdError;
    }
    const double t = static_cast<double>(plan.names.size());
    e.metrics["mean.score"] = scoreSum / t;
    e.metrics["mean.score_se"] = std::sqrt(scoreVar) / t;
    if (fpCorrect) {
        const double mean = dropSum / t, se = std::sqrt(dropVar) / t;
        e.metrics["mean.rel_drop"] = mean;
        e.metrics["mean.rel_drop_se"] = se;
        e.metrics["mean.rel_drop_lo"] = mean - kZ95 * se;
        e.metrics["mean.rel_drop_hi"] = mean + kZ95 * se;
    }
    return e;
}

std::optional<DownstreamPlan> sweepdetail::downstreamPlanFor(const Store& store, const std::string& run,
                                                             const std::vector<QuantConfig>& configs,
                                                             const SweepOptions& options,
                                                             const std::function<DownstreamPlan()>& make)
{
    if (options.downstreamTasks.empty())
        return std::nullopt;
    if (options.downstreamData.empty())
        throw ConfigError("downstream tasks need the folder of their files (--downstream-data, docs/downstream.md)");
    DownstreamPlan plan = make();
    const nlohmann::json ours = nlohmann::json::parse(plan.protocol);
    for (const QuantConfig& c : configs) {
        const std::string storedText = store.downstreamProtocol(run, c.id());
        const nlohmann::json stored = nlohmann::json::parse(storedText, nullptr, false);
        if (storedText.empty() || stored == ours)
            continue;
        // Name what differs: a setting, or else the requests themselves (the task files or the tokenizer).
        std::string differs;
        for (const char* key : {"tasks", "num_fewshot", "limit", "fewshot_seed", "max_length", "tokenization"}) {
            const nlohmann::json a = stored.is_object() ? stored.value(key, nlohmann::json()) : nlohmann::json();
            if (a != ours[key])
                differs += std::string(differs.empty() ? "" : "; ") + key + " " + a.dump() + " stored, "
                    + ours[key].dump() + " asked for";
        }
        if (differs.empty())
            differs = "the rendered requests differ (" + stored.value("requests_hash", std::string("?")) + " stored, "
                + ours["requests_hash"].get<std::string>() + " now): the task files or the tokenizer changed";
        throw ConfigError("config '" + c.id() + "' of run '" + run + "' holds downstream results of another protocol: "
                          + differs + ". Sweep with the stored settings, or into another store");
    }
    return plan;
}

std::map<std::string, std::vector<uint8_t>> sweepdetail::storedFpCorrect(const Store& store, const std::string& run,
                                                                         int checkpoint)
{
    const DownstreamResults fp = store.downstream(run, QuantConfig::fullPrecision().id());
    if (checkpoint < 0 || size_t(checkpoint) >= fp.done.size() || !fp.done[size_t(checkpoint)])
        throw Error("checkpoint " + std::to_string(checkpoint)
                    + " has no downstream entry of the full-precision model to pair the relative accuracy drop with");
    std::map<std::string, std::vector<uint8_t>> out;
    for (const auto& [metric, rows] : fp.correct)
        out[metric] = rows[size_t(checkpoint)];
    return out;
}

HfScoringModel hfScoringModel(const std::string& folder)
{
    HfScoringModel m;
    m.folder = folder;
    const HfArch arch = HfArch::fromFolder(folder);
    if (arch.maxPositions > 0)
        m.maxLength = arch.maxPositions;
    const std::string config = folder + "/tokenizer_config.json";
    if (std::filesystem::exists(config)) {
        const std::optional<std::string> text = tryReadWholeFile(config);
        if (!text)
            throw IoError("cannot read '" + config + "'");
        nlohmann::json doc;
        try {
            doc = nlohmann::json::parse(*text);
        } catch (const nlohmann::json::exception& e) {
            throw FormatError(config + ": not valid JSON (" + e.what() + ")");
        }
        if (doc.is_object()) {
            m.bosText = tokenText(doc.value("bos_token", nlohmann::json()));
            if (m.bosText.empty())
                m.bosText = tokenText(doc.value("eos_token", nlohmann::json()));
        }
    }
    return m;
}

std::vector<McRequestScore> scoreHfRequests(const HfScoringModel& model, const std::vector<McTokens>& requests,
                                            const DownstreamScoreOptions& options, const Progress& progress)
{
    if (options.threads > 0)
        torch::set_num_threads(options.threads);
    const HfModel hf = HfModel::open(model.folder);
    return scoreWith([&](const torch::Tensor& ids) { return hf.forward(ids); }, requests, model.maxLength,
                     hf.arch().vocab, options, progress);
}

DownstreamReport evaluateHfDownstream(const std::string& folder, const std::string& dataDir,
                                      const std::vector<std::string>& taskNames, const DownstreamOptions& taskOptions,
                                      const DownstreamScoreOptions& options, const Progress& progress)
{
    const auto start = std::chrono::steady_clock::now();
    const HfScoringModel model = hfScoringModel(folder);
    const BpeTokenizer tokenizer = BpeTokenizer::fromFile(folder + "/tokenizer.json");
    DownstreamReport report;
    std::vector<McTokens> all;
    for (const std::string& name : taskNames) {
        if (!reportProgress(progress, 0.0, "rendering " + name))
            throw Cancelled();
        for (McTask& task : renderDownstreamTask(dataDir, name, taskOptions)) {
            DownstreamTaskResult r;
            r.tokens = encodeTasks(tokenizer, {task}, model.bosText);
            r.task = std::move(task);
            all.insert(all.end(), r.tokens.begin(), r.tokens.end());
            report.tasks.push_back(std::move(r));
        }
    }
    const std::vector<McRequestScore> scores = scoreHfRequests(model, all, options, progress);
    size_t next = 0;
    std::vector<const McTask*> tasks;
    std::vector<std::vector<McValue>> values;
    for (DownstreamTaskResult& r : report.tasks) {
        r.scores.assign(scores.begin() + static_cast<std::ptrdiff_t>(next),
                        scores.begin() + static_cast<std::ptrdiff_t>(next + r.tokens.size()));
        next += r.tokens.size();
        r.outcomes = mcOutcomes(r.task, r.scores);
        r.values = mcAggregate(r.outcomes);
        tasks.push_back(&r.task);
        values.push_back(r.values);
    }
    report.groups = mcGroups(tasks, values);
    report.requests = static_cast<int64_t>(all.size());
    for (const McTokens& t : all)
        report.tokens += static_cast<int64_t>(modelInput(t, model.maxLength).size());
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

} // namespace qs
