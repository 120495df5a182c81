// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What each weight quantizer accepts, as data: one row per QuantMethod (quantconfig.cpp). The spec
// parser, validate(), the ids, labels and JSON of QuantConfig, the GUI's sweep dialog and the
// GroupQuantizer (whether a method reads calibration inputs) read this table; an option only one
// method has (dq, e5m2) is a branch of theirs. The engine's half of a method is its function in
// core/engine/weightquantizers.cpp.

#include "core/config/config.h"

#include <string>
#include <vector>

namespace qs {

enum class GroupRule
{
    ChannelOrGroups, // -1 (per output channel) or any group width: rtn, gptq
    Groups,          // a group width (g<N>): hqq
    Blocks,          // a power-of-two block of the flattened weight in [32, 4096]: nf4, fp4 (bitsandbytes)
    Fixed,           // the format's own block, nothing else: mxfp4/8 (32), nvfp4 (16)
    TensorOrChannel, // 0 (per tensor, pt) or -1 (per output channel, pc): fp8
    Channel,         // -1 only, a scale per output channel: int8 (LLM.int8's vector-wise weights)
};

struct MethodTraits
{
    QuantMethod method;
    const char* name;          // the spec and store word ("nf4")
    const char* label;         // legends ("NF4")
    std::vector<int> bits;     // weight bits the method takes (empty: none)
    std::vector<int> kindBits; // weight bits a mixed-precision rule may give a kind, besides 16
    int defaultGroupSize;      // what the spec gets without g<N> / pc / pt
    GroupRule groups;
    bool choosesSymmetry; // sym / asym apply (rtn, gptq); otherwise `symmetric` is defaultSymmetric
    bool defaultSymmetric;
    bool bitsInName;       // the spec may leave the bits out ("nf4", "mxfp4")
    bool calibrated;       // reads calibration text before quantizing, its own set (cal<N>x<T>): GPTQ, AWQ
    const char* reference; // the library whose numbers it reproduces (docs/verification.md); "" for none, rtn
    const char* example;   // a spec using it as its library does by default ("nf4", "gptq:4:g128:sym:act")
};

// Every method, QuantMethod::None first, in the order help texts and the GUI list them.
const std::vector<MethodTraits>& quantMethods();
const MethodTraits& traitsOf(QuantMethod method);

// The bits an activation format takes: Int 2..8, Mx 4 (E2M1) or 8 (E4M3), Nv 4, Fp8 8, Lt 8.
bool actFormatTakes(ActFormat format, int bits);
// "a4", "a4g32", "a4mx", "a8fp": how the spec and the id write an activation setting.
std::string actText(int bits, ActFormat format, int groupSize = -1);
// "A4", "A-MXFP4", "A-MXFP8", "A-NVFP4", "A-FP8", "A-LLM.int8" for legends.
std::string actLabel(int bits, ActFormat format);

} // namespace qs
