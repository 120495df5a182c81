// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plot/figureexporter.h"

#include <QThread>

#include <QVariant>
#include <QtConcurrent/QtConcurrentRun>

#include <utility>

namespace qs {

FigureExporter::FigureExporter(QObject* parent)
    : QObject(parent)
{
}

FigureExporter::~FigureExporter()
{
    for (QFutureWatcher<QString>* watcher : std::as_const(m_watchers))
        watcher->waitForFinished();
}

bool FigureExporter::start(FigureView& view, const QString& path, const FigureExportOptions& options, QString* error)
{
    RecordedFigure figure;
    if (!recordFigure(view, path, options, &figure, error))
        return false;
    launch(path, [figure = std::move(figure)] {
        QString message;
        return writeFigure(figure, &message) ? QString() : message;
    });
    return true;
}

bool FigureExporter::startCsv(FigureView& view, const QString& path, QString* error)
{
    QByteArray bytes;
    if (!takeCsv(view, path, &bytes, error))
        return false;
    launch(path, [bytes = std::move(bytes), path] {
        QString message;
        return writeCsv(bytes, path, &message) ? QString() : message;
    });
    return true;
}

void FigureExporter::launch(const QString& path, std::function<QString()> write)
{
    auto* watcher = new QFutureWatcher<QString>(this);
    watcher->setProperty("path", path);
    connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, path] { deliver(watcher, path); });
    m_watchers.append(watcher);
    watcher->setFuture(QtConcurrent::run(std::move(write)));
}

void FigureExporter::deliver(QFutureWatcher<QString>* watcher, const QString& path)
{
    Q_ASSERT_X(QThread::currentThread() == thread(), "FigureExporter", "results are delivered on the owner's thread");
    if (!m_watchers.removeOne(watcher))
        return; // delivered already (waitForDone)
    const QString error = watcher->result();
    watcher->deleteLater();
    if (error.isEmpty())
        Q_EMIT saved(path);
    else
        Q_EMIT failed(path, error);
}

void FigureExporter::waitForDone()
{
    while (!m_watchers.isEmpty()) {
        QFutureWatcher<QString>* watcher = m_watchers.first();
        watcher->waitForFinished();
        deliver(watcher, watcher->property("path").toString());
    }
}

} // namespace qs
