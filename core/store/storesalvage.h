// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Reading an HDF5 file that may be damaged, object by object, without trusting a byte before it is
// known to be in the file. Used by the store's check and repair (storescan.h); internal to
// core/store: include nowhere else.
//
// A file cut short (a copy that stopped, a disk that filled under an older in-place writer) is refused
// by HDF5 ("truncated file: eof = …, stored_eof = …"; HDF5 1.10 has no public option to open it anyway): it is
// then read through a copy padded with zeros up to the end its superblock records (storepadding.h).
// Zeros are not data: metadata that was cut fails HDF5's signature and checksum checks, but raw data is
// not checked by HDF5 at all, so every row of every dataset is located in the file (its chunk's
// address) before it is believed.

#include "core/common/errors.h"
#include "core/store/h5util.h"
#include "core/store/storecheck.h"

#include <H5Cpp.h>

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace qs::salvage {

// What a row of a dataset holds, known from where its bytes are.
enum class RowState : std::uint8_t
{
    Lost,      // its bytes are not in the file (cut off), or the dataset's chunk index does not read
    Stored,    // its bytes are in the file
    Unwritten, // no storage behind it (a chunk never written): it reads as the fill value
};

// The types of the store's datasets (docs/store-format.md, "Conventions").
enum class Type
{
    I64,
    I32,
    U8,
    F64,
    F32,
    Str,
};

std::string typeName(Type type);

// A dataset and the state of its rows.
struct Column
{
    H5::DataSet ds;
    std::string object; // its HDF5 path
    hsize_t extent = 0; // rows the dataset claims
    hsize_t width = 1;  // values per row (2-D datasets)
    bool indexRead = true;
    std::vector<RowState> rows; // the first min(extent, cap) rows

    // The leading rows that are Stored.
    hsize_t storedPrefix() const;
    bool readable(hsize_t row) const { return row < rows.size() && rows[row] != RowState::Lost; }
};

class File
{
public:
    // Opens `path` read-only (HDF5's shared lock, as every reader takes), or, when it is shorter than its
    // superblock says, a zero-padded copy made in `scratchDir` (removed again by the destructor). Throws
    // IoError when the file is missing or cannot be read, FormatError when it is not HDF5 or its
    // superblock is cut or HDF5 cannot open it (or its root group) even padded.
    File(const std::string& path, const std::string& scratchDir);
    ~File();
    File(const File&) = delete;
    File& operator=(const File&) = delete;

    const std::string& path() const { return m_path; }
    bool truncated() const { return m_storedEnd > m_fileSize; }
    std::uint64_t fileSize() const { return m_fileSize; }
    std::uint64_t storedEnd() const { return m_storedEnd; }
    const H5::Group& root() const;

    std::vector<StoreProblem>& problems() { return m_problems; }
    void error(const std::string& object, const std::string& message);
    void note(const std::string& object, const std::string& message);

    // Runs `f` (which returns a value), recording an HDF5 failure, a part not of the schema or a core
    // error as an error of `object` that starts with `what`; nullopt then.
    template<class F>
    auto attempt(const std::string& object, const std::string& what, F&& f) -> std::optional<decltype(f())>
    {
        h5::resetH5Errors();
        try {
            return f();
        } catch (const h5::Malformed& e) {
            error(object, what + ": " + e.what());
        } catch (const H5::Exception& e) {
            error(object, what + ": " + h5Detail(e));
        } catch (const Error& e) {
            error(object, what + ": " + e.what());
        }
        return std::nullopt;
    }

    // Whether `parent` links `name`; nullopt (and an error) when the group cannot be searched.
    std::optional<bool> has(const H5::Group& parent, const std::string& parentObject, const std::string& name);
    // The child group / dataset `name`; nullopt when it is missing (an error when `required`) or does not
    // open (an error).
    std::optional<H5::Group> group(const H5::Group& parent, const std::string& parentObject, const std::string& name,
                                   bool required);
    std::optional<H5::DataSet> dataset(const H5::Group& parent, const std::string& parentObject,
                                       const std::string& name, bool required);
    // The names a group links, in creation order where it keeps it; as many as read (an error when the
    // listing stops early).
    std::vector<std::string> children(const H5::Group& group, const std::string& object);
    // A single-valued attribute; nullopt when it is absent (an error when `required`), of another type or
    // shape, or does not read (errors).
    std::optional<std::string> stringAttr(const H5::H5Object& obj, const std::string& object, const std::string& name,
                                          bool required);
    std::optional<std::int64_t> intAttr(const H5::H5Object& obj, const std::string& object, const std::string& name,
                                        bool required);

    // Dataset `name` of `parent` with its rows located: nullopt when it is missing (an error when
    // `required`), not of `rank` dimensions and `width` columns (0: any) or of another kind of type
    // (errors). A type of the right kind but another width (int32 for int64) is an error but still
    // read, converted. `cap` bounds the rows looked at; a `table` column (a column of a log,
    // validation, checkpoint or layer table, every row of which is written when it is appended) is
    // looked at only as far as its chunks reach. `widthMeaning` says what the columns stand for.
    std::optional<Column> column(const H5::Group& parent, const std::string& parentObject, const std::string& name,
                                 Type type, int rank, hsize_t width, hsize_t cap, bool table, bool required,
                                 const std::string& widthMeaning = {});

    // The values of rows [0, count) of `c` (count ≤ c.rows.size()), row-major, converted to T; rows that
    // are not readable, or fail to read, hold T's fill value and are marked Lost in `c`.
    template<class T>
    std::vector<T> read(Column& c, hsize_t count);
    // One row of a 2-D float column.
    std::optional<std::vector<float>> readRow(Column& c, hsize_t row);

private:
    // A single-valued attribute of type class `typeClass`, read by `read` (stringAttr, intAttr).
    template<class T, class Read>
    std::optional<T> scalarAttr(const H5::H5Object& obj, const std::string& object, const std::string& name,
                                bool required, H5T_class_t typeClass, const char* notOfType, Read read);
    static std::string h5Detail(const H5::Exception& e);
    void locateRows(Column& c, hsize_t cap, bool table);

    std::string m_path;
    std::string m_scratch; // the zero-padded copy, when truncated
    std::uint64_t m_fileSize = 0;
    std::uint64_t m_storedEnd = 0;
    std::uint64_t m_base = 0; // HDF5's base address (a user block before the superblock)
    H5::H5File m_file;
    H5::Group m_root;
    std::vector<StoreProblem> m_problems;
};

} // namespace qs::salvage
