// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/formats/torchcheckpoint.h"

#include "core/common/errors.h"
#include "core/formats/torchpickle.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <map>
#include <mutex>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace qs {

namespace {

[[noreturn]] void formatError(const std::string& path, const std::string& what)
{
    throw FormatError("torch checkpoint '" + path + "': " + what);
}

struct Fd
{
    int fd = -1;
    ~Fd()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

uint64_t le(const uint8_t* p, int n)
{
    uint64_t v = 0;
    for (int k = 0; k < n; ++k)
        v |= uint64_t(p[k]) << (8 * k);
    return v;
}

struct Record
{
    uint64_t offset = 0; // of the data in the file
    uint64_t size = 0;
};

// The records of an uncompressed zip (what torch.save writes through miniz, zip64 for large files):
// name -> where its bytes lie in the file. Every offset and size is checked against the file.
std::map<std::string, Record> readZip(const std::string& path, const uint8_t* bytes, uint64_t fileSize)
{
    const char* truncated = "the file is cut short (an interrupted download?): it has no zip end record";
    if (fileSize < 22)
        formatError(path, truncated);
    // The end of central directory record: 22 bytes plus a comment of up to 64 KiB.
    uint64_t eocd = std::numeric_limits<uint64_t>::max();
    const uint64_t lowest = fileSize > 22 + 65535 ? fileSize - 22 - 65535 : 0;
    for (uint64_t at = fileSize - 22 + 1; at-- > lowest;) {
        if (le(bytes + at, 4) == 0x06054b50 && at + 22 + le(bytes + at + 20, 2) == fileSize) {
            eocd = at;
            break;
        }
    }
    if (eocd == std::numeric_limits<uint64_t>::max())
        formatError(path, truncated);
    uint64_t entries = le(bytes + eocd + 10, 2);
    uint64_t cdSize = le(bytes + eocd + 12, 4);
    uint64_t cdOffset = le(bytes + eocd + 16, 4);
    if (entries == 0xffff || cdSize == 0xffffffff || cdOffset == 0xffffffff) {
        // zip64: a locator just before the record points at the zip64 end record.
        if (eocd < 20 || le(bytes + eocd - 20, 4) != 0x07064b50)
            formatError(path, "a zip64 archive without its zip64 locator");
        const uint64_t z = le(bytes + eocd - 20 + 8, 8);
        if (fileSize < 56 || z > fileSize - 56 || le(bytes + z, 4) != 0x06064b50)
            formatError(path, "the zip64 end record lies outside the file: the file is cut short");
        entries = le(bytes + z + 32, 8);
        cdSize = le(bytes + z + 40, 8);
        cdOffset = le(bytes + z + 48, 8);
    }
    if (cdOffset > fileSize || cdSize > fileSize - cdOffset)
        formatError(path, "the zip directory lies outside the file: the file is cut short");
    std::map<std::string, Record> records;
    uint64_t at = cdOffset;
    const uint64_t cdEnd = cdOffset + cdSize;
    for (uint64_t i = 0; i < entries; ++i) {
        if (at + 46 > cdEnd || le(bytes + at, 4) != 0x02014b50)
            formatError(path, "zip directory entry " + std::to_string(i) + " is damaged");
        const uint64_t method = le(bytes + at + 10, 2);
        uint64_t compressed = le(bytes + at + 20, 4);
        uint64_t size = le(bytes + at + 24, 4);
        const uint64_t nameLen = le(bytes + at + 28, 2), extraLen = le(bytes + at + 30, 2);
        const uint64_t commentLen = le(bytes + at + 32, 2);
        uint64_t local = le(bytes + at + 42, 4);
        if (at + 46 + nameLen + extraLen + commentLen > cdEnd)
            formatError(path, "zip directory entry " + std::to_string(i) + " runs past the directory");
        const std::string name(reinterpret_cast<const char*>(bytes + at + 46), nameLen);
        // The zip64 extra field holds, in this order, the sizes and offset whose 32-bit fields are full.
        const uint8_t* extra = bytes + at + 46 + nameLen;
        for (uint64_t e = 0; e + 4 <= extraLen;) {
            const uint64_t id = le(extra + e, 2), len = le(extra + e + 2, 2);
            if (e + 4 + len > extraLen)
                break;
            if (id == 0x0001) {
                const uint8_t* f = extra + e + 4;
                uint64_t used = 0;
                for (uint64_t* field : {&size, &compressed, &local}) {
                    if (*field == 0xffffffff && used + 8 <= len) {
                        *field = le(f + used, 8);
                        used += 8;
                    }
                }
            }
            e += 4 + len;
        }
        if (method != 0 || compressed != size)
            formatError(path,
                        "record " + name + " is compressed (method " + std::to_string(method)
                            + "); torch.save stores its records uncompressed");
        if (fileSize < 30 || local > fileSize - 30 || le(bytes + local, 4) != 0x04034b50)
            formatError(path, "record " + name + " has no local header where the directory puts it");
        const uint64_t data = local + 30 + le(bytes + local + 26, 2) + le(bytes + local + 28, 2);
        if (data > fileSize || size > fileSize - data)
            formatError(path,
                        "record " + name + " (" + std::to_string(size) + " bytes at " + std::to_string(data)
                            + ") runs past the end of the file: the file is cut short");
        records[name] = {data, size};
        at += 46 + nameLen + extraLen + commentLen;
    }
    return records;
}

bool mulOverflows(int64_t a, int64_t b, int64_t* out)
{
    return __builtin_mul_overflow(a, b, out);
}

} // namespace

struct TorchCheckpointFile::Private
{
    std::string path;
    void* map = nullptr;
    size_t mapSize = 0;
    std::vector<TensorView> tensors; // dict order; data null for gathered views until tensor()
    std::vector<PickledTensor> layout;
    std::vector<const uint8_t*> storages; // each tensor's storage start in the mapping
    std::map<std::string, size_t> index;
    mutable std::mutex mutex;
    mutable std::map<size_t, std::vector<uint8_t>> gathered;

