// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/downstream/requests.h"

#include "core/common/errors.h"
#include "core/downstream/pytext.h"
#include "core/downstream/tasks.h"
#include "core/tokenizer/tokenizer.h"

namespace qs {

namespace {

std::vector<int32_t> tokEncode(const BpeTokenizer& tokenizer, const std::string& text, const std::string& bosText)
{
    if (!bosText.empty() && text.compare(0, bosText.size(), bosText) == 0)
        return tokenizer.encode(text);
    return tokenizer.encodeWithSpecialTokens(text);
}

} // namespace

McTokens encodeRequest(const BpeTokenizer& tokenizer, const std::string& context, const std::string& continuation,
                       const std::string& bosText)
{
    if (context.empty())
        throw Error(
            "a request with an empty context (lm-eval scores those after its prefix token; no task here has one)");
    const std::string kept = py::rstrip(context);
    const std::string whole = context; // the moved whitespace stays between the two: the text is the same
    const std::vector<int32_t> all = tokEncode(tokenizer, whole + continuation, bosText);
    McTokens t;
    t.context = tokEncode(tokenizer, kept, bosText);
    if (t.context.size() > all.size())
        throw Error("the context '" + kept.substr(0, 40) + "…' has more tokens alone than with its continuation");
    t.continuation.assign(all.begin() + static_cast<std::ptrdiff_t>(t.context.size()), all.end());
    return t;
}

std::vector<McTokens> encodeTasks(const BpeTokenizer& tokenizer, const std::vector<McTask>& tasks,
                                  const std::string& bosText)
{
    std::vector<McTokens> out;
    for (const McTask& task : tasks)
        for (const McDocument& doc : task.documents)
            for (size_t i = 0; i < doc.contexts.size(); ++i)
                out.push_back(encodeRequest(tokenizer, doc.contexts[i], doc.continuations[i], bosText));
    return out;
}

std::vector<int32_t> modelInput(const McTokens& request, int64_t maxLength)
{
    if (static_cast<int64_t>(request.continuation.size()) > maxLength)
        throw Error("a continuation of " + std::to_string(request.continuation.size())
                    + " tokens is longer than the model's maximum length " + std::to_string(maxLength));
    std::vector<int32_t> all = request.context;
    all.insert(all.end(), request.continuation.begin(), request.continuation.end());
    const size_t keep = std::min(all.size(), static_cast<size_t>(maxLength + 1));
    std::vector<int32_t> in(all.end() - static_cast<std::ptrdiff_t>(keep), all.end());
    in.pop_back();
    return in;
}

McTokens byteRequest(const std::string& context, const std::string& continuation)
{
    McTokens t;
    for (unsigned char c : context)
        t.context.push_back(c);
    for (unsigned char c : continuation)
        t.continuation.push_back(c);
    return t;
}

} // namespace qs
