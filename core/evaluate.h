#pragma once

// Validation cross-entropy on fixed held-out blocks. Include only from core .cpp files.

#include "model.h"

#include <cstdint>
#include <vector>

namespace qs {

// The held-out validation set: the first `sequences` non-overlapping blocks of `seqLen` + 1 bytes of the
// validation text (inputs = first seqLen bytes, targets = the next seqLen), identical for the trainer
// and every sweep of the run.
struct ValidationSet
{
    torch::Tensor inputs;  // [sequences, seqLen] int64
    torch::Tensor targets; // [sequences, seqLen] int64

    static ValidationSet fromBytes(const std::vector<uint8_t>& val, int sequences, int seqLen);
    int64_t tokens() const { return inputs.numel(); }
};

// Token-weighted mean next-byte cross-entropy in nats, evaluated in batches of `batchSize`.
double validationCe(TinyLm& model, const ValidationSet& set, int batchSize);

} // namespace qs
