import ValuegenPluginSDK

/// The names one built-in feature's code declares in and beside one type, and the names that
/// code relies on where the type's attributes are in scope: the one place that knows them, so
/// that a schema name that would collide is reported at the schema's line (`MemberCollisions`)
/// rather than by swiftc inside a generated file.
///
/// Every entry was found by generating a type with an attribute, case or type of that name and
/// typechecking the output with swiftc; names that compiled are left out, so the table says
/// what really collides. Not colliding, and so not listed: a stored `builder` and
/// `static func builder()`, or a `case description` and `var description` (static and instance
/// members may share a name); a property `with`, `hash`, `encode`, `save` or `onWillChange`
/// beside methods of that base name with arguments; ADT cases named like any generated member
/// but `binaryWireType` and `binaryLayout`; payload values named `lhs`, `rhs`, `value`, `message`, `caseNumber`,
/// `decoder` or `type` (with another coding key).
///
/// Several entries are names the generated bodies shadow rather than declare; fixing the
/// feature removes the entry (each fix was checked by hand on a generated file): Builder's
/// `toBuilder()` assigning `builder.x = self.x`; `build()` and With calling `.init(…)` rather
/// than `User(…)`; written-out Equality combining `self.x`; Description calling
/// `Swift.String(reflecting:)`; Coding's `encode(to:)` encoding `self.x` and naming
/// `Swift.DecodingError`; and JSON/Binary choosing their parameter and local names
/// (`reader`, `writer`, `field`, `lhsX`) to avoid the attribute names, as Binary's
/// `local(_:avoiding:)` already does.
struct GeneratedMembers: Sendable, Equatable {
    /// Names an attribute may not take.
    ///
    /// For a value or an object: members the feature declares in the type or its builder (a
    /// redeclaration, or an ambiguous use), and names its code uses where the attributes are
    /// members (a property hides a parameter, a local or a type of that name; a local hides
    /// the property the code means). For an ADT: names the code uses in the `switch self`
    /// cases that bind each payload value to a local of the attribute's name.
    var attributeNames: [GeneratedName] = []
    /// Names an ADT case may not take: static members of the enum, which its cases are too.
    var caseNames: [GeneratedName] = []
    /// Types the feature nests in the type or its builder. An attribute type naming one means
    /// the nested type there.
    var nestedTypes: [NestedType] = []
    /// The types inside which the feature's code spells the type's own name (`User(…)`,
    /// `lhs: User`): a nested type of that name would be meant instead.
    var spellsTypeNameIn: [String] = []
    /// Types the feature declares beside the type, at the top level of the module.
    var topLevelTypes: [GeneratedName] = []

    /// What the feature with the given canonical name generates for the type; nothing for a
    /// feature the table does not know (a plugin's). `valuegen.Validation` is Validation.
    static func of(_ feature: String, for type: ModelType) -> GeneratedMembers {
        table[builtInName(feature)]?(type) ?? GeneratedMembers()
    }

    /// Canonical feature name → what it generates for a type. Value, ADT, Object, Sendable,
    /// Matching, Persistence and Undo generate nothing an attribute's name can collide with
    /// (Persistence's `save(to:format:)` and `load(from:)` are protocol extension methods: a
    /// stored `save` or `load` compiles; Undo's `recordChanges(in:)` assigns `self?.x` and
    /// spells only `UndoRegistrar` and Observation's `ObserverToken`).
    static let table: [String: @Sendable (ModelType) -> GeneratedMembers] = [
        "Value": value,
        "Observation": observation,
        "Equality": equality,
        "Description": description,
        "With": with,
        "Validation": validation,
        "Builder": builder,
        "Coding": coding,
        "JSON": json,
        "Binary": binary,
        "Dictionary": dictionary,
        "Diffing": diffing,
    ]
}

/// A name the generated code declares or relies on, and how messages show it.
struct GeneratedName: Sendable, Equatable {
    var name: String
    /// For an ADT, the subtype whose payload alone the name concerns (it comes from that
    /// case's code); nil when it concerns every attribute of the type or every payload.
    var subtype: String?
    /// Made only for a message: every type of the module gets its table, few collide.
    private let describe: @Sendable () -> String

    init(name: String, spelling: @escaping @autoclosure @Sendable () -> String, subtype: String? = nil) {
        self.name = name
        self.describe = spelling
        self.subtype = subtype
    }

