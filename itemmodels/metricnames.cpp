// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/metricnames.h"

#include "core/common/metrics.h"

#include <QCoreApplication>

namespace qs {

namespace {

constexpr const char* context = "qs::MetricNames";

struct Entry
{
    const char* name;
    const char* title;       // with the unit; nullptr: the short title
    const char* shortTitle;  // nullptr: the title
    const char* description; // nullptr: none
};

const Entry entries[] = {
    {metrics::ce, QT_TRANSLATE_NOOP("qs::MetricNames", "CE (nats/byte)"), nullptr, nullptr},
    {metrics::deltaCe, QT_TRANSLATE_NOOP("qs::MetricNames", "ΔCE (nats/byte)"),
     QT_TRANSLATE_NOOP("qs::MetricNames", "ΔCE"), nullptr},
    {metrics::relCe, QT_TRANSLATE_NOOP("qs::MetricNames", "relative CE"), nullptr, nullptr},
    {metrics::klMean, QT_TRANSLATE_NOOP("qs::MetricNames", "KL mean (nats)"),
     QT_TRANSLATE_NOOP("qs::MetricNames", "KL mean"), nullptr},
    {metrics::klP99, nullptr, QT_TRANSLATE_NOOP("qs::MetricNames", "KL p99"), nullptr},
    {metrics::top1Agree, nullptr, QT_TRANSLATE_NOOP("qs::MetricNames", "same top-1"), nullptr},
    {metrics::wRelErr, QT_TRANSLATE_NOOP("qs::MetricNames", "weight rel. error"), nullptr,
     QT_TRANSLATE_NOOP("qs::MetricNames", "Relative weight error ‖Ŵ − W‖ / ‖W‖ (Frobenius norm)")},
    {metrics::sqnrDb, QT_TRANSLATE_NOOP("qs::MetricNames", "SQNR (dB)"), nullptr,
     QT_TRANSLATE_NOOP("qs::MetricNames",
                       "Signal-to-quantization-noise ratio of the layer's output on the calibration inputs, "
                       "10·log₁₀(‖Y‖² / ‖Y − Ŷ‖²) in dB; higher is better. Empty where the layer is not quantized")},
    {metrics::gptqLoss, QT_TRANSLATE_NOOP("qs::MetricNames", "GPTQ loss"), nullptr,
     QT_TRANSLATE_NOOP("qs::MetricNames",
                       "GPTQ's per-layer loss Σ (w − q)² / [H⁻¹]ᵢᵢ² / 2 (the reference implementation's number)")},
    {metrics::dampUsed, QT_TRANSLATE_NOOP("qs::MetricNames", "GPTQ damping"), nullptr,
     QT_TRANSLATE_NOOP("qs::MetricNames",
                       "Damping added to the Hessian's diagonal (raised when the Cholesky factorisation failed)")},
    {metrics::actKurtosis, QT_TRANSLATE_NOOP("qs::MetricNames", "input kurtosis"), nullptr,
     QT_TRANSLATE_NOOP("qs::MetricNames",
                       "Pearson kurtosis of the layer's input activations (3 for a Gaussian; large values mean "
                       "heavy tails that make activation quantization hard). Measured on the full-precision model")},
    {metrics::actAbsmax, QT_TRANSLATE_NOOP("qs::MetricNames", "input absmax"), nullptr,
     QT_TRANSLATE_NOOP("qs::MetricNames", "Largest |x| of the layer's input activations, the full-precision model's")},
    {metrics::actAbsmaxMedian, QT_TRANSLATE_NOOP("qs::MetricNames", "absmax / median"), nullptr,
     QT_TRANSLATE_NOOP("qs::MetricNames",
                       "Largest |x| of the layer's input activations divided by their median |x|: how far the "
                       "outliers stretch an absmax quantization grid")},
    {metrics::actOutliers, QT_TRANSLATE_NOOP("qs::MetricNames", "outlier channels (>6)"), nullptr,
     QT_TRANSLATE_NOOP("qs::MetricNames",
                       "Number of input channels whose largest |x| exceeds 6 (the outlier magnitude of LLM.int8())")},
    {metrics::loiDeltaCe, QT_TRANSLATE_NOOP("qs::MetricNames", "leave-one-in ΔCE (nats/byte)"),
     QT_TRANSLATE_NOOP("qs::MetricNames", "leave-one-in ΔCE"),
     QT_TRANSLATE_NOOP("qs::MetricNames",
                       "ΔCE of the model with only this layer quantized as the config asks: the damage this layer "
                       "causes on its own")},
    {metrics::loiKl, QT_TRANSLATE_NOOP("qs::MetricNames", "leave-one-in KL (nats)"),
     QT_TRANSLATE_NOOP("qs::MetricNames", "leave-one-in KL"),
     QT_TRANSLATE_NOOP("qs::MetricNames",
                       "Mean KL(P_fp ‖ P_q) of the model with only this layer quantized as the config asks")},
    {metrics::looDeltaCe, QT_TRANSLATE_NOOP("qs::MetricNames", "leave-one-out ΔCE (nats/byte)"),
     QT_TRANSLATE_NOOP("qs::MetricNames", "leave-one-out ΔCE"),
     QT_TRANSLATE_NOOP("qs::MetricNames",
                       "ΔCE of the model with every layer but this one quantized: the lower it is below the "
                       "config's ΔCE, the more keeping this layer in full precision saves")},
    {metrics::looKl, QT_TRANSLATE_NOOP("qs::MetricNames", "leave-one-out KL (nats)"),
     QT_TRANSLATE_NOOP("qs::MetricNames", "leave-one-out KL"),
     QT_TRANSLATE_NOOP("qs::MetricNames", "Mean KL(P_fp ‖ P_q) of the model with every layer but this one quantized")},
    {metrics::fisherEst, QT_TRANSLATE_NOOP("qs::MetricNames", "Fisher estimate (nats/byte)"),
     QT_TRANSLATE_NOOP("qs::MetricNames", "Fisher estimate"),
     QT_TRANSLATE_NOOP("qs::MetricNames",
                       "Second-order estimate of the leave-one-in ΔCE from the calibration data, ½ Σ F ⊙ (Ŵ − W)² "
                       "with F the diagonal empirical Fisher information; it sees the weight error only")},
};

const Entry* find(std::string_view metric)
{
    for (const Entry& entry : entries) {
        if (metric == entry.name)
            return &entry;
    }
    return nullptr;
}

QString translated(const char* text)
{
    return QCoreApplication::translate(context, text);
}

} // namespace

QString MetricNames::title(std::string_view metric)
{
    if (const char* text = sourceTitle(metric); *text)
        return translated(text);
    return QString::fromUtf8(metric.data(), qsizetype(metric.size()));
}

QString MetricNames::shortTitle(std::string_view metric)
{
    if (const char* text = sourceShortTitle(metric); *text)
        return translated(text);
    return QString::fromUtf8(metric.data(), qsizetype(metric.size()));
}

QString MetricNames::description(std::string_view metric)
{
    const Entry* entry = find(metric);
    return entry && entry->description ? translated(entry->description) : QString();
}

bool MetricNames::isKnown(std::string_view metric)
{
    return find(metric) != nullptr;
}

const char* MetricNames::sourceTitle(std::string_view metric)
{
    const Entry* entry = find(metric);
    if (!entry)
        return "";
    return entry->title ? entry->title : entry->shortTitle;
}

const char* MetricNames::sourceShortTitle(std::string_view metric)
{
    const Entry* entry = find(metric);
    if (!entry)
        return "";
    return entry->shortTitle ? entry->shortTitle : entry->title;
}

} // namespace qs
