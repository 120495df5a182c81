// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/helpwindows.h"

#include "app/cli/version.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIcon>
#include <QImage>
#include <QLabel>
#include <QListWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <functional>

namespace qs {

namespace {

const QString docsRoot = QStringLiteral("qrc:/docs/");

// The screenshots the pages show, at most as wide as a page is read (they are 1600 px wide).
class DocumentBrowser : public QTextBrowser
{
public:
    using QTextBrowser::QTextBrowser;

    QVariant loadResource(int type, const QUrl& name) override
    {
        const QVariant resource = QTextBrowser::loadResource(type, name);
        if (type != QTextDocument::ImageResource)
            return resource;
        QImage image = resource.typeId() == QMetaType::QImage ? resource.value<QImage>()
                                                              : QImage::fromData(resource.toByteArray());
        constexpr int maxWidth = 880;
        if (image.width() > maxWidth)
            image = image.scaledToWidth(maxWidth, Qt::SmoothTransformation);
        return image;
    }
};

} // namespace

AboutDialog::AboutDialog(QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About QuantScope"));

    auto* icon = new QLabel(this);
    icon->setPixmap(QIcon(QStringLiteral(":/quantscope/quantscope.svg")).pixmap(96, 96));
    icon->setAlignment(Qt::AlignTop);

    const cli::Versions v = cli::versions();
    auto* text = new QLabel(this);
    text->setObjectName(QStringLiteral("aboutText"));
    text->setTextFormat(Qt::RichText);
    text->setWordWrap(true);
    text->setOpenExternalLinks(true);
    text->setTextInteractionFlags(Qt::TextBrowserInteraction);
    const QString papers = QStringLiteral(
        "<ul style='margin-left: -20px'>"
        "<li>Catalan-Tatjer, Ajroldi, Geiping 2025, <a href='https://arxiv.org/abs/2510.06213'>arXiv "
        "2510.06213</a></li>"
        "<li>Dremov, Grangier, Katharopoulos, Hannun 2025, <a href='https://arxiv.org/abs/2509.22935'>arXiv "
        "2509.22935</a></li>"
        "<li>Chen et al. 2025, <a href='https://arxiv.org/abs/2505.14302'>arXiv 2505.14302</a></li>"
        "<li>Frantar et al. 2022 (GPTQ), <a href='https://arxiv.org/abs/2210.17323'>arXiv 2210.17323</a></li>"
        "<li>Hoffmann et al. 2022, <a href='https://arxiv.org/abs/2203.15556'>arXiv 2203.15556</a>; "
        "Besiroglu et al. 2024, <a href='https://arxiv.org/abs/2404.10102'>arXiv 2404.10102</a></li></ul>");
    text->setText(
        QStringLiteral("<h2>QuantScope %1</h2><p>%2</p><p>%3</p><table>"
                       "<tr><td>Qt</td><td>%4</td></tr><tr><td>libtorch</td><td>%5</td></tr>"
                       "<tr><td>HDF5</td><td>%6</td></tr></table><p>%7</p>%8<p>%9</p>")
            .arg(v.quantScope.toHtmlEscaped(),
                 tr("A workbench for how an LLM's training dynamics change how much it suffers from "
                    "quantization: every checkpoint of a trajectory quantized, measured and shown.")
                     .toHtmlEscaped(),
                 tr("Running with:").toHtmlEscaped(), v.qt.toHtmlEscaped(), v.torch.toHtmlEscaped(),
                 v.hdf5.toHtmlEscaped(), tr("It implements the methods of:").toHtmlEscaped(), papers,
                 tr("Free software under the GNU General Public License, version 3 or later.").toHtmlEscaped()));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* copy = buttons->addButton(tr("&Copy Versions"), QDialogButtonBox::ActionRole);
    copy->setObjectName(QStringLiteral("copyVersions"));
    copy->setToolTip(tr("Copy the versions, e.g. for a bug report or a paper's methods section"));
    connect(copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(versionText()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* row = new QHBoxLayout;
    row->addWidget(icon);
    row->addSpacing(12);
    row->addWidget(text, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(buttons);
    setMinimumWidth(560);
}

QString AboutDialog::versionText() const
{
    return cli::versionText();
}

ShortcutsDialog::ShortcutsDialog(QMainWindow* window)
    : QDialog(window)
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard Shortcuts"));

    std::vector<std::pair<QString, QString>> rows;
    // The menus' actions, in menu order, as the menus name them.
    const std::function<void(const QMenu*, const QString&)> collect = [&](const QMenu* menu, const QString& path) {
        for (QAction* action : menu->actions()) {
            const QString name = path + QStringLiteral(" › ") + QString(action->text()).remove(QLatin1Char('&'));
            if (action->menu())
                collect(action->menu(), name);
            else if (!action->shortcut().isEmpty())
                rows.emplace_back(action->shortcut().toString(QKeySequence::NativeText), name);
        }
    };
    for (QAction* top : window->menuBar()->actions())
        if (top->menu())
            collect(top->menu(), QString(top->text()).remove(QLatin1Char('&')));
    // The view tabs' mnemonics: Alt and the underlined letter.
    for (const QTabWidget* tabs : window->findChildren<QTabWidget*>()) {
        for (int i = 0; i < tabs->count(); ++i) {
            const QKeySequence mnemonic = QKeySequence::mnemonic(tabs->tabText(i));
            if (!mnemonic.isEmpty())
                rows.emplace_back(mnemonic.toString(QKeySequence::NativeText),
                                  tr("Show the %1 view").arg(QString(tabs->tabText(i)).remove(QLatin1Char('&'))));
        }
    }
    rows.emplace_back(tr("Left, Right"), tr("On a plot: the previous or next checkpoint"));
    rows.emplace_back(tr("Up, Down"), tr("On a plot: the previous or next layer"));
    rows.emplace_back(tr("Mouse wheel"), tr("On a plot: zoom the x axis"));
    rows.emplace_back(tr("Drag"), tr("On a plot: move along the x axis"));
    rows.emplace_back(tr("Double-click"), tr("On a plot: show everything again"));

    auto* table = new QTableWidget(int(rows.size()), 2, this);
    table->setObjectName(QStringLiteral("shortcutsTable"));
    table->setHorizontalHeaderLabels({tr("Keys"), tr("Action")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    for (int r = 0; r < int(rows.size()); ++r) {
        table->setItem(r, 0, new QTableWidgetItem(rows[size_t(r)].first));
        table->setItem(r, 1, new QTableWidgetItem(rows[size_t(r)].second));
    }
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 8);
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(table);
    layout->addWidget(buttons);
    resize(600, 560);
}

DocumentationWindow::DocumentationWindow(QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("documentationWindow"));
    setWindowTitle(tr("QuantScope Documentation"));

    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("documentList"));
    for (const QUrl& url : documents()) {
        auto* item = new QListWidgetItem(url.fileName(), m_list);
        item->setData(Qt::UserRole, url);
    }
    m_browser = new DocumentBrowser(this);
    m_browser->setObjectName(QStringLiteral("documentBrowser"));
    m_browser->setOpenLinks(false); // followLink: documents here, web pages in the browser
    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("documentMessage"));
    m_message->setWordWrap(true);
    m_message->hide();

    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_message);
    rightLayout->addWidget(m_browser, 1);
    auto* splitter = new QSplitter(this);
    splitter->addWidget(m_list);
    splitter->addWidget(right);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({180, 820});

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter, 1);
    layout->addWidget(buttons);

    connect(m_browser, &QTextBrowser::anchorClicked, this, &DocumentationWindow::followLink);
    connect(m_list, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        if (item && item->data(Qt::UserRole).toUrl() != currentDocument())
            showDocument(item->data(Qt::UserRole).toUrl());
    });
    if (!documents().isEmpty())
        showDocument(documents().first());
    resize(1000, 760);
}

