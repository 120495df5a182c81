// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Scaling-law JSON (core/scalinglaws/serialization.h): a law with its coefficients and fit, and the round
// trip of what reads: written again, it reads as the same document.

#include "core/scalinglaws/serialization.h"
#include "fuzz/fuzzutil.h"

#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace qs::scaling;
    qs::fuzz::expectError([&] {
        const Law law = lawFromJson(qs::fuzz::text(data, size));
        const std::string json = lawToJson(law);
        if (lawToJson(lawFromJson(json)) != json) {
            std::fprintf(stderr, "scaling-law JSON round trip changed the law:\n%s\n", json.c_str());
            std::abort();
        }
    });
    return 0;
}
