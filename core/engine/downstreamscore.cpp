// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/downstreamscore.h"

#include "core/common/errors.h"
#include "core/common/files.h"
#include "core/engine/hfmodel.h"
#include "core/tokenizer/tokenizer.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <numeric>

namespace qs {

namespace {

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
                                      const std::vector<McTokens>& requests, int64_t maxLength,
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
        const size_t rows =
            std::max<size_t>(1, static_cast<size_t>(std::max<int64_t>(1, options.batchTokens / longest)));
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
    return scoreWith([&](const torch::Tensor& ids) { return hf.forward(ids); }, requests, model.maxLength, options,
                     progress);
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
