/// A JSON value, used for plugin options from the configuration; its order of object keys is kept.
/// A frozen set, JSON's six kinds of value: an exhaustive `switch` over it keeps compiling.
public enum JSONValue: Codable, Sendable, Equatable, Hashable {
    /// JSON's `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; JSON does not tell integers apart, so every number is a `Double`.
    /// An integer option such as `42` arrives as `.number(42)`: check
    /// `value == value.rounded()` before converting it with `Int(value)`.
    case number(Double)
    /// A string.
    case string(String)
    /// An array, its elements in order.
    case array([JSONValue])
    /// An object, its members in the order of the document ``JSONParser`` read (a plugin's
    /// request keeps the order of `valuegen.json`); decoding with `Codable` sorts them by key.
    case object([JSONMember])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            let object = try container.decode([String: JSONValue].self)
            self = .object(object.keys.sorted().map { JSONMember(key: $0, value: object[$0]!) })
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let members):
            try container.encode(Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }))
        }
    }

    /// The member of an object with the given key, if this is an object that has one.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string, if this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}

/// One key and value of a JSON object.
public struct JSONMember: Codable, Sendable, Equatable, Hashable {
    /// The member's name.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// A member with the given name and value.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
