import ValuegenPluginSDK

// Written against PluginSDK 1.0: lists each type's attributes in a comment-only declaration,
// switching exhaustively over every enumeration the 1.0 SDK had.
struct CompatTenFeature: Feature {
    let descriptor = FeatureDescriptor(
        id: "dev.valuegen.compat.ten",
        version: "1.0.0",
        includeNames: ["CompatTen"],
        supportedKinds: [.value, .adtValue, .object]
    )

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access: String
        switch request.accessLevel {
        case .public: access = "public "
        case .package: access = "package "
        case .internal: access = ""
        }
        for type in request.types(including: descriptor.name) {
            let kind: String
            switch type.kind {
            case .value: kind = "value"
            case .adtValue: kind = "ADT"
            case .object: kind = "object"
            }
            let style: String
            switch request.options {
            case .string(let text)?: style = text
            case .null?, .bool?, .number?, .array?, .object?, nil: style = "plain"
            }
            emitter.emitDeclaration("extension \(type.name) {\n    \(access)static let compatTen = \"\(kind) \(style) \(type.attributes.count)\"\n}", attachedTo: type.name)
        }
    }
}

/// An emitter of the plugin's own, for its unit tests: 1.0's four requirements only.
final class RecordingEmitter: Emitter {
    var lines: [String] = []
    func emitImport(_ module: String) { lines.append("import \(module)") }
    func emitDeclaration(_ code: String, attachedTo typeName: String) { lines.append(code) }
    func emitFile(path: String, contents: String) { lines.append(path) }
    func diagnose(_ severity: DiagnosticSeverity, _ message: String, at location: SourceLocation?) {
        switch severity {
        case .note: lines.append("note: \(message)")
        case .warning: lines.append("warning: \(message)")
        case .error: lines.append("error: \(message)")
        }
    }
}

@_cdecl("valuegen_plugin_negotiate")
public func valuegenPluginNegotiate(_ io: UnsafeMutableRawPointer?) -> Int32 {
    PluginExport.negotiate(io, feature: CompatTenFeature())
}