    /// What the name is, as the object of "collides with": `'var description'`,
    /// `the parameter 'reader' of 'init(from:)'`.
    var spelling: String { describe() }

    static func == (lhs: GeneratedName, rhs: GeneratedName) -> Bool {
        lhs.name == rhs.name && lhs.subtype == rhs.subtype && lhs.spelling == rhs.spelling
    }
}

/// A type a feature declares inside the type (`Settings.Change`) or inside its builder.
struct NestedType: Sendable, Equatable {
    var name: String
    /// `enum`, `struct`, `class` or `typealias`.
    var keyword: String
    /// The type it is declared in.
    var container: String

    /// `'enum Settings.Change'`.
    var spelling: String { "'\(keyword) \(container).\(name)'" }
}

// MARK: - The features

private extension GeneratedMembers {
    /// Values with `%storage indirect`: `private let _storage` and the nested
    /// `private final class Storage` that holds the attributes.
    static func value(_ type: ModelType) -> GeneratedMembers {
        guard type.hasIndirectStorage else { return GeneratedMembers() }
        let storage = NestedType(name: "Storage", keyword: "class", container: type.name)
        return GeneratedMembers(
            attributeNames: [
                GeneratedName(name: "_storage", spelling: "'private let _storage' of %storage indirect"),
                GeneratedName(name: "Storage", spelling: storage.spelling),
            ],
            nestedTypes: [storage]
        )
    }

    /// Objects: `enum Change`, `struct ObserverToken` and `class ChangeObservers` nested in the
    /// class (an attribute of such a name is ambiguous wherever code names it: Description,
    /// With, Builder, Coding…; an attribute typed so gets the nested type), and private
    /// storage: `_observationRegistrar`, `_changeObservers` and `_name` for each attribute
    /// `name` — so `_name` beside `name`, and `observationRegistrar` (whose storage would be
    /// `_observationRegistrar`), are redeclarations.
    static func observation(_ type: ModelType) -> GeneratedMembers {
        let nested = [
            NestedType(name: "Change", keyword: "enum", container: type.name),
            NestedType(name: "ObserverToken", keyword: "struct", container: type.name),
            NestedType(name: "ChangeObservers", keyword: "class", container: type.name),
        ]
        var names = nested.map { GeneratedName(name: $0.name, spelling: $0.spelling) }
        for storage in ["_observationRegistrar", "_changeObservers"] {
            names.append(GeneratedName(name: storage, spelling: "'private let \(storage)'"))
            names.append(GeneratedName(name: String(storage.dropFirst()), spelling: "'private let \(storage)', the name its storage would take"))
        }
        for attribute in type.attributes {
            names.append(GeneratedName(name: "_" + attribute.name, spelling: "'private var _\(attribute.name)', the storage of attribute '\(attribute.name)'"))
        }
        return GeneratedMembers(attributeNames: names, nestedTypes: nested)
    }

    /// Values: `hashValue` is Hashable's requirement — a stored `hashValue: Int` takes its
    /// place (swiftc warns that this is deprecated), another type makes it ambiguous.
    /// Written out (some attribute is `%skipEquality`): `hash(into hasher:)` combines the
    /// attributes by their bare names, so an attribute `hasher` is hidden by the parameter;
    /// `==` spells the type's name. ADTs written out: the same `hasher`, and `==` binds
    /// `lhsName`/`rhsName` per compared payload value, so `x` and `X` in one subtype bind
    /// `lhsX` twice.
    static func equality(_ type: ModelType) -> GeneratedMembers {
        let isWrittenOut = (type.attributes + type.cases.flatMap(\.attributes)).contains(where: \.skipsEquality)
        var members = GeneratedMembers()
        if type.kind != .adtValue {
            members.attributeNames.append(GeneratedName(name: "hashValue", spelling: "'var hashValue' of Hashable"))
        }
        guard isWrittenOut else { return members }
        members.spellsTypeNameIn = [type.name]
        members.attributeNames.append(GeneratedName(name: "hasher", spelling: "the parameter 'hasher' of 'hash(into:)'"))
        for adtCase in type.cases {
            var bound: [String: String] = [:]
            for attribute in adtCase.attributes where !attribute.skipsEquality {
                let local = "lhs" + SwiftLanguage.upperFirst(attribute.name)
                if let first = bound[local] {
                    members.attributeNames.append(GeneratedName(name: attribute.name, spelling: "the local '\(local)' that '==' binds for attribute '\(first)'", subtype: adtCase.subtypeName))
                } else {
                    bound[local] = attribute.name
                }
            }
        }
        return members
    }