    ~Private()
    {
        if (map)
            ::munmap(map, mapSize);
    }

    bool contiguous(size_t i) const
    {
        const PickledTensor& t = layout[i];
        int64_t expected = 1;
        for (size_t k = t.shape.size(); k-- > 0;) {
            if (t.shape[k] != 1 && t.stride[k] != expected)
                return false;
            expected *= t.shape[k];
        }
        return true;
    }
    void addTensor(PickledTensor t, const std::map<std::string, Record>& records, const std::string& prefix,
                   const uint8_t* bytes);
    void gather(size_t i, std::vector<uint8_t>& out) const;
};

void TorchCheckpointFile::Private::addTensor(PickledTensor t, const std::map<std::string, Record>& records,
                                             const std::string& prefix, const uint8_t* bytes)
{
    const std::string where = "tensor '" + t.name + "'";
    if (index.count(t.name))
        formatError(path, where + " appears twice");
    if (t.shape.size() > 32)
        formatError(path, where + " has " + std::to_string(t.shape.size()) + " dimensions");
    const int64_t item = dtypeSize(t.dtype);
    int64_t numel = 1, last = t.offset;
    if (t.offset < 0)
        formatError(path, where + " starts at offset " + std::to_string(t.offset));
    for (size_t k = 0; k < t.shape.size(); ++k) {
        int64_t span = 0;
        if (t.shape[k] < 0 || t.stride[k] < 0 || mulOverflows(numel, t.shape[k], &numel)
            || mulOverflows(std::max<int64_t>(0, t.shape[k] - 1), t.stride[k], &span)
            || __builtin_add_overflow(last, span, &last))
            formatError(path, where + " has an impossible size or stride");
    }
    int64_t nbytes = 0, storageBytes = 0;
    if (mulOverflows(numel, item, &nbytes) || mulOverflows(t.storageNumel, item, &storageBytes))
        formatError(path, where + " is too large");
    if (numel > 0 && last >= t.storageNumel)
        formatError(path,
                    where + " reaches element " + std::to_string(last) + " of storage " + t.storageKey
                        + ", which holds " + std::to_string(t.storageNumel));
    const uint8_t* storage = nullptr;
    if (numel > 0) {
        const auto it = records.find(prefix + "data/" + t.storageKey);
        if (it == records.end())
            formatError(path,
                        where + " is in storage " + t.storageKey + ", but the archive has no record " + prefix + "data/"
                            + t.storageKey);
        if (it->second.size < uint64_t(storageBytes))
            formatError(path,
                        "storage " + t.storageKey + " of " + where + " is " + std::to_string(it->second.size)
                            + " bytes, but holds " + std::to_string(t.storageNumel) + " elements of "
                            + std::to_string(item) + " bytes");
        storage = bytes + it->second.offset;
    }
    TensorView view;
    view.name = t.name;
    view.dtype = t.dtype;
    view.shape = t.shape;
    view.nbytes = size_t(nbytes);
    index[t.name] = tensors.size();
    layout.push_back(std::move(t));
    storages.push_back(storage);
    if (contiguous(tensors.size()) && storage)
        view.data = storage + layout.back().offset * item;
    tensors.push_back(std::move(view));
}

// Row-major copy of a strided view, the innermost dimension in runs when its stride is 1.
void TorchCheckpointFile::Private::gather(size_t i, std::vector<uint8_t>& out) const
{
    const PickledTensor& t = layout[i];
    const size_t item = size_t(dtypeSize(t.dtype));
    out.resize(tensors[i].nbytes);
    if (out.empty())
        return;
    const size_t dims = t.shape.size();
    const int64_t inner = dims ? t.shape[dims - 1] : 1;
    const int64_t innerStride = dims ? t.stride[dims - 1] : 1;
    std::vector<int64_t> idx(dims, 0);
    uint8_t* dst = out.data();
    while (true) {
        int64_t at = t.offset;
        for (size_t k = 0; k + 1 < dims; ++k)
            at += idx[k] * t.stride[k];
        const uint8_t* src = storages[i] + size_t(at) * item;
        if (innerStride == 1) {
            std::memcpy(dst, src, size_t(inner) * item);
            dst += size_t(inner) * item;
        } else {
            for (int64_t j = 0; j < inner; ++j, dst += item)
                std::memcpy(dst, src + size_t(j * innerStride) * item, item);
        }
        size_t k = dims > 0 ? dims - 1 : 0;
        while (k-- > 0) {
            if (++idx[k] < t.shape[k])
                break;
            idx[k] = 0;
        }
        if (k == size_t(-1))
            return;
    }
}

TorchCheckpointFile TorchCheckpointFile::open(const std::string& path)
{
    auto d = std::make_unique<Private>();
    d->path = path;
    Fd fd;
    fd.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd.fd < 0 || ::fstat(fd.fd, &st) != 0)
        throw IoError("cannot read torch checkpoint '" + path + "': " + std::strerror(errno));
    if (!S_ISREG(st.st_mode))
        throw IoError("cannot read torch checkpoint '" + path + "': " + std::strerror(EISDIR));
    const uint64_t fileSize = uint64_t(st.st_size);
    if (fileSize == 0)
        formatError(path, "the file is empty");
    d->mapSize = size_t(fileSize);
    void* map = ::mmap(nullptr, d->mapSize, PROT_READ, MAP_PRIVATE, fd.fd, 0);
    if (map == MAP_FAILED)
        throw IoError("cannot memory-map torch checkpoint '" + path + "': " + std::strerror(errno));
    d->map = map;
    const auto* bytes = static_cast<const uint8_t*>(map);

