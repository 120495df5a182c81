// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/downstream/taskformats.h"

#include "core/common/errors.h"
#include "core/downstream/pytext.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>

namespace qs::downstream {

using json = nlohmann::json;

namespace {

const json& field(const json& doc, const char* name, const Where& at)
{
    const auto it = doc.find(name);
    if (it == doc.end())
        at.fail(std::string("no \"") + name + "\" field");
    return *it;
}

// Python's str() of a JSON value as the datasets library loads it (Jinja renders values that way).
std::string pyStr(const json& v, const std::string& name, const Where& at)
{
    if (v.is_string())
        return v.get<std::string>();
    if (v.is_number_integer())
        return v.dump();
    if (v.is_boolean())
        return v.get<bool>() ? "True" : "False";
    at.fail("the field \"" + name + "\" is " + v.dump() + ", not a string");
}

std::string str(const json& doc, const char* name, const Where& at)
{
    return pyStr(field(doc, name, at), name, at);
}

std::vector<std::string> strings(const json& v, const std::string& name, const Where& at)
{
    if (!v.is_array())
        at.fail("the field \"" + name + "\" is not a list");
    std::vector<std::string> out;
    for (const json& e : v)
        out.push_back(pyStr(e, name, at));
    return out;
}

// A choices object {"text": [...], "label": [...]}, as ARC, OpenBookQA and CommonsenseQA store it.
std::pair<std::vector<std::string>, std::vector<std::string>> labelledChoices(const json& doc, const Where& at)
{
    const json& c = field(doc, "choices", at);
    if (!c.is_object())
        at.fail("the field \"choices\" is not an object of \"text\" and \"label\"");
    return {strings(field(c, "text", at), "choices.text", at), strings(field(c, "label", at), "choices.label", at)};
}

int indexIn(const std::vector<std::string>& list, const std::string& value, const std::string& what, const Where& at)
{
    const auto it = std::find(list.begin(), list.end(), value);
    if (it == list.end())
        at.fail(what + " '" + value + "' is not among its labels");
    return static_cast<int>(it - list.begin());
}

// A Jinja-rendered target that is all digits becomes an int (lm-eval's doc_to_target).
int digitsValue(const std::string& s, const std::string& what, const Where& at)
{
    if (s.empty() || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }) || s.size() > 9)
        at.fail(what + " '" + s + "' is not a number");
    return std::stoi(s);
}

int intField(const json& doc, const char* name, const Where& at)
{
    const json& v = field(doc, name, at);
    if (v.is_number_integer())
        return v.get<int>();
    return digitsValue(pyStr(v, name, at), std::string("the field \"") + name + "\"", at);
}

DocView indexed(std::string text, std::vector<std::string> choices, int target)
{
    DocView v;
    v.text = std::move(text);
    v.choices = std::move(choices);
    v.targetIndex = target;
    return v;
}

DocView named(std::string text, std::vector<std::string> choices, std::string target)
{
    DocView v;
    v.text = std::move(text);
    v.choices = std::move(choices);
    v.targetIsIndex = false;
    v.targetText = std::move(target);
    return v;
}

} // namespace

void Where::fail(const std::string& what) const
{
    throw FormatError(path + ":" + std::to_string(line) + ": " + what);
}

std::string DocView::question(const Where& at) const
{
    if (!multipleInput)
        return text;
    if (textIndex < 0 || textIndex >= static_cast<int>(choices.size()))
        at.fail("the answer " + std::to_string(textIndex + 1) + " is not one of its options");
    return choices[static_cast<size_t>(textIndex)];
}

// arc_easy.yaml: "Question: {{question}}\nAnswer:", {{choices.text}}, {{choices.label.index(answerKey)}}
DocView arcView(const json& doc, const Where& at)
{
    auto [text, labels] = labelledChoices(doc, at);
    return indexed("Question: " + str(doc, "question", at) + "\nAnswer:", std::move(text),
                   indexIn(labels, str(doc, "answerKey", at), "answerKey", at));
}

// openbookqa.yaml: question_stem, {{choices.text}}, {{choices.label.index(answerKey.lstrip())}}
DocView openbookqaView(const json& doc, const Where& at)
{
    auto [text, labels] = labelledChoices(doc, at);
    return indexed(str(doc, "question_stem", at), std::move(text),
                   indexIn(labels, py::lstrip(str(doc, "answerKey", at)), "answerKey", at));
}

