// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/hf/hfprotocol.h"

#include "core/common/errors.h"
#include "core/common/files.h"
#include "core/formats/tokenfile.h"
#include "core/hf/hfrun.h"
#include "core/tokenizer/tokenizer.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <numeric>
#include <random>
#include <sstream>

namespace fs = std::filesystem;

namespace qs {

namespace {

RawTokenType rawType(const std::string& name)
{
    return name == "uint32" ? RawTokenType::U32 : RawTokenType::U16;
}

BpeTokenizer tokenizerFor(const HfEvalData& data, int64_t vocab)
{
    BpeTokenizer tokenizer = BpeTokenizer::fromFile(data.tokenizer);
    if (tokenizer.vocabSize() > vocab)
        throw ConfigError(data.tokenizer + " has " + std::to_string(tokenizer.vocabSize())
                          + " tokens, more than the model's " + std::to_string(vocab)
                          + ": it is not this model's tokenizer");
    return tokenizer;
}

// The calibration file's format: its extension unless named.
std::string calibrationFormat(const HfEvalData& data)
{
    if (data.calibFormat != "auto")
        return data.calibFormat;
    const std::string ext = fs::path(data.calibData).extension().string();
    if (ext == ".jsonl" || ext == ".json" || ext == ".ndjson")
        return "jsonl";
    if (ext == ".npy" || ext == ".bin" || ext == ".u16" || ext == ".u32")
        return "tokens";
    return "text";
}

// The calibration file's documents as text: JSON lines' "text" fields, or a text file's paragraphs
// (documents separated by one or more empty lines).
std::vector<std::string> calibrationDocuments(const HfEvalData& data, const std::string& format, size_t wanted)
{
    const std::string bytes = readWholeFile(data.calibData, "calibration file");
    std::vector<std::string> docs;
    std::istringstream in(bytes);
    std::string line;
    if (format == "jsonl") {
        int lineNo = 0;
        while (docs.size() < wanted && std::getline(in, line)) {
            ++lineNo;
            if (line.find_first_not_of(" \t\r") == std::string::npos)
                continue;
            nlohmann::json j;
            try {
                j = nlohmann::json::parse(line);
            } catch (const nlohmann::json::exception& e) {
                throw FormatError(data.calibData + ", line " + std::to_string(lineNo) + ": not JSON (" + e.what()
                                  + ")");
            }
            if (!j.is_object() || !j.contains("text") || !j["text"].is_string())
                throw FormatError(data.calibData + ", line " + std::to_string(lineNo)
                                  + ": a JSON line needs a string field \"text\"");
            const std::string text = j["text"].get<std::string>();
            if (!text.empty())
                docs.push_back(text);
        }
        return docs;
    }
    std::string doc;
    auto flush = [&] {
        if (!doc.empty())
            docs.push_back(std::move(doc));
        doc.clear();
    };
    while (docs.size() < wanted && std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) {
            flush();
            continue;
        }
        if (!doc.empty())
            doc += '\n';
        doc += line;
    }
    if (docs.size() < wanted)
        flush();
    return docs;
}

std::vector<std::vector<int32_t>> randomWindows(const std::vector<int32_t>& tokens, size_t available, int count,
                                                int length, uint64_t seed)
{
    std::mt19937_64 rng(seed ^ 0xC0FFEEull);
    std::uniform_int_distribution<size_t> pick(0, available - size_t(length));
    std::vector<std::vector<int32_t>> out;
    for (int s = 0; s < count; ++s) {
        const size_t offset = pick(rng);
        out.emplace_back(tokens.begin() + std::ptrdiff_t(offset),
                         tokens.begin() + std::ptrdiff_t(offset + size_t(length)));
    }
    return out;
}

int64_t stride(const HfEvalData& data)
{
    return data.stride > 0 ? data.stride : data.seqLen;
}

// Evaluation blocks under HF scoring, and the tokens they span.
int64_t hfWindows(const HfEvalData& data)
{
    if (data.tokenBudget <= 0)
        return data.valSequences;
    if (data.tokenBudget < data.seqLen)
        return 0;
    return 1 + (data.tokenBudget - data.seqLen) / stride(data);
}

size_t evaluatedSpan(const HfEvalData& data)
{
    if (data.scoring == "stream")
        return size_t(data.valSequences) * size_t(data.seqLen) + 1;
    const int64_t n = hfWindows(data);
    return n <= 0 ? size_t(data.tokenBudget) : size_t((n - 1) * stride(data) + data.seqLen);
}

// Where the evaluation blocks start in the stream: after the calibration windows in the legacy layout
// (the stream's tail), at the start when calibration has its own source.
size_t evaluationStart(const HfEvalData& data, const std::vector<int32_t>& stream)
{
    const size_t span = evaluatedSpan(data);
    if (!data.calibData.empty())
        return 0;
    return stream.size() >= span ? stream.size() - span : 0;
}

} // namespace

std::vector<int32_t> readEvaluationStream(const HfEvalData& data, int64_t vocab)
{
    if (data.tokenizer.empty())
        return readTokenFile(data.data, rawType(data.rawTokenType), vocab);
    return tokenizerFor(data, vocab).encode(readWholeFile(data.data, "evaluation text"));
}

