/// How coding features treat one attribute beyond its keys. The host computes it from the
/// attribute's `%transient` and `%coding`, its type's `%coding` and valuegen.json's `coding`.
public struct AttributeCoding: Codable, Sendable, Equatable {
    /// `%transient`: never written nor read by a coding feature; a decoded value gets the
    /// attribute's default (or nil).
    public var isTransient: Bool
    /// How a `Date` (or `[Date]`, or an optional of either) is written; nil for the runtime's
    /// ISO 8601 form through JSON, and the coder's own strategy through Codable.
    public var dateStyle: DateStyle?
    /// `%coding lenient=true` on an integer attribute: a JSON string holding an integer
    /// (`"42"`) is read as that integer.
    public var acceptsIntegerStrings: Bool

    /// An attribute's coding; the defaults are those of an attribute without settings.
    public init(isTransient: Bool = false, dateStyle: DateStyle? = nil, acceptsIntegerStrings: Bool = false) {
        self.isTransient = isTransient
        self.dateStyle = dateStyle
        self.acceptsIntegerStrings = acceptsIntegerStrings
    }

    /// Whether everything is as for an attribute without settings.
    public var isDefault: Bool {
        self == AttributeCoding()
    }
}

/// How a date is written when coding (ValuegenRuntime's `DateCodingStyle`).
public struct DateStyle: Codable, Sendable, Equatable {
    /// The style's kind, spelled as in `%coding dates=` and valuegen.json's `coding.dates`.
    /// A frozen set: it never gains a case in 1.x, so an exhaustive `switch` over it keeps
    /// compiling; a style added later comes as a struct with static members beside it, as
    /// ``ADTCoding/Form`` came beside ``ADTCoding/Representation``.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// `"2024-05-01T12:00:00Z"`.
        case iso8601
        /// `1714564800`: seconds since 1970 as a JSON number.
        case secondsSince1970
        /// `1714564800000`: milliseconds since 1970 as a JSON number.
        case millisecondsSince1970
        /// A string in the fixed ``DateStyle/format`` (en_US_POSIX, UTC), e.g. `yyyy-MM-dd`.
        case format
    }

    /// Which style.
    public var kind: Kind
    /// The date format of ``Kind/format``; nil for the other kinds.
    public var format: String?

    /// A style of the kind; `format` for ``Kind/format`` only.
    public init(_ kind: Kind, format: String? = nil) {
        self.kind = kind
        self.format = format
    }

    /// The runtime's `DateCodingStyle` value as Swift source, e.g. `.secondsSince1970` or
    /// `.format("yyyy-MM-dd")`.
    public var runtimeExpression: String {
        if kind == .format {
            return ".format(\(SwiftLanguage.stringLiteral(format ?? "")))"
        }
        return "." + kind.rawValue
    }
}

extension Attribute {
    /// ``coding``, or the defaults when it is nil.
    public var codingRules: AttributeCoding {
        coding ?? AttributeCoding()
    }

    /// Whether coding features leave the attribute out (`%transient`).
    public var isTransient: Bool {
        codingRules.isTransient
    }
}
