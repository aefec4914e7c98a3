import Foundation

// The binary format of the standard library's and Foundation's scalar types. (Named apart from
// JSON/StandardConformances.swift: a module cannot have two files of the same name.)

extension Bool: BinaryCodable {
    /// A varint, 0 or 1; any other value is an error.
    @inlinable public static var binaryWireType: BinaryWireType { .varint }

    /// One byte, 0 or 1, read inline; anything else (the end of the data, another value, a
    /// longer varint) goes the general way, which gives the error.
    @inlinable @inline(__always)
    public init(from reader: inout BinaryReader) throws(BinaryError) {
        if reader.position < reader.end, reader.bytes[reader.position] < 2 {
            self = reader.bytes[reader.position] == 1
            reader.position += 1
            return
        }
        self = try reader.readBoolGenerally()
    }

    @inlinable
    public func encode(to writer: inout BinaryWriter) {
        writer.writeVarint(self ? 1 : 0)
    }
}

extension BinaryReader {
    /// A Bool that is not one byte of 0 or 1: an error (the end of the data, another value, a
    /// varint not in its shortest form).
    @usableFromInline
    mutating func readBoolGenerally() throws(BinaryError) -> Bool {
        let start = position
        switch try readVarint() {
        case 0: return false
        case 1: return true
        case let value: throw BinaryError(message: "expected a Bool (0 or 1), found \(value)", offset: start)
        }
    }
}

// MARK: - Integers

/// Signed integers are zigzag varints (0, -1, 1, -2, … become 0, 1, 2, 3, …), so that small
/// negative numbers stay short; unsigned ones are plain varints. Both are checked against the
/// range of the type that reads them. A field whose varint would take 9 or 10 bytes is fixed64
/// (two's complement) instead: BinaryNumberFields.swift.
extension BinaryReader {
    @inlinable @inline(__always)
    mutating func readSigned<T: FixedWidthInteger & SignedInteger>(_ type: T.Type) throws(BinaryError) -> T {
        let start = position
        let zigzag = try readVarint()
        return try exactly(Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1))), T.self, readFrom: start)
    }

    @inlinable @inline(__always)
    mutating func readUnsigned<T: FixedWidthInteger & UnsignedInteger>(_ type: T.Type) throws(BinaryError) -> T {
        let start = position
        return try exactly(try readVarint(), T.self, readFrom: start)
    }

    /// A signed integer field written as fixed64.
    @inlinable
    mutating func readFixedSigned<T: FixedWidthInteger & SignedInteger>(_ type: T.Type) throws(BinaryError) -> T {
        let start = position
        return try exactly(Int64(bitPattern: try readFixed64()), T.self, readFrom: start)
    }

    /// An unsigned integer field written as fixed64.
    @inlinable
    mutating func readFixedUnsigned<T: FixedWidthInteger & UnsignedInteger>(_ type: T.Type) throws(BinaryError) -> T {
        let start = position
        return try exactly(try readFixed64(), T.self, readFrom: start)
    }

    /// `value` as a `T`, or the error that it is out of `T`'s range, at `start` (where the
    /// number was read from).
    @inlinable @inline(__always)
    func exactly<T: FixedWidthInteger>(_ value: some BinaryInteger, _ type: T.Type, readFrom start: Int) throws(BinaryError) -> T {
        guard let result = T(exactly: value) else { throw outOfRange(value, T.self, at: start) }
        return result
    }

    @usableFromInline
    func outOfRange(_ value: some BinaryInteger, _ type: Any.Type, at start: Int) -> BinaryError {
        BinaryError(message: "\(value) is out of the range of \(type)", offset: start)
    }
}

