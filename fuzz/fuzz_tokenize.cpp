// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Tokenization of arbitrary bytes (core/tokenizer/tokenizer.h) with four tokenizers of the kinds real
// checkpoints use: GPT-2 style byte-level BPE with added tokens, Llama-3 style Split + ByteLevel, a
// SentencePiece style byte-fallback model behind NFC and Lowercase, and Digits with a fused unk token.
// Besides crashes, it checks decode(encode(s)) == s where the tokenizer promises it.

#include "core/tokenizer/tokenizer.h"
#include "fuzz/fuzzutil.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

using nlohmann::json;

json byteLevelVocab()
{
    json vocab = json::object();
    for (int b = 0; b < 256; ++b)
        vocab[qs::byteLevelSymbol(uint8_t(b))] = b;
    return vocab;
}

json addedToken(const char* content, int id, bool special, bool lstrip = false, bool rstrip = false)
{
    return {{"id", id},         {"content", content},     {"single_word", false}, {"lstrip", lstrip},
            {"rstrip", rstrip}, {"normalized", !special}, {"special", special}};
}

// GPT-2: ByteLevel with its regex, merges, a raw special token and a normalized one.
json gpt2()
{
    json vocab = byteLevelVocab();
    const char* merges[][2] = {{"Ġ", "t"}, {"h", "e"}, {"Ġt", "he"}, {"i", "n"}, {"Ġ", "a"}, {"e", "r"}, {"Ġ", "Ġ"}};
    json mergeList = json::array();
    int id = 256;
    for (const auto& [a, b] : merges) {
        vocab[std::string(a) + b] = id++;
        mergeList.push_back(std::string(a) + " " + b);
    }
    return {
        {"model", {{"type", "BPE"}, {"vocab", vocab}, {"merges", mergeList}}},
        {"pre_tokenizer", {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"use_regex", true}}},
        {"added_tokens", json::array({addedToken("<|endoftext|>", id, true), addedToken("<mask>", id + 1, false)})}};
}

// Llama 3: the Split regex, then ByteLevel without its own regex; merges as pairs, ignore_merges.
json llama3()
{
    json vocab = byteLevelVocab();
    vocab["ĠĠ"] = 256;
    vocab["ab"] = 257;
    vocab["abc"] = 258;
    const json merges = json::array({json::array({"Ġ", "Ġ"}), json::array({"a", "b"}), json::array({"ab", "c"})});
    const std::string pattern =
        R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";
    return {{"model", {{"type", "BPE"}, {"vocab", vocab}, {"merges", merges}, {"ignore_merges", true}}},
            {"pre_tokenizer",
             {{"type", "Sequence"},
              {"pretokenizers",
               json::array({{{"type", "Split"}, {"pattern", {{"Regex", pattern}}}, {"behavior", "Isolated"}},
                            {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"use_regex", false}}})}}},
            {"added_tokens", json::array({addedToken("<|begin_of_text|>", 259, true)})}};
}

// SentencePiece style: no pre-tokenizer, byte_fallback, NFC then Lowercase.
json sentencePiece()
{
    json vocab = json::object();
    int id = 0;
    char hex[8];
    for (int b = 0; b < 256; ++b) {
        std::snprintf(hex, sizeof hex, "<0x%02X>", b);
        vocab[hex] = id++;
    }
    for (const char* t : {"a", "b", "c", "ab", "abc", " ", "é"})
        vocab[t] = id++;
    return {{"normalizer",
             {{"type", "Sequence"}, {"normalizers", json::array({{{"type", "NFC"}}, {{"type", "Lowercase"}}})}}},
            {"model",
             {{"type", "BPE"},
              {"vocab", vocab},
              {"merges", json::array({"a b", "ab c"})},
              {"byte_fallback", true},
              {"unk_token", "<unk>"}}}};
}

// Digits, no byte fallback: what the vocabulary lacks becomes one fused <unk>; an added token strips
// the whitespace around it.
json digits()
{
    json vocab = {{"<unk>", 0}, {"0", 1}, {"1", 2}, {"2", 3}, {"12", 4}, {"x", 5}};
    return {{"model",
             {{"type", "BPE"},
              {"vocab", vocab},
              {"merges", json::array({"1 2"})},
              {"unk_token", "<unk>"},
              {"fuse_unk", true}}},
            {"pre_tokenizer", {{"type", "Digits"}, {"individual_digits", false}}},
            {"added_tokens", json::array({addedToken("<x>", 6, false, true, true)})}};
}

bool isLowercaseAscii(const std::string& s)
{
    for (unsigned char c : s) {
        if (c >= 0x80 || (c >= 'A' && c <= 'Z'))
            return false;
    }
    return true;
}

[[noreturn]] void roundTripFailed(const char* which, const std::string& in, const std::string& out)
{
    std::fprintf(stderr, "%s: decode(encode(s)) != s: %zu bytes in, %zu bytes out\n", which, in.size(), out.size());
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const qs::BpeTokenizer tokenizers[] = {
        qs::BpeTokenizer::fromJson(gpt2().dump(), "gpt2"),
        qs::BpeTokenizer::fromJson(llama3().dump(), "llama3"),
        qs::BpeTokenizer::fromJson(sentencePiece().dump(), "sentencepiece"),
        qs::BpeTokenizer::fromJson(digits().dump(), "digits"),
    };
    const std::string input = qs::fuzz::text(data, size);
    for (const qs::BpeTokenizer& tokenizer : tokenizers) {
        qs::fuzz::expectError([&] {
            const std::vector<int32_t> ids = tokenizer.encode(input);
            const std::string decoded = tokenizer.decode(ids);
            // Byte-level tokenizers without a normalizer or prefix space give the bytes back; with NFC
            // and Lowercase, lowercase ASCII comes back as it was.
            const std::string& name = tokenizer.origin();
            const bool exact =
                name == "gpt2" || name == "llama3" || (name == "sentencepiece" && isLowercaseAscii(input));
            if (exact && decoded != input)
                roundTripFailed(name.c_str(), input, decoded);
        });
    }
    return 0;
}
