// A field whose value is a message, written and read in place: what generated ADT coding
// uses for a case's attributes (field 2 of the ADT's message).

extension BinaryWriter {
    /// Writes field `fieldNumber` as a message whose fields `body` writes.
    public mutating func writeMessageField(_ fieldNumber: Int, _ body: (inout BinaryWriter) -> Void) {
        writeVarint(UInt64(fieldNumber) << 3 | UInt64(BinaryWireType.lengthDelimited.rawValue))
        writeMessage(body)
    }
}

extension BinaryReader {
    /// Reads the current field's value as a message, as ``readMessage(_:)`` does; an error
    /// when the field's wire type is not length-delimited.
    public mutating func readMessageField(_ body: (inout BinaryReader, Int) throws(BinaryError) -> Void) throws(BinaryError) {
        try consumeField(as: .lengthDelimited)
        try readMessage(body)
    }
}
