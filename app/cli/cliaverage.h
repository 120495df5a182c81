#pragma once

class QCommandLineParser;

namespace qs::cli {

// `quantscope average`: LAWA over a run (--lawa RUN --window K [--stride S]) or a soup of chosen
// checkpoints (--soup NAME --of RUN@STEP[*WEIGHT] ...), written as new runs of the store.
int cmdAverage(QCommandLineParser& parser);

} // namespace qs::cli
