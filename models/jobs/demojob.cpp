#include "models/jobs/demojob.h"

namespace qs {

DemoJob::DemoJob(const QString& dir, QObject* parent)
    : Job(parent)
    , m_dir(dir)
    , m_options(DemoOptions::defaults(dir.toStdString()))
{
}

DemoJob::~DemoJob()
{
    cancelAndWait();
}

QString DemoJob::storePath() const
{
    return QString::fromStdString(m_options.storePath());
}

void DemoJob::run(const Progress& progress)
{
    m_summary = runDemo(m_options, progress);
}

void DemoJob::succeeded()
{
    const QString path = m_summary.storePath.empty() ? storePath() : QString::fromStdString(m_summary.storePath);
    Q_EMIT demoFinished(path);
}

} // namespace qs
