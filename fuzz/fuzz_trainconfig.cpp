// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Train configs (core/config/config.h): TrainConfig::fromJson and its JSON round trip, and the model and
// quantization configs a store keeps as JSON.

#include "core/config/config.h"
#include "fuzz/fuzzutil.h"

#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string json = qs::fuzz::text(data, size);
    qs::fuzz::expectError([&] {
        const qs::TrainConfig config = qs::TrainConfig::fromJson(json);
        config.model.parameterCount();
        if (config.qat.enabled())
            config.qat.firstStep(int64_t(config.batchSize) * config.seqLen);
        // What a store keeps reads back as the same config.
        if (!(qs::TrainConfig::fromJson(config.toJson()) == config)) {
            std::fprintf(stderr, "TrainConfig JSON round trip changed the config:\n%s\n", config.toJson().c_str());
            std::abort();
        }
    });
    qs::fuzz::expectError([&] { qs::ModelConfig::fromJson(json); });
    qs::fuzz::expectError([&] {
        const qs::QuantConfig quant = qs::QuantConfig::fromJson(json);
        quant.id();
        quant.label();
    });
    return 0;
}
