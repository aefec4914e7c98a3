import Foundation

// JSON for the standard library's and Foundation's value types.

extension Bool: JSONCodable {
    public init(from reader: inout JSONReader) throws(JSONError) { self = try reader.readBool() }
    public func encode(to writer: inout JSONWriter) { writer.writeBool(self) }
}

extension String: JSONCodable {
    public init(from reader: inout JSONReader) throws(JSONError) { self = try reader.readString() }
    public func encode(to writer: inout JSONWriter) { writer.writeString(self) }
}

extension Double: JSONCodable {
    public init(from reader: inout JSONReader) throws(JSONError) { self = try reader.readDouble() }
    public func encode(to writer: inout JSONWriter) { writer.writeDouble(self) }
}

extension Float: JSONCodable {
    public init(from reader: inout JSONReader) throws(JSONError) { self = try reader.readFloat() }
    public func encode(to writer: inout JSONWriter) { writer.writeFloat(self) }
}

extension CGFloat: JSONCodable {
    public init(from reader: inout JSONReader) throws(JSONError) { self = CGFloat(try reader.readDouble()) }
    public func encode(to writer: inout JSONWriter) { writer.writeDouble(Double(self)) }
}

extension Int: JSONCodable {
    public init(from reader: inout JSONReader) throws(JSONError) { self = try .readJSONInteger(from: &reader) }
    public func encode(to writer: inout JSONWriter) { writer.writeInteger(self) }
}

extension Int8: JSONCodable {
    public init(from reader: inout JSONReader) throws(JSONError) { self = try .readJSONInteger(from: &reader) }
    public func encode(to writer: inout JSONWriter) { writer.writeInteger(self) }
}

extension Int16: JSONCodable {
    public init(from reader: inout JSONReader) throws(JSONError) { self = try .readJSONInteger(from: &reader) }
    public func encode(to writer: inout JSONWriter) { writer.writeInteger(self) }
}

extension Int32: JSONCodable {
    public init(from reader: inout JSONReader) throws(JSONError) { self = try .readJSONInteger(from: &reader) }
    public func encode(to writer: inout JSONWriter) { writer.writeInteger(self) }
}

extension Int64: JSONCodable {
    public init(from reader: inout JSONReader) throws(JSONError) { self = try .readJSONInteger(from: &reader) }
    public func encode(to writer: inout JSONWriter) { writer.writeInteger(self) }
}

extension UInt: JSONCodable {
    public init(from reader: inout JSONReader) throws(JSONError) { self = try .readJSONInteger(from: &reader) }
    public func encode(to writer: inout JSONWriter) { writer.writeInteger(self) }
}

extension UInt8: JSONCodable {
    public init(from reader: inout JSONReader) throws(JSONError) { self = try .readJSONInteger(from: &reader) }
    public func encode(to writer: inout JSONWriter) { writer.writeInteger(self) }
}

extension UInt16: JSONCodable {
    public init(from reader: inout JSONReader) throws(JSONError) { self = try .readJSONInteger(from: &reader) }
    public func encode(to writer: inout JSONWriter) { writer.writeInteger(self) }
}

extension UInt32: JSONCodable {
    public init(from reader: inout JSONReader) throws(JSONError) { self = try .readJSONInteger(from: &reader) }
    public func encode(to writer: inout JSONWriter) { writer.writeInteger(self) }
}

extension UInt64: JSONCodable {
    public init(from reader: inout JSONReader) throws(JSONError) { self = try .readJSONInteger(from: &reader) }
    public func encode(to writer: inout JSONWriter) { writer.writeInteger(self) }
}

extension Optional: JSONDecodable where Wrapped: JSONDecodable {
    /// `null` is nil.
    // Inlinable so that it is specialized for its element type where it is used.
    @inlinable @inline(__always)
    public init(from reader: inout JSONReader) throws(JSONError) {
        self = reader.decodeNull() ? nil : try Wrapped(from: &reader)
    }
}

extension Optional: JSONEncodable where Wrapped: JSONEncodable {
    // Inlinable so that it is specialized for its wrapped type where it is used.
    @inlinable
    public func encode(to writer: inout JSONWriter) {
        if let self {
            self.encode(to: &writer)
        } else {
            writer.writeNull()
        }
    }
}

extension Array: JSONDecodable where Element: JSONDecodable {
    // Inlinable so that it is specialized for its element type where it is used.
    @inlinable @inline(__always)
    public init(from reader: inout JSONReader) throws(JSONError) {
        // `readArray`'s steps, without its closure: see `beginArray()`.
        var elements: [Element] = []
        if try reader.beginArray() {
            // Room for a few elements at once: growing from one slot reallocates twice before
            // the fourth element, which makes short arrays cost more than their elements.
            elements.reserveCapacity(4)
            let first = reader.position
            var index = 0
            repeat {
                let start = reader.beginElement()
                if elements.count == elements.capacity {
                    elements.growForElements(read: start &- first, left: reader.byteCount &- start)
                }
                do {
                    elements.append(try Element(from: &reader))
                } catch {
                    throw error.inside(.index(index))
                }
                try reader.endElement(index, start: start)
                index += 1
            } while try reader.continueArray()
        }
        self = elements
    }
}

extension Array: JSONEncodable where Element: JSONEncodable {
    // Inlinable so that it is specialized for its element type where it is used.
    @inlinable
    public func encode(to writer: inout JSONWriter) {
        writer.beginArray()
        let start = writer.count
        let count = self.count
        forEachInPlace { index, element in
            element.encode(to: &writer)
            if index &+ 1 == JSONWriter.elementsBeforeEstimate {
                writer.reserveForElements(count, written: index &+ 1, since: start)
            }
        }
        writer.endArray()
    }
}

