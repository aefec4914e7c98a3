/// Decimal digits of unsigned integers written straight into an output buffer, eight digits
/// at a time, for the integers and doubles `JSONWriter` writes.
enum DecimalDigits {
    /// How many digits `value` has (1 for 0).
    @inline(__always)
    static func count(_ value: UInt64) -> Int {
        // 1233 / 4096 is just below log10(2): `guess` is the digit count of the smallest or
        // the largest number with as many bits, minus one; one comparison tells which.
        let bits = 64 &- (value | 1).leadingZeroBitCount
        let guess = (bits &* 1233) &>> 12
        return guess &+ ((value | 1) >= powerOf10(guess) ? 1 : 0)
    }

    /// Writes the last `count` digits of `value` (1 to 20 of them), with leading zeros if it
    /// has fewer, from `start` on; up to seven bytes after them are written too, with
    /// anything: the caller has room for them, and writes over them or leaves them past its
    /// end. The leading one to eight digits first, then groups of eight, each made in a word
    /// with a few multiplications and stored at once.
    @inline(__always)
    static func write(_ value: UInt64, count: Int, startingAt start: UnsafeMutablePointer<UInt8>) {
        let output = UnsafeMutableRawPointer(start)
        let leading = (count &- 1) & 7 &+ 1
        var rest = value
        var last: UInt64 = 0
        var middle: UInt64 = 0
        if count > 8 {
            last = rest % 100_000_000
            rest /= 100_000_000
            if count > 16 {
                middle = rest % 100_000_000
                rest /= 100_000_000
            }
        }
        // The leading digits: eight with leading zeros, the first ones shifted out.
        let first = eightDigits(UInt32(truncatingIfNeeded: rest % 100_000_000)) &>> UInt64((8 &- leading) &* 8)
        output.storeBytes(of: first.littleEndian, as: UInt64.self)
        if count > 16 {
            output.storeBytes(of: eightDigits(UInt32(truncatingIfNeeded: middle)).littleEndian, toByteOffset: leading, as: UInt64.self)
            output.storeBytes(of: eightDigits(UInt32(truncatingIfNeeded: last)).littleEndian, toByteOffset: leading &+ 8, as: UInt64.self)
        } else if count > 8 {
            output.storeBytes(of: eightDigits(UInt32(truncatingIfNeeded: last)).littleEndian, toByteOffset: leading, as: UInt64.self)
        }
    }

    /// The eight ASCII digits of `value` (below 10^8, with leading zeros), the first in the
    /// lowest byte: the halves, quarters and digits are split in parallel in one word, each
    /// division a multiplication and a shift exact for its small range.
    @inline(__always)
    static func eightDigits(_ value: UInt32) -> UInt64 {
        // [abcd][efgh] in two 32-bit lanes, the first lowest.
        let halves = UInt64(value / 10_000) | UInt64(value % 10_000) &<< 32
        // x / 100 = x·10486 >> 20 for x < 10^4: [ab][ef] and [cd][gh], then [ab][cd][ef][gh]
        // in 16-bit lanes.
        let hundreds = ((halves &* 10_486) &>> 20) & 0x0000_007F_0000_007F
        let quarters = ((halves &- hundreds &* 100) &<< 16) &+ hundreds
        // x / 10 = x·103 >> 10 for x < 100: the tens in the low byte of each lane, the units
        // in the high one.
        let tens = ((quarters &* 103) &>> 10) & 0x000F_000F_000F_000F
        let digits = tens &+ ((quarters &- tens &* 10) &<< 8)
        return digits | 0x3030_3030_3030_3030
    }

    /// 10^exponent for exponent in 0...19 (a `switch` the compiler turns into a table).
    @inline(__always)
    static func powerOf10(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }
}
