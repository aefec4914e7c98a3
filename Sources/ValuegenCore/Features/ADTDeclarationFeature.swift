import ValuegenPluginSDK

/// Declares an `.adtValue` type: an enum with a case per subtype, labelled associated values
/// for a subtype's attributes and one unlabelled value for `%singleAttributeSubtype`.
struct ADTDeclarationFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn("ADT", defaultKinds: [.adtValue], supportedKinds: [.adtValue], canBeExcluded: false, annotations: FeatureDescriptor.schemaAnnotations + ["singleAttributeSubtype"])

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access = request.accessLevel.modifier
        for type in request.types(including: descriptor.name) {
            var printer = CodePrinter()
            printer.docComment(type.comments)
            if type.cases.isEmpty {
                printer.line("\(access)enum \(type.name) {}")
            } else {
                printer.block("\(access)enum \(type.name)") { body in
                    for (index, adtCase) in type.cases.enumerated() {
                        if index > 0 && !adtCase.comments.isEmpty {
                            body.line()
                        }
                        body.docComment(adtCase.comments)
                        for attribute in adtCase.attributes where !attribute.comments.isEmpty {
                            body.line("/// - \(attribute.name): \(attribute.comments.joined(separator: " "))")
                        }
                        // The resolved model decides which cases hold their own ADT again (StorageCycles).
                        body.line((adtCase.isIndirect ? "indirect case " : "case ") + adtCase.declaration)
                    }
                }
            }
            emitter.emitDeclaration(printer.text, attachedTo: type.name)
        }
    }
}

extension ADTCase {
    /// `image(url: URL, width: Int = 0, caption: String? = nil)`, `count(Double)` or `none`:
    /// a payload's defaults are the memberwise initializer's (an optional defaults to `nil`).
    var declaration: String {
        if let single = singleValueType {
            return "\(swiftName)(\(single.swift))"
        }
        if attributes.isEmpty {
            return swiftName
        }
        let payload = attributes.map { attribute in
            var parameter = "\(attribute.swiftName): \(attribute.type.swift)"
            if let value = attribute.initializerDefault {
                parameter += " = \(value)"
            }
            return parameter
        }
        return "\(swiftName)(\(payload.joined(separator: ", ")))"
    }

    /// A pattern binding every payload value to a local of the attribute's name:
    /// `.image(let url, let width)`, `.count(let value)` or `.none`.
    var bindingPattern: String {
        if singleValueType != nil {
            return ".\(swiftName)(let value)"
        }
        if attributes.isEmpty {
            return ".\(swiftName)"
        }
        return bindingPattern { _ in true }
    }

    /// The pattern with `_` for the payload values `binds` leaves out, so that generated code
    /// binds nothing it does not use (an unused binding is a warning in every user's build).
    func bindingPattern(binding binds: (Attribute) -> Bool) -> String {
        if singleValueType != nil || attributes.isEmpty {
            return bindingPattern
        }
        return ".\(swiftName)(" + attributes.map { binds($0) ? "let \($0.swiftName)" : "_" }.joined(separator: ", ") + ")"
    }
}
