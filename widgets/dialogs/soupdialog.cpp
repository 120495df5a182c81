// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/dialogs/soupdialog.h"

#include "core/common/errors.h"
#include "core/hf/hfrun.h"
#include "itemmodels/checkpointfolder.h"
#include "itemmodels/storesnapshot.h"
#include "widgets/dialogs/messagelabel.h"
#include "widgets/plot/plotstyle.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>
#include <map>
#include <utility>

namespace qs {

namespace {

// Weights are edited in a spin box that cannot go to 0 or below.
class WeightDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex&) const override
    {
        auto* spin = new QDoubleSpinBox(parent);
        spin->setFrame(false);
        spin->setDecimals(4);
        spin->setRange(0.0001, 1e6);
        spin->setSingleStep(0.1);
        return spin;
    }
};

QString stepText(const CheckpointRow& row)
{
    return (row.stage.empty() ? QString() : QString::fromStdString(row.stage) + QLatin1Char(' '))
        + QString::number(row.step);
}

} // namespace

SoupDialog::SoupDialog(const QString& storePath, const RunSnapshot& run, const QStringList& existingRuns,
                       QWidget* parent)
    : QDialog(parent)
    , m_storePath(storePath)
    , m_run(run.name())
    , m_hf(isHfSource(run.info.source))
    , m_existingRuns(existingRuns)
    , m_rows(run.checkpoints)
{
    setObjectName(QStringLiteral("soupDialog"));
    setWindowTitle(tr("Make a Model Soup"));

    auto* hint = new QLabel(tr("Check the checkpoints of %1 to average and give each a weight. The soup is their "
                               "weighted average, a run of one checkpoint that sweeps like any other.")
                                .arg(m_run),
                            this);
    hint->setWordWrap(true);

    m_table = new QTableWidget(int(m_rows.size()), 4, this);
    m_table->setObjectName(QStringLiteral("soupTable"));
    m_table->setHorizontalHeaderLabels({tr("Step"), tr("Tokens"), tr("LR"), tr("Weight")});
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                             | QAbstractItemView::AnyKeyPressed);
    m_table->setItemDelegateForColumn(WeightColumn, new WeightDelegate(m_table));
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    std::map<int64_t, int> stepCount;
    for (const CheckpointRow& row : m_rows)
        ++stepCount[row.step];
    int lastSelectable = -1, beforeLast = -1;
    for (int i = 0; i < int(m_rows.size()); ++i) {
        const CheckpointRow& row = m_rows[size_t(i)];
        const bool selectable = stepCount[row.step] == 1;
        auto* step = new QTableWidgetItem(stepText(row));
        step->setData(Qt::UserRole, qint64(row.step));
        auto* tokens = new QTableWidgetItem(formatCount(double(row.tokens)));
        tokens->setToolTip(tr("%1 tokens").arg(row.tokens));
        auto* lr = new QTableWidgetItem(std::isfinite(row.lr) ? QString::number(row.lr, 'g', 3) : QStringLiteral("—"));
        auto* weight = new QTableWidgetItem;
        weight->setData(Qt::EditRole, 1.0);
        const Qt::ItemFlags shown = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
        step->setFlags(selectable ? shown | Qt::ItemIsUserCheckable : Qt::NoItemFlags);
        step->setCheckState(Qt::Unchecked);
        tokens->setFlags(selectable ? shown : Qt::NoItemFlags);
        lr->setFlags(selectable ? shown : Qt::NoItemFlags);
        weight->setFlags(selectable ? shown | Qt::ItemIsEditable : Qt::NoItemFlags);
        if (!selectable) {
            const QString why = tr("Step %1 is shared by %n checkpoint(s) of this run; a soup names its ingredients "
                                   "by step, so it cannot take them",
                                   nullptr, stepCount[row.step])
                                    .arg(row.step);
            for (QTableWidgetItem* item : {step, tokens, lr, weight})
                item->setToolTip(why);
        } else {
            beforeLast = std::exchange(lastSelectable, i);
        }
        for (QTableWidgetItem* item : {tokens, lr, weight})
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(i, StepColumn, step);
        m_table->setItem(i, TokensColumn, tokens);
        m_table->setItem(i, LrColumn, lr);
        m_table->setItem(i, WeightColumn, weight);
    }
    for (const int row : {beforeLast, lastSelectable}) {
        if (row >= 0)
            m_table->item(row, StepColumn)->setCheckState(Qt::Checked);
    }
    if (lastSelectable >= 0)
        m_table->scrollToItem(m_table->item(lastSelectable, StepColumn));
    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (item->column() == StepColumn)
            checkedChanged();
        else
            revalidate();
    });

    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("soupName"));
    m_name->setToolTip(tr("The new run: letters, digits, '-', '_' and '.'"));
    connect(m_name, &QLineEdit::textEdited, this, [this] { m_nameFollows = false; });
    connect(m_name, &QLineEdit::textChanged, this, [this] {
        if (m_folderFollows) {
            const QSignalBlocker blocker(m_folder);
            m_folder->setText(defaultFolder());
        }
        revalidate();
    });

    m_folder = new QLineEdit(this);
    m_folder->setObjectName(QStringLiteral("soupFolder"));
    m_folder->setToolTip(tr("The averaged revision folder is written inside this folder, named after the latest "
                            "ingredient's revision"));
    connect(m_folder, &QLineEdit::textEdited, this, [this] { m_folderFollows = false; });
    connect(m_folder, &QLineEdit::textChanged, this, &SoupDialog::revalidate);
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, &SoupDialog::browseFolder);
    m_folderRow = new QWidget(this);
    auto* folderLayout = new QHBoxLayout(m_folderRow);
    folderLayout->setContentsMargins(0, 0, 0, 0);
    folderLayout->addWidget(m_folder, 1);
    folderLayout->addWidget(browse);

    auto* form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    m_folderLabel = new QLabel(tr("&Output folder:"), this);
    m_folderLabel->setBuddy(m_folder);
    form->addRow(m_folderLabel, m_folderRow);
    m_folderLabel->setVisible(m_hf);
    m_folderRow->setVisible(m_hf);

    m_preview = messageLabel(QStringLiteral("soupPreview"), MessageKind::Preview, this);
    m_errorLabel = messageLabel(QStringLiteral("soupError"), MessageKind::Error, this);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Make Soup"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(hint);
    layout->addWidget(m_table, 1);
    layout->addLayout(form);
    layout->addWidget(m_preview);
    layout->addWidget(m_errorLabel);
    layout->addWidget(m_buttons);

    checkedChanged(); // the proposed name and folder, then the checks
    resize(560, 480);
}

