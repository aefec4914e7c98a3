// libFuzzer target for the JSON writer's fast paths. Compiled together with the runtime's
// sources (not linked against the module), so no import of ValuegenRuntime:
//
//     Tests/Fuzz/run-fuzzers.sh 120 JSONWriter
//
// The input is read as Doubles (every eight bytes a bit pattern, and the same bytes as a
// short decimal) and as text. Each Double must be written exactly as `description` writes
// it, and the text exactly as an escaper that looks at one byte at a time writes it; the
// address sanitizer checks that the writer's word-at-a-time stores stay in its buffer.

import Foundation

/// The slow path the writer's double formatting replaces.
func describedDouble(_ value: Double) -> String {
    value.isFinite ? value.description : "null"
}

/// The slow path the writer's string escaping replaces.
func escapedOneByteAtATime(_ text: String) -> String {
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
        case 0x0A: bytes += Array(#"\n"#.utf8)
        case 0x0D: bytes += Array(#"\r"#.utf8)
        case 0x09: bytes += Array(#"\t"#.utf8)
        case 0x08: bytes += Array(#"\b"#.utf8)
        case 0x0C: bytes += Array(#"\f"#.utf8)
        case ..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            bytes += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
        default: bytes.append(byte)
        }
    }
    bytes.append(UInt8(ascii: "\""))
    return String(decoding: bytes, as: UTF8.self)
}

@inline(never)
func checkDoubles(_ values: [Double]) {
    for value in values {
        let written = String(decoding: value.jsonBytes(), as: UTF8.self)
        guard written == describedDouble(value) else {
            fatalError("Double \(value.bitPattern): wrote \(written), description is \(describedDouble(value))")
        }
    }
    let array = String(decoding: values.jsonBytes(), as: UTF8.self)
    guard array == "[" + values.map(describedDouble).joined(separator: ",") + "]" else {
        fatalError("Doubles \(values.map(\.bitPattern)): the array differs: \(array)")
    }
}

@inline(never)
func checkText(_ text: String) {
    let written = String(decoding: text.jsonBytes(), as: UTF8.self)
    guard written == escapedOneByteAtATime(text) else {
        fatalError("String \(Array(text.utf8)): wrote \(written)")
    }
    // As a key, after a member, and again after a writer that grew from nothing.
    var writer = JSONWriter(capacity: 0)
    writer.beginObject()
    writer.writeKey("a")
    writer.writeNull()
    writer.writeKey(text)
    writer.writeString(text)
    writer.endObject()
    let expected = #"{"a":null,"# + escapedOneByteAtATime(text) + ":" + escapedOneByteAtATime(text) + "}"
    guard String(decoding: writer.bytes, as: UTF8.self) == expected else {
        fatalError("String \(Array(text.utf8)) as a key: wrote \(String(decoding: writer.bytes, as: UTF8.self))")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    var doubles: [Double] = []
    var offset = 0
    while offset + 8 <= size {
        let bits = input.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        doubles.append(Double(bitPattern: bits))
        // The same bits as a decimal with up to 17 digits and 0...22 fraction digits.
        let digits = Double(Int64(bitPattern: bits) % 100_000_000_000_000_000)
        doubles.append(digits / pow(10, Double((bits >> 59) % 23)))
        offset += 8
    }
    checkDoubles(doubles)
    checkText(String(decoding: input, as: UTF8.self))
    return 0
}
