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
public struct BinaryWriter {
    /// The bytes so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty writer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    // MARK: - Payloads

    /// An unsigned LEB128 varint: seven bits a byte, least significant first, the high bit set
    /// on every byte but the last; 1 to 10 bytes, always the shortest form.
    public mutating func writeVarint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Eight bytes, least significant first.
    public mutating func writeFixed64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Four bytes, least significant first.
    public mutating func writeFixed32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A varint byte count, then the bytes.
    public mutating func writeLengthDelimited(_ bytes: some Collection<UInt8>) {
        writeVarint(UInt64(bytes.count))
        self.bytes.append(contentsOf: bytes)
    }

    /// A length-delimited payload whose bytes `body` writes: the varint byte count is
    /// written in front of them when `body` returns.
    public mutating func writeLengthPrefixed(_ body: (inout BinaryWriter) -> Void) {
        let start = bytes.count
        // One byte is reserved for the length, which is all it takes below 128 bytes; a
        // longer body is moved up to make room (once per value, so writing stays linear in
        // the output for all but deep nesting of long values).
        bytes.append(0)
        body(&self)
        let length = bytes.count - start - 1
        if length < 0x80 {
            bytes[start] = UInt8(length)
            return
        }
        let size = Self.varintSize(UInt64(length))
        bytes.insert(contentsOf: repeatElement(0, count: size - 1), at: start + 1)
        var value = UInt64(length)
        for index in start..<(start + size - 1) {
            bytes[index] = UInt8(truncatingIfNeeded: value) | 0x80
            value >>= 7
        }
        bytes[start + size - 1] = UInt8(value)
    }

    // MARK: - Messages

    /// A message: varint length prefix, then whatever `body` writes, which is a sequence of
    /// fields (``writeField(_:_:)``).
    public mutating func writeMessage(_ body: (inout BinaryWriter) -> Void) {
        writeLengthPrefixed(body)
    }

    /// One field of a message: the tag varint (`fieldNumber << 3 | wire type`), then the
    /// value's payload. Field numbers are 1...``BinaryFormat/maximumFieldNumber``.
    public mutating func writeField<T: BinaryEncodable>(_ fieldNumber: Int, _ value: T) {
        precondition(fieldNumber >= 1 && fieldNumber <= BinaryFormat.maximumFieldNumber, "field number \(fieldNumber) is out of the range 1...\(BinaryFormat.maximumFieldNumber)")
        writeVarint(UInt64(fieldNumber) << 3 | UInt64(T.binaryWireType.rawValue))
        value.encode(to: &self)
    }

    // MARK: - Unordered collections

    /// A length-delimited payload of a count and then entries in the byte order of their
    /// encoded keys (the shorter first when one is a prefix of the other), so that a set or a
    /// dictionary always gives the same bytes whatever its iteration order. `writeKey` writes
    /// an entry's key payload, `writeValue` what follows it (nothing for a set).
    public mutating func writeSortedEntries<Entries: Collection>(
        _ entries: Entries,
        key writeKey: (inout BinaryWriter, Entries.Element) -> Void,
        value writeValue: (inout BinaryWriter, Entries.Element) -> Void
    ) {
        let count = entries.count
        if count <= 1 {
            writeLengthPrefixed { writer in
                writer.writeVarint(UInt64(count))
                for entry in entries {
                    writeKey(&writer, entry)
                    writeValue(&writer, entry)
                }
            }
            return
        }
        var scratch = BinaryWriter(capacity: count * 8)
        var ranges: [EncodedEntry] = []
        ranges.reserveCapacity(count)
        for entry in entries {
            let start = scratch.bytes.count
            writeKey(&scratch, entry)
            let keyEnd = scratch.bytes.count
            writeValue(&scratch, entry)
            ranges.append(EncodedEntry(start: start, keyEnd: keyEnd, end: scratch.bytes.count))
        }
        scratch.bytes.withUnsafeBufferPointer { encoded in
            ranges.sort { first, second in
                let order = Self.compare(encoded, first.start..<first.keyEnd, second.start..<second.keyEnd)
                // Equal keys (several NaNs) are ordered by their values, to stay deterministic.
                return order != 0 ? order < 0 : Self.compare(encoded, first.start..<first.end, second.start..<second.end) < 0
            }
        }
        writeVarint(UInt64(Self.varintSize(UInt64(count)) + scratch.bytes.count))
        writeVarint(UInt64(count))
        scratch.bytes.withUnsafeBufferPointer { encoded in
            for range in ranges {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: encoded[range.start..<range.end]))
            }
        }
    }

    private struct EncodedEntry {
        var start: Int
        var keyEnd: Int
        var end: Int
    }

    private static func compare(_ encoded: UnsafeBufferPointer<UInt8>, _ first: Range<Int>, _ second: Range<Int>) -> Int32 {
        let common = min(first.count, second.count)
        if common > 0 {
            let order = memcmp(encoded.baseAddress! + first.lowerBound, encoded.baseAddress! + second.lowerBound, common)
            if order != 0 { return order }
        }
        return first.count == second.count ? 0 : (first.count < second.count ? -1 : 1)
    }

    // MARK: - Internals

    /// The magic bytes and the format version.
    mutating func writeHeader() {
        bytes.append(contentsOf: BinaryFormat.header)
    }

    static func varintSize(_ value: UInt64) -> Int {
        // 1 byte per started group of 7 significant bits; 0 takes one byte.
        let bits = 64 - (value | 1).leadingZeroBitCount
        return (bits + 6) / 7
    }
}
