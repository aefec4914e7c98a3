#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes Valuegen's binary format (docs/BinaryFormat.md): varints, little-endian fixed-width
/// numbers, length-delimited bytes, and messages of tagged fields. Generated `Binary` code
/// drives it; hand-written ``BinaryEncodable`` conformances can too.
///
/// The writer writes what it is told: a payload of the wrong wire type for a field, or a
/// message body that writes something other than fields, gives data no reader accepts.
///
/// It writes through a pointer into the storage of an array of its own, which is handed over
/// at the end without a copy, rather than appending to an array, whose every append checks
/// that it is not shared; that is why a writer cannot be copied.
public struct BinaryWriter: ~Copyable {
    /// The array the bytes are written into: its elements are the writer's room, counted as
    /// initialized without being written (any bits are a valid `UInt8`, and no byte is read
    /// before it is written: `bytes` and `finishDocument()` cut the room off). The writer owns
    /// it alone and never changes it through the array's API while writing, so its storage
    /// stays where `buffer` points until `grow` replaces it.
    @usableFromInline var storage: [UInt8]
    /// The first byte of `storage`, valid as long as `storage` is this writer's.
    @usableFromInline var buffer: UnsafeMutablePointer<UInt8>
    /// The bytes written so far.
    @usableFromInline var count = 0
    /// `storage.count`.
    @usableFromInline var capacity: Int
    /// Whether strings may be written as references to the document's string table: only in
    /// a document's writer, which puts the table in front of the bytes when it is done.
    @usableFromInline let referencesStrings: Bool
    /// Made when the first string that could be a reference is written.
    var stringTable: BinaryStringTable?
    /// For each field number modulo 16, four bits: the `k` of the last short decimal written
    /// in such a field that its hint did not give, which
    /// ``BinaryDecimal/varint(for:atMostK:)`` tries first.
    @usableFromInline var decimalHints: UInt64 = 0
    /// How many length-delimited payloads are open (``beginLengthPrefixed()``).
    @usableFromInline var prefixDepth = 0
    /// Whether more than ``BinaryReader/maximumDepth`` were open at some point: nesting the
    /// reader refuses, which Persistence refuses to save (docs/Runtime.md, "What `save`
    /// refuses").
    @usableFromInline var isNestedTooDeep = false
    /// Whether the writer stops the generated encoders once it has gone past
    /// ``BinaryReader/maximumDepth``: Persistence's writer does, whose document is refused then
    /// anyway; `binaryData()` and the other writers write the whole value, however deep.
    @usableFromInline var stopsPastMaximumDepth = false
    /// ``skipsNestedValues``.
    @usableFromInline var isSkippingNestedValues = false
    /// For each depth modulo 32, two bits: the byte count, less one, of the last length
    /// prefix at that depth, which is how much room the next one there starts with (a
    /// message's length tends to take as many bytes as that of the message before it at its
    /// depth; a wrong guess costs a move of the payload, as without one).
    @usableFromInline var prefixSizes: UInt64 = 0
    /// Where a document's string table goes: after the header, and in a self-describing
    /// document after the layout too.
    var tableOffset = BinaryFormat.header.count
    /// Whether the document ends with a CRC-32C of its bytes: a self-describing one does.
    var endsWithChecksum = false

    /// An empty writer with room for `capacity` bytes before it grows. It writes payloads,
    /// every string inline; `binaryBytes()` makes the writer of a whole document.
    public init(capacity: Int = 256) {
        (storage, buffer) = Self.allocate(max(capacity, 16))
        self.capacity = storage.count
        referencesStrings = false
    }

    /// The writer of a document: the header and room for the string table first.
    @usableFromInline
    init(document: Void) {
        (storage, buffer) = Self.allocate(256)
        capacity = storage.count
        referencesStrings = true
        for byte in BinaryFormat.header {
            writeByte(byte)
        }
        writeByte(0)  // an empty string table until finishDocument()
    }

    /// The writer of a self-describing document (format version 3): the header, the layout
    /// (a varint length, then its UTF-8 lines), and room for the string table; the checksum
    /// comes last, in `finishDocument()`.
    init(document: Void, layout: [UInt8]) {
        (storage, buffer) = Self.allocate(256 + layout.count)
        capacity = storage.count
        referencesStrings = true
        endsWithChecksum = true
        for byte in BinaryFormat.magic {
            writeByte(byte)
        }
        writeByte(BinaryFormat.selfDescribingVersion)
        writeLengthDelimited(layout)
        tableOffset = count
        writeByte(0)  // an empty string table until finishDocument()
    }

