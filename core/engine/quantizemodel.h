// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Quantization of a whole model, the way the GPTQ reference quantizes LLMs (Frantar et al. 2022, "GPTQ: Accurate
// Post-Training Quantization for Generative Pre-trained Transformers"): blocks one after another, each calibrated on
// the outputs of the already quantized blocks before it, and inside a block in true-sequential order (q/k/v → o →
// gate/up → down), so every layer sees the inputs it will see in the quantized model. The same walk serves RTN (no
// error feedback) and the FP reference, and measures per layer what the sweep stores: relative weight error, output
// SQNR, GPTQ loss, and the statistics of the layer's input activations. Include only from core .cpp files.

#include "core/common/metrics.h"
#include "core/config/config.h"
#include "core/engine/gptq.h"
#include "core/engine/model.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace qs {

struct ActivationStats
{
    double kurtosis = 0.0;            // Pearson kurtosis E[(x−μ)⁴]/σ⁴ over all entries (3 for a Gaussian)
    double absmax = 0.0;              // max |x|
    double absmaxMedian = 0.0;        // max |x| / median |x|
    int64_t outliers = 0;             // channels whose absmax exceeds the threshold
    std::vector<float> channelAbsmax; // per input channel
};

// x: [..., channels]. Throws Error if x holds NaN or Inf.
ActivationStats activationStats(const torch::Tensor& x, double outlierThreshold);

// activationStats over inputs that arrive in chunks and are shown twice, in two passes over the same
// chunks (so a calibration set of a paper's size is never in memory at once). The first pass takes the
// sum, every channel's max |x| and a histogram of the upper 16 bits of |x|'s float32 pattern; the second
// the moments about the global mean and, inside the histogram bin that holds the median, a histogram of
// the lower 16 bits: the median is exact, the element activationStats finds. With one chunk the numbers
// are activationStats' (it is this class).
class ActivationStatsAccumulator
{
public:
    explicit ActivationStatsAccumulator(double outlierThreshold);
    void addFirst(const torch::Tensor& x);  // throws Error if x holds NaN or Inf
    void addSecond(const torch::Tensor& x); // after every chunk's addFirst
    ActivationStats result() const;         // after every chunk's addSecond

private:
    double m_threshold;
    double m_sum = 0.0, m_m2 = 0.0, m_m4 = 0.0;
    int64_t m_count = 0;
    torch::Tensor m_channel, m_high, m_low; // per-channel max; histograms of |x|'s upper and lower bits
    int64_t m_medianBin = -1, m_medianRank = 0;
};

// 10·log10(‖y‖² / ‖y − ŷ‖²) in dB; +inf when ŷ == y.
double sqnrDb(const torch::Tensor& y, const torch::Tensor& yq);

struct LayerReport
{
    static constexpr double nan = std::numeric_limits<double>::quiet_NaN();
    double relErr = nan;   // ‖W − Ŵ‖_F / ‖W‖_F
    double sqnrDb = nan;   // of Ŷ = Q_a(X) Ŵᵀ against Y = X Wᵀ on the layer's calibration input X
    double gptqLoss = nan; // GPTQ only
    double dampUsed = nan; // GPTQ only
    ActivationStats input; // only when asked for
};

// One layer as it was just quantized: its dequantized weight and, for GPTQ, the result with its grids
// (gptqCodes gives the integer codes). Valid only during the call it is passed to.
struct QuantizedLayer
{
    const LayerInfo* info = nullptr;
    torch::Tensor weight;             // [out, in], the Ŵ the model now holds
    int bits = 16;                    // weight bits (16: not quantized)
    const GptqResult* gptq = nullptr; // GPTQ only
    // The other methods: what their format stores (WeightQuantization::parts), or null.
    const std::vector<std::pair<std::string, torch::Tensor>>* parts = nullptr;
};

