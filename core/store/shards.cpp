// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/shards.h"

#include "core/common/errors.h"
#include "core/common/files.h"
#include "core/store/store.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace qs {

namespace {

constexpr const char* kPlanFormat = "quantscope-shard-plan";
constexpr int kPlanVersion = 1;

std::string nowIso()
{
    const std::time_t now = std::time(nullptr);
    std::tm utc {};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

// A path a store records (relative to its folder when inside it), made absolute.
std::string resolvedPath(const Store& store, const std::string& path)
{
    if (path.empty())
        return path;
    const fs::path p(path);
    const fs::path absolute = p.is_absolute() ? p : fs::absolute(store.path()).parent_path() / p;
    return absolute.lexically_normal().string();
}

std::string stepText(int64_t step)
{
    return "step " + std::to_string(step);
}

std::string number(double v)
{
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", v);
    return text;
}

bool same(double a, double b)
{
    return a == b || (std::isnan(a) && std::isnan(b));
}

// The configs of a plan: FP first, each id once, all in `computeDtype`.
std::vector<QuantConfig> withReference(const std::vector<QuantConfig>& configs, const std::string& computeDtype)
{
    std::vector<QuantConfig> all = {QuantConfig::fullPrecision()};
    for (const QuantConfig& c : configs) {
        if (std::none_of(all.begin(), all.end(), [&](const QuantConfig& o) { return o.id() == c.id(); }))
            all.push_back(c);
    }
    for (QuantConfig& c : all) {
        c.computeDtype = computeDtype;
        c.validate();
    }
    return all;
}

// What must agree between a shard's run and the main store's: "" or the first difference.
std::string runDifference(const Store& main, const RunInfo& a, const Store& shard, const RunInfo& b)
{
    if (a.name != b.name)
        return "run '" + b.name + "', not '" + a.name + "'";
    if (a.modelConfigJson != b.modelConfigJson)
        return "another model config";
    if (a.trainConfigJson != b.trainConfigJson)
        return "another training config";
    if (a.corpus != b.corpus || resolvedPath(main, a.corpusPath) != resolvedPath(shard, b.corpusPath))
        return "another corpus (" + b.corpus + ")";
    if (a.source != b.source)
        return "another evaluation source";
    if (a.parent != b.parent || a.parentStep != b.parentStep)
        return "another parent run";
    const auto la = main.layers(a.name), lb = shard.layers(b.name);
    if (la.size() != lb.size())
        return std::to_string(lb.size()) + " layers, not " + std::to_string(la.size());
    for (size_t l = 0; l < la.size(); ++l) {
        if (la[l].name != lb[l].name || la[l].rows != lb[l].rows || la[l].cols != lb[l].cols
            || la[l].kind != lb[l].kind)
            return "layer " + std::to_string(l) + " is " + lb[l].name + ", not " + la[l].name;
    }
    return {};
}

} // namespace

std::string shardFolder(const std::string& storePath)
{
    return fs::absolute(storePath).lexically_normal().string() + ".shards";
}

std::string ShardPlan::planPath() const
{
    return (fs::path(folder) / "plan.json").string();
}

std::string ShardPlan::shardPath(int task) const
{
    return (fs::path(folder) / ("task-" + std::to_string(task) + ".h5")).string();
}

std::string ShardPlan::logPath(int task) const
{
    return (fs::path(folder) / ("task-" + std::to_string(task) + ".log")).string();
}

int ShardPlan::expectedEntries(int task) const
{
    return int(tasks.at(size_t(task)).checkpoints.size() * configs.size());
}

std::string ShardPlan::jobOf(int task) const
{
    for (auto it = submissions.rbegin(); it != submissions.rend(); ++it) {
        if (std::find(it->tasks.begin(), it->tasks.end(), task) != it->tasks.end())
            return it->job;
    }
    return {};
}

std::string ShardPlan::toJson() const
{
    json j;
    j["format"] = kPlanFormat;
    j["version"] = kPlanVersion;
    j["store"] = store;
    j["run"] = run;
    j["created"] = created;
    j["configs"] = json::array();
    for (const QuantConfig& c : configs)
        j["configs"].push_back(json::parse(c.toJson()));
    j["tasks"] = json::array();
    for (const ShardTask& t : tasks)
        j["tasks"].push_back({{"index", t.index}, {"checkpoints", t.checkpoints}, {"steps", t.steps}});
    j["submissions"] = json::array();
    for (const ShardSubmission& s : submissions)
        j["submissions"].push_back({{"job", s.job}, {"tasks", s.tasks}, {"submitted", s.submitted}});
    return j.dump(2) + "\n";
}

ShardPlan ShardPlan::fromJson(const std::string& text, const std::string& what)
{
    ShardPlan plan;
    try {
        const json j = json::parse(text);
        if (j.value("format", std::string()) != kPlanFormat)
            throw FormatError(what + ": not a QuantScope shard plan (no \"format\": \"" + kPlanFormat + "\")");
        if (j.at("version").get<int>() != kPlanVersion)
            throw FormatError(what + ": shard plan version " + j.at("version").dump() + "; this QuantScope reads "
                              + std::to_string(kPlanVersion));
        plan.store = j.at("store").get<std::string>();
        plan.run = j.at("run").get<std::string>();
        plan.created = j.value("created", std::string());
        for (const json& c : j.at("configs"))
            plan.configs.push_back(QuantConfig::fromJson(c.dump()));
        for (const json& t : j.at("tasks")) {
            ShardTask task;
            task.index = t.at("index").get<int>();
            task.checkpoints = t.at("checkpoints").get<std::vector<int>>();
            task.steps = t.at("steps").get<std::vector<int64_t>>();
            if (task.index != int(plan.tasks.size()) || task.checkpoints.size() != task.steps.size()
                || task.checkpoints.empty())
                throw FormatError(what + ": task " + std::to_string(plan.tasks.size()) + " is malformed");
            plan.tasks.push_back(std::move(task));
        }
        for (const json& s : j.value("submissions", json::array())) {
            ShardSubmission submission;
            submission.job = s.at("job").get<std::string>();
            submission.tasks = s.at("tasks").get<std::vector<int>>();
            submission.submitted = s.value("submitted", std::string());
            plan.submissions.push_back(std::move(submission));
        }
    } catch (const json::exception& e) {
        throw FormatError(what + ": " + e.what());
    } catch (const ConfigError& e) {
        throw FormatError(what + ": " + e.what());
    }
    if (plan.configs.empty() || !plan.configs.front().isFullPrecision())
        throw FormatError(what + ": the configs do not start with the FP reference");
    return plan;
}

ShardPlan ShardPlan::load(const std::string& folder)
{
    const std::string path = (fs::path(folder) / "plan.json").string();
    const std::optional<std::string> text = tryReadWholeFile(path);
    if (!text)
        throw IoError(path + ": cannot read the shard plan (no plan here: submit one with quantscope submit)");
    ShardPlan plan = fromJson(*text, path);
    plan.folder = fs::absolute(folder).lexically_normal().string();
    return plan;
}

void ShardPlan::save() const
{
    const std::string path = planPath();
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::trunc);
        out << toJson();
        out.flush();
        if (!out)
            throw IoError(tmp + ": cannot write the shard plan");
    }
    std::error_code ec;
    fs::rename(tmp, path, ec);
    if (ec)
        throw IoError(path + ": cannot write the shard plan: " + ec.message());
}