// piqa.yaml: "Question: {{goal}}\nAnswer:", {{[sol1, sol2]}}, label
DocView piqaView(const json& doc, const Where& at)
{
    return indexed("Question: " + str(doc, "goal", at) + "\nAnswer:", {str(doc, "sol1", at), str(doc, "sol2", at)},
                   intField(doc, "label", at));
}

std::string hellaswagPreprocess(const std::string& text)
{
    std::string t = py::strip(text);
    t = py::replace(t, " [title]", ". ");
    t = py::reSub("\\[.*?\\]", "", t);
    return py::replace(t, "  ", " ");
}

// hellaswag/utils.py process_docs: query = preprocess(activity_label + ": " + ctx_a + " " +
// ctx_b.capitalize()), choices = preprocess(each ending); doc_to_target "{{label}}".
DocView hellaswagView(const json& doc, const Where& at)
{
    const std::string ctx = str(doc, "ctx_a", at) + " " + py::capitalize(str(doc, "ctx_b", at));
    std::vector<std::string> choices;
    for (const std::string& e : strings(field(doc, "endings", at), "endings", at))
        choices.push_back(hellaswagPreprocess(e));
    return indexed(hellaswagPreprocess(str(doc, "activity_label", at) + ": " + ctx), std::move(choices),
                   digitsValue(str(doc, "label", at), "the label", at));
}

// winogrande/preprocess_winogrande.py: the sentence up to "_" with each option is a context, the rest
// after "_" (stripped) the continuation; doc_to_text is the right option's index.
DocView winograndeView(const json& doc, const Where& at)
{
    const std::string sentence = str(doc, "sentence", at);
    const size_t blank = sentence.find('_');
    if (blank == std::string::npos)
        at.fail("the sentence has no \"_\" blank");
    const std::string answer = str(doc, "answer", at);
    if (answer != "1" && answer != "2")
        at.fail("the answer '" + answer + "' is neither \"1\" nor \"2\"");
    DocView v;
    v.multipleInput = true;
    v.textIndex = answer == "1" ? 0 : 1;
    v.choices = {sentence.substr(0, blank) + str(doc, "option1", at),
                 sentence.substr(0, blank) + str(doc, "option2", at)};
    v.targetIsIndex = false;
    v.targetText = py::strip(sentence.substr(blank + 1));
    return v;
}

std::vector<std::string> mathqaChoices(const std::string& options)
{
    std::vector<std::string> out;
    for (const std::string& c : py::reFindall("[abcd] \\) .*?, |e \\) .*?$", options)) {
        // c[4:].rstrip(" ,"): the match is ASCII up to its fifth character.
        std::string s = c.size() > 4 ? c.substr(4) : std::string();
        while (!s.empty() && (s.back() == ' ' || s.back() == ','))
            s.pop_back();
        out.push_back(std::move(s));
    }
    return out;
}

// mathqa.yaml: "Question: {{Problem}}\nAnswer:", utils.doc_to_choice, ['a'…'e'].index(correct)
DocView mathqaView(const json& doc, const Where& at)
{
    return indexed("Question: " + str(doc, "Problem", at) + "\nAnswer:", mathqaChoices(str(doc, "options", at)),
                   indexIn({"a", "b", "c", "d", "e"}, str(doc, "correct", at), "correct", at));
}

// preprocess_pubmedqa.py: "Abstract: " + "\n".join(CONTEXTS) + "\nQuestion: " + QUESTION + "\nAnswer:";
// choices yes/no/maybe; final_decision.
DocView pubmedqaView(const json& doc, const Where& at)
{
    std::string contexts;
    const std::vector<std::string> parts = strings(field(doc, "CONTEXTS", at), "CONTEXTS", at);
    for (size_t i = 0; i < parts.size(); ++i)
        contexts += (i ? "\n" : "") + parts[i];
    return named("Abstract: " + contexts + "\nQuestion: " + str(doc, "QUESTION", at) + "\nAnswer:",
                 {"yes", "no", "maybe"}, str(doc, "final_decision", at));
}

// sciq.yaml: "{{support.lstrip()}}\nQuestion: {{question}}\nAnswer:", distractors 1–3 then the answer; 3
DocView sciqView(const json& doc, const Where& at)
{
    return indexed(py::lstrip(str(doc, "support", at)) + "\nQuestion: " + str(doc, "question", at) + "\nAnswer:",
                   {str(doc, "distractor1", at), str(doc, "distractor2", at), str(doc, "distractor3", at),
                    str(doc, "correct_answer", at)},
                   3);
}

