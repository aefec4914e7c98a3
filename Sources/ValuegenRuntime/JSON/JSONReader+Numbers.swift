#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Numbers: RFC 8259 syntax, integer ranges, and doubles by Clinger's fast path, Eisel–Lemire,
// or (when neither decides) the standard library's correctly rounded parser.

extension JSONReader {

    struct ScannedNumber {
        var end: Int
        var negative: Bool
        var magnitude: UInt64
        var overflowed: Bool
        var isInteger: Bool
        /// The decimal's digits as an integer, when there are at most 19 of them (a UInt64 holds
        /// them; the fast paths check that it is exact in a Double or a Float).
        var significand: UInt64?
        /// The power of ten that multiplies `significand`.
        var power: Int

        /// Clinger's fast path: a significand and a power of ten that are both exact in a
        /// Double make a correctly rounded quotient or product.
        var exactDouble: Double? {
            guard let significand, significand < (1 << 53), abs(power) <= 22 else { return nil }
            let value = power < 0 ? Double(significand) / JSONReader.powersOfTen[-power] : Double(significand) * JSONReader.powersOfTen[power]
            return negative ? -value : value
        }

        /// The same for Float (24-bit significands, powers of ten up to 10^10).
        var exactFloat: Float? {
            guard let significand, significand < (1 << 24), abs(power) <= 10 else { return nil }
            let scale = Float(JSONReader.powersOfTen[abs(power)])
            let value = power < 0 ? Float(significand) / scale : Float(significand) * scale
            return negative ? -value : value
        }
    }

