// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/formats/traininglog.h"

#include "core/common/csv.h"
#include "core/common/errors.h"
#include "core/common/files.h"
#include "core/common/text.h"
#include "core/formats/jsonfields.h"
#include "core/formats/tfevents.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>
#include <sstream>

namespace fs = std::filesystem;

namespace qs {

namespace {

using traininglog::readTfEventsInto;
using traininglog::SeriesBuilder;

// ---- CSV and JSON lines -----------------------------------------------------------------------------

const std::initializer_list<const char*> stepNames = {"_step",     "step", "global_step", "trainer/global_step",
                                                      "iteration", "iter"};

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

enum class Cell
{
    Missing,
    NonFinite,
    Number,
    Text,
};

Cell readCell(const std::string& text, double* value)
{
    const std::string l = lower(text);
    if (l.empty() || l == "nan" || l == "-nan" || l == "null" || l == "none")
        return Cell::Missing;
    if (l == "inf" || l == "-inf" || l == "+inf" || l == "infinity" || l == "-infinity")
        return Cell::NonFinite;
    if (const auto v = parseRealNumber(text, {-std::numeric_limits<double>::infinity()})) {
        *value = *v;
        return Cell::Number;
    }
    return Cell::Text;
}

const WholeRange stepRange {0, kInt64Max};

// Bare NaN, Infinity and -Infinity outside strings (Python's json writes them; JSON has no such
// tokens) as null, so that the line parses and the value reads as not logged.
std::string nullNonFinite(const std::string& line)
{
    std::string out;
    out.reserve(line.size());
    bool inString = false;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (inString) {
            out += c;
            if (c == '\\' && i + 1 < line.size())
                out += line[++i];
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
            out += c;
            continue;
        }
        const std::string_view rest = std::string_view(line).substr(i);
        for (const std::string_view token : {"NaN", "-Infinity", "Infinity"}) {
            if (rest.substr(0, token.size()) == token) {
                out += "null";
                i += token.size() - 1;
                goto next;
            }
        }
        out += c;
    next:;
    }
    return out;
}

void flatten(const nlohmann::json& object, const std::string& prefix, int64_t step, SeriesBuilder& out)
{
    if (object.contains("_type"))
        return; // a W&B media object (image, table, histogram)
    for (auto it = object.begin(); it != object.end(); ++it) {
        const std::string key = prefix + it.key();
        if (prefix.empty() && !key.empty() && key[0] == '_')
            continue;
        const nlohmann::json& v = it.value();
        if (v.is_object())
            flatten(v, key + "/", step, out);
        else if (v.is_number())
            out.add(key, step, v.get<double>());
    }
}

bool isEventFile(const fs::path& p)
{
    return p.filename().string().find("tfevents") != std::string::npos;
}

} // namespace

const ScalarSeries* TrainingLog::find(const std::string& tag) const
{
    for (const ScalarSeries& s : series) {
        if (s.tag == tag)
            return &s;
    }
    return nullptr;
}

std::vector<std::string> TrainingLog::tags() const
{
    std::vector<std::string> out;
    for (const ScalarSeries& s : series)
        out.push_back(s.tag);
    return out;
}

