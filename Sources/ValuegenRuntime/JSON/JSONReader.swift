#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads JSON (RFC 8259) straight from its UTF-8 bytes into Swift values: no `Any`, no
/// `Decoder` containers, no intermediate tree. Generated `JSON` code drives it; so can you.
///
/// A reader borrows the bytes it reads; it is valid only while they are (use the
/// conveniences `init(jsonData:)` / `init(jsonBytes:)`, which arrange that).
/// Everything is checked: UTF-8, escapes (surrogate pairs included), number syntax, integer
/// ranges, nesting depth. Errors say what was expected, the byte offset and the path.
public struct JSONReader {
    private let bytes: UnsafeRawBufferPointer
    /// The byte offset of the next thing to read.
    public private(set) var offset: Int = 0
    private var depth = 0

    /// Objects and arrays nested deeper than this are refused (the reader recurses).
    public static let maximumDepth = 512

    /// A reader at the start of the bytes; they must outlive it.
    public init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    // MARK: - Whole documents

    /// Checks that nothing but white space follows the value that was read.
    public mutating func finish() throws(JSONError) {
        skipWhitespace()
        guard offset == bytes.count else {
            throw fail("expected the end of the document, found \(describeNext())")
        }
    }

    /// Moves past white space, so that ``offset`` is where the next value starts: read it
    /// before a value to point an error (`expected a UUID, found …`) at that value.
    public mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    // MARK: - Scalars

    /// Consumes a `null` when one is next.
    public mutating func decodeNull() -> Bool {
        skipWhitespace()
        guard offset + 4 <= bytes.count, bytes[offset] == UInt8(ascii: "n"), bytes[offset + 1] == UInt8(ascii: "u"),
              bytes[offset + 2] == UInt8(ascii: "l"), bytes[offset + 3] == UInt8(ascii: "l") else { return false }
        offset += 4
        return true
    }

    /// `true` or `false`.
    public mutating func readBool() throws(JSONError) -> Bool {
        skipWhitespace()
        if matchLiteral("true") { return true }
        if matchLiteral("false") { return false }
        throw fail("expected true or false, found \(describeNext())")
    }

