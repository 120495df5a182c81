// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How the runs of a Hugging Face trajectory are evaluated: the data, its tokenizer, the blocks and the
// calibration, kept as JSON in the run's `source` attribute (docs/store-format.md). No Qt, no torch.

#include <cstdint>
#include <string>

namespace qs {

// What a sweep of an HF run evaluates on (the protocol, core/hf/hfprotocol.h): token ids from a text
// file through a tokenizer.json, or a pre-tokenized file (.npy or raw uint16/uint32), cut into blocks of
// seqLen tokens at `stride` over `tokenBudget` tokens and scored as HF's labels=input_ids scores them;
// calibration from its own file (whole documents or windows) or, without one, windows drawn from the
// tokens before the evaluation blocks. Stores made before the protocol was recorded hold the legacy layout ("stream":
// valSequences blocks at the end of the file, the next token scored across block boundaries).
struct HfEvalData
{
    std::string tokenizer;               // tokenizer.json; empty for a pre-tokenized file
    std::string data;                    // text (with a tokenizer) or token ids (without)
    std::string rawTokenType = "uint16"; // for headerless token files: uint16 or uint32
    int seqLen = 256;
    int valSequences = 16; // evaluation blocks when tokenBudget is 0
    int batchSize = 4;
    std::string scoring = "hf";          // "hf" (labels=input_ids inside each block) or "stream" (legacy)
    int stride = 0;                      // tokens between block starts (0: seqLen); HF scoring only
    int64_t tokenBudget = 0;             // tokens evaluated (0: valSequences blocks); HF scoring only
    std::string calibData;               // calibration file; empty: windows of the evaluation file
    std::string calibFormat = "auto";    // text (documents separated by empty lines), jsonl ("text"), tokens
    std::string calibUnit = "documents"; // documents (whole, cut at the config's length) or windows
    std::string calibOrder = "first";    // first (in file order) or random (drawn with the config's seed)
    std::string protocol;                // what the import measured (hfprotocol.h protocolRecord), JSON

    void validate() const;                               // ConfigError naming the bad value and its range
    std::string toJson() const;                          // {"kind": "huggingface", ...}
    static HfEvalData fromJson(const std::string& json); // FormatError for anything else
    std::string describe() const;                        // "wiki.txt, tokenized with tokenizer.json"
};

// Whether a run's `source` attribute, as read (RunInfo::source), describes a Hugging Face trajectory.
bool isHfSource(const std::string& source);

} // namespace qs
