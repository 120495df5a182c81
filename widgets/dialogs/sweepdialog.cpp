// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/dialogs/sweepdialog.h"

#include "core/common/errors.h"
#include "core/config/quantmethods.h"
#include "widgets/dialogs/messagelabel.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <map>

namespace qs {

SweepDialog::Parsed SweepDialog::parseSpecs(const QString& text)
{
    Parsed parsed;
    int badLines = 0;
    std::map<std::string, int> firstLineOfId;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        const QString spec = lines[i].trimmed();
        if (spec.isEmpty() || spec.startsWith(QLatin1Char('#')))
            continue;
        const int line = i + 1;
        QString problem;
        try {
            const QuantConfig config = QuantConfig::parse(spec.toStdString());
            const QString label = QString::fromStdString(config.label());
            if (config.isFullPrecision()) {
                parsed.lineNotes
                    << tr("%1: %2 (the full-precision reference; every sweep computes it)").arg(line).arg(label);
                continue;
            }
            const auto [first, isNew] = firstLineOfId.emplace(config.id(), line);
            if (!isNew) {
                parsed.lineNotes
                    << tr("%1: %2 (same config as line %3, run once)").arg(line).arg(label).arg(first->second);
                continue;
            }
            parsed.lineNotes << tr("%1: %2").arg(line).arg(label);
            parsed.configs.push_back(config);
            continue;
        } catch (const Error& e) {
            problem = QString::fromUtf8(e.what());
        } catch (const std::exception& e) {
            problem = tr("quantization spec '%1': %2").arg(spec, QString::fromUtf8(e.what()));
        }
        parsed.lineNotes << tr("%1: does not parse").arg(line);
        if (++badLines == 1) {
            parsed.errorLine = line;
            parsed.error = tr("Line %1: %2").arg(line).arg(problem);
        }
    }
    if (badLines > 1)
        parsed.error += QLatin1Char('\n') + tr("(and %n more line(s) that do not parse)", nullptr, badLines - 1);
    if (badLines == 0 && parsed.configs.empty())
        parsed.error = tr("Enter at least one quantization config, one spec per line, e.g. rtn:4:g128:sym");
    if (!parsed.error.isEmpty())
        parsed.configs.clear();
    return parsed;
}

QString SweepDialog::defaultSpecs()
{
    return QStringLiteral("rtn:4:g128:sym\n"
                          "rtn:3:g128:sym\n"
                          "gptq:4:g128:sym:act\n"
                          "rtn:4:g128:sym:a4\n"
                          "none:a4\n"
                          "rtn:4:g128:sym:a4:down=a8");
}

