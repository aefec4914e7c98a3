import Testing
@testable import ValuegenRuntime

/// What Schubfach (the shortest decimal of a Double, Schubfach.swift) computes with is checked,
/// not trusted: the powers of ten past `PowersOfTen128`'s and the three logarithms are
/// recomputed here with exact integer arithmetic, for every exponent a Double has and more.
/// (That the digits are `description`'s is JSONWriterFastPathTests' part.)
@Suite("Schubfach's tables")
struct SchubfachTableTests {
    @Test func theLargerPowersAreTheTop128BitsOfTheExactPower() {
        var power = BigUnsigned(1)
        for exponent in 1...Schubfach.largestPower {
            power.multiply(by: 10)
            guard exponent > PowersOfTen128.largestExponent else { continue }
            let top = power.shiftedRight(power.bitWidth - 128)
            let (high, low) = Schubfach.mantissa(exponent)
            #expect(top == BigUnsigned(high: high, low: low), "1e\(exponent)")
        }
        #expect(Schubfach.largerPowers.count == 2 * (Schubfach.largestPower - PowersOfTen128.largestExponent))
        // Every power Schubfach asks for, for the exponents of the Doubles (the one-sided
        // interval for all but the least), is in one table or the other.
        #expect(Schubfach.smallestPower >= PowersOfTen128.smallestExponent)
        let powers = (-1074...971).map { -Schubfach.floorLog10Pow2($0) } + (-1073...971).map { -Schubfach.floorLog10ThreeQuartersPow2($0) }
        #expect(powers.min() == Schubfach.smallestPower)
        #expect(powers.max() == Schubfach.largestPower)
    }

    @Test func floorLog10Pow2IsExact() {
        // 10^k ≤ 2^q < 10^(k+1).
        for q in -1100...1100 {
            let k = Schubfach.floorLog10Pow2(q)
            #expect(atLeastOne(1, twos: q, tens: -k), "q = \(q)")
            #expect(!atLeastOne(1, twos: q, tens: -k - 1), "q = \(q)")
        }
    }

    @Test func floorLog10ThreeQuartersPow2IsExact() {
        // 10^k ≤ 3·2^(q-2) < 10^(k+1).
        for q in -1100...1100 {
            let k = Schubfach.floorLog10ThreeQuartersPow2(q)
            #expect(atLeastOne(3, twos: q - 2, tens: -k), "q = \(q)")
            #expect(!atLeastOne(3, twos: q - 2, tens: -k - 1), "q = \(q)")
        }
    }

    @Test func floorLog2Pow10IsExact() {
        // 2^f ≤ 10^e < 2^(f+1).
        for e in -400...400 {
            let f = Schubfach.floorLog2Pow10(e)
            #expect(atLeastOne(1, twos: -f, tens: e), "e = \(e)")
            #expect(!atLeastOne(1, twos: -f - 1, tens: e), "e = \(e)")
        }
    }

    /// Whether m·2^twos·10^tens is at least one, compared as integers.
    private func atLeastOne(_ m: UInt32, twos: Int, tens: Int) -> Bool {
        var numerator = BigUnsigned(m)
        var denominator = BigUnsigned(1)
        for _ in 0..<abs(tens) {
            if tens > 0 { numerator.multiply(by: 10) } else { denominator.multiply(by: 10) }
        }
        if twos > 0 {
            numerator = numerator.shiftedLeft(twos)
        } else {
            denominator = denominator.shiftedLeft(-twos)
        }
        return !(numerator < denominator)
    }
}
