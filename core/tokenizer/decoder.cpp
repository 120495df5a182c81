// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/tokenizer/decoder.h"

#include "core/tokenizer/pretokenizer.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace qs::tok {

namespace {

// The byte of a token "<0xXX>" (two hex digits, as tokenizers writes and reads them), or -1.
int fallbackByte(const std::string& token)
{
    if (token.size() != 6 || token.compare(0, 3, "<0x") != 0 || token[5] != '>')
        return -1;
    unsigned value = 0;
    char end = 0;
    if (std::sscanf(token.c_str() + 3, "%2x%c", &value, &end) != 2 || end != '>')
        return -1;
    return int(value);
}

bool validUtf8(const std::string& bytes)
{
    for (size_t pos = 0; pos < bytes.size();) {
        const size_t n = utf8Length(bytes, pos);
        if (n == 0)
            return false;
        pos += n;
    }
    return true;
}

} // namespace

Decoder::Decoder(const nlohmann::json& spec, const std::string& origin)
{
    addStep(spec, origin, "decoder");
}

void Decoder::addStep(const nlohmann::json& spec, const std::string& origin, const std::string& where)
{
    if (!spec.is_object() || !spec.contains("type") || !spec["type"].is_string())
        formatError(origin, where + " is not an object with a \"type\"");
    const std::string type = spec["type"].get<std::string>();
    const auto string = [&](const char* key) {
        const auto it = spec.find(key);
        if (it == spec.end() || !it->is_string())
            formatError(origin, where + ": a " + type + " needs a string \"" + key + "\"");
        return it->get<std::string>();
    };
    const auto count = [&](const char* key) {
        const auto it = spec.find(key);
        if (it == spec.end() || !it->is_number_unsigned())
            formatError(origin, where + ": a " + type + " needs a whole number \"" + key + "\"");
        return it->get<size_t>();
    };
    Step step;
    if (type == "Sequence") {
        const auto it = spec.find("decoders");
        if (it == spec.end() || !it->is_array())
            formatError(origin, where + ": a Sequence needs a \"decoders\" array");
        for (size_t i = 0; i < it->size(); ++i)
            addStep((*it)[i], origin, where + ".decoders[" + std::to_string(i) + "]");
        return;
    }
    if (type == "Replace") {
        step.kind = Kind::Replace;
        step.text = string("content");
        step.regex = patternOf(spec, type, true, origin, where);
    } else if (type == "ByteFallback") {
        step.kind = Kind::ByteFallback;
    } else if (type == "Fuse") {
        step.kind = Kind::Fuse;
    } else if (type == "Strip") {
        step.kind = Kind::Strip;
        step.text = string("content");
        if (step.text.empty() || utf8Length(step.text, 0) != step.text.size())
            formatError(origin, where + ": a Strip needs a \"content\" of one character");
        step.start = count("start");
        step.stop = count("stop");
    } else if (type == "Metaspace") {
        step.kind = Kind::Metaspace;
        step.text = string("replacement");
        const auto scheme = spec.find("prepend_scheme");
        if (scheme != spec.end() && scheme->is_string())
            step.prepended = scheme->get<std::string>() != "never";
        else if (const auto add = spec.find("add_prefix_space"); add != spec.end() && add->is_boolean())
            step.prepended = add->get<bool>();
    } else if (type == "ByteLevel") {
        step.kind = Kind::ByteLevel;
    } else {
        formatError(origin,
                    "unsupported decoder '" + type + "' in " + where
                        + " (supported: ByteLevel, Metaspace, Replace, ByteFallback, Fuse, Strip, a Sequence "
                          "of those)");
    }
    m_steps.push_back(std::move(step));
}

std::string Decoder::decode(std::vector<std::string> tokens) const
{
    static const std::string replacementCharacter = "\xEF\xBF\xBD";
    for (const Step& step : m_steps) {
        switch (step.kind) {
        case Kind::Replace:
            for (std::string& token : tokens) {
                std::string out;
                size_t pos = 0;
                step.regex->forEachMatch(token, [&](size_t begin, size_t end) {
                    out.append(token, pos, begin - pos);
                    out += step.text;
                    pos = end;
                });
                out.append(token, pos, std::string::npos);
                token.swap(out);
            }
            break;
        case Kind::ByteFallback: {
            std::vector<std::string> out;
            std::string bytes;
            size_t byteTokens = 0;
            const auto flush = [&] {
                if (byteTokens == 0)
                    return;
                if (validUtf8(bytes)) {
                    out.push_back(bytes);
                } else {
                    for (size_t i = 0; i < byteTokens; ++i)
                        out.push_back(replacementCharacter);
                }
                bytes.clear();
                byteTokens = 0;
            };
            for (std::string& token : tokens) {
                const int byte = fallbackByte(token);
                if (byte >= 0) {
                    bytes += static_cast<char>(byte);
                    ++byteTokens;
                    continue;
                }
                flush();
                out.push_back(std::move(token));
            }
            flush();
            tokens.swap(out);
            break;
        }
        case Kind::Fuse:
        case Kind::ByteLevel: {
            std::string all;
            for (const std::string& token : tokens) {
                if (step.kind == Kind::Fuse) {
                    all += token;
                    continue;
                }
                std::string bytes;
                bool symbols = true;
                for (size_t pos = 0; pos < token.size() && symbols;) {
                    const size_t n = utf8Length(token, pos);
                    const int byte = n == 0 ? -1 : byteOfSymbol(decodeUtf8(token, pos, n));
                    symbols = byte >= 0;
                    bytes += static_cast<char>(byte);
                    pos += n;
                }
                all += symbols ? bytes : token;
            }
            tokens.assign(1, all);
            break;
        }
        case Kind::Strip:
            for (std::string& token : tokens) {
                size_t begin = 0, end = token.size();
                for (size_t i = 0; i < step.start && token.compare(begin, step.text.size(), step.text) == 0; ++i)
                    begin += step.text.size();
                for (size_t i = 0; i < step.stop && end >= begin + step.text.size()
                     && token.compare(end - step.text.size(), step.text.size(), step.text) == 0;
                     ++i)
                    end -= step.text.size();
                token = token.substr(begin, end - begin);
            }
            break;
        case Kind::Metaspace:
            for (size_t i = 0; i < tokens.size(); ++i) {
                std::string out;
                for (size_t pos = 0; pos < tokens[i].size();) {
                    if (tokens[i].compare(pos, step.text.size(), step.text) == 0) {
                        if (!(i == 0 && step.prepended))
                            out += ' ';
                        pos += step.text.size();
                    } else {
                        out += tokens[i][pos++];
                    }
                }
                tokens[i].swap(out);
            }
            break;
        }
    }
    std::string text;
    for (const std::string& token : tokens)
        text += token;
    return text;
}

} // namespace qs::tok
