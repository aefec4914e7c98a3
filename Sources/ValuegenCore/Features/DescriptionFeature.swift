import ValuegenPluginSDK

/// `CustomStringConvertible`: `User(userId: 30, nickname: "@x", imageUrl: nil)`, values printed
/// as `String(reflecting:)` prints them (strings quoted), `%redacted` attributes as `<redacted>`.
struct DescriptionFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn("Description", aliases: ["RMDescription"], defaultKinds: Set(ModelKind.allCases), annotations: ["redacted"])

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access = request.accessLevel.modifier
        for type in request.types(including: descriptor.name) {
            var printer = CodePrinter()
            printer.block("extension \(type.name): \(StandardNames.name("CustomStringConvertible"))") { body in
                body.block("\(access)var description: \(StandardNames.name("String"))") { getter in
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
    ///
    /// Written as statements that append to one `String`: the compiler checks each on its own,
    /// where an array literal of interpolations with `map { } ?? "nil"` in it was one expression
    /// to solve (docs/Performance.md, "What the generated code costs the compiler").
    mutating func attributesDescription(prefix: String, _ attributes: [Attribute]) {
        // The text's local must not hide an attribute read by its name (an ADT case binds them).
        var text = "text"
        while attributes.contains(where: { $0.swiftName == text }) {
            text += "_"
        }
        var pending = prefix + "("
        var started = false
        for (index, attribute) in attributes.enumerated() {
            pending += (index > 0 ? ", " : "") + attribute.name + ": " // a name: nothing to escape
            if attribute.isRedacted {
                pending += "<redacted>"
                continue
            }
            line(started ? "\(text).append(\(SwiftLanguage.stringLiteral(pending)))" : "var \(text): \(StandardNames.name("String")) = \(SwiftLanguage.stringLiteral(pending))")
            started = true
            pending = ""
            guard attribute.type.isOptional else {
                line("\(text).append(\(StandardNames.name("String"))(reflecting: \(attribute.swiftName)))")
                continue
            }
            line("if let value = \(attribute.swiftName) {")
            indented { $0.line("\(text).append(\(StandardNames.name("String"))(reflecting: value))") }
            line("} else {")
            indented { $0.line("\(text).append(\"nil\")") }
            line("}")
        }
        pending += ")"
        guard started else {
            line("return \(SwiftLanguage.stringLiteral(pending))")
            return
        }
        line("\(text).append(\(SwiftLanguage.stringLiteral(pending)))")
        line("return \(text)")
    }

    mutating func adtDescription(_ type: ModelType) {
        line("switch self {")
        for adtCase in type.cases {
            line("case \(adtCase.bindingPattern { !$0.isRedacted }):")
            indented { body in
                let prefix = "\(type.name).\(adtCase.name)"
                if adtCase.singleValueType != nil {
                    body.line("return \"\(prefix)(\\(\(StandardNames.name("String"))(reflecting: value)))\"")
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
