import Foundation

// An unknown case's JSON content as a property-list tree and back: what the Dictionary feature
// writes and reads for an `%unknownCase` (docs/Language.md, "Dictionary").

extension RawJSON {
    /// The JSON value as a property-list tree: objects become `[String: Any]`, arrays `[Any]`,
    /// numbers `NSNumber`, `true`/`false` booleans. A property list cannot hold `null`: a null
    /// member is left out of its object (as a nil optional is), a null element out of its array,
    /// and a value that is `null` itself gives nil. A number beyond `Double`'s range, which
    /// Foundation does not read, is kept as a string of its digits.
    public var propertyListValue: Any? {
        guard let tree = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
            return description
        }
        return Self.removingNulls(tree)
    }

    /// The JSON value that a property-list tree holds, keys in sorted order: dates as ISO 8601
    /// strings and data as base64 strings, as JSON writes them.
    public init(propertyListValue value: Any) throws(DictionaryError) {
        var writer = JSONWriter()
        try Self.write(value, to: &writer)
        self.init(checkedBytes: writer.bytes)
    }

    private static func removingNulls(_ value: Any) -> Any? {
        if PropertyListKind.isNull(value) {
            return nil
        }
        if let array = value as? [Any] {
            return array.compactMap(removingNulls)
        }
        if let dictionary = value as? [String: Any] {
            return dictionary.compactMapValues(removingNulls)
        }
        return value
    }

    private static func write(_ value: Any, to writer: inout JSONWriter) throws(DictionaryError) {
        if let string = value as? String {
            writer.writeString(string)
        } else if PropertyListKind.isBoolean(value), let number = value as? NSNumber {
            writer.writeBool(number.boolValue)
        } else if let number = PropertyListKind.number(value) {
            if PropertyListKind.isFloatingPoint(number) {
                writer.writeFoundationNumber(number.doubleValue)
            } else if PropertyListKind.isUnsigned(number) {
                writer.writeUnsigned(number.uint64Value)
            } else {
                writer.writeSigned(number.int64Value)
            }
        } else if PropertyListKind.isNull(value) {
            writer.writeNull()
        } else if let date = value as? Date {
            writer.writeString(ISO8601.format(date))
        } else if let data = value as? Data {
            writer.writeString(data.base64EncodedString())
        } else if let array = value as? [Any] {
            writer.beginArray()
            for (index, element) in array.enumerated() {
                do throws(DictionaryError) {
                    try write(element, to: &writer)
                } catch {
                    throw error.inside(.index(index))
                }
            }
            writer.endArray()
        } else if value is [String: Any] || value is [AnyHashable: Any] {
            let members = try DictionaryMembers(propertyListValue: value)
            writer.beginObject()
            for key in members.dictionary.keys.sorted() {
                writer.writeKey(key)
                do throws(DictionaryError) {
                    try write(members.dictionary[key]!, to: &writer)
                } catch {
                    throw error.inside(.key(key))
                }
            }
            writer.endObject()
        } else {
            throw DictionaryError.expected("a property-list value", found: value)
        }
    }
}