// siqa.yaml: "Q: {{context}} {{question}}\nA:", answers A–C, {{ (label|int) - 1 }}
DocView socialIqaView(const json& doc, const Where& at)
{
    return indexed("Q: " + str(doc, "context", at) + " " + str(doc, "question", at) + "\nA:",
                   {str(doc, "answerA", at), str(doc, "answerB", at), str(doc, "answerC", at)},
                   intField(doc, "label", at) - 1);
}

// commonsense_qa/default.yaml: the question stripped with its five lettered choices; A–E; answerKey
DocView commonsenseQaView(const json& doc, const Where& at)
{
    auto [text, labels] = labelledChoices(doc, at);
    if (text.size() < 5)
        at.fail("fewer than five choices");
    std::string q = "Question: " + py::strip(str(doc, "question", at));
    for (size_t i = 0; i < 5; ++i)
        q += "\n" + std::string(1, char('A' + i)) + ". " + text[i];
    return named(q + "\nAnswer:", {"A", "B", "C", "D", "E"}, str(doc, "answerKey", at));
}

// mmlu/default/_default_template_yaml: the question stripped with its four lettered choices; A–D; answer
DocView mmluView(const json& doc, const Where& at)
{
    const std::vector<std::string> c = strings(field(doc, "choices", at), "choices", at);
    if (c.size() < 4)
        at.fail("fewer than four choices");
    std::string q = py::strip(str(doc, "question", at));
    for (size_t i = 0; i < 4; ++i)
        q += "\n" + std::string(1, char('A' + i)) + ". " + c[i];
    return indexed(q + "\nAnswer:", {"A", "B", "C", "D"}, intField(doc, "answer", at));
}

std::string mmluSubject(const json& doc, const Where& at)
{
    return str(doc, "subject", at);
}

std::string mmluDescription(const std::string& subject)
{
    std::string words = subject;
    std::replace(words.begin(), words.end(), '_', ' ');
    return "The following are multiple choice questions (with answers) about " + words + ".\n\n";
}

std::string mmluCategory(const std::string& subject, const Where& at)
{
    static const std::map<std::string, std::string> categories = {
        {"abstract_algebra", "stem"},
        {"anatomy", "stem"},
        {"astronomy", "stem"},
        {"business_ethics", "other"},
        {"clinical_knowledge", "other"},
        {"college_biology", "stem"},
        {"college_chemistry", "stem"},
        {"college_computer_science", "stem"},
        {"college_mathematics", "stem"},
        {"college_medicine", "other"},
        {"college_physics", "stem"},
        {"computer_security", "stem"},
        {"conceptual_physics", "stem"},
        {"econometrics", "social_sciences"},
        {"electrical_engineering", "stem"},
        {"elementary_mathematics", "stem"},
        {"formal_logic", "humanities"},
        {"global_facts", "other"},
        {"high_school_biology", "stem"},
        {"high_school_chemistry", "stem"},
        {"high_school_computer_science", "stem"},
        {"high_school_european_history", "humanities"},
        {"high_school_geography", "social_sciences"},
        {"high_school_government_and_politics", "social_sciences"},
        {"high_school_macroeconomics", "social_sciences"},
        {"high_school_mathematics", "stem"},
        {"high_school_microeconomics", "social_sciences"},
        {"high_school_physics", "stem"},
        {"high_school_psychology", "social_sciences"},
        {"high_school_statistics", "stem"},
        {"high_school_us_history", "humanities"},
        {"high_school_world_history", "humanities"},
        {"human_aging", "other"},
        {"human_sexuality", "social_sciences"},
        {"international_law", "humanities"},
        {"jurisprudence", "humanities"},
        {"logical_fallacies", "humanities"},
        {"machine_learning", "stem"},
        {"management", "other"},
        {"marketing", "other"},
        {"medical_genetics", "other"},
        {"miscellaneous", "other"},
        {"moral_disputes", "humanities"},
        {"moral_scenarios", "humanities"},
        {"nutrition", "other"},
        {"philosophy", "humanities"},
        {"prehistory", "humanities"},
        {"professional_accounting", "other"},
        {"professional_law", "humanities"},
        {"professional_medicine", "other"},
        {"professional_psychology", "social_sciences"},
        {"public_relations", "social_sciences"},
        {"security_studies", "social_sciences"},
        {"sociology", "social_sciences"},
        {"us_foreign_policy", "social_sciences"},
        {"virology", "other"},
        {"world_religions", "humanities"},
    };
    const auto it = categories.find(subject);
    if (it == categories.end())
        at.fail("'" + subject + "' is not one of MMLU's 57 subjects");
    return it->second;
}

} // namespace qs::downstream