EvaluationBlocks evaluationBlocks(const HfEvalData& data, const std::vector<int32_t>& stream)
{
    EvaluationBlocks b;
    const size_t span = evaluatedSpan(data);
    const bool legacy = data.scoring == "stream";
    // The legacy layout draws calibration windows from the tokens before the evaluation blocks.
    const size_t needed = span + (legacy || data.calibData.empty() ? size_t(data.seqLen) : 0);
    const int64_t windows = legacy ? data.valSequences : hfWindows(data);
    if (windows < 1 || stream.size() < needed)
        throw ConfigError(
            data.data + " gives " + std::to_string(stream.size()) + " tokens; "
            + std::to_string(std::max<int64_t>(windows, 1)) + " evaluation blocks of " + std::to_string(data.seqLen)
            + " tokens"
            + (legacy || stride(data) == data.seqLen ? std::string() : " at stride " + std::to_string(stride(data)))
            + " need " + std::to_string(std::max(needed, span + 1))
            + (data.calibData.empty() ? " including at least one block before them for calibration" : ""));
    const size_t start = evaluationStart(data, stream);
    const int64_t L = data.seqLen;
    b.windows = windows;
    b.length = L;
    b.inputs.resize(size_t(windows * L));
    b.targets.assign(size_t(windows * L), -1);
    b.hash = tokenHash(stream.data() + start, span);
    if (legacy) {
        for (int64_t i = 0; i < windows * L; ++i) {
            b.inputs[size_t(i)] = stream[start + size_t(i)];
            b.targets[size_t(i)] = stream[start + size_t(i) + 1];
        }
        b.scored = windows * L;
        return b;
    }
    const int64_t S = stride(data);
    for (int64_t w = 0; w < windows; ++w) {
        const size_t begin = start + size_t(w * S);
        for (int64_t j = 0; j < L; ++j)
            b.inputs[size_t(w * L + j)] = stream[begin + size_t(j)];
        // HF: labels = input_ids with the first L − trg_len set to −100, shifted by one inside the block;
        // trg_len = L for the first block, S after it.
        const int64_t first = w == 0 ? 0 : L - S - 1;
        for (int64_t j = std::max<int64_t>(first, 0); j + 1 < L; ++j) {
            b.targets[size_t(w * L + j)] = stream[begin + size_t(j + 1)];
            ++b.scored;
        }
    }
    return b;
}

std::vector<std::vector<int32_t>> calibrationSequences(const HfEvalData& data, const std::vector<int32_t>& stream,
                                                       int64_t vocab, int count, int length, uint64_t seed, bool atMost)
{
    if (data.calibData.empty()) {
        const size_t available = stream.size() - std::min(stream.size(), evaluatedSpan(data));
        const int len = std::min(length, data.seqLen);
        if (available < size_t(len))
            throw ConfigError(data.data + ": too few tokens before the evaluation blocks for calibration");
        return randomWindows(stream, available, count, len, seed);
    }
    const std::string format = calibrationFormat(data);
    const auto tooFew = [&](size_t have, const char* unit) {
        return ConfigError(data.calibData + " holds " + std::to_string(have) + " " + unit + ", fewer than the "
                           + std::to_string(count) + " calibration " + unit + " asked for");
    };
    if (format == "tokens" || data.calibUnit == "windows") {
        std::vector<int32_t> tokens = format == "tokens"
            ? readTokenFile(data.calibData, rawType(data.rawTokenType), vocab)
            : tokenizerFor(data, vocab).encode(readWholeFile(data.calibData, "calibration file"));
        if (format == "tokens" && data.calibUnit == "documents")
            throw ConfigError(data.calibData
                              + " is a token file: it has no document boundaries; calibrate on "
                                "windows of it (calibration unit \"windows\")");
        if (atMost && tokens.size() / size_t(length) < size_t(count))
            count = int(tokens.size() / size_t(length));
        if (count < 1 || tokens.size() < size_t(length) * (data.calibOrder == "first" ? size_t(count) : 1))
            throw tooFew(tokens.size() / size_t(length), "windows");
        if (data.calibOrder == "first") {
            std::vector<std::vector<int32_t>> out;
            for (int s = 0; s < count; ++s)
                out.emplace_back(tokens.begin() + std::ptrdiff_t(size_t(s) * size_t(length)),
                                 tokens.begin() + std::ptrdiff_t(size_t(s + 1) * size_t(length)));
            return out;
        }
        return randomWindows(tokens, tokens.size(), count, length, seed);
    }
    if (data.tokenizer.empty())
        throw ConfigError("calibration on documents of " + data.calibData
                          + " needs a tokenizer.json: the run's evaluation data is pre-tokenized");
    // Random order reads every document; the first N only those.
    const size_t wanted = data.calibOrder == "first" ? size_t(count) : std::numeric_limits<size_t>::max();
    std::vector<std::string> docs = calibrationDocuments(data, format, wanted);
    if (atMost && !docs.empty() && docs.size() < size_t(count))
        count = int(docs.size());
    if (docs.size() < size_t(count))
        throw tooFew(docs.size(), "documents");
    const BpeTokenizer tokenizer = tokenizerFor(data, vocab);
    std::vector<size_t> order(docs.size());
    std::iota(order.begin(), order.end(), size_t(0));
    if (data.calibOrder == "random") {
        std::mt19937_64 rng(seed ^ 0xD0C5ull);
        std::shuffle(order.begin(), order.end(), rng);
    }
    std::vector<std::vector<int32_t>> out;
    for (int s = 0; s < count; ++s) {
        std::vector<int32_t> ids = tokenizer.encode(docs[order[size_t(s)]]);
        if (ids.empty())
            continue;
        if (ids.size() > size_t(length))
            ids.resize(size_t(length));
        out.push_back(std::move(ids));
    }
    if (out.empty())
        throw ConfigError(data.calibData + ": the calibration documents tokenize to nothing");
    return out;
}

