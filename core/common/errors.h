// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <stdexcept>
#include <string>

namespace qs {

// Every failure the core reports to a user derives from Error. The message names the file (or the
// value) and what is wrong with it; the CLI prints it and exits non-zero, the GUI shows it.
class Error : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// A file that exists but whose content is malformed (truncated, bad header, unknown dtype, ...).
class FormatError : public Error
{
public:
    using Error::Error;
};

// A file that cannot be opened, read or written.
class IoError : public Error
{
public:
    using Error::Error;
};

// A results store of a schema version this build does not understand.
class SchemaError : public Error
{
public:
    using Error::Error;
};

// A configuration value out of range, a missing or unknown key.
class ConfigError : public Error
{
public:
    using Error::Error;
};

// Thrown when a progress callback asked a long job to stop.
class Cancelled : public Error
{
public:
    Cancelled()
        : Error("cancelled")
    {
    }
};

} // namespace qs
