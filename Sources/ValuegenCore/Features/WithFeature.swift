import ValuegenPluginSDK

/// `with(name:)` for each attribute: a copy with that one attribute replaced.
///
/// With more than one attribute, every method passes the attributes to one private helper
/// that calls the memberwise initializer, kept out of line: the optimizer then inlines the
/// initializer once per type instead of once per method, which was most of what these
/// methods cost a release build (docs/Performance.md). The public methods are unchanged.
struct WithFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn("With", supportedKinds: [.value, .object])

    /// The private helper every `with(…)` calls: static, so it collides with no attribute.
    static let helperName = "withAttributes"

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access = request.accessLevel.modifier
        for type in request.types(including: descriptor.name) where !type.attributes.isEmpty {
            var printer = CodePrinter()
            let copy = type.kind == .object ? "A new object with the attributes of this one" : "A copy of this value"
            let usesHelper = type.attributes.count > 1
            // Every method passes the attributes through under their own names.
            let call = usesHelper ? "\(type.name).\(Self.helperName)(" : "\(type.name)("
            let arguments = usesHelper ? type.attributes.map(\.swiftName) : type.initializerArguments()
            printer.block("extension \(type.name)") { body in
                for (index, attribute) in type.attributes.enumerated() {
                    if index > 0 {
                        body.line()
                    }
                    body.line("/// \(copy), except `\(attribute.name)`.")
                    body.block("\(access)func with(\(attribute.swiftName): \(attribute.type.parameterType)) -> \(type.name)") { method in
                        method.parameterList(opening: call, arguments, closing: ")")
                    }
                }
                guard usesHelper else { return }
                body.line()
                body.line("/// The copy every `with(…)` returns, made in one place out of line.")
                body.line("@inline(never)")
                let parameters = type.attributes.map { "_ \($0.swiftName): \($0.type.parameterType)" }
                body.parameterList(opening: "private static func \(Self.helperName)(", parameters, closing: ") -> \(type.name) {")
                body.indented { method in
                    method.parameterList(opening: "\(type.name)(", type.initializerArguments(), closing: ")")
                }
                body.line("}")
            }
            emitter.emitDeclaration(printer.text, attachedTo: type.name)
        }
    }
}
