import Foundation

/// How a value's payload is laid out, and so how a reader skips a field it does not know.
/// The raw values are the low three bits of a field's tag (docs/BinaryFormat.md).
public enum BinaryWireType: UInt8, Sendable {
    /// An unsigned LEB128 varint of 1 to 10 bytes: Bool, the integers (signed ones zigzagged),
    /// and a Double field that is a short decimal.
    case varint = 0
    /// Eight little-endian bytes: Double, CGFloat, Date, and an integer field whose varint
    /// would take more than eight bytes.
    case fixed64 = 1
    /// A varint byte count, then that many bytes: strings, data, messages, collections.
    case lengthDelimited = 2
    /// Four little-endian bytes: Float.
    case fixed32 = 5

    /// The fewest bytes a payload of this wire type takes; a reader refuses a count of
    /// elements that cannot fit in what is left before it allocates anything.
    @inlinable
    public var minimumPayloadSize: Int {
        switch self {
        case .varint, .lengthDelimited: 1
        case .fixed64: 8
        case .fixed32: 4
        }
    }

    /// The name errors use: `varint`, `fixed64`, `length-delimited`, `fixed32`.
    var name: String {
        switch self {
        case .varint: "varint"
        case .fixed64: "fixed64"
        case .lengthDelimited: "length-delimited"
        case .fixed32: "fixed32"
        }
    }
}

/// A type that writes itself in Valuegen's binary format through a ``BinaryWriter``.
public protocol BinaryEncodable {
    /// The wire type of every payload `encode(to:)` writes.
    static var binaryWireType: BinaryWireType { get }
    /// Writes the value's payload for its wire type: a varint, 8 or 4 little-endian bytes, or
    /// (length-delimited) a varint length and that many bytes. No tag.
    func encode(to writer: inout BinaryWriter)
    /// Writes the value as field `fieldNumber` of a message: its tag, then its payload. The
    /// default writes `binaryWireType` and `encode(to:)`; numbers pick, per value, the shorter
    /// of their two wire types (``BinaryDecodable/binaryAlternateWireType``). Elements of a
    /// collection carry no tag and always use `binaryWireType`.
    func encode(field fieldNumber: Int, to writer: inout BinaryWriter)
}

/// A type that reads itself from Valuegen's binary format through a ``BinaryReader``.
public protocol BinaryDecodable {
    /// The wire type of the payload `init(from:)` reads.
    static var binaryWireType: BinaryWireType { get }
    /// Reads the payload of its wire type.
    init(from reader: inout BinaryReader) throws(BinaryError)
    /// A second wire type that a field of this type may have, read by
    /// `init(alternateFrom:)`, or nil (the default): Double reads a short decimal from a
    /// varint, the integers read a large value from fixed64.
    static var binaryAlternateWireType: BinaryWireType? { get }
    /// Reads a field's payload of wire type `binaryAlternateWireType`.
    init(alternateFrom reader: inout BinaryReader) throws(BinaryError)
}

/// Both directions.
public typealias BinaryCodable = BinaryEncodable & BinaryDecodable

extension BinaryEncodable {
    @inlinable @inline(__always)
    public func encode(field fieldNumber: Int, to writer: inout BinaryWriter) {
        writer.writeTag(fieldNumber, Self.binaryWireType)
        encode(to: &writer)
    }
}

extension BinaryDecodable {
    @inlinable
    public static var binaryAlternateWireType: BinaryWireType? { nil }

    /// Never called for a type without an alternate wire type.
    public init(alternateFrom reader: inout BinaryReader) throws(BinaryError) {
        throw reader.error("\(Self.self) has no alternate wire type")
    }
}

/// The header every document starts with: the magic bytes `VGB`, then the format version;
/// the document's string table follows it (docs/BinaryFormat.md).
public enum BinaryFormat {
    /// `V`, `G`, `B`: 0x56 0x47 0x42.
    public static let magic: [UInt8] = [0x56, 0x47, 0x42]
    /// The version of plain documents (`binaryData()`), which this library writes; it reads
    /// it, ``selfDescribingVersion`` and ``selfDescribingVersionWithoutChecksum``.
    public static let version: UInt8 = 1
    /// The version of self-describing documents, which carry the writer's layout between the
    /// header and the string table and end with a CRC-32C of everything before it (what
    /// Persistence saves).
    public static let selfDescribingVersion: UInt8 = 3
    /// The self-describing documents of earlier releases: a layout, but no checksum. Still read.
    public static let selfDescribingVersionWithoutChecksum: UInt8 = 2
    /// The magic bytes and the version: the first four bytes of every document.
    public static let header: [UInt8] = magic + [version]
    /// The largest field number: a tag is a varint of `fieldNumber << 3 | wire type` that
    /// fits 32 bits, as in Protocol Buffers.
    public static let maximumFieldNumber = (1 << 29) - 1
}

extension BinaryDecodable {
    /// Reads a whole document: the header, the string table, one value, and nothing after it.
    @inlinable
    public init(binaryBytes: [UInt8]) throws(BinaryError) {
        let result: Result<Self, BinaryError> = binaryBytes.withUnsafeBytes { buffer in
            Result { () throws(BinaryError) in try Self(binaryBuffer: buffer) }
        }
        self = try result.get()
    }

    /// Reads a whole document: the header, the string table, one value, and nothing after it.
    @inlinable
    public init(binaryData: Data) throws(BinaryError) {
        let result: Result<Self, BinaryError> = binaryData.withUnsafeBytes { buffer in
            Result { () throws(BinaryError) in try Self(binaryBuffer: buffer) }
        }
        self = try result.get()
    }

    /// Reads a whole document from bytes that outlive the call.
    @inlinable
    public init(binaryBuffer: UnsafeRawBufferPointer) throws(BinaryError) {
        var reader = BinaryReader(bytes: binaryBuffer)
        try reader.readHeader()
        if reader.writerLayout != nil, let translated = try reader.translatedDocument(for: Self.self) {
            // Written by a schema that numbers things otherwise: read as this one numbers them.
            self = try Self(binaryBytes: translated)
            return
        }
        self = try Self(from: &reader)
        try reader.finish()
    }
}

extension BinaryEncodable {
    /// The value as a document: the header, the string table, then the value's payload.
    @inlinable
    public func binaryBytes() -> [UInt8] {
        var writer = BinaryWriter(document: ())
        encode(to: &writer)
        return writer.finishDocument()
    }

    /// The value as a document: the header, the string table, then the value's payload. The
    /// bytes are `binaryBytes()`'s, not a copy of them.
    @inlinable
    public func binaryData() -> Data {
        Data(adopting: binaryBytes())
    }
}
