// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/dialogs/importdialog.h"

#include "core/common/errors.h"
#include "widgets/dialogs/messagelabel.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <limits>

namespace qs {

namespace {

QWidget* withBrowse(QLineEdit* edit, QPushButton* button, QWidget* parent)
{
    auto* row = new QWidget(parent);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(edit, 1);
    layout->addWidget(button);
    return row;
}

} // namespace

ImportDialog::ImportDialog(const QString& storePath, const QString& revisions, QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("importDialog"));
    setWindowTitle(tr("Import Hugging Face Trajectory"));

    auto edit = [this](const char* name) {
        auto* e = new QLineEdit(this);
        e->setObjectName(QString::fromLatin1(name));
        connect(e, &QLineEdit::textChanged, this, &ImportDialog::revalidate);
        return e;
    };
    auto button = [this](QLineEdit* target, bool folder, const QString& title, const QString& filter) {
        auto* b = new QPushButton(tr("Browse…"), this);
        connect(b, &QPushButton::clicked, this, [=, this] { browse(target, folder, title, filter); });
        return b;
    };
    m_revisions = edit("importRevisions");
    m_revisions->setToolTip(
        tr("A folder of revision folders (each with config.json and safetensors weights), or one revision"));
    m_data = edit("importData");
    m_data->setToolTip(tr("Validation and calibration data: a text file, or token ids (.npy, or raw uint16 .bin)"));
    m_tokenizer = edit("importTokenizer");
    m_tokenizer->setToolTip(tr("The model's tokenizer.json; found in the first revision folder when it has one"));
    m_run = edit("importRun");
    m_store = edit("importStore");
    m_schedule = edit("importSchedule");
    m_schedule->setPlaceholderText(tr("optional, e.g. wsd:peak=3e-4,warmup=2000,total=143000,decay=0.2"));
    m_seqLen = new QSpinBox(this);
    m_seqLen->setRange(8, 8192);
    m_seqLen->setValue(256);
    m_valSequences = new QSpinBox(this);
    m_valSequences->setRange(1, 4096);
    m_valSequences->setValue(16);
    m_valSequences->setToolTip(tr("Evaluation blocks of the sequence length, when no token budget is given"));
    m_stride = new QSpinBox(this);
    m_stride->setObjectName(QStringLiteral("importStride"));
    m_stride->setRange(0, 8192);
    m_stride->setSpecialValueText(tr("the sequence length"));
    m_stride->setToolTip(tr("Tokens between the starts of evaluation blocks; a block after the first scores only "
                            "the tokens it adds, as Hugging Face's strided perplexity does"));
    m_tokenBudget = new QSpinBox(this);
    m_tokenBudget->setObjectName(QStringLiteral("importTokenBudget"));
    m_tokenBudget->setRange(0, std::numeric_limits<int>::max());
    m_tokenBudget->setSingleStep(2048);
    m_tokenBudget->setSpecialValueText(tr("the evaluation blocks above"));
    m_tokenBudget->setToolTip(tr("Evaluation tokens, cut into blocks of the sequence length at the stride"));
    m_calibration = edit("importCalibration");
    m_calibration->setPlaceholderText(tr("optional: windows of the data before the evaluation blocks"));
    m_calibration->setToolTip(tr("Calibration data of its own: a text file (documents separated by empty lines), JSON "
                                 "lines with a \"text\" field, or token ids; GPTQ takes its first documents"));

    const QString anyFile = tr("All files (*)");
    auto* form = new QFormLayout;
    form->addRow(tr("&Revisions:"),
                 withBrowse(m_revisions, button(m_revisions, true, tr("Folder of revisions"), {}), this));
    form->addRow(tr("&Data:"), withBrowse(m_data, button(m_data, false, tr("Evaluation data"), anyFile), this));
    m_tokenizerRow =
        withBrowse(m_tokenizer, button(m_tokenizer, false, tr("Tokenizer"), tr("tokenizer.json (*.json)")), this);
    m_tokenizerLabel = new QLabel(tr("&Tokenizer:"), this);
    m_tokenizerLabel->setBuddy(m_tokenizer);
    form->addRow(m_tokenizerLabel, m_tokenizerRow);
    form->addRow(tr("Sequence &length:"), m_seqLen);
    form->addRow(tr("&Evaluation blocks:"), m_valSequences);
    form->addRow(tr("Str&ide:"), m_stride);
    form->addRow(tr("Token &budget:"), m_tokenBudget);
    form->addRow(tr("&Calibration:"),
                 withBrowse(m_calibration, button(m_calibration, false, tr("Calibration data"), anyFile), this));
    form->addRow(tr("LR &schedule:"), m_schedule);
    form->addRow(tr("R&un:"), m_run);
    form->addRow(
        tr("St&ore:"),
        withBrowse(m_store, button(m_store, false, tr("Results store"), tr("QuantScope stores (*.h5)")), this));

    m_preview = messageLabel(QStringLiteral("importPreview"), MessageKind::Preview, this);
    m_errorLabel = messageLabel(QStringLiteral("importError"), MessageKind::Error, this);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Import"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_seqLen, &QSpinBox::valueChanged, this, &ImportDialog::revalidate);
    connect(m_valSequences, &QSpinBox::valueChanged, this, &ImportDialog::revalidate);
    connect(m_stride, &QSpinBox::valueChanged, this, &ImportDialog::revalidate);
    connect(m_tokenBudget, &QSpinBox::valueChanged, this, &ImportDialog::revalidate);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_preview);
    layout->addWidget(m_errorLabel);
    layout->addWidget(m_buttons);

    m_store->setText(storePath);
    m_revisions->setText(revisions);
    revalidate();
    resize(620, sizeHint().height());
}

