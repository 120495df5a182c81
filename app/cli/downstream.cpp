// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// quantscope downstream: a Hugging Face model folder scored on paper 1's multiple-choice tasks from local
// files, as lm-eval scores them (core/downstream/, core/engine/downstreamscore.h).

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/commands.h"

#include "core/common/errors.h"
#include "core/engine/downstreamscore.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>

namespace qs::cli {

namespace {

nlohmann::json number(double v)
{
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json();
}

nlohmann::json metricsJson(const std::vector<McValue>& values)
{
    nlohmann::json j = nlohmann::json::object();
    for (int m = 0; m < kMcMetrics; ++m) {
        const McValue& v = values[static_cast<size_t>(m)];
        j[mcMetricName(McMetric(m))] = {{"value", number(v.value)}, {"stderr", number(v.stdError)}};
    }
    return j;
}

nlohmann::json reportJson(const DownstreamReport& report, const std::string& model, const DownstreamOptions& o,
                          bool samples)
{
    nlohmann::json j;
    j["model"] = model;
    j["num_fewshot"] = o.numFewshot;
    j["limit"] = o.limit;
    j["fewshot_seed"] = o.fewshotSeed;
    j["requests"] = report.requests;
    j["tokens"] = report.tokens;
    j["seconds"] = report.seconds;
    j["tasks"] = nlohmann::json::array();
    for (const DownstreamTaskResult& r : report.tasks) {
        nlohmann::json t;
        t["name"] = r.task.name;
        t["group"] = r.task.group;
        t["split"] = r.task.split;
        t["documents"] = r.task.documents.size();
        t["reports_acc_norm"] = r.task.reportsAccNorm;
        t["metrics"] = metricsJson(r.values);
        if (samples) {
            nlohmann::json docs = nlohmann::json::array();
            size_t next = 0;
            for (size_t d = 0; d < r.task.documents.size(); ++d) {
                const McDocument& doc = r.task.documents[d];
                nlohmann::json requests = nlohmann::json::array();
                for (size_t i = 0; i < doc.contexts.size(); ++i, ++next)
                    requests.push_back({{"context", doc.contexts[i]},
                                        {"continuation", doc.continuations[i]},
                                        {"context_tokens", r.tokens[next].context},
                                        {"continuation_tokens", r.tokens[next].continuation},
                                        {"loglikelihood", r.scores[next].logLikelihood},
                                        {"greedy", r.scores[next].greedy}});
                nlohmann::json correct = nlohmann::json::object();
                for (int m = 0; m < kMcMetrics; ++m)
                    correct[mcMetricName(McMetric(m))] = r.outcomes.correct[static_cast<size_t>(m)][d];
                docs.push_back({{"doc", doc.doc}, {"gold", doc.gold}, {"requests", requests}, {"correct", correct}});
            }
            t["samples"] = docs;
        }
        j["tasks"].push_back(t);
    }
    j["groups"] = nlohmann::json::array();
    for (const McGroup& g : report.groups)
        j["groups"].push_back({{"name", g.name}, {"documents", g.documents}, {"metrics", metricsJson(g.values)}});
    return j;
}

void writeJson(const std::string& path, const nlohmann::json& j)
{
    const std::string tmp = path + ".part";
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        if (!f)
            throw IoError("cannot write '" + tmp + "': " + std::strerror(errno));
        f << j.dump(1) << '\n';
        f.close();
        if (!f)
            throw IoError("cannot write '" + tmp + "': " + std::strerror(errno));
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0)
        throw IoError("cannot rename '" + tmp + "' to '" + path + "': " + std::strerror(errno));
}

QString cell(const McValue& v)
{
    return QStringLiteral("%1 ± %2").arg(v.value, 0, 'f', 4).arg(v.stdError, 0, 'f', 4);
}

int runDownstream(const Arguments& args)
{
    if (args.isSet("log-samples") && !args.isSet("out"))
        throw BadUsage(QStringLiteral("--log-samples needs --out FILE, the JSON file the samples go to"));
    DownstreamOptions tasks;
    tasks.numFewshot = int(args.integer("num-fewshot", 5));
    tasks.limit = args.integer("limit", 0);
    DownstreamScoreOptions options;
    options.threads = int(args.integer("threads", 0));
    options.batchTokens = args.integer("batch-tokens", options.batchTokens);
    const std::vector<std::string> names = parseDownstreamTasks(args.value("tasks").toStdString());
    const std::string model = args.value("model").toStdString();
    DownstreamReport report;
    {
        ConsoleProgress console;
        report =
            evaluateHfDownstream(model, args.value("data").toStdString(), names, tasks, options, console.callback());
    }
    out(QStringLiteral("%1: %2 requests, %3 input tokens, %4 s")
            .arg(QString::fromStdString(model))
            .arg(report.requests)
            .arg(report.tokens)
            .arg(report.seconds, 0, 'f', 1));
    out(QStringLiteral("task | documents | acc | acc_norm"));
    for (const DownstreamTaskResult& r : report.tasks)
        out(QStringLiteral("%1 | %2 | %3 | %4")
                .arg(QString::fromStdString(r.task.name))
                .arg(r.task.documents.size())
                .arg(cell(r.values[0]), r.task.reportsAccNorm ? cell(r.values[1]) : QStringLiteral("—")));
    for (const McGroup& g : report.groups)
        out(QStringLiteral("%1 | %2 | %3 | —")
                .arg(QString::fromStdString(g.name))
                .arg(g.documents)
                .arg(cell(g.values[0])));
    if (args.isSet("out")) {
        writeJson(args.value("out").toStdString(), reportJson(report, model, tasks, args.isSet("log-samples")));
        out(QStringLiteral("Wrote %1").arg(args.value("out")));
    }
    return ExitSuccess;
}

} // namespace

