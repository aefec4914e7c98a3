import ValuegenPluginSDK

// `Codable` for ADTs, in each representation (docs/Language.md, "How ADTs are coded"):
//
//     string      "open"
//     internal    {"type": "image", "url": …}            {"type": "count", "value": 3}
//     external    {"image": {"url": …}}  "open"           {"count": 3}
//     adjacent    {"type": "image", "value": {"url": …}}  {"type": "open"}
//     untagged    {"url": …}                              3       (`CodingFeature+Untagged.swift`)
//
// An `%unknownCase` takes any other tag with its content (ValuegenRuntime's `UnknownCase`, the
// content a `RawJSON`), and is written back as it was read.

extension CodePrinter {
    mutating func adtCoding(_ type: ModelType, access: String) {
        let coding = type.codingOfCases
        switch coding.knownForm {
        case .string:
            stringCoding(type, access: access)
        case .internallyTagged:
            internallyTaggedCoding(type, coding: coding, access: access)
        case .externallyTagged:
            externallyTaggedCoding(type, access: access)
        case .adjacentlyTagged:
            adjacentlyTaggedCoding(type, coding: coding, access: access)
        case .untagged:
            untaggedCoding(type, access: access)
        }
        if type.cases.flatMap(\.codedAttributes).contains(where: \.needsMissingValueError) {
            line()
            missingValueHelper()
        }
    }

    // MARK: Representations

    private mutating func stringCoding(_ type: ModelType, access: String) {
        block("\(access)init(from decoder: any \(StandardNames.name("Decoder"))) throws") { method in
            method.line("let container = try decoder.singleValueContainer()")
            method.line("let tag = try container.decode(\(StandardNames.name("String")).self)")
            method.tagSwitch(type, tag: "tag", decodingCase: { body, adtCase in
                body.line("self = .\(adtCase.swiftName)")
            }, unknown: { body, unknownCase in
                body.line("self = .\(unknownCase.swiftName)(\(StandardNames.name("UnknownCase"))(tag: tag))")
            }, failure: "throw \(StandardNames.name("DecodingError")).dataCorruptedError(in: container, debugDescription: \(Self.unknownTagMessage(type, "tag")))")
            method.codingValidation(of: type)
        }
        line()
        block("\(access)func encode(to encoder: any \(StandardNames.name("Encoder"))) throws") { method in
            method.line("var container = encoder.singleValueContainer()")
            method.line("switch self {")
            for adtCase in type.cases {
                method.line("case \(adtCase.bindingPattern):")
                let tag = adtCase.isUnknownCase(of: type) ? "value.tag" : SwiftLanguage.stringLiteral(adtCase.tag)
                method.indented { $0.line("try container.encode(\(tag))") }
            }
            method.line("}")
        }
    }

    private mutating func internallyTaggedCoding(_ type: ModelType, coding: ADTCoding, access: String) {
        let discriminator = Self.codingKey(coding.discriminator)
        let content = Self.codingKey(coding.contentKey)
        block("\(access)init(from decoder: any \(StandardNames.name("Decoder"))) throws") { method in
            method.line("let container = try decoder.container(keyedBy: \(CodingFeature.keyTypeName).self)")
            method.line("let tag = try container.decode(\(StandardNames.name("String")).self, forKey: \(discriminator))")
            method.tagSwitch(type, tag: "tag", decodingCase: { body, adtCase in
                if coding.flattensSingleValues, let single = adtCase.singleValueType {
                    // The value's members stand beside the tag: it reads the same object.
                    body.line("self = .\(adtCase.swiftName)(try \(single.wrapped)(from: decoder))")
                } else {
                    body.decodeCase(adtCase, key: content, payload: "decoder.container(keyedBy: \(CodingFeature.keyTypeName).self)")
                }
            }, unknown: { body, unknownCase in
                body.line("self = .\(unknownCase.swiftName)(\(StandardNames.name("UnknownCase"))(tag: tag, json: try \(StandardNames.name("RawJSON"))(from: decoder)))")
            }, failure: "throw \(StandardNames.name("DecodingError")).dataCorruptedError(forKey: \(discriminator), in: container, debugDescription: \(Self.unknownTagMessage(type, "tag")))")
            method.codingValidation(of: type)
        }
        line()
        block("\(access)func encode(to encoder: any \(StandardNames.name("Encoder"))) throws") { method in
            if let unknownCase = type.unknownCase {
                // What was read is written back whole, its tag included.
                method.block("if case .\(unknownCase.swiftName)(let unknown) = self, let json = unknown.json") { body in
                    body.line("try json.encode(to: encoder)")
                    body.line("return")
                }
            }
            method.line("var container = encoder.container(keyedBy: \(CodingFeature.keyTypeName).self)")
            method.line("switch self {")
            for adtCase in type.cases {
                method.line("case \(adtCase.codingBindingPattern):")
                method.indented { body in
                    if adtCase.isUnknownCase(of: type) {
                        body.line("try container.encode(value.tag, forKey: \(discriminator))")
                        return
                    }
                    body.line("try container.encode(\(SwiftLanguage.stringLiteral(adtCase.tag)), forKey: \(discriminator))")
                    if coding.flattensSingleValues, adtCase.singleValueType != nil {
                        // Its members into the object that holds the tag.
                        body.line("try value.encode(to: encoder)")
                    } else if let single = adtCase.singleValueType {
                        body.line("try container.\(single.isOptional ? "encodeIfPresent" : "encode")(value, forKey: \(content))")
                    } else if !adtCase.codedAttributes.isEmpty {
                        body.line("var payload = encoder.container(keyedBy: \(CodingFeature.keyTypeName).self)")
                        for attribute in adtCase.codedAttributes {
                            body.encode(attribute.swiftName, attribute, container: "payload")
                        }
                    }
                }
            }
            method.line("}")
        }
    }

