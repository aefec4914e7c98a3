// The second wire type of number fields (docs/BinaryFormat.md, "Numbers in fields"): a field
// carries a tag, so a writer can pick its wire type per value, whichever is shorter.
//
// - A Double (also CGFloat and Date) that is a short decimal, m / 10^k, is the varint
//   zigzag(m) << 4 | k: 698.483 takes 4 bytes instead of 8, 0.5 one byte.
// - An integer whose varint would take 9 or 10 bytes is fixed64: 8 bytes, two's complement.
//
// Collection elements carry no tag, so they always have their type's one wire type.

extension BinaryWriter {
    /// Field `fieldNumber` holding a Double: a varint when the value is a short decimal that
    /// way shorter than 8 bytes, else its IEEE 754 bits. The field's last `k` is tried first
    /// (``BinaryDecimal/varint(for:atMostK:)``): values of one field tend to have at most as
    /// many decimals as the one before.
    @inlinable
    mutating func writeDoubleField(_ fieldNumber: Int, _ value: Double) {
        let shift = UInt64(truncatingIfNeeded: fieldNumber & 15) &* 4
        let hint = Int(truncatingIfNeeded: (decimalHints >> shift) & 15)
        if let decimal = BinaryDecimal.varint(for: value, atMostK: hint) {
            writeTag(fieldNumber, .varint)
            writeVarint(decimal)
        } else if let decimal = BinaryDecimal.varint(for: value) {
            decimalHints = decimalHints & ~(15 << shift) | (decimal & 15) << shift
            writeTag(fieldNumber, .varint)
            writeVarint(decimal)
        } else {
            writeTag(fieldNumber, .fixed64)
            writeFixed64(value.bitPattern)
        }
    }

    /// Field `fieldNumber` holding an integer, as its bit pattern (`signed`: two's
    /// complement, zigzag for the varint): a varint of at most 8 bytes, else fixed64.
    @inlinable
    mutating func writeIntegerField(_ fieldNumber: Int, bitPattern: UInt64, signed: Bool) {
        let varint = signed ? (bitPattern << 1) ^ (0 &- (bitPattern >> 63)) : bitPattern
        if varint < 1 << 56 {
            writeTag(fieldNumber, .varint)
            writeVarint(varint)
        } else {
            writeTag(fieldNumber, .fixed64)
            writeFixed64(bitPattern)
        }
    }
}

extension BinaryReader {
    /// A Double field's varint: a short decimal.
    @inlinable @inline(__always)
    mutating func readDecimal() throws(BinaryError) -> Double {
        BinaryDecimal.value(of: try readVarint())
    }
}

