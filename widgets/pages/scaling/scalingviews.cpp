// ScalingPage: the figure and its four views (curves, contour map, f* vs S, measured points).

#include "widgets/pages/scaling/scalingpage.h"

#include "models/coefficientmodel.h"
#include "core/common/errors.h"
#include "widgets/pages/heatmappage.h"
#include "widgets/plot/plotstyle.h"
#include "widgets/pages/scaling/scalingcontour.h"
#include "widgets/pages/scaling/scalinginputs.h"

#include "widgets/plot/qcp.h"

#include <QComboBox>
#include <QCheckBox>
#include <QFileInfo>
#include <QLabel>
#include <QStackedWidget>

#include <algorithm>
#include <cmath>

namespace qs {

using namespace qs::scaling;

namespace {

constexpr int curveSteps = 200;
constexpr int contourSamples = 81;
const QColor nanGrey(0xC8, 0xC8, 0xC8);

// Log-axis ticks that label narrow ranges too: QCPAxisTickerLog falls back to linear ticks below 1.6
// decades (25B, 50B, 75B on a log axis). Here: 1, 1.5, 2, 3, 5, 7 × 10^k below 1.2 decades, 1, 2, 5 ×
// 10^k below 2.5, whole decades (every n-th when there are many) above.
class NiceLogTicker : public QCPAxisTickerLog
{
protected:
    QVector<double> createTickVector(double, const QCPRange& range) override
    {
        QVector<double> ticks;
        m_fine = false;
        if (!(range.lower > 0.0 && range.upper > range.lower))
            return ticks;
        const double decades = std::log10(range.upper / range.lower);
        const int first = int(std::floor(std::log10(range.lower))) - 1;
        const int last = int(std::ceil(std::log10(range.upper))) + 1;
        if (decades < 2.5) {
            m_fine = true;
            const std::vector<double> mantissas =
                decades < 1.2 ? std::vector<double> {1, 1.5, 2, 3, 5, 7} : std::vector<double> {1, 2, 5};
            for (int e = first; e <= last; ++e)
                for (const double m : mantissas)
                    ticks << m * std::pow(10.0, e);
            return ticks;
        }
        const int step = std::max(1, int(std::ceil(decades / 8.0)));
        for (int e = int(std::floor(double(first) / step)) * step; e <= last; e += step)
            ticks << std::pow(10.0, e);
        m_step = step;
        return ticks;
    }
    int getSubTickCount(double) override { return m_fine || m_step > 1 ? 0 : 8; }

private:
    bool m_fine = false;
    int m_step = 1;
};

// Log axes of counts labelled 1M, 10B, 1T (formatCount).
class CountLogTicker : public NiceLogTicker
{
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return formatCount(tick); }
};

// An axis holding log10 of a count: ticks at whole decades, labelled with the count.
class DecadeTicker : public QCPAxisTicker
{
protected:
    double getTickStep(const QCPRange& range) override { return std::max(1.0, std::ceil(range.size() / 8.0)); }
    int getSubTickCount(double) override { return 0; }
    QString getTickLabel(double tick, const QLocale&, QChar, int) override
    {
        return formatCount(std::pow(10.0, std::round(tick)));
    }
};

QVector<double> toVector(const std::vector<double>& values)
{
    return QVector<double>(values.begin(), values.end());
}

QString number(double value)
{
    return QString::number(value, 'g', 4);
}

QString formatInput(Variable v, double value)
{
    return v == Variable::N || v == Variable::D ? formatCount(value) : QString::number(value, 'g', 3);
}

QString inputText(Variable v, double value)
{
    const QString symbol = v == Variable::Bits ? QStringLiteral("B") : QString::fromStdString(variableName(v));
    return ScalingPage::tr("%1 = %2").arg(symbol, formatInput(v, value));
}

QString formatValue(Quantity q, double value)
{
    return q == Quantity::EffectiveParameters ? formatCount(value) : number(value);
}

// The coefficients each quantity's formula uses.
std::vector<std::string> coefficientsOf(LawKind kind, Quantity q)
{
    const std::vector<std::string> chinchilla {"E", "A", "B", "alpha", "beta"};
    const std::vector<std::string> w4a4 {"k", "gamma_N", "gamma_D", "gamma_G"};
    const std::vector<std::string> qat {"theta", "kappa", "phi", "chi", "psi", "omega", "lambda", "mu", "nu", "xi", "rho"};
    const std::vector<std::string>& delta = kind == LawKind::W4A4 ? w4a4 : qat;
    std::vector<std::string> names;
    switch (q) {
    case Quantity::FpLoss: names = chinchilla; break;
    case Quantity::Loss:
        names = chinchilla;
        if (kind != LawKind::Chinchilla)
            names.insert(names.end(), delta.begin(), delta.end());
        break;
    case Quantity::Delta:
    case Quantity::OptimalQatFraction: names = delta; break;
    case Quantity::EffectiveFraction:
    case Quantity::EffectiveParameters:
        names = {"A", "alpha"};
        names.insert(names.end(), w4a4.begin(), w4a4.end());
        break;
    case Quantity::DirectQatFraction: names = {"a_f"}; break;
    case Quantity::TokensPerParameterByte: break;
    }
    return names;
}

} // namespace