extension BinaryWriter {
    @inlinable
    mutating func writeSigned(_ value: some FixedWidthInteger & SignedInteger) {
        let wide = Int64(value)
        writeVarint(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
    }

    @inlinable
    mutating func writeUnsigned(_ value: some FixedWidthInteger & UnsignedInteger) {
        writeVarint(UInt64(value))
    }
}

// The standard library's integers of up to 64 bits share their coding (BinaryCodable's
// members for fixed-width integers, below): one line each.
extension Int: BinaryCodable {}
extension Int8: BinaryCodable {}
extension Int16: BinaryCodable {}
extension Int32: BinaryCodable {}
extension Int64: BinaryCodable {}
extension UInt: BinaryCodable {}
extension UInt8: BinaryCodable {}
extension UInt16: BinaryCodable {}
extension UInt32: BinaryCodable {}
extension UInt64: BinaryCodable {}

/// An integer of either kind is a varint (a field may be fixed64). One declaration serves both
/// protocols' requirement: one in each protocol's extension would be ambiguous.
extension BinaryEncodable where Self: BinaryDecodable & FixedWidthInteger {
    @inlinable public static var binaryWireType: BinaryWireType { .varint }
}

/// A signed integer is a zigzag varint; a field may be fixed64.
extension BinaryEncodable where Self: FixedWidthInteger & SignedInteger {
    @inlinable public func encode(to writer: inout BinaryWriter) { writer.writeSigned(self) }
    @inlinable public func encode(field fieldNumber: Int, to writer: inout BinaryWriter) {
        writer.writeIntegerField(fieldNumber, bitPattern: UInt64(bitPattern: Int64(self)), signed: true)
    }
}

extension BinaryDecodable where Self: FixedWidthInteger & SignedInteger {
    @inlinable public static var binaryAlternateWireType: BinaryWireType? { .fixed64 }
    @inlinable @inline(__always) public init(from reader: inout BinaryReader) throws(BinaryError) { self = try reader.readSigned(Self.self) }
    @inlinable public init(alternateFrom reader: inout BinaryReader) throws(BinaryError) { self = try reader.readFixedSigned(Self.self) }
}

/// An unsigned integer is a varint; a field may be fixed64.
extension BinaryEncodable where Self: FixedWidthInteger & UnsignedInteger {
    @inlinable public func encode(to writer: inout BinaryWriter) { writer.writeUnsigned(self) }
    @inlinable public func encode(field fieldNumber: Int, to writer: inout BinaryWriter) {
        writer.writeIntegerField(fieldNumber, bitPattern: UInt64(self), signed: false)
    }
}

extension BinaryDecodable where Self: FixedWidthInteger & UnsignedInteger {
    @inlinable public static var binaryAlternateWireType: BinaryWireType? { .fixed64 }
    @inlinable @inline(__always) public init(from reader: inout BinaryReader) throws(BinaryError) { self = try reader.readUnsigned(Self.self) }
    @inlinable public init(alternateFrom reader: inout BinaryReader) throws(BinaryError) { self = try reader.readFixedUnsigned(Self.self) }
}

// MARK: - Floating point

extension Double: BinaryCodable {
    /// The IEEE 754 bits, little-endian: every value, NaN payloads included, reads back the
    /// same. A field may be a short decimal instead (a varint).
    @inlinable public static var binaryWireType: BinaryWireType { .fixed64 }
    @inlinable public static var binaryAlternateWireType: BinaryWireType? { .varint }
    @inlinable @inline(__always) public init(from reader: inout BinaryReader) throws(BinaryError) { self = Double(bitPattern: try reader.readFixed64()) }
    @inlinable @inline(__always) public init(alternateFrom reader: inout BinaryReader) throws(BinaryError) { self = try reader.readDecimal() }
    @inlinable public func encode(to writer: inout BinaryWriter) { writer.writeFixed64(bitPattern) }
    @inlinable public func encode(field fieldNumber: Int, to writer: inout BinaryWriter) { writer.writeDoubleField(fieldNumber, self) }
}

extension Float: BinaryCodable {
    /// The IEEE 754 bits, little-endian.
    @inlinable public static var binaryWireType: BinaryWireType { .fixed32 }
    @inlinable public init(from reader: inout BinaryReader) throws(BinaryError) { self = Float(bitPattern: try reader.readFixed32()) }
    @inlinable public func encode(to writer: inout BinaryWriter) { writer.writeFixed32(bitPattern) }
}

extension CGFloat: BinaryCodable {
    /// As a Double, whatever the platform's CGFloat is.
    @inlinable public static var binaryWireType: BinaryWireType { .fixed64 }
    @inlinable public static var binaryAlternateWireType: BinaryWireType? { .varint }
    @inlinable public init(from reader: inout BinaryReader) throws(BinaryError) { self = CGFloat(Double(bitPattern: try reader.readFixed64())) }
    @inlinable public init(alternateFrom reader: inout BinaryReader) throws(BinaryError) { self = CGFloat(try reader.readDecimal()) }
    @inlinable public func encode(to writer: inout BinaryWriter) { writer.writeFixed64(Double(self).bitPattern) }
    @inlinable public func encode(field fieldNumber: Int, to writer: inout BinaryWriter) { writer.writeDoubleField(fieldNumber, Double(self)) }
}

// MARK: - Foundation

extension Date: BinaryCodable {
    /// A Double of seconds since 2001-01-01 00:00:00 UTC, the reference date Foundation keeps
    /// a Date as, so that every Date reads back exactly (seconds since 1970 would round about
    /// half of today's dates in their last bit). A field may be a short decimal, as a Double.
    @inlinable public static var binaryWireType: BinaryWireType { .fixed64 }
    @inlinable public static var binaryAlternateWireType: BinaryWireType? { .varint }

