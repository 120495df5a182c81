// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The method table (quantMethods) and the activation formats' words: what each quantizer accepts, as data.
#include "core/config/quantmethods.h"
#include "core/common/errors.h"
#include "core/common/kinds.h"

#include <cctype>
#include <string>
#include <vector>

namespace qs {

namespace {

[[noreturn]] void fail(const std::string& what)
{
    throw ConfigError(what);
}

std::vector<int> range(int lo, int hi)
{
    std::vector<int> v;
    for (int b = lo; b <= hi; ++b)
        v.push_back(b);
    return v;
}

} // namespace

const std::vector<MethodTraits>& quantMethods()
{
    using G = GroupRule;
    // One method per line: name, label, bits, bits a kind rule may give, default group, group rule,
    // sym/asym apply, symmetric, bits in the name, calibrated, reference library, example spec.
    // clang-format off
    static const std::vector<MethodTraits> table {
        {QuantMethod::None, methods::none, "FP", {}, {}, -1, G::ChannelOrGroups, false, true, false, false, "", "none:a4"},
        {QuantMethod::Rtn, methods::rtn, "RTN", range(2, 8), range(2, 8), -1, G::ChannelOrGroups, true, true, false, false, "", "rtn:4:g128:sym"},
        {QuantMethod::Gptq, methods::gptq, "GPTQ", range(2, 8), range(2, 8), -1, G::ChannelOrGroups, true, true, false, true, "GPTQModel", "gptq:4:g128:sym:act"},
        {QuantMethod::Awq, "awq", "AWQ", range(2, 8), range(2, 8), 128, G::ChannelOrGroups, false, false, false, true, "llm-compressor", "awq:4:g128"},
        {QuantMethod::Hqq, "hqq", "HQQ", {2, 3, 4, 8}, {2, 3, 4, 8}, 64, G::Groups, false, false, false, false, "hqq", "hqq:4"},
        {QuantMethod::Nf4, "nf4", "NF4", {4}, {}, 64, G::Blocks, false, true, true, false, "bitsandbytes", "nf4"},
        {QuantMethod::Fp4, "fp4", "FP4", {4}, {}, 64, G::Blocks, false, true, true, false, "bitsandbytes", "fp4"},
        {QuantMethod::Mxfp4, "mxfp4", "MXFP4", {4}, {4, 8}, 32, G::Fixed, false, true, true, false, "torchao", "mxfp4:a4mx:down=a8mx"},
        {QuantMethod::Mxfp8, "mxfp8", "MXFP8", {8}, {4, 8}, 32, G::Fixed, false, true, true, false, "torchao", "mxfp8:a8mx"},
        {QuantMethod::Nvfp4, "nvfp4", "NVFP4", {4}, {}, 16, G::Fixed, false, true, true, false, "torchao", "nvfp4:a4nv"},
        {QuantMethod::Fp8, "fp8", "FP8", {8}, {}, -1, G::TensorOrChannel, false, true, true, false, "compressed-tensors", "fp8:a8fp"},
        {QuantMethod::Int8, "int8", "LLM.int8", {8}, {}, -1, G::Channel, false, true, true, false, "bitsandbytes", "int8:a8lt"},
    };
    // clang-format on
    return table;
}

const MethodTraits& traitsOf(QuantMethod method)
{
    for (const MethodTraits& t : quantMethods()) {
        if (t.method == method)
            return t;
    }
    fail("quantization method " + std::to_string(int(method)) + " has no entry in the method table");
}

std::string toString(QuantMethod method)
{
    return traitsOf(method).name;
}

QuantMethod quantMethodFromString(const std::string& name)
{
    if (name == fpConfigId)
        return QuantMethod::None;
    std::string names;
    for (const MethodTraits& t : quantMethods()) {
        std::string upper = t.name;
        for (char& ch : upper)
            ch = char(std::toupper(static_cast<unsigned char>(ch)));
        if (name == t.name || name == upper)
            return t.method;
        names += (names.empty() ? "" : ", ") + std::string(t.name);
    }
    fail("unknown quantization method '" + name + "' (this build supports: " + names + ")");
}

std::string toString(ActFormat format)
{
    switch (format) {
    case ActFormat::Int:
        return "";
    case ActFormat::Mx:
        return "mx";
    case ActFormat::Nv:
        return "nv";
    case ActFormat::Fp8:
        return "fp";
    case ActFormat::Lt:
        return "lt";
    }
    return "?";
}

bool actFormatTakes(ActFormat format, int bits)
{
    switch (format) {
    case ActFormat::Int:
        return bits >= 2 && bits <= 8;
    case ActFormat::Mx:
        return bits == 4 || bits == 8;
    case ActFormat::Nv:
        return bits == 4;
    case ActFormat::Fp8:
    case ActFormat::Lt:
        return bits == 8;
    }
    return false;
}

std::string actText(int bits, ActFormat format, int groupSize)
{
    // Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on "a" + std::to_string(…).
    std::string s(1, 'a');
    s += std::to_string(bits);
    s += toString(format);
    if (format == ActFormat::Int && groupSize > 0) {
        s += 'g';
        s += std::to_string(groupSize);
    }
    return s;
}

std::string actLabel(int bits, ActFormat format)
{
    if (bits >= 16)
        return "A16";
    switch (format) {
    case ActFormat::Int:
        return "A" + std::to_string(bits);
    case ActFormat::Mx:
        return bits == 4 ? "A-MXFP4" : "A-MXFP8";
    case ActFormat::Nv:
        return "A-NVFP4";
    case ActFormat::Fp8:
        return "A-FP8";
    case ActFormat::Lt:
        return "A-LLM.int8";
    }
    return "?";
}

} // namespace qs
