// The shortest decimal that reads back as a Double, for every finite Double: Raffaello
// Giulietti's Schubfach ("The Schubfach way to render doubles", 2020; the algorithm of Java's
// `Double.toString` since JDK 19). `ShortestDecimal` formats what it finds as `description`.
//
// The decimals that read back as v = c·2^q are those in its rounding interval, the reals
// closer to v than to its neighbours: [v - 2^(q-1), v + 2^(q-1)], a quarter of an ulp wide on
// the side of a power of two that has a closer neighbour below, and closed when c is even
// (reading rounds ties to even). With k = ⌊log10(2^q)⌋, 10^k is at most the interval's width
// and 10^(k+1) more: the interval holds one or two decimals s·10^k and t·10^k (t = s + 1), and at
// most one with a digit less, which is then the shortest. Among s and t, the one closer to v
// wins, and a tie goes to the even one. This is what `description` writes: the fewest digits
// that read back, and of those the closest (Tests/RuntimeTests/JSONWriterFastPathTests.swift
// compares the two on millions of values).
//
// The scaled values v·10^-k and the interval's ends come from one 126-bit approximation g of
// 10^-k, multiplied by 4c·2^h and rounded down with a sticky bit (`roundOdd`): the paper proves
// the comparisons made with them exact. g is ⌊10^-k·2^(125-⌊log2(10^-k)⌋)⌋ + 1: the top two
// words of `PowersOfTen128`'s entry shifted right by two, plus one.

enum Schubfach {
    /// The decimal `digits`·10^`exponent` that `description` writes for c·2^q (c > 0, the
    /// Double's integer significand and q its exponent: `lowerNeighbourCloser` when c is a
    /// power of two above the least normal, whose neighbour below is half an ulp away).
    /// `digits` may end in zeros only when `mayEndInZero`: a decimal with a digit less is
    /// looked for first, so the two candidates with all the digits never end in zero.
    @inline(__always)
    static func shortest(significand c: UInt64, exponent q: Int, lowerNeighbourCloser: Bool) -> (digits: UInt64, exponent: Int, mayEndInZero: Bool) {
        // The interval and the value, times 4: [cbl, cbr]·2^(q-2), closed when c is even.
        let open: UInt64 = c & 1
        let cb = c &<< 2
        let cbr = cb &+ 2
        let cbl: UInt64
        let k: Int
        if lowerNeighbourCloser {
            cbl = cb &- 1
            k = floorLog10ThreeQuartersPow2(q)
        } else {
            cbl = cb &- 2
            k = floorLog10Pow2(q)
        }
        let h = q &+ floorLog2Pow10(-k) &+ 2
        let (g1, g0) = g(-k)
        let vb = roundOdd(g1, g0, cb &<< UInt64(h))
        let vbl = roundOdd(g1, g0, cbl &<< UInt64(h))
        let vbr = roundOdd(g1, g0, cbr &<< UInt64(h))
        let s = vb &>> 2
        if s >= 10 {
            // The decimals with one digit less around v: at most one is in the interval, and
            // it is then the shortest. (Java, which writes at least two digits, looks only
            // from s ≥ 100; `description` writes `1e-322` for the subnormal whose s is 98.
            // s ≥ 14 for every c ≥ 3.)
            let sp10 = (s / 10) &* 10
            let tp10 = sp10 &+ 10
            let upin = vbl &+ open <= sp10 &<< 2
            let wpin = (tp10 &<< 2) &+ open <= vbr
            if upin != wpin {
                return (upin ? sp10 : tp10, k, true)
            }
        }
        let t = s &+ 1
        let uin = vbl &+ open <= s &<< 2
        let win = (t &<< 2) &+ open <= vbr
        if uin != win {
            return (uin ? s : t, k, false)
        }
        // Both read back: the closer one, the even one on a tie.
        let twiceMiddle = (s &+ t) &<< 1
        let closerToS = vb < twiceMiddle || (vb == twiceMiddle && s & 1 == 0)
        return (closerToS ? s : t, k, false)
    }

    /// ⌊g·cp / 2^127⌋, its lowest bit set when the quotient is inexact (rounding to odd keeps
    /// the comparisons above exact). g = g1·2^63 + g0.
    @inline(__always)
    private static func roundOdd(_ g1: UInt64, _ g0: UInt64, _ cp: UInt64) -> UInt64 {
        let x1 = g0.multipliedFullWidth(by: cp).high
        let (y1, y0) = g1.multipliedFullWidth(by: cp)
        let z = (y0 &>> 1) &+ x1
        let quotient = y1 &+ (z &>> 63)
        let mask: UInt64 = (1 &<< 63) &- 1
        return quotient | (((z & mask) &+ mask) &>> 63)
    }

