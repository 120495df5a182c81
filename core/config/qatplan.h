// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/config/config.h"

#include <cstdint>
#include <string>
#include <vector>

namespace qs {

// Where QAT goes in a fixed token budget ("Compute-Optimal Quantization-Aware Training", Dremov et al. 2025). All
// variants share one FP trunk: a run of `budgetSteps` steps, linear warmup then constant LR, keeping its optimizer
// states so that every phase below branches from it:
//  - unfused: FP warmup → stable → cooldown (linear to 0 over cooldownSteps, ending at the fork),
//    then QAT with re-warmup (rewarmupSteps) and its own decay (the last cooldownSteps);
//  - fused:   FP warmup → stable until the fork, then QAT at the stable LR with the decay
//    (the last cooldownSteps) inside QAT;
//  - f = 0:   FP with a cooldown at the end of the budget, quantized after training (PTQ).
// The fork is at (1 − f)·budgetSteps. Every run's final checkpoint ends at budgetSteps.
enum class QatFusion
{
    Unfused,
    Fused,
};

std::string toString(QatFusion fusion);
QatFusion qatFusionFromString(const std::string& name); // ConfigError

struct QatPlanOptions
{
    TrainConfig trunk;         // schedule.peakLr / warmupSteps, model, data; steps = the budget
    std::string trunkRun;      // run name of the trunk
    std::string quant;         // QAT quantizer spec (QatConfig::quant)
    int64_t cooldownSteps = 0; // length of every LR decay
    int64_t rewarmupSteps = 0; // unfused QAT's re-warmup
};

struct QatPhase
{
    std::string run;
    TrainConfig config;
    bool operator==(const QatPhase&) const = default;
};

// The trunk's config (constant schedule, optimizer states kept, checkpoints at every fork point of
// `fractions`). ConfigError when a fork or a cooldown does not fit the budget.
TrainConfig qatTrunkConfig(const QatPlanOptions& options, const std::vector<double>& fractions);
// The runs (in the order to train them) whose final checkpoint is the model of fraction f: the trunk
// itself is not among them. f = 0 gives the FP cooldown branch.
std::vector<QatPhase> qatPlan(const QatPlanOptions& options, double fraction, QatFusion fusion);
// Fork step of fraction f: round((1 − f)·budget), at least the warmup's end.
int64_t qatForkStep(const QatPlanOptions& options, double fraction);
// Run name of the final model of (f, fusion), e.g. "t400.fused-f0.25" (f = 0: "t400.fp-cooldown").
std::string qatRunName(const QatPlanOptions& options, double fraction, QatFusion fusion);

// The LR the final model of a plan was trained with at global step `step` (1-based update index),
// following its lineage back through the branches to the trunk; and whether that step was QAT.
struct PlannedStep
{
    double lr = 0.0;
    bool qat = false;
};
PlannedStep plannedStep(const QatPlanOptions& options, const std::vector<QatPhase>& plan, int64_t step);

} // namespace qs
