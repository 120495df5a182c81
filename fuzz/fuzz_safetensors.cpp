// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// safetensors files (core/formats/safetensors.h): the header, every tensor's view and its floats.

#include "core/formats/safetensors.h"
#include "fuzz/fuzzutil.h"

#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string path = qs::fuzz::writeFile("model.safetensors", data, size);
    qs::fuzz::expectError([&] {
        const qs::SafetensorsFile file = qs::SafetensorsFile::open(path);
        file.metadata();
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
