import ValuegenPluginSDK

// What Coding and JSON agree on, so that the same value gives the same JSON through either
// feature and each reads the other's output: which types can be coded, how a member is
// found (primary key, then legacy keys in order, then the default or nil), and when a
// missing member is an error.

enum CodingRules {
    /// Whether the type can be coded; reports every attribute in the way. Transient
    /// attributes are never coded, so their types do not matter.
    static func canCode(_ type: ModelType, feature: String, emitter: any Emitter) -> Bool {
        var codable = true
        for value in type.codedStoredValues where value.type.containsExistential {
            emitter.diagnose(.error, "\(value.description) has type '\(value.type.swift)', which cannot be coded; exclude \(feature) or use a concrete type", at: value.location)
            codable = false
        }
        let coding = type.codingOfCases
        guard type.kind == .adtValue, coding.form == .internallyTagged else { return codable }
        for adtCase in type.cases {
            for attribute in adtCase.codedAttributes where attribute.codingKey == coding.discriminator {
                emitter.diagnose(.error, "attribute '\(attribute.name)' of subtype '\(adtCase.subtypeName)' is coded under \"\(coding.discriminator)\", which holds the case's tag; give it another %codingKey, or the type another discriminator with %coding discriminator=", at: attribute.location)
                codable = false
            }
        }
        return codable
    }

    /// What JSON and Dictionary generate alike: for each type that includes `feature` and can
    /// be coded (with dictionaries keyed by String or integers only, as JSON objects), an extension
    /// conforming to `conformance` whose body `body` writes; ValuegenRuntime imported when any.
    static func emitRuntimeConformances(_ request: GenerationRequest, feature: String, conformance: String, emitter: any Emitter, body: (inout CodePrinter, ModelType, String) -> Void) {
        let types = request.types(including: feature).filter { type in
            canCode(type, feature: feature, emitter: emitter) && hasObjectKeyedDictionariesOnly(type, feature: feature, emitter: emitter)
        }
        if !types.isEmpty {
            emitter.emitImport("ValuegenRuntime")
        }
        let access = request.accessLevel.modifier
        for type in types {
            var printer = CodePrinter()
            printer.block("extension \(type.name): \(StandardNames.name(conformance))") { body(&$0, type, access) }
            emitter.emitDeclaration(printer.text, attachedTo: type.name)
        }
    }
}

extension ModelType {
    /// The stored values coding features read and write: all but `%transient` attributes.
    var codedStoredValues: [StoredValue] {
        // A value's or an object's by name: the attributes a type adopts from one protocol share
        // a location. An ADT's payload attributes by location (two cases may use one name).
        let transientNames = Set(attributes.filter(\.isTransient).map(\.name))
        let transientPayloads = cases.flatMap(\.attributes).filter(\.isTransient).map(\.location)
        guard !transientNames.isEmpty || !transientPayloads.isEmpty else { return storedValues }
        return storedValues.filter { value in
            if kind != .adtValue, let name = value.attributeName {
                return !transientNames.contains(name)
            }
            return !transientPayloads.contains(value.location)
        }
    }

    /// Whether `Coding`'s code for the type calls ValuegenRuntime: a date style, lenient
    /// integers or integer keys (its container extensions), an `%unknownCase` (`RawJSON`), or
    /// untagged cases (`UntaggedDecodingAttempts`).
    var codingNeedsRuntime: Bool {
        adtCoding?.unknownCase != nil || adtCoding?.form == .untagged || (attributes + cases.flatMap(\.attributes)).contains { attribute in
            attribute.codingRules.dateStyle != nil || attribute.codingRules.acceptsIntegerStrings || attribute.type.isKeyedByOtherIntegers
        }
    }

    /// Whether `Coding`'s code for the type names `ValuegenCodingKey`: every value and object
    /// does, and every ADT but a plain enumeration coded as a bare string.
    var codesKeys: Bool {
        kind != .adtValue || codingOfCases.form != .string
    }

    /// The attributes coding features read and write: all but the `%transient` ones.
    var codedAttributes: [Attribute] {
        attributes.filter { !$0.isTransient }
    }
}

extension ADTCase {
    /// The payload attributes coding features read and write: all but the `%transient` ones.
    var codedAttributes: [Attribute] {
        attributes.filter { !$0.isTransient }
    }

    /// Whether the case is the ADT's `%unknownCase`.
    func isUnknownCase(of type: ModelType) -> Bool {
        type.codingOfCases.unknownCase == name
    }
}

extension ModelType {
    /// The ADT's cases but its `%unknownCase`.
    var knownCases: [ADTCase] {
        let unknown = codingOfCases.unknownCase
        return cases.filter { $0.name != unknown }
    }

    /// The ADT's `%unknownCase`, if it has one.
    var unknownCase: ADTCase? {
        let unknown = codingOfCases.unknownCase
        return cases.first { $0.name == unknown }
    }
}

extension Attribute {
    /// The value a decoder gives a `%transient` attribute, which it never reads: its default,
    /// or nil.
    var transientValue: String {
        defaultFallback ?? "nil"
    }

    /// Required, without a default or legacy keys: the member must be there and not null.
    var decodesStrictly: Bool {
        !type.isOptional && defaultValue == nil && legacyCodingKeys.isEmpty
    }

    /// Required, without a default, and with legacy keys: decoding tries each key and fails
    /// for the primary one when none has a value.
    var needsMissingValueError: Bool {
        !type.isOptional && defaultValue == nil && !legacyCodingKeys.isEmpty
    }

    /// An optional whose default is not nil (`note: String? = "x"`): a missing value takes
    /// the default, so nil is written explicitly (JSON `null`, Coding `encodeNil`, a Binary
    /// explicit nil) and read back as nil, as serde and Codable users expect.
    var writesExplicitNil: Bool {
        type.isOptional && defaultValue != nil && defaultValue != "nil"
    }

    /// The default as the last operand of `??`, parenthesized unless it is a single token.
    var defaultFallback: String? {
        defaultValue.map { $0.isSingleToken ? $0 : "(\($0))" }
    }
}

private extension String {
    /// Whether the expression needs no parentheses after `??`: no spaces and no operators
    /// of lower precedence (`?:`, `=`), e.g. `"00000"`, `0`, `.standard`, `[]`.
    var isSingleToken: Bool {
        !contains(where: { $0 == " " || $0 == "?" || $0 == ":" || $0 == "=" })
    }
}
