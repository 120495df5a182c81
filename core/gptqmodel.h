#pragma once

// GPTQ over a whole model, the way the reference quantizes LLMs: blocks one after another, each
// calibrated on the outputs of the already quantized blocks before it, and inside a block in
// true-sequential order (q/k/v → o → gate/up → down), each layer's Hessian taken from inputs that
// already pass through the quantized layers before it. Include only from core .cpp files.

#include "config.h"
#include "model.h"

#include <cstdint>
#include <vector>

namespace qs {

struct LayerGptqStats
{
    double loss = 0.0;
    double dampUsed = 0.0;
};

// `sequences` byte sequences of `length` bytes from `text` at offsets drawn with `seed`.
torch::Tensor calibrationBatch(const std::vector<uint8_t>& text, int sequences, int length, uint64_t seed);

// Replaces the weights of every quantizable layer of `model` by their GPTQ dequantization and returns
// the per-layer statistics in TinyLm::quantizableLayers() order.
std::vector<LayerGptqStats> gptqQuantizeModel(TinyLm& model, const torch::Tensor& calibration, const QuantConfig& config);

} // namespace qs
