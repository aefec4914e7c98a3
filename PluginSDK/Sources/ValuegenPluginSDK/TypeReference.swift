/// The Swift type of an attribute after the schema's spelling (Swift or Remodel style) is resolved.
public struct TypeReference: Codable, Sendable, Equatable, Hashable {
    /// The full Swift spelling, e.g. `[String: Double]`, `URL?`, `any Photo`.
    public var swift: String
    /// The spelling without the outermost `?`; equal to ``swift`` when the type is not optional.
    public var wrapped: String
    /// Whether the outermost type is `Optional`.
    public var isOptional: Bool
    /// Whether the outermost type is an existential (`any P`).
    public var isExistential: Bool
    /// Whether an existential appears anywhere in the type (`[any P]`, `[String: any P]?`):
    /// such a type cannot be compared, hashed or coded.
    public var containsExistential: Bool
    /// Whether values of the type are known to be `Sendable`.
    public var isSendable: Bool
    /// The type as a tree, with the module's knowledge of each name: present in requests of
    /// ``GenerationRequest/schemaVersion`` 2 and later, nil in one of version 1 or built by hand.
    public var structure: TypeStructure?

    /// A reference to the type spelled `swift`; `wrapped` defaults to `swift` and
    /// `containsExistential` to `isExistential`.
    public init(swift: String, wrapped: String? = nil, isOptional: Bool = false, isExistential: Bool = false, containsExistential: Bool? = nil, isSendable: Bool = true, structure: TypeStructure? = nil) {
        self.swift = swift
        self.wrapped = wrapped ?? swift
        self.isOptional = isOptional
        self.isExistential = isExistential
        self.containsExistential = containsExistential ?? isExistential
        self.isSendable = isSendable
        self.structure = structure
    }
}

extension TypeReference {
    /// The type as a parameter's type: a function type (Remodel's blocks, which valuegen spells
    /// in parentheses, `((Bool) -> Void)`) is `@escaping`, since the parameter is stored.
    public var parameterType: String {
        !isOptional && swift.hasPrefix("(") ? "@escaping \(swift)" : swift
    }
}
