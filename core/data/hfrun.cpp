#include "core/data/hfrun.h"

#include "core/common/errors.h"
#include "core/data/hfconfig.h"
#include "core/data/hfprotocol.h"
#include "core/data/hfweights.h"
#include "core/data/jsonfields.h"
#include "core/data/store.h"
#include "core/data/traininglog.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

namespace fs = std::filesystem;

namespace qs {

namespace {

constexpr const char* sourceKind = "huggingface";

bool isModelFolder(const fs::path& p)
{
    return fs::is_directory(p) && fs::exists(p / "config.json");
}

std::string readText(const std::string& path, const char* what)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw IoError("cannot read the " + std::string(what) + " " + path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string trim(std::string s)
{
    const auto notSpace = [](unsigned char c) { return !std::isspace(c); };
    s.erase(s.begin(), std::find_if(s.begin(), s.end(), notSpace));
    s.erase(std::find_if(s.rbegin(), s.rend(), notSpace).base(), s.end());
    return s;
}

struct DescribedSchedule
{
    std::string kind;
    double peak = 0.0, min = 0.0, decay = 0.2;
    double warmup = 0.0, total = 0.0;
};

// "kind:key=value,…" (hfrun.h, describedScheduleLr): every value checked against its range as written.
DescribedSchedule parseSchedule(const std::string& spec)
{
    DescribedSchedule s;
    const auto colon = spec.find(':');
    s.kind = spec.substr(0, colon);
    const std::string where = "LR schedule '" + spec + "': ";
    if (s.kind != "wsd" && s.kind != "cosine" && s.kind != "linear" && s.kind != "constant")
        throw ConfigError(where + "the kind must be wsd, cosine, linear or constant");
    std::map<std::string, std::string> given; // key -> the value as written
    if (colon != std::string::npos) {
        std::stringstream fields(spec.substr(colon + 1));
        std::string field;
        while (std::getline(fields, field, ',')) {
            const auto eq = field.find('=');
            if (eq == std::string::npos)
                throw ConfigError(where + "'" + field + "' is not key=number");
            const std::string key = trim(field.substr(0, eq));
            if (key != "peak" && key != "min" && key != "warmup" && key != "total" && key != "decay")
                throw ConfigError(where + "unknown key '" + key + "' (peak, min, warmup, total, decay)");
            if (!given.emplace(key, trim(field.substr(eq + 1))).second)
                throw ConfigError(where + key + " is given twice");
        }
    }
    const auto real = [&](const char* key, const RealRange& range, double fallback) {
        const auto it = given.find(key);
        if (it == given.end())
            return fallback;
        const auto value = parseRealNumber(it->second, range);
        if (!value)
            throw ConfigError(where + notAccepted(key, it->second, range.describe()));
        return *value;
    };
    const auto whole = [&](const char* key, const WholeRange& range) {
        const auto it = given.find(key);
        if (it == given.end())
            return 0.0;
        const auto value = parseWholeNumber(it->second, range);
        if (!value)
            throw ConfigError(where + notAccepted(key, it->second, range.describe()));
        return double(*value);
    };
    constexpr std::int64_t maxSteps = 1'000'000'000'000;
    if (!given.count("peak"))
        throw ConfigError(where + "peak=<LR> is missing");
    s.peak = real("peak", RealRange::aboveZero(kMaxLearningRate), 0.0);
    s.min = real("min", {.min = 0.0, .max = s.peak, .why = "at most peak"}, 0.0);
    if (s.kind != "constant" && !given.count("total"))
        throw ConfigError(where + "total=<steps> is missing (the run's length)");
    s.total = whole("total", {1, maxSteps});
    s.warmup =
        whole("warmup",
              given.count("total") ? WholeRange {.min = 0, .max = std::int64_t(s.total) - 1, .why = "less than total"}
                                   : WholeRange {0, maxSteps});
    s.decay = real("decay", RealRange::closed(0.0, 1.0), s.decay);
    return s;
}

double scheduleLr(const DescribedSchedule& s, double step)
{
    if (s.warmup > 0.0 && step < s.warmup)
        return s.peak * (step + 1.0) / s.warmup;
    const double span = std::max(1.0, s.total - s.warmup);
    const double t = std::clamp((step - s.warmup) / span, 0.0, 1.0);
    if (s.kind == "constant")
        return s.peak;
    if (s.kind == "cosine")
        return s.min + 0.5 * (s.peak - s.min) * (1.0 + std::cos(M_PI * t));
    if (s.kind == "linear")
        return s.peak + (s.min - s.peak) * t;
    const double decayStart = s.total - s.decay * s.total;
    if (step < decayStart)
        return s.peak;
    return s.peak + (s.min - s.peak) * std::clamp((step - decayStart) / std::max(1.0, s.total - decayStart), 0.0, 1.0);
}

std::string relativeToStore(const Store& store, const std::string& path)
{
    const fs::path folder = fs::absolute(store.path()).parent_path();
    const fs::path abs = fs::weakly_canonical(fs::absolute(path));
    const fs::path rel = abs.lexically_relative(folder);
    if (!rel.empty() && *rel.begin() != "..")
        return rel.string();
    return abs.string();
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

void HfEvalData::validate() const
{
    if (data.empty())
        throw ConfigError("no evaluation data: give a text file with its tokenizer.json, or a token file (.npy, .bin)");
    if (rawTokenType != "uint16" && rawTokenType != "uint32")
        throw ConfigError("raw token type '" + rawTokenType + "' must be uint16 or uint32");
    if (seqLen < 2 || seqLen > 65536)
        throw ConfigError("sequence length " + std::to_string(seqLen) + " must be in [2, 65536]");
    if (valSequences < 1 || valSequences > 1 << 20)
        throw ConfigError("validation sequences " + std::to_string(valSequences) + " must be in [1, 1048576]");
    if (batchSize < 1 || batchSize > 4096)
        throw ConfigError("batch size " + std::to_string(batchSize) + " must be in [1, 4096]");
    if (scoring != "hf" && scoring != "stream")
        throw ConfigError("scoring '" + scoring + "' must be hf or stream");
    if (stride < 0 || stride > seqLen)
        throw ConfigError("evaluation stride " + std::to_string(stride) + " must be in [1, " + std::to_string(seqLen)
                          + "] (the block length), or 0 for the block length");
    if (scoring == "stream" && (stride != 0 || tokenBudget != 0))
        throw ConfigError("a stride and a token budget need HF scoring");
    if (tokenBudget != 0 && (tokenBudget < seqLen || tokenBudget > (int64_t(1) << 40)))
        throw ConfigError("evaluation token budget " + std::to_string(tokenBudget) + " must be in ["
                          + std::to_string(seqLen) + " (one block), 2^40]");
    if (calibFormat != "auto" && calibFormat != "text" && calibFormat != "jsonl" && calibFormat != "tokens")
        throw ConfigError("calibration format '" + calibFormat + "' must be auto, text, jsonl or tokens");
    if (calibUnit != "documents" && calibUnit != "windows")
        throw ConfigError("calibration unit '" + calibUnit + "' must be documents or windows");
    if (calibOrder != "first" && calibOrder != "random")
        throw ConfigError("calibration order '" + calibOrder + "' must be first or random");
    if (!calibData.empty() && scoring == "stream")
        throw ConfigError("a calibration file needs HF scoring");
}

std::string HfEvalData::toJson() const
{
    nlohmann::ordered_json j {{"kind", sourceKind},
                              {"tokenizer", tokenizer},
                              {"data", data},
                              {"raw_token_type", rawTokenType},
                              {"seq_len", seqLen},
                              {"val_sequences", valSequences},
                              {"batch_size", batchSize},
                              {"scoring", scoring},
                              {"stride", stride},
                              {"token_budget", tokenBudget}};
    if (!calibData.empty())
        j["calibration"] = {{"data", calibData}, {"format", calibFormat}, {"unit", calibUnit}, {"order", calibOrder}};
    if (!protocol.empty())
        j["protocol"] = nlohmann::ordered_json::parse(protocol);
    return j.dump();
}

HfEvalData HfEvalData::fromJson(const std::string& text)
{
    HfEvalData d;
    try {
        const auto j = nlohmann::json::parse(text);
        if (j.value("kind", std::string()) != sourceKind)
            throw FormatError("run source is not a Hugging Face trajectory: " + text);
        d.tokenizer = j.at("tokenizer").get<std::string>();
        d.data = j.at("data").get<std::string>();
        d.rawTokenType = j.value("raw_token_type", d.rawTokenType);
        d.seqLen = j.at("seq_len").get<int>();
        d.valSequences = j.at("val_sequences").get<int>();
        d.batchSize = j.value("batch_size", d.batchSize);
        // Runs imported before issue 18 have no scoring key: they keep the layout they were swept with.
        d.scoring = j.value("scoring", std::string("stream"));
        d.stride = j.value("stride", 0);
        d.tokenBudget = j.value("token_budget", int64_t(0));
        if (j.contains("calibration")) {
            const auto& c = j.at("calibration");
            d.calibData = c.at("data").get<std::string>();
            d.calibFormat = c.value("format", d.calibFormat);
            d.calibUnit = c.value("unit", d.calibUnit);
            d.calibOrder = c.value("order", d.calibOrder);
        }
        if (j.contains("protocol"))
            d.protocol = j.at("protocol").dump();
        d.validate();
    } catch (const nlohmann::json::exception& e) {
        throw FormatError(std::string("run source of a Hugging Face trajectory is malformed: ") + e.what());
    } catch (const ConfigError& e) {
        throw FormatError(std::string("run source of a Hugging Face trajectory is invalid: ") + e.what());
    }
    return d;
}

std::string HfEvalData::describe() const
{
    const std::string name = fs::path(data).filename().string();
    if (tokenizer.empty())
        return name + " (token ids)";
    return name + ", tokenized with " + fs::path(tokenizer).parent_path().filename().string() + "/"
        + fs::path(tokenizer).filename().string();
}

std::vector<std::pair<double, double>> readLrLog(const std::string& path)
{
    std::istringstream in(readText(path, "LR log"));
    std::string line;
    std::getline(in, line);
    std::vector<std::string> header;
    {
        std::stringstream cells(line);
        std::string cell;
        while (std::getline(cells, cell, ','))
            header.push_back(trim(cell));
    }
    const auto column = [&](std::initializer_list<const char*> names) {
        for (const char* name : names) {
            const auto it = std::find(header.begin(), header.end(), name);
            if (it != header.end())
                return int(it - header.begin());
        }
        return -1;
    };
    const int stepCol = column({"step", "iteration", "iter", "_step"});
    const int lrCol = column({"lr", "learning_rate", "train/lr", "optim/learning_rate_group0"});
    if (stepCol < 0 || lrCol < 0)
        throw FormatError(path
                          + ": the LR log needs a header with a step column (step, iteration) and an LR column "
                            "(lr, learning_rate); it has: "
                          + line);
    std::vector<std::pair<double, double>> rows;
    int lineNo = 1;
    while (std::getline(in, line)) {
        ++lineNo;
        if (trim(line).empty())
            continue;
        std::vector<std::string> cells;
        std::stringstream ss(line);
        std::string cell;
        while (std::getline(ss, cell, ','))
            cells.push_back(trim(cell));
        if (int(cells.size()) <= std::max(stepCol, lrCol))
            throw FormatError(path + ", line " + std::to_string(lineNo) + ": too few columns");
        const auto numberAt = [&](int col, const RealRange& range) {
            const std::string& text = cells[size_t(col)];
            const auto value = parseRealNumber(text, range);
            if (!value)
                throw FormatError(path + ", line " + std::to_string(lineNo) + ", column " + header[size_t(col)] + ": '"
                                  + text + "' is not " + range.describe());
            return *value;
        };
        const double step = numberAt(stepCol, RealRange::closed(0.0, kMaxTokenCount));
        rows.emplace_back(step, numberAt(lrCol, RealRange::closed(0.0, kMaxLearningRate)));
    }
    if (rows.empty())
        throw FormatError(path + ": the LR log has no rows");
    std::sort(rows.begin(), rows.end());
    return rows;
}

double lrLogAt(const std::vector<std::pair<double, double>>& rows, double x)
{
    if (x <= rows.front().first)
        return rows.front().second;
    if (x >= rows.back().first)
        return rows.back().second;
    const auto hi =
        std::lower_bound(rows.begin(), rows.end(), std::make_pair(x, -std::numeric_limits<double>::infinity()));
    const auto lo = hi - 1;
    const double t = (x - lo->first) / (hi->first - lo->first);
    return lo->second + t * (hi->second - lo->second);
}

double describedScheduleLr(const std::string& spec, int64_t step)
{
    return scheduleLr(parseSchedule(spec), double(step));
}

bool isHfRun(const Store& store, const std::string& run)
{
    return isHfSource(store.runInfo(run).source);
}

bool isHfSource(const std::string& source)
{
    return source.find(sourceKind) != std::string::npos;
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
            std::istringstream lines(readText(source, "revision list"));
            std::string line;
            while (std::getline(lines, line)) {
                line = trim(line);
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
    const std::string configText = readText((fs::path(revisions.front().path) / "config.json").string(), "config");
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
        parseSchedule(options.lrSchedule); // a bad description fails before anything is written
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
