// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Training logs of runs trained elsewhere: the scalars a trainer logged per step — LR,
// training loss and anything else — read from TensorBoard event files (`events.out.tfevents.*`: TFRecord
// framing with CRC-32C, `Event` protos with `Summary.Value`s holding a `simple_value` or a one-element
// `tensor`, as tf.summary v1/v2 and torch's SummaryWriter write them), from Weights & Biases history
// exports (CSV with a `_step` column, JSON lines with a `_step` key) and from plain CSV logs (a step
// column and one column per scalar). The protobuf wire format is read by hand (protowire.h). No Qt, no
// torch.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace qs {

struct ScalarPoint
{
    int64_t step = 0;
    double value = 0.0;
};

// One logged scalar: its points sorted by step, one per step, finite values only (a NaN or ±inf value,
// an empty or "nan" cell counts as not logged at that step).
struct ScalarSeries
{
    std::string tag;
    std::vector<ScalarPoint> points;
};

struct TrainingLog
{
    std::vector<ScalarSeries> series; // sorted by tag
    std::vector<std::string> files;   // the files read, in the order read
    // Things read past that the user should hear about: a truncated last record of an event file (a
    // writer still running), non-finite values left out, text columns skipped.
    std::vector<std::string> warnings;

    const ScalarSeries* find(const std::string& tag) const; // nullptr when absent
    std::vector<std::string> tags() const;
};

// Reads a training log: a folder (every `*tfevents*` file under it, recursively, read in path order),
// a TensorBoard event file (its name holds "tfevents"), JSON lines (`.jsonl`, `.json`) or CSV (any other
// name). Where several records give one tag a value at one step, the last one read wins (a resumed
// run rewrites the steps after its checkpoint). FormatError naming the file and the byte offset, line
// or column of what is malformed; IoError when it cannot be read; FormatError when it holds no scalar.
TrainingLog readTrainingLog(const std::string& path);

// One TensorBoard event file. Each record is checked against its CRCs; a bad CRC, a malformed Event or
// TensorProto is a FormatError naming the file and the record's byte offset. A last record cut short
// (a writer still writing) is left out with a warning naming its offset; a file with no complete
// record is a FormatError. Summary values that are not scalars (histograms, images, text, tensors of
// more than one element) are skipped.
TrainingLog readTfEvents(const std::string& path);

// CSV: a header, then one row per step. The step column is the first of _step, step, global_step,
// trainer/global_step, iteration, iter (whole numbers in [0, 2^63 − 1]); every other column is a
// scalar except W&B's own (a name starting with "_": _runtime, _timestamp) and columns holding no
// number at all (text, media: skipped with a warning). Cells may be quoted ("a,b", "" for a quote).
// An empty cell, nan or NaN is a step where that scalar was not logged. FormatError naming the file,
// line, column and cell of anything else.
TrainingLog readScalarCsv(const std::string& path);

// JSON lines: one object per line with a step key (as for CSV); every other number is a scalar, nested
// objects flattened with "/" ({"train": {"loss": 2}} → train/loss); null, NaN and Infinity (as W&B
// writes them) are not logged; strings, booleans, arrays and W&B media objects (with a "_type") are
// skipped. FormatError naming the file and line.
TrainingLog readScalarJsonl(const std::string& path);

// The tags the LR and the training loss are read from. `given` non-empty: that tag, which must exist
// (ConfigError listing the log's tags). Otherwise the first present of the common names, compared
// without case — LR: lr, learning_rate, train/lr, train/learning_rate, optim/lr, optim/learning_rate,
// optim/learning_rate_group0, trainer/learning_rate, lr-AdamW, lr-Adam, lr-SGD, learning-rate, LearningRate;
// loss: train/loss, train_loss, loss, train/loss_step, train_loss_step, training_loss, train/train_loss,
// loss/train, Loss/train, train/lm_loss, lm loss — or an empty string when none is.
std::string findLrTag(const TrainingLog& log, const std::string& given = {});
std::string findLossTag(const TrainingLog& log, const std::string& given = {});

// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78) and TFRecord's masked form of it.
uint32_t crc32c(const void* data, size_t size);
uint32_t maskedCrc32c(const void* data, size_t size);

} // namespace qs
