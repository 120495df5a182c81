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

// Renders `taskNames` from `dataDir` (renderDownstreamTask), tokenises them with the folder's
// tokenizer.json as lm-eval does (encodeTasks) and scores every request with the folder's model. Errors of
// the three.
DownstreamReport evaluateHfDownstream(const std::string& folder, const std::string& dataDir,
                                      const std::vector<std::string>& taskNames, const DownstreamOptions& taskOptions,
                                      const DownstreamScoreOptions& options = {}, const Progress& progress = {});

} // namespace qs