SoupDialog::~SoupDialog() = default;

QString SoupDialog::defaultName(const QString& run, const std::vector<int64_t>& steps)
{
    QString name = run + QStringLiteral(".soup");
    if (steps.size() > 4)
        return name + QStringLiteral("%1-%2-to-%3").arg(steps.size()).arg(steps.front()).arg(steps.back());
    for (const int64_t step : steps)
        name += QLatin1Char('-') + QString::number(step);
    return name;
}

QPushButton* SoupDialog::okButton() const
{
    return m_buttons->button(QDialogButtonBox::Ok);
}

int SoupDialog::rowCount() const
{
    return m_table->rowCount();
}

bool SoupDialog::isSelectable(int row) const
{
    return m_table->item(row, StepColumn)->flags().testFlag(Qt::ItemIsUserCheckable);
}

bool SoupDialog::isChecked(int row) const
{
    return m_table->item(row, StepColumn)->checkState() == Qt::Checked;
}

void SoupDialog::setChecked(int row, bool checked)
{
    if (isSelectable(row))
        m_table->item(row, StepColumn)->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
}

double SoupDialog::weight(int row) const
{
    return m_table->item(row, WeightColumn)->data(Qt::EditRole).toDouble();
}

void SoupDialog::setWeight(int row, double weight)
{
    m_table->item(row, WeightColumn)->setData(Qt::EditRole, weight);
}

QString SoupDialog::runName() const
{
    return m_name->text().trimmed();
}