    /// An array of `capacity` bytes that are not written (see `storage`), and its first byte;
    /// `copying` bytes from `old` at its start. A large one asks for huge pages before it is
    /// touched (LargeMemory.swift).
    private static func allocate(_ capacity: Int, copying count: Int = 0, from old: UnsafeMutablePointer<UInt8>? = nil) -> ([UInt8], UnsafeMutablePointer<UInt8>) {
        var first: UnsafeMutablePointer<UInt8>?
        let storage = [UInt8](unsafeUninitializedCapacity: capacity) { bytes, initialized in
            first = bytes.baseAddress!
            LargeMemory.adviseHugePages(UnsafeMutableRawPointer(first!), count: capacity)
            if let old, count > 0 {
                memcpy(first!, old, count)
            }
            initialized = capacity
        }
        return (storage, first!)
    }

    /// The bytes so far, copied. A document's writer starts them with the header and an empty
    /// string table, which `binaryBytes()` replaces by the document's table when it has one.
    public var bytes: [UInt8] {
        // Copied from the buffer, never sliced from `storage`: a slice of the whole array
        // would share its storage, which the writer goes on writing in place.
        [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            if count > 0 {
                memcpy(output.baseAddress!, buffer, count)
            }
            initialized = count
        }
    }

    /// How many bytes have been written.
    public var byteCount: Int {
        count
    }

    /// Whether a model's `encode(to:)` should return at once, writing nothing: true once
    /// Persistence's writer has gone past ``BinaryReader/maximumDepth`` levels, where the
    /// value is refused and its document thrown away, so that a chain of values nested deeper
    /// than the stack holds ends in that refusal rather than a stack overflow. Generated
    /// encoders look at it first; the writers of `binaryBytes()` and ``init(capacity:)``
    /// never skip.
    @inlinable
    public var skipsNestedValues: Bool {
        isSkippingNestedValues
    }

    /// The document: header, string table, body (and a self-describing document's layout
    /// before the table, its checksum after the body). The writer's array, cut to the document:
    /// the table goes in front of the body, which moves up in place to make room for it. When
    /// the array has much more room than the document (an estimate that was too large), the
    /// document is copied instead, so that it does not keep the room.
    @usableFromInline
    consuming func finishDocument() -> [UInt8] {
        if let table = stringTable, table.count > 0 {
            let bodyStart = tableOffset + 1
            let countSize = Self.varintSize(UInt64(table.count))
            let tableSize = countSize + table.encodedStrings.count
            reserve(tableSize - 1)
            memmove(buffer + bodyStart - 1 + tableSize, buffer + bodyStart, count - bodyStart)
            count += tableSize - 1
            Self.store(varint: UInt64(table.count), size: countSize, at: buffer + bodyStart - 1)
            table.encodedStrings.withUnsafeBytes { strings in
                _ = memcpy(buffer + bodyStart - 1 + countSize, strings.baseAddress!, strings.count)
            }
        }
        if endsWithChecksum {
            reserve(4)
            let checksum = CRC32C.checksum(of: UnsafeRawBufferPointer(start: buffer, count: count))
            UnsafeMutableRawPointer(buffer + count).storeBytes(of: checksum.littleEndian, as: UInt32.self)
            count += 4
        }
        if capacity - count > count / 4 + Self.roomKeptByADocument {
            return bytes
        }
        var document: [UInt8] = []
        swap(&document, &storage)  // the array's only reference: cut in place, not copied
        document.removeLast(capacity - count)
        return document
    }

    // MARK: - Room

    /// Room past the end a document handed over may keep beyond a quarter of its size.
    static var roomKeptByADocument: Int { 1 << 20 }

    /// Makes room for `size` more bytes.
    @inlinable @inline(__always)
    mutating func reserve(_ size: Int) {
        if capacity - count < size {
            grow(size)
        }
    }

    @usableFromInline
    mutating func grow(_ size: Int) {
        (storage, buffer) = Self.allocate(max(capacity * 2, count + size), copying: count, from: buffer)
        capacity = storage.count
    }

    // MARK: - Payloads