Command downstreamCommand()
{
    return {
        .name = "downstream",
        .synopsis = {"downstream --model DIR --data DIR [--tasks LIST] [--num-fewshot N] [--limit N] [--threads N] "
                     "[--batch-tokens N] [--out FILE] [--log-samples]"},
        .summary = "Score a Hugging Face model folder on paper 1's twelve multiple-choice tasks from local files, "
                   "as lm-eval 0.4.13 scores them (acc, acc_norm and their standard errors).",
        .description =
            "Each task is read from DIR/<task>/<split>.jsonl in its data set's own field layout (docs/downstream.md "
            "says how to write the files from the Hugging Face cache), rendered with lm-eval's prompts and few-shot "
            "examples (drawn as its sampler draws them, seed 1234), tokenised as lm-eval's Hugging Face backend "
            "tokenises requests and scored in float32 by the streamed forward pass. MMLU is reported per subject "
            "and as lm-eval's groups. Prints acc and acc_norm with standard errors per task; --out writes them "
            "with acc_bytes and acc_token as JSON, and --log-samples adds every request with its tokens and "
            "log-likelihood.",
        .options =
            {
                text("model", "DIR", "A Hugging Face model folder (config.json, weights, tokenizer.json).").require(),
                text("data", "DIR", "The task folder: DIR/<task>/<split>.jsonl.").require(),
                text("tasks", "LIST",
                     "Comma-separated tasks (arc_challenge, arc_easy, openbookqa, piqa, hellaswag, winogrande, "
                     "mathqa, pubmedqa, sciq, social_iqa, commonsense_qa, mmlu) or all.")
                    .withDefault("all"),
                integer("num-fewshot", "N", "Few-shot examples per prompt (paper 1: 5).", 0, 64).withDefault("5"),
                integer("limit", "N", "Only the first N documents of each task (of each MMLU subject).", 1,
                        std::numeric_limits<int32_t>::max()),
                integer("threads", "N", "Torch threads. Default: all cores.", 1, 4096),
                integer("batch-tokens", "N", "Padded tokens per forward batch.", 1, int64_t(1) << 30)
                    .withDefault("16384"),
                text("out", "FILE", "Write the results as JSON."),
                flag("log-samples", "With --out: every request, its tokens and its log-likelihood."),
            },
        .run = &runDownstream,
    };
}

} // namespace qs::cli
