// UTF-8 validation shared by the JSON reader and the binary reader. Not the standard library's
// `String(validating:as:)`: it is generic over the encoding, unspecialized outside the standard
// library, and looked up generic metadata for every string (a fifth of the time of reading a
// model). This also says where the bad byte is, for the error.

extension UnsafeRawBufferPointer {
    /// Where the first ill-formed UTF-8 sequence in `range` starts, or nil when the bytes are
    /// well-formed (Unicode's table 3-7: no overlong forms, no surrogates, nothing above
    /// U+10FFFF).
    func firstInvalidUTF8(in range: Range<Int>) -> Int? {
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            // Eight ASCII bytes at a time, the common case.
            while index + 8 <= end, loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < end else { return nil }
            let lead = self[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var secondRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; secondRange = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; secondRange = 0x80...0x9F
            case 0xF0: length = 4; secondRange = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; secondRange = 0x80...0x8F
            default: return index
            }
            guard index + length <= end, secondRange.contains(self[index + 1]) else { return index }
            for continuation in (index + 2)..<(index + length) where self[continuation] & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }
}
