// A field kept as its bytes: what an ADT's unknown case holds of a payload it could not read
// (docs/BinaryFormat.md, "Unknown cases"), written back byte for byte, with the strings its
// references name.

/// The value of one field as it was on the wire: its wire type, its payload's bytes, and the
/// strings of the string table that references in those bytes may name.
///
/// Two raw fields are equal when their wire types, bytes and string tables are: the same bytes
/// with references to different strings are different values. ``BinaryReader/readRawField()``
/// keeps only the strings a reference in the bytes could name (none when no byte is `FF`, which
/// begins every reference), so the same bytes without references are equal whatever document
/// they came from.
public struct BinaryRawField: Hashable, Sendable {
    /// How the payload is laid out.
    public var wireType: BinaryWireType
    /// The payload: the varint's bytes, the 8 or 4 little-endian bytes, or for a
    /// length-delimited payload the bytes after its length (the length is written again from
    /// their count, in the one form a reader accepts).
    public var bytes: [UInt8]
    /// The string table that string references in ``bytes`` point into: the first strings of
    /// the table of the document the field was read from (or of the table an ADT's message
    /// carried for its payload, field 5), through the last one a reference could name. Empty
    /// when the bytes hold no reference, and then they mean the same in any document.
    public var stringTable: [String]

    /// A field's payload of `wireType`, whose references (if any) point into `stringTable`;
    /// ``BinaryWriter/writeRawField(_:_:)`` writes the bytes as they are.
    public init(wireType: BinaryWireType, bytes: [UInt8], stringTable: [String] = []) {
        self.wireType = wireType
        self.bytes = bytes
        self.stringTable = stringTable
    }

    /// The first strings of `table`, through the highest index that a reference in `bytes`
    /// could name: every reference is an `FF` byte followed by a varint index, so the highest
    /// index after any `FF` that is within the table bounds the indices of the real ones (an
    /// `FF` of a `Data` or a number only keeps more strings than needed).
    static func strings(referencedBy bytes: [UInt8], in table: [String]) -> [String] {
        guard !table.isEmpty else { return [] }
        var highest = -1
        var index = 0
        while index < bytes.count {
            defer { index += 1 }
            guard bytes[index] == 0xFF else { continue }
            var value: UInt64 = 0
            var shift: UInt64 = 0
            var next = index + 1
            while next < bytes.count, shift < 64 {
                let byte = bytes[next]
                value |= UInt64(byte & 0x7F) << shift
                next += 1
                if byte < 0x80 {
                    if value < UInt64(table.count) { highest = max(highest, Int(value)) }
                    break
                }
                shift += 7
            }
        }
        return Array(table[..<(highest + 1)])
    }
}

extension BinaryReader {
    /// The current field's value, whatever its wire type, as its bytes: checked as skipping the
    /// field checks it (a well-formed varint, a length that fits), not read as any type. An
    /// error outside a field (call it in a ``readMessage(_:)`` body, or on the reader
    /// ``deferNextField(_:)`` returns).
    ///
    /// A length-delimited payload may hold references to the string table (docs/BinaryFormat.md):
    /// they are kept as they are, with the strings they may name
    /// (``BinaryRawField/stringTable``), which the reader's table gives — the document's, or
    /// the one ``useStringTable(_:)`` set.
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
        case .lengthDelimited:
            let payload = Array(try readLengthDelimited())
            return BinaryRawField(wireType: wireType, bytes: payload, stringTable: BinaryRawField.strings(referencedBy: payload, in: strings))
        }
        return BinaryRawField(wireType: wireType, bytes: Array(UnsafeRawBufferPointer(rebasing: bytes[start..<position])))
    }
}

extension BinaryWriter {
    /// Writes `field` as field `number`: its tag and its bytes as they were read (for a
    /// length-delimited payload, its length first), so that a field read with
    /// ``BinaryReader/readRawField()`` comes back byte for byte. Its
    /// ``BinaryRawField/stringTable`` is not written: an ADT's unknown case writes it as field 5
    /// of its message, for the reader to read field 2 with (docs/BinaryFormat.md, "Unknown cases").
    public mutating func writeRawField(_ number: Int, _ field: BinaryRawField) {
        writeTag(number, field.wireType)
        switch field.wireType {
        case .lengthDelimited: writeLengthDelimited(field.bytes)
        case .varint, .fixed64, .fixed32: field.bytes.withUnsafeBytes { writeBytes($0) }
        }
    }
}
