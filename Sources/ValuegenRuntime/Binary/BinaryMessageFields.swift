// A field whose value is a message, written and read in place: what generated ADT coding
// uses for a case's attributes (field 2 of the ADT's message).

extension BinaryWriter {
    /// Writes field `fieldNumber` as a message whose fields `body` writes.
    @inlinable
    public mutating func writeMessageField(_ fieldNumber: Int, _ body: (inout BinaryWriter) -> Void) {
        writeTag(fieldNumber, .lengthDelimited)
        writeMessage(body)
    }

    /// Starts field `fieldNumber` as a message whose fields the next writes are, up to
    /// ``endMessage(_:)``: ``writeMessageField(_:_:)`` without a closure.
    @inlinable @inline(__always)
    public mutating func beginMessageField(_ fieldNumber: Int) -> BinaryLengthPrefix {
        writeTag(fieldNumber, .lengthDelimited)
        return beginMessage()
    }
}

extension BinaryReader {
    /// Reads the current field's value as a message, as ``readMessage(_:)`` does; an error
    /// when the field's wire type is not length-delimited.
    @inlinable
    public mutating func readMessageField(_ body: (inout BinaryReader, Int) throws(BinaryError) -> Void) throws(BinaryError) {
        try consumeField(as: .lengthDelimited)
        try readMessage(body)
    }

    /// Starts reading the current field's value as a message, as ``beginMessage()`` does; an
    /// error when the field's wire type is not length-delimited.
    @inlinable
    public mutating func beginMessageField() throws(BinaryError) -> BinaryMessageBounds {
        try consumeField(as: .lengthDelimited)
        return try beginMessage()
    }
}
