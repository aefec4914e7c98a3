import ValuegenPluginSDK

// Written against PluginSDK 1.2, whose `ADTCoding.Representation` had a case `untagged`: a
// module file summing up how each ADT is coded.
struct CodingSummaryFeature: Feature {
    let descriptor = FeatureDescriptor(
        id: "dev.valuegen.compat.coding-summary",
        version: "1.2.0",
        includeNames: ["CodingSummary"],
        supportedKinds: [.adtValue],
        annotationNames: []
    )

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        for type in request.types(including: descriptor.name) {
            let coding = type.adtCoding ?? ADTCoding(representation: .untagged)
            let summary: String
            switch coding.representation {
            case .string: summary = "string"
            case .internallyTagged: summary = "internal"
            case .externallyTagged: summary = "external"
            case .adjacentlyTagged: summary = "adjacent"
            case .untagged: summary = "untagged"
            }
            let tagged = type.adtCoding?.representation != .untagged && coding.representation != .untagged
            emitter.emitDeclaration("extension \(type.name) {\n    static let codingSummary = \"\(summary) \(tagged)\"\n}", attachedTo: type.name)
            emitter.emitModuleFile(path: "summary/\(request.file.name).txt", contents: "\(type.name): \(summary)\n")
        }
    }
}

@_cdecl("valuegen_plugin_negotiate")
public func valuegenPluginNegotiate(_ io: UnsafeMutableRawPointer?) -> Int32 {
    PluginExport.negotiate(io, feature: CodingSummaryFeature())
}