ShardPlan planShards(const Store& store, const std::string& run, const std::vector<QuantConfig>& userConfigs,
                     int perTask, const std::string& computeDtype)
{
    if (perTask < 1)
        throw ConfigError("checkpoints per task must be at least 1, not " + std::to_string(perTask));
    if (!store.hasRun(run))
        throw ConfigError(store.path() + ": no run named '" + run + "'");
    ShardPlan plan;
    plan.folder = shardFolder(store.path());
    plan.store = fs::absolute(store.path()).lexically_normal().string();
    plan.run = run;
    plan.created = nowIso();
    plan.configs = withReference(userConfigs, computeDtype);
    const auto stored = store.configIds(run);
    for (const QuantConfig& c : plan.configs) {
        if (std::find(stored.begin(), stored.end(), c.id()) != stored.end()
            && QuantConfig::fromJson(store.configJson(run, c.id())) != c)
            throw ConfigError(store.path() + ": config '" + c.id() + "' of run '" + run
                              + "' is stored with other parameters");
    }
    const auto checkpoints = store.checkpoints(run);
    ShardTask task;
    for (int i = 0; i < int(checkpoints.size()); ++i) {
        const bool missing = std::any_of(plan.configs.begin(), plan.configs.end(),
                                         [&](const QuantConfig& c) { return !store.hasResult(run, c.id(), i); });
        if (!missing)
            continue;
        task.checkpoints.push_back(i);
        task.steps.push_back(checkpoints[size_t(i)].step);
        if (int(task.checkpoints.size()) == perTask) {
            task.index = int(plan.tasks.size());
            plan.tasks.push_back(std::move(task));
            task = {};
        }
    }
    if (!task.checkpoints.empty()) {
        task.index = int(plan.tasks.size());
        plan.tasks.push_back(std::move(task));
    }
    return plan;
}

