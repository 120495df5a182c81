// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// TensorBoard event files (core/formats/traininglog.h: readTfEvents, the TFRecord framing, CRC-32C and the
// hand-written protobuf reader of protowire.h) and the tag lookup of `quantscope import --log`. Seeds:
// files of tests/support/tfevents_writer.py (python3-protobuf). Most mutations break a CRC; the harness
// also reframes the input as one record with correct CRCs, so that the Event parser sees mutated bytes.

#include "core/formats/traininglog.h"
#include "fuzz/fuzzutil.h"

#include <cstring>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const auto read = [](const std::string& path) {
        qs::fuzz::expectError([&] {
            const qs::TrainingLog log = qs::readTfEvents(path);
            qs::findLrTag(log);
            qs::findLossTag(log);
        });
    };
    read(qs::fuzz::writeFile("events.out.tfevents.fuzz", data, size));

    std::string framed(12, '\0');
    const uint64_t length = size;
    std::memcpy(framed.data(), &length, 8);
    const uint32_t lengthCrc = qs::maskedCrc32c(framed.data(), 8);
    std::memcpy(framed.data() + 8, &lengthCrc, 4);
    framed.append(reinterpret_cast<const char*>(data), size);
    const uint32_t dataCrc = qs::maskedCrc32c(data, size);
    framed.append(reinterpret_cast<const char*>(&dataCrc), 4);
    read(qs::fuzz::writeFile("events.out.tfevents.framed", framed));
    return 0;
}
