#pragma once

// The versions of the numerical libraries QuantScope runs with, for `quantscope --version` and the
// About box. Torch-free header.

#include <string>

namespace qs {

// libtorch's version as built against ("1.13.0"): libtorch has no run-time version call; the
// package's dependency on libtorch's soname pins the release.
std::string torchVersion();
// The HDF5 library loaded, asked at run time ("1.10.8").
std::string hdf5Version();

} // namespace qs
