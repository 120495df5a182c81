#include "widgets/pages/scaling/scalingpage.h"

#include "models/coefficientmodel.h"
#include "core/common/errors.h"
#include "models/jobs/fitjob.h"
#include "widgets/pages/scaling/scalinginputs.h"
#include "core/scaling/serialization.h"

#include "widgets/plot/qcp.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace qs {

using namespace qs::scaling;

namespace {

constexpr int updateDelayMs = 40;

constexpr Variable allVariables[] = {Variable::N, Variable::D, Variable::G, Variable::Bits, Variable::QatFraction};

struct InputSpec
{
    double lo, hi, initial;
    int decimals;
};

InputSpec inputSpec(Variable v)
{
    switch (v) {
    case Variable::N: return {1e6, 1e13, 1e9, 0};
    case Variable::D: return {1e8, 1e15, 2e10, 0};
    case Variable::G: return {2.0, 4096.0, 128.0, 0};
    case Variable::Bits: return {1.0, 16.0, 4.0, 0};
    case Variable::QatFraction: return {0.001, 0.999, 0.2, 3};
    }
    return {1.0, 2.0, 1.0, 0};
}

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

} // namespace

ScalingPage::ScalingPage(QWidget* parent)
    : PlotPage(parent)
{
    m_model = new CoefficientModel(this);
    for (const Variable v : allVariables)
        m_inputs.set(v, inputSpec(v).initial);
    m_updateTimer.setSingleShot(true);
    m_updateTimer.setInterval(updateDelayMs);
    connect(&m_updateTimer, &QTimer::timeout, this, &ScalingPage::updateNow);

    buildFigure();
    buildControls();

    connect(m_model, &CoefficientModel::coefficientEdited, this, [this] {
        if (!m_statusFromData) // a complaint about the data still holds
            setStatus(QString(), false);
        scheduleUpdate();
        Q_EMIT lawChanged();
    });
    chooseLaw(LawKind::Chinchilla, W4A4Variant::WeightOnly, ChinchillaPreset::Hoffmann2022);
    updateNow();
}

ScalingPage::~ScalingPage()
{
    if (m_fitJob)
        m_fitJob->cancelAndWait();
}

