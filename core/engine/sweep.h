// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/metrics.h"
#include "core/common/progress.h"
#include "core/common/timeleft.h"
#include "core/config/config.h"
#include "core/downstream/tasks.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace qs {

class Store;
struct Corpus;
struct QuantizedLayer; // core/engine/quantizemodel.h (libtorch)
struct HfBlock;        // core/engine/hfmodel.h (libtorch)

struct SweepOptions
{
    int threads = 0;            // torch intra-op threads; 0: all cores
    std::string device = "cpu"; // torch device: "cpu", "cuda", "cuda:1"
    // Channels whose input absmax exceeds this count as outlier channels (LLM.int8's magnitude 6).
    double outlierThreshold = metrics::outlierThreshold;
    // Hugging Face sweeps (hfmemory.h): the peak memory to plan for, bytes (0: half the machine's
    // memory), and where validation states go when they do not fit (empty: the store's folder).
    int64_t memoryBudget = 0;
    std::string scratchDir = {};
    bool spill = false; // validation states in scratch files even when they would fit in memory
    // > 0: forward the calibration sequences this many at a time, each block walked in passes over the
    // chunks (what the plan does by itself when a calibration set does not fit); 0: as the plan decides.
    int calibrationChunk = 0;
    // Where a longer job (the demo) keeps its time-left estimate: the built-in sweep plans its entries
    // there and reports each one done, so the estimate spans the whole job. None: the sweep keeps its own.
    TimeLeft* timeLeft = nullptr;
    // false: the caller has planned this sweep's work in *timeLeft itself (the demo plans every
    // checkpoint's entries before the checkpoints exist); the sweep only reports what it does.
    bool planTimeLeft = true;
    // >= 0: only the checkpoint of this step (the demo sweeps each checkpoint as training writes it).
    int64_t onlyStep = -1;
    // Per-layer sensitivity of every quantized config (core/engine/sensitivity.h): leave-one-in and
    // leave-one-out ΔCE and KL per layer and the Fisher estimate, stored as layer metrics. Entries
    // stored without them are computed again (with them). The built-in trainer's runs only: a Hugging
    // Face run refuses it.
    bool sensitivity = false;
    // Called with every layer a config quantizes, as soon as it is quantized: the checkpoint's step, the
    // config id and the layer (its dequantized weight; for GPTQ its grids and codes). What the peer
    // tests compare with GPTQModel (tests/peers/test_gptqmodel.py).
    std::function<void(int64_t step, const std::string& config, const QuantizedLayer& layer)> onQuantized = {};
    // Hugging Face runs: called with every block a config has quantized, after the calibration states went
    // through it and before it is evaluated, with its norms and biases as the method left them (AWQ's
    // scales folded in). A weight it changes is what the evaluation computes with (quantscope export:
    // the float16 scales its formats store).
    std::function<void(int64_t step, const std::string& config, HfBlock& block)> onBlock = {};
    // Hugging Face runs (quantscope export): the configs are computed again at onlyStep even where the
    // store holds them, and nothing is written to the store; SweepSummary::ce holds each one's CE.
    bool dryRun = false;
    // The compute type of the forward pass, the evaluation and the calibration activations: "float32",
    // "bfloat16" or "float16" (Hugging Face trajectories; the built-in trainer's runs sweep in float32).
    // GPTQ's Hessian and Cholesky, the grids and the statistics stay float32; the weights are kept in
    // float32 and narrowed for each product. Recorded in every config's JSON (QuantConfig::computeDtype).
    std::string dtype = "float32"; // aggregate initializers name the fields up to here by position
    // Downstream accuracy (docs/downstream.md): with tasks, every entry — the FP config's too — is also
    // scored on them from the task files in downstreamData and stored (Store::writeDownstream) with its
    // relative accuracy drop against the FP entry; entries stored without it are computed again.
    std::vector<std::string> downstreamTasks = {};
    std::string downstreamData = {};
    DownstreamOptions downstream = {};
    int64_t downstreamBatchTokens = 16384; // padded tokens per forward batch
};