QString ScalingPage::quantityShort(Quantity q)
{
    switch (q) {
    case Quantity::Loss: return tr("loss");
    case Quantity::FpLoss: return tr("FP loss");
    case Quantity::Delta: return tr("δ");
    case Quantity::EffectiveFraction: return tr("N_eff/N");
    case Quantity::EffectiveParameters: return tr("N_eff");
    case Quantity::OptimalQatFraction: return tr("f*");
    case Quantity::DirectQatFraction: return tr("f̂");
    case Quantity::TokensPerParameterByte: return tr("S");
    }
    return {};
}

QString ScalingPage::quantityLabel(Quantity q)
{
    switch (q) {
    case Quantity::Loss: return tr("loss L (nats)");
    case Quantity::FpLoss: return tr("FP loss E + A/N^α + B/D^β (nats)");
    case Quantity::Delta: return tr("δ, loss increase from quantization (nats)");
    case Quantity::EffectiveFraction: return tr("effective parameter fraction N_eff/N");
    case Quantity::EffectiveParameters: return tr("effective parameters N_eff");
    case Quantity::OptimalQatFraction: return tr("optimal QAT fraction f*");
    case Quantity::DirectQatFraction: return tr("direct fit f̂ = exp(−a/ln S)");
    case Quantity::TokensPerParameterByte: return tr("S, tokens per parameter byte");
    }
    return {};
}

QString ScalingPage::variableLabel(Variable v)
{
    switch (v) {
    case Variable::N: return tr("N (parameters)");
    case Variable::D: return tr("D (training tokens)");
    case Variable::G: return tr("G (group size, input channels)");
    case Variable::Bits: return tr("B (weight bits)");
    case Variable::QatFraction: return tr("f (QAT fraction of the tokens)");
    }
    return {};
}

