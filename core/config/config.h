// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace qs {

// Architecture of the built-in byte-level LM: Llama/OLMo-2 block structure (pre-norm RMSNorm,
// hand-written causal attention with RoPE, SwiGLU MLP with gate/up/down projections).
struct ModelConfig
{
    int vocabSize = 256; // bytes
    int dModel = 128;
    int nLayers = 4;
    int nHeads = 4;
    int dFf = 384; // SwiGLU hidden width
    int maxSeqLen = 128;
    double ropeTheta = 10000.0;
    double normEps = 1e-5;
    bool tieEmbeddings = false;

    void validate() const; // throws ConfigError naming the field ("model.d_model"), its value and range
    std::string toJson() const;
    static ModelConfig fromJson(const std::string& json); // throws ConfigError
    int64_t parameterCount() const;
    bool operator==(const ModelConfig&) const = default;
};

enum class ScheduleKind
{
    Constant,
    Cosine,
    Wsd,
    Linear,
};

std::string toString(ScheduleKind kind);
ScheduleKind scheduleKindFromString(const std::string& name); // throws ConfigError

struct ScheduleConfig
{
    ScheduleKind kind = ScheduleKind::Wsd;
    double peakLr = 3e-3;
    double minLr = 0.0;         // final LR of cosine / linear / WSD decay
    int64_t warmupSteps = 20;   // linear warmup from 0 to peakLr
    double decayFraction = 0.2; // WSD: share of all steps spent in the final linear decay
    bool operator==(const ScheduleConfig&) const = default;
};

// Quantization-aware training ("Compute-Optimal Quantization-Aware Training"; "Scaling Law for Quantization-Aware
// Training"): from `startStep` (or `startTokens`) on, every quantizable layer's weight (and, when the spec asks, its
// input) is fake-quantized in the forward pass with the straight-through estimator. `quant` is a QuantConfig::parse
// spec of method rtn (weights and optionally activations, e.g. "rtn:4:g32", "rtn:4:g32:a4:down=a8") or none
// (activations only, "none:a4"); bits, group size and mixed-precision rules mean what they mean for PTQ.
struct QatConfig
{
    std::string quant;        // empty: no QAT
    int64_t startStep = 0;    // the run's own steps (a branch counts from its start)
    int64_t startTokens = -1; // >= 0: tokens of this run from which QAT is on (overrides startStep)
    bool enabled() const { return !quant.empty(); }
    // First step (1-based, of this run) trained with fake quantization.
    int64_t firstStep(int64_t tokensPerStep) const;
    bool operator==(const QatConfig&) const = default;
};

// The most steps a run (or a branch, or a QAT budget) may train.
inline constexpr int64_t maxTrainSteps = 1'000'000'000;

struct TrainConfig
{
    ModelConfig model;
    ScheduleConfig schedule;
    int64_t steps = 600;
    int batchSize = 32;
    int seqLen = 128;
    double weightDecay = 0.1;
    double beta1 = 0.9;
    double beta2 = 0.95;
    double adamEps = 1e-8;
    double gradClip = 1.0;
    int64_t checkpointEvery = 20; // also saves step 0 and the final step
    int64_t evalEvery = 20;
    int evalBatches = 8;       // validation blocks are evalBatches * batchSize sequences of seqLen bytes
    double valFraction = 0.05; // tail of the corpus held out for validation
    uint64_t seed = 1234;
    int threads = 0;                     // 0: all cores
    std::string checkpointDtype = "F32"; // F32, F16 or BF16
    QatConfig qat;
    // EMA of the weights, w_ema <- d * w_ema + (1 - d) * w after every step; 0 = off. Checkpointed with
    // the run's checkpoints into the averaged run "<run>.ema" (kind "averaged").
    double emaDecay = 0.0;
    // Keep the optimizer state of every checkpoint (not only the last), so branches can start anywhere.
    bool keepOptimizerStates = false;
    // A branch: start from run `initRun`'s checkpoint at `initStep` (weights and optimizer state) instead
    // of a fresh init. `steps` and the schedule then count from the branch point; stored steps, tokens
    // and the training data continue the parent's.
    std::string initRun;
    int64_t initStep = -1;
    bool isBranch() const { return !initRun.empty(); }

    // Every field against its accepted range (docs/recipes.md, "Training config fields"), in the order
    // the ranges depend on each other: ConfigError "<key path> = <value> is not <accepted range>".
    void validate() const;
    std::string toJson() const;
    // Unknown keys are errors at every level; each value is checked as written before it is converted
    // (1e99, -1 or 2.5 where a step count is expected are refused, never wrapped). `root` is the path of
    // the config in its document for messages ("train" in a recipe: "train.steps = 0 is not …").
    static TrainConfig fromJson(const std::string& json, const std::string& root = {});
    static TrainConfig fromFile(const std::string& path); // JSON file
    bool operator==(const TrainConfig&) const = default;
};

