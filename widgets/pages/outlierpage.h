// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The outlier page: the input activations of the selected layer as the full-precision model sees
// them (config "fp" of the store), in one figure of three plots:
//   top           the per-channel max |x| profile at the selected checkpoint, one bar per input
//                 channel in channel order, with the outlier threshold 6 (LLM.int8()) as a line and
//                 the number of channels above it in the plot's title;
//   bottom left   the histogram of those channel maxima;
//   bottom right  the layer's input kurtosis at every checkpoint the FP reference measured (x = step),
//                 the selected checkpoint marked; clicking a point selects that checkpoint;
//   below         the layer's outlier channels followed across checkpoints (channel × checkpoint,
//                 core/analysis/outliertracking.h): one row per channel that exceeds the threshold at some
//                 checkpoint, ordered by when it first did, coloured by its max |x| at each; the title
//                 says how many appeared, persisted and are there at the end; a click selects the column's
//                 checkpoint.
// The page follows the Selection's run, checkpoint and layer, and writes back the checkpoint (a
// click on the kurtosis plot) and the layer (the layer combo; "FC2 inputs" selects the down_proj of
// the selected layer's block). Profiles are read from the store on demand, off the GUI thread
// (opened read-only, closed after each read); the statistics come from the snapshot. A store without
// the FP reference, its activation statistics or its profiles gets a message naming what is missing
// instead of a plot; a profile that cannot be read (store moved, locked by a writer) gets its error
// above the plot, and the rest stays. The reading, the outlier count and the histogram's bins are
// itemmodels/activationprofile.h's.
//
// csv(): one table, header "channel,absmax,checkpoint,step,act_kurtosis". The first two columns are
// the profile (one row per channel), the last three the kurtosis trajectory (one row per point);
// rows run to the longer of the two and the shorter series' fields are empty below its end.

#include "itemmodels/activationprofile.h"
#include "itemmodels/latestonly.h"
#include "itemmodels/storesnapshot.h"
#include "widgets/plot/plotpage.h"

#include "core/common/metrics.h"

#include <QFuture>
#include <QStringList>

#include <vector>

class QCheckBox;
class QComboBox;
class QCPAxisRect;
class QCPBars;
class QCPColorMap;
class QCPColorScale;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;
class QLabel;
class QPushButton;
class QScrollArea;
class QStackedWidget;

namespace qs {

class Selection;

class OutlierPage : public PlotPage
{
    Q_OBJECT

public:
    // LLM.int8()'s outlier magnitude; the store's act_outliers counts channels above it.
    static constexpr double outlierThreshold = metrics::outlierThreshold;

    explicit OutlierPage(Selection* selection, QWidget* parent = nullptr);
    ~OutlierPage() override;

    QString viewName() const override { return QStringLiteral("outliers"); }
    // The three plots in one QCustomPlot; nullptr while a message is shown instead.
    QCustomPlot* figurePlot() const override;
    QString csv() const override;
    // applyFigureStyle(): fonts, line widths and colours; the figure has no legend, so style.legend is
    // ignored.

    QCPAxisRect* profileRect() const { return m_profileRect; }
    QCPAxisRect* histogramRect() const { return m_histRect; }
    QCPAxisRect* kurtosisRect() const { return m_kurtRect; }
    QCPBars* profileBars() const { return m_profileBars; }  // every channel: key channel, value max |x|
    QCPBars* outlierBars() const { return m_outlierBars; }  // the channels above the threshold
    QCPBars* histogramBars() const { return m_histBars; }   // key bin centre, value channel count
    QCPGraph* kurtosisGraph() const { return m_kurtGraph; } // key step, value kurtosis
    QCPAxisRect* trackRect() const { return m_trackRect; }
    // Cell (checkpoint order, row) = max |x| of the row's channel; rows as channelTrack().track.channels.
    QCPColorMap* channelMap() const { return m_trackMap; }
    const ChannelTrackRead& channelTrack() const { return m_track; }
    QString trackTitle() const;
    bool isLoadingTrack() const { return m_trackReads.isBusy(); }
    QComboBox* layerCombo() const { return m_layerCombo; }
    QPushButton* fc2Button() const { return m_fc2Button; }
    QCheckBox* logCheck() const { return m_logCheck; }

