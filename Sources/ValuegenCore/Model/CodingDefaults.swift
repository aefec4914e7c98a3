import ValuegenPluginSDK

/// valuegen.json's `coding` object: how the target's types are coded where their own
/// `%coding` annotations do not say.
///
///     "coding": {
///         "representation": "adjacent", "discriminator": "kind", "content": "data",
///         "plainEnumerations": "string", "dates": "secondsSince1970", "lenientIntegers": true
///     }
public struct CodingDefaults: Sendable, Equatable {
    /// How ADTs with a payload are coded (and plain enumerations, when
    /// ``plainEnumerationsAsStrings`` is false).
    public var representation: ADTCoding.Representation = .internallyTagged
    public var discriminator = "type"
    public var contentKey = "value"
    /// Whether an ADT none of whose cases has a payload codes as its tag alone (`"open"`).
    public var plainEnumerationsAsStrings = true
    /// How dates are written; nil for the runtime's ISO 8601 through JSON and the coder's
    /// strategy through Codable.
    public var dateStyle: DateStyle?
    /// Whether integer attributes accept JSON strings holding an integer.
    public var lenientIntegers = false

    public init() {}

    static let knownKeys = ["content", "dateFormat", "dates", "discriminator", "lenientIntegers", "plainEnumerations", "representation"]

    /// Reads the `coding` object; `fail` makes the error that names the configuration file.
    static func parse(_ value: JSONValue, fail: (String) -> Configuration.Failure) throws(Configuration.Failure) -> CodingDefaults {
        guard case .object(let members) = value else {
            throw fail("'coding' must be an object such as {\"representation\": \"adjacent\", \"dates\": \"secondsSince1970\"}")
        }
        var defaults = CodingDefaults()
        for member in members {
            let key = "coding.\(member.key)"
            switch member.key {
            case "representation":
                if member.value.stringValue == ADTCoding.Form.untagged.rawValue {
                    throw fail("'\(key)' cannot be \"untagged\": an untagged ADT is read as the first case its value fits, which each type's cases must be written for; write %coding representation=untagged before the types that are")
                }
                guard let text = member.value.stringValue, let representation = ADTCoding.Representation(rawValue: text), representation != .string else {
                    throw fail("'\(key)' must be one of \"internal\", \"external\" or \"adjacent\" (plain enumerations are set with 'coding.plainEnumerations')")
                }
                defaults.representation = representation
            case "discriminator", "content":
                guard let text = member.value.stringValue, !text.isEmpty else {
                    throw fail("'\(key)' must be a non-empty string, the JSON key, such as \"\(member.key == "content" ? "value" : "type")\"")
                }
                if member.key == "content" {
                    defaults.contentKey = text
                } else {
                    defaults.discriminator = text
                }
            case "plainEnumerations":
                guard let text = member.value.stringValue, ["string", "tagged"].contains(text) else {
                    throw fail("'\(key)' must be \"string\" (a plain enumeration codes as its tag, \"open\") or \"tagged\" (as the other ADTs)")
                }
                defaults.plainEnumerationsAsStrings = text == "string"
            case "dates":
                guard let text = member.value.stringValue, let kind = DateStyle.Kind(rawValue: text), kind != .format else {
                    throw fail("'\(key)' must be \(DateStyleSpelling.namedKinds); for a fixed format use 'coding.dateFormat'")
                }
                defaults.dateStyle = DateStyle(kind)
            case "dateFormat":
                guard let text = member.value.stringValue, !text.isEmpty else {
                    throw fail("'\(key)' must be a date format string such as \"yyyy-MM-dd\"")
                }
                defaults.dateStyle = DateStyle(.format, format: text)
            case "lenientIntegers":
                guard case .bool(let flag) = member.value else {
                    throw fail("'\(key)' must be true or false")
                }
                defaults.lenientIntegers = flag
            default:
                throw fail("unknown key '\(key)'\(Configuration.suggestion(for: member.key, among: knownKeys))")
            }
        }
        if members.contains(where: { $0.key == "dates" }) && members.contains(where: { $0.key == "dateFormat" }) {
            throw fail("'coding.dates' and 'coding.dateFormat' both give the date style; keep one")
        }
        return defaults
    }
}

/// The spellings of date styles in messages.
enum DateStyleSpelling {
    static var namedKinds: String {
        DateStyle.Kind.allCases.filter { $0 != .format }.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    }
}
