// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the scaling-law workbench (widgets/pages/scaling/scalingpage.h) works on: the law with its
// coefficients (a CoefficientModel, whose edits become user edits), the inputs N, D, G, bits and f,
// what is shown (view, quantity, x variable, series variable, log y), the measured points, and the fit
// of the law to them off the GUI thread (FitJob), with a status line saying what happened last.
// QtCore only: the page's controls and views follow its signals, and tests drive it without widgets.

#include "core/scalinglaws/data.h"
#include "core/scalinglaws/fit.h"
#include "core/scalinglaws/laws.h"
#include "core/scalinglaws/query.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>
#include <vector>

namespace qs {

class CoefficientModel;
class FitJob;

class ScalingState : public QObject
{
    Q_OBJECT

public:
    enum class View
    {
        Curves,
        Contour,
        QatFraction,
        Measured,
    };

    // The range of an input, where it starts, and the decimals its value is rounded to (bits are whole).
    struct InputSpec
    {
        double lo, hi, initial;
        int decimals;
    };
    static InputSpec inputSpec(scaling::Variable variable);
    static constexpr scaling::Variable allVariables[] = {scaling::Variable::N, scaling::Variable::D,
                                                         scaling::Variable::G, scaling::Variable::Bits,
                                                         scaling::Variable::QatFraction};

    explicit ScalingState(QObject* parent = nullptr);
    // Waits for a running fit.
    ~ScalingState() override;

    // --- The law. setLaw() takes `law` as it is (coefficients, sources, CIs); chooseLaw() takes a
    // preset's published values and clears the status line.
    const scaling::Law& law() const;
    CoefficientModel* coefficientModel() const { return m_model; }
    void setLaw(scaling::Law law);
    void chooseLaw(scaling::LawKind kind, scaling::W4A4Variant variant, scaling::ChinchillaPreset preset);
    // Reads / writes a law as JSON (serialization.h); false with statusMessage() saying why.
    bool loadLaw(const QString& path);
    bool saveLaw(const QString& path);
    // The Chinchilla preset whose published values the law's L(N, D) part holds; None when those
    // coefficients are all unset; nullopt for anything else (loaded, fitted or edited values).
    std::optional<scaling::ChinchillaPreset> chinchillaPreset() const;
    QList<scaling::Variable> lawVariables() const;
    QList<scaling::Quantity> availableQuantities() const;
    // The symbols of the coefficients `quantity`'s formula needs that are unset; empty when it can be drawn.
    QStringList unsetCoefficients(scaling::Quantity quantity) const;

    // --- Inputs. setInput() rounds to the input's decimals and clamps to its range.
    const scaling::Inputs& inputs() const { return m_inputs; }
    void setInput(scaling::Variable variable, double value);
    static std::pair<double, double> inputRange(scaling::Variable variable);

    // --- What is shown. The setters refuse (false) a quantity or variable the law does not have; the
    // law's own quantity (δ where it has one) and log y come with a new kind of law.
    View view() const { return m_view; }
    void setView(View view);
    scaling::Quantity quantity() const { return m_quantity; }
    bool setQuantity(scaling::Quantity quantity);
    scaling::Variable variable() const { return m_variable; }
    bool setVariable(scaling::Variable variable);
    // The variable the curves' series differ in (nullopt: one curve at the inputs); never the x variable.
    std::optional<scaling::Variable> seriesVariable() const { return m_series; }
    bool setSeriesVariable(std::optional<scaling::Variable> variable);
    std::vector<double> seriesValues() const;
    bool logY() const { return m_logY; }
    void setLogY(bool on);

    // --- Measured points: shown in the measured view, used by the fit. openCsv() keeps the data it
    // had when the file cannot be read; data that lack a column the law needs are kept (another law
    // may use them) and dataError() and the status line name the column.
    void setMeasuredData(scaling::ScalingData data);
    const scaling::ScalingData& measuredData() const { return m_data; }
    bool openCsv(const QString& path);
    QString dataError() const { return m_dataError; }

    // --- Fitting the law to the measured points, off the GUI thread. On success the fitted
    // coefficients (with CIs) replace those shown; on failure or cancel nothing changes and the status
    // line says why.
    void startFit(scaling::FitOptions options = {});
    void cancelFit();
    bool isFitting() const;
    FitJob* fitJob() const { return m_fitJob; }
    // The coefficients a fit asked to "refit the published ones too" frees: published and hand-edited
    // ones its target can reach. Throws qs::Error when the target cannot be resolved for the data.
    std::vector<std::string> refittableCoefficients(scaling::FitTarget requested) const;

    // --- The status line: the last error or outcome.
    QString statusMessage() const { return m_status; }
    bool statusIsError() const { return m_statusError; }
    void setStatus(const QString& text, bool error);

Q_SIGNALS:
    // Anything the figure draws changed.
    void changed();
    // The law was replaced or a coefficient edited.
    void lawChanged();
    // The law was replaced as a whole (kind, preset, loaded, fitted): its variables and quantities too.
    void lawReplaced();
    void inputsChanged();
    // The view, quantity, x variable, series variable or log y changed.
    void shownChanged();
    void dataChanged();
    void statusChanged();
    void fittingChanged(bool fitting);
    void fitProgressChanged(double fraction, const QString& message, const QString& eta);
    void fitSucceeded();
    void fitFailed(const QString& message);

private:
    void normalizeShown();
    void validateData();
    void fitDone();
    void setFitting(bool on);

    CoefficientModel* m_model = nullptr;
    scaling::Inputs m_inputs;
    View m_view = View::Curves;
    scaling::Quantity m_quantity = scaling::Quantity::Loss;
    scaling::Variable m_variable = scaling::Variable::D;
    std::optional<scaling::Variable> m_series = scaling::Variable::N;
    bool m_logY = false;
    scaling::ScalingData m_data;
    QString m_dataError; // why the data cannot serve the law (a column missing …)
    QString m_status;
    bool m_statusError = false;
    bool m_statusFromData = false; // the status line is validateData()'s complaint
    FitJob* m_fitJob = nullptr;
};

} // namespace qs
