import Foundation

// Dates to the last bit of their Double. A `Date` is a Double of seconds since 2001-01-01
// (`timeIntervalSinceReferenceDate`); `Date()` holds fractions of a microsecond, which the
// milliseconds of API JSON drop. Persistence writes the shortest decimal of that Double as
// ISO 8601 seconds and as many fraction digits as it takes, at least four
// (`2026-12-05T08:15:29.1234567Z`, `2001-01-01T00:00:00.5000Z`), and reading turns four or more
// fraction digits into the Double nearest to what they say, as a correctly rounded number
// parser does: so a saved date reads back exactly (docs/Runtime.md, "Persistence"). One to
// three digits are read as before, through seconds since 1970 as Foundation takes them.

extension ISO8601 {
    /// Seconds from 1970-01-01 to 2001-01-01, the reference date of `Date`.
    static let referenceDateOffset: Int64 = 978_307_200

    private static let powersOfTen: [Int64] = (0...18).map { power in (0..<power).reduce(1) { product, _ in product * 10 } }

    /// The date `seconds` (since 1970) and the decimal fraction of a second `fraction` (its
    /// digits as ASCII) say, as the nearest Double of seconds since 2001.
    static func date(secondsSince1970 seconds: Int64, fraction: UnsafeBufferPointer<UInt8>) -> Date {
        let whole = seconds &- referenceDateOffset
        var count = fraction.count
        while count > 0, fraction[count &- 1] == UInt8(ascii: "0") {
            count &-= 1
        }
        guard count > 0 else { return Date(timeIntervalSinceReferenceDate: Double(whole)) }
        if count <= 18 {
            var digits: Int64 = 0
            for index in 0..<count {
                digits = digits &* 10 &+ Int64(fraction[index] &- UInt8(ascii: "0"))
            }
            let (scaled, overflow) = whole.multipliedReportingOverflow(by: powersOfTen[count])
            let (total, carry) = scaled.addingReportingOverflow(digits)
            if !overflow, !carry, let value = EiselLemire.double(significand: total.magnitude, power: -count, negative: total < 0) {
                return Date(timeIntervalSinceReferenceDate: value)
            }
        }
        // Many digits, or a product too close to a midpoint: the standard library's exact
        // parser, on the decimal spelled out.
        let text = decimalText(whole: whole, fraction: Array(fraction[..<count]))
        return Date(timeIntervalSinceReferenceDate: Double(text) ?? Double(whole))
    }

    /// `whole` + 0.`fraction` as decimal text: a negative `whole` with a fraction is written
    /// as the negative of its magnitude (-5 + 0.25 is `-4.75`).
    private static func decimalText(whole: Int64, fraction: [UInt8]) -> String {
        if whole >= 0 {
            return String(whole) + "." + String(decoding: fraction, as: UTF8.self)
        }
        return "-" + String(-(whole &+ 1)) + "." + String(decoding: complement(fraction), as: UTF8.self)
    }

    /// The digits of 1 − 0.`digits` (the last digit is not 0): each digit's nines' complement,
    /// the last one's tens' complement.
    private static func complement(_ digits: [UInt8]) -> [UInt8] {
        var result = digits.map { UInt8(ascii: "9") &- ($0 &- UInt8(ascii: "0")) }
        result[result.count &- 1] &+= 1
        return result
    }

    /// The date as ISO 8601 in UTC with the seconds' shortest exact fraction, quoted (a JSON
    /// string); nil when it is not finite or outside the years -999999 to 999999, which the
    /// text cannot hold.
    static func exactJSONText(_ date: Date) -> [UInt8]? {
        let interval = date.timeIntervalSinceReferenceDate
        guard interval.isFinite else { return nil }
        let decimal = ShortestDecimal(interval)
        let digits = Array(String(decimal.digits).utf8)
        var whole: Int64
        var fraction: [UInt8]
        if decimal.exponent >= 0 {
            // An integer: beyond 15 digits it is far outside the readable years.
            guard digits.count &+ decimal.exponent <= 15 else { return nil }
            whole = Int64(decimal.digits) * powersOfTen[decimal.exponent]
            fraction = []
        } else {
            let fractionCount = -decimal.exponent
            if digits.count > fractionCount {
                guard digits.count &- fractionCount <= 15 else { return nil }
                whole = Int64(String(decoding: digits[..<(digits.count &- fractionCount)], as: UTF8.self)) ?? 0
                fraction = Array(digits[(digits.count &- fractionCount)...])
            } else {
                whole = 0
                fraction = [UInt8](repeating: UInt8(ascii: "0"), count: fractionCount &- digits.count) + digits
            }
        }
        if decimal.isNegative {
            if fraction.isEmpty {
                whole = -whole
            } else {
                whole = -whole &- 1
                fraction = complement(fraction)
            }
        }
        let seconds = whole &+ referenceDateOffset
        guard readableSeconds.contains(seconds) else { return nil }
        var json = [UInt8](repeating: UInt8(ascii: "\""), count: 1 &+ maximumLength)
        let civilCount = json.withUnsafeMutableBufferPointer { writeCivil(secondsSince1970: seconds, to: $0.baseAddress.unsafelyUnwrapped + 1) }
        json.removeLast(json.count &- 1 &- civilCount)
        if !fraction.isEmpty {
            // At least four digits: fewer are read as milliseconds are (ISO8601.parse).
            json.append(UInt8(ascii: "."))
            json += fraction
            if fraction.count < 4 {
                json += [UInt8](repeating: UInt8(ascii: "0"), count: 4 &- fraction.count)
            }
        }
        json += [UInt8(ascii: "Z"), UInt8(ascii: "\"")]
        return json
    }
}

extension JSONWriter {
    /// The date as ISO 8601 with its exact fraction; one the text cannot hold is written as
    /// the usual ISO 8601 and noted in `unsavableValue`, for Persistence to refuse the save.
    mutating func writeExactDate(_ date: Date) {
        if let text = ISO8601.exactJSONText(date) {
            writeRawValue(text)
            return
        }
        if unsavableValue == nil {
            unsavableValue = "the date \(date.timeIntervalSinceReferenceDate) seconds from 2001-01-01, which is not finite or outside the years -999999 to 999999"
        }
        writeISO8601(date)
    }
}

extension JSONReader {
    /// Whether the next byte after white space is `byte` (the white space is skipped).
    mutating func skippingWhitespaceNextIs(_ byte: UInt8) -> Bool {
        skipWhitespace()
        return nextIs(byte)
    }
}
