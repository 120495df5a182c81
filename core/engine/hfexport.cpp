// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/hfexport.h"

#include "core/common/errors.h"
#include "core/common/metrics.h"
#include "core/config/config.h"
#include "core/engine/exportformats.h"
#include "core/engine/hfmodel.h"
#include "core/engine/quantizemodel.h"
#include "core/engine/sweep.h"
#include "core/engine/sweepdetail.h"
#include "core/formats/safetensors.h"
#include "core/hf/hfaverage.h"
#include "core/hf/hfrun.h"
#include "core/store/store.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace qs {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

// Whether `t` (float32) holds exactly the source tensor's values.
bool sameAsSource(const HfWeights& weights, const std::string& name, const torch::Tensor& t)
{
    const TensorView& v = weights.header(name);
    if (v.numel() != t.numel() || !isWeightDType(v.dtype))
        return false;
    const TensorView& data = weights.tensor(name);
    std::vector<float> values = data.toFloat();
    weights.release(data);
    const auto source = torch::from_blob(values.data(), {int64_t(values.size())}, torch::kFloat32);
    return torch::equal(source, t.detach().to(torch::kCPU, torch::kFloat32).reshape({-1}));
}

void writeText(const fs::path& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out)
        throw IoError("cannot write " + path.string());
}

} // namespace

