# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# Imported targets for dependencies whose Debian packages ship no usable CMake config.

# HDF5's FindHDF5 module gives variables, not a target.
if(NOT TARGET QuantScope::HDF5)
    add_library(QuantScope::HDF5 INTERFACE IMPORTED)
    target_include_directories(QuantScope::HDF5 SYSTEM INTERFACE ${HDF5_INCLUDE_DIRS})
    target_link_libraries(QuantScope::HDF5 INTERFACE ${HDF5_CXX_LIBRARIES} ${HDF5_LIBRARIES})
    target_compile_definitions(QuantScope::HDF5 INTERFACE ${HDF5_DEFINITIONS})
endif()

# TorchConfig gives TORCH_LIBRARIES plus flags; wrap it so targets link one name.
if(NOT TARGET QuantScope::Torch)
    add_library(QuantScope::Torch INTERFACE IMPORTED)
    target_include_directories(QuantScope::Torch SYSTEM INTERFACE ${TORCH_INCLUDE_DIRS})
    target_link_libraries(QuantScope::Torch INTERFACE ${TORCH_LIBRARIES})
    separate_arguments(_qs_torch_flags UNIX_COMMAND "${TORCH_CXX_FLAGS}")
    target_compile_options(QuantScope::Torch INTERFACE ${_qs_torch_flags})
endif()

# QCustomPlot is a shared library build: its header must not declare the classes as inline.
if(TARGET QCustomPlotQt6::QCustomPlotQt6)
    set_property(TARGET QCustomPlotQt6::QCustomPlotQt6 APPEND PROPERTY
                 INTERFACE_COMPILE_DEFINITIONS QCUSTOMPLOT_USE_LIBRARY)
endif()

# Qt-side defaults (CONTRIBUTING.md, "Style"). QT_USE_QSTRINGBUILDER makes `a + b + c` of strings one
# allocation. `auto s = a + b`, or a lambda without a return type returning a + b, then holds a
# QStringBuilder that refers to its operands, temporaries included (a crash): name the type, QString.
function(qs_qt_defaults target)
    target_compile_definitions(${target} PRIVATE QT_NO_CAST_FROM_ASCII QT_NO_FOREACH
                               QT_NO_URL_CAST_FROM_STRING QT_NO_CAST_TO_ASCII QT_USE_QSTRINGBUILDER)
endfunction()
