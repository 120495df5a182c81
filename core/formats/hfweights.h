// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The weights of a Hugging Face model folder: one model.safetensors, or shards
// model-0000k-of-0000n.safetensors listed by model.safetensors.index.json; or, in a folder without
// safetensors, the same as torch.save state dicts: pytorch_model.bin, or shards
// pytorch_model-0000k-of-0000n.bin listed by pytorch_model.bin.index.json (torchcheckpoint.h). Every
// shard is memory-mapped; nothing is read until a tensor is asked for, and release() gives its pages
// back, so a model many times larger than RAM is streamed one block at a time. No Qt, no torch.

#include "core/formats/hfconfig.h"
#include "core/formats/safetensors.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace qs {

class HfWeights
{
public:
    // Opens the folder's index (or single file) and every shard's header (a .bin shard's pickle).
    // FormatError naming the file for a shard the index names but the folder lacks, a tensor the index
    // puts in a shard that does not hold it, or a malformed shard; IoError when the folder has no weights
    // at all. A folder with both formats is read from its safetensors.
    static HfWeights open(const std::string& folder);

    HfWeights(HfWeights&&) noexcept;
    HfWeights& operator=(HfWeights&&) noexcept;
    ~HfWeights();

    const std::string& folder() const;
    std::vector<std::string> names() const;
    bool contains(const std::string& name) const;
    // FormatError naming the folder when absent. Contiguous row-major elements: a strided view of a
    // .bin is gathered into memory, which release() frees.
    const TensorView& tensor(const std::string& name) const;
    // Its dtype, shape and size, reading nothing (a .bin's strided view is not gathered).
    const TensorView& header(const std::string& name) const;
    void release(const TensorView& view) const;
    uint64_t totalBytes() const;            // of all tensors
    std::vector<std::string> files() const; // the shard files, in the order the index names them

    // Checks the checkpoint against the architecture: every expected tensor present, F32/F16/BF16,
    // with its shape; no tensor the architecture does not know (buffers it ignores aside). FormatError
    // listing what is wrong, naming the file of each tensor.
    void validate(const HfArch& arch) const;

private:
    struct Private;
    explicit HfWeights(std::unique_ptr<Private> d);
    std::unique_ptr<Private> d;
};

} // namespace qs
