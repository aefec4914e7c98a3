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
        /// The decimal's digits as an integer, when there are at most 15 of them.
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
        var mantissaExact = !overflowed && digits <= 15
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
                    if digits + fractionDigits > 15 { mantissaExact = false }
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

    fileprivate static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
