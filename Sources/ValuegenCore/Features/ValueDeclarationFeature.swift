import ValuegenPluginSDK

/// Declares a `.value` type: a struct with a constant per attribute and a memberwise initializer.
struct ValueDeclarationFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn("Value", defaultKinds: [.value], supportedKinds: [.value], canBeExcluded: false)

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access = request.accessLevel.modifier
        for type in request.types(including: descriptor.name) {
            var printer = CodePrinter()
            printer.docComment(type.comments)
            printer.block("\(access)struct \(type.name)") { body in
                for attribute in type.attributes {
                    body.docComment(attribute.comments)
                    body.line("\(access)let \(attribute.swiftName): \(attribute.type.swift)")
                }
                if !type.attributes.isEmpty {
                    body.line()
                }
                body.memberwiseInitializer(of: type, access: access)
            }
            emitter.emitDeclaration(printer.text, attachedTo: type.name)
        }
    }
}

extension CodePrinter {
    /// `init(a: A, b: B = default) { self.a = a ... }`, assigning `self.<storagePrefix><name>`.
    mutating func memberwiseInitializer(of type: ModelType, access: String, storagePrefix: String = "") {
        guard !type.attributes.isEmpty else {
            line("\(access)init() {}")
            return
        }
        parameterList(opening: "\(access)init(", type.initializerParameterList, closing: ") {")
        indented { body in
            for attribute in type.attributes {
                let storage = storagePrefix.isEmpty ? attribute.swiftName : SwiftLanguage.identifier(storagePrefix + attribute.name)
                body.line("self.\(storage) = \(attribute.swiftName)")
            }
        }
        line("}")
    }
}
