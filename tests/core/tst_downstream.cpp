// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The downstream tasks' pieces (core/downstream/) against their references: CPython's random (values
// CPython 3.11 printed), Python's str methods and lm-eval 0.4.13's hellaswag/mathqa functions (outputs
// Python printed running them), the twelve tasks rendered from tests/data/downstream with the few-shot
// examples CPython's random.Random(1234) draws, lm-eval's request tokenisation on a byte-level BPE,
// and the metrics against closed forms and, for the relative accuracy drop's paired interval, a paired
// bootstrap. The whole pipeline against lm-eval itself is tests/peers/test_downstream.py.

#include "core/common/errors.h"
#include "core/downstream/mcmetrics.h"
#include "core/downstream/pyrandom.h"
#include "core/downstream/pytext.h"
#include "core/downstream/requests.h"
#include "core/downstream/taskformats.h"
#include "core/downstream/tasks.h"
#include "core/tokenizer/tokenizer.h"

#include "tests/support/testutils.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace qs;

namespace {

const std::string kData = QS_PROJECT_SOURCE_DIR "/tests/data/downstream";

// Row `index` of a fixture file, as JSON.
QJsonObject row(const QString& task, const QString& split, int index)
{
    QFile f(QStringLiteral(QS_PROJECT_SOURCE_DIR "/tests/data/downstream/%1/%2.jsonl").arg(task, split));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QList<QByteArray> lines = f.readAll().split('\n');
    return QJsonDocument::fromJson(lines.value(index)).object();
}

std::string str(const QJsonObject& o, const char* key)
{
    return o.value(QLatin1String(key)).toString().toStdString();
}

McTask only(std::vector<McTask> tasks)
{
    if (tasks.size() != 1)
        qFatal("one task expected");
    return std::move(tasks.front());
}

// A JSON string literal (the byte symbols are printable; only quotes and backslashes need escapes).
std::string nlohmannQuote(const std::string& s)
{
    std::string out = "\"";
    for (char c : s)
        out += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
    return out + "\"";
}

// A byte-level BPE (GPT-2's byte symbols) with one merge, "Ġ" + "A" → "ĠA", and an optional
// post-processor.
BpeTokenizer spaceTokenizer(const std::string& postProcessor)
{
    std::string vocab;
    for (int b = 0; b < 256; ++b)
        vocab += (b ? ", " : "") + nlohmannQuote(byteLevelSymbol(uint8_t(b))) + ": " + std::to_string(b);
    const std::string space = byteLevelSymbol(' ');
    vocab += ", " + nlohmannQuote(space + "A") + ": 256, \"<s>\": 257";
    return BpeTokenizer::fromJson(
        R"({"added_tokens": [{"id": 257, "content": "<s>", "single_word": false, "lstrip": false, "rstrip": false,)"
        R"( "normalized": false, "special": true}], "normalizer": null,)"
        R"( "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": true, "use_regex": true},)"
        R"( "post_processor": )"
            + postProcessor + R"(, "decoder": {"type": "ByteLevel"}, "model": {"type": "BPE", "vocab": {)" + vocab
            + "}, \"merges\": [" + nlohmannQuote(space + " A") + "]}}",
        "test");
}

} // namespace

