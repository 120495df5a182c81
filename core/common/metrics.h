// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The metrics QuantScope measures, named once. The names are the store's dataset names
// (docs/store-format.md) and the command line's, so they never change; everything that reads or writes
// a metric uses these constants, and everything that describes one (titles, units, which configs
// measure it) reads metricTable(). Titles here are English for the CLI and reports; the GUI translates
// its own (itemmodels/metricnames.h).

#include <span>
#include <string>
#include <string_view>

namespace qs {

namespace metrics {

// Model metrics, /runs/<run>/configs/<id>/model/<name>: one value per checkpoint.
inline constexpr const char* ce = "ce";
inline constexpr const char* fpCe = "fp_ce";
inline constexpr const char* deltaCe = "delta_ce";
inline constexpr const char* relCe = "rel_ce";
inline constexpr const char* ppl = "ppl";
inline constexpr const char* klMean = "kl_mean";
inline constexpr const char* klMedian = "kl_median";
inline constexpr const char* klP99 = "kl_p99";
inline constexpr const char* top1Agree = "top1_agree";

// Layer metrics, .../layers/<name>: one value per checkpoint and layer.
inline constexpr const char* wRelErr = "w_rel_err";
inline constexpr const char* sqnrDb = "sqnr_db";
inline constexpr const char* gptqLoss = "gptq_loss";
inline constexpr const char* dampUsed = "damp_used";
inline constexpr const char* actKurtosis = "act_kurtosis";
inline constexpr const char* actAbsmax = "act_absmax";
inline constexpr const char* actAbsmaxMedian = "act_absmax_median";
inline constexpr const char* actOutliers = "act_outliers";
// Per-layer sensitivity (sweeps run with SweepOptions::sensitivity, quantized configs only): ΔCE and
// KL mean of the model with only this layer quantized (leave-one-in) and with every layer but this one
// (leave-one-out), and the Fisher estimate of the leave-one-in ΔCE from the calibration data.
inline constexpr const char* loiDeltaCe = "loi_delta_ce";
inline constexpr const char* loiKl = "loi_kl";
inline constexpr const char* looDeltaCe = "loo_delta_ce";
inline constexpr const char* looKl = "loo_kl";
inline constexpr const char* fisherEst = "fisher_est";

// Profiles, .../profiles/<name>: per checkpoint, every layer's input channels.
inline constexpr const char* actChannelAbsmax = "act_channel_absmax";

// How many evaluation units (validation sequences, evaluation blocks) the uncertainties below are
// computed over: a model metric of every config.
inline constexpr const char* evalUnits = "eval_units";

// The uncertainty stored next to a model metric: "<metric>_se", its standard error over the evaluation
// units, or "<metric>_lo" / "<metric>_hi", the bounds of its 95 % bootstrap interval over them (KL's
// median and 99th percentile, which have no closed-form error).
inline constexpr std::string_view standardErrorSuffix = "_se";
inline constexpr std::string_view lowerBoundSuffix = "_lo";
inline constexpr std::string_view upperBoundSuffix = "_hi";
inline constexpr double intervalLevel = 0.95;

// Per-unit sums, .../units/<name>: per checkpoint, one value per evaluation unit, in the evaluation's
// order; what the paired tests between two results resample (core/common/evaluationunits.h).
namespace units {
inline constexpr const char* tokens = "tokens"; // scored tokens
inline constexpr const char* ce = "ce";         // summed CE of the evaluated model, nats
inline constexpr const char* fpCe = "fp_ce";    // summed CE of the FP model on the same tokens, nats
inline constexpr const char* kl = "kl";         // summed KL(P_fp ‖ P_q), nats
inline constexpr const char* top1 = "top1";     // tokens whose most likely next token is the FP one
} // namespace units

// The checkpoint table's column with the full-precision validation CE.
inline constexpr const char* fpValCe = "fp_val_ce";

// Statistics of a layer's input activations start with this prefix; only the full-precision
// reference measures them (its weights are exact, its inputs are the model's own).
inline constexpr std::string_view inputStatisticPrefix = "act_";

// LLM.int8()'s outlier magnitude: act_outliers counts the input channels whose max |x| exceeds it.
inline constexpr double outlierThreshold = 6.0;

} // namespace metrics

enum class MetricScope
{
    Model,      // one value per (checkpoint, config)
    Layer,      // one value per (checkpoint, config, layer)
    Profile,    // one value per (checkpoint, config, input channel of every layer)
    Checkpoint, // one value per checkpoint, in the checkpoint table
};

// Which results hold a metric.
enum class MetricSource
{
    EveryConfig, // every config, the FP reference included
    Gptq,        // GPTQ configs only
    FpReference, // the full-precision reference "fp" only
    Sensitivity, // quantized configs of sweeps that measure per-layer sensitivity
    Training,    // the trainer (or the first sweep) measures it per checkpoint
};

struct MetricInfo
{
    const char* name;  // store and command-line name (metrics::relCe, …)
    const char* title; // short English title: "relative CE", "ΔCE", "SQNR"
    const char* unit;  // "nats/byte", "nats", "dB"; "" for ratios, shares and counts
    MetricScope scope;
    MetricSource source;
    bool higherIsBetter; // an agreement or a signal-to-noise ratio; false for errors and damage
    const char* meaning; // one line, as docs/store-format.md says it
};

// Every metric QuantScope writes, model metrics first, in the order the store documents them.
std::span<const MetricInfo> metricTable();
// The record of metric `name`; nullptr for a name QuantScope does not write (a newer store's).
const MetricInfo* findMetric(std::string_view name);
// How a model metric's uncertainty is stored: none (a count, a config's own value), a standard error,
// or an interval.
enum class UncertaintyKind
{
    None,
    StandardError,
    Interval,
};
UncertaintyKind uncertaintyKind(std::string_view metric);
// "<metric>_se" (StandardError metrics), "<metric>_lo" and "<metric>_hi" (Interval metrics).
std::string standardErrorName(std::string_view metric);
std::string lowerBoundName(std::string_view metric);
std::string upperBoundName(std::string_view metric);
// Whether `name` is one of those uncertainty names (of a metric this build knows).
bool isUncertaintyName(std::string_view name);

// Whether `name` is an input-activation statistic (metrics::inputStatisticPrefix), known or not.
bool isInputStatistic(std::string_view name);

} // namespace qs
