import Foundation

// Dates in a ``DateCodingStyle``: what generated `JSON` code calls for a `Date` attribute with
// a style.

extension Date {
    /// A date written in `style`: a string for ``DateCodingStyle/iso8601`` and
    /// ``DateCodingStyle/format(_:)`` (an error at the string when it is not such a date), any
    /// JSON number for the numeric styles.
    public init(from reader: inout JSONReader, style: DateCodingStyle) throws(JSONError) {
        if reader.readsExactDates, case .format = style {
            // A saved file: the exact ISO 8601 Persistence writes, or the style's string, which
            // files saved before exact dates hold.
            self = try reader.readString(converting: { ISO8601.parse($0) ?? style.date(fromString: $0) }, orFail: style.expectation(found:))
            return
        }
        if reader.readsExactDates, style != .iso8601, reader.skippingWhitespaceNextIs(UInt8(ascii: "\"")) {
            self = try Date(from: &reader)
            return
        }
        switch style {
        case .iso8601:
            self = try Date(from: &reader)
        case .secondsSince1970, .millisecondsSince1970:
            self = style.date(fromNumber: try reader.readDouble())
        case .format(let format):
            if let fixed = FixedDateFormat.lastCompiled(format) ?? FixedDateFormat.compiled(format), let date = reader.readFixedDate(fixed) {
                self = date
                return
            }
            self = try reader.readString(converting: style.date(fromString:), orFail: style.expectation(found:))
        }
    }

    /// Writes the date in `style`. A number is written as `JSONEncoder` writes it: a whole
    /// number up to 2^53 without a fraction (`1714566896`), any other in its shortest form
    /// (`1714566896.789`, `1e+16`); a date that is not finite is `null`, which `JSONEncoder`
    /// refuses to write.
    public func encode(to writer: inout JSONWriter, style: DateCodingStyle) {
        if writer.writesExactDates {
            writer.writeExactDate(self)
            return
        }
        if case .iso8601 = style {
            writer.writeISO8601(self)
            return
        }
        if case .format(let format) = style {
            if let layout = FixedDateFormat.lastLayout(format), writer.writeFixedDate(self, layout) {
                return
            }
            if let fixed = FixedDateFormat.compiled(format), writer.writeFixedDate(self, fixed) {
                return
            }
        }
        switch style.form(of: self) {
        case .number(let number): writer.writeFoundationNumber(number)
        case .string(let string): writer.writeString(string)
        }
    }
}

extension Array where Element == Date {
    /// An array of dates written in `style`.
    public init(from reader: inout JSONReader, style: DateCodingStyle) throws(JSONError) {
        var dates: [Date] = []
        try reader.readArray { reader throws(JSONError) in
            dates.append(try Date(from: &reader, style: style))
        }
        self = dates
    }

    /// Writes the dates in `style`.
    public func encode(to writer: inout JSONWriter, style: DateCodingStyle) {
        writer.beginArray()
        for date in self {
            date.encode(to: &writer, style: style)
        }
        writer.endArray()
    }
}

extension JSONWriter {
    /// A double as Foundation's `JSONEncoder` writes it: its `description` without a trailing
    /// `.0` (`1714566896`, `-0`, `1e+16`, `0.1`).
    mutating func writeFoundationNumber(_ value: Double) {
        if value.isFinite, value == value.rounded(.towardZero), value.magnitude <= 0x1p53 {
            if value == 0, value.sign == .minus {
                writeRawValue(Array("-0".utf8))
            } else {
                writeInteger(Int64(value))
            }
        } else {
            writeDouble(value)
        }
    }
}

extension JSONWriter {
    /// A date as an ISO 8601 string, its digits written in place (no String is made).
    mutating func writeISO8601(_ date: Date) {
        let at = commaLength
        output(room: ISO8601.maximumLength &+ 3) { end in
            end[0] = UInt8(ascii: ",")
            end[at] = UInt8(ascii: "\"")
            let length = ISO8601.write(date, to: end + (at &+ 1))
            end[at &+ 1 &+ length] = UInt8(ascii: "\"")
            return at &+ length &+ 2
        }
        needsComma = true
    }
}
