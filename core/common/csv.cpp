// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/csv.h"

#include "core/common/errors.h"
#include "core/common/text.h"

#include <cctype>

namespace qs {

std::vector<std::string> splitCsvRecord(std::string_view line, const std::string& source, int lineNo)
{
    std::vector<std::string> cells;
    std::string cell;
    bool quoted = false, wasQuoted = false;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                cell += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cell += c;
            }
        } else if (c == '"' && trimSpace(cell).empty()) {
            quoted = wasQuoted = true;
            cell.clear();
        } else if (c == ',') {
            cells.push_back(wasQuoted ? cell : std::string(trimSpace(cell)));
            cell.clear();
            wasQuoted = false;
        } else {
            cell += c;
        }
    }
    if (quoted)
        throw FormatError(source + ", line " + std::to_string(lineNo) + ": a quoted cell is not closed");
    cells.push_back(wasQuoted ? cell : std::string(trimSpace(cell)));
    return cells;
}

} // namespace qs
