// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The learning rate of a trajectory whose revisions do not record it: read from a CSV log of (step, lr)
// rows and interpolated, or computed from a described schedule ("wsd:peak=3e-4,total=143000"). No Qt,
// no torch.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace qs {

// The LR at `step` from a described schedule "kind:key=value,…": kind wsd, cosine, linear or constant;
// peak a number in (0, 10] (required), min in [0, peak], total a whole number in [1, 10^12] (required
// but for constant), warmup a whole number in [0, total − 1], decay a number in [0, 1]; each key once.
// ConfigError naming the key, the value as written and the range.
double describedScheduleLr(const std::string& spec, int64_t step);

// The (step, lr) rows of a training log: CSV with a header naming a step column (step, iteration, iter,
// _step) and an LR column (lr, learning_rate, …), sorted by step; steps are numbers in
// [0, kMaxTokenCount], LRs in [0, kMaxLearningRate]. FormatError naming the file, line, column, the cell
// and the range of a bad cell; IoError when it cannot be read.
std::vector<std::pair<double, double>> readLrLog(const std::string& path);
// The LR at `step` interpolated linearly between the rows of a log (the first or last row's outside).
double lrLogAt(const std::vector<std::pair<double, double>>& rows, double step);

} // namespace qs
