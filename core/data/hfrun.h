#pragma once

// A trajectory of Hugging Face revisions as a run of the results store (issue 6): the revision
// folders become the run's checkpoints (ordered, with step, tokens and LR from their names, a
// manifest, a training log or a described schedule), and the run records how to evaluate them —
// the validation/calibration data and its tokenizer — in its `source` attribute. Once imported, the
// run is swept like a run of the built-in trainer (sweepRun in sweep.h). No Qt, no torch.

#include "core/data/revision.h"

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace qs {

class Store;

// What a sweep of an HF run evaluates on (the protocol, core/data/hfprotocol.h): token ids from a text
// file through a tokenizer.json, or a pre-tokenized file (.npy or raw uint16/uint32), cut into blocks of
// seqLen tokens at `stride` over `tokenBudget` tokens and scored as HF's labels=input_ids scores them;
// calibration from its own file (whole documents or windows) or, without one, windows drawn from the
// tokens before the evaluation blocks. Stores made before issue 18 hold the legacy layout ("stream":
// valSequences blocks at the end of the file, the next token scored across block boundaries).
struct HfEvalData
{
    std::string tokenizer;               // tokenizer.json; empty for a pre-tokenized file
    std::string data;                    // text (with a tokenizer) or token ids (without)
    std::string rawTokenType = "uint16"; // for headerless token files: uint16 or uint32
    int seqLen = 256;
    int valSequences = 16; // evaluation blocks when tokenBudget is 0
    int batchSize = 4;
    std::string scoring = "hf";          // "hf" (labels=input_ids inside each block) or "stream" (legacy)
    int stride = 0;                      // tokens between block starts (0: seqLen); HF scoring only
    int64_t tokenBudget = 0;             // tokens evaluated (0: valSequences blocks); HF scoring only
    std::string calibData;               // calibration file; empty: windows of the evaluation file
    std::string calibFormat = "auto";    // text (documents separated by empty lines), jsonl ("text"), tokens
    std::string calibUnit = "documents"; // documents (whole, cut at the config's length) or windows
    std::string calibOrder = "first";    // first (in file order) or random (drawn with the config's seed)
    std::string protocol;                // what the import measured (hfprotocol.h protocolRecord), JSON

    void validate() const;                               // ConfigError naming the bad value and its range
    std::string toJson() const;                          // {"kind": "huggingface", ...}
    static HfEvalData fromJson(const std::string& json); // FormatError for anything else
    std::string describe() const;                        // "wiki.txt, tokenized with tokenizer.json"
};

struct HfImportOptions
{
    // Revision folders, folders holding revision folders, or text files listing one folder per line.
    std::vector<std::string> sources;
    std::string manifest; // CSV/JSON (revision.h); its paths are imported too when sources is empty
    HfEvalData data;
    std::string lrLog; // CSV with step and lr (or learning_rate) columns, interpolated at each step
    // A training log (traininglog.h: a folder of TensorBoard event files, an event file, a W&B CSV or
    // JSON-lines export, a CSV log): its LR and training loss become the run's log table, each
    // revision's LR is interpolated from it, and every series is kept under scalars/ (importHfTrajectory).
    std::string log;
    std::string lrTag;   // the log's LR tag; empty: found by its common names (findLrTag)
    std::string lossTag; // the log's training-loss tag; empty: found by its common names (findLossTag)
    // What the import has to say about the log: the tags used, records left out. May be empty.
    std::function<void(const std::string&)> report;
    std::string lrSchedule;     // e.g. "wsd:peak=3e-4,warmup=2000,total=143000,decay=0.2,min=0"
    double tokensPerStep = 0.0; // tokens of a revision whose name and manifest give none: step × this
                                // (collectRevisions: ConfigError when a revision's tokens pass kMaxTokenCount)
};

// The revisions the sources name, ordered as a trajectory, manifest applied. ConfigError when a
// source is neither a model folder nor holds any, or when a revision has no step (name it in a
// manifest); IoError for an unreadable list file.
std::vector<RevisionInfo> collectRevisions(const HfImportOptions& options);

// Creates the run `run` with one checkpoint per revision (all must share one architecture; each is
// validated against its config.json), or appends the revisions a run imported earlier does not have
// yet. Returns the revisions added. The store is not touched when anything fails (one StoreBatch).
//
// With a training log (options.log): the log table gets one row per step the log gives an LR or a loss
// at, after the last row the run holds — lr the logged one, interpolated linearly from the LR series
// where only the loss was logged (the described schedule, else NaN, when the log has no LR), train_loss
// the logged one or NaN; tokens step × tokensPerStep, else step × the tokens per step of the revision
// nearest in step that has tokens, else 0. Each revision's LR is interpolated from the LR series (a
// manifest's LR still wins). Every series of the log, LR and loss included, is appended as logged to
// scalars/<tag> (steps after the last the run holds for that tag). Without one, each revision's LR
// (manifest, --lr-log, schedule) is the log table's row at its step.
std::vector<RevisionInfo> importHfTrajectory(Store& store, const std::string& run, const HfImportOptions& options);

// The LR at `step` from a described schedule "kind:key=value,…": kind wsd, cosine, linear or constant;
// peak a number in (0, 10] (required), min in [0, peak], total a whole number in [1, 10^12] (required
// but for constant), warmup a whole number in [0, total − 1], decay a number in [0, 1]; each key once.
// ConfigError naming the key, the value as written and the range.
double describedScheduleLr(const std::string& spec, int64_t step);

// The (step, lr) rows of a training log: CSV with a header naming a step column (step, iteration, iter,
// _step) and an LR column (lr, learning_rate, …), sorted by step; steps are numbers in
// [0, kMaxTokenCount], LRs in [0, kMaxLearningRate]. FormatError naming the file, line, column, the cell
// and the range of a bad cell; IoError when it cannot be read.
std::vector<std::pair<double, double>> readLrLog(const std::string& path);
// The LR at `step` interpolated linearly between the rows of a log (the first or last row's outside).
double lrLogAt(const std::vector<std::pair<double, double>>& rows, double step);

// Whether a run of the store holds HF revisions (its source attribute says so), and the same of a run's
// `source` attribute as read (RunInfo::source).
bool isHfRun(const Store& store, const std::string& run);
bool isHfSource(const std::string& source);

} // namespace qs
