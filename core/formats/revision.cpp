// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/formats/revision.h"

#include "core/common/errors.h"
#include "core/common/files.h"
#include "core/common/text.h"
#include "core/formats/jsonfields.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <optional>
#include <sstream>
#include <tuple>

namespace qs {

namespace {

namespace fs = std::filesystem;

std::string lastComponent(std::string_view path)
{
    while (!path.empty() && (path.back() == '/' || path.back() == '\\'))
        path.remove_suffix(1);
    const size_t slash = path.find_last_of("/\\");
    return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

std::optional<std::int64_t> wholeNumber(std::string_view text)
{
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < 0)
        return std::nullopt;
    return value;
}

bool isSeparator(char c)
{
    return c == '-' || c == '_';
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// Whether `text` continues at `pos` with `word`, ignoring ASCII case.
bool hasWordAt(std::string_view text, size_t pos, std::string_view word)
{
    if (pos > text.size() || text.size() - pos < word.size())
        return false;
    for (size_t i = 0; i < word.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(text[pos + i])) != word[i])
            return false;
    }
    return true;
}

// End of a count as names write it, "84", "1.5", with a K, M, B or T after it when `suffix`; `pos`
// when there is no count there.
size_t countEnd(std::string_view text, size_t pos, bool suffix)
{
    size_t end = pos;
    while (end < text.size() && isDigit(text[end]))
        ++end;
    if (end == pos)
        return pos;
    if (suffix && end + 1 < text.size() && text[end] == '.' && isDigit(text[end + 1])) {
        end += 2;
        while (end < text.size() && isDigit(text[end]))
            ++end;
    }
    if (suffix && end < text.size() && std::string_view("kmbtKMBT").find(text[end]) != std::string_view::npos)
        ++end;
    return end;
}

// The count after `key` in a name whose parts are separated by '-' or '_' ("step40000", "iter_0058000",
// "tokens84B"): the first part that is the key, optionally a separator, and a count that ends the part.
// Scanned by hand, not with std::regex, whose recursion overflows the stack on long names.
std::optional<std::string> field(const std::string& name, std::string_view key, bool suffix)
{
    for (size_t pos = 0; pos < name.size(); ++pos) {
        if ((pos > 0 && !isSeparator(name[pos - 1])) || !hasWordAt(name, pos, key))
            continue;
        size_t begin = pos + key.size();
        if (begin < name.size() && isSeparator(name[begin]))
            ++begin;
        const size_t end = countEnd(name, begin, suffix);
        if (end > begin && (end == name.size() || isSeparator(name[end])))
            return name.substr(begin, end - begin);
    }
    return std::nullopt;
}

// A manifest cell: trimmed, and without the quotes around it.
std::string cellText(std::string_view cell)
{
    std::string text(trimSpace(cell));
    if (text.size() >= 2 && text.front() == '"' && text.back() == '"')
        text = text.substr(1, text.size() - 2);
    return text;
}

std::vector<std::string> splitCsvLine(const std::string& line)
{
    std::vector<std::string> cells;
    std::stringstream stream(line);
    std::string cell;
    while (std::getline(stream, cell, ','))
        cells.push_back(cellText(cell));
    if (!line.empty() && line.back() == ',')
        cells.emplace_back();
    return cells;
}

std::string resolved(const fs::path& base, const std::string& path)
{
    const fs::path p(path);
    return (p.is_absolute() ? p : base / p).lexically_normal().string();
}

// Sets one manifest field from its text; qs::FormatError naming where it is.
void setField(RevisionInfo& info, const std::string& column, const std::string& text, const std::string& where,
              const fs::path& base)
{
    const auto bad = [&](const std::string& what) {
        throw FormatError(where + ": column '" + column + "': '" + text + "' is not " + what);
    };
    if (column == "path") {
        if (text.empty())
            bad("a path");
        info.path = resolved(base, text);
        info.name = lastComponent(info.path);
    } else if (column == "step") {
        const WholeRange steps {0, kInt64Max};
        if (!text.empty() && !(info.step = parseWholeNumber(text, steps)))
            bad(steps.describe());
    } else if (column == "tokens") {
        if (text.empty())
            return;
        info.tokens = parseTokenCount(text);
        if (!info.tokens || !(*info.tokens <= kMaxTokenCount))
            bad("a token count in [0, " + formatNumber(kMaxTokenCount) + "] (84000000000, 84B, 1.5T)");
    } else if (column == "lr") {
        const RealRange lrs = RealRange::closed(0.0, kMaxLearningRate);
        if (!text.empty() && !(info.lr = parseRealNumber(text, lrs)))
            bad(lrs.describe());
    } else if (column == "stage") {
        info.stage = text;
    }
}

const std::vector<std::string> knownColumns = {"path", "step", "tokens", "lr", "stage"};

std::vector<RevisionInfo> readCsvManifest(std::istream& in, const std::string& path, const fs::path& base)
{
    std::string line;
    int lineNumber = 0;
    std::vector<std::string> header;
    while (header.empty() && std::getline(in, line)) {
        ++lineNumber;
        if (!trimSpace(line).empty())
            header = splitCsvLine(line);
    }
    if (std::find(header.begin(), header.end(), "path") == header.end())
        throw FormatError(path + ": the header needs a 'path' column (columns: path, step, tokens, lr, stage)");
    for (size_t c = 0; c < header.size(); ++c) {
        const std::string& column = header[c];
        if (std::find(knownColumns.begin(), knownColumns.end(), column) == knownColumns.end())
            throw FormatError(path + ": unknown column '" + column + "' (columns: path, step, tokens, lr, stage)");
        if (std::find(header.begin(), header.begin() + std::ptrdiff_t(c), column) != header.begin() + std::ptrdiff_t(c))
            throw FormatError(path + ": the header names column '" + column + "' twice");
    }
    std::vector<RevisionInfo> revisions;
    while (std::getline(in, line)) {
        ++lineNumber;
        if (trimSpace(line).empty())
            continue;
        const std::vector<std::string> cells = splitCsvLine(line);
        const std::string where = path + ":" + std::to_string(lineNumber);
        if (cells.size() != header.size())
            throw FormatError(where + ": " + std::to_string(cells.size()) + " cells, the header has "
                              + std::to_string(header.size()));
        RevisionInfo info;
        for (size_t c = 0; c < header.size(); ++c)
            setField(info, header[c], cells[c], where, base);
        revisions.push_back(std::move(info));
    }
    return revisions;
}

std::vector<RevisionInfo> readJsonManifest(const std::string& text, const std::string& path, const fs::path& base)
{
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        throw FormatError(path + ": not valid JSON: " + e.what());
    }
    if (!doc.is_array())
        throw FormatError(path + ": expected a JSON array of revisions ({\"path\": …, \"step\": …})");
    std::vector<RevisionInfo> revisions;
    for (size_t i = 0; i < doc.size(); ++i) {
        const std::string where = path + ": entry " + std::to_string(i + 1);
        if (!doc[i].is_object() || !doc[i].contains("path"))
            throw FormatError(where + ": an object with a \"path\" is needed");
        RevisionInfo info;
        for (const auto& [key, value] : doc[i].items()) {
            if (std::find(knownColumns.begin(), knownColumns.end(), key) == knownColumns.end())
                throw FormatError(where + ": unknown key '" + key + "' (keys: path, step, tokens, lr, stage)");
            const std::string text = value.is_string() ? value.get<std::string>() : value.dump();
            setField(info, key, text, where, base);
        }
        revisions.push_back(std::move(info));
    }
    return revisions;
}

