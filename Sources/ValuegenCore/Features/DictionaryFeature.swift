import ValuegenPluginSDK

/// `DictionaryCodable` through ValuegenRuntime (docs/Language.md, "Dictionary"): values and
/// objects get `init(dictionary:)` and `dictionaryRepresentation`, a `[String: Any]` that
/// `PropertyListSerialization` accepts; ADTs get `init(propertyListValue:)` and
/// `propertyListValue`, as an ADT in the string or externally tagged representation can be a
/// bare string. Keys, legacy keys, defaults, optionals, transient attributes, date styles,
/// lenient integers and the ADT representations are those of the JSON feature, so that the same
/// value gives the same tree as the JSON.
struct DictionaryFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn("Dictionary", annotations: FeatureDescriptor.codingAnnotations)

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        // A property list has no null for an optional single value, and a property-list value
        // no offset to try cases from: untagged ADTs are JSON's and Coding's only. The file has
        // an error then, so nothing of it is written.
        let untagged = request.types(including: descriptor.name).filter { $0.adtCoding?.form == .untagged }
        for type in untagged {
            emitter.diagnose(.error, "'\(type.name)' is untagged, and Dictionary codes only tagged ADTs; remove Dictionary from its includes (or exclude it), or give it a tagged representation", at: type.annotation("coding")?.location ?? type.location)
        }
        guard untagged.isEmpty else { return }
        CodingRules.emitRuntimeConformances(request, feature: descriptor.name, conformance: "DictionaryCodable", emitter: emitter) { body, type, access in
            if type.kind == .adtValue {
                body.adtDictionary(type, access: access)
            } else {
                body.attributesDictionary(type, access: access)
            }
        }
    }
}

extension CodePrinter {
    // MARK: Values and objects

    fileprivate mutating func attributesDictionary(_ type: ModelType, access: String) {
        let names = Set(type.attributes.map(\.swiftName))
        let parameter = Self.unique("dictionary", avoiding: names)
        let members = Self.unique("members", avoiding: names.union([parameter]))
        let initializer = type.kind == .object ? "\(access)convenience init" : "\(access)init"
        let label = parameter == "dictionary" ? parameter : "dictionary \(parameter)"
        block("\(initializer)(\(label): [\(StandardNames.name("String")): Any]) throws(\(StandardNames.name("DictionaryError")))") { method in
            method.line("let \(members) = \(StandardNames.name("DictionaryMembers"))(\(parameter))")
            method.dictionaryReadMembers(type.codedAttributes, from: members)
            method.parameterList(opening: "self.init(", type.initializerArguments(type.attributes.dictionaryValueExpressions), closing: ")")
            method.dictionaryValidation(of: type, members: members)
        }
        line()
        block("\(initializer)(propertyListValue: Any) throws(\(StandardNames.name("DictionaryError")))") { method in
            method.line("try self.init(dictionary: \(StandardNames.name("DictionaryMembers"))(propertyListValue: propertyListValue).dictionary)")
        }
        line()
        block("\(access)var dictionaryRepresentation: [\(StandardNames.name("String")): Any]") { getter in
            getter.line("var dictionary: [\(StandardNames.name("String")): Any] = [:]")
            getter.dictionaryWriteMembers(type.codedAttributes, into: "dictionary", source: { "self.\($0.swiftName)" })
            getter.line("return dictionary")
        }
        line()
        block("\(access)var propertyListValue: Any") { getter in
            getter.line("dictionaryRepresentation")
        }
    }

    // MARK: Shared pieces

    /// A broken invariant is a `DictionaryError` at the value; the members it is read from add
    /// its key path as it passes out (`$.members[1]`). A value's error is made by its `members`
    /// (an attribute named `DictionaryError` would hide the type there), an ADT's (nil) directly.
    mutating func dictionaryValidation(of type: ModelType, members: String?) {
        let failure = members.map { "\($0).error(\"\\(error)\")" } ?? "\(StandardNames.name("DictionaryError"))(message: \"\\(error)\")"
        validation(of: type, rethrowing: ["throw \(failure)"])
    }

    /// `let name: Type = try members.decode…` for each attribute: the primary key, then the
    /// legacy keys in order, `NSNull` counting as absent unless the attribute is required and has
    /// no legacy keys; the default, or nil, when none has a value (see `DictionaryMembers`).
    mutating func dictionaryReadMembers(_ attributes: [Attribute], from members: String) {
        for attribute in attributes {
            line("let \(attribute.swiftName): \(attribute.type.swift) = \(attribute.dictionaryReadExpression(from: members))")
        }
    }

    /// `dictionary["key"] = value.propertyListValue` for each attribute; nil optionals are left
    /// out, as JSON leaves them out.
    mutating func dictionaryWriteMembers(_ attributes: [Attribute], into dictionary: String, source: (Attribute) -> String) {
        for attribute in attributes {
            let key = SwiftLanguage.stringLiteral(attribute.codingKey)
            if attribute.type.isOptional {
                block("if let value = \(source(attribute))") { body in
                    body.line("\(dictionary)[\(key)] = value\(attribute.propertyListWriteSuffix)")
                }
            } else {
                line("\(dictionary)[\(key)] = \(source(attribute))\(attribute.propertyListWriteSuffix)")
            }
        }
    }
}

extension Attribute {
    /// The expression that reads the attribute from the members: `try members.decode(…)`, with
    /// the date style or leniency it asks for and its default.
    func dictionaryReadExpression(from members: String) -> String {
        let keys = ([codingKey] + legacyCodingKeys).map(SwiftLanguage.stringLiteral).joined(separator: ", ")
        let required = decodesStrictly || needsMissingValueError
        let method = required ? "decodeRequired" : "decode"
        var expression: String
        if codingRules.acceptsIntegerStrings {
            expression = "try \(members).\(method)(forKeys: \(keys)) { value throws(\(StandardNames.name("DictionaryError"))) in try \(type.wrapped)(lenientPropertyListValue: value) }"
        } else if let style = codingRules.dateStyle {
            expression = "try \(members).\(method)(forKeys: \(keys)) { value throws(\(StandardNames.name("DictionaryError"))) in try \(type.wrapped)(propertyListValue: value, style: \(style.runtimeExpression)) }"
        } else {
            expression = "try \(members).\(method)(\(type.wrapped).self, forKeys: \(keys))"
        }
        if !required, let fallback = defaultFallback {
            expression += " ?? " + fallback
        }
        return expression
    }

    /// `.propertyListValue`, or `.propertyListValue(style: .secondsSince1970)` for a date with a
    /// style.
    var propertyListWriteSuffix: String {
        codingRules.dateStyle.map { ".propertyListValue(style: \($0.runtimeExpression))" } ?? ".propertyListValue"
    }
}

extension Array where Element == Attribute {
    /// The initializer's argument for each attribute after the members were read: the local
    /// of its name, or for a `%transient` attribute, never read, its default.
    var dictionaryValueExpressions: [String: String] {
        var expressions: [String: String] = [:]
        for attribute in self {
            expressions[attribute.name] = attribute.isTransient ? attribute.transientValue : attribute.swiftName
        }
        return expressions
    }
}
