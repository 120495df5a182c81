// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The tables of the store's schema, shared by store.cpp and storescalars.cpp. Internal to those two
// files: include nowhere else.

#include "core/store/h5util.h"

#include <H5Cpp.h>

#include <algorithm>
#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace qs::storetable {

constexpr hsize_t logChunk = 4096;
// A table (log, val, checkpoints, layers) is a group of equally long 1-D columns, one per field of
// its row struct. The columns are written one after the other, so after a crash in between the
// shortest says how many rows are complete.
template<class Row, class... T>
struct TableSpec
{
    const char* group;
    hsize_t chunk;
    std::vector<std::string> names;
    std::tuple<T Row::*...> fields;
    // Columns from this index on were added in later versions: older stores lack them. They read as
    // the field's default and are created (padded with the fill value) by the first append.
    size_t optionalFrom = std::numeric_limits<size_t>::max();

    void create(const H5::Group& run) const
    {
        const H5::Group grp = run.createGroup(group);
        size_t col = 0;
        (h5::createColumn<T>(grp, names[col++], chunk), ...);
    }

    // The columns (empty where an optional one is absent) and the number of complete rows: the rows
    // every required column holds data for (optional ones are padded with the fill value when they are
    // created). `wholeRead` opens them to be read whole, once.
    std::pair<std::vector<std::optional<H5::DataSet>>, hsize_t> open(const H5::Group& run, bool wholeRead = false) const
    {
        const H5::Group grp = run.openGroup(group);
        std::vector<std::optional<H5::DataSet>> cols;
        hsize_t rows = std::numeric_limits<hsize_t>::max();
        for (size_t i = 0; i < names.size(); ++i) {
            if (i >= optionalFrom && !h5::hasLink(grp, names[i])) {
                cols.emplace_back();
                continue;
            }
            cols.push_back(wholeRead ? h5::openForWholeRead(grp, names[i]) : h5::openDataset(grp, names[i]));
            h5::requireShape(*cols.back(), 1);
            rows = std::min(rows, i >= optionalFrom ? h5::extent(*cols.back()) : h5::storedRows(*cols.back()));
        }
        return {cols, rows};
    }

    std::vector<Row> read(const H5::Group& run) const
    {
        // Named, not structured bindings: clang 14 (the sanitizer build) cannot capture those.
        const auto opened = open(run, true);
        const auto& cols = opened.first;
        const hsize_t count = opened.second;
        std::vector<Row> rows(count);
        size_t col = 0;
        const auto readField = [&](auto field) {
            const auto& ds = cols[col++];
            if (!ds)
                return;
            const auto values = h5::readColumn<std::decay_t<decltype(rows[0].*field)>>(*ds, count);
            for (size_t i = 0; i < rows.size(); ++i)
                rows[i].*field = values[i];
        };
        std::apply([&](auto... f) { (readField(f), ...); }, fields);
        return rows;
    }

    // Appends after the complete rows (cutting a crash's partial tail); returns the first new row.
    hsize_t append(const H5::Group& run, const std::vector<Row>& rows) const
    {
        auto opened = open(run);
        auto& cols = opened.first;
        const hsize_t base = opened.second;
        const hsize_t size = base + rows.size();
        size_t col = 0;
        const auto writeField = [&](auto field) {
            using Value = std::decay_t<decltype(rows[0].*field)>;
            auto& ds = cols[col];
            if (!ds)
                ds = h5::createColumn<Value>(run.openGroup(group), names[col], chunk, base);
            ++col;
            ds->extend(&size);
            std::vector<Value> values;
            for (const Row& row : rows)
                values.push_back(row.*field);
            h5::writeAt(*ds, base, values);
        };
        std::apply([&](auto... f) { (writeField(f), ...); }, fields);
        return base;
    }
};

template<class Row, class... T>
TableSpec(const char*, hsize_t, std::vector<std::string>, std::tuple<T Row::*...>) -> TableSpec<Row, T...>;
template<class Row, class... T>
TableSpec(const char*, hsize_t, std::vector<std::string>, std::tuple<T Row::*...>, size_t) -> TableSpec<Row, T...>;

} // namespace qs::storetable
