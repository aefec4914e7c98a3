import ValuegenPluginSDK

// `DictionaryCodable` for ADTs in each representation, giving the tree of what the JSON feature
// writes (`JSONFeature+ADTs.swift`): a bare string for a plain enumeration and for an externally
// tagged case without payload, a dictionary otherwise. Property lists cannot hold null, so an
// externally tagged case whose optional single payload is nil (JSON's `{"note": null}`) is its
// tag alone, and reads back as nil.

extension CodePrinter {
    mutating func adtDictionary(_ type: ModelType, access: String) {
        let coding = type.codingOfCases
        let names = Set(type.cases.flatMap { $0.attributes.map(\.swiftName) } + ["value"])
        let locals = ADTLocals(
            members: Self.unique("members", avoiding: names),
            tag: Self.unique("tag", avoiding: names),
            dictionary: Self.unique("dictionary", avoiding: names),
            payload: Self.unique("payload", avoiding: names)
        )
        switch coding.knownForm {
        case .string:
            stringDictionary(type, locals: locals, access: access)
        case .internallyTagged:
            internallyTaggedDictionary(type, coding: coding, locals: locals, access: access)
        case .externallyTagged:
            externallyTaggedDictionary(type, locals: locals, access: access)
        case .adjacentlyTagged:
            adjacentlyTaggedDictionary(type, coding: coding, locals: locals, access: access)
        case .untagged:
            preconditionFailure("DictionaryFeature.generate refuses untagged ADTs")
        }
    }

    // MARK: Representations

    private mutating func stringDictionary(_ type: ModelType, locals: ADTLocals, access: String) {
        block("\(access)init(propertyListValue: Any) throws(\(StandardNames.name("DictionaryError")))") { method in
            method.line("let \(locals.tag) = try \(StandardNames.name("String"))(propertyListValue: propertyListValue)")
            method.tagSwitch(type, tag: locals.tag, cases: type.knownCases, unknown: "\(StandardNames.name("UnknownCase"))(tag: \(locals.tag))") { body, adtCase in
                body.line("self = .\(adtCase.swiftName)")
            }
            method.dictionaryValidation(of: type, members: nil)
        }
        line()
        block("\(access)var propertyListValue: Any") { getter in
            getter.line("switch self {")
            for adtCase in type.cases {
                getter.line("case \(adtCase.bindingPattern):")
                getter.indented { body in
                    body.line("return " + (adtCase.isUnknownCase(of: type) ? "value.tag" : SwiftLanguage.stringLiteral(adtCase.tag)))
                }
            }
            getter.line("}")
        }
    }

    private mutating func internallyTaggedDictionary(_ type: ModelType, coding: ADTCoding, locals: ADTLocals, access: String) {
        block("\(access)init(propertyListValue: Any) throws(\(StandardNames.name("DictionaryError")))") { method in
            method.line("let \(locals.members) = try \(StandardNames.name("DictionaryMembers"))(propertyListValue: propertyListValue)")
            method.readTag(type, coding: coding, locals: locals)
            method.tagSwitch(type, tag: locals.tag, cases: type.knownCases, unknown: "\(StandardNames.name("UnknownCase"))(tag: \(locals.tag), json: try \(StandardNames.name("RawJSON"))(propertyListValue: propertyListValue))") { body, adtCase in
                if coding.flattensSingleValues, let single = adtCase.singleValueType {
                    // The value's members stand beside the tag: it reads the same dictionary.
                    body.line("self = .\(adtCase.swiftName)(try \(single.wrapped)(propertyListValue: propertyListValue))")
                } else if let single = adtCase.singleValueType {
                    body.readSingleValue(single, key: coding.contentKey, of: adtCase, from: locals.members)
                } else {
                    body.dictionaryReadMembers(adtCase.codedAttributes, from: locals.members)
                    body.dictionaryCaseValue(adtCase)
                }
            }
            method.dictionaryValidation(of: type, members: nil)
        }
        line()
        block("\(access)var propertyListValue: Any") { getter in
            getter.line("var \(locals.dictionary): [\(StandardNames.name("String")): Any] = [:]")
            getter.line("switch self {")
            for adtCase in type.cases {
                getter.line("case \(adtCase.codingBindingPattern):")
                getter.indented { body in
                    if adtCase.isUnknownCase(of: type) {
                        // What was read is written back whole, its tag included.
                        body.block("if let json = value.json, let tree = json.propertyListValue") { $0.line("return tree") }
                        body.line("\(locals.dictionary)[\(SwiftLanguage.stringLiteral(coding.discriminator))] = value.tag")
                        return
                    }
                    if coding.flattensSingleValues, adtCase.singleValueType != nil {
                        // The value's members (a value type's dictionary), and the tag beside them.
                        body.line("\(locals.dictionary) = value.propertyListValue as? [\(StandardNames.name("String")): Any] ?? [:]")
                        body.line("\(locals.dictionary)[\(SwiftLanguage.stringLiteral(coding.discriminator))] = \(SwiftLanguage.stringLiteral(adtCase.tag))")
                        return
                    }
                    body.line("\(locals.dictionary)[\(SwiftLanguage.stringLiteral(coding.discriminator))] = \(SwiftLanguage.stringLiteral(adtCase.tag))")
                    if let single = adtCase.singleValueType {
                        body.dictionaryWriteMembers([Attribute(name: "value", type: single, codingKey: coding.contentKey, location: adtCase.location)], into: locals.dictionary, source: { _ in "value" })
                    } else {
                        body.dictionaryWriteMembers(adtCase.codedAttributes, into: locals.dictionary, source: { $0.swiftName })
                    }
                }
            }
            getter.line("}")
            getter.line("return \(locals.dictionary)")
        }
    }