TrainingLog readScalarCsv(const std::string& path)
{
    std::istringstream in(readWholeFile(path, "training log"));
    TrainingLog log;
    log.files.push_back(path);
    std::string line;
    std::getline(in, line);
    if (!line.empty() && line.back() == '\r')
        line.pop_back();
    if (line.size() >= 3 && line.compare(0, 3, "\xEF\xBB\xBF") == 0)
        line.erase(0, 3); // a UTF-8 byte-order mark
    const std::vector<std::string> header = splitCsvRecord(line, path, 1);
    int stepCol = -1;
    for (const char* name : stepNames) {
        const auto it = std::find(header.begin(), header.end(), name);
        if (it != header.end()) {
            stepCol = int(it - header.begin());
            break;
        }
    }
    if (stepCol < 0)
        throw FormatError(path
                          + ": the training log needs a header with a step column (_step, step, global_step, "
                            "iteration); it has: "
                          + line);
    for (size_t i = 0; i < header.size(); ++i) {
        if (header[i].empty())
            throw FormatError(path + ", line 1: column " + std::to_string(i + 1) + " has no name");
        if (std::find(header.begin(), header.begin() + std::ptrdiff_t(i), header[i])
            != header.begin() + std::ptrdiff_t(i))
            throw FormatError(path + ", line 1: column '" + header[i] + "' appears twice");
    }
    struct Column
    {
        size_t numbers = 0;
        std::optional<std::pair<int, std::string>> firstText; // line, cell
    };
    std::vector<Column> columns(header.size());
    std::map<std::string, std::vector<ScalarPoint>> values;
    std::map<std::string, size_t> nonFinite;
    int lineNo = 1;
    size_t rows = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (trimSpace(line).empty())
            continue;
        const std::vector<std::string> cells = splitCsvRecord(line, path, lineNo);
        if (cells.size() != header.size())
            throw FormatError(path + ", line " + std::to_string(lineNo) + ": " + std::to_string(cells.size())
                              + " cells, the header names " + std::to_string(header.size()) + " columns");
        const std::string& stepText = cells[size_t(stepCol)];
        const auto step = parseWholeNumber(stepText, stepRange);
        if (!step)
            throw FormatError(path + ", line " + std::to_string(lineNo) + ", column " + header[size_t(stepCol)] + ": '"
                              + stepText + "' is not " + stepRange.describe());
        ++rows;
        for (size_t c = 0; c < cells.size(); ++c) {
            if (int(c) == stepCol || header[c][0] == '_')
                continue;
            double value = 0.0;
            switch (readCell(cells[c], &value)) {
            case Cell::Missing:
                break;
            case Cell::NonFinite:
                ++nonFinite[header[c]];
                break;
            case Cell::Number:
                ++columns[c].numbers;
                values[header[c]].push_back({*step, value});
                break;
            case Cell::Text:
                if (!columns[c].firstText)
                    columns[c].firstText = std::make_pair(lineNo, cells[c]);
                break;
            }
        }
    }
    if (rows == 0)
        throw FormatError(path + ": the training log has no rows");
    SeriesBuilder out;
    for (size_t c = 0; c < header.size(); ++c) {
        const Column& col = columns[c];
        if (!col.firstText)
            continue;
        if (col.numbers > 0)
            throw FormatError(path + ", line " + std::to_string(col.firstText->first) + ", column " + header[c] + ": '"
                              + col.firstText->second + "' is not a number (the column holds numbers)");
        log.warnings.push_back(path + ": column '" + header[c] + "' holds no number; skipped");
    }
    for (const auto& [tag, points] : values) {
        for (const ScalarPoint& p : points)
            out.add(tag, p.step, p.value);
    }
    for (const auto& [tag, count] : nonFinite)
        out.countNonFinite(tag, count);
    TrainingLog result = out.finish(std::move(log));
    if (result.series.empty())
        throw FormatError(path + ": the training log holds no scalar (columns: " + line + ")");
    return result;
}