// The weight quantizers. Each has one row in quantMethods() (core/config/quantconfig.cpp: its name,
// bits, groups and options) and one function in core/engine/weightquantizers.cpp: adding a method is
// those two places (docs/architecture.md, "Adding a quantizer").
enum class QuantMethod
{
    None, // weights stay in full precision (W16): the FP reference, or activation-only runs (W16A4)
    Rtn,
    Gptq,
    Hqq,   // half-quadratic zero-point optimization (Badri & Shaji 2023; the hqq library)
    Nf4,   // bitsandbytes NormalFloat4 (Dettmers et al. 2023)
    Fp4,   // bitsandbytes FP4
    Mxfp4, // OCP microscaling, E2M1 elements, E8M0 scale per 32
    Mxfp8, // OCP microscaling, E4M3 elements
    Nvfp4, // NVIDIA FP4: E2M1 elements, E4M3 scale per 16, a float32 scale per tensor
    Fp8,   // float8 E4M3 or E5M2, a float32 scale per tensor or per output channel
    Int8,  // bitsandbytes' LLM.int8 weights: int8 per output row of the float16 weight (Dettmers et al. 2022)
    Awq,   // activation-aware scales folded into the model, then asymmetric integers (Lin et al. 2024; llm-compressor)
};

std::string toString(QuantMethod method);
QuantMethod quantMethodFromString(const std::string& name);

// How the inputs of linear layers are fake-quantized (the a<bits><format> spec option): Int, symmetric
// absmax integers per token or per group (a4, a8g32); Mx, OCP microscaling per 32 channels (a4mx =
// MXFP4, a8mx = MXFP8); Nv, NVFP4 (a4nv: E4M3 scales per 16 channels under a per-token float32 scale);
// Fp8, float8 E4M3 with a dynamic scale per token (a8fp); Lt, LLM.int8's decomposition (a8lt): the
// input's columns holding a value of magnitude 6 or more (in a sequence) stay in full precision, the
// rest int8 per token of the float16 input, as bitsandbytes' Linear8bitLt.
enum class ActFormat
{
    Int,
    Mx,
    Nv,
    Fp8,
    Lt,
};

std::string toString(ActFormat format); // "" (int), "mx", "nv", "fp", "lt"
// One layer's input quantization, as the forward pass applies it (bits 16: none).
struct ActQuant
{
    int bits = 16;
    int groupSize = -1; // Int only: channels per group, -1 per token
    ActFormat format = ActFormat::Int;
    bool active() const { return bits < 16; }
    bool operator==(const ActQuant&) const = default;
};

// A rotation of the model before it is quantized (QuaRot, Ashkboos et al. 2024; SpinQuant's fixed
// rotations, Liu et al. 2024): R1 (n = hidden) on the residual stream, fused into the weights that read and
// write it, R2 (n = head dim) on each head's values, fused into v_proj and o_proj, and an online R4
// (n = intermediate) on the down-projection's input, its inverse fused into down_proj; every R a
// normalized Hadamard matrix (core/engine/rotation.h). Random: R1 and R2 with random signs drawn from
// the seed (QuaRot's randomized Hadamard); Hadamard: the plain matrices (llm-compressor's
// SpinQuantModifier with transform_type "hadamard").
enum class Rotation
{
    None,
    Random,
    Hadamard,
};

// The canonical name of a compute type: "float32" (also "fp32"), "bfloat16" ("bf16"), "float16"
// ("fp16", "half"); ConfigError naming the three otherwise.
std::string canonicalComputeDtype(const std::string& name);

// Bits of one module kind that differ from the config's defaults ("Scaling Law for Quantization-Aware Training":
// "everything W4A4, FC2 input 8 bit"). 0 keeps the config's value; 16 leaves that kind in full precision.
struct KindPrecision
{
    int bits = 0;
    int actBits = 0;
    std::optional<ActFormat> actFormat; // unset: the config's
    bool operator==(const KindPrecision&) const = default;
};

// The module kinds of a transformer block that quantization acts on.
const std::vector<std::string>& layerKinds(); // q, k, v, o, gate, up, down

