import Foundation

// Dates of an attribute with a date style (`%coding dates=`): written in the style's form, as
// JSON writes them (a number for the numeric styles, a string for the others), so that the
// dictionary holds what the JSON holds. Reading also takes a `Date`.

extension Date {
    /// A date in `style`: a number for the numeric styles, a string for the others, or a
    /// `Date` in any style.
    public init(propertyListValue value: Any, style: DateCodingStyle) throws(DictionaryError) {
        if let date = value as? Date {
            self = date
            return
        }
        switch style {
        case .secondsSince1970, .millisecondsSince1970:
            guard let number = PropertyListKind.number(value) else {
                throw DictionaryError.expected("a number", found: value)
            }
            self = style.date(fromNumber: number.doubleValue)
        case .iso8601, .format:
            let string = try String(propertyListValue: value)
            guard let date = style.date(fromString: string) else {
                throw DictionaryError(message: style.expectation(found: string))
            }
            self = date
        }
    }

    /// The date in `style`: a Double (seconds or milliseconds since 1970) or a String.
    public func propertyListValue(style: DateCodingStyle) -> Any {
        switch style.form(of: self) {
        case .number(let number): number
        case .string(let string): string
        }
    }
}

extension Array where Element == Date {
    /// An array of dates in `style`.
    public init(propertyListValue value: Any, style: DateCodingStyle) throws(DictionaryError) {
        guard let values = value as? [Any] else {
            throw DictionaryError.expected("an array", found: value)
        }
        var dates: [Date] = []
        dates.reserveCapacity(values.count)
        for (index, element) in values.enumerated() {
            do throws(DictionaryError) {
                dates.append(try Date(propertyListValue: element, style: style))
            } catch {
                throw error.inside(.index(index))
            }
        }
        self = dates
    }

    /// The dates in `style`.
    public func propertyListValue(style: DateCodingStyle) -> Any {
        map { $0.propertyListValue(style: style) }
    }
}
