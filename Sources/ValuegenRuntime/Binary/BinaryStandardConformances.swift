import Foundation

// The binary format of the standard library's and Foundation's scalar types. (Named apart from
// JSON/StandardConformances.swift: a module cannot have two files of the same name.)

extension Bool: BinaryCodable {
    /// A varint, 0 or 1; any other value is an error.
    public static var binaryWireType: BinaryWireType { .varint }

    public init(from reader: inout BinaryReader) throws(BinaryError) {
        let start = reader.offset
        switch try reader.readVarint() {
        case 0: self = false
        case 1: self = true
        case let value: throw BinaryError(message: "expected a Bool (0 or 1), found \(value)", offset: start)
        }
    }

    public func encode(to writer: inout BinaryWriter) {
        writer.writeVarint(self ? 1 : 0)
    }
}

// MARK: - Integers

/// Signed integers are zigzag varints (0, -1, 1, -2, … become 0, 1, 2, 3, …), so that small
/// negative numbers stay short; unsigned ones are plain varints. Both are checked against the
/// range of the type that reads them.
extension BinaryReader {
    mutating func readSigned<T: FixedWidthInteger & SignedInteger>(_ type: T.Type) throws(BinaryError) -> T {
        let start = offset
        let zigzag = try readVarint()
        let value = Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1)))
        guard let result = T(exactly: value) else {
            throw BinaryError(message: "\(value) is out of the range of \(T.self)", offset: start)
        }
        return result
    }

    mutating func readUnsigned<T: FixedWidthInteger & UnsignedInteger>(_ type: T.Type) throws(BinaryError) -> T {
        let start = offset
        let value = try readVarint()
        guard let result = T(exactly: value) else {
            throw BinaryError(message: "\(value) is out of the range of \(T.self)", offset: start)
        }
        return result
    }
}

extension BinaryWriter {
    mutating func writeSigned(_ value: some FixedWidthInteger & SignedInteger) {
        let wide = Int64(value)
        writeVarint(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
    }

    mutating func writeUnsigned(_ value: some FixedWidthInteger & UnsignedInteger) {
        writeVarint(UInt64(value))
    }
}

extension Int: BinaryCodable {
    /// A zigzag varint.
    public static var binaryWireType: BinaryWireType { .varint }
    public init(from reader: inout BinaryReader) throws(BinaryError) { self = try reader.readSigned(Int.self) }
    public func encode(to writer: inout BinaryWriter) { writer.writeSigned(self) }
}

extension Int8: BinaryCodable {
    /// A zigzag varint.
    public static var binaryWireType: BinaryWireType { .varint }
    public init(from reader: inout BinaryReader) throws(BinaryError) { self = try reader.readSigned(Int8.self) }
    public func encode(to writer: inout BinaryWriter) { writer.writeSigned(self) }
}

extension Int16: BinaryCodable {
    /// A zigzag varint.
    public static var binaryWireType: BinaryWireType { .varint }
    public init(from reader: inout BinaryReader) throws(BinaryError) { self = try reader.readSigned(Int16.self) }
    public func encode(to writer: inout BinaryWriter) { writer.writeSigned(self) }
}

extension Int32: BinaryCodable {
    /// A zigzag varint.
    public static var binaryWireType: BinaryWireType { .varint }
    public init(from reader: inout BinaryReader) throws(BinaryError) { self = try reader.readSigned(Int32.self) }
    public func encode(to writer: inout BinaryWriter) { writer.writeSigned(self) }
}

extension Int64: BinaryCodable {
    /// A zigzag varint.
    public static var binaryWireType: BinaryWireType { .varint }
    public init(from reader: inout BinaryReader) throws(BinaryError) { self = try reader.readSigned(Int64.self) }
    public func encode(to writer: inout BinaryWriter) { writer.writeSigned(self) }
}

extension UInt: BinaryCodable {
    /// A varint.
    public static var binaryWireType: BinaryWireType { .varint }
    public init(from reader: inout BinaryReader) throws(BinaryError) { self = try reader.readUnsigned(UInt.self) }
    public func encode(to writer: inout BinaryWriter) { writer.writeUnsigned(self) }
}

extension UInt8: BinaryCodable {
    /// A varint.
    public static var binaryWireType: BinaryWireType { .varint }
    public init(from reader: inout BinaryReader) throws(BinaryError) { self = try reader.readUnsigned(UInt8.self) }
    public func encode(to writer: inout BinaryWriter) { writer.writeUnsigned(self) }
}

extension UInt16: BinaryCodable {
    /// A varint.
    public static var binaryWireType: BinaryWireType { .varint }
    public init(from reader: inout BinaryReader) throws(BinaryError) { self = try reader.readUnsigned(UInt16.self) }
    public func encode(to writer: inout BinaryWriter) { writer.writeUnsigned(self) }
}

extension UInt32: BinaryCodable {
    /// A varint.
    public static var binaryWireType: BinaryWireType { .varint }
    public init(from reader: inout BinaryReader) throws(BinaryError) { self = try reader.readUnsigned(UInt32.self) }
    public func encode(to writer: inout BinaryWriter) { writer.writeUnsigned(self) }
}

extension UInt64: BinaryCodable {
    /// A varint.
    public static var binaryWireType: BinaryWireType { .varint }
    public init(from reader: inout BinaryReader) throws(BinaryError) { self = try reader.readUnsigned(UInt64.self) }
    public func encode(to writer: inout BinaryWriter) { writer.writeUnsigned(self) }
}

// MARK: - Floating point

extension Double: BinaryCodable {
    /// The IEEE 754 bits, little-endian: every value, NaN payloads included, reads back the same.
    public static var binaryWireType: BinaryWireType { .fixed64 }
    public init(from reader: inout BinaryReader) throws(BinaryError) { self = Double(bitPattern: try reader.readFixed64()) }
    public func encode(to writer: inout BinaryWriter) { writer.writeFixed64(bitPattern) }
}

extension Float: BinaryCodable {
    /// The IEEE 754 bits, little-endian.
    public static var binaryWireType: BinaryWireType { .fixed32 }
    public init(from reader: inout BinaryReader) throws(BinaryError) { self = Float(bitPattern: try reader.readFixed32()) }
    public func encode(to writer: inout BinaryWriter) { writer.writeFixed32(bitPattern) }
}

extension CGFloat: BinaryCodable {
    /// As a Double, whatever the platform's CGFloat is.
    public static var binaryWireType: BinaryWireType { .fixed64 }
    public init(from reader: inout BinaryReader) throws(BinaryError) { self = CGFloat(Double(bitPattern: try reader.readFixed64())) }
    public func encode(to writer: inout BinaryWriter) { writer.writeFixed64(Double(self).bitPattern) }
}

// MARK: - Foundation

extension Date: BinaryCodable {
    /// A Double of seconds since 2001-01-01 00:00:00 UTC, the reference date Foundation keeps
    /// a Date as, so that every Date reads back exactly (seconds since 1970 would round about
    /// half of today's dates in their last bit).
    public static var binaryWireType: BinaryWireType { .fixed64 }