    if (fileSize < 4 || le(bytes, 4) != 0x04034b50) {
        if (bytes[0] == 0x80) // a pickle protocol opcode: torch.save's format before PyTorch 1.6
            formatError(path,
                        "a legacy torch.save file (PyTorch < 1.6 or _use_new_zipfile_serialization=False), which "
                        "is not read: re-save it in the zip format (torch.save(torch.load(f), f) with PyTorch "
                        "1.6 or later) or convert it to safetensors");
        formatError(path, "not a torch.save checkpoint (neither a zip archive nor a legacy torch.save file)");
    }
    const std::map<std::string, Record> records = readZip(path, bytes, fileSize);
    // Every record sits in one folder named after the file torch.save wrote: <prefix>/data.pkl.
    std::string prefix;
    for (const auto& [name, record] : records) {
        const auto slash = name.find('/');
        if (slash != std::string::npos && name.compare(slash, std::string::npos, "/data.pkl") == 0) {
            prefix = name.substr(0, slash + 1);
            break;
        }
    }
    if (prefix.empty())
        formatError(path, "a zip archive without <name>/data.pkl: not written by torch.save");
    const auto byteOrder = records.find(prefix + "byteorder");
    if (byteOrder != records.end()
        && std::string(reinterpret_cast<const char*>(bytes + byteOrder->second.offset), byteOrder->second.size)
            != "little")
        formatError(path, "saved on a big-endian machine, which is not read");
    const Record pkl = records.at(prefix + "data.pkl");
    std::vector<PickledTensor> pickled;
    try {
        pickled = readStateDictPickle(bytes + pkl.offset, size_t(pkl.size));
    } catch (const FormatError& e) {
        formatError(path, e.what());
    }
    for (PickledTensor& t : pickled)
        d->addTensor(std::move(t), records, prefix, bytes);
    return TorchCheckpointFile(std::move(d));
}

