import ValuegenPluginSDK

/// SchemaIndex, a module-wide exporter written with the Swift PluginSDK (ABI 1.4): one
/// `schema-index.txt` that lists every type of the run including SchemaIndex with the file that
/// declares it, its cases' subtype names, and the `%indexTag name=` of the type, from however
/// many schema files. A `%indexTag` without `name=` is an error at its line, in its file.
struct SchemaIndexFeature: ModuleFeature {
    let descriptor = FeatureDescriptor(
        id: "dev.valuegen.examples.schema-index",
        version: "1.0.0",
        includeNames: ["SchemaIndex"],
        annotationNames: ["indexTag"]
    )

    /// Everything happens in the module pass.
    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {}

    func generateModule(_ request: ModuleRequest, into emitter: any ModuleEmitter) throws {
        var lines: [String] = []
        for (file, type) in request.types(including: "SchemaIndex") {
            var line = "\(type.name) (\(file.path):\(type.location.line))"
            if let tag = type.annotations.first(where: { $0.name == "indexTag" }) {
                guard let name = tag.arguments.first(where: { $0.key == "name" })?.value else {
                    emitter.diagnose(.error, "%indexTag needs name=, the tag of '\(type.name)' in the index", in: file.path, at: tag.location)
                    continue
                }
                line += " #\(name)"
            }
            if !type.cases.isEmpty {
                line += ": " + type.cases.map(\.subtypeName).joined(separator: " | ")
            }
            lines.append(line)
        }
        emitter.emitModuleFile(path: "schema-index.txt", contents: lines.joined(separator: "\n") + "\n")
    }
}