void ScalingPage::buildControls()
{
    // Left: the law, the inputs, the coefficients, data and fit.
    auto* lawBox = new QGroupBox(tr("Law"), this);
    m_kindCombo = new QComboBox(lawBox);
    m_kindCombo->setObjectName(QStringLiteral("scalingKindCombo"));
    m_kindCombo->addItem(tr("Chinchilla: L(N, D)"), int(LawKind::Chinchilla));
    m_kindCombo->addItem(tr("W4A4 QAT law: δ(N, D, G) (Chen et al.)"), int(LawKind::W4A4));
    m_kindCombo->addItem(tr("Compute-optimal QAT: f*, δ(N, D_fp, D_qat, B) (Dremov et al.)"), int(LawKind::Qat));
    m_variantCombo = new QComboBox(lawBox);
    m_variantCombo->setObjectName(QStringLiteral("scalingVariantCombo"));
    m_variantCombo->addItem(tr("w4a16 (weight-only)"), int(W4A4Variant::WeightOnly));
    m_variantCombo->addItem(tr("w16a4 (activation-only)"), int(W4A4Variant::ActivationOnly));
    m_variantCombo->addItem(tr("w16a4-fc2a8 (FC2 input at 8 bits)"), int(W4A4Variant::ActivationOnlyFc2At8));
    m_variantCombo->addItem(tr("w4a4 (weights and activations)"), int(W4A4Variant::Full));
    m_presetCombo = new QComboBox(lawBox);
    m_presetCombo->setObjectName(QStringLiteral("scalingPresetCombo"));
    m_presetCombo->addItem(tr("Hoffmann et al. 2022"), int(ChinchillaPreset::Hoffmann2022));
    m_presetCombo->addItem(tr("Besiroglu et al. 2024"), int(ChinchillaPreset::Besiroglu2024));
    m_presetCombo->addItem(tr("none (unset, to be fitted)"), int(ChinchillaPreset::None));
    m_presetCombo->addItem(tr("as loaded or fitted"), -1);
    m_presetCombo->setToolTip(tr("Published coefficients of L(N, D) = E + A/N^α + B/D^β"));
    m_loadLawButton = new QPushButton(tr("&Load law…"), lawBox);
    m_loadLawButton->setToolTip(tr("Open a law saved as JSON (quantscope fit writes them)"));
    m_saveLawButton = new QPushButton(tr("Sa&ve law…"), lawBox);
    auto* lawButtons = new QHBoxLayout;
    lawButtons->addWidget(m_loadLawButton);
    lawButtons->addWidget(m_saveLawButton);
    lawButtons->addStretch(1);
    auto* lawForm = new QFormLayout(lawBox);
    lawForm->addRow(tr("La&w:"), m_kindCombo);
    lawForm->addRow(tr("V&ariant:"), m_variantCombo);
    lawForm->addRow(tr("&Chinchilla part:"), m_presetCombo);
    lawForm->addRow(lawButtons);

    auto* inputBox = new QGroupBox(tr("Inputs"), this);
    auto* inputLayout = new QVBoxLayout(inputBox);
    const QString labels[] = {tr("N:"), tr("D:"), tr("G:"), tr("B:"), tr("f:")};
    const QString tips[] = {tr("Parameters (raw count; 7e9 or 7B)"), tr("Training tokens (raw count; 2e12 or 2T)"),
                            tr("Quantization group size in input channels (per-channel: the layer's input dimension)"),
                            tr("Weight bit width"), tr("QAT fraction f = D_qat / D of the training tokens")};
    for (const Variable v : allVariables) {
        const InputSpec spec = inputSpec(v);
        auto* row = new ScalingInputRow(labels[int(v)], spec.lo, spec.hi, isLogVariable(v), spec.decimals, inputBox);
        row->setObjectName(QStringLiteral("scalingInput_%1").arg(QString::fromStdString(variableName(v))));
        row->setToolTip(tips[int(v)]);
        row->label()->setMinimumWidth(row->fontMetrics().horizontalAdvance(QStringLiteral("MM:")));
        row->setValue(spec.initial);
        connect(row, &ScalingInputRow::valueChanged, this, [this, v](double value) {
            m_inputs.set(v, value);
            scheduleUpdate();
        });
        m_rows[size_t(v)] = row;
        inputLayout->addWidget(row);
    }
    m_readoutLabel = new QLabel(inputBox);
    m_readoutLabel->setObjectName(QStringLiteral("scalingReadout"));
    m_readoutLabel->setWordWrap(false); // readout() breaks its lines itself
    m_readoutLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    inputLayout->addWidget(m_readoutLabel);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("scalingCoefficientTable"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                             | QAbstractItemView::AnyKeyPressed);
    m_table->setMinimumHeight(160);
    connect(m_model, &QAbstractItemModel::modelReset, m_table, [this] { m_table->resizeColumnsToContents(); });

    m_openDataButton = new QPushButton(tr("Open &data…"), this);
    m_openDataButton->setToolTip(tr("Measured points as CSV: columns N, D, G, bits, D_fp, D_qat, loss, delta, fp_loss, "
                                    "heldout, label (docs/scaling.md)"));
    m_fitButton = new QPushButton(tr("&Fit to data…"), this);
    m_fitButton->setToolTip(tr("Fit the law's unset and fitted coefficients to the measured points (Huber loss on "
                               "log residuals, L-BFGS from a grid of starts, bootstrap CIs)"));
    m_dataLabel = new QLabel(tr("no measured points"), this);
    m_dataLabel->setObjectName(QStringLiteral("scalingDataLabel"));
    m_dataLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto* dataRow = new QHBoxLayout;
    dataRow->addWidget(m_openDataButton);
    dataRow->addWidget(m_fitButton);
    dataRow->addWidget(m_dataLabel, 1);

    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("scalingFitProgress"));
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(true);
    m_cancelButton = new QPushButton(tr("Cancel"), this);
    auto* fitRow = new QHBoxLayout;
    fitRow->addWidget(m_progress, 1);
    fitRow->addWidget(m_cancelButton);
    m_progress->setVisible(false);
    m_cancelButton->setVisible(false);

    m_statusLabel = new QLabel(this);
    m_statusLabel->setObjectName(QStringLiteral("scalingStatus"));
    m_statusLabel->setWordWrap(true);
    m_statusLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_statusLabel->setVisible(false);

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 4, 0);
    leftLayout->addWidget(lawBox);
    leftLayout->addWidget(inputBox);
    leftLayout->addWidget(new QLabel(tr("Coefficients (double-click a value to edit):"), left));
    leftLayout->addWidget(m_table, 1);
    leftLayout->addLayout(dataRow);
    leftLayout->addLayout(fitRow);
    leftLayout->addWidget(m_statusLabel);

    // Right: what to plot, and the plot (or what stands in for it).
    m_viewCombo = new QComboBox(this);
    m_viewCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_viewCombo->setObjectName(QStringLiteral("scalingViewCombo"));
    m_viewCombo->addItem(tr("Curves"), int(View::Curves));
    m_viewCombo->addItem(tr("Contour map N × D"), int(View::Contour));
    m_viewCombo->addItem(tr("QAT fraction f* vs S"), int(View::QatFraction));
    m_viewCombo->addItem(tr("Measured points and residuals"), int(View::Measured));
    auto* viewLabel = new QLabel(tr("Vie&w:"), this);
    viewLabel->setBuddy(m_viewCombo);
    m_quantityCombo = new QComboBox(this);
    m_quantityCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_quantityCombo->setObjectName(QStringLiteral("scalingQuantityCombo"));
    auto* quantityLabel = new QLabel(tr("&Quantity:"), this);
    quantityLabel->setBuddy(m_quantityCombo);
    m_variableCombo = new QComboBox(this);
    m_variableCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_variableCombo->setObjectName(QStringLiteral("scalingVariableCombo"));
    auto* variableLabel = new QLabel(tr("&x:"), this);
    variableLabel->setBuddy(m_variableCombo);
    m_seriesCombo = new QComboBox(this);
    m_seriesCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_seriesCombo->setObjectName(QStringLiteral("scalingSeriesCombo"));
    auto* seriesLabel = new QLabel(tr("&Series:"), this);
    seriesLabel->setBuddy(m_seriesCombo);
    m_logYCheck = new QCheckBox(tr("Log &y"), this);
    m_logYCheck->setObjectName(QStringLiteral("scalingLogYCheck"));
    auto* controls = new QHBoxLayout;
    controls->setContentsMargins(0, 0, 0, 0);
    for (QWidget* w : std::initializer_list<QWidget*> {viewLabel, m_viewCombo, quantityLabel, m_quantityCombo,
                                                        variableLabel, m_variableCombo, seriesLabel, m_seriesCombo})
        controls->addWidget(w);
    controls->addWidget(m_logYCheck);
    controls->addStretch(1);

    m_messageLabel = new QLabel(this);
    m_messageLabel->setObjectName(QStringLiteral("scalingMessage"));
    m_messageLabel->setWordWrap(true);
    m_messageLabel->setAlignment(Qt::AlignCenter);
    m_messageLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_messageLabel->setMargin(24);
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(plot());
    m_stack->addWidget(m_messageLabel);

    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(4, 0, 0, 0);
    rightLayout->addLayout(controls);
    rightLayout->addWidget(m_stack, 1);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("scalingSplitter"));
    splitter->addWidget(left);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({420, 780});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    connect(m_kindCombo, &QComboBox::activated, this, &ScalingPage::chooseFromCombos);
    connect(m_variantCombo, &QComboBox::activated, this, &ScalingPage::chooseFromCombos);
    connect(m_presetCombo, &QComboBox::activated, this, &ScalingPage::chooseFromCombos);
    connect(m_loadLawButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Load Law"), QString(),
                                                          tr("Scaling laws (*.json);;All files (*)"));
        if (!path.isEmpty())
            loadLaw(path);
    });
    connect(m_saveLawButton, &QPushButton::clicked, this, [this] {
        QString path = QFileDialog::getSaveFileName(this, tr("Save Law"), QString(), tr("Scaling laws (*.json)"));
        if (path.isEmpty())
            return;
        if (QFileInfo(path).suffix().isEmpty())
            path += QStringLiteral(".json");
        if (saveLaw(path))
            setStatus(tr("Saved %1").arg(path), false);
    });
    connect(m_openDataButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open Measured Points"), QString(),
                                                          tr("CSV files (*.csv);;All files (*)"));
        if (!path.isEmpty() && openCsv(path))
            setView(View::Measured);
    });
    connect(m_fitButton, &QPushButton::clicked, this, &ScalingPage::askFit);
    connect(m_cancelButton, &QPushButton::clicked, this, &ScalingPage::cancelFit);
    connect(m_viewCombo, &QComboBox::activated, this,
            [this](int index) { setView(View(m_viewCombo->itemData(index).toInt())); });
    connect(m_quantityCombo, &QComboBox::activated, this,
            [this](int index) { setQuantity(Quantity(m_quantityCombo->itemData(index).toInt())); });
    connect(m_variableCombo, &QComboBox::activated, this,
            [this](int index) { setVariable(Variable(m_variableCombo->itemData(index).toInt())); });
    connect(m_seriesCombo, &QComboBox::activated, this, [this](int index) {
        const int v = m_seriesCombo->itemData(index).toInt();
        setSeriesVariable(v < 0 ? std::nullopt : std::optional<Variable>(Variable(v)));
    });
    connect(m_logYCheck, &QCheckBox::clicked, this, &ScalingPage::setLogY);
}

