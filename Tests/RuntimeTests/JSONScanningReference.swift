#if canImport(ValuegenRuntime)
@testable import ValuegenRuntime
#endif

// The reader's string scanning and skipping as it was before they were made fast (issue 23):
// a byte at a time, escapes decoded into an array, UTF-8 checked by a validator of its own
// before a String is made, values skipped through `readObject` and `readArray`. The unit tests
// (`JSONScanningTests`) and the fuzzer (`Tests/Fuzz/JSONScanningFuzzer.swift`, which compiles
// this file with the runtime's sources) hold the fast code to it: the same value, the same end,
// the same error, offset and path.

extension JSONReader {
    /// A string value as the reference reads it.
    mutating func referenceReadString() throws(JSONError) -> String {
        skipWhitespace()
        guard offset < byteCount, byte(at: offset) == UInt8(ascii: "\"") else {
            throw fail("expected a string, found \(describeNext())")
        }
        let raw = try referenceScanRawString()
        return try referenceString(raw)
    }

    /// A member name as the reference reads it, with its String.
    mutating func referenceReadKey() throws(JSONError) -> String {
        try referenceReadString()
    }

    /// Any value, read and discarded as the reference reads it.
    mutating func referenceSkipValue() throws(JSONError) {
        skipWhitespace()
        guard offset < byteCount else { throw fail("expected a value, found the end of the document") }
        switch byte(at: offset) {
        case UInt8(ascii: "{"): try readObject { reader, _ throws(JSONError) in try reader.referenceSkipValue() }
        case UInt8(ascii: "["): try readArray { reader throws(JSONError) in try reader.referenceSkipValue() }
        case UInt8(ascii: "\""): _ = try referenceString(try referenceScanRawString())
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
        case UInt8(ascii: "n"):
            guard decodeNull() else { throw fail("expected a value, found \(describeNext())") }
        default:
            offset = try scanNumber(expecting: "a value").end
        }
    }

    /// Moves past white space a byte at a time.
    mutating func referenceSkipWhitespace() {
        while offset < byteCount, [0x20, 0x0A, 0x0D, 0x09].contains(byte(at: offset)) { offset += 1 }
    }

    private mutating func referenceScanRawString() throws(JSONError) -> (range: Range<Int>, escaped: Bool) {
        let start = offset + 1
        var index = start
        var escaped = false
        while index < byteCount {
            let byte = self.byte(at: index)
            if byte == UInt8(ascii: "\"") {
                offset = index + 1
                return (start..<index, escaped)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 2
                continue
            }
            if byte < 0x20 {
                offset = index
                throw fail("a control character (\(Self.hex(byte))) in a string must be escaped")
            }
            index += 1
        }
        offset = start - 1
        throw fail("unterminated string")
    }

    private func referenceString(_ raw: (range: Range<Int>, escaped: Bool)) throws(JSONError) -> String {
        if let invalid = referenceFirstInvalidUTF8(raw.range) {
            throw JSONError(message: "a string is not valid UTF-8", offset: invalid)
        }
        var output: [UInt8] = []
        var index = raw.range.lowerBound
        let end = raw.range.upperBound
        func failAt(_ message: String) -> JSONError { JSONError(message: message, offset: index) }
        func lone(_ scalar: UInt32) -> JSONError { failAt("a lone surrogate \\u\(String(scalar, radix: 16, uppercase: true)) in a string") }
        while index < end {
            let byte = self.byte(at: index)
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            guard index + 1 < end else { throw failAt("an escape at the end of a string") }
            let escape = self.byte(at: index + 1)
            let simple: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]
            if let decoded = simple[escape] {
                output.append(decoded)
                index += 2
                continue
            }
            guard escape == UInt8(ascii: "u") else {
                throw failAt("an invalid escape in a string: '\\' followed by \(Self.describe(byte: escape))")
            }
            var scalar = try Self.hex4(in: baseAddress, at: index + 2, end: end)
            var length = 6
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 12 <= end, self.byte(at: index + 6) == UInt8(ascii: "\\"), self.byte(at: index + 7) == UInt8(ascii: "u") else {
                    throw lone(scalar)
                }
                let low = try Self.hex4(in: baseAddress, at: index + 8, end: end)
                guard (0xDC00...0xDFFF).contains(low) else { throw lone(scalar) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                length = 12
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw lone(scalar)
            }
            output.append(contentsOf: String(Unicode.Scalar(scalar).unsafelyUnwrapped).utf8)
            index += length
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Unicode's table 3-7, a byte at a time.
    private func referenceFirstInvalidUTF8(_ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            let lead = byte(at: index)
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0x00...0x7F: index += 1; continue
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; second = 0xA0...0xBF
            case 0xED: length = 3; second = 0x80...0x9F
            case 0xE1...0xEF: length = 3
            case 0xF0: length = 4; second = 0x90...0xBF
            case 0xF4: length = 4; second = 0x80...0x8F
            case 0xF1...0xF3: length = 4
            default: return index
            }
            guard index + length <= range.upperBound, second.contains(byte(at: index + 1)) else { return index }
            for continuation in (index + 2)..<(index + length) where byte(at: continuation) & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }
}