/// Doubles as short decimals: `m / 10^k` for an integer `m` and `k` in 0...15, written as the
/// varint `zigzag(m) << 4 | k`.
@usableFromInline
enum BinaryDecimal {
    /// 10^0 ... 10^15, all exact in a Double.
    @usableFromInline
    static let powersOfTen: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]

    /// The varint for `value`, or nil when it is not a decimal whose varint is shorter than 8
    /// bytes (so below 2^49): the smallest `k` for which `m`, the integer nearest
    /// `value · 10^k`, gives `value` back as the Double division `m / 10^k` (IEEE 754 division
    /// is correctly rounded, and the reader divides the same exact integer by the same exact
    /// power). −0 (which `m` cannot carry), infinities and NaN are never decimals.
    ///
    /// One division, not one per `k`: with |m| < 2^44 a decimal has at most 14 significant
    /// digits, and decimals of at most 15 digits are distinct Doubles. So if `value` is some
    /// m₀ / 10^k₀, the largest `k` that keeps |m| below 2^44 gives m₀ · 10^(k − k₀) (the
    /// product is off by far less than ½), which passes the test; if that `k` fails, no `k`
    /// passes. Dividing m by 10 while it ends in 0 then finds the smallest `k` (the same
    /// rational, so the same Double), and no smaller one passes with another m (it would be
    /// a second decimal of at most 15 digits with the same Double).
    @usableFromInline
    static func varint(for value: Double) -> UInt64? {
        guard value.isFinite, value.bitPattern != (-0.0 as Double).bitPattern else { return nil }
        let magnitude = abs(value)
        guard magnitude < 0x1p44 else { return nil }
        // The largest k with magnitude · 10^k < 2^44, from an estimate of the decimal exponent.
        let exponent = Int((magnitude.bitPattern >> 52) & 0x7FF) - 1023  // of 2; rough for 0 and subnormals
        // log10(2) ≈ 1233 / 2^12. (Parenthesized: Swift's `>>` binds tighter than `*`.) The two
        // loops below make k exact whatever the estimate gives.
        var k = min(max(13 - ((exponent * 1233) >> 12), 0), 15)
        while k < 15, magnitude * powersOfTen[k + 1] < 0x1p44 {
            k += 1
        }
        while magnitude * powersOfTen[k] >= 0x1p44 {
            k -= 1
        }
        let power = powersOfTen[k]
        // The nearest integer (adding 2^52 leaves no bits for a fraction).
        let m = (magnitude * power + 0x1p52) - 0x1p52
        guard m < 0x1p44, (m / power).bitPattern == magnitude.bitPattern else { return nil }
        return varint(UInt64(m), k: k, negative: value < 0)
    }

    /// `varint(for: value)` when `m`, the integer nearest `value · 10^k` (computed as there),
    /// is below 2^44 and gives `value` back; else nil (which says nothing).
    ///
    /// `varint(for:)` then finds `m · 10^(K − k)` at its `K` ≥ `k` (the product is off by less
    /// than 2^-8), and both strip trailing zeros down to the same smallest `k`. So a hint that
    /// is at least the value's `k` finds it with one division.
    @inlinable @inline(__always)
    static func varint(for value: Double, atMostK k: Int) -> UInt64? {
        let magnitude = abs(value)
        let power = powersOfTen[k]
        let product = magnitude * power
        // False for NaN and infinities, as for values of 2^44 and more.
        if product < 0x1p44, value.bitPattern != (-0.0 as Double).bitPattern {
            // The nearest integer: adding 2^52 leaves no bits for a fraction, and the integer
            // is the low bits of the sum (quicker than converting the Double).
            let shifted = product + 0x1p52
            let integer = shifted.bitPattern & (1 << 52 - 1)
            if integer < 1 << 44, ((shifted - 0x1p52) / power).bitPattern == magnitude.bitPattern {
                // Most often there is no zero to strip: then the varint does not wait for
                // the divisions that look for zeros (the next field's position depends on it).
                if k == 0 || integer % 10 != 0 {
                    let zigzag = value < 0 ? integer << 1 - 1 : integer << 1
                    return zigzag << 4 | UInt64(k)
                }
                return varint(integer, k: k, negative: value < 0)
            }
        }
        return nil
    }

    /// The varint of the decimal `±integer / 10^k`, its trailing zeros off (at most k, and at
    /// most 8 + 4 + 2 + 1 = 15 of them, branch-free: each step keeps the quotient only where
    /// the division is exact and `k` allows it).
    @inlinable @inline(__always)
    static func varint(_ integer: UInt64, k: Int, negative: Bool) -> UInt64 {
        var integer = integer
        var k = k
        func strip(_ zeros: Int, _ power: UInt64) {
            let (quotient, remainder) = integer.quotientAndRemainder(dividingBy: power)
            if k >= zeros, remainder == 0 {
                integer = quotient
                k -= zeros
            }
        }
        strip(8, 100_000_000)
        strip(4, 10_000)
        strip(2, 100)
        strip(1, 10)
        let zigzag = negative ? integer << 1 - 1 : integer << 1
        return zigzag << 4 | UInt64(k)
    }

    /// The Double a decimal's varint stands for: one exact integer divided by one exact power
    /// of ten, correctly rounded. Every varint is some Double.
    @usableFromInline
    static func value(of varint: UInt64) -> Double {
        let zigzag = varint >> 4
        let m = Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1)))
        return Double(m) / powersOfTen[Int(varint & 15)]
    }
}
