import Foundation

// Collections and optionals. A set is written as an array; a dictionary must have String keys
// (a property list's dictionaries do). Errors inside pass out with the index or key added.

extension Array: DictionaryDecodable where Element: DictionaryDecodable {
    /// An array whose elements each read as `Element`.
    public init(propertyListValue: Any) throws(DictionaryError) {
        guard let values = propertyListValue as? [Any] else {
            throw DictionaryError.expected("an array", found: propertyListValue)
        }
        var elements: [Element] = []
        elements.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            do throws(DictionaryError) {
                elements.append(try Element(propertyListValue: value))
            } catch {
                throw error.inside(.index(index))
            }
        }
        self = elements
    }
}

extension Array: DictionaryEncodable where Element: DictionaryEncodable {
    /// The elements' values, in order.
    public var propertyListValue: Any { map(\.propertyListValue) }
}

extension Set: DictionaryDecodable where Element: DictionaryDecodable {
    /// An array whose elements each read as `Element`; a repeated element is kept once.
    public init(propertyListValue: Any) throws(DictionaryError) {
        self = Set(try [Element](propertyListValue: propertyListValue))
    }
}

extension Set: DictionaryEncodable where Element: DictionaryEncodable {
    /// The elements' values as an array, in the set's order.
    public var propertyListValue: Any { map(\.propertyListValue) }
}

extension Dictionary: DictionaryDecodable where Key == String, Value: DictionaryDecodable {
    /// A dictionary with String keys whose values each read as `Value`.
    public init(propertyListValue: Any) throws(DictionaryError) {
        let members = try DictionaryMembers(propertyListValue: propertyListValue)
        var dictionary: [String: Value] = [:]
        dictionary.reserveCapacity(members.dictionary.count)
        for (key, value) in members.dictionary {
            do throws(DictionaryError) {
                dictionary[key] = try Value(propertyListValue: value)
            } catch {
                throw error.inside(.key(key))
            }
        }
        self = dictionary
    }
}

extension Dictionary: DictionaryEncodable where Key == String, Value: DictionaryEncodable {
    /// `[String: Any]` with each value's property-list value.
    public var propertyListValue: Any { mapValues(\.propertyListValue) }
}

extension Optional: DictionaryDecodable where Wrapped: DictionaryDecodable {
    /// `NSNull` (JSON's `null`) is nil.
    public init(propertyListValue: Any) throws(DictionaryError) {
        self = propertyListValue is NSNull ? nil : try Wrapped(propertyListValue: propertyListValue)
    }
}

extension Optional: DictionaryEncodable where Wrapped: DictionaryEncodable {
    /// The wrapped value's; nil is `NSNull`, which only a collection of optionals writes (a
    /// model leaves a nil attribute out), and which a property list cannot hold.
    public var propertyListValue: Any { self?.propertyListValue ?? NSNull() }
}
