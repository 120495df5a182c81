// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A state dict saved by torch.save: pytorch_model.bin and its shards, in the zip format of
// PyTorch ≥ 1.6 — an uncompressed zip holding data.pkl (the pickled dict, read by the restricted
// unpickler of torchpickle.h) and one record data/<key> per storage. The file is memory-mapped like a
// safetensors file and each tensor is a TensorView into it: nothing is read until asked for, and
// release() gives its pages back. Tensors that are views (torch.save keeps them: several tensors in one
// storage, at an offset, or with strides) are handled: a view that is one contiguous run of its storage
// points into the mapping, any other is gathered into memory when asked for and freed by release().
// Legacy (pre-1.6, non-zip) files are refused with a message saying how to re-save them. No Qt, no torch.

#include "core/formats/safetensors.h"

#include <memory>
#include <string>
#include <vector>

namespace qs {

class TorchCheckpointFile
{
public:
    // FormatError naming the file for anything malformed: truncated, not a zip, compressed records, a
    // pickle that is not a dict of tensors, a tensor past the end of its storage; IoError when unreadable.
    static TorchCheckpointFile open(const std::string& path);

    TorchCheckpointFile(TorchCheckpointFile&&) noexcept;
    TorchCheckpointFile& operator=(TorchCheckpointFile&&) noexcept;
    ~TorchCheckpointFile();

    const std::string& path() const;
    std::vector<std::string> names() const; // in the dict's order
    bool contains(const std::string& name) const;
    // Name, dtype, shape and byte count without reading anything (data is null for a gathered view).
    const TensorView& header(const std::string& name) const;
    // The tensor's elements, contiguous in row-major order. FormatError naming the file when absent.
    const TensorView& tensor(const std::string& name) const;
    void release(const TensorView& view) const;

private:
    struct Private;
    explicit TorchCheckpointFile(std::unique_ptr<Private> d);
    std::unique_ptr<Private> d;
};

} // namespace qs
