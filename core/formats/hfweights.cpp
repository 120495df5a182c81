// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/formats/hfweights.h"

#include "core/common/errors.h"
#include "core/formats/torchcheckpoint.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace qs {

namespace {

constexpr const char* indexName = "model.safetensors.index.json";
constexpr const char* singleName = "model.safetensors";
constexpr const char* binIndexName = "pytorch_model.bin.index.json";
constexpr const char* binSingleName = "pytorch_model.bin";

std::string shapeText(const std::vector<int64_t>& shape)
{
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

std::string listed(const std::vector<std::string>& items, size_t limit = 8)
{
    std::string s;
    for (size_t i = 0; i < items.size() && i < limit; ++i)
        s += (i ? ", " : "") + items[i];
    if (items.size() > limit)
        s += " and " + std::to_string(items.size() - limit) + " more";
    return s;
}

// One weight file of either format: a safetensors file, or a torch.save state dict.
class Shard
{
public:
    virtual ~Shard() = default;
    virtual const std::string& path() const = 0;
    virtual std::vector<std::string> names() const = 0;
    virtual bool contains(const std::string& name) const = 0;
    virtual const TensorView& header(const std::string& name) const = 0; // dtype, shape, nbytes
    virtual const TensorView& tensor(const std::string& name) const = 0;
    virtual void release(const TensorView& view) const = 0;
};

class SafetensorsShard final : public Shard
{
public:
    explicit SafetensorsShard(const std::string& path)
        : m_file(SafetensorsFile::open(path))
    {
    }
    const std::string& path() const override { return m_file.path(); }
    std::vector<std::string> names() const override { return m_file.names(); }
    bool contains(const std::string& name) const override { return m_file.contains(name); }
    const TensorView& header(const std::string& name) const override { return m_file.tensor(name); }
    const TensorView& tensor(const std::string& name) const override { return m_file.tensor(name); }
    void release(const TensorView& view) const override { m_file.release(view); }

private:
    SafetensorsFile m_file;
};

class TorchShard final : public Shard
{
public:
    explicit TorchShard(const std::string& path)
        : m_file(TorchCheckpointFile::open(path))
    {
    }
    const std::string& path() const override { return m_file.path(); }
    std::vector<std::string> names() const override { return m_file.names(); }
    bool contains(const std::string& name) const override { return m_file.contains(name); }
    const TensorView& header(const std::string& name) const override { return m_file.header(name); }
    const TensorView& tensor(const std::string& name) const override { return m_file.tensor(name); }
    void release(const TensorView& view) const override { m_file.release(view); }

private:
    TorchCheckpointFile m_file;
};

std::unique_ptr<Shard> openShard(const fs::path& path, bool torch)
{
    if (torch)
        return std::make_unique<TorchShard>(path.string());
    return std::make_unique<SafetensorsShard>(path.string());
}

} // namespace

struct HfWeights::Private
{
    std::string folder;
    std::vector<std::unique_ptr<Shard>> shards;
    std::map<std::string, size_t> shardOf; // tensor name -> index into shards
};

HfWeights HfWeights::open(const std::string& folder)
{
    auto d = std::make_unique<Private>();
    d->folder = folder;
    const fs::path dir(folder);
    // Safetensors first: a folder with both formats is read from its safetensors.
    const bool hasSafetensors = fs::exists(dir / indexName) || fs::exists(dir / singleName);
    const bool torch = !hasSafetensors && (fs::exists(dir / binIndexName) || fs::exists(dir / binSingleName));
    const fs::path index = dir / (torch ? binIndexName : indexName);
    const fs::path single = dir / (torch ? binSingleName : singleName);
    if (fs::exists(index)) {
        std::ifstream in(index, std::ios::binary);
        if (!in)
            throw IoError("cannot read " + index.string());
        nlohmann::json json;
        try {
            json = nlohmann::json::parse(in);
        } catch (const nlohmann::json::exception& e) {
            throw FormatError(index.string() + ": not valid JSON (" + e.what() + ")");
        }
        if (!json.is_object() || !json.contains("weight_map") || !json["weight_map"].is_object())
            throw FormatError(index.string() + ": has no \"weight_map\" object");
        std::map<std::string, size_t> fileIndex;
        for (const auto& [name, file] : json["weight_map"].items()) {
            if (!file.is_string())
                throw FormatError(index.string() + ": the shard of '" + name + "' is not a file name");
            const std::string shard = file.get<std::string>();
            if (shard.find('/') != std::string::npos || shard == ".." || shard.empty())
                throw FormatError(index.string() + ": shard '" + shard + "' of '" + name
                                  + "' is not a file in the folder");
            auto it = fileIndex.find(shard);
            if (it == fileIndex.end()) {
                const fs::path shardPath = dir / shard;
                // A name the file system cannot hold (too long, say) is a missing shard, not a crash.
                std::error_code ec;
                if (!fs::is_regular_file(shardPath, ec))
                    throw FormatError(index.string() + " names shard " + shard + " (holding '" + name
                                      + "'), but the folder has no such file: the download is incomplete");
                d->shards.push_back(openShard(shardPath, torch));
                it = fileIndex.emplace(shard, d->shards.size() - 1).first;
            }
            if (!d->shards[it->second]->contains(name))
                throw FormatError(index.string() + " puts '" + name + "' in " + shard
                                  + ", but that shard has no such tensor");
            d->shardOf[name] = it->second;
        }
        if (d->shardOf.empty())
            throw FormatError(index.string() + ": the weight_map is empty");
    } else if (fs::exists(single)) {
        d->shards.push_back(openShard(single, torch));
        for (const auto& name : d->shards.front()->names())
            d->shardOf[name] = 0;
    } else {
        throw IoError(folder + " has neither " + singleName + " nor " + indexName + ", nor PyTorch weights "
                      + binSingleName + " or " + binIndexName);
    }
    return HfWeights(std::move(d));
}

HfWeights::HfWeights(std::unique_ptr<Private> d)
    : d(std::move(d))
{
}

HfWeights::HfWeights(HfWeights&&) noexcept = default;
HfWeights& HfWeights::operator=(HfWeights&&) noexcept = default;
HfWeights::~HfWeights() = default;

const std::string& HfWeights::folder() const
{
    return d->folder;
}

std::vector<std::string> HfWeights::names() const
{
    std::vector<std::string> out;
    for (const auto& item : d->shardOf)
        out.push_back(item.first);
    return out;
}

bool HfWeights::contains(const std::string& name) const
{
    return d->shardOf.count(name) != 0;
}

const TensorView& HfWeights::tensor(const std::string& name) const
{
    const auto it = d->shardOf.find(name);
    if (it == d->shardOf.end())
        throw FormatError(d->folder + ": the checkpoint has no tensor '" + name + "'");
    return d->shards[it->second]->tensor(name);
}

const TensorView& HfWeights::header(const std::string& name) const
{
    const auto it = d->shardOf.find(name);
    if (it == d->shardOf.end())
        throw FormatError(d->folder + ": the checkpoint has no tensor '" + name + "'");
    return d->shards[it->second]->header(name);
}

void HfWeights::release(const TensorView& view) const
{
    const auto it = d->shardOf.find(view.name);
    if (it != d->shardOf.end())
        d->shards[it->second]->release(view);
}

uint64_t HfWeights::totalBytes() const
{
    uint64_t n = 0;
    for (const auto& [name, shard] : d->shardOf)
        n += d->shards[shard]->header(name).nbytes;
    return n;
}

std::vector<std::string> HfWeights::files() const
{
    std::vector<std::string> out;
    for (const auto& shard : d->shards)
        out.push_back(shard->path());
    return out;
}

void HfWeights::validate(const HfArch& arch) const
{
    std::vector<std::string> problems;
    std::set<std::string> expected;
    std::vector<std::string> missing;
    for (const HfTensorSpec& spec : arch.expectedTensors()) {
        expected.insert(spec.name);
        const auto it = d->shardOf.find(spec.name);
        if (it == d->shardOf.end()) {
            missing.push_back(spec.name);
            continue;
        }
        const Shard& file = *d->shards[it->second];
        const TensorView& view = file.header(spec.name);
        if (!isWeightDType(view.dtype))
            problems.push_back("'" + spec.name + "' in " + file.path() + " is " + toString(view.dtype)
                               + ", not F32, F16 or BF16");
        if (view.shape != spec.shape)
            problems.push_back("'" + spec.name + "' in " + file.path() + " has shape " + shapeText(view.shape)
                               + ", but the config (" + arch.summary() + ") needs " + shapeText(spec.shape));
    }
    if (!missing.empty())
        problems.insert(problems.begin(), "missing tensors " + listed(missing));
    std::vector<std::string> unexpected;
    for (const auto& [name, shard] : d->shardOf) {
        // Tied checkpoints sometimes still carry the head as a copy of the embedding.
        const bool tiedCopy = arch.tiedEmbeddings && (name == "lm_head.weight" || name == "embed_out.weight");
        if (!expected.count(name) && !HfArch::isIgnoredBuffer(name) && !tiedCopy)
            unexpected.push_back(name);
    }
    if (!unexpected.empty())
        problems.push_back("tensors the config (model_type " + arch.modelType
                           + ") does not have: " + listed(unexpected));
    if (problems.empty())
        return;
    std::string message = d->folder + " does not match its config.json:";
    for (const auto& p : problems)
        message += "\n  " + p;
    throw FormatError(message);
}

} // namespace qs
