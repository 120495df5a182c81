// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The scalar series of imported training logs (/runs/<run>/scalars): appending, listing and reading them.

#include "core/store/store.h"

#include "core/common/errors.h"
#include "core/store/h5util.h"
#include "core/store/storeprivate.h"
#include "core/store/storetable.h"

#include <H5Cpp.h>

#include <cctype>
#include <string>
#include <tuple>
#include <vector>

namespace qs {
namespace {

using namespace h5;
using namespace storetable;

// A scalar series of an imported training log: /runs/<run>/scalars/<encoded tag>/{step,value}, the tag
// itself in the group's `tag` attribute (a tag may hold '/' and other characters a name may not).
struct ScalarTable
{
    std::string name;
    TableSpec<ScalarRow, int64_t, double> spec;

    explicit ScalarTable(const std::string& tag)
        : name(encodedTag(tag))
        , spec {name.c_str(), logChunk, {"step", "value"}, std::tuple {&ScalarRow::step, &ScalarRow::value}}
    {
    }
    ScalarTable(const ScalarTable&) = delete;

    // Letters, digits, '-', '_' and '.' as they are, every other byte as %XX ("train/loss" → "train%2Floss").
    static std::string encodedTag(const std::string& tag)
    {
        static const char* digits = "0123456789ABCDEF";
        std::string out;
        for (const char c : tag) {
            const auto u = static_cast<unsigned char>(c);
            if (std::isalnum(u) || c == '-' || c == '_' || (c == '.' && tag != "." && tag != ".."))
                out += c;
            else
                out += {'%', digits[u >> 4], digits[u & 15]};
        }
        return out;
    }
};

} // namespace

void Store::appendScalars(const std::string& run, const std::string& tag, const std::vector<ScalarRow>& rows)
{
    if (tag.empty())
        throw ConfigError(d->path + ": a scalar series needs a tag");
    d->write(
        "appending to the scalar '" + tag + "' of run '" + run + "'",
        [p = d.get(), run, tag, rows] {
            const H5::Group runGrp = p->runGroup(run);
            const H5::Group scalars =
                hasLink(runGrp, "scalars") ? runGrp.openGroup("scalars") : createOrderedGroup(runGrp, "scalars");
            const ScalarTable table(tag);
            if (!hasLink(scalars, table.name)) {
                table.spec.create(scalars);
                writeStringAttr(scalars.openGroup(table.name), "tag", tag);
            }
            table.spec.append(scalars, rows);
        },
        rows.size() * 2 * sizeof(ScalarRow));
}

std::vector<std::string> Store::scalarTags(const std::string& run) const
{
    return d->guard("listing the scalars of run '" + run + "'", [&] {
        const H5::Group runGrp = d->runGroup(run);
        std::vector<std::string> tags;
        if (!hasLink(runGrp, "scalars"))
            return tags;
        const H5::Group scalars = runGrp.openGroup("scalars");
        for (const std::string& name : childNames(scalars))
            tags.push_back(d->readStringAttr(scalars.openGroup(name), "tag"));
        return tags;
    });
}

std::vector<ScalarRow> Store::scalars(const std::string& run, const std::string& tag) const
{
    return d->guard("reading the scalar '" + tag + "' of run '" + run + "'", [&] {
        const H5::Group runGrp = d->runGroup(run);
        const ScalarTable table(tag);
        if (!hasLink(runGrp, "scalars") || !hasLink(runGrp.openGroup("scalars"), table.name))
            return std::vector<ScalarRow> {};
        return table.spec.read(runGrp.openGroup("scalars"));
    });
}

} // namespace qs