void SoupDialog::setRunName(const QString& name)
{
    m_nameFollows = false;
    m_name->setText(name);
}

QString SoupDialog::defaultFolder() const
{
    return defaultCheckpointFolder(m_storePath, runName());
}

QString SoupDialog::outputFolder() const
{
    return m_hf ? QDir::cleanPath(m_folder->text().trimmed()) : defaultFolder();
}

std::vector<SoupIngredient> SoupDialog::ingredients() const
{
    std::vector<SoupIngredient> chosen;
    for (int i = 0; i < rowCount(); ++i) {
        if (isSelectable(i) && isChecked(i))
            chosen.push_back({m_run.toStdString(), m_rows[size_t(i)].step, weight(i)});
    }
    return chosen;
}

QString SoupDialog::previewText() const
{
    return m_preview->text();
}

QString SoupDialog::proposedName() const
{
    std::vector<int64_t> steps;
    for (const SoupIngredient& ingredient : ingredients())
        steps.push_back(ingredient.step);
    const QString base = defaultName(m_run, steps);
    QString name = base;
    for (int n = 2; m_existingRuns.contains(name); ++n)
        name = base + QLatin1Char('-') + QString::number(n);
    return name;
}

void SoupDialog::checkedChanged()
{
    if (m_nameFollows)
        m_name->setText(proposedName()); // revalidates through textChanged
    revalidate();
}

void SoupDialog::browseFolder()
{
    const QString path = QFileDialog::getExistingDirectory(this, tr("Folder for the averaged revision"),
                                                           m_folder->text().isEmpty() ? m_storePath : m_folder->text());
    if (path.isEmpty())
        return;
    m_folderFollows = false;
    m_folder->setText(path);
}

void SoupDialog::revalidate()
{
    m_error.clear();
    const auto check = [this](bool bad, const QString& message) {
        if (m_error.isEmpty() && bad)
            m_error = message;
    };
    const std::vector<SoupIngredient> chosen = ingredients();
    double total = 0.0;
    for (const SoupIngredient& ingredient : chosen) {
        check(!(ingredient.weight > 0.0) || !std::isfinite(ingredient.weight),
              tr("The weight of step %1 must be a number above 0.").arg(ingredient.step));
        total += ingredient.weight;
    }
    check(chosen.size() < 2, tr("Check at least two checkpoints: a soup averages two or more."));
    const QString name = runName();
    check(name.isEmpty(), tr("Name the soup's run."));
    if (m_error.isEmpty()) {
        try {
            checkRunName(name.toStdString());
        } catch (const Error& e) {
            m_error = QString::fromUtf8(e.what());
        }
    }
    check(m_existingRuns.contains(name), tr("The store already holds a run named %1; choose another name.").arg(name));
    check(m_hf && outputFolder().isEmpty(), tr("Choose the folder the averaged revision goes into."));

    QString preview;
    if (!chosen.empty() && std::isfinite(total) && total > 0.0) {
        QStringList parts;
        const CheckpointRow* latest = nullptr;
        for (const SoupIngredient& ingredient : chosen) {
            parts << tr("step %1 (%2 %)").arg(ingredient.step).arg(100.0 * ingredient.weight / total, 0, 'g', 3);
            for (const CheckpointRow& row : m_rows) {
                if (row.step == ingredient.step && (!latest || row.step > latest->step))
                    latest = &row;
            }
        }
        preview =
            tr("Averages %n checkpoint(s): %1.", nullptr, int(chosen.size())).arg(parts.join(QStringLiteral(", ")));
        if (m_hf && latest && !outputFolder().isEmpty()) {
            const QString revision = QFileInfo(QDir::cleanPath(QString::fromStdString(latest->path))).fileName();
            preview +=
                QLatin1Char(' ') + tr("Writes the revision folder %1.").arg(QDir(outputFolder()).filePath(revision));
        }
    }
    m_preview->setText(preview);
    m_errorLabel->setText(m_error);
    m_errorLabel->setVisible(!m_error.isEmpty());
    okButton()->setEnabled(m_error.isEmpty());
}

} // namespace qs
