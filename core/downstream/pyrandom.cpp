// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/downstream/pyrandom.h"

#include "core/common/errors.h"

#include <bit>
#include <cmath>
#include <string>
#include <unordered_set>

namespace qs {

PythonRandom::PythonRandom(uint64_t seed)
{
    // init_genrand(19650218), then init_by_array with the seed's 32-bit words, least significant first
    // (one word for 0, as CPython's random_seed).
    std::vector<uint32_t> key;
    do {
        key.push_back(static_cast<uint32_t>(seed & 0xffffffffu));
        seed >>= 32;
    } while (seed != 0);
    auto& mt = m_state;
    mt[0] = 19650218u;
    for (uint32_t i = 1; i < 624; ++i)
        mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i;
    uint32_t i = 1, j = 0;
    const size_t keyLength = key.size();
    for (size_t k = std::max<size_t>(624, keyLength); k > 0; --k) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + j;
        ++i;
        ++j;
        if (i >= 624) {
            mt[0] = mt[623];
            i = 1;
        }
        if (j >= keyLength)
            j = 0;
    }
    for (size_t k = 623; k > 0; --k) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - i;
        ++i;
        if (i >= 624) {
            mt[0] = mt[623];
            i = 1;
        }
    }
    mt[0] = 0x80000000u;
    m_index = 624;
}

uint32_t PythonRandom::next()
{
    constexpr uint32_t upper = 0x80000000u, lower = 0x7fffffffu, matrix = 0x9908b0dfu;
    if (m_index >= 624) {
        for (int k = 0; k < 624; ++k) {
            const uint32_t y = (m_state[k] & upper) | (m_state[(k + 1) % 624] & lower);
            m_state[k] = m_state[(k + 397) % 624] ^ (y >> 1) ^ ((y & 1u) ? matrix : 0u);
        }
        m_index = 0;
    }
    uint32_t y = m_state[m_index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

uint32_t PythonRandom::getrandbits(int bits)
{
    if (bits < 1 || bits > 32)
        throw Error("getrandbits: " + std::to_string(bits) + " bits (1 to 32 are supported)");
    return next() >> (32 - bits);
}

double PythonRandom::random()
{
    const uint32_t a = next() >> 5, b = next() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

uint32_t PythonRandom::randbelow(uint32_t n)
{
    if (n == 0)
        throw Error("randbelow(0)");
    const int bits = std::bit_width(n);
    uint32_t r = getrandbits(bits);
    while (r >= n)
        r = getrandbits(bits);
    return r;
}

std::vector<uint32_t> PythonRandom::sample(uint32_t n, uint32_t k)
{
    if (k > n)
        throw Error("sample larger than population: " + std::to_string(k) + " of " + std::to_string(n));
    std::vector<uint32_t> result(k);
    // CPython: setsize = 21, plus 4 ** ceil(log(3k, 4)) when k > 5; a population no larger than that is
    // drawn from a shrinking pool, a larger one by rejecting repeated indices.
    double setsize = 21;
    if (k > 5)
        setsize += std::pow(4.0, std::ceil(std::log(k * 3.0) / std::log(4.0)));
    if (n <= setsize) {
        std::vector<uint32_t> pool(n);
        for (uint32_t i = 0; i < n; ++i)
            pool[i] = i;
        for (uint32_t i = 0; i < k; ++i) {
            const uint32_t j = randbelow(n - i);
            result[i] = pool[j];
            pool[j] = pool[n - i - 1];
        }
    } else {
        std::unordered_set<uint32_t> selected;
        for (uint32_t i = 0; i < k; ++i) {
            uint32_t j = randbelow(n);
            while (selected.count(j))
                j = randbelow(n);
            selected.insert(j);
            result[i] = j;
        }
    }
    return result;
}

} // namespace qs
