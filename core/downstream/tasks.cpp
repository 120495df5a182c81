// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/downstream/tasks.h"

#include "core/common/errors.h"
#include "core/downstream/pyrandom.h"
#include "core/downstream/pytext.h"
#include "core/downstream/taskformats.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>

namespace qs {

using json = nlohmann::json;
using namespace downstream;

namespace {

// The twelve as lm-eval 0.4.13 configures them. `evalDocExcluded`: the task has no test split, so its
// few-shot split (None) equals its test split (None) and lm-eval's sampler draws n + 1 and drops the
// evaluated document (api/task.py fewshot_context, api/samplers.py) — a quirk that changes which
// examples are drawn, kept because it is what lm-eval scores.
struct TaskDef
{
    const char* name;
    const char* evalSplit;
    const char* fewshotSplit;
    bool evalDocExcluded;
    bool accNorm;
    DocView (*view)(const json& doc, const Where& at);
};

const TaskDef kTasks[] = {
    {"arc_challenge", "test", "train", false, true, arcView},
    {"arc_easy", "test", "train", false, true, arcView},
    {"openbookqa", "test", "train", false, true, openbookqaView},
    {"piqa", "validation", "train", true, true, piqaView},
    {"hellaswag", "validation", "train", true, true, hellaswagView},
    {"winogrande", "validation", "train", true, false, winograndeView},
    {"mathqa", "test", "train", false, true, mathqaView},
    {"pubmedqa", "test", "train", false, false, pubmedqaView},
    {"sciq", "test", "train", false, true, sciqView},
    {"social_iqa", "validation", "train", true, false, socialIqaView},
    {"commonsense_qa", "validation", "train", true, false, commonsenseQaView},
    {"mmlu", "test", "dev", false, false, mmluView},
};

const TaskDef& taskDef(const std::string& name)
{
    for (const TaskDef& t : kTasks)
        if (name == t.name)
            return t;
    std::string names;
    for (const TaskDef& t : kTasks)
        names += std::string(names.empty() ? "" : ", ") + t.name;
    throw ConfigError("no downstream task '" + name + "' (there are: " + names + ")");
}

struct Split
{
    std::string path;
    std::vector<json> rows;
    std::vector<int64_t> lines;
};

Split readSplit(const std::string& dir, const std::string& task, const std::string& split)
{
    Split s;
    s.path = dir + "/" + task + "/" + split + ".jsonl";
    std::ifstream in(s.path, std::ios::binary);
    if (!in)
        throw IoError("cannot read the " + task + " " + split + " split '" + s.path + "': " + std::strerror(errno)
                      + " (docs/downstream.md says how to write it)");
    std::string line;
    for (int64_t number = 1; std::getline(in, line); ++number) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos)
            continue;
        json row;
        try {
            row = json::parse(line);
        } catch (const json::exception& e) {
            throw FormatError(s.path + ":" + std::to_string(number) + ": not a JSON object (" + e.what() + ")");
        }
        if (!row.is_object())
            throw FormatError(s.path + ":" + std::to_string(number) + ": not a JSON object");
        s.rows.push_back(std::move(row));
        s.lines.push_back(number);
    }
    if (in.bad())
        throw IoError("cannot read '" + s.path + "': " + std::strerror(errno));
    if (s.rows.empty())
        throw FormatError(s.path + ": no rows");
    return s;
}

// build_qa_turn for a few-shot example: the question, the target delimiter, the answer, the few-shot
// delimiter (no answer: the question alone).
std::string exampleText(const DocView& v, const Where& at)
{
    const std::string q = v.question(at);
    std::string answer;
    bool hasAnswer = true;
    if (v.multipleInput) {
        answer = v.targetText;
        hasAnswer = !answer.empty();
    } else if (v.targetIsIndex) {
        if (v.targetIndex < 0 || v.targetIndex >= static_cast<int>(v.choices.size()))
            at.fail("the answer index " + std::to_string(v.targetIndex) + " is not one of its "
                    + std::to_string(v.choices.size()) + " choices");
        answer = v.choices[static_cast<size_t>(v.targetIndex)];
    } else {
        answer = v.targetText;
        hasAnswer = !answer.empty();
    }
    return hasAnswer ? q + " " + answer + "\n\n" : q;
}