ResultEntry readEntry(const Store& store, const std::string& run, const std::string& configId, int checkpoint)
{
    const ConfigResults results = store.results(run, configId);
    ResultEntry entry;
    for (const auto& [metric, values] : results.model)
        entry.model[metric] = values.at(size_t(checkpoint));
    for (const auto& [metric, rows] : results.layers)
        entry.layers[metric] = rows.at(size_t(checkpoint));
    const size_t layers = store.layers(run).size();
    for (const std::string& metric : store.profileNames(run, configId)) {
        auto& profile = entry.profiles[metric];
        for (size_t l = 0; l < layers; ++l)
            profile.push_back(store.profile(run, configId, metric, checkpoint, int(l)));
    }
    entry.units = store.unitSums(run, configId, checkpoint);
    return entry;
}

std::string entryDifference(const ResultEntry& a, const ResultEntry& b)
{
    auto keys = [](const auto& map) {
        std::vector<std::string> k;
        for (const auto& [key, value] : map)
            k.push_back(key);
        return k;
    };
    if (keys(a.model) != keys(b.model) || keys(a.layers) != keys(b.layers) || keys(a.profiles) != keys(b.profiles)
        || keys(a.units) != keys(b.units))
        return "different metrics";
    for (const auto& [metric, value] : a.model) {
        if (!same(value, b.model.at(metric)))
            return metric + ": " + number(value) + " vs " + number(b.model.at(metric));
    }
    for (const auto& [metric, values] : a.layers) {
        const auto& other = b.layers.at(metric);
        if (values.size() != other.size())
            return metric + ": " + std::to_string(values.size()) + " vs " + std::to_string(other.size()) + " layers";
        for (size_t l = 0; l < values.size(); ++l) {
            if (!same(values[l], other[l]))
                return metric + " of layer " + std::to_string(l) + ": " + number(values[l]) + " vs " + number(other[l]);
        }
    }
    for (const auto& [metric, layers] : a.profiles) {
        const auto& other = b.profiles.at(metric);
        for (size_t l = 0; l < layers.size() && l < other.size(); ++l) {
            if (layers[l].size() != other[l].size()
                || !std::equal(layers[l].begin(), layers[l].end(), other[l].begin(),
                               [](float x, float y) { return same(x, y); }))
                return metric + " of layer " + std::to_string(l) + " differs";
        }
        if (layers.size() != other.size())
            return metric + ": a different number of layers";
    }
    for (const auto& [name, values] : a.units) {
        const auto& other = b.units.at(name);
        if (values.size() != other.size()
            || !std::equal(values.begin(), values.end(), other.begin(), [](double x, double y) { return same(x, y); }))
            return "per-unit " + name + " differs";
    }
    return {};
}

