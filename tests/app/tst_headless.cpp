// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// `quantscope` on a compute node: the binary needs no widget, GUI or X library (ldd), and the commands
// that compute run with no display at all (DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM unset).
// The commands that draw go through quantscope-gui, which draws offscreen; without it they say which
// file is missing.

#include "tests/support/testthreads.h"
#include "tests/support/testutils.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>

#include <map>

#include <cmath>

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

// `program args` with no display of any kind in the environment.
Run runWithoutDisplay(const QString& program, const QStringList& args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));
    p.setProcessEnvironment(env);
    p.start(program, args);
    if (!p.waitForFinished(240000))
        p.kill();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

Run quantscope(const QStringList& args)
{
    return runWithoutDisplay(QStringLiteral(QS_BINARY), args);
}

// The shared libraries ldd lists for `binary` (its whole dependency closure): name → resolved path.
std::map<QString, QString> sharedLibraries(const QString& binary)
{
    QProcess p;
    p.start(QStringLiteral("ldd"), {binary});
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        return {};
    std::map<QString, QString> libraries;
    for (const QString& line :
         QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QStringList fields = line.trimmed().split(QLatin1Char(' '), Qt::SkipEmptyParts);
        libraries[fields.value(0)] = fields.value(1) == QLatin1String("=>") ? fields.value(2) : fields.value(0);
    }
    return libraries;
}

QStringList names(const std::map<QString, QString>& libraries)
{
    QStringList result;
    for (const auto& [name, path] : libraries)
        result << name;
    return result;
}

// The libraries of `libraries` that belong to a GUI: Qt's GUI modules, QCustomPlot, X11, OpenGL.
QStringList guiLibraries(const QStringList& libraries)
{
    static const QRegularExpression gui(
        QStringLiteral(
            R"(^(libQt[56](Gui|Widgets|PrintSupport|Svg|SvgWidgets|OpenGL|XcbQpa)|libqcustomplot|libX11|libxcb|libGL|libEGL|libOpenGL|libGLX|libwayland)[.-])"),
        QRegularExpression::CaseInsensitiveOption);
    QStringList found;
    for (const QString& library : libraries)
        if (gui.match(library).hasMatch())
            found << library;
    return found;
}

} // namespace

