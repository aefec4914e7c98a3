// The Eisel–Lemire algorithm: a decimal with a 64-bit significand turned into the nearest
// Double with one or two 64×64-bit multiplications by a truncated 128-bit power of ten,
// instead of the big-integer arithmetic of an exact parser. The same algorithm as Go's
// strconv (eiselLemire64) and fast_float; see Daniel Lemire, "Number Parsing at a Gigabyte
// per Second" (Software: Practice and Experience, 2021).
//
// It answers only when the truncated product decides the rounding; otherwise (a product
// too close to the midpoint of two Doubles, a subnormal, an overflow) it answers nil and the
// caller uses its exact parser, so every answer is the correctly rounded one.

enum EiselLemire {
    /// The Double nearest to `significand` × 10^`power` (ties to even), negated when
    /// `negative`; nil when this algorithm cannot decide it or it is not a normal Double
    /// (subnormal, or out of range).
    @inline(__always)
    static func double(significand: UInt64, power: Int, negative: Bool) -> Double? {
        if significand == 0 {
            return negative ? -0.0 : 0.0
        }
        guard power >= PowersOfTen128.smallestExponent, power <= PowersOfTen128.largestExponent else {
            return nil
        }
        // The significand normalized to 64 bits, and the binary exponent of the product.
        let leadingZeros = significand.leadingZeroBitCount
        let normalized = significand << UInt64(leadingZeros)
        var exponent = ((217_706 &* power) >> 16) &+ 64 &+ 1023 &- leadingZeros
        let entry = (power &- PowersOfTen128.smallestExponent) &* 2
        let (powerHigh, powerLow) = PowersOfTen128.mantissas.withUnsafeBufferPointer { table in
            (table[entry], table[entry &+ 1])
        }

        // The product with the power's high word. When its low bits are all ones, the
        // truncated part of the power could carry into them: add the product with the
        // power's low word, and give up if that still leaves them undecided.
        var (high, low) = normalized.multipliedFullWidth(by: powerHigh)
        if high & 0x1FF == 0x1FF, low &+ normalized < normalized {
            let (carryHigh, carryLow) = normalized.multipliedFullWidth(by: powerLow)
            var mergedHigh = high
            let mergedLow = low &+ carryHigh
            if mergedLow < low {
                mergedHigh &+= 1
            }
            if mergedHigh & 0x1FF == 0x1FF, mergedLow &+ 1 == 0, carryLow &+ normalized < normalized {
                return nil
            }
            high = mergedHigh
            low = mergedLow
        }

        // The top 54 bits: the 53 of a Double and one to round with.
        let topBit = high >> 63
        var mantissa = high >> (topBit &+ 9)
        exponent &-= Int(1 ^ topBit)

        // Exactly halfway between two Doubles as far as the truncated product tells.
        if low == 0, high & 0x1FF == 0, mantissa & 3 == 1 {
            return nil
        }

        mantissa &+= mantissa & 1
        mantissa >>= 1
        if mantissa >> 53 > 0 {
            mantissa >>= 1
            exponent &+= 1
        }
        // Zero or below: a subnormal; 0x7FF or above: infinity.
        guard exponent >= 1, exponent < 0x7FF else {
            return nil
        }
        var bits = UInt64(exponent) << 52 | mantissa & 0x000F_FFFF_FFFF_FFFF
        if negative {
            bits |= 1 << 63
        }
        return Double(bitPattern: bits)
    }
}
