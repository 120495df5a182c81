// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation protocol of Hugging Face sweeps (core/hf/hfprotocol.h) and the memory plan
// that keeps a sweep inside its budget (core/engine/hfmemory.h): evaluation blocks and their targets
// against Hugging Face's strided labels=input_ids recipe written out here independently, calibration
// documents and windows from text, JSON lines and token files, the recorded protocol, the GPTQ
// damping of a quantization spec, and the plan's choices as the evaluation set grows.

#include "core/common/errors.h"
#include "core/config/config.h"
#include "core/engine/hfmemory.h"
#include "core/formats/hfconfig.h"
#include "core/hf/hfprotocol.h"
#include "core/hf/hfrun.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <functional>
#include <numeric>
#include <set>

using namespace qs;

namespace {

// Hugging Face's strided evaluation (the "Perplexity of fixed-length models" recipe): windows of L
// tokens every S tokens; a window's labels are its input ids with the first L − trg_len set to −100,
// trg_len = end − previous end; the model shifts labels by one inside the window. Returns, per window,
// the (position in window, target id) pairs that are scored.
std::vector<std::vector<std::pair<int64_t, int32_t>>> hfRecipe(const std::vector<int32_t>& ids, int64_t L, int64_t S,
                                                               int64_t budget)
{
    std::vector<std::vector<std::pair<int64_t, int32_t>>> out;
    int64_t prevEnd = 0;
    for (int64_t begin = 0; begin + L <= budget; begin += S) {
        const int64_t end = begin + L;
        const int64_t trgLen = end - prevEnd;
        std::vector<int64_t> labels(static_cast<size_t>(L), 0);
        for (int64_t j = 0; j < L; ++j)
            labels[size_t(j)] = j < L - trgLen ? -100 : ids[size_t(begin + j)];
        std::vector<std::pair<int64_t, int32_t>> scored;
        for (int64_t j = 0; j + 1 < L; ++j) // logits[j] against labels[j + 1]
            if (labels[size_t(j + 1)] != -100)
                scored.push_back({j, int32_t(labels[size_t(j + 1)])});
        out.push_back(scored);
        prevEnd = end;
    }
    return out;
}

HfArch smallArch(int64_t hidden, int64_t layers, int64_t vocab)
{
    nlohmann::json j = {{"model_type", "llama"},
                        {"hidden_size", hidden},
                        {"intermediate_size", 4 * hidden},
                        {"num_hidden_layers", layers},
                        {"num_attention_heads", hidden / 64},
                        {"num_key_value_heads", hidden / 64},
                        {"vocab_size", vocab},
                        {"max_position_embeddings", 4096},
                        {"rms_norm_eps", 1e-5},
                        {"rope_theta", 10000.0}};
    return HfArch::fromJson(j.dump(), "test");
}

} // namespace

class TstHfProtocol : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    std::string write(const QString& name, const std::string& bytes)
    {
        const std::string path = m_dir.filePath(name).toStdString();
        std::ofstream(path, std::ios::binary) << bytes;
        return path;
    }

