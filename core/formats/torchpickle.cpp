// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/formats/torchpickle.h"

#include "core/common/errors.h"

#include <cstring>
#include <map>
#include <memory>

namespace qs {

namespace {

struct Value;
using Ptr = std::shared_ptr<Value>;

// What the unpickler builds. Globals and storages are values like any other; only REDUCE with one
// of the known torch functions turns them into a tensor.
struct Value
{
    enum class Kind
    {
        None,
        Bool,
        Int,
        Float,
        String,
        Bytes,
        Tuple,
        List,
        Dict,
        Global,
        Storage,
        Tensor,
    };
    Kind kind = Kind::None;
    int64_t i = 0;
    double f = 0.0;
    std::string s; // String, Bytes; Global: "module.name"
    std::vector<Ptr> items;
    std::vector<std::pair<Ptr, Ptr>> dict;
    PickledTensor tensor; // Storage: dtype, storageKey, storageNumel; Tensor: all but name
};

Ptr make(Value::Kind kind)
{
    auto v = std::make_shared<Value>();
    v->kind = kind;
    return v;
}

const char* kindName(Value::Kind kind)
{
    switch (kind) {
    case Value::Kind::None:
        return "None";
    case Value::Kind::Bool:
        return "a bool";
    case Value::Kind::Int:
        return "an int";
    case Value::Kind::Float:
        return "a float";
    case Value::Kind::String:
        return "a string";
    case Value::Kind::Bytes:
        return "bytes";
    case Value::Kind::Tuple:
        return "a tuple";
    case Value::Kind::List:
        return "a list";
    case Value::Kind::Dict:
        return "a dict";
    case Value::Kind::Global:
        return "a Python global";
    case Value::Kind::Storage:
        return "a storage";
    case Value::Kind::Tensor:
        return "a tensor";
    }
    return "?";
}

// torch.<Name>Storage, as torch.save names a storage's dtype in its persistent id.
bool storageDType(const std::string& global, DType* dtype)
{
    static const std::map<std::string, DType> types = {
        {"torch.FloatStorage", DType::F32},  {"torch.HalfStorage", DType::F16}, {"torch.BFloat16Storage", DType::BF16},
        {"torch.DoubleStorage", DType::F64}, {"torch.LongStorage", DType::I64}, {"torch.IntStorage", DType::I32},
        {"torch.ShortStorage", DType::I16},  {"torch.CharStorage", DType::I8},  {"torch.ByteStorage", DType::U8},
        {"torch.BoolStorage", DType::Bool},
    };
    const auto it = types.find(global);
    if (it == types.end())
        return false;
    *dtype = it->second;
    return true;
}

bool knownFunction(const std::string& global)
{
    return global == "collections.OrderedDict" || global == "torch._utils._rebuild_tensor_v2"
        || global == "torch._utils._rebuild_tensor" || global == "torch._utils._rebuild_parameter"
        || global == "torch._utils._rebuild_parameter_with_state";
}

class Unpickler
{
public:
    Unpickler(const uint8_t* bytes, size_t size)
        : m_p(bytes)
        , m_size(size)
    {
    }

    Ptr run();

private:
    [[noreturn]] void fail(const std::string& what) const
    {
        throw FormatError("data.pkl, byte " + std::to_string(m_op) + ": " + what);
    }

    const uint8_t* take(size_t n)
    {
        if (n > m_size - m_pos)
            fail("the pickle ends in the middle of an instruction (" + std::to_string(m_size) + " bytes)");
        const uint8_t* p = m_p + m_pos;
        m_pos += n;
        return p;
    }
    uint64_t unsignedLe(size_t n)
    {
        const uint8_t* p = take(n);
        uint64_t v = 0;
        for (size_t k = 0; k < n; ++k)
            v |= uint64_t(p[k]) << (8 * k);
        return v;
    }
    std::string line()
    {
        const void* nl = std::memchr(m_p + m_pos, '\n', m_size - m_pos);
        if (!nl)
            fail("a text argument has no end of line");
        const size_t n = size_t(static_cast<const uint8_t*>(nl) - (m_p + m_pos));
        std::string s(reinterpret_cast<const char*>(take(n)), n);
        take(1);
        return s;
    }
    std::string text(uint64_t n)
    {
        if (n > m_size - m_pos)
            fail("a string of " + std::to_string(n) + " bytes runs past the end of the pickle");
        return std::string(reinterpret_cast<const char*>(take(size_t(n))), size_t(n));
    }

