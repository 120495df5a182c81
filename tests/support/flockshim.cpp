// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A file system whose locks do not work, for tst_cluster: loaded into quantscope with LD_PRELOAD, it
// answers every flock() (QuantScope's own writer lock and HDF5's file locks alike) as an NFS mount
// without a lock manager or a Lustre mount without -o flock would:
//
//   QS_FLOCKSHIM=fail   flock fails with ENOLCK ("No locks available")
//   QS_FLOCKSHIM=hang   flock never returns (a lock manager that does not answer); a process that
//                       takes any lock hangs, which the test sees as its timeout
//
// QS_FLOCKSHIM_COUNT=F appends one line to F per flock call, so a test can check none was made.

#include <sys/file.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

extern "C" int flock(int, int)
{
    if (const char* count = std::getenv("QS_FLOCKSHIM_COUNT")) {
        if (FILE* f = std::fopen(count, "a")) {
            std::fputs("flock\n", f);
            std::fclose(f);
        }
    }
    const char* mode = std::getenv("QS_FLOCKSHIM");
    if (mode != nullptr && std::strcmp(mode, "hang") == 0) {
        for (;;)
            ::pause();
    }
    errno = ENOLCK;
    return -1;
}
