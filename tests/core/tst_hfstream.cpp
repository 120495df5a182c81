// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The HF forward pass's speed paths: stacked projections (HfStack), the converted-block cache
// of forward() and the read-ahead of HfBlockReader give the numbers the plain paths give. Models are
// written by tests/support/hf_reference.py; tst_hfmodel checks the forward pass against it.

#include "tests/support/hffixture.h"
#include "tests/support/numeric.h"
#include "tests/support/testutils.h"

#include "core/common/errors.h"
#include "core/engine/hfmodel.h"
#include "core/engine/quantizer.h"

#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <numeric>

using namespace qs;

class TstHfStream : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_made = 0;

    QString make(const QString& arch)
    {
        ++m_made;
        return test::makeHfModel(m_dir.filePath(QStringLiteral("m%1").arg(m_made)), arch, m_made);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        torch::set_num_threads(test::threads());
    }

    // loadBlock reads q/k/v and gate/up into one matrix each, run as one product: the same outputs as
    // the layers' own products; a layer quantized in place (copy_, as the sweep does) stays in its
    // stack, one given a new tensor leaves it and is run on its own, as is one whose input is quantized
    // differently; a clone's stacks are its own.
    void stackedLayers_data()
    {
        QTest::addColumn<QString>("arch");
        QTest::newRow("llama") << QStringLiteral("llama");
        QTest::newRow("qwen2 (q/k/v biases)") << QStringLiteral("qwen2");
        QTest::newRow("olmo2 (q/k norms)") << QStringLiteral("olmo2");
    }

    void stackedLayers()
    {
        QFETCH(QString, arch);
        const QString folder = make(arch);
        QVERIFY(!folder.isEmpty());
        const HfModel model = HfModel::open(folder.toStdString());
        torch::NoGradGuard noGrad;
        HfBlock block = model.loadBlock(1);
        QVERIFY(block.qkvStack.serves({&block.q, &block.k, &block.v}));
        QVERIFY(block.gateUpStack.serves({&block.gate, &block.up}));
        QCOMPARE(block.qkvStack.bias.defined(), arch == QStringLiteral("qwen2"));
        QCOMPARE(block.qkvStack.weight.size(0),
                 block.q.weight.size(0) + block.k.weight.size(0) + block.v.weight.size(0));
        const HfRope rope = model.rope(7);
        const auto x = torch::randn({2, 7, model.arch().hidden});
        const auto stacked = model.forwardBlock(block, x, rope);

        // The same weights as separate tensors.
        HfBlock separate = block.clone();
        for (HfLinear* l : {&separate.q, &separate.k, &separate.v, &separate.gate, &separate.up}) {
            l->weight = l->weight.clone();
            if (l->bias.defined())
                l->bias = l->bias.clone();
        }
        QVERIFY(!separate.qkvStack.serves({&separate.q, &separate.k, &separate.v}));
        // One product or several: the same sums, up to the BLAS kernel's blocking.
        const double scale = stacked.abs().max().item<double>();
        QVERIFY(torch::allclose(model.forwardBlock(separate, x, rope), stacked, 0.0, 1e-5 * scale));

        // k and up quantized in place in a clone: still stacked, the original untouched.
        const auto kOriginal = block.k.weight.clone();
        HfBlock inPlace = block.clone();
        QVERIFY(inPlace.qkvStack.weight.data_ptr() != block.qkvStack.weight.data_ptr());
        QVERIFY(inPlace.qkvStack.serves({&inPlace.q, &inPlace.k, &inPlace.v}));
        inPlace.k.weight.copy_(rtnQuantize(inPlace.k.weight, 3, -1, true));
        inPlace.up.weight.copy_(rtnQuantize(inPlace.up.weight, 3, -1, true));
        QVERIFY(inPlace.qkvStack.serves({&inPlace.q, &inPlace.k, &inPlace.v}));
        QVERIFY(torch::equal(block.k.weight, kOriginal));
        const auto quantized = model.forwardBlock(inPlace, x, rope);
        QVERIFY(!torch::allclose(quantized, stacked, 0.0, 1e-3 * scale));
        // The same quantization given as new tensors: the stack (still holding the FP k) is bypassed.
        HfBlock assigned = block.clone();
        assigned.k.weight = rtnQuantize(assigned.k.weight, 3, -1, true);
        assigned.up.weight = rtnQuantize(assigned.up.weight, 3, -1, true);
        QVERIFY(!assigned.qkvStack.serves({&assigned.q, &assigned.k, &assigned.v}));
        QVERIFY(!assigned.gateUpStack.serves({&assigned.gate, &assigned.up}));
        QVERIFY(torch::allclose(model.forwardBlock(assigned, x, rope), quantized, 0.0, 1e-5 * scale));

        // A layer whose input is quantized differently cannot share the product.
        HfBlock mixed = block.clone();
        mixed.v.act.bits = 4;
        QVERIFY(!mixed.qkvStack.serves({&mixed.q, &mixed.k, &mixed.v}));
        HfBlock allFour = block.clone();
        for (HfLinear* l : {&allFour.q, &allFour.k, &allFour.v})
            l->act.bits = 4;
        QVERIFY(allFour.qkvStack.serves({&allFour.q, &allFour.k, &allFour.v}));
        QVERIFY(!torch::allclose(model.forwardBlock(mixed, x, rope), stacked, 0.0, 1e-4 * scale));
    }

    // forward() keeps converted blocks (first to last, each whole) and the head up to its budget, and
    // gives the same logits from them as from the checkpoint; HfBlockReader hands out loadBlock's blocks
    // in order, the next one read on another thread.
    void cacheAndReader()
    {
        const QString folder = make(QStringLiteral("llama"));
        QVERIFY(!folder.isEmpty());
        HfModel model = HfModel::open(folder.toStdString());
        const auto ids = torch::randint(0, model.arch().vocab, {2, 11}, torch::kInt64);
        model.setCacheBudget(0);
        const auto streamed = model.forward(ids);
        QCOMPARE(model.cachedBytes(), int64_t(0));
        const int64_t block = model.loadBlock(0).bytes();
        QCOMPARE(
            block, int64_t(sizeof(float)) * [&] {
                int64_t n = 0;
                for (const HfTensorSpec& t : model.arch().blockTensors(0)) {
                    int64_t count = 1;
                    for (const int64_t d : t.shape)
                        count *= d;
                    n += count;
                }
                return n;
            }());
        const int64_t head = model.arch().vocab * model.arch().hidden * int64_t(sizeof(float));
        QVERIFY(head < block / 2);
        model.setCacheBudget(block + block / 2); // one block and the head, not two blocks
        QVERIFY(torch::equal(model.forward(ids), streamed));
        QCOMPARE(model.cachedBytes(), block + head);
        QVERIFY(torch::equal(model.forward(ids), streamed)); // block 0 from the cache
        model.setCacheBudget(int64_t(1) << 30);              // the other blocks join
        QVERIFY(torch::equal(model.forward(ids), streamed));
        QCOMPARE(model.cachedBytes(), model.arch().layers * block + head);
        QVERIFY(torch::equal(model.forward(ids), streamed)); // all from the cache
        model.setCacheBudget(block + head);                  // the head goes first, then the last blocks
        QCOMPARE(model.cachedBytes(), block);
        model.setCacheBudget(0);
        QCOMPARE(model.cachedBytes(), int64_t(0));

        for (const bool ahead : {true, false}) {
            HfBlockReader reader(model, ahead);
            for (int64_t b = 0; b < model.arch().layers; ++b) {
                const HfBlock read = reader.next();
                const HfBlock loaded = model.loadBlock(b);
                QCOMPARE(read.index, b);
                QVERIFY(torch::equal(read.qkvStack.weight, loaded.qkvStack.weight));
                QVERIFY(torch::equal(read.down.weight, loaded.down.weight));
                QVERIFY(torch::equal(read.ln2.weight, loaded.ln2.weight));
            }
            const QString message = test::errorOfType<Error>([&] { reader.next(); });
            QVERIFY2(message.contains(QStringLiteral("only %1 blocks").arg(model.arch().layers)), qPrintable(message));
        }
    }
};

QS_TEST_GUILESS_MAIN(TstHfStream)
#include "tst_hfstream.moc"