    private mutating func externallyTaggedCoding(_ type: ModelType, access: String) {
        let hasBareTags = type.knownCases.contains(where: \.isPlain) || type.unknownCase != nil
        block("\(access)init(from decoder: any \(StandardNames.name("Decoder"))) throws") { method in
            if hasBareTags {
                // A case without payload is its tag alone.
                method.block("if let tag = try? decoder.singleValueContainer().decode(\(StandardNames.name("String")).self)") { bare in
                    bare.line("switch tag {")
                    for adtCase in type.knownCases where adtCase.isPlain {
                        bare.line("case \(SwiftLanguage.stringLiteral(adtCase.tag)):")
                        bare.indented { $0.line("self = .\(adtCase.swiftName)") }
                    }
                    bare.line("default:")
                    bare.indented { body in
                        if let unknownCase = type.unknownCase {
                            body.line("self = .\(unknownCase.swiftName)(\(StandardNames.name("UnknownCase"))(tag: tag))")
                        } else {
                            body.line("throw \(StandardNames.name("DecodingError")).dataCorrupted(\(StandardNames.name("DecodingError")).Context(codingPath: decoder.codingPath, debugDescription: \(Self.unknownTagMessage(type, "tag"))))")
                        }
                    }
                    bare.line("}")
                    if type.checkFunction != nil {
                        // A case read from its bare tag has no payload: only `%check` can refuse it.
                        bare.codingValidation(of: type)
                    }
                    bare.line("return")
                }
            }
            method.line("let container = try decoder.container(keyedBy: \(CodingFeature.keyTypeName).self)")
            method.block("guard container.allKeys.count == 1, let key = container.allKeys.first else") { body in
                let message = SwiftLanguage.stringLiteral("an externally tagged \(type.name) has exactly one member, named for its case; found ")
                body.line("throw \(StandardNames.name("DecodingError")).dataCorrupted(\(StandardNames.name("DecodingError")).Context(codingPath: decoder.codingPath, debugDescription: \(message) + \(StandardNames.name("String"))(container.allKeys.count)))")
            }
            method.tagSwitch(type, tag: "key.stringValue", decodingCase: { body, adtCase in
                body.decodeCase(adtCase, key: "key", payload: "container.nestedContainer(keyedBy: \(CodingFeature.keyTypeName).self, forKey: key)")
            }, unknown: { body, unknownCase in
                body.line("self = .\(unknownCase.swiftName)(\(StandardNames.name("UnknownCase"))(tag: key.stringValue, json: try container.decode(\(StandardNames.name("RawJSON")).self, forKey: key)))")
            }, failure: "throw \(StandardNames.name("DecodingError")).dataCorruptedError(forKey: key, in: container, debugDescription: \(Self.unknownTagMessage(type, "key.stringValue")))")
            method.codingValidation(of: type)
        }
        line()
        block("\(access)func encode(to encoder: any \(StandardNames.name("Encoder"))) throws") { method in
            method.line("switch self {")
            for adtCase in type.cases {
                method.line("case \(adtCase.codingBindingPattern):")
                method.indented { body in
                    if adtCase.isUnknownCase(of: type) {
                        body.branches([("let json = value.json", { known in
                            known.line("var container = encoder.container(keyedBy: \(CodingFeature.keyTypeName).self)")
                            known.line("try container.encode(json, forKey: \(CodingFeature.keyTypeName)(value.tag))")
                        })], otherwise: { bare in
                            bare.line("var container = encoder.singleValueContainer()")
                            bare.line("try container.encode(value.tag)")
                        })
                        return
                    }
                    let tag = SwiftLanguage.stringLiteral(adtCase.tag)
                    if adtCase.isPlain {
                        body.line("var container = encoder.singleValueContainer()")
                        body.line("try container.encode(\(tag))")
                        return
                    }
                    let key = Self.codingKey(adtCase.tag)
                    body.line("var container = encoder.container(keyedBy: \(CodingFeature.keyTypeName).self)")
                    if adtCase.singleValueType != nil {
                        body.line("try container.encode(value, forKey: \(key))")
                    } else if adtCase.codedAttributes.isEmpty {
                        body.line("_ = container.nestedContainer(keyedBy: \(CodingFeature.keyTypeName).self, forKey: \(key))")
                    } else {
                        body.line("var payload = container.nestedContainer(keyedBy: \(CodingFeature.keyTypeName).self, forKey: \(key))")
                        for attribute in adtCase.codedAttributes {
                            body.encode(attribute.swiftName, attribute, container: "payload")
                        }
                    }
                }
            }
            method.line("}")
        }
    }

