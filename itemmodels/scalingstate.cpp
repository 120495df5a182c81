// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/scalingstate.h"

#include "core/common/errors.h"
#include "core/scalinglaws/serialization.h"
#include "itemmodels/coefficientmodel.h"
#include "itemmodels/jobs/fitjob.h"

#include <QCoreApplication>
#include <QFile>

#include <algorithm>
#include <cmath>

namespace qs {

using namespace qs::scaling;

namespace {

// The status texts are the scaling page's: they keep its translation context (translations/*.ts).
class PageText
{
    Q_DECLARE_TR_FUNCTIONS(qs::ScalingPage)
};

// Whether the law's Chinchilla part is `preset`'s published values.
bool hasPreset(const Law& law, ChinchillaPreset preset)
{
    const Law reference = Law::chinchilla(preset);
    for (const char* name : {"E", "A", "B", "alpha", "beta"}) {
        const Coefficient& c = law.coefficient(name);
        if (c.source != Source::Published || c.value != reference.coefficient(name).value)
            return false;
    }
    return true;
}

// The coefficients each quantity's formula uses.
std::vector<std::string> coefficientsOf(LawKind kind, Quantity q)
{
    const std::vector<std::string> chinchilla {"E", "A", "B", "alpha", "beta"};
    const std::vector<std::string> w4a4 {"k", "gamma_N", "gamma_D", "gamma_G"};
    const std::vector<std::string> qat {"theta",  "kappa", "phi", "chi", "psi", "omega",
                                        "lambda", "mu",    "nu",  "xi",  "rho"};
    const std::vector<std::string>& delta = kind == LawKind::W4A4 ? w4a4 : qat;
    std::vector<std::string> names;
    switch (q) {
    case Quantity::FpLoss:
        names = chinchilla;
        break;
    case Quantity::Loss:
        names = chinchilla;
        if (kind != LawKind::Chinchilla)
            names.insert(names.end(), delta.begin(), delta.end());
        break;
    case Quantity::Delta:
    case Quantity::OptimalQatFraction:
        names = delta;
        break;
    case Quantity::EffectiveFraction:
    case Quantity::EffectiveParameters:
        names = {"A", "alpha"};
        names.insert(names.end(), w4a4.begin(), w4a4.end());
        break;
    case Quantity::DirectQatFraction:
        names = {"a_f"};
        break;
    case Quantity::TokensPerParameterByte:
        break;
    }
    return names;
}

} // namespace

ScalingState::InputSpec ScalingState::inputSpec(Variable v)
{
    switch (v) {
    case Variable::N:
        return {1e6, 1e13, 1e9, 0};
    case Variable::D:
        return {1e8, 1e15, 2e10, 0};
    case Variable::G:
        return {2.0, 4096.0, 128.0, 0};
    case Variable::Bits:
        return {1.0, 16.0, 4.0, 0};
    case Variable::QatFraction:
        return {0.001, 0.999, 0.2, 3};
    }
    return {1.0, 2.0, 1.0, 0};
}

std::pair<double, double> ScalingState::inputRange(Variable variable)
{
    const InputSpec spec = inputSpec(variable);
    return {spec.lo, spec.hi};
}

ScalingState::ScalingState(QObject* parent)
    : QObject(parent)
{
    m_model = new CoefficientModel(this);
    for (const Variable v : allVariables)
        m_inputs.set(v, inputSpec(v).initial);
    connect(m_model, &CoefficientModel::coefficientEdited, this, [this] {
        if (!m_statusFromData) // a complaint about the data still holds
            setStatus(QString(), false);
        Q_EMIT changed();
        Q_EMIT lawChanged();
    });
    chooseLaw(LawKind::Chinchilla, W4A4Variant::WeightOnly, ChinchillaPreset::Hoffmann2022);
}

ScalingState::~ScalingState()
{
    if (m_fitJob)
        m_fitJob->cancelAndWait();
}

// --- The law

const Law& ScalingState::law() const
{
    return m_model->law();
}

void ScalingState::setLaw(Law law)
{
    const bool kindChanged = law.kind() != m_model->law().kind() || law.variant() != m_model->law().variant();
    m_model->setLaw(std::move(law));
    if (kindChanged) {
        // The law's own quantity: δ where it has one, the loss otherwise.
        m_quantity = m_model->law().kind() == LawKind::Chinchilla ? Quantity::Loss : Quantity::Delta;
        m_logY = m_quantity == Quantity::Delta;
        m_series = m_model->law().kind() == LawKind::Chinchilla ? Variable::N
            : m_model->law().kind() == LawKind::W4A4            ? Variable::G
                                                                : Variable::Bits;
        m_variable = Variable::D;
    }
    normalizeShown();
    validateData();
    Q_EMIT lawReplaced();
    Q_EMIT changed();
    Q_EMIT lawChanged();
}

void ScalingState::chooseLaw(LawKind kind, W4A4Variant variant, ChinchillaPreset preset)
{
    setStatus(QString(), false); // what it said was about the law before
    switch (kind) {
    case LawKind::Chinchilla:
        setLaw(Law::chinchilla(preset));
        break;
    case LawKind::W4A4:
        setLaw(Law::w4a4(variant, preset));
        break;
    case LawKind::Qat:
        setLaw(Law::qat(preset));
        break;
    }
}

bool ScalingState::loadLaw(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        setStatus(PageText::tr("Cannot open %1: %2").arg(path, file.errorString()), true);
        return false;
    }
    try {
        const QByteArray json = file.readAll();
        Law loaded = lawFromJson(std::string_view(json.constData(), size_t(json.size())));
        setLaw(std::move(loaded));
    } catch (const Error& e) {
        setStatus(PageText::tr("Cannot load the law from %1: %2").arg(path, QString::fromUtf8(e.what())), true);
        return false;
    }
    setStatus(PageText::tr("Loaded the %1 law from %2").arg(QString::fromStdString(law().displayName()), path), false);
    return true;
}

