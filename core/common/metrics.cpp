// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/metrics.h"

#include <array>

namespace qs {

namespace {

using S = MetricScope;
using From = MetricSource;

constexpr std::array<MetricInfo, 25> table {{
    {metrics::ce, "CE", "nats/byte", S::Model, From::EveryConfig, false, "validation CE of the quantized model"},
    {metrics::fpCe, "FP CE", "nats/byte", S::Model, From::EveryConfig, false,
     "validation CE of the full-precision checkpoint"},
    {metrics::deltaCe, "ΔCE", "nats/byte", S::Model, From::EveryConfig, false, "CE − FP CE"},
    {metrics::relCe, "relative CE", "", S::Model, From::EveryConfig, false, "CE / FP CE − 1"},
    {metrics::ppl, "perplexity", "", S::Model, From::EveryConfig, false, "exp(CE), per byte"},
    {metrics::klMean, "KL mean", "nats", S::Model, From::EveryConfig, false,
     "KL(P_fp ‖ P_q) of the next-byte distributions, mean over tokens"},
    {metrics::klMedian, "KL median", "nats", S::Model, From::EveryConfig, false,
     "KL(P_fp ‖ P_q) of the next-byte distributions, median over tokens"},
    {metrics::klP99, "KL p99", "nats", S::Model, From::EveryConfig, false,
     "KL(P_fp ‖ P_q) of the next-byte distributions, 99th percentile over tokens"},
    {metrics::top1Agree, "same top-1", "", S::Model, From::EveryConfig, true,
     "share of tokens whose most likely next byte is the FP model's"},
    {metrics::evalUnits, "evaluation units", "", S::Model, From::EveryConfig, false,
     "sequences or blocks the uncertainties are computed over"},
    {metrics::wRelErr, "weight rel. error", "", S::Layer, From::EveryConfig, false, "‖W − Ŵ‖_F / ‖W‖_F"},
    {metrics::sqnrDb, "SQNR", "dB", S::Layer, From::EveryConfig, true,
     "layer output SQNR on its calibration input, 10·log10(‖XWᵀ‖² / ‖XWᵀ − Q(X)Ŵᵀ‖²)"},
    {metrics::gptqLoss, "GPTQ loss", "", S::Layer, From::Gptq, false, "Σ (w − q)² / [H⁻¹]ᵢᵢ² / 2"},
    {metrics::dampUsed, "GPTQ damping", "", S::Layer, From::Gptq, false, "what was added to diag(H)"},
    {metrics::actKurtosis, "input kurtosis", "", S::Layer, From::FpReference, false,
     "Pearson kurtosis of the layer's input (3 for a Gaussian)"},
    {metrics::actAbsmax, "input absmax", "", S::Layer, From::FpReference, false, "max |x| of the layer's input"},
    {metrics::actAbsmaxMedian, "absmax / median", "", S::Layer, From::FpReference, false,
     "max |x| / median |x| of the layer's input"},
    {metrics::actOutliers, "outlier channels (>6)", "", S::Layer, From::FpReference, false,
     "input channels whose max |x| exceeds 6"},
    {metrics::loiDeltaCe, "leave-one-in ΔCE", "nats/byte", S::Layer, From::Sensitivity, false,
     "ΔCE with only this layer quantized"},
    {metrics::loiKl, "leave-one-in KL", "nats", S::Layer, From::Sensitivity, false,
     "KL mean with only this layer quantized"},
    {metrics::looDeltaCe, "leave-one-out ΔCE", "nats/byte", S::Layer, From::Sensitivity, false,
     "ΔCE with every layer but this one quantized"},
    {metrics::looKl, "leave-one-out KL", "nats", S::Layer, From::Sensitivity, false,
     "KL mean with every layer but this one quantized"},
    {metrics::fisherEst, "Fisher estimate", "nats/byte", S::Layer, From::Sensitivity, false,
     "½ Σ F ⊙ (Ŵ − W)², F the diagonal Fisher of the calibration data: leave-one-in ΔCE estimated"},
    {metrics::actChannelAbsmax, "channel absmax", "", S::Profile, From::FpReference, false,
     "max |x| of every input channel"},
    {metrics::fpValCe, "FP validation CE", "nats/byte", S::Checkpoint, From::Training, false,
     "validation CE of the full-precision checkpoint"},
}};

} // namespace

std::span<const MetricInfo> metricTable()
{
    return table;
}

const MetricInfo* findMetric(std::string_view name)
{
    for (const MetricInfo& info : table) {
        if (name == info.name)
            return &info;
    }
    return nullptr;
}

UncertaintyKind uncertaintyKind(std::string_view metric)
{
    using namespace metrics;
    for (const char* m : {ce, fpCe, deltaCe, relCe, ppl, klMean, top1Agree})
        if (metric == m)
            return UncertaintyKind::StandardError;
    if (metric == klMedian || metric == klP99)
        return UncertaintyKind::Interval;
    return UncertaintyKind::None;
}

std::string standardErrorName(std::string_view metric)
{
    return std::string(metric) + std::string(metrics::standardErrorSuffix);
}

std::string lowerBoundName(std::string_view metric)
{
    return std::string(metric) + std::string(metrics::lowerBoundSuffix);
}

std::string upperBoundName(std::string_view metric)
{
    return std::string(metric) + std::string(metrics::upperBoundSuffix);
}

bool isUncertaintyName(std::string_view name)
{
    const auto base = [&](std::string_view suffix) {
        return name.ends_with(suffix) ? name.substr(0, name.size() - suffix.size()) : std::string_view();
    };
    if (const auto m = base(metrics::standardErrorSuffix); !m.empty())
        return uncertaintyKind(m) == UncertaintyKind::StandardError;
    for (const std::string_view suffix : {metrics::lowerBoundSuffix, metrics::upperBoundSuffix})
        if (const auto m = base(suffix); !m.empty())
            return uncertaintyKind(m) == UncertaintyKind::Interval;
    return false;
}

bool isInputStatistic(std::string_view name)
{
    return name.starts_with(metrics::inputStatisticPrefix);
}

} // namespace qs
