// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A store holding one really trained run (tinyrun.h's model and text, cut to 20 steps: checkpoints at
// steps 0, 10 and 20), for tests that run a sweep through the Qt layers. Trains in a few seconds.

#include "core/config/corpus.h"
#include "core/engine/trainer.h"
#include "core/store/store.h"
#include "tests/support/tinyrun.h"

#include <QString>

namespace qs::test {

struct TrainedStore
{
    static constexpr const char* runName = "tiny";
    static constexpr int checkpointCount = 3;

    static TrainConfig config()
    {
        TrainConfig c = tinyConfig();
        c.steps = 20;
        return c;
    }

    // Writes the corpus to `corpusPath` and trains the run into a new store at `storePath`, with its
    // checkpoints in `checkpointDir`. Throws qs::Error on failure.
    static void train(const QString& corpusPath, const QString& storePath, const QString& checkpointDir)
    {
        writeCorpus(corpusPath);
        const TrainConfig train = config();
        const Corpus corpus = Corpus::fromFile(corpusPath.toStdString(), train.valFraction, "word soup");
        Store store = Store::create(storePath.toStdString());
        trainRun(train, corpus, store, runName, checkpointDir.toStdString());
    }
};

} // namespace qs::test