struct QuantConfig
{
    QuantMethod method = QuantMethod::Rtn;
    int bits = 4;       // 2..8 for rtn and gptq; what quantMethods() allows for the others
    int groupSize = -1; // -1: one scale per output channel; 0: one per tensor (fp8); otherwise columns per group
    bool symmetric = true;
    // nf4 / fp4 only: the block absmax stored as 8-bit codes of blocks of 256 (bitsandbytes' double
    // quantization, compress_statistics).
    bool doubleQuant = true;
    // fp8 only: the element format, "e4m3" (float8_e4m3fn, max 448) or "e5m2" (max 57344).
    std::string element = "e4m3";
    // awq only: AutoAWQ's search of a clipping threshold per row and group after the scaling (llm-compressor,
    // whose numbers AWQ reproduces, has none: off by default).
    bool clip = false;
    // GPTQ only (as the GPTQ reference implementation has them): act-order, damping, lazy block size; and
    // for the calibrated methods (GPTQ, AWQ) the calibration set — sequences of calibSeqLen bytes drawn from
    // the run's training text with calibSeed (documents of the calibration file on Hugging Face runs).
    bool actOrder = true;
    double percDamp = 0.01;
    int blockSize = 128;
    int calibSequences = 32;
    int calibSeqLen = 128;
    uint64_t calibSeed = 0;
    // Activation fake quantization of every linear layer's input (W4A4-style runs): symmetric absmax
    // per token, or per group of actGroupSize channels inside a token. 16 = not quantized.
    int actBits = 16;
    int actGroupSize = -1;
    ActFormat actFormat = ActFormat::Int;
    // Mixed precision: per module kind overrides of bits / actBits.
    std::map<std::string, KindPrecision> overrides;
    // The type the forward pass, the evaluation and the calibration activations are computed in:
    // "float32", "bfloat16" or "float16" (the sweep's --dtype; GPTQ's Hessian and Cholesky and the
    // statistics stay float32). Not part of the id: the store keeps it in the config's JSON (written
    // when not float32), so results of two types never mix under one config.
    std::string computeDtype = "float32";
    // The model rotated before quantization (spec rot, rot<seed>, rotd); not for awq, whose scales
    // would mix under R1. "none:rot" rotates only: the FP model's function in another float rounding.
    Rotation rotation = Rotation::None;
    uint64_t rotationSeed = 0; // Random only

    // The full-precision reference every sweep measures first (id "fp").
    static QuantConfig fullPrecision();
    bool isFullPrecision() const
    {
        return method == QuantMethod::None && actBits == 16 && overrides.empty() && rotation == Rotation::None;
    }
    // Weight / activation bits the layer of module kind `kind` gets (16 = full precision).
    int weightBitsFor(const std::string& kind) const;
    int actBitsFor(const std::string& kind) const;
    ActQuant actQuantFor(const std::string& kind) const;
    bool quantizesActivations() const;

    void validate() const;
    // Stable, human-readable id used as the store group name, e.g. "rtn_w4_g32_sym", "gptq_w3_g128_sym_act",
    // "rtn_w4_g128_sym_a4_down.a8", "fp_a4", "fp", "nf4_w4_g64_dq", "mxfp4_w4_g32_a4mx_down.a8mx",
    // "fp8_w8_e4m3_pc_a8fp", "hqq_w3_g64", "awq_w4_g128_cal64x2048_clip".
    std::string id() const;
    // Short label for legends, e.g. "RTN W4 g32 sym", "RTN W4A4 g128 sym, down A8", "W16A4".
    std::string label() const;
    std::string toJson() const;
    static QuantConfig fromJson(const std::string& json);
    // Parses the CLI shorthand: method, then (except for "none", and optional where the method's name
    // fixes them: nf4, fp4, mxfp4, mxfp8, nvfp4, fp8) bits, then options in any order: pc | pt | g<N>
    // (weight groups; pt: per tensor), sym | asym, act | noact (GPTQ act-order), cal<N>x<T> (GPTQ and AWQ
    // calibration: N sequences of T tokens; part of the id when not the default 32x128), damp<F>, clip |
    // noclip (AWQ's clipping search), dq |
    // nodq (nf4/fp4 double quantization), e4m3 | e5m2 (fp8 elements), a<B> | a<B>g<N> | a<B>mx | a<B>nv |
    // a<B>fp (activations: integers per token or per group of N channels, MX, NVFP4, FP8 per token),
    // <kind>=w<B>a<B>[fmt] | <kind>=w<B> | <kind>=a<B>[fmt] (mixed precision). E.g. "rtn:4:g32:sym",
    // "gptq:3:g128:sym:act", "rtn:4:g128:a4:down=a8", "none:a4", "nf4", "mxfp4:a4mx:down=a8mx",
    // "fp8:pt:a8fp", "hqq:3", "awq:4:g128:cal64x2048"; rot | rot<seed> | rotd rotates the model first
    // (QuaRot's random Hadamard rotations with seed 0 or <seed>, or the plain Hadamard ones), e.g.
    // "rtn:4:g128:a4:rot", "gptq:4:g128:a4:rotd".
    static QuantConfig parse(const std::string& spec);
    bool operator==(const QuantConfig&) const = default;
};

} // namespace qs
