// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/storescan.h"

#include "core/common/metrics.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>

namespace qs::salvage {

namespace {

// store.cpp's header values (docs/store-format.md, "Root").
constexpr const char* formatName = "quantscope-store";
// Layer sizes a store may hold (store.cpp's readLayers bound).
constexpr std::int64_t maxLayerSize = std::int64_t(1) << 24;
constexpr hsize_t noLimit = std::numeric_limits<hsize_t>::max();

// The model metrics every sweep has written since the first version: a done row holds them, finite.
const char* const requiredModelMetrics[] = {metrics::ce, metrics::fpCe, metrics::deltaCe, metrics::relCe, metrics::ppl};

bool requiredModelMetric(const std::string& name)
{
    return std::any_of(std::begin(requiredModelMetrics), std::end(requiredModelMetrics),
                       [&](const char* m) { return name == m; });
}

std::string join(const std::vector<std::string>& parts, const std::string& separator)
{
    std::string text;
    for (const std::string& p : parts)
        text += (text.empty() ? "" : separator) + p;
    return text;
}

std::string number(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

struct ColumnDef
{
    const char* name;
    Type type;
    bool optional = false; // a column later versions added (the checkpoints' provenance and stage)
};

// The columns of one table, located, and how many rows all of them hold.
struct OpenTable
{
    bool present = false;
    std::string object;
    std::vector<ColumnDef> defs;
    std::vector<std::optional<Column>> cols;
    hsize_t complete = 0;
    hsize_t claimed = 0;
    hsize_t located = 0;

    // The rows column `i` holds from the first on: Stored ones; an optional column's padding (created
    // after rows existed) is fill, Unwritten rows count for it as far as its extent.
    hsize_t held(size_t i) const
    {
        const Column& c = *cols[i];
        if (!defs[i].optional)
            return c.storedPrefix();
        hsize_t n = 0;
        while (n < c.rows.size() && c.rows[n] != RowState::Lost)
            ++n;
        return n;
    }
};

OpenTable openTable(File& file, const Run& run, const char* name, std::vector<ColumnDef> defs)
{
    OpenTable t;
    t.object = run.object + "/" + name;
    t.defs = std::move(defs);
    const auto group = file.group(*run.group, run.object, name, true);
    if (!group)
        return t;
    bool ok = true;
    t.cols.resize(t.defs.size());
    // Required columns first: an optional one is looked at as far as they reach.
    for (int pass = 0; pass < 2; ++pass) {
        for (size_t i = 0; i < t.defs.size(); ++i) {
            const ColumnDef& def = t.defs[i];
            if (def.optional != (pass == 1))
                continue;
            if (def.optional) {
                const auto has = file.has(*group, t.object, def.name);
                if (!has || !*has) {
                    ok = ok && has.has_value();
                    continue;
                }
            }
            t.cols[i] = file.column(*group, t.object, def.name, def.type, 1, 0, def.optional ? t.located : noLimit,
                                    !def.optional, true);
            if (!t.cols[i]) {
                ok = false;
                continue;
            }
            t.claimed = std::max(t.claimed, t.cols[i]->extent);
            t.located = std::max<hsize_t>(t.located, t.cols[i]->rows.size());
        }
    }
    if (!ok) {
        file.error(t.object, "the table does not read: none of its rows can be taken");
        return t;
    }
    t.present = true;
    t.complete = noLimit;
    for (size_t i = 0; i < t.cols.size(); ++i)
        if (t.cols[i])
            t.complete = std::min(t.complete, t.held(i));
    if (t.complete == noLimit)
        t.complete = 0;
    if (t.complete < t.claimed) {
        bool unequal = false;
        std::vector<std::string> details;
        for (size_t i = 0; i < t.cols.size(); ++i) {
            if (!t.cols[i])
                continue;
            const Column& c = *t.cols[i];
            unequal = unequal || c.extent != t.claimed;
            const hsize_t held = t.held(i);
            const std::string col = "'" + std::string(t.defs[i].name) + "'";
            if (held >= t.claimed)
                continue;
            if (held >= c.extent)
                details.push_back(col + " has " + std::to_string(c.extent) + " rows");
            else if (held < c.rows.size() && c.rows[held] == RowState::Lost)
                details.push_back(col + " is cut off from row " + std::to_string(held) + " on");
            else
                details.push_back(col + " holds no data from row " + std::to_string(held)
                                  + " on (extended, never written)");
        }
        file.error(t.object,
                   (unequal ? "columns of unequal length, a partial row: " : std::string()) + join(details, ", ") + "; "
                       + std::to_string(t.complete) + " complete rows of " + std::to_string(t.claimed));
    }
    return t;
}

template<class T>
std::vector<T> values(File& file, OpenTable& t, size_t i, T fallback = {})
{
    if (!t.cols[i])
        return std::vector<T>(t.complete, fallback);
    return file.read<T>(*t.cols[i], t.complete);
}

// After reading: a row that failed to read ends the complete rows.
void rowsThatRead(File& file, OpenTable& t)
{
    for (size_t i = 0; i < t.cols.size(); ++i) {
        if (!t.cols[i])
            continue;
        for (hsize_t r = 0; r < t.complete; ++r) {
            if (t.cols[i]->rows[r] == RowState::Lost) {
                file.error(t.object,
                           "'" + std::string(t.defs[i].name) + "' row " + std::to_string(r) + " does not read; "
                               + std::to_string(r) + " complete rows");
                t.complete = r;
                break;
            }
        }
    }
}

// Takes rows while `check(r)` finds nothing wrong with them; the first it does ends the table.
template<class Row, class Make, class Check>
void acceptRows(File& file, const OpenTable& t, Table<Row>& out, Make make, Check check)
{
    for (hsize_t r = 0; r < t.complete; ++r) {
        Row row = make(r);
        const std::string wrong = check(row, r);
        if (!wrong.empty()) {
            file.error(t.object,
                       "row " + std::to_string(r) + ": " + wrong + "; " + std::to_string(r) + " complete rows of "
                           + std::to_string(t.claimed));
            return;
        }
        out.rows.push_back(std::move(row));
    }
}

template<class Row>
Table<Row> tableOf(const OpenTable& t)
{
    Table<Row> table;
    table.present = t.present;
    table.claimed = t.claimed;
    table.located = t.located;
    return table;
}

Table<LayerInfo> readLayerTable(File& file, const Run& run)
{
    OpenTable t = openTable(
        file, run, "layers",
        {{"name", Type::Str}, {"block", Type::I32}, {"kind", Type::Str}, {"rows", Type::I64}, {"cols", Type::I64}});
    Table<LayerInfo> out = tableOf<LayerInfo>(t);
    if (!t.present)
        return out;
    const auto names = values<std::string>(file, t, 0);
    const auto blocks = values<int>(file, t, 1);
    const auto kinds = values<std::string>(file, t, 2);
    const auto rows = values<std::int64_t>(file, t, 3);
    const auto cols = values<std::int64_t>(file, t, 4);
    rowsThatRead(file, t);
    acceptRows(
        file, t, out,
        [&](hsize_t r) {
            return LayerInfo {names[r], blocks[r], kinds[r], rows[r], cols[r]};
        },
        [](const LayerInfo& l, hsize_t) -> std::string {
            if (l.name.empty() || l.kind.empty())
                return "a layer without a name or kind";
            if (l.block < 0 || l.rows < 0 || l.rows > maxLayerSize || l.cols < 0 || l.cols > maxLayerSize)
                return "layer '" + l.name + "' has block " + std::to_string(l.block) + ", " + std::to_string(l.rows)
                    + " rows and " + std::to_string(l.cols) + " columns";
            return {};
        });
    return out;
}

Table<LogRow> readLogTable(File& file, const Run& run)
{
    OpenTable t = openTable(file, run, "log",
                            {{"step", Type::I64}, {"tokens", Type::I64}, {"lr", Type::F64}, {"train_loss", Type::F64}});
    Table<LogRow> out = tableOf<LogRow>(t);
    if (!t.present)
        return out;
    const auto steps = values<std::int64_t>(file, t, 0);
    const auto tokens = values<std::int64_t>(file, t, 1);
    const auto lrs = values<double>(file, t, 2);
    const auto losses = values<double>(file, t, 3);
    rowsThatRead(file, t);
    acceptRows(
        file, t, out,
        [&](hsize_t r) {
            return LogRow {steps[r], tokens[r], lrs[r], losses[r]};
        },
        [&](const LogRow& row, hsize_t r) -> std::string {
            if (row.step < 0 || row.tokens < 0)
                return "step " + std::to_string(row.step) + ", tokens " + std::to_string(row.tokens);
            // The trainer logs every step once; an import logs each revision's step.
            if (r > 0 && (run.hf ? row.step < steps[r - 1] : row.step <= steps[r - 1]))
                return "step " + std::to_string(row.step) + " after step " + std::to_string(steps[r - 1]);
            // An imported training log may give a loss without any LR (NaN).
            if (std::isnan(row.lr) ? !run.hf : !std::isfinite(row.lr) || row.lr < 0)
                return "lr is " + number(row.lr);
            // Imported runs may log no training loss (NaN); a cross-entropy is never 0.
            if (std::isnan(row.trainLoss) ? !run.hf : !(row.trainLoss > 0))
                return "train_loss is " + number(row.trainLoss);
            return {};
        });
    return out;
}

Table<ValRow> readValidationTable(File& file, const Run& run)
{
    OpenTable t = openTable(file, run, "val", {{"step", Type::I64}, {"tokens", Type::I64}, {"val_loss", Type::F64}});
    Table<ValRow> out = tableOf<ValRow>(t);
    if (!t.present)
        return out;
    const auto steps = values<std::int64_t>(file, t, 0);
    const auto tokens = values<std::int64_t>(file, t, 1);
    const auto losses = values<double>(file, t, 2);
    rowsThatRead(file, t);
    acceptRows(
        file, t, out,
        [&](hsize_t r) {
            return ValRow {steps[r], tokens[r], losses[r]};
        },
        [&](const ValRow& row, hsize_t r) -> std::string {
            if (row.step < 0 || row.tokens < 0)
                return "step " + std::to_string(row.step) + ", tokens " + std::to_string(row.tokens);
            if (r > 0 && row.step < steps[r - 1])
                return "step " + std::to_string(row.step) + " after step " + std::to_string(steps[r - 1]);
            if (!std::isfinite(row.valLoss) || !(row.valLoss > 0))
                return "val_loss is " + number(row.valLoss);
            return {};
        });
    return out;
}

Table<CheckpointRow> readCheckpointTable(File& file, const Run& run)
{
    OpenTable t = openTable(file, run, "checkpoints",
                            {{"step", Type::I64},
                             {"tokens", Type::I64},
                             {"lr", Type::F64},
                             {metrics::fpValCe, Type::F64},
                             {"path", Type::Str},
                             {"kind", Type::Str},
                             {"provenance", Type::Str, true},
                             {"stage", Type::Str, true}});
    Table<CheckpointRow> out = tableOf<CheckpointRow>(t);
    if (!t.present)
        return out;
    const auto steps = values<std::int64_t>(file, t, 0);
    const auto tokens = values<std::int64_t>(file, t, 1);
    const auto lrs = values<double>(file, t, 2);
    const auto fpCes = values<double>(file, t, 3);
    const auto paths = values<std::string>(file, t, 4);
    const auto kinds = values<std::string>(file, t, 5);
    const auto provenances = values<std::string>(file, t, 6);
    const auto stages = values<std::string>(file, t, 7);
    rowsThatRead(file, t);
    acceptRows(
        file, t, out,
        [&](hsize_t r) {
            return CheckpointRow {steps[r], tokens[r], lrs[r], fpCes[r], paths[r], kinds[r], provenances[r], stages[r]};
        },
        [&](const CheckpointRow& row, hsize_t r) -> std::string {
            if (row.step < 0 || row.tokens < 0)
                return "step " + std::to_string(row.step) + ", tokens " + std::to_string(row.tokens);
            // A later stage of a trajectory may count steps from 0 again (core/hf/stagelayout.h).
            if (r > 0 && row.step < steps[r - 1] && row.stage == stages[r - 1])
                return "step " + std::to_string(row.step) + " after step " + std::to_string(steps[r - 1]);
            // An imported revision's LR may be unknown (NaN); fp_val_ce is NaN until measured.
            if (std::isinf(row.lr) || row.lr < 0)
                return "lr is " + number(row.lr);
            if (!std::isnan(row.fpValCe) && !(std::isfinite(row.fpValCe) && row.fpValCe > 0))
                return std::string(metrics::fpValCe) + " is " + number(row.fpValCe);
            if (row.path.empty() || row.kind.empty())
                return "no path or kind";
            if (!row.provenance.empty() && !nlohmann::json::accept(row.provenance))
                return "provenance is not JSON";
            return {};
        });
    return out;
}

// A dataset of a config and what it holds for the rows looked at.
struct ResultSet
{
    enum Group
    {
        Model,
        Layers,
        Profiles,
        Units,
    };
    std::string name;
    Group group = Model;
    Column col;
    std::vector<double> values; // model and layer metrics: rows × width
};

void addRows(std::map<std::string, std::vector<std::size_t>>& byReason, const std::string& reason, std::size_t row)
{
    byReason[reason].push_back(row);
}

} // namespace

std::string describeRows(const std::vector<std::size_t>& rows, const std::vector<CheckpointRow>& checkpoints,
                         const char* noun)
{
    constexpr size_t shown = 8;
    std::vector<std::string> indexes, steps;
    for (size_t i = 0; i < rows.size() && i < shown; ++i) {
        indexes.push_back(std::to_string(rows[i]));
        if (rows[i] < checkpoints.size())
            steps.push_back(std::to_string(checkpoints[rows[i]].step));
    }
    std::string text = std::string(noun) + (rows.size() == 1 ? " " : "s ") + join(indexes, ", ");
    if (rows.size() > shown)
        text += ", … (" + std::to_string(rows.size()) + " in all)";
    else if (steps.size() == indexes.size() && !steps.empty())
        text += std::string(steps.size() == 1 ? " (step " : " (steps ") + join(steps, ", ") + ")";
    return text;
}

Header readHeader(File& file)
{
    const H5::Group root = file.root();
    const auto hasFormat =
        file.attempt("/", "looking up attribute 'format' failed", [&] { return root.attrExists("format"); });
    if (hasFormat && !*hasFormat) {
        file.error("/", "no 'format' attribute: not a QuantScope store");
        return Header::NotAStore;
    }
    const auto format = file.stringAttr(root, "/", "format", false);
    if (format && *format != formatName) {
        file.error("/", "format is '" + *format + "', not '" + formatName + "': not a QuantScope store");
        return Header::NotAStore;
    }
    const auto version = file.intAttr(root, "/", "schema_version", true);
    if (version && *version != Store::schemaVersion) {
        file.error("/",
                   "schema_version is " + std::to_string(*version) + "; this build reads schema version "
                       + std::to_string(Store::schemaVersion));
        return Header::OtherSchema;
    }
    file.stringAttr(root, "/", "created_by", false);
    return Header::Store;
}

std::optional<H5::Group> readRuns(File& file)
{
    return file.group(file.root(), "/", "runs", true);
}

Run readRun(File& file, const H5::Group& runs, const std::string& name)
{
    Run run;
    run.name = name;
    run.object = "/runs/" + name;
    run.group = file.group(runs, "/runs", name, true);
    if (!run.group)
        return run;
    const H5::Group& g = *run.group;

    RunInfo info;
    info.name = name;
    bool complete = true;
    const std::pair<const char*, std::string RunInfo::*> attributes[] = {{"model_config", &RunInfo::modelConfigJson},
                                                                         {"train_config", &RunInfo::trainConfigJson},
                                                                         {"corpus", &RunInfo::corpus},
                                                                         {"corpus_path", &RunInfo::corpusPath},
                                                                         {"schedule", &RunInfo::schedule}};
    for (const auto& [attr, field] : attributes) {
        const auto value = file.stringAttr(g, run.object, attr, true);
        complete = complete && value.has_value();
        if (value)
            info.*field = *value;
    }
    for (const auto& [attr, field] : attributes) {
        const std::string& value = info.*field;
        if (field != &RunInfo::modelConfigJson && field != &RunInfo::trainConfigJson)
            continue;
        if (!value.empty() && !nlohmann::json::accept(value)) {
            file.error(run.object, "attribute '" + std::string(attr) + "' is not JSON");
            complete = false;
        }
    }
    if (const auto source = file.stringAttr(g, run.object, "source", false)) {
        info.source = *source;
        const auto doc = nlohmann::json::parse(info.source, nullptr, false);
        if (doc.is_discarded()) {
            file.error(run.object, "attribute 'source' is not JSON");
            complete = false;
        } else {
            run.hf = doc.is_object() && doc.value("kind", nlohmann::json()) == "huggingface";
        }
    }
    if (const auto parent = file.stringAttr(g, run.object, "parent", false)) {
        info.parent = *parent;
        if (!h5::isValidName(info.parent)) {
            file.error(run.object, "attribute 'parent' is not a run name: '" + info.parent + "'");
            complete = false;
        }
        if (const auto step = file.intAttr(g, run.object, "parent_step", true))
            info.parentStep = *step;
        else
            complete = false;
    }
    if (complete)
        run.info = info;

    run.layers = readLayerTable(file, run);
    run.log = readLogTable(file, run);
    run.validation = readValidationTable(file, run);
    run.checkpoints = readCheckpointTable(file, run);
    run.configs = file.group(g, run.object, "configs", true);
    if (run.configs)
        run.configIds = file.children(*run.configs, run.object + "/configs");
    return run;
}

Config readConfig(File& file, const Run& run, const std::string& id, const EntrySink& sink)
{
    Config c;
    c.id = id;
    c.object = run.object + "/configs/" + id;
    if (!run.configs)
        return c;
    const auto cfg = file.group(*run.configs, run.object + "/configs", id, true);
    if (!cfg)
        return c;
    c.json = file.stringAttr(*cfg, c.object, "config", true);
    if (c.json && !nlohmann::json::accept(*c.json)) {
        file.error(c.object, "attribute 'config' is not JSON");
        c.json.reset();
    }
    const auto model = file.group(*cfg, c.object, "model", true);
    const auto layerGroup = file.group(*cfg, c.object, "layers", true);
    const auto hasProfiles = file.has(*cfg, c.object, "profiles");
    const auto profileGroup =
        hasProfiles && *hasProfiles ? file.group(*cfg, c.object, "profiles", false) : std::optional<H5::Group>();
    const auto hasUnits = file.has(*cfg, c.object, "units");
    const auto unitGroup =
        hasUnits && *hasUnits ? file.group(*cfg, c.object, "units", false) : std::optional<H5::Group>();
    if (!model)
        return c;

    const std::vector<CheckpointRow>& checkpoints = run.checkpoints.rows;
    const std::vector<LayerInfo>& layers = run.layers.rows;
    // Rows are checkpoints: looked at as far as the checkpoint table's columns reach.
    const hsize_t cap = std::max<hsize_t>(checkpoints.size(), run.checkpoints.located);
    auto done = file.column(*model, c.object + "/model", "done", Type::U8, 1, 0, cap, false, true);
    if (!done)
        return c;

    hsize_t channels = 0;
    for (const LayerInfo& l : layers)
        channels += hsize_t(l.cols);
    const bool layersKnown = run.layers.present && !layers.empty() && layers.size() == run.layers.claimed;
    std::vector<ResultSet> sets;
    hsize_t unitWidth = 0; // the first per-unit dataset's; the others must have it
    const auto add = [&](const H5::Group& group, const std::string& groupName, ResultSet::Group kind) {
        const std::string object = c.object + "/" + groupName;
        for (const std::string& name : file.children(group, object)) {
            if (kind == ResultSet::Model && name == "done")
                continue;
            if (!h5::isValidName(name)) {
                file.error(object, "'" + name + "' is not a metric name (letters, digits, '-', '_', '.'): left out");
                continue;
            }
            if (kind != ResultSet::Model && kind != ResultSet::Units && !layersKnown) {
                file.error(object + "/" + name,
                           "the run's layer table does not read whole, so its columns cannot be "
                           "matched to layers: left out");
                continue;
            }
            std::optional<Column> col;
            if (kind == ResultSet::Model)
                col = file.column(group, object, name, Type::F64, 1, 0, cap, false, true);
            else if (kind == ResultSet::Layers)
                col = file.column(group, object, name, Type::F64, 2, layers.size(), cap, false, true,
                                  "one per layer of the run");
            else if (kind == ResultSet::Profiles)
                col = file.column(group, object, name, Type::F32, 2, channels, cap, false, true,
                                  "the input channels of the run's layers");
            else
                col = file.column(group, object, name, Type::F64, 2, unitWidth, cap, false, true,
                                  "the evaluation units of the config's other per-unit sums");
            if (col && kind == ResultSet::Units && unitWidth == 0)
                unitWidth = col->width;
            if (col)
                sets.push_back({name, kind, std::move(*col), {}});
        }
    };
    add(*model, "model", ResultSet::Model);
    if (layerGroup)
        add(*layerGroup, "layers", ResultSet::Layers);
    if (profileGroup)
        add(*profileGroup, "profiles", ResultSet::Profiles);
    if (unitGroup)
        add(*unitGroup, "units", ResultSet::Units);

    // Every dataset of a config has as many rows as its done flags.
    std::vector<std::string> extents = {"done " + std::to_string(done->extent)};
    bool unequal = false;
    for (const ResultSet& s : sets) {
        extents.push_back(s.name + " " + std::to_string(s.col.extent));
        unequal = unequal || s.col.extent != done->extent;
    }
    if (unequal)
        file.error(c.object, "datasets of unequal length, a partial row: " + join(extents, ", "));
    if (run.checkpoints.present && checkpoints.size() == run.checkpoints.claimed && done->extent > checkpoints.size())
        file.error(c.object,
                   std::to_string(done->extent) + " rows, but the run has " + std::to_string(checkpoints.size())
                       + " checkpoints");
    // A metric every sweep writes that is missing or does not open leaves every done row incomplete (a
    // config without done rows may lack them: they are created with its first entry).
    std::vector<std::string> missingRequired;
    for (const char* required : requiredModelMetrics)
        if (std::none_of(sets.begin(), sets.end(), [&](const ResultSet& s) { return s.name == required; }))
            missingRequired.emplace_back(required);

    const hsize_t rows = done->rows.size();
    const std::vector<std::uint8_t> flags = file.read<std::uint8_t>(*done, rows);
    c.flagsRead = done->indexRead;
    for (ResultSet& s : sets)
        if (s.group != ResultSet::Profiles)
            s.values = file.read<double>(s.col, std::min<hsize_t>(rows, s.col.rows.size()));

    std::map<std::string, std::vector<std::size_t>> errors, notes;
    for (hsize_t i = 0; i < rows; ++i) {
        if (!done->readable(i)) {
            addRows(errors, "the done flag is cut off or does not read", i);
            continue;
        }
        if (flags[i] > 1) {
            addRows(errors, "the done flag is neither 0 nor 1", i);
            continue;
        }
        if (flags[i] == 0) {
            // A done flag of 0 makes the row missing whatever it holds (an entry that was interrupted).
            const bool holds = std::any_of(sets.begin(), sets.end(), [&](const ResultSet& s) {
                if (s.group == ResultSet::Profiles || !s.col.readable(i) || (i + 1) * s.col.width > s.values.size())
                    return false;
                return std::any_of(s.values.begin() + std::ptrdiff_t(i * s.col.width),
                                   s.values.begin() + std::ptrdiff_t((i + 1) * s.col.width),
                                   [](double v) { return !std::isnan(v); });
            });
            if (holds)
                addRows(notes, "not done, but holds values: the leftover of an interrupted entry, which readers ignore",
                        i);
            continue;
        }
        ++c.doneRows;
        if (i >= checkpoints.size()) {
            addRows(errors, "done, but past the run's " + std::to_string(checkpoints.size()) + " complete checkpoints",
                    i);
            continue;
        }
        bool complete = missingRequired.empty();
        if (!complete)
            addRows(errors, "done, but its '" + join(missingRequired, "', '") + "' did not read", i);
        for (const ResultSet& s : sets) {
            std::string wrong;
            if (i >= s.col.extent)
                wrong = "done, but '" + s.name + "' has no row for it (" + std::to_string(s.col.extent) + " rows)";
            else if (!s.col.readable(i))
                wrong = "done, but its row of '" + s.name + "' is cut off or does not read";
            else if (s.group == ResultSet::Model && requiredModelMetric(s.name) && !std::isfinite(s.values[i]))
                wrong = "done, but " + s.name + " is " + number(s.values[i]);
            if (!wrong.empty()) {
                addRows(errors, wrong, i);
                complete = false;
            }
        }
        if (!complete)
            continue;
        ResultEntry entry;
        for (ResultSet& s : sets) {
            if (!sink)
                break;
            if (s.group == ResultSet::Model) {
                entry.model[s.name] = s.values[i];
            } else if (s.group == ResultSet::Layers) {
                const auto first = s.values.begin() + std::ptrdiff_t(i * s.col.width);
                entry.layers[s.name].assign(first, first + std::ptrdiff_t(s.col.width));
            } else if (s.group == ResultSet::Units) {
                // A row written before the config had per-unit sums reads as NaN: the entry has none.
                const auto first = s.values.begin() + std::ptrdiff_t(i * s.col.width);
                const auto last = first + std::ptrdiff_t(s.col.width);
                if (std::none_of(first, last, [](double v) { return std::isnan(v); }))
                    entry.units[s.name].assign(first, last);
            } else {
                const auto row = file.readRow(s.col, i);
                if (!row) {
                    addRows(errors, "done, but its row of '" + s.name + "' does not read", i);
                    complete = false;
                    break;
                }
                auto& perLayer = entry.profiles[s.name];
                size_t at = 0;
                for (const LayerInfo& l : layers) {
                    perLayer.emplace_back(row->begin() + std::ptrdiff_t(at),
                                          row->begin() + std::ptrdiff_t(at + size_t(l.cols)));
                    at += size_t(l.cols);
                }
            }
        }
        if (!complete)
            continue;
        ++c.kept;
        if (sink)
            sink(c, int(i), std::move(entry));
    }
    if (c.doneRows > 0) {
        for (const std::string& required : missingRequired) {
            const auto has = file.has(*model, c.object + "/model", required);
            if (has && !*has)
                file.error(c.object, "no '" + required + "' dataset (every sweep writes it)");
        }
    }
    for (const auto& [reason, list] : errors)
        file.error(c.object, describeRows(list, checkpoints) + ": " + reason);
    for (const auto& [reason, list] : notes)
        file.note(c.object, describeRows(list, checkpoints) + ": " + reason);
    return c;
}

std::vector<Fit> readFits(File& file, std::size_t& listed)
{
    listed = 0;
    std::vector<Fit> fits;
    const auto group = file.group(file.root(), "/", "fits", false);
    if (!group)
        return fits;
    const std::vector<std::string> names = file.children(*group, "/fits");
    listed = names.size();
    for (const std::string& name : names) {
        const std::string object = "/fits/" + name;
        const auto fit = file.group(*group, "/fits", name, true);
        if (!fit)
            continue;
        const auto law = file.stringAttr(*fit, object, "law", true);
        if (!law)
            continue;
        if (!nlohmann::json::accept(*law)) {
            file.error(object, "attribute 'law' is not JSON");
            continue;
        }
        fits.push_back({name, *law});
    }
    return fits;
}

} // namespace qs::salvage
