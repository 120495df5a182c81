// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/h5util.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>

namespace qs::h5 {

H5::StrType utf8Type()
{
    H5::StrType type(H5::PredType::C_S1, H5T_VARIABLE);
    type.setCset(H5T_CSET_UTF8);
    return type;
}

// The last HDF5 failure on this thread, recorded when it happens: the C++ exception only names the
// failed call, and destructors run during unwinding (H5Dclose, ...) clear HDF5's error stack.
thread_local StackInfo lastH5Error;

herr_t recordH5Error(hid_t stack, void*)
{
    lastH5Error = {};
    H5Ewalk2(
        stack, H5E_WALK_UPWARD,
        [](unsigned n, const H5E_error2_t* err, void*) -> herr_t {
            if (n == 0 && err->desc) {
                lastH5Error.innermost = err->desc;
                // The file driver's long "file write failed: time = …, errno = 28, error message =
                // 'No space left on device', …" becomes what the system said.
                const std::string desc = err->desc;
                if (const size_t at = desc.find("errno = "); at != std::string::npos)
                    lastH5Error.error = std::atoi(desc.c_str() + at + 8);
                const std::string key = "error message = '";
                if (const size_t at = desc.find(key); at != std::string::npos) {
                    const size_t end = desc.find('\'', at + key.size());
                    const size_t colon = desc.find(':');
                    lastH5Error.innermost = desc.substr(0, colon == std::string::npos ? 0 : colon) + ": "
                        + desc.substr(at + key.size(),
                                      end == std::string::npos ? std::string::npos : end - at - key.size());
                }
            }
            if (err->min_num == H5E_CANTLOCKFILE)
                lastH5Error.lockFailed = true;
            return 0;
        },
        nullptr);
    return 0;
}

StackInfo takeH5Error()
{
    return std::exchange(lastH5Error, StackInfo());
}

// Nothing printed to stderr, every failure recorded instead (per thread where HDF5 is thread-safe).
void resetH5Errors()
{
    [[maybe_unused]] thread_local const herr_t quiet =
        (H5::Exception::dontPrint(), H5Eset_auto2(H5E_DEFAULT, recordH5Error, nullptr));
    takeH5Error();
}

bool isValidName(const std::string& name)
{
    static const std::string allowed = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.";
    return !name.empty() && name != "." && name != ".." && name.find_first_not_of(allowed) == std::string::npos;
}

std::string invalidNameMessage(const std::string& name, const std::string& what)
{
    return "invalid " + what + " '" + name + "' (allowed: letters, digits, '-', '_', '.')";
}

void checkName(const std::string& path, const std::string& name, const std::string& what)
{
    if (!isValidName(name))
        throw ConfigError(path + ": " + invalidNameMessage(name, what));
}

void checkJson(const std::string& path, const std::string& json, const std::string& what)
{
    if (!nlohmann::json::accept(json))
        throw ConfigError(path + ": " + what + " is not valid JSON");
}

bool hasLink(const H5::Group& group, const std::string& name)
{
    return H5Lexists(group.getId(), name.c_str(), H5P_DEFAULT) > 0;
}

std::string objectName(const H5::H5Location& loc)
{
    char buf[1024] = {};
    H5Iget_name(loc.getId(), buf, sizeof buf);
    return buf;
}

// Groups whose children are listed to users (runs, configs) keep their creation order.
H5::Group createOrderedGroup(const H5::Group& parent, const std::string& name)
{
    const hid_t gcpl = H5Pcreate(H5P_GROUP_CREATE);
    H5Pset_link_creation_order(gcpl, H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED);
    const hid_t id = H5Gcreate2(parent.getId(), name.c_str(), H5P_DEFAULT, gcpl, H5P_DEFAULT);
    H5Pclose(gcpl);
    if (id < 0)
        throw H5::GroupIException("H5Gcreate2", "cannot create group " + name);
    H5Gclose(id);
    return parent.openGroup(name);
}

// Creation order where the group tracks it (all groups the store lists), name order otherwise.
std::vector<std::string> childNames(const H5::Group& group)
{
    std::vector<std::string> names;
    const auto collect = [](hid_t, const char* name, const H5L_info_t*, void* out) -> herr_t {
        static_cast<std::vector<std::string>*>(out)->push_back(name);
        return 0;
    };
    unsigned flags = 0;
    const hid_t gcpl = H5Gget_create_plist(group.getId());
    H5Pget_link_creation_order(gcpl, &flags);
    H5Pclose(gcpl);
    const H5_index_t index = (flags & H5P_CRT_ORDER_INDEXED) ? H5_INDEX_CRT_ORDER : H5_INDEX_NAME;
    if (H5Literate(group.getId(), index, H5_ITER_INC, nullptr, collect, &names) < 0)
        throw H5::GroupIException("H5Literate", "cannot list " + objectName(group));
    return names;
}

void writeStringAttr(const H5::H5Object& obj, const std::string& name, const std::string& value)
{
    const H5::StrType type = utf8Type();
    obj.createAttribute(name, type, H5::DataSpace(H5S_SCALAR)).write(type, value);
}

hsize_t extent(const H5::DataSet& ds, int dim)
{
    hsize_t dims[H5S_MAX_RANK] = {};
    ds.getSpace().getSimpleExtentDims(dims);
    return dims[dim];
}

H5::DataSet openDataset(const H5::Group& group, const std::string& name)
{
    if (!hasLink(group, name))
        throw H5::GroupIException("openDataSet", objectName(group) + "/" + name + " is missing");
    return group.openDataSet(name);
}

H5::DataSet openForWholeRead(const H5::Group& group, const std::string& name)
{
    if (!hasLink(group, name))
        throw H5::GroupIException("openDataSet", objectName(group) + "/" + name + " is missing");
    H5::DSetAccPropList dapl;
    dapl.setChunkCache(H5D_CHUNK_CACHE_NSLOTS_DEFAULT, 0, H5D_CHUNK_CACHE_W0_DEFAULT);
    return group.openDataSet(name, dapl);
}

void requireShape(const H5::DataSet& ds, int rank, hsize_t width)
{
    const H5::DataSpace space = ds.getSpace();
    const int actual = space.isSimple() ? space.getSimpleExtentNdims() : -1;
    if (actual != rank)
        throw Malformed(objectName(ds) + " has " + std::to_string(actual) + " dimensions, not " + std::to_string(rank));
    if (rank == 2 && width > 0 && extent(ds, 1) != width)
        throw Malformed(objectName(ds) + " has " + std::to_string(extent(ds, 1)) + " columns, not "
                        + std::to_string(width));
}

hsize_t storedRows(const H5::DataSet& ds)
{
    const hsize_t rows = extent(ds);
    const hsize_t rowBytes = width(ds) * ds.getDataType().getSize();
    if (rows == 0 || rowBytes == 0)
        return 0;
    return std::min(rows, hsize_t(ds.getStorageSize()) / rowBytes);
}

void requireSingleValue(const H5::Attribute& attr, const H5::H5Object& owner, const std::string& name)
{
    const H5::DataSpace space = attr.getSpace();
    if (space.getSimpleExtentType() == H5S_NULL || space.getSimpleExtentNpoints() != 1)
        throw Malformed("attribute '" + name + "' of " + objectName(owner) + " holds "
                        + std::to_string(space.getSimpleExtentNpoints()) + " values, not one");
}

hsize_t width(const H5::DataSet& ds)
{
    return ds.getSpace().getSimpleExtentNdims() == 2 ? extent(ds, 1) : 1;
}

// File and memory dataspaces for rows [offset, offset + count), all columns.
std::pair<H5::DataSpace, H5::DataSpace> rowSlab(const H5::DataSet& ds, hsize_t offset, hsize_t count)
{
    H5::DataSpace file = ds.getSpace();
    const int rank = file.getSimpleExtentNdims();
    const hsize_t start[2] = {offset, 0};
    const hsize_t size[2] = {count, width(ds)};
    file.selectHyperslab(H5S_SELECT_SET, size, start);
    return {file, H5::DataSpace(rank, size)};
}

} // namespace qs::h5