class TestDownstream : public QObject
{
    Q_OBJECT

private slots:
    void pythonRandom()
    {
        // CPython 3.11: r = random.Random(1234); r.getrandbits(32), r.getrandbits(7), r.random()
        PythonRandom r(1234);
        QCOMPARE(r.getrandbits(32), 4150886329u);
        QCOMPARE(r.getrandbits(7), 99u);
        QCOMPARE(r.random(), 0.4407325991753527);
        QCOMPARE(PythonRandom((uint64_t(1) << 40) + 5).getrandbits(32), 2166296868u); // a two-word seed
        // [r.sample(range(10), 5) for _ in range(2)]: the pool algorithm
        PythonRandom s(1234);
        QCOMPARE(s.sample(10, 5), (std::vector<uint32_t> {7, 1, 0, 9, 4}));
        QCOMPARE(s.sample(10, 5), (std::vector<uint32_t> {0, 1, 8, 6, 2}));
        // r.sample(range(1000), 6) twice: the set algorithm (1000 > 21 + 4**3)
        PythonRandom t(1234);
        QCOMPARE(t.sample(1000, 6), (std::vector<uint32_t> {989, 796, 451, 119, 7, 92}));
        QCOMPARE(t.sample(1000, 6), (std::vector<uint32_t> {932, 965, 961, 826, 596, 35}));
        // r.sample(range(50), 6): the pool again (50 ≤ 85); range(30), 5: the set (30 > 21)
        QCOMPARE(PythonRandom(1234).sample(50, 6), (std::vector<uint32_t> {49, 28, 7, 0, 5, 37}));
        QCOMPARE(PythonRandom(1234).sample(30, 5), (std::vector<uint32_t> {24, 14, 3, 0, 2}));
        QVERIFY_THROWS_EXCEPTION(Error, PythonRandom(1).sample(3, 4));
    }

    void pythonText_data()
    {
        QTest::addColumn<QString>("op");
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        // Python 3.11 printed each right-hand side.
        QTest::addRow("capitalize lowers the rest")
            << QStringLiteral("capitalize") << QStringLiteral("hELLO wORLD") << QStringLiteral("Hello world");
        QTest::addRow("capitalize title-cases a digraph")
            << QStringLiteral("capitalize") << QStringLiteral("ǆemal") << QStringLiteral("ǅemal");
        QTest::addRow("capitalize ß") << QStringLiteral("capitalize") << QStringLiteral("ßig")
                                      << QStringLiteral("Ssig");
        QTest::addRow("capitalize after a quote")
            << QStringLiteral("capitalize") << QStringLiteral("'quoted' Word") << QStringLiteral("'quoted' word");
        QTest::addRow("capitalize final sigma")
            << QStringLiteral("capitalize") << QStringLiteral("İstanbul ΣΑΣ") << QStringLiteral("İstanbul σας");
        QTest::addRow("capitalize ŉ") << QStringLiteral("capitalize") << QStringLiteral("ŉ x")
                                      << QStringLiteral("ʼN x");
        QTest::addRow("capitalize empty") << QStringLiteral("capitalize") << QStringLiteral("") << QStringLiteral("");
        QTest::addRow("strip unicode spaces")
            << QStringLiteral("strip") << QStringLiteral("\u3000 a b\u00a0\n") << QStringLiteral("a b");
        QTest::addRow("lstrip unicode spaces")
            << QStringLiteral("lstrip") << QStringLiteral("\u3000 a b\u00a0\n") << QStringLiteral("a b\u00a0\n");
        QTest::addRow("rstrip unicode spaces")
            << QStringLiteral("rstrip") << QStringLiteral("\u3000 a b\u00a0\n") << QStringLiteral("\u3000 a b");
        QTest::addRow("zero width space is no space")
            << QStringLiteral("strip") << QStringLiteral("\u200b a \u200b") << QStringLiteral("\u200b a \u200b");
        QTest::addRow("separators and NEL")
            << QStringLiteral("strip") << QStringLiteral("\x1c\x1dx\u0085") << QStringLiteral("x");
        QTest::addRow("all space") << QStringLiteral("strip") << QStringLiteral(" \t") << QStringLiteral("");
        // lm-eval's hellaswag utils.preprocess
        QTest::addRow("hellaswag title and step")
            << QStringLiteral("hellaswag")
            << QStringLiteral("  Roof shingle removal: A man is sitting on a roof. he [title] Start pulling up "
                              "roofing.  [step] Use a pry bar   ")
            << QStringLiteral(
                   "Roof shingle removal: A man is sitting on a roof. he. Start pulling up roofing.  Use a pry bar");
        QTest::addRow("hellaswag brackets, not across lines")
            << QStringLiteral("hellaswag") << QStringLiteral("x [header] y [a][b] z\n[c\nd]")
            << QStringLiteral("x y z\n[c\nd]");
        QTest::addRow("hellaswag double spaces once")
            << QStringLiteral("hellaswag") << QStringLiteral("a    b") << QStringLiteral("a  b");
    }

