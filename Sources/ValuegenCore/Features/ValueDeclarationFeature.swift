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
        let isSendable = type.includes("Sendable")
        let chains = Set(type.attributes.filter { $0.type.isOptional && $0.type.wrapped == type.name }.map(\.name))
        block("private final class Storage\(isSendable ? ": Sendable" : "")") { storage in
            for attribute in type.attributes {
                // A chain's link is cleared as the chain is released, in `deinit`, and never
                // otherwise: the box is uniquely referenced then, so no other thread sees it.
                let declaration = !chains.contains(attribute.name) ? "let" : isSendable ? "nonisolated(unsafe) var" : "var"
                storage.line("\(declaration) \(attribute.swiftName): \(attribute.type.swift)")
            }
            storage.line()
            storage.parameterList(opening: "init(", type.attributes.map { "\($0.swiftName): \($0.type.parameterType)" }, closing: ") {")
            storage.indented { body in
                for attribute in type.attributes {
                    body.line("self.\(attribute.swiftName) = \(attribute.swiftName)")
                }
            }
            storage.line("}")
            if !chains.isEmpty {
                storage.line()
                storage.line("/// Releases a long chain one box at a time rather than one `deinit` inside another.")
                storage.block("deinit") { body in
                    for attribute in type.attributes where chains.contains(attribute.name) {
                        body.chainRelease(of: attribute.swiftName)
                    }
                }
            }
        }
    }

    /// A value that holds itself through an Optional (`parent: Comment?`) makes chains whose
    /// boxes, released one inside another's `deinit`, would take a stack frame each: a chain
    /// of 100,000 overflows the stack. So `deinit` takes the chain apart one box at a time,
    /// as long as nothing else holds the next one.
    mutating func chainRelease(of name: String) {
        block("if var box = \(name)?._storage") { unlink in
            unlink.line("\(name) = nil")
            unlink.block("while isKnownUniquelyReferenced(&box), let next = box.\(name)?._storage") { step in
                step.line("box.\(name) = nil")
                step.line("box = next")
            }
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