QList<QUrl> DocumentationWindow::documents()
{
    QList<QUrl> urls;
    if (QFile::exists(QStringLiteral(":/docs/README.md")))
        urls << QUrl(docsRoot + QStringLiteral("README.md"));
    const QStringList names =
        QDir(QStringLiteral(":/docs/docs")).entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name);
    for (const QString& name : names)
        urls << QUrl(docsRoot + QStringLiteral("docs/") + name);
    return urls;
}

bool DocumentationWindow::showDocument(const QUrl& url)
{
    QUrl document = url;
    document.setFragment(QString());
    if (document.scheme() != QLatin1String("qrc") || !QFile::exists(QLatin1Char(':') + document.path())
        || !document.path().endsWith(QLatin1String(".md"))) {
        return false;
    }
    m_message->hide();
    m_browser->setSource(url, QTextDocument::MarkdownResource);
    for (int i = 0; i < m_list->count(); ++i) {
        if (m_list->item(i)->data(Qt::UserRole).toUrl() == document) {
            const QSignalBlocker blocker(m_list);
            m_list->setCurrentRow(i);
        }
    }
    return true;
}

QUrl DocumentationWindow::currentDocument() const
{
    QUrl url = m_browser->source();
    url.setFragment(QString());
    return url;
}

void DocumentationWindow::followLink(const QUrl& link)
{
    const QUrl url = m_browser->source().resolved(link);
    if (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https")
        || url.scheme() == QLatin1String("mailto")) {
        QDesktopServices::openUrl(url);
        return;
    }
    if (link.path().isEmpty() && !link.fragment().isEmpty()) {
        m_browser->scrollToAnchor(link.fragment());
        return;
    }
    if (showDocument(url))
        return;
    // Source files and pages of the repository that are not documentation: say where they are.
    QString path = url.path();
    if (path.startsWith(QLatin1String("/docs/")))
        path = path.mid(6);
    m_message->setText(tr("%1 is not part of the documentation shipped with QuantScope; it is in QuantScope's "
                          "source tree.")
                           .arg(path));
    m_message->show();
}

} // namespace qs
