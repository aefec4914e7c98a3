import ValuegenPluginSDK

// Written against PluginSDK 1.4: a module pass (ModuleFeature) that writes one catalog of the
// run's types that include ModuleCatalog, with their files, `%catalogName name=` and subtype
// names, reports a `%catalogName` without a name at its file's line, and a ModuleEmitter of its
// own (a test double) with 1.4's four requirements.
struct ModuleCatalogFeature: ModuleFeature {
    let descriptor = FeatureDescriptor(
        id: "dev.valuegen.compat.module-catalog",
        version: "1.4.0",
        includeNames: ["ModuleCatalog"],
        annotationNames: ["catalogName"],
        hasModulePass: true
    )

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {}

    func generateModule(_ request: ModuleRequest, into emitter: any ModuleEmitter) throws {
        var lines: [String] = []
        for (file, type) in request.types(including: descriptor.name) {
            var name = type.name
            if let annotation = type.annotation("catalogName") {
                guard let given = annotation["name"] else {
                    emitter.diagnose(.error, "%catalogName needs name=", in: file.path, at: annotation.location)
                    continue
                }
                name = given
            }
            let kind: String
            switch file.kind {
            case .value: kind = "value"
            case .adtValue: kind = "adt"
            case .object: kind = "object"
            }
            lines.append("\(name) \(kind) \(file.name) \(type.cases.map(\.subtypeName).joined(separator: ","))")
        }
        emitter.emitModuleFile(path: "catalog.txt", contents: lines.joined(separator: "\n") + "\n")
        if request.options?["withDeclaration"] == .bool(true) {
            emitter.emitModuleImport("Foundation")
            emitter.emitModuleDeclaration("public enum ModuleCatalog {}\n", key: "dev.valuegen.compat.module-catalog/ModuleCatalog")
        }
    }
}

/// What a plugin's own tests use to run the pass without a host.
final class RecordingModuleEmitter: ModuleEmitter {
    private(set) var files: [String: String] = [:]
    private(set) var declarations: [String: String] = [:]
    private(set) var imports: [String] = []
    private(set) var messages: [String] = []

    func emitModuleFile(path: String, contents: String) {
        files[path] = contents
    }

    func emitModuleDeclaration(_ code: String, key: String) {
        declarations[key] = code
    }

    func emitModuleImport(_ module: String) {
        imports.append(module)
    }

    func diagnose(_ severity: DiagnosticSeverity, _ message: String, in path: String?, at location: SourceLocation?) {
        messages.append("\(path ?? "-"):\(location?.line ?? 0): \(severity.rawValue): \(message)")
    }
}

@_cdecl("valuegen_plugin_negotiate")
public func valuegenPluginNegotiate(_ io: UnsafeMutableRawPointer?) -> Int32 {
    PluginExport.negotiate(io, feature: ModuleCatalogFeature())
}
