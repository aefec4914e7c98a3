/// The Swift types Valuegen knows without a `%type` declaration: the standard library's and
/// Foundation's value types. All of them are `Sendable`, `Hashable` and `Codable`.
enum KnownTypes {
    /// Standard library types, usable without any import.
    static let standardLibrary: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "Bool", "String",
        "Array", "Set", "Dictionary", "Optional",
        "Swift.Int", "Swift.String", "Swift.Double", "Swift.Bool",
    ]

    /// Foundation types; a file that uses one imports Foundation.
    static let foundation: Set<String> = [
        "URL", "Date", "Data", "UUID", "Decimal", "TimeInterval", "CGFloat", "CGPoint", "CGSize",
        "CGRect", "Locale", "TimeZone", "DateComponents", "IndexPath", "CharacterSet",
    ]

    static func isKnown(_ name: String) -> Bool {
        standardLibrary.contains(name) || isFoundation(name)
    }

    /// Whether the name is a Foundation type, written plainly or qualified (`Foundation.Locale`).
    static func isFoundation(_ name: String) -> Bool {
        foundation.contains(name) || name.hasPrefix("Foundation.") && foundation.contains(String(name.dropFirst("Foundation.".count)))
    }
}
