// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// qs_peerprobe: QuantScope's readers and forward pass, driven from the peer tests (tests/peers/*.py),
// which run the same inputs through transformers, tokenizers, safetensors and TensorBoard and compare.
// Each command calls the library code the application uses and writes what it computed to a file; it
// computes nothing of its own beyond putting the results in that file. A qs::Error is printed as the
// application prints it, on stderr with exit code 3, so the tests can check the message a user gets.
//
//   forward FOLDER IDS.json OUT.safetensors   logits [B, T, V] of HfModel::forward on the ids
//                                             ({"ids": [[...], ...]}); its metadata "ce_sum": each
//                                             sequence's summed CE (float64, JSON) of tokens 1..T−1
//                                             given the ones before (sequenceCe, as the sweeps score)
//   arch FOLDER OUT.json                      HfArch::fromFolder's summary and fields
//   tokenize TOKENIZER.json IN.json OUT.json  IN: ["hex of UTF-8 bytes", ...]; OUT: per input
//                                             {"ids": [...]} or {"error": "..."}, and decode(ids) as hex
//   safetensors FILE OUT.json                 SafetensorsFile: metadata, and per tensor dtype, shape,
//                                             the raw bytes (hex) and, for F32/F16/BF16, toFloat()
//   weights FOLDER OUT.json                   HfWeights (sharded index or single file, .bin too): per
//                                             tensor dtype, shape and toFloat()
//   traininglog PATH OUT.json                 readTrainingLog: every series' steps and values, warnings
//   gptq STORE RUN SPEC... OUT.safetensors    runHfSweep of the run with the configs SPEC... (results
//                                             in the store, as `quantscope sweep` writes them); OUT
//                                             holds each quantized layer's integer codes, scales,
//                                             zeros and group index "CONFIG/STEP/LAYER.codes" etc.
//                                             (GPTQ), or its format's parts (AWQ: codes, scale, zero),
//                                             and its Ŵ "CONFIG/STEP/LAYER.dequantized"
//                                             (float32: exact for these integers), its metadata
//                                             "layers" per config, step and layer bits, GPTQ loss, damping
//   gptqlayers IN.safetensors OUT.safetensors gptqQuantize on each MODULE.weight of IN with its
//                                             MODULE.hessian, options from IN's metadata "options";
//                                             OUT as gptq's, keys MODULE.codes etc.
//   quantize IN.safetensors SPEC OUT.safetensors
//                                             quantizeWeight of every 2-D tensor NAME of IN with the
//                                             config SPEC (its bits): OUT holds NAME (Ŵ) and
//                                             NAME.PART for each part the format stores (codes,
//                                             scales, …; float32, exact for these numbers)
//   actquant IN.safetensors SPEC OUT.safetensors
//                                             fakeQuantizeActivations of every tensor NAME of IN as
//                                             SPEC quantizes the input of a q projection
//   rotforward FOLDER SPEC IDS.json OUT.safetensors
//                                             logits [B, T, V] of the model rotated as SPEC asks (the
//                                             embedding output times R1, every block through
//                                             rotateHfBlock, R1ᵀ before the head), unquantized
//   rotate FOLDER SPEC OUT.safetensors        rotateHfBlock of every block with the rotations of SPEC
//                                             (makeRotations): each linear layer's rotated weight and
//                                             bias under its checkpoint name, the norms' weights, and
//                                             "r1", "r2", "r4" (x · H4 of the identity: H4 itself)

#include "core/common/errors.h"
#include "core/common/files.h"
#include "core/config/config.h"
#include "core/engine/evaluate.h"
#include "core/engine/gptq.h"
#include "core/engine/hfmodel.h"
#include "core/engine/quantizemodel.h"
#include "core/engine/quantizer.h"
#include "core/engine/rotation.h"
#include "core/engine/sweep.h"
#include "core/engine/weightquantizers.h"
#include "core/formats/hfconfig.h"
#include "core/formats/hfweights.h"
#include "core/formats/safetensors.h"
#include "core/formats/traininglog.h"
#include "core/store/store.h"
#include "core/tokenizer/tokenizer.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

using nlohmann::json;

