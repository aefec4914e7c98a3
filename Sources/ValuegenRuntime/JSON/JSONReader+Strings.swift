#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Strings: scanning, escapes (surrogate pairs included) and UTF-8.

extension JSONReader {

    /// The string at the offset (which is at its opening quote).
    mutating func scanString() throws(JSONError) -> String {
        let raw = try scanRawString()
        if raw.isEscaped {
            return try unescape(raw.range)
        }
        if !raw.isASCII {
            try validateUTF8(raw.range)
        }
        // ASCII, or checked: the bytes are well-formed UTF-8.
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[raw.range]).bindMemory(to: UInt8.self), as: UTF8.self)
    }

    /// Where a string's contents are, and what a caller needs to know to read them.
    struct RawString {
        var range: Range<Int>
        var isEscaped: Bool
        /// Every byte below 0x80: well-formed UTF-8 without checking.
        var isASCII: Bool
    }

    @inline(__always)
    mutating func scanKey() throws(JSONError) -> JSONKey {
        // Member names are short and plain: eight bytes at a time finds the closing quote of
        // most in one step, the bytes before it being neither a backslash, a control character
        // nor above ASCII; anything else takes the full path.
        let start = offset + 1
        var index = start
        let count = bytes.count
        while index + 8 <= count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian
            let quotes = word ^ 0x2222_2222_2222_2222
            let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
            let quoteBits = (quotes &- 0x0101_0101_0101_0101) & ~quotes & 0x8080_8080_8080_8080
            let otherBits = (((backslashes &- 0x0101_0101_0101_0101) & ~backslashes)
                | (word &- 0x2020_2020_2020_2020) | word) & 0x8080_8080_8080_8080
            if quoteBits == 0 {
                if otherBits != 0 { break }
                index += 8
                continue
            }
            // The first quote, if nothing special stands before it. (The borrows of the
            // subtractions only reach bytes after a match, so the lowest bit is exact.)
            let quote = quoteBits.trailingZeroBitCount
            if otherBits & ((1 << quote) &- 1) != 0 { break }
            index += quote >> 3
            offset = index + 1
            return JSONKey(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), unescaped: nil)
        }
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                offset = index + 1
                return JSONKey(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), unescaped: nil)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 {
                break
            }
            index += 1
        }
        return try scanKeySlowly()
    }

    /// A member name with escapes, bytes above ASCII or an error.
    @inline(never)
    mutating func scanKeySlowly() throws(JSONError) -> JSONKey {
        let raw = try scanRawString()
        if raw.isEscaped {
            return JSONKey(bytes: UnsafeRawBufferPointer(rebasing: bytes[raw.range]), unescaped: try unescape(raw.range))
        }
        if !raw.isASCII {
            try validateUTF8(raw.range)
        }
        return JSONKey(bytes: UnsafeRawBufferPointer(rebasing: bytes[raw.range]), unescaped: nil)
    }

    /// Moves past a string, checking escapes' syntax and control characters; returns the
    /// range of its contents and whether it has escapes. UTF-8 is checked by the caller.
    @inline(__always)
    mutating func scanRawString() throws(JSONError) -> RawString {
        let start = offset + 1
        // A local index, stored back once: the loop then keeps it in a register.
        var index = start
        var escaped = false
        var highBits: UInt64 = 0
        let count = bytes.count
        while index < count {
            // Eight bytes at a time while none of them is a quote, a backslash or a control
            // character: most of a document's bytes are inside strings.
            while index &+ 8 <= count {
                let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let quotes = word ^ 0x2222_2222_2222_2222
                let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
                let special = ((quotes &- 0x0101_0101_0101_0101) & ~quotes)
                    | ((backslashes &- 0x0101_0101_0101_0101) & ~backslashes)
                    | ((word &- 0x2020_2020_2020_2020) & ~word)
                if special & 0x8080_8080_8080_8080 != 0 { break }
                highBits |= word
                index &+= 8
            }
            guard index < count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                offset = index + 1
                return RawString(range: start..<index, isEscaped: escaped, isASCII: highBits & 0x8080_8080_8080_8080 == 0)
            }
            highBits |= UInt64(byte)
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

    /// Checks the raw bytes of a string without building a String (member names, skipped
    /// strings, and strings with escapes before they are decoded: escapes are ASCII and always
    /// give whole scalars, so the raw bytes are valid exactly when the decoded ones are).
    func validateUTF8(_ range: Range<Int>) throws(JSONError) {
        if let position = bytes.firstInvalidUTF8(in: range) {
            throw JSONError(message: "a string is not valid UTF-8", offset: position)
        }
    }

    func unescape(_ range: Range<Int>) throws(JSONError) -> String {
        try validateUTF8(range)
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var index = range.lowerBound
        func failAt(_ message: String) -> JSONError { JSONError(message: message, offset: index) }
        while index < range.upperBound {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            guard index + 1 < range.upperBound else { throw failAt("an escape at the end of a string") }
            let escape = bytes[index + 1]
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                output.append(escape)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(at: index + 2, end: range.upperBound)
                var length = 6
                if (0xD800...0xDBFF).contains(scalar) {
                    guard index + 12 <= range.upperBound, bytes[index + 6] == UInt8(ascii: "\\"), bytes[index + 7] == UInt8(ascii: "u") else {
                        throw failAt("a lone surrogate \\u\(String(scalar, radix: 16, uppercase: true)) in a string")
                    }
                    let low = try hex4(at: index + 8, end: range.upperBound)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw failAt("a lone surrogate \\u\(String(scalar, radix: 16, uppercase: true)) in a string")
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    length = 12
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw failAt("a lone surrogate \\u\(String(scalar, radix: 16, uppercase: true)) in a string")
                }
                appendUTF8(scalar, to: &output)
                index += length
                continue
            default:
                throw failAt("an invalid escape in a string: '\\' followed by \(Self.describe(byte: escape))")
            }
            index += 2
        }
        return String(decoding: output, as: UTF8.self)
    }

    func hex4(at index: Int, end: Int) throws(JSONError) -> UInt32 {
        guard index + 4 <= end else { throw JSONError(message: "a \\u escape needs four hexadecimal digits", offset: index) }
        var value: UInt32 = 0
        for position in index..<(index + 4) {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONError(message: "a \\u escape needs four hexadecimal digits", offset: position)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | (scalar >> 6)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | (scalar >> 12)))
            output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            output.append(UInt8(0xF0 | (scalar >> 18)))
            output.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }
}
