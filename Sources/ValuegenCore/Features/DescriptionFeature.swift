import ValuegenPluginSDK

/// `CustomStringConvertible`: `User(userId: 30, nickname: "@x", imageUrl: nil)`, values printed
/// as `String(reflecting:)` prints them (strings quoted), `%redacted` attributes as `<redacted>`,
/// through `ValuegenDescription`, which the module support file declares once.
struct DescriptionFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn("Description", aliases: ["RMDescription"], defaultKinds: Set(ModelKind.allCases))

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access = request.accessLevel.modifier
        let types = request.types(including: descriptor.name)
        if types.contains(where: \.describesAttributes) {
            emitter.emitModuleDeclaration(Self.helperDeclaration, key: "Description: \(Self.helperTypeName)")
        }
        for type in types {
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

extension DescriptionFeature {
    /// The module-wide helper every generated `description` calls.
    static let helperTypeName = "ValuegenDescription"

    /// One copy, in the module support file, of the code each `description` repeated for every
    /// attribute: the compiler checks a call of a generic function with one overload in a
    /// fraction of the time `text.append(String(reflecting: x))` takes, with `append`'s and
    /// `String.init`'s many overloads, and the function's body is compiled once.
    static let helperDeclaration: String = {
        var printer = CodePrinter()
        printer.line("/// Writes the text of the module's generated descriptions.")
        printer.block("enum \(helperTypeName)") { helper in
            helper.line("/// Appends `label`, then `value` as `String(reflecting:)` prints it.")
            helper.block("static func append<Value>(_ label: String, _ value: Value, to text: inout String)") { body in
                body.line("text.write(label)")
                body.line("text.write(String(reflecting: value))")
            }
            helper.line()
            helper.line("/// Appends `label`, then the wrapped value as `String(reflecting:)` prints it, or `nil`.")
            helper.block("static func appendOptional<Value>(_ label: String, _ value: Value?, to text: inout String)") { body in
                body.line("text.write(label)")
                body.line("if let value {")
                body.indented { $0.line("text.write(String(reflecting: value))") }
                body.line("} else {")
                body.indented { $0.line("text.write(\"nil\")") }
                body.line("}")
            }
        }
        return printer.text
    }()
}

private extension CodePrinter {
    /// Returns `Prefix(a: 1, b: "x")`, the attributes read from locals or properties of their names.
    ///
    /// Written as one call of `ValuegenDescription` per attribute that is printed, with the
    /// literal text before it: the compiler checks each statement on its own, where an array
    /// literal of interpolations with `map { } ?? "nil"` in it was one expression to solve
    /// (docs/Performance.md, "What the generated code costs the compiler").
    mutating func attributesDescription(prefix: String, _ attributes: [Attribute]) {
        // The text's local must not hide an attribute read by its name (an ADT case binds them).
        var text = "text"
        while attributes.contains(where: { $0.swiftName == text }) {
            text += "_"
        }
        let helper = DescriptionFeature.helperTypeName
        var pending = prefix + "("
        var started = false
        for (index, attribute) in attributes.enumerated() {
            pending += (index > 0 ? ", " : "") + attribute.name + ": " // a name: nothing to escape
            if attribute.isRedacted {
                pending += "<redacted>"
                continue
            }
            if !started {
                line("var \(text): String = \"\"")
                started = true
            }
            let function = attribute.type.isOptional ? "appendOptional" : "append"
            line("\(helper).\(function)(\(SwiftLanguage.stringLiteral(pending)), \(attribute.swiftName), to: &\(text))")
            pending = ""
        }
        pending += ")"
        guard started else {
            line("return \(SwiftLanguage.stringLiteral(pending))")
            return
        }
        line("\(text).write(\(SwiftLanguage.stringLiteral(pending)))")
        line("return \(text)")
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

extension ModelType {
    /// Whether the type's description prints an attribute through `ValuegenDescription`: one
    /// that is not `%redacted`, of the type or of an ADT case with more than a single value.
    var describesAttributes: Bool {
        let printed: (Attribute) -> Bool = { !$0.isRedacted }
        if kind == .adtValue {
            return cases.contains { $0.singleValueType == nil && $0.attributes.contains(where: printed) }
        }
        return attributes.contains(where: printed)
    }
}
