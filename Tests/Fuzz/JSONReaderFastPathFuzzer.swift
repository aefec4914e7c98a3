// fuzz-support: Tests/Fuzz/Support/ReadOutcome.swift
//
// libFuzzer target holding the JSON reader's fast paths to the paths they short-cut, on
// arbitrary bytes: numbers (Clinger, Eisel–Lemire, eight digits at a time), strings and
// member names (sixteen bytes at a time, small Strings), literals, and ADT values read in
// one pass. Each must give the same value, the same end and the same error as its full path.
// Compiled together with the runtime's sources (see run-fuzzers.sh), so it reaches internals.

@inline(never)
func expectSame<T: Equatable>(_ what: String, _ fast: Outcome<T>, _ full: Outcome<T>, _ input: UnsafeRawBufferPointer) {
    guard fast == full else {
        fatalError("\(what): the fast path gives \(fast), the full path \(full) for \(Array(input))")
    }
}

/// An ADT in one pass (as generated code reads it) or in two (as it read it before).
enum FuzzShape: Equatable {
    case circle(Double)
    case pair(Int, String)
    case empty
    indirect case nested(FuzzShape)

    init(from reader: inout JSONReader, twoPasses: Bool) throws(JSONError) {
        let type: String
        if twoPasses {
            guard let found = try reader.peekDiscriminator("type") else { throw reader.error("missing member \"type\"") }
            type = found
            self = try FuzzShape(reader: &reader, type: type, twoPasses: true)
        } else {
            self = try reader.readVariant("type", ifMissing: "missing member \"type\"") { reader, type throws(JSONError) in
                try FuzzShape(reader: &reader, type: type, twoPasses: false)
            }
        }
    }

    private init(reader: inout JSONReader, type: String, twoPasses: Bool) throws(JSONError) {
        var number: Double?
        var integer: Int?
        var text: String?
        var inner: FuzzShape?
        let body = { (reader: inout JSONReader, key: JSONKey) throws(JSONError) in
            switch key {
            case "r": number = try Double(from: &reader)
            case "i": integer = try Int(from: &reader)
            case "s": text = try String(from: &reader)
            case "n": inner = try FuzzShape(from: &reader, twoPasses: twoPasses)
            default: break
            }
        }
        // As generated code reads a case without members, and one with.
        switch (twoPasses, type == "empty") {
        case (true, true): try reader.skipValue()
        case (true, false): try reader.readObject(body)
        case (false, true): try reader.readCaseMembers { _, _ throws(JSONError) in }
        case (false, false): try reader.readCaseMembers(body)
        }
        switch type {
        case "circle":
            guard let number else { throw reader.error("missing member \"r\"") }
            self = .circle(number)
        case "pair":
            guard let integer, let text else { throw reader.error("missing member \"i\" or \"s\"") }
            self = .pair(integer, text)
        case "empty":
            self = .empty
        case "nested":
            guard let inner else { throw reader.error("missing member \"n\"") }
            self = .nested(inner)
        default:
            throw reader.error("unknown type '\(type)'")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    expectSame("readDouble",
               outcome(input) { reader throws(JSONError) in try reader.readDouble().bitPattern },
               outcome(input) { reader throws(JSONError) in
                   reader.skipWhitespace()
                   return try reader.readDoubleSlowly().bitPattern
               }, input)
    expectSame("readInteger",
               outcome(input) { reader throws(JSONError) in try reader.readInteger(Int64.self) },
               outcome(input) { reader throws(JSONError) in
                   reader.skipWhitespace()
                   let integer = try reader.readIntegerMagnitudeSlowly(positiveLimit: UInt64(Int64.max), negativeLimit: 1 << 63, typeName: "Int64")
                   return integer.negative ? Int64(truncatingIfNeeded: 0 &- integer.magnitude) : Int64(truncatingIfNeeded: integer.magnitude)
               }, input)
    expectSame("readBool",
               outcome(input) { reader throws(JSONError) in try reader.readBool() },
               outcome(input) { reader throws(JSONError) in
                   reader.skipWhitespace()
                   return try reader.readBoolSlowly()
               }, input)
    if input.first == UInt8(ascii: "\"") {
        expectSame("readString",
                   outcome(input) { reader throws(JSONError) in try reader.readString() },
                   outcome(input) { reader throws(JSONError) in try reader.scanStringInTwoPasses() }, input)
        let name = outcome(input) { reader throws(JSONError) -> [UInt8]? in reader.scanPlainKey().map { Array($0) } }
        if case .value(.some, _) = name {
            expectSame("scanPlainKey", name, outcome(input) { reader throws(JSONError) -> [UInt8]? in
                let key = try reader.scanKeySlowly()
                return key.unescaped == nil ? Array(key.bytes) : nil
            }, input)
        }
    }
    expectSame("readVariant",
               outcome(input) { reader throws(JSONError) in try FuzzShape(from: &reader, twoPasses: false) },
               outcome(input) { reader throws(JSONError) in try FuzzShape(from: &reader, twoPasses: true) }, input)
    return 0
}
