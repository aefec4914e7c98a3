// Integers that changed between signed and unsigned (docs/BinaryFormat.md, "Self-describing
// documents"). A signed integer is a zigzag varint and an unsigned one a plain varint, so the
// same bytes mean 42 to one and 84 to the other: such a value is never copied as it is. It is
// read as the writer wrote it and written as the reader reads it, or refused when the reader's
// type cannot hold it. A change of width alone keeps its bytes: the reader checks the range.

extension BinaryLayoutShape {
    /// Whether the integer type is signed; nil for a type that is not one of the standard
    /// library's integers.
    static func integerSignedness(of name: Substring) -> Bool? {
        switch name {
        case "Int", "Int8", "Int16", "Int32", "Int64": return true
        case "UInt", "UInt8", "UInt16", "UInt32", "UInt64": return false
        default: return nil
        }
    }

    /// Whether a value of this shape read as `other` holds an integer that changed between
    /// signed and unsigned, and so cannot be copied byte for byte.
    func changesIntegerSignedness(to other: BinaryLayoutShape) -> Bool {
        switch (self, other) {
        case (.named(let a), .named(let b)):
            guard let written = Self.integerSignedness(of: a), let read = Self.integerSignedness(of: b) else { return false }
            return written != read
        case (.optional(let a), .optional(let b)), (.array(let a), .array(let b)), (.set(let a), .set(let b)), (.array(let a), .set(let b)), (.set(let a), .array(let b)):
            return a.changesIntegerSignedness(to: b)
        case (.dictionary(let aKey, let aValue), .dictionary(let bKey, let bValue)):
            return aKey.changesIntegerSignedness(to: bKey) || aValue.changesIntegerSignedness(to: bValue)
        default:
            return false
        }
    }
}

extension BinaryLayoutTranslation {
    /// An integer written as `written` (signed or not) rewritten as the reader's kind:
    /// `wireType` is the field's (varint or fixed64), or nil for an element (a varint).
    /// `attribute` names what holds it, for the error when the reader's type cannot hold it.
    func integer(_ written: Substring, as read: Substring, wireType: UInt8?, attribute: String, from input: inout BinaryReader, to output: inout BinaryWriter) throws(BinaryError) {
        let start = input.position
        let writtenIsSigned = BinaryLayoutShape.integerSignedness(of: written) ?? true
        let readIsSigned = BinaryLayoutShape.integerSignedness(of: read) ?? true
        let isFixed = wireType == BinaryWireType.fixed64.rawValue
        let bits = isFixed ? try input.readFixed64() : try input.readVarint()
        // The value as the writer meant it: a signed one as Int64, an unsigned one as UInt64.
        let signed: Int64? = writtenIsSigned ? (isFixed ? Int64(bitPattern: bits) : Int64(bitPattern: (bits >> 1) ^ (0 &- (bits & 1)))) : nil
        let unsigned: UInt64? = writtenIsSigned ? nil : bits
        if readIsSigned {
            guard let value = signed ?? unsigned.flatMap({ Int64(exactly: $0) }) else {
                throw BinaryError(message: "\(attribute) was saved as \(written) \(unsigned ?? 0), which this version's \(read) cannot hold", offset: start)
            }
            if isFixed {
                output.writeFixed64(UInt64(bitPattern: value))
            } else {
                output.writeVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
            }
        } else {
            guard let value = unsigned ?? signed.flatMap({ UInt64(exactly: $0) }) else {
                throw BinaryError(message: "\(attribute) was saved as \(written) \(signed ?? 0), which this version's \(read) cannot hold", offset: start)
            }
            if isFixed {
                output.writeFixed64(value)
            } else {
                output.writeVarint(value)
            }
        }
    }
}