QCustomPlot* ScalingPage::figurePlot() const
{
    return m_message.isEmpty() ? plot() : nullptr;
}

QString ScalingPage::csv() const
{
    return m_message.isEmpty() ? m_csv : QString();
}

QString ScalingPage::plotMessage() const
{
    return m_message;
}

// --- The law

const Law& ScalingPage::law() const
{
    return m_model->law();
}

void ScalingPage::setLaw(Law law)
{
    const bool kindChanged = law.kind() != m_model->law().kind() || law.variant() != m_model->law().variant();
    m_model->setLaw(std::move(law));
    syncChooser();
    if (kindChanged) {
        // The law's own quantity: δ where it has one, the loss otherwise.
        m_quantity = m_model->law().kind() == LawKind::Chinchilla ? Quantity::Loss : Quantity::Delta;
        m_logY = m_quantity == Quantity::Delta;
        m_series = m_model->law().kind() == LawKind::Chinchilla ? Variable::N
                   : m_model->law().kind() == LawKind::W4A4     ? Variable::G
                                                                : Variable::Bits;
        m_variable = Variable::D;
    }
    lawReplaced();
    Q_EMIT lawChanged();
}

void ScalingPage::chooseLaw(LawKind kind, W4A4Variant variant, ChinchillaPreset preset)
{
    setStatus(QString(), false); // what it said was about the law before
    switch (kind) {
    case LawKind::Chinchilla: setLaw(Law::chinchilla(preset)); break;
    case LawKind::W4A4: setLaw(Law::w4a4(variant, preset)); break;
    case LawKind::Qat: setLaw(Law::qat(preset)); break;
    }
}

