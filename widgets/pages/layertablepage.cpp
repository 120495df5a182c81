// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/layertablepage.h"

#include "itemmodels/layertablemodel.h"
#include "widgets/plot/plotstyle.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

namespace qs {

LayerTablePage::LayerTablePage(QWidget* parent)
    : QWidget(parent)
{
    m_configCombo = new QComboBox(this);
    m_configCombo->setObjectName(QStringLiteral("configCombo"));
    m_configCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* configLabel = new QLabel(tr("&Config:"), this);
    configLabel->setBuddy(m_configCombo);
    m_checkpointLabel = new QLabel(this);
    m_checkpointLabel->setObjectName(QStringLiteral("checkpointLabel"));
    m_checkpointLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* controls = new QHBoxLayout;
    controls->setContentsMargins(0, 0, 0, 0);
    controls->addWidget(configLabel);
    controls->addWidget(m_configCombo);
    controls->addSpacing(12);
    controls->addWidget(m_checkpointLabel, 1);

    m_model = new LayerTableModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(LayerTableModel::SortRole);
    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("layerTable"));
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(LayerTableModel::NameColumn, Qt::AscendingOrder);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->verticalHeader()->setVisible(false);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_view, 1);

    connect(m_configCombo, &QComboBox::currentIndexChanged, this, [this] { refresh(); });
    refresh();
}

LayerTablePage::~LayerTablePage() = default;

const RunSnapshot* LayerTablePage::run() const
{
    if (!m_snapshot || m_runIndex < 0 || m_runIndex >= int(m_snapshot->runs.size()))
        return nullptr;
    return &m_snapshot->runs[size_t(m_runIndex)];
}

int LayerTablePage::config() const
{
    return m_configCombo->currentIndex();
}

void LayerTablePage::setSnapshot(StoreSnapshotPtr snapshot, int runIndex)
{
    const QString previousConfig = m_configCombo->currentData().toString();
    m_snapshot = std::move(snapshot);
    m_runIndex = runIndex;
    const RunSnapshot* current = run();
    if (!current || m_checkpoint >= int(current->checkpoints.size()))
        m_checkpoint = -1;
    {
        const QSignalBlocker blocker(m_configCombo);
        m_configCombo->clear();
        if (current) {
            for (const ConfigSnapshot& config : current->configs)
                m_configCombo->addItem(config.label, QString::fromStdString(config.results.configId));
        }
        const int previous = m_configCombo->findData(previousConfig);
        m_configCombo->setCurrentIndex(previous >= 0 ? previous : (m_configCombo->count() > 0 ? 0 : -1));
    }
    refresh();
}

void LayerTablePage::setCheckpoint(int index)
{
    m_checkpoint = index;
    refresh();
}

void LayerTablePage::setConfig(int index)
{
    m_configCombo->setCurrentIndex(index); // refreshes through currentIndexChanged
}

QString LayerTablePage::checkpointText() const
{
    return m_checkpointLabel->text();
}

void LayerTablePage::refresh()
{
    const RunSnapshot* current = run();
    if (!current) {
        m_model->setResults({});
        m_checkpointLabel->setText(m_snapshot ? tr("This store holds no runs.") : tr("No store open."));
        return;
    }
    const int checkpoints = int(current->checkpoints.size());
    if (m_checkpoint < 0 || m_checkpoint >= checkpoints) {
        LayerTableData data = LayerTableData::fromRun(*current, -1, -1);
        m_model->setResults(std::move(data));
        m_checkpointLabel->setText(checkpoints > 0 ? tr("Click a checkpoint in the plot to see its layers.")
                                                   : tr("This run has no checkpoints yet."));
        return;
    }
    const int configIndex = m_configCombo->currentIndex();
    const int columnsBefore = m_model->columnCount();
    m_model->setResults(LayerTableData::fromRun(*current, m_checkpoint, configIndex));
    // Fit the columns once they are known; later the user's widths stay.
    if (m_model->columnCount() != columnsBefore || !m_columnsFitted) {
        m_view->resizeColumnsToContents();
        m_columnsFitted = m_model->rowCount() > 0;
    }

    const CheckpointRow& row = current->checkpoints[size_t(m_checkpoint)];
    QString text = tr("Checkpoint %1: step %2, %3 tokens, LR %4")
                       .arg(m_checkpoint)
                       .arg(row.step)
                       .arg(formatCount(double(row.tokens)), QString::number(row.lr, 'g', 4));
    if (configIndex >= 0 && configIndex < int(current->configs.size())) {
        const ConfigSnapshot& config = current->configs[size_t(configIndex)];
        if (!config.isDone(m_checkpoint))
            text += tr(" (not quantized with this config yet)");
    }
    m_checkpointLabel->setText(text);
}

} // namespace qs