    void push(Ptr v)
    {
        if (m_stack.size() > (size_t(1) << 24))
            fail("the stack grows past 16 Mi entries");
        m_stack.push_back(std::move(v));
    }
    Ptr pop()
    {
        if (m_stack.size() <= (m_marks.empty() ? 0 : m_marks.back()))
            fail("an instruction pops from an empty stack");
        Ptr v = std::move(m_stack.back());
        m_stack.pop_back();
        return v;
    }
    Ptr& top()
    {
        if (m_stack.size() <= (m_marks.empty() ? 0 : m_marks.back()))
            fail("an instruction reads an empty stack");
        return m_stack.back();
    }
    std::vector<Ptr> popToMark()
    {
        if (m_marks.empty())
            fail("an instruction needs a MARK that is not there");
        const size_t mark = m_marks.back();
        m_marks.pop_back();
        std::vector<Ptr> items(std::make_move_iterator(m_stack.begin() + std::ptrdiff_t(mark)),
                               std::make_move_iterator(m_stack.end()));
        m_stack.resize(mark);
        return items;
    }
    Ptr tuple(std::vector<Ptr> items)
    {
        auto t = make(Value::Kind::Tuple);
        t->items = std::move(items);
        return t;
    }
    void setItems(Value& dict, std::vector<Ptr>& items)
    {
        if (dict.kind != Value::Kind::Dict)
            fail("SETITEM on " + std::string(kindName(dict.kind)) + ", not a dict");
        if (items.size() % 2 != 0)
            fail("SETITEMS with an odd number of keys and values");
        for (size_t k = 0; k < items.size(); k += 2)
            dict.dict.emplace_back(std::move(items[k]), std::move(items[k + 1]));
    }
    void memoize(uint64_t index)
    {
        if (index > (uint64_t(1) << 32))
            fail("memo index " + std::to_string(index) + " is absurd");
        m_memo[index] = top();
    }
    Ptr memo(uint64_t index)
    {
        const auto it = m_memo.find(index);
        if (it == m_memo.end())
            fail("memo entry " + std::to_string(index) + " is read before it is written");
        return it->second;
    }
    Ptr global(const std::string& module, const std::string& name);
    Ptr persistent(const Ptr& pid);
    Ptr reduce(const Ptr& callable, const Ptr& args);
    Ptr rebuildTensor(const std::vector<Ptr>& args, const std::string& function);

