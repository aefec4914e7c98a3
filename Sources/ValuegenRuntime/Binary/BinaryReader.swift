/// Reads Valuegen's binary format (docs/BinaryFormat.md) straight from its bytes into Swift
/// values. Generated `Binary` code drives it; hand-written ``BinaryDecodable`` conformances
/// can too.
///
/// A reader borrows the bytes it reads; it is valid only while they are (use the
/// conveniences `init(binaryData:)` / `init(binaryBytes:)`, which arrange that). Nothing is
/// trusted: every length and count is checked against the bytes that are left before it is
/// used, varints must be in their shortest form, nesting is limited, and every failure is a
/// ``BinaryError`` with the byte offset and the path of field numbers and element indices.
public struct BinaryReader {
    private let bytes: UnsafeRawBufferPointer
    /// The byte offset of the next thing to read, counted from the start of the data.
    public private(set) var offset: Int = 0
    /// Where the innermost length-delimited value being read ends; nothing reads past it.
    private var end: Int
    private var depth = 0
    /// The field whose tag `readMessage` read last and whose value is still unread, or 0.
    private var fieldNumber = 0
    private var fieldWireType = BinaryWireType.varint
    private var fieldTagOffset = 0

    /// Length-delimited values (messages, collections, optionals) nested deeper than this are
    /// refused: the reader recurses.
    public static let maximumDepth = 512

