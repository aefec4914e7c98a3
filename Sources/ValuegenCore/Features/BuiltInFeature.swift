import ValuegenPluginSDK

extension FeatureDescriptor {
    /// What the resolver reads for every kind of model, whatever features a type includes.
    static let schemaAnnotations = ["type", "library", "import", "nullable", "nonnull"]
    /// What every coding feature reads: keys, tags, representations, transient attributes.
    static let codingAnnotations = ["caseKey", "caseKeys", "coding", "codingKey", "codingKeys", "codingLegacyKey", "transient", "unknownCase"]

    /// Whether the feature ships with Valuegen, or is one of its features built as a plugin.
    var isBuiltIn: Bool {
        id.hasPrefix("dev.valuegen.")
    }

    /// The descriptor of a feature that ships with Valuegen: id `dev.valuegen.<name>`,
    /// versioned with Valuegen itself.
    static func builtIn(
        _ name: String,
        aliases: [String] = [],
        defaultKinds: Set<ModelKind> = [],
        supportedKinds: Set<ModelKind> = Set(ModelKind.allCases),
        canBeExcluded: Bool = true,
        implies: [String] = [],
        annotations: [String] = []
    ) -> FeatureDescriptor {
        FeatureDescriptor(
            id: "dev.valuegen.\(name.lowercased())",
            version: ValuegenVersion.current,
            includeNames: [name] + aliases,
            defaultKinds: defaultKinds,
            supportedKinds: supportedKinds,
            canBeExcluded: canBeExcluded,
            implies: implies,
            annotationNames: annotations
        )
    }
}