TorchCheckpointFile::TorchCheckpointFile(std::unique_ptr<Private> d)
    : d(std::move(d))
{
}

TorchCheckpointFile::TorchCheckpointFile(TorchCheckpointFile&&) noexcept = default;
TorchCheckpointFile& TorchCheckpointFile::operator=(TorchCheckpointFile&&) noexcept = default;
TorchCheckpointFile::~TorchCheckpointFile() = default;

const std::string& TorchCheckpointFile::path() const
{
    return d->path;
}

std::vector<std::string> TorchCheckpointFile::names() const
{
    std::vector<std::string> out;
    for (const TensorView& t : d->tensors)
        out.push_back(t.name);
    return out;
}

bool TorchCheckpointFile::contains(const std::string& name) const
{
    return d->index.count(name) != 0;
}

const TensorView& TorchCheckpointFile::header(const std::string& name) const
{
    const auto it = d->index.find(name);
    if (it == d->index.end())
        formatError(d->path, "no tensor named '" + name + "'");
    return d->tensors[it->second];
}

const TensorView& TorchCheckpointFile::tensor(const std::string& name) const
{
    header(name); // FormatError when absent
    const size_t i = d->index.at(name);
    TensorView& view = d->tensors[i];
    if (!d->storages[i] || d->contiguous(i))
        return view;
    std::lock_guard lock(d->mutex);
    auto& bytes = d->gathered[i];
    if (bytes.empty())
        d->gather(i, bytes);
    view.data = bytes.data();
    return view;
}

void TorchCheckpointFile::release(const TensorView& view) const
{
    const auto it = d->index.find(view.name);
    if (it == d->index.end() || view.nbytes == 0)
        return;
    const size_t i = it->second;
    const PickledTensor& t = d->layout[i];
    const size_t item = size_t(dtypeSize(t.dtype));
    {
        std::lock_guard lock(d->mutex);
        if (d->gathered.erase(i))
            d->tensors[i].data = nullptr;
    }
    // The storage's pages under the view (for a gathered one, its whole extent) go back to the file.
    static const uintptr_t page = uintptr_t(::sysconf(_SC_PAGESIZE));
    int64_t last = t.offset;
    for (size_t k = 0; k < t.shape.size(); ++k)
        last += (t.shape[k] - 1) * t.stride[k];
    const auto begin = (reinterpret_cast<uintptr_t>(d->storages[i]) + size_t(t.offset) * item) & ~(page - 1);
    const uintptr_t end = reinterpret_cast<uintptr_t>(d->storages[i]) + size_t(last + 1) * item;
    ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_DONTNEED);
}

} // namespace qs
