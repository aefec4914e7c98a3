import Foundation

// A format whose every element has one width, written as a template with its digits filled in.
//
// `yyyy-MM-dd'T'HH:mm:ss.SSSXXX` writes 24 bytes for every date it writes, its literals always
// at the same places: the writer stores those 24 bytes at once and writes each field's digits
// at its offset, instead of walking the elements (an enum holding arrays, which costs a retain
// and a release of each literal) and copying literals a byte at a time. Issue 38: the recorded
// Mastodon payloads spent a fifth of their encoding in their one date format.

extension FixedDateFormat {
    /// The bytes and fields of a format of fixed width, all held inline (no reference to count).
    struct Layout: Sendable, Equatable {
        /// The format written with zeros for digits (`0000-00-00T00:00:00.000Z`), first byte
        /// lowest, as two sixteen-byte blocks; the bytes past ``length`` are zero.
        let template: (low: UInt128, high: UInt128)
        /// How many bytes every date takes, at most ``writeRoom``.
        let length: Int
        /// The room ``write(_:to:)`` needs: the template is stored as two sixteen-byte blocks.
        static var writeRoom: Int { 32 }
        /// Where each field's digits go in the template, one byte each, 0xFF for a field the
        /// format lacks (bytes from the lowest: year, month, day, hour, minute, second,
        /// fraction, weekday). A word, not `SIMD8<Int8>`, whose lanes cost a call each to read.
        let offsets: UInt64
        /// The fraction's digits (`S`…), of which the first three are the milliseconds'.
        let fractionDigits: Int
        /// Whether the month is written as its short name (`MMM`: three letters), not two digits.
        let monthIsName: Bool
        /// 0xFF in the bytes of the template that hold a field's digits: reading a date by its
        /// template compares the others (`FixedDateFormat+Reading.swift`).
        let digitLanes: (low: UInt128, high: UInt128)
        /// 0xFF in the first ``length`` bytes.
        let lengthLanes: (low: UInt128, high: UInt128)
        /// Whether a date is read by the template: every field digits (no month or weekday
        /// name), and more than sixteen bytes. A shorter format reads faster element by element
        /// (`yyyy-MM-dd`: 54 ns a date in `--dates-only`, 61 by the template; the 24 bytes of
        /// `yyyy-MM-dd'T'HH:mm:ss.SSSXXX`: 78 ns element by element, 62 by the template).
        let readsByTemplate: Bool

        static func == (lhs: Layout, rhs: Layout) -> Bool {
            lhs.template == rhs.template && lhs.length == rhs.length && lhs.offsets == rhs.offsets && lhs.fractionDigits == rhs.fractionDigits
                && lhs.monthIsName == rhs.monthIsName
        }

        /// The layout of `elements`, or nil when an element's width depends on the date (`M`,
        /// `d`, `H`, `m`, `s`, full names), it is a 12-hour clock's (`h`, `a`: no lane is left
        /// for them), or they take more than ``writeRoom`` bytes. The year takes four digits in
        /// every year written here (1583...9999), whatever its pattern's length; a zone is
        /// always UTC's, so it is part of the template.
        init?(_ elements: [Element]) {
            var bytes: [UInt8] = []
            var offsets = UInt64.max
            var fractionDigits = 0
            var monthIsName = false
            // 0xFF where the template holds a number's digit (not a name's letters).
            var isDigit: [UInt8] = []
            func add(_ lane: Int, digits: Int, isNumber: Bool = true) {
                offsets = offsets & ~(0xFF &<< (lane &* 8)) | UInt64(bytes.count) &<< (lane &* 8)
                isDigit += repeatElement(0, count: bytes.count &- isDigit.count)
                isDigit += repeatElement(isNumber ? 0xFF : 0, count: digits)
                bytes += repeatElement(UInt8(ascii: "0"), count: digits)
            }
            for element in elements {
                switch element {
                case .literal(let literal):
                    bytes += literal
                case .field(let field):
                    guard field.writesOneWidth else { return nil }
                    switch field {
                    case .year: add(0, digits: 4)
                    case .month: add(1, digits: 2)
                    case .day: add(2, digits: 2)
                    case .hour: add(3, digits: 2)
                    case .minute: add(4, digits: 2)
                    case .second: add(5, digits: 2)
                    case .fraction(let digits):
                        add(6, digits: digits)
                        fractionDigits = digits
                    case .zone, .zoneName: bytes += field.utcText.withUTF8Buffer { Array($0) }
                    case .hour12, .dayPeriod: return nil
                    // Only the short names, three letters each (the template holds zeros for them).
                    case .monthName:
                        add(1, digits: 3, isNumber: false)
                        monthIsName = true
                    case .weekday: add(7, digits: 3, isNumber: false)
                    }
                }
                guard bytes.count <= Self.writeRoom else { return nil }
            }
            length = bytes.count
            readsByTemplate = !monthIsName && (offsets &>> 56) & 0xFF == 0xFF && length > 16
            digitLanes = Self.words(isDigit + repeatElement(0, count: Self.writeRoom &- isDigit.count))
            lengthLanes = Self.words([UInt8](repeating: 0xFF, count: length) + [UInt8](repeating: 0, count: Self.writeRoom &- length))
            bytes += repeatElement(0, count: Self.writeRoom &- bytes.count)
            template = Self.words(bytes)
            self.offsets = offsets
            self.fractionDigits = fractionDigits
            self.monthIsName = monthIsName
        }