void ScalingPage::buildFigure()
{
    plot()->setObjectName(QStringLiteral("scalingPlot"));
    plot()->setMinimumSize(360, 280);
    m_title = new QCPTextElement(plot(), QString(), QFont(font().family(), font().pointSize() + 2, QFont::Bold));
    setScreenOnly(m_title);
    QCPLayoutGrid* layout = plot()->plotLayout();
    layout->insertRow(0);
    layout->addElement(0, 0, m_title);

    // Row 1: the axes, the colour scale right of them (contour), the residuals below (measured).
    m_mainRect = plot()->axisRect();
    layout->take(m_mainRect);
    m_content = new QCPLayoutGrid;
    layout->addElement(1, 0, m_content);
    m_content->addElement(0, 0, m_mainRect);
    m_content->setColumnSpacing(8);
    m_scale = new QCPColorScale(plot());
    m_scale->setType(QCPAxis::atRight);
    m_scale->setBarWidth(14);
    m_residualRect = new QCPAxisRect(plot());
    m_content->addElement(0, 1, m_scale);
    m_content->addElement(1, 0, m_residualRect);
    auto* vertical = new QCPMarginGroup(plot());
    m_mainRect->setMarginGroup(QCP::msTop | QCP::msBottom, vertical);
    m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, vertical);
    auto* horizontal = new QCPMarginGroup(plot());
    m_mainRect->setMarginGroup(QCP::msLeft | QCP::msRight, horizontal);
    m_residualRect->setMarginGroup(QCP::msLeft | QCP::msRight, horizontal);
    // Out again until a view needs them (an element taken out of a layout still belongs to the plot).
    for (QCPLayoutElement* element : std::initializer_list<QCPLayoutElement*> {m_scale, m_residualRect}) {
        m_content->take(element);
        element->setVisible(false);
    }
    m_content->simplify();
    connect(m_mainRect->axis(QCPAxis::atBottom), qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            [this](const QCPRange& range) { m_residualRect->axis(QCPAxis::atBottom)->setRange(range); });

    auto* legendRow = new QCPLayoutGrid;
    layout->addElement(2, 0, legendRow);
    legendRow->addElement(0, 0, new QCPLayoutElement(plot()));
    legendRow->addElement(0, 2, new QCPLayoutElement(plot()));
    legendRow->setColumnStretchFactors({1.0, 0.001, 1.0});
    layout->setRowStretchFactor(2, 0.001);
    plot()->legend->setColumnSpacing(12);
    setLegendPlaces(legendRow, 2, m_mainRect, 4);

    plot()->addLayer(QStringLiteral("marks"), plot()->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    QCPLayer* marks = plot()->layer(QStringLiteral("marks"));
    QCPAxis* x = m_mainRect->axis(QCPAxis::atBottom);
    QCPAxis* y = m_mainRect->axis(QCPAxis::atLeft);
    m_map = new QCPColorMap(x, y);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    m_map->setColorScale(m_scale);
    m_map->setGradient(viridisGradient(nanGrey));
    m_map->removeFromLegend();
    m_fhatGraph = new QCPGraph(x, y);
    m_fstarGraph = new QCPGraph(x, y);
    m_marker = new QCPGraph(x, y);
    m_marker->setLineStyle(QCPGraph::lsNone);
    m_marker->setLayer(marks);
    m_xLine = new QCPItemStraightLine(plot());
    m_xLine->setLayer(marks);
    m_xLine->setClipAxisRect(m_mainRect);
    for (QCPItemPosition* p : {m_xLine->point1, m_xLine->point2}) {
        p->setAxes(x, y);
        p->setAxisRect(m_mainRect);
        p->setTypeY(QCPItemPosition::ptAxisRectRatio);
    }
    m_zeroLine = new QCPItemStraightLine(plot());
    m_zeroLine->setClipAxisRect(m_residualRect);
    for (QCPItemPosition* p : {m_zeroLine->point1, m_zeroLine->point2}) {
        p->setAxes(m_residualRect->axis(QCPAxis::atBottom), m_residualRect->axis(QCPAxis::atLeft));
        p->setAxisRect(m_residualRect);
        p->setTypeX(QCPItemPosition::ptAxisRectRatio);
    }
    m_zeroLine->point1->setCoords(0.0, 0.0);
    m_zeroLine->point2->setCoords(1.0, 0.0);
    m_noteItem = new QCPItemText(plot());
    m_noteItem->setLayer(marks);
    m_noteItem->setClipToAxisRect(false);
    m_noteItem->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_noteItem->position->setAxisRect(m_mainRect);
    m_noteItem->position->setCoords(0.02, 0.03);
    m_noteItem->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_noteItem->setTextAlignment(Qt::AlignLeft);
    m_noteItem->setPadding(QMargins(4, 2, 4, 2));
    for (QCPAxis* axis : {m_residualRect->axis(QCPAxis::atLeft)})
        axis->ticker()->setTickCount(3);
}

void ScalingPage::clearFigure()
{
    const auto removeGraphs = [this](QList<QCPGraph*>& graphs) {
        for (QCPGraph* g : graphs)
            plot()->removePlottable(g);
        graphs.clear();
    };
    removeGraphs(m_curveGraphs);
    removeGraphs(m_pointGraphs);
    removeGraphs(m_residualGraphs);
    for (QCPCurve* c : m_isoCurves)
        plot()->removePlottable(c);
    m_isoCurves.clear();
    for (QCPItemText* t : m_isoLabels)
        plot()->removeItem(t);
    m_isoLabels.clear();
    m_pointRefs.clear();
    m_map->setVisible(false);
    for (QCPGraph* g : {m_fhatGraph, m_fstarGraph, m_marker}) {
        g->data()->clear();
        g->setVisible(false);
        g->removeFromLegend();
    }
    m_xLine->setVisible(false);
    m_zeroLine->setVisible(false);
    m_noteItem->setVisible(false);
}