struct QuantizeModelOptions
{
    bool inputStats = false;
    double outlierThreshold = metrics::outlierThreshold;
    // When the input holds the rows of calibration sequences of different lengths ([rows, columns]):
    // how many sequences they are, so GPTQ's Hessian is normalized per sequence as for [N, T, columns].
    int64_t calibrationSequences = 0;
    // The model already holds the config's AWQ scales (awqSmoothModel ran): quantizeModel does not scale it again.
    bool awqScaled = false;
    // The model already holds the config's rotation (rotateModel ran): quantizeModel does not rotate it again.
    bool rotated = false;
    // Called with every layer as soon as it is quantized (what the peer tests compare with GPTQModel's
    // codes); not called for layers left at 16 bits.
    std::function<void(const QuantizedLayer&)> onQuantized;
};

// `sequences` byte sequences of `length` bytes from `text` at offsets drawn with `seed`.
torch::Tensor calibrationBatch(const std::vector<uint8_t>& text, int sequences, int length, uint64_t seed);

// One linear layer of a group that reads the same input (q/k/v, gate/up, …): its weight is replaced
// in place by the quantized-dequantized one.
struct GroupMember
{
    const LayerInfo* info = nullptr;
    torch::Tensor weight; // [out, in], written with copy_
    ActQuant act;         // input fake quantization used for Ŷ (bits 16: none)
};

// Quantizes `members`, which all read `input`, as `config` asks (GPTQ shares one Hessian of `input`),
// and appends one report per member. Throws Error naming the layer for NaN or Inf.
void quantizeGroup(const torch::Tensor& input, const std::vector<GroupMember>& members, const QuantConfig& config,
                   const QuantizeModelOptions& options, std::vector<LayerReport>& reports);

// quantizeGroup over a calibration set that arrives in chunks, in passes over the same chunks
// in the same order: addFirst (GPTQ's Hessian, the statistics' first pass) with every chunk, quantize()
// (the weights, in place), addSecond (the output SQNR of the quantized weights, the statistics' second
// pass) with every chunk, finish(). A pass a group does not need may be skipped: needsFirstPass() is
// false for RTN or FP weights without statistics (quantize() reads no input then), needsSecondPass()
// when there is neither an SQNR nor a statistic to measure. With one chunk the numbers are
// quantizeGroup's (it is this class).
class GroupQuantizer
{
public:
    GroupQuantizer(std::vector<GroupMember> members, const QuantConfig& config, const QuantizeModelOptions& options);
    bool readsInput() const; // quantize() needs the first pass (GPTQ's Hessian; AWQ reads its input before)
    bool needsFirstPass() const;
    bool needsSecondPass() const;
    // `sequences`: how many calibration sequences `input`'s rows are (0: its leading dimension, or one
    // for [tokens, columns]), so GPTQ's Hessian is normalized per sequence.
    void addFirst(const torch::Tensor& input, int64_t sequences);
    void quantize();
    void addSecond(const torch::Tensor& input);
    void finish(std::vector<LayerReport>& reports); // appends one report per member

private:
    std::vector<GroupMember> m_members;
    QuantConfig m_config;
    QuantizeModelOptions m_options;
    std::optional<HessianAccumulator> m_hessian;
    std::optional<ActivationStatsAccumulator> m_stats;
    std::vector<torch::Tensor> m_original; // each member's weight before quantize()
    std::vector<LayerReport> m_reports;
    std::vector<double> m_signal, m_noise; // Σ y², Σ (y − ŷ)² per member
};

// Sets the model's activation quantization as `config` asks, replaces the weight of every quantizable
// layer by its quantized-dequantized value (RTN or GPTQ at the layer kind's bits; layers at 16 bits keep
// theirs) and returns one report per layer in TinyLm::quantizableLayers() order. `calibration`: [n, T]
// byte ids on the model's device. Throws Error naming the layer when its input holds NaN or Inf.
std::vector<LayerReport> quantizeModel(TinyLm& model, const torch::Tensor& calibration, const QuantConfig& config,
                                       const QuantizeModelOptions& options = {});

} // namespace qs