void ScalingPage::chooseFromCombos()
{
    const int preset = m_presetCombo->currentData().toInt();
    const auto kind = LawKind(m_kindCombo->currentData().toInt());
    const auto variant = W4A4Variant(m_variantCombo->currentData().toInt());
    if (preset < 0) {
        // "As loaded or fitted": keep the coefficients when the kind stays.
        if (kind == law().kind() && (kind != LawKind::W4A4 || law().variant() == variant))
            return;
        chooseLaw(kind, variant, ChinchillaPreset::None);
        return;
    }
    chooseLaw(kind, variant, ChinchillaPreset(preset));
}

void ScalingPage::syncChooser()
{
    const Law& current = law();
    m_kindCombo->setCurrentIndex(m_kindCombo->findData(int(current.kind())));
    if (current.variant())
        m_variantCombo->setCurrentIndex(m_variantCombo->findData(int(*current.variant())));
    m_variantCombo->setEnabled(current.kind() == LawKind::W4A4 && !isFitting());
    int preset = -1;
    for (const ChinchillaPreset p : {ChinchillaPreset::Hoffmann2022, ChinchillaPreset::Besiroglu2024}) {
        if (hasPreset(current, p))
            preset = int(p);
    }
    const bool noneSet = std::none_of(current.coefficients().begin(), current.coefficients().begin() + 5,
                                      [](const Coefficient& c) { return c.isSet(); });
    if (preset < 0 && noneSet)
        preset = int(ChinchillaPreset::None);
    m_presetCombo->setCurrentIndex(m_presetCombo->findData(preset));
}

