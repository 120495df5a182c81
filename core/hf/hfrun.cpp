// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/hf/hfrun.h"

#include "core/common/errors.h"
#include "core/common/files.h"
#include "core/common/text.h"
#include "core/config/config.h"
#include "core/formats/hfconfig.h"
#include "core/formats/hfweights.h"
#include "core/formats/jsonfields.h"
#include "core/formats/traininglog.h"
#include "core/hf/hfprotocol.h"
#include "core/store/store.h"
#include "core/store/storepaths.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

namespace fs = std::filesystem;

namespace qs {

namespace {

bool isModelFolder(const fs::path& p)
{
    return fs::is_directory(p) && fs::exists(p / "config.json");
}

// Training tokens at a log step: step × the tokens per step of the revision nearest in step (0 when no
// revision gives tokens).
int64_t tokensAtStep(const std::vector<std::pair<int64_t, double>>& ratios, int64_t step)
{
    if (ratios.empty())
        return 0;
    const auto nearest = std::min_element(ratios.begin(), ratios.end(), [&](const auto& a, const auto& b) {
        return std::abs(double(a.first - step)) < std::abs(double(b.first - step));
    });
    const double tokens = double(step) * nearest->second;
    return tokens < kMaxTokenCount ? int64_t(std::llround(tokens)) : int64_t(kMaxTokenCount);
}

// The log table's rows from a training log: one per step the LR or the loss series gives, after the
// run's stored rows (hfrun.h, importHfTrajectory).
std::vector<LogRow> logRows(const TrainingLog& trainingLog, const std::string& lrTag, const std::string& lossTag,
                            const std::vector<LogRow>& stored, const std::function<double(double)>& lrAtStep,
                            const std::function<int64_t(int64_t)>& tokensAt)
{
    constexpr double nan = std::numeric_limits<double>::quiet_NaN();
    std::map<int64_t, std::pair<double, double>> steps; // step -> (lr, loss), NaN where not logged
    if (!lrTag.empty()) {
        for (const ScalarPoint& p : trainingLog.find(lrTag)->points)
            steps.emplace(p.step, std::make_pair(p.value, nan));
    }
    if (!lossTag.empty()) {
        for (const ScalarPoint& p : trainingLog.find(lossTag)->points)
            steps.emplace(p.step, std::make_pair(nan, nan)).first->second.second = p.value;
    }
    std::vector<LogRow> rows;
    for (const auto& [step, values] : steps) {
        if (!stored.empty() && step <= stored.back().step)
            continue;
        const double lr = std::isnan(values.first) ? lrAtStep(double(step)) : values.first;
        rows.push_back({step, tokensAt(step), lr, values.second});
    }
    return rows;
}

} // namespace

bool isHfRun(const Store& store, const std::string& run)
{
    return isHfSource(store.runInfo(run).source);
}

void checkComputeDtype(const Store& store, const std::string& run, const std::string& dtype)
{
    if (!isHfRun(store, run)) {
        if (dtype != "float32")
            throw ConfigError("run '" + run + "' is a built-in trainer's run: it sweeps in float32 (--dtype " + dtype
                              + " is for Hugging Face trajectories)");
        return;
    }
    const auto stored = store.configIds(run);
    if (std::find(stored.begin(), stored.end(), fpConfigId) == stored.end())
        return;
    const std::string have = QuantConfig::fromJson(store.configJson(run, fpConfigId)).computeDtype;
    if (have != dtype)
        throw ConfigError("run '" + run + "' holds results computed in " + have + "; a sweep in " + dtype
                          + " would measure against another reference: sweep it with --dtype " + have
                          + ", or import the trajectory into a new run for " + dtype);
}

std::vector<RevisionInfo> collectRevisions(const HfImportOptions& options)
{
    std::vector<RevisionInfo> found;
    auto addFolder = [&](const fs::path& p) { found.push_back(parseRevisionName(p.lexically_normal().string())); };
    for (const std::string& source : options.sources) {
        const fs::path p(source);
        if (isModelFolder(p)) {
            addFolder(p);
        } else if (fs::is_directory(p)) {
            size_t before = found.size();
            for (const auto& entry : fs::directory_iterator(p)) {
                if (isModelFolder(entry.path()))
                    addFolder(entry.path());
            }
            if (found.size() == before)
                throw ConfigError(source + " holds no Hugging Face model folder (a folder with config.json)");
        } else if (fs::is_regular_file(p)) {
            std::istringstream lines(readWholeFile(source, "revision list"));
            std::string line;
            while (std::getline(lines, line)) {
                line = std::string(trimSpace(line));
                if (line.empty() || line[0] == '#')
                    continue;
                fs::path entry(line);
                if (entry.is_relative())
                    entry = p.parent_path() / entry;
                if (!isModelFolder(entry))
                    throw ConfigError(source + " lists " + line + ", which is not a model folder (no config.json)");
                addFolder(entry);
            }
        } else {
            throw ConfigError(source + " does not exist");
        }
    }
    std::vector<RevisionInfo> manifest;
    if (!options.manifest.empty()) {
        manifest = readRevisionManifest(options.manifest);
        if (options.sources.empty()) {
            for (const RevisionInfo& m : manifest) {
                if (!isModelFolder(m.path))
                    throw ConfigError(options.manifest + " lists " + m.path
                                      + ", which is not a model folder (no config.json)");
                found.push_back(parseRevisionName(m.path));
            }
        }
    }
    if (found.empty())
        throw ConfigError("no revisions to import: name revision folders, a folder of them, a list file or a manifest");
    auto ordered = orderTrajectory(std::move(found), manifest);
    std::vector<std::string> stepless;
    for (RevisionInfo& r : ordered) {
        if (!r.step && r.index)
            r.step = *r.index; // ckpt_N: the order is all the name says
        if (!r.step)
            stepless.push_back(r.name);
        if (!r.tokens && r.step && options.tokensPerStep > 0.0) {
            r.tokens = double(*r.step) * options.tokensPerStep;
            if (!(*r.tokens <= kMaxTokenCount))
                throw ConfigError(r.path + ": tokens = " + formatNumber(*r.tokens) + " (step " + std::to_string(*r.step)
                                  + " × " + formatNumber(options.tokensPerStep)
                                  + " tokens per step) is not a token count in [0, " + formatNumber(kMaxTokenCount)
                                  + "]");
        }
        if (r.tokens && !(*r.tokens <= kMaxTokenCount))
            throw ConfigError(r.path + ": tokens = " + formatNumber(*r.tokens) + " is not a token count in [0, "
                              + formatNumber(kMaxTokenCount) + "]");
    }
    if (!stepless.empty()) {
        std::string names;
        for (const auto& n : stepless)
            names += (names.empty() ? "" : ", ") + n;
        throw ConfigError("no step for " + names
                          + ": their names carry none; give them in a manifest (path,step,tokens,lr)");
    }
    return ordered;
}

std::vector<RevisionInfo> importHfTrajectory(Store& store, const std::string& run, const HfImportOptions& options)
{
    options.data.validate();
    std::vector<RevisionInfo> revisions = collectRevisions(options);

    // Every revision is checked before the store is touched.
    const HfArch arch = HfArch::fromFolder(revisions.front().path);
    const std::string configText = readWholeFile((fs::path(revisions.front().path) / "config.json").string(), "config");
    const auto expected = arch.expectedTensors();
    for (const RevisionInfo& r : revisions) {
        const HfArch other = HfArch::fromFolder(r.path);
        const auto shapes = other.expectedTensors();
        const bool same = shapes.size() == expected.size()
            && std::equal(shapes.begin(), shapes.end(), expected.begin(),
                          [](const HfTensorSpec& a, const HfTensorSpec& b) {
                              return a.name == b.name && a.shape == b.shape;
                          });
        if (!same || other.modelType != arch.modelType)
            throw ConfigError(r.path + " is a " + other.summary() + ", but " + revisions.front().path + " is a "
                              + arch.summary() + ": a trajectory has one architecture");
        HfWeights::open(r.path).validate(other);
    }
    for (const std::string& file : {options.data.data, options.data.tokenizer, options.data.calibData}) {
        if (!file.empty() && !fs::is_regular_file(file))
            throw ConfigError("evaluation file " + file + " does not exist");
    }

    if (!options.log.empty() && !options.lrLog.empty())
        throw ConfigError("give the LR log (" + options.lrLog + ") or the training log (" + options.log
                          + "), not both: a training log gives the LR too");
    if (options.log.empty() && (!options.lrTag.empty() || !options.lossTag.empty()))
        throw ConfigError("an LR or loss tag names a series of a training log: give the log too");
    std::vector<std::pair<double, double>> lrLog;
    if (!options.lrLog.empty())
        lrLog = readLrLog(options.lrLog);
    TrainingLog trainingLog;
    std::string lrTag;
    std::string lossTag;
    if (!options.log.empty()) {
        trainingLog = readTrainingLog(options.log);
        lrTag = findLrTag(trainingLog, options.lrTag);
        lossTag = findLossTag(trainingLog, options.lossTag);
        if (lrTag.empty() && lossTag.empty()) {
            std::string tags;
            for (const std::string& t : trainingLog.tags())
                tags += (tags.empty() ? "" : ", ") + t;
            throw ConfigError(options.log + ": no LR and no training-loss series among its tags (" + tags
                              + "); name them with --lr-tag and --loss-tag");
        }
        if (!lrTag.empty()) {
            for (const ScalarPoint& p : trainingLog.find(lrTag)->points) {
                if (!(p.value >= 0.0 && p.value <= kMaxLearningRate))
                    throw ConfigError(options.log + ": the LR series '" + lrTag + "' has " + formatNumber(p.value)
                                      + " at step " + std::to_string(p.step) + ", not an LR in [0, "
                                      + formatNumber(kMaxLearningRate) + "]; name the LR series with --lr-tag");
                lrLog.emplace_back(double(p.step), p.value);
            }
        }
        if (!lossTag.empty()) {
            for (const ScalarPoint& p : trainingLog.find(lossTag)->points) {
                if (!(p.value > 0.0))
                    throw ConfigError(options.log + ": the loss series '" + lossTag + "' has " + formatNumber(p.value)
                                      + " at step " + std::to_string(p.step)
                                      + ", not a cross-entropy (> 0); name the loss series with --loss-tag");
            }
        }
    }
    if (!options.lrSchedule.empty())
        describedScheduleLr(options.lrSchedule, 0); // a bad description fails before anything is written
    auto lrAtStep = [&](double step) {
        if (!lrLog.empty())
            return lrLogAt(lrLog, step);
        if (!options.lrSchedule.empty())
            return describedScheduleLr(options.lrSchedule, int64_t(step));
        return std::numeric_limits<double>::quiet_NaN();
    };
    auto lrAt = [&](const RevisionInfo& r) { return r.lr ? *r.lr : lrAtStep(double(*r.step)); };

    // Every write below is published together, or none is.
    StoreBatch batch(store);
    std::set<std::string> present;
    // Where the run stands in trajectory order (orderTrajectory: stage, then step): a later stage may
    // count its steps from 0 again.
    const auto place = [](const std::string& stage, int64_t step) {
        return std::make_tuple(stageNumber(stage), stage, step);
    };
    auto last = place("", std::numeric_limits<int64_t>::min());
    int64_t logged = std::numeric_limits<int64_t>::min(); // the last step of the run's log
    std::vector<std::pair<int64_t, double>> tokenRatios;  // (step, tokens per step) of revisions with both
    if (store.hasRun(run)) {
        if (!isHfRun(store, run))
            throw ConfigError(store.path() + ": run '" + run
                              + "' holds checkpoints of the built-in trainer; import into a new run");
        for (const CheckpointRow& row : store.checkpoints(run)) {
            present.insert(fs::weakly_canonical(fs::absolute(row.path.front() == '/'
                                                                 ? fs::path(row.path)
                                                                 : fs::absolute(store.path()).parent_path() / row.path))
                               .string());
            last = std::max(last, place(row.stage, row.step));
            if (row.step > 0 && row.tokens > 0)
                tokenRatios.emplace_back(row.step, double(row.tokens) / double(row.step));
        }
        if (const auto existing = store.log(run); !existing.empty())
            logged = existing.back().step;
    } else {
        RunInfo info;
        info.name = run;
        info.modelConfigJson = configText;
        info.corpus = options.data.describe();
        info.corpusPath = relativeToStore(store, options.data.data);
        info.schedule = !options.lrSchedule.empty() ? options.lrSchedule.substr(0, options.lrSchedule.find(':'))
                                                    : (!lrLog.empty() ? "from log" : "unknown");
        HfEvalData data = options.data;
        data.data = fs::weakly_canonical(fs::absolute(data.data)).string();
        if (!data.tokenizer.empty())
            data.tokenizer = fs::weakly_canonical(fs::absolute(data.tokenizer)).string();
        if (!data.calibData.empty())
            data.calibData = fs::weakly_canonical(fs::absolute(data.calibData)).string();
        // Reads both token streams: a file too short for the protocol fails before anything is stored.
        data.protocol = protocolRecord(data, arch.vocab);
        info.source = data.toJson();
        store.createRun(info, arch.quantizableLayers());
    }

    std::vector<RevisionInfo> added;
    std::vector<LogRow> log; // without a training log: one row per revision with an LR
    for (const RevisionInfo& r : revisions) {
        if (present.count(fs::weakly_canonical(fs::absolute(r.path)).string()))
            continue;
        if (place(r.stage, *r.step) < last)
            throw ConfigError(r.path + " (" + (r.stage.empty() ? "" : r.stage + ", ") + "step "
                              + std::to_string(*r.step) + ") comes before revisions run '" + run
                              + "' already holds; import it into a new run");
        CheckpointRow row;
        row.step = *r.step;
        row.tokens = r.tokens ? int64_t(std::llround(*r.tokens)) : 0;
        row.lr = lrAt(r);
        row.fpValCe = std::numeric_limits<double>::quiet_NaN();
        row.path = relativeToStore(store, r.path);
        row.kind = "hf";
        row.stage = r.stage;
        store.appendCheckpoint(run, row);
        // The log is one step axis: a stage that counts steps from 0 again keeps its LR in the
        // checkpoint rows only.
        if (std::isfinite(row.lr) && (log.empty() || row.step >= log.back().step) && row.step >= logged)
            log.push_back({row.step, row.tokens, row.lr, std::numeric_limits<double>::quiet_NaN()});
        if (*r.step > 0 && r.tokens && *r.tokens > 0)
            tokenRatios.emplace_back(*r.step, *r.tokens / double(*r.step));
        added.push_back(r);
    }
    bool changed = false;
    if (!options.log.empty()) {
        log = logRows(trainingLog, lrTag, lossTag, store.log(run), lrAtStep, [&](int64_t step) {
            if (options.tokensPerStep > 0.0)
                return int64_t(std::llround(double(step) * options.tokensPerStep));
            return tokensAtStep(tokenRatios, step);
        });
        for (const ScalarSeries& series : trainingLog.series) {
            const auto stored = store.scalars(run, series.tag);
            std::vector<ScalarRow> rows;
            for (const ScalarPoint& p : series.points) {
                if (stored.empty() || p.step > stored.back().step)
                    rows.push_back({p.step, p.value});
            }
            if (!rows.empty()) {
                store.appendScalars(run, series.tag, rows);
                changed = true;
            }
        }
        if (options.report) {
            const auto describe = [&](const std::string& tag, const char* what) {
                return tag.empty() ? std::string("no ") + what
                                   : std::string(what) + " '" + tag + "' ("
                        + std::to_string(trainingLog.find(tag)->points.size()) + " points)";
            };
            options.report("training log " + options.log + ": " + describe(lrTag, "LR") + ", "
                           + describe(lossTag, "loss") + ", " + std::to_string(trainingLog.series.size())
                           + " series in all (kept under scalars/); " + std::to_string(log.size())
                           + " rows added to the run's log");
            for (const std::string& w : trainingLog.warnings)
                options.report("warning: " + w);
        }
    }
    if (!log.empty())
        store.appendLog(run, log);
    if (changed || !added.empty() || !log.empty())
        batch.commit(); // (nothing new: the batch is dropped, the store keeps its version)
    return added;
}

} // namespace qs