    // The message shown instead of the figure; empty while the figure is shown.
    QString message() const;
    // Why the profile could not be read; empty when it was.
    QString profileError() const { return m_profileError; }
    // The profile shown (empty while none) and its channels above the threshold (-1 while none).
    const std::vector<float>& profile() const { return m_profile; }
    int outlierCount() const;
    QString profileTitle() const;
    // Checkpoint index of each kurtosis point, in point order.
    const std::vector<int>& kurtosisCheckpoints() const { return m_kurtCheckpoints; }
    bool isLoadingProfile() const { return m_profileReads.isBusy(); }

    // Selects the down_proj (FC2) layer of the selected layer's block.
    void jumpToFc2();
    // The checkpoint of the kurtosis point nearest to `pos` (plot pixels) within `maxDistance`
    // pixels along x, -1 if none or `pos` is outside the kurtosis plot.
    int checkpointNearPixel(const QPointF& pos, double maxDistance = 20.0) const;

    // What one read of the store returns (internal: the reading thread's result).
    using ProfileRead = ActivationProfileRead;

protected:
    void applyColors() override;
    void figureStyleChanged() override;
    QString toolTipAt(const QPointF& pos) const override;
    void clickedAt(const QPointF& pos) override;

private:
    enum class ProfileState
    {
        None,
        Loading,
        Loaded,
        NotMeasured, // the FP reference has not reached this checkpoint
        Failed,
    };

    void buildFigure();
    void refresh();
    void fillLayerCombo();
    void requestProfile();
    void onProfileRead(const ProfileRead& read);
    void rebuildProfile();
    void rebuildKurtosis();
    void requestTrack();
    void rebuildTrack();
    // The tracked checkpoint (index into channelTrack().checkpoints) and row under `pos`; -1 outside.
    std::pair<int, int> trackCellAt(const QPointF& pos) const;
    void updateTitles();
    void showMessage(const QString& text);
    const ConfigSnapshot* fpConfig() const;
    double layerStat(const char* metric, int checkpoint) const;
    // The store's input statistics of the selected layer at `checkpoint`, those it has, as text.
    QStringList statsOf(int checkpoint) const;
    QString layerTitle(int layer) const;

    Selection* m_selection = nullptr;

    // What the profile shown belongs to: store, run, checkpoint, layer.
    QString m_profileKey;
    ProfileState m_profileState = ProfileState::None;
    std::vector<float> m_profile;
    QString m_profileError;
    bool m_storeHasProfiles = true;
    LatestOnly<ProfileRead> m_profileReads {this}; // a read still running for another profile is dropped
    std::vector<int> m_kurtCheckpoints;
    QString m_trackKey;
    ChannelTrackRead m_track;
    bool m_trackLoaded = false;
    LatestOnly<ChannelTrackRead> m_trackReads {this};
    QString m_layerComboKey; // store and run the layer combo lists

    QComboBox* m_layerCombo = nullptr;
    QPushButton* m_fc2Button = nullptr;
    QCheckBox* m_logCheck = nullptr;
    QLabel* m_errorLabel = nullptr;
    QLabel* m_messageLabel = nullptr;
    QStackedWidget* m_stack = nullptr;
    QScrollArea* m_scroll = nullptr; // holds the plot
    QCPTextElement* m_title = nullptr;
    QCPTextElement* m_profileTitle = nullptr;
    QCPTextElement* m_histTitle = nullptr;
    QCPTextElement* m_kurtTitle = nullptr;
    QCPTextElement* m_trackTitle = nullptr;
    QCPAxisRect* m_trackRect = nullptr;
    QCPColorMap* m_trackMap = nullptr;
    QCPColorScale* m_trackScale = nullptr;
    QCPItemStraightLine* m_trackSelected = nullptr;
    QCPItemText* m_trackNote = nullptr;
    QCPAxisRect* m_profileRect = nullptr;
    QCPAxisRect* m_histRect = nullptr;
    QCPAxisRect* m_kurtRect = nullptr;
    QCPBars* m_profileBars = nullptr;
    QCPBars* m_outlierBars = nullptr;
    QCPBars* m_histBars = nullptr;
    QCPGraph* m_kurtGraph = nullptr;
    QCPGraph* m_kurtSelected = nullptr;
    QCPItemStraightLine* m_profileThreshold = nullptr;
    QCPItemStraightLine* m_histThreshold = nullptr;
    QCPItemStraightLine* m_gaussianLine = nullptr;
    QCPItemStraightLine* m_selectedLine = nullptr;
    QCPItemText* m_profileNote = nullptr;
    QCPItemText* m_histNote = nullptr;
    QCPItemText* m_thresholdLabel = nullptr;
};

} // namespace qs
