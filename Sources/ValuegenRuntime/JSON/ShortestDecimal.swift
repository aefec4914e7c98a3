/// The text `description` gives a finite Double, written straight into a buffer:
/// `description` costs a call into the standard library's general algorithm, a String and a
/// copy; this is several times cheaper, and JSON writes many doubles.
///
/// The digits are the shortest decimal that reads back as the value, the closest to it when
/// several do (ties to an even last digit), which is what `description` prints: found by
/// Schubfach (Schubfach.swift) for every finite Double. They are printed as `description`
/// prints them: in plain notation for zero and the magnitudes from 1e-4 to 2^53 (`0.001`,
/// `-123.45`, `100.0`, `-0.0`, `9007199254740992.0`), with an exponent otherwise (`1e-05`,
/// `1.5e+20`, `5e-324`, `1.7976931348623157e+308`).
struct ShortestDecimal {
    /// The value is `digits`·10^`exponent`, with a minus sign when `isNegative`; `digits` has
    /// no trailing zero (and is 0 for zero).
    var digits: UInt64
    var exponent: Int
    var isNegative: Bool
    /// Whether `description` writes the value without an exponent.
    var isPlain: Bool

    /// The room `write(to:)` needs: the longest text it writes (a sign, `0.000` and 17
    /// digits; with an exponent, a sign, 17 digits, a point and `e-324`: 25 bytes), and the
    /// sixteen bytes after it that it may write while it works.
    static let room = 48

    /// The decimal of a finite value.
    @inline(__always)
    init(_ value: Double) {
        isNegative = value.sign == .minus
        let magnitude = value.magnitude
        isPlain = magnitude <= 0x1p53 && (magnitude >= 1e-4 || magnitude == 0)
        let fraction = magnitude.significandBitPattern
        let biased = Int(magnitude.exponentBitPattern)
        if biased == 0 {
            guard fraction != 0 else {
                digits = 0
                exponent = 0
                return
            }
            // Subnormal. The method's precision needs c ≥ 3; the two below are 5e-324 and
            // 1e-323 (one digit each: their intervals are as wide as the values).
            guard fraction >= 3 else {
                (digits, exponent) = fraction == 1 ? (5, -324) : (1, -323)
                return
            }
            let found = Schubfach.shortest(significand: fraction, exponent: -1074, lowerNeighbourCloser: false)
            (digits, exponent) = found.mayEndInZero ? ShortestDecimal.withoutTrailingZeros(found.digits, found.exponent) : (found.digits, found.exponent)
            return
        }
        let significand = fraction | (1 &<< 52)
        let q = biased &- 1075
        if q < 0, q > -53, significand & ((1 &<< UInt64(-q)) &- 1) == 0 {
            // An integer below 2^53: itself.
            (digits, exponent) = ShortestDecimal.withoutTrailingZeros(significand &>> UInt64(-q), 0)
            return
        }
        let found = Schubfach.shortest(significand: significand, exponent: q, lowerNeighbourCloser: fraction == 0 && biased > 1)
        (digits, exponent) = found.mayEndInZero ? ShortestDecimal.withoutTrailingZeros(found.digits, found.exponent) : (found.digits, found.exponent)
    }

    /// `digits`·10^`exponent` with the trailing zeros of `digits` (at most 16 of its at most
    /// 17 digits) moved into the exponent. Most decimals with a digit less than the value's
    /// precision end in one zero: it is looked for first.
    @inline(__always)
    private static func withoutTrailingZeros(_ digits: UInt64, _ exponent: Int) -> (UInt64, Int) {
        var digits = digits
        var exponent = exponent
        guard digits % 10 == 0 else { return (digits, exponent) }
        digits /= 10
        exponent &+= 1
        guard digits % 10 == 0 else { return (digits, exponent) }
        if digits % 100_000_000 == 0 {
            if digits % 10_000_000_000_000_000 == 0 {
                return (digits / 10_000_000_000_000_000, exponent &+ 16)
            }
            digits /= 100_000_000
            exponent &+= 8
        }
        if digits % 10_000 == 0 {
            digits /= 10_000
            exponent &+= 4
        }
        if digits % 100 == 0 {
            digits /= 100
            exponent &+= 2
        }
        if digits % 10 == 0 {
            digits /= 10
            exponent &+= 1
        }
        return (digits, exponent)
    }

    /// Writes the text `description` gives; returns its length (up to `room` bytes are
    /// written, the ones past the text with anything).
    @inline(__always)
    func write(to start: UnsafeMutablePointer<UInt8>) -> Int {
        var position = start
        if isNegative {
            position[0] = UInt8(ascii: "-")
            position += 1
        }
        if digits == 0 {
            // 0.0
            position[0] = UInt8(ascii: "0")
            position[1] = UInt8(ascii: ".")
            position[2] = UInt8(ascii: "0")
            return position + 3 - start
        }
        let digitCount = DecimalDigits.count(digits)
        guard isPlain else {
            return position + writeWithExponent(digitCount: digitCount, to: position) - start
        }
        if exponent >= 0 {
            // 100.0: at most 2^53, so the integer fits.
            let integerDigits = digitCount &+ exponent
            DecimalDigits.write(digits &* DecimalDigits.powerOf10(exponent), count: integerDigits, startingAt: position)
            position += integerDigits
            position[0] = UInt8(ascii: ".")
            position[1] = UInt8(ascii: "0")
            return position + 2 - start
        }
        let fractionDigits = -exponent
        if digitCount <= fractionDigits {
            // 0.0012: the fraction digits with their leading zeros.
            position[0] = UInt8(ascii: "0")
            position[1] = UInt8(ascii: ".")
            DecimalDigits.write(digits, count: fractionDigits, startingAt: position + 2)
            return position + 2 + fractionDigits - start
        }
        // 12.5: the digits, then the fraction digits (at most 16) moved one place to the right
        // with one sixteen-byte load and store, and the point before them.
        let integerDigits = digitCount &- fractionDigits
        DecimalDigits.write(digits, count: digitCount, startingAt: position)
        let point = UnsafeMutableRawPointer(position + integerDigits)
        (point + 1).storeBytes(of: point.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
        point.storeBytes(of: UInt8(ascii: "."), as: UInt8.self)
        return position + digitCount + 1 - start
    }

    /// `1e-05`, `1.5e+20`: the first digit, the point and the others if any, `e`, the sign
    /// and at least two digits of the exponent.
    @inline(__always)
    private func writeWithExponent(digitCount: Int, to start: UnsafeMutablePointer<UInt8>) -> Int {
        var position = start
        if digitCount == 1 {
            position[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digits)
            position += 1
        } else {
            // The digits one place to the right, then the first one moved before the point.
            DecimalDigits.write(digits, count: digitCount, startingAt: position + 1)
            position[0] = position[1]
            position[1] = UInt8(ascii: ".")
            position += 1 &+ digitCount
        }
        let scientific = exponent &+ digitCount &- 1
        position[0] = UInt8(ascii: "e")
        position[1] = scientific < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
        let magnitude = UInt64(scientific.magnitude)
        let exponentDigits = magnitude >= 100 ? 3 : 2
        DecimalDigits.write(magnitude, count: exponentDigits, startingAt: position + 2)
        return position + 2 + exponentDigits - start
    }
}
