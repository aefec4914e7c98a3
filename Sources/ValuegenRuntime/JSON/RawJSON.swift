/// The bytes of one JSON value as written, without the white space between its tokens, checked
/// as ``JSONReader`` checks what it reads: what an ADT's unknown case keeps of the content it
/// did not understand, so that writing the value gives back what was read, compactly.
///
/// Two values are equal when their bytes are: `{"a":1}` and `{"a": 1}` are the same value, read
/// from an indented document or a compact one; `{"a":1.0}` and `{"a":1}`, or `{"a":1,"b":2}` and
/// `{"b":2,"a":1}`, are different values. Strings keep their escapes as written.
public struct RawJSON: Hashable, Sendable, CustomStringConvertible {
    /// The value's UTF-8 bytes, without white space outside its strings.
    public var bytes: [UInt8]

    /// The value that `bytes` hold; an error unless they are exactly one JSON value, with white
    /// space around and between its tokens at most (which is dropped).
    public init(validating bytes: some Collection<UInt8>) throws(JSONError) {
        let contiguous = Array(bytes)
        let result: Result<RawJSON, JSONError> = contiguous.withUnsafeBytes { buffer in
            Result { () throws(JSONError) in
                var reader = JSONReader(bytes: buffer)
                let value = try reader.readRawValue()
                try reader.finish()
                return value
            }
        }
        self = try result.get()
    }

    /// The value that the JSON text `string` holds; an error unless it is exactly one JSON value.
    public init(_ string: String) throws(JSONError) {
        try self.init(validating: string.utf8)
    }

    /// Bytes already checked by a reader.
    init(checkedBytes bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The JSON text.
    public var description: String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// How many objects and arrays are open at once, at most, in the value: the levels it adds
    /// where it is written.
    var nestingDepth: Int {
        var deepest = 0
        var depth = 0
        var strings = JSONStringTracker()
        for byte in bytes where !strings.isInString(byte) {
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                deepest = Swift.max(deepest, depth)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            default:
                break
            }
        }
        return deepest
    }
}

extension RawJSON: JSONCodable {
    /// Any JSON value, as ``JSONReader/readRawValue()`` reads it.
    public init(from reader: inout JSONReader) throws(JSONError) {
        self = try reader.readRawValue()
    }

    /// The value's bytes, as they are.
    public func encode(to writer: inout JSONWriter) {
        writer.writeRaw(self)
    }
}

extension JSONReader {
    /// The bytes of the value at the reader's position without white space (around it and
    /// between its tokens), checked as ``skipValue()`` checks a value: strings' UTF-8 and
    /// escapes, numbers' syntax (a number beyond `Double`'s range is kept as written), nesting
    /// depth. The reader is moved past the value.
    public mutating func readRawValue() throws(JSONError) -> RawJSON {
        skipWhitespace()
        let start = position
        try skipValue()
        return RawJSON(compacting: UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
    }

    /// In the body of ``readVariant(_:ifMissing:_:)``, for a case name the body does not know:
    /// the bytes of the whole object, the discriminator member included, instead of an error.
    /// The body then returns its value for an unknown case, which `readVariant` returns.
    ///
    /// Read in one pass, the object's other members are read from where the discriminator
    /// ends, and a repeated discriminator sends the object to the two passes, as
    /// ``readCaseMembers(_:)`` does; read in two passes, the reader is at the object's start
    /// and reads it whole. Either way, the bytes and the errors are the same. Outside a
    /// variant's body it is ``readRawValue()``.
    public mutating func readUnknownVariant() throws(JSONError) -> RawJSON {
        guard let variant = openVariant else {
            return try readRawValue()
        }
        try readCaseMembers { _, _ throws(JSONError) in }
        return RawJSON(compacting: UnsafeRawBufferPointer(rebasing: bytes[variant.objectStart..<position]))
    }
}

extension RawJSON {
    /// The bytes of a value a reader has checked, without the white space between its tokens:
    /// an indented document and a compact one give the same value (as Coding gives, through
    /// `JSONWriter`), and the value is written back compactly.
    init(compacting value: UnsafeRawBufferPointer) {
        var compact: [UInt8] = []
        compact.reserveCapacity(value.count)
        var strings = JSONStringTracker()
        for byte in value {
            if !strings.isInString(byte), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                continue
            }
            compact.append(byte)
        }
        self.init(checkedBytes: compact)
    }
}

/// Follows valid JSON text byte by byte to tell the bytes of its strings, quotes included,
/// from those between its tokens.
struct JSONStringTracker {
    private var inString = false
    private var escaped = false

    /// Whether `byte`, the next byte of the text, belongs to a string.
    mutating func isInString(_ byte: UInt8) -> Bool {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            return true
        }
        inString = byte == UInt8(ascii: "\"")
        return inString
    }
}
