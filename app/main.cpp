// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// quantscope: the command line, with QtCore only — no widget, GUI or X libraries are loaded, so the
// commands that compute (train, import, sweep, resume, average, info, fit, query, help) run on
// compute nodes without a display. For what draws — the GUI (no command, or a store file), demo,
// recipe and figure — it starts quantscope-gui from its own folder with the same arguments
// (guimain.cpp). Exit codes and messages: app/cli/clioutput.h.

#include "app/cli/cli.h"
#include "app/cli/command.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>
#include <unistd.h>
#include <vector>

namespace {

// quantscope-gui in the folder of this executable (found through /proc/self/exe, so symlinks and
// relative starts work).
std::string guiProgram()
{
    std::error_code error;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
    return (error ? std::filesystem::path("quantscope-gui") : self.parent_path() / "quantscope-gui").string();
}

// Replaces this process with quantscope-gui and the same arguments; returns only when that fails.
int execGui(int argc, char** argv, const std::string& what)
{
    const std::string gui = guiProgram();
    if (access(gui.c_str(), X_OK) != 0) {
        std::fprintf(stderr,
                     "quantscope: %s needs quantscope-gui, which is missing: %s (it is installed next to quantscope)\n",
                     what.c_str(), gui.c_str());
        return 1;
    }
    std::vector<char*> args(argv, argv + argc);
    args[0] = const_cast<char*>(gui.c_str());
    args.push_back(nullptr);
    execv(gui.c_str(), args.data());
    std::fprintf(stderr, "quantscope: cannot start %s: %s\n", gui.c_str(), std::strerror(errno));
    return 1;
}

bool asksForHelp(int argc, char** argv)
{
    for (int i = 2; i < argc && std::strcmp(argv[i], "--") != 0; ++i)
        if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0)
            return true;
    return false;
}

} // namespace

int main(int argc, char** argv)
{
    const std::string first = argc > 1 ? argv[1] : "";
    if (const qs::cli::Command* command = qs::cli::findCommand(first)) {
        // A widget command's --help is in the table: no need to start the GUI program for it.
        if (command->needsWidgets && !asksForHelp(argc, argv))
            return execGui(argc, argv, "quantscope " + first);
    } else if (first != "--version"
               && (first.empty() || first[0] == '-' || QFileInfo::exists(QString::fromLocal8Bit(argv[1])))) {
        return execGui(argc, argv, "the GUI"); // no command: the GUI, maybe with a store or --lang
    }

    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("QuantScope"));
    QCoreApplication::setOrganizationName(QStringLiteral("QuantScope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(QS_VERSION));
    return qs::cli::run(QCoreApplication::arguments().mid(1));
}
