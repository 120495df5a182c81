// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/progress.h"
#include "core/config/config.h"
#include "core/engine/sweep.h"

#include <string>
#include <vector>

namespace qs {

// The built-in demo: a WSD run of the byte-level LM on the King James Bible, RTN at 4, 3 and 2 bits
// (g128, symmetric) swept over every checkpoint. Everything lives in one folder; re-running reuses what is stored.
struct DemoOptions
{
    std::string dir;
    TrainConfig train;
    std::vector<QuantConfig> configs;
    std::string runName = "demo-wsd";
    std::string device = "cpu"; // where training and the sweep compute (core/engine/compute.h)

    static DemoOptions defaults(const std::string& dir);
    std::string storePath() const;     // dir + "/quantscope-demo.h5"
    std::string corpusPath() const;    // dir + "/kjv.txt"
    std::string checkpointDir() const; // dir + "/checkpoints/" + runName
};

struct DemoSummary
{
    std::string storePath;
    std::string corpus;
    int checkpoints = 0;
    double finalValLoss = 0.0;
    bool trainingReused = false;
    int entriesComputed = 0;
    int entriesReused = 0;
    SweepSummary sweep; // per-config timings of the entries computed now
};

DemoSummary runDemo(const DemoOptions& options, const Progress& progress = {});

} // namespace qs