    void pythonText()
    {
        QFETCH(QString, op);
        QFETCH(QString, in);
        QFETCH(QString, out);
        const std::string s = in.toStdString();
        std::string got;
        if (op == QLatin1String("capitalize"))
            got = py::capitalize(s);
        else if (op == QLatin1String("strip"))
            got = py::strip(s);
        else if (op == QLatin1String("lstrip"))
            got = py::lstrip(s);
        else if (op == QLatin1String("rstrip"))
            got = py::rstrip(s);
        else
            got = downstream::hellaswagPreprocess(s);
        QCOMPARE(QString::fromStdString(got), out);
        QCOMPARE(py::length("naïve—ok"), size_t(8));
    }

    void mathqaChoices()
    {
        // lm-eval's mathqa utils.doc_to_choice, run by Python on the same strings.
        using V = std::vector<std::string>;
        QCOMPARE(downstream::mathqaChoices("a ) 38 , b ) 27.675 , c ) 30 , d ) data inadequate , e ) none of these"),
                 (V {"38", "27.675", "30", "data inadequate", "none of these"}));
        QCOMPARE(downstream::mathqaChoices("a ) 1 , b ) 2 , c ) 3 , d ) 4 , e ) 12 , 13"),
                 (V {"1", "2", "3", "4", "12 , 13"}));
        QCOMPARE(downstream::mathqaChoices("a ) rs 1 , 2 , b ) x , c ) y , d ) z , e ) w\n"),
                 (V {"rs 1", "x", "y", "z", "w"}));
    }

    void zeroShotTemplates()
    {
        DownstreamOptions o;
        o.numFewshot = 0;
        const McTask& arc = only(renderDownstreamTask(kData, "arc_easy", o));
        QCOMPARE(arc.split, std::string("test"));
        QCOMPARE(arc.documents.size(), size_t(24));
        const QJsonObject a0 = row(QStringLiteral("arc_easy"), QStringLiteral("test"), 0);
        const McDocument& d0 = arc.documents[0];
        QCOMPARE(d0.contexts[0], "Question: " + str(a0, "question") + "\nAnswer:");
        const QJsonArray texts = a0.value(QLatin1String("choices")).toObject().value(QLatin1String("text")).toArray();
        QCOMPARE(d0.continuations.size(), size_t(texts.size()));
        for (int i = 0; i < texts.size(); ++i)
            QCOMPARE(d0.continuations[size_t(i)], " " + texts[i].toString().toStdString());
        const QJsonArray labels = a0.value(QLatin1String("choices")).toObject().value(QLatin1String("label")).toArray();
        QCOMPARE(labels[d0.gold].toString().toStdString(), str(a0, "answerKey"));

        // Winogrande: one context per option, the rest of the sentence the continuation of both.
        const McTask& wino = only(renderDownstreamTask(kData, "winogrande", o));
        const QJsonObject w0 = row(QStringLiteral("winogrande"), QStringLiteral("validation"), 0);
        const std::string sentence = str(w0, "sentence");
        const size_t blank = sentence.find('_');
        const McDocument& wd = wino.documents[0];
        QCOMPARE(wd.contexts,
                 (std::vector<std::string> {sentence.substr(0, blank) + str(w0, "option1"),
                                            sentence.substr(0, blank) + str(w0, "option2")}));
        QCOMPARE(wd.continuations[0], " " + py::strip(sentence.substr(blank + 1)));
        QCOMPARE(wd.continuations[1], wd.continuations[0]);
        QCOMPARE(wd.gold, str(w0, "answer") == "1" ? 0 : 1);
        QVERIFY(!wino.reportsAccNorm);

        // --limit: the first documents only.
        o.limit = 3;
        QCOMPARE(only(renderDownstreamTask(kData, "sciq", o)).documents.size(), size_t(3));
    }

