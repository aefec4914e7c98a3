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
        if let url = propertyListValue as? URL {
            self = url
            return
        }
        let string = try String(propertyListValue: propertyListValue)
        guard let url = URL(string: string) else {
            throw DictionaryError(message: "expected a URL, found \"\(string)\"")
        }
        self = url
    }

    /// `absoluteString`, as JSON writes it.
    public var propertyListValue: Any { absoluteString }
}

extension UUID: DictionaryCodable {
    /// A string such as `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` (or a UUID).
    public init(propertyListValue: Any) throws(DictionaryError) {
        if let uuid = propertyListValue as? UUID {
            self = uuid
            return
        }
        let string = try String(propertyListValue: propertyListValue)
        guard let uuid = UUID(uuidString: string) else {
            throw DictionaryError(message: "expected a UUID, found \"\(string)\"")
        }
        self = uuid
    }

    /// `uuidString`, as JSON writes it.
    public var propertyListValue: Any { uuidString }
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
