// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Figure export for papers: physical sizes of PDF, SVG and PNG, fonts embedded and at their point size,
// the CSV behind the trajectory, clear errors, the page's screen look untouched, the export dialog
// and `quantscope figure`.

#include "itemmodels/selection.h"
#include "itemmodels/storesnapshot.h"
#include "tests/support/storefixture.h"
#include "tests/support/testutils.h"
#include "widgets/dialogs/exportdialog.h"
#include "widgets/pages/figurepages.h"
#include "widgets/pages/trajectory/trajectorypage.h"
#include "widgets/plot/figureexport.h"

#include "widgets/plot/qcp.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFontComboBox>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include <cmath>
#include <map>
#include <memory>
#include <set>

using Fixture = qs::test::MetricsFixture;

namespace {

// A single-column figure: 3.3 in wide, 0.62 × 3.3 = 2.046 in high; 72 pt and 25.4 mm to the inch.
constexpr double singleWidthIn = 3.3;
constexpr double singleHeightIn = 3.3 * 0.62;

// The fixture's quantized configs by store id (core/config/config.cpp: <method>_w<bits>_<g32|pc>_<sym>, and
// "fp" + "_a4" for activation-only), with their legend labels and config index in the fixture.
struct FixtureConfig
{
    const char* id;
    const char* label;
    int index;
};
const FixtureConfig fixtureConfigs[] = {
    {"rtn_w4_g32_sym", "RTN W4 g32 sym", 0},
    {"rtn_w3_pc_sym", "RTN W3 per-channel sym", 1},
    {"fp_a4", "W16A4", 2},
};

struct ProcessResult
{
    int exitCode = -1;
    QString out;
    QString err;
};

ProcessResult runProgram(const QString& program, const QStringList& args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.start(program, args);
    if (!p.waitForFinished(120000))
        qFatal("%s did not finish", qPrintable(program));
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QString popplerTool(const char* name)
{
    return QStandardPaths::findExecutable(QString::fromLatin1(name));
}

// "Page size:       238 x 147 pts" from pdfinfo.
bool pdfPageSize(const QString& pdf, double* width, double* height)
{
    const ProcessResult r = runProgram(popplerTool("pdfinfo"), {pdf});
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral(R"(Page size:\s+([\d.]+) x ([\d.]+) pts)")).match(r.out);
    if (r.exitCode != 0 || !m.hasMatch())
        return false;
    *width = m.captured(1).toDouble();
    *height = m.captured(2).toDouble();
    return true;
}

// The "emb" column of every font pdffonts lists.
QStringList pdfFontsEmbedded(const QString& pdf)
{
    const ProcessResult r = runProgram(popplerTool("pdffonts"), {pdf});
    QStringList embedded;
    const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (int i = 2; i < lines.size(); ++i) { // after the header and the dashes
        // name, type (one or two words), encoding, emb, sub, uni, object, generation
        const QStringList fields = lines[i].split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (fields.size() >= 7)
            embedded << fields[fields.size() - 5];
    }
    return embedded;
}

double mm(const QString& length)
{
    return length.endsWith(QLatin1String("mm")) ? length.chopped(2).toDouble() : qQNaN();
}

// Checks CSV text against the fixture: header, then one row per checkpoint with the run, step, tokens,
// LR, FP CE and the relative CE of every quantized config (empty where the config has no result).
void verifyTrajectoryCsv(const QString& text)
{
    QStringList lines;
    for (const QString& line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        if (!line.startsWith(QLatin1Char('#')))
            lines << line;
    }
    QCOMPARE(lines.size(), 1 + Fixture::checkpointCount());
    const QStringList header = lines[0].split(QLatin1Char(','));
    QCOMPARE(header.mid(0, 5),
             (QStringList {QStringLiteral("run"), QStringLiteral("step"), QStringLiteral("tokens"),
                           QStringLiteral("lr"), QStringLiteral("fp_val_ce")}));
    std::map<QString, int> column;
    for (int i = 5; i < header.size(); ++i)
        column[header[i]] = i;
    QCOMPARE(int(column.size()), int(std::size(fixtureConfigs)));
    for (int k = 0; k < Fixture::checkpointCount(); ++k) {
        const QStringList fields = lines[1 + k].split(QLatin1Char(','));
        QCOMPARE(fields.size(), header.size());
        QCOMPARE(fields[0], QLatin1String(Fixture::runName));
        const int step = Fixture::checkpointSteps()[size_t(k)];
        QCOMPARE(fields[1].toInt(), step);
        QCOMPARE(fields[2].toLongLong(), Fixture::tokens(step));
        QVERIFY(std::abs(fields[3].toDouble() - Fixture::lr(step)) <= 1e-12);
        QVERIFY(std::abs(fields[4].toDouble() - Fixture::fpCe(k)) <= 1e-9);
        for (const FixtureConfig& config : fixtureConfigs) {
            const auto it = column.find(QString::fromLatin1(config.id));
            QVERIFY2(it != column.end(), config.id);
            const QString& field = fields[it->second];
            if (!Fixture::done(config.index, k)) {
                QVERIFY2(field.isEmpty(), qPrintable(field));
                continue;
            }
            QVERIFY2(std::abs(field.toDouble() - Fixture::relCe(config.index, k)) <= 1e-9, qPrintable(field));
        }
    }
}

// The fixture's run with only the FP reference, now with the per-channel input profile the outlier view
// draws (act_channel_absmax: channel c of layer l at checkpoint k is 1 + (c mod 5) + l + k).
void writeProfileStore(const QString& path)
{
    qs::Store store = Fixture::writeRun(path);
    const qs::QuantConfig fp = qs::QuantConfig::fullPrecision();
    store.ensureConfig(Fixture::runName, fp.id(), fp.toJson());
    const std::vector<qs::LayerInfo> layers = Fixture::layers();
    for (int k = 0; k < Fixture::checkpointCount(); ++k) {
        qs::ResultEntry entry;
        entry.model = {{"ce", Fixture::fpCe(k)}, {"fp_ce", Fixture::fpCe(k)}, {"rel_ce", 0.0}, {"kl_mean", 0.0}};
        for (int l = 0; l < Fixture::layerCount(); ++l) {
            entry.layers["act_kurtosis"].push_back(Fixture::actKurtosis(k, l));
            entry.layers["act_absmax"].push_back(Fixture::actAbsmax(k, l));
            std::vector<float> profile;
            for (int64_t c = 0; c < layers[size_t(l)].cols; ++c)
                profile.push_back(float(1 + c % 5 + l + k));
            entry.profiles["act_channel_absmax"].push_back(profile);
        }
        store.writeResult(Fixture::runName, fp.id(), k, entry);
    }
}

} // namespace

