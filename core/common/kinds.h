// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The other words of the domain, named once: quantization methods, the full-precision reference's
// config id, and the module kinds of the quantized linear layers. They are store values (config
// JSON, the layers table's `kind` column) and command-line words, so they never change.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace qs {

// The full-precision reference every sweep measures first for every checkpoint; also accepted as a
// method name on the command line ("fp" = "none").
inline constexpr const char* fpConfigId = "fp";

namespace methods {

inline constexpr const char* none = "none"; // weights left in full precision
inline constexpr const char* rtn = "rtn";   // round to nearest
inline constexpr const char* gptq = "gptq";

} // namespace methods

namespace layerkinds {

// Llama-shaped blocks: attention projections, then the SwiGLU MLP.
inline constexpr const char* q = "q";
inline constexpr const char* k = "k";
inline constexpr const char* v = "v";
inline constexpr const char* o = "o";
inline constexpr const char* gate = "gate";
inline constexpr const char* up = "up";
inline constexpr const char* down = "down"; // "FC2": the MLP's output projection, where outliers concentrate
// GPT-NeoX's fused attention input projection (query_key_value).
inline constexpr const char* qkv = "qkv";

// The kinds of a Llama-shaped block in the order a block computes them; mixed-precision rules name these.
inline constexpr std::array<const char*, 7> blockOrder {q, k, v, o, gate, up, down};

} // namespace layerkinds

// Position of `kind` in layerkinds::blockOrder; 99 for any other kind (they sort after, by name).
int layerKindOrder(std::string_view kind);

// One quantizable linear layer of a model, as the store's layers table and the HF config list them.
struct LayerInfo
{
    std::string name; // tensor name, e.g. "model.layers.3.mlp.down_proj.weight"
    int block = 0;
    std::string kind;      // q, k, v, o, gate, up, down
    std::int64_t rows = 0; // out features
    std::int64_t cols = 0; // in features
};

} // namespace qs
