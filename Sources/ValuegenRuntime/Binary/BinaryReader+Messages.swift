// Reading messages: fields by number, in any order (`readMessage`), or first in the order
// the writer writes them and then in any order (what generated code does), a field kept to
// be read later (an ADT's payload), and reading the current field's value with the wire
// types its type accepts.

extension BinaryReader {
    /// Reads a message (varint length, then fields until that length is consumed), calling
    /// `body` with each field number; `body` reads the value with ``read(_:)`` or does nothing
    /// (then the field is skipped by its wire type). Errors get the field number added to
    /// their path. A field that appears twice is read twice: the last value wins.
    @inlinable
    public mutating func readMessage(_ body: (inout BinaryReader, Int) throws(BinaryError) -> Void) throws(BinaryError) {
        let message = try beginMessage()
        try readRemainingFields(of: message, body)
    }

    // MARK: - Messages, in the order they are written

    /// Reads a message's length and enters it (one level deeper); then
    /// ``readNextField(_:_:)`` reads the fields that come in the order the writer writes them,
    /// and ``readRemainingFields(of:_:)`` the rest, in any order, and leaves the message. What
    /// generated code does: a message that comes as written is read by straight-line code,
    /// without a loop and a switch per field.
    @inlinable @inline(__always)
    public mutating func beginMessage() throws(BinaryError) -> BinaryMessageBounds {
        BinaryMessageBounds(outerEnd: try beginLengthDelimited())
    }

    /// The value of the message's next field when it is field `number` (1 to 15, a one-byte
    /// tag) with one of `T`'s wire types; nil, having read nothing, when it is anything else
    /// (another field, another wire type, the end of the message), which
    /// ``readRemainingFields(of:_:)`` then reads or reports. Errors get the field number added
    /// to their path. For a `T` in the module that reads, the tags to compare are constants.
    @inlinable @inline(__always)
    public mutating func readNextField<T: BinaryDecodable>(_ number: Int, _ type: T.Type) throws(BinaryError) -> T? {
        guard position < end else { return nil }
        let tag = bytes[position]
        let fieldBits = UInt8(truncatingIfNeeded: number << 3)
        do throws(BinaryError) {
            if tag == fieldBits | T.binaryWireType.rawValue {
                position += 1
                return try T(from: &self)
            }
            if let alternate = T.binaryAlternateWireType, tag == fieldBits | alternate.rawValue {
                position += 1
                return try T(alternateFrom: &self)
            }
        } catch {
            throw error.inside(number)
        }
        return nil
    }

    /// When the message's next field is field `number` (1 to 15, a one-byte tag), a copy of
    /// the reader at its value, to read later (the field is its current field, as in a
    /// ``readMessage(_:)`` body), and the value is skipped; nil, having read nothing, when it
    /// is not. For an ADT's payload, which is read once its case number is known, in a
    /// `do` whose `catch` throws ``BinaryError/inField(_:)`` so that its errors are in field 2.
    @inlinable
    public mutating func deferNextField(_ number: Int) throws(BinaryError) -> BinaryReader? {
        guard position < end else { return nil }
        let tag = bytes[position]
        // Wire types 0, 1, 2 and 5 are bits 0b100111.
        guard Int(tag >> 3) == number, tag < 0x80, (0b10_0111 as UInt8) >> (tag & 7) & 1 != 0 else { return nil }
        fieldNumber = number
        fieldWireType = tag & 7
        fieldTagOffset = position
        fieldIsUnread = true
        position += 1
        let value = self
        fieldIsUnread = false
        do throws(BinaryError) {
            try skipValue(ofWireType: fieldWireType)
        } catch {
            throw error.inside(number)
        }
        return value
    }

    /// Reads the fields left in the message ``beginMessage()`` started, as
    /// ``readMessage(_:)`` does, then leaves it. Inlined: when the message came as written,
    /// nothing is left, and leaving it is a comparison and two stores, not a call.
    @inlinable @inline(__always)
    public mutating func readRemainingFields(of message: BinaryMessageBounds, _ body: (inout BinaryReader, Int) throws(BinaryError) -> Void) throws(BinaryError) {
        if position < end {
            try readFieldsToEnd(body)
        }
        end = message.outerEnd
        depth -= 1
    }

    /// The loop of ``readRemainingFields(of:_:)``: each field up to the message's end.
    @inlinable
    mutating func readFieldsToEnd(_ body: (inout BinaryReader, Int) throws(BinaryError) -> Void) throws(BinaryError) {
        while position < end {
            let number = try readTag()
            let valueStart = position
            do throws(BinaryError) {
                try body(&self, number)
                if position == valueStart {
                    try skipValue(ofWireType: fieldWireType)
                }
            } catch {
                throw error.inside(number)
            }
            fieldIsUnread = false
        }
    }

    /// The current field's value; an error when its wire type is neither `T.binaryWireType`
    /// nor `T.binaryAlternateWireType`. Outside a field (a collection's element, the root)
    /// it reads `T`'s payload.
    @inlinable @inline(__always)
    public mutating func read<T: BinaryDecodable>(_ type: T.Type) throws(BinaryError) -> T {
        guard fieldIsUnread else { return try T(from: &self) }
        fieldIsUnread = false
        if fieldWireType == T.binaryWireType.rawValue {
            return try T(from: &self)
        }
        if let alternate = T.binaryAlternateWireType, fieldWireType == alternate.rawValue {
            return try T(alternateFrom: &self)
        }
        throw wrongWireType(expected: T.binaryWireType, or: T.binaryAlternateWireType)
    }

    /// Marks the current field (if any) as read, once its wire type is checked: the value
    /// that follows is read as `wireType`.
    @inlinable
    mutating func consumeField(as wireType: BinaryWireType) throws(BinaryError) {
        guard fieldIsUnread else { return }
        guard fieldWireType == wireType.rawValue else { throw wrongWireType(expected: wireType, or: nil) }
        fieldIsUnread = false
    }

    /// Skips the current field's value by its wire type (checking it as strictly as reading).
    public mutating func skipField() throws(BinaryError) {
        guard fieldIsUnread else {
            throw fail("there is no field to skip: skipField() is for a readMessage body, once per field")
        }
        fieldIsUnread = false
        try skipValue(ofWireType: fieldWireType)
    }
}

extension BinaryError {
    /// The same error, thrown through field `number` of a message: the number added in front
    /// of its path, as ``BinaryReader/readNextField(_:_:)`` and
    /// ``BinaryReader/readRemainingFields(of:_:)`` add it. For a field read after its message
    /// (an ADT's payload, kept by ``BinaryReader/deferNextField(_:)``), whose errors, and the
    /// missing fields of its message, belong in that field all the same:
    ///
    ///     guard var reader = payload else { throw reader.error("missing the payload of Shape.label") }
    ///     do throws(BinaryError) {
    ///         self = .label(try reader.read(String.self))
    ///     } catch {
    ///         throw error.inField(2)
    ///     }
    ///
    /// A `do`, not a closure: it costs nothing until something fails.
    public func inField(_ number: Int) -> BinaryError {
        inside(number)
    }
}

/// What ``BinaryReader/beginMessage()`` returns and ``BinaryReader/readRemainingFields(of:_:)``
/// takes: the end of the value around the message, restored when it is left.
public struct BinaryMessageBounds {
    @usableFromInline let outerEnd: Int

    @inlinable
    init(outerEnd: Int) {
        self.outerEnd = outerEnd
    }
}
