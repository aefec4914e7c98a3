import Foundation

/// A JSON value as a tree: how ``RawJSON`` goes through Foundation's `Decoder` and `Encoder`,
/// which have no way to hand over bytes.
indirect enum JSONTree {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsignedInteger(UInt64)
    case number(Double)
    case string(String)
    case array([JSONTree])
    /// The members in the order they were read.
    case object([(key: String, value: JSONTree)])

    /// The tree of a value a reader has checked (``JSONReader/readRawValue()``). Integers that
    /// fit `Int64` (or `UInt64`) stay integers; other numbers are doubles, an error beyond
    /// `Double`'s range.
    init(from reader: inout JSONReader) throws(JSONError) {
        reader.skipWhitespace()
        guard reader.offset < reader.byteCount else {
            throw reader.error("expected a value, found the end of the document")
        }
        switch reader.byte(at: reader.offset) {
        case UInt8(ascii: "{"):
            var members: [(key: String, value: JSONTree)] = []
            try reader.readObject { reader, key throws(JSONError) in
                members.append((key.string, try JSONTree(from: &reader)))
            }
            self = .object(members)
        case UInt8(ascii: "["):
            var elements: [JSONTree] = []
            try reader.readArray { reader throws(JSONError) in
                elements.append(try JSONTree(from: &reader))
            }
            self = .array(elements)
        case UInt8(ascii: "\""):
            self = .string(try reader.readString())
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            self = .bool(try reader.readBool())
        case UInt8(ascii: "n"):
            guard reader.decodeNull() else { throw reader.error("expected a value, found \(reader.describeNext())") }
            self = .null
        default:
            let start = reader.offset
            if let integer = try? reader.readInteger(Int64.self) {
                self = .integer(integer)
            } else if let integer = try? reader.readInteger(UInt64.self) {
                self = .unsignedInteger(integer)
            } else {
                reader.offset = start
                self = .number(try reader.readDouble())
            }
        }
    }

    /// Writes the tree as JSON.
    func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.writeNull()
        case .bool(let value): writer.writeBool(value)
        case .integer(let value): writer.writeInteger(value)
        case .unsignedInteger(let value): writer.writeInteger(value)
        case .number(let value): writer.writeDouble(value)
        case .string(let value): writer.writeString(value)
        case .array(let elements):
            writer.beginArray()
            for element in elements {
                element.write(to: &writer)
            }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for member in members {
                writer.writeKey(member.key)
                member.value.write(to: &writer)
            }
            writer.endObject()
        }
    }
}

extension JSONTree: Decodable {
    /// Whatever JSON-shaped value the decoder holds: null, a Bool, an integer, a floating-point
    /// number, a string, or a keyed or unkeyed container of such values. An object's members
    /// come sorted by name (a `Decoder` does not keep their order), so the same value always
    /// gives the same bytes.
    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: JSONTreeKey.self) {
            var members: [(key: String, value: JSONTree)] = []
            for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                members.append((key.stringValue, try object.decode(JSONTree.self, forKey: key)))
            }
            self = .object(members)
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONTree] = []
            while !array.isAtEnd {
                elements.append(try array.decode(JSONTree.self))
            }
            self = .array(elements)
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let bool = try? value.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? value.decode(Int64.self) {
            self = .integer(integer)
        } else if let integer = try? value.decode(UInt64.self) {
            self = .unsignedInteger(integer)
        } else if let number = try? value.decode(Double.self) {
            self = .number(number)
        } else if let string = try? value.decode(String.self) {
            self = .string(string)
        } else {
            throw DecodingError.dataCorruptedError(in: value, debugDescription: "expected a JSON value (null, a Bool, a number, a string, an array or an object)")
        }
    }
}

extension JSONTree: Encodable {
    /// The same tree through the encoder's containers: objects keyed, in their order; arrays
    /// unkeyed; integers as `Int64` or `UInt64`, other numbers as `Double`.
    func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var object = encoder.container(keyedBy: JSONTreeKey.self)
            for member in members {
                try object.encode(member.value, forKey: JSONTreeKey(member.key))
            }
        case .array(let elements):
            var array = encoder.unkeyedContainer()
            for element in elements {
                try array.encode(element)
            }
        case .null:
            var value = encoder.singleValueContainer()
            try value.encodeNil()
        case .bool(let bool): try Self.encodeSingleValue(bool, to: encoder)
        case .integer(let integer): try Self.encodeSingleValue(integer, to: encoder)
        case .unsignedInteger(let integer): try Self.encodeSingleValue(integer, to: encoder)
        case .number(let number): try Self.encodeSingleValue(number, to: encoder)
        case .string(let string): try Self.encodeSingleValue(string, to: encoder)
        }
    }
}

extension JSONTree {
    private static func encodeSingleValue(_ value: some Encodable, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// Any member name.
struct JSONTreeKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) {
        stringValue = name
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        return nil
    }
}
