#pragma once

// The metrics QuantScope measures, named once. The names are the store's dataset names
// (docs/store-format.md) and the command line's, so they never change; everything that reads or writes
// a metric uses these constants, and everything that describes one (titles, units, which configs
// measure it) reads metricTable(). Titles here are English for the CLI and reports; the GUI translates
// its own (models/metricnames.h).

#include <span>
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

// Profiles, .../profiles/<name>: per checkpoint, every layer's input channels.
inline constexpr const char* actChannelAbsmax = "act_channel_absmax";

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
// Whether `name` is an input-activation statistic (metrics::inputStatisticPrefix), known or not.
bool isInputStatistic(std::string_view name);

} // namespace qs
