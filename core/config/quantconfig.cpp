// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// QuantConfig: the spec shorthand, validation, ids, labels and JSON, all driven by the method table.
#include "core/common/errors.h"
#include "core/common/kinds.h"
#include "core/config/config.h"
#include "core/config/quantmethods.h"
#include "core/formats/jsonfields.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <sstream>

using nlohmann::json;

namespace qs {

namespace {

[[noreturn]] void fail(const std::string& what)
{
    throw ConfigError(what);
}

} // namespace

namespace {

constexpr int kMaxGroupSize = 1 << 20;
const WholeRange kBlockSize {1, 1 << 16};
const WholeRange kCalibSequences {1, 1 << 20};
const WholeRange kCalibSeqLen {2, 1 << 20};
const RealRange kPercDamp = RealRange::closed(0.0, 0.999);

bool isKind(const std::string& kind)
{
    const auto& kinds = layerKinds();
    return std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
}

bool takes(const std::vector<int>& list, int bits)
{
    return std::find(list.begin(), list.end(), bits) != list.end();
}

std::string listText(const std::vector<int>& list)
{
    std::string s;
    for (int b : list)
        s += (s.empty() ? "" : ", ") + std::to_string(b);
    return s;
}

void checkActBits(const std::string& what, int bits, ActFormat format, bool allowFull)
{
    if (allowFull && bits == 16)
        return;
    if (format == ActFormat::Int) {
        if (bits < 2 || bits > 8)
            fail(what + " = " + std::to_string(bits) + " is out of range [2, 8]"
                 + (allowFull ? " (or 16: full precision)" : ""));
        return;
    }
    if (bits == 16)
        fail(what + " = 16 keeps the activations in full precision: drop the format ('" + toString(format) + "')");
    if (!actFormatTakes(format, bits))
        fail(what + " = " + std::to_string(bits) + " is not a bit width of "
             + (format == ActFormat::Mx       ? "MX activations (4: MXFP4, 8: MXFP8)"
                    : format == ActFormat::Nv ? "NVFP4 activations (4)"
                    : format == ActFormat::Lt ? "LLM.int8 activations (8)"
                                              : "FP8 activations (8)"));
}

// "mx" / "nv" / "fp" / "lt" / "" after the activation bits ("i" too in a kind's rule: integers under a
// config whose activations are another format); false for anything else.
bool parseActFormat(const std::string& text, ActFormat& out)
{
    if (text == "i") {
        out = ActFormat::Int;
        return true;
    }
    for (ActFormat f : {ActFormat::Int, ActFormat::Mx, ActFormat::Nv, ActFormat::Fp8, ActFormat::Lt}) {
        if (text == toString(f)) {
            out = f;
            return true;
        }
    }
    return false;
}

// "w4a8" / "w4" / "a8" / "a8mx" / "w16a8fp" -> KindPrecision; false if malformed.
bool parsePrecision(const std::string& text, KindPrecision& out)
{
    size_t i = 0;
    auto number = [&](int& value) {
        const size_t begin = i;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
            ++i;
        if (i == begin || i - begin > 2)
            return false;
        value = std::stoi(text.substr(begin, i - begin));
        return true;
    };
    if (i < text.size() && text[i] == 'w') {
        ++i;
        if (!number(out.bits))
            return false;
    }
    if (i < text.size() && text[i] == 'a') {
        ++i;
        if (!number(out.actBits))
            return false;
        if (i < text.size()) {
            ActFormat f = ActFormat::Int;
            if (!parseActFormat(text.substr(i), f) || (f == ActFormat::Int && text.substr(i) != "i"))
                return false;
            out.actFormat = f;
            i = text.size();
        }
    }
    return i == text.size() && (out.bits != 0 || out.actBits != 0);
}

std::string precisionText(const KindPrecision& p)
{
    std::string s;
    if (p.bits != 0)
        s += "w" + std::to_string(p.bits);
    if (p.actBits != 0)
        s += "a" + std::to_string(p.actBits)
            + (!p.actFormat                         ? std::string()
                   : *p.actFormat == ActFormat::Int ? std::string("i")
                                                    : toString(*p.actFormat));
    return s;
}

// A kind's activation format equal to the config's is the config's: one id per quantization.
void normalizeRules(QuantConfig& c)
{
    for (auto& [kind, p] : c.overrides) {
        if (p.actFormat && *p.actFormat == c.actFormat)
            p.actFormat.reset();
    }
}

// "rot", "rot7", "rotd": how the spec and the id write a rotation.
std::string rotationText(const QuantConfig& c)
{
    if (c.rotation == Rotation::Hadamard)
        return "rotd";
    return c.rotationSeed == 0 ? "rot" : "rot" + std::to_string(c.rotationSeed);
}

std::string groupText(const QuantConfig& c)
{
    return c.groupSize < 0 ? std::string("pc")
        : c.groupSize == 0 ? std::string("pt")
                           : "g" + std::to_string(c.groupSize);
}

} // namespace

QuantConfig QuantConfig::fullPrecision()
{
    QuantConfig c;
    c.method = QuantMethod::None;
    c.bits = 16;
    c.groupSize = -1;
    return c;
}

int QuantConfig::weightBitsFor(const std::string& kind) const
{
    auto it = overrides.find(kind);
    if (it != overrides.end() && it->second.bits != 0)
        return it->second.bits;
    return method == QuantMethod::None ? 16 : bits;
}

int QuantConfig::actBitsFor(const std::string& kind) const
{
    auto it = overrides.find(kind);
    if (it != overrides.end() && it->second.actBits != 0)
        return it->second.actBits;
    return actBits;
}

ActQuant QuantConfig::actQuantFor(const std::string& kind) const
{
    ActQuant a;
    a.bits = actBitsFor(kind);
    a.format = actFormat;
    auto it = overrides.find(kind);
    if (it != overrides.end() && it->second.actFormat)
        a.format = *it->second.actFormat;
    a.groupSize = a.format == ActFormat::Int ? actGroupSize : -1;
    if (!a.active())
        a = ActQuant {};
    return a;
}

bool QuantConfig::quantizesActivations() const
{
    for (const auto& kind : layerKinds()) {
        if (actBitsFor(kind) < 16)
            return true;
    }
    return false;
}

void QuantConfig::validate() const
{
    if (computeDtype != "float32" && computeDtype != "bfloat16" && computeDtype != "float16")
        fail("compute dtype '" + computeDtype + "' is not one of float32, bfloat16, float16");
    const MethodTraits& t = traitsOf(method);
    const std::string name = t.name;
    if (method == QuantMethod::None) {
        if (bits != 16)
            fail("quantization bits = " + std::to_string(bits) + " with method 'none': weights stay at 16 bits");
        if (groupSize != -1 || !symmetric)
            fail("method 'none' keeps weights in full precision: weight group size and asymmetric grids do not apply");
    } else if (method == QuantMethod::Rtn || method == QuantMethod::Gptq) {
        if (bits < 2 || bits > 8)
            fail("quantization bits = " + std::to_string(bits) + " is out of range [2, 8]");
    } else if (!takes(t.bits, bits)) {
        fail("quantization bits = " + std::to_string(bits) + " with method '" + name + "': it takes "
             + listText(t.bits));
    }
    if (!t.choosesSymmetry && symmetric != t.defaultSymmetric)
        fail("method '" + name + "' is "
             + (t.defaultSymmetric ? "symmetric (absmax scales)" : "asymmetric (a zero point)")
             + ": sym / asym do not apply");
    switch (t.groups) {
    case GroupRule::ChannelOrGroups:
        if (groupSize != -1 && (groupSize < 1 || groupSize > kMaxGroupSize))
            fail("quantization group size = " + std::to_string(groupSize) + " must be -1 (per channel) or in [1, "
                 + std::to_string(kMaxGroupSize) + "]");
        break;
    case GroupRule::Groups:
        if (groupSize < 1 || groupSize > kMaxGroupSize)
            fail("quantization group size = " + std::to_string(groupSize) + " with method '" + name
                 + "': it quantizes groups, g<N> with N in [1, " + std::to_string(kMaxGroupSize) + "]");
        break;
    case GroupRule::Blocks:
        if (groupSize < 32 || groupSize > 4096 || (groupSize & (groupSize - 1)) != 0)
            fail("block size = " + std::to_string(groupSize) + " with method '" + name
                 + "': bitsandbytes blocks are 32, 64, 128, …, 4096 values");
        break;
    case GroupRule::Fixed:
        if (groupSize != t.defaultGroupSize)
            fail("block size = " + std::to_string(groupSize) + " with method '" + name + "': the format's block is "
                 + std::to_string(t.defaultGroupSize) + " values");
        break;
    case GroupRule::Channel:
        if (groupSize != -1)
            fail("method '" + name + "' scales per output channel (pc), not per group of " + std::to_string(groupSize));
        break;
    case GroupRule::TensorOrChannel:
        if (groupSize != -1 && groupSize != 0)
            fail("method '" + name + "' scales per tensor (pt) or per output channel (pc), not per group of "
                 + std::to_string(groupSize));
        break;
    }
    if (clip && method != QuantMethod::Awq)
        fail("weight clipping: clip applies to awq only");
    if (method == QuantMethod::Fp8 && element != "e4m3" && element != "e5m2")
        fail("fp8 element format '" + element + "' is not e4m3 or e5m2");
    checkActBits("activation bits", actBits, actFormat, true);
    if (actGroupSize != -1 && (actGroupSize < 1 || actGroupSize > kMaxGroupSize))
        fail("activation group size = " + std::to_string(actGroupSize) + " must be -1 (per token) or in [1, "
             + std::to_string(kMaxGroupSize) + "]");
    if (actBits == 16 && actGroupSize != -1)
        fail("activation group size " + std::to_string(actGroupSize)
             + " given without activation bits (a<bits>g<group>)");
    if (actFormat != ActFormat::Int && actGroupSize != -1)
        fail("activation group size " + std::to_string(actGroupSize) + " with " + actLabel(actBits, actFormat)
             + ": MX and NVFP4 have their own blocks (32, 16), FP8 and LLM.int8 scale per token");
    if (actFormat != ActFormat::Int && actBits == 16)
        fail("activation format '" + toString(actFormat) + "' given without activation bits");
    for (const auto& [kind, p] : overrides) {
        if (!isKind(kind))
            fail("mixed-precision rule for unknown module kind '" + kind + "' (kinds: q, k, v, o, gate, up, down)");
        const std::string rule = "mixed-precision rule '" + kind + "=" + precisionText(p) + "'";
        if (p.bits != 0 && p.bits != 16) {
            if (method == QuantMethod::None)
                fail(rule + " quantizes weights, but method 'none' has no weight quantizer: use a weight method "
                     + "(rtn, gptq, hqq, nf4, …)");
            if (method == QuantMethod::Rtn || method == QuantMethod::Gptq) {
                if (p.bits < 2 || p.bits > 8)
                    fail("weight bits of '" + kind + "' = " + std::to_string(p.bits)
                         + " is out of range [2, 8] (or 16: full precision)");
            } else if (!takes(t.kindBits, p.bits)) {
                fail(rule + ": method '" + name + "' gives a kind "
                     + (t.kindBits.empty() ? std::string("no other bits") : listText(t.kindBits) + " bits")
                     + " (or 16: full precision)");
            }
        }
        if (p.actBits != 0)
            checkActBits("activation bits of '" + kind + "'", p.actBits, p.actFormat.value_or(actFormat), true);
        if (p.actFormat && p.actBits == 0)
            fail(rule + ": an activation format needs its bits (" + kind + "=a4mx)");
    }
    const auto checkRange = [](const std::string& field, double value, double lo, double hi) {
        if (!(value >= lo && value <= hi))
            fail(field + " = " + formatNumber(value) + " is out of range [" + formatNumber(lo) + ", " + formatNumber(hi)
                 + "]");
    };
    if (method == QuantMethod::Gptq) {
        checkRange("gptq damping", percDamp, kPercDamp.min, kPercDamp.max);
        checkRange("gptq block size", blockSize, double(kBlockSize.min), double(kBlockSize.max));
    }
    if (t.calibrated) {
        checkRange(name + " calibration sequences", calibSequences, double(kCalibSequences.min),
                   double(kCalibSequences.max));
        checkRange(name + " calibration length", calibSeqLen, double(kCalibSeqLen.min), double(kCalibSeqLen.max));
    }
    if (rotation != Rotation::None) {
        if (method == QuantMethod::Awq)
            fail("a rotation ('" + rotationText(*this) + "') with awq: AWQ scales the input channels of each "
                 + "linear layer, which the residual stream's rotation mixes; rotate rtn, gptq or the data-free "
                 + "formats instead");
        if (rotationSeed > std::uint64_t(kInt64Max))
            fail("rotation seed = " + std::to_string(rotationSeed) + " is out of range [0, " + std::to_string(kInt64Max)
                 + "]");
        if (rotation == Rotation::Hadamard && rotationSeed != 0)
            fail("rotation seed = " + std::to_string(rotationSeed) + " with the plain Hadamard rotation (rotd), "
                 + "which draws no signs");
    }
    if (calibSeed > std::uint64_t(kInt64Max))
        fail(name + " calibration seed = " + std::to_string(calibSeed) + " is out of range [0, "
             + std::to_string(kInt64Max) + "]");
}

std::string QuantConfig::id() const
{
    std::string s;
    const MethodTraits& t = traitsOf(method);
    const QuantConfig defaults;
    // A calibrated method's own set, where it is not the default one.
    const std::string calibration =
        t.calibrated && (calibSequences != defaults.calibSequences || calibSeqLen != defaults.calibSeqLen)
        ? "_cal" + std::to_string(calibSequences) + "x" + std::to_string(calibSeqLen)
        : std::string();
    if (method == QuantMethod::None) {
        s = fpConfigId;
    } else if (method == QuantMethod::Rtn || method == QuantMethod::Gptq) {
        s = toString(method) + "_w" + std::to_string(bits) + "_" + groupText(*this);
        s += symmetric ? "_sym" : "_asym";
        if (method == QuantMethod::Gptq) {
            s += (actOrder ? "_act" : "_noact") + calibration;
            if (percDamp != defaults.percDamp) {
                char damp[32];
                std::snprintf(damp, sizeof damp, "_damp%g", percDamp);
                s += damp;
            }
        }
    } else {
        s = std::string(t.name) + "_w" + std::to_string(bits);
        if (method == QuantMethod::Fp8)
            s += "_" + element;
        s += "_" + groupText(*this);
        if (method == QuantMethod::Nf4 || method == QuantMethod::Fp4)
            s += doubleQuant ? "_dq" : "";
        s += calibration + (clip ? "_clip" : "");
    }
    if (actBits < 16)
        s += "_" + actText(actBits, actFormat, actGroupSize);
    for (const auto& kind : layerKinds()) {
        auto it = overrides.find(kind);
        if (it != overrides.end())
            s += "_" + kind + "." + precisionText(it->second);
    }
    if (rotation != Rotation::None)
        s += "_" + rotationText(*this);
    return s;
}

std::string QuantConfig::label() const
{
    const MethodTraits& t = traitsOf(method);
    const bool intActs = actFormat == ActFormat::Int;
    const std::string act = actBits < 16 && intActs ? actLabel(actBits, actFormat) : std::string();
    std::string s;
    if (method == QuantMethod::None) {
        s = actBits < 16        ? "W16" + (intActs ? act : " " + actLabel(actBits, actFormat))
            : overrides.empty() ? std::string("FP")
                                : std::string("W16A16");
    } else if (method == QuantMethod::Rtn || method == QuantMethod::Gptq) {
        s = t.label;
        s += " W" + std::to_string(bits) + act;
        s += groupSize < 0 ? std::string(" per-channel") : " g" + std::to_string(groupSize);
        s += symmetric ? " sym" : " asym";
        if (method == QuantMethod::Gptq && actOrder)
            s += " act-order";
    } else {
        s = t.label;
        if (method == QuantMethod::Hqq)
            s += " W" + std::to_string(bits) + act + " g" + std::to_string(groupSize);
        else if (method == QuantMethod::Awq)
            s += " W" + std::to_string(bits) + act
                + (groupSize < 0 ? std::string(" per-channel") : " g" + std::to_string(groupSize))
                + (clip ? " clip" : "");
        else if (method == QuantMethod::Int8)
            s += actFormat == ActFormat::Lt && actBits == 8 ? std::string(" W8A8")
                : act.empty()                               ? std::string(" W8")
                                                            : " W8 " + act;
        else if (!act.empty())
            s += " " + act;
        if (method == QuantMethod::Fp8) {
            std::string e = element;
            for (char& ch : e)
                ch = char(std::toupper(static_cast<unsigned char>(ch)));
            s += " " + e + (groupSize == 0 ? " per-tensor" : " per-channel");
        }
        if (t.groups == GroupRule::Blocks) {
            s += " g" + std::to_string(groupSize);
            if (doubleQuant)
                s += " double-quant";
        }
    }
    if (actBits < 16 && !intActs && method != QuantMethod::None
        && !(method == QuantMethod::Int8 && actFormat == ActFormat::Lt))
        s += " " + actLabel(actBits, actFormat);
    if (actBits < 16 && actGroupSize > 0)
        s += " (act g" + std::to_string(actGroupSize) + ")";
    std::string rules;
    for (const auto& kind : layerKinds()) {
        auto it = overrides.find(kind);
        if (it == overrides.end())
            continue;
        const KindPrecision& p = it->second;
        std::string r;
        if (p.bits != 0)
            r += "W" + std::to_string(p.bits);
        if (p.actBits != 0) {
            const ActFormat f = p.actFormat.value_or(actFormat);
            r += (r.empty() || f != ActFormat::Int ? std::string(r.empty() ? "" : " ") : std::string())
                + actLabel(p.actBits, f);
        }
        rules += (rules.empty() ? "" : ", ") + kind + " " + r;
    }
    if (!rules.empty())
        s += ", " + rules;
    if (rotation == Rotation::Random)
        s += rotationSeed == 0 ? std::string(", rotated") : ", rotated s" + std::to_string(rotationSeed);
    else if (rotation == Rotation::Hadamard)
        s += ", Hadamard-rotated";
    if (computeDtype != "float32")
        s += ", " + computeDtype;
    return s;
}

std::string QuantConfig::toJson() const
{
    json j {{"method", toString(method)}, {"bits", bits}, {"group_size", groupSize}, {"symmetric", symmetric}};
    if (method == QuantMethod::Gptq) {
        j["act_order"] = actOrder;
        j["percdamp"] = percDamp;
        j["block_size"] = blockSize;
    }
    if (traitsOf(method).calibrated) {
        j["calib_sequences"] = calibSequences;
        j["calib_seq_len"] = calibSeqLen;
        j["calib_seed"] = calibSeed;
    }
    if (method == QuantMethod::Nf4 || method == QuantMethod::Fp4)
        j["double_quant"] = doubleQuant;
    if (method == QuantMethod::Fp8)
        j["element"] = element;
    if (method == QuantMethod::Awq)
        j["clip"] = clip;
    // Weight-only configs keep the JSON they had before activation quantization existed.
    if (actBits != 16 || actGroupSize != -1) {
        j["act_bits"] = actBits;
        j["act_group_size"] = actGroupSize;
    }
    if (actFormat != ActFormat::Int)
        j["act_format"] = toString(actFormat);
    if (!overrides.empty()) {
        json rules = json::object();
        for (const auto& [kind, p] : overrides) {
            rules[kind] = json {{"bits", p.bits}, {"act_bits", p.actBits}};
            if (p.actFormat)
                rules[kind]["act_format"] = *p.actFormat == ActFormat::Int ? "int" : toString(*p.actFormat);
        }
        j["overrides"] = rules;
    }
    // Unrotated configs keep the JSON they had before rotations existed.
    if (rotation != Rotation::None) {
        j["rotation"] = rotation == Rotation::Random ? "random" : "hadamard";
        if (rotation == Rotation::Random)
            j["rotation_seed"] = rotationSeed;
    }
    // float32 configs keep the JSON they had before other compute types existed.
    if (computeDtype != "float32")
        j["compute_dtype"] = computeDtype;
    return j.dump();
}

QuantConfig QuantConfig::fromJson(const std::string& text)
{
    const char* what = "quantization config";
    const json j = parseJsonObject(text, what);
    try {
        const JsonObject o(j, "");
        o.allowOnly({"method",   "bits",           "group_size",      "symmetric",     "act_order",
                     "percdamp", "block_size",     "calib_sequences", "calib_seq_len", "calib_seed",
                     "act_bits", "act_group_size", "act_format",      "double_quant",  "element",
                     "clip",     "overrides",      "compute_dtype",   "rotation",      "rotation_seed"});
        QuantConfig c;
        if (auto method = o.text("method"))
            c.method = quantMethodFromString(*method);
        const MethodTraits& t = traitsOf(c.method);
        if (c.method == QuantMethod::None)
            c.bits = 16;
        else if (t.bitsInName)
            c.bits = t.bits.front();
        c.groupSize = t.defaultGroupSize;
        c.symmetric = t.defaultSymmetric;
        // Ranges that keep every value in its type; validate() then applies the rules between fields
        // (16 bits only without a weight quantizer, …) with the messages the spec strings get.
        const WholeRange bits {.min = 2, .max = 8, .special = 16, .specialMeaning = "full precision"};
        const auto groups = [](const char* meaning) {
            return WholeRange {.min = 1, .max = kMaxGroupSize, .special = -1, .specialMeaning = meaning};
        };
        c.bits = int(o.whole("bits", bits).value_or(c.bits));
        c.groupSize = c.method == QuantMethod::Fp8
            ? int(o.whole("group_size", {.min = -1, .max = 0}).value_or(c.groupSize))
            : int(o.whole("group_size", groups("per channel")).value_or(c.groupSize));
        c.symmetric = o.flag("symmetric").value_or(c.symmetric);
        c.actOrder = o.flag("act_order").value_or(c.actOrder);
        c.percDamp = o.real("percdamp", kPercDamp).value_or(c.percDamp);
        c.blockSize = int(o.whole("block_size", kBlockSize).value_or(c.blockSize));
        c.calibSequences = int(o.whole("calib_sequences", kCalibSequences).value_or(c.calibSequences));
        c.calibSeqLen = int(o.whole("calib_seq_len", kCalibSeqLen).value_or(c.calibSeqLen));
        c.calibSeed = std::uint64_t(o.whole("calib_seed", {0, kInt64Max}).value_or(std::int64_t(c.calibSeed)));
        if (o.has("double_quant") && c.method != QuantMethod::Nf4 && c.method != QuantMethod::Fp4)
            fail("double_quant applies to nf4 and fp4 only");
        if (o.has("element") && c.method != QuantMethod::Fp8)
            fail("element applies to fp8 only");
        c.clip = o.flag("clip").value_or(c.clip);
        c.doubleQuant = o.flag("double_quant").value_or(c.doubleQuant);
        c.element = o.word("element", {"e4m3", "e5m2"}).value_or(c.element);
        c.actBits = int(o.whole("act_bits", bits).value_or(c.actBits));
        c.actGroupSize = int(o.whole("act_group_size", groups("per token")).value_or(c.actGroupSize));
        if (auto format = o.word("act_format", {"mx", "nv", "fp", "lt"}))
            parseActFormat(*format, c.actFormat);
        if (auto rotation = o.word("rotation", {"random", "hadamard"}))
            c.rotation = *rotation == "random" ? Rotation::Random : Rotation::Hadamard;
        if (o.has("rotation_seed") && c.rotation != Rotation::Random)
            fail("rotation_seed applies to the random rotation only");
        c.rotationSeed = std::uint64_t(o.whole("rotation_seed", {0, kInt64Max}).value_or(0));
        if (auto dtype = o.text("compute_dtype"))
            c.computeDtype = *dtype;
        if (auto rules = o.object("overrides")) {
            for (auto rule = rules->value().begin(); rule != rules->value().end(); ++rule) {
                const JsonObject r(rule.value(), rules->pathOf(rule.key()));
                r.allowOnly({"bits", "act_bits", "act_format"});
                // 0 keeps the config's value; validate() checks the rest.
                KindPrecision p;
                p.bits = int(r.whole("bits", {0, 16}).value_or(0));
                p.actBits = int(r.whole("act_bits", {0, 16}).value_or(0));
                if (auto format = r.word("act_format", {"int", "mx", "nv", "fp", "lt"})) {
                    ActFormat f = ActFormat::Int;
                    parseActFormat(*format == "int" ? std::string() : *format, f);
                    p.actFormat = f;
                }
                c.overrides[rule.key()] = p;
            }
        }
        normalizeRules(c);
        c.validate();
        return c;
    } catch (const ConfigError& e) {
        fail(std::string(what) + ": " + e.what());
    }
}

QuantConfig QuantConfig::parse(const std::string& spec)
{
    std::vector<std::string> parts;
    std::stringstream ss(spec);
    for (std::string part; std::getline(ss, part, ':');)
        parts.push_back(part);
    const std::string usage = "quantization spec '" + spec
        + "': expected method:bits[:options], e.g. rtn:4:g32:sym, gptq:3:g128:sym:act, rtn:4:g128:a4:down=a8, "
          "none:a4, nf4, mxfp4:a4mx or hqq:3";
    if (parts.empty() || spec.back() == ':')
        fail(usage);
    QuantConfig c;
    c.method = quantMethodFromString(parts[0]);
    const MethodTraits& t = traitsOf(c.method);
    c.groupSize = t.defaultGroupSize;
    c.symmetric = t.defaultSymmetric;
    size_t next = 1;
    const auto isDigits = [](const std::string& s) {
        return !s.empty() && s.size() <= 2 && s.find_first_not_of("0123456789") == std::string::npos;
    };
    if (c.method == QuantMethod::None) {
        c.bits = 16;
    } else if (t.bitsInName && (parts.size() < 2 || !isDigits(parts[1]))) {
        c.bits = t.bits.front();
    } else {
        if (parts.size() < 2)
            fail(usage);
        const std::string& b = parts[1];
        if (!isDigits(b))
            fail("quantization spec '" + spec + "': bits '" + b + "' is not a whole number in "
                 + (c.method == QuantMethod::Rtn || c.method == QuantMethod::Gptq ? std::string("[2, 8]")
                                                                                  : "{" + listText(t.bits) + "}"));
        c.bits = std::stoi(b);
        next = 2;
    }
    auto digitsFrom = [](const std::string& s, size_t from) {
        return s.size() > from && s.size() - from <= 6 && s.find_first_not_of("0123456789", from) == std::string::npos;
    };
    for (size_t i = next; i < parts.size(); ++i) {
        const std::string& t = parts[i];
        const std::string where = "quantization spec '" + spec + "': ";
        const auto only = [&](QuantMethod m, const char* what) {
            if (c.method != m)
                fail(where + what + " ('" + t + "') applies to " + toString(m) + " only");
        };
        if (t == "pc") {
            c.groupSize = -1;
        } else if (t == "pt") {
            only(QuantMethod::Fp8, "a per-tensor scale");
            c.groupSize = 0;
        } else if (t[0] == 'g' && digitsFrom(t, 1)) {
            c.groupSize = std::stoi(t.substr(1));
        } else if (t == "sym" || t == "asym") {
            c.symmetric = t == "sym";
        } else if (t == "act" || t == "noact") {
            only(QuantMethod::Gptq, "act-order");
            c.actOrder = t == "act";
        } else if (t == "dq" || t == "nodq") {
            if (c.method != QuantMethod::Nf4 && c.method != QuantMethod::Fp4)
                fail(where + "double quantization ('" + t + "') applies to nf4 and fp4 only");
            c.doubleQuant = t == "dq";
        } else if (t == "clip" || t == "noclip") {
            only(QuantMethod::Awq, "weight clipping");
            c.clip = t == "clip";
        } else if (t == "e4m3" || t == "e5m2") {
            only(QuantMethod::Fp8, "an element format");
            c.element = t;
        } else if (t.size() > 1 && t[0] == 'a' && std::isdigit(static_cast<unsigned char>(t[1]))) {
            size_t end = 1;
            while (end < t.size() && std::isdigit(static_cast<unsigned char>(t[end])))
                ++end;
            const std::string rest = t.substr(end);
            ActFormat format = ActFormat::Int;
            int group = -1;
            if (end - 1 > 2
                || (!rest.empty() && !(rest[0] == 'g' && digitsFrom(rest, 1)) && !parseActFormat(rest, format)))
                fail(where + "activation option '" + t + "' must be a<bits>, a<bits>g<group>, a<bits>mx, a<bits>nv, "
                     + "a<bits>fp or a8lt");
            if (!rest.empty() && rest[0] == 'g')
                group = std::stoi(rest.substr(1));
            c.actBits = std::stoi(t.substr(1, end - 1));
            c.actGroupSize = group;
            c.actFormat = format;
        } else if (t.compare(0, 3, "rot") == 0) {
            if (t != "rotd" && t.size() > 3 && !digitsFrom(t, 3))
                fail(where + "rotation option '" + t + "' must be rot, rot<seed> (random signs) or rotd (plain "
                     + "Hadamard)");
            if (c.rotation != Rotation::None)
                fail(where + "two rotation options");
            c.rotation = t == "rotd" ? Rotation::Hadamard : Rotation::Random;
            c.rotationSeed = t != "rotd" && t.size() > 3 ? std::stoull(t.substr(3)) : 0;
        } else if (t.size() > 3 && t.compare(0, 3, "cal") == 0) {
            const size_t x = t.find('x');
            if (x == std::string::npos || !digitsFrom(t.substr(0, x), 3) || !digitsFrom(t, x + 1))
                fail(where + "calibration option '" + t + "' must be cal<sequences>x<length>, e.g. cal128x2048");
            if (!traitsOf(c.method).calibrated)
                fail(where + "calibration ('" + t + "') applies to the calibrated methods (gptq, awq) only");
            c.calibSequences = std::stoi(t.substr(3, x - 3));
            c.calibSeqLen = std::stoi(t.substr(x + 1));
        } else if (t.size() > 4 && t.compare(0, 4, "damp") == 0) {
            only(QuantMethod::Gptq, "damping");
            size_t used = 0;
            double value = -1.0;
            try {
                value = std::stod(t.substr(4), &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used != t.size() - 4 || !(value >= kPercDamp.min && value <= kPercDamp.max))
                fail(where + "damping option '" + t + "' must be damp<fraction of mean diag(H)> in [0, 0.999], "
                     + "e.g. damp0.01");
            c.percDamp = value;
        } else if (const size_t eq = t.find('='); eq != std::string::npos) {
            const std::string kind = t.substr(0, eq);
            KindPrecision p;
            if (!parsePrecision(t.substr(eq + 1), p))
                fail(where + "mixed-precision rule '" + t
                     + "' must be <kind>=w<bits>a<bits>, <kind>=w<bits> or <kind>=a<bits> (a<bits>mx, a<bits>nv, "
                       "a<bits>fp, a8lt for a format, a<bits>i for integers under another)");
            if (c.overrides.count(kind))
                fail(where + "module kind '" + kind + "' has two mixed-precision rules");
            c.overrides[kind] = p;
        } else {
            fail(where + "'" + t
                 + "' is not an option (pc, pt, g<N>, sym, asym, act, noact, cal<N>x<T>, damp<F>, clip, noclip, dq, "
                   "nodq, e4m3, e5m2, a<B>, a<B>g<N>, a<B>mx, a<B>nv, a<B>fp, a8lt, <kind>=w<B>a<B>, rot, rot<S>, "
                   "rotd)");
        }
    }
    normalizeRules(c);
    try {
        c.validate();
    } catch (const ConfigError& e) {
        fail("quantization spec '" + spec + "': " + e.what());
    }
    return c;
}

} // namespace qs
