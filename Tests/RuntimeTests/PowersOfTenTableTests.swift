import Testing
@testable import ValuegenRuntime

/// The Eisel–Lemire table is checked, not trusted: every entry is recomputed here with exact
/// integer arithmetic, and so is the binary exponent the parser derives from the decimal one.
@Suite("Powers of ten for Eisel–Lemire")
struct PowersOfTenTableTests {
    @Test func tableCoversTheExponentsOfEveryNonzeroFiniteDouble() {
        let count = PowersOfTen128.largestExponent - PowersOfTen128.smallestExponent + 1
        #expect(PowersOfTen128.mantissas.count == 2 * count)
        // Above 10^308 every significand overflows; below 10^-342 even 10^19 - 1 times the
        // power is below half the least subnormal, 2^-1075.
        #expect(PowersOfTen128.largestExponent == 308)
        #expect(PowersOfTen128.smallestExponent == -342)
    }

    @Test func nonNegativePowersAreTheTop128BitsOfTheExactPower() {
        var power = BigUnsigned(1)
        for exponent in 0...PowersOfTen128.largestExponent {
            if exponent > 0 {
                power.multiply(by: 10)
            }
            let bits = power.bitWidth
            let top = bits <= 128 ? power.shiftedLeft(128 - bits) : power.shiftedRight(bits - 128)
            let (high, low) = entry(exponent)
            #expect(top == BigUnsigned(high: high, low: low), "1e\(exponent)")
            // 10^e lies in [2^(bits-1), 2^bits): the parser's estimate of that exponent.
            #expect((217_706 * exponent) >> 16 == bits - 1, "1e\(exponent)")
        }
    }

    @Test func negativePowersAreTheQuotientRoundedDown() {
        var divisor = BigUnsigned(1)
        for magnitude in 1...(-PowersOfTen128.smallestExponent) {
            divisor.multiply(by: 10)
            let exponent = -magnitude
            let (high, low) = entry(exponent)
            #expect(high >> 63 == 1, "1e\(exponent) is not normalized")
            // The entry T is ⌊2^b / 10^m⌋ exactly when T·10^m ≤ 2^b < (T + 1)·10^m, with the
            // b for which T has 128 bits. T·10^m is no power of two (it has a factor 5), so
            // 2^b is the next power of two above it.
            let mantissa = BigUnsigned(high: high, low: low)
            let product = mantissa.multiplied(by: divisor)
            let b = product.bitWidth
            let nextProduct = mantissa.adding(BigUnsigned(1)).multiplied(by: divisor)
            #expect(BigUnsigned(1).shiftedLeft(b) < nextProduct, "1e\(exponent) is not rounded down")
            // 10^-m ≈ T·2^-b lies in [2^(127-b), 2^(128-b)).
            #expect((217_706 * exponent) >> 16 == 127 - b, "1e\(exponent)")
        }
    }

    private func entry(_ exponent: Int) -> (UInt64, UInt64) {
        let index = 2 * (exponent - PowersOfTen128.smallestExponent)
        return (PowersOfTen128.mantissas[index], PowersOfTen128.mantissas[index + 1])
    }
}

/// Just enough of an arbitrary-precision unsigned integer to check the tables (this one, and
/// Schubfach's in SchubfachTableTests): 32-bit limbs, least significant first, no leading zero
/// limbs.
struct BigUnsigned: Equatable, Comparable {
    private(set) var limbs: [UInt32]

    init(_ value: UInt32) {
        limbs = value == 0 ? [] : [value]
    }

    init(high: UInt64, low: UInt64) {
        limbs = [UInt32(truncatingIfNeeded: low), UInt32(truncatingIfNeeded: low >> 32),
                 UInt32(truncatingIfNeeded: high), UInt32(truncatingIfNeeded: high >> 32)]
        normalize()
    }

    var bitWidth: Int {
        guard let last = limbs.last else { return 0 }
        return limbs.count * 32 - last.leadingZeroBitCount
    }

    mutating func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let product = UInt64(limbs[index]) * UInt64(factor) + carry
            limbs[index] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry > 0 { limbs.append(UInt32(carry)) }
        normalize()
    }

    func multiplied(by other: BigUnsigned) -> BigUnsigned {
        var result = [UInt32](repeating: 0, count: limbs.count + other.limbs.count)
        for (i, left) in limbs.enumerated() {
            var carry: UInt64 = 0
            for (j, right) in other.limbs.enumerated() {
                let sum = UInt64(left) * UInt64(right) + UInt64(result[i + j]) + carry
                result[i + j] = UInt32(truncatingIfNeeded: sum)
                carry = sum >> 32
            }
            result[i + other.limbs.count] = UInt32(carry)
        }
        var product = BigUnsigned(0)
        product.limbs = result
        product.normalize()
        return product
    }

    func adding(_ other: BigUnsigned) -> BigUnsigned {
        var result: [UInt32] = []
        var carry: UInt64 = 0
        for index in 0..<max(limbs.count, other.limbs.count) {
            let sum = UInt64(index < limbs.count ? limbs[index] : 0) + UInt64(index < other.limbs.count ? other.limbs[index] : 0) + carry
            result.append(UInt32(truncatingIfNeeded: sum))
            carry = sum >> 32
        }
        if carry > 0 { result.append(UInt32(carry)) }
        var total = BigUnsigned(0)
        total.limbs = result
        total.normalize()
        return total
    }

    func shiftedLeft(_ count: Int) -> BigUnsigned {
        var result = [UInt32](repeating: 0, count: count / 32) + limbs + [0]
        let bits = count % 32
        if bits > 0 {
            for index in stride(from: result.count - 1, through: count / 32, by: -1) {
                let below = index > count / 32 ? result[index - 1] : 0
                result[index] = result[index] << bits | below >> (32 - bits)
            }
        }
        var shifted = BigUnsigned(0)
        shifted.limbs = result
        shifted.normalize()
        return shifted
    }

    func shiftedRight(_ count: Int) -> BigUnsigned {
        let whole = count / 32
        guard whole < limbs.count else { return BigUnsigned(0) }
        var result = Array(limbs[whole...])
        let bits = count % 32
        if bits > 0 {
            for index in result.indices {
                let above = index + 1 < result.count ? result[index + 1] : 0
                result[index] = result[index] >> bits | above << (32 - bits)
            }
        }
        var shifted = BigUnsigned(0)
        shifted.limbs = result
        shifted.normalize()
        return shifted
    }

    static func < (left: BigUnsigned, right: BigUnsigned) -> Bool {
        if left.limbs.count != right.limbs.count { return left.limbs.count < right.limbs.count }
        for index in stride(from: left.limbs.count - 1, through: 0, by: -1) where left.limbs[index] != right.limbs[index] {
            return left.limbs[index] < right.limbs[index]
        }
        return false
    }

    private mutating func normalize() {
        while limbs.last == 0 { limbs.removeLast() }
    }
}