    /// `var description`; its body calls `String(reflecting:)` where the attributes are
    /// members (or, in an ADT, bound locals), so an attribute `String` hides the type — unless
    /// every attribute there is `%redacted` and nothing is reflected.
    static func description(_ type: ModelType) -> GeneratedMembers {
        var names: [GeneratedName] = []
        if type.kind != .adtValue {
            names.append(GeneratedName(name: "description", spelling: "'var description'"))
        }
        for scope in attributeScopes(of: type) where scope.attributes.contains(where: { !$0.isRedacted }) {
            names.append(GeneratedName(name: "String", spelling: "the type 'String' that 'var description' calls", subtype: scope.subtype))
        }
        return GeneratedMembers(attributeNames: names)
    }

    /// `func with(name:) -> User` returns `User(…)`: an attribute named like the type hides it,
    /// and so does a nested type of that name. From `WithFeature.replacementThreshold`
    /// attributes on, the methods pass a case of the nested `private enum WithReplacement`
    /// (a member an attribute may not be named like, a type an attribute may not name); its
    /// helper's locals, parameter and bound value avoid the attributes' names.
    static func with(_ type: ModelType) -> GeneratedMembers {
        var members = GeneratedMembers(
            attributeNames: [GeneratedName(name: type.name, spelling: "the initializer call '\(type.name)(…)' in the 'with(…)' methods")],
            spellsTypeNameIn: [type.name]
        )
        if WithFeature.passesReplacement(type) {
            let replacement = NestedType(name: WithFeature.replacementTypeName, keyword: "enum", container: type.name)
            members.attributeNames.append(GeneratedName(name: replacement.name, spelling: replacement.spelling))
            members.nestedTypes.append(replacement)
        }
        return members
    }

    /// `func validate()` and `struct ValidationError` in the type, and a `private static let`
    /// per `%pattern` (`emailPattern`). In an ADT, `validate()` binds the payload values it
    /// checks to locals of their names, beside which it throws `ValidationError`; the static
    /// properties are static members an ADT case may not share (a value's attribute may: it is
    /// an instance member).
    static func validation(_ type: ModelType) -> GeneratedMembers {
        let error = NestedType(name: "ValidationError", keyword: "struct", container: type.name)
        guard type.kind == .adtValue else {
            return GeneratedMembers(
                attributeNames: [
                    GeneratedName(name: "validate", spelling: "'func validate()'"),
                    GeneratedName(name: error.name, spelling: error.spelling),
                ],
                nestedTypes: [error]
            )
        }
        return GeneratedMembers(
            attributeNames: type.casesWithRules.map { GeneratedName(name: error.name, spelling: error.spelling, subtype: $0.subtypeName) },
            caseNames: type.patternProperties.map { pattern in
                GeneratedName(name: pattern.name, spelling: "'private static let \(pattern.name)', the compiled '%pattern' of attribute '\(pattern.attributeName)'")
            },
            nestedTypes: [error]
        )
    }

    /// `UserBuilder` beside the type, with a `var` per attribute, `func build()` (which calls
    /// `User(…)`) and `typealias MissingAttributeError` of the module-wide error type; in the
    /// type, `static func builder()` and `func toBuilder()`, whose local `builder` hides an
    /// attribute `builder` it copies.
    static func builder(_ type: ModelType) -> GeneratedMembers {
        let builder = type.name + "Builder"
        let error = NestedType(name: "MissingAttributeError", keyword: "typealias", container: builder)
        return GeneratedMembers(
            attributeNames: [
                GeneratedName(name: "toBuilder", spelling: "'func toBuilder()'"),
                GeneratedName(name: "builder", spelling: "the local 'builder' of 'toBuilder()'"),
                GeneratedName(name: "build", spelling: "'func build()' of '\(builder)'"),
                GeneratedName(name: error.name, spelling: error.spelling),
                GeneratedName(name: type.name, spelling: "the initializer call '\(type.name)(…)' in '\(builder).build()'"),
                GeneratedName(name: builder, spelling: "the initializer call '\(builder)()' in 'builder()' and 'toBuilder()'"),
            ],
            nestedTypes: [error],
            spellsTypeNameIn: [builder],
            topLevelTypes: [GeneratedName(name: builder, spelling: "'struct \(builder)'")]
        )
    }

