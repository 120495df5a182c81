// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// GPTQ (Frantar et al. 2022) as the IST-DASLab reference implementation does it ("GPTQ: Accurate Post-Training
// Quantization for Generative Pre-trained Transformers"), on one linear layer. Include only from core .cpp files: this
// header pulls in libtorch.

#include <torch/torch.h>

#include <cstdint>

namespace qs {

// How HessianAccumulator adds a batch. Syrk (the default on the CPU): one symmetric rank-k update
// (BLAS ssyrk, half the FLOPs of a full product) of one triangle, scaled in place, mirrored when the
// Hessian is read. Gemm: the reference's add_batch, a scaled copy of the input and a full product
// (what CUDA tensors use; kept on the CPU for the benchmark and the tests that compare the two).
enum class HessianUpdate
{
    Syrk,
    Gemm
};

// Running H = (2/n) Σ x xᵀ over calibration inputs in fp32, n = number of sequences seen, rescaled as
// batches arrive (the reference's add_batch).
class HessianAccumulator
{
public:
    explicit HessianAccumulator(int64_t columns, HessianUpdate update = HessianUpdate::Syrk);
    // x: [sequences, tokens, columns] or [tokens, columns] (counted as one sequence, or as `sequences`
    // when given: the rows of several sequences of different lengths, as documents are).
    void add(const torch::Tensor& x, int64_t sequences = 0);
    const torch::Tensor& hessian() const;
    int64_t sequences() const { return m_sequences; }

private:
    mutable torch::Tensor m_h;
    mutable bool m_mirrored = true; // false while only one triangle of m_h is current
    HessianUpdate m_update;
    int64_t m_sequences = 0;
};

// How gptqQuantize does its work. Blocked (the default on the CPU): the upper Cholesky factor of H⁻¹
// from one Cholesky factorization and one triangular inverse (of H with its order reversed: half the
// FLOPs of factor, invert, factor again); the columns of each block in 16-column panels, quantized and
// fed forward over rows in parallel on raw floats, one matrix product carrying each panel's error to
// the rest of its block, and the trailing update in place. Reference: the reference implementation's
// order of work (Cholesky, cholesky_inverse, Cholesky; a few torch ops per column), which CUDA tensors
// take and the benchmark and tests compare against. Both round float32 operations of the same
// algorithm in other orders: they choose the same levels except where a last-bit difference moves a
// weight across a rounding tie, and grids refitted on updated weights may differ by an ulp.
enum class GptqPath
{
    Blocked,
    Reference
};

struct GptqOptions
{
    int bits = 4;
    int groupSize = -1; // -1: one grid per output row
    bool symmetric = true;
    bool actOrder = false;
    bool staticGroups = false; // grids fitted on the original weights before any update
    double percDamp = 0.01;
    int blockSize = 128;
    GptqPath path = GptqPath::Blocked;
};

struct GptqResult
{
    torch::Tensor weight; // dequantized Ŵ, columns in the original order
    // The grids, as GPTQModel's checkpoints keep them: scale and zero [rows, groups] (float32), group g
    // the g-th grid fitted (with act-order, in the permuted order), and groupIndex [cols] (int32) the
    // group of each original column (GPTQModel's g_idx). Without groups one grid: groupIndex all 0.
    torch::Tensor scale;
    torch::Tensor zero;
    torch::Tensor groupIndex;
    double loss = 0.0;     // Σ (w − q)² / d² / 2: the reference's per-layer "GPTQ loss"
    double dampUsed = 0.0; // damping actually added to diag(H) (raised if Cholesky failed)
    int64_t deadColumns = 0;
};

// Wall-clock split of one gptqQuantize call, for benchmarks.
struct GptqTimings
{
    double cholesky = 0.0; // damping, Cholesky, inverse, upper Cholesky (with retries)
    double columns = 0.0;  // the blocked column loop
};

// Quantizes W [out, in] given the Hessian H [in, in] of its inputs. Throws ConfigError for bad
// options and Error for NaN/Inf in W or H, or when H stays singular after raising the damping.
GptqResult gptqQuantize(const torch::Tensor& weight, const torch::Tensor& hessian, const GptqOptions& options,
                        GptqTimings* timings = nullptr);

// The integer codes q ∈ [0, maxq] [rows, cols] (int32) of a result: Ŵ = scale · (q − zero) with the
// column's group's grid, so q = round(Ŵ / scale) + zero (exact: Ŵ / scale is within an ulp of an integer).
torch::Tensor gptqCodes(const GptqResult& result);

} // namespace qs