    /// Checks RFC 8259's number syntax from the offset (without moving it) and gathers what
    /// the fast conversions need.
    ///
    /// Mutating though it moves nothing: its callers are mutating, and a call of a method that
    /// is not inlined on an `inout` reader copies the reader (145 bytes) for a non-mutating one.
    mutating func scanNumber(expecting expected: String) throws(JSONError) -> ScannedNumber {
        var index = offset
        var negative = false
        if index < byteCount, byte(at: index) == UInt8(ascii: "-") {
            negative = true
            index += 1
            guard index < byteCount, isDigit(byte(at: index)) else {
                throw JSONError(message: "expected a digit after '-' in a number", offset: index)
            }
        }
        guard index < byteCount, isDigit(byte(at: index)) else {
            throw fail("expected \(expected), found \(describeNext())")
        }
        var magnitude: UInt64 = 0
        var overflowed = false
        var digits = 0
        if byte(at: index) == UInt8(ascii: "0") {
            index += 1
            if index < byteCount, isDigit(byte(at: index)) {
                throw JSONError(message: "a number cannot have a leading zero", offset: offset)
            }
            digits = 1
        } else {
            // Nineteen digits cannot overflow a UInt64: check only past them.
            let digitsStart = index
            while index < byteCount, index - digitsStart < 19, isDigit(byte(at: index)) {
                magnitude = magnitude &* 10 &+ UInt64(byte(at: index) &- UInt8(ascii: "0"))
                index += 1
            }
            digits = index - digitsStart
            while index < byteCount, isDigit(byte(at: index)) {
                let (product, multiplyOverflow) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, addOverflow) = product.addingReportingOverflow(UInt64(byte(at: index) - UInt8(ascii: "0")))
                overflowed = overflowed || multiplyOverflow || addOverflow
                magnitude = sum
                digits += 1
                index += 1
            }
        }
        var isInteger = true
        var fractionDigits = 0
        var mantissa = magnitude
        var mantissaExact = !overflowed && digits <= 19
        if index < byteCount, byte(at: index) == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < byteCount, isDigit(byte(at: index)) else {
                throw JSONError(message: "expected a digit after '.' in a number", offset: index)
            }
            while index < byteCount, isDigit(byte(at: index)) {
                if mantissaExact {
                    mantissa = mantissa &* 10 &+ UInt64(byte(at: index) - UInt8(ascii: "0"))
                    fractionDigits += 1
                    if digits + fractionDigits > 19 { mantissaExact = false }
                }
                index += 1
            }
        }
        var exponent = 0
        if index < byteCount, byte(at: index) == UInt8(ascii: "e") || byte(at: index) == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            var exponentNegative = false
            if index < byteCount, byte(at: index) == UInt8(ascii: "+") || byte(at: index) == UInt8(ascii: "-") {
                exponentNegative = byte(at: index) == UInt8(ascii: "-")
                index += 1
            }
            guard index < byteCount, isDigit(byte(at: index)) else {
                throw JSONError(message: "expected a digit in the exponent of a number", offset: index)
            }
            while index < byteCount, isDigit(byte(at: index)) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(byte(at: index) - UInt8(ascii: "0")) }
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        return ScannedNumber(
            end: index, negative: negative, magnitude: magnitude, overflowed: overflowed, isInteger: isInteger,
            significand: mantissaExact ? mantissa : nil, power: exponent - fractionDigits
        )
    }

    /// A decimal's parts, as the fast conversions need them.
    struct PlainDecimal {
        /// Its significant digits as an integer (at most 19 of them: exact in a UInt64).
        var significand: UInt64
        /// The power of ten that multiplies `significand`.
        var power: Int
        var negative: Bool
        /// Where the number ends.
        var end: Int

        /// The Double nearest to the decimal: Clinger's fast path when the significand and
        /// the power of ten are both exact in a Double (their quotient or product is then
        /// correctly rounded), Eisel–Lemire otherwise; nil when neither decides.
        var double: Double? {
            @inline(__always) get {
                if significand < (1 << 53), power >= -22, power <= 22 {
                    let value = power < 0 ? Double(significand) / JSONReader.powersOfTen[-power] : Double(significand) * JSONReader.powersOfTen[power]
                    return negative ? -value : value
                }
                return EiselLemire.double(significand: significand, power: power, negative: negative)
            }
        }
    }

    /// The common case of a number in one pass: well-formed, at most 19 significant digits
    /// and an exponent of at most nine digits. nil leaves everything else, errors included,
    /// to ``scanNumber(expecting:)``; the offset does not move.
    @inline(__always)
    func scanPlainDecimal() -> PlainDecimal? {
        let count = byteCount
        var index = offset
        var negative = false
        if index < count, byte(at: index) == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let integerStart = index
        var significand: UInt64 = 0
        accumulateDigitsOneByOne(at: &index, into: &significand)
        var digits = index - integerStart
        guard digits > 0 else { return nil }
        let leadingZero = byte(at: integerStart) == UInt8(ascii: "0")
        if leadingZero {
            // `0` and `0.…` only; the zero is no significant digit.
            guard digits == 1 else { return nil }
            digits = 0
        }
        var power = 0
        if index < count, byte(at: index) == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            accumulateDigits(at: &index, into: &significand)
            let fractionDigits = index - fractionStart
            guard fractionDigits > 0 else { return nil }
            power = -fractionDigits
            digits += fractionDigits
            if leadingZero {
                // The zeros after `0.` are no significant digits either.
                var zero = fractionStart
                while zero < index, byte(at: zero) == UInt8(ascii: "0") { zero += 1 }
                digits -= zero - fractionStart
            }
        }
        guard digits <= 19 else { return nil }
        if index < count, byte(at: index) | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, byte(at: index) == UInt8(ascii: "+") || byte(at: index) == UInt8(ascii: "-") {
                exponentNegative = byte(at: index) == UInt8(ascii: "-")
                index += 1
            }
            let exponentStart = index
            var exponent = 0
            while index < count {
                let digit = byte(at: index) &- UInt8(ascii: "0")
                if digit > 9 { break }
                exponent = exponent &* 10 &+ Int(digit)
                index += 1
            }
            let exponentDigits = index - exponentStart
            guard exponentDigits > 0, exponentDigits <= 9 else { return nil }
            power += exponentNegative ? -exponent : exponent
        }
        return PlainDecimal(significand: significand, power: power, negative: negative, end: index)
    }

    /// Moves `index` past a run of decimal digits, appending them to `value` with wrapping
    /// arithmetic (callers count the digits: nineteen cannot overflow). Up to eight digits at
    /// a time while eight bytes are left: a double's seventeen significant digits take three
    /// steps, not seventeen.
    @inline(__always)
    func accumulateDigits(at index: inout Int, into value: inout UInt64) {
        let count = byteCount
        while index &+ 8 <= count {
            let word = baseAddress.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian
            let nonDigits = Self.nonDigitBytes(word)
            var digits = word &- 0x3030_3030_3030_3030
            var digitCount = 8
            if nonDigits != 0 {
                digitCount = nonDigits.trailingZeroBitCount >> 3
                if digitCount == 0 { return }
                // The digits moved to the top, zeros (leading zero digits) below them.
                digits <<= UInt64(64 &- 8 &* digitCount)
            }
            // Pairs, then fours, then all eight, the first digit (the lowest byte) the most
            // significant.
            digits = digits &* 10 &+ (digits >> 8)
            digits = ((digits & 0x0000_00FF_0000_00FF) &* 0x000F_4240_0000_0064
                &+ ((digits >> 16) & 0x0000_00FF_0000_00FF) &* 0x0000_2710_0000_0001) >> 32
            value = value &* Self.integerPowersOfTen[digitCount] &+ (digits & 0xFFFF_FFFF)
            index &+= digitCount
            if digitCount < 8 { return }
        }
        accumulateDigitsOneByOne(at: &index, into: &value)
    }

    /// The high bit of each byte of `word` (eight bytes as a little-endian load gives them)
    /// that is not a decimal digit, at least of the first one: a byte is a digit when adding
    /// 0x46 does not reach 0x80 and subtracting 0x30 does not borrow. (Carries and borrows only
    /// reach the bytes after a non-digit, so the lowest flagged byte is the first non-digit.)
    @inline(__always)
    static func nonDigitBytes(_ word: UInt64) -> UInt64 {
        ((word &+ 0x4646_4646_4646_4646) | (word &- 0x3030_3030_3030_3030)) & 0x8080_8080_8080_8080
    }

    static let integerPowersOfTen: [UInt64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]

    /// The same one digit at a time, for runs of digits that are usually short.
    @inline(__always)
    func accumulateDigitsOneByOne(at index: inout Int, into value: inout UInt64) {
        let count = byteCount
        while index < count {
            let digit = byte(at: index) &- UInt8(ascii: "0")
            if digit > 9 { break }
            value = value &* 10 &+ UInt64(digit)
            index &+= 1
        }
    }

    /// The powers of ten that are exact in a Double. Literals, so that the array is built at
    /// compile time and reading it costs no lazy initialization.
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
