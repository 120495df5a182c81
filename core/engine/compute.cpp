// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/compute.h"

#include "core/common/errors.h"
#include "core/config/config.h"

#include <torch/version.h>

#ifdef QS_TORCH_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#endif

#include <dlfcn.h>

#include <optional>

namespace qs {

torch::Device parseDevice(const std::string& name)
{
    std::optional<torch::Device> device;
    try {
        device.emplace(name);
    } catch (const std::exception&) {
        throw ConfigError("device '" + name + "' is not a torch device (use cpu, cuda or cuda:N)");
    }
    if (!device->is_cpu() && !device->is_cuda())
        throw ConfigError("device '" + name + "': QuantScope computes on cpu or cuda[:N]");
    if (device->is_cuda() && !torch::cuda::is_available())
        throw ConfigError("device '" + name
                          + "': this QuantScope's libtorch has no CUDA support or sees no GPU (the Debian build "
                            "is CPU only; the PyPI build, packaging/pytorch-build.sh, has CUDA); use --device cpu");
    if (device->is_cuda() && device->has_index() && int64_t(device->index()) >= int64_t(torch::cuda::device_count()))
        throw ConfigError("device '" + name + "': this machine has " + std::to_string(torch::cuda::device_count())
                          + " GPU(s), cuda:0 to cuda:" + std::to_string(int64_t(torch::cuda::device_count()) - 1));
    if (device->is_cuda() && !device->has_index())
        device->set_index(0);
    return *device;
}

torch::ScalarType parseComputeDtype(const std::string& name)
{
    const std::string canonical = canonicalComputeDtype(name);
    return canonical == "float32" ? torch::kFloat32 : canonical == "bfloat16" ? torch::kBFloat16 : torch::kFloat16;
}

std::string computeDtypeName(torch::ScalarType dtype)
{
    switch (dtype) {
    case torch::kFloat32:
        return "float32";
    case torch::kBFloat16:
        return "bfloat16";
    case torch::kFloat16:
        return "float16";
    default:
        throw ConfigError(std::string("compute dtype ") + c10::toString(dtype)
                          + " is not one of float32, bfloat16, float16");
    }
}

void checkComputeSupport(const torch::Device& device, torch::ScalarType dtype)
{
    try {
        const auto options = torch::TensorOptions().device(device).dtype(dtype);
        const auto a = torch::ones({2, 2}, options);
        torch::addmm(torch::ones({2}, options), a, a.t());
        torch::bmm(a.unsqueeze(0), a.unsqueeze(0));
    } catch (const c10::Error&) {
        throw ConfigError("this libtorch (" + std::string(TORCH_VERSION) + ") cannot compute in "
                          + computeDtypeName(dtype) + " on " + device.str()
                          + ": use --dtype bfloat16 or float32 there, or the PyPI build "
                          + "(packaging/pytorch-build.sh) or a GPU for float16");
    }
}

torch::Tensor toCompute(const torch::Tensor& x, const torch::TensorOptions& compute)
{
    const torch::Device device = compute.device();
    const auto dtype = c10::typeMetaToScalarType(compute.dtype());
    if (x.device() == device && x.scalar_type() == dtype)
        return x;
    if (x.is_cpu() && device.is_cuda()) {
        // Narrow on the host first (half the bytes over the bus), then one DMA from pinned memory.
        const auto host = x.scalar_type() == dtype ? x : x.to(dtype);
        return host.pin_memory().to(device, /*non_blocking=*/true);
    }
    return x.to(device, dtype);
}

torch::Tensor fusedCausalAttention(const torch::Tensor& q, const torch::Tensor& k, const torch::Tensor& v)
{
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 5)
    return at::scaled_dot_product_attention(q, k, v, /*attn_mask=*/ {}, /*dropout_p=*/0.0, /*is_causal=*/true,
                                            /*scale=*/std::nullopt, /*enable_gqa=*/k.size(1) != q.size(1));
#else
    (void)q;
    (void)k;
    (void)v;
    return {};
#endif
}

#ifdef QS_TORCH_CUDA
struct DeviceCopies::Streams
{
    c10::cuda::CUDAStream compute, copies;
};

DeviceCopies::DeviceCopies(const torch::Device& device)
{
    if (!device.is_cuda())
        return;
    m_streams.reset(new Streams {c10::cuda::getCurrentCUDAStream(device.index()),
                                 c10::cuda::getStreamFromPool(/*isHighPriority=*/false, device.index())});
}

void DeviceCopies::upload(const std::function<std::vector<torch::Tensor>()>& copy) const
{
    if (!m_streams) {
        copy();
        return;
    }
    const c10::cuda::CUDAStreamGuard onCopies(m_streams->copies); // this thread's current stream and device
    const std::vector<torch::Tensor> made = copy();
    m_streams->copies.synchronize();
    for (const torch::Tensor& t : made) {
        if (t.defined() && t.is_cuda())
            c10::cuda::CUDACachingAllocator::recordStream(t.storage().data_ptr(), m_streams->compute);
    }
}
#else
struct DeviceCopies::Streams
{
};

DeviceCopies::DeviceCopies(const torch::Device& device)
{
    if (device.is_cuda())
        throw ConfigError("device '" + device.str() + "': this QuantScope's libtorch has no CUDA support");
}

void DeviceCopies::upload(const std::function<std::vector<torch::Tensor>()>& copy) const
{
    copy();
}
#endif

DeviceCopies::~DeviceCopies() = default;

namespace {

// The CUDA runtime's entry points, looked up in the libcudart that libtorch_cuda has loaded.
template<typename F>
F cudaRuntime(const char* name)
{
    void* symbol = ::dlsym(RTLD_DEFAULT, name);
    if (!symbol)
        throw Error(std::string("the CUDA runtime is not loaded (no ") + name + "): this libtorch has no CUDA");
    return reinterpret_cast<F>(symbol);
}

} // namespace

DeviceMemory deviceMemory(const torch::Device& device)
{
    if (!device.is_cuda())
        throw Error("deviceMemory: " + device.str() + " is not a CUDA device");
    using GetDevice = int (*)(int*);
    using SetDevice = int (*)(int);
    using MemGetInfo = int (*)(size_t*, size_t*);
    const auto getDevice = cudaRuntime<GetDevice>("cudaGetDevice");
    const auto setDevice = cudaRuntime<SetDevice>("cudaSetDevice");
    const auto memGetInfo = cudaRuntime<MemGetInfo>("cudaMemGetInfo");
    int previous = 0;
    if (getDevice(&previous) != 0)
        throw Error("the CUDA runtime cannot name its current device");
    const int index = device.has_index() ? device.index() : 0;
    if (setDevice(index) != 0)
        throw Error("the CUDA runtime cannot select " + device.str());
    size_t free = 0, total = 0;
    const int status = memGetInfo(&free, &total);
    setDevice(previous);
    if (status != 0)
        throw Error("the CUDA runtime cannot report the memory of " + device.str() + " (error " + std::to_string(status)
                    + ")");
    return {int64_t(free), int64_t(total)};
}

} // namespace qs