bool ScalingState::saveLaw(const QString& path)
{
    QFile file(path);
    const QByteArray json = QByteArray::fromStdString(lawToJson(law()));
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(json) != json.size()) {
        setStatus(PageText::tr("Cannot write %1: %2").arg(path, file.errorString()), true);
        return false;
    }
    return true;
}

std::optional<ChinchillaPreset> ScalingState::chinchillaPreset() const
{
    const Law& current = law();
    std::optional<ChinchillaPreset> preset;
    for (const ChinchillaPreset p : {ChinchillaPreset::Hoffmann2022, ChinchillaPreset::Besiroglu2024}) {
        if (hasPreset(current, p))
            preset = p;
    }
    const bool noneSet = std::none_of(current.coefficients().begin(), current.coefficients().begin() + 5,
                                      [](const Coefficient& c) { return c.isSet(); });
    if (!preset && noneSet)
        preset = ChinchillaPreset::None;
    return preset;
}

QList<Variable> ScalingState::lawVariables() const
{
    switch (law().kind()) {
    case LawKind::Chinchilla:
        return {Variable::N, Variable::D};
    case LawKind::W4A4:
        return {Variable::N, Variable::D, Variable::G};
    case LawKind::Qat:
        return {Variable::N, Variable::D, Variable::Bits, Variable::QatFraction};
    }
    return {};
}

QList<Quantity> ScalingState::availableQuantities() const
{
    switch (law().kind()) {
    case LawKind::Chinchilla:
        return {Quantity::Loss};
    case LawKind::W4A4:
        return {Quantity::Delta, Quantity::Loss, Quantity::FpLoss, Quantity::EffectiveFraction,
                Quantity::EffectiveParameters};
    case LawKind::Qat:
        return {Quantity::Delta,
                Quantity::Loss,
                Quantity::FpLoss,
                Quantity::OptimalQatFraction,
                Quantity::DirectQatFraction,
                Quantity::TokensPerParameterByte};
    }
    return {};
}

QStringList ScalingState::unsetCoefficients(Quantity quantity) const
{
    const Law& current = law();
    QStringList unset;
    for (const std::string& name : coefficientsOf(current.kind(), quantity)) {
        if (current.hasCoefficient(name) && !current.coefficient(name).isSet())
            unset << CoefficientModel::symbol(name);
    }
    return unset;
}

