// fuzz-support: Tests/Fuzz/Support/ReadOutcome.swift
//
// libFuzzer target for what keeps JSON as its bytes and the lenient integers, on arbitrary
// bytes. Compiled together with the runtime's sources (see run-fuzzers.sh), so it reaches
// internals and imports no ValuegenRuntime.
//
// - readRawValue: accepts exactly what skipValue accepts, with the same end and error; the raw
//   value is the input without white space around it and outside its strings, writes back
//   byte for byte, and reads again to itself.
// - readUnknownVariant: an ADT whose unknown cases are kept raw reads the same value, end and
//   error in one pass as in two (readObject and readRawValue); an unknown case's bytes are
//   the object's as they are in the input without that white space, and write back byte for
//   byte.
// - readLenientInteger: a number gives what readInteger gives; a string gives a value exactly
//   when it is an optional '-' and digits whose value fits, the value Int64(text) gives.

import Foundation

@inline(never)
func fail(_ what: String, _ input: UnsafeRawBufferPointer) -> Never {
    fatalError("\(what) for \(Array(input)) (\(String(decoding: input, as: UTF8.self)))")
}

/// An ADT with an unknown case, read in one pass (as generated code reads it) or in two.
enum FuzzMedia: Equatable {
    case image(String)
    case empty
    indirect case box(FuzzMedia)
    case unknown(UnknownCase)

    init(from reader: inout JSONReader, twoPasses: Bool) throws(JSONError) {
        if twoPasses {
            guard let type = try reader.peekDiscriminator("type") else { throw reader.error("missing member \"type\"") }
            self = try FuzzMedia(reader: &reader, type: type, twoPasses: true)
        } else {
            self = try reader.readVariant("type", ifMissing: "missing member \"type\"") { reader, type throws(JSONError) in
                try FuzzMedia(reader: &reader, type: type, twoPasses: false)
            }
        }
    }

    private init(reader: inout JSONReader, type: String, twoPasses: Bool) throws(JSONError) {
        guard type == "image" || type == "empty" || type == "box" else {
            self = .unknown(UnknownCase(tag: type, json: try twoPasses ? reader.readRawValue() : reader.readUnknownVariant()))
            return
        }
        var url: String?
        var inner: FuzzMedia?
        let body = { (reader: inout JSONReader, key: JSONKey) throws(JSONError) in
            switch key {
            case "u": url = try String(from: &reader)
            case "b": inner = try FuzzMedia(from: &reader, twoPasses: twoPasses)
            default: break
            }
        }
        if twoPasses {
            try reader.readObject(body)
        } else {
            try reader.readCaseMembers(body)
        }
        switch type {
        case "image":
            guard let url else { throw reader.error("missing member \"u\"") }
            self = .image(url)
        case "box":
            guard let inner else { throw reader.error("missing member \"b\"") }
            self = .box(inner)
        default:
            self = .empty
        }
    }

    /// The raw objects of the unknown cases inside, outermost first.
    var unknownObjects: [RawJSON] {
        switch self {
        case .unknown(let unknown): unknown.json.map { [$0] } ?? []
        case .box(let inner): inner.unknownObjects
        case .image, .empty: []
        }
    }
}

func checkRawValue(_ input: UnsafeRawBufferPointer) {
    let raw = outcome(input) { reader throws(JSONError) in try reader.readRawValue() }
    let skipped = outcome(input) { reader throws(JSONError) in
        try reader.skipValue()
        return true
    }
    switch (raw, skipped) {
    case (.value(let value, let end), .value(_, let skippedEnd)):
        guard end == skippedEnd else { fail("readRawValue ends at \(end), skipValue at \(skippedEnd)", input) }
        guard value.bytes == withoutWhiteSpace(Array(input)[..<end]) else { fail("readRawValue gives \(value)", input) }
        var writer = JSONWriter()
        writer.beginArray()
        writer.writeRaw(value)
        writer.endArray()
        guard writer.bytes == [UInt8(ascii: "[")] + value.bytes + [UInt8(ascii: "]")] else { fail("writeRaw changes \(value)", input) }
        guard (try? RawJSON(validating: value.bytes)) == value else { fail("\(value) does not read back to itself", input) }
    case (.error(let rawError), .error(let skipError)):
        guard rawError == skipError else { fail("readRawValue fails with \(rawError), skipValue with \(skipError)", input) }
    default:
        fail("readRawValue gives \(raw), skipValue \(skipped)", input)
    }
}

func checkUnknownVariants(_ input: UnsafeRawBufferPointer) {
    let onePass = outcome(input) { reader throws(JSONError) in try FuzzMedia(from: &reader, twoPasses: false) }
    let twoPasses = outcome(input) { reader throws(JSONError) in try FuzzMedia(from: &reader, twoPasses: true) }
    guard onePass == twoPasses else { fail("one pass gives \(onePass), two passes \(twoPasses)", input) }
    guard case .value(let media, _) = onePass else { return }
    for object in media.unknownObjects {
        guard withoutWhiteSpace(Array(input)).firstRange(of: object.bytes) != nil else { fail("the unknown case's \(object) is not in the input", input) }
        var writer = JSONWriter()
        object.encode(to: &writer)
        guard writer.bytes == object.bytes else { fail("\(object) writes back as other bytes", input) }
    }
}

/// The JSON text without the white space outside its strings: the bytes between a `"` that
/// opens a string and the `"` that closes it are kept, an escaped quote (after an odd number of
/// backslashes) closing nothing.
func withoutWhiteSpace(_ text: some Collection<UInt8>) -> [UInt8] {
    var kept: [UInt8] = []
    var inString = false
    var backslashes = 0
    for byte in text {
        if inString {
            if byte == UInt8(ascii: "\"") && backslashes % 2 == 0 { inString = false }
            backslashes = byte == UInt8(ascii: "\\") ? backslashes + 1 : 0
        } else if [0x20, 0x0A, 0x0D, 0x09].contains(byte) {
            continue
        } else if byte == UInt8(ascii: "\"") {
            inString = true
        }
        kept.append(byte)
    }
    return kept
}

func checkLenientInteger(_ input: UnsafeRawBufferPointer) {
    let lenient = outcome(input) { reader throws(JSONError) in try reader.readLenientInteger(Int64.self) }
    let first = input.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
    guard first == UInt8(ascii: "\"") else {
        if first == UInt8(ascii: "-") || (first.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false) {
            let strict = outcome(input) { reader throws(JSONError) in try reader.readInteger(Int64.self) }
            guard lenient == strict else { fail("readLenientInteger gives \(lenient), readInteger \(strict)", input) }
        } else if case .value = lenient {
            fail("readLenientInteger reads \(lenient) from neither a number nor a string", input)
        }
        return
    }
    let string = outcome(input) { reader throws(JSONError) in try reader.readString() }
    switch (lenient, string) {
    case (.value(let value, let end), .value(let text, let stringEnd)):
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard end == stringEnd, !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              Int64(text) == value else {
            fail("readLenientInteger reads \(value) from \"\(text)\"", input)
        }
    case (.error, .value(let text, _)):
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        if !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), Int64(text) != nil {
            fail("readLenientInteger refuses \"\(text)\", which holds an Int64", input)
        }
    case (.value, .error):
        fail("readLenientInteger reads \(lenient) from a string that does not read", input)
    case (.error, .error):
        break
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    checkRawValue(input)
    checkUnknownVariants(input)
    checkLenientInteger(input)
    return 0
}