class TstHeadless : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_store;

    QString path(const char* name) const { return m_dir.filePath(QString::fromLatin1(name)); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        std::string text;
        static const char* digits[] = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"};
        for (int i = 0; text.size() < 40000; ++i)
            text += std::string(digits[i % 10]) + " " + digits[(i / 10) % 10] + (i % 7 == 0 ? ".\n" : ", ");
        qs::test::writeFile(path("corpus.txt"), QByteArray::fromStdString(text));
        qs::test::writeFile(path("tiny.json"),
                            R"({
            "model": {"d_model": 32, "n_layers": 1, "n_heads": 2, "d_ff": 48, "max_seq_len": 32},
            "schedule": {"kind": "wsd", "peak_lr": 0.01, "warmup_steps": 2, "decay_fraction": 0.5},
            "steps": 10, "batch_size": 4, "seq_len": 32, "checkpoint_every": 5, "eval_every": 5,
            "eval_batches": 2, "threads": )"
                                + qs::test::threadsArg() + "}");
        m_store = path("headless.h5");
    }

    void linksNoGuiLibrary()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("ldd")).isEmpty())
            QSKIP("no ldd");
        const std::map<QString, QString> libraries = sharedLibraries(QStringLiteral(QS_BINARY));
        QVERIFY2(libraries.size() > 3, "ldd listed nothing");
        QVERIFY2(libraries.count(QStringLiteral("libQt6Core.so.6")) == 1,
                 qPrintable(names(libraries).join(QLatin1Char(' '))));
        // Qt's GUI modules and QCustomPlot: never, not even through another library.
        const QStringList qtGui =
            guiLibraries(names(libraries)).filter(QRegularExpression(QStringLiteral("^libQt6|^libqcustomplot")));
        QVERIFY2(qtGui.isEmpty(), qPrintable(QStringLiteral("quantscope needs ") + qtGui.join(QStringLiteral(", "))));
        // X11, xcb, GL: none that quantscope brings. A libtorch may bring its own: Debian's libtorch 1.13
        // needs OpenCV's highgui, and with it Qt 5 widgets, X11, xcb and GL; those are libtorch's, listed
        // in the log, and nothing of QuantScope's adds to them.
        QStringList fromTorch;
        for (const auto& [name, path] : libraries) {
            if (name.startsWith(QLatin1String("libtorch_cpu.so")))
                fromTorch = names(sharedLibraries(path));
        }
        QStringList ours;
        for (const QString& library : guiLibraries(names(libraries))) {
            if (!fromTorch.contains(library))
                ours << library;
        }
        QVERIFY2(ours.isEmpty(), qPrintable(QStringLiteral("quantscope needs ") + ours.join(QStringLiteral(", "))));
        const QStringList torchGui = guiLibraries(fromTorch);
        if (!torchGui.isEmpty())
            qInfo("GUI libraries that libtorch itself needs (not QuantScope): %s",
                  qPrintable(torchGui.join(QStringLiteral(", "))));
        // The check sees them where they are: the GUI program has Qt's widgets.
        const QStringList guiProgram = guiLibraries(names(sharedLibraries(QStringLiteral(QS_GUI_BINARY))));
        QVERIFY2(guiProgram.contains(QStringLiteral("libQt6Widgets.so.6")),
                 qPrintable(guiProgram.join(QLatin1Char(' '))));
    }

    // Nothing quantscope links names a GUI library itself (its own DT_NEEDED entries).
    void needsNoGuiLibraryDirectly()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("readelf")).isEmpty())
            QSKIP("no readelf");
        QProcess p;
        p.start(QStringLiteral("readelf"), {QStringLiteral("-d"), QStringLiteral(QS_BINARY)});
        QVERIFY(p.waitForFinished(60000));
        QStringList needed;
        static const QRegularExpression entry(QStringLiteral(R"(\(NEEDED\)\s+Shared library: \[(.+)\])"));
        for (const QString& line : QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n'))) {
            const QRegularExpressionMatch m = entry.match(line);
            if (m.hasMatch())
                needed << m.captured(1);
        }
        QVERIFY2(needed.contains(QStringLiteral("libQt6Core.so.6")), qPrintable(needed.join(QLatin1Char(' '))));
        QVERIFY2(guiLibraries(needed).isEmpty(), qPrintable(needed.join(QLatin1Char(' '))));
    }

    // train → sweep → resume → info → fit → query on a machine with no display.
    // --version from both programs, without a display: QuantScope's version and the libraries' as
    // they are loaded (Qt as this test loads it, libtorch's release from the soname ldd resolves).
    void version()
    {
        QString torchRelease;
        for (const auto& [name, path] : sharedLibraries(QStringLiteral(QS_BINARY))) {
            if (name.startsWith(QLatin1String("libtorch_cpu.so.")))
                torchRelease = name.mid(16);
        }
        QVERIFY(!torchRelease.isEmpty());
        for (const QString& program : {QStringLiteral(QS_BINARY), QStringLiteral(QS_GUI_BINARY)}) {
            const Run r = runWithoutDisplay(program, {QStringLiteral("--version")});
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            const QStringList lines = r.out.trimmed().split(QLatin1Char('\n'));
            QCOMPARE(lines.size(), 4);
            QCOMPARE(lines.at(0), QStringLiteral("QuantScope " QS_EXPECTED_VERSION));
            QCOMPARE(lines.at(1), QStringLiteral("Qt ") + QString::fromLatin1(qVersion()));
            QVERIFY2(lines.at(2).startsWith(QStringLiteral("libtorch ") + torchRelease + QLatin1Char('.')),
                     qPrintable(lines.at(2)));
            QVERIFY2(QRegularExpression(QStringLiteral("^HDF5 1\\.\\d+\\.\\d+$")).match(lines.at(3)).hasMatch(),
                     qPrintable(lines.at(3)));
        }
    }

    void computesWithoutDisplay()
    {
        Run r = quantscope({QStringLiteral("train"), QStringLiteral("--config"), path("tiny.json"),
                            QStringLiteral("--corpus"), path("corpus.txt"), QStringLiteral("--store"), m_store,
                            QStringLiteral("--run"), QStringLiteral("h")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("Run 'h': 3 checkpoints")), qPrintable(r.out));
        QVERIFY2(!r.err.contains(QLatin1String("qt.qpa")), qPrintable(r.err)); // no platform plugin was looked for

        const QStringList sweep = {QStringLiteral("--store"),   m_store,
                                   QStringLiteral("--quant"),   QStringLiteral("rtn:4:g16:sym"),
                                   QStringLiteral("--threads"), QString::number(qs::test::threads())};
        r = quantscope(QStringList {QStringLiteral("sweep")} + sweep);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("6 results computed, 0 already stored")), qPrintable(r.out));
        r = quantscope(QStringList {QStringLiteral("resume")} + sweep);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("0 results computed, 6 already stored")), qPrintable(r.out));

        r = quantscope({QStringLiteral("info"), m_store});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("run h: wsd schedule, 10 log rows, 3 checkpoints")), qPrintable(r.out));

        // compare: the paired test over the 8 validation sequences (eval_batches 2 × batch 4) the sweep
        // stored per-unit sums of; an entry against itself is no difference at all.
        r = quantscope({QStringLiteral("compare"), m_store, QStringLiteral("h:rtn_w4_g16_sym@5"),
                        QStringLiteral("h:rtn_w4_g16_sym@last")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QString::fromUtf8("ΔCE, paired over 8 evaluation units"))
                     && r.out.contains(QString::fromUtf8("B − A = ")) && r.out.contains(QLatin1String("95 % interval"))
                     && r.out.contains(QLatin1String("h:rtn_w4_g16_sym@10")),
                 qPrintable(r.out));
        r = quantscope({QStringLiteral("compare"), m_store, QStringLiteral("h:fp@10"), QStringLiteral("h:fp@10"),
                        QStringLiteral("--metric"), QStringLiteral("ce")});
        QVERIFY2(r.exitCode == 0 && r.out.contains(QLatin1String("Within the noise")), qPrintable(r.out + r.err));
        // outliers: the FP reference's profiles at the 3 checkpoints; no W4A4 config to correlate with.
        r = quantscope({QStringLiteral("outliers"), m_store, QStringLiteral("--run"), QStringLiteral("h")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QString::fromUtf8("input channels with max |x| > 6 at 3 checkpoints"))
                     && r.out.contains(QLatin1String("model.layers.0.mlp.down_proj.weight"))
                     && r.out.contains(QLatin1String("No W4A4 config")),
                 qPrintable(r.out));
        r = quantscope({QStringLiteral("outliers"), m_store, QStringLiteral("--run"), QStringLiteral("h"),
                        QStringLiteral("--layer"), QStringLiteral("99")});
        QVERIFY2(r.exitCode != 0 && r.err.contains(QLatin1String("has no layer '99'")), qPrintable(r.err));
        r = quantscope({QStringLiteral("compare"), m_store, QStringLiteral("h:fp@7"), QStringLiteral("h:fp@10")});
        QVERIFY2(r.exitCode != 0 && r.err.contains(QLatin1String("no checkpoint at step 7")), qPrintable(r.err));
        // export writes Hugging Face checkpoints of Hugging Face runs only, and says so.
        r = quantscope({QStringLiteral("export"), QStringLiteral("--store"), m_store, QStringLiteral("--run"),
                        QStringLiteral("h"), QStringLiteral("--step"), QStringLiteral("10"), QStringLiteral("--config"),
                        QStringLiteral("fp"), QStringLiteral("--out"), m_dir.filePath(QStringLiteral("export"))});
        QVERIFY2(r.exitCode != 0 && r.err.contains(QLatin1String("is a run of the built-in trainer")),
                 qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("export"))));

        // sensitivity: none stored yet; a sweep of the last checkpoint with --sensitivity stores it (the
        // W4 entry computed again) and says what it cost; then the ranking and one checkpoint in detail.
        r = quantscope({QStringLiteral("sensitivity"), m_store, QStringLiteral("--run"), QStringLiteral("h")});
        QVERIFY2(r.exitCode == 0 && r.out.contains(QLatin1String("holds no per-layer sensitivity")), qPrintable(r.out));
        r = quantscope(QStringList {QStringLiteral("sweep"), QStringLiteral("--sensitivity"), QStringLiteral("--step"),
                                    QStringLiteral("10")}
                       + sweep);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("1 results computed, 1 already stored"))
                     && r.out.contains(QLatin1String("per-layer sensitivity: 1 entries")),
                 qPrintable(r.out));
        r = quantscope({QStringLiteral("sensitivity"), m_store, QStringLiteral("--run"), QStringLiteral("h")});
        QVERIFY2(r.exitCode == 0 && r.out.contains(QLatin1String("rtn_w4_g16_sym:"))
                     && r.out.contains(QString::fromUtf8("ρ(F, KL)"))
                     && r.out.contains(QLatin1String("most sensitive")),
                 qPrintable(r.out));
        r = quantscope({QStringLiteral("sensitivity"), m_store, QStringLiteral("--run"), QStringLiteral("h"),
                        QStringLiteral("--step"), QStringLiteral("10"), QStringLiteral("--top"), QStringLiteral("3")});
        QVERIFY2(r.exitCode == 0 && r.out.contains(QLatin1String("step 10: "))
                     && r.out.contains(QLatin1String("Fisher est.")) && r.out.contains(QLatin1String("     3 ")),
                 qPrintable(r.out));
        r = quantscope({QStringLiteral("sensitivity"), m_store, QStringLiteral("--run"), QStringLiteral("h"),
                        QStringLiteral("--step"), QStringLiteral("5")});
        QVERIFY2(r.exitCode != 0 && r.err.contains(QLatin1String("no checkpoint of step 5")), qPrintable(r.err));

        // fit: Chinchilla to noise-free points of the Hoffmann et al. 2022 law.
        QByteArray csv = "N,D,loss\n";
        for (int i = 0; i < 6; ++i)
            for (int j = 0; j < 5; ++j) {
                const double N = 1e7 * std::pow(10.0, i * 0.5), D = 1e9 * std::pow(10.0, j * 0.6);
                csv += QStringLiteral("%1,%2,%3\n")
                           .arg(N, 0, 'g', 17)
                           .arg(D, 0, 'g', 17)
                           .arg(1.69 + 406.4 / std::pow(N, 0.34) + 410.7 / std::pow(D, 0.28), 0, 'g', 17)
                           .toUtf8();
            }
        qs::test::writeFile(path("points.csv"), csv);
        r = quantscope({QStringLiteral("fit"), QStringLiteral("--law"), QStringLiteral("chinchilla"),
                        QStringLiteral("--csv"), path("points.csv"), QStringLiteral("--grid"), QStringLiteral("1"),
                        QStringLiteral("--bootstrap"), QStringLiteral("0"), QStringLiteral("--store"), m_store});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("alpha")) && r.out.contains(QLatin1String("saved as fit 'chinchilla'")),
                 qPrintable(r.out));

        // query: Hoffmann et al. 2022 at N = 7e10, D = 1.4e12 ("Training Compute-Optimal Large Language Models").
        r = quantscope({QStringLiteral("query"), QStringLiteral("--law"), QStringLiteral("chinchilla"),
                        QStringLiteral("--preset"), QStringLiteral("hoffmann2022"), QStringLiteral("--predict"),
                        QStringLiteral("loss"), QStringLiteral("--N"), QStringLiteral("7e10"), QStringLiteral("--D"),
                        QStringLiteral("1.4e12")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const double expected = 1.69 + 406.4 / std::pow(7e10, 0.34) + 410.7 / std::pow(1.4e12, 0.28);
        QVERIFY2(r.out.startsWith(QStringLiteral("loss = %1").arg(expected, 0, 'g', 6)), qPrintable(r.out));

        r = quantscope({QStringLiteral("help")});
        QVERIFY2(r.exitCode == 0 && r.out.contains(QLatin1String("Commands:")), qPrintable(r.err));
    }

    // figure goes through quantscope-gui, which draws offscreen when there is no display.
    void drawsThroughTheGuiProgram()
    {
        const QString svg = path("headless.svg");
        const Run r = quantscope({QStringLiteral("figure"), QStringLiteral("--view"), QStringLiteral("scaling"),
                                  QStringLiteral("--law"), QStringLiteral("chinchilla"), QStringLiteral("--preset"),
                                  QStringLiteral("hoffmann2022"), QStringLiteral("--out"), svg});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(QFileInfo(svg).absoluteFilePath()));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("<svg"));
    }

    // A copy of quantscope alone in a folder: the commands that compute work, the ones that draw name
    // the missing program and fail (1); their --help needs no GUI program.
    void missingGuiProgram()
    {
        const QString lonely = path("lonely/quantscope");
        QVERIFY(QDir().mkpath(path("lonely")));
        QVERIFY(QFile::copy(QStringLiteral(QS_BINARY), lonely));
        Run r = runWithoutDisplay(lonely, {QStringLiteral("info"), m_store});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = runWithoutDisplay(
            lonely,
            {QStringLiteral("figure"), QStringLiteral("--store"), m_store, QStringLiteral("--out"), path("never.png")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(path("lonely/quantscope-gui")) && r.err.contains(QLatin1String("missing")),
                 qPrintable(r.err));
        QVERIFY(!QFile::exists(path("never.png")));
        r = runWithoutDisplay(lonely, {QStringLiteral("figure"), QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QLatin1String("--figure-style STYLE")), qPrintable(r.out));
        r = runWithoutDisplay(lonely, {});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("the GUI needs quantscope-gui")), qPrintable(r.err));
    }
};

QS_TEST_GUILESS_MAIN(TstHeadless)
#include "tst_headless.moc"
