// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A trajectory of Hugging Face revisions as a run of the results store: the revision
// folders become the run's checkpoints (ordered, with step, tokens and LR from their names, a
// manifest, a training log or a described schedule), and the run records how to evaluate them —
// the validation/calibration data and its tokenizer — in its `source` attribute. Once imported, the
// run is swept like a run of the built-in trainer (sweepRun in sweep.h). No Qt, no torch.

#include "core/config/hfevaldata.h"
#include "core/formats/lrlog.h"
#include "core/formats/revision.h"

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace qs {

class Store;

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

// Whether a run of the store holds HF revisions (its source attribute says so; isHfSource).
bool isHfRun(const Store& store, const std::string& run);

// ConfigError, before anything is computed, when run `run` cannot take results computed in `dtype`
// (a canonical name, canonicalComputeDtype): the built-in trainer's runs sweep in float32 only, and a
// run holds results of one compute type (its FP reference is that type's model, and every relative
// CE is measured against it).
void checkComputeDtype(const Store& store, const std::string& run, const std::string& dtype);

} // namespace qs
