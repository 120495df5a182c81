// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The issue-5 speed check: a Chinchilla fit of 300 noisy points from a 4^5 grid of starts plus 100
// bootstrap resamples, with qs::scaling::fitLaw and, in the same run, with scipy's L-BFGS-B
// (bench_scaling_fit.py: same objective, parameters, starts, tolerances and bootstrap draws).
// Prints both times, the speed ratio and both optima side by side. Not a test: this machine is
// shared, so only numbers measured together mean anything.
//
// Usage: bench_scaling_fit [points=300] [threads=1] [python=/usr/bin/python3]
// The headline comparison is single-threaded on both sides (scipy runs one start at a time); the
// fit with all hardware threads is timed as well.

#include "core/common/errors.h"
#include "core/scalinglaws/data.h"
#include "core/scalinglaws/fit.h"

#include <nlohmann/json.hpp>

#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <sys/wait.h>
#include <thread>

namespace {

using Clock = std::chrono::steady_clock;
namespace sc = qs::scaling;

double seconds(Clock::time_point since)
{
    return std::chrono::duration<double>(Clock::now() - since).count();
}

// Besiroglu et al. 2024 coefficients, N log-uniform in [1e7, 1e10], D in [1e8, 1e12], loss times a
// log-normal factor with σ = 0.5 %.
std::string writeData(const std::filesystem::path& path, int points)
{
    const double E = 1.8172, A = 482.01, B = 2085.43, alpha = 0.3478, beta = 0.3658;
    std::mt19937_64 rng(12345);
    std::uniform_real_distribution<double> logN(std::log(1e7), std::log(1e10)), logD(std::log(1e8), std::log(1e12));
    std::normal_distribution<double> noise(0.0, 0.005);
    std::ofstream out(path);
    out << "N,D,loss\n";
    char line[128];
    for (int i = 0; i < points; ++i) {
        const double N = std::exp(logN(rng)), D = std::exp(logD(rng));
        const double L = (E + A / std::pow(N, alpha) + B / std::pow(D, beta)) * std::exp(noise(rng));
        std::snprintf(line, sizeof line, "%.17g,%.17g,%.17g\n", N, D, L);
        out << line;
    }
    return path.string();
}

// Runs a command, returns its stdout and exit status.
std::pair<std::string, int> capture(const std::string& command)
{
    std::string output;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe)
        return {"", -1};
    std::array<char, 4096> buf;
    size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0)
        output.append(buf.data(), n);
    const int status = pclose(pipe);
    return {output, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

sc::FitResult timedFit(const sc::ScalingData& data, int threads, double& elapsed)
{
    sc::FitOptions options; // defaults: 4 values per parameter (1024 starts), 100 resamples, Huber 1e-3
    options.threads = threads;
    const auto start = Clock::now();
    sc::FitResult r = sc::fitLaw(sc::Law::chinchilla(), data, options);
    elapsed = seconds(start);
    return r;
}

} // namespace

