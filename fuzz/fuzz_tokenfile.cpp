// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Pre-tokenized token files (core/formats/tokenfile.h): .npy headers and data, and raw uint16 / uint32
// files, checked against a large and a small vocabulary.

#include "core/formats/tokenfile.h"
#include "fuzz/fuzzutil.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string path = qs::fuzz::writeFile("tokens.npy", data, size);
    for (const int64_t vocab : {int64_t(1) << 40, int64_t(50304), int64_t(3)}) {
        qs::fuzz::expectError([&] { qs::readNpyTokens(path, vocab); });
        qs::fuzz::expectError([&] { qs::readTokenFile(path, qs::RawTokenType::U16, vocab); });
        qs::fuzz::expectError([&] { qs::readRawTokens(path, qs::RawTokenType::U32, vocab); });
    }
    return 0;
}
