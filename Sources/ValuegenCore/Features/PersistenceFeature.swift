import ValuegenPluginSDK

/// `PersistableModel`: `try model.save(to: url, format: .json | .binary | .propertyList)`,
/// atomically, and `try Model.load(from: url)` with the format recognized from the bytes.
/// It needs the three codings, so including it includes JSON, Binary and Coding.
struct PersistenceFeature: Feature {
    /// The codings it saves and loads with, which it needs on every model it holds too.
    static let needs = ["JSON", "Binary", "Coding"]

    let descriptor = FeatureDescriptor.builtIn("Persistence", implies: needs)

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let types = request.types(including: descriptor.name)
        if !types.isEmpty {
            emitter.emitImport("ValuegenRuntime")
        }
        for type in types {
            emitter.emitDeclaration("extension \(type.name): \(StandardNames.name("PersistableModel")) {}", attachedTo: type.name)
        }
    }
}
