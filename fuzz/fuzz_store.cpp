// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Results stores (core/store/store.h): arbitrary bytes as a file, opened read-only and read whole
// (storereader.h). Most mutated files end inside libhdf5 1.10's own decoding (docs/testing.md, "Fuzzing
// and sanitizers": HDF5's bugs), so this harness is not run by CI; fuzz_storeschema reaches the store's
// code with files that are valid HDF5.

#include "fuzz/storereader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    qs::fuzz::readWholeStore(qs::fuzz::writeFile("store.h5", data, size));
    return 0;
}
