// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A store as QuantScope writes it, with every file its rows name: a trained run, its LAWA run, an
// imported Hugging Face trajectory, the FP reference, RTN and GPTQ configs (one sparse), profiles and a
// fit. Values are literals of their position (soundValue), so a test can tell every number from every
// other. `quantscope check` finds nothing in it; the check and repair tests damage copies of it.

#include "core/common/kinds.h"
#include "core/common/metrics.h"
#include "core/config/config.h"
#include "core/formats/hfconfig.h"
#include "core/formats/safetensors.h"
#include "core/hf/hfrun.h"
#include "core/scalinglaws/laws.h"
#include "core/scalinglaws/serialization.h"
#include "core/store/store.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace qs::test {

inline const char* const soundRun = "tiny";
inline const char* const soundLawa = "tiny.lawa2";
inline const char* const soundHf = "pythia-mini";
inline const char* const soundFit = "chinchilla";
// A Llama config.json of one block, as an import records it.
inline const char* const soundHfConfig = R"({"model_type": "llama", "hidden_size": 16, "intermediate_size": 32, )"
                                         R"("num_hidden_layers": 1, "num_attention_heads": 4, "vocab_size": 32})";

inline const double soundNan = std::numeric_limits<double>::quiet_NaN();

// A value for (config, checkpoint, metric, layer) distinct from every other, exact in float32.
inline double soundValue(int config, int checkpoint, int metric, int layer = 0)
{
    return 1.0 + config * 0.25 + checkpoint * 0.03125 + metric * 2.0 + layer * 0.0078125;
}

// Two blocks of the byte-level LM: q, k, v, o 32 × 32, gate and up 64 × 32, down 32 × 64.
inline std::vector<LayerInfo> soundLayers()
{
    std::vector<LayerInfo> layers;
    for (int b = 0; b < 2; ++b) {
        for (const char* kind : layerkinds::blockOrder) {
            const std::string k = kind;
            const bool mlpIn = k == layerkinds::gate || k == layerkinds::up;
            const std::string module =
                mlpIn || k == layerkinds::down ? "mlp." + k + "_proj" : "self_attn." + k + "_proj";
            layers.push_back({"model.layers." + std::to_string(b) + "." + module + ".weight", b, k, mlpIn ? 64 : 32,
                              k == layerkinds::down ? 64 : 32});
        }
    }
    return layers;
}

// The result of config number `config` at `checkpoint` for `layers`: every model metric a sweep writes,
// w_rel_err and sqnr_db, GPTQ's own, and for the FP reference the input statistics and a profile.
inline ResultEntry soundEntry(int config, int checkpoint, const std::vector<LayerInfo>& layers, bool gptq, bool fp)
{
    ResultEntry e;
    const double ce = 2.0 + soundValue(config, checkpoint, 0) / 16.0;
    const double fpCe = 2.0 + soundValue(0, checkpoint, 0) / 16.0;
    e.model = {{metrics::ce, ce},
               {metrics::fpCe, fpCe},
               {metrics::deltaCe, ce - fpCe},
               {metrics::relCe, ce / fpCe - 1.0},
               {metrics::ppl, std::exp(ce)},
               {metrics::klMean, fp ? 0.0 : soundValue(config, checkpoint, 1) / 64.0},
               {metrics::klMedian, fp ? 0.0 : soundValue(config, checkpoint, 2) / 64.0},
               {metrics::klP99, fp ? 0.0 : soundValue(config, checkpoint, 3) / 64.0},
               {metrics::top1Agree, fp ? 1.0 : 1.0 - soundValue(config, checkpoint, 4) / 64.0}};
    std::vector<const char*> layerMetrics = {metrics::wRelErr, metrics::sqnrDb};
    if (gptq)
        layerMetrics.insert(layerMetrics.end(), {metrics::gptqLoss, metrics::dampUsed});
    if (fp)
        layerMetrics.insert(layerMetrics.end(),
                            {metrics::actKurtosis, metrics::actAbsmax, metrics::actAbsmaxMedian, metrics::actOutliers});
    for (size_t m = 0; m < layerMetrics.size(); ++m) {
        std::vector<double>& values = e.layers[layerMetrics[m]];
        for (size_t l = 0; l < layers.size(); ++l)
            values.push_back(fp && m == 0 ? 0.0 : soundValue(config, checkpoint, int(m) + 5, int(l)));
    }
    if (fp) {
        auto& profile = e.profiles[metrics::actChannelAbsmax];
        for (size_t l = 0; l < layers.size(); ++l) {
            std::vector<float> channels;
            for (int c = 0; c < layers[l].cols; ++c)
                channels.push_back(float(checkpoint * 1000 + int(l) * 100 + c) + 0.5f);
            profile.push_back(std::move(channels));
        }
    }
    return e;
}

