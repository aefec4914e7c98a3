/// One type declared in a schema file: a value, an ADT or an object.
public struct ModelType: Codable, Sendable, Equatable {
    /// The Swift name of the type, e.g. `User`.
    public var name: String
    /// Which kind of declaration the type becomes.
    public var kind: ModelKind
    /// The doc comment lines written before the type, without the leading `#`.
    public var comments: [String]
    /// The canonical names of every feature the type gets after defaults, configuration,
    /// `includes(...)` and `excludes(...)` are applied, in a stable order.
    public var includes: [String]
    /// The annotations written before the type, including ones Valuegen does not know.
    public var annotations: [Annotation]
    /// The attributes of a value or an object, in declaration order; empty for an ADT.
    public var attributes: [Attribute]
    /// The cases of an ADT, in declaration order; empty for a value or an object.
    public var cases: [ADTCase]
    /// Whether every stored value of the type is known to be `Sendable`.
    public var canBeSendable: Bool
    /// How an ADT is coded (see ``codingOfCases``); nil for values and objects, and in
    /// requests from older hosts.
    public var adtCoding: ADTCoding?
    /// The schema protocols the type adopts, as written after its name (`Post: Timestamped,
    /// Identified`); the attributes they declare are in ``attributes`` (see
    /// ``Attribute/protocolName``). Empty when it adopts none, and in requests from older hosts.
    public var protocols: [String]
    /// Where the type's name is written.
    public var location: SourceLocation

    /// A type; the host makes these from the schema, a plugin's tests may too.
    public init(
        name: String,
        kind: ModelKind,
        comments: [String] = [],
        includes: [String] = [],
        annotations: [Annotation] = [],
        attributes: [Attribute] = [],
        cases: [ADTCase] = [],
        canBeSendable: Bool = true,
        adtCoding: ADTCoding? = nil,
        protocols: [String] = [],
        location: SourceLocation
    ) {
        self.name = name
        self.kind = kind
        self.comments = comments
        self.includes = includes
        self.annotations = annotations
        self.attributes = attributes
        self.cases = cases
        self.canBeSendable = canBeSendable
        self.adtCoding = adtCoding
        self.protocols = protocols
        self.location = location
    }

    /// Whether the type gets the feature with the given canonical name.
    public func includes(_ feature: String) -> Bool {
        includes.contains(feature)
    }

    /// The first annotation with the given name, if any.
    public func annotation(_ name: String) -> Annotation? {
        annotations.first { $0.name == name }
    }

    /// Whether the value keeps its attributes in one shared, reference-counted box
    /// (`%storage indirect`): its stored properties are then read through computed ones.
    public var hasIndirectStorage: Bool {
        kind == .value && annotation("storage")?.bareValue == "indirect"
    }
}

/// A stored attribute of a value or an object, or a labelled payload of an ADT case.
public struct Attribute: Codable, Sendable, Equatable {
    /// The attribute's name as written in the schema (unescaped), e.g. `userId` or `default`.
    public var name: String
    /// The attribute's Swift type.
    public var type: TypeReference
    /// The default value: a Swift expression copied from the schema, if one was written.
    public var defaultValue: String?
    /// The key used when coding: `%codingKey name=`, else the name in the key style of the
    /// type's `%codingKeys style=` or of valuegen.json's `codingKeys` (`imageURL` → `image_url`),
    /// else the attribute's name. Computed when generating; every coding feature uses it as is.
    public var codingKey: String
    /// Further keys accepted when decoding (`%codingLegacyKey name=`), in the order written.
    public var legacyCodingKeys: [String]
    /// Whether descriptions print `<redacted>` instead of the value (`%redacted`).
    public var isRedacted: Bool
    /// Whether equality and hashing leave the attribute out (`%skipEquality`).
    public var skipsEquality: Bool
    /// How coding features treat the attribute beyond its keys (`%transient`, `%coding`, and
    /// valuegen.json's `coding`); nil when nothing differs from the defaults (see ``codingRules``).
    public var coding: AttributeCoding?
    /// The doc comment lines written before the attribute.
    public var comments: [String]
    /// The annotations written before the attribute, including ones Valuegen does not know.
    public var annotations: [Annotation]
    /// The schema protocol that declares the attribute, when the type has it by adopting one
    /// (`Post: Timestamped`); nil for the type's own attributes and in a protocol's own list.
    public var protocolName: String?
    /// Where the attribute's name is written; for an attribute a type adopts from a protocol,
    /// where the protocol's name is written after the type's (`Post: Timestamped`).
    public var location: SourceLocation

