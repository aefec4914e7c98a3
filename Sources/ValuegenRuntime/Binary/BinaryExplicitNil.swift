// An explicit nil (docs/BinaryFormat.md, "Models"): an optional attribute whose default is not
// nil (`note: String? = "x"`) must tell "nil" from "never written" (which reads as the
// default), so its nil is written as a field rather than left out. The field has a wire type
// the attribute's type never has, and an empty payload: a length-delimited 0 for a type of
// varints or fixed-size numbers, a varint 0 for a length-delimited type. A reader from before
// explicit nils refuses it as a wrong wire type (an error, never another value).

extension BinaryDecodable {
    /// The wire type of an explicit nil of this type: the first of length-delimited, varint
    /// and fixed32 that is neither the type's wire type nor its alternate.
    @inlinable
    public static var binaryNilWireType: BinaryWireType {
        for candidate in [BinaryWireType.lengthDelimited, .varint, .fixed32] where candidate != binaryWireType && candidate != binaryAlternateWireType {
            return candidate
        }
        return .fixed64
    }
}

extension BinaryWriter {
    /// Field `fieldNumber` as an explicit nil of `T`: its tag with `T.binaryNilWireType` and
    /// an empty payload. For an optional attribute whose default is not nil.
    @inlinable
    public mutating func writeNilField<T: BinaryCodable>(_ fieldNumber: Int, _ type: T.Type) {
        writeNilField(fieldNumber, wireType: T.binaryNilWireType)
    }

    /// Field `fieldNumber` with an empty payload of `wireType`: a zero length, a zero varint,
    /// or zero bytes of the fixed size.
    @inlinable
    public mutating func writeNilField(_ fieldNumber: Int, wireType: BinaryWireType) {
        writeTag(fieldNumber, wireType)
        switch wireType {
        case .varint, .lengthDelimited: writeVarint(0)
        case .fixed64: writeFixed64(0)
        case .fixed32: writeFixed32(0)
        }
    }
}

extension BinaryReader {
    /// ``readNextField(_:_:)`` for an optional attribute whose default is not nil: nil when
    /// the next field is not field `number` (the default applies unless the field comes
    /// later), `.some(nil)` when it is an explicit nil, else the value.
    @inlinable @inline(__always)
    public mutating func readNextOptionalField<T: BinaryCodable>(_ number: Int, _ type: T.Type) throws(BinaryError) -> T?? {
        if let value = try readNextField(number, T.self) {
            return .some(value)
        }
        guard position < end, bytes[position] == UInt8(truncatingIfNeeded: number << 3) | T.binaryNilWireType.rawValue else { return nil }
        position += 1
        fieldWireType = T.binaryNilWireType.rawValue
        fieldIsUnread = true
        do throws(BinaryError) {
            return .some(try readOptional(T.self))
        } catch {
            throw error.inside(number)
        }
    }

    /// ``read(_:)`` for an optional attribute whose default is not nil: nil for an explicit
    /// nil (whose payload must be empty), else the value.
    @inlinable
    public mutating func readOptional<T: BinaryCodable>(_ type: T.Type) throws(BinaryError) -> T? {
        guard fieldIsUnread, fieldWireType == T.binaryNilWireType.rawValue else { return try read(T.self) }
        fieldIsUnread = false
        let start = position
        try skipValue(ofWireType: fieldWireType)
        guard bytes[start..<position].allSatisfy({ $0 == 0 }) else {
            throw BinaryError(message: "an explicit nil of \(T.self) must have an empty payload", offset: start)
        }
        return nil
    }
}

extension BinaryLayoutShape {
    /// The wire type of an explicit nil of a field of this shape (its payload's wire type is
    /// never that), when the layout knows the shape's wire type: varint for a length-delimited
    /// value, length-delimited for any other.
    func nilWireType(in layout: BinaryLayout) -> BinaryWireType? {
        elementWireType(in: layout).map { $0 == .lengthDelimited ? .varint : .lengthDelimited }
    }
}