McDocument evaluated(const DocView& v, int64_t doc, const std::string& prefix, const Where& at)
{
    McDocument d;
    d.doc = doc;
    d.choices = v.choices;
    if (v.multipleInput) {
        // Winogrande: one context per choice (the sentence filled in), one continuation (its rest).
        for (const std::string& c : v.choices) {
            d.contexts.push_back(prefix + c);
            d.continuations.push_back(" " + v.targetText);
        }
        d.gold = v.textIndex;
    } else {
        for (const std::string& c : v.choices) {
            d.contexts.push_back(prefix + v.text);
            d.continuations.push_back(" " + c);
        }
        if (v.targetIsIndex) {
            d.gold = v.targetIndex;
        } else {
            const auto it = std::find(v.choices.begin(), v.choices.end(), v.targetText);
            if (it == v.choices.end())
                at.fail("the answer '" + v.targetText + "' is not one of its choices");
            d.gold = static_cast<int>(it - v.choices.begin());
        }
    }
    if (d.gold < 0 || d.gold >= static_cast<int>(d.choices.size()))
        at.fail("the answer index " + std::to_string(d.gold) + " is not one of its " + std::to_string(d.choices.size())
                + " choices");
    if (d.choices.empty())
        at.fail("no answer choices");
    return d;
}

struct Pool
{
    std::vector<const json*> rows;
    std::vector<Where> where;
};

McTask renderOne(const TaskDef& def, const std::string& name, const Split& evalSplit,
                 const std::vector<size_t>& evalRows, const Split* fewshotSplit, const Pool& pool,
                 const std::string& description, bool firstN, const DownstreamOptions& options)
{
    McTask task;
    task.name = name;
    task.split = def.evalSplit;
    task.reportsAccNorm = def.accNorm;
    const size_t n = static_cast<size_t>(std::max(0, options.numFewshot));
    if (n > 0 && pool.rows.size() < n + (def.evalDocExcluded ? 1 : 0))
        throw ConfigError(name + ": " + std::to_string(n) + "-shot needs " + std::to_string(n + def.evalDocExcluded)
                          + " few-shot documents, '" + (fewshotSplit ? fewshotSplit->path : std::string("?")) + "' has "
                          + std::to_string(pool.rows.size()));
    PythonRandom rnd(options.fewshotSeed);
    const size_t count =
        options.limit > 0 ? std::min(evalRows.size(), static_cast<size_t>(options.limit)) : evalRows.size();
    task.documents.reserve(count);
    for (size_t k = 0; k < count; ++k) {
        const size_t row = evalRows[k];
        const json& doc = evalSplit.rows[row];
        const Where at {evalSplit.path, evalSplit.lines[row]};
        std::vector<size_t> shots;
        if (n > 0 && firstN) {
            for (size_t i = 0; i < n; ++i)
                shots.push_back(i);
        } else if (n > 0 && def.evalDocExcluded) {
            for (uint32_t i : rnd.sample(static_cast<uint32_t>(pool.rows.size()), static_cast<uint32_t>(n + 1)))
                if (*pool.rows[i] != doc && shots.size() < n)
                    shots.push_back(i);
            if (shots.size() < n) { // copies of the document in the pool: draw again from the rest
                std::vector<size_t> rest;
                for (size_t i = 0; i < pool.rows.size(); ++i)
                    if (*pool.rows[i] != doc)
                        rest.push_back(i);
                if (rest.size() < n)
                    at.fail("the few-shot pool has fewer than " + std::to_string(n) + " other documents");
                shots.clear();
                for (uint32_t i : rnd.sample(static_cast<uint32_t>(rest.size()), static_cast<uint32_t>(n)))
                    shots.push_back(rest[i]);
            }
        } else if (n > 0) {
            for (uint32_t i : rnd.sample(static_cast<uint32_t>(pool.rows.size()), static_cast<uint32_t>(n)))
                shots.push_back(i);
        }
        std::string prefix = description;
        for (size_t i : shots)
            prefix += exampleText(def.view(*pool.rows[i], pool.where[i]), pool.where[i]);
        task.documents.push_back(evaluated(def.view(doc, at), static_cast<int64_t>(row), prefix, at));
    }
    return task;
}

} // namespace

