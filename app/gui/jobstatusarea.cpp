// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/jobstatusarea.h"

#include "itemmodels/jobs/job.h"

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>

namespace qs {

namespace {

// The area was part of the main window: its texts keep the window's translation context.
class WindowText
{
    Q_DECLARE_TR_FUNCTIONS(qs::MainWindow)
};

} // namespace

JobStatusArea::JobStatusArea(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("jobStatusArea"));
    m_label = new QLabel(this);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("jobProgress"));
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(220);
    m_progress->setTextVisible(true);
    m_cancelButton = new QToolButton(this);
    m_cancelButton->setText(WindowText::tr("Cancel"));
    m_cancelButton->setToolTip(WindowText::tr("Stop the running job at its next safe point"));
    connect(m_cancelButton, &QToolButton::clicked, this, &JobStatusArea::cancel);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_progress);
    layout->addWidget(m_cancelButton);
    setVisible(false);
}

void JobStatusArea::track(Job* job, const QString& message)
{
    m_job = job;
    connect(job, &Job::progressChanged, this, [this](double fraction, const QString& text, const QString& eta) {
        m_progress->setValue(int(fraction * 1000.0));
        m_label->setText(eta.isEmpty() ? text : WindowText::tr("%1 (%2)").arg(text, eta));
    });
    connect(job, &Job::runningChanged, this, [this](bool running) {
        if (!running)
            setVisible(false);
    });
    m_progress->setValue(0);
    m_label->setText(message);
    m_cancelButton->setEnabled(true);
    setVisible(true);
}

void JobStatusArea::cancel()
{
    if (m_job && m_job->isRunning()) {
        m_job->cancel();
        m_cancelButton->setEnabled(false);
        m_label->setText(WindowText::tr("Cancelling…"));
    }
}

} // namespace qs
