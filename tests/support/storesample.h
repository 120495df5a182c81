// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The sample store of the store tests: literals the tests compare against, never earlier reads.

#include "core/store/store.h"
#include "tests/support/testutils.h"

#include <QString>

#include <cstring>
#include <limits>
#include <optional>
#include <vector>

namespace qs::test {

inline const double qnan = std::numeric_limits<double>::quiet_NaN();

// NaN-aware and exact: the store must give back the very bits it was given.
inline bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0; // NOLINT(bugprone-suspicious-memory-comparison): the bits
}

inline bool sameBits(const std::vector<double>& a, const std::vector<double>& b)
{
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

// The message of the E that f throws; nullopt if it throws nothing or something else.
template<class E, class F>
inline std::optional<QString> thrownMessage(F&& f)
{
    try {
        f();
    } catch (const E& e) {
        return QString::fromUtf8(e.what());
    } catch (const std::exception& e) {
        qWarning("unexpected exception: %s", e.what());
    }
    return std::nullopt;
}

// What the sample store holds; the tests compare against these literals, not against earlier reads.
inline const char* const runName = "tiny-wsd";

inline RunInfo sampleRunInfo()
{
    RunInfo info;
    info.name = runName;
    info.modelConfigJson = R"({"d_model":64,"n_layers":2})";
    info.trainConfigJson = R"({"lr":0.003,"steps":100})";
    info.corpus = "KJV Bible \xe2\x80\x94 Genesis (\xc3\xbcnicode)";
    info.corpusPath = "corpus/kjv.txt";
    info.schedule = "wsd";
    return info;
}

inline std::vector<LayerInfo> sampleLayers()
{
    return {{"model.layers.0.self_attn.q_proj.weight", 0, "q", 64, 64},
            {"model.layers.0.mlp.down_proj.weight", 0, "down", 64, 256},
            {"model.layers.1.mlp.up_proj.weight", 1, "up", 256, 64}};
}

inline std::vector<LogRow> sampleLog(int from, int to)
{
    std::vector<LogRow> rows;
    for (int s = from; s <= to; ++s)
        rows.push_back({s, int64_t(s) * 4096 + (int64_t(1) << 40), 0.001 * s, 5.0 - 0.25 * s});
    return rows;
}

inline const std::vector<ValRow> sampleVal = {{2, 8192, 4.5}, {4, 16384, 4.0}};

inline const std::vector<CheckpointRow> sampleCheckpoints = {
    {10, 40960, 0.003, 3.9, "ckpt/step10.safetensors", "trained", "", ""},
    {20, 81920, 0.002, qnan, "ckpt/step20.safetensors", "averaged", R"({"method":"lawa","window":2})", ""},
    {30, 122880, 0.0005, 2.5, "/abs/step30.safetensors", "branch", R"({"from":{"run":"r","step":30}})", ""},
};

inline const char* const rtnId = "rtn-w4-g128";
inline const char* const rtnJson = R"({"method":"rtn","bits":4,"group":128})";
inline const char* const gptqId = "gptq_w3.v1";
inline const char* const gptqJson = R"({"method":"gptq","bits":3,"damp":0.01})";

inline ResultEntry rtnRow0()
{
    return {{{"ce", 4.0}, {"delta_ce", 0.1}}, {{"w_rel_err", {0.1, 0.2, 0.3}}, {"sqnr_db", {20.0, 18.0, 16.0}}}, {}};
}

inline ResultEntry rtnRow2()
{
    return {
        {{"ce", 2.75}, {"delta_ce", 0.25}}, {{"w_rel_err", {0.15, 0.25, 0.35}}, {"sqnr_db", {19.0, 17.0, 15.0}}}, {}};
}

inline ResultEntry gptqRow1()
{
    return {{{"ce", 3.5}, {"kl_mean", 0.0625}}, {{"gptq_loss", {1.5, 2.5, 3.5}}}, {}};
}

inline void writeSample(Store& store)
{
    store.createRun(sampleRunInfo(), sampleLayers());
    store.appendLog(runName, sampleLog(1, 5));
    store.appendValidation(runName, sampleVal);
    for (const CheckpointRow& row : sampleCheckpoints)
        store.appendCheckpoint(runName, row);
    store.setCheckpointFpCe(runName, 1, 3.125);
    store.ensureConfig(runName, rtnId, rtnJson);
    store.ensureConfig(runName, gptqId, gptqJson);
    store.writeResult(runName, rtnId, 0, rtnRow0());
    store.writeResult(runName, rtnId, 2, rtnRow2());
    store.writeResult(runName, gptqId, 1, gptqRow1());
}

// A profile value for (checkpoint, layer, channel), distinct for every triple and exact in float32:
// checkpoint·10⁴ + layer·10³ + channel + 0.5 (all below 2²⁴, halves are exact).
inline float profileValue(int checkpoint, int layer, int channel)
{
    return float(checkpoint * 10000 + layer * 1000 + channel) + 0.5f;
}

// One vector per sample layer, with exactly that layer's cols (64, 256, 64) values.
inline std::vector<std::vector<float>> sampleProfile(int checkpoint, float scale = 1.0f)
{
    std::vector<std::vector<float>> perLayer;
    const auto layers = sampleLayers();
    for (size_t l = 0; l < layers.size(); ++l) {
        std::vector<float> values;
        for (int c = 0; c < layers[l].cols; ++c)
            values.push_back(scale * profileValue(checkpoint, int(l), c));
        perLayer.push_back(std::move(values));
    }
    return perLayer;
}

inline ResultEntry withProfiles(ResultEntry entry, int checkpoint)
{
    entry.profiles["act_channel_absmax"] = sampleProfile(checkpoint);
    entry.profiles["act_channel_rms"] = sampleProfile(checkpoint, 0.25f);
    return entry;
}

} // namespace qs::test
