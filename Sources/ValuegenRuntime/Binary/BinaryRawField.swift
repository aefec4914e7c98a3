// A field kept as its bytes: what an ADT's unknown case holds of a payload it could not read
// (docs/BinaryFormat.md, "Unknown cases"), written back byte for byte.

/// The value of one field as it was on the wire: its wire type and its payload's bytes.
public struct BinaryRawField: Hashable, Sendable {
    /// How the payload is laid out.
    public var wireType: BinaryWireType
    /// The payload: the varint's bytes, the 8 or 4 little-endian bytes, or for a
    /// length-delimited payload the bytes after its length (the length is written again from
    /// their count, in the one form a reader accepts).
    public var bytes: [UInt8]

    /// A field's payload of `wireType`; ``BinaryWriter/writeRawField(_:_:)`` writes it as it is.
    public init(wireType: BinaryWireType, bytes: [UInt8]) {
        self.wireType = wireType
        self.bytes = bytes
    }
}

extension BinaryReader {
    /// The current field's value, whatever its wire type, as its bytes: checked as skipping the
    /// field checks it (a well-formed varint, a length that fits), not read as any type. An
    /// error outside a field (call it in a ``readMessage(_:)`` body, or on the reader
    /// ``deferNextField(_:)`` returns).
    ///
    /// A length-delimited payload may hold references to the document's string table
    /// (docs/BinaryFormat.md): they are kept as they are, so they point into this document's
    /// table.
    public mutating func readRawField() throws(BinaryError) -> BinaryRawField {
        guard fieldIsUnread, let wireType = BinaryWireType(rawValue: fieldWireType) else {
            throw fail("there is no field to read: readRawField() is for a field's value, once per field")
        }
        fieldIsUnread = false
        let start = position
        switch wireType {
        case .varint: _ = try readVarint()
        case .fixed64: _ = try readFixed64()
        case .fixed32: _ = try readFixed32()
        case .lengthDelimited: return BinaryRawField(wireType: wireType, bytes: Array(try readLengthDelimited()))
        }
        return BinaryRawField(wireType: wireType, bytes: Array(UnsafeRawBufferPointer(rebasing: bytes[start..<position])))
    }
}

extension BinaryWriter {
    /// Writes `field` as field `number`: its tag and its bytes as they were read (for a
    /// length-delimited payload, its length first), so that a field read with
    /// ``BinaryReader/readRawField()`` comes back byte for byte.
    public mutating func writeRawField(_ number: Int, _ field: BinaryRawField) {
        writeTag(number, field.wireType)
        switch field.wireType {
        case .lengthDelimited: writeLengthDelimited(field.bytes)
        case .varint, .fixed64, .fixed32: field.bytes.withUnsafeBytes { writeBytes($0) }
        }
    }
}
