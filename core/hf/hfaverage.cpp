// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/hf/hfaverage.h"

#include "core/common/errors.h"
#include "core/formats/hfconfig.h"
#include "core/formats/hfweights.h"
#include "core/hf/hfrun.h"
#include "core/store/derivedruns.h"
#include "core/store/store.h"
#include "core/store/storepaths.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <set>

#include <fcntl.h>
#include <unistd.h>

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace qs {

namespace {

constexpr const char* indexName = "model.safetensors.index.json";
constexpr int64_t chunkElements = int64_t(1) << 20;

std::string describe(const HfIngredient& i)
{
    return i.run + "@" + std::to_string(i.step) + " (" + i.folder + ")";
}

std::string number(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

std::string shapeText(const std::vector<int64_t>& shape)
{
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

// The config.json fields an architecture is built from, as (name, value) in a fixed order.
std::vector<std::pair<std::string, std::string>> archFields(const HfArch& a)
{
    std::string rope = a.ropeScaling.type + " factor " + number(a.ropeScaling.factor);
    if (a.ropeScaling.type == "llama3")
        rope += " low " + number(a.ropeScaling.lowFreqFactor) + " high " + number(a.ropeScaling.highFreqFactor)
            + " original " + std::to_string(a.ropeScaling.originalMaxPositions);
    std::string ropeLayers;
    for (bool b : a.ropeInLayer)
        ropeLayers += b ? '1' : '0';
    std::string windows;
    for (int64_t w : a.slidingWindow)
        windows += (windows.empty() ? "" : " ") + std::to_string(w);
    const char* act = a.activation == HfActivation::Silu ? "silu"
        : a.activation == HfActivation::Gelu             ? "gelu"
                                                         : "gelu (tanh)";
    const auto flag = [](bool b) { return std::string(b ? "true" : "false"); };
    return {
        {"model_type", a.modelType},
        {"hidden_size", std::to_string(a.hidden)},
        {"intermediate_size", std::to_string(a.intermediate)},
        {"num_hidden_layers", std::to_string(a.layers)},
        {"num_attention_heads", std::to_string(a.heads)},
        {"num_key_value_heads", std::to_string(a.kvHeads)},
        {"head_dim", std::to_string(a.headDim)},
        {"vocab_size", std::to_string(a.vocab)},
        {"max_position_embeddings", std::to_string(a.maxPositions)},
        {"the norm epsilon", number(a.normEps)},
        {"the rope theta", number(a.ropeTheta)},
        {"the rotary dimensions", std::to_string(a.rotaryDims)},
        {"rope_scaling", rope},
        {"hidden_act", act},
        {"tie_word_embeddings", flag(a.tiedEmbeddings)},
        {"the q/k/v biases", flag(a.qkvBias)},
        {"the output projection bias", flag(a.outputBias)},
        {"the MLP biases", flag(a.mlpBias)},
        {"the norm biases", flag(a.normBias)},
        {"the post-norms", flag(a.postNorm)},
        {"the q/k norms", flag(a.qkNorm)},
        {"use_parallel_residual", flag(a.parallelResidual)},
        {"the layers with RoPE", ropeLayers},
        {"the sliding windows", windows},
    };
}

// The tensors in the order they are written: the architecture's (embedding, blocks, final), then the
// rest (buffers) by name.
std::vector<std::string> tensorOrder(const HfArch& arch, const HfWeights& weights)
{
    std::vector<std::string> order;
    std::set<std::string> seen;
    for (const HfTensorSpec& spec : arch.expectedTensors()) {
        if (weights.contains(spec.name) && seen.insert(spec.name).second)
            order.push_back(spec.name);
    }
    for (const std::string& name : weights.names()) {
        if (seen.insert(name).second)
            order.push_back(name);
    }
    return order;
}

void checkAgainstFirst(const HfIngredient& first, const HfArch& firstArch, const HfWeights& firstWeights,
                       const HfIngredient& other, const HfArch& otherArch, const HfWeights& otherWeights)
{
    const std::string pair = describe(other) + " and " + describe(first);
    const auto a = archFields(firstArch), b = archFields(otherArch);
    for (size_t f = 0; f < a.size(); ++f) {
        if (a[f].second != b[f].second)
            throw ConfigError(pair + " differ in config.json's " + a[f].first + ": " + b[f].second + " vs "
                              + a[f].second + "; only revisions of one architecture can be averaged");
    }
    const auto names = firstWeights.names(), otherNames = otherWeights.names(); // both sorted
    std::vector<std::string> onlyFirst, onlyOther;
    std::set_difference(names.begin(), names.end(), otherNames.begin(), otherNames.end(),
                        std::back_inserter(onlyFirst));
    std::set_difference(otherNames.begin(), otherNames.end(), names.begin(), names.end(),
                        std::back_inserter(onlyOther));
    if (!onlyFirst.empty() || !onlyOther.empty()) {
        const bool missing = !onlyFirst.empty() && (onlyOther.empty() || onlyFirst.front() < onlyOther.front());
        const std::string name = missing ? onlyFirst.front() : onlyOther.front();
        throw ConfigError(pair + " differ in their tensors: '" + name + "' is in " + (missing ? first : other).folder
                          + " but not in " + (missing ? other : first).folder);
    }
    for (const std::string& name : names) {
        const TensorView& x = firstWeights.tensor(name);
        const TensorView& y = otherWeights.tensor(name);
        if (x.shape != y.shape)
            throw ConfigError(pair + " differ in tensor '" + name + "': shape " + shapeText(y.shape) + " vs "
                              + shapeText(x.shape));
        if (x.dtype != y.dtype)
            throw ConfigError(pair + " differ in tensor '" + name + "': dtype " + toString(y.dtype) + " vs "
                              + toString(x.dtype) + "; convert them to one dtype first");
    }
}

json ingredientsJson(const std::vector<HfIngredient>& ingredients, bool withPaths)
{
    json out = json::array();
    for (const HfIngredient& i : ingredients) {
        json item = {
            {"run", i.run}, {"revision", i.revision}, {"step", i.step}, {"tokens", i.tokens}, {"weight", i.weight}};
        if (withPaths)
            item["path"] = i.folder;
        out.push_back(item);
    }
    return out;
}

// What decides whether a finished folder is the average asked for: the method and the ingredients
// as the store names them (their absolute paths may change when the folders move together).
json identity(json provenance)
{
    if (provenance.contains("ingredients") && provenance["ingredients"].is_array()) {
        for (auto& item : provenance["ingredients"])
            if (item.is_object())
                item.erase("path");
    }
    provenance.erase("arithmetic");
    return provenance;
}

json provenanceFor(const std::vector<HfIngredient>& ingredients, const std::string& methodJson)
{
    json provenance = json::parse(methodJson, nullptr, false);
    if (!provenance.is_object())
        throw ConfigError("averaging method description is not a JSON object: " + methodJson);
    provenance["format"] = "quantscope-average";
    provenance["arithmetic"] = "float64 weighted sum / sum of weights, rounded once to the dtype (nearest, ties "
                               "to even)";
    provenance["ingredients"] = ingredientsJson(ingredients, true);
    return provenance;
}

// Whether `out` is a finished average described by `provenance` (its provenance file is written last,
// in a temporary folder renamed when complete). False when absent; ConfigError when it holds anything else.
bool isFinished(const json& provenance, const fs::path& out)
{
    if (!fs::exists(out))
        return false;
    const fs::path file = out / kHfAverageProvenanceFile;
    std::ifstream in(file, std::ios::binary);
    const json stored = in ? json::parse(in, nullptr, false) : json();
    if (!stored.is_object())
        throw ConfigError(out.string() + " exists and is not an average QuantScope wrote (no readable "
                          + std::string(kHfAverageProvenanceFile) + "); move it away or choose another folder");
    if (identity(stored) != identity(provenance))
        throw ConfigError(out.string() + " holds an average of other revisions or by another method (see its "
                          + std::string(kHfAverageProvenanceFile) + "); move it away or choose another folder");
    HfWeights::open(out.string()); // a finished folder must read; a damaged one is named, not used
    return true;
}

[[noreturn]] void ioFailure(const std::string& path, const char* what, int err)
{
    throw IoError("cannot " + std::string(what) + " " + path + ": " + std::strerror(err));
}

// A file of the output written through a descriptor, so it can be synced before the folder's rename.
class OutFile
{
public:
    explicit OutFile(const std::string& path)
        : m_path(path)
    {
        m_fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (m_fd < 0)
            ioFailure(path, "create", errno);
    }
    ~OutFile()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    OutFile(const OutFile&) = delete;
    OutFile& operator=(const OutFile&) = delete;

    void write(const void* data, size_t n)
    {
        const auto* p = static_cast<const uint8_t*>(data);
        while (n > 0) {
            const ssize_t w = ::write(m_fd, p, n);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                ioFailure(m_path, "write", errno ? errno : EIO);
            p += w;
            n -= size_t(w);
        }
    }
    void finish()
    {
        if (::fsync(m_fd) != 0)
            ioFailure(m_path, "write", errno);
        const int closed = ::close(m_fd);
        m_fd = -1;
        if (closed != 0)
            ioFailure(m_path, "write", errno);
    }

private:
    std::string m_path;
    int m_fd = -1;
};

void writeText(const fs::path& path, const std::string& text)
{
    OutFile f(path.string());
    f.write(text.data(), text.size());
    f.finish();
}

void storeU16(uint8_t* p, uint16_t v)
{
    p[0] = uint8_t(v & 0xff);
    p[1] = uint8_t(v >> 8);
}

// One tensor of the output: the weighted average of the ingredients' tensor, chunk by chunk, rounded once.
void writeAveragedTensor(OutFile& out, const std::string& name, const std::vector<const HfWeights*>& weights,
                         const std::vector<double>& factors, double total)
{
    const TensorView& first = weights.front()->tensor(name);
    if (!isWeightDType(first.dtype)) {
        // A buffer (a causal mask, position ids): not a weight, so never averaged; every ingredient
        // must hold the same bytes.
        for (size_t i = 1; i < weights.size(); ++i) {
            const TensorView& v = weights[i]->tensor(name);
            if (v.nbytes != first.nbytes || std::memcmp(v.data, first.data, first.nbytes) != 0)
                throw ConfigError("tensor '" + name + "' (" + toString(first.dtype) + ") of " + weights[i]->folder()
                                  + " differs from " + weights.front()->folder()
                                  + "'s; only float tensors are averaged, and buffers must be equal");
            weights[i]->release(v);
        }
        out.write(first.data, first.nbytes);
        weights.front()->release(first);
        return;
    }
    const int64_t n = first.numel();
    const int size = dtypeSize(first.dtype);
    std::vector<double> sum(size_t(std::min(n, chunkElements)));
    std::vector<float> values(sum.size());
    std::vector<uint8_t> bytes(sum.size() * size_t(size));
    for (int64_t start = 0; start < n; start += chunkElements) {
        const int64_t count = std::min(chunkElements, n - start);
        std::fill(sum.begin(), sum.begin() + count, 0.0);
        for (size_t i = 0; i < weights.size(); ++i) {
            weights[i]->tensor(name).toFloat(values.data(), start, count); // F16 and BF16 widen exactly
            const double w = factors[i];
            for (int64_t j = 0; j < count; ++j)
                sum[size_t(j)] += w * double(values[size_t(j)]);
        }
        uint8_t* p = bytes.data();
        for (int64_t j = 0; j < count; ++j, p += size) {
            const double v = sum[size_t(j)] / total;
            if (first.dtype == DType::F32) {
                const uint32_t bits = std::bit_cast<uint32_t>(static_cast<float>(v)); // one rounding (RNE)
                storeU16(p, uint16_t(bits & 0xffff));
                storeU16(p + 2, uint16_t(bits >> 16));
            } else {
                storeU16(p, first.dtype == DType::BF16 ? doubleToBf16(v) : doubleToHalf(v));
            }
        }
        out.write(bytes.data(), size_t(count) * size_t(size));
    }
    for (const HfWeights* w : weights)
        w->release(w->tensor(name));
}

std::string resolveRevision(const Store& store, const std::string& path)
{
    const fs::path p(path);
    return (p.is_absolute() ? p : fs::absolute(store.path()).parent_path() / p).lexically_normal().string();
}

HfIngredient ingredientOf(const Store& store, const std::string& run, const CheckpointRow& row, double weight)
{
    return {resolveRevision(store, row.path), run, row.path, row.step, row.tokens, weight};
}

json sourcesJson(const std::vector<HfIngredient>& ingredients, bool withWeights)
{
    json sources = json::array();
    for (const HfIngredient& i : ingredients) {
        json s = {{"run", i.run}, {"step", i.step}, {"revision", i.revision}};
        if (withWeights)
            s["weight"] = i.weight;
        sources.push_back(s);
    }
    return sources;
}

json storedSources(const CheckpointRow& row)
{
    const json stored = json::parse(row.provenance, nullptr, false);
    return stored.is_object() ? stored.value("sources", json()) : json();
}

// The folders of a run's averages are named after a revision folder; a name two revisions share gets
// the row index too.
std::string baseName(const std::string& path)
{
    fs::path p = fs::path(path).lexically_normal();
    if (p.filename().empty())
        p = p.parent_path(); // "a/step100/"
    return p.filename().string();
}

std::string folderName(const std::vector<CheckpointRow>& rows, size_t index)
{
    const std::string base = baseName(rows[index].path);
    const auto same =
        std::count_if(rows.begin(), rows.end(), [&](const CheckpointRow& r) { return baseName(r.path) == base; });
    return same > 1 ? base + "-" + std::to_string(index) : base;
}

CheckpointRow averagedRow(const Store& store, CheckpointRow row, const fs::path& folder, const json& provenance)
{
    row.fpValCe = std::numeric_limits<double>::quiet_NaN();
    row.path = relativeToStore(store, folder.string());
    row.kind = "averaged";
    row.provenance = provenance.dump();
    return row;
}

} // namespace

uint16_t doubleToBf16(double value)
{
    // Rounding to float32 "to odd" (toward zero, then the last bit set when anything was cut off) keeps
    // enough of the discarded part for the float32 → bf16 rounding to be the correct one: float32 has
    // 16 more significand bits than bf16, and round-to-odd needs 2.
    float f = static_cast<float>(value);
    if (std::isnan(value) || double(f) == value)
        return floatToBf16(f);
    if (std::isinf(f))
        f = std::copysign(std::numeric_limits<float>::max(), f); // odd already
    else if (std::fabs(double(f)) > std::fabs(value))
        f = std::nextafter(f, 0.0f);
    return floatToBf16(std::bit_cast<float>(std::bit_cast<uint32_t>(f) | 1u));
}

uint16_t doubleToHalf(double value)
{
    // As above: float32 has 13 more significand bits than f16, and f16's whole range is float32-normal.
    float f = static_cast<float>(value);
    if (std::isnan(value) || double(f) == value)
        return floatToHalf(f);
    if (std::isinf(f))
        f = std::copysign(std::numeric_limits<float>::max(), f);
    else if (std::fabs(double(f)) > std::fabs(value))
        f = std::nextafter(f, 0.0f);
    return floatToHalf(std::bit_cast<float>(std::bit_cast<uint32_t>(f) | 1u));
}

void checkHfIngredients(const std::vector<HfIngredient>& ingredients)
{
    if (ingredients.empty())
        throw ConfigError("an average needs at least one revision");
    const HfIngredient& first = ingredients.front();
    const HfArch firstArch = HfArch::fromFolder(first.folder);
    const HfWeights firstWeights = HfWeights::open(first.folder);
    firstWeights.validate(firstArch);
    for (size_t i = 1; i < ingredients.size(); ++i) {
        const HfArch arch = HfArch::fromFolder(ingredients[i].folder);
        const HfWeights weights = HfWeights::open(ingredients[i].folder);
        weights.validate(arch);
        checkAgainstFirst(first, firstArch, firstWeights, ingredients[i], arch, weights);
    }
    for (const HfIngredient& i : ingredients) {
        if (!std::isfinite(i.weight) || !(i.weight > 0.0))
            throw ConfigError(describe(i) + ": averaging weight " + number(i.weight) + " must be a number > 0");
    }
}

bool writeHfAverage(const std::vector<HfIngredient>& ingredients, const std::string& methodJson, const std::string& out,
                    uint64_t maxShardBytes, const Progress& progress)
{
    if (maxShardBytes == 0)
        throw ConfigError("the shard size of an averaged revision must be at least one byte");
    const json provenance = provenanceFor(ingredients, methodJson);
    const fs::path target(out);
    if (isFinished(provenance, target))
        return false;
    checkHfIngredients(ingredients);

    std::vector<HfWeights> opened;
    for (const HfIngredient& i : ingredients)
        opened.push_back(HfWeights::open(i.folder));
    std::vector<const HfWeights*> weights;
    for (const HfWeights& w : opened)
        weights.push_back(&w);
    std::vector<double> factors;
    double total = 0.0;
    for (const HfIngredient& i : ingredients) {
        factors.push_back(i.weight);
        total += i.weight;
    }
    const HfArch arch = HfArch::fromFolder(ingredients.front().folder);
    const std::vector<std::string> order = tensorOrder(arch, opened.front());

    // Shards: tensors in order, a new shard when the next tensor would pass the bound.
    std::vector<std::vector<std::string>> shards(1);
    uint64_t shardBytes = 0, totalBytes = 0;
    for (const std::string& name : order) {
        const uint64_t n = opened.front().tensor(name).nbytes;
        if (!shards.back().empty() && shardBytes + n > maxShardBytes) {
            shards.emplace_back();
            shardBytes = 0;
        }
        shards.back().push_back(name);
        shardBytes += n;
        totalBytes += n;
    }

    const fs::path tmp = target.parent_path() / (target.filename().string() + ".partial");
    std::error_code ec;
    fs::remove_all(tmp, ec); // what a killed call left
    fs::create_directories(tmp, ec);
    if (ec)
        throw IoError("cannot create the folder " + tmp.string() + ": " + ec.message());
    try {
        json weightMap = json::object();
        size_t done = 0;
        for (size_t s = 0; s < shards.size(); ++s) {
            char fileName[64];
            std::snprintf(fileName, sizeof fileName, "model-%05zu-of-%05zu.safetensors", s + 1, shards.size());
            nlohmann::ordered_json header = nlohmann::ordered_json::object();
            header["__metadata__"] = {{"format", "pt"}};
            uint64_t offset = 0;
            for (const std::string& name : shards[s]) {
                const TensorView& v = opened.front().tensor(name);
                header[name] = {
                    {"dtype", toString(v.dtype)}, {"shape", v.shape}, {"data_offsets", {offset, offset + v.nbytes}}};
                offset += v.nbytes;
                weightMap[name] = fileName;
            }
            std::string text = header.dump();
            text.append((8 - text.size() % 8) % 8, ' '); // the data buffer 8-byte aligned
            OutFile file((tmp / fileName).string());
            uint8_t length[8];
            for (int b = 0; b < 8; ++b)
                length[b] = uint8_t(uint64_t(text.size()) >> (8 * b));
            file.write(length, sizeof length);
            file.write(text.data(), text.size());
            for (const std::string& name : shards[s]) {
                writeAveragedTensor(file, name, weights, factors, total);
                if (!reportProgress(progress, double(++done) / double(order.size()), "averaging " + name))
                    throw Cancelled();
            }
            file.finish();
        }
        json index = {{"metadata", {{"total_size", totalBytes}}}, {"weight_map", weightMap}};
        writeText(tmp / indexName, index.dump(2) + "\n");
        const fs::path source(ingredients.front().folder);
        fs::copy_file(source / "config.json", tmp / "config.json");
        for (const char* name : kHfCompanionFiles) {
            if (fs::is_regular_file(source / name))
                fs::copy_file(source / name, tmp / name);
        }
        // Last: a folder with this file was written whole.
        writeText(tmp / kHfAverageProvenanceFile, provenance.dump(2) + "\n");
        fs::rename(tmp, target);
    } catch (const fs::filesystem_error& e) {
        fs::remove_all(tmp, ec);
        throw IoError(std::string("writing the averaged revision ") + out + ": " + e.what());
    } catch (...) {
        fs::remove_all(tmp, ec);
        throw;
    }
    return true;
}

AveragingSummary lawaHfRun(Store& store, const std::string& run, int window, int stride,
                           const HfAverageOptions& options, const Progress& progress)
{
    checkLawaWindow(window, stride);
    if (!store.hasRun(run))
        throw ConfigError(store.path() + ": no run '" + run + "' to average");
    if (!isHfRun(store, run))
        throw ConfigError(store.path() + ": run '" + run + "' does not hold Hugging Face revisions");
    const std::vector<CheckpointRow> trajectory = lawaTrajectory(store, run, window, stride, "revisions");
    const size_t span = lawaSpan(window, stride);

    AveragingSummary summary;
    summary.run = lawaRunName(run, window, stride);
    std::vector<std::vector<HfIngredient>> windows;
    for (size_t i = span; i < trajectory.size(); ++i) {
        std::vector<HfIngredient> w;
        for (size_t j = i - span; j <= i; j += size_t(stride))
            w.push_back(ingredientOf(store, run, trajectory[j], 1.0));
        windows.push_back(std::move(w));
    }
    std::vector<CheckpointRow> stored;
    if (store.hasRun(summary.run))
        stored = store.checkpoints(summary.run);
    for (size_t k = 0; k < stored.size() && k < windows.size(); ++k) {
        if (storedSources(stored[k]) != sourcesJson(windows[k], false))
            throw ConfigError(store.path() + ": run '" + summary.run + "' holds at row " + std::to_string(k)
                              + " an average of other revisions than '" + run + "' has now; choose another name");
    }
    // Every revision a new average reads is checked before anything is written.
    if (stored.size() < windows.size()) {
        std::vector<HfIngredient> used;
        for (size_t j = stored.size(); j < trajectory.size(); ++j)
            used.push_back(ingredientOf(store, run, trajectory[j], 1.0));
        checkHfIngredients(used);
    }
    const json method = {{"method", "lawa"}, {"window", window}, {"stride", stride}};
    for (size_t k = stored.size(); k < windows.size(); ++k) // a folder of another average: refused now
        isFinished(provenanceFor(windows[k], method.dump()),
                   fs::path(options.outDir) / folderName(trajectory, k + span));
    ensureDerivedRun(store, summary.run, run);
    summary.reused = int(std::min(stored.size(), windows.size()));
    for (size_t k = stored.size(); k < windows.size(); ++k) {
        const size_t end = k + span;
        const fs::path folder = fs::path(options.outDir) / folderName(trajectory, end);
        fs::create_directories(folder.parent_path());
        if (!writeHfAverage(windows[k], method.dump(), folder.string(), options.maxShardBytes))
            ++summary.foldersReused;
        json provenance = method;
        provenance["sources"] = sourcesJson(windows[k], false);
        store.appendCheckpoint(summary.run, averagedRow(store, trajectory[end], folder, provenance));
        ++summary.created;
        if (!reportProgress(progress, double(k + 1) / double(windows.size()),
                            "LAWA: averaged up to " + trajectory[end].path))
            throw Cancelled();
    }
    return summary;
}

AveragingSummary soupHfRun(Store& store, const std::string& name, std::vector<SoupIngredient> ingredients,
                           const HfAverageOptions& options, const Progress& progress)
{
    if (ingredients.size() < 2)
        throw ConfigError("a soup needs at least two ingredients");
    checkRunName(name);
    AveragingSummary summary;
    summary.run = name;
    std::vector<HfIngredient> chosen;
    CheckpointRow latest;
    latest.step = -1;
    size_t latestIndex = 0;
    for (const SoupIngredient& ingredient : ingredients) {
        if (!store.hasRun(ingredient.run))
            throw ConfigError(store.path() + ": soup ingredient run '" + ingredient.run + "' does not exist");
        if (!isHfRun(store, ingredient.run))
            throw ConfigError(store.path() + ": soup ingredient run '" + ingredient.run
                              + "' holds checkpoints of the built-in trainer, '" + ingredients.front().run
                              + "' Hugging Face revisions; a soup takes one kind");
        const auto rows = store.checkpoints(ingredient.run);
        std::vector<const CheckpointRow*> found;
        for (const CheckpointRow& row : rows) {
            if (row.step == ingredient.step)
                found.push_back(&row);
        }
        if (ingredient.step < 0 && !rows.empty())
            found = {&rows.back()};
        if (found.empty())
            throw ConfigError(store.path() + ": run '" + ingredient.run + "' has no checkpoint at step "
                              + std::to_string(ingredient.step));
        if (found.size() > 1)
            throw ConfigError(store.path() + ": run '" + ingredient.run + "' has " + std::to_string(found.size())
                              + " revisions at step " + std::to_string(ingredient.step) + " (" + found[0]->path + ", "
                              + found[1]->path + "); a soup ingredient must name one");
        chosen.push_back(ingredientOf(store, ingredient.run, *found.front(), ingredient.weight));
        if (found.front()->step > latest.step) {
            latest = *found.front();
            latestIndex = chosen.size() - 1;
        }
    }
    const json sources = sourcesJson(chosen, true);
    if (store.hasRun(name) && !store.checkpoints(name).empty()) {
        if (store.runInfo(name).parent != ingredients.front().run
            || storedSources(store.checkpoints(name).front()) != sources)
            throw ConfigError(store.path() + ": soup '" + name
                              + "' exists with other ingredients; choose another name");
        summary.reused = 1;
        return summary;
    }
    checkHfIngredients(chosen);
    const json method = {{"method", "soup"}};
    const fs::path folder = fs::path(options.outDir) / baseName(chosen[latestIndex].revision);
    isFinished(provenanceFor(chosen, method.dump()), folder);
    checkDerivedRun(store, name, ingredients.front().run);
    fs::create_directories(folder.parent_path());
    if (!writeHfAverage(chosen, method.dump(), folder.string(), options.maxShardBytes, progress))
        summary.foldersReused = 1;
    ensureDerivedRun(store, name, ingredients.front().run);
    json provenance = method;
    provenance["sources"] = sources;
    store.appendCheckpoint(name, averagedRow(store, latest, folder, provenance));
    summary.created = 1;
    return summary;
}

} // namespace qs
