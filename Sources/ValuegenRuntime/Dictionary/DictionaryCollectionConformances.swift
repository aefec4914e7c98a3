import Foundation

// Collections and optionals. A set is written as an array; a dictionary is keyed by String or
// by integers written in decimal (a property list's dictionaries have String keys), as a JSON
// object is. Errors inside pass out with the index or key added.

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

extension Dictionary: DictionaryDecodable where Key: JSONObjectKey, Value: DictionaryDecodable {
    /// A dictionary with String keys whose values each read as `Value`; each key holds a `Key`
    /// as a JSON object's member name does (see ``JSONObjectKey``). Two names that hold the
    /// same key (`"1"` and `"01"`) are an error: a property list's dictionary has no order
    /// that could say which one wins.
    public init(propertyListValue: Any) throws(DictionaryError) {
        let members = try DictionaryMembers(propertyListValue: propertyListValue)
        var dictionary: [Key: Value] = [:]
        dictionary.reserveCapacity(members.dictionary.count)
        for (name, member) in members.dictionary {
            guard let key = Key.key(forMemberName: name) else {
                throw DictionaryError(message: Key.refusal(ofMemberName: name)).inside(.key(name))
            }
            let value: Value
            do throws(DictionaryError) {
                value = try Value(propertyListValue: member)
            } catch {
                throw error.inside(.key(name))
            }
            if dictionary.updateValue(value, forKey: key) != nil {
                let names = members.dictionary.keys.filter { Key.key(forMemberName: $0) == key }.sorted()
                throw DictionaryError(message: "member names \(names.map { "\"\($0)\"" }.joined(separator: " and ")) hold the same key, \(key)")
            }
        }
        self = dictionary
    }
}

extension Dictionary: DictionaryEncodable where Key: JSONObjectKey, Value: DictionaryEncodable {
    /// `[String: Any]` with each key's member name and each value's property-list value.
    public var propertyListValue: Any {
        var members: [String: Any] = Dictionary<String, Any>(minimumCapacity: count)
        for (key, value) in self {
            members[key.jsonMemberName] = value.propertyListValue
        }
        return members
    }
}

extension Optional: DictionaryDecodable where Wrapped: DictionaryDecodable {
    /// `NSNull` (JSON's `null`) is nil.
    public init(propertyListValue: Any) throws(DictionaryError) {
        self = PropertyListKind.isNull(propertyListValue) ? nil : try Wrapped(propertyListValue: propertyListValue)
    }
}

extension Optional: DictionaryEncodable where Wrapped: DictionaryEncodable {
    /// The wrapped value's; nil is `NSNull`, which only a collection of optionals writes (a
    /// model leaves a nil attribute out), and which a property list cannot hold.
    public var propertyListValue: Any { self?.propertyListValue ?? NSNull() }
}
