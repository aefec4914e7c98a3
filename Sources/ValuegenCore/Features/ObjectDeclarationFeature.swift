import ValuegenPluginSDK

/// Declares an `.object` type: a final class with a variable per attribute. With `Observation`
/// (on by default) each variable reports reads and writes to an `ObservationRegistrar` and asks
/// the change observers before and after every assignment; the rest of that API is
/// ``ObservationFeature``'s.
struct ObjectDeclarationFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn("Object", defaultKinds: [.object], supportedKinds: [.object], canBeExcluded: false, annotations: FeatureDescriptor.schemaAnnotations)

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access = request.accessLevel.modifier
        for type in request.types(including: descriptor.name) {
            let observed = type.includes(ObservationFeature.name)
            var printer = CodePrinter()
            printer.docComment(type.comments)
            printer.block("\(access)final class \(type.name)\(type.adoptionClause)") { body in
                for attribute in type.attributes {
                    body.docComment(attribute.comments)
                    if observed {
                        body.observedProperty(attribute, access: access)
                    } else {
                        body.line("\(access)var \(attribute.swiftName): \(attribute.type.swift)")
                    }
                }
                if !type.attributes.isEmpty {
                    body.line()
                }
                body.memberwiseInitializer(of: type, access: access, storagePrefix: observed ? "_" : "")
                if observed {
                    body.line()
                    body.line("private let _observationRegistrar = \(StandardNames.name("ObservationRegistrar"))()")
                    body.line("private let _changeObservers = ChangeObservers()")
                    for attribute in type.attributes {
                        body.line("private var \(SwiftLanguage.identifier("_" + attribute.name)): \(attribute.type.swift)")
                    }
                }
            }
            emitter.emitDeclaration(printer.text, attachedTo: type.name)
        }
    }
}

private extension CodePrinter {
    /// A computed property over `_name` that is observable and asks the change observers.
    mutating func observedProperty(_ attribute: Attribute, access: String) {
        let name = attribute.swiftName
        let storage = SwiftLanguage.identifier("_" + attribute.name)
        block("\(access)var \(name): \(attribute.type.swift)") { property in
            property.block("get") { getter in
                getter.line("_observationRegistrar.access(self, keyPath: \\.\(name))")
                getter.line("return \(storage)")
            }
            property.block("set") { setter in
                setter.line("let change: Change = .\(name)(old: \(storage), new: newValue)")
                setter.line("guard _changeObservers.allowsChange(change) else { return }")
                setter.block("_observationRegistrar.withMutation(of: self, keyPath: \\.\(name))") { mutation in
                    mutation.line("\(storage) = newValue")
                }
                setter.line("_changeObservers.didChange(change)")
            }
        }
    }
}
