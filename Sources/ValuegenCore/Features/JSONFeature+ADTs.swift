import ValuegenPluginSDK

// `JSONCodable` for ADTs in each representation, writing exactly what `Coding` writes (see
// `CodingFeature+ADTs.swift` for the forms). Known tags are read as fast as without an
// `%unknownCase`: only the `default:` of each switch reads an unknown one.

extension CodePrinter {
    mutating func adtJSON(_ type: ModelType, access: String, members: JSONMemberMatching) {
        let coding = type.codingOfCases
        switch coding.knownForm {
        case .string:
            stringJSON(type, access: access, members: members)
        case .internallyTagged where coding.flattensSingleValues:
            flattenedJSON(type, coding: coding, access: access, members: members)
        case .internallyTagged:
            internallyTaggedJSON(type, coding: coding, access: access, members: members)
        case .externallyTagged:
            externallyTaggedJSON(type, access: access, members: members)
        case .adjacentlyTagged:
            adjacentlyTaggedJSON(type, coding: coding, access: access, members: members)
        case .untagged:
            untaggedJSON(type, access: access, members: members)
        }
    }

    // MARK: Representations

    private mutating func stringJSON(_ type: ModelType, access: String, members: JSONMemberMatching) {
        block("\(access)init(from reader: inout \(StandardNames.name("JSONReader"))) throws(\(StandardNames.name("JSONError")))") { method in
            if type.unknownCase == nil {
                // For the error, which points at the tag.
                method.line("reader.skipWhitespace()")
                method.line("let offset = reader.offset")
            }
            method.line("let tag = try reader.readString()")
            let label = method.openTagSwitch(over: "tag", tags: type.knownCases.map(\.tag), of: type, matching: members)
            for adtCase in type.knownCases {
                method.line(label(adtCase.tag))
                method.indented { $0.line("self = .\(adtCase.swiftName)") }
            }
            method.unknownTagArm(type, keeping: { unknownCase in "self = .\(unknownCase.swiftName)(\(StandardNames.name("UnknownCase"))(tag: tag))" }, otherwise: "throw \(StandardNames.name("JSONError"))(message: \(Self.unknownJSONTag(type, "tag")), offset: offset)")
            method.line("}")
            method.readerValidation(of: type)
        }
        line()
        block("\(access)func encode(to writer: inout \(StandardNames.name("JSONWriter")))") { method in
            method.line("switch self {")
            for adtCase in type.cases {
                method.line("case \(adtCase.bindingPattern):")
                let tag = adtCase.isUnknownCase(of: type) ? "value.tag" : SwiftLanguage.stringLiteral(adtCase.tag)
                method.indented { $0.line("writer.writeString(\(tag))") }
            }
            method.line("}")
        }
    }

