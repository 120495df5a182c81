// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/jobs/demojob.h"

namespace qs {

DemoJob::DemoJob(const QString& dir, QObject* parent)
    : Job(parent)
    , m_dir(dir)
    , m_options(DemoOptions::defaults(dir.toStdString()))
{
}

QString DemoJob::storePath() const
{
    return QString::fromStdString(m_options.storePath());
}

Job::Work DemoJob::prepare()
{
    m_result = std::make_shared<DemoSummary>();
    return [options = m_options, result = m_result](const Progress& progress) { *result = runDemo(options, progress); };
}

void DemoJob::succeeded()
{
    m_summary = *m_result;
    const QString path = m_summary.storePath.empty() ? storePath() : QString::fromStdString(m_summary.storePath);
    Q_EMIT demoFinished(path);
}

} // namespace qs
