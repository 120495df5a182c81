// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/storerepair.h"

#include "core/store/store.h"
#include "core/store/storescan.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace qs {

namespace {

namespace fs = std::filesystem;
using namespace salvage;

// Result entries published as one version of the new store: a batch keeps its changes in memory until
// it is published (and the Store the last batch's, to replay them), so big configs take several.
constexpr std::size_t batchBytes = std::size_t(32) << 20;

// `path` and the files a Store writing it keeps beside it (.<name>.qs-lock, -shadow, -tmp.<pid>).
void removeStoreFiles(const std::string& path)
{
    std::error_code ec;
    fs::remove(path, ec);
    const fs::path p(path);
    const std::string prefix = "." + p.filename().string() + ".qs-";
    for (const auto& entry : fs::directory_iterator(p.parent_path(), ec))
        if (entry.path().filename().string().rfind(prefix, 0) == 0)
            fs::remove(entry.path(), ec);
}

// Renames `from` to `to` unless `to` exists (then IoError), and syncs the folder.
void publish(const std::string& from, const std::string& to)
{
    if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) != 0) {
        const int error = errno;
        if (error == EEXIST)
            throw IoError(to + ": exists now (another program made it while repair ran); nothing was replaced");
        if (error != EINVAL && error != ENOSYS && error != ENOTSUP)
            throw IoError(to + ": cannot write it: " + std::strerror(error));
        // No RENAME_NOREPLACE on this file system: a hard link never replaces either.
        if (::link(from.c_str(), to.c_str()) != 0)
            throw IoError(to + ": cannot write it: " + std::strerror(errno));
        ::unlink(from.c_str());
    }
    const int dir = ::open(fs::path(to).parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
}

std::string firstError(File& file)
{
    for (const StoreProblem& p : file.problems())
        if (p.severity == StoreProblem::Severity::Error && p.object != file.path())
            return p.object + ": " + p.message;
    return "no run reads";
}

std::string lastProblem(File& file)
{
    return file.problems().empty() ? std::string() : file.problems().back().message;
}

class Copier
{
public:
    Copier(File& file, Store& out, StoreRepair& report, const Progress& progress)
        : m_file(file)
        , m_out(out)
        , m_report(report)
        , m_progress(progress)
    {
    }

    void run(const H5::Group& runs, const std::string& name, double fraction)
    {
        m_fraction = fraction;
        const Run run = readRun(m_file, runs, name);
        StoreRepair::Run& counts = m_report.runs.emplace_back();
        counts.name = name;
        counts.layers.stored = run.layers.claimed;
        counts.log.stored = run.log.claimed;
        counts.validation.stored = run.validation.claimed;
        counts.checkpoints.stored = run.checkpoints.claimed;
        const bool copyable = run.info && h5::isValidName(name);
        if (!copyable)
            m_file.error(run.object,
                         "the run is not copied: "
                             + std::string(run.info ? "its name is not a run name" : "its attributes do not read"));
        if (copyable) {
            StoreBatch batch(m_out);
            m_out.createRun(*run.info, run.layers.rows);
            if (!run.log.rows.empty())
                m_out.appendLog(name, run.log.rows);
            if (!run.validation.rows.empty())
                m_out.appendValidation(name, run.validation.rows);
            for (const CheckpointRow& row : run.checkpoints.rows)
                m_out.appendCheckpoint(name, row);
            batch.commit();
            counts.copied = true;
            counts.layers.kept = run.layers.rows.size();
            counts.log.kept = run.log.rows.size();
            counts.validation.kept = run.validation.rows.size();
            counts.checkpoints.kept = run.checkpoints.rows.size();
        }
        for (const std::string& id : run.configIds) {
            if (!reportProgress(m_progress, m_fraction, "run '" + name + "', config '" + id + "'"))
                throw Cancelled();
            config(run, id, copyable, m_report.runs.back());
        }
    }

private:
    void config(const Run& run, const std::string& id, bool runCopied, StoreRepair::Run& counts)
    {
        StoreRepair::Config& result = counts.configs.emplace_back();
        result.id = id;
        const bool copyable = runCopied && h5::isValidName(id);
        std::vector<std::pair<int, ResultEntry>> pending;
        std::size_t bytes = 0;
        std::string json;
        const auto flush = [&] {
            StoreBatch batch(m_out);
            if (!result.copied)
                m_out.ensureConfig(run.name, id, json);
            for (auto& [checkpoint, entry] : pending)
                m_out.writeResult(run.name, id, checkpoint, entry);
            batch.commit();
            result.copied = true;
            result.rows.kept += pending.size();
            pending.clear();
            bytes = 0;
        };
        const Config scanned = readConfig(m_file, run, id, [&](const Config& c, int checkpoint, ResultEntry&& entry) {
            if (!copyable || !c.json)
                return;
            json = *c.json;
            bytes += entry.valueBytes();
            pending.emplace_back(checkpoint, std::move(entry));
            if (bytes >= batchBytes)
                flush();
        });
        result.rows.stored = scanned.doneRows;
        result.flagsRead = scanned.flagsRead;
        if (copyable && scanned.json) {
            json = *scanned.json;
            if (!pending.empty() || !result.copied)
                flush();
        } else if (runCopied) {
            m_file.error(
                scanned.object,
                "the config is not copied: "
                    + std::string(h5::isValidName(id) ? "its JSON does not read" : "its id is not a config id"));
        }
        if (result.copied)
            downstream(run, id, result);
    }

