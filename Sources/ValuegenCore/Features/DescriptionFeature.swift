import ValuegenPluginSDK

/// `CustomStringConvertible`: `User(userId: 30, nickname: "@x", imageUrl: nil)`, values printed
/// as `String(reflecting:)` prints them (strings quoted), `%redacted` attributes as `<redacted>`.
struct DescriptionFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn("Description", aliases: ["RMDescription"], defaultKinds: Set(ModelKind.allCases))

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access = request.accessLevel.modifier
        for type in request.types(including: descriptor.name) {
            var printer = CodePrinter()
            printer.block("extension \(type.name): CustomStringConvertible") { body in
                body.block("\(access)var description: String") { getter in
                    if type.kind == .adtValue {
                        getter.adtDescription(type)
                    } else {
                        getter.attributesDescription(prefix: type.name, type.attributes)
                    }
                }
            }
            emitter.emitDeclaration(printer.text, attachedTo: type.name)
        }
    }
}

private extension CodePrinter {
    /// Returns `Prefix(a: 1, b: "x")`, the attributes read from locals or properties of their names.
    mutating func attributesDescription(prefix: String, _ attributes: [Attribute]) {
        guard !attributes.isEmpty else {
            line("return \(SwiftLanguage.stringLiteral(prefix + "()"))")
            return
        }
        line("let attributes = [")
        indented { list in
            for attribute in attributes {
                list.line(SwiftLanguage.interpolatedDescription(of: attribute) + ",")
            }
        }
        line("]")
        line("return \"\(prefix)(\\(attributes.joined(separator: \", \")))\"")
    }

    mutating func adtDescription(_ type: ModelType) {
        line("switch self {")
        for adtCase in type.cases {
            line("case \(adtCase.bindingPattern { !$0.isRedacted }):")
            indented { body in
                let prefix = "\(type.name).\(adtCase.name)"
                if adtCase.singleValueType != nil {
                    body.line("return \"\(prefix)(\\(String(reflecting: value)))\"")
                } else if adtCase.attributes.isEmpty {
                    body.line("return \(SwiftLanguage.stringLiteral(prefix))")
                } else {
                    body.attributesDescription(prefix: prefix, adtCase.attributes)
                }
            }
        }
        line("}")
    }
}

private extension SwiftLanguage {
    /// `"name: \(String(reflecting: name))"`, `nil` for an absent optional, `<redacted>` when redacted.
    static func interpolatedDescription(of attribute: Attribute) -> String {
        let label = attribute.name // an identifier: nothing to escape in a string literal
        if attribute.isRedacted {
            return "\"\(label): <redacted>\""
        }
        if attribute.type.isOptional {
            return "\"\(label): \\(\(attribute.swiftName).map { String(reflecting: $0) } ?? \"nil\")\""
        }
        return "\"\(label): \\(String(reflecting: \(attribute.swiftName)))\""
    }
}
