// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How a sweep of a Hugging Face trajectory stays inside a memory budget. The sweep keeps,
// per revision, one block's weights (the FP block and each config's copy being quantized; the next
// block too, read ahead, when it fits), every config's calibration hidden states, and the validation
// hidden states of the FP reference and of every quantized config. Only the last grow with the
// evaluation set: when they do not fit beside the rest, they are spilled to an unlinked scratch file
// and streamed through each block a chunk of sequences at a time, so peak memory depends on the
// budget, not on how many tokens are evaluated. A calibration set too big to forward at once (paper
// 1's 1,024 documents) is forwarded a chunk of sequences at a time, its states in memory or spilled
// the same way. The plan is computed before anything is read and said in words (`describe`). No torch.

#include <cstdint>
#include <string>
#include <vector>

namespace qs {

struct HfArch;

// Attention scores the HF forward pass computes at once, at most: a chunk of sequences at a time.
constexpr int64_t kAttentionScores = int64_t(1) << 25;

struct HfMemoryRequest
{
    int64_t budget = 0;       // bytes the sweep may use (peak RSS)
    int64_t runtime = 0;      // bytes the process holds before the sweep (its RSS)
    int64_t valSequences = 0; // evaluation blocks
    int64_t seqLen = 0;       // tokens per evaluation block
    int64_t batch = 0;        // sequences per forward chunk the user asked for
    int64_t lanes = 0;        // configs with validation states of their own (the quantized ones)
    bool gptq = false;        // whether any of them runs GPTQ (its Hessian work)
    int64_t awqTokens =
        0; // calibration tokens (padded) of the largest AWQ config: it keeps a block's inputs for all of them
    int64_t calibrationTokens = 0; // of all lanes together, padded
    int64_t calibrationSequences = 0;
    int64_t calibrationLength = 0; // the longest calibration sequence
    int64_t calibrationChunk = 0;  // > 0: calibrate this many sequences at a time even when all fit
    bool spill = false;            // spill the validation states (and chunked calibration states) even when they fit
    // Downstream tasks (docs/downstream.md): copies of the whole model in float32 the sweep keeps until it
    // scores the requests (one per config it computes), and the logits of one scoring batch (values).
    int64_t downstreamCopies = 0;
    int64_t downstreamLogits = 0;
};

struct HfMemoryPlan
{
    int64_t budget = 0;
    int64_t batch = 0;         // sequences per forward chunk (≤ the request's)
    bool spill = false;        // validation states in a scratch file (else in memory)
    int64_t logitTokens = 0;   // tokens whose logits are compared at once
    bool headInMemory = false; // the LM head in float32 (HfModel::loadHead(true)), else read in slices
    bool readAhead = false;    // the next block read while this one computes (HfBlockReader): one block more
    // Calibration sequences forwarded at once: all of them (one pass per block, quantizing each group as
    // its input arrives), or chunks, each block then walked in passes over the chunks (GroupQuantizer:
    // about 2.9 block forwards for GPTQ, 2 for the FP reference's statistics, 1 for RTN).
    int64_t calibrationBatch = 0;
    bool calibrationChunked = false;
    bool calibrationSpill = false; // chunked calibration states in scratch files
    int64_t calibrationStates = 0; // bytes of every config's calibration states
    // The estimate's parts, bytes.
    int64_t runtime = 0;      // the process before the sweep (libraries, tokens)
    int64_t weights = 0;      // the FP block, a config's copy, GPTQ's work, the LM head
    int64_t calibration = 0;  // every config's calibration states and their forward pass
    int64_t states = 0;       // validation states held in memory (all, or the chunks in flight)
    int64_t workspace = 0;    // one forward chunk's activations and the logits compared at once
    int64_t scratchBytes = 0; // on disk when spilled
    int64_t downstream = 0;   // the kept blocks and one scoring batch's logits (and their log-softmax)
    int64_t peak() const { return runtime + weights + calibration + states + workspace + downstream; }
    std::string describe() const; // "memory plan: 8.0 GiB budget; …"
};

// The plan for `arch` under the request. ConfigError naming what does not fit when even one sequence
// at a time with spilled states exceeds the budget (the block's weights, the calibration states).
HfMemoryPlan planHfMemory(const HfArch& arch, const HfMemoryRequest& request);

// The default budget: half the machine's physical memory, at least 1 GiB.
int64_t defaultMemoryBudget();
// "8G", "512M", "1.5GiB", "4096" (bytes) -> bytes; ConfigError naming the text otherwise. Range
// [64 MiB, 16 TiB].
int64_t parseMemorySize(const std::string& text);
// 8589934592 -> "8.0 GiB"
std::string formatBytes(int64_t bytes);

} // namespace qs
