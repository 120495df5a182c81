// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A tiny training run for tests that need real checkpoints: generated text and a model that trains
// in a few seconds.

#include "core/config/config.h"
#include "tests/support/testthreads.h"

#include <QFile>
#include <QString>

#include <random>
#include <string>

namespace qs::test {

// Word soup from a fixed vocabulary: enough structure for a byte-level LM to learn in seconds.
inline QString writeCorpus(const QString& path, size_t bytes = 60000)
{
    static const char* words[] = {"the",     "quantized", "model", "learns", "slowly",  "and",  "then", "decays",
                                  "weights", "of",        "a",     "small",  "network", "rise", "in",   "error"};
    std::mt19937 rng(42);
    std::string text;
    while (text.size() < bytes) {
        const int n = 4 + int(rng() % 8);
        for (int i = 0; i < n; ++i) {
            text += words[rng() % 16];
            text += i + 1 < n ? " " : ".\n";
        }
    }
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write corpus");
    f.write(text.data(), qint64(text.size()));
    return path;
}

inline TrainConfig tinyConfig()
{
    TrainConfig c;
    c.model.dModel = 32;
    c.model.nLayers = 2;
    c.model.nHeads = 2;
    c.model.dFf = 64;
    c.model.maxSeqLen = 32;
    c.seqLen = 32;
    c.batchSize = 8;
    c.steps = 40;
    c.schedule.kind = ScheduleKind::Wsd;
    c.schedule.peakLr = 1e-2;
    c.schedule.warmupSteps = 4;
    c.schedule.decayFraction = 0.25;
    c.checkpointEvery = 10;
    c.evalEvery = 10;
    c.evalBatches = 2;
    c.threads = threads();
    c.seed = 5;
    return c;
}

} // namespace qs::test
