// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Data points for scaling-law fits, and the CSV format users bring them in.
//
// CSV: comma-separated, first line a header; column names are case-insensitive, surrounding spaces
// are ignored, cells may be double-quoted ("" inside quotes is a quote). Blank lines and lines that
// start with '#' are skipped. Columns:
//   N        parameters (raw count, > 0)
//   D        training tokens (raw count, > 0); for the QAT law D = D_fp + D_qat (filled in when absent,
//            checked when present)
//   G        quantization group size in input channels (≥ 2; per-channel: the layer's input dimension)
//   bits     weight bit width B (1–16)
//   D_fp     tokens of full-precision training (> 0)
//   D_qat    tokens of quantization-aware training (> 0)
//   loss     validation loss in nats (> 0)
//   delta    loss increase from quantization, δ = L_quantized − L_fp (δ ≤ 0 points are left out of a
//            log-δ fit and counted in the fit's message)
//   fp_loss  full-precision loss; with `loss` and without `delta`, δ = loss − fp_loss
//   heldout  0/1, true/false or yes/no: point used only to report the held-out error (empty = 0)
//   label    free text shown with the point
// Other columns are ignored. An empty cell means "not given" (NaN). Which columns a law needs:
//   chinchilla (target loss):  N, D, loss
//   w4a4       (target delta): N, D, G, delta (or loss + fp_loss);  (target loss): N, D, G, loss
//   qat        (target loss):  N, D_fp, D_qat, bits, loss;          (target delta): … delta instead

#include "core/scalinglaws/laws.h"

#include <string>
#include <string_view>
#include <vector>

namespace qs::scaling {

struct ScalingPoint
{
    double N = kNaN, D = kNaN, G = kNaN, bits = kNaN, D_fp = kNaN, D_qat = kNaN;
    double loss = kNaN, delta = kNaN, fpLoss = kNaN;
    bool heldOut = false;
    std::string label;
    int line = 0; // line in the CSV (header = line 1); 0 for points that did not come from a file
};

struct ScalingData
{
    std::string source;               // file path or a description, used in messages and FitInfo
    std::vector<std::string> columns; // canonical names of the columns given: "N", "D_fp", "heldout", ...
    std::vector<ScalingPoint> points;

    bool hasColumn(std::string_view canonicalName) const;
};

// Reads and parses a CSV file. qs::IoError when it cannot be read, qs::FormatError (naming the line
// and column) for a malformed header, a row with the wrong number of cells, a non-numeric or
// non-finite number, a bad heldout flag, or D ≠ D_fp + D_qat.
ScalingData readScalingCsv(const std::string& path);
ScalingData parseScalingCsv(std::string_view text, std::string source);

// What the fit's residuals are taken of: log L̂ − log L (Loss) or log δ̂ − log δ (Delta).
enum class FitTarget
{
    Auto,
    Loss,
    Delta
};
std::string fitTargetName(FitTarget target);        // "auto", "loss", "delta"
FitTarget fitTargetFromName(std::string_view name); // throws qs::ConfigError

// Auto → chinchilla: Loss; w4a4: Delta; qat: Delta when every point has δ, else Loss. Asking a
// Chinchilla law for Delta is a qs::ConfigError.
FitTarget resolveTarget(LawKind kind, FitTarget target, const ScalingData& data);

// The columns a law needs for a (resolved) target, in the order the messages list them.
std::vector<std::string> requiredColumns(LawKind kind, FitTarget target);

// Checks the data carry what `kind` needs for `target`: every required column present (else
// qs::ConfigError naming the missing column and the law's full list) and, per point, the required
// values given and in range (N > 0, D > 0, G ≥ 2, bits in [1, 16], D_fp > 0, D_qat > 0, loss > 0):
// qs::ConfigError naming the line (or point index) and the column. δ ≤ 0 is not an error here.
void validateScalingData(const ScalingData& data, LawKind kind, FitTarget target);

// f̂ = exp(−a / ln S) of each point, with S = D / (N·bits/8); qs::ConfigError naming the line where
// N, D or bits are missing or out of range, or S ≤ 1.
std::vector<double> directQatFractions(const ScalingData& data, double a = kDremovA);

} // namespace qs::scaling
