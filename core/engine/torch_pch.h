// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Precompiled header of the libtorch-heavy core files. Only qs_core (and torch-using tests) use it;
// public headers of the core never include torch.
#pragma once
#include <torch/torch.h>
