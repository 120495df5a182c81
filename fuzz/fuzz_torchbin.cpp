// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// torch.save state dicts (core/formats/torchcheckpoint.h): the zip directory, the restricted unpickler of
// data.pkl, every tensor's view (gathered when strided) and its floats.

#include "core/formats/torchcheckpoint.h"
#include "fuzz/fuzzutil.h"

#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string path = qs::fuzz::writeFile("pytorch_model.bin", data, size);
    qs::fuzz::expectError([&] {
        const qs::TorchCheckpointFile file = qs::TorchCheckpointFile::open(path);
        for (const std::string& name : file.names()) {
            const qs::TensorView& view = file.tensor(name);
            if (qs::isWeightDType(view.dtype) && view.numel() <= (1 << 20)) {
                std::vector<float> values = view.toFloat();
                if (!values.empty())
                    view.toFloat(values.data(), view.numel() - 1, 1);
            }
            file.release(view);
        }
        file.tensor("no such tensor");
    });
    return 0;
}