    private mutating func internallyTaggedJSON(_ type: ModelType, coding: ADTCoding, access: String, members: JSONMemberMatching) {
        block("\(access)init(from reader: inout \(StandardNames.name("JSONReader"))) throws(\(StandardNames.name("JSONError")))") { method in
            // One pass when the tag comes first, as `encode(to:)` writes it; two when it stands
            // elsewhere (see `readVariant`).
            let discriminator = SwiftLanguage.stringLiteral(coding.discriminator)
            let missing = SwiftLanguage.stringLiteral("missing member \"\(coding.discriminator)\" naming the case of \(type.name)")
            let guesses = Self.caseGuesses(type, coding: coding)
            let opening: String
            if guesses.isEmpty {
                opening = "self = try reader.readVariant(\(discriminator), ifMissing: \(missing)) { reader, tag throws(\(StandardNames.name("JSONError"))) in"
            } else {
                // A member only one case has, first, names the case until the tag comes.
                method.line("self = try reader.readVariant(\(discriminator), ifMissing: \(missing), guessingFrom: { member in")
                method.indented { guess in
                    guess.line("switch member {")
                    for (tag, keys) in guesses {
                        guess.line("case \(keys.map(SwiftLanguage.stringLiteral).joined(separator: ", ")): return \(SwiftLanguage.stringLiteral(tag))")
                    }
                    guess.line("default: return nil")
                    guess.line("}")
                }
                opening = "}) { reader, tag throws(\(StandardNames.name("JSONError"))) in"
            }
            method.closure(opening) { variant in
                let label = variant.openTagSwitch(over: "tag", tags: type.knownCases.map(\.tag), of: type, matching: members)
                for adtCase in type.knownCases {
                    variant.line(label(adtCase.tag))
                    variant.indented { body in
                        if let single = adtCase.singleValueType {
                            let value = Attribute(name: "value", type: single, codingKey: coding.contentKey, location: adtCase.location)
                            body.readMembers([value], reader: "reader", through: "readCaseMembers", matching: members)
                            body.line("return .\(adtCase.swiftName)(\([value].valueExpressions[value.name]!))")
                        } else if adtCase.codedAttributes.isEmpty {
                            body.line("try reader.readCaseMembers { _, _ throws(\(StandardNames.name("JSONError"))) in }")
                            body.caseReturn(adtCase)
                        } else {
                            body.readMembers(adtCase.codedAttributes, reader: "reader", through: "readCaseMembers", matching: members)
                            body.caseReturn(adtCase)
                        }
                    }
                }
                variant.unknownTagArm(type, keeping: { unknownCase in "return .\(unknownCase.swiftName)(\(StandardNames.name("UnknownCase"))(tag: tag, json: try reader.readUnknownVariant()))" }, otherwise: "throw reader.error(\(Self.unknownJSONTag(type, "tag")))")
                variant.line("}")
            }
            method.readerValidation(of: type)
        }
        line()
        block("\(access)func encode(to writer: inout \(StandardNames.name("JSONWriter")))") { method in
            method.returnWhenWriterSkipsNestedValues()
            if let unknownCase = type.unknownCase {
                // What was read is written back whole, its tag included.
                method.block("if case .\(unknownCase.swiftName)(let unknown) = self, let json = unknown.json") { body in
                    body.line("writer.writeRaw(json)")
                    body.line("return")
                }
            }
            method.line("writer.beginObject()")
            method.line("writer.writeRawKey(\(Self.rawKey(coding.discriminator)))")
            method.line("switch self {")
            for adtCase in type.cases {
                method.line("case \(adtCase.codingBindingPattern):")
                method.indented { body in
                    if adtCase.isUnknownCase(of: type) {
                        body.line("writer.writeString(value.tag)")
                        return
                    }
                    body.line("writer.writeString(\(SwiftLanguage.stringLiteral(adtCase.tag)))")
                    if let single = adtCase.singleValueType {
                        body.writeMembers([Attribute(name: "value", type: single, codingKey: coding.contentKey, location: adtCase.location)], source: { _ in "value" })
                    } else {
                        body.writeMembers(adtCase.codedAttributes, source: { $0.swiftName })
                    }
                }
            }
            method.line("}")
            method.line("writer.endObject()")
        }
    }

    /// For each known case with attributes, in the order of the cases, the keys (and legacy
    /// keys) that no other case codes: a member of such a name names the case.
    static func caseGuesses(_ type: ModelType, coding: ADTCoding) -> [(tag: String, keys: [String])] {
        let cases = type.knownCases
        func keys(_ adtCase: ADTCase) -> [String] {
            if adtCase.singleValueType != nil {
                return [coding.contentKey]
            }
            return adtCase.codedAttributes.flatMap { [$0.codingKey] + $0.legacyCodingKeys }
        }
        var uses: [String: Int] = [:]
        for adtCase in cases {
            for key in Set(keys(adtCase)) {
                uses[key, default: 0] += 1
            }
        }
        return cases.compactMap { adtCase in
            guard adtCase.singleValueType == nil else { return nil }
            var seen = Set<String>()
            let unique = keys(adtCase).filter { uses[$0] == 1 && $0 != coding.discriminator && seen.insert($0).inserted }
            return unique.isEmpty ? nil : (adtCase.tag, unique)
        }
    }

