// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/runbrowserpage.h"

#include "itemmodels/runtreemodel.h"
#include "itemmodels/selection.h"
#include "widgets/plot/plotstyle.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QStyledItemDelegate>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace qs {

namespace {

// Tokens as "4.1M" (the exact count is in the tooltip and the CSV), and rows without results greyed.
class RunTreeDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (index.column() == RunTreeModel::TokensColumn) {
            const double tokens = index.data(RunTreeModel::ValueRole).toDouble();
            if (std::isfinite(tokens))
                option->text = formatCount(tokens);
        }
        if (!index.data(RunTreeModel::DoneRole).toBool())
            option->palette.setBrush(QPalette::Text, option->palette.brush(QPalette::Disabled, QPalette::Text));
    }
};

} // namespace

RunBrowserPage::RunBrowserPage(Selection* selection, QWidget* parent)
    : QWidget(parent)
    , m_selection(selection)
{
    m_filterEdit = new QLineEdit(this);
    m_filterEdit->setObjectName(QStringLiteral("runFilter"));
    m_filterEdit->setPlaceholderText(tr("Filter runs, steps, configs (e.g. \"gptq\", \"step 600\")"));
    m_filterEdit->setClearButtonEnabled(true);
    auto* filterLabel = new QLabel(tr("&Filter:"), this);
    filterLabel->setBuddy(m_filterEdit);

    auto* controls = new QHBoxLayout;
    controls->setContentsMargins(0, 0, 0, 0);
    controls->addWidget(filterLabel);
    controls->addWidget(m_filterEdit, 1);

    m_model = new RunTreeModel(this);
    m_proxy = new RunTreeFilterModel(this);
    m_proxy->setSourceModel(m_model);

    m_view = new QTreeView(this);
    m_view->setObjectName(QStringLiteral("runTree"));
    m_view->setModel(m_proxy);
    m_view->setItemDelegate(new RunTreeDelegate(m_view));
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(RunTreeModel::NameColumn, Qt::AscendingOrder); // store order
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(QHeaderView::Interactive);
    m_view->header()->setDefaultAlignment(Qt::AlignRight | Qt::AlignVCenter);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_view, 1);

    connect(m_filterEdit, &QLineEdit::textChanged, this, &RunBrowserPage::setFilterText);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) { onCurrentRowChanged(current); });
    connect(m_view, &QTreeView::expanded, this, [this](const QModelIndex& index) {
        if (!m_restoring && m_filterEdit->text().trimmed().isEmpty())
            m_expanded.insert(m_model->keyOf(m_proxy->mapToSource(index)));
    });
    connect(m_view, &QTreeView::collapsed, this, [this](const QModelIndex& index) {
        if (!m_restoring && m_filterEdit->text().trimmed().isEmpty())
            m_expanded.remove(m_model->keyOf(m_proxy->mapToSource(index)));
    });

    if (m_selection) {
        connect(m_selection, &Selection::snapshotChanged, this, &RunBrowserPage::onSnapshotChanged);
        connect(m_selection, &Selection::runChanged, this, &RunBrowserPage::showSelection);
        connect(m_selection, &Selection::checkpointChanged, this, &RunBrowserPage::showSelection);
        connect(m_selection, &Selection::configChanged, this, [this] {
            const ConfigSnapshot* config = m_selection->config();
            m_model->setSummaryConfig(config ? QString::fromStdString(config->results.configId) : QString());
            showSelection();
        });
        onSnapshotChanged();
    }
}

RunBrowserPage::~RunBrowserPage() = default;

QModelIndex RunBrowserPage::currentSourceIndex() const
{
    return m_proxy->mapToSource(m_view->currentIndex());
}

void RunBrowserPage::setFilterText(const QString& text)
{
    if (m_filterEdit->text() != text) {
        const QSignalBlocker blocker(m_filterEdit);
        m_filterEdit->setText(text);
    }
    const QString current = m_model->keyOf(currentSourceIndex());
    m_restoring = true;
    m_proxy->setFilterText(text);
    if (text.trimmed().isEmpty()) {
        m_view->collapseAll();
        restoreExpansion();
    } else {
        m_view->expandAll();
    }
    const QModelIndex source = m_model->indexForKey(current);
    if (m_proxy->mapFromSource(source).isValid())
        setCurrentSourceIndex(source);
    m_restoring = false;
    if (m_view->currentIndex().isValid())
        m_view->scrollTo(m_view->currentIndex());
}

void RunBrowserPage::onSnapshotChanged()
{
    const QString current = m_model->keyOf(currentSourceIndex());
    const int scroll = m_view->verticalScrollBar()->value();
    const StoreSnapshotPtr snapshot = m_selection->snapshot();
    const bool first = !m_model->snapshot() || !snapshot || m_model->snapshot()->path != snapshot->path;

    m_restoring = true;
    const ConfigSnapshot* config = m_selection->config();
    m_model->setSummaryConfig(config ? QString::fromStdString(config->results.configId) : QString());
    m_model->setSnapshot(snapshot);
    if (first) {
        // Another store: start with its selected run open.
        m_shown = {};
        m_expanded.clear();
        if (const RunSnapshot* run = m_selection->run())
            m_expanded.insert(run->name());
    }
    if (m_filterEdit->text().trimmed().isEmpty())
        restoreExpansion();
    else
        m_view->expandAll();
    const QModelIndex source = first ? QModelIndex() : m_model->indexForKey(current);
    if (source.isValid())
        setCurrentSourceIndex(source);
    m_view->verticalScrollBar()->setValue(first ? 0 : scroll);
    m_restoring = false;

    if (!m_columnsFitted)
        fitColumns();
    showSelection();
}

