// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/scaling/scalinginputs.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSignalBlocker>
#include <QSlider>

#include <cmath>

namespace qs {

namespace {

constexpr int sliderSteps = 1000;

} // namespace

CountSpinBox::CountSpinBox(QWidget* parent)
    : QDoubleSpinBox(parent)
{
    setDecimals(0);
    setKeyboardTracking(false);
    setAccelerated(true);
}

double CountSpinBox::parseCount(const QString& text)
{
    QString t = text.trimmed();
    t.remove(QLatin1Char(' '));
    double scale = 1.0;
    if (!t.isEmpty()) {
        switch (t.back().toUpper().unicode()) {
        case 'K':
            scale = 1e3;
            break;
        case 'M':
            scale = 1e6;
            break;
        case 'B':
        case 'G':
            scale = 1e9;
            break;
        case 'T':
            scale = 1e12;
            break;
        default:
            break;
        }
        if (scale != 1.0)
            t.chop(1);
    }
    bool ok = false;
    double v = QLocale::c().toDouble(t, &ok);
    if (!ok)
        v = QLocale().toDouble(t, &ok);
    return ok && std::isfinite(v) ? v * scale : qQNaN();
}

QString CountSpinBox::textFromValue(double value) const
{
    if (!m_log)
        return QDoubleSpinBox::textFromValue(value);
    // Plain up to a million, four significant digits in e-notation above ("1.235e9").
    if (std::abs(value) < 1e6)
        return QString::number(value, 'g', 6);
    QString text = QString::number(value, 'g', 4);
    text.replace(QStringLiteral("e+0"), QStringLiteral("e")).replace(QStringLiteral("e+"), QStringLiteral("e"));
    return text;
}

double CountSpinBox::valueFromText(const QString& text) const
{
    const double v = parseCount(text);
    return std::isnan(v) ? value() : v;
}

QValidator::State CountSpinBox::validate(QString& input, int&) const
{
    const double v = parseCount(input);
    if (std::isnan(v))
        return QValidator::Intermediate; // perhaps half typed ("7e")
    return v >= minimum() && v <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
}

void CountSpinBox::fixup(QString& input) const
{
    const double v = parseCount(input);
    input = textFromValue(std::isnan(v) ? value() : std::clamp(v, minimum(), maximum()));
}

void CountSpinBox::stepBy(int steps)
{
    if (!m_log) {
        QDoubleSpinBox::stepBy(steps);
        return;
    }
    setValue(std::clamp(value() * std::pow(10.0, steps / 10.0), minimum(), maximum()));
    selectAll();
}

ScalingInputRow::ScalingInputRow(const QString& label, double lo, double hi, bool logScale, int decimals,
                                 QWidget* parent)
    : QWidget(parent)
    , m_lo(lo)
    , m_hi(hi)
    , m_log(logScale)
{
    m_label = new QLabel(label, this);
    if (logScale) {
        auto* spin = new CountSpinBox(this);
        spin->setLogScale(true);
        m_spin = spin;
    } else {
        m_spin = new QDoubleSpinBox(this);
        m_spin->setDecimals(decimals);
        m_spin->setSingleStep(decimals == 0 ? 1.0 : std::pow(10.0, -std::min(decimals, 2)));
        m_spin->setKeyboardTracking(false);
    }
    m_spin->setRange(lo, hi);
    m_spin->setMinimumWidth(90);
    m_label->setBuddy(m_spin);
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setRange(0, sliderSteps);
    m_slider->setMinimumWidth(100);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_spin);
    layout->addWidget(m_slider, 1);

    connect(m_spin, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        const QSignalBlocker blocker(m_slider);
        m_slider->setValue(sliderPosition(v));
        Q_EMIT valueChanged(v);
    });
    connect(m_slider, &QSlider::valueChanged, this, [this](int position) {
        double v = sliderValue(position);
        if (m_spin->decimals() == 0 && !m_log)
            v = std::round(v);
        const QSignalBlocker blocker(m_spin);
        m_spin->setValue(v);
        Q_EMIT valueChanged(m_spin->value());
    });
}

double ScalingInputRow::value() const
{
    return m_spin->value();
}

void ScalingInputRow::setValue(double value)
{
    const QSignalBlocker spinBlocker(m_spin);
    const QSignalBlocker sliderBlocker(m_slider);
    m_spin->setValue(value);
    m_slider->setValue(sliderPosition(m_spin->value()));
}

int ScalingInputRow::sliderPosition(double value) const
{
    const double t =
        m_log ? (std::log(value) - std::log(m_lo)) / (std::log(m_hi) - std::log(m_lo)) : (value - m_lo) / (m_hi - m_lo);
    return int(std::lround(std::clamp(t, 0.0, 1.0) * sliderSteps));
}

double ScalingInputRow::sliderValue(int position) const
{
    const double t = double(position) / sliderSteps;
    return m_log ? std::exp(std::log(m_lo) + t * (std::log(m_hi) - std::log(m_lo))) : m_lo + t * (m_hi - m_lo);
}

} // namespace qs
