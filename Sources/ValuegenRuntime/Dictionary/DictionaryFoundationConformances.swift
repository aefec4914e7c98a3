import Foundation

// Strings and the Foundation types. Date and Data are property-list types of their own and are
// written as they are; URL and UUID are written as the strings JSON writes. Reading also takes
// the strings JSON writes for a date (ISO 8601) and for data (base64), so that a dictionary
// made by `JSONSerialization` from the JSON feature's output reads too.

extension String: DictionaryCodable {
    /// A string.
    public init(propertyListValue: Any) throws(DictionaryError) {
        guard let string = propertyListValue as? String else {
            throw DictionaryError.expected("a string", found: propertyListValue)
        }
        self = string
    }

    /// The string itself.
    public var propertyListValue: Any { self }
}

extension URL: DictionaryCodable {
    /// A string with an absolute or relative URL (or a URL).
    public init(propertyListValue: Any) throws(DictionaryError) {
        self = try converted(propertyListValue, expected: "a URL") { URL(string: $0) }
    }

    /// `absoluteString`, as JSON writes it.
    public var propertyListValue: Any { absoluteString }
}

extension UUID: DictionaryCodable {
    /// A string such as `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` (or a UUID).
    public init(propertyListValue: Any) throws(DictionaryError) {
        self = try converted(propertyListValue, expected: "a UUID") { UUID(uuidString: $0) }
    }

    /// `uuidString`, as JSON writes it.
    public var propertyListValue: Any { uuidString }
}

/// The value itself when it is a `T`, else what `convert` makes of the string it holds; errors
/// name the string.
private func converted<T>(_ value: Any, expected: String, _ convert: (String) -> T?) throws(DictionaryError) -> T {
    if let converted = value as? T {
        return converted
    }
    let string = try String(propertyListValue: value)
    guard let converted = convert(string) else {
        throw DictionaryError(message: "expected \(expected), found \"\(string)\"")
    }
    return converted
}

extension Data: DictionaryCodable {
    /// Data, or a base64 string (what JSON writes).
    public init(propertyListValue: Any) throws(DictionaryError) {
        if let data = propertyListValue as? Data {
            self = data
            return
        }
        guard let string = propertyListValue as? String else {
            throw DictionaryError.expected("data", found: propertyListValue)
        }
        guard let data = Data(base64Encoded: string) else {
            throw DictionaryError(message: "expected base64 data, found a string that is not base64")
        }
        self = data
    }

    /// The data itself, a property-list type.
    public var propertyListValue: Any { self }
}

extension Date: DictionaryCodable {
    /// A date, or an ISO 8601 string (what JSON writes for a date without a style).
    public init(propertyListValue: Any) throws(DictionaryError) {
        if let date = propertyListValue as? Date {
            self = date
            return
        }
        guard let string = propertyListValue as? String else {
            throw DictionaryError.expected("a date", found: propertyListValue)
        }
        guard let date = ISO8601.parse(string) else {
            throw DictionaryError(message: DateCodingStyle.iso8601.expectation(found: string))
        }
        self = date
    }

    /// The date itself, a property-list type.
    public var propertyListValue: Any { self }
}
