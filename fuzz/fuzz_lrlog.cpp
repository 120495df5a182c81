// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Training logs that give the LR of imported revisions (core/hf/hfrun.h: readLrLog, interpolated at a
// few steps) and the described schedules of `quantscope import --lr-schedule`.

#include "core/formats/lrlog.h"
#include "fuzz/fuzzutil.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string path = qs::fuzz::writeFile("lr.csv", data, size);
    qs::fuzz::expectError([&] {
        const auto rows = qs::readLrLog(path);
        for (const double step : {-1.0, 0.0, 0.5, 1000.0, 1e18})
            qs::lrLogAt(rows, step);
        qs::lrLogAt(rows, rows[rows.size() / 2].first);
    });
    qs::fuzz::expectError([&] {
        for (const int64_t step : {int64_t(0), int64_t(10), int64_t(143000), int64_t(1) << 62})
            qs::describedScheduleLr(qs::fuzz::text(data, size), step);
    });
    return 0;
}