std::string sameFolderKey(const std::string& path)
{
    std::error_code error;
    const fs::path canonical = fs::weakly_canonical(fs::path(path), error);
    return (error ? fs::path(path).lexically_normal() : canonical).string();
}

} // namespace

int64_t stageNumber(const std::string& stage)
{
    if (stage.empty())
        return -1;
    constexpr int64_t unnumbered = std::numeric_limits<int64_t>::max();
    if (!hasWordAt(stage, 0, "stage"))
        return unnumbered;
    int64_t number = 0;
    const auto [end, error] = std::from_chars(stage.data() + 5, stage.data() + stage.size(), number);
    if (end == stage.data() + 5)
        return unnumbered;
    return error == std::errc() ? number : unnumbered - 1; // a number past int64 sorts after all others
}

std::optional<double> parseTokenCount(std::string_view text)
{
    const size_t end = countEnd(text, 0, true);
    if (end == 0 || end != text.size())
        return std::nullopt;
    const bool hasSuffix = !isDigit(text.back());
    const std::string number(text.substr(0, hasSuffix ? text.size() - 1 : text.size()));
    double value = std::strtod(number.c_str(), nullptr);
    switch (hasSuffix ? std::toupper(static_cast<unsigned char>(text.back())) : ' ') {
    case 'K':
        value *= 1e3;
        break;
    case 'M':
        value *= 1e6;
        break;
    case 'B':
        value *= 1e9;
        break;
    case 'T':
        value *= 1e12;
        break;
    default:
        break;
    }
    // Hundreds of digits overflow a double: not a count of tokens.
    if (!std::isfinite(value))
        return std::nullopt;
    return value;
}

