// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Translations and the other View-menu preferences. The translations: every .ts file in translations/
// is complete (no unfinished or empty message, placeholders and accelerators kept) and covers every
// text lupdate finds in app/, widgets/ and itemmodels/ today — so adding a tr() string without
// translating it fails here — and each compiled .qm is embedded and translates. The theme: Dark gives a
// dark palette, System gives the platform's back. The main window remembers language, theme, tab,
// splitter and the export dialog's choices.

#include "tests/support/testutils.h"

#include "app/gui/language.h"
#include "app/gui/mainwindow.h"
#include "app/gui/theme.h"
#include "itemmodels/coefficientmodel.h"
#include "itemmodels/metricnames.h"
#include "itemmodels/settings.h"
#include "widgets/dialogs/exportdialog.h"

#include "core/common/metrics.h"
#include "core/scalinglaws/serialization.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QLibraryInfo>
#include <QMessageBox>
#include <QProcess>
#include <QRegularExpression>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardPaths>
#include <QStyle>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTranslator>
#include <QXmlStreamReader>

#include <map>
#include <optional>

namespace {

struct TsMessage
{
    QString context;
    QString source;
    QString comment;
    bool numerus = false;
    QString type;      // the translation's type attribute: "", "unfinished", "vanished", "obsolete"
    QStringList forms; // the translation, or its numerus forms
};

using MessageKey = std::tuple<QString, QString, QString>; // context, source, comment

struct TsFile
{
    QString language;
    std::map<MessageKey, TsMessage> messages;
};

// Parses a Qt Linguist .ts file; the error names the line when it is not well-formed XML.
std::optional<TsFile> readTs(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot open %1").arg(path);
        return std::nullopt;
    }
    TsFile ts;
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage message;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("TS")) {
            ts.language = xml.attributes().value(QLatin1String("language")).toString();
        } else if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            message = TsMessage {};
            message.context = context;
            message.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (name == QLatin1String("source")) {
            message.source = xml.readElementText();
        } else if (name == QLatin1String("comment")) {
            message.comment = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            message.type = xml.attributes().value(QLatin1String("type")).toString();
            if (message.numerus) {
                while (xml.readNextStartElement()) {
                    if (xml.name() == QLatin1String("numerusform"))
                        message.forms << xml.readElementText();
                    else
                        xml.skipCurrentElement();
                }
            } else {
                message.forms << xml.readElementText();
            }
            ts.messages[{message.context, message.source, message.comment}] = message;
        }
    }
    if (xml.hasError()) {
        *error = QStringLiteral("%1:%2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
        return std::nullopt;
    }
    return ts;
}

// The placeholders of a text, sorted: "%1", "%2", "%L1", "%n", "%p" (QProgressBar) …
QStringList placeholders(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("%L?(\\d+|n)|%p"));
    QStringList found;
    for (auto it = re.globalMatch(text); it.hasNext();)
        found << it.next().captured(0);
    found.sort();
    return found;
}

// Whether the text has a keyboard accelerator ("&File", "Open &Recent"; "&&" is a literal &).
bool hasAccelerator(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("(^|[^&])&[^&\\s]"));
    return re.match(text).hasMatch();
}

QString projectDir()
{
    return qs::test::projectDir();
}

QStringList tsFiles()
{
    const QDir dir(projectDir() + QStringLiteral("/translations"));
    QStringList files;
    for (const QString& name : dir.entryList({QStringLiteral("*.ts")}, QDir::Files, QDir::Name))
        files << dir.filePath(name);
    return files;
}

QString lupdateProgram()
{
    const QString built = QStringLiteral(QS_LUPDATE);
    if (!built.isEmpty() && QFileInfo(built).isExecutable())
        return built;
    return QStandardPaths::findExecutable(
        QStringLiteral("lupdate"),
        {QLibraryInfo::path(QLibraryInfo::BinariesPath), QStringLiteral("/usr/lib/qt6/bin")});
}

QAction* actionWithData(QMainWindow* window, const QString& group, const QVariant& data)
{
    auto* actions = window->findChild<QActionGroup*>(group);
    if (!actions)
        return nullptr;
    for (QAction* action : actions->actions()) {
        if (action->data() == data)
            return action;
    }
    return nullptr;
}

void closeMessageBoxes(QWidget* parent)
{
    for (QMessageBox* box : parent->findChildren<QMessageBox*>())
        box->close();
}

} // namespace

