// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/tokenizer/postprocessor.h"

#include "core/tokenizer/pretokenizer.h"

#include <nlohmann/json.hpp>

#include <limits>

namespace qs::tok {

using json = nlohmann::json;

namespace {

int32_t idOf(const json& value, const std::string& origin, const std::string& where)
{
    if (!value.is_number_integer() || value.get<int64_t>() < 0
        || value.get<int64_t>() > std::numeric_limits<int32_t>::max())
        formatError(origin, where + ": the id " + value.dump() + " is not an integer from 0 to 2^31-1");
    return static_cast<int32_t>(value.get<int64_t>());
}

// RobertaProcessing / BertProcessing's ["token", id] pair.
int32_t pairId(const json& spec, const char* key, const std::string& origin, const std::string& where)
{
    const auto it = spec.find(key);
    if (it == spec.end() || !it->is_array() || it->size() != 2)
        formatError(origin, where + ": \"" + key + "\" is not a [token, id] pair");
    return idOf((*it)[1], origin, where + "." + key);
}

} // namespace

PostProcessor::PostProcessor(const json& spec, const std::string& origin)
    : m_origin(origin)
{
    if (!spec.is_null())
        add(spec, "post_processor");
}

void PostProcessor::add(const json& spec, const std::string& where)
{
    if (!spec.is_object() || !spec.contains("type") || !spec["type"].is_string())
        formatError(m_origin, where + " is not an object with a \"type\"");
    const std::string type = spec["type"].get<std::string>();
    if (type == "ByteLevel")
        return; // offsets only
    if (type == "Sequence") {
        const auto it = spec.find("processors");
        if (it == spec.end() || !it->is_array())
            formatError(m_origin, where + ": a Sequence without a \"processors\" array");
        for (size_t i = 0; i < it->size(); ++i)
            add((*it)[i], where + ".processors[" + std::to_string(i) + "]");
        return;
    }
    if (type == "RobertaProcessing" || type == "BertProcessing") {
        // As the library inserts them for one sequence: cls, the sequence, sep.
        const int32_t cls = pairId(spec, "cls", m_origin, where);
        const int32_t sep = pairId(spec, "sep", m_origin, where);
        m_prefix.insert(m_prefix.begin(), cls);
        m_suffix.push_back(sep);
        return;
    }
    if (type != "TemplateProcessing") {
        if (m_unsupported.empty())
            m_unsupported = where + " of type \"" + type + "\"";
        return;
    }
    const auto single = spec.find("single");
    const auto special = spec.find("special_tokens");
    if (single == spec.end() || !single->is_array())
        formatError(m_origin, where + ": TemplateProcessing without a \"single\" template");
    std::vector<int32_t> before, after;
    bool sequenceSeen = false;
    for (size_t i = 0; i < single->size(); ++i) {
        const json& piece = (*single)[i];
        const std::string at = where + ".single[" + std::to_string(i) + "]";
        if (piece.is_object() && piece.contains("Sequence")) {
            if (sequenceSeen)
                formatError(m_origin, at + ": a second sequence in a single-sequence template");
            sequenceSeen = true;
            continue;
        }
        if (!piece.is_object() || !piece.contains("SpecialToken") || !piece["SpecialToken"].contains("id"))
            formatError(m_origin, at + " is neither a Sequence nor a SpecialToken");
        const json& name = piece["SpecialToken"]["id"];
        if (special == spec.end() || !special->is_object() || !name.is_string() || !special->contains(name))
            formatError(m_origin, at + ": the special token " + name.dump() + " is not in \"special_tokens\"");
        const json& ids = (*special)[name.get<std::string>()]["ids"];
        if (!ids.is_array())
            formatError(m_origin, at + ": special_tokens[" + name.dump() + "] has no \"ids\" array");
        for (const json& id : ids)
            (sequenceSeen ? after : before).push_back(idOf(id, m_origin, at));
    }
    if (!sequenceSeen)
        formatError(m_origin, where + ": the \"single\" template has no sequence");
    m_prefix.insert(m_prefix.begin(), before.begin(), before.end());
    m_suffix.insert(m_suffix.end(), after.begin(), after.end());
}

std::vector<int32_t> PostProcessor::wrap(std::vector<int32_t> ids) const
{
    if (!m_unsupported.empty())
        formatError(m_origin,
                    "the " + m_unsupported
                        + " is not supported (TemplateProcessing, RobertaProcessing, "
                          "BertProcessing, ByteLevel and a Sequence of them are)");
    if (m_prefix.empty() && m_suffix.empty())
        return ids;
    std::vector<int32_t> out;
    out.reserve(m_prefix.size() + ids.size() + m_suffix.size());
    out.insert(out.end(), m_prefix.begin(), m_prefix.end());
    out.insert(out.end(), ids.begin(), ids.end());
    out.insert(out.end(), m_suffix.begin(), m_suffix.end());
    return out;
}

} // namespace qs::tok