const std::vector<std::string>& downstreamTaskNames()
{
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const TaskDef& t : kTasks)
            v.emplace_back(t.name);
        return v;
    }();
    return names;
}

std::vector<std::string> parseDownstreamTasks(const std::string& list)
{
    if (list == "all")
        return downstreamTaskNames();
    std::vector<std::string> out;
    size_t start = 0;
    while (start <= list.size()) {
        size_t end = list.find(',', start);
        if (end == std::string::npos)
            end = list.size();
        const std::string name = py::strip(list.substr(start, end - start));
        if (name.empty())
            throw ConfigError("an empty task name in '" + list + "' (give names separated by commas, or all)");
        taskDef(name);
        if (std::find(out.begin(), out.end(), name) == out.end())
            out.push_back(name);
        start = end + 1;
    }
    return out;
}

std::vector<McTask> renderDownstreamTask(const std::string& dir, const std::string& task,
                                         const DownstreamOptions& options)
{
    const TaskDef& def = taskDef(task);
    if (options.numFewshot < 0)
        throw ConfigError("the number of few-shot examples is " + std::to_string(options.numFewshot) + ", not >= 0");
    const Split evalSplit = readSplit(dir, task, def.evalSplit);
    std::optional<Split> fewshotSplit;
    if (options.numFewshot > 0)
        fewshotSplit = readSplit(dir, task, def.fewshotSplit);
    if (task != "mmlu") {
        std::vector<size_t> rows(evalSplit.rows.size());
        for (size_t i = 0; i < rows.size(); ++i)
            rows[i] = i;
        Pool pool;
        if (fewshotSplit)
            for (size_t i = 0; i < fewshotSplit->rows.size(); ++i) {
                pool.rows.push_back(&fewshotSplit->rows[i]);
                pool.where.push_back({fewshotSplit->path, fewshotSplit->lines[i]});
            }
        return {
            renderOne(def, task, evalSplit, rows, fewshotSplit ? &*fewshotSplit : nullptr, pool, {}, false, options)};
    }
    // MMLU: one task per subject (mmlu_<subject>), its dev rows in file order the few-shot examples.
    std::map<std::string, std::vector<size_t>> bySubject;
    for (size_t i = 0; i < evalSplit.rows.size(); ++i)
        bySubject[mmluSubject(evalSplit.rows[i], {evalSplit.path, evalSplit.lines[i]})].push_back(i);
    std::vector<McTask> out;
    for (const auto& [subject, rows] : bySubject) {
        Pool pool;
        if (fewshotSplit)
            for (size_t i = 0; i < fewshotSplit->rows.size(); ++i) {
                const Where at {fewshotSplit->path, fewshotSplit->lines[i]};
                if (mmluSubject(fewshotSplit->rows[i], at) == subject) {
                    pool.rows.push_back(&fewshotSplit->rows[i]);
                    pool.where.push_back(at);
                }
            }
        McTask t = renderOne(def, "mmlu_" + subject, evalSplit, rows, fewshotSplit ? &*fewshotSplit : nullptr, pool,
                             mmluDescription(subject), true, options);
        t.group = "mmlu";
        t.category = mmluCategory(subject, {evalSplit.path, evalSplit.lines[rows.front()]});
        out.push_back(std::move(t));
    }
    return out;
}

} // namespace qs
