/// Decimal digits of unsigned integers written straight into an output buffer, two digits
/// per division, for the integers and doubles `JSONWriter` writes.
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

    /// Writes the last `count` digits of `value`, with leading zeros if it has fewer, in
    /// the `count` bytes that end just before `end`; returns the digits before them
    /// (`value / 10^count`).
    @inline(__always) @discardableResult
    static func write(_ value: UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>) -> UInt64 {
        let pairs = UnsafeRawPointer(digitPairs.utf8Start)
        var rest = value
        var position = end
        var remaining = count
        while remaining >= 2 {
            let pair = Int(truncatingIfNeeded: rest % 100)
            rest /= 100
            position -= 2
            UnsafeMutableRawPointer(position).storeBytes(of: pairs.loadUnaligned(fromByteOffset: pair &* 2, as: UInt16.self), as: UInt16.self)
            remaining &-= 2
        }
        if remaining == 1 {
            position[-1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        return rest
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

    /// "00", "01", … "99" back to back: the two digits of n start at byte 2n.
    private static var digitPairs: StaticString {
        """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """
    }
}