    void fewShotAsCPythonDraws()
    {
        // arc_easy: its first document's examples are training rows r.sample(range(30), 5) = 24, 14, 3, 0, 2.
        const McTask& arc = only(renderDownstreamTask(kData, "arc_easy", {}));
        std::string expected;
        for (int i : {24, 14, 3, 0, 2}) {
            const QJsonObject t = row(QStringLiteral("arc_easy"), QStringLiteral("train"), i);
            const QJsonObject choices = t.value(QLatin1String("choices")).toObject();
            const QJsonArray labels = choices.value(QLatin1String("label")).toArray();
            int gold = 0;
            while (labels[gold].toString().toStdString() != str(t, "answerKey"))
                ++gold;
            expected += "Question: " + str(t, "question")
                + "\nAnswer: " + choices.value(QLatin1String("text")).toArray()[gold].toString().toStdString() + "\n\n";
        }
        const QJsonObject a0 = row(QStringLiteral("arc_easy"), QStringLiteral("test"), 0);
        QCOMPARE(arc.documents[0].contexts[0], expected + "Question: " + str(a0, "question") + "\nAnswer:");

        // piqa (no test split): lm-eval draws six and drops the evaluated document. Its validation row 3
        // is training row 22, and CPython's draws for documents 0–3 are (range(60), 6):
        // [49, 28, 7, 0, 5, 51] [37, 2, 42, 44, 5, 6] [49, 22, 15, 1, 56, 50] [1, 22, 41, 39, 30, 56].
        const McTask& piqa = only(renderDownstreamTask(kData, "piqa", {}));
        const auto goal = [](int i) {
            return "Question: " + str(row(QStringLiteral("piqa"), QStringLiteral("train"), i), "goal") + "\n";
        };
        const std::string& c2 = piqa.documents[2].contexts[0];
        QVERIFY(c2.find(goal(22)) != std::string::npos); // another document: row 22 is an example
        QVERIFY(c2.find(goal(50)) == std::string::npos); // the sixth draw is not used
        const std::string& c3 = piqa.documents[3].contexts[0];
        const std::string examples = c3.substr(0, c3.rfind("Question: "));
        QVERIFY(examples.find(goal(22)) == std::string::npos); // the document itself is left out…
        QVERIFY(examples.find(goal(56)) != std::string::npos); // …and the sixth draw takes its place
        QVERIFY(examples.find(goal(1)) == 0);

        // MMLU: the description, then the subject's first five dev rows in order.
        const std::vector<McTask> mmlu = renderDownstreamTask(kData, "mmlu", {});
        QCOMPARE(mmlu.size(), size_t(4));
        QCOMPARE(mmlu[0].name, std::string("mmlu_anatomy"));
        QCOMPARE(mmlu[0].category, std::string("stem"));
        QCOMPARE(mmlu[2].category, std::string("humanities")); // high_school_us_history
        const std::string& m0 = mmlu[0].documents[0].contexts[0];
        const std::string description = "The following are multiple choice questions (with answers) about anatomy.\n\n";
        QCOMPARE(m0.substr(0, description.size()), description);
        const QJsonObject dev0 = row(QStringLiteral("mmlu"), QStringLiteral("dev"), 0);
        QCOMPARE(m0.substr(description.size(), py::strip(str(dev0, "question")).size()),
                 py::strip(str(dev0, "question")));
        QCOMPARE(mmlu[0].documents[0].continuations, (std::vector<std::string> {" A", " B", " C", " D"}));
    }

