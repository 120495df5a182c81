// TrajectoryPage as a FigureView: the data behind the plot as CSV, and the paper / screen styles.

#include "trajectorypage.h"

#include "plotstyle.h"

#include "qcp.h"

namespace qs {

QString TrajectoryPage::csv() const
{
    const RunSnapshot* current = run();
    if (!current)
        return {};
    QStringList header = {QStringLiteral("step"), QStringLiteral("tokens"), QStringLiteral("lr"), QStringLiteral("fp_val_ce")};
    std::vector<const ConfigSnapshot*> configs;
    for (const ConfigSnapshot& config : current->configs) {
        if (config.config.isFullPrecision())
            continue;
        configs.push_back(&config);
        header << csvField(QString::fromStdString(config.results.configId));
    }
    QString out = QStringLiteral("# %1 of run %2 (%3)\n")
                      .arg(metricShortTitle(), current->name(), metricName(m_metric));
    out += header.join(QLatin1Char(',')) + QLatin1Char('\n');
    for (int i = 0; i < int(current->checkpoints.size()); ++i) {
        const CheckpointRow& row = current->checkpoints[size_t(i)];
        QStringList fields = {QString::number(row.step), QString::number(row.tokens), csvNumber(row.lr),
                              csvNumber(row.fpValCe)};
        for (const ConfigSnapshot* config : configs)
            fields << csvNumber(metricValue(*config, i));
        out += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return out;
}

void TrajectoryPage::placeLegend(bool inside)
{
    QCPLegend* legend = m_plot->legend;
    QCPLayoutInset* inset = m_plot->axisRect()->insetLayout();
    const bool isInside = inset->elements(false).contains(legend);
    if (inside == isInside)
        return;
    if (inside) {
        m_legendRow->take(legend);
        inset->addElement(legend, Qt::AlignTop | Qt::AlignRight);
        legend->setWrap(1);
        legend->setFillOrder(QCPLayoutGrid::foRowsFirst);
    } else {
        inset->take(legend);
        m_legendRow->addElement(0, 1, legend);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
        legend->setWrap(5);
    }
}

void TrajectoryPage::applyFigureStyle(const FigureStyle& style)
{
    if (style.kind == FigureStyle::Kind::Screen) {
        m_figureStyle.reset();
        const QFont base = font();
        for (QCPAxis* axis : m_plot->axisRect()->axes()) {
            axis->setTickLabelFont(base);
            axis->setLabelFont(base);
        }
        m_plot->legend->setFont(base);
        m_title->setFont(QFont(base.family(), base.pointSize() + 2, QFont::Bold));
        m_plot->legend->setVisible(true);
        placeLegend(false);
        applyColors();
        replotNow();
        return;
    }
    m_figureStyle = style;
    QFont tick(style.fontFamily);
    tick.setPointSizeF(style.fontPt);
    for (QCPAxis* axis : m_plot->axisRect()->axes()) {
        axis->setTickLabelFont(tick);
        axis->setLabelFont(tick);
    }
    m_plot->legend->setFont(tick);
    QFont title = tick;
    title.setBold(true);
    m_title->setFont(title);
    m_plot->legend->setVisible(style.legend != FigureStyle::Legend::None);
    placeLegend(style.legend == FigureStyle::Legend::Inside);
    QPalette paper = palette();
    paper.setColor(QPalette::Base, Qt::white);
    paper.setColor(QPalette::Text, Qt::black);
    applyPlotPalette(m_plot, paper);
    m_title->setTextColor(Qt::black);
    for (int i = 0; i < m_configGraphs.size(); ++i) {
        QPen pen = m_configGraphs[i]->pen();
        pen.setWidthF(style.lineWidth);
        m_configGraphs[i]->setPen(pen);
        QCPScatterStyle scatter = m_configGraphs[i]->scatterStyle();
        scatter.setSize(3.0 + 2.0 * style.lineWidth);
        scatter.setBrush(Qt::white);
        m_configGraphs[i]->setScatterStyle(scatter);
    }
    replotNow();
}

} // namespace qs
