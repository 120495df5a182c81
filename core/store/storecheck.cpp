// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/storecheck.h"

#include "core/config/config.h"
#include "core/config/hfevaldata.h"
#include "core/formats/hfconfig.h"
#include "core/formats/hfweights.h"
#include "core/formats/safetensors.h"
#include "core/store/storescan.h"

#include <signal.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <limits>
#include <map>
#include <set>

namespace qs {

namespace {

namespace fs = std::filesystem;
using namespace salvage;

// The model and source JSON a run's kind of checkpoints needs.
void checkRunJson(File& file, const Run& run)
{
    const RunInfo& info = *run.info;
    try {
        if (run.hf) {
            HfEvalData::fromJson(info.source);
            HfArch::fromJson(info.modelConfigJson, run.object + " attribute model_config");
        } else if (!info.modelConfigJson.empty()) {
            ModelConfig::fromJson(info.modelConfigJson);
        }
    } catch (const Error& e) {
        file.error(run.object, std::string("its configuration does not read: ") + e.what());
    }
}

void checkParent(File& file, const Run& run, const std::set<std::string>& runs)
{
    const std::string& parent = run.info->parent;
    if (!parent.empty() && !runs.count(parent))
        file.note(run.object, "its parent run '" + parent + "' is not in the store");
}

// What a checkpoint row's path names: a safetensors file, or for a Hugging Face revision its folder.
std::string checkpointProblem(const std::string& path, bool revision)
{
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (!fs::exists(status))
        return "missing";
    try {
        if (revision) {
            if (!fs::is_directory(status))
                return "not a folder of a Hugging Face revision";
            HfWeights::open(path);
        } else {
            if (!fs::is_regular_file(status))
                return "not a file";
            SafetensorsFile::open(path);
        }
    } catch (const Error& e) {
        return std::string("not readable: ") + e.what();
    }
    return {};
}

void checkCheckpointFiles(File& file, const Run& run, const fs::path& storeDir,
                          std::map<std::string, std::string>& checked)
{
    const std::vector<CheckpointRow>& rows = run.checkpoints.rows;
    std::string missingExample;
    std::vector<std::size_t> missingRows;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const CheckpointRow& row = rows[i];
        const fs::path p(row.path);
        const std::string resolved = p.is_absolute() ? p.string() : (storeDir / p).string();
        const bool revision = run.hf || row.kind == "hf";
        const std::string key = resolved + (revision ? "/" : "");
        auto it = checked.find(key);
        if (it == checked.end())
            it = checked.emplace(key, checkpointProblem(resolved, revision)).first;
        const std::string& problem = it->second;
        if (problem.empty())
            continue;
        if (problem == "missing") {
            if (missingRows.empty())
                missingExample = row.path + (row.path == resolved ? "" : " (looked for " + resolved + ")");
            missingRows.push_back(i);
            continue;
        }
        file.error(run.object + "/checkpoints",
                   describeRows({i}, rows) + ": its " + (revision ? "revision folder " : "file ") + row.path + " is "
                       + problem);
    }
    if (!missingRows.empty())
        file.error(run.object + "/checkpoints",
                   describeRows(missingRows, rows) + ": " + (missingRows.size() == 1 ? "its " : "their ")
                       + (run.hf ? "revision folder" : "file") + (missingRows.size() == 1 ? " is" : "s are")
                       + " missing: " + missingExample + (missingRows.size() == 1 ? "" : ", …"));
    static const std::set<std::string> kinds = {"trained", "branch", "averaged", "hf"};
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (!kinds.count(rows[i].kind))
            file.note(run.object + "/checkpoints",
                      describeRows({i}, rows) + ": kind '" + rows[i].kind
                          + "' is none of trained, branch, averaged, hf");
}

void checkConfigJson(File& file, const Config& config)
{
    if (!config.json)
        return;
    try {
        const QuantConfig q = QuantConfig::fromJson(*config.json);
        if (q.id() != config.id)
            file.note(config.object, "its JSON is config '" + q.id() + "' (sweeps name a config by its JSON's id)");
    } catch (const Error& e) {
        file.error(config.object, std::string("attribute 'config' is not a quantization config: ") + e.what());
    }
}

// The files a writer leaves beside a store (docs/store-format.md, "Crash safety"): the shadow and the
// lock are normal; a temporary copy outlives only a writer that was killed while copying.
void checkLeftovers(File& file, const std::string& path)
{
    const fs::path p(path);
    const fs::path dir = p.parent_path().empty() ? fs::path(".") : p.parent_path();
    const std::string prefix = "." + p.filename().string() + ".qs-tmp.";
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind(prefix, 0) != 0)
            continue;
        const std::string pidText = name.substr(prefix.size());
        const bool numeric = !pidText.empty() && pidText.size() <= 10
            && std::all_of(pidText.begin(), pidText.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
        const long long pid = numeric ? std::stoll(pidText) : 0;
        const bool running =
            pid > 0 && pid <= std::numeric_limits<pid_t>::max() && (::kill(pid_t(pid), 0) == 0 || errno == EPERM);
        if (running)
            file.note(entry.path().string(),
                      "a temporary copy of process " + pidText + ", which is running: a writer making its shadow copy");
        else
            file.note(entry.path().string(),
                      "a temporary copy left by a writer that was killed"
                          + (numeric ? " (process " + pidText + " is not running)" : std::string())
                          + ": the next writer removes it, or delete it");
    }
}

} // namespace

int StoreCheck::errors() const
{
    return int(std::count_if(problems.begin(), problems.end(),
                             [](const StoreProblem& p) { return p.severity == StoreProblem::Severity::Error; }));
}

int StoreCheck::notes() const
{
    return int(problems.size()) - errors();
}

StoreCheck checkStore(const std::string& path, const StoreCheckOptions& options, const std::string& scratchDir)
{
    File file(path, scratchDir);
    StoreCheck result;
    result.path = path;
    result.truncated = file.truncated();
    result.fileSize = file.fileSize();
    result.storedEnd = file.storedEnd();
    if (file.truncated())
        file.error(path,
                   "the file is truncated: " + std::to_string(file.fileSize()) + " bytes of the "
                       + std::to_string(file.storedEnd())
                       + " its superblock records (read padded with zeros; quantscope repair salvages what "
                         "is left)");
    const auto finish = [&] {
        checkLeftovers(file, path);
        result.problems = std::move(file.problems());
        return result;
    };
    if (readHeader(file) != Header::Store)
        return finish();

    const fs::path storeDir = fs::absolute(path).parent_path();
    std::map<std::string, std::string> checkedFiles;
    if (const auto runs = readRuns(file)) {
        const std::vector<std::string> names = file.children(*runs, "/runs");
        const std::set<std::string> known(names.begin(), names.end());
        for (const std::string& name : names) {
            const Run run = readRun(file, *runs, name);
            if (run.info) {
                checkRunJson(file, run);
                checkParent(file, run, known);
            }
            checkCheckpointFiles(file, run, storeDir, checkedFiles);
            for (const std::string& id : run.configIds)
                checkConfigJson(file, readConfig(file, run, id, nullptr));
        }
    }
    std::size_t listed = 0;
    for (const Fit& fit : readFits(file, listed)) {
        if (!options.checkLaw)
            continue;
        const std::string wrong = options.checkLaw(fit.law);
        if (!wrong.empty())
            file.error("/fits/" + fit.name, "attribute 'law' is not a scaling law: " + wrong);
    }
    return finish();
}

} // namespace qs
