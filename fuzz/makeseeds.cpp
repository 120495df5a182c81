// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Writes the seeds of fuzz/corpus/ that the project's own writers make: safetensors files, results
// stores, scaling-law JSON, and .npy / raw token files. The other text seeds are written by hand.
//
//     fuzz_makeseeds SOURCE_DIR/fuzz/corpus

#include "core/formats/safetensors.h"
#include "core/scalinglaws/serialization.h"
#include "core/store/store.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

fs::path root;

void writeBytes(const std::string& harness, const std::string& name, const std::string& bytes)
{
    fs::create_directories(root / harness);
    std::ofstream(root / harness / name, std::ios::binary) << bytes;
}

void safetensors()
{
    const fs::path dir = root / "safetensors";
    fs::create_directories(dir);
    qs::writeSafetensors((dir / "f32.safetensors").string(),
                         {{"w", {2, 3}, {1, 2, 3, 4, 5, 6}}, {"b", {3}, {0.5f, -1, 1e-8f}}}, qs::DType::F32);
    qs::writeSafetensors((dir / "bf16-metadata.safetensors").string(),
                         {{"model.embed_tokens.weight", {4, 2}, {1, -2, 3, -4, 5, -6, 7, -8}}, {"empty", {0, 4}, {}}},
                         qs::DType::BF16, {{"format", "pt"}, {"step", "40000"}});
    qs::writeSafetensors((dir / "f16.safetensors").string(), {{"x", {2, 2}, {65504, -0.0f, 6e-8f, 1}}}, qs::DType::F16);
    // Buffers real checkpoints carry, which are listed but never read as weights.
    const std::string header = R"({"mask":{"dtype":"BOOL","shape":[2,2],"data_offsets":[0,4]},)"
                               R"("pos":{"dtype":"I64","shape":[1],"data_offsets":[4,12]}})";
    std::string file(8, '\0');
    for (int i = 0; i < 8; ++i)
        file[size_t(i)] = char((header.size() >> (8 * i)) & 0xff);
    writeBytes("safetensors", "buffers.safetensors", file + header + std::string("\1\0\0\1", 4) + std::string(8, '\0'));
}

void npy(const std::string& name, const std::string& descr, const std::string& shape, const std::string& data,
         int major = 1)
{
    std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
    const size_t prefix = major == 1 ? 10 : 12;
    header.append((64 - (prefix + header.size() + 1) % 64) % 64, ' ');
    header += '\n';
    std::string file = std::string("\x93NUMPY", 6) + char(major) + '\0';
    const size_t n = header.size();
    file += char(n & 0xff);
    file += char((n >> 8) & 0xff);
    if (major != 1) {
        file += char((n >> 16) & 0xff);
        file += char((n >> 24) & 0xff);
    }
    writeBytes("tokenfile", name, file + header + data);
}

void tokenFiles()
{
    npy("u2.npy", "<u2", "(3,)", std::string("\1\0\2\0\xff\0", 6));
    npy("i8-2d.npy", "<i8", "(1, 2)", std::string("\5\0\0\0\0\0\0\0\7\0\0\0\0\0\0\0", 16), 2);
    npy("u1.npy", "|u1", "(4,)", "\1\2\3\4");
    writeBytes("tokenfile", "raw.bin", std::string("\1\0\2\0\3\0\4\0", 8));
}

void store()
{
    const fs::path dir = root / "store";
    fs::create_directories(dir);
    const fs::path path = dir / "store.h5";
    fs::remove(path);
    qs::Store s = qs::Store::create(path.string());
    qs::RunInfo info;
    info.name = "r";
    info.modelConfigJson = R"({"d_model": 8})";
    info.trainConfigJson = "{}";
    info.corpus = "kjv";
    info.corpusPath = "kjv.txt";
    info.schedule = "wsd";
    info.parent = "p";
    info.parentStep = 20;
    s.createRun(info, {{"l0.q", 0, "q", 2, 3}, {"l0.down", 0, "down", 3, 2}});
    s.appendValidation("r", {{0, 0, 5.5}});
    qs::CheckpointRow c;
    c.step = 0;
    c.path = "ckpt/0.safetensors";
    s.appendCheckpoint("r", c);
    c.step = 20;
    c.kind = "averaged";
    c.provenance = R"({"method": "lawa"})";
    s.appendCheckpoint("r", c);
    s.ensureConfig("r", "fp", R"({"method": "none"})");
    qs::ResultEntry e;
    e.model = {{"ce", 2.5}, {"rel_ce", 0.0}};
    e.layers = {{"w_rel_err", {0.1, 0.2}}};
    e.profiles = {{"act_channel_absmax", {{1, 2, 3}, {4, 5}}}};
    s.writeResult("r", "fp", 1, e);
    s.saveFit("chinchilla", R"({"format": "quantscope-scaling-law"})");
    fs::remove(dir / "empty.h5");
    qs::Store::create((dir / "empty.h5").string());
}

void scalingLaws()
{
    using namespace qs::scaling;
    writeBytes("scalingjson", "chinchilla-hoffmann.json", lawToJson(Law::chinchilla(ChinchillaPreset::Hoffmann2022)));
    writeBytes("scalingjson", "qat.json", lawToJson(Law::qat(), 0));
    Law fitted = Law::w4a4(W4A4Variant::WeightOnly);
    fitted.setCoefficient("k", 12.5, Source::Fit, "fit to points.csv");
    fitted.setConfidenceInterval("k", std::make_pair(11.9, 13.2));
    FitInfo fit;
    fit.dataSource = "points.csv";
    fit.target = "delta";
    fit.points = 30;
    fit.heldOutPoints = 3;
    fit.trainMre = 0.004;
    fit.huberDelta = 1e-3;
    fit.objective = 0.25;
    fit.starts = 16;
    fit.startsConverged = 16;
    fit.converged = true;
    fit.date = "2026-01-01T00:00:00Z";
    fitted.setFitInfo(fit);
    writeBytes("scalingjson", "w4a4-fitted.json", lawToJson(fitted));
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s SOURCE_DIR/fuzz/corpus\n", argv[0]);
        return 2;
    }
    root = argv[1];
    safetensors();
    tokenFiles();
    store();
    scalingLaws();
    return 0;
}
