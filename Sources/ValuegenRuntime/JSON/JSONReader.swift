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
    let bytes: UnsafeRawBufferPointer
    /// The byte offset of the next thing to read.
    public internal(set) var offset: Int = 0
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

    func fail(_ message: String) -> JSONError {
        JSONError(message: message, offset: offset)
    }

    mutating func enter() throws(JSONError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw fail("nesting deeper than \(Self.maximumDepth) levels")
        }
    }

    mutating func matchLiteral(_ literal: StaticString) -> Bool {
        guard hasLiteral(literal) else { return false }
        offset += literal.utf8CodeUnitCount
        return true
    }

    func describeNext() -> String {
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

    func hasLiteral(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        for index in 0..<count where bytes[offset + index] != literal.utf8Start[index] {
            return false
        }
        return true
    }

    func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// `'x'` for a printable ASCII character, `byte 0x0A` for anything else.
    static func describe(byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        return "byte " + hex(byte)
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0x0" + digits : "0x" + digits
    }
}
