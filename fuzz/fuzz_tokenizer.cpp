// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// tokenizer.json (core/tokenizer/tokenizer.h): the model, merges, added tokens, normalizer and
// pre-tokenizer of any file, and a few texts through whatever tokenizer it describes.

#include "core/tokenizer/tokenizer.h"
#include "fuzz/fuzzutil.h"

#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const char* const texts[] = {"", "Hello, world! 123 4567", "  two  spaces\n\ttab",
                                        "caf\xC3\xA9 \xCE\xA3\xCE\xA3", "<|endoftext|>x<mask>"};
    qs::fuzz::expectError([&] {
        const qs::BpeTokenizer tokenizer = qs::BpeTokenizer::fromJson(qs::fuzz::text(data, size), "tokenizer.json");
        tokenizer.vocabSize();
        tokenizer.tokenId("<|endoftext|>");
        for (const char* text : texts) {
            qs::fuzz::expectError([&] {
                const std::vector<int32_t> ids = tokenizer.encode(text);
                tokenizer.decode(ids);
            });
        }
        tokenizer.decode({0, 1, 2});
    });
    return 0;
}
