import Foundation
import Testing
import ValuegenRuntime

// The readers `"optimizeFor": "codeSize"` code reads a member with
// (JSONReader+MemberValues.swift): `readValue(into:)` and `readValueOrNull(into:)`, generic and
// the non-generic overloads for String, Bool, Int, Int32, Int64, Double, URL and [String], read
// exactly what the speed code's `x = try T(from: &reader)` and
// `x = try reader.decodeNull() ? nil : T(from: &reader)` read: the same value (the optional's
// previous one replaced, by nil for null), the reader left at the same byte, or the same
// error (message, offset, path), with the optional left as it was.

/// What one reading gave: the optional afterwards and where the reader stopped, or the error
/// and the optional as the error left it.
private enum Reading<T: Equatable>: Equatable {
    case value(T?, next: Int)
    case failure(JSONError, left: T?)
}

/// Reads the document's first value into an optional that held `previous`, with `read`, from a
/// reader at the document's start.
private func reading<T: Equatable>(_ json: String, previous: T?, _ read: (inout JSONReader, inout T?) throws(JSONError) -> Void) -> Reading<T> {
    Array(json.utf8).withUnsafeBytes { buffer in
        var reader = JSONReader(bytes: buffer)
        var value = previous
        do throws(JSONError) {
            try read(&reader, &value)
            return .value(value, next: reader.offset)
        } catch {
            return .failure(error, left: value)
        }
    }
}

/// The generic readers, called where `T` is only known to be `JSONDecodable`: the overloads
/// cannot be picked here.
private func genericReadValue<T: JSONDecodable>(_ reader: inout JSONReader, _ value: inout T?) throws(JSONError) {
    try reader.readValue(into: &value)
}

private func genericReadValueOrNull<T: JSONDecodable>(_ reader: inout JSONReader, _ value: inout T?) throws(JSONError) {
    try reader.readValueOrNull(into: &value)
}

/// The speed code's statements, which the readers must match.
private func referenceRead<T: JSONDecodable>(_ reader: inout JSONReader, _ value: inout T?) throws(JSONError) {
    value = try T(from: &reader)
}

private func referenceReadOrNull<T: JSONDecodable>(_ reader: inout JSONReader, _ value: inout T?) throws(JSONError) {
    value = try reader.decodeNull() ? nil : T(from: &reader)
}

/// Asserts that for each document the overload (`readValue`, `readValueOrNull`: closures that
/// call the non-generic readers, or nil where `T` has none) and the generic reader read what
/// the reference reads, from an optional that held `previous`; returns how many documents
/// read a value and how many failed, so that a test can tell it tried both.
@discardableResult
private func expectReadsAlike<T: JSONDecodable & Equatable>(
    _ documents: [String],
    previous: T,
    readValue: ((inout JSONReader, inout T?) throws(JSONError) -> Void)?,
    readValueOrNull: ((inout JSONReader, inout T?) throws(JSONError) -> Void)?,
    sourceLocation: SourceLocation = #_sourceLocation
) -> (values: Int, failures: Int) {
    var counts = (values: 0, failures: 0)
    for json in documents {
        let expected = reading(json, previous: previous, referenceRead)
        if let readValue {
            #expect(reading(json, previous: previous, readValue) == expected, "\(T.self) readValue(into:) of \(json)", sourceLocation: sourceLocation)
        }
        #expect(reading(json, previous: previous, genericReadValue) == expected, "generic readValue(into:) of \(json) as \(T.self)", sourceLocation: sourceLocation)
        let expectedOrNull = reading(json, previous: previous, referenceReadOrNull)
        if let readValueOrNull {
            #expect(reading(json, previous: previous, readValueOrNull) == expectedOrNull, "\(T.self) readValueOrNull(into:) of \(json)", sourceLocation: sourceLocation)
        }
        #expect(reading(json, previous: previous, genericReadValueOrNull) == expectedOrNull, "generic readValueOrNull(into:) of \(json) as \(T.self)", sourceLocation: sourceLocation)
        if case .value = expected {
            counts.values += 1
        } else {
            counts.failures += 1
        }
    }
    return counts
}

/// Documents every type is tried on: null, other kinds of values, broken and empty documents.
private let otherKinds = ["null", " null ", "nul", "true", "false", "0", "-12", "1.5", "\"text\"", "[]", "[1]", "{}", "{\"a\":1}", "", "   ", "]", "\"unterminated"]

