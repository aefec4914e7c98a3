// UTF-8 validation shared by the JSON reader and the binary reader. Not the standard library's
// `String(validating:as:)`: it is generic over the encoding, unspecialized outside the standard
// library, and looked up generic metadata for every string (a fifth of the time of reading a
// model). This also says where the bad byte is, for the error.

extension UnsafeRawBufferPointer {
    /// Where the first ill-formed UTF-8 sequence in `range` starts, or nil when the bytes are
    /// well-formed (Unicode's table 3-7: no overlong forms, no surrogates, nothing above
    /// U+10FFFF).
    func firstInvalidUTF8(in range: Range<Int>) -> Int? {
        guard let base = baseAddress else { return nil }
        var index = range.lowerBound
        let end = range.upperBound
        let highBits: UInt64 = 0x8080_8080_8080_8080
        while index < end {
            // Sixteen ASCII bytes at a time, the common case, to the first byte above ASCII.
            while index &+ 16 <= end {
                let words = base.loadUnaligned(fromByteOffset: index, as: SIMD2<UInt64>.self)
                let low = words[0] & highBits
                let high = words[1] & highBits
                if low | high == 0 {
                    index &+= 16
                    continue
                }
                index &+= low != 0 ? low.trailingZeroBitCount &>> 3 : 8 &+ high.trailingZeroBitCount &>> 3
                break
            }
            // Then sequence after sequence while they follow one another (CJK text, emoji).
            while index < end {
                let lead = base.load(fromByteOffset: index, as: UInt8.self)
                if lead < 0x80 {
                    index &+= 1
                    break
                }
                guard let length = Self.sequenceLength(base, at: index, lead: lead, end: end) else { return index }
                index &+= length
            }
        }
        return nil
    }

    /// The length of the well-formed sequence that starts with `lead` (above ASCII) at
    /// `index`, or nil when it is ill-formed or cut short by `end`.
    @inline(__always)
    private static func sequenceLength(_ base: UnsafeRawPointer, at index: Int, lead: UInt8, end: Int) -> Int? {
        @inline(__always) func byte(_ offset: Int) -> UInt8 { base.load(fromByteOffset: index &+ offset, as: UInt8.self) }
        @inline(__always) func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        switch lead {
        case 0xC2...0xDF:
            guard index &+ 2 <= end, isContinuation(byte(1)) else { return nil }
            return 2
        case 0xE0...0xEF:
            guard index &+ 3 <= end else { return nil }
            let second = byte(1)
            // E0 needs A0…BF (no overlong form), ED needs 80…9F (no surrogate).
            let lower: UInt8 = lead == 0xE0 ? 0xA0 : 0x80
            let upper: UInt8 = lead == 0xED ? 0x9F : 0xBF
            guard second >= lower, second <= upper, isContinuation(byte(2)) else { return nil }
            return 3
        case 0xF0...0xF4:
            guard index &+ 4 <= end else { return nil }
            let second = byte(1)
            // F0 needs 90…BF (no overlong form), F4 needs 80…8F (nothing above U+10FFFF).
            let lower: UInt8 = lead == 0xF0 ? 0x90 : 0x80
            let upper: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
            guard second >= lower, second <= upper, isContinuation(byte(2)), isContinuation(byte(3)) else { return nil }
            return 4
        default:
            return nil
        }
    }
}
