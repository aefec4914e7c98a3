import ValuegenPluginSDK

/// `with(name:)` for each attribute: a copy with that one attribute replaced.
struct WithFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn("With", supportedKinds: [.value, .object])

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access = request.accessLevel.modifier
        for type in request.types(including: descriptor.name) where !type.attributes.isEmpty {
            var printer = CodePrinter()
            let copy = type.kind == .object ? "A new object with the attributes of this one" : "A copy of this value"
            // Every method passes the attributes through under their own names.
            let arguments = type.initializerArguments()
            printer.block("extension \(type.name)") { body in
                for (index, attribute) in type.attributes.enumerated() {
                    if index > 0 {
                        body.line()
                    }
                    body.line("/// \(copy), except `\(attribute.name)`.")
                    body.block("\(access)func with(\(attribute.swiftName): \(attribute.type.swift)) -> \(type.name)") { method in
                        method.parameterList(opening: "\(type.name)(", arguments, closing: ")")
                    }
                }
            }
            emitter.emitDeclaration(printer.text, attachedTo: type.name)
        }
    }
}
