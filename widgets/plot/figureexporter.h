// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Figure and CSV exports that keep the GUI responsive: the view is recorded on the GUI thread
// (recordFigure(), takeCsv()), and the file is drawn, encoded and written on the global thread pool
// (writeFigure(), writeCsv()). Several exports may run at once; each ends in saved() or failed().

#include "widgets/plot/figureexport.h"

#include <QFutureWatcher>
#include <QList>
#include <QObject>
#include <QString>

#include <functional>

namespace qs {

class FigureExporter : public QObject
{
    Q_OBJECT

public:
    explicit FigureExporter(QObject* parent = nullptr);
    ~FigureExporter() override; // waits for the exports still writing

    // Records `view` now and writes it in the background. False with `error` (nothing started) when
    // the export is refused: an unknown format, a size or DPI out of range, a view that shows nothing.
    bool start(FigureView& view, const QString& path, const FigureExportOptions& options, QString* error);
    // The view's numbers, taken now and written in the background. False with `error` when it has none.
    bool startCsv(FigureView& view, const QString& path, QString* error);

    int pending() const { return int(m_watchers.size()); }
    // Blocks until every export started so far has ended, delivering their signals (for shutdown and tests).
    void waitForDone();

Q_SIGNALS:
    void saved(const QString& path);
    void failed(const QString& path, const QString& message);

private:
    // `write` returns an empty string on success, else the error.
    void launch(const QString& path, std::function<QString()> write);
    void deliver(QFutureWatcher<QString>* watcher, const QString& path);

    QList<QFutureWatcher<QString>*> m_watchers;
};

} // namespace qs
