// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// HDF5 helpers of the results store: typed extendable columns, row slabs, ordered groups, names and
// error capture. Internal to core/store*.cpp; include nowhere else.

#include "core/common/errors.h"

#include <H5Cpp.h>

#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace qs::h5 {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();

struct StackInfo
{
    std::string innermost;
    bool lockFailed = false;
    int error = 0; // the errno an HDF5 file driver call reported ("errno = N"), 0 if none
};

// Memory type and the fixed (little-endian, sized) type on disk, whatever the writing machine.
template<class T>
std::pair<const H5::PredType&, const H5::PredType&> numTypes()
{
    using P = H5::PredType;
    if constexpr (std::is_same_v<T, double>)
        return {P::NATIVE_DOUBLE, P::IEEE_F64LE};
    else if constexpr (std::is_same_v<T, int64_t>)
        return {P::NATIVE_INT64, P::STD_I64LE};
    else if constexpr (std::is_same_v<T, float>)
        return {P::NATIVE_FLOAT, P::IEEE_F32LE};
    else if constexpr (std::is_same_v<T, int>)
        return {P::NATIVE_INT, P::STD_I32LE};
    else
        return {P::NATIVE_UINT8, P::STD_U8LE};
}

H5::StrType utf8Type();

// A part of a valid HDF5 file that is not of the store's schema (a dataset of another rank or width, an
// attribute of several values, a size no store has): Store's guard turns it into a FormatError that
// names the file and what was being read.
class Malformed : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// Checks that `ds` has `rank` dimensions (1 or 2) and, for 2, `width` columns (0: any); Malformed
// naming the dataset otherwise. Every read sizes its buffer from the shape it expects: a dataset of
// another shape would overflow it.
void requireShape(const H5::DataSet& ds, int rank, hsize_t width = 0);

// The rows of a table column (every row of which is written when it is appended) that hold data: its
// extent, but no more than its allocated storage holds, so that a crafted extent of 2^40 rows without
// data behind it cannot ask for terabytes. (A crash between extending and writing a column leaves rows
// without data too; the table's shortest column cuts them off.)
hsize_t storedRows(const H5::DataSet& ds);

// A scalar or single-element attribute (H5Aread would write every element of a larger one into the one
// value the caller has room for); Malformed naming it otherwise.
void requireSingleValue(const H5::Attribute& attr, const H5::H5Object& owner, const std::string& name);

StackInfo takeH5Error();

// Nothing printed to stderr, every failure recorded instead (per thread where HDF5 is thread-safe).
void resetH5Errors();

bool isValidName(const std::string& name);

// "invalid <what> '<name>' (allowed: …)": why isValidName refused `name`.
std::string invalidNameMessage(const std::string& name, const std::string& what);

void checkName(const std::string& path, const std::string& name, const std::string& what);

void checkJson(const std::string& path, const std::string& json, const std::string& what);

bool hasLink(const H5::Group& group, const std::string& name);

std::string objectName(const H5::H5Location& loc);

// Groups whose children are listed to users (runs, configs) keep their creation order.
H5::Group createOrderedGroup(const H5::Group& parent, const std::string& name);

// Creation order where the group tracks it (all groups the store lists), name order otherwise.
std::vector<std::string> childNames(const H5::Group& group);

void writeStringAttr(const H5::H5Object& obj, const std::string& name, const std::string& value);

hsize_t extent(const H5::DataSet& ds, int dim = 0);

H5::DataSet openDataset(const H5::Group& group, const std::string& name);

// Opens `name` to read it whole, once: without a chunk cache, so HDF5 reads each chunk straight into
// the caller's buffer instead of allocating, filling, copying and evicting a cache entry per chunk.
H5::DataSet openForWholeRead(const H5::Group& group, const std::string& name);

hsize_t width(const H5::DataSet& ds);

// File and memory dataspaces for rows [offset, offset + count), all columns.
std::pair<H5::DataSpace, H5::DataSpace> rowSlab(const H5::DataSet& ds, hsize_t offset, hsize_t count);

// Extendable column, 1-D, or 2-D [row x cols] when cols > 0. Unwritten rows read as HDF5's fill
// value: NaN for floats, 0 for integers, "" for strings.
template<class T>
H5::DataSet createColumn(const H5::Group& group, const std::string& name, hsize_t chunk, hsize_t rows = 0,
                         hsize_t cols = 0)
{
    const hsize_t dims[2] = {rows, cols};
    const hsize_t maxDims[2] = {H5S_UNLIMITED, cols};
    const hsize_t chunks[2] = {chunk, cols};
    const int rank = cols > 0 ? 2 : 1;
    const H5::DataSpace space(rank, dims, maxDims);
    H5::DSetCreatPropList plist;
    plist.setChunk(rank, chunks);
    if constexpr (std::is_same_v<T, std::string>) {
        return group.createDataSet(name, utf8Type(), space, plist);
    } else {
        T fill = 0;
        if constexpr (std::is_floating_point_v<T>)
            fill = nan;
        plist.setFillValue(numTypes<T>().first, &fill);
        return group.createDataSet(name, numTypes<T>().second, space, plist);
    }
}

// Writes whole rows from `offset` on (values.size() / width of them).
template<class T>
void writeAt(const H5::DataSet& ds, hsize_t offset, const std::vector<T>& values)
{
    if (values.empty())
        return;
    const auto [file, mem] = rowSlab(ds, offset, values.size() / width(ds));
    if constexpr (std::is_same_v<T, std::string>) {
        std::vector<const char*> ptrs;
        for (const std::string& s : values)
            ptrs.push_back(s.c_str());
        ds.write(ptrs.data(), utf8Type(), mem, file);
    } else {
        ds.write(values.data(), numTypes<T>().first, mem, file);
    }
}

// The first `rows` rows, row-major, into `out` (rows x width(ds) values), in one H5Dread.
template<class T>
void readRowsInto(const H5::DataSet& ds, hsize_t rows, T* out)
{
    static_assert(std::is_arithmetic_v<T>, "numeric columns only");
    if (rows == 0)
        return;
    // The whole dataset: no selection at all, so HDF5 maps chunks to memory without building and
    // copying a hyperslab per chunk.
    if (rows == extent(ds)) {
        ds.read(out, numTypes<T>().first);
        return;
    }
    const auto [file, mem] = rowSlab(ds, 0, rows);
    ds.read(out, numTypes<T>().first, mem, file);
}

// The first `rows` rows, row-major.
template<class T>
std::vector<T> readColumn(const H5::DataSet& ds, hsize_t rows)
{
    std::vector<T> values(rows * width(ds));
    if (values.empty())
        return values;
    if constexpr (std::is_same_v<T, std::string>) {
        const auto [file, mem] = rowSlab(ds, 0, rows);
        if (ds.getTypeClass() != H5T_STRING || !ds.getStrType().isVariableStr())
            throw Malformed(objectName(ds) + " is not a variable-length string column");
        // The dataset's own string type, so that an ASCII-tagged column needs no conversion.
        const H5::StrType type = ds.getStrType();
        std::vector<char*> ptrs(rows, nullptr);
        ds.read(ptrs.data(), type, mem, file);
        for (hsize_t i = 0; i < rows; ++i)
            values[i] = ptrs[i] ? ptrs[i] : "";
        H5Dvlen_reclaim(type.getId(), mem.getId(), H5P_DEFAULT, ptrs.data());
    } else {
        readRowsInto(ds, rows, values.data());
    }
    return values;
}

} // namespace qs::h5
