/// Reads Valuegen's binary format (docs/BinaryFormat.md) straight from its bytes into Swift
/// values. Generated `Binary` code drives it; hand-written ``BinaryDecodable`` conformances
/// can too.
///
/// A reader borrows the bytes it reads; it is valid only while they are (use the
/// conveniences `init(binaryData:)` / `init(binaryBytes:)`, which arrange that). Nothing is
/// trusted: every length and count is checked against the bytes that are left before it is
/// used, varints must be in their shortest form, nesting is limited, and every failure is a
/// ``BinaryError`` with the byte offset and the path of field numbers and element indices.
/// After it has thrown, a reader is not usable.
///
/// The hot steps are `@inlinable`, so that generated code in another module gets them
/// specialized for its types; what they call when something is unusual (a long varint, an
/// error) is not.
public struct BinaryReader {
    @usableFromInline let bytes: UnsafeRawBufferPointer
    /// The byte offset of the next thing to read.
    @usableFromInline var position = 0
    /// Where the innermost length-delimited value being read ends; nothing reads past it.
    @usableFromInline var end: Int
    @usableFromInline var depth = 0
    /// The field whose tag `readMessage` read last: its number, wire type, where its tag is,
    /// and whether its value is still unread.
    @usableFromInline var fieldNumber = 0
    @usableFromInline var fieldWireType: UInt8 = 0
    @usableFromInline var fieldTagOffset = 0
    @usableFromInline var fieldIsUnread = false
    /// The document's string table (docs/BinaryFormat.md, "The string table"): what a string
    /// reference points to. Empty unless the reader read a header.
    @usableFromInline var strings: [String] = []
    /// In a self-describing document (format version 2 or 3), where the writer's layout is; nil
    /// in a plain one.
    @usableFromInline var writerLayout: Range<Int>?
    /// Where the document's string table starts.
    var tableStart = 0

    /// Length-delimited values (messages, collections, optionals) nested deeper than this are
    /// refused: the reader recurses. So are levels past the 16th for which the current
    /// thread's stack has too little room left (`ThreadStack`), whatever the depth. A constant
    /// that inlined code reads without a call (the writer compares with it for Persistence).
    @inlinable
    public static var maximumDepth: Int { 512 }