    public init(from reader: inout BinaryReader) throws(BinaryError) {
        self = Date(timeIntervalSinceReferenceDate: Double(bitPattern: try reader.readFixed64()))
    }

    public func encode(to writer: inout BinaryWriter) {
        writer.writeFixed64(timeIntervalSinceReferenceDate.bitPattern)
    }
}

extension String: BinaryCodable {
    /// Length-delimited UTF-8, validated when read.
    public static var binaryWireType: BinaryWireType { .lengthDelimited }

    public init(from reader: inout BinaryReader) throws(BinaryError) {
        let bytes = try reader.readLengthDelimited()
        // Not `String(validating:as:)`: see UTF8Validation.swift.
        if let invalid = bytes.firstInvalidUTF8(in: 0..<bytes.count) {
            throw BinaryError(message: "a string is not valid UTF-8", offset: reader.offset - bytes.count + invalid)
        }
        self = String(decoding: bytes.bindMemory(to: UInt8.self), as: UTF8.self)
    }

    public func encode(to writer: inout BinaryWriter) {
        writer.writeLengthDelimited(utf8)
    }
}

extension Data: BinaryCodable {
    /// Length-delimited bytes.
    public static var binaryWireType: BinaryWireType { .lengthDelimited }
    public init(from reader: inout BinaryReader) throws(BinaryError) { self = Data(try reader.readLengthDelimited()) }
    public func encode(to writer: inout BinaryWriter) { writer.writeLengthDelimited(self) }
}

extension URL: BinaryCodable {
    /// Its absolute string, as a String.
    public static var binaryWireType: BinaryWireType { .lengthDelimited }

    public init(from reader: inout BinaryReader) throws(BinaryError) {
        let start = reader.offset
        let text = try String(from: &reader)
        guard let url = URL(string: text) else {
            throw BinaryError(message: "expected a URL, found \"\(text)\"", offset: start)
        }
        self = url
    }

    public func encode(to writer: inout BinaryWriter) {
        absoluteString.encode(to: &writer)
    }
}

extension UUID: BinaryCodable {
    /// Length-delimited, exactly its 16 bytes in RFC 4122 order.
    public static var binaryWireType: BinaryWireType { .lengthDelimited }

    public init(from reader: inout BinaryReader) throws(BinaryError) {
        let start = reader.offset
        let bytes = try reader.readLengthDelimited()
        guard bytes.count == 16 else {
            throw BinaryError(message: "a UUID has 16 bytes, found \(bytes.count)", offset: start)
        }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { $0.copyMemory(from: bytes) }
        self = UUID(uuid: uuid)
    }

    public func encode(to writer: inout BinaryWriter) {
        withUnsafeBytes(of: uuid) { writer.writeLengthDelimited($0) }
    }
}
