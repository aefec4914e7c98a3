// What every simdjson On-Demand reader of the world-shaped documents shares: reading values
// into C++ structs, the checksum of what was read (the same sums as ModelChecksum.swift), and
// the timing loop. The readers iterate each object's fields and keep the keys their Swift model
// reads, skipping the others, so they work whatever the order of the keys, as the generated
// decoders do; an ADT's tag is found first (find_field_unordered, then reset), as the generated
// decoders find a tag that comes after its payload.
#pragma once

#include <simdjson.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace world {

using simdjson::ondemand::array;
using simdjson::ondemand::object;
using simdjson::ondemand::value;

// MARK: - Reading values (errors throw simdjson_error)

inline std::string read_string(value v) { return std::string(std::string_view(v.get_string())); }
inline int64_t read_int(value v) { return int64_t(v.get_int64()); }
inline double read_double(value v) { return double(v.get_double()); }
inline bool read_bool(value v) { return bool(v.get_bool()); }

template <typename Read>
auto read_optional(value v, Read read) -> std::optional<decltype(read(v))> {
    if (bool(v.is_null())) return std::nullopt;
    return read(v);
}

template <typename Read>
auto read_array(value v, Read read) -> std::vector<decltype(read(v))> {
    std::vector<decltype(read(v))> elements;
    elements.reserve(4);  // as the generated decoders start an array (most arrays here are short)
    for (value element : array(v.get_array())) elements.push_back(read(element));
    return elements;
}

inline std::vector<int64_t> read_ints(value v) { return read_array(v, read_int); }

/// A member name as a map key: the name itself.
inline std::string string_key(std::string_view name) { return std::string(name); }

/// A member name as a map key: the integer it holds in decimal ("138586341"), read as the
/// generated decoders read a key of a dictionary keyed by integers (Swift's `Int(_: String)`:
/// an optional sign, then ASCII digits, in range); anything else is an error.
inline int64_t integer_key(std::string_view name) {
    std::string_view digits = name;
    if (!digits.empty() && digits[0] == '+') digits.remove_prefix(1);  // from_chars takes '-' only
    int64_t key = 0;
    const char* end = digits.data() + digits.size();
    auto result = std::from_chars(digits.data(), end, key);
    if (digits.empty() || (digits.size() < name.size() && digits[0] == '-') || result.ec != std::errc() || result.ptr != end) {
        throw simdjson::simdjson_error(simdjson::INCORRECT_TYPE);
    }
    return key;
}

/// A JSON object read as a map from its member names, each made a key by `key` (`string_key`,
/// `integer_key`).
template <typename Read, typename Key = decltype(&string_key)>
auto read_map(value v, Read read, Key key = string_key)
    -> std::unordered_map<decltype(key(std::string_view())), decltype(read(v))> {
    std::unordered_map<decltype(key(std::string_view())), decltype(read(v))> map;
    for (auto field : object(v.get_object())) {
        auto name = key(std::string_view(field.unescaped_key()));
        map.emplace(std::move(name), read(field.value()));
    }
    return map;
}

/// Calls `member(key, value)` for every field of the object; a field it does not read is skipped.
template <typename Member>
void read_object(object o, Member member) {
    for (auto field : o) {
        std::string_view key = field.unescaped_key();
        member(key, field.value());
    }
}

template <typename Member>
void read_object(value v, Member member) { read_object(object(v.get_object()), member); }

/// The string member `tag` of the object, wherever it stands; the object is then read again
/// from its first field.
inline std::string_view find_tag(object& o, const char* tag) {
    std::string_view name = o.find_field_unordered(tag).get_string();
    bool has_fields = o.reset();
    (void)has_fields;
    return name;
}

