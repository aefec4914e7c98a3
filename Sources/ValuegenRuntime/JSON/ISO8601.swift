import Foundation

/// ISO 8601 dates with millisecond fractions, in UTC, without a DateFormatter (which is two
/// orders of magnitude slower). Days are converted with Howard Hinnant's civil-date algorithms.
enum ISO8601 {
    /// The most bytes ``write(_:to:)`` writes: `+999999-12-31T23:59:59.999Z`.
    static let maximumLength = 27

    static func format(_ date: Date) -> String {
        String(unsafeUninitializedCapacity: maximumLength) { write(date, to: $0.baseAddress.unsafelyUnwrapped) }
    }

    /// Writes the date to `output`, which has room for ``maximumLength`` bytes, and returns
    /// how many it wrote: digits written in place, where building a String from pieces cost
    /// more than everything else of encoding a model with three dates.
    static func write(_ date: Date, to output: UnsafeMutablePointer<UInt8>) -> Int {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        // Only what `parse` reads back: years -999999 to 999999, the nearest of them beyond
        // (so far out a Double misses milliseconds, and the last one of +999999 reads back
        // as the first of the year 1000000); not a number is the first day of the year 1.
        let readable = readableMilliseconds
        let total = milliseconds.isNaN ? days(fromCivil: 1, 1, 1) * 86_400_000
            : milliseconds <= Double(readable.lowerBound) ? readable.lowerBound
            : milliseconds >= Double(readable.upperBound) ? readable.upperBound : Int64(milliseconds)
        let (seconds, millis) = total.floorDivided(by: 1000)
        var at = writeCivil(secondsSince1970: seconds, to: output)
        output[at] = UInt8(ascii: ".")
        var rest = millis
        for index in stride(from: at &+ 3, to: at, by: -1) {
            output[index] = UInt8(truncatingIfNeeded: rest % 10) &+ UInt8(ascii: "0")
            rest /= 10
        }
        output[at &+ 4] = UInt8(ascii: "Z")
        at &+= 5
        return at
    }

    /// Writes `2024-05-01T12:34:56` (or `+012024-…`, `-000044-…`) for whole seconds since 1970
    /// to `output` and returns how many bytes it wrote: the part of an ISO 8601 date before its
    /// fraction, which API JSON's milliseconds and Persistence's exact fraction follow.
    @inline(__always)
    static func writeCivil(secondsSince1970 seconds: Int64, to output: UnsafeMutablePointer<UInt8>) -> Int {
        let (days, secondOfDay) = seconds.floorDivided(by: 86_400)
        let (year, month, day) = civil(fromDays: days)
        var at = 0
        func put(_ value: Int64, _ width: Int) {
            var rest = value
            var index = at &+ width
            while index > at {
                index &-= 1
                output[index] = UInt8(truncatingIfNeeded: rest % 10) &+ UInt8(ascii: "0")
                rest /= 10
            }
            at &+= width
        }
        func put(_ character: Unicode.Scalar) {
            output[at] = UInt8(ascii: character)
            at &+= 1
        }
        if year < 0 || year > 9999 {
            put(year < 0 ? "-" : "+")
            put(abs(year), 6)
        } else {
            put(year, 4)
        }
        put("-"); put(month, 2); put("-"); put(day, 2)
        put("T"); put(secondOfDay / 3600, 2); put(":"); put(secondOfDay / 60 % 60, 2); put(":"); put(secondOfDay % 60, 2)
        return at
    }

    /// From the first millisecond of the year -999999 to the last of the year 999999.
    private static let readableMilliseconds: ClosedRange<Int64> =
        days(fromCivil: -999_999, 1, 1) * 86_400_000...(days(fromCivil: 1_000_000, 1, 1) * 86_400_000 - 1)
    /// The whole seconds of those years.
    static let readableSeconds: ClosedRange<Int64> = (readableMilliseconds.lowerBound / 1000)...(readableMilliseconds.upperBound / 1000)

    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    /// A cursor over the text's bytes. (Nested functions that captured the index made every
    /// call check exclusive access at run time: 3 % of decoding a document of many dates.)
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        /// The next `digits` bytes as a number, or nil when one is not a digit.
        mutating func number(_ digits: Int) -> Int64? {
            guard index &+ digits <= bytes.count else { return nil }
            var value: Int64 = 0
            for _ in 0..<digits {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value &* 10 &+ Int64(digit)
                index &+= 1
            }
            return value
        }