void ScalingPage::showMessage(const QString& text)
{
    if (m_message.isEmpty())
        m_message = text;
}

void ScalingPage::setNote(const QString& text)
{
    m_noteText = text;
    // QCPItemText does not wrap: break the note at spaces every ~90 characters.
    QString wrapped;
    int lineLength = 0;
    for (const QString& word : text.split(QLatin1Char(' '))) {
        if (lineLength > 0 && lineLength + word.size() > 90) {
            wrapped += QLatin1Char('\n');
            lineLength = 0;
        } else if (lineLength > 0) {
            wrapped += QLatin1Char(' ');
            ++lineLength;
        }
        wrapped += word;
        lineLength += int(word.size());
    }
    m_noteItem->setText(wrapped);
    m_noteItem->setVisible(!text.isEmpty());
}

QString ScalingPage::missingCoefficients(Quantity quantity) const
{
    const Law& current = law();
    QStringList unset;
    for (const std::string& name : coefficientsOf(current.kind(), quantity)) {
        if (current.hasCoefficient(name) && !current.coefficient(name).isSet())
            unset << CoefficientModel::symbol(name);
    }
    if (unset.isEmpty())
        return {};
    return tr("%1 cannot be drawn: the %2 law's coefficients %3 are unset. Fit the law to measured points "
              "(Fit to data…), load a fitted law (Load law…), or type values into the coefficient table.")
        .arg(quantityLabel(quantity), QString::fromStdString(current.displayName()), unset.join(QStringLiteral(", ")));
}

void ScalingPage::updateNow()
{
    m_updateTimer.stop();
    clearFigure();
    m_message.clear();
    m_csv.clear();
    setNote(QString());
    configureAxes();
    switch (m_view) {
    case View::Curves: buildCurves(); break;
    case View::Contour: buildContour(); break;
    case View::QatFraction: buildQatFraction(); break;
    case View::Measured: buildMeasured(); break;
    }
    if (!m_message.isEmpty())
        clearFigure();
    m_messageLabel->setText(m_message);
    m_stack->setCurrentWidget(m_message.isEmpty() ? static_cast<QWidget*>(plot()) : m_messageLabel);
    updateTitle();
    m_readoutLabel->setText(readout());
    const bool curves = m_view == View::Curves;
    const bool measured = m_view == View::Measured;
    m_quantityCombo->setEnabled(m_view != View::QatFraction);
    m_variableCombo->setEnabled(curves || measured);
    m_seriesCombo->setEnabled(curves);
    m_logYCheck->setEnabled(curves || measured);
    applyColors();
    replotNow();
}

QString ScalingPage::readout() const
{
    QStringList parts;
    for (const Quantity q : availableQuantities()) {
        try {
            parts << tr("%1 = %2").arg(quantityShort(q), formatValue(q, predict(law(), q, m_inputs)));
        } catch (const Error&) {
            parts << tr("%1: unset coefficients").arg(quantityShort(q));
        }
    }
    // Two to a line: a label that wraps by itself is not given its height inside the splitter.
    QStringList lines;
    for (qsizetype i = 0; i < parts.size(); i += 2)
        lines << parts.mid(i, 2).join(QStringLiteral(" · "));
    return tr("At these inputs:\n%1").arg(lines.join(QLatin1Char('\n')));
}

