import ValuegenPluginSDK

/// `%coding payloads=flattened` writes each case's single value as that value's members beside
/// the tag, so the value must be an object with members of its own: a value type of this run
/// (a struct coded as a JSON object), none of whose attributes is coded under the
/// discriminator, where the tag stands. Only the whole module knows the value's attributes.
struct FlattenedPayloads {
    let declarations: ModuleDeclarations

    func diagnostics(for schema: ResolvedSchema) -> [Diagnostic] {
        guard let model = schema.model else { return [] }
        var diagnostics: [Diagnostic] = []
        for type in model.types {
            guard let coding = type.adtCoding, coding.flattensSingleValues else { continue }
            for adtCase in type.knownCases {
                guard let single = adtCase.singleValueType else { continue }
                let location = adtCase.annotation("singleAttributeSubtype").flatMap { annotation in
                    annotation.arguments.first { $0.key == "attributeType" }?.valueLocation
                } ?? adtCase.location
                let payload = single.isOptional ? nil : declarations.schemaTypes[single.swift]?.type
                guard let payload, payload.kind == .value else {
                    let why = single.isOptional ? "an optional, nil would have no members" : "not a value type of this run, coded as a JSON object"
                    diagnostics.append(Diagnostic(.error, "subtype '\(adtCase.subtypeName)' of '\(type.name)' holds '\(single.swift)', which '%coding payloads=flattened' writes as its members beside the tag, but it is \(why); hold a value type (a .value schema), declare the members in the subtype, or remove 'payloads=flattened'", path: schema.source.path, at: location))
                    continue
                }
                for attribute in payload.codedAttributes where ([attribute.codingKey] + attribute.legacyCodingKeys).contains(coding.discriminator) {
                    diagnostics.append(Diagnostic(.error, "subtype '\(adtCase.subtypeName)' of '\(type.name)' holds '\(payload.name)', whose attribute '\(attribute.name)' is coded under \"\(coding.discriminator)\", which holds the case's tag when payloads are flattened; give the attribute another %codingKey, '\(type.name)' another discriminator with %coding discriminator=, or remove 'payloads=flattened'", path: schema.source.path, at: location))
                }
            }
        }
        return diagnostics
    }
}
