/// The text `description` gives a Double in plain notation (`0.001`, `-123.45`, `100.0`,
/// `-0.0`), computed exactly (with Double arithmetic where that is exact, with 128-bit
/// integers beyond) and written straight into a buffer.
/// `description` costs a call into the standard library's general algorithm, a String and
/// a copy; this is several times cheaper, and JSON writes many doubles.
///
/// It covers zero and the magnitudes from 1e-4 to below 2^53, where `description` never
/// uses an exponent; for the others `init` gives nil and the writer uses `description`.
///
/// Why the digits are the same as `description`'s: `description` gives the decimal with the
/// fewest significant digits that reads back as the value, and among those the one closest
/// to it (ties to an even last digit). Reading back rounds to nearest, so the decimals that
/// read back are those strictly between the midpoints to the neighbouring Doubles (a
/// decimal exactly on a midpoint cannot occur here: see `exactDigits`). Searching for the fewest
/// fraction digits `k` that leave an integer in that interval times 10^k finds the same
/// length: the interval is far narrower than the value, so the position of the first digit
/// is the same for every decimal in it, except when it contains a power of ten, which is
/// then found with fewer fraction digits than any neighbour. At that `k` no candidate ends
/// in 0 (it would have been found at `k - 1`), and the candidate closest to the value is
/// the integer nearest the value times 10^k, moved inside the interval when it falls
/// outside (the interval is one-sided around powers of two).
struct ShortestDecimal {
    /// The decimal is `digits / 10^fractionDigits`, with a minus sign when `isNegative`.
    var digits: UInt64
    var fractionDigits: Int
    var isNegative: Bool

    /// The longest text `write(to:)` writes: a sign, 16 integer digits, a point and 21
    /// fraction digits.
    static let maximumLength = 40

    /// nil when `description` would use an exponent, or for infinity and NaN.
    init?(_ value: Double) {
        isNegative = value.sign == .minus
        let magnitude = value.magnitude
        if magnitude == 0 {
            digits = 0
            fractionDigits = 0
            return
        }
        guard magnitude >= 1e-4, magnitude < 0x1p53 else {
            return nil
        }
        // magnitude = significand / 2^shift exactly, with shift in 0...66.
        let significand = magnitude.significandBitPattern | (1 << 52)
        let shift = 1075 &- Int(magnitude.exponentBitPattern)
        if shift == 0 {
            // 2^52...2^53: every Double is an integer, and the only one in its interval.
            digits = significand
            fractionDigits = 0
            return
        }
        // Most doubles in JSON are short decimals: look for the fewest fraction digits with
        // Double arithmetic first, for the k that keep magnitude · 10^k below 2^50
        // (magnitude < 2^(exponent+1) and 10^doubleLimit ≤ 2^(49-exponent)).
        let exponent = Int(magnitude.exponentBitPattern) &- 1023
        let doubleLimit = exponent <= 49 ? ((49 &- exponent) &* 1233) &>> 12 : -1
        // Having a candidate only becomes easier as k grows (a candidate with k fraction
        // digits is one with k + 1), so a binary search finds the fewest.
        var fewest = 0
        var enough = doubleLimit &+ 1 // not known to have a candidate
        var found = 0.0
        while fewest < enough {
            let middle = (fewest &+ enough) &>> 1
            let power = ShortestDecimal.doublePowerOf10(middle)
            // Adding and taking away 2^52 rounds a number below 2^51 to an integer.
            let nearest = (magnitude * power + 0x1p52) - 0x1p52
            if nearest / power == magnitude {
                found = nearest
                enough = middle
            } else {
                fewest = middle &+ 1
            }
        }
        if fewest <= doubleLimit {
            digits = UInt64(found)
            fractionDigits = fewest
            return
        }
        (digits, fractionDigits) = ShortestDecimal.exactDigits(significand: significand, shift: shift, fewest: fewest)
    }

    // Why the search with Double arithmetic above is exact while magnitude · 10^k < 2^50:
    // - 10^k is exact (k ≤ 19) and `nearest / power` is the correctly rounded
    //   quotient of two exact numbers, so it equals the magnitude exactly when the decimal
    //   `nearest` · 10^-k reads back as the magnitude;
    // - the interval of decimals that read back is at most one ulp of the magnitude wide,
    //   and 10^k · ulp ≤ 2^-52 · magnitude · 10^k < 1/4: it holds at most one candidate
    //   with k fraction digits, less than 1/8 from magnitude · 10^k, which is at most 1/16
    //   (half an ulp below 2^50) from the computed product, so the integer nearest the
    //   product, `nearest`, is the candidate;
    // - a midpoint between Doubles is never a candidate (see `exactDigits`).
    // So the fewest k that passes is the fewest fraction digits, and its candidate the only
    // one: the closest. Beyond 2^50 (values with 16 or 17 significant digits) the search
    // goes on with integers, from the k it reached.