ImportDialog::~ImportDialog() = default;

QPushButton* ImportDialog::okButton() const
{
    return m_buttons->button(QDialogButtonBox::Ok);
}

bool ImportDialog::dataIsText() const
{
    const QString suffix = QFileInfo(m_data->text()).suffix().toLower();
    return suffix != QLatin1String("npy") && suffix != QLatin1String("bin");
}

HfImportOptions ImportDialog::options() const
{
    HfImportOptions o;
    o.sources = {QDir::cleanPath(m_revisions->text().trimmed()).toStdString()};
    o.data.data = m_data->text().trimmed().toStdString();
    if (dataIsText())
        o.data.tokenizer = m_tokenizer->text().trimmed().toStdString();
    o.data.seqLen = m_seqLen->value();
    o.data.valSequences = m_valSequences->value();
    o.data.stride = m_stride->value();
    o.data.tokenBudget = m_tokenBudget->value();
    o.data.calibData = m_calibration->text().trimmed().toStdString();
    o.lrSchedule = m_schedule->text().trimmed().toStdString();
    return o;
}

QString ImportDialog::storePath() const
{
    return m_store->text().trimmed();
}

QString ImportDialog::runName() const
{
    return m_run->text().trimmed();
}

QString ImportDialog::previewText() const
{
    return m_preview->text();
}

void ImportDialog::browse(QLineEdit* edit, bool folder, const QString& title, const QString& filter)
{
    const QString start = edit->text().isEmpty() ? m_revisions->text() : edit->text();
    QString path;
    if (folder)
        path = QFileDialog::getExistingDirectory(this, title, start);
    else if (edit == m_store)
        path = QFileDialog::getSaveFileName(this, title, start, filter, nullptr, QFileDialog::DontConfirmOverwrite);
    else
        path = QFileDialog::getOpenFileName(this, title, start, filter);
    if (!path.isEmpty())
        edit->setText(path);
}

void ImportDialog::revalidate()
{
    const bool text = dataIsText();
    m_tokenizerRow->setVisible(text);
    m_tokenizerLabel->setVisible(text);
    m_error.clear();
    m_preview->clear();
    const QString folder = QDir::cleanPath(m_revisions->text().trimmed());
    std::vector<RevisionInfo> revisions;
    if (m_revisions->text().trimmed().isEmpty()) {
        m_error = tr("Choose the folder of revisions.");
    } else {
        try {
            revisions = collectRevisions(options());
        } catch (const Error& e) {
            m_error = QString::fromStdString(e.what());
        }
    }
    if (!revisions.empty()) {
        // A new folder proposes its own name as the run, and its tokenizer.
        if (folder != m_lastRevisions) {
            m_lastRevisions = folder;
            const QString proposal = QFileInfo(folder).fileName();
            if (!proposal.isEmpty())
                m_run->setText(proposal);
            const QString tokenizer =
                QString::fromStdString(revisions.front().path) + QStringLiteral("/tokenizer.json");
            if (m_tokenizer->text().isEmpty() && QFileInfo::exists(tokenizer))
                m_tokenizer->setText(tokenizer);
            if (m_store->text().isEmpty())
                m_store->setText(QDir(folder).filePath(QStringLiteral("quantscope.h5")));
        }
        QStringList steps;
        for (const RevisionInfo& r : revisions)
            steps << (r.stage.empty() ? QString() : QString::fromStdString(r.stage) + QLatin1Char(' '))
                    + QString::number(*r.step);
        m_preview->setText(tr("%n revision(s), steps %1", nullptr, int(revisions.size()))
                               .arg(steps.size() > 6
                                        ? steps.mid(0, 3).join(QStringLiteral(", ")) + QStringLiteral(", …, ")
                                            + steps.mid(steps.size() - 2).join(QStringLiteral(", "))
                                        : steps.join(QStringLiteral(", "))));
    }
    auto check = [this](bool bad, const QString& message) {
        if (m_error.isEmpty() && bad)
            m_error = message;
    };
    check(m_data->text().trimmed().isEmpty(), tr("Choose the evaluation data: a text file or token ids."));
    check(!QFileInfo(m_data->text().trimmed()).isFile(),
          tr("The data file %1 does not exist.").arg(m_data->text().trimmed()));
    check(text && !QFileInfo(m_tokenizer->text().trimmed()).isFile(),
          tr("A text needs the model's tokenizer.json; %1 does not exist.").arg(m_tokenizer->text().trimmed()));
    const QString calibration = m_calibration->text().trimmed();
    check(!calibration.isEmpty() && !QFileInfo(calibration).isFile(),
          tr("The calibration file %1 does not exist.").arg(calibration));
    if (m_error.isEmpty()) {
        try {
            options().data.validate(); // stride, token budget against the sequence length
        } catch (const Error& e) {
            m_error = QString::fromStdString(e.what());
        }
    }
    check(runName().isEmpty(), tr("Name the run."));
    check(storePath().isEmpty(), tr("Choose the store the run goes into."));
    if (m_error.isEmpty() && !m_schedule->text().trimmed().isEmpty()) {
        try {
            describedScheduleLr(m_schedule->text().trimmed().toStdString(), 0);
        } catch (const Error& e) {
            m_error = QString::fromStdString(e.what());
        }
    }
    m_errorLabel->setText(m_error);
    okButton()->setEnabled(m_error.isEmpty());
}

} // namespace qs