    // The config's downstream accuracy (docs/store-format.md): every done row whose flag, metrics, outcomes
    // and log-likelihoods all read, under the stored protocol.
    void downstream(const Run& run, const std::string& id, StoreRepair::Config& result)
    {
        const std::string cfgObject = run.object + "/configs/" + id;
        const auto cfg = m_file.group(*run.configs, run.object + "/configs", id, false);
        const auto has = cfg ? m_file.has(*cfg, cfgObject, "downstream") : std::optional<bool>();
        if (!has || !*has)
            return;
        const std::string object = cfgObject + "/downstream";
        const auto group = m_file.group(*cfg, cfgObject, "downstream", true);
        const auto protocol = group ? m_file.stringAttr(*group, object, "protocol", true) : std::nullopt;
        const hsize_t cap = std::max<hsize_t>(run.checkpoints.rows.size(), run.checkpoints.located);
        auto done = group ? m_file.column(*group, object, "done", Type::U8, 1, 0, cap, false, true) : std::nullopt;
        const auto metrics = group ? m_file.group(*group, object, "metrics", true) : std::nullopt;
        const auto correct = group ? m_file.group(*group, object, "correct", true) : std::nullopt;
        if (!done || !protocol || !metrics || !correct) {
            m_file.error(object, "the downstream results are not copied: their protocol, flags or groups do not read");
            result.downstream.stored = 1; // something was there
            return;
        }
        const hsize_t rows = done->rows.size();
        const std::vector<uint8_t> flags = m_file.read<uint8_t>(*done, rows);
        struct Named
        {
            std::string name;
            Column col;
            std::vector<double> f64;
            std::vector<uint8_t> u8;
        };
        std::vector<Named> scalars, outcomes;
        for (const std::string& name : m_file.children(*metrics, object + "/metrics"))
            if (auto c = m_file.column(*metrics, object + "/metrics", name, Type::F64, 1, 0, cap, false, true)) {
                scalars.push_back({name, std::move(*c), {}, {}});
                scalars.back().f64 = m_file.read<double>(scalars.back().col, rows);
            }
        for (const std::string& name : m_file.children(*correct, object + "/correct"))
            if (auto c = m_file.column(*correct, object + "/correct", name, Type::U8, 2, 0, cap, false, true)) {
                outcomes.push_back({name, std::move(*c), {}, {}});
                outcomes.back().u8 = m_file.read<uint8_t>(outcomes.back().col, rows);
            }
        std::optional<Column> loglik;
        std::vector<double> loglikValues;
        const auto hasLoglik = m_file.has(*group, object, "loglik");
        if (hasLoglik && *hasLoglik) {
            loglik = m_file.column(*group, object, "loglik", Type::F64, 2, 0, cap, false, true);
            if (loglik)
                loglikValues = m_file.read<double>(*loglik, rows);
        }
        StoreBatch batch(m_out);
        for (hsize_t i = 0; i < rows; ++i) {
            if (!done->readable(i) || flags[i] != 1)
                continue;
            ++result.downstream.stored;
            DownstreamEntry entry;
            bool whole = !hasLoglik || !*hasLoglik || (loglik && loglik->readable(i));
            for (const Named& s : scalars) {
                whole = whole && s.col.readable(i);
                entry.metrics[s.name] = i < s.col.rows.size() ? s.f64[i] : h5::nan;
            }
            for (const Named& o : outcomes) {
                whole = whole && o.col.readable(i);
                if (whole)
                    entry.correct[o.name].assign(o.u8.begin() + std::ptrdiff_t(i * o.col.width),
                                                 o.u8.begin() + std::ptrdiff_t((i + 1) * o.col.width));
            }
            if (whole && loglik)
                entry.loglik.assign(loglikValues.begin() + std::ptrdiff_t(i * loglik->width),
                                    loglikValues.begin() + std::ptrdiff_t((i + 1) * loglik->width));
            if (!whole) {
                m_file.error(object, "downstream row " + std::to_string(i) + " does not read whole: dropped");
                continue;
            }
            if (i >= run.checkpoints.rows.size()) {
                m_file.error(object, "downstream row " + std::to_string(i) + " has no checkpoint in the copy: dropped");
                continue;
            }
            m_out.writeDownstream(run.name, id, int(i), *protocol, entry);
            ++result.downstream.kept;
        }
        batch.commit();
    }

