import ValuegenPluginSDK

// TypeScriptExport, written against PluginSDK 1.1 from the docs of the time: a `.ts` file per
// type, with an ADT's cases shaped as its coding writes them, read from the one exhaustive
// switch over `ADTCoding.Representation` the SDK documented.
struct TypeScriptExportFeature: Feature {
    let descriptor = FeatureDescriptor(
        id: "dev.valuegen.compat.typescript-export",
        version: "1.1.0",
        includeNames: ["TypeScriptExport"],
        supportedKinds: [.value, .adtValue, .object]
    )

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        for type in request.types(including: descriptor.name) {
            emitter.emitFile(path: "typescript/\(type.name).ts", contents: declaration(of: type))
        }
    }

    func declaration(of type: ModelType) -> String {
        guard type.kind == .adtValue else {
            return "export interface \(type.name) {\n" + type.attributes.map { "  \($0.name): \(typeScript($0.type)); // \(dateNote($0))\n" }.joined() + "}\n"
        }
        let coding = type.codingOfCases
        var variants: [String] = []
        for adtCase in type.cases {
            let payload = "{ " + adtCase.attributes.map { "\($0.name): \(typeScript($0.type))" }.joined(separator: "; ") + " }"
            switch coding.representation {
            case .string:
                variants.append("\"\(adtCase.tag)\"")
            case .internallyTagged:
                variants.append("{ \(coding.discriminator): \"\(adtCase.tag)\" } & \(payload)")
            case .externallyTagged:
                variants.append("{ \(adtCase.tag): \(payload) }")
            case .adjacentlyTagged:
                variants.append("{ \(coding.discriminator): \"\(adtCase.tag)\"; \(coding.contentKey): \(payload) }")
            }
        }
        return "export type \(type.name) = " + variants.joined(separator: " | ") + ";\n"
    }

    func typeScript(_ reference: TypeReference) -> String {
        // The structure comes with plugins that read the module; the name does for the others.
        guard let structure = reference.structure else {
            let named = typeScript(.named(NamedType(name: reference.wrapped, arguments: [])))
            return reference.isOptional ? named + " | null" : named
        }
        return typeScript(structure)
    }

    func typeScript(_ structure: TypeStructure) -> String {
        switch structure {
        case .named(let named):
            switch named.name {
            case "String", "URL", "UUID", "Date": return "string"
            case "Int", "Double", "Float", "Int64", "UInt": return "number"
            case "Bool": return "boolean"
            default:
                switch named.declaredWith {
                case .percentType?: return "unknown /* %type \(named.name) */"
                case .moduleSwiftCode?: return "unknown /* Swift \(named.name) */"
                case nil: return named.name
                }
            }
        case .optional(let wrapped): return typeScript(wrapped) + " | null"
        case .array(let element), .set(let element): return typeScript(element) + "[]"
        case .dictionary(_, let value): return "Record<string, \(typeScript(value))>"
        case .existential: return "unknown"
        }
    }

    func dateNote(_ attribute: Attribute) -> String {
        switch attribute.codingRules.dateStyle?.kind {
        case .iso8601?: return "ISO 8601"
        case .secondsSince1970?: return "seconds"
        case .millisecondsSince1970?: return "milliseconds"
        case .format?: return "formatted"
        case nil: return "default"
        }
    }
}

/// The plugin's test emitter: 1.1's six requirements.
final class CollectingEmitter: Emitter {
    var files: [String: String] = [:]
    func emitImport(_ module: String) {}
    func emitDeclaration(_ code: String, attachedTo typeName: String) {}
    func emitFile(path: String, contents: String) { files[path] = contents }
    func diagnose(_ severity: DiagnosticSeverity, _ message: String, at location: SourceLocation?) {}
    func emitModuleDeclaration(_ code: String, key: String) {}
    func emitModuleImport(_ module: String) {}
}

@_cdecl("valuegen_plugin_negotiate")
public func valuegenPluginNegotiate(_ io: UnsafeMutableRawPointer?) -> Int32 {
    PluginExport.negotiate(io, feature: TypeScriptExportFeature())
}
