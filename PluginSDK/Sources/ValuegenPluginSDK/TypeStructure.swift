/// A ``TypeReference`` read as a tree, so that a plugin never parses Swift type syntax:
/// `[String: Set<UUID>]?` is `.optional(.dictionary(key: String, value: .set(UUID)))`.
///
/// The sugared collections have their own nodes whichever way the schema spelled them:
/// `[T]` and `Array<T>` are ``array(element:)``, `Set<T>` is ``set(element:)``, `[K: V]`
/// and `Dictionary<K, V>` are ``dictionary(key:value:)``, `T?` and `Optional<T>` are
/// ``optional(wrapped:)``. Every other generic type is ``named(_:)`` with its arguments.
///
/// Present in requests of ``GenerationRequest/schemaVersion`` 2 and later; its JSON form is
/// `{"kind": "named" | "optional" | "array" | "set" | "dictionary" | "existential", ...}`.
///
/// A frozen set: it never gains a case in 1.x, so an exhaustive `switch` over it keeps
/// compiling (docs/WritingPlugins.md, "Source compatibility").
public indirect enum TypeStructure: Codable, Sendable, Equatable, Hashable {
    /// A named type, possibly generic: `Int`, `User`, `Foundation.Locale`, `Result<Int, Failure>`.
    case named(NamedType)
    /// `Wrapped?`.
    case optional(wrapped: TypeStructure)
    /// `[Element]`.
    case array(element: TypeStructure)
    /// `Set<Element>`.
    case set(element: TypeStructure)
    /// `[Key: Value]`.
    case dictionary(key: TypeStructure, value: TypeStructure)
    /// `any P & Q`: each constraint is a ``named(_:)`` node, in the order written.
    case existential(constraints: [TypeStructure])

    /// The name of the `"kind"` member of the JSON form.
    public var kind: String {
        switch self {
        case .named: return "named"
        case .optional: return "optional"
        case .array: return "array"
        case .set: return "set"
        case .dictionary: return "dictionary"
        case .existential: return "existential"
        }
    }

    /// The type inside any number of optionals: `User` for `User??`.
    public var unwrapped: TypeStructure {
        if case .optional(let wrapped) = self { return wrapped.unwrapped }
        return self
    }

    /// Every named type in the tree, outermost first, constraints of existentials included.
    public var namedTypes: [NamedType] {
        var found: [NamedType] = []
        collectNamedTypes(into: &found)
        return found
    }

    private func collectNamedTypes(into found: inout [NamedType]) {
        switch self {
        case .named(let named):
            found.append(named)
            named.arguments.forEach { $0.collectNamedTypes(into: &found) }
        case .optional(let inner), .array(let inner), .set(let inner):
            inner.collectNamedTypes(into: &found)
        case .dictionary(let key, let value):
            key.collectNamedTypes(into: &found)
            value.collectNamedTypes(into: &found)
        case .existential(let constraints):
            constraints.forEach { $0.collectNamedTypes(into: &found) }
        }
    }

    private enum CodingKeys: String, CodingKey {
        case kind, name, arguments, model, declaredWith, wrapped, element, key, value, constraints
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "named":
            self = .named(NamedType(
                name: try container.decode(String.self, forKey: .name),
                arguments: try container.decode([TypeStructure].self, forKey: .arguments),
                model: try container.decodeIfPresent(ModelKind.self, forKey: .model),
                declaredWith: try container.decodeIfPresent(TypeDeclarationSite.self, forKey: .declaredWith)
            ))
        case "optional": self = .optional(wrapped: try container.decode(TypeStructure.self, forKey: .wrapped))
        case "array": self = .array(element: try container.decode(TypeStructure.self, forKey: .element))
        case "set": self = .set(element: try container.decode(TypeStructure.self, forKey: .element))
        case "dictionary":
            self = .dictionary(key: try container.decode(TypeStructure.self, forKey: .key), value: try container.decode(TypeStructure.self, forKey: .value))
        case "existential": self = .existential(constraints: try container.decode([TypeStructure].self, forKey: .constraints))
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown type structure kind '\(kind)'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .named(let named):
            try container.encode(named.name, forKey: .name)
            try container.encode(named.arguments, forKey: .arguments)
            try container.encodeIfPresent(named.model, forKey: .model)
            try container.encodeIfPresent(named.declaredWith, forKey: .declaredWith)
        case .optional(let wrapped): try container.encode(wrapped, forKey: .wrapped)
        case .array(let element), .set(let element): try container.encode(element, forKey: .element)
        case .dictionary(let key, let value):
            try container.encode(key, forKey: .key)
            try container.encode(value, forKey: .value)
        case .existential(let constraints): try container.encode(constraints, forKey: .constraints)
        }
    }
}

/// A named type in a ``TypeStructure``, and what the module knows of where it is declared.
public struct NamedType: Codable, Sendable, Equatable, Hashable {
    /// The name as the resolved Swift spelling writes it: `UUID`, `User`, `Foundation.Locale`.
    public var name: String
    /// The generic arguments, in order; empty for a type that is not generic.
    public var arguments: [TypeStructure]
    /// The kind of model when the name is a schema type of the module (of any file of the run).
    public var model: ModelKind?
    /// Where a name that is not a schema type is declared, when the module declares it: with
    /// `%type` in the request's file, or in the module's own Swift code. Nil for schema types
    /// (see ``model``) and for standard library, Foundation and imported types.
    public var declaredWith: TypeDeclarationSite?

    /// A named type; the host makes these, a plugin's tests may too.
    public init(name: String, arguments: [TypeStructure] = [], model: ModelKind? = nil, declaredWith: TypeDeclarationSite? = nil) {
        self.name = name
        self.arguments = arguments
        self.model = model
        self.declaredWith = declaredWith
    }
}

/// Where a named type that is not a schema type was declared for the module.
/// A frozen set: it never gains a case in 1.x, so an exhaustive `switch` over it keeps
/// compiling (docs/WritingPlugins.md, "Source compatibility").
public enum TypeDeclarationSite: String, Codable, Sendable, Equatable, Hashable, CaseIterable {
    /// `%type name=Photo` in the schema file: a type from elsewhere, possibly named like a
    /// standard one (an `Int` declared with `%type` is not Swift's `Int` to Valuegen).
    case percentType = "%type"
    /// A type the module's own Swift files declare.
    case moduleSwiftCode = "swift"
}