    /// An unsigned LEB128 varint: seven bits a byte, least significant first, the high bit set
    /// on every byte but the last; 1 to 10 bytes, always the shortest form.
    @inlinable @inline(__always)
    public mutating func writeVarint(_ value: UInt64) {
        if value < 0x80 {
            writeByte(UInt8(truncatingIfNeeded: value))
        } else {
            writeLongVarint(value)
        }
    }

    /// A varint of 2 to 10 bytes. Up to eight are made at once, without a branch per byte:
    /// the value's 7-bit groups are spread one per byte, pairwise, and the high bit set on all
    /// bytes but the last; the eight bytes are stored, of which the varint's count.
    @usableFromInline
    mutating func writeLongVarint(_ value: UInt64) {
        reserve(10)
        guard value < 1 << 56 else {
            var value = value
            var index = count
            while value >= 0x80 {
                buffer[index] = UInt8(truncatingIfNeeded: value) | 0x80
                value >>= 7
                index += 1
            }
            buffer[index] = UInt8(value)
            count = index + 1
            return
        }
        var groups = (value & 0x0FFF_FFFF) | ((value & 0x00FF_FFFF_F000_0000) << 4)
        groups = (groups & 0x0000_3FFF_0000_3FFF) | ((groups & 0x0FFF_C000_0FFF_C000) << 2)
        groups = (groups & 0x007F_007F_007F_007F) | ((groups & 0x3F80_3F80_3F80_3F80) << 1)
        let length = Self.varintSize(value)
        let continuation = (0x0080_8080_8080_8080 as UInt64) >> (8 * (8 - length))
        UnsafeMutableRawPointer(buffer + count).storeBytes(of: (groups | continuation).littleEndian, as: UInt64.self)
        count += length
    }

    /// Eight bytes, least significant first.
    @inlinable
    public mutating func writeFixed64(_ value: UInt64) {
        reserve(8)
        UnsafeMutableRawPointer(buffer + count).storeBytes(of: value.littleEndian, as: UInt64.self)
        count += 8
    }

    /// Four bytes, least significant first.
    @inlinable
    public mutating func writeFixed32(_ value: UInt32) {
        reserve(4)
        UnsafeMutableRawPointer(buffer + count).storeBytes(of: value.littleEndian, as: UInt32.self)
        count += 4
    }

    /// A varint byte count, then the bytes. Not for strings: ``writeString(_:)``.
    public mutating func writeLengthDelimited(_ bytes: some Collection<UInt8>) {
        writeVarint(UInt64(bytes.count))
        let written: Void? = bytes.withContiguousStorageIfAvailable { writeBytes(UnsafeRawBufferPointer($0)) }
        if written == nil {
            reserve(bytes.count)
            for byte in bytes {
                buffer[count] = byte
                count += 1
            }
        }
    }

    /// One byte.
    @inlinable @inline(__always)
    mutating func writeByte(_ byte: UInt8) {
        reserve(1)
        buffer[count] = byte
        count += 1
    }

    /// Raw bytes, no length. Up to 16 are copied by two overlapping loads and stores rather
    /// than a call to `memcpy` (most strings are short).
    @usableFromInline
    mutating func writeBytes(_ bytes: UnsafeRawBufferPointer) {
        let size = bytes.count
        guard size > 0, let source = bytes.baseAddress else { return }
        reserve(size)
        let target = UnsafeMutableRawPointer(buffer + count)
        if size >= 8, size <= 16 {
            let first = source.loadUnaligned(as: UInt64.self)
            let last = source.loadUnaligned(fromByteOffset: size - 8, as: UInt64.self)
            target.storeBytes(of: first, as: UInt64.self)
            target.storeBytes(of: last, toByteOffset: size - 8, as: UInt64.self)
        } else if size >= 4, size < 8 {
            let first = source.loadUnaligned(as: UInt32.self)
            let last = source.loadUnaligned(fromByteOffset: size - 4, as: UInt32.self)
            target.storeBytes(of: first, as: UInt32.self)
            target.storeBytes(of: last, toByteOffset: size - 4, as: UInt32.self)
        } else {
            memcpy(target, source, size)
        }
        count += size
    }

    /// A String payload: its UTF-8, or in a document a reference to the string table when the
    /// string came before (docs/BinaryFormat.md, "The string table").
    public mutating func writeString(_ string: String) {
        writeString(string, source: 0)
    }

