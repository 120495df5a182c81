// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Each of the twelve tasks' doc_to_text, doc_to_choice and doc_to_target (with hellaswag's and
// mathqa's process functions) as lm-eval 0.4.13's YAMLs and utils.py define them, on a row of the data
// set's original layout. Internal to core/downstream (tasks.cpp and its test).

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace qs::downstream {

// Where a row is, for messages: file and line.
struct Where
{
    std::string path;
    int64_t line = 0;
    [[noreturn]] void fail(const std::string& what) const; // FormatError "path:line: what"
};

struct DocView
{
    std::string text;           // doc_to_text (unless multipleInput)
    bool multipleInput = false; // Winogrande: doc_to_text is the index of the right context
    int textIndex = 0;
    std::vector<std::string> choices; // doc_to_choice
    bool targetIsIndex = true;        // doc_to_target: an index into choices, or a string
    int targetIndex = 0;
    std::string targetText;
    std::string question(const Where& at) const; // the text a few-shot example shows
};

DocView arcView(const nlohmann::json& doc, const Where& at);
DocView openbookqaView(const nlohmann::json& doc, const Where& at);
DocView piqaView(const nlohmann::json& doc, const Where& at);
DocView hellaswagView(const nlohmann::json& doc, const Where& at);
DocView winograndeView(const nlohmann::json& doc, const Where& at);
DocView mathqaView(const nlohmann::json& doc, const Where& at);
DocView pubmedqaView(const nlohmann::json& doc, const Where& at);
DocView sciqView(const nlohmann::json& doc, const Where& at);
DocView socialIqaView(const nlohmann::json& doc, const Where& at);
DocView commonsenseQaView(const nlohmann::json& doc, const Where& at);
DocView mmluView(const nlohmann::json& doc, const Where& at);

std::string mmluSubject(const nlohmann::json& doc, const Where& at);
// "The following are multiple choice questions (with answers) about high school biology.\n\n"
std::string mmluDescription(const std::string& subject);
// stem, other, social_sciences or humanities (lm-eval's mmlu/_generate_configs.py); FormatError for a
// subject MMLU does not have.
std::string mmluCategory(const std::string& subject, const Where& at);

// hellaswag's utils.preprocess.
std::string hellaswagPreprocess(const std::string& text);
// mathqa's utils.doc_to_choice on its "options" string.
std::vector<std::string> mathqaChoices(const std::string& options);

} // namespace qs::downstream
