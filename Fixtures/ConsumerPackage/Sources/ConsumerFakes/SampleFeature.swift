import ValuegenPluginSDK

/// `includes(Sample)`: `static let sample` built from each attribute's `%sample value=...`
/// annotation or its default, so previews and tests have a ready value.
struct SampleFeature: Feature {
    let descriptor = FeatureDescriptor(
        id: "com.example.consumer.sample",
        version: "1.0.0",
        includeNames: ["Sample"],
        supportedKinds: [.value]
    )

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access = request.accessLevel.modifier
        for type in request.types(including: "Sample") {
            var arguments: [String] = []
            for attribute in type.attributes {
                if let value = attribute.annotation("sample")?["value"] {
                    arguments.append("\(SwiftLanguage.argumentLabel(attribute.name)): \(value)")
                } else if attribute.initializerDefault == nil {
                    emitter.diagnose(.error, "attribute '\(attribute.name)' needs '%sample value=...' (or a default) for Sample", at: attribute.location)
                }
            }
            var printer = CodePrinter()
            printer.block("extension \(type.name)") { body in
                body.line("/// A ready-made value for previews and tests.")
                body.parameterList(opening: "\(access)static let sample = \(type.name)(", arguments, closing: ")")
            }
            emitter.emitDeclaration(printer.text, attachedTo: type.name)
        }
    }
}

@_cdecl("valuegen_plugin_negotiate")
public func valuegenPluginNegotiate(_ io: UnsafeMutableRawPointer?) -> Int32 {
    PluginExport.negotiate(io, feature: SampleFeature())
}
