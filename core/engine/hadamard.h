// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Hadamard matrices for the rotations of rotated quantization (QuaRot, SpinQuant; core/engine/rotation.h).
// Order n = K · 2^m is built as the Kronecker product A ⊗ B of a Paley matrix A of order K = q + 1 (q a
// prime ≡ 3 mod 4; Paley's first construction) and the Sylvester matrix B of order 2^m
// (B[i][j] = (−1)^popcount(i & j)), divided by √n so that it is orthogonal; K = 1 for a power of two,
// and the smallest such K otherwise (384 = 12 · 32, 5632 = 44 · 128, 14336 = 224 · 64). Include only
// from core .cpp files: this header pulls in libtorch.

#include <torch/torch.h>

#include <cstdint>

namespace qs {

// The Paley factor's order K for n (1 for a power of two). ConfigError naming n and what QuantScope can
// build when no such K exists (n odd, or n = 2^m · r with no r · 2^j − 1 a prime ≡ 3 mod 4).
int64_t hadamardFactor(int64_t n);

// Paley's first construction for a prime q ≡ 3 (mod 4), order q + 1, entries ±1 (float32), H Hᵀ = (q + 1) I:
// I + C with C = [[0, 1ᵀ], [−1, Q]] and Q[i][j] = χ(j − i), χ the quadratic character mod q.
torch::Tensor paleyMatrix(int64_t q);

// The normalized Hadamard matrix of order n, [n, n] float32, orthogonal (ConfigError as hadamardFactor).
torch::Tensor hadamardMatrix(int64_t n);

// x · H along the last dimension for the normalized Hadamard matrix H of order n = x.size(−1), computed as
// the Kronecker product it is: a fast Walsh–Hadamard transform over the power-of-two factor and one
// product with the Paley factor, O(n (log n + K)) per row instead of O(n²). In float32, returned in x's
// type. The online rotation before the MLP's down-projection; also what fuses its inverse into down_proj
// (rows of W times H).
class OnlineHadamard
{
public:
    OnlineHadamard() = default;
    explicit OnlineHadamard(int64_t n); // ConfigError as hadamardFactor
    bool active() const { return m_n > 0; }
    int64_t size() const { return m_n; }
    torch::Tensor apply(const torch::Tensor& x) const;
    OnlineHadamard to(const torch::Device& device) const;

private:
    int64_t m_n = 0;
    torch::Tensor m_paley; // [K, K] ±1, transposed (Aᵀ); undefined for K = 1
};

// Random signs ±1 (float32, [n]) from a 64-bit Mersenne twister seeded with `seed`, skipping `skip`
// draws first: the same on every machine and libtorch.
torch::Tensor randomSigns(int64_t n, uint64_t seed, int64_t skip = 0);

} // namespace qs
