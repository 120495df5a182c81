#pragma once

#include "config.h"
#include "progress.h"

#include <string>
#include <vector>

namespace qs {

class Store;
struct Corpus;

struct SweepSummary
{
    int computed = 0; // (checkpoint, config) entries evaluated now
    int skipped = 0;  // already in the store
};

// Quantizes every checkpoint of `run` with every config and writes, per (checkpoint, config), the
// model metrics (ce, delta_ce, rel_ce, ppl) and per-layer metrics (w_rel_err) to the store as soon as
// each is done. Entries already in the store are skipped, so an interrupted sweep resumes.
// Validation uses the same held-out bytes the trainer used (corpus.val, first blocks).
SweepSummary runSweep(Store& store, const std::string& run, const std::vector<QuantConfig>& configs,
                      const Corpus& corpus, int threads = 0, const Progress& progress = {});

// The corpus a run was trained on (its recorded file and description), split as the trainer split it.
// Throws IoError naming the file if it has moved.
Corpus corpusOfRun(const Store& store, const std::string& run);

} // namespace qs
