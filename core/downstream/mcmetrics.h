// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Multiple-choice metrics as lm-eval 0.4.13 computes them (api/task.py process_results, api/metrics.py):
// per document acc (argmax of the summed log-likelihoods, first maximum wins as numpy's argmax), acc_norm
// (each divided by its choice's length in characters), acc_bytes (in UTF-8 bytes); QuantScope adds
// acc_token (divided by the continuation's token count — not an lm-eval metric). Per task the mean and
// its standard error (sample standard deviation / √n); MMLU's groups size-weighted with lm-eval's pooled
// standard error. And the relative accuracy drop of a quantized model against its full-precision one,
// (Acc(W) − Acc(Ŵ)) / (1 − Acc(W)), with a paired interval. No Qt, no torch.

#include <cstdint>
#include <string>
#include <vector>

namespace qs {

struct McTask;

// A model's answer to one request: the continuation's summed log-likelihood, whether every token of it
// is the model's argmax (lm-eval's is_greedy), and its token count.
struct McRequestScore
{
    double logLikelihood = 0.0;
    bool greedy = false;
    int32_t tokens = 0;
};

enum class McMetric
{
    Acc,
    AccNorm,
    AccBytes,
    AccToken,
};
inline constexpr int kMcMetrics = 4;
const char* mcMetricName(McMetric metric); // "acc", "acc_norm", "acc_bytes", "acc_token"

// Per document, whether each metric's prediction is the gold choice (0 or 1), metric-major:
// correct[m][d].
struct McOutcomes
{
    std::vector<std::vector<uint8_t>> correct = std::vector<std::vector<uint8_t>>(kMcMetrics);
    int64_t documents() const { return static_cast<int64_t>(correct[0].size()); }
};

// `scores` holds each document's requests in order (McDocument::contexts order). Error when the counts
// do not match the task.
McOutcomes mcOutcomes(const McTask& task, const std::vector<McRequestScore>& scores);

struct McValue
{
    double value = 0.0;
    double stdError = 0.0; // NaN for fewer than two documents
};

// Mean and standard error of each metric over the documents.
std::vector<McValue> mcAggregate(const McOutcomes& outcomes);

// lm-eval's group: size-weighted mean, pooled_sample_stderr of the members' standard errors.
McValue mcPooled(const std::vector<McValue>& members, const std::vector<int64_t>& sizes);

// lm-eval's groups of the tasks given (mmlu_humanities, mmlu_other, mmlu_social_sciences, mmlu_stem,
// then mmlu over those four), each metric size-weighted with the pooled standard error, in that order;
// none when no task belongs to a group. `values[i]` are mcAggregate of `tasks[i]`.
struct McGroup
{
    std::string name;
    int64_t documents = 0;
    std::vector<McValue> values; // per metric
};
std::vector<McGroup> mcGroups(const std::vector<const McTask*>& tasks, const std::vector<std::vector<McValue>>& values);

// (Acc(W) − Acc(Ŵ)) / (1 − Acc(W)) over the same documents, with its standard error by the delta method
// on the paired (FP, quantized) outcomes — the covariance of the two on the same questions included — and
// the normal 95 % interval. NaN when the FP model gets every document right. Error for different counts.
struct RelativeDrop
{
    double value = 0.0;
    double stdError = 0.0;
    double low = 0.0, high = 0.0;
    double fpAcc = 0.0, quantAcc = 0.0;
};
RelativeDrop relativeAccuracyDrop(const std::vector<uint8_t>& fp, const std::vector<uint8_t>& quantized);

} // namespace qs
