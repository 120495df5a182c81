// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/versions.h"

#include <torch/version.h> // the version macros only

namespace qs {

std::string torchVersion()
{
    return TORCH_VERSION;
}

} // namespace qs
