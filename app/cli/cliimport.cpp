#include "app/cli/cliimport.h"

#include "core/common/errors.h"
#include "core/data/hfconfig.h"
#include "core/data/hfrun.h"
#include "core/data/store.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>

#include <cmath>
#include <cstdio>

namespace qs::cli {

namespace {

void out(const QString& message)
{
    std::fprintf(stdout, "%s\n", qPrintable(message));
}

} // namespace

int cmdImport(QCommandLineParser& parser)
{
    const auto option = [&](const char* name, const char* help, const char* value = nullptr) {
        if (value)
            parser.addOption({QString::fromLatin1(name), QString::fromLatin1(help), QString::fromLatin1(value)});
        else
            parser.addOption({QString::fromLatin1(name), QString::fromLatin1(help)});
    };
    option("store", "Results store (.h5); created if absent.", "file");
    option("run", "Name of the run the revisions become (extended if it exists).", "name");
    option("manifest", "CSV or JSON manifest: path, step, tokens, lr, stage per revision.", "file");
    option("text", "Validation and calibration text, tokenized with --tokenizer.", "file");
    option("tokenizer", "tokenizer.json (default: the one in the first revision folder).", "file");
    option("tokens", "Pre-tokenized validation and calibration data (.npy, or raw .bin).", "file");
    option("token-type", "Value type of a raw token file: uint16 (default) or uint32.", "type");
    option("seq-len", "Tokens per validation sequence (default 256).", "n");
    option("val-sequences", "Validation sequences, taken from the end of the data (default 16).", "n");
    option("batch", "Sequences per forward pass (default 4).", "n");
    option("lr-log", "Training log (CSV with step and lr or learning_rate columns) giving each revision's LR.", "file");
    option("lr-schedule", "The run's LR schedule, e.g. wsd:peak=3e-4,warmup=2000,total=143000,decay=0.2,min=0 "
                          "(kinds wsd, cosine, linear, constant).",
           "spec");
    option("tokens-per-step", "Tokens per optimizer step, for revisions whose names give only the step.", "n");
    parser.addPositionalArgument(QStringLiteral("revisions"),
                                 QStringLiteral("Revision folders, folders holding them, or files listing them."));
    parser.process(QCoreApplication::arguments().mid(1));

    const auto need = [&](const char* name) {
        if (!parser.isSet(QString::fromLatin1(name)))
            throw ConfigError(std::string("import: --") + name + " is required");
        return parser.value(QString::fromLatin1(name)).toStdString();
    };
    const auto number = [&](const char* name, double fallback) {
        if (!parser.isSet(QString::fromLatin1(name)))
            return fallback;
        bool ok = false;
        const double v = parser.value(QString::fromLatin1(name)).toDouble(&ok);
        if (!ok || !std::isfinite(v))
            throw ConfigError(std::string("import: --") + name + " '" + parser.value(QString::fromLatin1(name)).toStdString()
                              + "' is not a number");
        return v;
    };

    HfImportOptions options;
    const std::string storePath = need("store");
    const std::string run = need("run");
    for (const QString& p : parser.positionalArguments())
        options.sources.push_back(p.toStdString());
    options.manifest = parser.value(QStringLiteral("manifest")).toStdString();
    options.lrLog = parser.value(QStringLiteral("lr-log")).toStdString();
    options.lrSchedule = parser.value(QStringLiteral("lr-schedule")).toStdString();
    if (!options.lrLog.empty() && !options.lrSchedule.empty())
        throw ConfigError("import: give --lr-log or --lr-schedule, not both");
    options.tokensPerStep = number("tokens-per-step", 0.0);
    if (parser.isSet(QStringLiteral("text")) == parser.isSet(QStringLiteral("tokens")))
        throw ConfigError("import: give the evaluation data as --text F (with a tokenizer) or --tokens F, one of them");
    HfEvalData& data = options.data;
    data.seqLen = int(number("seq-len", data.seqLen));
    data.valSequences = int(number("val-sequences", data.valSequences));
    data.batchSize = int(number("batch", data.batchSize));
    if (parser.isSet(QStringLiteral("token-type")))
        data.rawTokenType = parser.value(QStringLiteral("token-type")).toStdString();
    if (parser.isSet(QStringLiteral("tokens"))) {
        data.data = parser.value(QStringLiteral("tokens")).toStdString();
    } else {
        data.data = parser.value(QStringLiteral("text")).toStdString();
        data.tokenizer = parser.value(QStringLiteral("tokenizer")).toStdString();
        if (data.tokenizer.empty()) {
            const auto revisions = collectRevisions(options);
            const QString candidate = QString::fromStdString(revisions.front().path) + QStringLiteral("/tokenizer.json");
            if (!QFileInfo::exists(candidate))
                throw ConfigError("import: " + revisions.front().path
                                  + " has no tokenizer.json; name the model's tokenizer with --tokenizer");
            data.tokenizer = candidate.toStdString();
        }
    }

    Store store = Store::openOrCreate(storePath);
    const auto added = importHfTrajectory(store, run, options);
    const auto rows = store.checkpoints(run);
    const HfArch arch = HfArch::fromJson(store.runInfo(run).modelConfigJson, storePath);
    out(QStringLiteral("Run '%1' (%2, %3 non-embedding parameters): %4 revisions added, %5 in all")
            .arg(QString::fromStdString(run), QString::fromStdString(arch.summary()))
            .arg(double(arch.parameterCount()), 0, 'g', 3)
            .arg(added.size())
            .arg(rows.size()));
    for (const RevisionInfo& r : added) {
        out(QStringLiteral("  %1  step %2%3%4")
                .arg(QString::fromStdString(r.name), -40)
                .arg(r.step ? *r.step : -1)
                .arg(r.tokens ? QStringLiteral("  tokens %1").arg(*r.tokens, 0, 'g', 4) : QString())
                .arg(r.lr ? QStringLiteral("  lr %1").arg(*r.lr, 0, 'g', 4) : QString()));
    }
    out(QStringLiteral("Next: quantscope sweep --store %1 --run %2 --quant gptq:4:g128:sym:act …")
            .arg(QString::fromStdString(storePath), QString::fromStdString(run)));
    return 0;
}

} // namespace qs::cli
