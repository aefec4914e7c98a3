import Foundation

// Reading a date in a FixedDateFormat: only the strings the format writes itself (each number
// with its width, each name as en_US_POSIX spells it, the literals as they are, an offset as
// Z, ±hhmm or ±hh:mm, a zone's name as GMT or UTC) in the years 1583...9999, every field in
// range, the weekday the date's own. Anything else is the formatter's to read or refuse.

extension FixedDateFormat {
    /// The date `bytes` stand for, as `DateFormatter.date(from:)` reads it; nil when they are
    /// not in the shape this format writes, which says nothing about what the formatter makes
    /// of them.
    func date(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var fields = CivilFields()
        var index = 0
        for element in elements {
            switch element {
            case .literal(let literal):
                guard index + literal.count <= bytes.count else { return nil }
                for byte in literal {
                    guard bytes[index] == byte else { return nil }
                    index &+= 1
                }
            case .field(.zone):
                guard let offset = Self.offsetMilliseconds(bytes, &index) else { return nil }
                fields.offsetMilliseconds = offset
            case .field(.dayPeriod):
                guard index &+ 2 <= bytes.count, bytes[index &+ 1] == UInt8(ascii: "M"), bytes[index] == UInt8(ascii: "A") || bytes[index] == UInt8(ascii: "P") else { return nil }
                fields.isAfternoon = bytes[index] == UInt8(ascii: "P")
                index &+= 2
            case .field(.zoneName):
                // The two names of offset zero the formatter reads as such (it reads many more,
                // PST, GMT+2, which are its to read).
                guard index &+ 3 <= bytes.count else { return nil }
                let name = (bytes[index], bytes[index &+ 1], bytes[index &+ 2])
                guard name == (UInt8(ascii: "G"), UInt8(ascii: "M"), UInt8(ascii: "T")) || name == (UInt8(ascii: "U"), UInt8(ascii: "T"), UInt8(ascii: "C")) else { return nil }
                index &+= 3
            case .field(.monthName(let full)):
                guard let month = EnglishDateNames.name(in: EnglishDateNames.shortMonthLetters, full: full ? EnglishDateNames.months : nil, bytes, &index) else { return nil }
                fields.month = Int64(month + 1)
            case .field(.weekday(let full)):
                guard let weekday = EnglishDateNames.name(in: EnglishDateNames.shortWeekdayLetters, full: full ? EnglishDateNames.weekdays : nil, bytes, &index) else { return nil }
                fields.weekday = weekday
            case .field(let field):
                guard let value = Self.number(bytes, &index, digits: field.digitsRead) else { return nil }
                fields.set(field, value)
            }
        }
        guard index == bytes.count, let milliseconds = fields.millisecondsSince1970 else { return nil }
        // As CFDateFormatter turns ICU's milliseconds into seconds since 2001.
        return Date(timeIntervalSinceReferenceDate: Double(milliseconds) / 1000.0 - 978_307_200.0)
    }

    /// The number of `digits.lowerBound` to `digits.upperBound` digits at `index`, all the digits
    /// there are, or nil.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, digits: ClosedRange<Int>) -> Int64? {
        var value: Int64 = 0
        var count = 0
        while index < bytes.count, count < digits.upperBound {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ Int64(digit)
            index &+= 1
            count &+= 1
        }
        guard count >= digits.lowerBound else { return nil }
        // A field of one or two digits followed by a third is the formatter's (it reads them
        // all: `M` of `123`). After a fixed width, the next byte is the next element's to match.
        return count == digits.upperBound && digits.lowerBound != digits.upperBound && index < bytes.count
            && bytes[index] &- UInt8(ascii: "0") < 10 ? nil : value
    }

    /// `Z`, `±hhmm` or `±hh:mm` (up to 23:59) at `index`, as milliseconds east of UTC.
    private static func offsetMilliseconds(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Int64? {
        guard index < bytes.count else { return nil }
        let sign = bytes[index]
        index &+= 1
        if sign == UInt8(ascii: "Z") {
            return 0
        }
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), let hours = number(bytes, &index, digits: 2...2) else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            index &+= 1
        }
        guard let minutes = number(bytes, &index, digits: 2...2), hours < 24, minutes < 60 else { return nil }
        let offset = (hours * 60 + minutes) * 60_000
        return sign == UInt8(ascii: "-") ? -offset : offset
    }
}

extension FixedDateFormat.Field {
    /// How many digits the field is read from: its width, or one or two for a field that is not
    /// padded.
    var digitsRead: ClosedRange<Int> {
        switch self {
        case .year: 4...4
        case .month(let padded), .day(let padded), .hour(let padded), .minute(let padded), .second(let padded), .hour12(let padded): padded ? 2...2 : 1...2
        case .fraction(let digits): digits...digits
        case .zone, .zoneName, .monthName, .weekday, .dayPeriod: 0...0
        }
    }
}

/// The fields a string gave, the time of day and offset zero when the pattern has none.
private struct CivilFields {
    var year: Int64 = 0
    var month: Int64 = 0
    var day: Int64 = 0
    var hour: Int64 = 0
    var minute: Int64 = 0
    var second: Int64 = 0
    var millisecond: Int64 = 0
    var offsetMilliseconds: Int64 = 0
    /// The weekday a name gave (0 for Sunday), which must be the date's; -1 for none.
    var weekday = -1
    /// The hour on a 12-hour clock (1...12) and whether it is PM; -1 for none.
    var hour12: Int64 = -1
    var isAfternoon = false

    mutating func set(_ field: FixedDateFormat.Field, _ value: Int64) {
        switch field {
        case .year: year = value
        case .month: month = value
        case .day: day = value
        case .hour: hour = value
        case .minute: minute = value
        case .second: second = value
        case .fraction(let digits):
            // ICU keeps the first three digits: `5` is 500 ms, `123456` 123 ms.
            millisecond = digits < 3 ? value * FixedDateFormat.powersOfTen[3 - digits] : value / FixedDateFormat.powersOfTen[digits - 3]
        case .hour12: hour12 = value
        case .zone, .zoneName, .monthName, .weekday, .dayPeriod: break
        }
    }

    /// The instant, when every field is in range (a day that exists in its month).
    var millisecondsSince1970: Int64? {
        var hour = hour
        if hour12 >= 0 {
            guard (1...12).contains(hour12) else { return nil }
            hour = hour12 % 12 + (isAfternoon ? 12 : 0)
        }
        guard FixedDateFormat.years.contains(year), (1...12).contains(month), day >= 1,
              day <= ISO8601.daysIn(month: month, year: year), hour < 24, minute < 60, second < 60 else { return nil }
        let days = ISO8601.days(fromCivil: year, month, day)
        guard weekday < 0 || EnglishDateNames.weekday(ofDays: days) == weekday else { return nil }
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
        return seconds * 1000 + millisecond - offsetMilliseconds
    }
}