void createShards(const Store& main, const ShardPlan& plan)
{
    std::error_code ec;
    fs::create_directories(plan.folder, ec);
    if (ec)
        throw IoError(plan.folder + ": cannot create the shard folder: " + ec.message());
    RunInfo info = main.runInfo(plan.run);
    // The shard lives in another folder: every path it records is absolute.
    info.corpusPath = resolvedPath(main, info.corpusPath);
    const auto layers = main.layers(plan.run);
    const auto checkpoints = main.checkpoints(plan.run);
    for (const ShardTask& task : plan.tasks) {
        const std::string path = plan.shardPath(task.index);
        // A shard of an earlier plan (merged or abandoned) and its shadow copy make way.
        fs::remove(path, ec);
        fs::remove(fs::path(plan.folder) / ("." + fs::path(path).filename().string() + ".qs-shadow"), ec);
        Store shard = Store::create(path, Store::Locking::None);
        StoreBatch batch(shard);
        shard.createRun(info, layers);
        for (const QuantConfig& c : plan.configs)
            shard.ensureConfig(plan.run, c.id(), c.toJson());
        for (size_t j = 0; j < task.checkpoints.size(); ++j) {
            CheckpointRow row = checkpoints.at(size_t(task.checkpoints[j]));
            row.path = resolvedPath(main, row.path);
            shard.appendCheckpoint(plan.run, row);
            for (const QuantConfig& c : plan.configs) {
                if (main.hasResult(plan.run, c.id(), task.checkpoints[j]))
                    shard.writeResult(plan.run, c.id(), int(j), readEntry(main, plan.run, c.id(), task.checkpoints[j]));
            }
        }
        batch.commit();
    }
    plan.save();
}

ShardProgress shardProgress(const ShardPlan& plan, int task)
{
    ShardProgress progress;
    progress.expected = plan.expectedEntries(task);
    const std::string path = plan.shardPath(task);
    std::error_code ec;
    progress.exists = fs::exists(path, ec);
    if (!progress.exists)
        return progress;
    try {
        const Store shard = Store::open(path, Store::Mode::ReadOnly, Store::Locking::None);
        const int checkpoints = int(shard.checkpoints(plan.run).size());
        for (const QuantConfig& c : plan.configs) {
            for (int i = 0; i < checkpoints; ++i)
                progress.stored += shard.hasResult(plan.run, c.id(), i) ? 1 : 0;
        }
    } catch (const Error& e) {
        progress.error = e.what();
        progress.stored = 0;
    }
    return progress;
}

