// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// fitLaw: multi-start L-BFGS over the grid, bootstrap refits, confidence intervals and errors (fit.h).

#include "core/scalinglaws/fit.h"

#include "core/common/errors.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <ctime>
#include <exception>
#include <mutex>
#include <thread>

namespace qs::scaling {

namespace {

// Runs body(i) for i in [0, count) on `threads` threads (the caller's included). Progress is reported
// from the calling thread only, in steps of at least 0.1 %; the first exception thrown by a body
// stops the loop and is rethrown here.
template<class Body>
void parallelFor(size_t count, int threads, const Progress& progress, double from, double to,
                 const std::string& message, Body&& body)
{
    std::atomic<size_t> next {0}, done {0};
    std::atomic<bool> stop {false};
    bool cancelled = false;
    std::exception_ptr error;
    std::mutex errorMutex;
    const auto runOne = [&]() -> bool {
        if (stop.load())
            return false;
        const size_t i = next++;
        if (i >= count)
            return false;
        try {
            body(i);
        } catch (...) {
            std::lock_guard<std::mutex> lock(errorMutex);
            if (!error)
                error = std::current_exception();
            stop = true;
        }
        ++done;
        return true;
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads && size_t(t) < count; ++t)
        pool.emplace_back([&] {
            while (runOne()) { }
        });
    double reported = -1.0;
    while (runOne()) {
        const double fraction = from + (to - from) * double(done.load()) / double(count);
        if (fraction - reported >= 0.001) {
            reported = fraction;
            if (!reportProgress(progress, fraction, message)) {
                cancelled = true;
                stop = true;
            }
        }
    }
    for (std::thread& t : pool)
        t.join();
    if (error)
        std::rethrow_exception(error);
    if (cancelled)
        throw Cancelled();
}

std::string utcNow()
{
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm {};
    gmtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

double meanRelativeError(const std::vector<double>& predicted, const std::vector<double>& observed, size_t from,
                         size_t to)
{
    if (to <= from)
        return kNaN;
    double sum = 0.0;
    for (size_t i = from; i < to; ++i)
        sum += std::abs(predicted[i] - observed[i]) / observed[i];
    return sum / double(to - from);
}

} // namespace

FitResult fitLaw(const Law& law, const ScalingData& data, const FitOptions& options)
{
    if (options.bootstrapResamples < 0)
        throw ConfigError("the number of bootstrap resamples cannot be negative");
    if (options.threads < 0)
        throw ConfigError("the number of threads cannot be negative");
    const FitProblem problem(law, data, options);
    const int threads = options.threads > 0 ? options.threads : std::max(1, int(std::thread::hardware_concurrency()));
    const std::string source = options.dataSource.empty() ? data.source : options.dataSource;
    const Objective objective = [&problem](std::span<const double> x, std::span<double> g) {
        return problem.evaluate(x, g);
    };

    // Multi-start.
    const std::vector<std::vector<double>> starts =
        problem.startingPoints(options.gridValues, options.maxStarts, options.seed + 1);
    std::vector<LbfgsResult> runs(starts.size());
    const double startShare = options.bootstrapResamples > 0 ? 0.7 : 1.0;
    parallelFor(starts.size(), threads, options.progress, 0.0, startShare, "fitting from the start grid",
                [&](size_t i) {
                    try {
                        runs[i] = minimizeLbfgs(objective, starts[i], options.lbfgs);
                    } catch (const Error&) { // objective not finite at this start: the start is unusable
                        runs[i].f = kNaN;
                        runs[i].reason = "objective not finite at the start";
                    }
                });
    FitResult result;
    result.law = law;
    result.parameterNames = problem.parameterNames();
    size_t best = runs.size();
    int converged = 0;
    for (size_t i = 0; i < runs.size(); ++i) {
        result.startObjectives.push_back(runs[i].f);
        converged += runs[i].converged ? 1 : 0;
        if (std::isfinite(runs[i].f) && (best == runs.size() || runs[i].f < runs[best].f))
            best = i;
    }
    if (best == runs.size())
        throw Error("the fit of the " + law.displayName() + " law to " + source
                    + " failed: the objective is not finite at any of the " + std::to_string(runs.size()) + " starts");
    const LbfgsResult& bestRun = runs[best];
    result.parameters = bestRun.x;

    FitInfo info;
    info.dataSource = source;
    info.target = fitTargetName(problem.target());
    info.points = int(problem.trainingPoints().size());
    info.heldOutPoints = int(problem.heldOutPoints().size());
    info.rejectedPoints = problem.rejectedPoints();
    info.huberDelta = problem.huberDelta();
    info.objective = bestRun.f;
    info.starts = int(runs.size());
    info.startsConverged = converged;
    info.converged = bestRun.converged;
    info.date = utcNow();
    std::vector<std::string> notes;
    if (!bestRun.converged)
        notes.push_back("the fit did not converge: the best of " + std::to_string(runs.size())
                        + " starts stopped with '" + bestRun.reason + "' (" + std::to_string(converged) + " of "
                        + std::to_string(runs.size())
                        + " starts converged); raise the iteration limit or check the data");
    if (info.rejectedPoints > 0)
        notes.push_back(std::to_string(info.rejectedPoints) + " of " + std::to_string(data.points.size())
                        + " points have δ ≤ 0 and were left out (log δ is undefined)");

    // Bootstrap refits from the best optimum.
    if (options.bootstrapResamples > 0 && bestRun.converged) {
        const auto weights =
            bootstrapWeights(problem.trainingPoints().size(), options.bootstrapResamples, options.seed);
        std::vector<LbfgsResult> refits(weights.size());
        parallelFor(weights.size(), threads, options.progress, startShare, 1.0, "bootstrap resamples", [&](size_t r) {
            const Objective weighted = [&problem, &w = weights[r]](std::span<const double> x, std::span<double> g) {
                return problem.evaluate(x, g, w);
            };
            try {
                refits[r] = minimizeLbfgs(weighted, bestRun.x, options.lbfgs);
            } catch (const Error&) {
                refits[r].converged = false;
            }
        });
        info.bootstrapResamples = int(refits.size());
        for (const LbfgsResult& r : refits) {
            if (!r.converged)
                continue;
            ++info.bootstrapConverged;
            std::vector<double> values(r.x.size());
            for (size_t j = 0; j < r.x.size(); ++j)
                values[j] = problem.coefficientValue(j, r.x[j]);
            result.bootstrapValues.push_back(std::move(values));
        }
        if (info.bootstrapConverged < info.bootstrapResamples)
            notes.push_back(std::to_string(info.bootstrapConverged) + " of " + std::to_string(info.bootstrapResamples)
                            + " bootstrap refits converged; the intervals use those");
    }

    // Predictions and errors.
    const std::vector<double> predicted = problem.predict(bestRun.x);
    const std::vector<double> observed = problem.observed();
    const size_t nTrain = problem.trainingPoints().size();
    info.trainMre = meanRelativeError(predicted, observed, 0, nTrain);
    info.heldOutMre = meanRelativeError(predicted, observed, nTrain, predicted.size());
    result.predictions.assign(data.points.size(), kNaN);
    for (size_t u = 0; u < predicted.size(); ++u)
        result.predictions[u < nTrain ? problem.trainingPoints()[u] : problem.heldOutPoints()[u - nTrain]] =
            predicted[u];

    for (size_t j = 0; j < result.parameterNames.size(); ++j) {
        const std::string& name = result.parameterNames[j];
        result.law.setCoefficient(name, problem.coefficientValue(j, bestRun.x[j]), Source::Fit,
                                  "fit to " + source + " (" + info.date + ")");
        if (result.bootstrapValues.size() >= 2) {
            std::vector<double> column;
            for (const auto& v : result.bootstrapValues)
                column.push_back(v[j]);
            result.law.setConfidenceInterval(name, std::make_pair(percentile(column, 2.5), percentile(column, 97.5)));
        }
    }
    for (const std::string& n : notes)
        info.message += (info.message.empty() ? "" : "; ") + n;
    result.info = info;
    result.law.setFitInfo(info);
    if (!info.converged && !options.allowUnconverged)
        throw Error("the fit of the " + law.displayName() + " law to " + source + " did not converge: the best of "
                    + std::to_string(runs.size()) + " starts stopped with '" + bestRun.reason + "' ("
                    + std::to_string(converged) + " of " + std::to_string(runs.size())
                    + " starts converged); raise the iteration limit or check the data");
    return result;
}

} // namespace qs::scaling
