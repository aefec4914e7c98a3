import Foundation
@testable import ValuegenRuntime

/// The dates FixedDateFormatTests compare: most in the years the fast path writes, with any
/// fraction; whole milliseconds and whole days as APIs send them; leap days; the edges where
/// the formatter's rounding to the millisecond and the day's end meet; and years the fast path
/// leaves to the formatter (before 1583, Julian and BC, and after 9999).
enum RandomDates {
    static let secondsPerDay = 86_400.0
    /// 1583-01-01 and 10000-01-01, in seconds since 1970.
    static let fastRange = -12_212_553_600.0 ..< 253_402_300_800.0

    static func date(_ generator: inout SeededGenerator) -> Date {
        switch generator.next() % 10 {
        case 0, 1, 2:
            return Date(timeIntervalSince1970: Double.random(in: fastRange, using: &generator))
        case 3:
            let milliseconds = Int64.random(in: Int64(fastRange.lowerBound * 1000) ..< Int64(fastRange.upperBound * 1000), using: &generator)
            return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        case 4:
            let day = Double(Int64.random(in: Int64(fastRange.lowerBound / secondsPerDay) ..< Int64(fastRange.upperBound / secondsPerDay), using: &generator))
            return Date(timeIntervalSince1970: day * secondsPerDay)
        case 5:
            // February's last days and March's first, leap years or not.
            let year = Int64.random(in: 1583...9999, using: &generator)
            let days = ISO8601.days(fromCivil: year, 3, 1) + Int64.random(in: -3...1, using: &generator)
            return Date(timeIntervalSince1970: Double(days) * secondsPerDay + Double.random(in: 0..<secondsPerDay, using: &generator))
        case 6:
            // Half a millisecond from a millisecond, a few units in the last place either way.
            let milliseconds = Double(Int64.random(in: Int64(fastRange.lowerBound * 1000) ..< Int64(fastRange.upperBound * 1000), using: &generator))
            var seconds = (milliseconds + 0.5) / 1000
            for _ in 0..<Int.random(in: -4...4, using: &generator).magnitude {
                seconds = generator.next() % 2 == 0 ? seconds.nextUp : seconds.nextDown
            }
            return Date(timeIntervalSince1970: seconds)
        case 7:
            // Around midnight, and around noon (where AM turns PM).
            let day = Double(Int64.random(in: Int64(fastRange.lowerBound / secondsPerDay) ..< Int64(fastRange.upperBound / secondsPerDay), using: &generator))
            let offsets = [-0.0006, -0.0005, -0.0004999, -1e-9, 0, 1e-9, 0.0004999, 0.0005]
            let noon = generator.next() % 2 == 0 ? secondsPerDay / 2 : 0
            return Date(timeIntervalSince1970: day * secondsPerDay + noon + offsets[Int(generator.next() % UInt64(offsets.count))])
        case 8:
            // Years 1 to 1582, and before 1 AD.
            return Date(timeIntervalSince1970: Double.random(in: -70_000_000_000 ..< fastRange.lowerBound + secondsPerDay * 400, using: &generator))
        default:
            // Years 9600 to 40000.
            return Date(timeIntervalSince1970: Double.random(in: fastRange.upperBound - secondsPerDay * 146_097 ..< 1.2e12, using: &generator))
        }
    }
}

/// Strings for a fixed format that the format may not have written: each field any number
/// near its range (month 13, 30 February, hour 24, second 60, year 0 or five digits), widths
/// one off, offsets in every form and beyond a day, names of any month or weekday (mostly not
/// the date's), short or long, in other cases; or one of the format's strings with a character
/// changed, removed or added.
enum RandomStrings {
    static func fields(of format: FixedDateFormat, _ generator: inout SeededGenerator) -> String {
        var text = ""
        func number(_ range: ClosedRange<Int64>, width: Int) {
            let value = Int64.random(in: range, using: &generator)
            var digits = String(value)
            let wanted = generator.next() % 8 == 0 ? max(1, width + Int.random(in: -1...1, using: &generator)) : width
            while digits.count < wanted {
                digits = "0" + digits
            }
            text += digits
        }
        for element in format.elements {
            switch element {
            case .literal(let bytes):
                text += generator.next() % 32 == 0 ? "/" : String(decoding: bytes, as: UTF8.self)
            case .field(let field):
                switch field {
                case .year: number(generator.next() % 4 == 0 ? 0...12_000 : 1580...10_000, width: 4)
                case .month(let padded): number(0...13, width: padded ? 2 : 1)
                case .day(let padded): number(generator.next() % 2 == 0 ? 27...32 : 0...32, width: padded ? 2 : 1)
                case .hour(let padded): number(0...24, width: padded ? 2 : 1)
                case .minute(let padded): number(0...60, width: padded ? 2 : 1)
                case .second(let padded): number(0...60, width: padded ? 2 : 1)
                case .fraction(let digits): number(0...(FixedDateFormat.powersOfTen[digits] - 1), width: digits)
                case .monthName(let full), .weekday(let full):
                    let isMonth = if case .monthName = field { true } else { false }
                    let names = isMonth ? EnglishDateNames.months : EnglishDateNames.weekdays
                    let fullName = String(decoding: names[Int(generator.next() % UInt64(names.count))], as: UTF8.self)
                    let name = full != (generator.next() % 8 == 0) ? fullName : String(fullName.prefix(3))
                    switch generator.next() % 8 {
                    case 0: text += name.uppercased()
                    case 1: text += name.lowercased()
                    default: text += name
                    }
                case .hour12(let padded): number(0...13, width: padded ? 2 : 1)
                case .dayPeriod:
                    let periods = ["AM", "PM", "am", "pm", "A", "P.M.", "noon", "a.m."]
                    text += periods[Int(generator.next() % (generator.next() % 2 == 0 ? 2 : UInt64(periods.count)))]
                case .zoneName:
                    let names = ["GMT", "UTC", "gmt", "PST", "EST", "GMT+2", "GMT-01:30", "UTC+1", "Z", "+0000", "GMT+0", "CEST", "Europe/Paris"]
                    text += generator.next() % 2 == 0 ? "GMT" : names[Int(generator.next() % UInt64(names.count))]
                case .zone:
                    switch generator.next() % 6 {
                    case 0: text += "Z"
                    case 1: text += "z"
                    default:
                        text += generator.next() % 2 == 0 ? "+" : "-"
                        number(0...25, width: 2)
                        switch generator.next() % 3 {
                        case 0: text += ":"; number(0...60, width: 2)
                        case 1: number(0...60, width: 2)
                        default: break
                        }
                    }
                }
            }
        }
        return text
    }

    static func mutated(_ text: String, _ generator: inout SeededGenerator) -> String {
        var characters = Array(text)
        let replacements = Array("0123456789-:T Z+./aenuMSJ,")
        let at = Int.random(in: 0..<max(characters.count, 1), using: &generator)
        let replacement = replacements[Int(generator.next() % UInt64(replacements.count))]
        switch generator.next() % 3 {
        case 0 where !characters.isEmpty: characters[at] = replacement
        case 1 where !characters.isEmpty: characters.remove(at: at)
        default: characters.insert(replacement, at: min(at, characters.count))
        }
        return String(characters)
    }
}