class TestExport : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_store;
    QString m_profileStore;
    std::unique_ptr<qs::Selection> m_selection;
    qs::FigurePage m_page; // destroyed before the selection it follows

    qs::FigureView& view() { return *m_page.view; }
    QString path(const char* name) const { return m_dir.filePath(QString::fromLatin1(name)); }

    static qs::FigureExportOptions singlePaper()
    {
        qs::FigureExportOptions options;
        options.size = qs::FigureExportOptions::Size::SingleColumn;
        options.style = qs::FigureStyle::paper();
        return options;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_store = path("metrics.h5");
        Fixture::write(m_store);
        m_profileStore = path("profiles.h5");
        writeProfileStore(m_profileStore);
        m_selection = std::make_unique<qs::Selection>();
        m_selection->setSnapshot(qs::loadStoreSnapshot(m_store));
        m_page = qs::createFigurePage(QStringLiteral("trajectory"), m_selection.get());
        QVERIFY(m_page);
        QCOMPARE(view().viewName(), QStringLiteral("trajectory"));
        m_page.widget->resize(900, 600);
    }

    void cleanupTestCase()
    {
        m_page = {};
        m_selection.reset();
    }

    void sizes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<double>("width");
        QTest::addColumn<double>("height");
        QTest::addRow("single") << QStringLiteral("single") << true << 3.3 << 2.046;
        QTest::addRow("double") << QStringLiteral("double") << true << 6.9 << 4.278;
        QTest::addRow("width and height") << QStringLiteral("5x3") << true << 5.0 << 3.0;
        QTest::addRow("inches suffix") << QStringLiteral("2.5x1.5in") << true << 2.5 << 1.5;
        QTest::addRow("width only") << QStringLiteral("4.5") << true << 4.5 << 2.79;
        QTest::addRow("zero height") << QStringLiteral("3x0") << false << 0.0 << 0.0;
        QTest::addRow("zero width") << QStringLiteral("0") << false << 0.0 << 0.0;
        QTest::addRow("negative") << QStringLiteral("-3x2") << false << 0.0 << 0.0;
        QTest::addRow("no height") << QStringLiteral("3x") << false << 0.0 << 0.0;
        QTest::addRow("word") << QStringLiteral("wide") << false << 0.0 << 0.0;
    }

    void sizes()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(double, width);
        QFETCH(double, height);
        qs::FigureExportOptions options;
        options.customWidth = 1.0;
        QCOMPARE(qs::parseFigureSize(text, &options), valid);
        if (!valid) {
            QVERIFY(options.size == qs::FigureExportOptions::Size::SingleColumn); // untouched
            QCOMPARE(options.customWidth, 1.0);
            return;
        }
        QVERIFY(std::abs(options.widthInches() - width) < 1e-9);
        QVERIFY(std::abs(options.heightInches() - height) < 1e-9);
    }

    void pdfSingleColumnPaper()
    {
        if (popplerTool("pdfinfo").isEmpty() || popplerTool("pdffonts").isEmpty() || popplerTool("pdftotext").isEmpty())
            QSKIP("poppler-utils (pdfinfo, pdffonts, pdftotext) not installed");
        const QString pdf = path("single.pdf");
        QString error;
        QVERIFY2(qs::exportFigure(view(), pdf, singlePaper(), &error), qPrintable(error));

        double width = 0.0;
        double height = 0.0;
        QVERIFY(pdfPageSize(pdf, &width, &height));
        // 237.6 × 147.3 pt; Qt writes the media box in whole points.
        QVERIFY2(std::abs(width - singleWidthIn * 72.0) <= 1.0, qPrintable(QString::number(width)));
        QVERIFY2(std::abs(height - singleHeightIn * 72.0) <= 1.0, qPrintable(QString::number(height)));

        const QStringList embedded = pdfFontsEmbedded(pdf);
        QVERIFY(!embedded.isEmpty());
        for (const QString& e : embedded)
            QCOMPARE(e, QStringLiteral("yes"));

        // The legend's 8 pt text is 8 pt on the page: a word's box is the font's ascent + descent, for
        // DejaVu Sans 1.16 em (hhea 0.928 + 0.236). Text drawn at the screen's 96 dpi in a layout of
        // points would be 4/3 larger (12.4 pt).
        const ProcessResult text =
            runProgram(popplerTool("pdftotext"), {QStringLiteral("-bbox"), pdf, QStringLiteral("-")});
        static const QRegularExpression wordBox(
            QStringLiteral(R"re(<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">W16A4</word>)re"));
        const QRegularExpressionMatch word = wordBox.match(text.out);
        QVERIFY2(word.hasMatch(), qPrintable(text.out.left(2000)));
        const double wordHeight = word.captured(2).toDouble() - word.captured(1).toDouble();
        QVERIFY2(wordHeight > 8.0 * 1.0 && wordHeight < 8.0 * 1.3, qPrintable(QString::number(wordHeight)));
    }

    void svgSingleColumnPaper()
    {
        const QString svgPath = path("single.svg");
        QString error;
        QVERIFY2(qs::exportFigure(view(), svgPath, singlePaper(), &error), qPrintable(error));
        QFile file(svgPath);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);

        double widthMm = qQNaN();
        double heightMm = qQNaN();
        double viewBoxWidth = qQNaN();
        std::vector<QString> fontSizes {QString()}; // font-size in force, per open element
        std::map<QString, double> textSize;         // text → its font size in user units
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isStartElement()) {
                const QXmlStreamAttributes attributes = xml.attributes();
                fontSizes.push_back(attributes.hasAttribute(QStringLiteral("font-size"))
                                        ? attributes.value(QStringLiteral("font-size")).toString()
                                        : fontSizes.back());
                if (xml.name() == QLatin1String("svg")) {
                    widthMm = mm(attributes.value(QStringLiteral("width")).toString());
                    heightMm = mm(attributes.value(QStringLiteral("height")).toString());
                    const QStringList box =
                        attributes.value(QStringLiteral("viewBox")).toString().split(QLatin1Char(' '));
                    if (box.size() == 4)
                        viewBoxWidth = box[2].toDouble();
                } else if (xml.name() == QLatin1String("text")) {
                    const QString size = fontSizes.back();
                    textSize[xml.readElementText().trimmed()] = size.toDouble();
                    fontSizes.pop_back(); // readElementText consumed the end element
                }
            } else if (xml.isEndElement()) {
                fontSizes.pop_back();
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY2(std::abs(widthMm - singleWidthIn * 25.4) <= 0.5, qPrintable(QString::number(widthMm)));    // 83.82
        QVERIFY2(std::abs(heightMm - singleHeightIn * 25.4) <= 0.5, qPrintable(QString::number(heightMm))); // 51.97
        QVERIFY(viewBoxWidth > 0.0);

        // Every config's legend label is text, at 8 pt = 8/72 in = 2.822 mm on paper.
        for (const FixtureConfig& config : fixtureConfigs) {
            const auto it = textSize.find(QString::fromLatin1(config.label));
            QVERIFY2(it != textSize.end(), config.label);
            const double sizeMm = it->second * widthMm / viewBoxWidth;
            QVERIFY2(std::abs(sizeMm - 8.0 / 72.0 * 25.4) <= 0.03 * 2.822, qPrintable(QString::number(sizeMm)));
        }
    }

    void pngPixels_data()
    {
        QTest::addColumn<QString>("size");
        QTest::addColumn<int>("dpi");
        QTest::addColumn<QSize>("pixels");
        // 3.3·300 = 990, 2.046·300 = 613.8; 6.9·150 = 1035, 4.278·150 = 641.7
        QTest::addRow("single 300 dpi") << QStringLiteral("single") << 300 << QSize(990, 614);
        QTest::addRow("double 150 dpi") << QStringLiteral("double") << 150 << QSize(1035, 642);
        QTest::addRow("5x3 100 dpi") << QStringLiteral("5x3") << 100 << QSize(500, 300);
        QTest::addRow("2.5 wide 600 dpi") << QStringLiteral("2.5") << 600 << QSize(1500, 930); // 1.55·600
    }

    void pngPixels()
    {
        QFETCH(QString, size);
        QFETCH(int, dpi);
        QFETCH(QSize, pixels);
        qs::FigureExportOptions options = singlePaper();
        QVERIFY(qs::parseFigureSize(size, &options));
        options.dpi = dpi;
        const QString png = path("figure.png");
        QString error;
        QVERIFY2(qs::exportFigure(view(), png, options, &error), qPrintable(error));
        const QImage image(png);
        QCOMPARE(image.size(), pixels);
        QVERIFY(std::abs(image.dotsPerMeterX() * 0.0254 - dpi) < 0.5);

        // Paper: a white background, and the first config's line in its colour, Okabe–Ito blue #0072B2
        // (the other series are vermillion and green, text and the LR curve grey or black).
        QCOMPARE(image.pixelColor(0, 0), QColor(Qt::white));
        int blue = 0;
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x) {
                const QColor c = image.pixelColor(x, y);
                blue += c.blue() - c.red() > 100 && c.blue() - c.green() > 30 ? 1 : 0;
            }
        }
        QVERIFY2(blue >= 10, qPrintable(QString::number(blue)));
    }

    void pdfLineWidthInPoints()
    {
        // The paper style's line width is in points: a 1 pt line is 1 pt on the page, not a pixel of
        // the 96 dpi layout (0.75 pt). pdftocairo writes the PDF's drawing as SVG in points.
        if (popplerTool("pdftocairo").isEmpty())
            QSKIP("poppler-utils (pdftocairo) not installed");
        qs::FigureExportOptions options = singlePaper();
        options.style.lineWidth = 1.0;
        const QString pdf = path("width.pdf");
        const QString svg = path("width-cairo.svg");
        QString error;
        QVERIFY2(qs::exportFigure(view(), pdf, options, &error), qPrintable(error));
        QCOMPARE(runProgram(popplerTool("pdftocairo"), {QStringLiteral("-svg"), pdf, svg}).exitCode, 0);
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);
        // The curve of config 0: the longest solid path in its colour, Okabe–Ito blue #0072B2.
        static const QRegularExpression stroke(QStringLiteral(R"(stroke:rgb\(([\d.]+)%,([\d.]+)%,([\d.]+)%\))"));
        static const QRegularExpression strokeWidth(QStringLiteral(R"(stroke-width:([\d.]+))"));
        static const QRegularExpression scale(QStringLiteral(R"(matrix\(([\d.]+),)"));
        int longest = 0;
        double width = qQNaN();
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement() || xml.name() != QLatin1String("path"))
                continue;
            const QString style = xml.attributes().value(QStringLiteral("style")).toString();
            const QRegularExpressionMatch color = stroke.match(style);
            if (!color.hasMatch() || style.contains(QLatin1String("dasharray")))
                continue;
            const QColor c = QColor::fromRgbF(float(color.captured(1).toDouble() / 100.0),
                                              float(color.captured(2).toDouble() / 100.0),
                                              float(color.captured(3).toDouble() / 100.0));
            if (c.rgb() != QColor(0x00, 0x72, 0xB2).rgb())
                continue;
            const int segments = int(xml.attributes().value(QStringLiteral("d")).count(QLatin1Char('L')));
            if (segments <= longest)
                continue;
            const QRegularExpressionMatch m =
                scale.match(xml.attributes().value(QStringLiteral("transform")).toString());
            longest = segments;
            width = strokeWidth.match(style).captured(1).toDouble() * (m.hasMatch() ? m.captured(1).toDouble() : 1.0);
        }
        QVERIFY(longest >= Fixture::checkpointCount() - 1);
        QVERIFY2(std::abs(width - 1.0) < 0.02, qPrintable(QString::number(width)));
    }

    void csvOfTrajectory()
    {
        const QString csv = path("trajectory.csv");
        QString error;
        QVERIFY2(qs::exportCsv(view(), csv, &error), qPrintable(error));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        verifyTrajectoryCsv(QString::fromUtf8(file.readAll()));
    }

    void errors_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        QTest::addRow("missing folder, pdf") << QStringLiteral("no-such-dir/fig.pdf") << QStringLiteral("fig.pdf");
        QTest::addRow("missing folder, svg") << QStringLiteral("no-such-dir/fig.svg") << QStringLiteral("fig.svg");
        QTest::addRow("missing folder, png") << QStringLiteral("no-such-dir/fig.png") << QStringLiteral("fig.png");
        QTest::addRow("missing folder, csv") << QStringLiteral("no-such-dir/data.csv") << QStringLiteral("data.csv");
        QTest::addRow("a folder") << QStringLiteral("folder.pdf") << QStringLiteral("folder.pdf");
        QTest::addRow("unknown extension") << QStringLiteral("fig.bmp") << QStringLiteral(".pdf, .svg or .png");
        QTest::addRow("no extension") << QStringLiteral("fig") << QStringLiteral(".pdf, .svg or .png");
    }

    void errors()
    {
        QFETCH(QString, file);
        QFETCH(QString, message);
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("folder.pdf")));
        const QString out = m_dir.filePath(file);
        QString error;
        const bool ok = file.endsWith(QLatin1String(".csv")) ? qs::exportCsv(view(), out, &error)
                                                             : qs::exportFigure(view(), out, singlePaper(), &error);
        QVERIFY(!ok);
        QVERIFY2(error.contains(out), qPrintable(error));
        QVERIFY2(error.contains(message), qPrintable(error));
        if (!file.startsWith(QLatin1String("folder")))
            QVERIFY(!QFileInfo::exists(out));
    }

    void outOfRange()
    {
        QString error;
        qs::FigureExportOptions options = singlePaper();
        options.dpi = 0;
        QVERIFY(!qs::exportFigure(view(), path("zero-dpi.png"), options, &error));
        QVERIFY2(error.contains(QStringLiteral("0 dpi")), qPrintable(error));
        QVERIFY(!QFileInfo::exists(path("zero-dpi.png")));
        options = singlePaper();
        QVERIFY(qs::parseFigureSize(QStringLiteral("120x3"), &options));
        QVERIFY(!qs::exportFigure(view(), path("huge.pdf"), options, &error));
        QVERIFY2(error.contains(QStringLiteral("120")), qPrintable(error));

        // A page that shows nothing: no store is selected.
        qs::Selection empty;
        qs::FigurePage nothing = qs::createFigurePage(QStringLiteral("trajectory"), &empty);
        QVERIFY(nothing);
        QVERIFY(!qs::exportFigure(*nothing.view, path("nothing.pdf"), singlePaper(), &error));
        QVERIFY2(error.contains(QStringLiteral("shows nothing")), qPrintable(error));
        QVERIFY(!qs::exportCsv(*nothing.view, path("nothing.csv"), &error));
        QVERIFY2(error.contains(QStringLiteral("nothing.csv")), qPrintable(error));
    }

    void screenStyleUnchanged()
    {
        QCustomPlot* plot = view().figurePlot();
        QVERIFY(plot);
        const QFont tickFont = plot->xAxis->tickLabelFont();
        const QFont legendFont = plot->legend->font();
        const QImage before = plot->toPixmap(700, 450).toImage();
        QVERIFY(tickFont != QFont(QStringLiteral("DejaVu Sans"), 8)); // the paper style would show

        for (const char* name : {"restore.pdf", "restore.png", "restore.svg"}) {
            QString error;
            QVERIFY2(qs::exportFigure(view(), path(name), singlePaper(), &error), qPrintable(error));
            QCOMPARE(plot->xAxis->tickLabelFont(), tickFont);
            QCOMPARE(plot->legend->font(), legendFont);
            QVERIFY2(plot->toPixmap(700, 450).toImage() == before, name);
        }
        // A failed export gives the screen style back as well.
        QString error;
        QVERIFY(!qs::exportFigure(view(), path("no-such-dir/x.pdf"), singlePaper(), &error));
        QVERIFY(plot->toPixmap(700, 450).toImage() == before);
    }

    void everyViewKeepsItsLook_data()
    {
        QTest::addColumn<QString>("name");
        for (const QString& name : qs::figureViewNames())
            QTest::addRow("%s", qPrintable(name)) << name;
    }

    void everyViewKeepsItsLook()
    {
        // The same for every page the exporter builds: after a paper export the page draws as before.
        QFETCH(QString, name);
        qs::Selection selection;
        selection.setSnapshot(qs::loadStoreSnapshot(name == QLatin1String("outliers") ? m_profileStore : m_store));
        qs::FigurePage page = qs::createFigurePage(name, &selection);
        QVERIFY(page);
        QVERIFY(qs::waitForFigurePage(page, 60000));
        page.widget->resize(900, 600);
        QCustomPlot* plot = page.view->figurePlot();
        QVERIFY(plot);
        const QImage before = plot->toPixmap(700, 450).toImage();
        QString error;
        QVERIFY2(qs::exportFigure(*page.view, path("look.png"), singlePaper(), &error), qPrintable(error));
        QVERIFY(page.view->figurePlot() == plot);
        QVERIFY(plot->toPixmap(700, 450).toImage() == before);
    }

    void dialog()
    {
        qs::ExportDialog dialog;
        qs::FigureExportOptions options;
        options.size = qs::FigureExportOptions::Size::Custom;
        options.customWidth = 5.0;
        options.height = 3.0;
        options.dpi = 600;
        options.style = qs::FigureStyle::paper();
        options.style.fontPt = 9.5;
        options.style.lineWidth = 1.5;
        options.style.legend = qs::FigureStyle::Legend::Inside;
        dialog.setOptions(options);
        dialog.setFormat(qs::FigureFormat::Png);

        const qs::FigureExportOptions back = dialog.options();
        QVERIFY(back.size == qs::FigureExportOptions::Size::Custom);
        QCOMPARE(back.customWidth, 5.0);
        QCOMPARE(back.height, 3.0);
        QCOMPARE(back.dpi, 600);
        QVERIFY(back.style.kind == qs::FigureStyle::Kind::Paper);
        QCOMPARE(back.style.fontPt, 9.5);
        QCOMPARE(back.style.lineWidth, 1.5);
        QVERIFY(back.style.legend == qs::FigureStyle::Legend::Inside);
        QCOMPARE(back.style.fontFamily, dialog.fontCombo()->currentFont().family());
        QVERIFY(dialog.format() == qs::FigureFormat::Png);
        QVERIFY(dialog.widthSpin()->isEnabled());
        QVERIFY(dialog.dpiSpin()->isEnabled());
        QVERIFY(dialog.sizeSummary().contains(QStringLiteral("3000 × 1800 px")));

        // A preset shows its width, fixed; the custom width comes back with "custom"; auto height.
        dialog.heightSpin()->setValue(dialog.heightSpin()->minimum());
        QComboBox* size = dialog.sizeCombo();
        size->setCurrentIndex(size->findData(int(qs::FigureExportOptions::Size::DoubleColumn)));
        QCOMPARE(dialog.widthSpin()->value(), 6.9);
        QVERIFY(!dialog.widthSpin()->isEnabled());
        QCOMPARE(dialog.options().widthInches(), 6.9);
        QCOMPARE(dialog.options().height, 0.0);
        // still 600 dpi: 6.9 · 600 = 4140, 6.9 · 0.62 · 600 = 2566.8
        QVERIFY(dialog.sizeSummary().contains(QStringLiteral("4140 × 2567 px")));
        dialog.dpiSpin()->setValue(300);
        QVERIFY(dialog.sizeSummary().contains(QStringLiteral("2070 × 1283 px"))); // 1283.4
        size->setCurrentIndex(size->findData(int(qs::FigureExportOptions::Size::Custom)));
        QCOMPARE(dialog.widthSpin()->value(), 5.0);

        // DPI only for PNG; nothing of the figure for CSV; fonts and lines only for the paper style.
        dialog.setFormat(qs::FigureFormat::Pdf);
        QVERIFY(!dialog.dpiSpin()->isEnabled());
        QVERIFY(dialog.fontCombo()->isEnabled());
        QCOMPARE(dialog.fileFilter(), QStringLiteral("PDF (*.pdf)"));
        dialog.styleCombo()->setCurrentIndex(dialog.styleCombo()->findData(int(qs::FigureStyle::Kind::Screen)));
        QVERIFY(!dialog.fontCombo()->isEnabled());
        QVERIFY(!dialog.lineWidthSpin()->isEnabled());
        QVERIFY(dialog.options().style.kind == qs::FigureStyle::Kind::Screen);
        dialog.setFormat(qs::FigureFormat::Csv);
        QVERIFY(!dialog.sizeCombo()->isEnabled());
        QVERIFY(!dialog.styleCombo()->isEnabled());
        QVERIFY(dialog.sizeSummary().isEmpty());
    }

    void commandLine()
    {
        const QString pdf = path("cli.pdf");
        const QString csv = path("cli.csv");
        const QString png = path("cli.png");
        const ProcessResult r =
            runProgram(QStringLiteral(QS_BINARY),
                       {QStringLiteral("figure"), QStringLiteral("--store"), m_store, QStringLiteral("--view"),
                        QStringLiteral("trajectory"), QStringLiteral("--size"), QStringLiteral("single"),
                        QStringLiteral("--figure-style"), QStringLiteral("paper"), QStringLiteral("--out"), pdf,
                        QStringLiteral("--out"), png, QStringLiteral("--dpi"), QStringLiteral("100"),
                        QStringLiteral("--csv"), csv});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(QFileInfo(pdf).absoluteFilePath()));
        QCOMPARE(QImage(png).size(), QSize(330, 205)); // 3.3 · 100, 2.046 · 100 = 204.6
        QFile data(csv);
        QVERIFY(data.open(QIODevice::ReadOnly));
        verifyTrajectoryCsv(QString::fromUtf8(data.readAll()));
        if (!popplerTool("pdfinfo").isEmpty()) {
            double width = 0.0;
            double height = 0.0;
            QVERIFY(pdfPageSize(pdf, &width, &height));
            QVERIFY(std::abs(width - singleWidthIn * 72.0) <= 1.0);
            QVERIFY(std::abs(height - singleHeightIn * 72.0) <= 1.0);
        }

        // The screen style draws the page as it shows itself (its own fonts), not in the paper style.
        const QString screen = path("cli-screen.png");
        const ProcessResult sr =
            runProgram(QStringLiteral(QS_BINARY),
                       {QStringLiteral("figure"), QStringLiteral("--store"), m_store, QStringLiteral("--figure-style"),
                        QStringLiteral("screen"), QStringLiteral("--dpi"), QStringLiteral("100"),
                        QStringLiteral("--out"), screen});
        QVERIFY2(sr.exitCode == 0, qPrintable(sr.err));
        QCOMPARE(QImage(screen).size(), QSize(330, 205));
        QVERIFY(QImage(screen) != QImage(png));
    }

    void commandLineViews_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("profiles"); // the store with profiles
        QTest::addRow("heatmap") << QStringList {QStringLiteral("--view"), QStringLiteral("heatmap"),
                                                 QStringLiteral("--config"), QStringLiteral("rtn_w3_pc_sym")}
                                 << false;
        QTest::addRow("heatmap metric") << QStringList {QStringLiteral("--view"), QStringLiteral("heatmap"),
                                                        QStringLiteral("--metric"), QStringLiteral("sqnr_db")}
                                        << false;
        QTest::addRow("breakdown") << QStringList {QStringLiteral("--view"), QStringLiteral("breakdown"),
                                                   QStringLiteral("--checkpoint"), QStringLiteral("50")}
                                   << false;
        QTest::addRow("outliers") << QStringList {QStringLiteral("--view"), QStringLiteral("outliers"),
                                                  QStringLiteral("--layer"),
                                                  QStringLiteral("model.layers.1.mlp.down_proj.weight")}
                                  << true;
    }

    void commandLineViews()
    {
        // Every view through the same path: built offscreen on the selection, exported, its CSV written.
        QFETCH(QStringList, args);
        QFETCH(bool, profiles);
        const QString store = profiles ? m_profileStore : m_store;
        const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'));
        const QString svg = m_dir.filePath(tag + QStringLiteral(".svg"));
        const QString csv = m_dir.filePath(tag + QStringLiteral(".csv"));
        const ProcessResult r = runProgram(QStringLiteral(QS_BINARY),
                                           QStringList {QStringLiteral("figure"), QStringLiteral("--store"), store,
                                                        QStringLiteral("--out"), svg, QStringLiteral("--csv"), csv}
                                               + args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);
        while (!xml.atEnd())
            xml.readNext();
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QFile data(csv);
        QVERIFY(data.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(data.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY(lines.size() > 1);
        if (!profiles)
            return;
        // The outlier view reads its profile off the GUI thread: the export waits for it. Layer 3 (its
        // 48 input channels) at the last checkpoint (k = 2): channel c holds 1 + (c mod 5) + 3 + 2.
        QVERIFY2(lines[0].startsWith(QLatin1String("channel,absmax")), qPrintable(lines[0]));
        int channels = 0;
        for (int i = 1; i < lines.size(); ++i) {
            const QStringList fields = lines[i].split(QLatin1Char(','));
            if (fields.value(0).isEmpty())
                continue;
            const int c = fields[0].toInt();
            QCOMPARE(c, channels);
            QCOMPARE(fields.value(1).toDouble(), double(6 + c % 5));
            ++channels;
        }
        QCOMPARE(channels, 48);
    }

    void commandLineErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("named"); // what the message must name
        QTest::addRow("unknown view") << QStringList {QStringLiteral("--view"), QStringLiteral("pie")}
                                      << QStringList {QStringLiteral("'pie'"), QStringLiteral("trajectory"),
                                                      QStringLiteral("heatmap")};
        QTest::addRow("unknown config") << QStringList {QStringLiteral("--config"), QStringLiteral("rtn_w9")}
                                        << QStringList {QStringLiteral("'rtn_w9'"), QStringLiteral("rtn_w4_g32_sym"),
                                                        QStringLiteral("rtn_w3_pc_sym"), QStringLiteral("fp_a4")};
        QTest::addRow("unknown run") << QStringList {QStringLiteral("--run"), QStringLiteral("other")}
                                     << QStringList {QStringLiteral("'other'"), QStringLiteral("fixture-wsd")};
        QTest::addRow("unknown checkpoint") << QStringList {QStringLiteral("--checkpoint"), QStringLiteral("7")}
                                            << QStringList {QStringLiteral("'7'"), QStringLiteral("0, 50, 99")};
        QTest::addRow("unknown layer") << QStringList {QStringLiteral("--layer"), QStringLiteral("fc2")}
                                       << QStringList {QStringLiteral("'fc2'"),
                                                       QStringLiteral("model.layers.1.mlp.down_proj.weight")};
        QTest::addRow("unknown metric") << QStringList {QStringLiteral("--metric"), QStringLiteral("loss")}
                                        << QStringList {QStringLiteral("'loss'"), QStringLiteral("kl_mean")};
        QTest::addRow("bad size") << QStringList {QStringLiteral("--size"), QStringLiteral("0x2")}
                                  << QStringList {QStringLiteral("'0x2'"), QStringLiteral("single")};
        QTest::addRow("bad style") << QStringList {QStringLiteral("--figure-style"), QStringLiteral("glossy")}
                                   << QStringList {QStringLiteral("'glossy'"), QStringLiteral("paper")};
        QTest::addRow("bad format") << QStringList {QStringLiteral("--out"), QStringLiteral("x.bmp")}
                                    << QStringList {QStringLiteral("x.bmp"), QStringLiteral(".pdf")};
    }

    void commandLineErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QStringList, named);
        const QString out =
            m_dir.filePath(QStringLiteral("never-%1.pdf").arg(QString::fromLatin1(QTest::currentDataTag())));
        const ProcessResult r = runProgram(
            QStringLiteral(QS_BINARY),
            QStringList {QStringLiteral("figure"), QStringLiteral("--store"), m_store, QStringLiteral("--out"), out}
                + args);
        QCOMPARE(r.exitCode, 2);
        for (const QString& name : named)
            QVERIFY2(r.err.contains(name), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(out));
    }
};

QS_TEST_MAIN(TestExport)
#include "tst_export.moc"