class TstI18n : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    // What lupdate finds in the sources now; empty when lupdate is not installed.
    std::optional<TsFile> m_current;
    QString m_lupdateProblem;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QStandardPaths::setTestModeEnabled(true);
        const QString lupdate = lupdateProgram();
        if (lupdate.isEmpty()) {
            m_lupdateProblem = QStringLiteral("lupdate not found (install qt6-l10n-tools): the .ts files cannot be "
                                              "compared with the sources");
            return;
        }
        const QString probe = m_dir.filePath(QStringLiteral("current.ts"));
        QProcess process;
        process.setWorkingDirectory(projectDir());
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(lupdate,
                      {QStringLiteral("-silent"), QStringLiteral("-locations"), QStringLiteral("none"),
                       QStringLiteral("-source-language"), QStringLiteral("en"), QStringLiteral("-I"), projectDir(),
                       QStringLiteral("app"), QStringLiteral("widgets"), QStringLiteral("itemmodels"),
                       QStringLiteral("-ts"), probe});
        QVERIFY2(process.waitForFinished(120000), "lupdate did not finish");
        QVERIFY2(process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0,
                 qPrintable(QString::fromLocal8Bit(process.readAll())));
        QString error;
        m_current = readTs(probe, &error);
        QVERIFY2(m_current, qPrintable(error));
        // The app has hundreds of texts; a handful means lupdate scanned the wrong place.
        QVERIFY2(m_current->messages.size() > 300, qPrintable(QString::number(m_current->messages.size())));
    }

    void shippedLanguages()
    {
        // Every language of the menu but English has a .ts in the tree and an embedded .qm; every .ts
        // is a language of the menu.
        QStringList codes;
        for (const qs::UiLanguage& language : qs::uiLanguages())
            codes << language.code;
        QCOMPARE(codes,
                 (QStringList {QStringLiteral("en"), QStringLiteral("es"), QStringLiteral("zh_CN"),
                               QStringLiteral("nl"), QStringLiteral("ko")}));
        QStringList fromTree;
        for (const QString& file : tsFiles())
            fromTree << QFileInfo(file).completeBaseName().mid(QStringLiteral("quantscope_").size());
        fromTree.sort();
        QStringList expected = codes.mid(1);
        expected.sort();
        QCOMPARE(fromTree, expected);
        for (const QString& code : codes.mid(1))
            QVERIFY2(QFile::exists(qs::uiTranslationResource(code)), qPrintable(qs::uiTranslationResource(code)));
        QVERIFY(qs::uiTranslationResource(QStringLiteral("en")).isEmpty());
    }

    void embeddedTranslation_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("file");     // MainWindow's "&File", translated by hand
        QTest::addColumn<QString>("sweeping"); // "Sweeping %n config(s) over run %1…" for n = 3
        QTest::addRow("es") << QStringLiteral("es") << QStringLiteral("&Archivo")
                            << QStringLiteral("Barriendo 3 configuraciones sobre la ejecución wsd…");
        QTest::addRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("文件(&F)")
                               << QStringLiteral("正在对运行 wsd 扫描 3 个配置…");
        QTest::addRow("nl") << QStringLiteral("nl") << QStringLiteral("&Bestand")
                            << QStringLiteral("3 configuraties sweepen over run wsd…");
        QTest::addRow("ko") << QStringLiteral("ko") << QStringLiteral("파일(&F)")
                            << QStringLiteral("실행 wsd에 대해 구성 3개 스윕 중…");
    }

    void embeddedTranslation()
    {
        QFETCH(QString, code);
        QFETCH(QString, file);
        QFETCH(QString, sweeping);
        QTranslator translator;
        QVERIFY(translator.load(qs::uiTranslationResource(code)));
        QCOMPARE(translator.translate("qs::MainWindow", "&File"), file);
        const QString plural = translator.translate("qs::JobControl", "Sweeping %n config(s) over run %1…", nullptr, 3);
        QCOMPARE(plural.arg(QStringLiteral("wsd")).replace(QStringLiteral("%n"), QStringLiteral("3")), sweeping);
    }

    void installedTranslators()
    {
        // The language names of the menu resolve to the shipped files, a regional variant to its base
        // language; English and unknown names leave the source texts.
        QCOMPARE(qs::installUiTranslators(QStringLiteral("es")), QStringLiteral("es"));
        QCOMPARE(qs::MainWindow::tr("&File"), QStringLiteral("&Archivo"));
        QCOMPARE(qs::installUiTranslators(QStringLiteral("nl_BE")), QStringLiteral("nl"));
        QCOMPARE(qs::MainWindow::tr("&File"), QStringLiteral("&Bestand"));
        QCOMPARE(qs::installUiTranslators(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        QCOMPARE(qs::MainWindow::tr("&Quit"), QStringLiteral("退出(&Q)"));
        QCOMPARE(qs::installUiTranslators(QStringLiteral("en")), QStringLiteral("en"));
        QCOMPARE(qs::MainWindow::tr("&File"), QStringLiteral("&File"));
        QCOMPARE(qs::installUiTranslators(QStringLiteral("ko")), QStringLiteral("ko"));
        QCOMPARE(qs::installUiTranslators(QStringLiteral("xx")), QStringLiteral("en"));
        QCOMPARE(qs::MainWindow::tr("&File"), QStringLiteral("&File")); // the Korean one was removed
    }

    void dataStaysEnglish()
    {
        // What the program writes (a law's JSON, read by scripts) keeps its English words under any
        // language; only what the table shows is translated.
        QCOMPARE(qs::installUiTranslators(QStringLiteral("es")), QStringLiteral("es"));
        qs::CoefficientModel model;
        model.setLaw(qs::scaling::Law::chinchilla(qs::scaling::ChinchillaPreset::Hoffmann2022));
        const int alpha = model.rowOf(QStringLiteral("alpha"));
        QVERIFY(model.setData(model.index(alpha, qs::CoefficientModel::ValueColumn), 0.3));
        QCOMPARE(QString::fromStdString(model.law().coefficient("alpha").reference), QStringLiteral("edited by hand"));
        QVERIFY(QString::fromStdString(qs::scaling::lawToJson(model.law())).contains(QStringLiteral("edited by hand")));
        QCOMPARE(model.index(alpha, qs::CoefficientModel::ReferenceColumn).data().toString(),
                 QStringLiteral("editado a mano"));
        qs::installUiTranslators(QStringLiteral("en"));
    }

    void metricTitlesTranslated()
    {
        // The metric titles' one table (context qs::MetricNames) kept the translations the pages had;
        // the store names stay as they are.
        QCOMPARE(qs::installUiTranslators(QStringLiteral("es")), QStringLiteral("es"));
        QCOMPARE(qs::MetricNames::title(qs::metrics::relCe), QStringLiteral("CE relativa"));
        QCOMPARE(qs::MetricNames::shortTitle(qs::metrics::klMean), QStringLiteral("KL media"));
        QCOMPARE(qs::MetricNames::title(qs::metrics::wRelErr), QStringLiteral("error rel. de pesos"));
        QCOMPARE(qs::MetricNames::title("no_such_metric"), QStringLiteral("no_such_metric"));
        QCOMPARE(qs::installUiTranslators(QStringLiteral("ko")), QStringLiteral("ko"));
        QCOMPARE(qs::MetricNames::title(qs::metrics::klMean), QStringLiteral("KL 평균(nats)"));
        QCOMPARE(qs::MetricNames::title(qs::metrics::actKurtosis), QStringLiteral("입력 첨도"));
        QCOMPARE(qs::installUiTranslators(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        QCOMPARE(qs::MetricNames::shortTitle(qs::metrics::top1Agree), QStringLiteral("top-1 一致"));
        QCOMPARE(qs::installUiTranslators(QStringLiteral("nl")), QStringLiteral("nl"));
        QCOMPARE(qs::MetricNames::title(qs::metrics::relCe), QStringLiteral("relatieve CE"));
        QCOMPARE(qs::MetricNames::title(qs::metrics::wRelErr), QStringLiteral("rel. gewichtsfout"));
        qs::installUiTranslators(QStringLiteral("en"));
        QCOMPARE(qs::MetricNames::title(qs::metrics::relCe), QStringLiteral("relative CE"));
    }

    void tsFile_data()
    {
        QTest::addColumn<QString>("path");
        for (const QString& path : tsFiles())
            QTest::addRow("%s", qPrintable(QFileInfo(path).fileName())) << path;
    }

    void tsFile()
    {
        QFETCH(QString, path);
        QString error;
        const std::optional<TsFile> ts = readTs(path, &error);
        QVERIFY2(ts, qPrintable(error));
        const QString code = QFileInfo(path).completeBaseName().mid(QStringLiteral("quantscope_").size());
        QCOMPARE(ts->language, code);
        // zh_CN and ko have one plural form, es and nl two (Qt's numerus rules for these languages).
        const int pluralForms = code == QLatin1String("zh_CN") || code == QLatin1String("ko") ? 1 : 2;

        QStringList problems;
        for (const auto& [key, message] : ts->messages) {
            if (message.type == QLatin1String("vanished") || message.type == QLatin1String("obsolete"))
                continue;
            const QString where = QStringLiteral("[%1] \"%2\"").arg(message.context, message.source);
            if (message.type == QLatin1String("unfinished")) {
                problems << where + QStringLiteral(": unfinished");
                continue;
            }
            if (message.numerus && message.forms.size() != pluralForms)
                problems << where
                        + QStringLiteral(": %1 plural forms, expected %2").arg(message.forms.size()).arg(pluralForms);
            for (const QString& form : message.forms) {
                if (form.trimmed().isEmpty())
                    problems << where + QStringLiteral(": empty translation");
                else if (placeholders(form) != placeholders(message.source))
                    problems << where
                            + QStringLiteral(": placeholders %1 in \"%2\"")
                                  .arg(placeholders(form).join(QLatin1Char(' ')), form);
                else if (hasAccelerator(message.source) != hasAccelerator(form))
                    problems << where + QStringLiteral(": accelerator lost or added in \"%1\"").arg(form);
            }
        }
        if (!m_current) {
            QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
            QSKIP(qPrintable(m_lupdateProblem));
        }
        for (const auto& [key, message] : m_current->messages) {
            const auto found = ts->messages.find(key);
            if (found == ts->messages.end() || found->second.type == QLatin1String("vanished")
                || found->second.type == QLatin1String("obsolete")) {
                problems << QStringLiteral("[%1] \"%2\": not in %3 (run `ninja update_translations` and translate it)")
                                .arg(message.context, message.source, QFileInfo(path).fileName());
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void darkTheme()
    {
        const QPalette system = QApplication::palette();
        const QString systemStyle = QApplication::style()->name();
        qs::applyTheme(qs::Settings::Theme::Dark);
        QCOMPARE(QApplication::style()->name().toLower(), QStringLiteral("fusion"));
        // Lightness 0 (black) … 255 (white): a dark base under light text.
        QVERIFY(QApplication::palette().color(QPalette::Base).lightness() < 64);
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 96);
        QVERIFY(QApplication::palette().color(QPalette::Text).lightness() > 192);
        QVERIFY(QApplication::palette().color(QPalette::Disabled, QPalette::Text).lightness()
                < QApplication::palette().color(QPalette::Text).lightness());

        qs::applyTheme(qs::Settings::Theme::Light);
        QVERIFY(QApplication::palette().color(QPalette::Base).lightness() > 192);
        QVERIFY(QApplication::palette().color(QPalette::Text).lightness() < 64);

        qs::applyTheme(qs::Settings::Theme::System);
        QCOMPARE(QApplication::style()->name(), systemStyle);
        QCOMPARE(QApplication::palette().color(QPalette::Base), system.color(QPalette::Base));
    }

    void viewMenu()
    {
        qs::installUiTranslators(QStringLiteral("en"));
        qs::Settings settings(m_dir.filePath(QStringLiteral("view.ini")));
        qs::MainWindow window(&settings);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        // Theme: applied at once and remembered.
        QAction* dark = actionWithData(&window, QStringLiteral("themeActions"), int(qs::Settings::Theme::Dark));
        QVERIFY(dark);
        QVERIFY(actionWithData(&window, QStringLiteral("themeActions"), int(qs::Settings::Theme::System))->isChecked());
        dark->trigger();
        QVERIFY(dark->isChecked());
        QVERIFY(settings.theme() == qs::Settings::Theme::Dark);
        QVERIFY(QApplication::palette().color(QPalette::Base).lightness() < 64);
        QTRY_VERIFY(window.palette().color(QPalette::Base).lightness() < 64);
        actionWithData(&window, QStringLiteral("themeActions"), int(qs::Settings::Theme::System))->trigger();
        QVERIFY(settings.theme() == qs::Settings::Theme::System);

        // Language: saved for the next start, and the user is told so.
        QAction* dutch = actionWithData(&window, QStringLiteral("languageActions"), QStringLiteral("nl"));
        QVERIFY(dutch);
        QCOMPARE(dutch->text(), QStringLiteral("Nederlands"));
        QVERIFY(actionWithData(&window, QStringLiteral("languageActions"), QString())->isChecked());
        dutch->trigger();
        QCOMPARE(settings.language(), QStringLiteral("nl"));
        QCOMPARE(qs::Settings(m_dir.filePath(QStringLiteral("view.ini"))).language(), QStringLiteral("nl"));
        auto* box = window.findChild<QMessageBox*>();
        QVERIFY(box);
        QVERIFY(box->text().contains(QStringLiteral("next time")));
        closeMessageBoxes(&window);
        actionWithData(&window, QStringLiteral("languageActions"), QString())->trigger();
        QVERIFY(settings.language().isEmpty());
        closeMessageBoxes(&window);
    }

    void windowLayout()
    {
        const QString ini = m_dir.filePath(QStringLiteral("layout.ini"));
        QList<int> sizes;
        {
            qs::Settings settings(ini);
            qs::MainWindow window(&settings);
            window.resize(1000, 800);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            auto* tabs = window.findChild<QTabWidget*>(QStringLiteral("viewTabs"));
            auto* splitter = window.findChild<QSplitter*>(QStringLiteral("pageSplitter"));
            QVERIFY(tabs && splitter);
            QCOMPARE(tabs->currentIndex(), 0);
            tabs->setCurrentIndex(2);
            const int total = splitter->sizes().at(0) + splitter->sizes().at(1);
            splitter->setSizes({total / 4, total - total / 4});
            sizes = splitter->sizes();
            window.close();
        }
        qs::Settings settings(ini);
        QCOMPARE(settings.viewTab(), 2);
        qs::MainWindow window(&settings);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.findChild<QTabWidget*>(QStringLiteral("viewTabs"))->currentIndex(), 2);
        QCOMPARE(window.findChild<QSplitter*>(QStringLiteral("pageSplitter"))->sizes(), sizes);
    }

    void exportDialogChoices()
    {
        // The dialog shows what Settings kept, and gives back what the user picked in the same words.
        qs::ExportChoices kept;
        kept.format = QStringLiteral("png");
        kept.size = QStringLiteral("custom");
        kept.customWidth = 4.5;
        kept.height = 2.25;
        kept.dpi = 600;
        kept.style = QStringLiteral("screen");
        // A font the combo box can show: another installed family when there is one.
        kept.fontFamily = QFontDatabase::families().contains(QStringLiteral("DejaVu Serif"))
            ? QStringLiteral("DejaVu Serif")
            : qs::FigureStyle::paper().fontFamily;
        kept.fontPt = 9.5;
        kept.lineWidth = 0.8;
        kept.legend = QStringLiteral("inside");
        qs::ExportDialog dialog;
        dialog.setChoices(kept);
        QVERIFY(dialog.format() == qs::FigureFormat::Png);
        QCOMPARE(dialog.widthSpin()->value(), 4.5);
        QCOMPARE(dialog.heightSpin()->value(), 2.25);
        QCOMPARE(dialog.dpiSpin()->value(), 600);
        QVERIFY(dialog.options().style.kind == qs::FigureStyle::Kind::Screen);
        QVERIFY(dialog.options().style.legend == qs::FigureStyle::Legend::Inside);
        QCOMPARE(dialog.choices(), kept);

        // Defaults ("0: the paper style's") and words Settings does not know give the paper defaults.
        qs::ExportChoices odd;
        odd.size = QStringLiteral("double");
        odd.legend = QStringLiteral("sideways");
        dialog.setChoices(odd);
        QVERIFY(dialog.format() == qs::FigureFormat::Pdf);
        QCOMPARE(dialog.widthSpin()->value(), qs::FigureExportOptions::doubleColumnWidth);
        const qs::FigureStyle paper = qs::FigureStyle::paper();
        QCOMPARE(dialog.fontSizeSpin()->value(), paper.fontPt);
        QCOMPARE(dialog.lineWidthSpin()->value(), paper.lineWidth);
        QCOMPARE(dialog.choices().legend, QStringLiteral("below"));
        QCOMPARE(dialog.choices().style, QStringLiteral("paper"));
    }
};

QS_TEST_MAIN(TstI18n)
#include "tst_i18n.moc"