// --- Inputs

void ScalingState::setInput(Variable variable, double value)
{
    // As the input's spin box rounds and bounds a value.
    const InputSpec spec = inputSpec(variable);
    value = QString::number(value, 'f', spec.decimals).toDouble();
    m_inputs.set(variable, std::clamp(value, spec.lo, spec.hi));
    Q_EMIT inputsChanged();
    Q_EMIT changed();
}

// --- What is shown

// A quantity and variables the law has, the series never the x variable.
void ScalingState::normalizeShown()
{
    const QList<Quantity> quantities = availableQuantities();
    if (!quantities.contains(m_quantity))
        m_quantity = quantities.front();
    const QList<Variable> used = lawVariables();
    if (!used.contains(m_variable))
        m_variable = Variable::D;
    if (m_series && (!used.contains(*m_series) || *m_series == m_variable))
        m_series = std::nullopt;
}

void ScalingState::setView(View view)
{
    m_view = view;
    if (view == View::Measured)
        validateData();
    Q_EMIT shownChanged();
    Q_EMIT changed();
}

bool ScalingState::setQuantity(Quantity quantity)
{
    if (!availableQuantities().contains(quantity))
        return false;
    if (quantity != m_quantity) {
        m_quantity = quantity;
        m_logY = quantity == Quantity::Delta;
        validateData();
    }
    Q_EMIT shownChanged();
    Q_EMIT changed();
    return true;
}

bool ScalingState::setVariable(Variable variable)
{
    if (!lawVariables().contains(variable))
        return false;
    m_variable = variable;
    normalizeShown();
    Q_EMIT shownChanged();
    Q_EMIT changed();
    return true;
}

bool ScalingState::setSeriesVariable(std::optional<Variable> variable)
{
    if (variable && (!lawVariables().contains(*variable) || *variable == m_variable))
        return false;
    m_series = variable;
    normalizeShown();
    Q_EMIT shownChanged();
    Q_EMIT changed();
    return true;
}

std::vector<double> ScalingState::seriesValues() const
{
    if (!m_series)
        return {};
    switch (*m_series) {
    case Variable::G:
        return {32, 64, 128, 256};
    case Variable::Bits:
        return {2, 3, 4, 8};
    case Variable::QatFraction:
        return {0.1, 0.25, 0.5};
    case Variable::N:
    case Variable::D: {
        // Decades around the input, inside its range.
        const auto [lo, hi] = inputRange(*m_series);
        const double centre = std::clamp(m_inputs.get(*m_series), lo * 10.0, hi / 10.0);
        return {centre / 10.0, centre, centre * 10.0};
    }
    }
    return {};
}

void ScalingState::setLogY(bool on)
{
    m_logY = on;
    Q_EMIT shownChanged();
    Q_EMIT changed();
}

void ScalingState::setStatus(const QString& text, bool error)
{
    m_status = text;
    m_statusError = error;
    m_statusFromData = false;
    Q_EMIT statusChanged();
}

// --- Measured data

void ScalingState::setMeasuredData(ScalingData data)
{
    m_data = std::move(data);
    setStatus(QString(), false);
    validateData();
    Q_EMIT dataChanged();
    Q_EMIT changed();
}

bool ScalingState::openCsv(const QString& path)
{
    try {
        setMeasuredData(readScalingCsv(path.toStdString()));
    } catch (const Error& e) {
        setStatus(PageText::tr("Cannot read %1: %2").arg(path, QString::fromUtf8(e.what())), true);
        return false;
    }
    return true;
}

void ScalingState::validateData()
{
    m_dataError.clear();
    if (m_data.points.empty())
        return;
    // What the measured view needs: the law's inputs and the measured quantity.
    const FitTarget target =
        m_quantity == Quantity::Delta && law().kind() != LawKind::Chinchilla ? FitTarget::Delta : FitTarget::Loss;
    try {
        validateScalingData(m_data, law().kind(), target);
    } catch (const Error& e) {
        m_dataError = QString::fromUtf8(e.what());
    }
    if (!m_dataError.isEmpty()) {
        setStatus(PageText::tr("The measured points cannot be used with this law: %1").arg(m_dataError), true);
        m_statusFromData = true;
    } else if (m_statusFromData) {
        setStatus(QString(), false);
    }
}

