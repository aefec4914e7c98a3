// libFuzzer target for the JSON reader. Compiled together with the runtime's sources (not
// linked against the module), so no import of ValuegenRuntime:
//
//     swiftc -sanitize=fuzzer,address -parse-as-library -O Tests/Fuzz/JSONReaderFuzzer.swift \
//         $(find Sources/ValuegenRuntime -name '*.swift') -o /tmp/json-fuzzer
//     /tmp/json-fuzzer -max_total_time=180
//
// Tests/Fuzz/run-fuzzers.sh does this for every *Fuzzer.swift. Arbitrary bytes are read as
// several types; reading may fail (a JSONError) but never crash or read out of bounds, and
// whatever is read is written, read again and must come back equal.

import Foundation

/// A nested model written the way generated `JSON` code is.
struct FuzzRecord: JSONCodable, Equatable {
    var id: Int64 = 0
    var name = ""
    var level: UInt8 = 0
    var score: Double?
    var ratio: Float?
    var tags: [String] = []
    var payload: Data?
    var children: [FuzzRecord] = []
    var labels: [String: FuzzRecord]?

    init() {}

    init(from reader: inout JSONReader) throws(JSONError) {
        var record = FuzzRecord()
        try reader.readObject { reader, key throws(JSONError) in
            switch key {
            case "id": record.id = try reader.readInteger()
            case "name": record.name = try reader.readString()
            case "level": record.level = try reader.readInteger()
            case "score": record.score = try Double?(from: &reader)
            case "ratio": record.ratio = try Float?(from: &reader)
            case "tags": record.tags = try [String](from: &reader)
            case "payload": record.payload = try Data?(from: &reader)
            case "children": record.children = try [FuzzRecord](from: &reader)
            case "labels": record.labels = try [String: FuzzRecord]?(from: &reader)
            default: break
            }
        }
        self = record
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.writeRawKey("\"id\":")
        writer.writeInteger(id)
        writer.writeRawKey("\"name\":")
        writer.writeString(name)
        writer.writeRawKey("\"level\":")
        writer.writeInteger(level)
        writer.writeKey("score")
        score.encode(to: &writer)
        writer.writeKey("ratio")
        ratio.encode(to: &writer)
        writer.writeKey("tags")
        tags.encode(to: &writer)
        writer.writeKey("payload")
        payload.encode(to: &writer)
        writer.writeKey("children")
        children.encode(to: &writer)
        writer.writeKey("labels")
        labels.encode(to: &writer)
        writer.endObject()
    }
}

/// Any value, checked and skipped.
struct FuzzAnyValue: JSONDecodable {
    init(from reader: inout JSONReader) throws(JSONError) {
        try reader.skipValue()
    }
}

/// When the bytes read as `T`: its JSON reads back as an equal value, and writing that gives
/// the same bytes again.
@inline(never)
func checkRoundTrip<T: JSONCodable & Equatable>(_ type: T.Type, _ input: UnsafeRawBufferPointer) {
    guard let value = try? T(jsonBuffer: input) else { return }
    let written = value.jsonBytes()
    let reread: T
    do {
        reread = try T(jsonBytes: written)
    } catch {
        fatalError("\(T.self): the writer's output does not read back: \(error) in \(String(decoding: written, as: UTF8.self))")
    }
    guard reread == value else {
        fatalError("\(T.self): read back a different value from \(String(decoding: written, as: UTF8.self))")
    }
    guard reread.jsonBytes() == written else {
        fatalError("\(T.self): writing the value read back gives other bytes than \(String(decoding: written, as: UTF8.self))")
    }
}

/// Dates are written to the millisecond, so a date read with more digits comes back rounded;
/// the written text itself must read back to the same text.
@inline(never)
func checkDateRoundTrip(_ input: UnsafeRawBufferPointer) {
    guard let date = try? Date(jsonBuffer: input) else { return }
    let written = date.jsonBytes()
    let reread: Date
    do {
        reread = try Date(jsonBytes: written)
    } catch {
        fatalError("Date: the writer's output does not read back: \(error) in \(String(decoding: written, as: UTF8.self))")
    }
    let seconds = date.timeIntervalSince1970
    guard abs(reread.timeIntervalSince1970 - seconds) <= 0.0005 + 4 * seconds.ulp else {
        fatalError("Date: \(seconds) came back as \(reread.timeIntervalSince1970) from \(String(decoding: written, as: UTF8.self))")
    }
    // Far from 1970 a Double cannot hold every millisecond; closer in, the text is stable.
    if abs(seconds) < 1e11, reread.jsonBytes() != written {
        fatalError("Date: \(String(decoding: written, as: UTF8.self)) is written back as \(String(decoding: reread.jsonBytes(), as: UTF8.self))")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    _ = try? FuzzAnyValue(jsonBuffer: input)
    checkRoundTrip(Int.self, input)
    checkRoundTrip(String.self, input)
    checkRoundTrip(Float.self, input)
    checkRoundTrip([String: [Double?]].self, input)
    checkRoundTrip(FuzzRecord.self, input)
    checkRoundTrip([FuzzRecord].self, input)
    checkRoundTrip([UUID].self, input)
    checkDateRoundTrip(input)
    return 0
}
