// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace qs {

// The safetensors dtypes. F32, F16 and BF16 hold weights and are read as floats; the others appear in
// real checkpoints as buffers (Pythia's BOOL causal mask, I64 position ids, F64 constants): they are
// listed and skipped, never read as weights.
enum class DType
{
    F32,
    F16,
    BF16,
    F64,
    I64,
    I32,
    I16,
    I8,
    U8,
    Bool,
    U16,
    U32,
    U64,
    F8E4M3,
    F8E5M2,
};

std::string toString(DType dtype);
// Any safetensors dtype name; FormatError for anything else.
DType dtypeFromString(const std::string& name);
int dtypeSize(DType dtype);
// F32, F16 or BF16: the dtypes weights are read from.
bool isWeightDType(DType dtype);

// A tensor inside a safetensors file: a view into the memory-mapped file, valid as long as the
// SafetensorsFile lives.
struct TensorView
{
    std::string name;
    DType dtype = DType::F32;
    std::vector<int64_t> shape;
    const uint8_t* data = nullptr;
    size_t nbytes = 0;

    int64_t numel() const;
    // Converts to float32 (F16 and BF16 are widened exactly). FormatError for a dtype that is not
    // F32, F16 or BF16.
    std::vector<float> toFloat() const;
    // The same into `out`, which holds numel() floats; `first` and `count` select elements.
    void toFloat(float* out) const;
    void toFloat(float* out, int64_t first, int64_t count) const;
};

// Read side of the safetensors format (8-byte little-endian header length, JSON header with
// dtype / shape / data_offsets per tensor and optional __metadata__, then the byte buffer).
// The file is memory-mapped; every malformed case throws FormatError naming the file.
class SafetensorsFile
{
public:
    static SafetensorsFile open(const std::string& path);

    SafetensorsFile(SafetensorsFile&&) noexcept;
    SafetensorsFile& operator=(SafetensorsFile&&) noexcept;
    ~SafetensorsFile();

    const std::string& path() const;
    const std::map<std::string, std::string>& metadata() const;
    std::vector<std::string> names() const; // in file order of data offsets
    bool contains(const std::string& name) const;
    const TensorView& tensor(const std::string& name) const; // throws FormatError if absent
    // Drops the file pages under `view` from this process's memory (they are read again from disk
    // if touched later): streaming a model larger than RAM keeps only what it is working on.
    void release(const TensorView& view) const;

private:
    struct Private;
    explicit SafetensorsFile(std::unique_ptr<Private> d);
    std::unique_ptr<Private> d;
};

// A tensor to be written: float32 values that the writer stores in the requested dtype
// (F16 / BF16 rounded to nearest even).
struct TensorData
{
    std::string name;
    std::vector<int64_t> shape;
    std::vector<float> values;
};

// Writes atomically: to `path + ".tmp"`, then rename, so a crash never leaves a half file.
void writeSafetensors(const std::string& path, const std::vector<TensorData>& tensors, DType dtype,
                      const std::map<std::string, std::string>& metadata = {});

// A tensor to be written as the bytes it is stored as, in any safetensors dtype (packed integer
// codes, float8, a source checkpoint's tensor copied as it is): little-endian values in `owned`, or,
// when `view` is set, view.size bytes the caller keeps alive until the write returns (a mapped file).
struct TensorBytes
{
    std::string name;
    DType dtype = DType::F32;
    std::vector<int64_t> shape;
    std::vector<uint8_t> owned;
    const uint8_t* view = nullptr;
    size_t viewSize = 0;

    const uint8_t* data() const { return view ? view : owned.data(); }
    size_t size() const { return view ? viewSize : owned.size(); }
};

// The same, for tensors of any dtype given as bytes. ConfigError (nothing written) for a size that is not
// the shape's.
void writeSafetensors(const std::string& path, const std::vector<TensorBytes>& tensors,
                      const std::map<std::string, std::string>& metadata = {});

// IEEE conversions used by the reader and writer (exposed for tests).
float halfToFloat(uint16_t h);
uint16_t floatToHalf(float f);
float bf16ToFloat(uint16_t b);
uint16_t floatToBf16(float f);

} // namespace qs
