// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/kinds.h"

namespace qs {

int layerKindOrder(std::string_view kind)
{
    for (size_t i = 0; i < layerkinds::blockOrder.size(); ++i) {
        if (kind == layerkinds::blockOrder[i])
            return int(i);
    }
    return 99;
}

} // namespace qs