    private mutating func externallyTaggedJSON(_ type: ModelType, access: String, members: JSONMemberMatching) {
        let names = Set(type.cases.flatMap { $0.attributes.map(\.swiftName) })
        let result = Self.unique("result", avoiding: names)
        let tag = Self.unique("tag", avoiding: names)
        block("\(access)init(from reader: inout \(StandardNames.name("JSONReader"))) throws(\(StandardNames.name("JSONError")))") { method in
            if type.knownCases.contains(where: \.isPlain) || type.unknownCase != nil {
                // A case without payload is its tag alone.
                method.block("if reader.nextValueIsString()") { bare in
                    if type.unknownCase == nil {
                        bare.line("let offset = reader.offset")
                    }
                    bare.line("let tag = try reader.readString()")
                    let plain = type.knownCases.filter(\.isPlain)
                    let label = bare.openTagSwitch(over: "tag", tags: plain.map(\.tag), of: type, matching: members)
                    for adtCase in plain {
                        bare.line(label(adtCase.tag))
                        bare.indented { $0.line("self = .\(adtCase.swiftName)") }
                    }
                    bare.unknownTagArm(type, keeping: { unknownCase in "self = .\(unknownCase.swiftName)(\(StandardNames.name("UnknownCase"))(tag: tag))" }, otherwise: "throw \(StandardNames.name("JSONError"))(message: \(Self.unknownJSONTag(type, "tag")), offset: offset)")
                    bare.line("}")
                    if type.checkFunction != nil {
                        // A case read from its bare tag has no payload: only `%check` can refuse it.
                        bare.readerValidation(of: type)
                    }
                    bare.line("return")
                }
            }
            method.line("var \(result): Self?")
            method.closure("try reader.readObject { reader, \(tag) throws(\(StandardNames.name("JSONError"))) in") { object in
                object.block("guard \(result) == nil else") { body in
                    let message = "an externally tagged \(type.name) has one member, named for its case; found another, \\\"\\(\(tag).string)\\\""
                    body.line("throw reader.error(\"\(message)\")")
                }
                let label = object.openTagSwitch(over: tag, tags: type.knownCases.map(\.tag), of: type, matching: members)
                for adtCase in type.knownCases {
                    object.line(label(adtCase.tag))
                    object.indented { $0.readCaseContent(adtCase, assigning: result, members: members) }
                }
                object.unknownTagArm(type, keeping: { unknownCase in "\(result) = \(Self.caseReference(unknownCase, assigning: result))(\(StandardNames.name("UnknownCase"))(tag: \(tag).string, json: try reader.readRawValue()))" }, otherwise: "throw reader.error(\(Self.unknownJSONTag(type, "\(tag).string")))")
                object.line("}")
            }
            method.block("guard let \(result) else") { body in
                body.line("throw reader.error(\(SwiftLanguage.stringLiteral("an externally tagged \(type.name) needs a member named for its case; found none")))")
            }
            method.line("self = \(result)")
            method.readerValidation(of: type)
        }
        line()
        block("\(access)func encode(to writer: inout \(StandardNames.name("JSONWriter")))") { method in
            method.returnWhenWriterSkipsNestedValues()
            method.switchOverCodedCases(of: type) { body, adtCase in
                if adtCase.isUnknownCase(of: type) {
                    body.branches([("let json = value.json", { known in
                        known.line("writer.beginObject()")
                        known.line("writer.writeKey(value.tag)")
                        known.line("writer.writeRaw(json)")
                        known.line("writer.endObject()")
                    })], otherwise: { $0.line("writer.writeString(value.tag)") })
                    return
                }
                if adtCase.isPlain {
                    body.line("writer.writeString(\(SwiftLanguage.stringLiteral(adtCase.tag)))")
                    return
                }
                body.line("writer.beginObject()")
                body.line("writer.writeRawKey(\(Self.rawKey(adtCase.tag)))")
                body.writeCasePayload(adtCase)
                body.line("writer.endObject()")
            }
        }
    }

