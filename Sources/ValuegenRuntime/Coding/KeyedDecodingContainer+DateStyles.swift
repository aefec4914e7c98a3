import Foundation

// Dates in a ``DateCodingStyle`` through Foundation's `Decoder`: what generated `Coding` code
// calls for a `Date` attribute with a style. The decoder's own date strategy is not used, so
// the attribute reads the same whatever decoder reads it, as the `JSON` feature reads it.

extension KeyedDecodingContainer {
    /// The date at `key`, written in `style`: a string for ``DateCodingStyle/iso8601`` and
    /// ``DateCodingStyle/format(_:)`` (`DecodingError.dataCorrupted` when it is not such a date),
    /// a number for the numeric styles.
    public func decode(_ type: Date.Type, forKey key: Key, style: DateCodingStyle) throws -> Date {
        switch style {
        case .secondsSince1970, .millisecondsSince1970:
            return style.date(fromNumber: try decode(Double.self, forKey: key))
        case .iso8601, .format:
            let string = try decode(String.self, forKey: key)
            guard let date = style.date(fromString: string) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: style.expectation(found: string))
            }
            return date
        }
    }

    /// The date at `key` in `style`, or nil when the key is missing or null.
    public func decodeIfPresent(_ type: Date.Type, forKey key: Key, style: DateCodingStyle) throws -> Date? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decode(Date.self, forKey: key, style: style)
    }

    /// The array of dates at `key`, each written in `style`.
    public func decode(_ type: [Date].Type, forKey key: Key, style: DateCodingStyle) throws -> [Date] {
        var array = try nestedUnkeyedContainer(forKey: key)
        var dates: [Date] = []
        if let count = array.count {
            dates.reserveCapacity(count)
        }
        while !array.isAtEnd {
            dates.append(try array.decodeDate(style: style))
        }
        return dates
    }

    /// The array of dates at `key` in `style`, or nil when the key is missing or null.
    public func decodeIfPresent(_ type: [Date].Type, forKey key: Key, style: DateCodingStyle) throws -> [Date]? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decode([Date].self, forKey: key, style: style)
    }
}

extension UnkeyedDecodingContainer {
    /// The next element, a date in `style`.
    mutating func decodeDate(style: DateCodingStyle) throws -> Date {
        switch style {
        case .secondsSince1970, .millisecondsSince1970:
            return style.date(fromNumber: try decode(Double.self))
        case .iso8601, .format:
            let string = try decode(String.self)
            guard let date = style.date(fromString: string) else {
                // The element's index is the one just read.
                let index = IndexKey(currentIndex - 1)
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath + [index], debugDescription: style.expectation(found: string)))
            }
            return date
        }
    }
}

/// An array element's place in a coding path, as Foundation's decoders name it (`Index 3`).
struct IndexKey: CodingKey {
    let intValue: Int?
    let stringValue: String

    init(_ index: Int) {
        intValue = index
        stringValue = "Index \(index)"
    }

    init?(stringValue: String) {
        return nil
    }

    init?(intValue: Int) {
        self.init(intValue)
    }
}
