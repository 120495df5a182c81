#include "core/common/metrics.h"

#include <array>

namespace qs {

namespace {

using S = MetricScope;
using From = MetricSource;

constexpr std::array<MetricInfo, 19> table {{
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

bool isInputStatistic(std::string_view name)
{
    return name.starts_with(metrics::inputStatisticPrefix);
}

} // namespace qs
