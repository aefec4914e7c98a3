/// What an OpenAPI schema becomes before it is written as a schema file: the boundary between
/// reading the document (`OpenAPISchemaMapper`) and writing `.value`/`.adtValue` text
/// (`ImportedSchemaWriter`).
struct ImportedType: Equatable {
    enum Shape: Equatable {
        /// A `.value`: an object's properties.
        case value([ImportedAttribute])
        /// A plain `.adtValue`: a string enumeration, with an unknown case for values added later.
        case enumeration([ImportedEnumerationCase], caseKeyStyle: CodingKeyStyle?)
        /// An `.adtValue` with payloads: `oneOf`/`anyOf`, tagged by a discriminator or untagged.
        case union(ImportedUnion)
    }

    /// The Swift type name.
    var name: String
    /// The JSON pointer of the schema in the document, for warnings.
    var pointer: String
    var documentation: String?
    var shape: Shape
    /// Whether the value gets `%storage indirect`: it is on a cycle of values held inline, or
    /// larger inline than `ImportedStorage.largestInlineSize`.
    var isIndirect = false

    var isValue: Bool {
        if case .value = shape { return true }
        return false
    }
}

/// How a date is written in JSON, from the property's `format`.
enum ImportedDateStyle: Hashable {
    /// `format: date-time`.
    case iso8601
    /// `format: date`: `2024-05-01`.
    case day
    /// `format: unix-time` on an integer, or an `x-` extension that says so.
    case secondsSince1970

    /// The `%coding` argument that chooses the style.
    var argument: String {
        switch self {
        case .iso8601: return "dates=iso8601"
        case .day: return "dateFormat=\"yyyy-MM-dd\""
        case .secondsSince1970: return "dates=secondsSince1970"
        }
    }
}

/// A type as an attribute or payload holds it.
indirect enum ImportedTypeReference: Hashable {
    /// A standard or Foundation type: `String`, `Int64`, `URL`, `Bool`.
    case swift(String)
    case date(ImportedDateStyle)
    /// A type this import writes (a component, or a schema written inline and named after where
    /// it stands).
    case model(String)
    /// Any JSON value, kept as it was read (ValuegenRuntime's `RawJSON`).
    case rawJSON
    case array(ImportedTypeReference)
    case dictionary(ImportedTypeReference)

    /// The Swift spelling: `[String: [Date]]`.
    var spelling: String {
        switch self {
        case .swift(let name), .model(let name): return name
        case .date: return "Date"
        case .rawJSON: return "RawJSON"
        case .array(let element): return "[\(element.spelling)]"
        case .dictionary(let value): return "[String: \(value.spelling)]"
        }
    }

    /// The date style a `%coding` annotation must give: a `Date` or `[Date]`'s.
    var dateStyle: ImportedDateStyle? {
        switch self {
        case .date(let style): return style
        case .array(.date(let style)): return style
        default: return nil
        }
    }

    var usesRawJSON: Bool {
        switch self {
        case .rawJSON: return true
        case .array(let element), .dictionary(let element): return element.usesRawJSON
        default: return false
        }
    }

    /// The model a value holds inline (not through an array or dictionary, which keep their
    /// elements on the heap).
    var inlineModel: String? {
        if case .model(let name) = self { return name }
        return nil
    }
}

/// A property of an object.
struct ImportedAttribute: Equatable {
    /// The Swift name.
    var name: String
    /// The JSON member's name.
    var key: String
    var type: ImportedTypeReference
    var isOptional: Bool
    var documentation: String?
    /// `--constraints`: the rules checking it, as annotation lines (`%range min=0`).
    var rules: [String] = []
}

struct ImportedEnumerationCase: Equatable {
    var subtypeName: String
    /// The value in the document; nil for the unknown case.
    var value: String?
}

struct ImportedUnion: Equatable {
    /// The discriminator's property name; nil for an untagged union.
    var discriminator: String?
    var cases: [ImportedUnionCase]
    var caseKeyStyle: CodingKeyStyle?
}

struct ImportedUnionCase: Equatable {
    enum Payload: Equatable {
        /// One value of the type (`%singleAttributeSubtype`).
        case single(ImportedTypeReference)
        /// The members of an object, the discriminator's left out.
        case attributes([ImportedAttribute])
        /// The unknown case of a tagged union.
        case unknown
    }

    var subtypeName: String
    /// The discriminator's value; nil untagged.
    var tag: String?
    var payload: Payload
    var documentation: String?
}

/// A schema the mapping could not express as written, with the nearest faithful schema it wrote
/// instead. Never a silent drop: every loss is one of these.
public struct ImportWarning: Sendable, Equatable, CustomStringConvertible {
    /// The JSON pointer of the schema in the document: `#/components/schemas/Pet/properties/tag`.
    public var pointer: String
    public var message: String

    public var description: String { "\(pointer): \(message)" }
}