    /// A string with its escapes decoded; its UTF-8 is checked.
    public mutating func readString() throws(JSONError) -> String {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
            throw fail("expected a string, found \(describeNext())")
        }
        return try scanString()
    }

    /// An integer in the range of `T`; a fraction or an exponent is an error.
    @inline(__always)
    public mutating func readInteger<T: FixedWidthInteger>(_ type: T.Type = T.self) throws(JSONError) -> T {
        skipWhitespace()
        let start = offset
        let number = try scanNumber(expecting: "an integer")
        guard number.isInteger else {
            offset = start
            throw fail("expected an integer, found \(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<number.end]), as: UTF8.self))")
        }
        if !number.overflowed {
            var value: T?
            if !number.negative {
                value = T(exactly: number.magnitude)
            } else if number.magnitude <= UInt64(Int64.max) + 1 {
                let negative = number.magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(number.magnitude)
                value = T(exactly: negative)
            }
            if let value {
                offset = number.end
                return value
            }
        }
        offset = start
        throw fail("\(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<number.end]), as: UTF8.self)) is out of the range of \(T.self)")
    }

    /// A number, correctly rounded; one that rounds to infinity is an error.
    public mutating func readDouble() throws(JSONError) -> Double {
        skipWhitespace()
        let start = offset
        let number = try scanNumber(expecting: "a number")
        if let exact = number.exactDouble {
            offset = number.end
            return exact
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<number.end]), as: UTF8.self)
        // The standard library's parser is correctly rounded and ignores the C locale.
        guard let value = Double(text), value.isFinite else {
            throw fail("\(text) is out of the range of Double")
        }
        offset = number.end
        return value
    }

    /// A number rounded once to a Float; one that rounds to infinity is an error.
    public mutating func readFloat() throws(JSONError) -> Float {
        skipWhitespace()
        let start = offset
        let number = try scanNumber(expecting: "a number")
        if let exact = number.exactFloat {
            offset = number.end
            return exact
        }
        // Parsed as a Float directly: through a Double it would be rounded twice, and a
        // decimal just above the midpoint of two floats could come out as the lower one.
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<number.end]), as: UTF8.self)
        guard let value = Float(text), value.isFinite else {
            throw fail("\(text) is out of the range of Float")
        }
        offset = number.end
        return value
    }

    // MARK: - Objects and arrays

    /// Reads an object, calling `body` with each member's key; `body` reads the member's value
    /// (or leaves it, and it is skipped). Errors thrown inside get the key added to their path.
    public mutating func readObject(_ body: (inout JSONReader, JSONKey) throws(JSONError) -> Void) throws(JSONError) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "{") else {
            throw fail("expected an object, found \(describeNext())")
        }
        try enter()
        offset += 1
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw fail("expected a member name, found \(describeNext())")
            }
            let key = try scanKey()
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                throw fail("expected ':' after a member name, found \(describeNext())").inside(.key(key.string))
            }
            offset += 1
            skipWhitespace()
            let valueStart = offset
            do {
                try body(&self, key)
                if offset == valueStart {
                    try skipValue()
                }
            } catch {
                throw error.inside(.key(key.string))
            }
            skipWhitespace()
            guard offset < bytes.count else { throw fail("unexpected end of the document in an object") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
            } else if bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                depth -= 1
                return
            } else {
                throw fail("expected ',' or '}' in an object, found \(describeNext())")
            }
        }
    }

    /// Reads an array, calling `body` once per element to read it.
    public mutating func readArray(_ body: (inout JSONReader) throws(JSONError) -> Void) throws(JSONError) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "[") else {
            throw fail("expected an array, found \(describeNext())")
        }
        try enter()
        offset += 1
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return
        }
        var index = 0
        while true {
            skipWhitespace()
            let elementStart = offset
            do {
                try body(&self)
                if offset == elementStart {
                    try skipValue()
                }
            } catch {
                throw error.inside(.index(index))
            }
            index += 1
            skipWhitespace()
            guard offset < bytes.count else { throw fail("unexpected end of the document in an array") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
            } else if bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                depth -= 1
                return
            } else {
                throw fail("expected ',' or ']' in an array, found \(describeNext())")
            }
        }
    }

    /// Reads and discards one value of any kind, checking it as strictly as any other.
    public mutating func skipValue() throws(JSONError) {
        skipWhitespace()
        guard offset < bytes.count else { throw fail("expected a value, found the end of the document") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): try readObject { reader, _ throws(JSONError) in try reader.skipValue() }
        case UInt8(ascii: "["): try readArray { reader throws(JSONError) in try reader.skipValue() }
        case UInt8(ascii: "\""):
            let raw = try scanRawString()
            if raw.isEscaped {
                _ = try unescape(raw.range)
            } else if !raw.isASCII {
                try validateUTF8(raw.range)
            }
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
        case UInt8(ascii: "n"):
            guard decodeNull() else { throw fail("expected a value, found \(describeNext())") }
        default:
            offset = try scanNumber(expecting: "a value").end
        }
    }

    /// An error at the current offset; generated code uses it for a missing member.
    public func error(_ message: String) -> JSONError {
        fail(message)
    }

    // MARK: - Internals

    private func fail(_ message: String) -> JSONError {
        JSONError(message: message, offset: offset)
    }

    private mutating func enter() throws(JSONError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw fail("nesting deeper than \(Self.maximumDepth) levels")
        }
    }

    private mutating func matchLiteral(_ literal: StaticString) -> Bool {
        guard hasLiteral(literal) else { return false }
        offset += literal.utf8CodeUnitCount
        return true
    }

    private func describeNext() -> String {
        guard offset < bytes.count else { return "the end of the document" }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        default: break
        }
        if hasLiteral("true") || hasLiteral("false") { return "a boolean" }
        if hasLiteral("null") { return "null" }
        var end = offset
        while end < bytes.count, end - offset < 16, isLetter(bytes[end]) { end += 1 }
        if end > offset {
            // A word that is not a literal: `tru` in a truncated document, `nan`, `undefined`.
            return "'\(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self))'"
        }
        return Self.describe(byte: bytes[offset])
    }

    private func hasLiteral(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        for index in 0..<count where bytes[offset + index] != literal.utf8Start[index] {
            return false
        }
        return true
    }

    private func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// `'x'` for a printable ASCII character, `byte 0x0A` for anything else.
    private static func describe(byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        return "byte " + hex(byte)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0x0" + digits : "0x" + digits
    }

    // MARK: Strings

    /// The string at the offset (which is at its opening quote).
    private mutating func scanString() throws(JSONError) -> String {
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
    private struct RawString {
        var range: Range<Int>
        var isEscaped: Bool
        /// Every byte below 0x80: well-formed UTF-8 without checking.
        var isASCII: Bool
    }

    private mutating func scanKey() throws(JSONError) -> JSONKey {
        // Member names are short and plain: one byte at a time beats eight at a time here.
        let start = offset + 1
        var index = start
        while index < bytes.count {
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
    private mutating func scanRawString() throws(JSONError) -> RawString {
        offset += 1
        let start = offset
        var escaped = false
        var highBits: UInt64 = 0
        let count = bytes.count
        while offset < count {
            // Eight bytes at a time while none of them is a quote, a backslash or a control
            // character: most of a document's bytes are inside strings.
            while offset + 8 <= count {
                let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                let quotes = word ^ 0x2222_2222_2222_2222
                let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
                let special = ((quotes &- 0x0101_0101_0101_0101) & ~quotes)
                    | ((backslashes &- 0x0101_0101_0101_0101) & ~backslashes)
                    | ((word &- 0x2020_2020_2020_2020) & ~word)
                if special & 0x8080_8080_8080_8080 != 0 { break }
                highBits |= word
                offset += 8
            }
            guard offset < count else { break }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let range = start..<offset
                offset += 1
                return RawString(range: range, isEscaped: escaped, isASCII: highBits & 0x8080_8080_8080_8080 == 0)
            }
            highBits |= UInt64(byte)
            if byte == UInt8(ascii: "\\") {
                escaped = true
                offset += 2
                continue
            }
            if byte < 0x20 {
                throw fail("a control character (\(Self.hex(byte))) in a string must be escaped")
            }
            offset += 1
        }
        offset = start - 1
        throw fail("unterminated string")
    }

    /// Checks the raw bytes of a string without building a String (member names, skipped
    /// strings, and strings with escapes before they are decoded: escapes are ASCII and always
    /// give whole scalars, so the raw bytes are valid exactly when the decoded ones are).
    private func validateUTF8(_ range: Range<Int>) throws(JSONError) {
        if let position = bytes.firstInvalidUTF8(in: range) {
            throw JSONError(message: "a string is not valid UTF-8", offset: position)
        }
    }

    private func unescape(_ range: Range<Int>) throws(JSONError) -> String {
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

    private func hex4(at index: Int, end: Int) throws(JSONError) -> UInt32 {
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

    private func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
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

    // MARK: Numbers

    private struct ScannedNumber {
        var end: Int
        var negative: Bool
        var magnitude: UInt64
        var overflowed: Bool
        var isInteger: Bool
        /// The decimal's digits as an integer, when there are at most 15 of them.
        var significand: UInt64?
        /// The power of ten that multiplies `significand`.
        var power: Int

        /// Clinger's fast path: a significand and a power of ten that are both exact in a
        /// Double make a correctly rounded quotient or product.
        var exactDouble: Double? {
            guard let significand, significand < (1 << 53), abs(power) <= 22 else { return nil }
            let value = power < 0 ? Double(significand) / JSONReader.powersOfTen[-power] : Double(significand) * JSONReader.powersOfTen[power]
            return negative ? -value : value
        }

        /// The same for Float (24-bit significands, powers of ten up to 10^10).
        var exactFloat: Float? {
            guard let significand, significand < (1 << 24), abs(power) <= 10 else { return nil }
            let scale = Float(JSONReader.powersOfTen[abs(power)])
            let value = power < 0 ? Float(significand) / scale : Float(significand) * scale
            return negative ? -value : value
        }
    }

    /// Checks RFC 8259's number syntax from the offset (without moving it) and gathers what
    /// the fast conversions need.
    private func scanNumber(expecting expected: String) throws(JSONError) -> ScannedNumber {
        var index = offset
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw JSONError(message: "expected a digit after '-' in a number", offset: index)
            }
        }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw fail("expected \(expected), found \(describeNext())")
        }
        var magnitude: UInt64 = 0
        var overflowed = false
        var digits = 0
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw JSONError(message: "a number cannot have a leading zero", offset: offset)
            }
            digits = 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                let (product, multiplyOverflow) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, addOverflow) = product.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
                overflowed = overflowed || multiplyOverflow || addOverflow
                magnitude = sum
                digits += 1
                index += 1
            }
        }
        var isInteger = true
        var fractionDigits = 0
        var mantissa = magnitude
        var mantissaExact = !overflowed && digits <= 15
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw JSONError(message: "expected a digit after '.' in a number", offset: index)
            }
            while index < bytes.count, isDigit(bytes[index]) {
                if mantissaExact {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] - UInt8(ascii: "0"))
                    fractionDigits += 1
                    if digits + fractionDigits > 15 { mantissaExact = false }
                }
                index += 1
            }
        }
        var exponent = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw JSONError(message: "expected a digit in the exponent of a number", offset: index)
            }
            while index < bytes.count, isDigit(bytes[index]) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        return ScannedNumber(
            end: index, negative: negative, magnitude: magnitude, overflowed: overflowed, isInteger: isInteger,
            significand: mantissaExact ? mantissa : nil, power: exponent - fractionDigits
        )
    }

    fileprivate static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

}

/// A member name as the reader found it, compared without building a String when it has no
/// escapes. Generated code switches over it: `case "userId":`.
public struct JSONKey {
    private let bytes: UnsafeRawBufferPointer
    private let unescaped: String?

    init(bytes: UnsafeRawBufferPointer, unescaped: String?) {
        self.bytes = bytes
        self.unescaped = unescaped
    }

    /// The key as a String.
    public var string: String {
        unescaped ?? String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the key is exactly the given text.
    @inline(__always)
    public func matches(_ text: StaticString) -> Bool {
        if let unescaped {
            return unescaped == text.description
        }
        let count = text.utf8CodeUnitCount
        guard count == bytes.count else { return false }
        guard count > 0, let base = bytes.baseAddress else { return true }
        return memcmp(base, text.utf8Start, count) == 0
    }

    /// Lets a `switch` over a key use string literals: `case "userId":`.
    @inline(__always)
    public static func ~= (pattern: StaticString, key: JSONKey) -> Bool {
        key.matches(pattern)
    }
}