    const uint8_t* m_p;
    size_t m_size;
    size_t m_pos = 0;
    size_t m_op = 0; // offset of the instruction being run, for messages
    std::vector<Ptr> m_stack;
    std::vector<size_t> m_marks;
    std::map<uint64_t, Ptr> m_memo;
};

Ptr Unpickler::global(const std::string& module, const std::string& name)
{
    const std::string full = module + "." + name;
    DType dtype;
    if (!knownFunction(full) && !storageDType(full, &dtype)) {
        if (module == "torch" && name.size() > 7 && name.compare(name.size() - 7, 7, "Storage") == 0)
            fail("storage type " + full + " is not supported (F32, F16, BF16 and integer or bool buffers are)");
        fail("the pickle names " + full
             + ", which a state dict saved by torch.save never does: it is not a plain dict of tensors "
               "(nothing in it is run)");
    }
    auto g = make(Value::Kind::Global);
    g->s = full;
    return g;
}

// ('storage', torch.<T>Storage, key, location, numel): the record data/<key>, on any device.
Ptr Unpickler::persistent(const Ptr& pid)
{
    const auto& a = pid->items;
    if (pid->kind != Value::Kind::Tuple || a.size() < 5 || a[0]->kind != Value::Kind::String || a[0]->s != "storage")
        fail("a persistent id that is not ('storage', type, key, location, size)");
    DType dtype;
    if (a[1]->kind != Value::Kind::Global || !storageDType(a[1]->s, &dtype))
        fail("a persistent id whose storage type is not a torch storage");
    if (a[2]->kind != Value::Kind::String || a[4]->kind != Value::Kind::Int || a[4]->i < 0)
        fail("a persistent id without a storage key and size");
    auto s = make(Value::Kind::Storage);
    s->tensor.dtype = dtype;
    s->tensor.storageKey = a[2]->s;
    s->tensor.storageNumel = a[4]->i;
    return s;
}

Ptr Unpickler::rebuildTensor(const std::vector<Ptr>& args, const std::string& function)
{
    // _rebuild_tensor(storage, offset, size, stride) and _v2 (…, requires_grad, hooks[, metadata]).
    if (args.size() < 4 || args[0]->kind != Value::Kind::Storage || args[1]->kind != Value::Kind::Int
        || args[2]->kind != Value::Kind::Tuple || args[3]->kind != Value::Kind::Tuple)
        fail(function + " with arguments other than (storage, offset, size, stride, …)");
    auto t = make(Value::Kind::Tensor);
    t->tensor = args[0]->tensor;
    t->tensor.offset = args[1]->i;
    for (const auto* list : {&args[2]->items, &args[3]->items}) {
        for (const Ptr& dim : *list) {
            if (dim->kind != Value::Kind::Int)
                fail(function + " with a size or stride that is not a whole number");
            (list == &args[2]->items ? t->tensor.shape : t->tensor.stride).push_back(dim->i);
        }
    }
    if (t->tensor.shape.size() != t->tensor.stride.size())
        fail(function + " with " + std::to_string(t->tensor.shape.size()) + " sizes but "
             + std::to_string(t->tensor.stride.size()) + " strides");
    return t;
}

Ptr Unpickler::reduce(const Ptr& callable, const Ptr& args)
{
    if (callable->kind != Value::Kind::Global)
        fail("REDUCE calls " + std::string(kindName(callable->kind)));
    if (args->kind != Value::Kind::Tuple)
        fail("REDUCE with arguments that are not a tuple");
    const std::string& f = callable->s;
    if (f == "collections.OrderedDict") {
        if (!args->items.empty())
            fail("collections.OrderedDict called with arguments");
        return make(Value::Kind::Dict);
    }
    if (f == "torch._utils._rebuild_tensor_v2" || f == "torch._utils._rebuild_tensor")
        return rebuildTensor(args->items, f);
    if (f == "torch._utils._rebuild_parameter" || f == "torch._utils._rebuild_parameter_with_state") {
        if (args->items.empty() || args->items[0]->kind != Value::Kind::Tensor)
            fail(f + " without a tensor");
        return args->items[0];
    }
    fail("REDUCE calls " + f + ", which builds no tensor"); // a storage type called as a function
}

Ptr Unpickler::run()
{
    while (true) {
        m_op = m_pos;
        const uint8_t op = *take(1);
        switch (op) {
        case 0x80: // PROTO
            if (*take(1) > 5)
                fail("pickle protocol above 5");
            break;
        case 0x95: // FRAME
            take(8);
            break;
        case '.': { // STOP
            Ptr result = pop();
            if (!m_stack.empty() || !m_marks.empty())
                fail("the pickle stops with values left on its stack");
            return result;
        }
        case '(': // MARK
            m_marks.push_back(m_stack.size());
            break;
        case '0': // POP
            pop();
            break;
        case '1': // POP_MARK
            popToMark();
            break;
        case '2': // DUP
            push(top());
            break;
        case 'N':
            push(make(Value::Kind::None));
            break;
        case 0x88:   // NEWTRUE
        case 0x89: { // NEWFALSE
            auto b = make(Value::Kind::Bool);
            b->i = op == 0x88;
            push(b);
            break;
        }
        case 'J':   // BININT
        case 'K':   // BININT1
        case 'M': { // BININT2
            auto v = make(Value::Kind::Int);
            v->i = op == 'J' ? int64_t(int32_t(uint32_t(unsignedLe(4)))) : int64_t(unsignedLe(op == 'K' ? 1 : 2));
            push(v);
            break;
        }
        case 0x8a: { // LONG1
            const size_t n = *take(1);
            if (n > 8)
                fail("an integer of " + std::to_string(n) + " bytes (at most 8 are read)");
            uint64_t u = n ? unsignedLe(n) : 0;
            if (n > 0 && n < 8 && (u >> (8 * n - 1)) & 1)
                u |= ~uint64_t(0) << (8 * n); // sign-extend
            auto v = make(Value::Kind::Int);
            v->i = int64_t(u);
            push(v);
            break;
        }
        case 'G': { // BINFLOAT, big-endian
            const uint8_t* p = take(8);
            uint64_t u = 0;
            for (int k = 0; k < 8; ++k)
                u = (u << 8) | p[k];
            auto v = make(Value::Kind::Float);
            std::memcpy(&v->f, &u, 8);
            push(v);
            break;
        }
        case 'X':    // BINUNICODE
        case 0x8c:   // SHORT_BINUNICODE
        case 0x8d:   // BINUNICODE8
        case 'T':    // BINSTRING
        case 'U':    // SHORT_BINSTRING
        case 'B':    // BINBYTES
        case 'C':    // SHORT_BINBYTES
        case 0x8e: { // BINBYTES8
            const size_t width = (op == 0x8c || op == 'U' || op == 'C') ? 1 : (op == 0x8d || op == 0x8e) ? 8 : 4;
            auto v = make((op == 'B' || op == 'C' || op == 0x8e) ? Value::Kind::Bytes : Value::Kind::String);
            v->s = text(unsignedLe(width));
            push(v);
            break;
        }
        case ')':
            push(make(Value::Kind::Tuple));
            break;
        case 't':
            push(tuple(popToMark()));
            break;
        case 0x85:   // TUPLE1
        case 0x86:   // TUPLE2
        case 0x87: { // TUPLE3
            std::vector<Ptr> items(size_t(op - 0x84));
            for (size_t k = items.size(); k-- > 0;)
                items[k] = pop();
            push(tuple(std::move(items)));
            break;
        }
        case ']':
            push(make(Value::Kind::List));
            break;
        case 'l': { // LIST
            auto l = make(Value::Kind::List);
            l->items = popToMark();
            push(l);
            break;
        }
        case 'a': { // APPEND
            Ptr item = pop();
            if (top()->kind != Value::Kind::List)
                fail("APPEND to " + std::string(kindName(top()->kind)));
            top()->items.push_back(std::move(item));
            break;
        }
        case 'e': { // APPENDS
            std::vector<Ptr> items = popToMark();
            if (top()->kind != Value::Kind::List)
                fail("APPENDS to " + std::string(kindName(top()->kind)));
            for (Ptr& item : items)
                top()->items.push_back(std::move(item));
            break;
        }
        case '}':
            push(make(Value::Kind::Dict));
            break;
        case 'd': { // DICT
            std::vector<Ptr> items = popToMark();
            auto d = make(Value::Kind::Dict);
            setItems(*d, items);
            push(d);
            break;
        }
        case 's': { // SETITEM
            std::vector<Ptr> items(2);
            items[1] = pop();
            items[0] = pop();
            setItems(*top(), items);
            break;
        }
        case 'u': { // SETITEMS
            std::vector<Ptr> items = popToMark();
            setItems(*top(), items);
            break;
        }
        case 'q':
            memoize(unsignedLe(1));
            break;
        case 'r':
            memoize(unsignedLe(4));
            break;
        case 0x94: // MEMOIZE
            memoize(m_memo.size());
            break;
        case 'h':
            push(memo(unsignedLe(1)));
            break;
        case 'j':
            push(memo(unsignedLe(4)));
            break;
        case 'c': { // GLOBAL
            const std::string module = line();
            push(global(module, line()));
            break;
        }
        case 0x93: { // STACK_GLOBAL
            Ptr name = pop();
            Ptr module = pop();
            if (module->kind != Value::Kind::String || name->kind != Value::Kind::String)
                fail("STACK_GLOBAL without a module and a name");
            push(global(module->s, name->s));
            break;
        }
        case 'Q': { // BINPERSID
            Ptr pid = pop();
            push(persistent(pid));
            break;
        }
        case 'R': { // REDUCE
            Ptr args = pop();
            Ptr callable = pop();
            push(reduce(callable, args));
            break;
        }
        case 'b': { // BUILD: an OrderedDict's _metadata, a tensor's state; kept out of the result
            pop();
            const Value::Kind kind = top()->kind;
            if (kind != Value::Kind::Dict && kind != Value::Kind::Tensor)
                fail("BUILD on " + std::string(kindName(kind)));
            break;
        }
        default: {
            char hex[8];
            std::snprintf(hex, sizeof hex, "0x%02x", op);
            fail(std::string("opcode ") + hex
                 + " is not one torch.save writes for a state dict (objects, protocol-0 text and code are "
                   "refused)");
        }
        }
    }
}

} // namespace

std::vector<PickledTensor> readStateDictPickle(const uint8_t* bytes, size_t size)
{
    const Ptr root = Unpickler(bytes, size).run();
    if (root->kind != Value::Kind::Dict)
        throw FormatError(std::string("data.pkl holds ") + kindName(root->kind)
                          + ", not a state dict (a dict of names to tensors)");
    std::vector<PickledTensor> out;
    out.reserve(root->dict.size());
    for (const auto& [key, value] : root->dict) {
        if (key->kind != Value::Kind::String)
            throw FormatError(std::string("data.pkl: the state dict has a key that is ") + kindName(key->kind)
                              + ", not a tensor name");
        if (value->kind != Value::Kind::Tensor)
            throw FormatError("data.pkl: the value of '" + key->s + "' is " + kindName(value->kind)
                              + ", not a tensor: this is not a state dict");
        out.push_back(value->tensor);
        out.back().name = key->s;
    }
    return out;
}

} // namespace qs
