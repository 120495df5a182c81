// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/config/hfevaldata.h"

#include "core/common/errors.h"

#include <nlohmann/json.hpp>

#include <filesystem>

namespace fs = std::filesystem;

namespace qs {

namespace {

constexpr const char* sourceKind = "huggingface";

} // namespace

void HfEvalData::validate() const
{
    if (data.empty())
        throw ConfigError("no evaluation data: give a text file with its tokenizer.json, or a token file (.npy, .bin)");
    if (rawTokenType != "uint16" && rawTokenType != "uint32")
        throw ConfigError("raw token type '" + rawTokenType + "' must be uint16 or uint32");
    if (seqLen < 2 || seqLen > 65536)
        throw ConfigError("sequence length " + std::to_string(seqLen) + " must be in [2, 65536]");
    if (valSequences < 1 || valSequences > 1 << 20)
        throw ConfigError("validation sequences " + std::to_string(valSequences) + " must be in [1, 1048576]");
    if (batchSize < 1 || batchSize > 4096)
        throw ConfigError("batch size " + std::to_string(batchSize) + " must be in [1, 4096]");
    if (scoring != "hf" && scoring != "stream")
        throw ConfigError("scoring '" + scoring + "' must be hf or stream");
    if (stride < 0 || stride > seqLen)
        throw ConfigError("evaluation stride " + std::to_string(stride) + " must be in [1, " + std::to_string(seqLen)
                          + "] (the block length), or 0 for the block length");
    if (scoring == "stream" && (stride != 0 || tokenBudget != 0))
        throw ConfigError("a stride and a token budget need HF scoring");
    if (tokenBudget != 0 && (tokenBudget < seqLen || tokenBudget > (int64_t(1) << 40)))
        throw ConfigError("evaluation token budget " + std::to_string(tokenBudget) + " must be in ["
                          + std::to_string(seqLen) + " (one block), 2^40]");
    if (calibFormat != "auto" && calibFormat != "text" && calibFormat != "jsonl" && calibFormat != "tokens")
        throw ConfigError("calibration format '" + calibFormat + "' must be auto, text, jsonl or tokens");
    if (calibUnit != "documents" && calibUnit != "windows")
        throw ConfigError("calibration unit '" + calibUnit + "' must be documents or windows");
    if (calibOrder != "first" && calibOrder != "random")
        throw ConfigError("calibration order '" + calibOrder + "' must be first or random");
    if (!calibData.empty() && scoring == "stream")
        throw ConfigError("a calibration file needs HF scoring");
}

std::string HfEvalData::toJson() const
{
    nlohmann::ordered_json j {{"kind", sourceKind},
                              {"tokenizer", tokenizer},
                              {"data", data},
                              {"raw_token_type", rawTokenType},
                              {"seq_len", seqLen},
                              {"val_sequences", valSequences},
                              {"batch_size", batchSize},
                              {"scoring", scoring},
                              {"stride", stride},
                              {"token_budget", tokenBudget}};
    if (!calibData.empty())
        j["calibration"] = {{"data", calibData}, {"format", calibFormat}, {"unit", calibUnit}, {"order", calibOrder}};
    if (!protocol.empty())
        j["protocol"] = nlohmann::ordered_json::parse(protocol);
    return j.dump();
}

HfEvalData HfEvalData::fromJson(const std::string& text)
{
    HfEvalData d;
    try {
        const auto j = nlohmann::json::parse(text);
        if (j.value("kind", std::string()) != sourceKind)
            throw FormatError("run source is not a Hugging Face trajectory: " + text);
        d.tokenizer = j.at("tokenizer").get<std::string>();
        d.data = j.at("data").get<std::string>();
        d.rawTokenType = j.value("raw_token_type", d.rawTokenType);
        d.seqLen = j.at("seq_len").get<int>();
        d.valSequences = j.at("val_sequences").get<int>();
        d.batchSize = j.value("batch_size", d.batchSize);
        // Runs imported before the evaluation protocol was recorded have no scoring key: they keep the
        // layout they were swept with.
        d.scoring = j.value("scoring", std::string("stream"));
        d.stride = j.value("stride", 0);
        d.tokenBudget = j.value("token_budget", int64_t(0));
        if (j.contains("calibration")) {
            const auto& c = j.at("calibration");
            d.calibData = c.at("data").get<std::string>();
            d.calibFormat = c.value("format", d.calibFormat);
            d.calibUnit = c.value("unit", d.calibUnit);
            d.calibOrder = c.value("order", d.calibOrder);
        }
        if (j.contains("protocol"))
            d.protocol = j.at("protocol").dump();
        d.validate();
    } catch (const nlohmann::json::exception& e) {
        throw FormatError(std::string("run source of a Hugging Face trajectory is malformed: ") + e.what());
    } catch (const ConfigError& e) {
        throw FormatError(std::string("run source of a Hugging Face trajectory is invalid: ") + e.what());
    }
    return d;
}

std::string HfEvalData::describe() const
{
    const std::string name = fs::path(data).filename().string();
    if (tokenizer.empty())
        return name + " (token ids)";
    return name + ", tokenized with " + fs::path(tokenizer).parent_path().filename().string() + "/"
        + fs::path(tokenizer).filename().string();
}

bool isHfSource(const std::string& source)
{
    return source.find(sourceKind) != std::string::npos;
}

} // namespace qs
