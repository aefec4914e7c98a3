// UTF-8 checked without building a String: member names and skipped strings, and the offset
// of the first bad byte when a String refuses the bytes.

extension UnsafeRawBufferPointer {
    /// Where the first ill-formed sequence starts (Unicode's table 3-7 of well-formed UTF-8:
    /// no overlong forms, no surrogates, nothing above U+10FFFF), or nil.
    func firstInvalidUTF8(in range: Range<Int>) -> Int? {
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            let lead = self[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return index
            }
            guard index + length <= end else { return index }
            let second = self[index + 1]
            guard second >= low, second <= high else { return index }
            for continuation in (index + 2)..<(index + length) where self[continuation] & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }
}