    void refusals()
    {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        QVERIFY(test::errorOfType<IoError>([&] {
                    renderDownstreamTask(root, "piqa");
                }).contains(QLatin1String("piqa/validation.jsonl")));
        QVERIFY(test::errorOfType<ConfigError>([&] {
                    parseDownstreamTasks("arc_easy,lambada");
                }).contains(QLatin1String("lambada")));
        QCOMPARE(parseDownstreamTasks("all").size(), size_t(12));
        QCOMPARE(parseDownstreamTasks("piqa, sciq,piqa"), (std::vector<std::string> {"piqa", "sciq"}));
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("sciq"))));
        const auto write = [&](const char* split, const QByteArray& text) {
            QFile f(dir.filePath(QStringLiteral("sciq/%1.jsonl").arg(QLatin1String(split))));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        };
        write("test",
              "{\"question\": \"q\", \"distractor1\": \"a\", \"distractor2\": \"b\", \"distractor3\": \"c\","
              " \"correct_answer\": \"d\", \"support\": \"\"}\n\nnot json\n");
        DownstreamOptions o;
        o.numFewshot = 0;
        QVERIFY(test::errorOfType<FormatError>([&] {
                    renderDownstreamTask(root, "sciq", o);
                }).contains(QLatin1String("test.jsonl:3")));
        write("test", "{\"question\": \"q\", \"distractor1\": \"a\"}\n");
        const QString missing = test::errorOfType<FormatError>([&] { renderDownstreamTask(root, "sciq", o); });
        QVERIFY2(missing.contains(QLatin1String("test.jsonl:1")) && missing.contains(QLatin1String("distractor2")),
                 qPrintable(missing));
        write("test",
              "{\"question\": \"q\", \"distractor1\": \"a\", \"distractor2\": \"b\", \"distractor3\": \"c\","
              " \"correct_answer\": \"d\", \"support\": \"\"}\n");
        write("train",
              "{\"question\": \"q\", \"distractor1\": \"a\", \"distractor2\": \"b\", \"distractor3\": \"c\","
              " \"correct_answer\": \"d\", \"support\": \"\"}\n");
        QVERIFY(test::errorOfType<ConfigError>([&] {
                    renderDownstreamTask(root, "sciq");
                }).contains(QLatin1String("has 1")));
    }

    void requestTokens()
    {
        // "Answer: A": lm-eval moves the context's trailing space to the continuation, so the continuation is the
        // one merged token "ĠA" and the context "Answer:" without the space.
        const BpeTokenizer plain = spaceTokenizer("null");
        const McTokens t = encodeRequest(plain, "Answer: ", "A");
        QCOMPARE(t.context, plain.encode("Answer:"));
        QCOMPARE(t.continuation, (std::vector<int32_t> {256}));
        // A post-processor that puts <s> first: the context starts with it, the continuation does not.
        const BpeTokenizer bos = spaceTokenizer(
            R"({"type": "TemplateProcessing", "single": [{"SpecialToken": {"id": "<s>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}],)"
            R"( "pair": [], "special_tokens": {"<s>": {"id": "<s>", "ids": [257], "tokens": ["<s>"]}}})");
        const McTokens b = encodeRequest(bos, "Answer:", " A");
        QCOMPARE(b.context.front(), 257);
        QCOMPARE(b.context.size(), plain.encode("Answer:").size() + 1);
        QCOMPARE(b.continuation, (std::vector<int32_t> {256}));
        // A text that starts with the BOS text is encoded without special tokens (has_bos_prefix).
        const McTokens prefixed = encodeRequest(bos, "<s>Answer:", " A", "<s>");
        QCOMPARE(prefixed.context.front(), 257);
        QCOMPARE(std::count(prefixed.context.begin(), prefixed.context.end(), 257), 1);
        // An unsupported post-processor is named when special tokens are asked for.
        const BpeTokenizer odd = spaceTokenizer(R"({"type": "Frobnicate"})");
        QVERIFY(test::errorOfType<FormatError>([&] {
                    odd.encodeWithSpecialTokens("x");
                }).contains(QLatin1String("Frobnicate")));
        // The model input: the last maxLength + 1 tokens without the last.
        McTokens r;
        r.context = {1, 2, 3, 4, 5};
        r.continuation = {6, 7};
        QCOMPARE(modelInput(r, 100), (std::vector<int32_t> {1, 2, 3, 4, 5, 6}));
        QCOMPARE(modelInput(r, 4), (std::vector<int32_t> {3, 4, 5, 6}));
        QVERIFY_THROWS_EXCEPTION(Error, modelInput(r, 1));
    }

    void outcomesAndAggregates()
    {
        McTask task;
        task.name = "t";
        McDocument d;
        d.contexts = {"c", "c", "c"};
        d.continuations = {" a", " bbbb", " cc"};
        d.choices = {"a", "bbbb", "cc"};
        d.gold = 1;
        task.documents = {d, d};
        task.documents[1].gold = 0;
        // Document 0: lls −4, −6, −4 → acc picks 0 (first maximum), acc_norm −4/1, −6/4, −4/2 picks 1;
        // per token (1, 3, 2 tokens) −4, −2, −2 picks 1. Document 1: the same scores, gold 0.
        const std::vector<McRequestScore> s = {{-4, false, 1}, {-6, false, 3}, {-4, false, 2},
                                               {-4, false, 1}, {-6, false, 3}, {-4, false, 2}};
        const McOutcomes o = mcOutcomes(task, s);
        QCOMPARE(o.correct[0], (std::vector<uint8_t> {0, 1}));
        QCOMPARE(o.correct[1], (std::vector<uint8_t> {1, 0}));
        QCOMPARE(o.correct[3], (std::vector<uint8_t> {1, 0}));
        QVERIFY_THROWS_EXCEPTION(Error, mcOutcomes(task, {s.begin(), s.begin() + 5}));

        // mean and sample standard deviation / √n: [1, 0, 1, 1] → 0.75, √(0.25) / 2
        McOutcomes four;
        for (auto& c : four.correct)
            c = {1, 0, 1, 1};
        const std::vector<McValue> v = mcAggregate(four);
        QCOMPARE(v[0].value, 0.75);
        QVERIFY(std::abs(v[0].stdError - 0.25) < 1e-15);
        // lm-eval's pooled_sample_stderr: Σ (n−1)·se²·n / (Σn − k), over Σn, square root.
        const McValue pooled = mcPooled({{0.5, 0.1}, {0.8, 0.2}}, {10, 30});
        QCOMPARE(pooled.value, (0.5 * 10 + 0.8 * 30) / 40);
        QVERIFY(std::abs(pooled.stdError - std::sqrt((9 * 0.01 * 10 + 29 * 0.04 * 30) / 38.0 / 40.0)) < 1e-15);
    }

    void relativeDropInterval()
    {
        // (Acc(W) − Acc(Ŵ)) / (1 − Acc(W)) exactly, and the delta method's standard error against the spread of
        // a paired bootstrap of the same documents (4,000 documents, 2,000 resamples: the bootstrap's own
        // standard error is the SE / √(2 · 2000), 1.6 %; 6 % allowed).
        std::mt19937_64 rng(7);
        std::bernoulli_distribution fpRight(0.6), flip(0.15), rescue(0.05);
        std::vector<uint8_t> fp(4000), q(4000);
        for (size_t i = 0; i < fp.size(); ++i) {
            fp[i] = fpRight(rng);
            q[i] = fp[i] ? !flip(rng) : rescue(rng);
        }
        const RelativeDrop r = relativeAccuracyDrop(fp, q);
        double a = 0, b = 0;
        for (size_t i = 0; i < fp.size(); ++i) {
            a += fp[i];
            b += q[i];
        }
        a /= 4000;
        b /= 4000;
        QCOMPARE(r.value, (a - b) / (1 - a));
        std::uniform_int_distribution<size_t> pick(0, fp.size() - 1);
        double sum = 0, sumSq = 0;
        for (int k = 0; k < 2000; ++k) {
            double x = 0, y = 0;
            for (size_t i = 0; i < fp.size(); ++i) {
                const size_t j = pick(rng);
                x += fp[j];
                y += q[j];
            }
            const double drop = (x - y) / (4000 - x);
            sum += drop;
            sumSq += drop * drop;
        }
        const double sd = std::sqrt(sumSq / 2000 - (sum / 2000) * (sum / 2000));
        QVERIFY2(std::abs(r.stdError / sd - 1) < 0.06,
                 qPrintable(QStringLiteral("delta %1 bootstrap %2").arg(r.stdError).arg(sd)));
        QVERIFY(r.low < r.value && r.value < r.high);
        // A full-precision model with every answer right has no headroom: NaN, not a division by zero.
        QVERIFY(std::isnan(relativeAccuracyDrop({1, 1}, {1, 0}).value));
        QVERIFY_THROWS_EXCEPTION(Error, relativeAccuracyDrop({1, 0}, {1}));
    }
};

QTEST_GUILESS_MAIN(TestDownstream)
#include "tst_downstream.moc"
