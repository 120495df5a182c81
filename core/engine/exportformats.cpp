// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/exportformats.h"

#include "core/common/errors.h"
#include "core/config/quantmethods.h"
#include "core/engine/floatformats.h"
#include "core/engine/gptq.h"
#include "core/engine/quantizemodel.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <map>
#include <set>

namespace qs {

namespace {

using json = nlohmann::ordered_json;

// AutoAWQ's order of the eight 4-bit codes in a word of its GEMM layout.
constexpr std::array<int64_t, 8> awqOrder {0, 2, 4, 6, 1, 3, 5, 7};

std::vector<uint8_t> bytesOf(const torch::Tensor& t)
{
    const auto c = t.contiguous();
    std::vector<uint8_t> out(size_t(c.numel() * c.element_size()));
    std::memcpy(out.data(), c.data_ptr(), out.size());
    return out;
}

std::string stemOf(const std::string& weight)
{
    return weight.substr(0, weight.size() - std::string(".weight").size());
}

// Unsigned codes [n, m] (int64, each below 2^bits) packed 32 / bits to an int32 word along the rows,
// [n, m / (32 / bits)], the first code in the lowest bits; `order` permutes the codes of a word (AWQ).
torch::Tensor pack(const torch::Tensor& codes, int bits, const std::vector<int64_t>& order = {})
{
    const int64_t per = 32 / bits;
    auto v = codes.reshape({codes.size(0), codes.size(1) / per, per});
    if (!order.empty())
        v = v.index_select(2, torch::tensor(order, torch::kInt64));
    const auto shifts = torch::pow(torch::full({per}, 2, torch::kInt64), torch::arange(per, torch::kInt64) * bits);
    const auto words = (v * shifts).sum(2); // disjoint bit fields: the sum is their OR, below 2^32
    // The uint32 bit patterns as int32, as the loaders read them.
    const int64_t wrap = int64_t(1) << 32;
    return torch::where(words >= wrap / 2, words - wrap, words).to(torch::kInt32).contiguous();
}

// Float16 scales of a layer: ConfigError naming it when one leaves float16's range.
torch::Tensor halfScales(const torch::Tensor& scale, const std::string& layer)
{
    const auto half = scale.to(torch::kHalf);
    const auto back = half.to(torch::kFloat32);
    const bool lost = ((back == 0) & (scale != 0)).any().item<bool>() || torch::isinf(back).any().item<bool>();
    if (lost)
        throw ConfigError(layer + ": a scale of " + std::to_string(scale.abs().max().item<double>()) + " or "
                          + std::to_string(scale.abs().min().item<double>())
                          + " leaves float16's range, in which GPTQ and AWQ checkpoints store their scales");
    return half;
}

// GPTQ: codes, scales and zero points of GPTQ's grid, and Ŵ with the scales rounded to float16.
void packGptq(ExportedWeights& e, const QuantizedLayer& l)
{
    const GptqResult& g = *l.gptq;
    const std::string& name = l.info->name;
    const int bits = e.config.bits;
    const auto codes = gptqCodes(g).to(torch::kInt64);
    const auto index = g.groupIndex.to(torch::kInt64);
    const auto half = halfScales(g.scale, name);
    const auto scale = half.to(torch::kFloat32);
    e.rounded[name] = scale.index_select(1, index) * (codes.to(torch::kFloat32) - g.zero.index_select(1, index));
    // v1 (symmetric) stores the zero point less one.
    const auto zeros = g.zero.to(torch::kInt64) - (e.config.symmetric ? 1 : 0);
    auto& out = e.packed[name];
    out.push_back(tensorBytes(stemOf(name) + ".qweight", DType::I32, pack(codes, bits).t().contiguous()));
    out.push_back(tensorBytes(stemOf(name) + ".qzeros", DType::I32, pack(zeros.t().contiguous(), bits)));
    out.push_back(tensorBytes(stemOf(name) + ".scales", DType::F16, half.t().contiguous()));
    out.push_back(tensorBytes(stemOf(name) + ".g_idx", DType::I32, g.groupIndex.to(torch::kInt32)));
}

std::map<std::string, torch::Tensor> partsOf(const QuantizedLayer& l)
{
    std::map<std::string, torch::Tensor> parts;
    if (l.parts) {
        for (const auto& [part, t] : *l.parts)
            parts[part] = t.to(torch::kCPU);
    }
    return parts;
}

// AWQ's compressed-tensors integers (signed codes and zero points) in the GPTQ or the AWQ layout.
void packAwq(ExportedWeights& e, const QuantizedLayer& l)
{
    const auto parts = partsOf(l);
    const std::string& name = l.info->name;
    const int bits = e.config.bits;
    const int64_t groupSize = e.config.groupSize;
    const int64_t offset = int64_t(1) << (bits - 1);
    const auto codes = parts.at("codes").to(torch::kInt64) + offset; // unsigned
    const auto zeros = parts.at("zero").to(torch::kInt64) + offset;  // [out, groups]
    const auto half = halfScales(parts.at("scale"), name);
    const auto perColumn = half.to(torch::kFloat32).repeat_interleave(groupSize, 1);
    e.rounded[name] = perColumn * (codes - zeros.repeat_interleave(groupSize, 1)).to(torch::kFloat32);
    auto& out = e.packed[name];
    if (e.layout == ExportLayout::Awq) {
        const std::vector<int64_t> order(awqOrder.begin(), awqOrder.end());
        out.push_back(tensorBytes(stemOf(name) + ".qweight", DType::I32, pack(codes.t().contiguous(), 4, order)));
        out.push_back(tensorBytes(stemOf(name) + ".qzeros", DType::I32, pack(zeros.t().contiguous(), 4, order)));
        out.push_back(tensorBytes(stemOf(name) + ".scales", DType::F16, half.t().contiguous()));
        return;
    }
    const auto groups = torch::arange(codes.size(1), torch::kInt64).div(groupSize, "floor");
    out.push_back(tensorBytes(stemOf(name) + ".qweight", DType::I32, pack(codes, bits).t().contiguous()));
    out.push_back(tensorBytes(stemOf(name) + ".qzeros", DType::I32, pack(zeros.t().contiguous(), bits)));
    out.push_back(tensorBytes(stemOf(name) + ".scales", DType::F16, half.t().contiguous()));
    out.push_back(tensorBytes(stemOf(name) + ".g_idx", DType::I32, groups.to(torch::kInt32)));
}

TensorBytes e4m3Tensor(std::string name, const torch::Tensor& values)
{
    return {std::move(name), DType::F8E4M3, values.sizes().vec(), encodeE4m3(values), nullptr, 0};
}

// compressed-tensors: FP8 (float-quantized), MXFP8 (mxfp8-quantized), MXFP4 and NVFP4 (pack-quantized), and Ŵ
// as its decompression computes it in float32.
void packCompressedTensors(ExportedWeights& e, const QuantizedLayer& l)
{
    const auto parts = partsOf(l);
    const std::string& name = l.info->name;
    const std::string stem = stemOf(name);
    auto& out = e.packed[name];
    const auto w = l.weight.detach().to(torch::kCPU, torch::kFloat32);
    switch (e.config.method) {
    case QuantMethod::Fp8: {
        const auto scale =
            e.config.groupSize == 0 ? parts.at("scales").reshape({1}) : parts.at("scales").reshape({-1, 1});
        const auto elements = roundToFormat(w / scale, e4m3); // Ŵ / scale is the element to a float32 step
        e.rounded[name] = elements * scale;
        out.push_back(e4m3Tensor(stem + ".weight", elements));
        out.push_back(tensorBytes(stem + ".weight_scale", DType::F32, scale.contiguous()));
        return;
    }
    case QuantMethod::Mxfp4:
    case QuantMethod::Mxfp8: {
        const auto elements = parts.at("elements");
        if (e.config.method == QuantMethod::Mxfp4)
            out.push_back(tensorBytes(stem + ".weight_packed", DType::U8, packNibbles(e2m1Nibbles(elements))));
        else
            out.push_back(e4m3Tensor(stem + ".weight", elements));
        out.push_back(tensorBytes(stem + ".weight_scale", DType::U8, parts.at("scales").to(torch::kUInt8)));
        e.rounded[name] = w.clone(); // elements times powers of two: exact either way
        return;
    }
    case QuantMethod::Nvfp4: {
        // An all-zero weight has no parts: zero elements under any scales.
        const bool zero = parts.empty();
        const auto elements = zero ? torch::zeros_like(w) : parts.at("elements");
        const auto blockScales = zero ? torch::ones({w.size(0), w.size(1) / 16}) : parts.at("block_scales");
        // compressed-tensors divides by a global scale where torchao multiplies by the tensor scale.
        const auto global = zero ? torch::ones({1}) : torch::reciprocal(parts.at("tensor_scale").reshape({1}));
        e.rounded[name] = elements * (blockScales / global).repeat_interleave(16, 1);
        out.push_back(tensorBytes(stem + ".weight_packed", DType::U8, packNibbles(e2m1Nibbles(elements))));
        out.push_back(e4m3Tensor(stem + ".weight_scale", blockScales));
        out.push_back(tensorBytes(stem + ".weight_global_scale", DType::F32, global.contiguous()));
        return;
    }
    default:
        throw Error(name + ": " + toString(e.config.method) + " has no compressed-tensors layout");
    }
}

// compressed-tensors' QuantizationArgs of one layer kind's input (FP8 per token, checkExportFits), or null.
json ctActivations(const ActQuant& a)
{
    if (!a.active())
        return nullptr;
    return {{"num_bits", 8}, {"type", "float"}, {"symmetric", true}, {"strategy", "token"}, {"dynamic", true}};
}

json ctWeights(const QuantConfig& c)
{
    switch (c.method) {
    case QuantMethod::Fp8:
        return {{"num_bits", 8},
                {"type", "float"},
                {"symmetric", true},
                {"strategy", c.groupSize == 0 ? "tensor" : "channel"},
                {"dynamic", false}};
    case QuantMethod::Nvfp4:
        return {{"num_bits", 4},
                {"type", "float"},
                {"symmetric", true},
                {"strategy", "tensor_group"},
                {"group_size", 16},
                {"dynamic", false},
                {"scale_dtype", "torch.float8_e4m3fn"}};
    default: // MXFP4, MXFP8
        return {{"num_bits", c.bits}, {"type", "float"},  {"symmetric", true},           {"strategy", "group"},
                {"group_size", 32},   {"dynamic", false}, {"scale_dtype", "torch.uint8"}};
    }
}

std::string ctFormat(QuantMethod method)
{
    switch (method) {
    case QuantMethod::Fp8:
        return "float-quantized";
    case QuantMethod::Mxfp8:
        return "mxfp8-quantized";
    case QuantMethod::Mxfp4:
        return "mxfp4-pack-quantized";
    default:
        return "nvfp4-pack-quantized";
    }
}

// The module names' last part that a layer kind has in the checkpoint ("q_proj", "query_key_value").
std::string moduleSuffix(const std::string& weight)
{
    const std::string stem = stemOf(weight);
    return stem.substr(stem.rfind('.') + 1);
}

bool isCompressedTensorsMethod(QuantMethod m)
{
    return m == QuantMethod::Fp8 || m == QuantMethod::Mxfp4 || m == QuantMethod::Mxfp8 || m == QuantMethod::Nvfp4;
}

} // namespace

ExportLayout exportLayout(const std::string& format, const QuantConfig& config)
{
    if (format.empty())
        return config.method == QuantMethod::Awq       ? ExportLayout::Awq
            : isCompressedTensorsMethod(config.method) ? ExportLayout::CompressedTensors
                                                       : ExportLayout::Gptq;
    if (format == "gptq")
        return ExportLayout::Gptq;
    if (format == "awq")
        return ExportLayout::Awq;
    if (format == "compressed-tensors")
        return ExportLayout::CompressedTensors;
    throw ConfigError("export format '" + format + "': the formats are gptq, awq and compressed-tensors");
}

void checkExportFits(const QuantConfig& c, ExportLayout layout, const std::vector<LayerInfo>& layers,
                     const std::string& what)
{
    const std::string method = toString(c.method);
    if (c.rotation != Rotation::None)
        throw ConfigError(what + " is rotated: its weights hold the rotations, and the model needs the online "
                          + "Hadamard transform before every down_proj and the rotated residual stream, which the "
                          + "format's loaders do not apply: export the unrotated config");
    if (layout == ExportLayout::CompressedTensors) {
        if (!isCompressedTensorsMethod(c.method))
            throw ConfigError(what + " is quantized with " + method
                              + ": the compressed-tensors format holds fp8, mxfp4, mxfp8 and nvfp4 configs");
        if (c.method == QuantMethod::Fp8 && c.element != "e4m3")
            throw ConfigError(what + " has FP8 " + c.element
                              + " elements: compressed-tensors stores FP8 as float8_e4m3fn");
    } else {
        if (c.method != QuantMethod::Gptq && c.method != QuantMethod::Awq)
            throw ConfigError(what + " is quantized with " + method
                              + ": the gptq and awq formats hold GPTQ and AWQ configs"
                              + (isCompressedTensorsMethod(c.method) ? "; export it as compressed-tensors" : ""));
        if (layout == ExportLayout::Awq && c.method != QuantMethod::Awq)
            throw ConfigError(what + " is a GPTQ config: the awq format holds AWQ configs; export it as gptq");
        if (c.quantizesActivations())
            throw ConfigError(what
                              + " quantizes activations: GPTQ and AWQ checkpoints hold weights only, so the "
                                "exported model would not compute what QuantScope measured");
    }
    for (const LayerInfo& l : layers) {
        if (c.weightBitsFor(l.kind) != c.bits)
            throw ConfigError(what + " keeps " + l.kind + " layers at " + std::to_string(c.weightBitsFor(l.kind))
                              + " bits: an exported checkpoint holds every layer at the config's "
                              + std::to_string(c.bits));
        // compressed-tensors quantizes inputs at run time: FP8 per token as QuantScope does; MX inputs with
        // the block's amax rounded to the nearest power of two (up from 1.75 · 2^k), not torchao's floor that
        // QuantScope measures; NVFP4 inputs under one scale per tensor, not per token.
        const ActQuant a = c.actQuantFor(l.kind);
        if (layout == ExportLayout::CompressedTensors && a.active() && a.format != ActFormat::Fp8)
            throw ConfigError(what + " quantizes the inputs of " + l.kind + " layers as " + actLabel(a.bits, a.format)
                              + ": a compressed-tensors checkpoint quantizes inputs as QuantScope does only as FP8 "
                                "per token (its MX inputs round the block scale to the nearest power of two where "
                                "QuantScope, as torchao, rounds down; its NVFP4 inputs take one scale per tensor)");
    }
    const int bits = c.bits;
    if (layout == ExportLayout::Awq && bits != 4)
        throw ConfigError(what + " has " + std::to_string(bits) + "-bit weights: AWQ checkpoints hold 4 bits");
    if (layout != ExportLayout::CompressedTensors && 32 % bits != 0)
        throw ConfigError(what + " has " + std::to_string(bits)
                          + "-bit weights: the gptq format written here packs 2, 4 or 8 bits into a word");
    if (c.method == QuantMethod::Awq && c.groupSize <= 0)
        throw ConfigError(what + " has one scale per output channel: AWQ checkpoints hold groups of columns");
    for (const LayerInfo& l : layers) {
        const std::string where =
            what + ": " + l.name + " [" + std::to_string(l.rows) + ", " + std::to_string(l.cols) + "]";
        if (layout != ExportLayout::CompressedTensors) {
            const int64_t per = 32 / bits;
            if (l.cols % per != 0 || l.rows % per != 0)
                throw ConfigError(where + ": its width is not a multiple of the " + std::to_string(per)
                                  + " codes a packed word holds");
        }
        if (c.method == QuantMethod::Awq && l.cols % c.groupSize != 0)
            throw ConfigError(where + ": groups of " + std::to_string(c.groupSize)
                              + " do not divide its input columns, and a checkpoint's groups must");
    }
}

json quantizationConfig(const QuantConfig& c, ExportLayout layout, const std::vector<LayerInfo>& layers,
                        const std::string& producer, std::string& format)
{
    if (layout == ExportLayout::Awq) {
        format = "awq";
        return {{"quant_method", "awq"}, {"bits", c.bits},    {"group_size", c.groupSize},
                {"zero_point", true},    {"version", "gemm"}, {"modules_to_not_convert", nullptr}};
    }
    if (layout == ExportLayout::CompressedTensors) {
        format = ctFormat(c.method);
        // One config group per distinct input quantization (a mixed config's kinds), each naming its
        // layers' modules: nothing else (the LM head) is a target.
        std::vector<std::pair<json, std::set<std::string>>> byInput;
        for (const LayerInfo& l : layers) {
            const json input = ctActivations(c.actQuantFor(l.kind));
            auto it = std::find_if(byInput.begin(), byInput.end(), [&](const auto& g) { return g.first == input; });
            if (it == byInput.end()) {
                byInput.emplace_back(input, std::set<std::string> {});
                it = byInput.end() - 1;
            }
            it->second.insert("re:.*\\." + moduleSuffix(l.name) + "$");
        }
        json groups = json::object();
        for (size_t i = 0; i < byInput.size(); ++i) {
            groups["group_" + std::to_string(i)] = {
                {"targets", std::vector<std::string>(byInput[i].second.begin(), byInput[i].second.end())},
                {"weights", ctWeights(c)},
                {"input_activations", byInput[i].first},
                {"output_activations", nullptr},
                {"format", format}};
        }
        return {{"quant_method", "compressed-tensors"},
                {"format", format},
                {"quantization_status", "compressed"},
                {"config_groups", groups},
                {"ignore", json::array()},
                {"kv_cache_scheme", nullptr},
                {"global_compression_ratio", nullptr},
                {"sparsity_config", json::object()},
                {"transform_config", json::object()},
                {"version", "0.19.0"}};
    }
    // GPTQ's grid is symmetric or not by config; AWQ's compressed-tensors grid always asymmetric.
    const bool symmetric = c.method == QuantMethod::Gptq && c.symmetric;
    format = symmetric ? "gptq" : "gptq_v2";
    return {{"quant_method", "gptq"},
            {"bits", c.bits},
            {"group_size", c.groupSize > 0 ? c.groupSize : -1},
            {"desc_act", c.method == QuantMethod::Gptq && c.actOrder},
            {"sym", symmetric},
            {"checkpoint_format", format},
            {"pack_dtype", "int32"},
            {"lm_head", false},
            {"true_sequential", true},
            {"damp_percent", c.percDamp},
            {"meta", {{"quantizer", json::array({producer})}}}};
}

TensorBytes tensorBytes(std::string name, DType dtype, const torch::Tensor& t)
{
    // The element types the layouts write, each the torch type whose bytes it is.
    static const std::map<DType, torch::ScalarType> types {{DType::F32, torch::kFloat32},
                                                           {DType::F16, torch::kHalf},
                                                           {DType::I32, torch::kInt32},
                                                           {DType::U8, torch::kUInt8}};
    const auto it = types.find(dtype);
    if (it == types.end() || t.scalar_type() != it->second)
        throw Error(name + ": a " + std::string(c10::toString(t.scalar_type())) + " tensor written as "
                    + toString(dtype));
    return {std::move(name), dtype, t.sizes().vec(), bytesOf(t), nullptr, 0};
}

void packLayer(ExportedWeights& e, const QuantizedLayer& l)
{
    if (e.layout == ExportLayout::CompressedTensors)
        packCompressedTensors(e, l);
    else if (l.gptq)
        packGptq(e, l);
    else
        packAwq(e, l);
}

std::vector<uint8_t> encodeE4m3(const torch::Tensor& values)
{
    const auto v = values.detach().to(torch::kCPU, torch::kFloat32).contiguous();
    const float* p = v.data_ptr<float>();
    std::vector<uint8_t> out(size_t(v.numel()));
    for (size_t i = 0; i < out.size(); ++i) {
        const float x = p[i];
        const uint8_t sign = std::signbit(x) ? 0x80 : 0;
        const float a = std::fabs(x);
        uint8_t magnitude = 0;
        if (a >= std::ldexp(1.0f, -6)) { // normal: exponent bias 7, 3 mantissa bits
            int e = 0;
            const float m = std::frexp(a, &e); // a = m · 2^e, m in [0.5, 1)
            magnitude = uint8_t(((e - 1 + 7) << 3) | int(std::lround((m * 2.0f - 1.0f) * 8.0f)));
        } else { // subnormal steps of 2^-9
            magnitude = uint8_t(std::lround(std::ldexp(a, 9)));
        }
        out[i] = sign | magnitude;
    }
    return out;
}

torch::Tensor e2m1Nibbles(const torch::Tensor& values)
{
    // 2|x| for the E2M1 values 0, 0.5, 1, 1.5, 2, 3, 4, 6 is 0, 1, 2, 3, 4, 6, 8, 12: their codes 0…7.
    static const auto codeOfTwice = torch::tensor({0, 1, 2, 3, 4, -1, 5, -1, 6, -1, -1, -1, 7}, torch::kInt64);
    const auto v = values.detach().to(torch::kCPU, torch::kFloat32);
    const auto index = (v.abs() * 2).to(torch::kInt64);
    const auto code = codeOfTwice.index({index.reshape({-1})}).reshape(v.sizes());
    return (code + (v < 0).to(torch::kInt64) * 8).to(torch::kUInt8);
}

torch::Tensor packNibbles(const torch::Tensor& nibbles)
{
    const auto n = nibbles.to(torch::kInt64).reshape({nibbles.size(0), -1, 2});
    return (n.select(2, 0) + n.select(2, 1) * 16).to(torch::kUInt8).contiguous();
}

} // namespace qs
