// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A multiple-choice request tokenised as lm-eval 0.4.13's Hugging Face backend tokenises it
// (api/model.py _encode_pair, models/huggingface.py tok_encode): the context's trailing whitespace moved
// to the front of the continuation, context + continuation encoded together with the tokenizer's
// special tokens (transformers' encode(text) default: Llama-3's BOS, none for GPT-2), the context encoded
// alone the same way, and the continuation the tokens of the whole past the context's count. Then the
// model input as lm-eval cuts it: the last max_length + 1 tokens without the last. No Qt, no torch.

#include <cstdint>
#include <string>
#include <vector>

namespace qs {

class BpeTokenizer;
struct McTask;

struct McTokens
{
    std::vector<int32_t> context;
    std::vector<int32_t> continuation;
};

// `bosText`: the text of the tokenizer's prefix token (lm-eval's has_bos_prefix: a text that starts
// with it is encoded without special tokens); empty when it has none. Error for an empty context (the
// twelve tasks never have one).
McTokens encodeRequest(const BpeTokenizer& tokenizer, const std::string& context, const std::string& continuation,
                       const std::string& bosText = {});

// Every request of `tasks`, in order (task, document, request).
std::vector<McTokens> encodeTasks(const BpeTokenizer& tokenizer, const std::vector<McTask>& tasks,
                                  const std::string& bosText = {});

// The model input of a request cut to `maxLength` as lm-eval cuts it: (context + continuation)[-(maxLength
// + 1):][:-1]; the continuation's log-probabilities are read at the input's last continuation.size()
// positions. Error when the continuation alone is longer than maxLength.
std::vector<int32_t> modelInput(const McTokens& request, int64_t maxLength);

// The byte-level model of the built-in trainer: a request's bytes as tokens (no special tokens, no
// merges, so no whitespace to move).
McTokens byteRequest(const std::string& context, const std::string& continuation);

} // namespace qs