    /// Field `fieldNumber` with a String payload, as ``writeString(_:)`` writes it. The
    /// string table tells the strings of one field (at one depth of nesting) from others',
    /// and stops looking up those of a field whose strings do not repeat
    /// (``BinaryStringTable``).
    public mutating func writeStringField(_ fieldNumber: Int, _ string: String) {
        writeTag(fieldNumber, .lengthDelimited)
        writeString(string, source: fieldNumber &+ prefixDepth &* 13)
    }

    @inline(__always)
    private mutating func writeString(_ string: String, source: Int) {
        string.withUTF8InPlace { writeString(utf8: $0, source: source) }
    }

    @inline(__always)
    private mutating func writeString(utf8: UnsafeBufferPointer<UInt8>, source: Int) {
        let size = utf8.count
        if referencesStrings, size >= BinaryStringTable.minimumLength, size <= BinaryStringTable.maximumLength {
            if stringTable == nil {
                stringTable = BinaryStringTable()
            }
            if let index = stringTable!.reference(to: utf8, source: source) {
                writeReference(to: index)
                return
            }
        }
        if size < 0x80 {
            // The length byte and the bytes with one check for room.
            reserve(size + 1)
            buffer[count] = UInt8(truncatingIfNeeded: size)
            count += 1
        } else {
            writeLongVarint(UInt64(size))
        }
        writeBytes(UnsafeRawBufferPointer(utf8))
    }

    /// A String payload that refers to string `index` of the table: its length, 0xFF, the
    /// index's varint.
    private mutating func writeReference(to index: Int) {
        reserve(12)
        if index < 0x80 {
            buffer[count] = 2
            buffer[count + 1] = 0xFF
            buffer[count + 2] = UInt8(truncatingIfNeeded: index)
            count += 3
            return
        }
        buffer[count] = UInt8(truncatingIfNeeded: 1 + Self.varintSize(UInt64(index)))
        buffer[count + 1] = 0xFF
        count += 2
        writeVarint(UInt64(index))
    }

    /// A length-delimited payload whose bytes `body` writes: the varint byte count is
    /// written in front of them when `body` returns.
    @inlinable @inline(__always)
    public mutating func writeLengthPrefixed(_ body: (inout BinaryWriter) -> Void) {
        let prefix = beginLengthPrefixed()
        body(&self)
        endLengthPrefixed(prefix)
    }

    /// Starts a length-delimited payload whose bytes the next writes are, up to
    /// ``endLengthPrefixed(_:)``: ``writeLengthPrefixed(_:)`` without a closure, which
    /// generated code uses (a closure that captures the value being written copies it).
    @inlinable @inline(__always)
    public mutating func beginLengthPrefixed() -> BinaryLengthPrefix {
        // Room for as many length bytes as the last payload at this depth took (one at
        // first, which is all it takes below 128 bytes); when the length takes another
        // count, the payload is moved to make it fit (once per value, so writing stays
        // linear in the output for all but deep nesting of long values).
        let shift = UInt64(truncatingIfNeeded: prefixDepth & 31) &* 2
        let size = Int(truncatingIfNeeded: (prefixSizes >> shift) & 3) &+ 1
        prefixDepth &+= 1
        if prefixDepth > BinaryReader.maximumDepth {
            isNestedTooDeep = true
            isSkippingNestedValues = stopsPastMaximumDepth
        }
        reserve(size)
        let start = count
        count += size
        return BinaryLengthPrefix(offset: start, size: size)
    }

    /// Writes the byte count of the payload `prefix` started in front of it.
    @inlinable @inline(__always)
    public mutating func endLengthPrefixed(_ prefix: BinaryLengthPrefix) {
        prefixDepth &-= 1
        let length = count - prefix.offset - prefix.size
        if prefix.size == 1, length < 0x80 {
            buffer[prefix.offset] = UInt8(truncatingIfNeeded: length)
        } else if prefix.size == 2, length >= 0x80, length < 0x4000 {
            buffer[prefix.offset] = UInt8(truncatingIfNeeded: length) | 0x80
            buffer[prefix.offset + 1] = UInt8(truncatingIfNeeded: length >> 7)
        } else {
            writeLength(length, of: prefix)
        }
    }