SweepDialog::SweepDialog(const QStringList& runs, QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("sweepDialog"));
    setWindowTitle(tr("Run Sweep"));

    m_runCombo = new QComboBox(this);
    m_runCombo->setObjectName(QStringLiteral("sweepRunCombo"));
    m_runCombo->addItems(runs);
    m_runCombo->setToolTip(tr("The trained run whose checkpoints are quantized"));

    m_specEdit = new QPlainTextEdit(this);
    m_specEdit->setObjectName(QStringLiteral("sweepSpecEdit"));
    m_specEdit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_specEdit->setTabChangesFocus(true);
    m_specEdit->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_specEdit->setMinimumHeight(m_specEdit->fontMetrics().lineSpacing() * 8);
    m_specEdit->setToolTip(
        tr("method[:bits][:options]. Methods: none, rtn, gptq, awq (asymmetric, clip for AutoAWQ's clipping), "
           "hqq (2, 3, 4, 8 bits), nf4 and fp4 "
           "(bitsandbytes), int8 (LLM.int8), mxfp4, mxfp8, nvfp4, fp8 (e4m3 | e5m2, pc | pt). Options in any "
           "order: pc | g<N> (weight groups), sym | asym, act | noact (GPTQ act-order), cal<N>x<T> (GPTQ and AWQ "
           "calibration: N sequences of T tokens), dq | nodq (NF4/FP4 double "
           "quantization), a<B> | a<B>g<N> (integer activations), a4mx | a8mx | a4nv | a8fp | a8lt (MXFP4, MXFP8, "
           "NVFP4, FP8, LLM.int8 activations), <kind>=w<B>a<B> (mixed precision, kinds q, k, v, o, gate, up, "
           "down; down=a8mx for a format), rot | rot<S> | rotd (the model rotated first, as QuaRot: Hadamard "
           "rotations with random signs from seed 0 or S, or the plain ones; not with awq). \"none:a4\" quantizes "
           "activations only."));

    auto* hint =
        new QLabel(tr("One config per line, e.g. rtn:4:g128:sym, gptq:3:g128:sym:act, rtn:4:g128:sym:a4:down=a8, "
                      "awq:4, none:a4, nf4, hqq:4, mxfp4:a4mx:down=a8mx or fp8:a8fp. The full-precision reference is "
                      "always computed; configs already in the store are skipped."),
                   this);
    hint->setWordWrap(true);
    hint->setEnabled(false);

    m_methodCombo = new QComboBox(this);
    m_methodCombo->setObjectName(QStringLiteral("sweepMethodCombo"));
    for (const MethodTraits& t : quantMethods()) {
        const QString example = QString::fromLatin1(t.example);
        QString text = example;
        if (t.method == QuantMethod::None)
            text = tr("%1 (activations only)").arg(example);
        else if (*t.reference != '\0')
            text = tr("%1 (as %2)").arg(example, QString::fromLatin1(t.reference));
        m_methodCombo->addItem(text, example);
    }
    // Rotations combine with a method: the rotated W4A4 of QuaRot (GPTQ weights, 4-bit inputs).
    const QString rotated = QStringLiteral("gptq:4:g128:a4:rot");
    m_methodCombo->addItem(tr("%1 (rotated W4A4, as QuaRot)").arg(rotated), rotated);
    m_methodCombo->setToolTip(tr("Each quantizer with the settings of the library whose numbers it reproduces"));
    auto* addButton = new QPushButton(tr("&Add"), this);
    addButton->setObjectName(QStringLiteral("sweepAddMethod"));
    addButton->setAutoDefault(false);
    connect(addButton, &QPushButton::clicked, this, &SweepDialog::addChosenMethod);
    auto* methods = new QHBoxLayout;
    methods->addWidget(m_methodCombo, 1);
    methods->addWidget(addButton);

    m_previewLabel = messageLabel(QStringLiteral("sweepPreview"), MessageKind::Preview, this);
    m_errorLabel = messageLabel(QStringLiteral("sweepError"), MessageKind::Error, this);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Run Sweep"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* form = new QFormLayout;
    form->addRow(tr("R&un:"), m_runCombo);
    form->addRow(tr("&Configs:"), m_specEdit);
    form->addRow(QString(), hint);
    auto* methodLabel = new QLabel(tr("&Method:"), this);
    methodLabel->setBuddy(m_methodCombo);
    form->addRow(methodLabel, methods);
    form->addRow(tr("Will run:"), m_previewLabel);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_errorLabel);
    layout->addWidget(m_buttons);

    m_hasRun = !runs.isEmpty();
    connect(m_specEdit, &QPlainTextEdit::textChanged, this, &SweepDialog::revalidate);
    m_specEdit->setPlainText(defaultSpecs());
    revalidate();
    resize(560, sizeHint().height());
}

SweepDialog::~SweepDialog() = default;

void SweepDialog::addChosenMethod()
{
    const QString spec = m_methodCombo->currentData().toString();
    QString text = m_specEdit->toPlainText();
    if (!text.isEmpty() && !text.endsWith(QLatin1Char('\n')))
        text += QLatin1Char('\n');
    m_specEdit->setPlainText(text + spec);
}

QString SweepDialog::run() const
{
    return m_runCombo->currentText();
}

void SweepDialog::setRun(const QString& run)
{
    const int index = m_runCombo->findText(run);
    if (index >= 0)
        m_runCombo->setCurrentIndex(index);
}

QString SweepDialog::specText() const
{
    return m_specEdit->toPlainText();
}

void SweepDialog::setSpecText(const QString& text)
{
    m_specEdit->setPlainText(text); // revalidates through textChanged
}

std::vector<QuantConfig> SweepDialog::configs() const
{
    return isValid() ? m_parsed.configs : std::vector<QuantConfig>();
}

QString SweepDialog::errorText() const
{
    return m_errorLabel->text();
}

QString SweepDialog::previewText() const
{
    return m_previewLabel->text();
}

QPushButton* SweepDialog::okButton() const
{
    return m_buttons->button(QDialogButtonBox::Ok);
}

void SweepDialog::revalidate()
{
    m_parsed = parseSpecs(m_specEdit->toPlainText());
    QString error = m_parsed.error;
    if (!m_hasRun)
        error = tr("The store holds no run to sweep.");
    m_errorLabel->setText(error);
    m_errorLabel->setVisible(!error.isEmpty());
    m_previewLabel->setText(m_parsed.lineNotes.join(QLatin1Char('\n')));
    okButton()->setEnabled(isValid());
}

} // namespace qs
