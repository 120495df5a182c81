// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The validation hidden states of one config while a revision streams through its blocks:
// [sequences, T, hidden] float32, in memory or in a scratch file, read and written a chunk of sequences
// at a time. A block maps each sequence's states to new ones independently of the others, so a chunk's
// output replaces its input in place and the file never needs a second copy. The scratch file is
// unlinked as soon as it is created: nothing is left behind by a crash or a kill. Include only from
// core .cpp files: this header pulls in libtorch.

#include <torch/torch.h>

#include <cstdint>
#include <string>

namespace qs {

class HiddenStates
{
public:
    // In memory when `scratchDir` is empty; otherwise in a new unlinked file there, its space reserved
    // at once. IoError naming the folder, the size and the cause (a full disk among them). `what` names
    // the states in messages ("validation states of gptq_w4_g128_sym_act").
    HiddenStates(int64_t sequences, int64_t length, int64_t hidden, const std::string& scratchDir,
                 const std::string& what);
    HiddenStates(HiddenStates&&) noexcept;
    HiddenStates& operator=(HiddenStates&&) noexcept;
    HiddenStates(const HiddenStates&) = delete;
    HiddenStates& operator=(const HiddenStates&) = delete;
    ~HiddenStates();

    int64_t sequences() const { return m_sequences; }
    bool spilled() const { return m_fd >= 0; }
    // Where and in what type read() hands out the states (default: CPU float32). They are kept on the
    // host in float32 whatever the compute type: a bfloat16 or float16 state widens to float32 exactly
    // and narrows back to itself, so the block after sees what it would have seen in its own type.
    void setCompute(const torch::TensorOptions& compute) { m_compute = compute; }
    const torch::TensorOptions& compute() const { return m_compute; }
    // Sequences [begin, begin + count): in memory and computing on the CPU in float32 a view, else a
    // fresh tensor (read from the file, copied to the device, converted).
    torch::Tensor read(int64_t begin, int64_t count) const;
    // Replaces sequences [begin, begin + x.size(0)) with x ([count, T, hidden], any device and type).
    void write(int64_t begin, const torch::Tensor& x);

private:
    int64_t m_sequences = 0, m_length = 0, m_hidden = 0;
    std::string m_what, m_dir;
    torch::Tensor m_memory;
    torch::TensorOptions m_compute = torch::TensorOptions().dtype(torch::kFloat32);
    int m_fd = -1;
};

} // namespace qs