bool ScalingPage::loadLaw(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        setStatus(tr("Cannot open %1: %2").arg(path, file.errorString()), true);
        return false;
    }
    try {
        const QByteArray json = file.readAll();
        Law loaded = lawFromJson(std::string_view(json.constData(), size_t(json.size())));
        setLaw(std::move(loaded));
    } catch (const Error& e) {
        setStatus(tr("Cannot load the law from %1: %2").arg(path, QString::fromUtf8(e.what())), true);
        return false;
    }
    setStatus(tr("Loaded the %1 law from %2").arg(QString::fromStdString(law().displayName()), path), false);
    return true;
}

bool ScalingPage::saveLaw(const QString& path) const
{
    QFile file(path);
    const QByteArray json = QByteArray::fromStdString(lawToJson(law()));
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(json) != json.size()) {
        const_cast<ScalingPage*>(this)->setStatus(tr("Cannot write %1: %2").arg(path, file.errorString()), true);
        return false;
    }
    return true;
}

void ScalingPage::lawReplaced()
{
    const QList<Variable> used = lawVariables();
    for (const Variable v : allVariables) {
        const bool on = used.contains(v);
        m_rows[size_t(v)]->setEnabled(on);
        if (!on)
            m_rows[size_t(v)]->setToolTip(tr("Not an input of this law"));
    }
    fillQuantityCombo();
    fillVariableCombos();
    validateData();
    scheduleUpdate();
}

QList<Variable> ScalingPage::lawVariables() const
{
    switch (law().kind()) {
    case LawKind::Chinchilla: return {Variable::N, Variable::D};
    case LawKind::W4A4: return {Variable::N, Variable::D, Variable::G};
    case LawKind::Qat: return {Variable::N, Variable::D, Variable::Bits, Variable::QatFraction};
    }
    return {};
}

QList<Quantity> ScalingPage::availableQuantities() const
{
    switch (law().kind()) {
    case LawKind::Chinchilla: return {Quantity::Loss};
    case LawKind::W4A4:
        return {Quantity::Delta, Quantity::Loss, Quantity::FpLoss, Quantity::EffectiveFraction,
                Quantity::EffectiveParameters};
    case LawKind::Qat:
        return {Quantity::Delta, Quantity::Loss, Quantity::FpLoss, Quantity::OptimalQatFraction,
                Quantity::DirectQatFraction, Quantity::TokensPerParameterByte};
    }
    return {};
}

void ScalingPage::fillQuantityCombo()
{
    const QList<Quantity> quantities = availableQuantities();
    if (!quantities.contains(m_quantity))
        m_quantity = quantities.front();
    const QSignalBlocker blocker(m_quantityCombo);
    m_quantityCombo->clear();
    const auto text = [](Quantity q) {
        switch (q) {
        case Quantity::Loss: return tr("loss L");
        case Quantity::FpLoss: return tr("FP loss");
        case Quantity::Delta: return tr("δ from quantization");
        case Quantity::EffectiveFraction: return tr("N_eff / N");
        case Quantity::EffectiveParameters: return tr("N_eff");
        case Quantity::OptimalQatFraction: return tr("f* (optimal)");
        case Quantity::DirectQatFraction: return tr("f̂ (direct fit)");
        case Quantity::TokensPerParameterByte: return tr("S");
        }
        return QString();
    };
    for (const Quantity q : quantities) {
        m_quantityCombo->addItem(text(q), int(q));
        m_quantityCombo->setItemData(m_quantityCombo->count() - 1, quantityLabel(q), Qt::ToolTipRole);
    }
    m_quantityCombo->setCurrentIndex(m_quantityCombo->findData(int(m_quantity)));
    m_logYCheck->setChecked(m_logY);
}

void ScalingPage::fillVariableCombos()
{
    const QList<Variable> used = lawVariables();
    if (!used.contains(m_variable))
        m_variable = Variable::D;
    if (m_series && (!used.contains(*m_series) || *m_series == m_variable))
        m_series = std::nullopt;
    const auto text = [](Variable v) {
        switch (v) {
        case Variable::N: return tr("N (parameters)");
        case Variable::D: return tr("D (tokens)");
        case Variable::G: return tr("G (group size)");
        case Variable::Bits: return tr("B (bits)");
        case Variable::QatFraction: return tr("f (QAT fraction)");
        }
        return QString();
    };
    const QSignalBlocker blockX(m_variableCombo);
    const QSignalBlocker blockSeries(m_seriesCombo);
    m_variableCombo->clear();
    m_seriesCombo->clear();
    m_seriesCombo->addItem(tr("none"), -1);
    for (const Variable v : used) {
        m_variableCombo->addItem(text(v), int(v));
        if (v != m_variable)
            m_seriesCombo->addItem(text(v), int(v));
    }
    m_variableCombo->setCurrentIndex(m_variableCombo->findData(int(m_variable)));
    m_seriesCombo->setCurrentIndex(m_seriesCombo->findData(m_series ? int(*m_series) : -1));
}

