import ValuegenPluginSDK

extension FeatureDescriptor {
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
        implies: [String] = []
    ) -> FeatureDescriptor {
        FeatureDescriptor(
            id: "dev.valuegen.\(name.lowercased())",
            version: ValuegenVersion.current,
            includeNames: [name] + aliases,
            defaultKinds: defaultKinds,
            supportedKinds: supportedKinds,
            canBeExcluded: canBeExcluded,
            implies: implies
        )
    }
}
