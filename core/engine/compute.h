// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Where the engine computes and in what type: the device (cpu, cuda, cuda:N) and the compute dtype
// (float32, bfloat16, float16) of a sweep, and the moves of tensors to them. This is the one place
// that knows about devices and the one place where Debian's libtorch 1.13 (CPU only) and PyPI's
// libtorch 2.11 (CUDA) differ: the fused attention kernel exists only in 2.x (an #if on torch's
// version, in compute.cpp), copy streams only where libtorch has CUDA (an #if on QS_TORCH_CUDA, which
// core/engine/CMakeLists.txt defines when torch's CMake config brings its CUDA libraries), float16
// products on the CPU only in 2.x (tried at run time, checkComputeSupport); the other calls are the
// same in both, and the device's memory is asked of the CUDA runtime that libtorch has loaded (dlsym).
// Include only from core .cpp files: this header pulls in libtorch.

#include <torch/torch.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace qs {

// ConfigError naming the device when it is not a torch device, when this libtorch has no CUDA or sees
// no GPU, or when cuda:N names a GPU that is not there.
torch::Device parseDevice(const std::string& name);

// "float32" (or "fp32"), "bfloat16" ("bf16"), "float16" ("fp16", "half"); ConfigError otherwise.
torch::ScalarType parseComputeDtype(const std::string& name);
// The canonical name: "float32", "bfloat16", "float16".
std::string computeDtypeName(torch::ScalarType dtype);
// ConfigError when this libtorch cannot compute in `dtype` on `device`: libtorch 1.13 (the Debian
// build) has no float16 matrix product on the CPU; 2.x has. Tried, not looked up by version.
void checkComputeSupport(const torch::Device& device, torch::ScalarType dtype);

// x on `compute`'s device in its dtype. A CPU tensor bound for a GPU goes through pinned memory with a
// non-blocking copy (ordered on the device's stream before whatever computes with it). Returns x itself
// when nothing changes.
torch::Tensor toCompute(const torch::Tensor& x, const torch::TensorOptions& compute);

// Causal softmax(q·kᵀ/√d)·v by torch's fused kernel (scaled_dot_product_attention: flash attention on
// the CPU and the GPU, grouped-query heads without copies) where this libtorch has it (2.5 and later);
// an undefined tensor where it has not (Debian's 1.13), and the caller computes it itself. q [B, H, T, D],
// k and v [B, KV, T, D] with H a multiple of KV; returns [B, H, T, D].
torch::Tensor fusedCausalAttention(const torch::Tensor& q, const torch::Tensor& k, const torch::Tensor& v);

// Copies to a GPU made on a background thread so that they overlap what the computing thread runs
// (HfBlockReader uploads the next block while the current one computes). Made on the computing
// thread, whose current stream is the compute stream. upload() runs on the background thread: `copy`
// runs with a side stream of the device current (its copies go there, from pinned memory), upload
// waits for them on that stream (the background thread waits, not the device), and hands the tensors
// `copy` returns to the compute stream, so torch's caching allocator does not give their memory to
// another copy before the compute stream is done with them. For the CPU (and in a libtorch without
// CUDA, where no CUDA device gets this far: parseDevice) upload() only runs `copy`.
class DeviceCopies
{
public:
    explicit DeviceCopies(const torch::Device& device);
    ~DeviceCopies();
    DeviceCopies(const DeviceCopies&) = delete;
    DeviceCopies& operator=(const DeviceCopies&) = delete;
    void upload(const std::function<std::vector<torch::Tensor>()>& copy) const;

private:
    struct Streams;
    std::unique_ptr<Streams> m_streams; // null on the CPU
};

struct DeviceMemory
{
    int64_t free = 0, total = 0; // bytes
};
// Free and total memory of a CUDA device as its runtime reports them (free: not counting what torch's
// caching allocator holds but does not use). Error when the CUDA runtime is not loaded.
DeviceMemory deviceMemory(const torch::Device& device);

} // namespace qs