    /// Every key is the module's `ValuegenCodingKey`, which an attribute of that name (a
    /// property, or a payload value bound in `encode(to:)`) would hide. Values and
    /// objects: `encode(to encoder:)` whose local `container` and parameter `encoder` hide
    /// attributes it encodes by their bare names, `init(from:)` decoding `T.self` for every
    /// attribute type, and with required legacy-keyed attributes `static func valueMissing`,
    /// which throws `DecodingError`. ADTs: `encode(to:)` binds the payload beside `encoder`,
    /// `container` and `payload`.
    static func coding(_ type: ModelType) -> GeneratedMembers {
        let keyType = GeneratedName(name: CodingFeature.keyTypeName, spelling: "the module's key type '\(CodingFeature.keyTypeName)' that 'init(from:)' and 'encode(to:)' name")
        var members = GeneratedMembers()
        if type.kind == .adtValue {
            members.attributeNames = [
                GeneratedName(name: "encoder", spelling: "the parameter 'encoder' of 'encode(to:)'"),
                GeneratedName(name: "container", spelling: "the local 'container' of 'encode(to:)'"),
                GeneratedName(name: "payload", spelling: "the local 'payload' of 'encode(to:)'"),
            ]
            if type.codesKeys {
                members.attributeNames.append(keyType)
            }
        } else {
            members.attributeNames = [
                keyType,
                GeneratedName(name: "encoder", spelling: "the parameter 'encoder' of 'encode(to:)'"),
                GeneratedName(name: "container", spelling: "the local 'container' of 'encode(to:)'"),
            ]
            members.attributeNames += decodedTypeNames(attributeScopes(of: type))
            if type.attributes.contains(where: \.needsMissingValueError) {
                members.attributeNames.append(GeneratedName(name: "DecodingError", spelling: "the type 'DecodingError' that 'valueMissing(_:in:)' throws"))
            }
        }
        return members
    }

    /// `init(from reader:)` reads each attribute into a local of its name (one more per legacy
    /// key, `nameLegacy1`…), which hides the parameter `reader`, and calls `T(from:)` for every
    /// attribute type. An ADT's `encode(to writer:)` binds the payload beside `writer`.
    static func json(_ type: ModelType) -> GeneratedMembers {
        let scopes = attributeScopes(of: type)
        var names = [GeneratedName(name: "reader", spelling: "the parameter 'reader' of 'init(from:)'")]
        if type.kind == .adtValue {
            names.append(GeneratedName(name: "writer", spelling: "the parameter 'writer' of 'encode(to:)'"))
        }
        return GeneratedMembers(attributeNames: names + legacyKeyNames(scopes) + decodedTypeNames(scopes))
    }

    /// `init(from reader:)` reads each attribute into a local of its name, which hides the
    /// parameter `reader`, assigns them in a closure whose parameter `field` hides an attribute
    /// `field`, and reads `T.self` for every attribute type. `static var binaryWireType` and
    /// `static var binaryLayout` are static members an ADT case may not share; an ADT's `encode(to writer:)` binds the
    /// payload beside `writer`.
    static func binary(_ type: ModelType) -> GeneratedMembers {
        var members = GeneratedMembers(attributeNames: [
            GeneratedName(name: "reader", spelling: "the parameter 'reader' of 'init(from:)'"),
            GeneratedName(name: "field", spelling: "the closure parameter 'field' in 'init(from:)'"),
        ])
        if type.kind == .adtValue {
            members.attributeNames.append(GeneratedName(name: "writer", spelling: "the parameter 'writer' of 'encode(to:)'"))
            members.caseNames = [
                GeneratedName(name: "binaryWireType", spelling: "'static var binaryWireType'"),
                GeneratedName(name: "binaryLayout", spelling: "'static var binaryLayout'"),
            ]
        }
        members.attributeNames += decodedTypeNames(attributeScopes(of: type))
        return members
    }