namespace {

std::string readFile(const std::string& path)
{
    std::optional<std::string> text = qs::tryReadWholeFile(path);
    if (!text)
        throw qs::IoError(path + ": cannot read");
    return std::move(*text);
}

void writeJson(const std::string& path, const json& value)
{
    std::ofstream out(path, std::ios::binary);
    out << value.dump();
    if (!out)
        throw qs::IoError(path + ": cannot write");
}

std::string toHex(const uint8_t* data, size_t size)
{
    static const char* digits = "0123456789abcdef";
    std::string s;
    s.reserve(size * 2);
    for (size_t i = 0; i < size; ++i) {
        s.push_back(digits[data[i] >> 4]);
        s.push_back(digits[data[i] & 15]);
    }
    return s;
}

std::string fromHex(const std::string& hex)
{
    std::string out;
    for (size_t i = 0; i + 1 < hex.size(); i += 2)
        out.push_back(static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
    return out;
}

// Floats as JSON numbers; NaN and infinities (which JSON lacks) as strings Python's float() reads.
json floats(const std::vector<float>& values)
{
    json out = json::array();
    for (float v : values) {
        if (std::isfinite(v))
            out.push_back(v);
        else
            out.push_back(std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf"));
    }
    return out;
}

// The token ids of IDS.json ({"ids": [[...], ...]}) as a [B, T] int64 tensor.
torch::Tensor readIds(const std::string& idsPath)
{
    const json ids = json::parse(readFile(idsPath)).at("ids");
    const int64_t batch = static_cast<int64_t>(ids.size());
    const int64_t length = static_cast<int64_t>(ids.at(0).size());
    auto tokens = torch::empty({batch, length}, torch::kInt64);
    for (int64_t b = 0; b < batch; ++b)
        for (int64_t t = 0; t < length; ++t)
            tokens[b][t] = ids.at(b).at(t).get<int64_t>();
    return tokens;
}

int forward(const std::string& folder, const std::string& idsPath, const std::string& outPath)
{
    const torch::Tensor tokens = readIds(idsPath);
    const int64_t batch = tokens.size(0), length = tokens.size(1);

    const qs::HfModel model = qs::HfModel::open(folder);
    const torch::Tensor logits = model.forward(tokens).contiguous();
    const auto logProbs = torch::log_softmax(logits.narrow(1, 0, length - 1), -1);
    const torch::Tensor ce = qs::sequenceCe(logProbs, tokens.narrow(1, 1, length - 1)).contiguous();

    std::vector<qs::TensorData> out;
    out.push_back({"logits",
                   {batch, length, logits.size(2)},
                   std::vector<float>(logits.data_ptr<float>(), logits.data_ptr<float>() + logits.numel())});
    // The float64 sums travel in the metadata as JSON (nlohmann writes doubles that read back exactly).
    json sums = json::array();
    for (int64_t b = 0; b < batch; ++b)
        sums.push_back(ce[b].item<double>());
    qs::writeSafetensors(
        outPath, out, qs::DType::F32,
        {{"arch", model.arch().summary()}, {"ce_sum", sums.dump()}, {"ce_tokens", std::to_string(length - 1)}});
    return 0;
}

int arch(const std::string& folder, const std::string& outPath)
{
    const qs::HfArch a = qs::HfArch::fromFolder(folder);
    json ropeIn = json::array();
    for (bool b : a.ropeInLayer)
        ropeIn.push_back(b);
    writeJson(outPath,
              json {{"summary", a.summary()},
                    {"model_type", a.modelType},
                    {"hidden", a.hidden},
                    {"layers", a.layers},
                    {"heads", a.heads},
                    {"kv_heads", a.kvHeads},
                    {"head_dim", a.headDim},
                    {"vocab", a.vocab},
                    {"rope_theta", a.ropeTheta},
                    {"rope_type", a.ropeScaling.type},
                    {"rope_factor", a.ropeScaling.factor},
                    {"tied", a.tiedEmbeddings},
                    {"rope_in_layer", ropeIn}});
    return 0;
}

int tokenize(const std::string& tokenizerPath, const std::string& inPath, const std::string& outPath)
{
    const qs::BpeTokenizer tokenizer = qs::BpeTokenizer::fromFile(tokenizerPath);
    const json inputs = json::parse(readFile(inPath));
    json out = json::array();
    for (const auto& hex : inputs) {
        const std::string text = fromHex(hex.get<std::string>());
        try {
            const std::vector<int32_t> ids = tokenizer.encode(text);
            const std::string back = tokenizer.decode(ids);
            out.push_back(
                json {{"ids", ids}, {"decoded", toHex(reinterpret_cast<const uint8_t*>(back.data()), back.size())}});
        } catch (const qs::Error& e) {
            out.push_back(json {{"error", e.what()}});
        }
    }
    writeJson(outPath, out);
    return 0;
}

json tensorJson(const qs::TensorView& v, bool raw)
{
    json t {{"dtype", qs::toString(v.dtype)}, {"shape", v.shape}};
    if (raw)
        t["hex"] = toHex(v.data, v.nbytes);
    if (qs::isWeightDType(v.dtype))
        t["values"] = floats(v.toFloat());
    return t;
}

int safetensors(const std::string& path, const std::string& outPath)
{
    const qs::SafetensorsFile file = qs::SafetensorsFile::open(path);
    json tensors = json::object();
    json order = json::array();
    for (const std::string& name : file.names()) {
        tensors[name] = tensorJson(file.tensor(name), true);
        order.push_back(name);
    }
    writeJson(outPath, json {{"metadata", file.metadata()}, {"tensors", tensors}, {"order", order}});
    return 0;
}

int weights(const std::string& folder, const std::string& outPath)
{
    const qs::HfWeights w = qs::HfWeights::open(folder);
    json tensors = json::object();
    for (const std::string& name : w.names())
        tensors[name] = tensorJson(w.tensor(name), false);
    writeJson(outPath, json {{"files", w.files()}, {"tensors", tensors}});
    return 0;
}

int trainingLog(const std::string& path, const std::string& outPath)
{
    const qs::TrainingLog log = qs::readTrainingLog(path);
    json series = json::object();
    for (const qs::ScalarSeries& s : log.series) {
        json steps = json::array(), values = json::array();
        for (const qs::ScalarPoint& p : s.points) {
            steps.push_back(p.step);
            values.push_back(p.value);
        }
        series[s.tag] = json {{"steps", steps}, {"values", values}};
    }
    writeJson(outPath, json {{"series", series}, {"files", log.files}, {"warnings", log.warnings}});
    return 0;
}

int usage()
{
    std::cerr
        << "usage: qs_peerprobe forward FOLDER IDS.json OUT.safetensors | arch FOLDER OUT.json |\n"
           "       tokenize TOKENIZER.json IN.json OUT.json | safetensors FILE OUT.json |\n"
           "       weights FOLDER OUT.json | traininglog PATH OUT.json |\n"
           "       gptq STORE RUN SPEC... OUT.safetensors | gptqlayers IN.safetensors OUT.safetensors |\n"
           "       quantize IN.safetensors SPEC OUT.safetensors | actquant IN.safetensors SPEC OUT.safetensors |\n"
           "       rotate FOLDER SPEC OUT.safetensors\n";
    return 2;
}

std::vector<float> floats(const torch::Tensor& t)
{
    const auto c = t.to(torch::kCPU, torch::kFloat32).contiguous();
    return std::vector<float>(c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
}

// gptqQuantize on each layer of IN (MODULE.weight [out, in] and MODULE.hessian [in, in], the Hessian as
// the caller normalized it) with the options of IN's metadata "options" ({"bits", "group_size",
// "act_order", "damp", "static_groups"}); OUT as gptq's, without the step and config.
int gptqLayers(const std::string& inPath, const std::string& outPath)
{
    const qs::SafetensorsFile in = qs::SafetensorsFile::open(inPath);
    const json o = json::parse(in.metadata().at("options"));
    qs::GptqOptions options;
    options.bits = o.at("bits").get<int>();
    options.groupSize = o.at("group_size").get<int>();
    options.actOrder = o.at("act_order").get<bool>();
    options.percDamp = o.at("damp").get<double>();
    options.staticGroups = o.value("static_groups", false);
    std::vector<qs::TensorData> out;
    json layers = json::object();
    for (const std::string& name : in.names()) {
        const std::string suffix = ".weight";
        if (name.size() <= suffix.size() || name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
            continue;
        const std::string module = name.substr(0, name.size() - suffix.size());
        const auto tensorOf = [&](const std::string& n) {
            const qs::TensorView v = in.tensor(n);
            const std::vector<float> values = v.toFloat();
            return torch::tensor(values).view(v.shape);
        };
        const qs::GptqResult g = qs::gptqQuantize(tensorOf(name), tensorOf(module + ".hessian"), options);
        out.push_back({module + ".codes", g.weight.sizes().vec(), floats(qs::gptqCodes(g))});
        out.push_back({module + ".scale", g.scale.sizes().vec(), floats(g.scale)});
        out.push_back({module + ".zero", g.zero.sizes().vec(), floats(g.zero)});
        out.push_back({module + ".g_idx", g.groupIndex.sizes().vec(), floats(g.groupIndex)});
        layers[module] = {{"gptq_loss", g.loss}, {"damp", g.dampUsed}};
    }
    qs::writeSafetensors(outPath, out, qs::DType::F32, {{"layers", layers.dump()}});
    return 0;
}

torch::Tensor tensorOf(const qs::SafetensorsFile& file, const std::string& name)
{
    const qs::TensorView v = file.tensor(name);
    const std::vector<float> values = v.toFloat();
    return torch::tensor(values).view(v.shape);
}

int quantize(const std::string& inPath, const std::string& spec, const std::string& outPath)
{
    const qs::QuantConfig config = qs::QuantConfig::parse(spec);
    const qs::SafetensorsFile in = qs::SafetensorsFile::open(inPath);
    std::vector<qs::TensorData> out;
    for (const std::string& name : in.names()) {
        const torch::Tensor w = tensorOf(in, name);
        if (w.dim() != 2)
            continue;
        const qs::WeightQuantization q = qs::quantizeWeight(w, config, config.bits, name);
        out.push_back({name, q.weight.sizes().vec(), floats(q.weight)});
        for (const auto& [part, t] : q.parts)
            out.push_back({name + "." + part, t.sizes().vec(), floats(t)});
    }
    qs::writeSafetensors(outPath, out, qs::DType::F32, {{"config", config.id()}});
    return 0;
}

int rotatedForward(const std::string& folder, const std::string& spec, const std::string& idsPath,
                   const std::string& outPath)
{
    const torch::Tensor tokens = readIds(idsPath);
    const int64_t length = tokens.size(1);
    const qs::HfModel model = qs::HfModel::open(folder);
    const qs::Rotations r = qs::makeRotations(qs::QuantConfig::parse(spec), model.arch());
    torch::NoGradGuard noGrad;
    const qs::HfRope rope = model.rope(length);
    auto x = qs::rotateRows(model.embed(tokens), r.r1);
    for (int64_t b = 0; b < model.arch().layers; ++b) {
        qs::HfBlock block = model.loadBlock(b);
        qs::rotateHfBlock(block, model.arch(), r);
        x = model.forwardBlock(block, x, rope);
    }
    const torch::Tensor logits = model.logits(model.loadHead(), qs::rotateRows(x, r.r1.t().contiguous())).contiguous();
    qs::writeSafetensors(outPath, {{"logits", logits.sizes().vec(), floats(logits)}}, qs::DType::F32,
                         {{"arch", model.arch().summary()}});
    return 0;
}

int rotate(const std::string& folder, const std::string& spec, const std::string& outPath)
{
    const qs::QuantConfig config = qs::QuantConfig::parse(spec);
    const qs::HfModel model = qs::HfModel::open(folder);
    const qs::HfArch& arch = model.arch();
    const qs::Rotations r = qs::makeRotations(config, arch);
    std::vector<qs::TensorData> out;
    const auto put = [&](const std::string& name, const torch::Tensor& t) {
        if (t.defined())
            out.push_back({name, t.sizes().vec(), floats(t)});
    };
    put("r1", r.r1);
    put("r2", r.r2);
    put("r4", r.r4.apply(torch::eye(arch.intermediate, torch::kFloat32)));
    torch::NoGradGuard noGrad;
    for (int64_t b = 0; b < arch.layers; ++b) {
        qs::HfBlock block = model.loadBlock(b);
        qs::rotateHfBlock(block, arch, r);
        const std::string p = arch.blockPrefix(b);
        for (const auto& [name, l] : {std::pair<std::string, const qs::HfLinear*> {"self_attn.q_proj", &block.q},
                                      {"self_attn.k_proj", &block.k},
                                      {"self_attn.v_proj", &block.v},
                                      {"self_attn.o_proj", &block.o},
                                      {"mlp.gate_proj", &block.gate},
                                      {"mlp.up_proj", &block.up},
                                      {"mlp.down_proj", &block.down}}) {
            put(p + name + ".weight", l->weight);
            put(p + name + ".bias", l->bias);
        }
        put(p + arch.attnNormName + ".weight", block.ln1.weight);
        put(p + arch.mlpNormName + ".weight", block.ln2.weight);
    }
    qs::writeSafetensors(outPath, out, qs::DType::F32, {{"config", config.id()}});
    return 0;
}

int actQuant(const std::string& inPath, const std::string& spec, const std::string& outPath)
{
    const qs::ActQuant act = qs::QuantConfig::parse(spec).actQuantFor("q");
    const qs::SafetensorsFile in = qs::SafetensorsFile::open(inPath);
    std::vector<qs::TensorData> out;
    for (const std::string& name : in.names()) {
        const torch::Tensor q = qs::fakeQuantizeActivations(tensorOf(in, name), act);
        out.push_back({name, q.sizes().vec(), floats(q)});
    }
    qs::writeSafetensors(outPath, out, qs::DType::F32, {});
    return 0;
}

int gptq(const std::string& storePath, const std::string& run, const std::vector<std::string>& specs,
         const std::string& outPath)
{
    std::vector<qs::QuantConfig> configs;
    for (const std::string& spec : specs)
        configs.push_back(qs::QuantConfig::parse(spec));
    qs::Store store = qs::Store::open(storePath, qs::Store::Mode::ReadWrite);
    std::vector<qs::TensorData> out;
    json layers = json::object();
    qs::SweepOptions options;
    options.threads = 2;
    options.onQuantized = [&](int64_t step, const std::string& config, const qs::QuantizedLayer& l) {
        std::string module = l.info->name; // the weight's tensor name; keys use its module's
        if (module.size() > 7 && module.compare(module.size() - 7, 7, ".weight") == 0)
            module.resize(module.size() - 7);
        const std::string key = config + "/" + std::to_string(step) + "/" + module;
        json entry = {{"bits", l.bits}};
        if (l.gptq) {
            const qs::GptqResult& g = *l.gptq;
            out.push_back({key + ".codes", g.weight.sizes().vec(), floats(qs::gptqCodes(g))});
            out.push_back({key + ".scale", g.scale.sizes().vec(), floats(g.scale)});
            out.push_back({key + ".zero", g.zero.sizes().vec(), floats(g.zero)});
            out.push_back({key + ".g_idx", g.groupIndex.sizes().vec(), floats(g.groupIndex)});
            entry["gptq_loss"] = g.loss;
            entry["damp"] = g.dampUsed;
        }
        if (l.parts) { // the other methods: what their format stores (AWQ: codes, scale, zero)
            for (const auto& [part, t] : *l.parts)
                out.push_back({key + "." + part, t.sizes().vec(), floats(t)});
        }
        out.push_back({key + ".dequantized", l.weight.sizes().vec(), floats(l.weight)});
        layers[config][std::to_string(step)][module] = entry;
    };
    qs::runHfSweep(store, run, configs, options);
    qs::writeSafetensors(outPath, out, qs::DType::F32, {{"layers", layers.dump()}});
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    const std::vector<std::string> a(argv + 1, argv + argc);
    if (a.empty())
        return usage();
    torch::set_num_threads(2);
    try {
        const std::string& cmd = a[0];
        if (cmd == "forward" && a.size() == 4)
            return forward(a[1], a[2], a[3]);
        if (cmd == "arch" && a.size() == 3)
            return arch(a[1], a[2]);
        if (cmd == "tokenize" && a.size() == 4)
            return tokenize(a[1], a[2], a[3]);
        if (cmd == "safetensors" && a.size() == 3)
            return safetensors(a[1], a[2]);
        if (cmd == "weights" && a.size() == 3)
            return weights(a[1], a[2]);
        if (cmd == "traininglog" && a.size() == 3)
            return trainingLog(a[1], a[2]);
        if (cmd == "gptqlayers" && a.size() == 3)
            return gptqLayers(a[1], a[2]);
        if (cmd == "quantize" && a.size() == 4)
            return quantize(a[1], a[2], a[3]);
        if (cmd == "actquant" && a.size() == 4)
            return actQuant(a[1], a[2], a[3]);
        if (cmd == "rotforward" && a.size() == 5)
            return rotatedForward(a[1], a[2], a[3], a[4]);
        if (cmd == "rotate" && a.size() == 4)
            return rotate(a[1], a[2], a[3]);
        if (cmd == "gptq" && a.size() >= 5)
            return gptq(a[1], a[2], std::vector<std::string>(a.begin() + 3, a.end() - 1), a.back());
        return usage();
    } catch (const qs::Error& e) {
        std::cerr << e.what() << "\n";
        return 3;
    }
}
