#pragma once

// GPTQ (Frantar et al. 2022) as the IST-DASLab reference implementation does it (papers.md §5), on
// one linear layer. Include only from core .cpp files: this header pulls in libtorch.

#include <torch/torch.h>

#include <cstdint>

namespace qs {

// Running H = (2/n) Σ x xᵀ over calibration inputs in fp32, n = number of sequences seen, rescaled as
// batches arrive (the reference's add_batch).
class HessianAccumulator
{
public:
    explicit HessianAccumulator(int64_t columns);
    // x: [sequences, tokens, columns] or [tokens, columns] (counted as one sequence, or as `sequences`
    // when given: the rows of several sequences of different lengths, as documents are).
    void add(const torch::Tensor& x, int64_t sequences = 0);
    const torch::Tensor& hessian() const { return m_h; }
    int64_t sequences() const { return m_sequences; }

private:
    torch::Tensor m_h;
    int64_t m_sequences = 0;
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
};

struct GptqResult
{
    torch::Tensor weight;  // dequantized Ŵ, columns in the original order
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

} // namespace qs