    /// The fewest fraction digits, from `fewest` on, that give a decimal reading back as
    /// significand / 2^shift, and of those decimals the one closest to it (ties to even).
    private static func exactDigits(significand: UInt64, shift: Int, fewest start: Int) -> (digits: UInt64, fractionDigits: Int) {
        // The value and the midpoints to its neighbours, times 2^scale: the neighbour below
        // a power of two is twice as close as the one above.
        let scale = shift &+ 2
        let center = UInt128(significand) &<< 2
        let upper = center &+ 2
        let lower = center &- (significand == 1 << 52 ? 1 : 2)
        // Candidates with k fraction digits are the integers strictly between
        // lower·10^k / 2^scale and upper·10^k / 2^scale. A midpoint is an odd number over
        // 2^(shift+1) or 2^(shift+2), so times 10^k it is an integer only when k > shift:
        // never below `enough`, where the interval (at least 3/4 of 2^-shift wide) is wider
        // than 10^-k and must hold a candidate. Having a candidate only becomes easier as
        // k grows, so a binary search finds the fewest.
        var fewest = start
        var enough = ((shift &+ 1) &* 1233) &>> 12 &+ 1 // 10^enough > 2^(shift+1); at most 21
        while fewest < enough {
            let middle = (fewest &+ enough) &>> 1
            let power = powerOf10(middle)
            let highest = (upper &* power &- 1) &>> scale
            let lowest = (lower &* power) &>> scale &+ 1
            if lowest <= highest {
                enough = middle
            } else {
                fewest = middle &+ 1
            }
        }
        let power = powerOf10(fewest)
        let highest = (upper &* power &- 1) &>> scale
        let lowest = (lower &* power) &>> scale &+ 1
        // The integer nearest the value times 10^k, ties to even, kept inside the interval.
        let scaled = center &* power
        var nearest = scaled &>> scale
        let remainder = scaled &- (nearest &<< scale)
        let half = UInt128(1) &<< (scale &- 1)
        if remainder > half || (remainder == half && nearest & 1 == 1) {
            nearest &+= 1
        }
        // At most 17 significant digits: well within 64 bits.
        return (UInt64(truncatingIfNeeded: Swift.min(Swift.max(nearest, lowest), highest)), fewest)
    }

    /// Writes the text `description` gives; returns its length (at most `maximumLength`).
    func write(to start: UnsafeMutablePointer<UInt8>) -> Int {
        var position = start
        if isNegative {
            position[0] = UInt8(ascii: "-")
            position += 1
        }
        let digitCount = DecimalDigits.count(digits)
        if fractionDigits == 0 {
            // 100.0
            position += digitCount
            DecimalDigits.write(digits, count: digitCount, endingAt: position)
            position[0] = UInt8(ascii: ".")
            position[1] = UInt8(ascii: "0")
            return position + 2 - start
        }
        if digitCount <= fractionDigits {
            // 0.0012
            position[0] = UInt8(ascii: "0")
            position[1] = UInt8(ascii: ".")
            position += 2 &+ fractionDigits
            DecimalDigits.write(digits, count: fractionDigits, endingAt: position)
            return position - start
        }
        // 12.5: the fraction digits first, then the point and the integer digits before it.
        let integerDigits = digitCount &- fractionDigits
        let point = position + integerDigits
        let end = point + 1 + fractionDigits
        let integer = DecimalDigits.write(digits, count: fractionDigits, endingAt: end)
        point[0] = UInt8(ascii: ".")
        DecimalDigits.write(integer, count: integerDigits, endingAt: point)
        return end - start
    }

    /// 10^exponent for exponent in 0...19, exactly.
    @inline(__always)
    private static func doublePowerOf10(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        default: 1e19
        }
    }

    /// 10^exponent for exponent in 0...21.
    @inline(__always)
    private static func powerOf10(_ exponent: Int) -> UInt128 {
        if exponent <= 19 {
            return UInt128(DecimalDigits.powerOf10(exponent))
        }
        return exponent == 20 ? 100_000_000_000_000_000_000 : 1_000_000_000_000_000_000_000
    }
}
