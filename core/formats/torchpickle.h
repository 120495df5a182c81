// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The pickle of a state dict as torch.save writes it (data.pkl of its zip format), read by a
// restricted unpickler: dicts and OrderedDicts, tuples, lists, numbers, strings, the
// storages named by persistent ids and the tensors torch._utils rebuilds from them. Nothing is ever
// called: any other global (a class, os.system, …) is refused by name, so a hostile .bin cannot run
// code, unlike Python's torch.load. Internal to qs_formats (torchcheckpoint.h); no torch.

#include "core/formats/safetensors.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace qs {

// One entry of the state dict: a strided view into a storage (a record data/<key> of the archive).
struct PickledTensor
{
    std::string name;
    DType dtype = DType::F32;
    std::string storageKey;
    int64_t storageNumel = 0; // elements of the storage's dtype
    int64_t offset = 0;       // in elements
    std::vector<int64_t> shape;
    std::vector<int64_t> stride;
};

// The tensors of the dict `bytes` unpickles to, in its order. FormatError with what is wrong (the
// opcode's byte offset, the global called, the key whose value is not a tensor, "a list, not a state
// dict"); the caller names the file.
std::vector<PickledTensor> readStateDictPickle(const uint8_t* bytes, size_t size);

} // namespace qs
