// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The cells of one CSV record, shared by the readers of W&B exports (core/formats/traininglog.h) and of
// scaling-law data (core/scalinglaws/data.h).

#include <string>
#include <string_view>
#include <vector>

namespace qs {

// Splits one CSV line (no line breaks inside quotes) at its commas. A quoted cell may hold commas and
// "" for a quote and keeps its spaces; an unquoted cell is trimmed. FormatError
// "<source>, line <lineNo>: a quoted cell is not closed" when a quote is left open.
std::vector<std::string> splitCsvRecord(std::string_view line, const std::string& source, int lineNo);

} // namespace qs
