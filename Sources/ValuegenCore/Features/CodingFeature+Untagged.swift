import ValuegenPluginSDK

// `Codable` for an untagged ADT (`%coding representation=untagged`): a case is its payload
// alone, a single value as itself and attributes as an object of their members; reading tries
// each case on the same decoder afresh (ValuegenRuntime's `UntaggedDecodingAttempts`), so one
// that fails leaves nothing behind, and the first that decodes wins. JSON writes and reads the
// same (`JSONFeature+Untagged.swift`).

extension CodePrinter {
    mutating func untaggedCoding(_ type: ModelType, access: String) {
        block("\(access)init(from decoder: any \(StandardNames.name("Decoder"))) throws") { method in
            method.firstFittingCase(of: type, attempts: "var attempts = UntaggedDecodingAttempts()", opening: { adtCase in
                "attempts.attempt(\(SwiftLanguage.stringLiteral(adtCase.name)), { () throws -> Self in"
            }, body: { body, adtCase in
                if let single = adtCase.singleValueType {
                    body.line("let container = try decoder.singleValueContainer()")
                    let value = "try container.decode(\(single.wrapped).self)"
                    body.line("return .\(adtCase.swiftName)(\(single.isOptional ? "container.decodeNil() ? nil : \(value)" : value))")
                } else {
                    body.line("let container = try decoder.container(keyedBy: \(CodingFeature.keyTypeName).self)")
                    body.decodingCall("return .\(adtCase.swiftName)", adtCase.attributes, container: "container")
                }
            }, failure: "throw attempts.noCaseFits(\(SwiftLanguage.stringLiteral(type.name)), codingPath: decoder.codingPath)")
            method.codingValidation(of: type)
        }
        line()
        block("\(access)func encode(to encoder: any \(StandardNames.name("Encoder"))) throws") { method in
            method.line("switch self {")
            for adtCase in type.cases {
                method.line("case \(adtCase.codingBindingPattern):")
                method.indented { body in
                    if let single = adtCase.singleValueType {
                        body.line("var container = encoder.singleValueContainer()")
                        if single.isOptional {
                            body.branches([("let value", { $0.line("try container.encode(value)") })], otherwise: { $0.line("try container.encodeNil()") })
                        } else {
                            body.line("try container.encode(value)")
                        }
                    } else {
                        body.line("var container = encoder.container(keyedBy: \(CodingFeature.keyTypeName).self)")
                        for attribute in adtCase.codedAttributes {
                            body.encode(attribute.swiftName, attribute, container: "container")
                        }
                    }
                }
            }
            method.line("}")
        }
    }
}