// --- What is shown

void ScalingPage::setView(View view)
{
    m_view = view;
    m_viewCombo->setCurrentIndex(m_viewCombo->findData(int(view)));
    if (view == View::Measured)
        validateData();
    scheduleUpdate();
}

bool ScalingPage::setQuantity(Quantity quantity)
{
    if (!availableQuantities().contains(quantity))
        return false;
    if (quantity != m_quantity) {
        m_quantity = quantity;
        m_logY = quantity == Quantity::Delta;
        m_logYCheck->setChecked(m_logY);
        validateData();
    }
    m_quantityCombo->setCurrentIndex(m_quantityCombo->findData(int(quantity)));
    scheduleUpdate();
    return true;
}

bool ScalingPage::setVariable(Variable variable)
{
    if (!lawVariables().contains(variable))
        return false;
    m_variable = variable;
    fillVariableCombos();
    scheduleUpdate();
    return true;
}

bool ScalingPage::setSeriesVariable(std::optional<Variable> variable)
{
    if (variable && (!lawVariables().contains(*variable) || *variable == m_variable))
        return false;
    m_series = variable;
    fillVariableCombos();
    scheduleUpdate();
    return true;
}

std::vector<double> ScalingPage::seriesValues() const
{
    if (!m_series)
        return {};
    switch (*m_series) {
    case Variable::G: return {32, 64, 128, 256};
    case Variable::Bits: return {2, 3, 4, 8};
    case Variable::QatFraction: return {0.1, 0.25, 0.5};
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

std::pair<double, double> ScalingPage::inputRange(Variable variable) const
{
    const InputSpec spec = inputSpec(variable);
    return {spec.lo, spec.hi};
}

void ScalingPage::setInput(Variable variable, double value)
{
    ScalingInputRow* input = row(variable);
    input->setValue(value);
    m_inputs.set(variable, input->value());
    scheduleUpdate();
}

ScalingInputRow* ScalingPage::row(Variable variable) const
{
    return m_rows[size_t(variable)];
}

void ScalingPage::setLogY(bool on)
{
    m_logY = on;
    m_logYCheck->setChecked(on);
    scheduleUpdate();
}

void ScalingPage::scheduleUpdate()
{
    if (!m_updateTimer.isActive())
        m_updateTimer.start();
}

void ScalingPage::setStatus(const QString& text, bool error)
{
    m_status = text;
    m_statusFromData = false;
    m_statusLabel->setText(text);
    m_statusLabel->setVisible(!text.isEmpty());
    // Vermillion, darker: a warning that reads on light and dark backgrounds.
    m_statusLabel->setStyleSheet(error ? QStringLiteral("color: #b03a00") : QString());
}

// --- Measured data

void ScalingPage::setMeasuredData(ScalingData data)
{
    m_data = std::move(data);
    const QString source = QFileInfo(QString::fromStdString(m_data.source)).fileName();
    m_dataLabel->setText(m_data.points.empty() ? tr("no measured points")
                                               : tr("%1: %n point(s)", nullptr, int(m_data.points.size()))
                                                     .arg(source.isEmpty() ? tr("measured") : source));
    m_dataLabel->setToolTip(QString::fromStdString(m_data.source));
    setStatus(QString(), false);
    validateData();
    scheduleUpdate();
}

bool ScalingPage::openCsv(const QString& path)
{
    try {
        setMeasuredData(readScalingCsv(path.toStdString()));
    } catch (const Error& e) {
        setStatus(tr("Cannot read %1: %2").arg(path, QString::fromUtf8(e.what())), true);
        return false;
    }
    return true;
}

void ScalingPage::validateData()
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
        setStatus(tr("The measured points cannot be used with this law: %1").arg(m_dataError), true);
        m_statusFromData = true;
    } else if (m_statusFromData) {
        setStatus(QString(), false);
    }
}

} // namespace qs