    /// A value or an object declares `var dictionaryRepresentation` and `var propertyListValue`;
    /// `init(dictionary:)` reads each attribute into a local of its name, as JSON does, and
    /// names every attribute type. An ADT's code chooses its locals to avoid the payload's names.
    static func dictionary(_ type: ModelType) -> GeneratedMembers {
        var names = decodedTypeNames(attributeScopes(of: type))
        if type.kind != .adtValue {
            names.insert(GeneratedName(name: "propertyListValue", spelling: "'var propertyListValue'"), at: 0)
            names.insert(GeneratedName(name: "dictionaryRepresentation", spelling: "'var dictionaryRepresentation'"), at: 0)
        }
        return GeneratedMembers(attributeNames: names)
    }

    /// `enum Attribute` nested in the type (an attribute of that name is ambiguous wherever
    /// code names it; an attribute typed `Attribute` gets the nested enum), and in an ADT
    /// `enum Difference` too. The comparisons read `self.x` and `other.x`, or bind payload
    /// values by position, so no attribute name is hidden; a case named like an attribute
    /// (`case default`, `case allCases`, `case Type`) compiles. An object's
    /// `changedAttributes(from other: Settings)` spells the class's name (`Self` would be
    /// covariant); a value's and an ADT's say `Self`.
    static func diffing(_ type: ModelType) -> GeneratedMembers {
        var nested = [NestedType(name: "Attribute", keyword: "enum", container: type.name)]
        if type.kind == .adtValue {
            nested.append(NestedType(name: "Difference", keyword: "enum", container: type.name))
            return GeneratedMembers(nestedTypes: nested)
        }
        // `Attribute` has a case per attribute, and CaseIterable's synthesized `allCases` would
        // be redeclared by a case of that name (an error that only whole-module builds report).
        let allCases = GeneratedName(name: "allCases", spelling: "'static var allCases' of 'enum \(type.name).Attribute', whose cases are the attributes' names")
        return GeneratedMembers(
            attributeNames: nested.map { GeneratedName(name: $0.name, spelling: $0.spelling) } + [allCases],
            nestedTypes: nested,
            spellsTypeNameIn: type.kind == .object ? [type.name] : []
        )
    }
}

// MARK: - Names that depend on the attributes

private extension GeneratedMembers {
    /// Attributes that share one scope in generated code: a value's or an object's (members),
    /// or one ADT case's payload (locals of that case's code).
    struct AttributeScope {
        var subtype: String?
        var attributes: [Attribute]
    }

    static func attributeScopes(of type: ModelType) -> [AttributeScope] {
        guard type.kind == .adtValue else {
            return [AttributeScope(subtype: nil, attributes: type.attributes)]
        }
        return type.cases.filter { !$0.attributes.isEmpty }.map { AttributeScope(subtype: $0.subtypeName, attributes: $0.attributes) }
    }

    /// Decoding spells every attribute type as an expression (`URL.self`, `URL(from:)`), where
    /// an attribute named like the type's first name hides it (`Swift` for `Swift.Int`).
    static func decodedTypeNames(_ scopes: [AttributeScope]) -> [GeneratedName] {
        var names: [GeneratedName] = []
        for scope in scopes {
            // Only a type name that is also an attribute's name of the scope can collide: the
            // others are not listed, so that the table costs nothing for most types.
            let attributeNames = Set(scope.attributes.map(\.name))
            var seen: Set<String> = []
            for attribute in scope.attributes {
                for use in attribute.type.uses where !use.isConstraint {
                    let name = use.firstComponent
                    if attributeNames.contains(name), seen.insert(name).inserted {
                        names.append(GeneratedName(name: name, spelling: "the type '\(name)' that 'init(from:)' decodes", subtype: scope.subtype))
                    }
                }
            }
        }
        return names
    }

    /// JSON names each legacy key's local `nameLegacy1`, `nameLegacy2`….
    static func legacyKeyNames(_ scopes: [AttributeScope]) -> [GeneratedName] {
        scopes.flatMap { scope in
            scope.attributes.flatMap { attribute in
                attribute.legacyCodingKeys.enumerated().map { index, key in
                    let name = "\(attribute.name)Legacy\(index + 1)"
                    return GeneratedName(name: name, spelling: "'\(name)', the name of the legacy key \(SwiftLanguage.stringLiteral(key)) of '\(attribute.name)'", subtype: scope.subtype)
                }
            }
        }
    }
}
