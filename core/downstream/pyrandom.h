// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// CPython's random.Random, as far as lm-eval's few-shot sampler uses it: seeded with a non-negative
// integer (init_by_array of its 32-bit words, as random_seed does), getrandbits, random() and
// sample(population, k) — both of sample's algorithms (the pool for small populations, the set of
// drawn indices for large ones) chosen as CPython 3.11–3.13 choose them, so that the same seed draws the
// same few-shot examples in the same order. No Qt, no torch.

#include <array>
#include <cstdint>
#include <vector>

namespace qs {

class PythonRandom
{
public:
    explicit PythonRandom(uint64_t seed);

    uint32_t getrandbits(int bits); // 1 ≤ bits ≤ 32
    double random();                // [0, 1), 53 bits
    // randbelow(n): uniform in [0, n) by rejection on getrandbits(n.bit_length()), n ≥ 1.
    uint32_t randbelow(uint32_t n);
    // random.sample(range(n), k): k distinct indices, in draw order. Error when k > n.
    std::vector<uint32_t> sample(uint32_t n, uint32_t k);

private:
    uint32_t next();
    std::array<uint32_t, 624> m_state {};
    int m_index = 624;
};

} // namespace qs
