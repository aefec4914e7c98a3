import Foundation

// Writing a date in a FixedDateFormat, digit for digit what DateFormatter writes, for the dates
// in the years 1583...9999; the formatter writes the others.

extension FixedDateFormat {
    /// Writes `date` to `output` (room for ``writeRoom`` bytes) as `DateFormatter.string(from:)`
    /// does and returns how many bytes it wrote; nil, having written nothing that counts, for a
    /// date outside the years handled.
    func write(_ date: Date, to output: UnsafeMutablePointer<UInt8>) -> Int? {
        if let layout {
            return layout.write(date, to: output)
        }
        guard let (year, month, day, millisecondOfDay, days) = Self.fields(of: date) else { return nil }
        var at = 0
        func put(_ value: Int64, _ width: Int) {
            var value = value
            var index = width
            while index > 0 {
                index &-= 1
                output[at &+ index] = UInt8(truncatingIfNeeded: value % 10) &+ UInt8(ascii: "0")
                value /= 10
            }
            at &+= width
        }
        func putName(_ letters: StaticString, _ fullNames: [[UInt8]]?, _ index: Int) {
            if let fullNames {
                for byte in fullNames[index] {
                    output[at] = byte
                    at &+= 1
                }
            } else {
                EnglishDateNames.writeShortName(letters, index, at: output + at)
                at &+= 3
            }
        }
        func put(_ value: Int64, padded: Bool) {
            put(value, padded || value >= 10 ? 2 : 1)
        }
        for element in elements {
            switch element {
            case .literal(let bytes):
                for byte in bytes {
                    output[at] = byte
                    at &+= 1
                }
            case .field(let field):
                switch field {
                case .year: put(year, 4)
                case .month(let padded): put(month, padded: padded)
                case .day(let padded): put(day, padded: padded)
                case .hour(let padded): put(millisecondOfDay / 3_600_000, padded: padded)
                case .minute(let padded): put(millisecondOfDay / 60_000 % 60, padded: padded)
                case .second(let padded): put(millisecondOfDay / 1000 % 60, padded: padded)
                case .fraction(let digits):
                    // ICU writes the milliseconds cut to `digits`, or followed by zeros.
                    let millisecond = millisecondOfDay % 1000
                    if digits <= 3 {
                        put(millisecond / Self.powersOfTen[3 - digits], digits)
                    } else {
                        put(millisecond * Self.powersOfTen[digits - 3], digits)
                    }
                case .monthName(let full):
                    putName(EnglishDateNames.shortMonthLetters, full ? EnglishDateNames.months : nil, Int(month) - 1)
                case .weekday(let full):
                    putName(EnglishDateNames.shortWeekdayLetters, full ? EnglishDateNames.weekdays : nil, EnglishDateNames.weekday(ofDays: days))
                case .hour12(let padded):
                    let hour = millisecondOfDay / 3_600_000 % 12
                    put(hour == 0 ? 12 : hour, padded: padded)
                case .dayPeriod:
                    output[at] = millisecondOfDay < 43_200_000 ? UInt8(ascii: "A") : UInt8(ascii: "P")
                    output[at &+ 1] = UInt8(ascii: "M")
                    at &+= 2
                case .zone, .zoneName:
                    field.utcText.withUTF8Buffer { text in
                        for byte in text {
                            output[at] = byte
                            at &+= 1
                        }
                    }
                }
            }
        }
        return at
    }

    /// The date's year, month, day and millisecond of the day as the formatter writes them, and
    /// its days since 1970-01-01 (for its weekday); nil for a date outside the years handled.
    @inline(__always)
    static func fields(of date: Date) -> (year: Int64, month: Int64, day: Int64, millisecondOfDay: Int64, days: Int64)? {
        // CFDateFormatter gives ICU the milliseconds since 1970 plus a half (so that ICU, which
        // floors, writes the nearest millisecond), and ICU splits them into days and the
        // millisecond of the day with these same Double operations.
        let milliseconds = (date.timeIntervalSinceReferenceDate + 978_307_200.0) * 1000.0 + 0.5
        let days = (milliseconds / 86_400_000.0).rounded(.down)
        guard days.magnitude < 10_000_000 else { return nil }
        let millisecondOfDay = Int64(milliseconds - days * 86_400_000.0)
        let (year, month, day) = ISO8601.civil(fromDays: Int64(days))
        guard years.contains(year) else { return nil }
        return (year, month, day, millisecondOfDay, Int64(days))
    }

    /// `date` as `DateFormatter.string(from:)` writes it; nil for a date outside the years
    /// handled.
    func string(from date: Date) -> String? {
        var handled = true
        let text = String(unsafeUninitializedCapacity: writeRoom) { buffer in
            guard let length = write(date, to: buffer.baseAddress!) else {
                handled = false
                return 0
            }
            return length
        }
        return handled ? text : nil
    }
}