private Q_SLOTS:
    void blocksFollowHfRecipe_data()
    {
        QTest::addColumn<int>("length");
        QTest::addColumn<int>("stride");
        QTest::addColumn<int>("budget");
        QTest::newRow("non-overlapping") << 8 << 8 << 64;
        QTest::newRow("half stride") << 8 << 4 << 64;
        QTest::newRow("stride 1") << 6 << 1 << 20;
        QTest::newRow("budget not a multiple") << 8 << 3 << 50;
    }

    void blocksFollowHfRecipe()
    {
        QFETCH(int, length);
        QFETCH(int, stride);
        QFETCH(int, budget);
        std::vector<int32_t> stream(200);
        std::iota(stream.begin(), stream.end(), 1000); // each id names its position
        HfEvalData data;
        data.data = "eval.bin";
        data.calibData = "calib.jsonl"; // its own calibration source: the blocks start at the stream's start
        data.seqLen = length;
        data.stride = stride;
        data.tokenBudget = budget;
        const EvaluationBlocks b = evaluationBlocks(data, stream);
        const auto expected = hfRecipe(stream, length, stride, budget);
        QCOMPARE(b.windows, int64_t(expected.size()));
        int64_t scored = 0;
        std::set<int32_t> targets;
        for (int64_t w = 0; w < b.windows; ++w) {
            for (int64_t j = 0; j < length; ++j)
                QCOMPARE(b.inputs[size_t(w * length + j)], int64_t(stream[size_t(w * stride + j)]));
            std::vector<std::pair<int64_t, int32_t>> got;
            for (int64_t j = 0; j < length; ++j)
                if (b.targets[size_t(w * length + j)] >= 0)
                    got.push_back({j, int32_t(b.targets[size_t(w * length + j)])});
            QCOMPARE(got, expected[size_t(w)]);
            for (const auto& [j, t] : got)
                QVERIFY2(targets.insert(t).second, "a token is scored twice");
            scored += int64_t(got.size());
        }
        QCOMPARE(b.scored, scored);
        // Overlapping blocks score every token after the first of the span once; blocks that do not
        // overlap leave each block's first token unscored (it has no context inside its block).
        QCOMPARE(scored, int64_t(length - 1) + (b.windows - 1) * std::min(stride, length - 1));
    }

    void legacyLayoutKept()
    {
        std::vector<int32_t> stream(100);
        std::iota(stream.begin(), stream.end(), 0);
        HfEvalData data;
        data.data = "eval.bin";
        data.scoring = "stream";
        data.seqLen = 8;
        data.valSequences = 3;
        const EvaluationBlocks b = evaluationBlocks(data, stream);
        // The last 3·8 + 1 tokens, targets running on across blocks.
        QCOMPARE(b.windows, int64_t(3));
        QCOMPARE(b.inputs.front(), int64_t(100 - 25));
        QCOMPARE(b.targets.back(), int64_t(99));
        QCOMPARE(b.scored, int64_t(24));
        // A stream with no room for calibration before the blocks is refused, naming the counts.
        std::vector<int32_t> shortStream(25);
        try {
            evaluationBlocks(data, shortStream);
            QFAIL("a stream without calibration tokens was accepted");
        } catch (const ConfigError& e) {
            QVERIFY2(std::string(e.what()).find("gives 25 tokens") != std::string::npos, e.what());
        }
    }

    void calibrationDocuments()
    {
        HfEvalData data;
        data.data = "eval.bin";
        data.calibFormat = "tokens";
        // Token files have no documents.
        std::vector<uint16_t> ids(100);
        std::iota(ids.begin(), ids.end(), uint16_t(0));
        data.calibData =
            write(QStringLiteral("calib.bin"), std::string(reinterpret_cast<const char*>(ids.data()), ids.size() * 2));
        QVERIFY_THROWS_EXCEPTION(ConfigError, calibrationSequences(data, {}, 128, 4, 10, 0));
        data.calibUnit = "windows";
        auto first = calibrationSequences(data, {}, 128, 4, 10, 0);
        QCOMPARE(first.size(), size_t(4));
        QCOMPARE(first[2].front(), 20);
        QCOMPARE(first[3].back(), 39);
        data.calibOrder = "random";
        const auto a = calibrationSequences(data, {}, 128, 4, 10, 1);
        const auto b = calibrationSequences(data, {}, 128, 4, 10, 1);
        const auto c = calibrationSequences(data, {}, 128, 4, 10, 2);
        QCOMPARE(a, b);
        QVERIFY(a != c);
        for (const auto& w : a) {
            QCOMPARE(w.size(), size_t(10));
            QCOMPARE(w.back() - w.front(), 9); // a window of consecutive tokens
        }
        // Too few windows.
        data.calibOrder = "first";
        try {
            calibrationSequences(data, {}, 128, 11, 10, 0);
            QFAIL("11 windows of 10 from 100 tokens were accepted");
        } catch (const ConfigError& e) {
            QVERIFY2(std::string(e.what()).find("calib.bin holds 10 windows, fewer than the 11") != std::string::npos,
                     e.what());
        }
    }

    void badCalibrationFiles()
    {
        HfEvalData data;
        data.data = "eval.bin";
        data.tokenizer = "tokenizer.json";
        data.calibData = write(QStringLiteral("bad.jsonl"), "{\"text\": \"a\"}\n{\"txt\": \"b\"}\n");
        try {
            calibrationSequences(data, {}, 128, 2, 10, 0);
            QFAIL("a JSON line without text was accepted");
        } catch (const FormatError& e) {
            QVERIFY2(std::string(e.what()).find("bad.jsonl, line 2") != std::string::npos, e.what());
        }
        data.calibData = write(QStringLiteral("broken.jsonl"), "{\"text\": \"a\"}\n{not json\n");
        try {
            calibrationSequences(data, {}, 128, 2, 10, 0);
            QFAIL("a line that is not JSON was accepted");
        } catch (const FormatError& e) {
            QVERIFY2(std::string(e.what()).find("broken.jsonl, line 2: not JSON") != std::string::npos, e.what());
        }
    }

    void dampingInTheSpec()
    {
        const QuantConfig d = QuantConfig::parse("gptq:4:g128:sym:act:damp0.05");
        QCOMPARE(d.percDamp, 0.05);
        QCOMPARE(QString::fromStdString(d.id()), QStringLiteral("gptq_w4_g128_sym_act_damp0.05"));
        QCOMPARE(QuantConfig::fromJson(d.toJson()), d);
        // The default stays out of the id, so stores keep their config ids.
        QCOMPARE(QString::fromStdString(QuantConfig::parse("gptq:4:g128:sym:act:damp0.01").id()),
                 QStringLiteral("gptq_w4_g128_sym_act"));
        QVERIFY_THROWS_EXCEPTION(ConfigError, QuantConfig::parse("gptq:4:damp1.5"));
        QVERIFY_THROWS_EXCEPTION(ConfigError, QuantConfig::parse("gptq:4:dampx"));
        QVERIFY_THROWS_EXCEPTION(ConfigError, QuantConfig::parse("rtn:4:damp0.1"));
        for (const std::string& spec : protocolPreset("paper1").quant) {
            const QuantConfig c = QuantConfig::parse(spec);
            QCOMPARE(c.groupSize, 128);
            QCOMPARE(c.percDamp, 0.01);
            QCOMPARE(c.calibSequences, 1024);
            QVERIFY(c.actOrder && c.symmetric);
        }
        QVERIFY_THROWS_EXCEPTION(ConfigError, protocolPreset("paper9"));
    }

    void evaluationSettingsChecked()
    {
        HfEvalData data;
        data.data = "eval.bin";
        data.stride = 300; // longer than a block
        QVERIFY_THROWS_EXCEPTION(ConfigError, data.validate());
        data.stride = 0;
        data.tokenBudget = 10; // less than one block of 256
        QVERIFY_THROWS_EXCEPTION(ConfigError, data.validate());
        data.tokenBudget = 0;
        data.calibUnit = "paragraphs";
        QVERIFY_THROWS_EXCEPTION(ConfigError, data.validate());
        // Round trip, and a source written before the protocol was recorded reads as the legacy layout.
        data.calibUnit = "windows";
        data.calibData = "/x/c4.jsonl";
        data.stride = 128;
        data.tokenBudget = 4096;
        const HfEvalData back = HfEvalData::fromJson(data.toJson());
        QCOMPARE(back.stride, 128);
        QCOMPARE(back.tokenBudget, int64_t(4096));
        QCOMPARE(back.calibUnit, std::string("windows"));
        QCOMPARE(back.scoring, std::string("hf"));
        const HfEvalData old = HfEvalData::fromJson(
            R"({"kind":"huggingface","tokenizer":"","data":"v.bin","seq_len":32,"val_sequences":4})");
        QCOMPARE(old.scoring, std::string("stream"));
    }

    void memoryPlanStaysFlat()
    {
        const HfArch arch = smallArch(2048, 16, 100352);
        HfMemoryRequest r;
        r.budget = int64_t(10) << 30;
        r.runtime = int64_t(300) << 20;
        r.seqLen = 2048;
        r.batch = 4;
        r.lanes = 3;
        r.gptq = true;
        r.calibrationTokens = 3 * 32 * 128;
        r.calibrationSequences = 32;
        r.calibrationLength = 128;
        int64_t firstPeak = 0;
        for (const int64_t tokens : {16384, 65536, 262144, 614400}) {
            r.valSequences = tokens / 2048;
            const HfMemoryPlan plan = planHfMemory(arch, r);
            QVERIFY2(plan.peak() <= r.budget, plan.describe().c_str());
            if (tokens == 16384) {
                QVERIFY2(!plan.spill, plan.describe().c_str()); // 4 × 128 MiB of states fit
                // The 784 MiB head and 334-token logit chunks take less than a quarter of 10 GiB.
                QVERIFY2(plan.headInMemory && plan.logitTokens == (int64_t(1) << 25) / 100352, plan.describe().c_str());
                firstPeak = plan.peak();
            }
            if (tokens == 614400) {
                QVERIFY2(plan.spill, plan.describe().c_str()); // 4 × 4.7 GiB do not
                // Spilled, the estimate grows only by the per-token KL values (4 bytes a token and config).
                QVERIFY2(plan.peak() - firstPeak < 16 * tokens, plan.describe().c_str());
                QCOMPARE(plan.scratchBytes, int64_t(4) * 614400 * 2048 * 4);
            }
        }
        // The next block is read ahead where one more block's float32 weights fit, and only then.
        r.valSequences = 8;
        const HfMemoryPlan ahead = planHfMemory(arch, r);
        QVERIFY2(ahead.readAhead, ahead.describe().c_str());
        int64_t block = 0; // bytes of one block's float32 weights
        for (const HfTensorSpec& t : arch.blockTensors(0))
            block += 4 * std::accumulate(t.shape.begin(), t.shape.end(), int64_t(1), std::multiplies<>());
        r.budget = ahead.peak() - 1;
        const HfMemoryPlan tight = planHfMemory(arch, r);
        QVERIFY2(!tight.readAhead && tight.peak() == ahead.peak() - block && tight.peak() <= r.budget,
                 tight.describe().c_str());
        r.budget = int64_t(10) << 30;
        // At 6 GiB they would take more than a quarter: the head is read in slices, 41 tokens at a time.
        r.budget = int64_t(6) << 30;
        r.valSequences = 8;
        const HfMemoryPlan sliced = planHfMemory(arch, r);
        QVERIFY2(!sliced.headInMemory && sliced.logitTokens == (int64_t(1) << 22) / 100352, sliced.describe().c_str());
        r.budget = int64_t(10) << 30;

        // The paper protocol's calibration, 1,024 documents of up to 2,048 tokens for each of two GPTQ configs (36 GiB
        // of states at hidden 2048) and the FP reference's 32: forwarded a few documents at a time, the
        // states spilled, inside the same budget.
        r.valSequences = 614400 / 2048;
        r.calibrationTokens = (2 * 1024 + 32) * 2048;
        r.calibrationSequences = 1024;
        r.calibrationLength = 2048;
        const HfMemoryPlan paper = planHfMemory(arch, r);
        QVERIFY2(paper.peak() <= r.budget, paper.describe().c_str());
        QVERIFY2(paper.calibrationChunked && paper.calibrationSpill && paper.calibrationBatch < 1024,
                 paper.describe().c_str());
        QCOMPARE(paper.calibrationStates, int64_t(2 * 1024 + 32) * 2048 * 2048 * 4);
        QVERIFY2(paper.describe().find("sequences at a time") != std::string::npos, paper.describe().c_str());
        // Asked for, chunks are used even when everything fits.
        r.calibrationTokens = 3 * 32 * 128;
        r.calibrationSequences = 32;
        r.calibrationLength = 128;
        r.calibrationChunk = 8;
        const HfMemoryPlan asked = planHfMemory(arch, r);
        QVERIFY2(asked.calibrationChunked && !asked.calibrationSpill && asked.calibrationBatch == 8,
                 asked.describe().c_str());
        r.calibrationChunk = 0;

        // Downstream tasks keep a float32 copy of the model per config and one batch's logits: taken off the
        // top of the budget (the rest still plans within it, the estimate counts them), refused by name when
        // they alone do not fit.
        int64_t model = 0;
        for (int64_t b = 0; b < arch.layers; ++b)
            for (const HfTensorSpec& t : arch.blockTensors(b))
                model += 4 * std::accumulate(t.shape.begin(), t.shape.end(), int64_t(1), std::multiplies<>());
        r.downstreamCopies = 1; // 16 blocks of 16 · 2048² float32 weights: 4.0 GiB
        r.downstreamLogits = int64_t(1) << 24;
        const HfMemoryPlan scored = planHfMemory(arch, r);
        QCOMPARE(scored.downstream, model + 2 * 4 * (int64_t(1) << 24));
        QVERIFY2(scored.peak() <= r.budget, scored.describe().c_str());
        QVERIFY2(scored.describe().find("downstream blocks and logits") != std::string::npos,
                 scored.describe().c_str());
        r.downstreamCopies = 3; // 3 × 4.0 GiB do not fit 10 GiB
        try {
            planHfMemory(arch, r);
            QFAIL("three copies of the model were planned within 10 GiB");
        } catch (const ConfigError& e) {
            QVERIFY2(std::string(e.what()).find("downstream tasks keep") != std::string::npos, e.what());
        }
        r.downstreamCopies = 0;
        r.downstreamLogits = 0;

        // AWQ keeps a block's parent inputs for its whole calibration set in memory: 128 sequences of 512
        // tokens (5.3 GiB of them at this shape) fit 16 GiB, forwarded in chunks; the paper's 1,024 of
        // 2,048 do not, and AWQ cannot spill.
        r.awqTokens = 128 * 512;
        r.budget = int64_t(16) << 30;
        r.calibrationTokens = (128 + 32) * 512;
        r.calibrationSequences = 128;
        r.calibrationLength = 512;
        HfMemoryPlan awq;
        try {
            awq = planHfMemory(arch, r);
        } catch (const ConfigError& e) {
            QFAIL(e.what());
        }
        QVERIFY2(awq.calibrationChunked && !awq.calibrationSpill && awq.peak() <= r.budget, awq.describe().c_str());
        r.calibrationTokens = (1024 + 32) * 2048;
        r.awqTokens = 1024 * 2048;
        r.calibrationSequences = 1024;
        r.calibrationLength = 2048;
        try {
            planHfMemory(arch, r);
            QFAIL("AWQ on 1,024 sequences of 2,048 tokens was planned within 16 GiB");
        } catch (const ConfigError& e) {
            QVERIFY2(std::string(e.what()).find("AWQ's states cannot be spilled") != std::string::npos, e.what());
            QVERIFY2(std::string(e.what()).find("cal<N>x<T>") != std::string::npos, e.what());
        }
        r.awqTokens = 0;
        r.budget = int64_t(10) << 30;
        r.calibrationTokens = 3 * 32 * 128;
        r.calibrationSequences = 32;
        r.calibrationLength = 128;

        // A budget below one block's weights and quantization is refused, naming what does not fit.
        r.budget = int64_t(256) << 20;
        try {
            planHfMemory(arch, r);
            QFAIL("a budget of 256 MiB was accepted for a 1B-shaped block");
        } catch (const ConfigError& e) {
            QVERIFY2(std::string(e.what()).find("budget of 256 MiB is too small") != std::string::npos, e.what());
        }
    }

    void memorySizes()
    {
        QCOMPARE(parseMemorySize("8G"), int64_t(8) << 30);
        QCOMPARE(parseMemorySize("512M"), int64_t(512) << 20);
        QCOMPARE(parseMemorySize("1.5GiB"), int64_t(3) << 29);
        QCOMPARE(parseMemorySize("2tb"), int64_t(2) << 40);
        QVERIFY_THROWS_EXCEPTION(ConfigError, parseMemorySize("8Q"));
        QVERIFY_THROWS_EXCEPTION(ConfigError, parseMemorySize("lots"));
        QVERIFY_THROWS_EXCEPTION(ConfigError, parseMemorySize("1M")); // below 64 MiB
        QVERIFY(defaultMemoryBudget() >= int64_t(1) << 30);
    }
};

QTEST_GUILESS_MAIN(TstHfProtocol)
#include "tst_hfprotocol.moc"
