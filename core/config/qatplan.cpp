// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/config/qatplan.h"

#include "core/common/errors.h"
#include "core/config/schedule.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace qs {

namespace {

std::string fractionText(double f)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", f);
    return buf;
}

TrainConfig branchOf(const TrainConfig& trunk, const std::string& parent, int64_t at, int64_t steps)
{
    TrainConfig c = trunk;
    c.initRun = parent;
    c.initStep = at;
    c.steps = steps;
    c.keepOptimizerStates = false;
    c.checkpointEvery = steps;
    c.evalEvery = steps;
    return c;
}

// Linear warmup (0 steps: none), constant, then linear decay to 0 over the last `decay` steps.
ScheduleConfig wsd(double peak, int64_t warmup, int64_t decay, int64_t steps)
{
    ScheduleConfig s;
    s.kind = ScheduleKind::Wsd;
    s.peakLr = peak;
    s.minLr = 0.0;
    s.warmupSteps = warmup;
    s.decayFraction = std::min(1.0, double(decay) / double(steps));
    return s;
}

} // namespace

std::string toString(QatFusion fusion)
{
    return fusion == QatFusion::Fused ? "fused" : "unfused";
}

QatFusion qatFusionFromString(const std::string& name)
{
    if (name == "fused")
        return QatFusion::Fused;
    if (name == "unfused")
        return QatFusion::Unfused;
    throw ConfigError("unknown QAT fusion '" + name + "' (expected fused or unfused)");
}

int64_t qatForkStep(const QatPlanOptions& o, double fraction)
{
    if (!(fraction >= 0.0 && fraction < 1.0))
        throw ConfigError("QAT fraction " + fractionText(fraction) + " is out of range [0, 1)");
    const int64_t budget = o.trunk.steps;
    return std::clamp<int64_t>(std::llround((1.0 - fraction) * double(budget)), o.trunk.schedule.warmupSteps, budget);
}

std::string qatRunName(const QatPlanOptions& o, double fraction, QatFusion fusion)
{
    if (fraction == 0.0)
        return o.trunkRun + ".fp-cooldown";
    return o.trunkRun + "." + toString(fusion) + "-f" + fractionText(fraction);
}

TrainConfig qatTrunkConfig(const QatPlanOptions& o, const std::vector<double>& fractions)
{
    TrainConfig c = o.trunk;
    c.schedule.kind = ScheduleKind::Constant;
    c.keepOptimizerStates = true;
    c.qat = {};
    c.emaDecay = 0.0;
    // Every fork and cooldown start must be a checkpoint: checkpoint at their greatest common divisor.
    int64_t every = c.steps;
    const auto include = [&](int64_t step) { every = std::gcd(every, step); };
    for (double f : fractions) {
        const int64_t fork = qatForkStep(o, f);
        if (o.cooldownSteps < 1 || fork - o.cooldownSteps < o.trunk.schedule.warmupSteps)
            throw ConfigError("QAT plan: the FP cooldown of " + std::to_string(o.cooldownSteps)
                              + " steps before the fork at step " + std::to_string(fork) + " (f = " + fractionText(f)
                              + ") would start inside the warmup");
        include(fork);
        include(fork - o.cooldownSteps);
    }
    c.checkpointEvery = std::max<int64_t>(every, 1);
    c.evalEvery = c.checkpointEvery;
    c.validate();
    return c;
}

std::vector<QatPhase> qatPlan(const QatPlanOptions& o, double fraction, QatFusion fusion)
{
    const int64_t budget = o.trunk.steps;
    const int64_t fork = qatForkStep(o, fraction);
    const int64_t qatSteps = budget - fork;
    const double peak = o.trunk.schedule.peakLr;
    const std::string final = qatRunName(o, fraction, fusion);
    std::vector<QatPhase> plan;
    if (fraction == 0.0 || fusion == QatFusion::Unfused) {
        // FP cooldown ending at the fork: linear decay from the stable LR to 0.
        const std::string cooldownRun = fraction == 0.0 ? final : o.trunkRun + ".cooldown-" + std::to_string(fork);
        TrainConfig cd = branchOf(o.trunk, o.trunkRun, fork - o.cooldownSteps, o.cooldownSteps);
        cd.schedule = wsd(peak, 0, o.cooldownSteps, o.cooldownSteps);
        cd.keepOptimizerStates = fraction > 0.0; // QAT continues from its end
        plan.push_back({cooldownRun, cd});
        if (fraction == 0.0)
            return plan;
        TrainConfig q = branchOf(o.trunk, cooldownRun, fork, qatSteps);
        q.schedule = wsd(peak, std::min(o.rewarmupSteps, qatSteps / 2), o.cooldownSteps, qatSteps);
        q.qat.quant = o.quant;
        plan.push_back({final, q});
        return plan;
    }
    TrainConfig q = branchOf(o.trunk, o.trunkRun, fork, qatSteps);
    q.schedule = wsd(peak, 0, o.cooldownSteps, qatSteps);
    q.qat.quant = o.quant;
    plan.push_back({final, q});
    return plan;
}

PlannedStep plannedStep(const QatPlanOptions& o, const std::vector<QatPhase>& plan, int64_t step)
{
    // The latest phase whose span (initStep, initStep + steps] holds the step; before all, the trunk.
    for (auto it = plan.rbegin(); it != plan.rend(); ++it) {
        const TrainConfig& c = it->config;
        if (step > c.initStep && step <= c.initStep + c.steps)
            return {learningRate(c.schedule, step - c.initStep - 1, c.steps), c.qat.enabled()};
    }
    TrainConfig trunk = o.trunk;
    trunk.schedule.kind = ScheduleKind::Constant;
    return {learningRate(trunk.schedule, step - 1, trunk.steps), false};
}

} // namespace qs
