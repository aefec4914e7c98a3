/// A type whose values are the member names of a JSON object or of a property list's
/// dictionary: what a dictionary written as an object may be keyed by.
///
/// `String` is the name itself. The fixed-width integers (`Int`, `Int8` … `Int64`, `UInt` …
/// `UInt64`) are written in decimal, `{"138586341": …}`, as Foundation's Codable writes the keys
/// of a `[Int: T]`, and read as it reads them (Swift's `Int(_: String)`): an optional `+` or
/// `-`, then ASCII digits, leading zeros allowed (`"+7"` and `"007"` are 7), in the type's
/// range; nothing else (no white space, fraction, exponent or `_`).
public protocol JSONObjectKey: Hashable, Comparable {
    /// The key a member name of a JSON document holds, read without making a String where it
    /// can be; nil when it holds none of this type.
    static func key(forJSONMember name: JSONKey) -> Self?
    /// The key a member name holds; nil when it holds none of this type.
    static func key(forMemberName name: String) -> Self?
    /// The member name that holds the key.
    var jsonMemberName: String { get }
    /// Why `name` holds no key of this type: the message of the error that says so.
    static func refusal(ofMemberName name: String) -> String
    /// Writes the key as a member name, `"…":` (and the comma before it when needed).
    func writeJSONKey(to writer: inout JSONWriter)
}

extension String: JSONObjectKey {
    /// The name itself.
    @inlinable
    public static func key(forJSONMember name: JSONKey) -> String? { name.string }

    /// The name itself.
    public static func key(forMemberName name: String) -> String? { name }

    /// The string itself.
    public var jsonMemberName: String { self }

    /// Never asked: every name is a String.
    public static func refusal(ofMemberName name: String) -> String { "" }

    public func writeJSONKey(to writer: inout JSONWriter) { writer.writeKey(self) }
}

extension JSONObjectKey where Self: FixedWidthInteger {
    /// The integer a name holds in decimal, as ``DecimalInteger`` reads it with a `+` or `-`.
    public static func key(forJSONMember name: JSONKey) -> Self? {
        if let unescaped = name.unescaped {
            return key(forMemberName: unescaped)
        }
        return name.bytes.withMemoryRebound(to: UInt8.self) { DecimalInteger<Self>(parsing: $0, signs: .plusOrMinus).value }
    }

    /// The integer a name holds in decimal.
    public static func key(forMemberName name: String) -> Self? {
        DecimalInteger<Self>(parsing: name, signs: .plusOrMinus).value
    }

    /// The integer in decimal: `"-17"`.
    public var jsonMemberName: String { String(self) }

    /// `expected a member name holding an integer, found "12a"`, or `member name "300" is out
    /// of the range of UInt8`.
    public static func refusal(ofMemberName name: String) -> String {
        if case .outOfRange = DecimalInteger<Self>(parsing: name, signs: .plusOrMinus) {
            return "member name \"\(name)\" is out of the range of \(Self.self)"
        }
        return "expected a member name holding an integer, found \"\(name)\""
    }

    /// `"-17":`
    public func writeJSONKey(to writer: inout JSONWriter) { writer.writeIntegerKey(self) }
}

extension Int: JSONObjectKey {}
extension Int8: JSONObjectKey {}
extension Int16: JSONObjectKey {}
extension Int32: JSONObjectKey {}
extension Int64: JSONObjectKey {}
extension UInt: JSONObjectKey {}
extension UInt8: JSONObjectKey {}
extension UInt16: JSONObjectKey {}
extension UInt32: JSONObjectKey {}
extension UInt64: JSONObjectKey {}

extension DecimalInteger {
    /// The integer, or nil when the text holds none in `T`'s range.
    var value: T? {
        if case .value(let value) = self { return value }
        return nil
    }
}

extension JSONReader {
    /// The error for a member name that holds no key of `Key`, at the name's opening quote (the
    /// reader adds the name to its path).
    @usableFromInline
    func refusal<Key: JSONObjectKey>(of name: JSONKey, as key: Key.Type) -> JSONError {
        // The name's bytes, escaped or not, are the document's, just after its quote.
        let offset = name.bytes.baseAddress.map { UnsafeRawPointer($0) - baseAddress - 1 } ?? position
        return JSONError(message: Key.refusal(ofMemberName: name.string), offset: offset)
    }
}
