// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Paper 1's twelve multiple-choice tasks, rendered exactly as EleutherAI's lm-evaluation-harness 0.4.13
// renders them (its task YAMLs and process_docs/doc_to_* functions, docs/downstream.md): the same split
// evaluated, the same few-shot examples drawn in the same order (its default sampler: CPython's
// random.Random(1234) drawing per document in document order, the document itself left out when the
// few-shot pool is the evaluated split's; MMLU's first_n of its dev split), the same description, target
// delimiter " " and few-shot delimiter "\n\n", and the same (context, continuation) requests.
//
// Task data are read from local JSON-lines files in each data set's original field layout, one per
// split: <dir>/<task>/<split>.jsonl (arc_easy/test.jsonl, mmlu/test.jsonl with a "subject" field per
// row, as cais/mmlu's "all" configuration has). docs/downstream.md says how to write them from the
// Hugging Face cache. No Qt, no torch.

#include <cstdint>
#include <string>
#include <vector>

namespace qs {

// The twelve, in paper 1's order: arc_challenge, arc_easy, openbookqa, piqa, hellaswag, winogrande,
// mathqa, pubmedqa, sciq, social_iqa, commonsense_qa, mmlu.
const std::vector<std::string>& downstreamTaskNames();
// "all" or a comma-separated list of names, checked (ConfigError naming an unknown one and listing the
// twelve; duplicates dropped, order kept).
std::vector<std::string> parseDownstreamTasks(const std::string& list);

struct DownstreamOptions
{
    int numFewshot = 5;
    // > 0: only the first `limit` documents of each task (of each MMLU subject), as lm-eval's --limit.
    int64_t limit = 0;
    uint64_t fewshotSeed = 1234; // lm-eval's default --seed for the few-shot sampler
};

// One evaluated document: its requests (context i, continuation i), the answer choices (whose lengths
// acc_norm divides by) and the index of the right one.
struct McDocument
{
    int64_t doc = 0;                        // index in the evaluated split's file
    std::vector<std::string> contexts;      // one per request
    std::vector<std::string> continuations; // one per request: the target delimiter and the choice
    std::vector<std::string> choices;       // doc_to_choice (for Winogrande: the filled-in sentences)
    int gold = 0;
};

// A task as lm-eval reports it: MMLU's subjects are one task each ("mmlu_anatomy"), grouped as lm-eval
// groups them (mmlu_stem, mmlu_other, mmlu_social_sciences, mmlu_humanities, then mmlu).
struct McTask
{
    std::string name;            // lm-eval's task name
    std::string group;           // "mmlu" for the subjects, empty otherwise
    std::string category;        // the MMLU subject's category ("stem", …)
    std::string split;           // the evaluated split
    bool reportsAccNorm = false; // its YAML lists acc_norm (paper 1 reads acc_norm there, acc elsewhere)
    std::vector<McDocument> documents;
};

// Renders one of the twelve from `dir` (for mmlu: one McTask per subject present, in lm-eval's
// alphabetical order). IoError naming a missing file; FormatError naming the file, line and field
// for a row that lacks a field the task reads, or whose answer is not among its choices.
std::vector<McTask> renderDownstreamTask(const std::string& dir, const std::string& task,
                                         const DownstreamOptions& options = {});

} // namespace qs
