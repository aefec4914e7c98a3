#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Sets and dictionaries in a canonical order: Swift randomizes their iteration order per
// process, and the same value must give the same bytes.

extension BinaryWriter {
    /// A length-delimited payload of a count and then entries in the byte order of their
    /// encoded keys (the shorter first when one is a prefix of the other), so that a set or a
    /// dictionary always gives the same bytes whatever its iteration order. `writeKey` writes
    /// an entry's key payload, `writeValue` what follows it (nothing for a set).
    ///
    /// The order is that of the bytes written with every string inline. In a document the
    /// entries are then written again in that order, with references: which string is a
    /// reference depends on what was written before it, so sorting the bytes with references
    /// would order the entries by the order they came in.
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
        let elements = Array(entries)
        var scratch = BinaryWriter(capacity: count * 8)
        var ranges: [EncodedEntry] = []
        ranges.reserveCapacity(count)
        for (index, entry) in elements.enumerated() {
            let start = scratch.count
            writeKey(&scratch, entry)
            let keyEnd = scratch.count
            writeValue(&scratch, entry)
            ranges.append(EncodedEntry(element: index, start: start, keyEnd: keyEnd, end: scratch.count))
        }
        let encoded = UnsafeBufferPointer(start: scratch.buffer, count: scratch.count)
        ranges.sort { first, second in
            let order = Self.compare(encoded, first.start..<first.keyEnd, second.start..<second.keyEnd)
            // Equal keys (several NaNs) are ordered by their values, to stay deterministic.
            return order != 0 ? order < 0 : Self.compare(encoded, first.start..<first.end, second.start..<second.end) < 0
        }
        if referencesStrings {
            writeLengthPrefixed { writer in
                writer.writeVarint(UInt64(count))
                for range in ranges {
                    writeKey(&writer, elements[range.element])
                    writeValue(&writer, elements[range.element])
                }
            }
            return
        }
        writeVarint(UInt64(Self.varintSize(UInt64(count)) + scratch.count))
        writeVarint(UInt64(count))
        for range in ranges {
            writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(encoded)[range.start..<range.end]))
        }
    }

    private struct EncodedEntry {
        var element: Int
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
}