/// Seconds since 1970 of an ISO 8601 date in UTC, "2011-04-22T13:33:48Z".
inline int64_t read_iso8601(value v) {
    std::string_view s = v.get_string();
    auto digits = [&](size_t at, size_t count) {
        int64_t n = 0;
        for (size_t i = at; i < at + count; i++) n = n * 10 + (s[i] - '0');
        return n;
    };
    if (s.size() != 20 || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[19] != 'Z') throw simdjson::simdjson_error(simdjson::INCORRECT_TYPE);
    int64_t y = digits(0, 4), m = digits(5, 2), d = digits(8, 2);
    // Days from civil (Howard Hinnant's algorithm).
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    int64_t days = era * 146097 + doe - 719468;
    return days * 86400 + digits(11, 2) * 3600 + digits(14, 2) * 60 + digits(17, 2);
}

// MARK: - The checksum

/// The sums ModelChecksum.swift computes over a decoded Swift model. Each struct adds its
/// fields with a `checksum_fields(Checksum&, const Struct&)` of its own.
struct Checksum {
    uint64_t strings = 0, string_hashes = 0, integers = 0, integer_sum = 0, doubles = 0, double_bits = 0;
    uint64_t trues = 0, falses = 0, nils = 0;

    void add(const std::string& text) {
        strings++;
        uint64_t hash = 0xcbf29ce484222325ull;
        for (unsigned char byte : text) hash = (hash ^ byte) * 0x100000001b3ull;
        string_hashes += hash;
    }
    void add(int64_t integer) {
        integers++;
        integer_sum += uint64_t(integer);
    }
    void add(double number) {
        uint64_t bits;
        std::memcpy(&bits, &number, sizeof bits);
        doubles++;
        double_bits += bits;
    }
    void add(bool flag) { (flag ? trues : falses)++; }
    template <typename T>
    void add(const std::optional<T>& optional) {
        if (optional) add(*optional);
        else nils++;
    }
    /// A struct that holds one of its own kind, as a Swift value with indirect storage does:
    /// absent counts as a nil, as for an optional.
    template <typename T>
    void add(const std::unique_ptr<T>& pointer) {
        if (pointer) add(*pointer);
        else nils++;
    }
    template <typename T>
    void add(const std::vector<T>& elements) {
        for (const auto& element : elements) add(element);
    }
    /// Keys and values summed, so the order of the entries does not count (Swift's Dictionary
    /// keeps none either).
    template <typename Key, typename T>
    void add(const std::unordered_map<Key, T>& map) {
        for (const auto& [key, element] : map) {
            add(key);
            add(element);
        }
    }
    template <typename Struct>
    void add(const Struct& fields) { checksum_fields(*this, fields); }
    template <typename... Values>
    void all(const Values&... values) { (add(values), ...); }

    std::string text() const {
        char line[512];
        std::snprintf(line, sizeof line,
            "strings=%" PRIu64 " string_hashes=%016" PRIx64 " integers=%" PRIu64 " integer_sum=%016" PRIx64
            " doubles=%" PRIu64 " double_bits=%016" PRIx64 " trues=%" PRIu64 " falses=%" PRIu64 " nils=%" PRIu64,
            strings, string_hashes, integers, integer_sum, doubles, double_bits, trues, falses, nils);
        return line;
    }
};

// MARK: - Timing

/// Reads the document `rounds` times with the same parser and prints the best time and the
/// checksum of what was read. The clock stops when the structs are filled; they are summed and
/// released after, untimed, as the Swift benchmark releases its decoded models (summing every
/// round also keeps the compiler from leaving out what is never looked at).
template <typename Read>
int measure(const simdjson::padded_string& json, int rounds, Read read) {
    simdjson::ondemand::parser parser;
    double best = std::numeric_limits<double>::infinity();
    std::string checksum;
    for (int round = 0; round < rounds; round++) {
        auto start = std::chrono::steady_clock::now();
        simdjson::ondemand::document document = parser.iterate(json);
        auto result = read(document);
        auto end = std::chrono::steady_clock::now();
        best = std::min(best, std::chrono::duration<double>(end - start).count());
        Checksum sums;
        sums.add(result);
        if (round > 0 && sums.text() != checksum) throw simdjson::simdjson_error(simdjson::UNEXPECTED_ERROR);
        checksum = sums.text();
    }
    std::printf("seconds %.6f\nchecksum %s\n", best, checksum.c_str());
    return 0;
}

}  // namespace world