// The prior cost of one sweep entry of `config` on the demo model, in its training steps (measured with
// bench_demo_phases; timeleft.h replaces it with the measured cost once one such entry has run).
double sweepEntryPrior(const QuantConfig& config);
// The same for one checkpoint's FP reference (loading it and the FP forward over the validation set).
double sweepReferencePrior();

struct SweepSummary
{
    int computed = 0; // (checkpoint, config) entries evaluated now, the FP reference included
    int skipped = 0;  // already in the store
    // Wall time of the entries computed now, per config id, and their count.
    std::map<std::string, double> seconds;
    std::map<std::string, int> entries;
    // Loading each checkpoint and computing the FP model's validation distributions (for KL), once per
    // checkpoint that had anything to compute; not part of any config's time.
    double referenceSeconds = 0.0;
    int references = 0;
    std::string memoryPlan; // Hugging Face sweeps: the memory plan in words
    // The validation CE of each (config, checkpoint) entry computed now, per config id (the last one's).
    std::map<std::string, double> ce;
    // With sensitivity: the block halves its partial forwards ran, and the blocks of the model (one
    // evaluation runs 2 × blocks halves; 2 × layers full evaluations would run 2 × layers × 2 × blocks).
    int64_t sensitivityHalves = 0;
    int sensitivityEntries = 0;
    int layers = 0;
    int blocks = 0;
    // Downstream accuracy: entries scored and their requests (per entry), wall time of the scoring.
    int downstreamEntries = 0;
    int64_t downstreamRequests = 0;
    double downstreamSeconds = 0.0;
    // Wall time of each stage (loading or reading blocks, each config's calibration and quantization, the
    // evaluation forwards, the comparison of logits, layer sensitivity), seconds.
    std::map<std::string, double> stageSeconds;
};

// Quantizes every checkpoint of `run` with every config and writes, per (checkpoint, config), the
// model metrics (ce, fp_ce, delta_ce, rel_ce, ppl, kl_mean, kl_median, kl_p99, top1_agree) and per-layer
// metrics (w_rel_err, sqnr_db; gptq_loss and damp_used for GPTQ) to the store as soon as each is done.
// Before the configs, every checkpoint gets the full-precision reference, config "fp": its own CE
// (KL 0) and the statistics of every layer's input activations (act_kurtosis, act_absmax,
// act_absmax_median, act_outliers, and the per-channel absmax profile act_channel_absmax).
// Entries already in the store are skipped, so an interrupted sweep resumes. Validation uses the
// held-out bytes the trainer used (corpus.val, first blocks); calibration uses the training text.
// Throws ConfigError when a config id is stored with different parameters, Error for non-finite
// weights or activations (naming the checkpoint and layer), Cancelled when `progress` says stop.
SweepSummary runSweep(Store& store, const std::string& run, const std::vector<QuantConfig>& configs,
                      const Corpus& corpus, const SweepOptions& options = {}, const Progress& progress = {});

// The sweep of a trajectory of Hugging Face revisions (hfrun.h), with the same entries and skipping.
// Revisions are streamed block by block: all missing configs of a revision advance through its blocks
// together, so each block's weights are read once and the model is never in memory as a whole.
// Validation CE is in nats per token of the run's tokenizer. Errors as runSweep, each naming the
// revision folder.
SweepSummary runHfSweep(Store& store, const std::string& run, const std::vector<QuantConfig>& configs,
                        const SweepOptions& options = {}, const Progress& progress = {});

// runHfSweep for an HF run, runSweep on the run's own corpus (corpusOfRun) otherwise.
SweepSummary sweepRun(Store& store, const std::string& run, const std::vector<QuantConfig>& configs,
                      const SweepOptions& options = {}, const Progress& progress = {});

// The corpus a run was trained on (its recorded file and description), split as the trainer split it.
// Throws IoError naming the file if it has moved.
Corpus corpusOfRun(const Store& store, const std::string& run);

} // namespace qs