    private mutating func adjacentlyTaggedJSON(_ type: ModelType, coding: ADTCoding, access: String, members: JSONMemberMatching) {
        let missingContent = { (adtCase: ADTCase) in
            SwiftLanguage.stringLiteral("missing member \"\(coding.contentKey)\" with the payload of \(type.name).\(adtCase.name)")
        }
        block("\(access)init(from reader: inout \(StandardNames.name("JSONReader"))) throws(\(StandardNames.name("JSONError")))") { method in
            method.line("var tag: \(StandardNames.name("String"))?")
            method.line("var result: Self?")
            method.line("var content: \(StandardNames.name("JSONReader"))?")
            method.closure("try reader.readObject { reader, member throws(\(StandardNames.name("JSONError"))) in") { object in
                object.line("switch member {")
                object.line("case \(SwiftLanguage.stringLiteral(coding.discriminator)):")
                object.indented { body in
                    body.block("guard tag == nil else") {
                        $0.line("throw reader.error(\(SwiftLanguage.stringLiteral("member \"\(coding.discriminator)\" of \(type.name) is repeated")))")
                    }
                    body.line("tag = try reader.readString()")
                }
                object.line("case \(SwiftLanguage.stringLiteral(coding.contentKey)):")
                object.indented { body in
                    body.branches([("let tag", { $0.line("result = try Self.readAdjacentContent(of: tag, from: &reader)") })], otherwise: { later in
                        later.line("// Read once the tag is known.")
                        later.line("content = reader")
                        later.line("try reader.skipValue()")
                    })
                }
                object.line("default:")
                object.indented { $0.line("break") }
                object.line("}")
            }
            method.block("guard let tag else") { body in
                body.line("throw reader.error(\(SwiftLanguage.stringLiteral("missing member \"\(coding.discriminator)\" naming the case of \(type.name)")))")
            }
            method.branches([
                ("let result", { $0.line("self = result") }),
                ("var content", { later in
                    later.line("self = try content.readPassedMember(\(SwiftLanguage.stringLiteral(coding.contentKey))) { reader throws(\(StandardNames.name("JSONError"))) in try Self.readAdjacentContent(of: tag, from: &reader) }")
                }),
            ], otherwise: { absent in
                // Cases without payload, and an optional single value, need no content.
                let label = absent.openTagSwitch(over: "tag", tags: type.knownCases.map(\.tag), of: type, matching: members)
                for adtCase in type.knownCases {
                    absent.line(label(adtCase.tag))
                    absent.indented { body in
                        if adtCase.isPlain {
                            body.line("self = .\(adtCase.swiftName)")
                        } else if adtCase.singleValueType?.isOptional == true {
                            body.line("self = .\(adtCase.swiftName)(nil)")
                        } else {
                            body.line("throw reader.error(\(missingContent(adtCase)))")
                        }
                    }
                }
                absent.unknownTagArm(type, keeping: { unknownCase in "self = .\(unknownCase.swiftName)(\(StandardNames.name("UnknownCase"))(tag: tag))" }, otherwise: "throw reader.error(\(Self.unknownJSONTag(type, "tag")))")
                absent.line("}")
            })
            method.readerValidation(of: type)
        }
        line()
        line("/// The case named `tag`, its payload read from the content member's value.")
        block("private static func readAdjacentContent(of tag: \(StandardNames.name("String")), from reader: inout \(StandardNames.name("JSONReader"))) throws(\(StandardNames.name("JSONError"))) -> Self") { method in
            method.readCaseContentSwitch(type, members: members)
        }
        line()
        block("\(access)func encode(to writer: inout \(StandardNames.name("JSONWriter")))") { method in
            method.returnWhenWriterSkipsNestedValues()
            method.line("writer.beginObject()")
            method.line("writer.writeRawKey(\(Self.rawKey(coding.discriminator)))")
            method.line("switch self {")
            for adtCase in type.cases {
                method.line("case \(adtCase.codingBindingPattern):")
                method.indented { body in
                    if adtCase.isUnknownCase(of: type) {
                        body.line("writer.writeString(value.tag)")
                        body.block("if let json = value.json") { known in
                            known.line("writer.writeRawKey(\(Self.rawKey(coding.contentKey)))")
                            known.line("writer.writeRaw(json)")
                        }
                        return
                    }
                    body.line("writer.writeString(\(SwiftLanguage.stringLiteral(adtCase.tag)))")
                    if let single = adtCase.singleValueType {
                        body.writeMembers([Attribute(name: "value", type: single, codingKey: coding.contentKey, location: adtCase.location)], source: { _ in "value" })
                    } else if !adtCase.isPlain {
                        body.line("writer.writeRawKey(\(Self.rawKey(coding.contentKey)))")
                        body.line("writer.beginObject()")
                        body.writeMembers(adtCase.codedAttributes, source: { $0.swiftName })
                        body.line("writer.endObject()")
                    }
                }
            }
            method.line("}")
            method.line("writer.endObject()")
        }
    }

    // MARK: Shared pieces

    /// Writes a known case's payload, bound by its `codingBindingPattern`, as one value (an
    /// externally tagged case's content, an untagged case whole): its single value (`null` for
    /// a nil optional), or an object of its attributes' members.
    mutating func writeCasePayload(_ adtCase: ADTCase) {
        if let single = adtCase.singleValueType {
            let style = Attribute(name: "value", type: single, location: adtCase.location).jsonStyleArgument
            if single.isOptional {
                branches([("let value", { $0.line("value.encode(to: &writer\(style))") })], otherwise: { $0.line("writer.writeNull()") })
            } else {
                line("value.encode(to: &writer\(style))")
            }
        } else {
            line("writer.beginObject()")
            writeMembers(adtCase.codedAttributes, source: { $0.swiftName })
            line("writer.endObject()")
        }
    }

    /// `switch tag { … }` over the case named `tag`: each known case's content read at the
    /// reader (`readCaseContent`), any other tag the unknown case holding the value as read, or
    /// an error; each arm returns the case, or assigns it to `variable`.
    mutating func readCaseContentSwitch(_ type: ModelType, assigning variable: String? = nil, members: JSONMemberMatching) {
        let label = openTagSwitch(over: "tag", tags: type.knownCases.map(\.tag), of: type, matching: members)
        for adtCase in type.knownCases {
            line(label(adtCase.tag))
            indented { $0.readCaseContent(adtCase, assigning: variable, members: members) }
        }
        unknownTagArm(type, keeping: { unknownCase in
            let value = "\(Self.caseReference(unknownCase, assigning: variable))(\(StandardNames.name("UnknownCase"))(tag: tag, json: try reader.readRawValue()))"
            return variable.map { "\($0) = \(value)" } ?? "return \(value)"
        }, otherwise: "throw reader.error(\(Self.unknownJSONTag(type, "tag")))")
        line("}")
    }

    /// Reads a known case's content, the value at the reader (externally and adjacently
    /// tagged): its single value, its attributes' object, or (no payload) anything, skipped;
    /// then returns the case, or assigns it to `variable`.
    private mutating func readCaseContent(_ adtCase: ADTCase, assigning variable: String? = nil, members: JSONMemberMatching) {
        if let single = adtCase.singleValueType {
            let read = Attribute(name: "value", type: single, location: adtCase.location).jsonReadExpression(reader: "reader")
            let value = "\(Self.caseReference(adtCase, assigning: variable))(try \(single.isOptional ? "reader.decodeNull() ? nil : \(read)" : read))"
            line(variable.map { "\($0) = \(value)" } ?? "return \(value)")
            return
        }
        if adtCase.codedAttributes.isEmpty {
            line("try reader.skipValue()")
        } else {
            readMembers(adtCase.codedAttributes, reader: "reader", matching: members)
        }
        caseReturn(adtCase, assigning: variable)
    }

    /// `return .image(url: url, …)` (or `result = …`) after the case's members were read; a
    /// `%transient` attribute gets its default.
    mutating func caseReturn(_ adtCase: ADTCase, assigning variable: String? = nil) {
        let opening = variable.map { "\($0) = \(Self.caseReference(adtCase, assigning: $0))(" } ?? "return .\(adtCase.swiftName)("
        if adtCase.attributes.isEmpty {
            line(String(opening.dropLast()))
            return
        }
        let expressions = adtCase.attributes.valueExpressions
        let arguments = adtCase.attributes.map { "\(SwiftLanguage.argumentLabel($0.name)): \(expressions[$0.name]!)" }
        parameterList(opening: opening, arguments, closing: ")")
    }

    /// `.image`, the case as an expression. Assigned to an optional (an externally tagged reader's
    /// `result`), a case named `none` or `some` is written `Self.none`: `.none` would be the
    /// optional's own nil (and `.some(…)` its value), which the compiler takes with a warning.
    static func caseReference(_ adtCase: ADTCase, assigning variable: String?) -> String {
        let name = adtCase.swiftName.filter { $0 != "`" }
        return variable != nil && variable != "self" && (name == "none" || name == "some") ? "Self.\(adtCase.swiftName)" : ".\(adtCase.swiftName)"
    }

    /// `default:` of a switch over tags: the statement `keeping` makes for the ADT's
    /// `%unknownCase`, or `failure` when it has none.
    private mutating func unknownTagArm(_ type: ModelType, keeping: (ADTCase) -> String, otherwise failure: String) {
        line("default:")
        indented { $0.line(type.unknownCase.map(keeping) ?? failure) }
    }

    /// `"unknown Shape tag '\(tag)'"` as a Swift string literal.
    private static func unknownJSONTag(_ type: ModelType, _ tag: String) -> String {
        "\"unknown \(type.name) tag '\\(\(tag))'\""
    }
}
