// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/tokenizer/tokenizer.h"

#include "core/common/errors.h"
#include "core/common/files.h"
#include "core/tokenizer/decoder.h"
#include "core/tokenizer/normalizer.h"
#include "core/tokenizer/postprocessor.h"
#include "core/tokenizer/pretokenizer.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <limits>
#include <optional>
#include <unordered_map>

namespace qs {

namespace {

using nlohmann::json;
using tok::formatError;

struct AddedToken
{
    std::string content; // as the file spells it
    std::string pattern; // what is matched and decoded: the content, normalized when the token is "normalized"
    int32_t id = 0;
    bool lstrip = false;
    bool rstrip = false;
};

// A stretch of the text: either plain text for the pre-tokenizer or an added token.
struct Segment
{
    std::string_view text;
    int32_t id = -1; // >= 0: the added token's id
};

bool isWhitespace(char32_t c)
{
    return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680
        || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

// Finds added tokens in text, leftmost first and the longest of those starting there (as the
// tokenizers library's leftmost-longest Aho-Corasick does).
class AddedMatcher
{
public:
    void add(const AddedToken* token)
    {
        if (!token->pattern.empty())
            m_byFirstByte[static_cast<unsigned char>(token->pattern[0])].push_back(token);
    }

    void finish()
    {
        for (auto& list : m_byFirstByte)
            std::stable_sort(list.begin(), list.end(), [](const AddedToken* a, const AddedToken* b) {
                return a->pattern.size() > b->pattern.size();
            });
    }

    bool empty() const
    {
        return std::all_of(m_byFirstByte.begin(), m_byFirstByte.end(), [](const auto& list) { return list.empty(); });
    }

    // Splits the plain-text segments of `in` on the tokens, honouring lstrip / rstrip.
    void split(const std::vector<Segment>& in, std::vector<Segment>& out) const
    {
        out.clear();
        for (const Segment& segment : in) {
            if (segment.id >= 0) {
                out.push_back(segment);
                continue;
            }
            const std::string_view text = segment.text;
            size_t pieceStart = 0;
            size_t pos = 0;
            while (pos < text.size()) {
                const AddedToken* token = longestAt(text, pos);
                if (!token) {
                    ++pos;
                    continue;
                }
                // As the tokenizers library: the tokens are matched in the text as written (leftmost,
                // longest, each after the one before), then widened by their lstrip / rstrip. A token's
                // rstrip may take whitespace that begins the next match ("rstrip " + "   lstrip" with
                // " lstrip" an lstrip token): that match still counts, its text starting where the
                // previous token's ends.
                size_t begin = pos;
                size_t end = pos + token->pattern.size();
                pos = end;
                if (token->lstrip)
                    begin = stripLeft(text, pieceStart, begin);
                begin = std::max(begin, pieceStart);
                if (token->rstrip)
                    end = stripRight(text, end);
                end = std::max(end, begin);
                if (begin > pieceStart)
                    out.push_back({text.substr(pieceStart, begin - pieceStart), -1});
                out.push_back({text.substr(begin, end - begin), token->id});
                pieceStart = end;
            }
            if (pieceStart < text.size())
                out.push_back({text.substr(pieceStart), -1});
        }
    }

private:
    const AddedToken* longestAt(std::string_view text, size_t pos) const
    {
        for (const AddedToken* token : m_byFirstByte[static_cast<unsigned char>(text[pos])]) {
            if (text.compare(pos, token->pattern.size(), token->pattern) == 0)
                return token;
        }
        return nullptr;
    }

    static size_t stripLeft(std::string_view text, size_t floor, size_t begin)
    {
        while (begin > floor) {
            size_t start = begin - 1;
            while (start > floor && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80)
                --start;
            if (!isWhitespace(tok::decodeUtf8(text, start, begin - start)))
                break;
            begin = start;
        }
        return begin;
    }

    static size_t stripRight(std::string_view text, size_t end)
    {
        while (end < text.size()) {
            const size_t n = tok::utf8Length(text, end);
            if (!isWhitespace(tok::decodeUtf8(text, end, n)))
                break;
            end += n;
        }
        return end;
    }

    std::array<std::vector<const AddedToken*>, 256> m_byFirstByte;
};

struct Merge
{
    int32_t rank;
    int32_t newId;
};

// A queued merge of the symbol at `pos` with the next one.
struct Candidate
{
    int32_t rank;
    int pos;
    int32_t newId;
    bool operator<(const Candidate& other) const // "lower priority than", for the max-heap functions
    {
        return rank != other.rank ? rank > other.rank : pos > other.pos;
    }
};

// Buffers one encode() call reuses from piece to piece.
struct Scratch
{
    std::vector<int32_t> symbols;
    std::vector<int> prev, next;
    std::vector<char> removed;
    std::vector<Candidate> heap;
};

// Lets the vocabulary be searched with a string_view.
struct StringHash
{
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
};
using Vocabulary = std::unordered_map<std::string, int32_t, StringHash, std::equal_to<>>;

// A member of a JSON object, or null when absent (without copying it).
const json& member(const json& object, const char* key)
{
    static const json null;
    const auto it = object.find(key);
    return it == object.end() ? null : *it;
}

uint64_t pairKey(int32_t a, int32_t b)
{
    return (uint64_t(uint32_t(a)) << 32) | uint32_t(b);
}

bool flag(const json& object, const char* key, const std::string& origin, const std::string& where)
{
    const auto it = object.find(key);
    if (it == object.end() || it->is_null())
        return false;
    if (!it->is_boolean())
        formatError(origin, where + ": \"" + key + "\" is " + it->dump() + ", not true or false");
    return it->get<bool>();
}

int32_t tokenIdValue(const json& value, const std::string& origin, const std::string& where)
{
    if (!value.is_number_integer() || value.get<int64_t>() < 0
        || value.get<int64_t>() > std::numeric_limits<int32_t>::max())
        formatError(origin, where + ": the id " + value.dump() + " is not an integer from 0 to 2^31-1");
    return static_cast<int32_t>(value.get<int64_t>());
}

std::string hexByte(unsigned byte)
{
    char text[8];
    std::snprintf(text, sizeof text, "<0x%02X>", byte);
    return text;
}

std::string codePointName(char32_t cp)
{
    char text[16];
    std::snprintf(text, sizeof text, "U+%04X", unsigned(cp));
    return text;
}

} // namespace

struct BpeTokenizer::Private
{
    std::string origin;
    Vocabulary vocab;
    std::unordered_map<uint64_t, Merge> merges;
    std::array<int32_t, 512> charIds {}; // id of each one-character token below U+0200 (the byte symbols
                                         // end at U+0143), -1 where absent
    std::optional<int32_t> unkId;
    std::string unkToken;
    bool byteFallback = false;
    bool fuseUnk = false;
    bool ignoreMerges = false;
    std::array<int32_t, 256> fallbackIds {}; // ids of <0x00>…<0xFF>, -1 where absent

