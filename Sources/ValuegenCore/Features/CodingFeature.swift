import ValuegenPluginSDK

/// `Codable` by hand: keys from `%codingKey`, `%codingLegacyKey`s accepted when decoding,
/// schema defaults for missing keys, `nil` for missing optionals, unknown keys ignored.
/// An ADT is coded as `{"type": "<case>", <attributes>}`, a single payload under `"value"`.
struct CodingFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn("Coding", aliases: ["RMCoding"])

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access = request.accessLevel.modifier
        for type in request.types(including: descriptor.name) where CodingRules.canCode(type, feature: descriptor.name, emitter: emitter) {
            var printer = CodePrinter()
            printer.block("extension \(type.name): Codable") { body in
                if type.kind == .adtValue {
                    body.adtCoding(type, access: access)
                } else {
                    body.attributesCoding(type, access: access)
                }
            }
            emitter.emitDeclaration(printer.text, attachedTo: type.name)
        }
    }
}

private extension CodePrinter {
    // MARK: Values and objects

    mutating func attributesCoding(_ type: ModelType, access: String) {
        codingKeysEnum("CodingKeys", type.attributes)
        let initializer = type.kind == .object ? "\(access)convenience init(from decoder: any Decoder) throws" : "\(access)init(from decoder: any Decoder) throws"
        line()
        block(initializer) { method in
            if type.attributes.isEmpty {
                method.line("_ = try decoder.container(keyedBy: CodingKeys.self)")
                method.line("self.init()")
            } else {
                method.line("let container = try decoder.container(keyedBy: CodingKeys.self)")
                method.decodingCall("self.init", type.attributes, container: "container")
            }
        }
        line()
        block("\(access)func encode(to encoder: any Encoder) throws") { method in
            if type.attributes.isEmpty {
                method.line("_ = encoder.container(keyedBy: CodingKeys.self)")
            } else {
                method.line("var container = encoder.container(keyedBy: CodingKeys.self)")
            }
            for attribute in type.attributes {
                method.encode(attribute.swiftName, attribute, container: "container")
            }
        }
        if type.attributes.contains(where: \.needsMissingValueError) {
            line()
            missingValueHelper()
        }
    }

    // MARK: ADTs

    mutating func adtCoding(_ type: ModelType, access: String) {
        let hasSingleValue = type.cases.contains { $0.singleValueType != nil }
        block("private enum CodingKeys: String, CodingKey") { keys in
            keys.line("case type")
            if hasSingleValue {
                keys.line("case value")
            }
        }
        for adtCase in type.cases where !adtCase.attributes.isEmpty {
            line()
            codingKeysEnum(adtCase.codingKeysName, adtCase.attributes)
        }
        line()
        block("\(access)init(from decoder: any Decoder) throws") { method in
            method.line("let container = try decoder.container(keyedBy: CodingKeys.self)")
            method.line("let type = try container.decode(String.self, forKey: .type)")
            method.line("switch type {")
            for adtCase in type.cases {
                method.line("case \(SwiftLanguage.stringLiteral(adtCase.name)):")
                method.indented { body in
                    if let single = adtCase.singleValueType {
                        let decode = single.isOptional ? "decodeIfPresent" : "decode"
                        body.line("self = .\(adtCase.swiftName)(try container.\(decode)(\(single.wrapped).self, forKey: .value))")
                    } else if adtCase.attributes.isEmpty {
                        body.line("self = .\(adtCase.swiftName)")
                    } else {
                        body.line("let payload = try decoder.container(keyedBy: \(adtCase.codingKeysName).self)")
                        body.decodingCall("self = .\(adtCase.swiftName)", adtCase.attributes, container: "payload")
                    }
                }
            }
            method.line("default:")
            method.indented { body in
                body.line("throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: \"unknown \(type.name) type '\\(type)'\")")
            }
            method.line("}")
        }
        line()
        block("\(access)func encode(to encoder: any Encoder) throws") { method in
            method.line("var container = encoder.container(keyedBy: CodingKeys.self)")
            method.line("switch self {")
            for adtCase in type.cases {
                method.line("case \(adtCase.bindingPattern):")
                method.indented { body in
                    body.line("try container.encode(\(SwiftLanguage.stringLiteral(adtCase.name)), forKey: .type)")
                    if let single = adtCase.singleValueType {
                        body.line("try container.\(single.isOptional ? "encodeIfPresent" : "encode")(value, forKey: .value)")
                    } else if !adtCase.attributes.isEmpty {
                        body.line("var payload = encoder.container(keyedBy: \(adtCase.codingKeysName).self)")
                        for attribute in adtCase.attributes {
                            body.encode(attribute.swiftName, attribute, container: "payload")
                        }
                    }
                }
            }
            method.line("}")
        }
        if type.cases.flatMap(\.attributes).contains(where: \.needsMissingValueError) {
            line()
            missingValueHelper()
        }
    }