    /// An attribute; `codingKey` defaults to the name.
    public init(
        name: String,
        type: TypeReference,
        defaultValue: String? = nil,
        codingKey: String? = nil,
        legacyCodingKeys: [String] = [],
        isRedacted: Bool = false,
        skipsEquality: Bool = false,
        coding: AttributeCoding? = nil,
        comments: [String] = [],
        annotations: [Annotation] = [],
        protocolName: String? = nil,
        location: SourceLocation
    ) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.codingKey = codingKey ?? name
        self.legacyCodingKeys = legacyCodingKeys
        self.isRedacted = isRedacted
        self.skipsEquality = skipsEquality
        self.coding = coding
        self.comments = comments
        self.annotations = annotations
        self.protocolName = protocolName
        self.location = location
    }

    /// The first annotation with the given name, if any.
    public func annotation(_ name: String) -> Annotation? {
        annotations.first { $0.name == name }
    }

    /// The default used by initializers: the schema's default, or `nil` for an optional.
    public var initializerDefault: String? {
        defaultValue ?? (type.isOptional ? "nil" : nil)
    }
}

/// One case of an ADT (`.adtValue`): a subtype of the schema.
public struct ADTCase: Codable, Sendable, Equatable {
    /// The subtype's name as written, e.g. `FirstSubtype`.
    public var subtypeName: String
    /// The Swift case name (unescaped): the lowerCamelCase subtype name, e.g. `firstSubtype`.
    public var name: String
    /// The labelled payload; empty for a plain case or a single unlabelled payload.
    public var attributes: [Attribute]
    /// The type of a single unlabelled payload (`%singleAttributeSubtype attributeType=`).
    public var singleValueType: TypeReference?
    /// The tag that names the case when coding: `%caseKey name=`, else the case's name in the
    /// key style of the ADT's `%caseKeys style=` or the configuration's `caseKeys`; nil when it
    /// is the case's name (see ``tag``).
    public var codingTag: String?
    /// Whether the case is declared `indirect`: its payload holds, inline (seen through
    /// Optional only), a generated type that holds this ADT again, so Swift must box it.
    public var isIndirect: Bool
    /// The doc comment lines written before the subtype.
    public var comments: [String]
    /// The annotations written before the subtype.
    public var annotations: [Annotation]
    /// Where the subtype's name is written.
    public var location: SourceLocation

    /// A case of an ADT.
    public init(
        subtypeName: String,
        name: String,
        attributes: [Attribute] = [],
        singleValueType: TypeReference? = nil,
        codingTag: String? = nil,
        isIndirect: Bool = false,
        comments: [String] = [],
        annotations: [Annotation] = [],
        location: SourceLocation
    ) {
        self.subtypeName = subtypeName
        self.name = name
        self.attributes = attributes
        self.singleValueType = singleValueType
        self.codingTag = codingTag
        self.isIndirect = isIndirect
        self.comments = comments
        self.annotations = annotations
        self.location = location
    }

    /// Whether the case carries no payload.
    public var isPlain: Bool { attributes.isEmpty && singleValueType == nil }

    /// The first annotation with the given name, if any.
    public func annotation(_ name: String) -> Annotation? {
        annotations.first { $0.name == name }
    }
}

/// An annotation line such as `%codingKey name="zip code"`.
public struct Annotation: Codable, Sendable, Equatable {
    /// The name after `%`, e.g. `codingKey`.
    public var name: String
    /// The `key=value` arguments in the order written.
    public var arguments: [AnnotationArgument]
    /// Where the `%` is written.
    public var location: SourceLocation

    /// An annotation with the given name (without `%`), arguments and location.
    public init(name: String, arguments: [AnnotationArgument] = [], location: SourceLocation) {
        self.name = name
        self.arguments = arguments
        self.location = location
    }

    /// The value of the first argument with the given key, if any.
    public subscript(key: String) -> String? {
        arguments.first { $0.key == key }?.value
    }

    /// The bare value of an annotation written with one, `indirect` in `%storage indirect`
    /// (an argument whose key is empty); nil otherwise.
    public var bareValue: String? {
        self[""]
    }
}

/// One `key=value` argument of an annotation.
public struct AnnotationArgument: Codable, Sendable, Equatable {
    /// The name before `=`, e.g. `name`.
    public var key: String
    /// The value after `=`, unquoted and unescaped: `zip code` for `name="zip code"`.
    public var value: String
    /// Where the key is written, so that a diagnostic can point at the argument rather than
    /// at the `%`. Present in requests of ``GenerationRequest/schemaVersion`` 2 and later.
    public var location: SourceLocation?
    /// Where the value is written: its first character, the opening quote of a quoted value.
    /// Present in requests of ``GenerationRequest/schemaVersion`` 2 and later.
    public var valueLocation: SourceLocation?

    /// An argument with the given key and value, and where they are written when known.
    public init(key: String, value: String, location: SourceLocation? = nil, valueLocation: SourceLocation? = nil) {
        self.key = key
        self.value = value
        self.location = location
        self.valueLocation = valueLocation
    }
}
