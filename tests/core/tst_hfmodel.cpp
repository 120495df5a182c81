// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Hugging Face model folders (core/formats/hfconfig.h, hfweights.h, hfmodel.h): the streamed forward pass of
// each supported architecture against tests/support/hf_reference.py, an independent Python implementation on
// Debian's python3-torch, on the same random bf16/f16/f32 checkpoints (sharded as HF shards them), in
// safetensors and as torch.save state dicts (pytorch_model.bin, its shards, views into shared storages);
// and every malformed folder a user can have, with the message it must give.

#include "tests/support/hffixture.h"
#include "tests/support/numeric.h"

#include "core/common/errors.h"
#include "core/engine/hfmodel.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtEndian>

#include <limits>
#include <random>

using namespace qs;

class TstHfModel : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_made = 0;
    QString m_llama;    // made once, copied by the tests that damage it
    QString m_llamaBin; // the same as two torch.save shards

    QString copyOf(const QString& from)
    {
        const QString out = m_dir.filePath(QStringLiteral("m%1").arg(m_made++));
        QDir().mkpath(out);
        for (const QString& f : QDir(from).entryList(QDir::Files))
            QFile::copy(from + QLatin1Char('/') + f, out + QLatin1Char('/') + f);
        return out;
    }
    QString copyOfLlama() { return copyOf(m_llama); }

    // A folder made by the reference; empty with a failure recorded when it could not be made. `more`
    // adds arguments (--format bin, --bin-views, --legacy); `seed` 0 takes a new one.
    QString make(const QString& arch, const QString& config = {}, int shards = 2,
                 const QString& dtype = QStringLiteral("bf16"), const QStringList& more = {}, int seed = 0)
    {
        const QString out = m_dir.filePath(QStringLiteral("m%1").arg(m_made++));
        return test::makeHfModel(out, arch, seed ? seed : m_made, config, shards, dtype, more);
    }

    static QJsonObject readJson(const QString& path)
    {
        QFile f(path);
        f.open(QIODevice::ReadOnly);
        return QJsonDocument::fromJson(f.readAll()).object();
    }

    static void writeJson(const QString& path, const QJsonObject& json)
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QJsonDocument(json).toJson());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        torch::set_num_threads(test::threads());
        m_llama = make(QStringLiteral("llama"));
        QVERIFY(!m_llama.isEmpty());
        m_llamaBin = make(QStringLiteral("llama"), {}, 2, QStringLiteral("bf16"),
                          {QStringLiteral("--format"), QStringLiteral("bin")});
        QVERIFY(!m_llamaBin.isEmpty());
    }

    // Reference logits for `ids` [batch, length] of the folder, through hf_reference.py (which reads
    // .bin weights with torch.load itself); empty on failure.
    std::vector<float> referenceLogits(const QString& folder, std::vector<int64_t> ids, int64_t batch, int64_t length)
    {
        const QString idsPath = folder + QStringLiteral("/ids.npy");
        const QString outPath = folder + QStringLiteral("/logits.npy");
        test::writeIdsNpy(idsPath, ids, batch, length);
        QString error;
        if (!test::runReference({QStringLiteral("logits"), QStringLiteral("--model"), folder, QStringLiteral("--ids"),
                                 idsPath, QStringLiteral("--out"), outPath},
                                &error)) {
            qWarning("%s", qPrintable(error));
            return {};
        }
        std::vector<int64_t> shape;
        return test::readFloatNpy(outPath, &shape);
    }

    void logitsMatchReference_data()
    {
        QTest::addColumn<QString>("arch");
        QTest::addColumn<QString>("config");
        QTest::addColumn<int>("shards");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<int>("length");
        QTest::addRow("llama, GQA, bf16, 2 shards")
            << QStringLiteral("llama") << QString() << 2 << QStringLiteral("bf16") << 24;
        QTest::addRow("llama, tied, biases, llama3 rope, MQA")
            << QStringLiteral("llama")
            << QStringLiteral(R"({"tie_word_embeddings": true, "attention_bias": true, "mlp_bias": true,
                 "num_key_value_heads": 1, "rope_scaling": {"rope_type": "llama3", "factor": 8.0,
                 "low_freq_factor": 1.0, "high_freq_factor": 4.0, "original_max_position_embeddings": 16}})")
            << 3 << QStringLiteral("bf16") << 24;
        QTest::addRow("llama, linear rope, head_dim 32, f16, one file")
            << QStringLiteral("llama")
            << QStringLiteral(R"({"rope_scaling": {"type": "linear", "factor": 2.0}, "head_dim": 32})") << 1
            << QStringLiteral("f16") << 24;
        QTest::addRow("llama, dynamic NTK rope past max positions")
            << QStringLiteral("llama")
            << QStringLiteral(
                   R"({"max_position_embeddings": 16, "rope_scaling": {"rope_type": "dynamic", "factor": 2.0}})")
            << 2 << QStringLiteral("bf16") << 24;
        QTest::addRow("qwen2, qkv biases, f32")
            << QStringLiteral("qwen2") << QString() << 2 << QStringLiteral("f32") << 24;
        QTest::addRow("olmo2, post-norm and QK-norm")
            << QStringLiteral("olmo2") << QString() << 2 << QStringLiteral("bf16") << 24;
        QTest::addRow("smollm3, a NoPE layer, tied")
            << QStringLiteral("smollm3") << QString() << 2 << QStringLiteral("bf16") << 24;
        // OLMo-1: LayerNorm without weight or bias. clip_qkv 0.5 clamps a good share of the q, k and v
        // entries (the random projections spread over about ±1).
        QTest::addRow("olmo (OLMo-1), parameter-free LayerNorm, no clip_qkv")
            << QStringLiteral("olmo") << QString() << 2 << QStringLiteral("bf16") << 24;
        QTest::addRow("olmo, clip_qkv 0.5, GQA, attention biases, tied, f32") << QStringLiteral(
            "olmo") << QStringLiteral(R"({"clip_qkv": 0.5, "num_key_value_heads": 2, "attention_bias": true,
                 "tie_word_embeddings": true})") << 3 << QStringLiteral("f32") << 24;
        // Apertus: per-head QK-norm, llama3 RoPE (original context 16, so every branch of the scaling
        // is taken), gate-less MLP with xIELU whose alpha_p, alpha_n and beta differ per layer.
        QTest::addRow("apertus, xIELU, per-head QK-norm, llama3 rope")
            << QStringLiteral("apertus") << QString() << 2 << QStringLiteral("bf16") << 24;
        QTest::addRow("apertus, xIELU eps -0.3, attention biases, MHA, f32")
            << QStringLiteral("apertus")
            << QStringLiteral(R"({"_xielu_eps": -0.3, "attention_bias": true, "num_key_value_heads": 4})") << 1
            << QStringLiteral("f32") << 24;
        QTest::addRow("gpt_neox (Pythia), parallel residual, rotary 0.25, old buffers")
            << QStringLiteral("gpt_neox") << QStringLiteral(R"({"_extra_buffers": true})") << 2
            << QStringLiteral("bf16") << 24;
        QTest::addRow("gpt_neox, sequential residual, full rotary, gelu_new, tied")
            << QStringLiteral("gpt_neox")
            << QStringLiteral(R"({"use_parallel_residual": false, "rotary_pct": 1.0, "hidden_act": "gelu_new",
                 "tie_word_embeddings": true})")
            << 3 << QStringLiteral("bf16") << 24;
    }

    void logitsMatchReference()
    {
        QFETCH(QString, arch);
        QFETCH(QString, config);
        QFETCH(int, shards);
        QFETCH(QString, dtype);
        QFETCH(int, length);
        const QString folder = make(arch, config, shards, dtype);
        QVERIFY(!folder.isEmpty());

        const HfModel model = HfModel::open(folder.toStdString());
        const int64_t batch = 2;
        std::mt19937_64 rng(uint64_t(length) * 7919u + uint64_t(shards));
        std::uniform_int_distribution<int64_t> pick(0, model.arch().vocab - 1);
        std::vector<int64_t> ids(size_t(batch * length));
        for (auto& id : ids)
            id = pick(rng);
        const QString idsPath = folder + QStringLiteral("/ids.npy");
        const QString outPath = folder + QStringLiteral("/logits.npy");
        test::writeIdsNpy(idsPath, ids, batch, length);
        QString error;
        QVERIFY2(test::runReference({QStringLiteral("logits"), QStringLiteral("--model"), folder,
                                     QStringLiteral("--ids"), idsPath, QStringLiteral("--out"), outPath},
                                    &error),
                 qPrintable(error));
        std::vector<int64_t> shape;
        const std::vector<float> reference = test::readFloatNpy(outPath, &shape);
        QCOMPARE(shape, (std::vector<int64_t> {batch, length, model.arch().vocab}));

        const auto idsTensor = torch::from_blob(ids.data(), {batch, length}, torch::kInt64).clone();
        const auto logits = model.forward(idsTensor).contiguous();
        QCOMPARE(logits.sizes().vec(), shape);
        const auto expected = torch::from_blob(const_cast<float*>(reference.data()), logits.sizes(), torch::kFloat32);
        const double maxDiff = (logits - expected).abs().max().item<double>();
        const double spread = expected.std().item<double>();
        qInfo("%s: max |Δlogit| = %.2e (logits spread %.2f)", qPrintable(arch), maxDiff, spread);
        QVERIFY2(spread > 0.3, "the reference logits barely vary: the check would be weak");
        // Two float32 forward passes of the same weights, on whatever BLAS and ATen kernels each process
        // picks, agree to a few units in the last place of the largest logit: measured up to 1.5e-5 at
        // max |logit| 57 (tied embeddings) and 2e-6 at 4.5 across OpenBLAS kernels, ATen capabilities and
        // thread counts, about 4 ulps. The bound, 64 ulps of the largest logit, keeps a margin of 20x; a
        // wrong RoPE, norm or activation is off by 1e-2 or more.
        const double scale = expected.abs().max().item<double>();
        QS_VERIFY_BELOW("max_abs_dlogit", maxDiff, 64.0 * test::float32Eps * std::max(1.0, scale));
    }

    // The per-block pieces the sweep uses give the same logits as forward().
    void blockByBlockEqualsForward()
    {
        const QString folder = make(QStringLiteral("olmo2"));
        QVERIFY(!folder.isEmpty());
        const HfModel model = HfModel::open(folder.toStdString());
        const auto ids = torch::randint(0, model.arch().vocab, {3, 10}, torch::kInt64);
        torch::NoGradGuard noGrad;
        const auto whole = model.forward(ids);
        const HfRope rope = model.rope(10);
        auto x = model.embed(ids);
        int hooks = 0;
        for (int64_t b = 0; b < model.arch().layers; ++b) {
            HfBlock block = model.loadBlock(b);
            x = model.forwardBlock(block, x, rope, [&](int group, const torch::Tensor& input) {
                QCOMPARE(group, hooks % 4);
                QCOMPARE(input.size(0), 3);
                ++hooks;
            });
        }
        QCOMPARE(hooks, 4 * int(model.arch().layers));
        QVERIFY(torch::allclose(model.logits(model.loadHead(), x), whole, 0.0, 1e-5));
    }

    void layersAndSizes()
    {
        const QString folder = make(QStringLiteral("gpt_neox"));
        QVERIFY(!folder.isEmpty());
        const HfModel model = HfModel::open(folder.toStdString());
        const auto layers = model.arch().quantizableLayers();
        QCOMPARE(int(layers.size()), 4 * int(model.arch().layers));
        QCOMPARE(QString::fromStdString(layers[0].name),
                 QStringLiteral("gpt_neox.layers.0.attention.query_key_value.weight"));
        QCOMPARE(QString::fromStdString(layers[0].kind), QStringLiteral("qkv"));
        QCOMPARE(layers[0].rows, 3 * model.arch().hidden);
        QCOMPARE(QString::fromStdString(layers[3].kind), QStringLiteral("down"));
        QCOMPARE(layers[3].cols, model.arch().intermediate);
        QCOMPARE(model.weights().files().size(), size_t(2));
    }

    // Apertus has no gate: its blocks quantize q k v o up down, the MLP group reads one layer, and the
    // hooks still see four groups whose inputs match the layers' widths.
    void gatelessLayersAndGroups()
    {
        const QString folder = make(QStringLiteral("apertus"));
        QVERIFY(!folder.isEmpty());
        const HfModel model = HfModel::open(folder.toStdString());
        const auto layers = model.arch().quantizableLayers();
        QCOMPARE(int(layers.size()), 6 * int(model.arch().layers));
        QStringList kinds;
        for (size_t i = 0; i < 6; ++i)
            kinds << QString::fromStdString(layers[i].kind);
        QCOMPARE(kinds,
                 (QStringList {QStringLiteral("q"), QStringLiteral("k"), QStringLiteral("v"), QStringLiteral("o"),
                               QStringLiteral("up"), QStringLiteral("down")}));
        QCOMPARE(QString::fromStdString(layers[10].name), QStringLiteral("model.layers.1.mlp.up_proj.weight"));
        QCOMPARE(layers[11].cols, model.arch().intermediate);

        const auto ids = torch::randint(0, model.arch().vocab, {2, 9}, torch::kInt64);
        torch::NoGradGuard noGrad;
        const auto whole = model.forward(ids);
        const HfRope rope = model.rope(9);
        auto x = model.embed(ids);
        for (int64_t b = 0; b < model.arch().layers; ++b) {
            HfBlock block = model.loadBlock(b);
            QVERIFY(!block.gate.weight.defined());
            const auto groups = block.groups(model.arch().family);
            QCOMPARE(groups.size(), size_t(4));
            QCOMPARE(groups[2].size(), size_t(1));
            QCOMPARE(groups[2][0], &block.up);
            size_t layer = size_t(b) * 6;
            x = model.forwardBlock(block, x, rope, [&](int group, const torch::Tensor& input) {
                for (const HfLinear* l : groups[size_t(group)]) {
                    QCOMPARE(input.size(-1), layers[layer].cols);
                    QCOMPARE(l->weight.size(0), layers[layer].rows);
                    ++layer;
                }
            });
            QCOMPARE(layer, size_t(b + 1) * 6);
        }
        QVERIFY(torch::allclose(model.logits(model.loadHead(), x), whole, 0.0, 1e-5));
    }

    // What each family reads from config.json, against transformers' configuration_olmo.py and
    // configuration_apertus.py (their defaults and fixed values).
    void familyConfigs()
    {
        const std::string sizes = R"("hidden_size": 16, "intermediate_size": 32, "num_hidden_layers": 2,)"
                                  R"( "num_attention_heads": 4, "vocab_size": 32)";
        const HfArch olmo = HfArch::fromJson(R"({"model_type": "olmo", )" + sizes + "}", "config.json");
        QVERIFY(!olmo.affineNorm);
        QCOMPARE(olmo.normEps, 1e-5);
        QCOMPARE(olmo.clipQkv, 0.0);
        QCOMPARE(olmo.ropeTheta, 10000.0);
        QVERIFY(olmo.gatedMlp);
        QCOMPARE(olmo.expectedTensors().size(), size_t(1 + 2 * 7 + 1)); // embed, 7 linears a block, head
        const HfArch clipped = HfArch::fromJson(
            R"({"model_type": "olmo", "clip_qkv": 8, "mlp_bias": true, )" + sizes + "}", "config.json");
        QCOMPARE(clipped.clipQkv, 8.0);
        QVERIFY(!clipped.mlpBias); // OlmoMLP has no biases whatever mlp_bias says

        // No rope_scaling key at all: ApertusConfig's default, llama3 with factor 8 from 8192 positions.
        const HfArch apertus = HfArch::fromJson(R"({"model_type": "apertus", )" + sizes + "}", "config.json");
        QCOMPARE(QString::fromStdString(apertus.ropeScaling.type), QStringLiteral("llama3"));
        QCOMPARE(apertus.ropeScaling.factor, 8.0);
        QCOMPARE(apertus.ropeScaling.originalMaxPositions, int64_t(8192));
        QCOMPARE(apertus.ropeTheta, 12e6);
        QCOMPARE(apertus.normEps, 1e-5);
        QCOMPARE(apertus.maxPositions, int64_t(65536));
        QVERIFY(apertus.activation == HfActivation::Xielu && !apertus.gatedMlp && apertus.qkNormPerHead);
        QStringList blockNames;
        for (const auto& t : apertus.blockTensors(0))
            blockNames << QString::fromStdString(t.name);
        for (const char* name : {"model.layers.0.attention_layernorm.weight",
                                 "model.layers.0.feedforward_layernorm.weight", "model.layers.0.mlp.act_fn.alpha_p",
                                 "model.layers.0.mlp.act_fn.eps", "model.layers.0.self_attn.q_norm.weight"})
            QVERIFY2(blockNames.contains(QLatin1String(name)), name);
        QVERIFY(!blockNames.contains(QStringLiteral("model.layers.0.mlp.gate_proj.weight")));
        QVERIFY(!blockNames.contains(QStringLiteral("model.layers.0.input_layernorm.weight")));
        // An explicit null is plain RoPE.
        const HfArch plain =
            HfArch::fromJson(R"({"model_type": "apertus", "rope_scaling": null, )" + sizes + "}", "config.json");
        QCOMPARE(QString::fromStdString(plain.ropeScaling.type), QStringLiteral("default"));
    }

    void familyConfigErrors_data()
    {
        QTest::addColumn<QString>("members");
        QTest::addColumn<QString>("expected");
        QTest::addRow("olmo clip_qkv zero") << QStringLiteral(R"("model_type": "olmo", "clip_qkv": 0)")
                                            << QStringLiteral("clip_qkv must be a positive number or null, not 0");
        QTest::addRow("olmo clip_qkv text") << QStringLiteral(R"("model_type": "olmo", "clip_qkv": "8")")
                                            << QStringLiteral("clip_qkv must be a number");
        QTest::addRow("clip_qkv on llama") << QStringLiteral(R"("model_type": "llama", "clip_qkv": 8)")
                                           << QStringLiteral("clip_qkv is not implemented for llama");
        QTest::addRow("apertus with silu") << QStringLiteral(R"("model_type": "apertus", "hidden_act": "silu")")
                                           << QStringLiteral("hidden_act 'silu' is not implemented for apertus");
        QTest::addRow("xielu on llama") << QStringLiteral(R"("model_type": "llama", "hidden_act": "xielu")")
                                        << QStringLiteral("needs hidden_act silu, not 'xielu'");
        QTest::addRow("original OLMo layout")
            << QStringLiteral(R"("model_type": "hf_olmo")") << QStringLiteral("model_type olmo");
    }

    void familyConfigErrors()
    {
        QFETCH(QString, members);
        QFETCH(QString, expected);
        const std::string json = R"({"hidden_size": 16, "intermediate_size": 32, "num_hidden_layers": 2,)"
                                 R"( "num_attention_heads": 4, "vocab_size": 32, )"
            + members.toStdString() + "}";
        const QString message = test::errorOfType<ConfigError>([&] { HfArch::fromJson(json, "config.json"); });
        QVERIFY2(message.startsWith(QStringLiteral("config.json: ")) && message.contains(expected),
                 qPrintable(message));
    }

    // A NaN stored as a layer's xIELU parameter is named when the block is read.
    void nonFiniteXieluParameter()
    {
        const QString folder = make(QStringLiteral("apertus"), {}, 1, QStringLiteral("f32"));
        QVERIFY(!folder.isEmpty());
        QFile f(folder + QStringLiteral("/model.safetensors"));
        QVERIFY(f.open(QIODevice::ReadWrite));
        const QByteArray head = f.read(8);
        const qint64 headerSize = qFromLittleEndian<qint64>(head.constData());
        const QJsonObject header = QJsonDocument::fromJson(f.read(headerSize)).object();
        const QJsonArray offsets = header[QStringLiteral("model.layers.1.mlp.act_fn.alpha_n")]
                                       .toObject()[QStringLiteral("data_offsets")]
                                       .toArray();
        QVERIFY(f.seek(8 + headerSize + offsets[0].toInteger()));
        const float nan = std::numeric_limits<float>::quiet_NaN();
        f.write(reinterpret_cast<const char*>(&nan), sizeof nan);
        f.close();
        const HfModel model = HfModel::open(folder.toStdString());
        model.loadBlock(0);
        const QString message = test::errorOfType<FormatError>([&] { model.loadBlock(1); });
        QVERIFY2(message.contains(QStringLiteral("'model.layers.1.mlp.act_fn.alpha_n'"))
                     && message.contains(QStringLiteral("not a finite number")) && message.contains(folder),
                 qPrintable(message));
        // Read ahead on another thread, the error comes out of next() for that block.
        HfBlockReader reader(model, /*ahead=*/true);
        QCOMPARE(reader.next().index, 0);
        QCOMPARE(test::errorOfType<FormatError>([&] { reader.next(); }), message);
    }

    // ---- PyTorch .bin weights ---------------------------------------------------------------------

    void binMatchesSafetensors_data()
    {
        QTest::addColumn<QString>("arch");
        QTest::addColumn<QString>("config");
        QTest::addColumn<int>("shards");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<bool>("views");
        QTest::addRow("llama, bf16, one pytorch_model.bin (an OrderedDict)")
            << QStringLiteral("llama") << QString() << 1 << QStringLiteral("bf16") << false;
        QTest::addRow("llama, f16, 3 shards, tied head sharing the embedding's storage, views")
            << QStringLiteral("llama") << QStringLiteral(R"({"tie_word_embeddings": true})") << 3
            << QStringLiteral("f16") << true;
        QTest::addRow("qwen2, f32, 2 shards, views")
            << QStringLiteral("qwen2") << QString() << 2 << QStringLiteral("f32") << true;
        QTest::addRow("olmo2, bf16, 2 shards, views")
            << QStringLiteral("olmo2") << QString() << 2 << QStringLiteral("bf16") << true;
        QTest::addRow("gpt_neox, bf16, one file, views, old buffers")
            << QStringLiteral("gpt_neox") << QStringLiteral(R"({"_extra_buffers": true})") << 1
            << QStringLiteral("bf16") << true;
    }

    // The same weights (one seed) as safetensors and as torch.save files give bit-identical logits in
    // one process, and the .bin folder matches the reference, which reads it with torch.load.
    void binMatchesSafetensors()
    {
        QFETCH(QString, arch);
        QFETCH(QString, config);
        QFETCH(int, shards);
        QFETCH(QString, dtype);
        QFETCH(bool, views);
        const int seed = 100 + m_made;
        const QString st = make(arch, config, shards, dtype, {}, seed);
        QStringList more = {QStringLiteral("--format"), QStringLiteral("bin")};
        if (views)
            more << QStringLiteral("--bin-views");
        const QString bin = make(arch, config, shards, dtype, more, seed);
        QVERIFY(!st.isEmpty() && !bin.isEmpty());
        QVERIFY(QDir(bin).entryList({QStringLiteral("*.safetensors*")}).isEmpty());

        const HfModel stModel = HfModel::open(st.toStdString());
        const HfModel binModel = HfModel::open(bin.toStdString());
        QCOMPARE(binModel.weights().files().size(), size_t(shards));
        for (const std::string& file : binModel.weights().files())
            QVERIFY2(QString::fromStdString(file).endsWith(QStringLiteral(".bin")), file.c_str());
        QCOMPARE(binModel.weights().totalBytes() >= stModel.weights().totalBytes(), true);

        const int64_t batch = 2, length = 20;
        std::mt19937_64 rng {uint64_t(seed)};
        std::uniform_int_distribution<int64_t> pick(0, binModel.arch().vocab - 1);
        std::vector<int64_t> ids(size_t(batch * length));
        for (auto& id : ids)
            id = pick(rng);
        const auto idsTensor = torch::from_blob(ids.data(), {batch, length}, torch::kInt64).clone();
        const auto fromSafetensors = stModel.forward(idsTensor);
        const auto fromBin = binModel.forward(idsTensor).contiguous();
        QVERIFY2(torch::equal(fromBin, fromSafetensors), "the .bin weights differ from the safetensors ones");
        // Again: gathered views were freed by release() and are gathered anew.
        QVERIFY(torch::equal(binModel.forward(idsTensor), fromBin));

        const std::vector<float> reference = referenceLogits(bin, ids, batch, length);
        QCOMPARE(int64_t(reference.size()), fromBin.numel());
        const auto expected = torch::from_blob(const_cast<float*>(reference.data()), fromBin.sizes(), torch::kFloat32);
        const double maxDiff = (fromBin - expected).abs().max().item<double>();
        QVERIFY2(expected.std().item<double>() > 0.3, "the reference logits barely vary: the check would be weak");
        // As logitsMatchReference: 64 float32 ulps of the largest logit.
        const double scale = expected.abs().max().item<double>();
        QS_VERIFY_BELOW("bin_max_abs_dlogit", maxDiff, 64.0 * test::float32Eps * std::max(1.0, scale));
    }

    void bothFormatsReadSafetensors()
    {
        const QString folder = copyOfLlama();
        for (const QString& f : QDir(m_llamaBin).entryList({QStringLiteral("pytorch_model*")}))
            QVERIFY(QFile::copy(m_llamaBin + QLatin1Char('/') + f, folder + QLatin1Char('/') + f));
        const HfModel model = HfModel::open(folder.toStdString());
        for (const std::string& file : model.weights().files())
            QVERIFY2(QString::fromStdString(file).endsWith(QStringLiteral(".safetensors")), file.c_str());
        const auto ids = torch::randint(0, model.arch().vocab, {1, 8}, torch::kInt64);
        QVERIFY(torch::equal(model.forward(ids), HfModel::open(m_llama.toStdString()).forward(ids)));
    }

    void badBinFolders_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("expected");
        const QString shard2 = QStringLiteral("pytorch_model-00002-of-00002.bin");
        QTest::addRow("a truncated shard")
            << QStringLiteral("truncate") << shard2 << QStringList {QStringLiteral("cut short")};
        QTest::addRow("a corrupt pickle")
            << QStringLiteral("corrupt") << shard2 << QStringList {QStringLiteral("data.pkl, byte 2: opcode 0xff")};
        QTest::addRow("the index names a missing shard")
            << QStringLiteral("delete-shard") << shard2
            << QStringList {QStringLiteral("pytorch_model.bin.index.json names shard"), QStringLiteral("no such file")};
        QTest::addRow("a tensor of the wrong shape")
            << QStringLiteral("intermediate") << QStringLiteral("pytorch_model-0000")
            << QStringList {QStringLiteral("'model.layers.0.mlp.gate_proj.weight' in "),
                            QStringLiteral(".bin has shape [176, 64], but the config"),
                            QStringLiteral("needs [200, 64]")};
        QTest::addRow("a legacy (non-zip) torch.save file")
            << QStringLiteral("legacy") << QStringLiteral("pytorch_model.bin")
            << QStringList {QStringLiteral("legacy torch.save file"), QStringLiteral("re-save it in the zip format")};
        QTest::addRow("a zip64 locator pointing past a 46-byte file")
            << QStringLiteral("zip64-short") << QStringLiteral("pytorch_model.bin")
            << QStringList {QStringLiteral("the zip64 end record lies outside the file")};
        QTest::addRow("a list, not a state dict") << QStringLiteral("list") << QStringLiteral("pytorch_model.bin")
                                                  << QStringList {QStringLiteral("holds a list, not a state dict")};
        QTest::addRow("a pickle that calls os.system")
            << QStringLiteral("code") << QStringLiteral("pytorch_model.bin")
            << QStringList {QStringLiteral("names posix.system"), QStringLiteral("nothing in it is run")};
        QTest::addRow("a value that is not a tensor")
            << QStringLiteral("nontensor") << QStringLiteral("pytorch_model.bin")
            << QStringList {QStringLiteral("the value of 'step' is an int, not a tensor")};
    }

    void badBinFolders()
    {
        QFETCH(QString, damage);
        QFETCH(QString, file);
        QFETCH(QStringList, expected);
        QString folder = copyOf(m_llamaBin);
        const QString shard2 = folder + QStringLiteral("/pytorch_model-00002-of-00002.bin");
        if (damage == QLatin1String("truncate")) {
            QFile f(shard2);
            QVERIFY(f.resize(f.size() / 2));
        } else if (damage == QLatin1String("corrupt")) {
            // data.pkl is the archive's first record: its local header, its name, its padding, then the
            // pickle: PROTO 2 and the dict's first opcode, which becomes 0xff.
            QFile f(shard2);
            QVERIFY(f.open(QIODevice::ReadWrite));
            const QByteArray head = f.read(30);
            const qint64 start =
                30 + (quint8(head[26]) | quint8(head[27]) << 8) + (quint8(head[28]) | quint8(head[29]) << 8);
            QVERIFY(f.seek(start));
            QCOMPARE(f.read(2), QByteArray("\x80\x02", 2));
            QVERIFY(f.seek(start + 2) && f.write("\xff", 1) == 1);
        } else if (damage == QLatin1String("delete-shard")) {
            QVERIFY(QFile::remove(shard2));
        } else if (damage == QLatin1String("intermediate")) {
            const QString configPath = folder + QStringLiteral("/config.json");
            QJsonObject config = readJson(configPath);
            config[QStringLiteral("intermediate_size")] = 200;
            writeJson(configPath, config);
        } else if (damage == QLatin1String("legacy")) {
            folder = make(QStringLiteral("llama"), {}, 1, QStringLiteral("bf16"),
                          {QStringLiteral("--format"), QStringLiteral("bin"), QStringLiteral("--legacy")});
            QVERIFY(!folder.isEmpty());
        } else if (damage == QLatin1String("zip64-short")) {
            // Found by fuzz.torchbin: a local-header signature (4 bytes), a zip64 locator (20 bytes) whose
            // end-record offset lies far past the end, then an end record (22 bytes) whose fields all say
            // "see zip64". In a file shorter than a zip64 end record (56 bytes) the bounds check once
            // wrapped around and the offset was read.
            for (const QString& f : QDir(folder).entryList({QStringLiteral("pytorch_model*")}))
                QVERIFY(QFile::remove(folder + QLatin1Char('/') + f));
            // (value, bytes) little-endian: local header signature; zip64 locator (signature, disk, end
            // record offset, disks); end of central directory (signature, disk, disk, entries, entries,
            // size, offset, comment length).
            const std::pair<quint64, int> fields[] = {
                {0x04034b50, 4}, {0x07064b50, 4}, {0, 4},          {0x4142434445464748ULL, 8},
                {1, 4},          {0x06054b50, 4}, {0, 2},          {0, 2},
                {0xffff, 2},     {0xffff, 2},     {0xffffffff, 4}, {0xffffffff, 4},
                {0, 2}};
            QByteArray bytes;
            for (const auto& [value, n] : fields)
                for (int k = 0; k < n; ++k)
                    bytes.append(char((value >> (8 * k)) & 0xff));
            QCOMPARE(bytes.size(), 46);
            QFile f(folder + QStringLiteral("/pytorch_model.bin"));
            QVERIFY(f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size());
        } else {
            for (const QString& f : QDir(folder).entryList({QStringLiteral("pytorch_model*")}))
                QVERIFY(QFile::remove(folder + QLatin1Char('/') + f));
            QString error;
            QVERIFY2(
                test::runReference({QStringLiteral("bad-bin"), QStringLiteral("--out"),
                                    folder + QStringLiteral("/pytorch_model.bin"), QStringLiteral("--kind"), damage},
                                   &error),
                qPrintable(error));
        }
        const QString message = test::errorOf([&] { HfModel::open(folder.toStdString()); });
        QVERIFY2(!message.isEmpty(), "no error");
        for (const QString& part : expected)
            QVERIFY2(message.contains(part), qPrintable(message + QStringLiteral("\n  lacks: ") + part));
        QVERIFY2(message.contains(QFileInfo(folder).fileName()) && message.contains(file),
                 qPrintable(message + QStringLiteral("\n  does not name the file")));
    }

    // ---- bad input ---------------------------------------------------------------------------

    void badFolders_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QStringList>("expected");
        QTest::addRow("a shard missing") << QStringLiteral("delete-shard")
                                         << QStringList {QStringLiteral("model-00002-of-00002.safetensors"),
                                                         QStringLiteral("no such file"), QStringLiteral("incomplete")};
        QTest::addRow("shard name longer than a file name can be")
            << QStringLiteral("long-shard")
            << QStringList {QStringLiteral("names shard model-"), QStringLiteral("no such file")};
        QTest::addRow("index names an absent tensor")
            << QStringLiteral("index-extra")
            << QStringList {
                   QStringLiteral("puts 'model.layers.0.self_attn.extra.weight' in model-00001-of-00002.safetensors"),
                   QStringLiteral("no such tensor")};
        QTest::addRow("tensor of the wrong shape for the config")
            << QStringLiteral("intermediate")
            << QStringList {QStringLiteral("'model.layers.0.mlp.gate_proj.weight'"),
                            QStringLiteral("has shape [176, 64]"), QStringLiteral("needs [200, 64]")};
        QTest::addRow("config names more layers than the checkpoint has")
            << QStringLiteral("layers")
            << QStringList {QStringLiteral("missing tensors"), QStringLiteral("model.layers.3.")};
        QTest::addRow("config without hidden_size")
            << QStringLiteral("no-hidden")
            << QStringList {QStringLiteral("config.json"), QStringLiteral("lacks hidden_size")};
        QTest::addRow("unsupported architecture")
            << QStringLiteral("mamba")
            << QStringList {QStringLiteral("model_type 'mamba' is not supported"), QStringLiteral("gpt_neox")};
        QTest::addRow("unsupported rope scaling")
            << QStringLiteral("yarn") << QStringList {QStringLiteral("rope_scaling type 'yarn' is not implemented")};
        QTest::addRow("already quantized")
            << QStringLiteral("quantized") << QStringList {QStringLiteral("already quantized")};
        QTest::addRow("no weights") << QStringLiteral("no-weights")
                                    << QStringList {QStringLiteral(
                                           "has neither model.safetensors nor model.safetensors.index.json, nor "
                                           "PyTorch weights pytorch_model.bin or pytorch_model.bin.index.json")};
        QTest::addRow("no config") << QStringLiteral("no-config")
                                   << QStringList {QStringLiteral("no readable config.json")};
        QTest::addRow("odd BF16 byte count")
            << QStringLiteral("odd-bf16")
            << QStringList {QStringLiteral("'model.norm.weight'"), QStringLiteral("span 127 bytes"),
                            QStringLiteral("BF16 needs 128")};
    }

    void badFolders()
    {
        QFETCH(QString, damage);
        QFETCH(QStringList, expected);
        const QString folder = copyOfLlama();
        QVERIFY(!folder.isEmpty());
        const QString configPath = folder + QStringLiteral("/config.json");
        const QString indexPath = folder + QStringLiteral("/model.safetensors.index.json");
        QJsonObject config = readJson(configPath);
        if (damage == QLatin1String("delete-shard")) {
            QVERIFY(QFile::remove(folder + QStringLiteral("/model-00002-of-00002.safetensors")));
        } else if (damage == QLatin1String("long-shard")) {
            // 300 characters: more than NAME_MAX (255) on every Linux file system.
            QJsonObject index = readJson(indexPath);
            QJsonObject map = index[QStringLiteral("weight_map")].toObject();
            map[QStringLiteral("model.norm.weight")] =
                QString(QStringLiteral("model-") + QString(288, QLatin1Char('x')) + QStringLiteral(".safetensors"));
            index[QStringLiteral("weight_map")] = map;
            writeJson(indexPath, index);
        } else if (damage == QLatin1String("index-extra")) {
            QJsonObject index = readJson(indexPath);
            QJsonObject map = index[QStringLiteral("weight_map")].toObject();
            map[QStringLiteral("model.layers.0.self_attn.extra.weight")] =
                QStringLiteral("model-00001-of-00002.safetensors");
            index[QStringLiteral("weight_map")] = map;
            writeJson(indexPath, index);
        } else if (damage == QLatin1String("intermediate")) {
            config[QStringLiteral("intermediate_size")] = 200;
        } else if (damage == QLatin1String("layers")) {
            config[QStringLiteral("num_hidden_layers")] = 4;
        } else if (damage == QLatin1String("no-hidden")) {
            config.remove(QStringLiteral("hidden_size"));
        } else if (damage == QLatin1String("mamba")) {
            config[QStringLiteral("model_type")] = QStringLiteral("mamba");
        } else if (damage == QLatin1String("yarn")) {
            config[QStringLiteral("rope_scaling")] =
                QJsonObject {{QStringLiteral("rope_type"), QStringLiteral("yarn")}, {QStringLiteral("factor"), 4.0}};
        } else if (damage == QLatin1String("quantized")) {
            config[QStringLiteral("quantization_config")] = QJsonObject {{QStringLiteral("bits"), 4}};
        } else if (damage == QLatin1String("no-weights")) {
            for (const QString& f : QDir(folder).entryList({QStringLiteral("*.safetensors*")}))
                QVERIFY(QFile::remove(folder + QLatin1Char('/') + f));
        } else if (damage == QLatin1String("no-config")) {
            QVERIFY(QFile::remove(configPath));
        } else if (damage == QLatin1String("odd-bf16")) {
            // One file whose final norm (64 BF16 values, 128 bytes) spans 127 bytes.
            for (const QString& f : QDir(folder).entryList({QStringLiteral("*.safetensors*")}))
                QVERIFY(QFile::remove(folder + QLatin1Char('/') + f));
            QByteArray header = R"({"model.norm.weight":{"dtype":"BF16","shape":[64],"data_offsets":[0,127]}})";
            QByteArray bytes(8, '\0');
            bytes[0] = char(header.size());
            QFile f(folder + QStringLiteral("/model.safetensors"));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bytes + header + QByteArray(127, '\0'));
        }
        if (damage != QLatin1String("no-config"))
            writeJson(configPath, config);

        const QString message = test::errorOf([&] { HfModel::open(folder.toStdString()); });
        QVERIFY2(!message.isEmpty(), "no error");
        for (const QString& part : expected)
            QVERIFY2(message.contains(part), qPrintable(message + QStringLiteral("\n  lacks: ") + part));
        QVERIFY2(message.contains(QFileInfo(folder).fileName()),
                 qPrintable(message + QStringLiteral("\n  does not name the folder")));
    }

    // Found with fuzz/fuzz_hfconfig: entries of another JSON type escaped as nlohmann::json::type_error,
    // sizes without bounds overflowed int64 (UBSan) or asked for terabytes, and a huge llama3
    // original_max_position_embeddings was converted to int64 with undefined behaviour.
    void malformedConfigs_data()
    {
        QTest::addColumn<QString>("members");
        QTest::addColumn<QString>("expected");
        QTest::addRow("no_rope_layers entry a string")
            << QStringLiteral(R"("no_rope_layers": [1, "x"])") << QStringLiteral("no_rope_layers[1] must be 0 or 1");
        QTest::addRow("rope_scaling type a number")
            << QStringLiteral(R"("rope_scaling": {"type": 5})") << QStringLiteral("rope_scaling.type must be a string");
        QTest::addRow("a trillion layers") << QStringLiteral(R"("num_hidden_layers": 1000000000000)")
                                           << QStringLiteral("num_hidden_layers must be a positive integer up to 4096");
        QTest::addRow("hidden size past int64 products")
            << QStringLiteral(R"("hidden_size": 4611686018427387904, "num_attention_heads": 1)")
            << QStringLiteral("hidden_size must be a positive integer up to 1048576");
        QTest::addRow("heads times head_dim") << QStringLiteral(R"("num_attention_heads": 1024, "head_dim": 65536)")
                                              << QStringLiteral("num_attention_heads × head_dim = 67108864");
        QTest::addRow("more heads than hidden")
            << QStringLiteral(R"("num_attention_heads": 32, "num_key_value_heads": 32)")
            << QStringLiteral("no head_dim follows");
        QTest::addRow("llama3 original positions 1e300")
            << QStringLiteral(
                   R"("rope_scaling": {"type": "llama3", "factor": 2, "original_max_position_embeddings": 1e300})")
            << QStringLiteral("original_max_position_embeddings must be a positive integer");
    }

    void malformedConfigs()
    {
        QFETCH(QString, members);
        QFETCH(QString, expected);
        // A valid SmolLM3 config (2 layers) whose members the row replaces (the later duplicate key wins).
        const std::string json = R"({"model_type": "smollm3", "hidden_size": 16, "intermediate_size": 32,)"
                                 R"( "num_hidden_layers": 2, "num_attention_heads": 4, "vocab_size": 32, )"
            + members.toStdString() + "}";
        const QString message = test::errorOfType<ConfigError>([&] {
            const HfArch arch = HfArch::fromJson(json, "config.json");
            arch.parameterCount();
        });
        QVERIFY2(message.startsWith(QStringLiteral("config.json: ")) && message.contains(expected),
                 qPrintable(message));
    }

    void tokenOutsideVocabulary()
    {
        const HfModel model = HfModel::open(m_llama.toStdString());
        const auto ids = torch::tensor({1, 500}, torch::kInt64).view({1, 2});
        const QString message = test::errorOf([&] { model.embed(ids); });
        QVERIFY2(message.contains(QStringLiteral("token id 500 is outside the vocabulary of 128")),
                 qPrintable(message));
    }
};

QS_TEST_GUILESS_MAIN(TstHfModel)
#include "tst_hfmodel.moc"
