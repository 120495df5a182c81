// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The outlier inspector's channel × checkpoint map: reading every checkpoint's profile of the
// selected layer off the GUI thread, drawing the channels that are outliers somewhere as rows in the order
// they first appeared, and what the map's title and clicks say. The rest of the page is outlierpage.cpp.

#include "widgets/pages/outlierpage.h"

#include "itemmodels/selection.h"
#include "widgets/plot/qcp.h"

#include <algorithm>
#include <cmath>

namespace qs {

void OutlierPage::requestTrack()
{
    // Again whenever the FP reference measured more checkpoints (a sweep in progress).
    const ConfigSnapshot* fp = fpConfig();
    const int layer = m_selection->layerIndex();
    int measured = 0;
    for (uint8_t done : fp->results.done)
        measured += done ? 1 : 0;
    const QString key =
        m_layerComboKey + QLatin1Char('\n') + QString::number(layer) + QLatin1Char('\n') + QString::number(measured);
    if (key == m_trackKey)
        return;
    m_trackKey = key;
    m_track = {};
    m_trackLoaded = false;
    m_trackReads.invalidate();
    if (layer < 0)
        return;
    m_trackReads.request([path = m_selection->snapshot()->path.toStdString(), run = m_selection->run()->info.name,
                          layer] { return readChannelTrack(path, run, layer, outlierThreshold); },
                         [this](const ChannelTrackRead& read) {
                             m_track = read;
                             m_trackLoaded = true;
                             refresh();
                         });
}

void OutlierPage::rebuildTrack()
{
    const RunSnapshot* run = m_selection->run();
    const auto& channels = m_track.track.channels;
    const int columns = int(m_track.checkpoints.size());
    const int rows = int(channels.size());
    // Rows in the order channels first became outliers (then by channel).
    const std::vector<int>& order = m_track.rows;
    QCPAxis* xAxis = m_trackRect->axis(QCPAxis::atBottom);
    QCPAxis* yAxis = m_trackRect->axis(QCPAxis::atLeft);
    auto xTicks = qSharedPointerCast<QCPAxisTickerText>(xAxis->ticker());
    auto yTicks = qSharedPointerCast<QCPAxisTickerText>(yAxis->ticker());
    xTicks->clear();
    yTicks->clear();
    const bool shown = m_trackLoaded && m_track.error.isEmpty() && rows > 0 && columns > 0;
    m_trackMap->data()->setSize(std::max(columns, 1), std::max(rows, 1));
    m_trackMap->data()->setRange(QCPRange(0.0, std::max(columns - 1, 1)), QCPRange(0.0, std::max(rows - 1, 1)));
    m_trackMap->data()->fill(qQNaN());
    double lo = qInf(), hi = 0.0;
    for (int r = 0; r < rows && shown; ++r) {
        const auto& values = m_track.absmax[size_t(order[size_t(r)])];
        for (int k = 0; k < columns; ++k) {
            const double v = std::max(double(values[size_t(k)]), 1e-6);
            m_trackMap->data()->setCell(k, r, v);
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
    m_trackMap->setVisible(shown);
    if (shown)
        m_trackMap->setDataRange(QCPRange(std::max(lo, 1e-3), std::max(hi, lo * 1.01)));
    // Tick labels: the steps along x, the channel numbers along y (a few when there are many).
    const int xEvery = std::max(1, columns / 8), yEvery = std::max(1, rows / 6);
    for (int k = 0; k < columns && run; k += xEvery)
        xTicks->addTick(k, QString::number(run->checkpoints[size_t(m_track.checkpoints[size_t(k)])].step));
    for (int r = 0; r < rows; r += yEvery)
        yTicks->addTick(r, QString::number(channels[size_t(order[size_t(r)])].channel));
    xAxis->setRange(-0.5, std::max(columns, 1) - 0.5);
    yAxis->setRange(-0.5, std::max(rows, 1) - 0.5);
    const auto selected = std::find(m_track.checkpoints.begin(), m_track.checkpoints.end(), m_selection->checkpoint());
    m_trackSelected->setVisible(shown && selected != m_track.checkpoints.end());
    if (selected != m_track.checkpoints.end()) {
        const double at = double(selected - m_track.checkpoints.begin());
        m_trackSelected->point1->setCoords(at, 0.0);
        m_trackSelected->point2->setCoords(at, 1.0);
    }
    const QString note = !m_trackLoaded ? tr("Reading the profiles of every checkpoint…")
        : !m_track.error.isEmpty()      ? tr("The profiles could not be read: %1").arg(m_track.error)
        : columns == 0                  ? tr("The full-precision reference has measured no checkpoint yet")
        : rows == 0 ? tr("No input channel of this layer exceeds %1 at any checkpoint").arg(outlierThreshold)
                    : QString();
    m_trackNote->setText(note);
    m_trackNote->setVisible(!shown);
}

QString OutlierPage::trackTitle() const
{
    if (!m_trackLoaded || !m_track.error.isEmpty() || m_track.checkpoints.empty())
        return tr("Outlier channels across checkpoints");
    int persisted = 0, atEnd = 0;
    const int columns = int(m_track.checkpoints.size());
    for (const ChannelTrack& c : m_track.track.channels) {
        persisted += c.first + c.firstRun == columns ? 1 : 0;
        atEnd += c.atEnd ? 1 : 0;
    }
    return tr("Outlier channels across %1 checkpoints: %2 exceed %3 at some checkpoint, %4 stayed from their "
              "first appearance to the end, %5 are outliers at the last")
        .arg(columns)
        .arg(m_track.track.channels.size())
        .arg(outlierThreshold)
        .arg(persisted)
        .arg(atEnd);
}

std::pair<int, int> OutlierPage::trackCellAt(const QPointF& pos) const
{
    if (!m_trackMap->visible() || !m_trackRect->rect().contains(pos.toPoint()))
        return {-1, -1};
    const int k = int(std::lround(m_trackRect->axis(QCPAxis::atBottom)->pixelToCoord(pos.x())));
    const int r = int(std::lround(m_trackRect->axis(QCPAxis::atLeft)->pixelToCoord(pos.y())));
    if (k < 0 || k >= int(m_track.checkpoints.size()) || r < 0 || r >= int(m_track.track.channels.size()))
        return {-1, -1};
    return {k, r};
}

} // namespace qs