    private mutating func externallyTaggedDictionary(_ type: ModelType, locals: ADTLocals, access: String) {
        block("\(access)init(propertyListValue: Any) throws(\(StandardNames.name("DictionaryError")))") { method in
            // A case without payload is its tag alone; so is an optional single payload that is nil.
            let bare = type.knownCases.filter { $0.isPlain || $0.singleValueType?.isOptional == true }
            if !bare.isEmpty || type.unknownCase != nil {
                method.block("if let \(locals.tag) = propertyListValue as? \(StandardNames.name("String"))") { body in
                    body.tagSwitch(type, tag: locals.tag, cases: bare, unknown: "\(StandardNames.name("UnknownCase"))(tag: \(locals.tag))") { assign, adtCase in
                        assign.line("self = .\(adtCase.swiftName)\(adtCase.isPlain ? "" : "(nil)")")
                    }
                    if type.checkFunction != nil {
                        // A case read from its bare tag has no payload (or a nil one): only `%check` can refuse it.
                        body.dictionaryValidation(of: type, members: nil)
                    }
                    body.line("return")
                }
            }
            method.line("let \(locals.members) = try \(StandardNames.name("DictionaryMembers"))(propertyListValue: propertyListValue)")
            method.block("guard \(locals.members).dictionary.count == 1, let \(locals.tag) = \(locals.members).dictionary.keys.first else") { body in
                body.line("throw \(StandardNames.name("DictionaryError"))(message: \"an externally tagged \(type.name) has one member, named for its case; found \\(\(locals.members).dictionary.count)\")")
            }
            let content = "try \(locals.members).decodeRequired(forKeys: \(locals.tag)) { value throws(\(StandardNames.name("DictionaryError"))) in try \(StandardNames.name("RawJSON"))(propertyListValue: value) }"
            method.tagSwitch(type, tag: locals.tag, cases: type.knownCases, unknown: "\(StandardNames.name("UnknownCase"))(tag: \(locals.tag), json: \(content))") { body, adtCase in
                body.readCaseContent(adtCase, underKey: adtCase.tag, locals: locals)
            }
            method.dictionaryValidation(of: type, members: nil)
        }
        line()
        block("\(access)var propertyListValue: Any") { getter in
            getter.line("switch self {")
            for adtCase in type.cases {
                getter.line("case \(adtCase.codingBindingPattern):")
                getter.indented { body in
                    let tag = SwiftLanguage.stringLiteral(adtCase.tag)
                    if adtCase.isUnknownCase(of: type) {
                        body.block("if let json = value.json, let tree = json.propertyListValue") { $0.line("return [value.tag: tree] as [\(StandardNames.name("String")): Any]") }
                        body.line("return value.tag")
                    } else if adtCase.isPlain {
                        body.line("return \(tag)")
                    } else if let single = adtCase.singleValueType {
                        if single.isOptional {
                            body.block("if let value") { $0.line("return [\(tag): value.propertyListValue] as [\(StandardNames.name("String")): Any]") }
                            body.line("return \(tag)")
                        } else {
                            body.line("return [\(tag): value.propertyListValue] as [\(StandardNames.name("String")): Any]")
                        }
                    } else {
                        body.line("var \(locals.payload): [\(StandardNames.name("String")): Any] = [:]")
                        body.dictionaryWriteMembers(adtCase.codedAttributes, into: locals.payload, source: { $0.swiftName })
                        body.line("return [\(tag): \(locals.payload)] as [\(StandardNames.name("String")): Any]")
                    }
                }
            }
            getter.line("}")
        }
    }

