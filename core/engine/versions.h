// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The version of libtorch QuantScope runs with, for `quantscope --version` and the About box (HDF5's:
// hdf5Version in core/store/store.h, the one library that links HDF5). Torch-free header.

#include <string>

namespace qs {

// libtorch's version as built against ("1.13.0"): libtorch has no run-time version call; the
// package's dependency on libtorch's soname pins the release.
std::string torchVersion();

} // namespace qs
