import Foundation

// Reading a date in a FixedDateFormat: only the strings the format writes itself (each number
// with its width, each name as en_US_POSIX spells it, the literals as they are, an offset as
// Z, ±hhmm or ±hh:mm, a zone's name as GMT or UTC) in the years 1583...9999, every field in
// range, the weekday the date's own. Anything else is the formatter's to read or refuse.

extension FixedDateFormat {
    /// The date `bytes` stand for, as `DateFormatter.date(from:)` reads it; nil when they are
    /// not in the shape this format writes, which says nothing about what the formatter makes
    /// of them.
    ///
    /// `readable` bytes from the first may be read (a document's bytes past the string): with
    /// 32 of them, a format read by its template (``Layout/readsByTemplate``) loads the string
    /// as two sixteen-byte words where it is.
    func date(_ bytes: UnsafeBufferPointer<UInt8>, readable: Int? = nil) -> Date? {
        if let date = dateByTemplate(bytes, readable: readable ?? bytes.count) {
            return date
        }
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

extension FixedDateFormat.Layout {
    /// The date of `bytes` when they are the template with a digit in each digit's place (the
    /// literals, `Z`, `+0000` and `GMT` as they are written): every field read at its offset,
    /// two digits at a time, with the checks the elements' reading makes; nil for anything else
    /// (another length, another offset, a name), which the elements read. A layout with a name
    /// reads nothing here.
    func date(_ bytes: UnsafeBufferPointer<UInt8>, readable: Int) -> Date? {
        guard bytes.count == length, readsByTemplate else { return nil }
        // The string as two sixteen-byte words, zero past its end as the template is: loaded
        // where it is when 32 bytes may be read, else copied.
        let low: UInt128
        let high: UInt128
        if readable >= 32 {
            let raw = UnsafeRawPointer(bytes.baseAddress!)
            low = UInt128(littleEndian: raw.loadUnaligned(as: UInt128.self)) & lengthLanes.low
            high = UInt128(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt128.self)) & lengthLanes.high
        } else {
            var words = (low: UInt128(0), high: UInt128(0))
            withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: bytes.baseAddress!, byteCount: length) }
            low = UInt128(littleEndian: words.low)
            high = UInt128(littleEndian: words.high)
        }
        // The literals where the template has them; a digit wherever it has a field's zero.
        guard (low ^ template.low) & ~digitLanes.low == 0, (high ^ template.high) & ~digitLanes.high == 0,
              Self.areDigits(low, in: digitLanes.low), Self.areDigits(high, in: digitLanes.high) else { return nil }
        let digits = bytes.baseAddress!
        @inline(__always) func offset(_ lane: Int) -> Int {
            Int(truncatingIfNeeded: (offsets &>> UInt64(lane &* 8)) & 0xFF)
        }
        @inline(__always) func twoDigits(at offset: Int) -> Int64 {
            Int64(digits[offset] &- UInt8(ascii: "0")) &* 10 &+ Int64(digits[offset &+ 1] &- UInt8(ascii: "0"))
        }
        var fields = CivilFields()
        // No field is twice in a format; one the format lacks keeps its default.
        if case let at = offset(0), at != 0xFF { fields.year = twoDigits(at: at) &* 100 &+ twoDigits(at: at &+ 2) }
        if case let at = offset(1), at != 0xFF { fields.month = twoDigits(at: at) }
        if case let at = offset(2), at != 0xFF { fields.day = twoDigits(at: at) }
        if case let at = offset(3), at != 0xFF { fields.hour = twoDigits(at: at) }
        if case let at = offset(4), at != 0xFF { fields.minute = twoDigits(at: at) }
        if case let at = offset(5), at != 0xFF { fields.second = twoDigits(at: at) }
        if case let at = offset(6), at != 0xFF {
            var fraction: Int64 = 0
            for index in at ..< at &+ fractionDigits {
                fraction = fraction &* 10 &+ Int64(digits[index] &- UInt8(ascii: "0"))
            }
            fields.set(.fraction(digits: fractionDigits), fraction)
        }
        guard let milliseconds = fields.millisecondsSince1970 else { return nil }
        return Date(timeIntervalSinceReferenceDate: Double(milliseconds) / 1000.0 - 978_307_200.0)
    }

    /// Whether each byte of `word` in `lanes` (0xFF for a lane to check) is an ASCII digit: its
    /// high half 3, and its low half below 10 (adding 6 does not reach 16; a low half alone
    /// plus 6 stays in its byte).
    @inline(__always)
    private static func areDigits(_ word: UInt128, in lanes: UInt128) -> Bool {
        let highHalves = UInt128(0xF0F0_F0F0_F0F0_F0F0) &<< 64 | 0xF0F0_F0F0_F0F0_F0F0
        let lowHalves = highHalves &>> 4
        let threes = highHalves & (UInt128(0x3030_3030_3030_3030) &<< 64 | 0x3030_3030_3030_3030)
        let sixes = lowHalves & (UInt128(0x0606_0606_0606_0606) &<< 64 | 0x0606_0606_0606_0606)
        let sixteens = highHalves & (UInt128(0x1010_1010_1010_1010) &<< 64 | 0x1010_1010_1010_1010)
        return (word & highHalves ^ threes) & lanes == 0 && ((word & lowHalves) &+ sixes) & sixteens & lanes == 0
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
