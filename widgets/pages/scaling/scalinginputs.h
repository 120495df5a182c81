// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One input of the scaling page (N, D, G, bits or the QAT fraction f): a spin box and a slider that
// follow each other, the slider on a log scale for the variables query.h sweeps on one. The spin box
// takes 7e9, 7 000 000 000 or 7B alike (suffixes k, M, B, T).

#include <QDoubleSpinBox>
#include <QWidget>

class QLabel;
class QSlider;

namespace qs {

class CountSpinBox : public QDoubleSpinBox
{
    Q_OBJECT

public:
    explicit CountSpinBox(QWidget* parent = nullptr);

    void setLogScale(bool on) { m_log = on; }
    // Parses "7e9", "7,000,000,000" (locale) or "7B"; NaN when the text is none of these.
    static double parseCount(const QString& text);

    QString textFromValue(double value) const override;
    double valueFromText(const QString& text) const override;
    QValidator::State validate(QString& input, int& pos) const override;
    void fixup(QString& input) const override;
    // On a log scale a step multiplies by 10^(1/10).
    void stepBy(int steps) override;

private:
    bool m_log = false;
};

class ScalingInputRow : public QWidget
{
    Q_OBJECT

public:
    // `lo`..`hi` is the range of both controls; `decimals` those of a linear spin box.
    ScalingInputRow(const QString& label, double lo, double hi, bool logScale, int decimals, QWidget* parent = nullptr);

    double value() const;
    // Sets both controls without emitting valueChanged().
    void setValue(double value);
    double minimum() const { return m_lo; }
    double maximum() const { return m_hi; }
    bool isLogScale() const { return m_log; }
    QDoubleSpinBox* spinBox() const { return m_spin; }
    QSlider* slider() const { return m_slider; }
    QLabel* label() const { return m_label; }

Q_SIGNALS:
    // The user changed the value with either control.
    void valueChanged(double value);

private:
    int sliderPosition(double value) const;
    double sliderValue(int position) const;

    double m_lo, m_hi;
    bool m_log;
    QLabel* m_label = nullptr;
    QDoubleSpinBox* m_spin = nullptr;
    QSlider* m_slider = nullptr;
};

} // namespace qs