@Suite("JSON member value readers (codeSize)")
struct JSONMemberValueReaderTests {
    @Test func stringsReadAsStringReadsThem() {
        let documents = otherKinds + [
            "\"plain\"", "  \"spaced\" , 1", "\"\"", "\"caf\\u00e9 \\\"quoted\\\" \\\\ \\/ \\b\\f\\n\\r\\t\"", "\"\\ud83d\\ude00\"", "\"é and 😀\"",
            "\"a string longer than fifteen bytes, so not a small one\"", "\"\\ud83d\"", "\"\\ude00\"", "\"\\x\"", "\"\\u12\"", "\"\\u12G4\"",
            "\"tab\tinside\"", "\"\u{01}\"", "\"\\\"", "\"\u{C3}\"",
        ]
        let counts = expectReadsAlike(
            documents, previous: "previous",
            readValue: { (reader: inout JSONReader, value: inout String?) throws(JSONError) in try reader.readValue(into: &value) },
            readValueOrNull: { (reader: inout JSONReader, value: inout String?) throws(JSONError) in try reader.readValueOrNull(into: &value) }
        )
        #expect(counts.values >= 8 && counts.failures >= 15, "\(counts)")
    }

    @Test func boolsReadAsBoolReadsThem() {
        let documents = otherKinds + ["true ,", "false]", "tru", "falsey", "True", "\"true\"", "1", "t"]
        let counts = expectReadsAlike(
            documents, previous: true,
            readValue: { (reader: inout JSONReader, value: inout Bool?) throws(JSONError) in try reader.readValue(into: &value) },
            readValueOrNull: { (reader: inout JSONReader, value: inout Bool?) throws(JSONError) in try reader.readValueOrNull(into: &value) }
        )
        #expect(counts.values >= 3 && counts.failures >= 15, "\(counts)")
    }

    /// Integers: their limits, one past them, fractions, exponents and bad syntax.
    private static func integerDocuments<T: FixedWidthInteger>(_ type: T.Type) -> [String] {
        otherKinds + [
            "\(T.max)", "\(T.min)", "\(T.max),", "-0", "7 ", String(T.max.magnitude.description.dropLast()) + "9", String(T.min.magnitude.description.dropLast()) + "9",
            "\(T.max.magnitude)0", "-\(T.min.magnitude)0", "1\(String(repeating: "0", count: 40))", "1.0", "1e2", "-", "01", "+1", "1x", "\"1\"",
        ]
    }

    @Test func integersReadAsTheirTypesReadThem() {
        let int = expectReadsAlike(
            Self.integerDocuments(Int.self), previous: 42,
            readValue: { (reader: inout JSONReader, value: inout Int?) throws(JSONError) in try reader.readValue(into: &value) },
            readValueOrNull: { (reader: inout JSONReader, value: inout Int?) throws(JSONError) in try reader.readValueOrNull(into: &value) }
        )
        let int32 = expectReadsAlike(
            Self.integerDocuments(Int32.self) + ["\(Int64(Int32.max) + 1)", "\(Int64(Int32.min) - 1)"], previous: Int32(42),
            readValue: { (reader: inout JSONReader, value: inout Int32?) throws(JSONError) in try reader.readValue(into: &value) },
            readValueOrNull: { (reader: inout JSONReader, value: inout Int32?) throws(JSONError) in try reader.readValueOrNull(into: &value) }
        )
        let int64 = expectReadsAlike(
            Self.integerDocuments(Int64.self) + ["9223372036854775808", "-9223372036854775809"], previous: Int64(42),
            readValue: { (reader: inout JSONReader, value: inout Int64?) throws(JSONError) in try reader.readValue(into: &value) },
            readValueOrNull: { (reader: inout JSONReader, value: inout Int64?) throws(JSONError) in try reader.readValueOrNull(into: &value) }
        )
        // A type without an overload goes through the generic readers alone.
        let int8 = expectReadsAlike(Self.integerDocuments(Int8.self) + ["128", "-129"], previous: Int8(42), readValue: nil, readValueOrNull: nil)
        for counts in [int, int32, int64, int8] {
            #expect(counts.values >= 6 && counts.failures >= 20, "\(counts)")
        }
    }

    @Test func doublesReadAsDoubleReadsThem() {
        let documents = otherKinds + [
            "0.1", "-0.0", "1e308", "1e309", "-1e309", "4.9e-324", "1e-400", "123456789012345678901234567890", "2.5E+3 ,",
            ".5", "1.", "1e", "-.5", "NaN", "Infinity", "\"1.5\"", "0x10", "1.5.5",
        ]
        let counts = expectReadsAlike(
            documents, previous: 0.25,
            readValue: { (reader: inout JSONReader, value: inout Double?) throws(JSONError) in try reader.readValue(into: &value) },
            readValueOrNull: { (reader: inout JSONReader, value: inout Double?) throws(JSONError) in try reader.readValueOrNull(into: &value) }
        )
        #expect(counts.values >= 9 && counts.failures >= 15, "\(counts)")
    }