    // MARK: Shared pieces

    /// `private enum CodingKeys: String, CodingKey` with the primary and every legacy key.
    mutating func codingKeysEnum(_ name: String, _ attributes: [Attribute]) {
        guard !attributes.isEmpty else {
            line("private enum \(name): CodingKey {}")
            return
        }
        block("private enum \(name): String, CodingKey") { keys in
            for attribute in attributes {
                keys.line(Self.keyCase(attribute.swiftName, key: attribute.codingKey, attributeName: attribute.name))
                for (index, legacy) in attribute.legacyCodingKeys.enumerated() {
                    keys.line(Self.keyCase(attribute.legacyKeyCase(index), key: legacy, attributeName: nil))
                }
            }
        }
    }

    static func keyCase(_ caseName: String, key: String, attributeName: String?) -> String {
        key == attributeName ? "case \(caseName)" : "case \(caseName) = \(SwiftLanguage.stringLiteral(key))"
    }

    /// `call(a: try container.decode(...), ...)`, one argument per line.
    mutating func decodingCall(_ call: String, _ attributes: [Attribute], container: String) {
        let arguments = attributes.map { "\(SwiftLanguage.argumentLabel($0.name)): \($0.decodeExpression(container: container))" }
        line("\(call)(")
        indented { list in
            for (index, argument) in arguments.enumerated() {
                list.line(argument + (index < arguments.count - 1 ? "," : ""))
            }
        }
        line(")")
    }

    mutating func encode(_ value: String, _ attribute: Attribute, container: String) {
        let method = attribute.type.isOptional ? "encodeIfPresent" : "encode"
        line("try \(container).\(method)(\(value), forKey: .\(attribute.swiftName))")
    }

    mutating func missingValueHelper() {
        line("/// The error for a required attribute found under none of its keys.")
        block("private static func valueMissing<Key: CodingKey, Value>(_ key: Key, in container: KeyedDecodingContainer<Key>) throws -> Value") { method in
            method.line("throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: container.codingPath, debugDescription: \"No value for '\\(key.stringValue)' or its legacy keys.\"))")
        }
    }
}

private extension ADTCase {
    var codingKeysName: String {
        SwiftLanguage.upperFirst(name) + "CodingKeys"
    }
}

private extension Attribute {
    func legacyKeyCase(_ index: Int) -> String {
        SwiftLanguage.identifier("\(name)Legacy\(index + 1)")
    }

    /// `try container.decode(Int.self, forKey: .userId)`, or a chain of `decodeIfPresent`
    /// over the primary and legacy keys ending in the default, `nil` or the missing-value error.
    func decodeExpression(container: String) -> String {
        let valueType = type.wrapped
        if decodesStrictly {
            return "try \(container).decode(\(valueType).self, forKey: .\(swiftName))"
        }
        var attempts = ["\(container).decodeIfPresent(\(valueType).self, forKey: .\(swiftName))"]
        for index in legacyCodingKeys.indices {
            attempts.append("\(container).decodeIfPresent(\(valueType).self, forKey: .\(legacyKeyCase(index)))")
        }
        if let fallback = defaultFallback {
            attempts.append(fallback)
        } else if needsMissingValueError {
            attempts.append("Self.valueMissing(.\(swiftName), in: \(container))")
        }
        return "try " + attempts.joined(separator: " ?? ")
    }
}
