import Foundation
import Testing
import ValuegenRuntime

// Helpers shared by the JSON tests: read a document from text, write a value as text, and
// assert the exact error a document gives.

/// Reads a whole document given as text.
func decode<T: JSONDecodable>(_ type: T.Type = T.self, _ json: String) throws(JSONError) -> T {
    try T(jsonBytes: Array(json.utf8))
}

/// The JSON text a value writes.
func encoded<T: JSONEncodable>(_ value: T) -> String {
    String(decoding: value.jsonBytes(), as: UTF8.self)
}

/// Asserts that reading the bytes as `T` throws exactly this error.
func expectError<T: JSONDecodable>(
    _ type: T.Type,
    _ bytes: [UInt8],
    _ message: String,
    at offset: Int,
    path: [JSONPathComponent] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        let value = try T(jsonBytes: bytes)
        Issue.record("expected the error \"\(message)\", read \(value)", sourceLocation: sourceLocation)
    } catch {
        #expect(error == JSONError(message: message, offset: offset, path: path), sourceLocation: sourceLocation)
    }
}

/// Asserts that reading the text as `T` throws exactly this error.
func expectError<T: JSONDecodable>(
    _ type: T.Type,
    _ json: String,
    _ message: String,
    at offset: Int,
    path: [JSONPathComponent] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectError(type, Array(json.utf8), message, at: offset, path: path, sourceLocation: sourceLocation)
}

/// Any JSON value, read and discarded with `skipValue()`: the reader's strictness without a
/// type's expectations.
struct AnyJSONValue: JSONDecodable {
    init(from reader: inout JSONReader) throws(JSONError) {
        try reader.skipValue()
    }
}

/// Arrays nested in arrays, as deep as the document goes: `[[[]]]`.
struct NestedArrays: JSONDecodable {
    var children: [NestedArrays]

    init(from reader: inout JSONReader) throws(JSONError) {
        children = try [NestedArrays](from: &reader)
    }
}

/// Objects nested in objects: `{"a":{"a":{}}}`.
struct NestedObjects: JSONDecodable {
    var members: [String: NestedObjects]

    init(from reader: inout JSONReader) throws(JSONError) {
        members = try [String: NestedObjects](from: &reader)
    }
}

/// A small deterministic generator (SplitMix64) so that sampled values are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The byte offset of the first occurrence of `needle` in `json`: offsets in expected errors
/// are found, not counted by hand.
func offset(of needle: String, in json: String) -> Int {
    let haystack = Array(json.utf8)
    let pattern = Array(needle.utf8)
    for start in 0...(haystack.count - pattern.count) where Array(haystack[start..<(start + pattern.count)]) == pattern {
        return start
    }
    fatalError("\(needle) is not in \(json)")
}