void RunBrowserPage::restoreExpansion()
{
    for (const QString& key : std::as_const(m_expanded)) {
        const QModelIndex index = m_proxy->mapFromSource(m_model->indexForKey(key));
        if (index.isValid())
            m_view->expand(index);
    }
}

void RunBrowserPage::setCurrentSourceIndex(const QModelIndex& source)
{
    // A row inside a closed one is not shown: its nearest shown ancestor is (QTreeView would
    // otherwise open the parents to scroll to it).
    QModelIndex index = m_proxy->mapFromSource(source);
    for (QModelIndex parent = index.parent(); parent.isValid(); parent = parent.parent()) {
        if (!m_view->isExpanded(parent))
            index = parent;
    }
    if (!index.isValid() || index == m_view->currentIndex())
        return;
    const bool restoring = m_restoring;
    m_restoring = true;
    m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_restoring = restoring;
}

void RunBrowserPage::onCurrentRowChanged(const QModelIndex& current)
{
    if (m_restoring || !m_selection || !current.isValid())
        return;
    const QModelIndex source = m_proxy->mapToSource(current);
    const int run = source.data(RunTreeModel::RunIndexRole).toInt();
    const int checkpoint = source.data(RunTreeModel::CheckpointIndexRole).toInt();
    const int config = source.data(RunTreeModel::ConfigIndexRole).toInt();
    m_applying = true;
    m_selection->setRun(run);
    if (checkpoint >= 0)
        m_selection->setCheckpoint(checkpoint);
    if (config >= 0)
        m_selection->setConfig(config);
    m_applying = false;
    m_shown = selectionShown();
}

RunBrowserPage::Shown RunBrowserPage::selectionShown() const
{
    return {m_selection->runIndex(), m_selection->checkpoint(), m_selection->configIndex()};
}

void RunBrowserPage::showSelection()
{
    if (m_applying || m_restoring || !m_selection || m_selection->runIndex() < 0
        || (selectionShown() == m_shown && m_view->currentIndex().isValid()))
        return;
    const int run = m_selection->runIndex();
    const QModelIndex runRow = m_proxy->mapFromSource(m_model->runRow(run));
    if (!runRow.isValid())
        return; // filtered out
    // The most specific visible row: the config row when its checkpoint is open, else the checkpoint.
    QModelIndex target = runRow;
    const QModelIndex checkpointRow = m_proxy->mapFromSource(m_model->checkpointRow(run, m_selection->checkpoint()));
    if (checkpointRow.isValid()) {
        target = checkpointRow;
        const QModelIndex configRow =
            m_proxy->mapFromSource(m_model->configRow(run, m_selection->checkpoint(), m_selection->configIndex()));
        if (configRow.isValid() && m_view->isExpanded(checkpointRow))
            target = configRow;
        m_restoring = true;
        m_view->expand(runRow); // records nothing: the user did not ask for it
        m_restoring = false;
    }
    m_shown = selectionShown();
    if (target == m_view->currentIndex())
        return;
    setCurrentSourceIndex(m_proxy->mapToSource(target));
    m_view->scrollTo(target);
}

void RunBrowserPage::fitColumns()
{
    if (m_model->rowCount() == 0)
        return;
    const QFontMetrics metrics = m_view->fontMetrics();
    const int pad = 3 * metrics.averageCharWidth();
    const auto fit = [&](int column, const QString& widest) {
        const int header = metrics.horizontalAdvance(m_model->headerData(column, Qt::Horizontal).toString());
        m_view->setColumnWidth(column, std::max(metrics.horizontalAdvance(widest), header) + pad);
    };
    fit(RunTreeModel::StepColumn, QStringLiteral("0000000"));
    fit(RunTreeModel::TokensColumn, QStringLiteral("000.0M"));
    fit(RunTreeModel::LrColumn, QStringLiteral("0.000000"));
    fit(RunTreeModel::FpLossColumn, QStringLiteral("0.0000"));
    fit(RunTreeModel::RelCeColumn, QStringLiteral("+00.000 %"));
    fit(RunTreeModel::KlMeanColumn, QStringLiteral("0.00e-00"));
    // Names: room for the longest config label three levels deep.
    int name = metrics.horizontalAdvance(m_model->headerData(RunTreeModel::NameColumn, Qt::Horizontal).toString());
    if (const StoreSnapshotPtr& snapshot = m_model->snapshot()) {
        for (const RunSnapshot& run : snapshot->runs) {
            name = std::max(name, metrics.horizontalAdvance(run.name()));
            for (const ConfigSnapshot& config : run.configs)
                name = std::max(name, metrics.horizontalAdvance(config.label) + 2 * m_view->indentation());
        }
    }
    m_view->setColumnWidth(RunTreeModel::NameColumn, name + m_view->indentation() + pad);
    m_columnsFitted = true;
}

} // namespace qs