    /// ⌊q·log10(2)⌋, exact for every Double's exponent (checked for -1100...1100).
    @inline(__always)
    static func floorLog10Pow2(_ q: Int) -> Int {
        (q &* 661_971_961_083) &>> 41
    }

    /// ⌊log10(3/4·2^q)⌋, exact for every Double's exponent (checked for -1100...1100).
    @inline(__always)
    static func floorLog10ThreeQuartersPow2(_ q: Int) -> Int {
        (q &* 661_971_961_083 &- 274_743_187_321) &>> 41
    }

    /// ⌊e·log2(10)⌋, exact for the powers of ten used (checked for -400...400).
    @inline(__always)
    static func floorLog2Pow10(_ e: Int) -> Int {
        (e &* 913_124_641_741) &>> 38
    }

    /// The smallest and largest powers of ten `g` gives: 10^-k for every Double's k.
    static let smallestPower = -292
    static let largestPower = 324

    /// 10^e as g = ⌊10^e·2^(125-⌊log2(10^e)⌋)⌋ + 1 in two 63-bit halves, for e in
    /// `smallestPower...largestPower`. (Made from the mantissa on each call: a table of its
    /// own, made when first used, would cost a `swift_once` check on each call instead.)
    @inline(__always)
    static func g(_ e: Int) -> (high: UInt64, low: UInt64) {
        let (high, low) = mantissa(e)
        let g = ((UInt128(high) &<< 64 | UInt128(low)) &>> 2) &+ 1
        return (UInt64(truncatingIfNeeded: g &>> 63), UInt64(truncatingIfNeeded: g) & ((1 &<< 63) &- 1))
    }

    /// The 128 most significant bits of 10^e, rounded down, for e in
    /// `smallestPower...largestPower`: `PowersOfTen128`'s entry, or one of the larger powers
    /// the reader never needs.
    @inline(__always)
    static func mantissa(_ e: Int) -> (high: UInt64, low: UInt64) {
        if e <= PowersOfTen128.largestExponent {
            let index = (e &- PowersOfTen128.smallestExponent) &* 2
            return PowersOfTen128.mantissas.withUnsafeBufferPointer { table in
                (table[index], table[index &+ 1])
            }
        }
        let index = (e &- PowersOfTen128.largestExponent &- 1) &* 2
        return largerPowers.withUnsafeBufferPointer { table in
            (table[index], table[index &+ 1])
        }
    }

    /// 10^309 ... 10^324, as `PowersOfTen128` holds the others: the top 128 bits of the
    /// integer, high word first. `ShortestDecimalTests` recomputes them.
    static let largerPowers: [UInt64] = [
        0xB201_833B_35D6_3F73, 0x2CD2_CC65_51E5_13DA, // 1e309
        0xDE81_E40A_034B_CF4F, 0xF807_7F7E_A65E_58D1, // 1e310
        0x8B11_2E86_420F_6191, 0xFB04_AFAF_27FA_F782, // 1e311
        0xADD5_7A27_D293_39F6, 0x79C5_DB9A_F1F9_B563, // 1e312
        0xD94A_D8B1_C738_0874, 0x1837_5281_AE78_22BC, // 1e313
        0x87CE_C76F_1C83_0548, 0x8F22_9391_0D0B_15B5, // 1e314
        0xA9C2_794A_E3A3_C69A, 0xB2EB_3875_504D_DB22, // 1e315
        0xD433_179D_9C8C_B841, 0x5FA6_0692_A461_51EB, // 1e316
        0x849F_EEC2_81D7_F328, 0xDBC7_C41B_A6BC_D333, // 1e317
        0xA5C7_EA73_224D_EFF3, 0x12B9_B522_906C_0800, // 1e318
        0xCF39_E50F_EAE1_6BEF, 0xD768_226B_3487_0A00, // 1e319
        0x8184_2F29_F2CC_E375, 0xE6A1_1583_00D4_6640, // 1e320
        0xA1E5_3AF4_6F80_1C53, 0x6049_5AE3_C109_7FD0, // 1e321
        0xCA5E_89B1_8B60_2368, 0x385B_B19C_B14B_DFC4, // 1e322
        0xFCF6_2C1D_EE38_2C42, 0x4672_9E03_DD9E_D7B5, // 1e323
        0x9E19_DB92_B4E3_1BA9, 0x6C07_A2C2_6A83_46D1, // 1e324
    ]
}