    private mutating func adjacentlyTaggedDictionary(_ type: ModelType, coding: ADTCoding, locals: ADTLocals, access: String) {
        let contentKey = SwiftLanguage.stringLiteral(coding.contentKey)
        block("\(access)init(propertyListValue: Any) throws(\(StandardNames.name("DictionaryError")))") { method in
            method.line("let \(locals.members) = try \(StandardNames.name("DictionaryMembers"))(propertyListValue: propertyListValue)")
            method.readTag(type, coding: coding, locals: locals)
            let content = "try \(locals.members).decode(forKeys: \(contentKey)) { value throws(\(StandardNames.name("DictionaryError"))) in try \(StandardNames.name("RawJSON"))(propertyListValue: value) }"
            method.tagSwitch(type, tag: locals.tag, cases: type.knownCases, unknown: "\(StandardNames.name("UnknownCase"))(tag: \(locals.tag), json: \(content))") { body, adtCase in
                body.readCaseContent(adtCase, underKey: coding.contentKey, locals: locals)
            }
            method.dictionaryValidation(of: type, members: nil)
        }
        line()
        block("\(access)var propertyListValue: Any") { getter in
            let discriminator = SwiftLanguage.stringLiteral(coding.discriminator)
            getter.line("var \(locals.dictionary): [\(StandardNames.name("String")): Any] = [:]")
            getter.line("switch self {")
            for adtCase in type.cases {
                getter.line("case \(adtCase.codingBindingPattern):")
                getter.indented { body in
                    if adtCase.isUnknownCase(of: type) {
                        body.line("\(locals.dictionary)[\(discriminator)] = value.tag")
                        body.block("if let json = value.json, let tree = json.propertyListValue") { $0.line("\(locals.dictionary)[\(contentKey)] = tree") }
                        return
                    }
                    body.line("\(locals.dictionary)[\(discriminator)] = \(SwiftLanguage.stringLiteral(adtCase.tag))")
                    if let single = adtCase.singleValueType {
                        body.dictionaryWriteMembers([Attribute(name: "value", type: single, codingKey: coding.contentKey, location: adtCase.location)], into: locals.dictionary, source: { _ in "value" })
                    } else if !adtCase.isPlain {
                        body.line("var \(locals.payload): [\(StandardNames.name("String")): Any] = [:]")
                        body.dictionaryWriteMembers(adtCase.codedAttributes, into: locals.payload, source: { $0.swiftName })
                        body.line("\(locals.dictionary)[\(contentKey)] = \(locals.payload)")
                    }
                }
            }
            getter.line("}")
            getter.line("return \(locals.dictionary)")
        }
    }

    // MARK: Shared pieces

    /// `guard let tag = …` reading the discriminator, an error naming it when it is missing.
    private mutating func readTag(_ type: ModelType, coding: ADTCoding, locals: ADTLocals) {
        block("guard let \(locals.tag) = try \(locals.members).decode(\(StandardNames.name("String")).self, forKeys: \(SwiftLanguage.stringLiteral(coding.discriminator))) else") { body in
            body.line("throw \(StandardNames.name("DictionaryError"))(message: \(SwiftLanguage.stringLiteral("missing member \"\(coding.discriminator)\" naming the case of \(type.name)")))")
        }
    }

    /// `switch tag { case "circle": … default: <unknown case, or an error> }`.
    private mutating func tagSwitch(_ type: ModelType, tag: String, cases: [ADTCase], unknown: String, _ body: (inout CodePrinter, ADTCase) -> Void) {
        line("switch \(tag) {")
        for adtCase in cases {
            line("case \(SwiftLanguage.stringLiteral(adtCase.tag)):")
            indented { body(&$0, adtCase) }
        }
        line("default:")
        indented { fallback in
            if let unknownCase = type.unknownCase {
                fallback.line("self = .\(unknownCase.swiftName)(\(unknown))")
            } else {
                fallback.line("throw \(StandardNames.name("DictionaryError"))(message: \"unknown \(type.name) tag '\\(\(tag))'\")")
            }
        }
        line("}")
    }

    /// The case read from the content under `key` (externally and adjacently tagged): its single
    /// value, or the members of the dictionary there; a case without coded payload reads nothing.
    private mutating func readCaseContent(_ adtCase: ADTCase, underKey key: String, locals: ADTLocals) {
        if let single = adtCase.singleValueType {
            readSingleValue(single, key: key, of: adtCase, from: locals.members)
        } else if adtCase.codedAttributes.isEmpty {
            dictionaryCaseValue(adtCase)
        } else {
            line("let \(locals.payload) = try \(locals.members).members(forKey: \(SwiftLanguage.stringLiteral(key)))")
            dictionaryReadMembers(adtCase.codedAttributes, from: locals.payload)
            dictionaryCaseValue(adtCase)
        }
    }

    /// A case's single unlabelled payload under `key`: required unless it is optional.
    private mutating func readSingleValue(_ single: TypeReference, key: String, of adtCase: ADTCase, from members: String) {
        let value = Attribute(name: "value", type: single, codingKey: key, location: adtCase.location)
        line("self = .\(adtCase.swiftName)(\(value.dictionaryReadExpression(from: members)))")
    }

    /// `self = .image(url: url, …)` after the case's members were read; a `%transient` attribute
    /// gets its default.
    private mutating func dictionaryCaseValue(_ adtCase: ADTCase) {
        if adtCase.attributes.isEmpty {
            line("self = .\(adtCase.swiftName)")
            return
        }
        let expressions = adtCase.attributes.dictionaryValueExpressions
        let arguments = adtCase.attributes.map { "\(SwiftLanguage.argumentLabel($0.name)): \(expressions[$0.name]!)" }
        parameterList(opening: "self = .\(adtCase.swiftName)(", arguments, closing: ")")
    }
}

/// The names an ADT's dictionary code gives its locals, chosen not to hide a payload value.
private struct ADTLocals {
    var members: String
    var tag: String
    var dictionary: String
    var payload: String
}
