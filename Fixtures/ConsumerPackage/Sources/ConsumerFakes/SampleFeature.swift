import ValuegenPluginSDK

/// `includes(Sample)`: `static let sample` built from each attribute's `%sample value=...`
/// annotation or its default, so previews and tests have a ready value; every such type
/// conforms to `HasSample`, so code can take any of them.
struct SampleFeature: Feature {
    let descriptor = FeatureDescriptor(
        id: "com.example.consumer.sample",
        version: "1.1.0",
        includeNames: ["Sample"],
        supportedKinds: [.value],
        generatedMemberNames: ["sample"],
        annotationNames: ["sample"]
    )

    /// One protocol for the whole module, whichever schema file declares the type: emitted
    /// for every type under one key, it lands once in ValuegenModuleSupport.swift. Its text is
    /// the same in every file (always `public`, whatever the file's access level), since the
    /// same key with other code is an error.
    static let hasSampleKey = "com.example.consumer.sample/HasSample"
    static let hasSample = """
        /// A model type that includes Sample: it has a ready-made value.
        public protocol HasSample {
            /// A ready-made value for previews and tests.
            static var sample: Self { get }
        }

        """

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
            printer.block("extension \(type.name): HasSample") { body in
                body.line("/// A ready-made value for previews and tests.")
                body.parameterList(opening: "\(access)static let sample = \(type.name)(", arguments, closing: ")")
            }
            emitter.emitDeclaration(printer.text, attachedTo: type.name)
            emitter.emitModuleDeclaration(Self.hasSample, key: Self.hasSampleKey)
        }
    }
}

@_cdecl("valuegen_plugin_negotiate")
public func valuegenPluginNegotiate(_ io: UnsafeMutableRawPointer?) -> Int32 {
    PluginExport.negotiate(io, feature: SampleFeature())
}
