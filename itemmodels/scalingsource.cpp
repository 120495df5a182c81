// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/scalingsource.h"

#include "core/formats/hfconfig.h"

#include "core/common/errors.h"
#include "core/common/kinds.h"
#include "core/common/metrics.h"
#include "core/config/config.h"

#include <algorithm>
#include <cmath>

namespace qs {

namespace {

bool noKindRules(const QuantConfig& config)
{
    return config.overrides.empty();
}

// A group of -1 is one scale per row: the row is the model width.
double groupSizeOf(int groupSize, double width)
{
    return groupSize > 0 ? double(groupSize) : width;
}

} // namespace

bool configMatchesVariant(const QuantConfig& config, scaling::W4A4Variant variant)
{
    // The law is fitted to integer quantization (Chen et al. 2025): RTN or GPTQ weights, integer
    // activations; NF4, MX, NVFP4, FP8 and HQQ are other formats with other errors.
    if (config.actFormat != ActFormat::Int
        || std::any_of(config.overrides.begin(), config.overrides.end(),
                       [](const auto& o) { return o.second.actFormat.value_or(ActFormat::Int) != ActFormat::Int; }))
        return false;
    const bool weights4 = (config.method == QuantMethod::Rtn || config.method == QuantMethod::Gptq) && config.bits == 4;
    const bool weights16 = config.method == QuantMethod::None;
    switch (variant) {
    case scaling::W4A4Variant::WeightOnly:
        return weights4 && config.actBits == 16 && noKindRules(config);
    case scaling::W4A4Variant::ActivationOnly:
        return weights16 && config.actBits == 4 && noKindRules(config);
    case scaling::W4A4Variant::ActivationOnlyFc2At8:
        return weights16 && config.actBits == 4 && config.actBitsFor(layerkinds::down) == 8
            && config.weightBitsFor(layerkinds::down) == 16 && config.overrides.size() == 1;
    case scaling::W4A4Variant::Full:
        return weights4 && config.actBits == 4 && noKindRules(config);
    }
    return false;
}

scaling::ScalingData scalingDataFromSnapshot(const StoreSnapshot& snapshot, scaling::LawKind kind,
                                             std::optional<scaling::W4A4Variant> variant, const QStringList& runs)
{
    if (kind == scaling::LawKind::Qat)
        throw ConfigError("the QAT law needs runs with full-precision and QAT phases (D_fp, D_qat); the store "
                          + snapshot.path.toStdString()
                          + " holds none: bring the points as a CSV (columns N, D_fp, D_qat, bits, loss)");
    if (kind == scaling::LawKind::W4A4 && !variant)
        throw ConfigError("a W4A4-law fit from a store needs a variant (w4a16, w16a4, w16a4-fc2a8 or w4a4)");
    for (const QString& name : runs)
        if (snapshot.runIndex(name) < 0)
            throw ConfigError("the store " + snapshot.path.toStdString() + " has no run '" + name.toStdString() + "'");

    scaling::ScalingData data;
    data.source = snapshot.path.toStdString();
    if (kind == scaling::LawKind::Chinchilla)
        data.columns = {"N", "D", "loss", "label"};
    else
        data.columns = {"N", "D", "G", "bits", "delta", "label"};
    for (const RunSnapshot& run : snapshot.runs) {
        if (!runs.isEmpty() && !runs.contains(run.name()))
            continue;
        // Runs imported from Hugging Face keep the revisions' config.json; trainer runs QuantScope's own.
        double N = 0.0, width = 0.0;
        if (run.info.source.empty()) {
            const ModelConfig model = ModelConfig::fromJson(run.info.modelConfigJson);
            N = double(model.parameterCount());
            width = double(model.dModel);
        } else {
            const HfArch arch = HfArch::fromJson(run.info.modelConfigJson, run.info.name);
            N = double(arch.parameterCount());
            width = double(arch.hidden);
        }
        for (int k = 0; k < int(run.checkpoints.size()); ++k) {
            const CheckpointRow& row = run.checkpoints[size_t(k)];
            if (row.tokens <= 0)
                continue;
            const std::string where = run.info.name + " step " + std::to_string(row.step);
            if (kind == scaling::LawKind::Chinchilla) {
                if (!std::isfinite(row.fpValCe))
                    continue;
                scaling::ScalingPoint p;
                p.N = N;
                p.D = double(row.tokens);
                p.loss = row.fpValCe;
                p.label = where;
                data.points.push_back(p);
                continue;
            }
            for (const ConfigSnapshot& config : run.configs) {
                if (!configMatchesVariant(config.config, *variant))
                    continue;
                const double delta = config.modelMetric(metrics::deltaCe, k);
                if (!std::isfinite(delta))
                    continue;
                scaling::ScalingPoint p;
                p.N = N;
                p.D = double(row.tokens);
                const bool weightGroups = config.config.method != QuantMethod::None;
                p.G = groupSizeOf(weightGroups ? config.config.groupSize : config.config.actGroupSize, width);
                p.bits = weightGroups ? config.config.bits : 16.0;
                p.delta = delta;
                p.fpLoss = row.fpValCe;
                p.label = where + " " + config.results.configId;
                data.points.push_back(p);
            }
        }
    }
    if (data.points.empty())
        throw ConfigError("the store " + snapshot.path.toStdString() + " has no measured points for the "
                          + scaling::lawKindName(kind)
                          + (variant ? " (" + scaling::variantName(*variant) + ")" : std::string()) + " law"
                          + (kind == scaling::LawKind::W4A4 ? ": sweep a matching config first" : ""));
    return data;
}

const std::vector<std::string>& ptqDamageMetrics()
{
    static const std::vector<std::string> names {metrics::relCe, metrics::deltaCe, metrics::klMean};
    return names;
}

std::vector<scaling::PtqTrajectoryPoint> ptqTrajectory(const RunSnapshot& run, int configIndex,
                                                       const std::string& metric)
{
    std::vector<scaling::PtqTrajectoryPoint> points;
    if (configIndex < 0 || configIndex >= int(run.configs.size()))
        return points;
    const ConfigSnapshot& config = run.configs[size_t(configIndex)];
    for (int k = 0; k < int(run.checkpoints.size()); ++k) {
        const CheckpointRow& row = run.checkpoints[size_t(k)];
        points.push_back({double(row.step), double(row.tokens), row.lr, config.modelMetric(metric, k)});
    }
    return points;
}

} // namespace qs