    File& m_file;
    Store& m_out;
    StoreRepair& m_report;
    const Progress& m_progress;
    double m_fraction = 0.0;
};

} // namespace

bool StoreRepair::complete() const
{
    if (fits.dropped() > 0)
        return false;
    for (const Run& run : runs) {
        if (!run.copied || run.layers.dropped() || run.log.dropped() || run.validation.dropped()
            || run.checkpoints.dropped())
            return false;
        for (const Config& config : run.configs)
            if (!config.copied || !config.flagsRead || config.rows.dropped() || config.downstream.dropped())
                return false;
    }
    return std::none_of(problems.begin(), problems.end(),
                        [](const StoreProblem& p) { return p.severity == StoreProblem::Severity::Error; });
}

StoreRepair repairStore(const std::string& from, const std::string& to, const Progress& progress)
{
    std::error_code ec;
    if (fs::exists(fs::symlink_status(to, ec)))
        throw IoError(to
                      + ": exists; repair writes a new store and never replaces a file (name another --out, or "
                        "remove it)");
    const fs::path target = fs::absolute(to);
    if (!fs::is_directory(target.parent_path(), ec))
        throw IoError(to + ": cannot write it: no folder " + target.parent_path().string());

    File file(from, target.parent_path().string());
    StoreRepair report;
    report.from = from;
    report.to = to;
    report.truncated = file.truncated();
    report.fileSize = file.fileSize();
    report.storedEnd = file.storedEnd();
    if (file.truncated())
        file.error(from,
                   "the file is truncated: " + std::to_string(file.fileSize()) + " bytes of the "
                       + std::to_string(file.storedEnd()) + " its superblock records");
    switch (readHeader(file)) {
    case Header::NotAStore:
        throw FormatError(from + ": " + lastProblem(file));
    case Header::OtherSchema:
        throw SchemaError(from + ": " + lastProblem(file));
    case Header::Store:
        break;
    }
    const auto runs = readRuns(file);
    if (!runs)
        throw FormatError(from + ": nothing of it can be salvaged: /runs " + lastProblem(file));
    const std::vector<std::string> names = file.children(*runs, "/runs");

    const std::string tmp =
        (target.parent_path() / ("." + target.filename().string() + ".qs-repair." + std::to_string(::getpid())))
            .string();
    removeStoreFiles(tmp);
    try {
        {
            Store out = Store::create(tmp);
            Copier copier(file, out, report, progress);
            for (size_t i = 0; i < names.size(); ++i) {
                if (!reportProgress(progress, double(i) / double(names.size() + 1), "run '" + names[i] + "'"))
                    throw Cancelled();
                copier.run(*runs, names[i], double(i) / double(names.size() + 1));
            }
            const std::vector<Fit> fits = readFits(file, report.fits.stored);
            if (!fits.empty()) {
                StoreBatch batch(out);
                for (const Fit& fit : fits) {
                    if (!h5::isValidName(fit.name)) {
                        file.error("/fits/" + fit.name, "the fit is not copied: its name is not a fit name");
                        continue;
                    }
                    out.saveFit(fit.name, fit.law);
                    ++report.fits.kept;
                }
                batch.commit();
            }
            // A store that lists runs or fits of which none reads: a new store would hold nothing.
            const bool listed = !names.empty() || report.fits.stored > 0;
            const bool copied = report.fits.kept > 0
                || std::any_of(report.runs.begin(), report.runs.end(),
                               [](const StoreRepair::Run& r) { return r.copied; });
            if (listed && !copied)
                throw IoError(from + ": nothing of it can be salvaged: " + firstError(file));
        }
        publish(tmp, to);
        removeStoreFiles(tmp);
    } catch (...) {
        removeStoreFiles(tmp);
        throw;
    }
    reportProgress(progress, 1.0, "done");
    report.problems = std::move(file.problems());
    return report;
}

} // namespace qs
