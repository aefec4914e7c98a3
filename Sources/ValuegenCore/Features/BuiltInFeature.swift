import ValuegenPluginSDK

extension FeatureDescriptor {
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
