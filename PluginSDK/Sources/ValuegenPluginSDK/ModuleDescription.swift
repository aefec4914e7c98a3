/// Every model type of the run — the whole target under the build plugin, every file a
/// `valuegen generate` names — as the module stage decided it, so that a feature can reason
/// across files: whether a type another file declares includes it, is an object, or holds a
/// `Date`. protoc sends each plugin every dependency of a file; this is Valuegen's equivalent.
///
/// Deliberately smaller than ``ModelType``: no comments, annotations, defaults or locations,
/// because every request of the run carries all of it. The request's own file's types are in
/// ``GenerationRequest/types`` in full, and in ``types`` here too.
///
/// Present in requests of ``GenerationRequest/schemaVersion`` 2 and later. The host builds it
/// once per run and shares it (and its JSON) between the requests of every file.
public struct ModuleDescription: Codable, Sendable, Equatable {
    /// Every type of the module's schema files: files in path order, types in declaration order.
    public let types: [ModuleType]
    /// The description's JSON, made once and then copied into every request's bytes; nil
    /// unless ``encodedOnce()`` made it.
    let encoded: EncodedModule?

    /// A description of the given types.
    public init(types: [ModuleType]) {
        self.types = types
        self.encoded = nil
    }

    /// The same description with its JSON made now, once: every request that carries the
    /// result then splices the same bytes instead of serializing the module again.
    public func encodedOnce() -> ModuleDescription {
        ModuleDescription(types: types, encoded: EncodedModule(json))
    }

    private init(types: [ModuleType], encoded: EncodedModule) {
        self.types = types
        self.encoded = encoded
    }

    /// Whether `other` is this very description: the same one made once per run (compared by
    /// identity, without reading the types), or, when either was made by hand, equal types.
    /// How the host tells that a plugin which took the module once already has this one.
    public func isSameDescription(as other: ModuleDescription) -> Bool {
        if let encoded, let otherEncoded = other.encoded {
            return encoded === otherEncoded
        }
        return self == other
    }

    /// The type with the given name, if a schema file of the module declares it.
    public func type(named name: String) -> ModuleType? {
        types.first { $0.name == name }
    }

    /// The types that include the feature with the given canonical name, in module order.
    public func types(including feature: String) -> [ModuleType] {
        types.filter { $0.includes.contains(feature) }
    }

    private enum CodingKeys: String, CodingKey {
        case types
    }

    public init(from decoder: any Decoder) throws {
        self.init(types: try decoder.container(keyedBy: CodingKeys.self).decode([ModuleType].self, forKey: .types))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(types, forKey: .types)
    }

    /// Two descriptions are equal when their types are; whether the JSON is made does not count.
    public static func == (lhs: ModuleDescription, rhs: ModuleDescription) -> Bool {
        lhs.types == rhs.types
    }
}

/// The JSON of a module description, as a tree (for `valuegen.query`, shared by reference) and
/// as bytes (spliced into each request). Immutable once made, so sharing it across threads is safe.
final class EncodedModule: Sendable {
    let tree: JSONValue
    let bytes: [UInt8]

    init(_ tree: JSONValue) {
        self.tree = tree
        self.bytes = JSONSerializer.serialize(tree)
    }
}

/// One type of the module: enough to know what it is and what it holds, not how it is written.
public struct ModuleType: Codable, Sendable, Equatable {
    /// The Swift name of the type, e.g. `User`.
    public var name: String
    /// Which kind of declaration the type becomes.
    public var kind: ModelKind
    /// The path of the schema file that declares it, as the generator was given it
    /// (``SchemaFileDescription/path``).
    public var file: String
    /// The canonical names of every feature the type gets, as ``ModelType/includes``: after
    /// defaults, configuration, `includes(...)` and `excludes(...)`, and after the module
    /// stage left out the defaults that cannot hold for it.
    public var includes: [String]
    /// The attributes of a value or an object, in declaration order; empty for an ADT.
    public var attributes: [ModuleAttribute]
    /// The cases of an ADT, in declaration order; empty for a value or an object.
    public var cases: [ModuleCase]

    /// A module type; the host makes these, a plugin's tests may too.
    public init(name: String, kind: ModelKind, file: String, includes: [String] = [], attributes: [ModuleAttribute] = [], cases: [ModuleCase] = []) {
        self.name = name
        self.kind = kind
        self.file = file
        self.includes = includes
        self.attributes = attributes
        self.cases = cases
    }

    /// Whether the type gets the feature with the given canonical name.
    public func includes(_ feature: String) -> Bool {
        includes.contains(feature)
    }
}

/// An attribute of a module type, or a labelled payload of one of its cases.
public struct ModuleAttribute: Codable, Sendable, Equatable {
    /// The attribute's name as written in the schema (unescaped).
    public var name: String
    /// The full Swift spelling of its type, as ``TypeReference/swift``.
    public var type: String
    /// The type as a tree, as ``TypeReference/structure``.
    public var structure: TypeStructure

    /// A module attribute; the host makes these, a plugin's tests may too.
    public init(name: String, type: String, structure: TypeStructure) {
        self.name = name
        self.type = type
        self.structure = structure
    }
}

/// A case of a module ADT.
public struct ModuleCase: Codable, Sendable, Equatable {
    /// The Swift case name (unescaped), as ``ADTCase/name``.
    public var name: String
    /// The labelled payload; empty for a plain case or a single unlabelled payload.
    public var attributes: [ModuleAttribute]
    /// The Swift spelling of a single unlabelled payload (`%singleAttributeSubtype attributeType=`).
    public var singleValueType: String?
    /// That payload's type as a tree; present exactly when ``singleValueType`` is.
    public var singleValueStructure: TypeStructure?

    /// A module case; the host makes these, a plugin's tests may too.
    public init(name: String, attributes: [ModuleAttribute] = [], singleValueType: String? = nil, singleValueStructure: TypeStructure? = nil) {
        self.name = name
        self.attributes = attributes
        self.singleValueType = singleValueType
        self.singleValueStructure = singleValueStructure
    }
}