    @Test func urlsReadAsURLReadsThem() {
        let documents = otherKinds + [
            "\"https://example.com/a/b?c=d#e\"", "\"https:\\/\\/example.com\\/escaped\"", "\"\\u0068ttps://example.com/\"", "\"relative/path\"",
            "\"https://example.com/caf\u{E9}\"", "\"\"", "\"not a url\"", "\"http://[::1\"", "\"https://exa mple.com\"", "\"%\"",
        ]
        let counts = expectReadsAlike(
            documents, previous: URL(string: "https://previous.example")!,
            readValue: { (reader: inout JSONReader, value: inout URL?) throws(JSONError) in try reader.readValue(into: &value) },
            readValueOrNull: { (reader: inout JSONReader, value: inout URL?) throws(JSONError) in try reader.readValueOrNull(into: &value) }
        )
        #expect(counts.values >= 3 && counts.failures >= 18, "\(counts)")
    }

    @Test func stringArraysReadAsTheArrayReadsThem() {
        let documents = otherKinds + [
            "[\"a\", \"b\"]", "[ ]", "[\"\\u00e9\"] ,", "[\"a\", 1]", "[\"a\", null]", "[\"a\",]", "[", "[\"a\"", "[[\"a\"]]", "\"a\"", "[\"\\x\"]",
        ]
        let counts = expectReadsAlike(
            documents, previous: ["previous"],
            readValue: { (reader: inout JSONReader, value: inout [String]?) throws(JSONError) in try reader.readValue(into: &value) },
            readValueOrNull: { (reader: inout JSONReader, value: inout [String]?) throws(JSONError) in try reader.readValueOrNull(into: &value) }
        )
        let ints = expectReadsAlike(documents + ["[1, 2]", "[1, 99999999999999999999]"], previous: [7], readValue: nil, readValueOrNull: nil)
        #expect(counts.values >= 4 && counts.failures >= 20, "\(counts)")
        #expect(ints.values >= 4 && ints.failures >= 20, "\(ints)")
    }

    /// What the comparisons rest on, said outright: a value replaces the previous one, null
    /// replaces it with nil where null is allowed and is an error where it is not, and an error
    /// leaves the optional as it was.
    @Test func aValueOrNullReplacesThePreviousValueAndAnErrorLeavesIt() {
        let readString = { (reader: inout JSONReader, value: inout String?) throws(JSONError) in try reader.readValue(into: &value) }
        let readStringOrNull = { (reader: inout JSONReader, value: inout String?) throws(JSONError) in try reader.readValueOrNull(into: &value) }
        #expect(reading("\"new\"", previous: "old", readString) == .value("new", next: 5))
        #expect(reading(" \"new\" ", previous: "old", readStringOrNull) == .value("new", next: 6))
        #expect(reading("null", previous: "old", readStringOrNull) == .value(nil, next: 4))
        #expect(reading("null", previous: "old", readString) == .failure(JSONError(message: "expected a string, found null", offset: 0), left: "old"))
        #expect(reading("12", previous: "old", readStringOrNull) == .failure(JSONError(message: "expected a string, found a number", offset: 0), left: "old"))
        #expect(reading("null", previous: 42, { (reader: inout JSONReader, value: inout Int?) throws(JSONError) in try reader.readValueOrNull(into: &value) }) == .value(nil, next: 4))
        #expect(reading("7", previous: 42, { (reader: inout JSONReader, value: inout Int?) throws(JSONError) in try reader.readValue(into: &value) }) == .value(7, next: 1))
        #expect(reading("false", previous: true, { (reader: inout JSONReader, value: inout Bool?) throws(JSONError) in try reader.readValue(into: &value) }) == .value(false, next: 5))
        #expect(reading("null", previous: ["a"], { (reader: inout JSONReader, value: inout [String]?) throws(JSONError) in try reader.readValueOrNull(into: &value) }) == .value(nil, next: 4))
        #expect(reading("null", previous: Int8(3), genericReadValueOrNull) == .value(nil, next: 4))
        #expect(reading("128", previous: Int8(3), genericReadValue) == .failure(JSONError(message: "128 is out of the range of Int8", offset: 0), left: 3))
    }
}