        /// ``writeRoom`` bytes as two sixteen-byte words, the first byte lowest.
        private static func words(_ bytes: [UInt8]) -> (low: UInt128, high: UInt128) {
            bytes.withUnsafeBytes { raw in
                (UInt128(littleEndian: raw.loadUnaligned(as: UInt128.self)),
                 UInt128(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt128.self)))
            }
        }

        /// Writes `date` to `output`, which has room for ``writeRoom`` bytes, and returns
        /// ``length``; nil, having written nothing that counts, for a date outside the years
        /// handled.
        func write(_ date: Date, to output: UnsafeMutablePointer<UInt8>) -> Int? {
            guard let (year, month, day, millisecondOfDay, days) = FixedDateFormat.fields(of: date) else { return nil }
            return write(year: year, month: month, day: day, millisecondOfDay: millisecondOfDay, days: days, to: output)
        }

        /// Writes the template and the fields' digits (and short names) to `output`, which has
        /// room for ``writeRoom`` bytes; returns ``length``. `days` since 1970-01-01 give the
        /// weekday.
        private func write(year: Int64, month: Int64, day: Int64, millisecondOfDay: Int64, days: Int64, to output: UnsafeMutablePointer<UInt8>) -> Int {
            let target = UnsafeMutableRawPointer(output)
            target.storeBytes(of: template.low.littleEndian, as: UInt128.self)
            target.storeBytes(of: template.high.littleEndian, toByteOffset: 16, as: UInt128.self)
            // No field is twice in a format, and each present one is written where it goes.
            if let at = field(0, in: output) {
                FixedDateFormat.writeTwoDigits(year / 100, at: at)
                FixedDateFormat.writeTwoDigits(year % 100, at: at + 2)
            }
            if let at = field(1, in: output) {
                if monthIsName {
                    EnglishDateNames.writeShortName(EnglishDateNames.shortMonthLetters, Int(truncatingIfNeeded: month) &- 1, at: at)
                } else {
                    FixedDateFormat.writeTwoDigits(month, at: at)
                }
            }
            if let at = field(7, in: output) {
                EnglishDateNames.writeShortName(EnglishDateNames.shortWeekdayLetters, EnglishDateNames.weekday(ofDays: days), at: at)
            }
            if let at = field(2, in: output) { FixedDateFormat.writeTwoDigits(day, at: at) }
            if let at = field(3, in: output) { FixedDateFormat.writeTwoDigits(millisecondOfDay / 3_600_000, at: at) }
            if let at = field(4, in: output) { FixedDateFormat.writeTwoDigits(millisecondOfDay / 60_000 % 60, at: at) }
            if let at = field(5, in: output) { FixedDateFormat.writeTwoDigits(millisecondOfDay / 1000 % 60, at: at) }
            if let at = field(6, in: output) {
                // ICU writes the milliseconds cut to the fraction's digits, or followed by
                // zeros (which the template holds).
                let millisecond = millisecondOfDay % 1000
                at[0] = UInt8(truncatingIfNeeded: millisecond / 100) &+ UInt8(ascii: "0")
                if fractionDigits == 2 {
                    at[1] = UInt8(truncatingIfNeeded: millisecond / 10 % 10) &+ UInt8(ascii: "0")
                } else if fractionDigits > 2 {
                    FixedDateFormat.writeTwoDigits(millisecond % 100, at: at + 1)
                }
            }
            return length
        }

        /// Where the field of `lane` goes in `output`, or nil when the format lacks it.
        @inline(__always)
        private func field(_ lane: Int, in output: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>? {
            let offset = Int(truncatingIfNeeded: (offsets &>> UInt64(lane &* 8)) & 0xFF)
            return offset == 0xFF ? nil : output + offset
        }
    }
}

extension FixedDateFormat {
    /// Writes `value` (0...99) as two ASCII digits.
    @inline(__always)
    static func writeTwoDigits(_ value: Int64, at output: UnsafeMutablePointer<UInt8>) {
        let tens = value / 10
        output[0] = UInt8(truncatingIfNeeded: tens) &+ UInt8(ascii: "0")
        output[1] = UInt8(truncatingIfNeeded: value &- tens &* 10) &+ UInt8(ascii: "0")
    }
}

extension FixedDateFormat.Field {
    /// Whether every date in the years handled is written with the same number of bytes: all
    /// but the unpadded month, day, hour, minute and second, and the full names.
    var writesOneWidth: Bool {
        switch self {
        case .month(let padded), .day(let padded), .hour(let padded), .minute(let padded), .second(let padded), .hour12(let padded): padded
        case .year, .fraction, .zone, .zoneName, .dayPeriod: true
        case .monthName(let full), .weekday(let full): !full
        }
    }
}
