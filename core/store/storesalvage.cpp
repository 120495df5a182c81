// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/storesalvage.h"

#include "core/store/storepadding.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
#include <map>
#include <tuple>

namespace qs::salvage {

namespace {

namespace fs = std::filesystem;

template<class T>
T fillValue()
{
    if constexpr (std::is_floating_point_v<T>)
        return std::numeric_limits<T>::quiet_NaN();
    else
        return T {};
}

// Whether the dataset's type is of the kind `type` asks for, and whether exactly it.
std::pair<bool, bool> typeMatches(const H5::DataSet& ds, Type type)
{
    const H5T_class_t cls = ds.getTypeClass();
    switch (type) {
    case Type::Str:
        return {cls == H5T_STRING && ds.getStrType().isVariableStr(), true};
    case Type::F64:
    case Type::F32:
        return {cls == H5T_FLOAT, ds.getFloatType().getSize() == (type == Type::F64 ? 8 : 4)};
    case Type::I64:
    case Type::I32:
    case Type::U8: {
        if (cls != H5T_INTEGER)
            return {false, false};
        const H5::IntType t = ds.getIntType();
        const size_t size = type == Type::I64 ? 8 : type == Type::I32 ? 4 : 1;
        return {true, t.getSize() == size && (t.getSign() == H5T_SGN_NONE) == (type == Type::U8)};
    }
    }
    return {false, false};
}

std::string describeType(const H5::DataSet& ds)
{
    switch (ds.getTypeClass()) {
    case H5T_STRING:
        return ds.getStrType().isVariableStr() ? "variable-length strings" : "fixed-length strings";
    case H5T_FLOAT:
        return "float" + std::to_string(8 * ds.getFloatType().getSize());
    case H5T_INTEGER: {
        const H5::IntType t = ds.getIntType();
        return (t.getSign() == H5T_SGN_NONE ? "uint" : "int") + std::to_string(8 * t.getSize());
    }
    default:
        return "another type";
    }
}

} // namespace

std::string typeName(Type type)
{
    switch (type) {
    case Type::I64:
        return "int64";
    case Type::I32:
        return "int32";
    case Type::U8:
        return "uint8";
    case Type::F64:
        return "float64";
    case Type::F32:
        return "float32";
    case Type::Str:
        return "variable-length strings";
    }
    return {};
}

hsize_t Column::storedPrefix() const
{
    hsize_t n = 0;
    while (n < rows.size() && rows[n] == RowState::Stored)
        ++n;
    return n;
}

File::File(const std::string& path, const std::string& scratchDir)
    : m_path(path)
{
    h5::resetH5Errors();
    std::error_code ec;
    if (!fs::exists(path, ec))
        throw IoError(path + ": no such file");
    if (!fs::is_regular_file(path, ec))
        throw IoError(path + ": not a regular file");
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw IoError(path + ": cannot read it: " + std::strerror(errno));
    const struct Closer
    {
        int fd;
        ~Closer() { ::close(fd); }
    } closer {fd};
    struct stat st
    {
    };
    if (::fstat(fd, &st) != 0)
        throw IoError(path + ": " + std::strerror(errno));
    m_fileSize = std::uint64_t(st.st_size);
    const Superblock sb = readSuperblock(fd, m_fileSize, path);
    m_base = sb.base;
    m_storedEnd = sb.base + sb.end;
    if (truncated())
        m_scratch = paddedCopy(fd, m_fileSize, sb, path, scratchDir);
    try {
        H5::FileAccPropList fapl;
        fapl.setFcloseDegree(H5F_CLOSE_STRONG);
        // The original with HDF5's shared lock, as every reader; the copy is this process's alone.
        H5Pset_file_locking(fapl.getId(), m_scratch.empty(), true);
        m_file = H5::H5File(m_scratch.empty() ? path : m_scratch, H5F_ACC_RDONLY, H5::FileCreatPropList::DEFAULT, fapl);
        m_root = m_file.openGroup("/");
    } catch (const H5::Exception& e) {
        if (!m_scratch.empty())
            ::unlink(m_scratch.c_str());
        throw FormatError(path + ": HDF5 cannot open it" + (truncated() ? " even padded to its recorded size" : "")
                          + ": " + h5Detail(e));
    }
}

File::~File()
{
    m_root.close();
    m_file.close();
    if (!m_scratch.empty())
        ::unlink(m_scratch.c_str());
}

const H5::Group& File::root() const
{
    return m_root;
}

void File::error(const std::string& object, const std::string& message)
{
    m_problems.push_back({StoreProblem::Severity::Error, object, message});
}

void File::note(const std::string& object, const std::string& message)
{
    m_problems.push_back({StoreProblem::Severity::Note, object, message});
}

std::string File::h5Detail(const H5::Exception& e)
{
    const std::string cause = h5::takeH5Error().innermost;
    return cause.empty() ? e.getDetailMsg() : "HDF5: " + cause;
}

std::optional<bool> File::has(const H5::Group& parent, const std::string& parentObject, const std::string& name)
{
    h5::resetH5Errors();
    const htri_t exists = H5Lexists(parent.getId(), name.c_str(), H5P_DEFAULT);
    if (exists < 0) {
        const std::string cause = h5::takeH5Error().innermost;
        error(parentObject, "looking up '" + name + "' failed" + (cause.empty() ? "" : " (HDF5: " + cause + ")"));
        return std::nullopt;
    }
    return exists > 0;
}

std::optional<H5::Group> File::group(const H5::Group& parent, const std::string& parentObject, const std::string& name,
                                     bool required)
{
    const auto exists = has(parent, parentObject, name);
    if (!exists)
        return std::nullopt;
    if (!*exists) {
        if (required)
            error(parentObject, "lacks the '" + name + "' group");
        return std::nullopt;
    }
    const std::string object = parentObject == "/" ? "/" + name : parentObject + "/" + name;
    return attempt(object, "the group does not open", [&] { return parent.openGroup(name); });
}

std::optional<H5::DataSet> File::dataset(const H5::Group& parent, const std::string& parentObject,
                                         const std::string& name, bool required)
{
    const auto exists = has(parent, parentObject, name);
    if (!exists)
        return std::nullopt;
    if (!*exists) {
        if (required)
            error(parentObject, "lacks the '" + name + "' dataset");
        return std::nullopt;
    }
    return attempt(parentObject + "/" + name, "the dataset does not open", [&] {
        // Whole reads, once: no chunk cache (h5util.h's openForWholeRead).
        H5::DSetAccPropList dapl;
        dapl.setChunkCache(H5D_CHUNK_CACHE_NSLOTS_DEFAULT, 0, H5D_CHUNK_CACHE_W0_DEFAULT);
        return parent.openDataSet(name, dapl);
    });
}

std::vector<std::string> File::children(const H5::Group& group, const std::string& object)
{
    h5::resetH5Errors();
    unsigned flags = 0;
    const hid_t gcpl = H5Gget_create_plist(group.getId());
    if (gcpl >= 0) {
        H5Pget_link_creation_order(gcpl, &flags);
        H5Pclose(gcpl);
    }
    const auto list = [&](H5_index_t index, std::vector<std::string>& names) {
        const auto collect = [](hid_t, const char* name, const H5L_info_t*, void* out) -> herr_t {
            static_cast<std::vector<std::string>*>(out)->push_back(name);
            return 0;
        };
        return H5Literate(group.getId(), index, H5_ITER_INC, nullptr, collect, &names) >= 0;
    };
    std::vector<std::string> names;
    if ((flags & H5P_CRT_ORDER_INDEXED) && list(H5_INDEX_CRT_ORDER, names))
        return names;
    // Creation order not kept, or its index damaged: the names' index (a group keeps both).
    std::vector<std::string> byName;
    if (list(H5_INDEX_NAME, byName))
        return byName;
    const std::string cause = h5::takeH5Error().innermost;
    if (byName.size() > names.size())
        names = std::move(byName);
    error(object,
          "listing its members failed after " + std::to_string(names.size())
              + (cause.empty() ? "" : " (HDF5: " + cause + ")"));
    return names;
}

template<class T, class Read>
std::optional<T> File::scalarAttr(const H5::H5Object& obj, const std::string& object, const std::string& name,
                                  bool required, H5T_class_t typeClass, const char* notOfType, Read read)
{
    const auto exists =
        attempt(object, "looking up attribute '" + name + "' failed", [&] { return obj.attrExists(name); });
    if (!exists)
        return std::nullopt;
    if (!*exists) {
        if (required)
            error(object, "lacks the '" + name + "' attribute");
        return std::nullopt;
    }
    return attempt(object, "attribute '" + name + "'", [&]() -> T {
        const H5::Attribute attr = obj.openAttribute(name);
        if (attr.getTypeClass() != typeClass)
            throw h5::Malformed(notOfType);
        const H5::DataSpace space = attr.getSpace();
        if (space.getSimpleExtentType() == H5S_NULL || space.getSimpleExtentNpoints() != 1)
            throw h5::Malformed("holds " + std::to_string(space.getSimpleExtentNpoints()) + " values, not one");
        return read(attr);
    });
}

std::optional<std::string> File::stringAttr(const H5::H5Object& obj, const std::string& object, const std::string& name,
                                            bool required)
{
    return scalarAttr<std::string>(obj, object, name, required, H5T_STRING, "not a string",
                                   [](const H5::Attribute& attr) {
                                       std::string value;
                                       attr.read(attr.getStrType(), value);
                                       return value;
                                   });
}

std::optional<std::int64_t> File::intAttr(const H5::H5Object& obj, const std::string& object, const std::string& name,
                                          bool required)
{
    return scalarAttr<std::int64_t>(obj, object, name, required, H5T_INTEGER, "not an integer",
                                    [](const H5::Attribute& attr) {
                                        std::int64_t value = 0;
                                        attr.read(H5::PredType::NATIVE_INT64, &value);
                                        return value;
                                    });
}

std::optional<Column> File::column(const H5::Group& parent, const std::string& parentObject, const std::string& name,
                                   Type type, int rank, hsize_t width, hsize_t cap, bool table, bool required,
                                   const std::string& widthMeaning)
{
    const auto ds = dataset(parent, parentObject, name, required);
    if (!ds)
        return std::nullopt;
    Column c;
    c.ds = *ds;
    c.object = parentObject + "/" + name;
    const auto shaped = attempt(c.object, "reading its shape failed", [&] {
        const H5::DataSpace space = c.ds.getSpace();
        const int actual = space.isSimple() ? space.getSimpleExtentNdims() : -1;
        if (actual != rank)
            return "has " + std::to_string(actual) + " dimensions, not " + std::to_string(rank);
        hsize_t dims[2] = {0, 1};
        space.getSimpleExtentDims(dims);
        c.extent = dims[0];
        c.width = rank == 2 ? dims[1] : 1;
        if (width > 0 && c.width != width)
            return "has " + std::to_string(c.width) + " columns, not " + std::to_string(width)
                + (widthMeaning.empty() ? "" : " (" + widthMeaning + ")");
        const auto [kind, exact] = typeMatches(c.ds, type);
        if (!kind)
            return "holds " + describeType(c.ds) + ", not " + typeName(type);
        if (!exact)
            error(c.object, "holds " + describeType(c.ds) + ", not " + typeName(type) + " (read converted)");
        return std::string();
    });
    if (!shaped)
        return std::nullopt;
    if (!shaped->empty()) {
        error(c.object, *shaped);
        return std::nullopt;
    }
    if (!attempt(c.object, "locating its rows failed", [&] {
            locateRows(c, cap, table);
            return true;
        }))
        return std::nullopt;
    if (!c.indexRead)
        error(c.object,
              "its chunk index does not read (" + std::string(truncated() ? "cut off" : "damaged") + "): none of its "
                  + std::to_string(c.extent) + " rows can be trusted");
    return c;
}

void File::locateRows(Column& c, hsize_t cap, bool table)
{
    const hid_t id = c.ds.getId();
    const H5::DSetCreatPropList dcpl = c.ds.getCreatePlist();
    const H5D_layout_t layout = H5Pget_layout(dcpl.getId());
    hsize_t rows = std::min(c.extent, cap);
    // Bytes [addr, addr + size) of the file (addresses are relative to the base address).
    const auto inFile = [&](haddr_t addr, std::uint64_t size) {
        return addr != HADDR_UNDEF && addr <= m_fileSize && m_base + addr <= m_fileSize
            && size <= m_fileSize - m_base - addr;
    };
    if (layout == H5D_COMPACT) {
        c.rows.assign(rows, RowState::Stored); // in the object header, which read
        return;
    }
    if (layout != H5D_CHUNKED) {
        c.rows.assign(rows, RowState::Unwritten);
        const haddr_t addr = H5Dget_offset(id);
        const hsize_t bytes = c.ds.getStorageSize();
        if (addr == HADDR_UNDEF || c.extent == 0)
            return;
        const std::uint64_t rowBytes = bytes / c.extent;
        for (hsize_t r = 0; r < rows; ++r)
            c.rows[r] = inFile(addr + r * rowBytes, rowBytes) ? RowState::Stored : RowState::Lost;
        return;
    }

    hsize_t chunk[2] = {0, 1};
    const int chunkRank = H5Pget_chunk(dcpl.getId(), 2, chunk);
    const bool filtered = H5Pget_nfilters(dcpl.getId()) > 0;
    const hsize_t chunkRows = chunk[0];
    const hsize_t chunkCols = chunkRank == 2 ? chunk[1] : 1;
    const H5::DataSpace space = c.ds.getSpace();
    hsize_t chunks = 0;
    bool ok = chunkRows > 0 && chunkCols > 0 && H5Dget_num_chunks(id, space.getId(), &chunks) >= 0;
    if (ok && table) // every row of a table is written: its rows end where its chunks do
        rows = std::min(rows, chunks * chunkRows);
    c.rows.assign(rows, RowState::Unwritten);

    // Where each chunk is. A file that was cut may hold a chunk index node cut in the middle, whose
    // tail of zeros reads as chunks at address 0: the whole index is walked and checked first.
    std::map<std::pair<hsize_t, hsize_t>, std::pair<haddr_t, hsize_t>> cut;
    if (ok && truncated()) {
        for (hsize_t i = 0; ok && i < chunks; ++i) {
            hsize_t offset[2] = {0, 0};
            unsigned mask = 0;
            haddr_t addr = HADDR_UNDEF;
            hsize_t size = 0;
            ok = H5Dget_chunk_info(id, space.getId(), i, offset, &mask, &addr, &size) >= 0 && addr != HADDR_UNDEF
                && addr != 0 && size > 0 && offset[0] % chunkRows == 0 && offset[1] % chunkCols == 0
                && cut.emplace(std::pair {offset[0], offset[1]}, std::pair {addr, size}).second;
        }
    }
    const hsize_t across = c.width == 0 ? 0 : (c.width + chunkCols - 1) / chunkCols;
    hsize_t found = 0;
    for (hsize_t first = 0; ok && first < rows; first += chunkRows) {
        const hsize_t last = std::min(rows, first + chunkRows);
        for (hsize_t col = 0; ok && col < across; ++col) {
            hsize_t offset[2] = {first, col * chunkCols};
            unsigned mask = 0;
            haddr_t addr = HADDR_UNDEF;
            hsize_t size = 0;
            if (truncated()) {
                const auto it = cut.find({offset[0], offset[1]});
                if (it != cut.end())
                    std::tie(addr, size) = it->second;
            } else if (H5Dget_chunk_info_by_coord(id, offset, &mask, &addr, &size) < 0) {
                ok = false;
                break;
            }
            if (addr == HADDR_UNDEF)
                continue; // never written
            ++found;
            const hsize_t values = chunkRows * chunkCols;
            if (size == 0 || addr == 0 || (!filtered && size % values != 0)) {
                ok = false;
                break;
            }
            const bool whole = inFile(addr, size);
            // The rows whose bytes are all in the file, where a row's values are contiguous in the chunk.
            const bool byRow = !whole && !filtered && chunkCols >= c.width;
            const std::uint64_t rowBytes = size / values * chunkCols;
            for (hsize_t r = first; r < last; ++r) {
                const bool here = whole || (byRow && inFile(addr + (r - first) * rowBytes, rowBytes));
                if (!here)
                    c.rows[r] = RowState::Lost;
                else if (c.rows[r] == RowState::Unwritten)
                    c.rows[r] = RowState::Stored;
            }
        }
    }
    if (ok && found > chunks)
        ok = false; // the index lists fewer chunks than it finds
    if (!ok) {
        c.indexRead = false;
        c.rows.assign(rows, RowState::Lost);
    }
}

template<class T>
std::vector<T> File::read(Column& c, hsize_t count)
{
    count = std::min<hsize_t>(count, c.rows.size());
    std::vector<T> values(count * c.width, fillValue<T>());
    if (count == 0 || c.width == 0 || !c.indexRead)
        return values;
    const auto readRows = [&](hsize_t first, hsize_t n) {
        const auto [file, mem] = h5::rowSlab(c.ds, first, n);
        if constexpr (std::is_same_v<T, std::string>) {
            const H5::StrType type = c.ds.getStrType();
            std::vector<char*> ptrs(n * c.width, nullptr);
            c.ds.read(ptrs.data(), type, mem, file);
            for (size_t i = 0; i < ptrs.size(); ++i)
                values[first * c.width + i] = ptrs[i] ? ptrs[i] : "";
            H5Dvlen_reclaim(type.getId(), mem.getId(), H5P_DEFAULT, ptrs.data());
        } else {
            c.ds.read(values.data() + first * c.width, h5::numTypes<T>().first, mem, file);
        }
    };
    h5::resetH5Errors();
    try {
        readRows(0, count);
    } catch (const H5::Exception&) {
        // One row at a time, so that one that does not read (a string whose heap was cut) costs only itself.
        for (hsize_t r = 0; r < count; ++r) {
            if (c.rows[r] == RowState::Lost)
                continue;
            try {
                readRows(r, 1);
            } catch (const H5::Exception&) {
                c.rows[r] = RowState::Lost;
            }
        }
        h5::takeH5Error();
    }
    for (hsize_t r = 0; r < count; ++r) {
        if (c.rows[r] == RowState::Lost)
            std::fill(values.begin() + std::ptrdiff_t(r * c.width), values.begin() + std::ptrdiff_t((r + 1) * c.width),
                      fillValue<T>());
    }
    return values;
}

template std::vector<std::int64_t> File::read(Column&, hsize_t);
template std::vector<int> File::read(Column&, hsize_t);
template std::vector<std::uint8_t> File::read(Column&, hsize_t);
template std::vector<double> File::read(Column&, hsize_t);
template std::vector<std::string> File::read(Column&, hsize_t);

std::optional<std::vector<float>> File::readRow(Column& c, hsize_t row)
{
    if (!c.readable(row) || !c.indexRead)
        return std::nullopt;
    std::vector<float> values(c.width);
    h5::resetH5Errors();
    try {
        const auto [file, mem] = h5::rowSlab(c.ds, row, 1);
        c.ds.read(values.data(), h5::numTypes<float>().first, mem, file);
    } catch (const H5::Exception&) {
        h5::takeH5Error();
        c.rows[row] = RowState::Lost;
        return std::nullopt;
    }
    return values;
}

} // namespace qs::salvage