TrainingLog readScalarJsonl(const std::string& path)
{
    std::istringstream in(readWholeFile(path, "training log"));
    TrainingLog log;
    log.files.push_back(path);
    SeriesBuilder out;
    std::string line;
    int lineNo = 0;
    size_t rows = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        if (trimSpace(line).empty())
            continue;
        const std::string where = path + ", line " + std::to_string(lineNo);
        nlohmann::json j;
        try {
            j = nlohmann::json::parse(nullNonFinite(line));
        } catch (const nlohmann::json::exception& e) {
            throw FormatError(where + ": not JSON: " + e.what());
        }
        if (!j.is_object())
            throw FormatError(where + ": not a JSON object (one object per step: {\"_step\": 10, \"train/loss\": …})");
        const nlohmann::json* step = nullptr;
        std::string stepKey;
        for (const char* name : stepNames) {
            if (j.contains(name)) {
                step = &j[name];
                stepKey = name;
                break;
            }
        }
        if (!step)
            throw FormatError(where + ": no step key (_step, step, global_step, iteration)");
        std::int64_t s = 0;
        try {
            s = wholeNumber(*step, stepKey, stepRange);
        } catch (const ConfigError& e) {
            throw FormatError(where + ": " + e.what());
        }
        ++rows;
        nlohmann::json rest = j;
        rest.erase(stepKey);
        flatten(rest, {}, s, out);
    }
    if (rows == 0)
        throw FormatError(path + ": the training log has no rows");
    TrainingLog result = out.finish(std::move(log));
    if (result.series.empty())
        throw FormatError(path + ": the training log holds no scalar");
    return result;
}

TrainingLog readTrainingLog(const std::string& path)
{
    std::error_code ec;
    const fs::path p(path);
    if (fs::is_directory(p, ec)) {
        std::vector<fs::path> files;
        for (auto it = fs::recursive_directory_iterator(p, ec); !ec && it != fs::recursive_directory_iterator();
             it.increment(ec)) {
            if (it->is_regular_file(ec) && isEventFile(it->path()))
                files.push_back(it->path());
        }
        if (ec)
            throw IoError("cannot list the folder " + path + ": " + ec.message());
        if (files.empty())
            throw FormatError(path + " holds no TensorBoard event file (events.out.tfevents.*)");
        std::sort(files.begin(), files.end());
        SeriesBuilder out;
        TrainingLog log;
        for (const fs::path& f : files) {
            const fs::path folder = f.parent_path().lexically_relative(p);
            const std::string prefix = folder.empty() || folder == "." ? std::string() : folder.generic_string() + "/";
            readTfEventsInto(f.string(), prefix, out, log);
        }
        TrainingLog result = out.finish(std::move(log));
        if (result.series.empty())
            throw FormatError(path + ": its event files hold no scalar");
        return result;
    }
    if (!fs::exists(p, ec))
        throw IoError("training log " + path + " does not exist");
    if (isEventFile(p)) {
        TrainingLog log = readTfEvents(path);
        if (log.series.empty())
            throw FormatError(path + ": the event file holds no scalar");
        return log;
    }
    const std::string ext = lower(p.extension().string());
    if (ext == ".jsonl" || ext == ".json" || ext == ".ndjson")
        return readScalarJsonl(path);
    return readScalarCsv(path);
}

namespace {

std::string findTag(const TrainingLog& log, const std::string& given, std::initializer_list<const char*> names,
                    const char* what, const char* option)
{
    if (!given.empty()) {
        if (log.find(given))
            return given;
        std::string tags;
        for (const std::string& t : log.tags())
            tags += (tags.empty() ? "" : ", ") + t;
        throw ConfigError(std::string("the training log has no ") + what + " tag '" + given + "' (" + option
                          + "); its tags: " + tags);
    }
    for (const char* name : names) {
        for (const ScalarSeries& s : log.series) {
            if (lower(s.tag) == lower(name))
                return s.tag;
        }
    }
    return {};
}

} // namespace

std::string findLrTag(const TrainingLog& log, const std::string& given)
{
    return findTag(log, given,
                   {"lr", "learning_rate", "train/lr", "train/learning_rate", "optim/lr", "optim/learning_rate",
                    "optim/learning_rate_group0", "trainer/learning_rate", "lr-AdamW", "lr-Adam", "lr-SGD",
                    "learning-rate", "LearningRate"},
                   "LR", "--lr-tag");
}

std::string findLossTag(const TrainingLog& log, const std::string& given)
{
    return findTag(log, given,
                   {"train/loss", "train_loss", "loss", "train/loss_step", "train_loss_step", "training_loss",
                    "train/train_loss", "loss/train", "train/lm_loss", "lm loss"},
                   "loss", "--loss-tag");
}

} // namespace qs
