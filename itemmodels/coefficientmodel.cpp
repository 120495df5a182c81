// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/coefficientmodel.h"

#include "core/common/errors.h"

#include <QLocale>

#include <cmath>

namespace qs {

namespace {

const std::string editedByHand = "edited by hand"; // a user edit's reference in the law

QString number(double value)
{
    return QString::number(value, 'g', 6);
}

} // namespace

CoefficientModel::CoefficientModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void CoefficientModel::setLaw(scaling::Law law)
{
    beginResetModel();
    m_law = std::move(law);
    endResetModel();
}

int CoefficientModel::rowOf(const QString& name) const
{
    const std::string key = name.toStdString();
    const auto& coefficients = m_law.coefficients();
    for (size_t i = 0; i < coefficients.size(); ++i) {
        if (coefficients[i].name == key)
            return int(i);
    }
    return -1;
}

QString CoefficientModel::symbol(const std::string& name)
{
    static const std::pair<const char*, const char*> greek[] = {
        {"alpha", "α"}, {"beta", "β"},      {"theta", "θ"},     {"kappa", "κ"},     {"phi", "φ"},     {"chi", "χ"},
        {"psi", "ψ"},   {"omega", "ω"},     {"lambda", "λ"},    {"mu", "μ"},        {"nu", "ν"},      {"xi", "ξ"},
        {"rho", "ρ"},   {"gamma_N", "γ_N"}, {"gamma_D", "γ_D"}, {"gamma_G", "γ_G"}, {"a_f", "a (f̂)"},
    };
    for (const auto& [ascii, shown] : greek) {
        if (name == ascii)
            return QString::fromUtf8(shown);
    }
    return QString::fromStdString(name);
}

QString CoefficientModel::sourceText(scaling::Source source)
{
    switch (source) {
    case scaling::Source::Published:
        return tr("published");
    case scaling::Source::Fit:
        return tr("fit");
    case scaling::Source::UserEdit:
        return tr("user edit");
    case scaling::Source::Unset:
        return tr("unset");
    }
    return {};
}

int CoefficientModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_law.coefficients().size());
}

int CoefficientModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CoefficientModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const scaling::Coefficient& c = m_law.coefficients()[size_t(index.row())];
    const bool set = c.isSet();
    switch (role) {
    case CoefficientNameRole:
        return QString::fromStdString(c.name);
    case ValueRole:
        return set ? c.value : qQNaN();
    case SourceRole:
        return int(c.source);
    case IntervalLowRole:
        return c.ci95 ? c.ci95->first : qQNaN();
    case IntervalHighRole:
        return c.ci95 ? c.ci95->second : qQNaN();
    default:
        break;
    }
    switch (index.column()) {
    case NameColumn:
        if (role == Qt::DisplayRole)
            return symbol(c.name);
        if (role == Qt::ToolTipRole)
            return tr("%1 (name in JSON and on the command line: %2)")
                .arg(symbol(c.name), QString::fromStdString(c.name));
        break;
    case ValueColumn:
        if (role == Qt::DisplayRole)
            return set ? number(c.value) : tr("unset");
        if (role == Qt::EditRole)
            return set ? QString::number(c.value, 'g', 17) : QString();
        if (role == Qt::TextAlignmentRole)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        if (role == Qt::ToolTipRole)
            return set ? tr("Double-click to edit; clear the cell to unset the coefficient")
                       : tr("Not known: fit the law to data, load a fitted law, or type a value");
        break;
    case SourceColumn:
        if (role == Qt::DisplayRole)
            return sourceText(c.source);
        break;
    case ReferenceColumn:
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
            // The law (and the JSON saved from it) keeps the English words; the table translates them.
            if (c.source == scaling::Source::UserEdit && c.reference == editedByHand)
                return tr("edited by hand");
            return QString::fromStdString(c.reference);
        }
        break;
    case IntervalColumn:
        if (role == Qt::DisplayRole)
            return c.ci95 ? tr("[%1, %2]").arg(number(c.ci95->first), number(c.ci95->second)) : QString();
        if (role == Qt::ToolTipRole && c.ci95)
            return tr("Bootstrap 95 % percentile interval of the fit");
        break;
    default:
        break;
    }
    return {};
}

QVariant CoefficientModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn:
        return tr("Coefficient");
    case ValueColumn:
        return tr("Value");
    case SourceColumn:
        return tr("Source");
    case ReferenceColumn:
        return tr("Reference");
    case IntervalColumn:
        return tr("95 % CI");
    default:
        return {};
    }
}

Qt::ItemFlags CoefficientModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == ValueColumn)
        f |= Qt::ItemIsEditable;
    return f;
}

bool CoefficientModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)
        || index.column() != ValueColumn)
        return false;
    const std::string name = m_law.coefficients()[size_t(index.row())].name;
    double v = qQNaN();
    bool ok = false;
    if (value.typeId() == QMetaType::QString) {
        const QString text = value.toString().trimmed();
        if (text.isEmpty()) {
            m_law.unsetCoefficient(name);
            Q_EMIT dataChanged(this->index(index.row(), 0), this->index(index.row(), ColumnCount - 1));
            Q_EMIT coefficientEdited(QString::fromStdString(name));
            return true;
        }
        v = QLocale::c().toDouble(text, &ok);
        if (!ok)
            v = QLocale().toDouble(text, &ok);
    } else {
        v = value.toDouble(&ok);
    }
    if (!ok || !std::isfinite(v))
        return false;
    try {
        m_law.setCoefficient(name, v, scaling::Source::UserEdit, editedByHand);
    } catch (const Error&) {
        return false;
    }
    Q_EMIT dataChanged(this->index(index.row(), 0), this->index(index.row(), ColumnCount - 1));
    Q_EMIT coefficientEdited(QString::fromStdString(name));
    return true;
}

} // namespace qs