int main(int argc, char** argv)
{
    const int points = argc > 1 ? std::atoi(argv[1]) : 300;
    const int threads = argc > 2 ? std::atoi(argv[2]) : 1;
    const std::string python = argc > 3 ? argv[3] : "/usr/bin/python3";
    const std::string script = std::string(QS_BENCH_SOURCE_DIR) + "/bench_scaling_fit.py";

    const auto dir = std::filesystem::temp_directory_path()
        / ("qs-bench-scaling-" + std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    std::filesystem::create_directories(dir);
    const std::string csv = writeData(dir / "chinchilla.csv", points);
    const sc::ScalingData data = sc::readScalingCsv(csv);
    std::printf("data: %d points (Besiroglu 2024 law, σ = 0.5 %% log-normal noise) in %s\n", points, csv.c_str());

    double ours = 0.0, oursAll = 0.0;
    sc::FitResult fit;
    try {
        fit = timedFit(data, threads, ours);
        const int all = std::max(1, int(std::thread::hardware_concurrency()));
        if (all != threads)
            timedFit(data, all, oursAll);
    } catch (const qs::Error& e) {
        std::printf("qs::scaling fit failed: %s\n", e.what());
        return 1;
    }
    const sc::FitInfo& info = fit.info;
    std::printf("qs::scaling: %.3f s with %d thread%s (%d starts, %d converged; %d/%d bootstrap refits converged)\n",
                ours, threads, threads == 1 ? "" : "s", info.starts, info.startsConverged, info.bootstrapConverged,
                info.bootstrapResamples);
    if (oursAll > 0.0)
        std::printf("qs::scaling: %.3f s with %u threads\n", oursAll, std::thread::hardware_concurrency());

    bool haveScipy = false;
    nlohmann::json py;
    if (!std::filesystem::exists(python)) {
        std::printf("\nscipy comparison SKIPPED: %s does not exist (install python3 and python3-scipy)\n",
                    python.c_str());
    } else {
        const auto [out, status] = capture("'" + python + "' '" + script + "' '" + csv + "'");
        try {
            py = nlohmann::json::parse(out);
        } catch (const nlohmann::json::exception&) {
            py = nlohmann::json::object();
        }
        if (status == 3 || py.contains("error"))
            std::printf("\nscipy comparison SKIPPED: %s (install python3-scipy: apt-get install python3-scipy)\n",
                        py.value("error", std::string("numpy/scipy missing")).c_str());
        else if (status != 0 || !py.contains("seconds"))
            std::printf("\nscipy comparison FAILED: %s exited with %d, output:\n%s\n", script.c_str(), status,
                        out.c_str());
        else
            haveScipy = true;
    }

    std::printf("\n%-8s %22s %26s", "coeff", "qs::scaling", "95 % CI");
    if (haveScipy)
        std::printf(" %22s %10s %26s", "scipy", "rel diff", "scipy 95 % CI");
    std::printf("\n");
    double worst = 0.0;
    for (const std::string& name : fit.parameterNames) {
        const sc::Coefficient& c = fit.law.coefficient(name);
        char ci[64] = "-";
        if (c.ci95)
            std::snprintf(ci, sizeof ci, "[%.6g, %.6g]", c.ci95->first, c.ci95->second);
        std::printf("%-8s %22.12g %26s", name.c_str(), c.value, ci);
        if (haveScipy) {
            const double s = py["coefficients"][name].get<double>();
            const double rel = std::abs(c.value - s) / std::abs(s);
            worst = std::max(worst, rel);
            char sci[64] = "-";
            if (py["ci95"].contains(name))
                std::snprintf(sci, sizeof sci, "[%.6g, %.6g]", py["ci95"][name][0].get<double>(),
                              py["ci95"][name][1].get<double>());
            std::printf(" %22.12g %10.2e %26s", s, rel, sci);
        }
        std::printf("\n");
    }
    std::printf("%-8s %22.12g %26s", "huber", info.objective, "");
    if (haveScipy)
        std::printf(" %22.12g %10.2e", py["objective"].get<double>(),
                    std::abs(info.objective - py["objective"].get<double>()) / py["objective"].get<double>());
    std::printf("\ntrain MRE of L: %.4f %%\n", 100.0 * info.trainMre);

    if (haveScipy) {
        const double theirs = py["seconds"].get<double>();
        std::printf("\nscipy %s / numpy %s (L-BFGS-B, 1 thread): %.3f s (%d starts, %d converged; %d/%d bootstrap "
                    "refits converged)\n",
                    py["scipy"].get<std::string>().c_str(), py["numpy"].get<std::string>().c_str(), theirs,
                    py["starts"].get<int>(), py["starts_converged"].get<int>(), py["bootstrap_converged"].get<int>(),
                    py["bootstrap_resamples"].get<int>());
        std::printf("speed ratio scipy / qs::scaling (%d thread%s): %.1fx (target >= 10x)\n", threads,
                    threads == 1 ? "" : "s", theirs / ours);
        if (oursAll > 0.0)
            std::printf("speed ratio scipy / qs::scaling (all threads): %.1fx\n", theirs / oursAll);
        std::printf("largest relative coefficient difference: %.2e (target <= 1e-4)\n", worst);
        std::printf("verdict: speed %s, optimum %s\n", theirs / ours >= 10.0 ? "MET" : "NOT MET",
                    worst <= 1e-4 ? "MET" : "NOT MET");
    }
    std::filesystem::remove_all(dir);
    return 0;
}
