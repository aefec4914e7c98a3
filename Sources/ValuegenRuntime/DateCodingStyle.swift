import Foundation

/// How a `Date` attribute is written in JSON (`%date style=…` in a schema): the generated `JSON`
/// and `Coding` features write the same text for the same date and style, and read each other's.
public enum DateCodingStyle: Sendable, Hashable {
    /// A string, ISO 8601 in UTC with milliseconds: `"2024-05-01T12:34:56.789Z"`, what a `Date`
    /// writes without a style (see docs/Runtime.md for what reading accepts).
    case iso8601
    /// A number, seconds since 1970-01-01 00:00:00 UTC: `1714566896.789`; a whole number
    /// without a fraction (`1714566896`), as `JSONEncoder`'s `.secondsSince1970` writes it.
    case secondsSince1970
    /// A number, milliseconds since 1970-01-01 00:00:00 UTC: `1714566896789`, as `JSONEncoder`'s
    /// `.millisecondsSince1970` writes it.
    case millisecondsSince1970
    /// A string in a fixed `DateFormatter` format (`"yyyy-MM-dd"`), in the `en_US_POSIX` locale
    /// and UTC. A format of numbers and literals is read and written without a formatter,
    /// giving what the formatter gives (``FixedDateFormat``; docs/Language.md lists which).
    case format(String)

    /// What a date is written as in this style: a number (the arithmetic is `JSONEncoder`'s,
    /// so both write the same digits) or a string.
    func form(of date: Date) -> DateForm {
        switch self {
        case .secondsSince1970: .number(date.timeIntervalSince1970)
        case .millisecondsSince1970: .number(1000.0 * date.timeIntervalSince1970)
        case .iso8601: .string(ISO8601.format(date))
        case .format(let format):
            .string(FixedDateFormat.compiled(format)?.string(from: date) ?? ThreadDateFormatters.withFormatter(format) { $0.string(from: date) })
        }
    }

    /// The date a number stands for, for the two numeric styles, as `JSONDecoder` reads it.
    func date(fromNumber number: Double) -> Date {
        switch self {
        case .millisecondsSince1970: Date(timeIntervalSince1970: number / 1000.0)
        case .secondsSince1970, .iso8601, .format: Date(timeIntervalSince1970: number)
        }
    }

    /// The date a string stands for, for the two string styles; nil when it is not one.
    func date(fromString string: String) -> Date? {
        switch self {
        case .iso8601: ISO8601.parse(string)
        case .format(let format):
            FixedDateFormat.compiled(format)?.date(fromString: string) ?? ThreadDateFormatters.withFormatter(format) { $0.date(from: string) }
        case .secondsSince1970, .millisecondsSince1970: nil
        }
    }

    /// What an error says was expected, before `, found …`.
    func expectation(found string: String) -> String {
        switch self {
        case .iso8601: "expected an ISO 8601 date such as 2024-05-01T12:34:56.789Z, found \"\(string)\""
        case .format(let format): "expected a date in the format \"\(format)\", found \"\(string)\""
        case .secondsSince1970, .millisecondsSince1970: "expected a number, found a string"
        }
    }
}

/// A date in the form a ``DateCodingStyle`` writes it.
enum DateForm {
    case number(Double)
    case string(String)
}
