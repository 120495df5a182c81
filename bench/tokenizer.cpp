// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Encode speed of the byte-level BPE tokenizer (core/tokenizer/tokenizer.h) on the King James Bible.
// No real tokenizer.json ships with the project, so the bench learns one: N merges by plain BPE
// training over the corpus' space-separated words, written as a GPT-2-style tokenizer.json (ByteLevel
// with its regex) and as a Llama-3-style one (Split with Llama-3's pattern, then ByteLevel, with
// ignore_merges). Prints MB/s for the whole text in one call, line by line, and for multilingual text.
//
//   bench_tokenizer [merges=8000] [corpus=/tmp/quantscope-bench/kjv.txt]

#include "core/tokenizer/tokenizer.h"
#include "core/common/files.h"
#include "core/config/corpus.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point since)
{
    return std::chrono::duration<double>(Clock::now() - since).count();
}

std::string symbols(const std::string& bytes)
{
    std::string out;
    for (unsigned char c : bytes)
        out += qs::byteLevelSymbol(c);
    return out;
}

// Plain BPE training: the most frequent adjacent pair merges everywhere, `count` times.
nlohmann::json trainModel(const std::string& text, int count)
{
    std::unordered_map<std::string, int64_t> words;
    std::istringstream in(text);
    std::string word;
    while (in >> word)
        ++words[" " + word];
    std::vector<std::string> tokens;
    for (int b = 0; b < 256; ++b)
        tokens.emplace_back(1, static_cast<char>(b));
    std::vector<std::pair<std::vector<int>, int64_t>> split;
    for (const auto& [w, n] : words) {
        std::vector<int> ids;
        for (unsigned char c : w)
            ids.push_back(c);
        split.emplace_back(std::move(ids), n);
    }
    nlohmann::json merges = nlohmann::json::array();
    for (int m = 0; m < count; ++m) {
        std::unordered_map<uint64_t, int64_t> pairs;
        for (const auto& [ids, n] : split) {
            for (size_t i = 0; i + 1 < ids.size(); ++i)
                pairs[(uint64_t(ids[i]) << 32) | uint64_t(ids[i + 1])] += n;
        }
        if (pairs.empty())
            break;
        std::pair<uint64_t, int64_t> best {0, 0};
        for (const auto& [key, n] : pairs) {
            if (n > best.second || (n == best.second && key < best.first))
                best = {key, n};
        }
        const int a = int(best.first >> 32), b = int(best.first & 0xffffffffu);
        const int merged = static_cast<int>(tokens.size());
        tokens.push_back(tokens[size_t(a)] + tokens[size_t(b)]);
        merges.push_back(symbols(tokens[size_t(a)]) + " " + symbols(tokens[size_t(b)]));
        for (auto& [ids, n] : split) {
            std::vector<int> out;
            for (size_t i = 0; i < ids.size(); ++i) {
                if (i + 1 < ids.size() && ids[i] == a && ids[i + 1] == b) {
                    out.push_back(merged);
                    ++i;
                } else {
                    out.push_back(ids[i]);
                }
            }
            ids = std::move(out);
        }
    }
    nlohmann::json vocab = nlohmann::json::object();
    for (size_t i = 0; i < tokens.size(); ++i)
        vocab[symbols(tokens[i])] = i;
    return {{"type", "BPE"}, {"vocab", vocab}, {"merges", merges}};
}

void measure(const char* what, const qs::BpeTokenizer& tokenizer, const std::string& text, bool byLine)
{
    size_t ids = 0;
    std::vector<int32_t> all;
    const auto start = Clock::now();
    if (byLine) {
        std::istringstream in(text);
        std::string line;
        while (std::getline(in, line))
            ids += tokenizer.encode(line + "\n").size();
    } else {
        all = tokenizer.encode(text);
        ids = all.size();
    }
    const double s = seconds(start);
    const bool roundTrip = byLine || tokenizer.decode(all) == text;
    std::printf("%-34s %8.2f MB in %6.3f s: %6.2f MB/s, %.2f bytes/token%s\n", what, double(text.size()) / 1e6, s,
                double(text.size()) / 1e6 / s, double(text.size()) / double(ids), roundTrip ? "" : "  DECODE MISMATCH");
}

} // namespace

int main(int argc, char** argv)
{
    const int mergeCount = argc > 1 ? std::atoi(argv[1]) : 8000;
    const std::string path = qs::prepareKjvCorpus(argc > 2 ? argv[2] : "/tmp/quantscope-bench/kjv.txt");
    const std::string text = qs::tryReadWholeFile(path).value_or(std::string());

    auto start = Clock::now();
    const nlohmann::json model = trainModel(text.substr(0, 1'000'000), mergeCount);
    std::printf("trained %d merges on the first MB in %.1f s\n", mergeCount, seconds(start));

    nlohmann::json gpt2 = {
        {"normalizer", nullptr},
        {"added_tokens", nlohmann::json::array()},
        {"model", model},
        {"pre_tokenizer", {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"use_regex", true}}}};
    nlohmann::json llama3 = gpt2;
    llama3["model"]["ignore_merges"] = true;
    llama3["pre_tokenizer"] = {
        {"type", "Sequence"},
        {"pretokenizers",
         {{{"type", "Split"},
           {"pattern",
            {{"Regex",
              R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)"}}},
           {"behavior", "Isolated"},
           {"invert", false}},
          {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"use_regex", false}}}}};

    start = Clock::now();
    const qs::BpeTokenizer gpt2Tokenizer = qs::BpeTokenizer::fromJson(gpt2.dump(), "gpt2-style");
    const qs::BpeTokenizer llama3Tokenizer = qs::BpeTokenizer::fromJson(llama3.dump(), "llama3-style");
    std::printf("loaded both in %.3f s\n", seconds(start));

    // Multilingual text: accents, Greek, Cyrillic, CJK, emoji, digits; none of it has merges.
    std::string mixed;
    const std::string sample = "Ἐν ἀρχῇ ἦν ὁ λόγος. В начале было Слово. 太初有道，道与神同在。 Au commencement était "
                               "la Parole — naïve café 1234567 😀👍🏽\n";
    while (mixed.size() < 1'000'000)
        mixed += sample;

    measure("GPT-2 style, KJV in one call", gpt2Tokenizer, text, false);
    measure("GPT-2 style, KJV line by line", gpt2Tokenizer, text, true);
    measure("Llama-3 style, KJV in one call", llama3Tokenizer, text, false);
    measure("GPT-2 style, multilingual", gpt2Tokenizer, mixed, false);
    measure("Llama-3 style, multilingual", llama3Tokenizer, mixed, false);
    return 0;
}
