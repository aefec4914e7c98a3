#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Reading strings: a String payload is length-delimited and holds either UTF-8 or, behind a
// first byte of 0xFF (never part of UTF-8), a varint index into the document's string table,
// which the header carries (docs/BinaryFormat.md, "The string table").

extension BinaryReader {
    /// A String payload: UTF-8, validated, or a reference to a string of the document's
    /// string table. Hand-written conformances read strings with this, not with
    /// ``readLengthDelimited()``, which would see a reference's bytes.
    @inlinable @inline(__always)
    public mutating func readString() throws(BinaryError) -> String {
        let valueEnd = try readLength()
        let start = position
        position = valueEnd
        // The common reference: an index below 128, one byte.
        if valueEnd - start == 2, bytes[start] == 0xFF, bytes[start + 1] < 0x80, Int(bytes[start + 1]) < strings.count {
            return strings[Int(bytes[start + 1])]
        }
        return try makeString(from: start, to: valueEnd)
    }

    /// From now on, string references name the strings of `strings` instead of the document's
    /// table. For the reader ``deferNextField(_:)`` returns for an ADT's payload when the ADT's
    /// message carried a string table for it (field 5): a payload an older app kept as an
    /// unknown case and wrote into another document, whose references point into the table of
    /// the document it was read from (docs/BinaryFormat.md, "Unknown cases").
    public mutating func useStringTable(_ strings: [String]) {
        self.strings = strings
    }

    /// The string table after the header: a varint count, then each string as a varint length
    /// and UTF-8. Each string is made once; a reference costs an array look-up.
    mutating func readStringTable() throws(BinaryError) {
        guard position < bytes.count else { throw fail("the data ends before the string table") }
        let start = position
        let count = try readVarint()
        let remaining = end - position
        // Every string takes at least its length's byte.
        guard count <= UInt64(remaining) else {
            throw BinaryError(message: "a string table of \(count) strings cannot fit in the remaining \(remaining) byte\(remaining == 1 ? "" : "s")", offset: start)
        }
        strings.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let valueEnd = try readLength()
            let stringStart = position
            position = valueEnd
            guard let string = decodeUTF8(from: stringStart, to: valueEnd) else {
                throw invalidUTF8(from: stringStart, to: valueEnd, "string \(index) of the string table is not valid UTF-8")
            }
            strings.append(string)
        }
    }

    /// The string payload of the bytes from `start` to `valueEnd`: a reference in its general
    /// form, or UTF-8 made into a String (an error at the first byte that is not UTF-8).
    @usableFromInline
    mutating func makeString(from start: Int, to valueEnd: Int) throws(BinaryError) -> String {
        if start < valueEnd, bytes[start] == 0xFF {
            return try referencedString(from: start, to: valueEnd)
        }
        guard let string = decodeUTF8(from: start, to: valueEnd) else {
            throw invalidUTF8(from: start, to: valueEnd, "a string is not valid UTF-8")
        }
        return string
    }

    /// The bytes as a String, or nil when they are not valid UTF-8, validated once: ASCII
    /// (most strings) is recognized sixteen bytes at a time and copied without another check
    /// (`String(checkedUTF8:count:isASCII:)`); anything else the standard library validates
    /// as it makes the span. Before Swift 6.2's standard library (`UTF8Span`), the copy that
    /// repairs ill-formed input with U+FFFD: the result has the input's bytes only when there
    /// was nothing to repair, and comparing them is cheaper than validating a second time.
    @inline(__always)
    private func decodeUTF8(from start: Int, to valueEnd: Int) -> String? {
        let count = valueEnd - start
        guard count > 0, let base = bytes.baseAddress else { return "" }
        let input = UnsafeBufferPointer(start: (base + start).assumingMemoryBound(to: UInt8.self), count: count)
        if count < 16, SmallString.isAvailable {
            let words = SmallString.words(at: base + start, count: count)
            if (words.low | words.high) & 0x8080_8080_8080_8080 == 0 {
                return SmallString.make(low: words.low, high: words.high, count: count, isASCII: true)
            }
        }
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            if Self.isASCII(UnsafeRawPointer(base + start), count: count) {
                return String(checkedUTF8: input.baseAddress.unsafelyUnwrapped, count: count, isASCII: true)
            }
            guard let utf8 = try? UTF8Span(validating: input.span) else { return nil }
            return String(copying: utf8)
        }
        var string = String(decoding: input, as: UTF8.self)
        guard string.utf8.count == count else { return nil }
        let same = string.withUTF8 { output in memcmp(output.baseAddress!, input.baseAddress!, count) == 0 }
        return same ? string : nil
    }

    /// Whether no byte has its high bit set: four blocks of sixteen bytes or-ed together and
    /// their high bits taken once (one instruction on x86, `JSONReader.highBytes`), then
    /// sixteen bytes a block, the last block overlapping the one before; below sixteen, two
    /// words, two half-words or the bytes, overlapping likewise.
    static func isASCII(_ bytes: UnsafeRawPointer, count: Int) -> Bool {
        if count >= 16 {
            var high: UInt32 = 0
            var index = 0
            while index &+ 64 <= count {
                let blocks = bytes.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                    | bytes.loadUnaligned(fromByteOffset: index &+ 16, as: SIMD16<UInt8>.self)
                    | bytes.loadUnaligned(fromByteOffset: index &+ 32, as: SIMD16<UInt8>.self)
                    | bytes.loadUnaligned(fromByteOffset: index &+ 48, as: SIMD16<UInt8>.self)
                high |= JSONReader.highBytes(blocks)
                index &+= 64
            }
            while index &+ 16 <= count {
                high |= JSONReader.highBytes(bytes.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self))
                index &+= 16
            }
            high |= JSONReader.highBytes(bytes.loadUnaligned(fromByteOffset: count &- 16, as: SIMD16<UInt8>.self))
            return high == 0
        }
        if count >= 8 {
            let words = bytes.loadUnaligned(as: UInt64.self) | bytes.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            return words & 0x8080_8080_8080_8080 == 0
        }
        if count >= 4 {
            let words = bytes.loadUnaligned(as: UInt32.self) | bytes.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            return words & 0x8080_8080 == 0
        }
        var byte: UInt8 = 0
        for offset in 0..<count {
            byte |= bytes.load(fromByteOffset: offset, as: UInt8.self)
        }
        return byte < 0x80
    }

    private func invalidUTF8(from start: Int, to valueEnd: Int, _ message: String) -> BinaryError {
        let invalid = bytes.firstInvalidUTF8(in: start..<valueEnd) ?? start
        return BinaryError(message: message, offset: invalid)
    }

    /// A reference in its general form: 0xFF, then a varint index that ends the payload.
    private mutating func referencedString(from start: Int, to valueEnd: Int) throws(BinaryError) -> String {
        let outerEnd = end
        position = start + 1
        end = valueEnd
        depth += 1
        let index = try readVarint()
        guard position == valueEnd else { throw leftOver() }
        end = outerEnd
        depth -= 1
        guard index < UInt64(strings.count) else {
            let count = strings.count
            throw BinaryError(message: "string reference \(index) is past the end of the string table (\(count) string\(count == 1 ? "" : "s"))", offset: start + 1)
        }
        return strings[Int(index)]
    }
}
