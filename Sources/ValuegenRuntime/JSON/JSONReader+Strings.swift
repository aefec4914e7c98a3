#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Strings: scanning, escapes (surrogate pairs included) and UTF-8.

extension JSONReader {

    /// The string at the offset (which is at its opening quote).
    @inline(__always)
    mutating func scanString() throws(JSONError) -> String {
        guard let plain = scanPlainString() else {
            return try scanStringFully()
        }
        let start = offset &+ 1
        if !plain.isASCII {
            try validateUTF8(start..<plain.end)
        }
        offset = plain.end &+ 1
        if plain.isShort, makesSmallStrings {
            return SmallString.make(low: plain.low, high: plain.high, count: plain.end &- start, isASCII: plain.isASCII)
        }
        // ASCII, or checked: the bytes are well-formed UTF-8.
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<plain.end]).bindMemory(to: UInt8.self), as: UTF8.self)
    }

    /// A string without escapes, as ``scanPlainString()`` finds it.
    struct PlainString {
        /// Where its closing quote is.
        var end: Int
        /// Every byte below 0x80: well-formed UTF-8 without checking.
        var isASCII: Bool
        /// Whether it is shorter than sixteen bytes; then `low` and `high` hold its bytes as
        /// little-endian loads give them, zeros after them.
        var isShort: Bool
        var low: UInt64
        var high: UInt64

        /// `count` is the number of the block's bytes before the quote.
        @inline(__always)
        init(end: Int, isASCII: Bool, isShort: Bool, block: SIMD16<UInt8>, count: Int) {
            self.end = end
            self.isASCII = isASCII
            self.isShort = isShort
            let words = unsafeBitCast(block, to: SIMD2<UInt64>.self)
            low = count >= 8 ? words[0] : words[0] & ((1 &<< UInt64(count &* 8)) &- 1)
            high = count <= 8 ? 0 : words[1] & ((1 &<< UInt64((count &- 8) &* 8)) &- 1)
        }
    }

    /// The common case of strings, sixteen bytes at a time, without moving the offset (which
    /// is at the opening quote): no escape, and the block of sixteen bytes that holds the
    /// closing quote inside the document. nil leaves everything else, errors included, to the
    /// full path.
    @inline(__always)
    func scanPlainString() -> PlainString? {
        let start = offset &+ 1
        var index = start
        let count = byteCount
        // While all is ASCII, a byte above it stops the scan too: then the quote found is the
        // first special byte, and what stands before it needs no check.
        while index &+ 16 <= count {
            let block = baseAddress.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let special = Self.specialBytes(block) | Self.highBytes(block)
            if special == .zero {
                index &+= 16
                continue
            }
            let first = Self.firstLane(special)
            let byte = self.byte(at: index &+ first)
            if byte == UInt8(ascii: "\"") {
                return PlainString(end: index &+ first, isASCII: true, isShort: index == start, block: block, count: first)
            }
            guard byte >= 0x80 else { return nil }
            break
        }
        // Above ASCII: the quote is the first quote, backslash or control character.
        while index &+ 16 <= count {
            let block = baseAddress.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let special = Self.specialBytes(block)
            if special == .zero {
                index &+= 16
                continue
            }
            let first = Self.firstLane(special)
            guard self.byte(at: index &+ first) == UInt8(ascii: "\"") else { return nil }
            return PlainString(end: index &+ first, isASCII: false, isShort: index == start, block: block, count: first)
        }
        return nil
    }

    /// The index of the first nonzero byte of two words (one of which is nonzero).
    @inlinable @inline(__always)
    static func firstLane(_ words: SIMD2<UInt64>) -> Int {
        words[0] != 0 ? words[0].trailingZeroBitCount &>> 3 : 8 &+ words[1].trailingZeroBitCount &>> 3
    }

    /// 0xFF in each byte of the block above ASCII, 0 in the others.
    @inlinable @inline(__always)
    static func highBytes(_ block: SIMD16<UInt8>) -> SIMD2<UInt64> {
        unsafeBitCast(unsafeBitCast(block, to: SIMD16<Int8>.self) .< SIMD16<Int8>(), to: SIMD2<UInt64>.self)
    }

    /// 0xFF in each byte of the block that is a quote, a backslash or a control character,
    /// 0 in the others; as two words, the first byte lowest.
    @inlinable @inline(__always)
    static func specialBytes(_ block: SIMD16<UInt8>) -> SIMD2<UInt64> {
        // Typed constants: written inline as `SIMD16(repeating:)` the comparisons are not
        // vectorized.
        let quotes = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
        let backslashes = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        let spaces = SIMD16<UInt8>(repeating: 0x20)
        return unsafeBitCast((block .== quotes) .| (block .== backslashes) .| (block .< spaces), to: SIMD2<UInt64>.self)
    }

    /// ``scanString()`` for strings with escapes, near the end of the document, and errors.
    @inline(never)
    mutating func scanStringFully() throws(JSONError) -> String {
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

    /// The bytes of the member name at the offset (which is at its opening quote) in the
    /// common case, and the offset after its closing quote; nil leaves everything else to
    /// ``scanKeySlowly()``, and the offset where it was.
    @inlinable @inline(__always)
    mutating func scanPlainKey() -> UnsafeRawBufferPointer? {
        // Member names are short and plain: one block of sixteen bytes holds most of them and
        // their closing quote, nothing special before it (no backslash, control character or
        // byte above ASCII).
        let start = position &+ 1
        guard start &+ 16 <= byteCount else { return nil }
        let block = baseAddress.loadUnaligned(fromByteOffset: start, as: SIMD16<UInt8>.self)
        let special = Self.specialBytes(block) | Self.highBytes(block)
        guard special != .zero else { return nil }
        let end = start &+ Self.firstLane(special)
        guard self.byte(at: end) == UInt8(ascii: "\"") else { return nil }
        position = end &+ 1
        return UnsafeRawBufferPointer(start: baseAddress + start, count: end &- start)
    }

    /// A member name of sixteen bytes or more, with bytes above ASCII or escapes, near the end
    /// of the document, or an error.
    @usableFromInline @inline(never)
    mutating func scanKeySlowly() throws(JSONError) -> JSONKey {
        if let plain = scanPlainString() {
            let start = offset &+ 1
            if !plain.isASCII {
                try validateUTF8(start..<plain.end)
            }
            offset = plain.end &+ 1
            return JSONKey(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<plain.end]), unescaped: nil)
        }
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
        let count = byteCount
        while index < count {
            // Eight bytes at a time while none of them is a quote, a backslash or a control
            // character: most of a document's bytes are inside strings.
            while index &+ 8 <= count {
                let word = baseAddress.loadUnaligned(fromByteOffset: index, as: UInt64.self)
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
            let byte = self.byte(at: index)
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
        if let invalid = bytes.firstInvalidUTF8(in: range) {
            throw JSONError(message: "a string is not valid UTF-8", offset: invalid)
        }
    }

    func unescape(_ range: Range<Int>) throws(JSONError) -> String {
        try validateUTF8(range)
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var index = range.lowerBound
        func failAt(_ message: String) -> JSONError { JSONError(message: message, offset: index) }
        while index < range.upperBound {
            let byte = self.byte(at: index)
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            guard index + 1 < range.upperBound else { throw failAt("an escape at the end of a string") }
            let escape = self.byte(at: index + 1)
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
                    guard index + 12 <= range.upperBound, self.byte(at: index + 6) == UInt8(ascii: "\\"), self.byte(at: index + 7) == UInt8(ascii: "u") else {
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
        for digitIndex in index..<(index + 4) {
            let byte = self.byte(at: digitIndex)
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONError(message: "a \\u escape needs four hexadecimal digits", offset: digitIndex)
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
