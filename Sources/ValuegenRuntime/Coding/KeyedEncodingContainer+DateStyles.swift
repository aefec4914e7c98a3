import Foundation

// Dates in a ``DateCodingStyle`` through Foundation's `Encoder`: what generated `Coding` code
// calls for a `Date` attribute with a style. The encoder's own date strategy is not used: the
// date is encoded as the string or the number the style makes, so a `JSONEncoder` writes what
// ``JSONWriter`` writes for the same style.

extension KeyedEncodingContainer {
    /// Encodes `date` at `key` in `style`: a `String` for ``DateCodingStyle/iso8601`` and
    /// ``DateCodingStyle/format(_:)``, a `Double` for the numeric styles (as `JSONEncoder`'s
    /// `.secondsSince1970` and `.millisecondsSince1970` do).
    public mutating func encode(_ date: Date, forKey key: Key, style: DateCodingStyle) throws {
        switch style.form(of: date) {
        case .number(let number): try encode(number, forKey: key)
        case .string(let string): try encode(string, forKey: key)
        }
    }

    /// Encodes `date` at `key` in `style` unless it is nil (then nothing is encoded).
    public mutating func encodeIfPresent(_ date: Date?, forKey key: Key, style: DateCodingStyle) throws {
        guard let date else { return }
        try encode(date, forKey: key, style: style)
    }

    /// Encodes `dates` at `key` as an array, each date in `style`.
    public mutating func encode(_ dates: [Date], forKey key: Key, style: DateCodingStyle) throws {
        var array = nestedUnkeyedContainer(forKey: key)
        for date in dates {
            switch style.form(of: date) {
            case .number(let number): try array.encode(number)
            case .string(let string): try array.encode(string)
            }
        }
    }

    /// Encodes `dates` at `key` in `style` unless they are nil (then nothing is encoded).
    public mutating func encodeIfPresent(_ dates: [Date]?, forKey key: Key, style: DateCodingStyle) throws {
        guard let dates else { return }
        try encode(dates, forKey: key, style: style)
    }
}