    std::vector<AddedToken> added;
    Vocabulary addedIds;
    AddedMatcher rawMatcher;        // added tokens with "normalized": false, matched in the raw text first
    AddedMatcher normalizedMatcher; // then those with "normalized": true, in the normalized text between
    std::unique_ptr<tok::Normalizer> normalizer;
    std::unique_ptr<tok::PreTokenizer> preTokenizer;
    std::unique_ptr<tok::PostProcessor> postProcessor;

    std::vector<std::string> decoded; // the bytes of each id (without a decoder chain)
    std::vector<bool> known;          // whether an id names a token
    // A decoder other than ByteLevel alone (SentencePiece-style chains): it decodes the token strings.
    std::unique_ptr<tok::Decoder> decoder;
    std::vector<std::string> tokenText; // the string of each id, with a decoder chain
    int64_t size = 0;

    void readModel(const json& model);
    void readAddedTokens(const json& tokens);
    void buildDecodeTable();
    void encodePiece(std::string_view piece, Scratch& scratch, std::vector<int32_t>& ids) const;
    void mergeAll(Scratch& scratch) const;
};

void BpeTokenizer::Private::readModel(const json& model)
{
    if (!model.is_object())
        formatError(origin, "\"model\" is missing or not an object");
    const auto type = model.find("type");
    if (type != model.end() && !type->is_null()) {
        if (!type->is_string() || type->get<std::string>() != "BPE")
            formatError(origin, "unsupported model type " + type->dump() + " (only BPE is supported)");
    } else if (!model.contains("merges")) {
        formatError(origin, "the model has no \"type\" and no \"merges\": not a BPE model");
    }
    const auto dropout = model.find("dropout");
    if (dropout != model.end() && !dropout->is_null() && !(dropout->is_number() && dropout->get<double>() == 0.0))
        formatError(origin, "BPE dropout " + dropout->dump() + " is not supported (only null)");
    for (const char* key : {"continuing_subword_prefix", "end_of_word_suffix"}) {
        const auto it = model.find(key);
        if (it != model.end() && !it->is_null() && !(it->is_string() && it->get<std::string>().empty()))
            formatError(origin, std::string("BPE ") + key + " " + it->dump() + " is not supported (only null or \"\")");
    }
    byteFallback = flag(model, "byte_fallback", origin, "model");
    fuseUnk = flag(model, "fuse_unk", origin, "model");
    ignoreMerges = flag(model, "ignore_merges", origin, "model");

    const auto vocabJson = model.find("vocab");
    if (vocabJson == model.end() || !vocabJson->is_object())
        formatError(origin, "model.vocab is missing or not an object of token → id");
    vocab.reserve(vocabJson->size());
    for (const auto& [token, id] : vocabJson->items()) {
        const int32_t value = tokenIdValue(id, origin, "model.vocab['" + token + "']");
        vocab[token] = value;
        size = std::max<int64_t>(size, int64_t(value) + 1);
    }

    const auto unk = model.find("unk_token");
    if (unk != model.end() && !unk->is_null()) {
        if (!unk->is_string())
            formatError(origin, "model.unk_token is " + unk->dump() + ", not a string");
        unkToken = unk->get<std::string>();
        // The tokenizers library reports a missing unk token only when it needs it; so does encode.
        if (const auto it = vocab.find(unkToken); it != vocab.end())
            unkId = it->second;
    }
    for (unsigned b = 0; b < 256; ++b) {
        const auto it = vocab.find(hexByte(b));
        fallbackIds[b] = it == vocab.end() ? -1 : it->second;
    }
    for (char32_t cp = 0; cp < charIds.size(); ++cp) {
        std::string character;
        tok::appendUtf8(cp, character);
        const auto it = vocab.find(character);
        charIds[cp] = it == vocab.end() ? -1 : it->second;
    }

    const auto mergesJson = model.find("merges");
    if (mergesJson == model.end() || mergesJson->is_null())
        return;
    if (!mergesJson->is_array())
        formatError(origin, "model.merges is not an array");
    merges.reserve(mergesJson->size());
    int32_t rank = 0;
    for (size_t i = 0; i < mergesJson->size(); ++i) {
        const json& entry = (*mergesJson)[i];
        const std::string where = "model.merges[" + std::to_string(i) + "]";
        std::string left, right;
        if (entry.is_string()) {
            // "a b" with exactly one space, as in merges.txt; its "#version" line may come along.
            const std::string line = entry.get<std::string>();
            if (line.rfind("#version", 0) == 0)
                continue;
            const size_t space = line.find(' ');
            if (space == std::string::npos || line.find(' ', space + 1) != std::string::npos)
                formatError(origin, where + " '" + line + "' is not two tokens separated by one space");
            left = line.substr(0, space);
            right = line.substr(space + 1);
        } else if (entry.is_array() && entry.size() == 2 && entry[0].is_string() && entry[1].is_string()) {
            left = entry[0].get<std::string>();
            right = entry[1].get<std::string>();
        } else {
            formatError(origin, where + " is " + entry.dump() + ", neither \"a b\" nor [\"a\", \"b\"]");
        }
        const auto a = vocab.find(left);
        const auto b = vocab.find(right);
        const auto merged = vocab.find(left + right);
        const std::string pair = where + " ('" + left + "' '" + right + "'): the ";
        if (a == vocab.end())
            formatError(origin, pair + "token '" + left + "' is not in the vocabulary");
        if (b == vocab.end())
            formatError(origin, pair + "token '" + right + "' is not in the vocabulary");
        if (merged == vocab.end())
            formatError(origin, pair + "merged token '" + left + right + "' is not in the vocabulary");
        // A repeated pair takes its last rank, as the library's map does.
        merges[pairKey(a->second, b->second)] = Merge {rank++, merged->second};
    }
}

void BpeTokenizer::Private::readAddedTokens(const json& tokens)
{
    if (tokens.is_null())
        return;
    if (!tokens.is_array())
        formatError(origin, "\"added_tokens\" is not an array");
    added.reserve(tokens.size());
    std::vector<bool> normalized;
    int64_t largestAdded = -1;
    for (size_t i = 0; i < tokens.size(); ++i) {
        const json& entry = tokens[i];
        const std::string where = "added_tokens[" + std::to_string(i) + "]";
        if (!entry.is_object() || !entry.contains("id") || !entry.contains("content") || !entry["content"].is_string())
            formatError(origin, where + " is not an object with \"id\" and \"content\"");
        AddedToken token;
        token.id = tokenIdValue(entry["id"], origin, where);
        token.content = entry["content"].get<std::string>();
        token.lstrip = flag(entry, "lstrip", origin, where);
        token.rstrip = flag(entry, "rstrip", origin, where);
        if (flag(entry, "single_word", origin, where))
            formatError(origin, where + " ('" + token.content + "'): \"single_word\": true is not supported");
        // The library's default: special tokens are matched in the raw text, others after normalization.
        const bool special = flag(entry, "special", origin, where);
        const auto norm = entry.find("normalized");
        const bool isNormalized =
            norm == entry.end() || norm->is_null() ? !special : flag(entry, "normalized", origin, where);
        if (token.content.empty())
            continue; // the library ignores it
        // The library does not take the ids from the file: a token of the vocabulary keeps its id, any
        // other gets the next one after the vocabulary's entries and the added tokens so far. A file
        // that says otherwise would give other ids here than there.
        const int64_t entries = int64_t(vocab.size());
        int64_t expected = 0;
        if (const auto it = addedIds.find(token.content); it != addedIds.end())
            expected = it->second;
        else if (const auto v = vocab.find(token.content); v != vocab.end())
            expected = v->second;
        else
            expected = largestAdded >= entries ? largestAdded + 1 : entries;
        if (token.id != expected)
            formatError(origin,
                        where + " ('" + token.content + "') has the id " + std::to_string(token.id)
                            + " but the tokenizers library gives it " + std::to_string(expected)
                            + " (a vocabulary token keeps its id; others follow the " + std::to_string(entries)
                            + " vocabulary entries in file order)");
        largestAdded = std::max(largestAdded, expected);
        size = std::max<int64_t>(size, int64_t(token.id) + 1);
        addedIds[token.content] = token.id;
        added.push_back(std::move(token));
        normalized.push_back(isNormalized);
    }
    // As the library: a normalized token's content goes through the normalizer before it is matched in
    // normalized text (with Lowercase, "<Mask>" matches "<mask>" and "<MASK>").
    for (size_t i = 0; i < added.size(); ++i) {
        if (normalized[i])
            normalizer->apply(added[i].content, added[i].pattern);
        else
            added[i].pattern = added[i].content;
        (normalized[i] ? normalizedMatcher : rawMatcher).add(&added[i]);
    }
    rawMatcher.finish();
    normalizedMatcher.finish();
}

void BpeTokenizer::Private::buildDecodeTable()
{
    // Ids index a table: refuse one so far past the token count that the table would be absurd.
    const int64_t tokens = int64_t(vocab.size() + added.size());
    if (size > 4 * tokens + 1024)
        formatError(origin,
                    "the largest id " + std::to_string(size - 1) + " is far past the " + std::to_string(tokens)
                        + " tokens of the file");
    decoded.assign(size_t(size), {});
    known.assign(size_t(size), false);
    const bool byteLevel = preTokenizer->byteLevel();
    // As the ByteLevel decoder: a token whose characters are all byte symbols is those bytes, any
    // other is kept as written (JSON strings are valid UTF-8, so tokens split into whole characters).
    const auto bytesOf = [&](const std::string& token) {
        if (!byteLevel)
            return token;
        std::string bytes;
        for (size_t pos = 0; pos < token.size();) {
            const size_t n = tok::utf8Length(token, pos);
            const int byte = tok::byteOfSymbol(tok::decodeUtf8(token, pos, n));
            if (byte < 0)
                return token;
            bytes += static_cast<char>(byte);
            pos += n;
        }
        return bytes;
    };
    if (decoder) {
        tokenText.assign(size_t(size), {});
        for (const auto& [token, id] : vocab)
            tokenText[size_t(id)] = token;
        for (const AddedToken& token : added)
            tokenText[size_t(token.id)] = token.pattern;
    }
    for (const auto& [token, id] : vocab) {
        known[size_t(id)] = true;
        unsigned value = 0;
        if (byteFallback && token.size() == 6 && std::sscanf(token.c_str(), "<0x%2X>", &value) == 1
            && hexByte(value) == token)
            decoded[size_t(id)].assign(1, static_cast<char>(value));
        else
            decoded[size_t(id)] = bytesOf(token);
    }
    // An added token decodes to the text it is matched as: a normalized token's content normalized,
    // as the tokenizers library (0.23) decodes it.
    for (const AddedToken& token : added) {
        decoded[size_t(token.id)] = bytesOf(token.pattern);
        known[size_t(token.id)] = true;
    }
}

void BpeTokenizer::Private::encodePiece(std::string_view piece, Scratch& scratch, std::vector<int32_t>& ids) const
{
    if (ignoreMerges) {
        if (const auto it = vocab.find(piece); it != vocab.end()) {
            ids.push_back(it->second);
            return;
        }
    }
    std::vector<int32_t>& symbols = scratch.symbols;
    symbols.clear();
    bool lastWasUnk = false;
    for (size_t pos = 0; pos < piece.size();) {
        const size_t n = tok::utf8Length(piece, pos);
        if (n == 0) // cannot happen: the text, its normalized form and every piece are valid UTF-8
            formatError(origin, "a piece of the text is not valid UTF-8 at byte " + std::to_string(pos));
        const char32_t cp = tok::decodeUtf8(piece, pos, n);
        const std::string_view character = piece.substr(pos, n);
        pos += n;
        int32_t id = -1;
        if (cp < charIds.size()) {
            id = charIds[cp];
        } else if (const auto it = vocab.find(character); it != vocab.end()) {
            id = it->second;
        }
        if (id >= 0) {
            symbols.push_back(id);
            lastWasUnk = false;
            continue;
        }
        if (byteFallback && std::all_of(character.begin(), character.end(), [&](char c) {
                return fallbackIds[static_cast<unsigned char>(c)] >= 0;
            })) {
            for (char c : character)
                symbols.push_back(fallbackIds[static_cast<unsigned char>(c)]);
            lastWasUnk = false;
            continue;
        }
        if (unkId) {
            if (!(fuseUnk && lastWasUnk))
                symbols.push_back(*unkId);
            lastWasUnk = true;
            continue;
        }
        std::string why = unkToken.empty() ? "neither unk_token nor byte_fallback is set"
                                           : "its unk_token '" + unkToken + "' is not in the vocabulary";
        if (byteFallback)
            why = "byte_fallback lacks some of its <0xXX> tokens and " + why;
        formatError(origin,
                    "no token for '" + std::string(character) + "' (" + codePointName(cp) + ") in the piece '"
                        + std::string(piece) + "': the vocabulary lacks it and " + why);
    }
    mergeAll(scratch);
    ids.insert(ids.end(), symbols.begin(), symbols.end());
}

// The tokenizers library's Word::merge_all: the pair of lowest rank first (leftmost among equal
// ranks), one merge at a time, over a linked list of symbols; queue entries made stale by an
// earlier merge are skipped.
void BpeTokenizer::Private::mergeAll(Scratch& scratch) const
{
    std::vector<int32_t>& symbols = scratch.symbols;
    const int count = static_cast<int>(symbols.size());
    if (count < 2 || merges.empty())
        return;
    std::vector<int>& prev = scratch.prev;
    std::vector<int>& next = scratch.next;
    prev.resize(symbols.size());
    next.resize(symbols.size());
    for (int i = 0; i < count; ++i) {
        prev[i] = i - 1;
        next[i] = i + 1 < count ? i + 1 : -1;
    }
    // The merge of the symbol at `pos` with the one after it, if any.
    const auto mergeAt = [&](int pos) -> const Merge* {
        if (next[pos] < 0)
            return nullptr;
        const auto it = merges.find(pairKey(symbols[pos], symbols[next[pos]]));
        return it == merges.end() ? nullptr : &it->second;
    };
    std::vector<Candidate>& heap = scratch.heap;
    heap.clear();
    for (int i = 0; i + 1 < count; ++i) {
        if (const Merge* m = mergeAt(i))
            heap.push_back({m->rank, i, m->newId});
    }
    std::make_heap(heap.begin(), heap.end());
    const auto push = [&](int pos, const Merge* m) {
        heap.push_back({m->rank, pos, m->newId});
        std::push_heap(heap.begin(), heap.end());
    };
    std::vector<char>& removed = scratch.removed;
    removed.assign(symbols.size(), 0);
    while (!heap.empty()) {
        std::pop_heap(heap.begin(), heap.end());
        const Candidate top = heap.back();
        heap.pop_back();
        if (removed[top.pos])
            continue;
        const Merge* current = mergeAt(top.pos);
        if (!current || current->newId != top.newId)
            continue; // stale: a neighbour merged since
        const int right = next[top.pos];
        symbols[top.pos] = top.newId;
        removed[right] = 1;
        next[top.pos] = next[right];
        if (next[right] >= 0)
            prev[next[right]] = top.pos;
        if (const int left = prev[top.pos]; left >= 0) {
            if (const Merge* m = mergeAt(left))
                push(left, m);
        }
        if (const Merge* m = mergeAt(top.pos))
            push(top.pos, m);
    }
    size_t out = 0;
    for (int i = 0; i < count; ++i) {
        if (!removed[i])
            symbols[out++] = symbols[i];
    }
    symbols.resize(out);
}

// ---------------------------------------------------------------------------------------------

BpeTokenizer::BpeTokenizer(std::unique_ptr<Private> d)
    : d(std::move(d))
{
}

BpeTokenizer::BpeTokenizer(BpeTokenizer&&) noexcept = default;
BpeTokenizer& BpeTokenizer::operator=(BpeTokenizer&&) noexcept = default;
BpeTokenizer::~BpeTokenizer() = default;

BpeTokenizer BpeTokenizer::fromFile(const std::string& path)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw IoError("cannot read tokenizer file '" + path + "': " + std::strerror(EISDIR));
    const std::optional<std::string> text = tryReadWholeFile(path);
    if (!text)
        throw IoError("cannot read tokenizer file '" + path + "': " + std::strerror(errno));
    return fromJson(*text, path);
}

BpeTokenizer BpeTokenizer::fromJson(const std::string& text, const std::string& origin)
{
    auto d = std::make_unique<Private>();
    d->origin = origin;
    json doc;
    try {
        doc = json::parse(text);
    } catch (const json::exception& e) {
        formatError(origin, std::string("not valid JSON: ") + e.what());
    }
    if (!doc.is_object())
        formatError(origin, "not a JSON object");

    d->normalizer = std::make_unique<tok::Normalizer>(member(doc, "normalizer"), origin);
    d->readModel(member(doc, "model"));
    d->readAddedTokens(member(doc, "added_tokens"));
    d->preTokenizer = std::make_unique<tok::PreTokenizer>(member(doc, "pre_tokenizer"), origin);
    d->postProcessor = std::make_unique<tok::PostProcessor>(member(doc, "post_processor"), origin);
    // ByteLevel alone (or no decoder) is the byte map of the decode table; anything else a chain.
    const json decoder = member(doc, "decoder");
    if (!decoder.is_null() && !(decoder.is_object() && decoder.value("type", json()) == "ByteLevel"))
        d->decoder = std::make_unique<tok::Decoder>(decoder, origin);
    d->buildDecodeTable();
    return BpeTokenizer(std::move(d));
}

std::vector<int32_t> BpeTokenizer::encodeWithSpecialTokens(std::string_view text) const
{
    return d->postProcessor->wrap(encode(text));
}

std::vector<int32_t> BpeTokenizer::encode(std::string_view text) const
{
    for (size_t pos = 0; pos < text.size();) {
        const size_t n = tok::utf8Length(text, pos);
        if (n == 0)
            formatError(d->origin, "the text to encode is not valid UTF-8 at byte " + std::to_string(pos));
        pos += n;
    }
    // As the tokenizers library: added tokens with "normalized": false are found in the raw text, the
    // text between them is normalized, then the normalized added tokens are found in that.
    std::vector<Segment> segments {{text, -1}};
    std::vector<Segment> split;
    if (!d->rawMatcher.empty()) {
        d->rawMatcher.split(segments, split);
        segments.swap(split);
    }
    std::string normalized; // the normalized text of every plain segment, one after the other
    if (!d->normalizer->identity()) {
        std::vector<std::pair<size_t, size_t>> ranges(segments.size()); // [begin, end) in `normalized`
        for (size_t i = 0; i < segments.size(); ++i) {
            if (segments[i].id >= 0)
                continue;
            ranges[i].first = normalized.size();
            d->normalizer->apply(segments[i].text, normalized);
            ranges[i].second = normalized.size();
        }
        split.clear();
        for (size_t i = 0; i < segments.size(); ++i) {
            if (segments[i].id >= 0)
                split.push_back(segments[i]);
            else if (ranges[i].second > ranges[i].first)
                split.push_back(
                    {std::string_view(normalized).substr(ranges[i].first, ranges[i].second - ranges[i].first), -1});
        }
        segments.swap(split);
    }
    if (!d->normalizedMatcher.empty()) {
        d->normalizedMatcher.split(segments, split);
        segments.swap(split);
    }
    std::vector<int32_t> ids;
    ids.reserve(text.size() / 3);
    Scratch scratch;
    const std::function<void(std::string_view)> encodePiece = [&](std::string_view piece) {
        d->encodePiece(piece, scratch, ids);
    };
    // The first segment, when it is text, begins the original text (Metaspace's prepend_scheme "first").
    for (size_t i = 0; i < segments.size(); ++i) {
        if (segments[i].id >= 0)
            ids.push_back(segments[i].id);
        else
            d->preTokenizer->split(segments[i].text, encodePiece, i == 0);
    }
    return ids;
}

std::string BpeTokenizer::decode(const std::vector<int32_t>& ids) const
{
    std::string text;
    for (size_t i = 0; i < ids.size(); ++i) {
        const int32_t id = ids[i];
        if (id < 0 || id >= d->size || !d->known[size_t(id)])
            formatError(d->origin,
                        "cannot decode id " + std::to_string(id) + " at position " + std::to_string(i)
                            + ": no token has it");
        if (!d->decoder)
            text += d->decoded[size_t(id)];
    }
    if (d->decoder) {
        std::vector<std::string> tokens;
        tokens.reserve(ids.size());
        for (const int32_t id : ids)
            tokens.push_back(d->tokenText[size_t(id)]);
        return d->decoder->decode(std::move(tokens));
    }
    return text;
}

int64_t BpeTokenizer::vocabSize() const
{
    return d->size;
}

std::optional<int32_t> BpeTokenizer::tokenId(std::string_view token) const
{
    if (const auto it = d->addedIds.find(token); it != d->addedIds.end())
        return it->second;
    if (const auto it = d->vocab.find(token); it != d->vocab.end())
        return it->second;
    return std::nullopt;
}

const std::string& BpeTokenizer::origin() const
{
    return d->origin;
}

std::string byteLevelSymbol(uint8_t byte)
{
    std::string symbol;
    tok::appendByteLevel(std::string_view(reinterpret_cast<const char*>(&byte), 1), symbol);
    return symbol;
}

} // namespace qs
