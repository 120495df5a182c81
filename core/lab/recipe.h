// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/metrics.h"
#include "core/common/progress.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace qs {

// Experiment recipes (resources/recipes/*.json, docs/recipes.md): a named, versioned list of steps —
// train, branch, lawa, soup, sweep, qat_fractions — that reproduces one paper's key experiment at toy
// scale, the analyses that turn its store into numbers (report.md), and the figures the paper draws.
// Every step is idempotent (training resumes or is reused, sweeps skip stored entries, averaged runs
// are extended), so running a recipe again finishes what an interrupted run left.

struct RecipeFigure
{
    std::string file;                    // base name, without extension
    std::string run;                     // the run drawn
    std::vector<std::string> overlay;    // more runs (name patterns with '*'), drawn with it
    std::string config;                  // config id whose metric is drawn ("" = all)
    std::string metric = metrics::relCe; // TrajectoryPage metric name
    std::string x = "tokens";            // steps | tokens
    std::string kind = "trajectory";     // trajectory | qat_fractions
};

struct Recipe
{
    std::string name;
    int version = 0;
    std::string title;
    std::string paper;        // which finding it reproduces: authors, year, arXiv id, the finding
    std::string expect;       // what the paper found, in words
    double costMinutes = 0.0; // measured on 2 cores
    std::string corpus;       // "kjv" (the demo's text, prepared on first use) or a text file
    std::string file;         // where it was read from
    std::string text;         // the whole recipe, as read

    static Recipe fromJson(const std::string& text, const std::string& origin); // ConfigError naming origin
    static Recipe fromFile(const std::string& path);
    std::vector<RecipeFigure> figures() const;
};

struct RecipeOptions
{
    std::string dir;                // output folder: store, checkpoints, corpus, report
    int threads = 0;                // torch threads; 0: all cores
    std::string device = "cpu";     // where training and sweeps compute (core/engine/compute.h)
    std::string storePath() const;  // dir + "/recipe.h5"
    std::string reportPath() const; // dir + "/report.md"
};

struct RecipeResult
{
    std::string storePath;
    std::string reportPath;
    std::string report; // Markdown: the recipe, its cost now, and the analyses' tables and findings
    double seconds = 0.0;
};

RecipeResult runRecipe(const Recipe& recipe, const RecipeOptions& options, const Progress& progress = {});

// The final models of a recipe's qat_fractions steps: quantized validation CE (FP CE + ΔCE of the
// QAT quantizer's RTN config) per (budget, f, fusion). f = 0 (PTQ of the FP cooldown) is listed under
// every fusion.
struct QatFractionPoint
{
    std::string trunk;
    int64_t budgetSteps = 0;
    double fraction = 0.0;
    std::string fusion;
    std::string run;
    int64_t forkStep = 0;
    double quantizedCe = std::numeric_limits<double>::quiet_NaN();
};
std::vector<QatFractionPoint> qatFractionPoints(const Recipe& recipe, const std::string& storePath);

// The analyses of a recipe over its store (report.md's body); also used alone to re-report a store.
std::string recipeReport(const Recipe& recipe, const std::string& storePath);

} // namespace qs
