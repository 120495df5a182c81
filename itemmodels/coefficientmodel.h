// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The coefficients of one scaling law (core/scalinglaws/laws.h) as a table: name, value, source,
// reference, 95 % interval. Values are editable: an edit makes the coefficient a user edit (its CI
// goes, since it no longer describes the value); an empty text makes it unset again.

#include "core/scalinglaws/laws.h"

#include <QAbstractTableModel>

namespace qs {

class CoefficientModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        NameColumn,
        ValueColumn,
        SourceColumn,
        ReferenceColumn,
        IntervalColumn,
        ColumnCount,
    };

    enum Role
    {
        CoefficientNameRole = Qt::UserRole + 1, // ASCII name ("alpha", "gamma_N"), any column
        ValueRole,                              // value as double (NaN when unset), any column
        SourceRole,                             // int(qs::scaling::Source), any column
        IntervalLowRole,                        // CI bounds as double (NaN without a CI)
        IntervalHighRole,
    };

    explicit CoefficientModel(QObject* parent = nullptr);

    void setLaw(scaling::Law law);
    const scaling::Law& law() const { return m_law; }
    // Row of a coefficient by its ASCII name; -1 when the law has none of that name.
    int rowOf(const QString& name) const;

    // The symbol shown for a coefficient name ("alpha" → "α", "gamma_N" → "γ_N", "a_f" → "a (f̂)").
    static QString symbol(const std::string& name);
    static QString sourceText(scaling::Source source);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    // Value column, EditRole: a finite number (double, or text in C or the current locale's notation)
    // sets the value as a user edit; an empty text unsets the coefficient. Anything else: false.
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

Q_SIGNALS:
    // A value was edited through setData() (not emitted by setLaw()).
    void coefficientEdited(const QString& name);

private:
    scaling::Law m_law;
};

} // namespace qs
