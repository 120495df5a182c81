// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Quantization specs (QuantConfig::parse, core/config/config.h): "rtn:4:g32:a4:down=a8" and anything else,
// with the id, label and JSON round trip of what parses.

#include "core/config/config.h"
#include "fuzz/fuzzutil.h"

#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    qs::fuzz::expectError([&] {
        const qs::QuantConfig config = qs::QuantConfig::parse(qs::fuzz::text(data, size));
        config.id();
        config.label();
        config.quantizesActivations();
        for (const std::string& kind : qs::layerKinds()) {
            config.weightBitsFor(kind);
            config.actBitsFor(kind);
        }
        if (!(qs::QuantConfig::fromJson(config.toJson()) == config)) {
            std::fprintf(stderr, "QuantConfig JSON round trip changed %s\n", config.id().c_str());
            std::abort();
        }
    });
    return 0;
}
