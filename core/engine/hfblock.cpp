// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A block's parameters: its linear layers and their stacks, copies and moves (hfmodel.h); the forward
// pass that uses them is hfmodel.cpp.
#include "core/engine/hfmodel.h"

#include "core/engine/compute.h"
#include "core/engine/quantizer.h"

namespace qs {

torch::Tensor HfLinear::operator()(const torch::Tensor& x) const
{
    const torch::Tensor input = act.active() ? fakeQuantizeActivations(x, act) : x;
    // One product over all tokens; a view of rows with a stride (a stack's output) is read in place.
    // Weights are kept in float32 (quantization works on them); a bfloat16 or float16 forward narrows
    // them for the product, as a model loaded in that type holds them.
    const auto rows = input.reshape({-1, input.size(-1)});
    const auto dtype = input.scalar_type();
    const auto w = weight.scalar_type() == dtype ? weight : weight.to(dtype);
    const auto y = bias.defined() ? torch::addmm(bias.to(dtype), rows, w.t()) : torch::mm(rows, w.t());
    auto sizes = input.sizes().vec();
    sizes.back() = weight.size(0);
    return y.view(sizes);
}

bool HfStack::serves(const std::vector<const HfLinear*>& layers) const
{
    if (!weight.defined() || layers.empty())
        return false;
    // Addresses in bytes: the stack may hold float32 or a narrower compute type (HfBlock::to).
    const auto* w = static_cast<const char*>(weight.data_ptr());
    const auto* b = bias.defined() ? static_cast<const char*>(bias.data_ptr()) : nullptr;
    const int64_t size = int64_t(weight.element_size());
    int64_t row = 0;
    for (const HfLinear* l : layers) {
        if (!(l->act == layers.front()->act))
            return false;
        if (!l->weight.defined() || l->weight.dim() != 2 || l->weight.size(1) != weight.size(1)
            || l->weight.scalar_type() != weight.scalar_type() || l->weight.strides() != weight.strides()
            || static_cast<const char*>(l->weight.data_ptr()) != w + row * weight.size(1) * size)
            return false;
        if (l->bias.defined() != (b != nullptr)
            || (b && static_cast<const char*>(l->bias.data_ptr()) != b + row * size))
            return false;
        row += l->weight.size(0);
    }
    return row == weight.size(0);
}

std::vector<torch::Tensor> HfStack::operator()(const std::vector<const HfLinear*>& layers, const torch::Tensor& x) const
{
    std::vector<torch::Tensor> outs;
    if (!serves(layers)) {
        for (const HfLinear* l : layers)
            outs.push_back((*l)(x));
        return outs;
    }
    const auto y = HfLinear {weight, bias, layers.front()->act}(x);
    int64_t column = 0;
    for (const HfLinear* l : layers) {
        outs.push_back(y.narrow(-1, column, l->weight.size(0)));
        column += l->weight.size(0);
    }
    return outs;
}

void HfStack::adopt(const std::vector<HfLinear*>& layers)
{
    int64_t row = 0;
    for (HfLinear* l : layers) {
        const int64_t rows = l->weight.size(0);
        l->weight = weight.narrow(0, row, rows);
        if (bias.defined())
            l->bias = bias.narrow(0, row, rows);
        row += rows;
    }
}

std::vector<std::vector<HfLinear*>> HfBlock::groups(HfFamily family)
{
    if (family == HfFamily::NeoX)
        return {{&qkv}, {&o}, {&up}, {&down}};
    if (!gate.weight.defined()) // Apertus: loadBlock leaves the gate out when the architecture has none
        return {{&q, &k, &v}, {&o}, {&up}, {&down}};
    return {{&q, &k, &v}, {&o}, {&gate, &up}, {&down}};
}

HfBlock HfBlock::clone() const
{
    HfBlock c = *this;
    // A stack is copied once and its layers made views of the copy again; a layer outside a stack (or
    // one that no longer views it) is copied on its own.
    auto cloneStack = [](HfStack& stack, const HfStack& original, const std::vector<HfLinear*>& layers,
                         const std::vector<const HfLinear*>& originals) {
        if (!original.serves(originals))
            return;
        stack.weight = original.weight.clone();
        if (original.bias.defined())
            stack.bias = original.bias.clone();
        stack.adopt(layers);
    };
    cloneStack(c.qkvStack, qkvStack, {&c.q, &c.k, &c.v}, {&q, &k, &v});
    cloneStack(c.gateUpStack, gateUpStack, {&c.gate, &c.up}, {&gate, &up});
    for (auto [l, original] : {std::pair {&c.q, &q},
                               {&c.k, &k},
                               {&c.v, &v},
                               {&c.o, &o},
                               {&c.qkv, &qkv},
                               {&c.gate, &gate},
                               {&c.up, &up},
                               {&c.down, &down}}) {
        if (l->weight.defined() && l->weight.data_ptr() == original->weight.data_ptr())
            l->weight = l->weight.clone();
        if (l->bias.defined() && l->bias.data_ptr() == original->bias.data_ptr())
            l->bias = l->bias.clone();
    }
    // The norms too: AWQ divides them in place, and the FP reference's block must keep its own.
    for (HfNorm* n : {&c.ln1, &c.ln2, &c.qNorm, &c.kNorm, &c.postAttn, &c.postFf}) {
        for (torch::Tensor* t : {&n->weight, &n->bias}) {
            if (t->defined())
                *t = t->clone();
        }
    }
    return c;
}

HfBlock HfBlock::to(const torch::Device& device, torch::ScalarType linear) const
{
    const auto norms = torch::TensorOptions().device(device).dtype(torch::kFloat32);
    const auto options = norms.dtype(linear);
    // toCompute returns a tensor that needs no change as it is: on the CPU in float32 this is a copy of
    // the block's handles only.
    auto move = [&](torch::Tensor& t, const torch::TensorOptions& to) {
        if (t.defined())
            t = toCompute(t, to);
    };
    HfBlock c = *this;
    // Stacks first, their layers made views of the moved stack again; the rest one by one.
    auto moveStack = [&](HfStack& stack, const HfStack& original, const std::vector<HfLinear*>& layers,
                         const std::vector<const HfLinear*>& originals) {
        if (!original.serves(originals)) {
            stack = {};
            return;
        }
        move(stack.weight, options);
        move(stack.bias, options);
        stack.adopt(layers);
    };
    moveStack(c.qkvStack, qkvStack, {&c.q, &c.k, &c.v}, {&q, &k, &v});
    moveStack(c.gateUpStack, gateUpStack, {&c.gate, &c.up}, {&gate, &up});
    for (HfLinear* l : {&c.q, &c.k, &c.v, &c.o, &c.qkv, &c.gate, &c.up, &c.down}) {
        if (l->weight.defined() && (l->weight.device() != device || l->weight.scalar_type() != linear)) {
            move(l->weight, options);
            move(l->bias, options);
        }
    }
    for (HfNorm* n : {&c.ln1, &c.ln2, &c.qNorm, &c.kNorm, &c.postAttn, &c.postFf}) {
        move(n->weight, norms);
        move(n->bias, norms);
    }
    move(c.postNormRotation, norms);
    c.downRotation = downRotation.to(device);
    return c;
}

namespace {

// Every defined weight and bias of the block's norms and linear layers (a stacked layer's as its view).
template<typename F>
void forEachWeight(const HfBlock& b, F&& f)
{
    for (const HfNorm* norm : {&b.ln1, &b.ln2, &b.qNorm, &b.kNorm, &b.postAttn, &b.postFf}) {
        for (const torch::Tensor* t : {&norm->weight, &norm->bias})
            if (t->defined())
                f(*t);
    }
    for (const HfLinear* l : {&b.q, &b.k, &b.v, &b.o, &b.qkv, &b.gate, &b.up, &b.down}) {
        for (const torch::Tensor* t : {&l->weight, &l->bias})
            if (t->defined())
                f(*t);
    }
}

} // namespace

std::vector<torch::Tensor> HfBlock::tensors() const
{
    std::vector<torch::Tensor> all;
    forEachWeight(*this, [&](const torch::Tensor& t) { all.push_back(t); });
    for (const HfStack* stack : {&qkvStack, &gateUpStack}) {
        for (const torch::Tensor* t : {&stack->weight, &stack->bias})
            if (t->defined())
                all.push_back(*t);
    }
    return all;
}

int64_t HfBlock::bytes() const
{
    int64_t n = 0;
    forEachWeight(*this, [&](const torch::Tensor& t) { n += t.numel() * int64_t(t.element_size()); });
    return n;
}

} // namespace qs