uint64_t tokenHash(const int32_t* ids, size_t count, uint64_t h)
{
    for (size_t i = 0; i < count; ++i) {
        const uint32_t v = uint32_t(ids[i]);
        for (int byte = 0; byte < 4; ++byte) {
            h ^= (v >> (8 * byte)) & 0xffu;
            h *= 0x100000001b3ull;
        }
    }
    return h;
}

std::string hashText(uint64_t hash)
{
    char text[32];
    std::snprintf(text, sizeof text, "fnv1a64:%016llx", static_cast<unsigned long long>(hash));
    return text;
}

std::string protocolRecord(const HfEvalData& data, int64_t vocab)
{
    const std::vector<int32_t> stream = readEvaluationStream(data, vocab);
    const EvaluationBlocks blocks = evaluationBlocks(data, stream);
    nlohmann::ordered_json j;
    j["evaluation"] = {{"file", fs::path(data.data).filename().string()},
                       {"file_bytes", int64_t(fs::file_size(data.data))},
                       {"stream_tokens", int64_t(stream.size())},
                       {"stream_hash", hashText(tokenHash(stream.data(), stream.size()))},
                       {"scoring", data.scoring},
                       {"blocks", blocks.windows},
                       {"block_length", blocks.length},
                       {"stride", data.scoring == "stream" ? data.seqLen : int(stride(data))},
                       {"scored_tokens", blocks.scored},
                       {"evaluated_hash", hashText(blocks.hash)}};
    if (data.calibData.empty()) {
        j["calibration"] = {{"source", "windows of the evaluation file before the evaluation blocks"}};
    } else {
        const std::string format = calibrationFormat(data);
        nlohmann::ordered_json c = {{"file", fs::path(data.calibData).filename().string()},
                                    {"file_bytes", int64_t(fs::file_size(data.calibData))},
                                    {"format", format},
                                    {"unit", data.calibUnit},
                                    {"order", data.calibOrder}};
        const std::string bytes = readWholeFile(data.calibData, "calibration file");
        uint64_t h = 0xcbf29ce484222325ull;
        for (const char ch : bytes) {
            h ^= uint64_t(static_cast<unsigned char>(ch));
            h *= 0x100000001b3ull;
        }
        c["file_hash"] = hashText(h);
        if (format == "tokens")
            c["tokens"] = int64_t(readTokenFile(data.calibData, rawType(data.rawTokenType), vocab).size());
        else
            c["documents"] = int64_t(calibrationDocuments(data, format, std::numeric_limits<size_t>::max()).size());
        j["calibration"] = c;
    }
    return j.dump();
}

const std::vector<ProtocolPreset>& protocolPresets()
{
    // GPTQModel's QuantizeConfig (gptqmodel/quantization/config.py, the 1.x–4.x releases): bits 4,
    // group_size 128, damp_percent 0.01 (0.05 from 5.x), desc_act True, sym True, true_sequential True,
    // lm_head False. Catalan-Tatjer et al. 2025 calibrate on the first 1,024 documents of a C4 shard and evaluates
    // held-out text in 2,048-token blocks.
    static const std::vector<ProtocolPreset> presets = {
        {"paper1",
         "arXiv 2510.06213 (Catalan-Tatjer, Ajroldi, Geiping 2025): GPTQ W4 and W3 g128 sym act-order, damping "
         "0.01, 1,024 calibration documents in file order, evaluation in 2,048-token blocks at stride 2,048 over "
         "600k tokens, scored as HF labels=input_ids",
         2048,
         2048,
         600000,
         "documents",
         "first",
         {"gptq:4:g128:sym:act:damp0.01:cal1024x2048", "gptq:3:g128:sym:act:damp0.01:cal1024x2048"}},
    };
    return presets;
}

const ProtocolPreset& protocolPreset(const std::string& name)
{
    std::string names;
    for (const ProtocolPreset& p : protocolPresets()) {
        if (p.name == name)
            return p;
        names += (names.empty() ? "" : ", ") + p.name;
    }
    throw ConfigError("no protocol preset named '" + name + "' (presets: " + names + ")");
}

} // namespace qs