    /// The length of a payload, when `endLengthPrefixed` has no quick way: the payload moved
    /// when its length's varint takes more or fewer bytes than were left for it, the varint
    /// written in front of it, and its size remembered for the next payload at this depth.
    @usableFromInline
    mutating func writeLength(_ length: Int, of prefix: BinaryLengthPrefix) {
        let size = Self.varintSize(UInt64(length))
        let prefix = resize(prefix, to: size)
        Self.store(varint: UInt64(length), size: size, at: buffer + prefix.offset)
        let shift = UInt64(truncatingIfNeeded: prefixDepth & 31) &* 2
        prefixSizes = prefixSizes & ~(3 << shift) | UInt64(min(size, 4) - 1) << shift
    }

    /// `prefix` with room for `size` length bytes: the payload written after it so far is
    /// moved when that is another count.
    mutating func resize(_ prefix: BinaryLengthPrefix, to size: Int) -> BinaryLengthPrefix {
        guard size != prefix.size else { return prefix }
        let payload = count - prefix.offset - prefix.size
        reserve(size - prefix.size)
        memmove(buffer + prefix.offset + size, buffer + prefix.offset + prefix.size, payload)
        count += size - prefix.size
        return BinaryLengthPrefix(offset: prefix.offset, size: size)
    }

    /// Stores `value` as a varint of `size` bytes (its own size) at `target`, in room already
    /// counted.
    static func store(varint value: UInt64, size: Int, at target: UnsafeMutablePointer<UInt8>) {
        var value = value
        for index in 0..<(size - 1) {
            target[index] = UInt8(truncatingIfNeeded: value) | 0x80
            value >>= 7
        }
        target[size - 1] = UInt8(value)
    }

    // MARK: - Messages

    /// A message: varint length prefix, then whatever `body` writes, which is a sequence of
    /// fields (``writeField(_:_:)``).
    @inlinable
    public mutating func writeMessage(_ body: (inout BinaryWriter) -> Void) {
        writeLengthPrefixed(body)
    }

    /// Starts a message, whose fields the next writes are, up to ``endMessage(_:)``.
    @inlinable @inline(__always)
    public mutating func beginMessage() -> BinaryLengthPrefix {
        beginLengthPrefixed()
    }

    /// Ends the message `prefix` started.
    @inlinable @inline(__always)
    public mutating func endMessage(_ prefix: BinaryLengthPrefix) {
        endLengthPrefixed(prefix)
    }

    /// One field of a message: the tag varint (`fieldNumber << 3 | wire type`), then the
    /// value's payload (``BinaryEncodable/encode(field:to:)``). Field numbers are
    /// 1...``BinaryFormat/maximumFieldNumber``.
    @inlinable @inline(__always)
    public mutating func writeField<T: BinaryEncodable>(_ fieldNumber: Int, _ value: T) {
        value.encode(field: fieldNumber, to: &self)
    }

    /// A field's tag: the varint `fieldNumber << 3 | wire type`, which the field's payload of
    /// that wire type must follow.
    @inlinable @inline(__always)
    public mutating func writeTag(_ fieldNumber: Int, _ wireType: BinaryWireType) {
        // BinaryFormat.maximumFieldNumber, as a literal for inlined code.
        if fieldNumber < 1 || fieldNumber > (1 << 29) - 1 {
            Self.fieldNumberOutOfRange(fieldNumber)
        }
        writeVarint(UInt64(fieldNumber) << 3 | UInt64(wireType.rawValue))
    }

    @usableFromInline
    static func fieldNumberOutOfRange(_ fieldNumber: Int) -> Never {
        preconditionFailure("field number \(fieldNumber) is out of the range 1...\(BinaryFormat.maximumFieldNumber)")
    }

    // MARK: - Internals

    @usableFromInline
    static func varintSize(_ value: UInt64) -> Int {
        // 1 byte per started group of 7 significant bits; 0 takes one byte.
        let bits = 64 - (value | 1).leadingZeroBitCount
        return (bits + 6) / 7
    }
}

/// Where a length-delimited payload that a ``BinaryWriter`` is writing starts: what
/// `beginLengthPrefixed()` returns and `endLengthPrefixed(_:)` takes.
public struct BinaryLengthPrefix {
    @usableFromInline let offset: Int
    /// The bytes left for the length.
    @usableFromInline let size: Int

    @inlinable
    init(offset: Int, size: Int) {
        self.offset = offset
        self.size = size
    }
}
