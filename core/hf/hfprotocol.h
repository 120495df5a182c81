// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The evaluation protocol of a Hugging Face trajectory's sweep, as "Training Dynamics Impact Post-Training Quantization
// Robustness" (Catalan-Tatjer et al. 2025) runs it: a calibration set separate from the evaluation data — whole
// documents (or windows) of a text file, JSON lines or token file, the first N or N drawn with a seed — and an
// evaluation of a token budget cut into blocks of L tokens at stride S, scored as Hugging Face transformers scores a
// causal LM called with `labels=input_ids`: inside each block, position j predicts token j + 1; a block after the first
// scores only the tokens it adds beyond the previous block (HF's strided perplexity recipe), so every token is scored
// once; CE is the token-weighted mean. The token streams are read here, torch-free; hfsweep.cpp turns them into
// tensors. No Qt, no torch.

#include <cstdint>
#include <string>
#include <vector>

namespace qs {

struct HfEvalData;

// The token ids of an HF run's evaluation file (text through its tokenizer.json, or a token file).
// ConfigError when the tokenizer has more tokens than the model's vocabulary; errors of the readers.
std::vector<int32_t> readEvaluationStream(const HfEvalData& data, int64_t vocab);

// The evaluation blocks: [windows × L] input ids, the targets (the next token inside the block, −1 where
// nothing is scored) and how many tokens are scored.
struct EvaluationBlocks
{
    int64_t windows = 0;
    int64_t length = 0;
    std::vector<int64_t> inputs;  // windows × length
    std::vector<int64_t> targets; // windows × length, −1: not scored
    int64_t scored = 0;
    uint64_t hash = 0; // FNV-1a 64 of the evaluated token ids (little-endian int32)
};

// The blocks `data` asks for from `stream`: the legacy layout (valSequences blocks at the stream's end,
// targets running on across blocks: stores made before the protocol was recorded) when data.scoring is "stream", HF's
// otherwise. ConfigError naming the counts when the stream is too short.
EvaluationBlocks evaluationBlocks(const HfEvalData& data, const std::vector<int32_t>& stream);

// One config's calibration sequences: `count` of them, each at most `length` tokens (documents longer
// than that are cut, shorter ones kept whole; windows are exactly `length`). From the run's calibration
// source when it has one, otherwise windows drawn with `seed` from the evaluation stream's tokens before
// the evaluation blocks (the legacy layout). ConfigError naming the file when it holds fewer documents
// than asked for (unless `atMost`: then as many as it holds, the statistics of the FP reference and
// RTN's sets), FormatError naming the file and line for a bad JSON line.
std::vector<std::vector<int32_t>> calibrationSequences(const HfEvalData& data, const std::vector<int32_t>& stream,
                                                       int64_t vocab, int count, int length, uint64_t seed,
                                                       bool atMost = false);

// FNV-1a 64 of token ids; and "fnv1a64:0123456789abcdef".
uint64_t tokenHash(const int32_t* ids, size_t count, uint64_t seed = 0xcbf29ce484222325ull);
std::string hashText(uint64_t hash);

// The protocol as recorded in the store (the run source's "protocol" object): both sources with their
// sizes and hashes, the evaluation's block count and scored tokens, the calibration's documents.
// Errors as the readers above.
std::string protocolRecord(const HfEvalData& data, int64_t vocab);

// Named presets: "paper1" (arXiv 2510.06213's pipeline: 2048-token blocks at stride 2048, documents as
// the calibration unit taken in file order, GPTQ W4/W3 g128 sym act-order with damping 0.01 and 1024
// calibration documents — GPTQModel's QuantizeConfig defaults of the version the paper used).
struct ProtocolPreset
{
    std::string name;
    std::string description;
    int seqLen = 0;
    int stride = 0;
    int64_t tokenBudget = 0;
    std::string calibrationUnit;
    std::string calibrationOrder;
    std::vector<std::string> quant; // CLI quant specs
};
const std::vector<ProtocolPreset>& protocolPresets();
const ProtocolPreset& protocolPreset(const std::string& name); // ConfigError listing the names

} // namespace qs
