import Foundation

/// Why a property-list value could not be read: what was expected and where, as a key path
/// from the value being read (`$.users[3].nickname: expected an integer, found a string`).
public struct DictionaryError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What went wrong, e.g. `expected an integer, found a string`.
    public var message: String
    /// The path from the root to the value, innermost last; the same components as a
    /// ``JSONError``'s, so that both describe a place in the same words.
    public var path: [JSONPathComponent]

    /// An error; containers add the path as the error passes out through keys and indices.
    public init(message: String, path: [JSONPathComponent] = []) {
        self.message = message
        self.path = path
    }

    /// `expected <what>, found <a description of the value>`.
    public static func expected(_ what: String, found value: Any) -> DictionaryError {
        DictionaryError(message: "expected \(what), found \(PropertyListKind.describe(value))")
    }

    /// `$.users[3].nickname`, written as ``JSONError/pathDescription`` writes it.
    public var pathDescription: String {
        JSONError(message: message, offset: 0, path: path).pathDescription
    }

    /// `$.users[3].nickname: expected an integer, found a string`.
    public var description: String {
        "\(pathDescription): \(message)"
    }

    /// The same error one level further out: thrown through a key or an index, the component
    /// is added in front.
    public func inside(_ component: JSONPathComponent) -> DictionaryError {
        var error = self
        error.path.insert(component, at: 0)
        return error
    }

    /// The same error further out: `components` are added in front, outermost first.
    func inside(_ components: [JSONPathComponent]) -> DictionaryError {
        guard !components.isEmpty else { return self }
        var error = self
        error.path.insert(contentsOf: components, at: 0)
        return error
    }
}

/// What a property-list value is, in the words errors use.
enum PropertyListKind {
    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// Whether the value is a boolean: a Swift `Bool`, or the `NSNumber` Foundation makes of
    /// one (JSON's `true`), which also converts to numbers and must not be taken for one.
    static func isBoolean(_ value: Any) -> Bool {
        if type(of: value) == Bool.self {
            return true
        }
        guard let object = value as? NSNumber else { return false }
        return ObjectIdentifier(type(of: object)) == booleanClass
    }

    /// Whether the value is `NSNull` (JSON's `null`). Asked of the type, not with `is NSNull`:
    /// on Linux that cast turns a Swift dictionary or array into its Foundation class first, all
    /// of it, recursively, at every level of a nested value read.
    static func isNull(_ value: Any) -> Bool {
        type(of: value) is NSNull.Type
    }

    /// The number a value holds, whether a Swift number or an `NSNumber`; nil for a boolean
    /// and for anything but a number.
    static func number(_ value: Any) -> NSNumber? {
        guard !(value is String), !isBoolean(value) else { return nil }
        return value as? NSNumber
    }

    /// Whether the number was made from a floating-point value.
    static func isFloatingPoint(_ number: NSNumber) -> Bool {
        let type = number.objCType.pointee
        return type == CChar(UInt8(ascii: "d")) || type == CChar(UInt8(ascii: "f"))
    }

    /// Whether the number was made from an unsigned integer.
    static func isUnsigned(_ number: NSNumber) -> Bool {
        let type = UInt8(bitPattern: number.objCType.pointee)
        return [UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C")].contains(type)
    }

    /// `a string`, `a boolean`, `2.5`, `null`, `an array`, `a dictionary`, `a date`, `data`.
    static func describe(_ value: Any) -> String {
        if value is String { return "a string" }
        if isBoolean(value) { return "a boolean" }
        if let number = number(value) { return number.description }
        if isNull(value) { return "null" }
        if value is [Any] { return "an array" }
        if value is [String: Any] || value is [AnyHashable: Any] { return "a dictionary" }
        if value is Date { return "a date" }
        if value is Data { return "data" }
        return "a value of type \(type(of: value))"
    }
}
