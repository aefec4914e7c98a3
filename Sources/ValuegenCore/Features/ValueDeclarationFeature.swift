import ValuegenPluginSDK

/// Declares a `.value` type: a struct with a constant per attribute and a memberwise initializer.
struct ValueDeclarationFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn("Value", defaultKinds: [.value], supportedKinds: [.value], canBeExcluded: false, annotations: FeatureDescriptor.schemaAnnotations + ["storage"])

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access = request.accessLevel.modifier
        for type in request.types(including: descriptor.name) {
            var printer = CodePrinter()
            printer.docComment(type.comments)
            printer.block("\(access)struct \(type.name)\(type.adoptionClause)") { body in
                if type.hasIndirectStorage && !type.attributes.isEmpty {
                    body.indirectStorage(of: type, access: access)
                    return
                }
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

private extension CodePrinter {
    /// `%storage indirect`: each attribute read from one final class instance that copies of
    /// the value share; the memberwise initializer makes a new one. The public API is that of
    /// inline storage (read-only properties, the same initializer).
    mutating func indirectStorage(of type: ModelType, access: String) {
        for attribute in type.attributes {
            docComment(attribute.comments)
            line("\(access)var \(attribute.swiftName): \(attribute.type.swift) { _storage.\(attribute.swiftName) }")
        }
        line()
        line("/// The attributes, in one box that copies of the value share (`%storage indirect`).")
        line("private let _storage: Storage")
        line()
        parameterList(opening: "\(access)init(", type.initializerParameterList, closing: ") {")
        indented { body in
            body.parameterList(opening: "_storage = Storage(", type.initializerArguments(), closing: ")")
        }
        line("}")
        line()
        // Sendable exactly when the value is: its properties are constants of the value's types.
        block("private final class Storage\(type.includes("Sendable") ? ": Sendable" : "")") { storage in
            for attribute in type.attributes {
                storage.line("let \(attribute.swiftName): \(attribute.type.swift)")
            }
            storage.line()
            storage.parameterList(opening: "init(", type.attributes.map { "\($0.swiftName): \($0.type.parameterType)" }, closing: ") {")
            storage.indented { body in
                for attribute in type.attributes {
                    body.line("self.\(attribute.swiftName) = \(attribute.swiftName)")
                }
            }
            storage.line("}")
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
