// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Scores multiple-choice requests (core/downstream/requests.h) with a model: per request the summed
// log-probability of the continuation's tokens given everything before them, whether each is the
// model's argmax (lm-eval's is_greedy), and the token count — what lm-eval's Hugging Face backend
// computes in _loglikelihood_tokens. Requests run in batches of similar length (longest first, as
// lm-eval's Collator orders them), right-padded, which a causal model does not see. No torch in this
// header.

#include "core/common/progress.h"
#include "core/downstream/mcmetrics.h"
#include "core/downstream/requests.h"
#include "core/downstream/tasks.h"
#include "core/store/store.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace qs {

struct DownstreamScoreOptions
{
    int threads = 0; // torch intra-op threads; 0: all cores
    // Padded tokens per forward batch (the batch's rows × its longest row).
    int64_t batchTokens = 16384;
};

// A Hugging Face model folder (config.json, weights, tokenizer.json): its maximum input length as
// lm-eval resolves it (config's max_position_embeddings, else 2048), its tokenizer's prefix-token text
// (tokenizer_config.json's bos_token, else eos_token; empty if neither).
struct HfScoringModel
{
    std::string folder;
    int64_t maxLength = 2048;
    std::string bosText;
};
HfScoringModel hfScoringModel(const std::string& folder);

// Scores `requests` with the folder's model in float32, streamed block by block (hfmodel.h). Errors of
// HfModel::open, and Cancelled when `progress` says stop.
std::vector<McRequestScore> scoreHfRequests(const HfScoringModel& model, const std::vector<McTokens>& requests,
                                            const DownstreamScoreOptions& options = {}, const Progress& progress = {});

// One task evaluated: its documents as rendered, each request's tokens and score, each document's
// outcomes and the task's metrics (mcAggregate).
struct DownstreamTaskResult
{
    McTask task;
    std::vector<McTokens> tokens;
    std::vector<McRequestScore> scores;
    McOutcomes outcomes;
    std::vector<McValue> values; // per McMetric
};

struct DownstreamReport
{
    std::vector<DownstreamTaskResult> tasks; // MMLU: one per subject
    std::vector<McGroup> groups;             // mcGroups of the tasks
    int64_t requests = 0;
    int64_t tokens = 0;   // model input tokens over all requests
    double seconds = 0.0; // rendering, tokenisation and scoring
};

// What a sweep with --downstream scores every entry on (SweepOptions::downstream…): the tasks rendered
// and tokenised once, the model's maximum input length, and the protocol recorded with every entry
// (JSON: the tasks and their documents, few-shot count, limit, seed, maximum length, the FNV-1a hash of
// every request's tokens). Errors of renderDownstreamTask.
struct DownstreamPlan
{
    std::vector<std::string> names; // the tasks asked for (mmlu: its subjects in `tasks`)
    std::vector<McTask> tasks;
    std::vector<McTokens> tokens;
    int64_t maxLength = 0;
    std::string protocol;
};
// The built-in trainer's byte-level model: requests as bytes, cut to its max_seq_len.
DownstreamPlan byteDownstreamPlan(const std::string& dataDir, const std::vector<std::string>& names,
                                  const DownstreamOptions& options, int64_t maxLength);
// A Hugging Face revision folder: its tokenizer and maximum length (hfScoringModel).
DownstreamPlan hfDownstreamPlan(const std::string& folder, const std::string& dataDir,
                                const std::vector<std::string>& names, const DownstreamOptions& options);

// The store entry of one model's scores on `plan`: per task (MMLU as its subjects and groups) each
// metric and its standard error ("arc_easy.acc", "arc_easy.acc_se"), the task's score — acc_norm where
// lm-eval reports it, acc elsewhere ("arc_easy.score", "…score_se") — the mean score over the tasks
// asked for ("mean.score", its standard error √Σse²/T); with `fpCorrect` (the FP entry's outcomes of the
// same checkpoint) the relative accuracy drop of each score with its paired interval ("arc_easy.rel_drop",
// "…rel_drop_se", "…rel_drop_lo", "…rel_drop_hi") and their mean over the tasks ("mean.rel_drop", …).
// Per metric, every document's outcome; every request's log-likelihood.
DownstreamEntry downstreamEntry(const DownstreamPlan& plan, const std::vector<McRequestScore>& scores,
                                const std::map<std::string, std::vector<uint8_t>>* fpCorrect);

// Renders `taskNames` from `dataDir` (renderDownstreamTask), tokenises them with the folder's
// tokenizer.json as lm-eval does (encodeTasks) and scores every request with the folder's model. Errors of
// the three.
DownstreamReport evaluateHfDownstream(const std::string& folder, const std::string& dataDir,
                                      const std::vector<std::string>& taskNames, const DownstreamOptions& taskOptions,
                                      const DownstreamScoreOptions& options = {}, const Progress& progress = {});

} // namespace qs
