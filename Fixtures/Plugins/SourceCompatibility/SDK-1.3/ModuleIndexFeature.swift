import ValuegenPluginSDK

// Written against PluginSDK 1.3: reads the module once per run and declares its member and its
// annotation, giving each type `moduleIndexPeers`, the names of the module's types that include
// ModuleIndex and are not `%moduleIndex skip=true`.
struct ModuleIndexFeature: Feature {
    let descriptor = FeatureDescriptor(
        id: "dev.valuegen.compat.module-index",
        version: "1.3.0",
        includeNames: ["ModuleIndex"],
        supportedKinds: [.value, .adtValue, .object],
        generatedMemberNames: ["moduleIndexPeers"],
        readsModule: true,
        annotationNames: ["moduleIndex"]
    )

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let peers = (request.module?.types(including: descriptor.name) ?? []).map { peer in
            "\(peer.name)(\(peer.attributes.map { shape($0.structure) }.joined(separator: ", ")))"
        }
        for type in request.types(including: descriptor.name) where type.annotation("moduleIndex")?["skip"] != "true" {
            let list = peers.map { SwiftLanguage.stringLiteral($0) }.joined(separator: ", ")
            emitter.emitDeclaration("extension \(type.name) {\n    static let moduleIndexPeers: [String] = [\(list)]\n}", attachedTo: type.name)
        }
    }

    func shape(_ structure: TypeStructure) -> String {
        switch structure {
        case .named(let named): return named.name
        case .optional(let wrapped): return shape(wrapped) + "?"
        case .array(let element): return "[" + shape(element) + "]"
        case .set(let element): return "Set<" + shape(element) + ">"
        case .dictionary(let key, let value): return "[" + shape(key) + ": " + shape(value) + "]"
        case .existential(let constraints): return "any " + constraints.map(shape).joined(separator: " & ")
        }
    }
}

@_cdecl("valuegen_plugin_negotiate")
public func valuegenPluginNegotiate(_ io: UnsafeMutableRawPointer?) -> Int32 {
    PluginExport.negotiate(io, feature: ModuleIndexFeature())
}