    /// A reader at the start of the bytes, which must outlive it. It reads payloads, without
    /// a header or a string table (the document conveniences read those).
    public init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        self.end = bytes.count
    }

    /// The byte offset of the next thing to read, counted from the start of the data.
    public var offset: Int {
        position
    }

    /// The bytes left in the innermost length-delimited value being read (the whole data at
    /// the top level).
    public var remainingByteCount: Int {
        end - position
    }

    // MARK: - Whole documents

    /// After the root value: nothing may follow.
    @inlinable
    public mutating func finish() throws(BinaryError) {
        guard position == bytes.count else { throw trailingBytes() }
    }

    /// An error at the current offset; generated code uses it for a required field that
    /// never came.
    public func error(_ message: String) -> BinaryError {
        fail(message)
    }

    // MARK: - Payloads

    /// An unsigned LEB128 varint: 1 to 10 bytes, in its shortest form.
    @inlinable @inline(__always)
    public mutating func readVarint() throws(BinaryError) -> UInt64 {
        if position < end {
            let first = bytes[position]
            if first < 0x80 {
                position += 1
                return UInt64(first)
            }
            if let (value, length) = multiByteVarint() {
                position += length
                return value
            }
        }
        return try readVarintByteByByte()
    }

    /// Eight bytes, least significant first.
    @inlinable
    public mutating func readFixed64() throws(BinaryError) -> UInt64 {
        guard end - position >= 8 else { throw pastEnd("a fixed64 value", at: position) }
        let value = bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)
        position += 8
        return UInt64(littleEndian: value)
    }

    /// Four bytes, least significant first.
    @inlinable
    public mutating func readFixed32() throws(BinaryError) -> UInt32 {
        guard end - position >= 4 else { throw pastEnd("a fixed32 value", at: position) }
        let value = bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self)
        position += 4
        return UInt32(littleEndian: value)
    }

    /// A varint byte count and that many bytes, returned as a slice of the input (valid as
    /// long as the input is). Not for strings, which may be references: ``readString()``.
    public mutating func readLengthDelimited() throws(BinaryError) -> UnsafeRawBufferPointer {
        let valueEnd = try readLength()
        let slice = UnsafeRawBufferPointer(rebasing: bytes[position..<valueEnd])
        position = valueEnd
        return slice
    }

    /// A length-delimited payload read by `body`, which sees only its bytes and must consume
    /// all of them. Counts as one level of nesting.
    @inlinable
    public mutating func readLengthPrefixed<Result>(_ body: (inout BinaryReader) throws(BinaryError) -> Result) throws(BinaryError) -> Result {
        let outerEnd = try beginLengthDelimited()
        let result = try body(&self)
        try endLengthDelimited(outerEnd)
        return result
    }

    /// A varint count of elements that each take at least `minimumElementSize` bytes, refused
    /// when that many cannot fit in the bytes left, so that a collection can reserve room for
    /// them before it reads them. Inlined, so that the element size is a constant and the
    /// division by it goes.
    @inlinable @inline(__always)
    public mutating func readCount(minimumElementSize: Int) throws(BinaryError) -> Int {
        let start = position
        let count = try readVarint()
        let remaining = end - position
        guard count <= UInt64(remaining / max(minimumElementSize, 1)) else {
            throw countTooLarge(count, remaining: remaining, at: start)
        }
        return Int(count)
    }

    // MARK: - Steps of inlinable code

    /// Reads a length varint, enters the value it announces (one level deeper, `end` at its
    /// end) and returns the `end` to restore with ``endLengthDelimited(_:)``.
    @inlinable @inline(__always)
    mutating func beginLengthDelimited() throws(BinaryError) -> Int {
        let start = position
        let valueEnd = try readLength()
        depth += 1
        if depth > ThreadStack.shallowDepth {
            try checkDeepLevel(at: start)
        }
        let outerEnd = end
        end = valueEnd
        return outerEnd
    }

    /// Leaves the value ``beginLengthDelimited()`` entered, which must be used up.
    @inlinable
    mutating func endLengthDelimited(_ outerEnd: Int) throws(BinaryError) {
        guard position == end else { throw leftOver() }
        end = outerEnd
        depth -= 1
    }

    /// Reads a length varint and returns where the value it announces ends.
    @inlinable @inline(__always)
    mutating func readLength() throws(BinaryError) -> Int {
        if position < end {
            let first = bytes[position]
            // A one-byte length that fits: `first` bytes after this one.
            if first < 0x80, Int(first) < end - position {
                position += 1
                return position + Int(first)
            }
            // Two bytes (128 to 16,383), shortest form, that fit.
            if first >= 0x80, end - position > 2 {
                let second = bytes[position + 1]
                let length = Int(first & 0x7F) | Int(second) << 7
                if second != 0, second < 0x80, length <= end - position - 2 {
                    position += 2
                    return position + length
                }
            }
        }
        return try readLongLength()
    }

    /// Reads a field's tag, checks it and makes the field current; returns its number. One
    /// byte for fields 1 to 15, which is all most messages have.
    @inlinable @inline(__always)
    mutating func readTag() throws(BinaryError) -> Int {
        let tag = bytes[position]
        // Wire types 0, 1, 2 and 5 are bits 0b100111.
        if tag < 0x80, tag >= 8, (0b10_0111 as UInt8) >> (tag & 7) & 1 != 0 {
            fieldNumber = Int(tag >> 3)
            fieldWireType = tag & 7
            fieldTagOffset = position
            fieldIsUnread = true
            position += 1
            return fieldNumber
        }
        return try readLongTag()
    }

    // MARK: - Internals

    /// The magic bytes, the format version this library reads, and the string table.
    @usableFromInline
    mutating func readHeader() throws(BinaryError) {
        let magic = BinaryFormat.magic
        let found = bytes.prefix(magic.count)
        guard found.elementsEqual(magic) else {
            let description = found.isEmpty ? "no bytes" : found.map(Self.hex).joined(separator: " ")
            throw fail("expected the magic bytes 56 47 42 (\"VGB\") of Valuegen binary data, found \(description)")
        }
        position = magic.count
        guard position < bytes.count else { throw fail("the data ends before the format version") }
        let version = bytes[position]
        guard version >= BinaryFormat.version, version <= BinaryFormat.selfDescribingVersion else {
            throw fail("binary format version \(version) is not supported (this reader reads versions \(BinaryFormat.version) to \(BinaryFormat.selfDescribingVersion))")
        }
        position += 1
        if version == BinaryFormat.selfDescribingVersion {
            try checkChecksum()
        }
        if version != BinaryFormat.version {
            guard position < bytes.count else { throw fail("the data ends before the layout") }
            let layoutEnd = try readLength()
            writerLayout = position..<layoutEnd
            position = layoutEnd
        }
        tableStart = position
        try readStringTable()
    }

    /// A self-describing document's last four bytes: the CRC-32C of all the others, little-endian.
    /// When it matches, the reader goes on reading without them, as if they were not there.
    mutating func checkChecksum() throws(BinaryError) {
        let checksumStart = bytes.count - 4
        guard checksumStart >= position else {
            throw fail("the data ends before its checksum (a self-describing document ends with 4 bytes of CRC-32C)")
        }
        let covered = UnsafeRawBufferPointer(rebasing: bytes[..<checksumStart])
        let saved = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: checksumStart, as: UInt32.self))
        let computed = CRC32C.checksum(of: covered)
        guard saved == computed else {
            throw BinaryError(message: "the data is damaged: it ends with the checksum \(Self.hex(saved)), but its bytes give \(Self.hex(computed))", offset: checksumStart)
        }
        let afterVersion = position
        self = BinaryReader(bytes: covered)
        position = afterVersion
    }

    func fail(_ message: String) -> BinaryError {
        BinaryError(message: message, offset: position)
    }

    /// `what` does not fit before the end of the data or of the value around it.
    @usableFromInline
    func pastEnd(_ what: String, at start: Int) -> BinaryError {
        let boundary = depth == 0 ? "the data" : "the enclosing value, which ends at byte \(end)"
        return BinaryError(message: "\(what) runs past the end of \(boundary)", offset: start)
    }

    @usableFromInline
    func trailingBytes() -> BinaryError {
        let extra = bytes.count - position
        return fail("expected the end of the data, found \(extra) more byte\(extra == 1 ? "" : "s")")
    }

    @usableFromInline
    func leftOver() -> BinaryError {
        let extra = end - position
        return fail("\(extra) byte\(extra == 1 ? " is" : "s are") left over at the end of a length-delimited value")
    }

    @usableFromInline
    func countTooLarge(_ count: UInt64, remaining: Int, at start: Int) -> BinaryError {
        BinaryError(message: "\(count) element\(count == 1 ? "" : "s") cannot fit in the remaining \(remaining) byte\(remaining == 1 ? "" : "s")", offset: start)
    }

    /// Refuses the level `depth` (past `ThreadStack.shallowDepth`, entered; its length starts
    /// at `start`) when it is deeper than ``maximumDepth`` or the thread's stack has too little
    /// room left for it.
    @usableFromInline @inline(never)
    mutating func checkDeepLevel(at start: Int) throws(BinaryError) {
        guard let refusal = ThreadStack.refusal(ofLevel: depth, maximumDepth: Self.maximumDepth) else { return }
        depth -= 1
        throw BinaryError(message: refusal, offset: start)
    }

    @usableFromInline
    func wrongWireType(expected: BinaryWireType, or alternate: BinaryWireType?) -> BinaryError {
        let found = BinaryWireType(rawValue: fieldWireType)?.name ?? "\(fieldWireType)"
        let wanted = alternate.map { "\(expected.name) or \($0.name)" } ?? expected.name
        return BinaryError(message: "field \(fieldNumber) has wire type \(found), expected \(wanted)", offset: fieldTagOffset)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0" + digits : digits
    }

    /// `0x0000BEEF`.
    private static func hex(_ checksum: UInt32) -> String {
        let digits = String(checksum, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// The varint at `position` when it takes 2 to 8 bytes, is in its shortest form, ends
    /// before `end` and 8 bytes can be loaded from the data, and how many bytes it takes; nil otherwise (then
    /// ``readVarintByteByByte()`` reads it, or says what is wrong). The bytes are decoded at
    /// once, without a branch per byte (their lengths vary, and a mispredicted branch costs
    /// more than the arithmetic): the first byte without its high bit ends the varint, then
    /// the 7-bit groups are packed together pairwise. It throws nothing, so it needs no frame.
    @inlinable @inline(__always)
    func multiByteVarint() -> (UInt64, Int)? {
        guard bytes.count - position >= 8 else { return nil }
        let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        let stops = ~word & 0x8080_8080_8080_8080
        guard stops != 0 else { return nil }
        let lastBit = stops.trailingZeroBitCount  // 8 · (length − 1) + 7
        let kept = word & (UInt64.max >> (63 - lastBit))
        // The last byte may not be 0 (but for a varint of one byte, which is never here).
        guard kept >> (lastBit - 7) != 0 else { return nil }
        // Loaded from the data, but it must end within the value being read.
        let length = (lastBit + 1) >> 3
        guard length <= end - position else { return nil }
        var value = kept & 0x7F7F_7F7F_7F7F_7F7F
        value = (value & 0x007F_007F_007F_007F) | ((value & 0x7F00_7F00_7F00_7F00) >> 1)
        value = (value & 0x0000_3FFF_0000_3FFF) | ((value & 0x3FFF_0000_3FFF_0000) >> 2)
        value = (value & 0x0000_0000_0FFF_FFFF) | ((value & 0x0FFF_FFFF_0000_0000) >> 4)
        return (value, length)
    }

    /// Near the end of the value, 9 and 10 bytes, and every error.
    @usableFromInline
    mutating func readVarintByteByByte() throws(BinaryError) -> UInt64 {
        let start = position
        var index = position
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
                guard byte != 0 || index == start + 1 else {
                    throw BinaryError(message: "a varint is not in its shortest form (it ends in a zero byte)", offset: start)
                }
                position = index
                return value
            }
            shift += 7
        }
    }

    @usableFromInline
    mutating func readLongLength() throws(BinaryError) -> Int {
        let start = position
        let length = try readVarint()
        guard length <= UInt64(end - position) else {
            throw pastEnd("a length-delimited value of \(length) bytes", at: start)
        }
        return position + Int(length)
    }

    @usableFromInline
    mutating func readLongTag() throws(BinaryError) -> Int {
        let start = position
        let tag = try readVarint()
        let number = tag >> 3
        guard number >= 1, number <= UInt64(BinaryFormat.maximumFieldNumber) else {
            throw BinaryError(message: "field number \(number) is out of the range 1...\(BinaryFormat.maximumFieldNumber)", offset: start)
        }
        guard BinaryWireType(rawValue: UInt8(tag & 7)) != nil else {
            throw BinaryError(message: "field \(number) has an unknown wire type \(tag & 7)", offset: start)
        }
        fieldNumber = Int(number)
        fieldWireType = UInt8(tag & 7)
        fieldTagOffset = start
        fieldIsUnread = true
        return Int(number)
    }

    @usableFromInline
    mutating func skipValue(ofWireType wireType: UInt8) throws(BinaryError) {
        switch BinaryWireType(rawValue: wireType) {
        case .varint: _ = try readVarint()
        case .fixed64: _ = try readFixed64()
        case .fixed32: _ = try readFixed32()
        case .lengthDelimited: position = try readLength()
        case nil: preconditionFailure("readTag lets only known wire types through")
        }
    }
}