    @inlinable
    public init(from reader: inout BinaryReader) throws(BinaryError) {
        self = Date(timeIntervalSinceReferenceDate: Double(bitPattern: try reader.readFixed64()))
    }

    @inlinable
    public init(alternateFrom reader: inout BinaryReader) throws(BinaryError) {
        self = Date(timeIntervalSinceReferenceDate: try reader.readDecimal())
    }

    @inlinable
    public func encode(to writer: inout BinaryWriter) {
        writer.writeFixed64(timeIntervalSinceReferenceDate.bitPattern)
    }

    @inlinable
    public func encode(field fieldNumber: Int, to writer: inout BinaryWriter) {
        writer.writeDoubleField(fieldNumber, timeIntervalSinceReferenceDate)
    }
}

extension String: BinaryCodable {
    /// Length-delimited UTF-8, validated when read, or in a document a reference to its
    /// string table (docs/BinaryFormat.md, "The string table").
    @inlinable public static var binaryWireType: BinaryWireType { .lengthDelimited }
    @inlinable @inline(__always) public init(from reader: inout BinaryReader) throws(BinaryError) { self = try reader.readString() }
    @inlinable public func encode(to writer: inout BinaryWriter) { writer.writeString(self) }
    @inlinable public func encode(field fieldNumber: Int, to writer: inout BinaryWriter) { writer.writeStringField(fieldNumber, self) }
}

extension Data: BinaryCodable {
    /// Length-delimited bytes.
    @inlinable public static var binaryWireType: BinaryWireType { .lengthDelimited }
    public init(from reader: inout BinaryReader) throws(BinaryError) { self = Data(try reader.readLengthDelimited()) }
    public func encode(to writer: inout BinaryWriter) { writer.writeLengthDelimited(self) }
}

extension URL: BinaryCodable {
    /// Its absolute string, as a String.
    @inlinable public static var binaryWireType: BinaryWireType { .lengthDelimited }

    public init(from reader: inout BinaryReader) throws(BinaryError) {
        let start = reader.offset
        let text = try String(from: &reader)
        guard let url = URL(faithfulTo: text) else {
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
    @inlinable public static var binaryWireType: BinaryWireType { .lengthDelimited }

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