        mutating func expect(_ character: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == character else { return false }
            index &+= 1
            return true
        }
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var cursor = Cursor(bytes: bytes)
        var sign: Int64 = 1
        var yearDigits = 4
        if cursor.index < bytes.count, bytes[cursor.index] == UInt8(ascii: "+") || bytes[cursor.index] == UInt8(ascii: "-") {
            sign = bytes[cursor.index] == UInt8(ascii: "-") ? -1 : 1
            yearDigits = 6
            cursor.index += 1
        }
        guard let year = cursor.number(yearDigits), cursor.expect(UInt8(ascii: "-")), let month = cursor.number(2), cursor.expect(UInt8(ascii: "-")),
              let day = cursor.number(2), cursor.expect(UInt8(ascii: "T")) || cursor.expect(UInt8(ascii: "t")),
              let hour = cursor.number(2), cursor.expect(UInt8(ascii: ":")), let minute = cursor.number(2), cursor.expect(UInt8(ascii: ":")),
              let second = cursor.number(2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        // Every digit of the fraction counts (ISO8601+Exact.swift).
        var fraction = 0..<0
        if cursor.expect(UInt8(ascii: ".")) {
            let start = cursor.index
            while cursor.index < bytes.count, bytes[cursor.index] >= UInt8(ascii: "0"), bytes[cursor.index] <= UInt8(ascii: "9") {
                cursor.index += 1
            }
            guard cursor.index > start else { return nil }
            fraction = start..<cursor.index
        }
        var offsetSeconds: Int64 = 0
        if cursor.expect(UInt8(ascii: "Z")) || cursor.expect(UInt8(ascii: "z")) {
            offsetSeconds = 0
        } else if cursor.index < bytes.count, bytes[cursor.index] == UInt8(ascii: "+") || bytes[cursor.index] == UInt8(ascii: "-") {
            let offsetSign: Int64 = bytes[cursor.index] == UInt8(ascii: "-") ? -1 : 1
            cursor.index += 1
            guard let hours = cursor.number(2), cursor.expect(UInt8(ascii: ":")), let minutes = cursor.number(2), hours < 24, minutes < 60 else { return nil }
            offsetSeconds = offsetSign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard cursor.index == bytes.count else { return nil }
        let days = days(fromCivil: sign * year, month, day)
        guard day <= daysIn(month: month, year: sign * year) else { return nil }
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        guard fraction.count > 3 else {
            // Milliseconds (or fewer digits), as API JSON writes them: the seconds since 1970
            // as Foundation's `Date(timeIntervalSince1970:)` takes them, so that a Date made
            // from whole milliseconds reads back equal to itself.
            var milliseconds = 0.0
            var scale = 0.1
            for index in fraction {
                milliseconds += Double(bytes[index] &- UInt8(ascii: "0")) * scale
                scale /= 10
            }
            return Date(timeIntervalSince1970: Double(seconds) + milliseconds)
        }
        // More digits, as Persistence writes them (at least four): the Double of seconds since
        // 2001 nearest to what they say.
        return date(secondsSince1970: seconds, fraction: UnsafeBufferPointer(rebasing: bytes[fraction]))
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The days from 1970-01-01 to the proleptic Gregorian date, month 1...12 (a day past the
    /// month's end counts on into the next): Neri and Schneider's affine functions, as
    /// ``civil(fromDays:)`` (a division by 100 and shifts, where Hinnant's `days_from_civil`,
    /// ``days(fromCivilByEras:_:_:)`` for years beyond their range, takes four divisions).
    @inline(__always)
    static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        guard (-civilShiftEras * 400 + 1)..<(1 << 50) ~= year, (1...12) ~= month, (-(1 << 50))..<(1 << 50) ~= day else {
            return days(fromCivilByEras: year, month, day)
        }
        // The computational calendar's year (from March 1st, shifted as in civil(fromDays:)),
        // month (3 to 14) and day (from 0).
        let isJanuaryOrFebruary = month <= 2
        let y = UInt64(bitPattern: year &+ 400 &* civilShiftEras &- (isJanuaryOrFebruary ? 1 : 0))
        let m = UInt64(bitPattern: isJanuaryOrFebruary ? month &+ 12 : month)
        let century = y / 100
        let yearDays = 1461 &* y / 4 &- century &+ century / 4
        let monthDays = (979 &* m &- 2919) / 32
        return Int64(bitPattern: yearDays &+ monthDays) &+ day &- 1 &- civilShift
    }

    /// ``days(fromCivil:_:_:)`` by Hinnant's `days_from_civil`, for any date.
    static func days(fromCivilByEras year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian year, month and day of the day `days` after 1970-01-01: Neri
    /// and Schneider's Euclidean affine functions ("Euclidean affine functions and their
    /// application to calendar algorithms", 2022), a few multiplications and shifts where
    /// Hinnant's `civil_from_days` (``civil(fromDaysByEras:)``, for days beyond their range)
    /// takes six divisions with their sign fixes: a fifth of a fixed-format date's writing
    /// (issue 38). The days are shifted by 2^20 eras of 400 years, so that they count from
    /// a March 1st before any day a date can hold, and the arithmetic is unsigned.
    @inline(__always)
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        guard days >= -civilShift, days < 1 << 60 else { return civil(fromDaysByEras: days) }
        let n = UInt64(bitPattern: days &+ civilShift)
        // The century (of the computational calendar, years starting on March 1st) and the
        // day in it.
        let n1 = 4 &* n &+ 3
        let century = n1 / 146_097
        let dayOfCentury = n1 % 146_097 / 4
        // The year in the century and the day in the year: 2,939,745 / 2^32 is 4 / 1461
        // within what this range of days needs.
        let p2 = 2_939_745 &* (4 &* dayOfCentury &+ 3)
        let yearOfCentury = p2 &>> 32
        let dayOfYear = (p2 & 0xFFFF_FFFF) / 2_939_745 / 4
        // The month (3 to 14, March first) and the day in it.
        let n3 = 2141 &* dayOfYear &+ 197_913
        let month = n3 &>> 16
        let day = (n3 & 0xFFFF) / 2141
        // January and February belong to the next Gregorian year.
        let isJanuaryOrFebruary = dayOfYear >= 306
        let year = Int64(bitPattern: 100 &* century &+ yearOfCentury) &- 400 &* civilShiftEras &+ (isJanuaryOrFebruary ? 1 : 0)
        return (year, Int64(bitPattern: isJanuaryOrFebruary ? month &- 12 : month), Int64(bitPattern: day) &+ 1)
    }

    /// The eras of 400 years that ``civil(fromDays:)`` shifts its days by, and the days.
    /// (Computed, not stored: a stored static is a global, each use a `swift_once`.)
    static var civilShiftEras: Int64 { 1 << 20 }
    static var civilShift: Int64 { 719_468 + 146_097 << 20 }

    /// ``civil(fromDays:)`` by Hinnant's `civil_from_days`, for any day.
    static func civil(fromDaysByEras days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int64 {
    /// Quotient rounded toward negative infinity and a remainder that is never negative.
    func floorDivided(by divisor: Int64) -> (Int64, Int64) {
        var quotient = self / divisor
        var remainder = self % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }
}

extension Date {
    /// The date as the `JSON` feature writes it: ISO 8601 with milliseconds, in UTC
    /// (`2024-05-01T12:34:56.789Z`). Use it to configure a `JSONEncoder` the same way.
    public var valuegenISO8601String: String {
        ISO8601.format(self)
    }

    /// A date in the forms the `JSON` feature reads (fraction and offset optional).
    public init?(valuegenISO8601String text: String) {
        guard let date = ISO8601.parse(text) else { return nil }
        self = date
    }
}