void ScalingPage::configureAxes()
{
    const bool contour = m_view == View::Contour;
    const bool measured = m_view == View::Measured;
    if (contour != bool(m_scale->layout())) {
        if (contour)
            m_content->addElement(0, 1, m_scale);
        else
            m_content->take(m_scale);
        m_scale->setVisible(contour);
    }
    if (measured != bool(m_residualRect->layout())) {
        if (measured)
            m_content->addElement(1, 0, m_residualRect);
        else
            m_content->take(m_residualRect);
        m_residualRect->setVisible(measured);
    }
    m_content->simplify();
    if (measured)
        m_content->setRowStretchFactors({1.0, 0.4});

    QCPAxis* x = m_mainRect->axis(QCPAxis::atBottom);
    QCPAxis* y = m_mainRect->axis(QCPAxis::atLeft);
    const auto logTicker = [](Variable v) -> QSharedPointer<QCPAxisTicker> {
        if (v == Variable::G) {
            auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
            ticker->setLogBase(2.0);
            return ticker;
        }
        return QSharedPointer<CountLogTicker>::create();
    };
    switch (m_view) {
    case View::Curves:
    case View::Measured: {
        const bool logX = isLogVariable(m_variable);
        for (QCPAxis* axis : {x, m_residualRect->axis(QCPAxis::atBottom)}) {
            axis->setScaleType(logX ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
            axis->setTicker(logX ? logTicker(m_variable) : QSharedPointer<QCPAxisTicker>::create());
        }
        y->setScaleType(m_logY ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
        y->setTicker(m_logY ? QSharedPointer<QCPAxisTicker>(QSharedPointer<NiceLogTicker>::create())
                            : QSharedPointer<QCPAxisTicker>::create());
        break;
    }
    case View::Contour:
        for (QCPAxis* axis : {x, y}) {
            axis->setScaleType(QCPAxis::stLinear);
            axis->setTicker(QSharedPointer<DecadeTicker>::create());
        }
        x->setRange(std::log10(inputRange(Variable::N).first), std::log10(inputRange(Variable::N).second));
        y->setRange(std::log10(inputRange(Variable::D).first), std::log10(inputRange(Variable::D).second));
        break;
    case View::QatFraction:
        x->setScaleType(QCPAxis::stLogarithmic);
        x->setTicker(QSharedPointer<CountLogTicker>::create());
        y->setScaleType(QCPAxis::stLinear);
        y->setTicker(QSharedPointer<QCPAxisTicker>::create());
        break;
    }
    x->grid()->setVisible(!contour);
    y->grid()->setVisible(!contour);
    setWrappedLabel(x, QString());
    setWrappedLabel(y, QString());
}

// Curves: the quantity against the x variable, one curve per series value.
void ScalingPage::buildCurves()
{
    const Law& current = law();
    const Quantity q = m_quantity;
    const Variable v = m_variable;
    if (const QString missing = missingCoefficients(q); !missing.isEmpty())
        return showMessage(missing);
    const auto [lo, hi] = inputRange(v);
    const bool logX = isLogVariable(v);
    std::vector<double> series = seriesValues();
    const bool hasSeries = !series.empty();
    if (!hasSeries)
        series = {kNaN};

    QCPAxis* x = m_mainRect->axis(QCPAxis::atBottom);
    QCPAxis* y = m_mainRect->axis(QCPAxis::atLeft);
    QStringList header {QString::fromStdString(variableName(v))};
    std::vector<double> xs;
    std::vector<std::vector<double>> columns;
    std::vector<double> markerKeys, markerValues;
    QString firstError;
    const Quantity quantities[] = {q};
    for (size_t k = 0; k < series.size(); ++k) {
        Inputs base = m_inputs;
        if (hasSeries)
            base.set(*m_series, series[k]);
        SweepTable table;
        try {
            table = sweep(current, quantities, base, v, lo, hi, curveSteps, logX);
        } catch (const Error& e) {
            if (firstError.isEmpty())
                firstError = QString::fromUtf8(e.what());
            continue;
        }
        std::vector<double> values = table.values.front();
        if (m_logY)
            std::replace_if(values.begin(), values.end(), [](double value) { return !(value > 0.0); }, kNaN);
        auto* graph = new QCPGraph(x, y);
        graph->setData(toVector(table.x), toVector(values), true);
        graph->setName(hasSeries ? inputText(*m_series, series[k]) : tr("at the inputs"));
        graph->setProperty("series", int(k));
        m_curveGraphs << graph;
        xs = table.x;
        columns.push_back(values);
        header << (hasSeries ? QStringLiteral("%1 (%2)").arg(QString::fromStdString(quantityName(q)),
                                                             inputText(*m_series, series[k]))
                             : QString::fromStdString(quantityName(q)));
        base.set(v, m_inputs.get(v));
        try {
            const double here = predict(current, q, base);
            if (std::isfinite(here) && (!m_logY || here > 0.0)) {
                markerKeys.push_back(m_inputs.get(v));
                markerValues.push_back(here);
            }
        } catch (const Error&) {
        }
    }
    if (m_curveGraphs.isEmpty())
        return showMessage(tr("%1 cannot be drawn here: %2").arg(quantityLabel(q), firstError));

    setWrappedLabel(x, variableLabel(v));
    setWrappedLabel(y, quantityLabel(q));
    x->setRange(lo, hi);
    bool found = false;
    QCPRange range;
    for (QCPGraph* graph : m_curveGraphs) {
        bool ok = false;
        const QCPRange r = graph->getValueRange(ok, QCP::sdBoth);
        if (ok)
            range = found ? QCPRange(std::min(range.lower, r.lower), std::max(range.upper, r.upper)) : r;
        found = found || ok;
    }
    if (!found)
        return showMessage(tr("%1 is undefined over this range of %2.").arg(quantityLabel(q), variableLabel(v)));
    if (m_logY)
        range = QCPRange(range.lower / 1.3, range.upper * 1.3);
    else
        range = range.size() > 0 ? QCPRange(range.lower - 0.05 * range.size(), range.upper + 0.05 * range.size())
                                 : QCPRange(range.lower - 0.5, range.upper + 0.5);
    y->setRange(range);

    m_xLine->point1->setCoords(m_inputs.get(v), 0.0);
    m_xLine->point2->setCoords(m_inputs.get(v), 1.0);
    m_xLine->setVisible(true);
    m_marker->setData(toVector(markerKeys), toVector(markerValues));
    m_marker->setName(tr("at the inputs"));
    m_marker->setVisible(!markerKeys.empty());
    if (!markerKeys.empty())
        m_marker->addToLegend();

    m_csv = header.join(QLatin1Char(',')) + QLatin1Char('\n');
    for (size_t i = 0; i < xs.size(); ++i) {
        QStringList fields {csvNumber(xs[i])};
        for (const std::vector<double>& column : columns)
            fields << csvNumber(column[i]);
        m_csv += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
}

// Contour: N × D coloured by the quantity (log10 N, log10 D as coordinates), iso-lines labelled.
void ScalingPage::buildContour()
{
    const Law& current = law();
    const Quantity q = m_quantity;
    if (const QString missing = missingCoefficients(q); !missing.isEmpty())
        return showMessage(missing);
    const auto [nLo, nHi] = inputRange(Variable::N);
    const auto [dLo, dHi] = inputRange(Variable::D);
    ContourGrid grid;
    grid.nx = grid.ny = contourSamples;
    grid.x0 = std::log10(nLo), grid.x1 = std::log10(nHi);
    grid.y0 = std::log10(dLo), grid.y1 = std::log10(dHi);
    grid.z.assign(size_t(grid.nx) * size_t(grid.ny), kNaN);
    Inputs in = m_inputs;
    QString firstError;
    double lo = qInf(), hi = -qInf();
    for (int j = 0; j < grid.ny; ++j) {
        for (int i = 0; i < grid.nx; ++i) {
            in.N = std::pow(10.0, grid.x(i));
            in.D = std::pow(10.0, grid.y(j));
            double z = kNaN;
            try {
                z = predict(current, q, in);
            } catch (const Error& e) {
                if (firstError.isEmpty())
                    firstError = QString::fromUtf8(e.what());
            }
            grid.z[size_t(j) * size_t(grid.nx) + size_t(i)] = z;
            if (std::isfinite(z)) {
                lo = std::min(lo, z);
                hi = std::max(hi, z);
            }
        }
    }
    if (!(lo <= hi))
        return showMessage(tr("%1 cannot be drawn here: %2").arg(quantityLabel(q), firstError));

    const bool logColor = lo > 0.0 && hi > 20.0 * lo;
    m_map->data()->setSize(grid.nx, grid.ny);
    m_map->data()->setRange(QCPRange(grid.x0, grid.x1), QCPRange(grid.y0, grid.y1));
    for (int j = 0; j < grid.ny; ++j)
        for (int i = 0; i < grid.nx; ++i)
            m_map->data()->setCell(i, j, grid.at(i, j));
    m_map->setDataScaleType(logColor ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    m_map->setDataRange(lo < hi ? QCPRange(lo, hi) : QCPRange(lo - 0.5, hi + 0.5));
    m_scale->axis()->setTicker(logColor ? QSharedPointer<QCPAxisTicker>(QSharedPointer<NiceLogTicker>::create())
                                        : QSharedPointer<QCPAxisTicker>::create());
    setWrappedLabel(m_scale->axis(), logColor ? tr("%1, log scale").arg(quantityLabel(q)) : quantityLabel(q));
    m_map->setVisible(true);

    // Iso-lines at round levels, each level labelled once, on its longest line.
    ContourGrid shaped = grid;
    if (logColor) {
        for (double& z : shaped.z)
            z = z > 0.0 ? std::log10(z) : kNaN;
    }
    QCPAxis* x = m_mainRect->axis(QCPAxis::atBottom);
    QCPAxis* y = m_mainRect->axis(QCPAxis::atLeft);
    for (const double level : contourLevels(lo, hi, logColor, 7)) {
        const auto lines = qs::isoLines(shaped, logColor ? std::log10(level) : level);
        const std::vector<QPointF>* longest = nullptr;
        for (const std::vector<QPointF>& line : lines) {
            if (line.size() < 2)
                continue;
            QVector<double> keys, values;
            for (const QPointF& p : line) {
                keys << p.x();
                values << p.y();
            }
            auto* curve = new QCPCurve(x, y);
            curve->setData(keys, values);
            curve->removeFromLegend();
            curve->setSelectable(QCP::stNone);
            m_isoCurves.push_back(curve);
            if (!longest || line.size() > longest->size())
                longest = &line;
        }
        if (longest && longest->size() >= 4) {
            auto* label = new QCPItemText(plot());
            label->setLayer(QStringLiteral("marks"));
            label->setClipAxisRect(m_mainRect);
            label->position->setAxes(x, y);
            label->position->setCoords((*longest)[longest->size() / 2]);
            label->setText(QString::number(level, 'g', 3));
            label->setPadding(QMargins(2, 0, 2, 0));
            m_isoLabels.push_back(label);
        }
    }

    x->setRange(grid.x0, grid.x1);
    y->setRange(grid.y0, grid.y1);
    setWrappedLabel(x, variableLabel(Variable::N));
    setWrappedLabel(y, variableLabel(Variable::D));
    m_marker->setData(QVector<double> {std::log10(m_inputs.N)}, QVector<double> {std::log10(m_inputs.D)});
    m_marker->setName(tr("the inputs (N, D)"));
    m_marker->setVisible(true);
    m_marker->addToLegend();

    m_csv = QStringLiteral("N,D,%1\n").arg(QString::fromStdString(quantityName(q)));
    for (int j = 0; j < grid.ny; ++j)
        for (int i = 0; i < grid.nx; ++i)
            m_csv += QStringLiteral("%1,%2,%3\n")
                         .arg(csvNumber(std::pow(10.0, grid.x(i))), csvNumber(std::pow(10.0, grid.y(j))),
                              csvNumber(grid.at(i, j)));
}

// f* against S at the inputs' N and B, with the direct fit f̂(S).
void ScalingPage::buildQatFraction()
{
    const Law& current = law();
    if (current.kind() != LawKind::Qat)
        return showMessage(tr("The optimal QAT fraction f* and its direct fit f̂ belong to the compute-optimal QAT "
                              "law (Dremov et al. 2025): choose it under Law."));
    if (const QString missing = missingCoefficients(Quantity::DirectQatFraction); !missing.isEmpty())
        return showMessage(missing);
    const double a = current.value("a_f");
    const double N = m_inputs.N, bits = m_inputs.bits;
    const bool lawOk = missingCoefficients(Quantity::OptimalQatFraction).isEmpty();
    // S = 10^(k/40): whole decades are exact samples.
    std::vector<double> s, fhat, fstar;
    for (int k = 4; k <= 240; ++k) {
        const double S = std::pow(10.0, k / 40.0);
        s.push_back(S);
        fhat.push_back(directQatFraction(S, a));
        double f = kNaN;
        if (lawOk) {
            try {
                f = optimalQatFraction(current, N, S * N * bits / 8.0, bits).fraction;
            } catch (const Error&) {
            }
        }
        fstar.push_back(f);
    }
    m_fhatGraph->setData(toVector(s), toVector(fhat), true);
    m_fhatGraph->setName(tr("direct fit f̂ = exp(−%1 / ln S)").arg(QString::number(a, 'g', 5)));
    m_fhatGraph->setVisible(true);
    m_fhatGraph->addToLegend();
    if (lawOk) {
        m_fstarGraph->setData(toVector(s), toVector(fstar), true);
        m_fstarGraph->setName(tr("law's optimum f* (N = %1, B = %2)").arg(formatCount(N), QString::number(bits)));
        m_fstarGraph->setVisible(true);
        m_fstarGraph->addToLegend();
    } else {
        setNote(tr("f* needs the QAT law's δ coefficients, which are unset: fit them to measured points or type them "
                   "into the table. f̂ is drawn alone."));
    }
    const double here = m_inputs.D / (N * bits / 8.0);
    if (here > 1.0) {
        QVector<double> keys {here}, values {directQatFraction(here, a)};
        if (lawOk) {
            try {
                keys << here;
                values << optimalQatFraction(current, N, m_inputs.D, bits).fraction;
            } catch (const Error&) {
                keys.pop_back();
            }
        }
        m_marker->setData(keys, values);
        m_marker->setName(tr("the inputs: S = %1").arg(number(here)));
        m_marker->setVisible(true);
        m_marker->addToLegend();
    }
    QCPAxis* x = m_mainRect->axis(QCPAxis::atBottom);
    QCPAxis* y = m_mainRect->axis(QCPAxis::atLeft);
    x->setRange(s.front(), s.back());
    y->setRange(0.0, 1.0);
    setWrappedLabel(x, tr("S = D / (N·B/8), tokens per parameter byte"));
    setWrappedLabel(y, tr("QAT fraction f = D_qat / D"));

    m_csv = QStringLiteral("S,f_hat,f_star\n");
    for (size_t i = 0; i < s.size(); ++i)
        m_csv += QStringLiteral("%1,%2,%3\n").arg(csvNumber(s[i]), csvNumber(fhat[i]), csvNumber(fstar[i]));
}

void ScalingPage::updateTitle()
{
    const Law& current = law();
    QString lawTitle;
    switch (current.kind()) {
    case LawKind::Chinchilla: lawTitle = tr("Chinchilla law"); break;
    case LawKind::W4A4: lawTitle = tr("W4A4 QAT law, %1").arg(QString::fromStdString(variantName(*current.variant()))); break;
    case LawKind::Qat: lawTitle = tr("compute-optimal QAT law"); break;
    }
    // The inputs held fixed in this view.
    QStringList fixed;
    for (const Variable v : lawVariables()) {
        const bool shown = m_view == View::Contour       ? v == Variable::N || v == Variable::D
                           : m_view == View::QatFraction ? v == Variable::D || v == Variable::QatFraction
                           : m_view == View::Measured    ? true
                                                         : v == m_variable || (m_series && v == *m_series);
        if (!shown)
            fixed << inputText(v, m_inputs.get(v));
    }
    const QString at = fixed.join(QStringLiteral(", "));
    QString text;
    switch (m_view) {
    case View::Curves:
        text = tr("%1: %2 against %3").arg(lawTitle, quantityShort(m_quantity), QString::fromStdString(variableName(m_variable)));
        break;
    case View::Contour: text = tr("%1: %2 over N × D").arg(lawTitle, quantityShort(m_quantity)); break;
    case View::QatFraction: text = tr("%1: optimal QAT fraction against S").arg(lawTitle); break;
    case View::Measured:
        text = tr("%1: measured %2 against %3 (%4)")
                   .arg(lawTitle, quantityShort(m_quantity), QString::fromStdString(variableName(m_variable)),
                        QFileInfo(QString::fromStdString(m_data.source)).fileName());
        break;
    }
    if (!at.isEmpty())
        text = tr("%1 at %2").arg(text, at);
    setWrappedText(m_title, text);
}

} // namespace qs
