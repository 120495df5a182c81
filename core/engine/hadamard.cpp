// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/hadamard.h"

#include "core/common/errors.h"

#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace qs {

namespace {

bool isPrime(int64_t q)
{
    if (q < 2)
        return false;
    for (int64_t d = 2; d * d <= q; ++d) {
        if (q % d == 0)
            return false;
    }
    return true;
}

// y = x · B for the unnormalized Sylvester matrix B of order x.size(−1) (a power of two): log₂ n
// butterflies of the rows.
torch::Tensor walshHadamard(const torch::Tensor& x)
{
    const int64_t n = x.size(-1);
    auto y = x.reshape({-1, n});
    for (int64_t h = 1; h < n; h *= 2) {
        const auto v = y.view({-1, n / (2 * h), 2, h});
        const auto a = v.select(2, 0);
        const auto b = v.select(2, 1);
        y = torch::stack({a + b, a - b}, 2).view({-1, n});
    }
    return y.view(x.sizes());
}

} // namespace

int64_t hadamardFactor(int64_t n)
{
    if (n >= 1) {
        int64_t odd = n;
        while (odd % 2 == 0)
            odd /= 2;
        if (odd == 1)
            return 1;
        for (int64_t k = odd; k <= n; k *= 2) {
            if (n % k == 0 && (k - 1) % 4 == 3 && isPrime(k - 1))
                return k;
        }
    }
    throw ConfigError("no Hadamard matrix of order " + std::to_string(n)
                      + ": QuantScope builds orders 2^m and 2^m · (q + 1) for a prime q ≡ 3 (mod 4) (Sylvester's "
                        "and Paley's constructions)");
}

torch::Tensor paleyMatrix(int64_t q)
{
    if (!isPrime(q) || q % 4 != 3)
        throw ConfigError("Paley's construction needs a prime q ≡ 3 (mod 4), not " + std::to_string(q));
    std::vector<int> chi(size_t(q), -1);
    chi[0] = 0;
    for (int64_t r = 1; r < q; ++r)
        chi[size_t(r * r % q)] = 1;
    const int64_t k = q + 1;
    auto a = torch::eye(k, torch::kFloat32);
    auto acc = a.accessor<float, 2>();
    for (int64_t j = 1; j < k; ++j) {
        acc[0][j] += 1.0f;
        acc[j][0] -= 1.0f;
    }
    for (int64_t i = 0; i < q; ++i) {
        for (int64_t j = 0; j < q; ++j)
            acc[i + 1][j + 1] += float(chi[size_t(((j - i) % q + q) % q)]);
    }
    return a;
}

torch::Tensor hadamardMatrix(int64_t n)
{
    return OnlineHadamard(n).apply(torch::eye(n, torch::kFloat32));
}

OnlineHadamard::OnlineHadamard(int64_t n)
    : m_n(n)
{
    const int64_t k = hadamardFactor(n);
    if (k > 1)
        m_paley = paleyMatrix(k - 1).t().contiguous();
}

torch::Tensor OnlineHadamard::apply(const torch::Tensor& x) const
{
    if (x.size(-1) != m_n)
        throw Error("a Hadamard transform of order " + std::to_string(m_n) + " applied to rows of "
                    + std::to_string(x.size(-1)));
    const auto type = x.scalar_type();
    auto y = x.to(torch::kFloat32);
    const int64_t k = m_paley.defined() ? m_paley.size(0) : 1;
    const int64_t m = m_n / k;
    // x as [..., K, 2^m]: x · (A ⊗ B) = Aᵀ X B.
    y = walshHadamard(y.reshape({-1, k, m}));
    if (k > 1)
        y = torch::matmul(m_paley, y);
    y = y.mul_(1.0 / std::sqrt(double(m_n))).reshape(x.sizes());
    return y.to(type);
}

OnlineHadamard OnlineHadamard::to(const torch::Device& device) const
{
    OnlineHadamard h = *this;
    if (m_paley.defined())
        h.m_paley = m_paley.to(device);
    return h;
}

torch::Tensor randomSigns(int64_t n, uint64_t seed, int64_t skip)
{
    std::mt19937_64 generator(seed);
    generator.discard(static_cast<unsigned long long>(skip));
    auto signs = torch::empty({n}, torch::kFloat32);
    auto acc = signs.accessor<float, 1>();
    for (int64_t i = 0; i < n; ++i)
        acc[i] = (generator() >> 63) != 0 ? -1.0f : 1.0f;
    return signs;
}

} // namespace qs
