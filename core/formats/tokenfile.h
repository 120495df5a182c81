// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Pre-tokenized token-id files as training codebases write them:
//   .npy   NumPy format 1.0 / 2.0 / 3.0, dtype |u1 |i1 <u2 <i2 <u4 <i4 <u8 <i8, C order (Fortran order
//          only for one-dimensional arrays), any shape, flattened
//   raw    headerless little-endian uint16 or uint32 (nanoGPT's train.bin; OLMo's "*.npy" memmaps,
//          which have no NumPy header despite the name)
// Every id is checked: a negative one or one not below the vocabulary size is a qs::FormatError
// naming the file, the position and the value. Files are memory-mapped and converted in one pass.

#include <cstdint>
#include <string>
#include <vector>

namespace qs {

enum class RawTokenType
{
    U16,
    U32,
};

// qs::IoError when the file cannot be read; qs::FormatError naming the file for a bad magic, an
// unsupported header or dtype, a size that does not match the shape, or an id out of range.
std::vector<int32_t> readNpyTokens(const std::string& path, int64_t vocabSize);

// A headerless file of `type` values; qs::FormatError when its size is not a multiple of the value
// size or an id is out of range.
std::vector<int32_t> readRawTokens(const std::string& path, RawTokenType type, int64_t vocabSize);

// readNpyTokens when the file starts with the NumPy magic, readRawTokens with `rawType` otherwise.
std::vector<int32_t> readTokenFile(const std::string& path, RawTokenType rawType, int64_t vocabSize);

} // namespace qs