MergeReport mergeShards(const std::string& storePath, const std::vector<std::string>& shardPaths)
{
    struct Pending
    {
        std::string shard;
        std::vector<std::string> configIds, configJsons;
        std::vector<std::pair<int, double>> fpCe; // main checkpoint index, value
        std::vector<std::tuple<std::string, int, ResultEntry>> entries;
    };
    MergeReport report;
    std::vector<Pending> pending;
    // Across shards: each config's JSON, and where each new entry comes from (shard, entry).
    std::map<std::string, std::pair<std::string, std::string>> configSeen;
    std::map<std::pair<std::string, int>, std::pair<std::string, const ResultEntry*>> entrySeen;
    {
        // Everything read and checked first, with the main store open read-only.
        const Store main = Store::open(storePath);
        for (const std::string& path : shardPaths) {
            const std::string name = fs::path(path).filename().string();
            const Store shard = Store::open(path, Store::Mode::ReadOnly, Store::Locking::None);
            const auto runs = shard.runs();
            if (runs.size() != 1)
                throw ConfigError(path + ": a shard holds one run, this file holds " + std::to_string(runs.size()));
            const std::string& run = runs.front();
            if (!main.hasRun(run))
                throw ConfigError(path + ": shard of run '" + run + "', which " + storePath
                                  + " does not have; nothing merged");
            const RunInfo mainInfo = main.runInfo(run), shardInfo = shard.runInfo(run);
            if (const std::string d = runDifference(main, mainInfo, shard, shardInfo); !d.empty())
                throw ConfigError(path + ": not a shard of run '" + run + "' of " + storePath + ": " + d
                                  + "; nothing merged");
            const auto mainRows = main.checkpoints(run);
            const auto shardRows = shard.checkpoints(run);
            std::vector<int> index;
            for (const CheckpointRow& row : shardRows) {
                const std::string file = resolvedPath(shard, row.path);
                const auto it = std::find_if(mainRows.begin(), mainRows.end(), [&](const CheckpointRow& m) {
                    return m.step == row.step && resolvedPath(main, m.path) == file;
                });
                if (it == mainRows.end())
                    throw ConfigError(path + ": checkpoint " + stepText(row.step) + " (" + file
                                      + ") is not a checkpoint of run '" + run + "' in " + storePath
                                      + "; nothing merged");
                index.push_back(int(it - mainRows.begin()));
            }
            Pending p;
            p.shard = path;
            const auto mainConfigs = main.configIds(run);
            int stored = 0, expected = 0;
            for (const std::string& id : shard.configIds(run)) {
                const std::string shardJson = shard.configJson(run, id);
                if (std::find(mainConfigs.begin(), mainConfigs.end(), id) != mainConfigs.end()
                    && QuantConfig::fromJson(main.configJson(run, id)) != QuantConfig::fromJson(shardJson))
                    throw ConfigError(path + ": config '" + id + "' has other parameters than in " + storePath
                                      + "; nothing merged");
                if (const auto seen = configSeen.find(id); seen != configSeen.end()
                    && QuantConfig::fromJson(seen->second.second) != QuantConfig::fromJson(shardJson))
                    throw ConfigError(path + ": config '" + id + "' has other parameters than in " + seen->second.first
                                      + "; nothing merged");
                configSeen.emplace(id, std::make_pair(path, shardJson));
                p.configIds.push_back(id);
                p.configJsons.push_back(shardJson);
                for (size_t j = 0; j < shardRows.size(); ++j) {
                    ++expected;
                    if (!shard.hasResult(run, id, int(j)))
                        continue;
                    ++stored;
                    ResultEntry entry = readEntry(shard, run, id, int(j));
                    if (main.hasResult(run, id, index[j])) {
                        const std::string d = entryDifference(readEntry(main, run, id, index[j]), entry);
                        if (!d.empty())
                            throw ConfigError(path + ": config '" + id + "', checkpoint " + stepText(shardRows[j].step)
                                              + ": the store holds other values (" + d + "); nothing merged");
                        ++report.alreadyThere;
                        continue;
                    }
                    if (const auto seen = entrySeen.find({id, index[j]}); seen != entrySeen.end()) {
                        const std::string d = entryDifference(*seen->second.second, entry);
                        if (!d.empty())
                            throw ConfigError(path + ": config '" + id + "', checkpoint " + stepText(shardRows[j].step)
                                              + ": " + seen->second.first + " holds other values (" + d
                                              + "); nothing merged");
                        continue;
                    }
                    p.entries.emplace_back(id, index[j], std::move(entry));
                }
            }
            for (size_t j = 0; j < shardRows.size(); ++j) {
                if (std::isfinite(shardRows[j].fpValCe) && !std::isfinite(mainRows[size_t(index[j])].fpValCe))
                    p.fpCe.emplace_back(index[j], shardRows[j].fpValCe);
            }
            if (stored < expected)
                report.incomplete.push_back(name + ": " + std::to_string(stored) + " of " + std::to_string(expected)
                                            + " entries");
            ++report.shards;
            pending.push_back(std::move(p));
            // Moving a vector keeps its elements where they are: these stay valid as `pending` grows.
            for (const auto& [id, checkpoint, entry] : pending.back().entries)
                entrySeen.emplace(std::make_pair(id, checkpoint), std::make_pair(path, &entry));
        }
    }
    if (std::all_of(pending.begin(), pending.end(),
                    [](const Pending& p) { return p.entries.empty() && p.fpCe.empty(); }))
        return report;
    Store main = Store::open(storePath, Store::Mode::ReadWrite);
    for (const Pending& p : pending) {
        if (p.entries.empty() && p.fpCe.empty())
            continue;
        const Store shard = Store::open(p.shard, Store::Mode::ReadOnly, Store::Locking::None);
        const std::string shardRun = shard.runs().front();
        StoreBatch batch(main);
        for (size_t c = 0; c < p.configIds.size(); ++c)
            main.ensureConfig(shardRun, p.configIds[c], p.configJsons[c]);
        for (const auto& [checkpoint, ce] : p.fpCe)
            main.setCheckpointFpCe(shardRun, checkpoint, ce);
        for (const auto& [id, checkpoint, entry] : p.entries) {
            // Checked against the main store's version this handle now reads (another merge may have run).
            if (main.hasResult(shardRun, id, checkpoint))
                continue;
            main.writeResult(shardRun, id, checkpoint, entry);
            ++report.added;
        }
        batch.commit();
    }
    return report;
}

} // namespace qs
