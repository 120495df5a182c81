// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Revision names and manifests (core/formats/revision.h): the input as a folder name, as a token count
// and as a manifest (CSV or JSON), whose entries are then ordered as a trajectory.

#include "core/formats/revision.h"
#include "fuzz/fuzzutil.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string input = qs::fuzz::text(data, size);
    // Names never throw: whatever a name does not say stays empty.
    std::vector<qs::RevisionInfo> revisions {qs::parseRevisionName(input)};
    qs::parseTokenCount(input);
    const std::string path = qs::fuzz::writeFile("manifest", data, size);
    std::vector<qs::RevisionInfo> manifest;
    qs::fuzz::expectError([&] { manifest = qs::readRevisionManifest(path); });
    for (const qs::RevisionInfo& entry : manifest)
        revisions.push_back(qs::parseRevisionName(entry.path));
    qs::orderTrajectory(revisions, manifest);
    return 0;
}
