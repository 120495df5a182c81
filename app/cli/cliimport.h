#pragma once

// `quantscope import`: a trajectory of Hugging Face revisions (folders with config.json and safetensors
// weights) as a run of a results store, which `quantscope sweep` then quantizes like a run of the
// built-in trainer (core/data/hfrun.h). Output in English (scripts parse it).

class QCommandLineParser;

namespace qs::cli {

int cmdImport(QCommandLineParser& parser);

} // namespace qs::cli