HfExportSummary exportHfCheckpoint(Store& store, const std::string& run, int64_t step, const std::string& configId,
                                   const std::string& folder, const HfExportOptions& options, const Progress& progress)
{
    const std::string what = "config '" + configId + "' of run '" + run + "'";
    if (!store.hasRun(run))
        throw ConfigError(store.path() + ": no run named '" + run + "'");
    if (!isHfRun(store, run))
        throw ConfigError("run '" + run
                          + "' is a run of the built-in trainer: quantscope export writes Hugging Face checkpoints "
                            "of Hugging Face trajectories (quantscope import)");
    const std::vector<std::string> ids = store.configIds(run);
    if (std::find(ids.begin(), ids.end(), configId) == ids.end())
        throw ConfigError(store.path() + ": run '" + run + "' holds no config '" + configId
                          + "' (quantscope info lists its configs)");
    const auto checkpoints = store.checkpoints(run);
    const auto row =
        std::find_if(checkpoints.begin(), checkpoints.end(), [&](const CheckpointRow& r) { return r.step == step; });
    if (row == checkpoints.end())
        throw ConfigError(store.path() + ": run '" + run + "' has no revision at step " + std::to_string(step));
    // A later stage may count its steps from 0 again: one revision per step, or the export would not know which.
    if (std::count_if(checkpoints.begin(), checkpoints.end(), [&](const CheckpointRow& r) { return r.step == step; })
        > 1)
        throw ConfigError(store.path() + ": run '" + run + "' has several revisions at step " + std::to_string(step)
                          + " (stages counting their steps from 0 again); quantscope export cannot tell them apart");
    const int index = int(row - checkpoints.begin());
    if (!store.hasResult(run, configId, index))
        throw ConfigError(what + " has no result at step " + std::to_string(step)
                          + ": sweep it first (quantscope sweep --step " + std::to_string(step) + ")");
    const QuantConfig config = QuantConfig::fromJson(store.configJson(run, configId));
    ExportedWeights e;
    e.layout = exportLayout(options.format, config);
    e.config = config;
    const std::vector<LayerInfo> layers = store.layers(run);
    checkExportFits(config, e.layout, layers, what);

    // "out/" is the folder "out": its partial twin is "out.partial" beside it.
    fs::path target = fs::path(folder).lexically_normal();
    if (!target.has_filename())
        target = target.parent_path();
    const fs::path partial = target.parent_path() / (target.filename().string() + ".partial");
    if (fs::exists(target))
        throw ConfigError(folder + " exists: quantscope export writes a new folder and never replaces one");
    if (fs::exists(partial))
        throw ConfigError(partial.string()
                          + " exists: an export that did not finish, or a folder of yours; remove it or choose "
                            "another --out");
    const std::string source = sweepdetail::resolveCheckpointPath(store, row->path);
    const HfModel model = HfModel::open(source);
    const HfArch& arch = model.arch();

    HfExportSummary summary;
    summary.folder = fs::absolute(target).string();
    const json quantization = quantizationConfig(config, e.layout, layers, options.producer, summary.format);
    summary.quantizationConfig = quantization.dump();

    // Quantize the revision again (the sweep's codes when run as the sweep was: the same device, threads and
    // calibration chunks), gathering and packing each layer as it is quantized.
    SweepOptions sweep;
    sweep.threads = options.threads;
    sweep.device = options.device;
    sweep.memoryBudget = options.memoryBudget;
    sweep.scratchDir = options.scratchDir;
    sweep.onlyStep = step;
    sweep.dryRun = true;
    sweep.dtype = config.computeDtype;
    sweep.onQuantized = [&](int64_t, const std::string& id, const QuantizedLayer& l) {
        if (id == configId)
            packLayer(e, l);
    };
    // Each block is calibrated and quantized as the sweep did (the next layers see Ŵ with float32 scales, as
    // GPTQModel's later layers do), then evaluated with Ŵ as the checkpoint's clients compute it.
    sweep.onBlock = [&](int64_t, const std::string& id, HfBlock& block) {
        if (id != configId)
            return;
        const std::string p = arch.blockPrefix(block.index);
        for (const auto& [norm, name] : {std::pair {&block.ln1, arch.attnNormName}, {&block.ln2, arch.mlpNormName}}) {
            if (norm->weight.defined())
                e.changed[p + name + ".weight"] = norm->weight;
            if (norm->bias.defined())
                e.changed[p + name + ".bias"] = norm->bias;
        }
        size_t layer = size_t(block.index) * (layers.size() / size_t(arch.layers));
        for (const auto& group : block.groups(arch.family)) {
            for (HfLinear* l : group) {
                const std::string& name = layers[layer++].name;
                l->weight.copy_(e.rounded.at(name));
                e.rounded.erase(name);
                if (l->bias.defined())
                    e.changed[name.substr(0, name.size() - 6) + "bias"] = l->bias;
            }
        }
    };
    const SweepSummary swept = runHfSweep(store, run, {config}, sweep, progress);
    summary.exportedCe = swept.ce.at(configId);
    summary.storedCe = store.results(run, configId).model.at(metrics::ce)[size_t(index)];

    // The tensors: the source's in its order, each quantized weight replaced by its packed tensors, the
    // norms and biases the method changed in float32, everything else copied as it is stored.
    const HfWeights& weights = model.weights();
    std::vector<TensorBytes> tensors;
    for (const std::string& name : weights.names()) {
        if (auto it = e.packed.find(name); it != e.packed.end()) {
            for (TensorBytes& t : it->second)
                tensors.push_back(std::move(t));
            ++summary.layers;
            continue;
        }
        if (auto it = e.changed.find(name); it != e.changed.end() && !sameAsSource(weights, name, it->second)) {
            tensors.push_back(tensorBytes(name, DType::F32, it->second.detach().to(torch::kCPU, torch::kFloat32)));
            continue;
        }
        const TensorView& v = weights.tensor(name);
        tensors.push_back({name, v.dtype, v.shape, {}, v.data, v.nbytes});
    }
    if (summary.layers != int(layers.size()))
        throw Error(source + ": " + std::to_string(summary.layers) + " of the " + std::to_string(layers.size())
                    + " quantized layers were found among its tensors");

    std::error_code ec;
    try {
        fs::create_directories(partial);
        writeSafetensors(
            (partial / "model.safetensors").string(), tensors,
            {{"format", "pt"}, {"quantscope", configId + " of " + run + " at step " + std::to_string(step)}});
        summary.bytes = fs::file_size(partial / "model.safetensors");
        std::ifstream in(fs::path(source) / "config.json");
        json modelConfig = json::parse(in);
        modelConfig["quantization_config"] = quantization;
        writeText(partial / "config.json", modelConfig.dump(2) + "\n");
        for (const char* name : kHfCompanionFiles) {
            if (fs::is_regular_file(fs::path(source) / name))
                fs::copy_file(fs::path(source) / name, partial / name);
        }
        fs::rename(partial, target);
    } catch (const fs::filesystem_error& err) {
        fs::remove_all(partial, ec);
        throw IoError("writing the export " + folder + ": " + err.what());
    } catch (const json::exception& err) {
        fs::remove_all(partial, ec);
        throw FormatError(source + "/config.json: " + err.what());
    } catch (...) {
        fs::remove_all(partial, ec);
        throw;
    }
    return summary;
}

} // namespace qs