    /// A reader at the start of the bytes; they must outlive it.
    public init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        self.end = bytes.count
    }

    /// The bytes left in the innermost length-delimited value being read (the whole data at
    /// the top level).
    public var remainingByteCount: Int {
        end - offset
    }

    // MARK: - Whole documents

    /// After the root value: nothing may follow.
    public mutating func finish() throws(BinaryError) {
        guard offset == bytes.count else {
            let extra = bytes.count - offset
            throw fail("expected the end of the data, found \(extra) more byte\(extra == 1 ? "" : "s")")
        }
    }

    /// An error at the current offset; generated code uses it for a required field that
    /// never came.
    public func error(_ message: String) -> BinaryError {
        fail(message)
    }

    // MARK: - Payloads

    /// An unsigned LEB128 varint: 1 to 10 bytes, in its shortest form.
    public mutating func readVarint() throws(BinaryError) -> UInt64 {
        guard offset < end else { throw pastEnd("a varint", at: offset) }
        let first = bytes[offset]
        if first < 0x80 {
            offset += 1
            return UInt64(first)
        }
        return try readLongVarint()
    }

    /// Eight bytes, least significant first.
    public mutating func readFixed64() throws(BinaryError) -> UInt64 {
        guard end - offset >= 8 else { throw pastEnd("a fixed64 value", at: offset) }
        let value = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        offset += 8
        return UInt64(littleEndian: value)
    }

    /// Four bytes, least significant first.
    public mutating func readFixed32() throws(BinaryError) -> UInt32 {
        guard end - offset >= 4 else { throw pastEnd("a fixed32 value", at: offset) }
        let value = bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        offset += 4
        return UInt32(littleEndian: value)
    }

    /// A varint byte count and that many bytes, returned as a slice of the input (valid as
    /// long as the input is).
    public mutating func readLengthDelimited() throws(BinaryError) -> UnsafeRawBufferPointer {
        let valueEnd = try readLength()
        let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<valueEnd])
        offset = valueEnd
        return slice
    }

    /// A length-delimited payload read by `body`, which sees only its bytes and must consume
    /// all of them. Counts as one level of nesting.
    public mutating func readLengthPrefixed<Result>(_ body: (inout BinaryReader) throws(BinaryError) -> Result) throws(BinaryError) -> Result {
        let start = offset
        let valueEnd = try readLength()
        try enter(at: start)
        let outerEnd = end
        end = valueEnd
        defer {
            end = outerEnd
            depth -= 1
        }
        let result = try body(&self)
        guard offset == valueEnd else {
            throw fail("\(valueEnd - offset) byte\(valueEnd - offset == 1 ? " is" : "s are") left over at the end of a length-delimited value")
        }
        return result
    }

    /// A varint count of elements that each take at least `minimumElementSize` bytes, refused
    /// when that many cannot fit in the bytes left, so that a collection can reserve room for
    /// them before it reads them.
    public mutating func readCount(minimumElementSize: Int) throws(BinaryError) -> Int {
        let start = offset
        let count = try readVarint()
        let remaining = end - offset
        guard count <= UInt64(remaining / max(minimumElementSize, 1)) else {
            throw BinaryError(message: "\(count) element\(count == 1 ? "" : "s") cannot fit in the remaining \(remaining) byte\(remaining == 1 ? "" : "s")", offset: start)
        }
        return Int(count)
    }

    // MARK: - Messages

    /// Reads a message (varint length, then fields until that length is consumed), calling
    /// `body` with each field number; `body` reads the value with ``read(_:)`` or does nothing
    /// (then the field is skipped by its wire type). Errors get the field number added to
    /// their path. A field that appears twice is read twice: the last value wins.
    public mutating func readMessage(_ body: (inout BinaryReader, Int) throws(BinaryError) -> Void) throws(BinaryError) {
        try readLengthPrefixed { reader throws(BinaryError) in
            while reader.offset < reader.end {
                let number = try reader.readTag()
                let valueStart = reader.offset
                let wireType = reader.fieldWireType
                do throws(BinaryError) {
                    try body(&reader, number)
                    if reader.offset == valueStart {
                        try reader.skipValue(of: wireType)
                    }
                } catch {
                    throw error.inside(number)
                }
                reader.fieldNumber = 0
            }
        }
    }

    /// The current field's value; an error when its wire type is not `T.binaryWireType`.
    /// Outside a field (a collection's element, the root) it reads `T`'s payload.
    public mutating func read<T: BinaryDecodable>(_ type: T.Type) throws(BinaryError) -> T {
        try consumeField(as: T.binaryWireType)
        return try T(from: &self)
    }

    /// Marks the current field (if any) as read, once its wire type is checked: the value
    /// that follows is read as `wireType`.
    mutating func consumeField(as wireType: BinaryWireType) throws(BinaryError) {
        guard fieldNumber != 0 else { return }
        guard fieldWireType == wireType else {
            throw BinaryError(message: "field \(fieldNumber) has wire type \(fieldWireType.name), expected \(wireType.name)", offset: fieldTagOffset)
        }
        fieldNumber = 0
    }

    /// Skips the current field's value by its wire type (checking it as strictly as reading).
    public mutating func skipField() throws(BinaryError) {
        guard fieldNumber != 0 else {
            throw fail("there is no field to skip: skipField() is for a readMessage body, once per field")
        }
        fieldNumber = 0
        try skipValue(of: fieldWireType)
    }

    // MARK: - Internals

    /// The magic bytes and the format version this library reads.
    mutating func readHeader() throws(BinaryError) {
        let magic = BinaryFormat.magic
        let found = bytes.prefix(magic.count)
        guard found.elementsEqual(magic) else {
            let description = found.isEmpty ? "no bytes" : found.map(Self.hex).joined(separator: " ")
            throw fail("expected the magic bytes 56 47 42 (\"VGB\") of Valuegen binary data, found \(description)")
        }
        offset = magic.count
        guard offset < bytes.count else { throw fail("the data ends before the format version") }
        guard bytes[offset] == BinaryFormat.version else {
            throw fail("binary format version \(bytes[offset]) is not supported (this reader reads version \(BinaryFormat.version))")
        }
        offset += 1
    }

    private func fail(_ message: String) -> BinaryError {
        BinaryError(message: message, offset: offset)
    }

    /// `what` does not fit before the end of the data or of the value around it.
    private func pastEnd(_ what: String, at start: Int) -> BinaryError {
        let boundary = depth == 0 ? "the data" : "the enclosing value at byte \(end)"
        return BinaryError(message: "\(what) runs past the end of \(boundary)", offset: start)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0" + digits : digits
    }

    private mutating func enter(at start: Int) throws(BinaryError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            depth -= 1
            throw BinaryError(message: "nesting deeper than \(Self.maximumDepth) levels", offset: start)
        }
    }

    private mutating func readLongVarint() throws(BinaryError) -> UInt64 {
        let start = offset
        var index = offset
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard index < end else { throw pastEnd("a varint", at: start) }
            let byte = bytes[index]
            index += 1
            if shift == 63, byte > 1 {
                throw BinaryError(message: byte >= 0x80 ? "a varint is longer than 10 bytes" : "a varint overflows 64 bits", offset: start)
            }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 {
                guard byte != 0 else {
                    throw BinaryError(message: "a varint is not in its shortest form (it ends in a zero byte)", offset: start)
                }
                offset = index
                return value
            }
            shift += 7
        }
    }

    /// Reads a length varint and returns where the value it announces ends.
    private mutating func readLength() throws(BinaryError) -> Int {
        let start = offset
        let length = try readVarint()
        guard length <= UInt64(end - offset) else {
            throw pastEnd("a length-delimited value of \(length) bytes", at: start)
        }
        return offset + Int(length)
    }

    /// Reads a field's tag, checks it and makes the field current; returns its number.
    private mutating func readTag() throws(BinaryError) -> Int {
        let start = offset
        let tag = try readVarint()
        let number = tag >> 3
        guard number >= 1, number <= UInt64(BinaryFormat.maximumFieldNumber) else {
            throw BinaryError(message: "field number \(number) is out of the range 1...\(BinaryFormat.maximumFieldNumber)", offset: start)
        }
        guard let wireType = BinaryWireType(rawValue: UInt8(tag & 7)) else {
            throw BinaryError(message: "field \(number) has an unknown wire type \(tag & 7)", offset: start)
        }
        fieldNumber = Int(number)
        fieldWireType = wireType
        fieldTagOffset = start
        return Int(number)
    }

    private mutating func skipValue(of wireType: BinaryWireType) throws(BinaryError) {
        switch wireType {
        case .varint: _ = try readVarint()
        case .fixed64: _ = try readFixed64()
        case .fixed32: _ = try readFixed32()
        case .lengthDelimited: _ = try readLengthDelimited()
        }
    }
}