inline void writeTinyCheckpoint(const QString& path)
{
    QDir().mkpath(QFileInfo(path).path());
    writeSafetensors(path.toStdString(), {{"w", {2, 2}, {1.0f, 2.0f, 3.0f, 4.0f}}}, DType::F32);
}

struct SoundStore
{
    QString path;
    QByteArray beforeLastEntry; // the file before its last result entry was published
};

// Everything but the last entry, with the checkpoint files and revision folders in `dir`.
inline void writeSoundContent(Store& store, const QString& dir)
{
    const std::vector<LayerInfo> layers = soundLayers();
    const QuantConfig fp = QuantConfig::fullPrecision();
    const QuantConfig rtn = QuantConfig::parse("rtn:4:g128");
    const QuantConfig gptq = QuantConfig::parse("gptq:3:g128:sym:act");
    {
        StoreBatch batch(store);
        RunInfo info;
        info.name = soundRun;
        info.modelConfigJson = ModelConfig().toJson();
        info.trainConfigJson = TrainConfig().toJson();
        info.corpus = "KJV Bible";
        info.corpusPath = "kjv.txt";
        info.schedule = "wsd";
        store.createRun(info, layers);
        std::vector<LogRow> log;
        for (int s = 1; s <= 100; ++s)
            log.push_back({s, int64_t(s) * 2048, 0.003 * std::min(1.0, s / 10.0), 5.5 - s * 0.015625});
        store.appendLog(soundRun, log);
        store.appendValidation(soundRun,
                               {{25, 51200, 4.5}, {50, 102400, 4.25}, {75, 153600, 4.0}, {100, 204800, 3.75}});
        for (int k = 0; k < 5; ++k) {
            const QString file = QStringLiteral("ckpt/step%1.safetensors").arg((k + 1) * 20);
            writeTinyCheckpoint(QDir(dir).filePath(file));
            store.appendCheckpoint(soundRun,
                                   {int64_t(k + 1) * 20, int64_t(k + 1) * 40960, 0.003 - k * 0.0005, 3.0 - k * 0.125,
                                    file.toStdString(), "trained", "", ""});
        }
        store.ensureConfig(soundRun, fp.id(), fp.toJson());
        store.ensureConfig(soundRun, rtn.id(), rtn.toJson());
        store.ensureConfig(soundRun, gptq.id(), gptq.toJson());
        for (int k = 0; k < 5; ++k) {
            store.writeResult(soundRun, fp.id(), k, soundEntry(0, k, layers, false, true));
            if (k < 4)
                store.writeResult(soundRun, rtn.id(), k, soundEntry(1, k, layers, false, false));
            if (k % 2 == 0)
                store.writeResult(soundRun, gptq.id(), k, soundEntry(2, k, layers, true, false));
        }
        batch.commit();
    }
    {
        StoreBatch batch(store);
        RunInfo info = store.runInfo(soundRun);
        info.name = soundLawa;
        info.parent = soundRun;
        info.parentStep = -1;
        store.createRun(info, layers);
        for (int k = 0; k < 2; ++k) {
            const int step = 60 + 40 * k;
            const QString file = QStringLiteral("lawa/step%1.safetensors").arg(step);
            writeTinyCheckpoint(QDir(dir).filePath(file));
            const std::string provenance = R"({"method":"lawa","window":2,"stride":1,"sources":[{"run":"tiny","step":)"
                + std::to_string(step - 20) + R"(},{"run":"tiny","step":)" + std::to_string(step) + "}]}";
            store.appendCheckpoint(
                soundLawa,
                {step, int64_t(step) * 2048, 0.002, 2.875 - k * 0.25, file.toStdString(), "averaged", provenance, ""});
        }
        store.ensureConfig(soundLawa, fp.id(), fp.toJson());
        store.ensureConfig(soundLawa, rtn.id(), rtn.toJson());
        for (int k = 0; k < 2; ++k) {
            store.writeResult(soundLawa, fp.id(), k, soundEntry(3, k, layers, false, true));
            store.writeResult(soundLawa, rtn.id(), k, soundEntry(4, k, layers, false, false));
        }
        batch.commit();
    }
    {
        StoreBatch batch(store);
        const std::vector<LayerInfo> hfLayers = HfArch::fromJson(soundHfConfig, "config.json").quantizableLayers();
        HfEvalData data;
        data.data = QDir(dir).filePath(QStringLiteral("wiki.npy")).toStdString();
        RunInfo info;
        info.name = soundHf;
        info.modelConfigJson = soundHfConfig;
        info.corpus = data.describe();
        info.corpusPath = "wiki.npy";
        info.schedule = "wsd";
        info.source = data.toJson();
        store.createRun(info, hfLayers);
        std::vector<LogRow> log;
        for (int k = 0; k < 2; ++k) {
            const QString folder = QStringLiteral("revisions/step%1").arg((k + 1) * 1000);
            writeTinyCheckpoint(QDir(dir).filePath(folder + QStringLiteral("/model.safetensors")));
            const double lr = 0.001 / (k + 1);
            store.appendCheckpoint(soundHf,
                                   {int64_t(k + 1) * 1000, int64_t(k + 1) * 2048000, lr, k == 0 ? 3.5 : soundNan,
                                    folder.toStdString(), "hf", "", ""});
            log.push_back({int64_t(k + 1) * 1000, int64_t(k + 1) * 2048000, lr, soundNan});
        }
        store.appendLog(soundHf, log);
        store.ensureConfig(soundHf, rtn.id(), rtn.toJson());
        store.writeResult(soundHf, rtn.id(), 0, soundEntry(5, 0, hfLayers, false, false));
        store.writeResult(soundHf, rtn.id(), 1, soundEntry(5, 1, hfLayers, false, false));
        store.saveFit(soundFit, scaling::lawToJson(scaling::Law::chinchilla(scaling::ChinchillaPreset::Hoffmann2022)));
        batch.commit();
    }
}

// Writes the store `name` in `dir`, with its checkpoint files and revision folders.
inline SoundStore writeSoundStore(const QString& dir, const QString& name = QStringLiteral("study.h5"))
{
    SoundStore sound;
    sound.path = QDir(dir).filePath(name);
    {
        Store store = Store::create(sound.path.toStdString());
        writeSoundContent(store, dir);
    }
    // The last entry alone, by a new writer (a sweep run later): its first change copies the store into a
    // fresh shadow, so the published file differs from the one before only where the entry wrote (the
    // truncation tests cut inside those bytes too).
    QFile file(sound.path);
    if (file.open(QIODevice::ReadOnly))
        sound.beforeLastEntry = file.readAll();
    Store sweep = Store::open(sound.path.toStdString(), Store::Mode::ReadWrite);
    sweep.writeResult(soundRun, QuantConfig::parse("rtn:4:g128").id(), 4,
                      soundEntry(1, 4, soundLayers(), false, false));
    return sound;
}

} // namespace qs::test