RevisionInfo parseRevisionName(std::string_view pathOrName)
{
    RevisionInfo info;
    info.path = std::string(pathOrName);
    info.name = lastComponent(pathOrName);
    const std::string& name = info.name;
    if (const auto step = field(name, "step", false))
        info.step = wholeNumber(*step);
    else if (const auto iteration = field(name, "iter", false))
        info.step = wholeNumber(*iteration);
    if (const auto index = field(name, "ckpt", false))
        info.index = wholeNumber(*index);
    if (const auto tokens = field(name, "tokens", true))
        info.tokens = parseTokenCount(*tokens);
    // The stage: what precedes the first step, tokens, iter or ckpt part of a name that starts with
    // "stage" and a number ("stage2-ingredient1" of "stage2-ingredient1-step11931-tokens100B").
    if (hasWordAt(name, 0, "stage") && name.size() > 5 && isDigit(name[5])) {
        for (size_t i = 6; i < name.size() && name[i] != '\n' && name[i] != '\r'; ++i) {
            if (isSeparator(name[i])
                && (hasWordAt(name, i + 1, "step") || hasWordAt(name, i + 1, "tokens") || hasWordAt(name, i + 1, "iter")
                    || hasWordAt(name, i + 1, "ckpt"))) {
                info.stage = name.substr(0, i);
                break;
            }
        }
    }
    return info;
}

std::vector<RevisionInfo> readRevisionManifest(const std::string& path)
{
    const std::optional<std::string> read = tryReadWholeFile(path);
    if (!read)
        throw IoError(path + ": cannot read the manifest");
    const std::string& text = *read;
    const fs::path base = fs::path(path).parent_path();
    const size_t first = text.find_first_not_of(" \t\r\n");
    if (first != std::string::npos && text[first] == '[')
        return readJsonManifest(text, path, base);
    std::istringstream lines(text);
    return readCsvManifest(lines, path, base);
}

std::vector<RevisionInfo> orderTrajectory(std::vector<RevisionInfo> revisions,
                                          const std::vector<RevisionInfo>& manifest)
{
    for (RevisionInfo& revision : revisions) {
        const std::string key = sameFolderKey(revision.path);
        for (const RevisionInfo& entry : manifest) {
            if (sameFolderKey(entry.path) != key)
                continue;
            if (entry.step)
                revision.step = entry.step;
            if (entry.tokens)
                revision.tokens = entry.tokens;
            if (entry.lr)
                revision.lr = entry.lr;
            if (!entry.stage.empty())
                revision.stage = entry.stage;
        }
    }
    const auto key = [](const RevisionInfo& r) {
        const bool placed = r.step || r.index;
        return std::make_tuple(stageNumber(r.stage), r.stage, !placed, r.step.value_or(-1), r.index.value_or(-1),
                               r.name);
    };
    std::stable_sort(revisions.begin(), revisions.end(),
                     [&](const RevisionInfo& a, const RevisionInfo& b) { return key(a) < key(b); });
    return revisions;
}

} // namespace qs
