// ScalingPage: fitting the law to the measured points off the GUI thread (FitJob).

#include "widgets/pages/scaling/scalingpage.h"

#include "models/coefficientmodel.h"
#include "core/common/errors.h"
#include "models/jobs/fitjob.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>

#include <cmath>

namespace qs {

using namespace qs::scaling;

namespace {

// Coefficients a fit on `target` can use, for "refit the published ones too".
std::vector<std::string> fittableCoefficients(const Law& law, FitTarget target)
{
    std::vector<std::string> names;
    for (const Coefficient& c : law.coefficients()) {
        const bool chinchilla = c.name == "E" || c.name == "A" || c.name == "B" || c.name == "alpha" || c.name == "beta";
        if (c.name == "a_f" || (chinchilla && target == FitTarget::Delta))
            continue;
        if (c.source == Source::Published || c.source == Source::UserEdit)
            names.push_back(c.name);
    }
    return names;
}

} // namespace

void ScalingPage::askFit()
{
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Fit to Data"));
    auto* target = new QComboBox(&dialog);
    target->addItem(tr("automatic (δ for the QAT laws when the data have it, else the loss)"), int(FitTarget::Auto));
    target->addItem(tr("loss"), int(FitTarget::Loss));
    if (law().kind() != LawKind::Chinchilla)
        target->addItem(tr("δ"), int(FitTarget::Delta));
    auto* refit = new QCheckBox(tr("Also refit published and hand-edited coefficients"), &dialog);
    refit->setToolTip(tr("By default only unset and previously fitted coefficients are free"));
    auto* resamples = new QSpinBox(&dialog);
    resamples->setRange(0, 1000);
    resamples->setValue(100);
    resamples->setToolTip(tr("Bootstrap resamples for the 95 % intervals (0: no intervals)"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    auto* form = new QFormLayout(&dialog);
    form->addRow(tr("Fit on:"), target);
    form->addRow(refit);
    form->addRow(tr("Bootstrap resamples:"), resamples);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() != QDialog::Accepted)
        return;
    FitOptions options;
    options.target = FitTarget(target->currentData().toInt());
    options.bootstrapResamples = resamples->value();
    if (refit->isChecked()) {
        try {
            options.freeCoefficients = fittableCoefficients(law(), resolveTarget(law().kind(), options.target, m_data));
        } catch (const Error& e) {
            setStatus(tr("Cannot fit: %1").arg(QString::fromUtf8(e.what())), true);
            return;
        }
    }
    startFit(options);
}

void ScalingPage::startFit(FitOptions options)
{
    if (isFitting())
        return;
    if (m_data.points.empty()) {
        setStatus(tr("Open measured points first (Open data…): the fit needs them."), true);
        Q_EMIT fitFailed(m_status);
        return;
    }
    delete m_fitJob;
    m_fitJob = new FitJob(law(), m_data, std::move(options), this);
    connect(m_fitJob, &Job::progressChanged, this, [this](double fraction, const QString& message, const QString& eta) {
        m_progress->setValue(int(std::lround(fraction * 1000.0)));
        m_progress->setFormat(eta.isEmpty() ? tr("%1 (%p%)").arg(message) : tr("%1 (%p%, %2)").arg(message, eta));
    });
    connect(m_fitJob, &Job::finished, this, &ScalingPage::fitDone);
    connect(m_fitJob, &Job::failed, this, [this](const QString& message) {
        setFitting(false);
        setStatus(tr("The fit failed; the coefficients are unchanged. %1").arg(message), true);
        Q_EMIT fitFailed(m_status);
    });
    connect(m_fitJob, &Job::cancelled, this, [this] {
        setFitting(false);
        setStatus(tr("Fit cancelled; the coefficients are unchanged."), false);
        Q_EMIT fitFailed(m_status);
    });
    setFitting(true);
    setStatus(tr("Fitting the %1 law to %n point(s)…", nullptr, int(m_data.points.size()))
                  .arg(QString::fromStdString(law().displayName())),
              false);
    m_fitJob->start();
}

void ScalingPage::cancelFit()
{
    if (m_fitJob)
        m_fitJob->cancel();
}

bool ScalingPage::isFitting() const
{
    return m_fitJob && m_fitJob->isRunning();
}

void ScalingPage::setFitting(bool on)
{
    m_progress->setVisible(on);
    m_progress->setValue(0);
    m_progress->setFormat(tr("starting (%p%)"));
    m_cancelButton->setVisible(on);
    for (QWidget* w : std::initializer_list<QWidget*> {m_kindCombo, m_presetCombo, m_loadLawButton, m_openDataButton,
                                                        m_fitButton})
        w->setEnabled(!on);
    m_variantCombo->setEnabled(!on && law().kind() == LawKind::W4A4);
}

void ScalingPage::fitDone()
{
    setFitting(false);
    if (!m_fitJob || !m_fitJob->result())
        return;
    // The fitted coefficients replace the shown ones; edits made meanwhile to others stay.
    const FitResult& result = *m_fitJob->result();
    if (result.law.kind() != law().kind() || result.law.variant() != law().variant()) {
        // setLaw() put another kind of law in place meanwhile: the fit answers a question no longer asked.
        setStatus(tr("The fit finished after the law was replaced; its result was dropped."), false);
        return;
    }
    Law merged = law();
    for (const Coefficient& c : result.law.coefficients()) {
        if (c.source != Source::Fit || !merged.hasCoefficient(c.name))
            continue;
        merged.setCoefficient(c.name, c.value, Source::Fit, c.reference);
        merged.setConfidenceInterval(c.name, c.ci95);
    }
    merged.setFitInfo(result.info);
    setLaw(std::move(merged));
    const FitInfo& info = result.info;
    QString text = tr("Fitted %1 coefficient(s) to %2 point(s): mean relative error %3 %")
                       .arg(result.parameterNames.size())
                       .arg(info.points)
                       .arg(QString::number(100.0 * info.trainMre, 'g', 3));
    if (info.heldOutPoints > 0)
        text += tr(", held out (%1 points) %2 %").arg(info.heldOutPoints).arg(QString::number(100.0 * info.heldOutMre, 'g', 3));
    if (!info.message.empty())
        text += QStringLiteral(" — ") + QString::fromStdString(info.message);
    setStatus(text, false);
    Q_EMIT fitSucceeded();
}

} // namespace qs
