#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Numbers: RFC 8259 syntax, integer ranges, and doubles by Clinger's fast path or the
// standard library's correctly rounded parser.

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
    func scanNumber(expecting expected: String) throws(JSONError) -> ScannedNumber {
        var index = offset
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw JSONError(message: "expected a digit after '-' in a number", offset: index)
            }
        }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw fail("expected \(expected), found \(describeNext())")
        }
        var magnitude: UInt64 = 0
        var overflowed = false
        var digits = 0
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw JSONError(message: "a number cannot have a leading zero", offset: offset)
            }
            digits = 1
        } else {
            // Nineteen digits cannot overflow a UInt64: check only past them.
            let digitsStart = index
            while index < bytes.count, index - digitsStart < 19, isDigit(bytes[index]) {
                magnitude = magnitude &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
                index += 1
            }
            digits = index - digitsStart
            while index < bytes.count, isDigit(bytes[index]) {
                let (product, multiplyOverflow) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, addOverflow) = product.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
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
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw JSONError(message: "expected a digit after '.' in a number", offset: index)
            }
            while index < bytes.count, isDigit(bytes[index]) {
                if mantissaExact {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] - UInt8(ascii: "0"))
                    fractionDigits += 1
                    if digits + fractionDigits > 19 { mantissaExact = false }
                }
                index += 1
            }
        }
        var exponent = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw JSONError(message: "expected a digit in the exponent of a number", offset: index)
            }
            while index < bytes.count, isDigit(bytes[index]) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        return ScannedNumber(
            end: index, negative: negative, magnitude: magnitude, overflowed: overflowed, isInteger: isInteger,
            significand: mantissaExact ? mantissa : nil, power: exponent - fractionDigits
        )
    }

    /// The common case of ``readDouble()`` in one pass: a plain decimal (no exponent) of at
    /// most 19 digits whose digits make an integer below 2^53, read by Clinger's fast path
    /// exactly as `exactDouble` would; nil leaves everything else, errors included, to the
    /// full path, and the offset where it was.
    @inline(__always)
    mutating func scanSimpleDouble() -> Double? {
        let count = bytes.count
        var index = offset
        var negative = false
        if index < count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let integerStart = index
        var mantissa: UInt64 = 0
        while index < count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            if digit > 9 { break }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            index += 1
        }
        let integerDigits = index - integerStart
        guard integerDigits > 0, integerDigits <= 19, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
            return nil
        }
        var fractionDigits = 0
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < count, index - fractionStart < 19 {
                let digit = bytes[index] &- UInt8(ascii: "0")
                if digit > 9 { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                index += 1
            }
            fractionDigits = index - fractionStart
            guard fractionDigits > 0 else { return nil }
        }
        guard integerDigits + fractionDigits <= 19, mantissa < (1 << 53) else { return nil }
        if index < count {
            let next = bytes[index]
            if next | 0x20 == UInt8(ascii: "e") || next &- UInt8(ascii: "0") <= 9 { return nil }
        }
        let value = fractionDigits == 0 ? Double(mantissa) : Double(mantissa) / JSONReader.powersOfTen[fractionDigits]
        offset = index
        return negative ? -value : value
    }

    fileprivate static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