extension Set: JSONDecodable where Element: JSONDecodable {
    // Inlinable so that it is specialized for its element type where it is used.
    @inlinable @inline(__always)
    public init(from reader: inout JSONReader) throws(JSONError) {
        // `readArray`'s steps, without its closure: see `beginArray()`.
        var elements = Set<Element>()
        if try reader.beginArray() {
            var index = 0
            repeat {
                let start = reader.beginElement()
                do {
                    elements.insert(try Element(from: &reader))
                } catch {
                    throw error.inside(.index(index))
                }
                try reader.endElement(index, start: start)
                index += 1
            } while try reader.continueArray()
        }
        self = elements
    }
}

extension Set: JSONEncodable where Element: JSONEncodable {
    // Inlinable so that it is specialized for its element type where it is used.
    @inlinable
    public func encode(to writer: inout JSONWriter) {
        writer.beginArray()
        for element in self {
            element.encode(to: &writer)
        }
        writer.endArray()
    }
}

extension Dictionary: JSONDecodable where Key: JSONObjectKey, Value: JSONDecodable {
    /// A JSON object whose member names hold the keys (see ``JSONObjectKey``); a member name
    /// that appears twice keeps its last value, and so does a key that two names hold (`"1"`
    /// and `"01"`). A name that holds no key is an error at the name.
    // Inlinable so that it is specialized for its key and value types where it is used.
    @inlinable
    public init(from reader: inout JSONReader) throws(JSONError) {
        var dictionary: [Key: Value] = [:]
        try reader.readObject { reader, name throws(JSONError) in
            guard let key = Key.key(forJSONMember: name) else {
                throw reader.refusal(of: name, as: Key.self)
            }
            dictionary[key] = try Value(from: &reader)
        }
        self = dictionary
    }
}

extension Dictionary: JSONEncodable where Key: JSONObjectKey, Value: JSONEncodable {
    /// Members in key order (integers in numeric order), so that the same dictionary always
    /// gives the same bytes.
    // Inlinable so that the sort is specialized for its key and value types where it is
    // used: the standard library's unspecialized sort copies each entry through its type's
    // metadata.
    @inlinable
    public func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        for (key, value) in sorted(by: { $0.key < $1.key }) {
            key.writeJSONKey(to: &writer)
            value.encode(to: &writer)
        }
        writer.endObject()
    }
}

extension URL: JSONCodable {
    /// A string with an absolute or relative URL, as `URL(string:)` reads it
    /// (``JSONReader/readURL()``).
    public init(from reader: inout JSONReader) throws(JSONError) {
        self = try reader.readURL()
    }

    public func encode(to writer: inout JSONWriter) {
        writer.writeString(absoluteString)
    }
}

extension UUID: JSONCodable {
    public init(from reader: inout JSONReader) throws(JSONError) {
        self = try reader.readString(converting: { UUID(uuidString: $0) }, orFail: { "expected a UUID, found \"\($0)\"" })
    }

    public func encode(to writer: inout JSONWriter) {
        writer.writeString(uuidString)
    }
}

extension Data: JSONCodable {
    /// Base64, as Foundation's JSONEncoder writes it.
    public init(from reader: inout JSONReader) throws(JSONError) {
        self = try reader.readString(converting: { Data(base64Encoded: $0) }, orFail: { _ in "expected base64 data, found a string that is not base64" })
    }

    public func encode(to writer: inout JSONWriter) {
        writer.writeString(base64EncodedString())
    }
}

extension Date: JSONCodable {
    /// ISO 8601 with fractional seconds in UTC: `2024-05-01T12:34:56.789Z`. Reading also
    /// accepts no fraction, any number of fraction digits, and an offset such as `+02:00`.
    public init(from reader: inout JSONReader) throws(JSONError) {
        // Parsed where its bytes are (a date of 20 bytes or more would need a String's storage
        // of its own: two thirds of what reading one cost); escapes and non-ASCII through a String.
        if let date = reader.readPlainASCIIString({ bytes, _ in ISO8601.parse(bytes: bytes) }) {
            self = date
            return
        }
        self = try reader.readString(converting: ISO8601.parse, orFail: { "expected an ISO 8601 date such as 2024-05-01T12:34:56.789Z, found \"\($0)\"" })
    }

    public func encode(to writer: inout JSONWriter) {
        if writer.writesExactDates {
            writer.writeExactDate(self)
            return
        }
        writer.writeISO8601(self)
    }
}

extension JSONReader {
    /// A string turned into another value by `convert`; when it gives nil, an error at the
    /// string's first byte with the message `orFail` makes of the string.
    public mutating func readString<T>(converting convert: (String) -> T?, orFail message: (String) -> String) throws(JSONError) -> T {
        skipWhitespace()
        let start = offset
        let text = try readString()
        guard let value = convert(text) else {
            // At most a few dozen bytes of the string, however long it is.
            let shown = text.utf8.count <= 64 ? text : String(text.prefix(61)) + "… (\(text.utf8.count) bytes)"
            throw JSONError(message: message(shown), offset: start)
        }
        return value
    }
}

extension FixedWidthInteger {
    /// The integer read through the reader's one non-generic integer parser, range-checked for
    /// `Self`. Inlined into each conformance above, where `Self` is concrete, so no generic
    /// arithmetic runs per digit.
    @inline(__always)
    static func readJSONInteger(from reader: inout JSONReader) throws(JSONError) -> Self {
        let integer = try reader.readIntegerMagnitude(
            positiveLimit: UInt64(Self.max),
            negativeLimit: Self.isSigned ? UInt64(Self.max) + 1 : 0,
            typeName: "\(Self.self)"
        )
        return integer.negative ? Self(truncatingIfNeeded: 0 &- integer.magnitude) : Self(truncatingIfNeeded: integer.magnitude)
    }
}