// --- The fit

std::vector<std::string> ScalingState::refittableCoefficients(FitTarget requested) const
{
    const FitTarget target = resolveTarget(law().kind(), requested, m_data);
    std::vector<std::string> names;
    for (const Coefficient& c : law().coefficients()) {
        const bool chinchilla =
            c.name == "E" || c.name == "A" || c.name == "B" || c.name == "alpha" || c.name == "beta";
        if (c.name == "a_f" || (chinchilla && target == FitTarget::Delta))
            continue;
        if (c.source == Source::Published || c.source == Source::UserEdit)
            names.push_back(c.name);
    }
    return names;
}

void ScalingState::startFit(FitOptions options)
{
    if (isFitting())
        return;
    if (m_data.points.empty()) {
        setStatus(PageText::tr("Open measured points first (Open data…): the fit needs them."), true);
        Q_EMIT fitFailed(m_status);
        return;
    }
    delete m_fitJob;
    m_fitJob = new FitJob(law(), m_data, std::move(options), this);
    connect(m_fitJob, &Job::progressChanged, this, &ScalingState::fitProgressChanged);
    connect(m_fitJob, &Job::finished, this, &ScalingState::fitDone);
    connect(m_fitJob, &Job::failed, this, [this](const QString& message) {
        setFitting(false);
        setStatus(PageText::tr("The fit failed; the coefficients are unchanged. %1").arg(message), true);
        Q_EMIT fitFailed(m_status);
    });
    connect(m_fitJob, &Job::cancelled, this, [this] {
        setFitting(false);
        setStatus(PageText::tr("Fit cancelled; the coefficients are unchanged."), false);
        Q_EMIT fitFailed(m_status);
    });
    setFitting(true);
    setStatus(PageText::tr("Fitting the %1 law to %n point(s)…", nullptr, int(m_data.points.size()))
                  .arg(QString::fromStdString(law().displayName())),
              false);
    m_fitJob->start();
}

void ScalingState::cancelFit()
{
    if (m_fitJob)
        m_fitJob->cancel();
}

bool ScalingState::isFitting() const
{
    return m_fitJob && m_fitJob->isRunning();
}

void ScalingState::setFitting(bool on)
{
    Q_EMIT fittingChanged(on);
}

void ScalingState::fitDone()
{
    setFitting(false);
    if (!m_fitJob || !m_fitJob->result())
        return;
    // The fitted coefficients replace the shown ones; edits made meanwhile to others stay.
    const FitResult& result = *m_fitJob->result();
    if (result.law.kind() != law().kind() || result.law.variant() != law().variant()) {
        // setLaw() put another kind of law in place meanwhile: the fit answers a question no longer asked.
        setStatus(PageText::tr("The fit finished after the law was replaced; its result was dropped."), false);
        return;
    }
    Law merged = law();
    for (const Coefficient& c : result.law.coefficients()) {
        if (c.source != Source::Fit || !merged.hasCoefficient(c.name))
            continue;
        merged.setCoefficient(c.name, c.value, Source::Fit, c.reference);
        merged.setConfidenceInterval(c.name, c.ci95);
    }
    merged.setFitInfo(result.info);
    setLaw(std::move(merged));
    const FitInfo& info = result.info;
    QString text = PageText::tr("Fitted %1 coefficient(s) to %2 point(s): mean relative error %3 %")
                       .arg(result.parameterNames.size())
                       .arg(info.points)
                       .arg(QString::number(100.0 * info.trainMre, 'g', 3));
    if (info.heldOutPoints > 0)
        text += PageText::tr(", held out (%1 points) %2 %")
                    .arg(info.heldOutPoints)
                    .arg(QString::number(100.0 * info.heldOutMre, 'g', 3));
    if (!info.message.empty())
        text += QStringLiteral(" — ") + QString::fromStdString(info.message);
    setStatus(text, false);
    Q_EMIT fitSucceeded();
}

} // namespace qs
