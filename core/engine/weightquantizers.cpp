// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/weightquantizers.h"

#include "core/common/errors.h"
#include "core/config/quantmethods.h"
#include "core/engine/awq.h"
#include "core/engine/floatformats.h"
#include "core/engine/quantizer.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>

namespace qs {

namespace {

torch::Tensor tableTensor(const std::vector<float>& values)
{
    return torch::tensor(values, torch::kFloat32);
}

// Per element of `s` (float32) the index into `sorted` (ascending) of its entry under bitsandbytes'
// rule: torch.bucketize against the float32 midpoints fl32(t[i] + t[i+1]) / 2, a value on a midpoint
// taking the lower entry, NaN the top one.
torch::Tensor bucketIndex(const torch::Tensor& s, const torch::Tensor& sorted)
{
    const int64_t n = sorted.numel();
    const auto mid = (sorted.narrow(0, 0, n - 1) + sorted.narrow(0, 1, n - 1)) / 2.0f;
    return torch::bucketize(s, mid);
}

// bitsandbytes' create_dynamic_map(signed=True, max_exponent_bits=7, total_bits=8) as float32 words
// (torch.linspace's values, which no formula here would reproduce to the last bit).
const torch::Tensor& dynamicMap()
{
    static const torch::Tensor map = [] {
        static const uint32_t words[256] = {
            0xbf7e3333, 0xbf7a999a, 0xbf770000, 0xbf736666, 0xbf6fcccd, 0xbf6c3333, 0xbf68999a, 0xbf650000, 0xbf616666,
            0xbf5dcccd, 0xbf5a3333, 0xbf56999a, 0xbf530000, 0xbf4f6666, 0xbf4bcccd, 0xbf483333, 0xbf44999a, 0xbf410000,
            0xbf3d6666, 0xbf39cccd, 0xbf363334, 0xbf32999a, 0xbf2f0000, 0xbf2b6666, 0xbf27cccd, 0xbf243334, 0xbf20999a,
            0xbf1d0000, 0xbf196666, 0xbf15cccd, 0xbf123334, 0xbf0e999a, 0xbf0b0000, 0xbf076666, 0xbf03cccc, 0xbf003333,
            0xbef93332, 0xbef20000, 0xbeeacccc, 0xbee3999a, 0xbedc6666, 0xbed53333, 0xbece0000, 0xbec6cccc, 0xbebf999a,
            0xbeb86666, 0xbeb13333, 0xbeaa0000, 0xbea2cccc, 0xbe9b999a, 0xbe946666, 0xbe8d3334, 0xbe860000, 0xbe7d9999,
            0xbe6f3333, 0xbe60cccd, 0xbe526666, 0xbe440000, 0xbe35999a, 0xbe273333, 0xbe18cccd, 0xbe0a6666, 0xbdf80000,
            0xbddb3334, 0xbdc9eb85, 0xbdc428f7, 0xbdbe6667, 0xbdb8a3d7, 0xbdb2e148, 0xbdad1eb8, 0xbda75c2a, 0xbda1999a,
            0xbd9bd70a, 0xbd96147b, 0xbd9051eb, 0xbd8a8f5d, 0xbd84cccd, 0xbd7e147b, 0xbd728f5d, 0xbd670a3d, 0xbd5b851f,
            0xbd500000, 0xbd447ae1, 0xbd38f5c3, 0xbd2d70a3, 0xbd21eb85, 0xbd166667, 0xbd0ae148, 0xbcfeb852, 0xbce7ae15,
            0xbcd0a3d7, 0xbcb9999a, 0xbca28f5d, 0xbc8b851f, 0xbc68f5c3, 0xbc3ae148, 0xbc1f3b64, 0xbc160418, 0xbc0ccccd,
            0xbc039581, 0xbbf4bc6a, 0xbbe24dd3, 0xbbcfdf3b, 0xbbbd70a4, 0xbbab020d, 0xbb989374, 0xbb8624dd, 0xbb676c8a,
            0xbb428f5c, 0xbb1db22d, 0xbaf1a9fc, 0xbaa7ef9d, 0xba7765ff, 0xba59e83e, 0xba3c6a80, 0xba1eecc1, 0xba016f01,
            0xb9c7e283, 0xb98ce705, 0xb923d70b, 0xb8ba1f4b, 0xb88aefb3, 0xb8378034, 0xb7b24206, 0xb70205ff, 0xb65a1a94,
            0xb513a3b7, 0x00000000, 0x3513a3b7, 0x365a1a94, 0x370205ff, 0x37b24206, 0x38378034, 0x388aefb3, 0x38ba1f4b,
            0x3923d70b, 0x398ce705, 0x39c7e283, 0x3a016f01, 0x3a1eecc1, 0x3a3c6a80, 0x3a59e83e, 0x3a7765ff, 0x3aa7ef9d,
            0x3af1a9fc, 0x3b1db22d, 0x3b428f5c, 0x3b676c8a, 0x3b8624dd, 0x3b989374, 0x3bab020d, 0x3bbd70a4, 0x3bcfdf3b,
            0x3be24dd3, 0x3bf4bc6a, 0x3c039581, 0x3c0ccccd, 0x3c160418, 0x3c1f3b64, 0x3c3ae148, 0x3c68f5c3, 0x3c8b851f,
            0x3ca28f5d, 0x3cb9999a, 0x3cd0a3d7, 0x3ce7ae15, 0x3cfeb852, 0x3d0ae148, 0x3d166667, 0x3d21eb85, 0x3d2d70a3,
            0x3d38f5c3, 0x3d447ae1, 0x3d500000, 0x3d5b851f, 0x3d670a3d, 0x3d728f5d, 0x3d7e147b, 0x3d84cccd, 0x3d8a8f5d,
            0x3d9051eb, 0x3d96147b, 0x3d9bd70a, 0x3da1999a, 0x3da75c2a, 0x3dad1eb8, 0x3db2e148, 0x3db8a3d7, 0x3dbe6667,
            0x3dc428f7, 0x3dc9eb85, 0x3ddb3334, 0x3df80000, 0x3e0a6666, 0x3e18cccd, 0x3e273333, 0x3e35999a, 0x3e440000,
            0x3e526666, 0x3e60cccd, 0x3e6f3333, 0x3e7d9999, 0x3e860000, 0x3e8d3334, 0x3e946666, 0x3e9b999a, 0x3ea2cccc,
            0x3eaa0000, 0x3eb13333, 0x3eb86666, 0x3ebf999a, 0x3ec6cccc, 0x3ece0000, 0x3ed53333, 0x3edc6666, 0x3ee3999a,
            0x3eeacccc, 0x3ef20000, 0x3ef93332, 0x3f003333, 0x3f03cccc, 0x3f076666, 0x3f0b0000, 0x3f0e999a, 0x3f123334,
            0x3f15cccd, 0x3f196666, 0x3f1d0000, 0x3f20999a, 0x3f243334, 0x3f27cccd, 0x3f2b6666, 0x3f2f0000, 0x3f32999a,
            0x3f363334, 0x3f39cccd, 0x3f3d6666, 0x3f410000, 0x3f44999a, 0x3f483333, 0x3f4bcccd, 0x3f4f6666, 0x3f530000,
            0x3f56999a, 0x3f5a3333, 0x3f5dcccd, 0x3f616666, 0x3f650000, 0x3f68999a, 0x3f6c3333, 0x3f6fcccd, 0x3f736666,
            0x3f770000, 0x3f7a999a, 0x3f7e3333, 0x3f800000,
        };
        std::vector<float> values(256);
        for (int i = 0; i < 256; ++i)
            values[i] = std::bit_cast<float>(words[i]);
        return tableTensor(values);
    }();
    return map;
}

torch::Tensor padTo(const torch::Tensor& flat, int64_t block)
{
    const int64_t n = flat.numel();
    const int64_t padded = (n + block - 1) / block * block;
    return padded == n ? flat : torch::cat({flat, torch::zeros({padded - n}, flat.options())});
}

// Non-NaN maximum of |x| per block (bitsandbytes' 8-bit blockwise kernel ignores NaN).
torch::Tensor nanIgnoringAbsmax(const torch::Tensor& padded, int64_t block)
{
    const auto a = padded.abs();
    return std::get<0>(torch::where(torch::isnan(a), torch::zeros_like(a), a).reshape({-1, block}).max(1));
}

} // namespace

const std::vector<float>& nf4Table()
{
    static const std::vector<float> table {-1.0f,
                                           -0.6961928009986877f,
                                           -0.5250730514526367f,
                                           -0.39491748809814453f,
                                           -0.28444138169288635f,
                                           -0.18477343022823334f,
                                           -0.09105003625154495f,
                                           0.0f,
                                           0.07958029955625534f,
                                           0.16093020141124725f,
                                           0.24611230194568634f,
                                           0.33791524171829224f,
                                           0.44070982933044434f,
                                           0.5626170039176941f,
                                           0.7229568362236023f,
                                           1.0f};
    return table;
}

const std::vector<float>& fp4Table()
{
    // get_4bit_type("fp4"): sign, two exponent bits counting down, one mantissa bit, over 12.
    static const std::vector<float> table = [] {
        const float magnitudes[16] = {0, 0.0625f, 8, 12, 4, 6, 2, 3, 0, -0.0625f, -8, -12, -4, -6, -2, -3};
        std::vector<float> t;
        for (float m : magnitudes)
            t.push_back(m / 12.0f);
        return t;
    }();
    return table;
}

namespace {

// bitsandbytes 0.50's 8-bit blockwise coder on the CPU (quantize_cpu_impl): not the nearest entry but
// a 65,536-bin table, bin i holding how many midpoints of the map lie below −1 + 2i / 65535, indexed
// by trunc(fma((v + 1) / 2, 65535, 0.5)).
const torch::Tensor& dynamicBins()
{
    static const torch::Tensor bins = [] {
        const auto map = dynamicMap();
        const auto mid = (map.narrow(0, 0, 255) + map.narrow(0, 1, 255)) * 0.5f;
        const auto i = torch::arange(65536, torch::kFloat32);
        const auto value = ((i * 2.0f) / 65535.0f) - 1.0f;
        return torch::searchsorted(mid, value, /*out_int32=*/false, /*right=*/false).to(torch::kUInt8);
    }();
    return bins;
}

torch::Tensor dynamicCodes(const torch::Tensor& v)
{
    const auto t = (v + 1.0f) * 0.5f;
    // The kernel's fused multiply-add: the double product and sum are exact, one rounding to float32.
    const auto scaled = (t.to(torch::kFloat64) * 65535.0 + 0.5).to(torch::kFloat32);
    const auto bin = torch::trunc(scaled).to(torch::kInt64);
    return dynamicBins().to(v.device()).index({bin});
}

} // namespace

Bnb4bit bnbQuantize4bit(const torch::Tensor& w, bool nf4, int blockSize, bool doubleQuant)
{
    // As bitsandbytes 0.50's quantize_4bit on the CPU (docs/verification.md): the flattened tensor in
    // float32, whole blocks scaled by x · fl32(1 / max(absmax, 1e-38)) and a last partial block by
    // x / max(absmax, 1e-38) (the stored absmax: unclamped for whole blocks, clamped for the partial one).
    const auto flat = w.detach().to(torch::kFloat32).contiguous().reshape({-1});
    const int64_t n = flat.numel(), whole = n / blockSize * blockSize;
    std::vector<torch::Tensor> scaled, absmaxes;
    if (whole > 0) {
        const auto blocks = flat.narrow(0, 0, whole).reshape({-1, blockSize});
        const auto am = std::get<0>(blocks.abs().max(1));
        scaled.push_back(
            (blocks * torch::reciprocal(am.clamp_min(1e-38f)).unsqueeze(1)).clamp(-1.0, 1.0).reshape({-1}));
        absmaxes.push_back(am);
    }
    if (whole < n) {
        const auto tail = flat.narrow(0, whole, n - whole);
        const auto am = tail.abs().max().clamp_min(1e-38f);
        scaled.push_back((tail / am).clamp(-1.0, 1.0));
        absmaxes.push_back(am.reshape({1}));
    }
    const auto table = tableTensor(nf4 ? nf4Table() : fp4Table()).to(flat.device());
    // Sorted (stably: FP4's two zeros keep index order) for the buckets, mapped back to codes.
    const auto [sorted, order] = torch::sort(table, /*stable=*/true, 0, false);
    Bnb4bit out;
    out.codes = order.index({bucketIndex(torch::cat(scaled), sorted)}).to(torch::kUInt8);
    out.absmax = torch::cat(absmaxes);
    if (doubleQuant) {
        const auto map = dynamicMap().to(flat.device());
        const int64_t blocks = out.absmax.numel();
        out.offset = out.absmax.mean();
        const auto centred = padTo(out.absmax - out.offset, 256).reshape({-1, 256});
        out.absmax2 = nanIgnoringAbsmax(centred.reshape({-1}), 256);
        const auto inverse =
            torch::where(out.absmax2 > 0, torch::reciprocal(out.absmax2), torch::zeros_like(out.absmax2));
        const auto v = (centred * inverse.unsqueeze(1)).clamp(-1.0, 1.0);
        // A 256-block whose absmax2 is 0 codes to 0 (the kernel skips the division).
        auto codes = dynamicCodes(v.reshape({-1}));
        const auto zeroBlock = (out.absmax2 == 0).repeat_interleave(256);
        codes = torch::where(zeroBlock, torch::zeros_like(codes), codes);
        out.absmaxCodes = codes.narrow(0, 0, blocks);
        const auto decoded =
            map.index({out.absmaxCodes.to(torch::kInt64)}) * out.absmax2.repeat_interleave(256).narrow(0, 0, blocks);
        out.absmax = decoded + out.offset;
    }
    const auto values = table.index({out.codes.to(torch::kInt64)});
    const auto perElement = out.absmax.repeat_interleave(blockSize).narrow(0, 0, n);
    out.weight = (values * perElement).reshape(w.sizes());
    return out;
}

Int8Rows int8RowQuantize(const torch::Tensor& x)
{
    // As bitsandbytes' int8_vectorwise_quant on the CPU: the float16 values, scale fl32(1 / absmax) · 127
    // (torch's 127 / t), codes rounded half to even; an all-zero row codes to 0.
    const auto x16 = x.detach().to(torch::kHalf).to(torch::kFloat32);
    Int8Rows out;
    out.absmax = std::get<0>(x16.abs().max(-1, /*keepdim=*/true));
    const auto scale = torch::reciprocal(out.absmax) * 127.0f;
    const auto codes = torch::round(x16 * scale);
    out.codes = torch::where(torch::isnan(codes), torch::zeros_like(codes), codes);
    out.weight = out.codes * out.absmax * kInt8Dequant;
    return out;
}

HqqResult hqqQuantize(const torch::Tensor& w, int bits, int groupSize)
{
    const auto W = w.detach().to(torch::kFloat32).contiguous().reshape({-1, groupSize});
    const float maxV = float((1 << bits) - 1);
    const auto mn = std::get<0>(W.min(1, true));
    const auto mx = std::get<0>(W.max(1, true));
    const auto denom = mx - mn;
    // Python's max_v / denom is torch's reciprocal(denom) · max_v (Tensor.__rtruediv__).
    auto s = torch::reciprocal(denom) * maxV;
    s = torch::where(denom.abs() <= 1e-4f, torch::ones_like(s), s).clamp_max(2e4);
    auto z = -mn * s;
    if (bits == 4)
        z = torch::round(z); // BaseQuantizeConfig's round_zero for 4 bits
    // The exponent p − 1 as Python computes it (a double, −0.30000000000000004), which torch applies as
    // the float −0.3f; 1 / beta as the float 0.1f.
    const double p = 0.7, beta = 10.0;
    float best = std::numeric_limits<float>::infinity();
    HqqResult out;
    for (int i = 0; i < 20; ++i) {
        const auto q = torch::clamp(torch::round(W * s + z), 0.0, maxV);
        const auto r = (q - z) / s;
        const auto d = W - r;
        auto shrunk = d.abs();
        shrunk = torch::clamp_min(shrunk - (1.0 / beta) * shrunk.pow(p - 1.0), 0.0) * torch::sign(d);
        z = (q - (W - shrunk) * s).mean(1, true);
        out.iterations = i + 1;
        const float err = (W - r).abs().mean().item<float>();
        if (err < best)
            best = err;
        else
            break;
    }
    out.codes = torch::clamp(torch::round(W * s + z), 0.0, maxV);
    out.scale = torch::reciprocal(s);
    out.zero = z;
    out.weight = ((out.codes - z) * out.scale).reshape(w.sizes());
    return out;
}

namespace {

using Quantizer = WeightQuantization (*)(const torch::Tensor&, const QuantConfig&, int, const std::string&);

void requireDivides(int64_t block, const torch::Tensor& w, const std::string& layer, const char* what)
{
    if (w.size(1) % block != 0)
        throw ConfigError(layer + ": " + what + " of " + std::to_string(block) + " do not divide its "
                          + std::to_string(w.size(1)) + " input columns");
}

WeightQuantization rtn(const torch::Tensor& w, const QuantConfig& c, int bits, const std::string&)
{
    return {rtnQuantize(w, bits, c.groupSize, c.symmetric), {}};
}

WeightQuantization hqq(const torch::Tensor& w, const QuantConfig& c, int bits, const std::string& layer)
{
    requireDivides(c.groupSize, w, layer, "HQQ groups");
    HqqResult r = hqqQuantize(w, bits, c.groupSize);
    return {r.weight, {{"codes", r.codes}, {"scale", r.scale}, {"zero", r.zero}}};
}

WeightQuantization bnb4(const torch::Tensor& w, const QuantConfig& c, int, const std::string&)
{
    Bnb4bit r = bnbQuantize4bit(w, c.method == QuantMethod::Nf4, c.groupSize, c.doubleQuant);
    WeightQuantization out {r.weight, {{"codes", r.codes}, {"absmax", r.absmax}}};
    if (c.doubleQuant) {
        out.parts.emplace_back("absmax_codes", r.absmaxCodes);
        out.parts.emplace_back("absmax2", r.absmax2);
        out.parts.emplace_back("offset", r.offset.reshape({1}));
    }
    return out;
}

WeightQuantization mx(const torch::Tensor& w, const QuantConfig&, int bits, const std::string& layer)
{
    requireDivides(32, w, layer, "MX blocks");
    MxQuantized r = mxQuantize(w, bits == 4 ? e2m1 : e4m3);
    return {r.values, {{"elements", r.elements}, {"scales", r.scaleBytes}}};
}

WeightQuantization nvfp4(const torch::Tensor& w, const QuantConfig&, int, const std::string& layer)
{
    requireDivides(16, w, layer, "NVFP4 blocks");
    const auto amax = w.detach().to(torch::kFloat32).abs().max();
    if (amax.item<float>() == 0.0f)
        return {torch::zeros_like(w, torch::kFloat32), {}};
    const auto tensorScale = nvfp4TensorScale(amax);
    Nvfp4Quantized r = nvfp4Quantize(w, tensorScale);
    return {r.values,
            {{"elements", r.elements}, {"block_scales", r.blockScales}, {"tensor_scale", tensorScale.reshape({1})}}};
}

WeightQuantization fp8(const torch::Tensor& w, const QuantConfig& c, int, const std::string&)
{
    const auto a = w.detach().to(torch::kFloat32).abs();
    const auto amax = c.groupSize == 0 ? a.max() : std::get<0>(a.max(1, true));
    torch::Tensor scale;
    const auto q = fp8Quantize(w, amax, c.element == "e5m2" ? e5m2 : e4m3, &scale);
    return {q, {{"scales", scale.reshape({-1})}}};
}

WeightQuantization int8(const torch::Tensor& w, const QuantConfig&, int, const std::string& layer)
{
    const double largest = w.detach().abs().max().item<double>();
    if (largest > 65504.0)
        throw ConfigError(layer
                          + ": LLM.int8 holds weights in float16, whose largest value is 65504; this weight "
                            "reaches "
                          + std::to_string(largest));
    const Int8Rows r = int8RowQuantize(w);
    return {r.weight, {{"codes", r.codes}, {"scales", r.absmax.reshape({-1})}}};
}

// AWQ's data-free half: the scales are already in the weights (awq.h).
WeightQuantization awq(const torch::Tensor& w, const QuantConfig& c, int bits, const std::string&)
{
    CtIntQuantized r = ctIntQuantize(w, bits, c.groupSize);
    return {r.weight, {{"codes", r.codes}, {"scale", r.scale}, {"zero", r.zero}}};
}

const std::map<QuantMethod, Quantizer>& quantizers()
{
    static const std::map<QuantMethod, Quantizer> table {
        {QuantMethod::Rtn, rtn},   {QuantMethod::Hqq, hqq},  {QuantMethod::Nf4, bnb4},    {QuantMethod::Fp4, bnb4},
        {QuantMethod::Mxfp4, mx},  {QuantMethod::Mxfp8, mx}, {QuantMethod::Nvfp4, nvfp4}, {QuantMethod::Fp8, fp8},
        {QuantMethod::Int8, int8}, {QuantMethod::Awq, awq},
    };
    return table;
}

} // namespace

WeightQuantization quantizeWeight(const torch::Tensor& w, const QuantConfig& config, int bits, const std::string& layer)
{
    TORCH_CHECK(w.dim() == 2, "quantizeWeight expects a 2-D weight");
    if (bits >= 16 || config.method == QuantMethod::None)
        return {w, {}};
    const auto it = quantizers().find(config.method);
    if (it == quantizers().end())
        throw Error("method '" + toString(config.method) + "' is not a data-free quantizer (" + layer + ")");
    return it->second(w, config, bits, layer);
}

} // namespace qs
