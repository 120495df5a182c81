#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace qs {

enum class DType
{
    F32,
    F16,
    BF16,
};

std::string toString(DType dtype);
DType dtypeFromString(const std::string& name); // throws FormatError for anything else
int dtypeSize(DType dtype);

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
    // Converts to float32 (F16 and BF16 are widened exactly).
    std::vector<float> toFloat() const;
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

// IEEE conversions used by the reader and writer (exposed for tests).
float halfToFloat(uint16_t h);
uint16_t floatToHalf(float f);
float bf16ToFloat(uint16_t b);
uint16_t floatToBf16(float f);

} // namespace qs
