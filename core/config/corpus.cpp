// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/config/corpus.h"

#include "core/common/errors.h"
#include "core/common/files.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <sys/wait.h>

namespace qs {

Corpus Corpus::fromFile(const std::string& path, double valFraction, const std::string& description)
{
    const std::optional<std::string> read = tryReadWholeFile(path);
    if (!read)
        throw IoError(path + ": cannot read corpus: " + std::strerror(errno));
    const std::string& bytes = *read;
    if (!(valFraction > 0.0 && valFraction < 1.0))
        throw ConfigError(path + ": validation fraction " + std::to_string(valFraction) + " must be in (0, 1)");
    const auto valBytes = static_cast<size_t>(double(bytes.size()) * valFraction);
    if (bytes.size() < 4096 || valBytes < 1024)
        throw ConfigError(path + ": corpus of " + std::to_string(bytes.size())
                          + " bytes is too small (need at least 4 KiB and 1 KiB of validation text)");
    Corpus c;
    c.path = path;
    c.description = description;
    const size_t split = bytes.size() - valBytes;
    c.train.assign(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(split));
    c.val.assign(bytes.begin() + static_cast<std::ptrdiff_t>(split), bytes.end());
    return c;
}

std::string prepareKjvCorpus(const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::exists(path, ec) && fs::file_size(path, ec) > 1'000'000)
        return path;
    const char* candidates[] = {"/usr/bin/bible", "/usr/games/bible"};
    std::string bible;
    for (const char* c : candidates) {
        if (fs::exists(c, ec))
            bible = c;
    }
    if (bible.empty())
        throw Error("the demo corpus needs the `bible` program from Debian's bible-kjv package "
                    "(run packaging/install-deps.sh, or apt-get install bible-kjv)");
    fs::create_directories(fs::path(path).parent_path(), ec);
    const std::string tmp = path + ".tmp";
    const std::string command = bible + " -f Gen1:1-Rev22:21 > '" + tmp + "'";
    const int status = std::system(command.c_str());
    if (status != 0 || !fs::exists(tmp, ec) || fs::file_size(tmp, ec) < 1'000'000) {
        fs::remove(tmp, ec);
        throw Error("`" + command + "` failed (exit status " + std::to_string(WEXITSTATUS(status))
                    + "): is Debian's bible-kjv-text installed?");
    }
    fs::rename(tmp, path, ec);
    if (ec)
        throw IoError(path + ": cannot write corpus: " + ec.message());
    return path;
}

} // namespace qs
