import Foundation

// Dictionaries keyed by integers through Foundation's coders, as JSON objects whose member
// names are the keys in decimal: what generated `Coding` code calls for an attribute of type
// `[Int64: T]` (or another integer key but `Int`). Foundation's Codable writes only String and
// `Int` keys as an object's member names and every other key type as an array of keys and
// values (`[1, {…}, 2, {…}]`); these write what `JSONWriter` writes for the dictionary, and read
// both forms, so that data Coding wrote before it used them still reads.

extension KeyedDecodingContainer {
    /// The dictionary at `key`: an object whose member names hold the keys as
    /// ``JSONObjectKey`` reads them, or the array of keys and values Foundation's Codable
    /// writes for such a dictionary. `DecodingError.dataCorrupted` at the member for a name
    /// that holds no key, and at the object for two names holding the same key (`"1"` and
    /// `"01"`, which a decoder's `allKeys` gives in no set order).
    public func decodeIntegerKeyed<Integer: FixedWidthInteger & JSONObjectKey & Decodable, V: Decodable>(_ type: [Integer: V].Type, forKey key: Key) throws -> [Integer: V] {
        let object: KeyedDecodingContainer<JSONTreeKey>
        do {
            object = try nestedContainer(keyedBy: JSONTreeKey.self, forKey: key)
        } catch DecodingError.typeMismatch(let type, let context) {
            guard (try? nestedUnkeyedContainer(forKey: key)) != nil else {
                throw DecodingError.typeMismatch(type, context)
            }
            return try decode([Integer: V].self, forKey: key)
        }
        var dictionary: [Integer: V] = [:]
        var names: [Integer: String] = [:]
        for name in object.allKeys {
            guard let integer = Integer.key(forMemberName: name.stringValue) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: object.codingPath + [name], debugDescription: Integer.refusal(ofMemberName: name.stringValue)))
            }
            if let other = names.updateValue(name.stringValue, forKey: integer) {
                let pair = [other, name.stringValue].sorted().map { "\"\($0)\"" }.joined(separator: " and ")
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: object.codingPath, debugDescription: "member names \(pair) hold the same key, \(integer)"))
            }
            dictionary[integer] = try object.decode(V.self, forKey: name)
        }
        return dictionary
    }

    /// The dictionary at `key` as ``decodeIntegerKeyed(_:forKey:)`` reads it, or nil when the
    /// key is missing or null.
    public func decodeIntegerKeyedIfPresent<Integer: FixedWidthInteger & JSONObjectKey & Decodable, V: Decodable>(_ type: [Integer: V].Type, forKey key: Key) throws -> [Integer: V]? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeIntegerKeyed([Integer: V].self, forKey: key)
    }
}

extension KeyedEncodingContainer {
    /// Encodes `dictionary` at `key` as an object whose member names are its keys in decimal,
    /// in key order (for an encoder that keeps the order it is given).
    public mutating func encodeIntegerKeyed<Integer: FixedWidthInteger & JSONObjectKey, V: Encodable>(_ dictionary: [Integer: V], forKey key: Key) throws {
        var object = nestedContainer(keyedBy: JSONTreeKey.self, forKey: key)
        for (integer, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            try object.encode(value, forKey: JSONTreeKey(integer.jsonMemberName))
        }
    }

    /// Encodes `dictionary` at `key` as ``encodeIntegerKeyed(_:forKey:)`` does, unless it is
    /// nil (then nothing is encoded).
    public mutating func encodeIntegerKeyedIfPresent<Integer: FixedWidthInteger & JSONObjectKey, V: Encodable>(_ dictionary: [Integer: V]?, forKey key: Key) throws {
        guard let dictionary else { return }
        try encodeIntegerKeyed(dictionary, forKey: key)
    }
}