    private mutating func adjacentlyTaggedCoding(_ type: ModelType, coding: ADTCoding, access: String) {
        let discriminator = Self.codingKey(coding.discriminator)
        let content = Self.codingKey(coding.contentKey)
        block("\(access)init(from decoder: any \(StandardNames.name("Decoder"))) throws") { method in
            method.line("let container = try decoder.container(keyedBy: \(CodingFeature.keyTypeName).self)")
            method.line("let tag = try container.decode(\(StandardNames.name("String")).self, forKey: \(discriminator))")
            method.tagSwitch(type, tag: "tag", decodingCase: { body, adtCase in
                body.decodeCase(adtCase, key: content, payload: "container.nestedContainer(keyedBy: \(CodingFeature.keyTypeName).self, forKey: \(content))")
            }, unknown: { body, unknownCase in
                body.line("self = .\(unknownCase.swiftName)(\(StandardNames.name("UnknownCase"))(tag: tag, json: try container.decodeIfPresent(\(StandardNames.name("RawJSON")).self, forKey: \(content))))")
            }, failure: "throw \(StandardNames.name("DecodingError")).dataCorruptedError(forKey: \(discriminator), in: container, debugDescription: \(Self.unknownTagMessage(type, "tag")))")
            method.codingValidation(of: type)
        }
        line()
        block("\(access)func encode(to encoder: any \(StandardNames.name("Encoder"))) throws") { method in
            method.line("var container = encoder.container(keyedBy: \(CodingFeature.keyTypeName).self)")
            method.line("switch self {")
            for adtCase in type.cases {
                method.line("case \(adtCase.codingBindingPattern):")
                method.indented { body in
                    if adtCase.isUnknownCase(of: type) {
                        body.line("try container.encode(value.tag, forKey: \(discriminator))")
                        body.line("try container.encodeIfPresent(value.json, forKey: \(content))")
                        return
                    }
                    body.line("try container.encode(\(SwiftLanguage.stringLiteral(adtCase.tag)), forKey: \(discriminator))")
                    if let single = adtCase.singleValueType {
                        body.line("try container.\(single.isOptional ? "encodeIfPresent" : "encode")(value, forKey: \(content))")
                    } else if !adtCase.attributes.isEmpty {
                        let codedAttributes = adtCase.codedAttributes
                        body.line("\(codedAttributes.isEmpty ? "_" : "var payload") = container.nestedContainer(keyedBy: \(CodingFeature.keyTypeName).self, forKey: \(content))")
                        for attribute in codedAttributes {
                            body.encode(attribute.swiftName, attribute, container: "payload")
                        }
                    }
                }
            }
            method.line("}")
        }
    }

    // MARK: Shared pieces

    /// `self = .case(…)` for a known case: its single value from `container` under `key`, its
    /// attributes from the container `payload` makes (nothing read when every one is transient).
    private mutating func decodeCase(_ adtCase: ADTCase, key: String, payload: String) {
        if let single = adtCase.singleValueType {
            line("self = .\(adtCase.swiftName)(try container.\(single.isOptional ? "decodeIfPresent" : "decode")(\(single.wrapped).self, forKey: \(key)))")
        } else if adtCase.attributes.isEmpty {
            line("self = .\(adtCase.swiftName)")
        } else if adtCase.codedAttributes.isEmpty {
            decodingCall("self = .\(adtCase.swiftName)", adtCase.attributes, container: nil)
        } else {
            line("let payload = try \(payload)")
            decodingCall("self = .\(adtCase.swiftName)", adtCase.attributes, container: "payload")
        }
    }

    /// `switch tag { case "image": … default: … }`: each known case decoded by `decodingCase`,
    /// any other tag by the unknown case, or the `failure` statement.
    private mutating func tagSwitch(_ type: ModelType, tag: String, decodingCase: (inout CodePrinter, ADTCase) -> Void, unknown: (inout CodePrinter, ADTCase) -> Void, failure: String) {
        line("switch \(tag) {")
        for adtCase in type.knownCases {
            line("case \(SwiftLanguage.stringLiteral(adtCase.tag)):")
            indented { decodingCase(&$0, adtCase) }
        }
        line("default:")
        indented { body in
            if let unknownCase = type.unknownCase {
                unknown(&body, unknownCase)
            } else {
                body.line(failure)
            }
        }
        line("}")
    }

    /// `"unknown Shape tag '\(tag)'"` as a Swift string literal.
    private static func unknownTagMessage(_ type: ModelType, _ tag: String) -> String {
        "\"unknown \(type.name) tag '\\(\(tag))'\""
    }
}

extension ADTCase {
    /// The pattern an encoder switches on: `%transient` payload values are not bound.
    var codingBindingPattern: String {
        bindingPattern { !$0.isTransient }
    }
}
