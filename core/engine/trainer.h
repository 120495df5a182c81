#pragma once

#include "core/common/progress.h"
#include "core/data/config.h"

#include <string>

namespace qs {

class Store;
struct Corpus;

struct TrainSummary
{
    int checkpoints = 0;
    double finalValLoss = 0.0;
    bool reused = false; // the store already held the whole run
};

// Trains the built-in byte-level LM on `corpus` and records run `runName` in `store`: the per-step
// log, periodic validation loss, and a checkpoint (safetensors in `checkpointDir`) every
// `config.checkpointEvery` steps plus step 0 and the last step. A run already complete in the store
// is reused; a run that exists with a different config is an error.
TrainSummary trainRun(const TrainConfig& config, const Corpus& corpus, Store& store, const std::string& runName,
                      const std::string& checkpointDir, const Progress& progress = {});

} // namespace qs
