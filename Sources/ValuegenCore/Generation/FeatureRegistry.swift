import ValuegenPluginHost
import ValuegenPluginSDK

/// The features a run can include, in the order their code appears in a generated file,
/// and the names that select them.
public struct FeatureRegistry: Sendable {
    public let features: [any Feature]
    private let byName: [String: Int]

    /// The include names of Remodel's built-in plugins (and the flags its plugins read) that
    /// only shape Objective-C or C++ output; `includes(...)` accepts and ignores them so Remodel
    /// schemas migrate as they are. docs/Language.md says, for each, why Swift needs nothing.
    /// Those with a Swift meaning are aliases of features (`RMBuilder`, `VoidMatching`…).
    public static let ignoredRemodelNames: Set<String> = [
        "AlgebraicTypeInitialization", "CaseMatching", "NSSecureCoding", "RenderCPlusPlusFile",
        "RMAssertNullability", "RMAssumeNonnull", "RMCodingTypeSafety", "RMCopying",
        "RMCopyingTypeSafety", "RMDescriptionAttributeError", "RMFetchStatus", "RMImmutableIvars",
        "RMImmutableProperties", "RMInitNewUnavailable", "RMSubclassingRestricted",
        "RMValueObjectSemantics", "SkipImportsInImplementation", "UseForwardDeclarations",
    ]

    public init(features: [any Feature]) {
        var byName: [String: Int] = [:]
        for (index, feature) in features.enumerated() {
            for name in feature.descriptor.includeNames where byName[name] == nil {
                byName[name] = index
            }
        }
        self.init(features: features, byName: byName, shadowings: [])
    }

    private init(features: [any Feature], byName: [String: Int], shadowings: [IncludeNameShadowing]) {
        self.features = features
        var byName = byName
        // `valuegen.Validation` always names the built-in: plugin include names are
        // identifiers, so no plugin can take it.
        for (index, feature) in features.enumerated() where !(feature is PluginBacked) {
            for name in feature.descriptor.includeNames where !name.contains("@") {
                byName[Self.reservedPrefix + name] = index
            }
        }
        self.byName = byName
        self.shadowings = shadowings
        annotationNames = Set(features.flatMap { $0.descriptor.annotationNames ?? [] })
        sortedAnnotationNames = annotationNames.sorted()
        builtInAnnotationNames = Set(features.filter { !($0 is PluginBacked) }.flatMap { $0.descriptor.annotationNames ?? [] }).sorted()
        everyPluginDeclaresAnnotations = features.allSatisfy { $0.descriptor.annotationNames != nil }
    }

    /// Every annotation some feature of the registry reads.
    let annotationNames: Set<String>
    let sortedAnnotationNames: [String]
    /// The annotations the built-in features read, sorted.
    let builtInAnnotationNames: [String]
    /// Whether every feature says what it reads: no plugin built before ABI 1.2 is loaded.
    let everyPluginDeclaresAnnotations: Bool

    /// What makes an include name always name a built-in feature, whatever plugins are loaded.
    public static let reservedPrefix = "valuegen."

    /// The built-in include names that plugins took in this registry, each to be reported once.
    public let shadowings: [IncludeNameShadowing]

    /// Whether some feature reads the module's description and type structures, which the
    /// module stage then makes (no built-in feature does).
    public var readsModule: Bool {
        features.contains { $0.descriptor.readsModule }
    }

    /// Whether some feature has a module pass (ABI 1.4), whose request has the type structures.
    public var hasModulePass: Bool {
        features.contains { $0.descriptor.hasModulePass }
    }

    /// Every built-in feature, in output order: the declaration of the type first.
    public static let builtIn = FeatureRegistry(features: [
        ValueDeclarationFeature(),
        ADTDeclarationFeature(),
        ObjectDeclarationFeature(),
        ObservationFeature(),
        EqualityFeature(),
        SendableFeature(),
        DescriptionFeature(),
        MatchingFeature(),
        DiffingFeature(),
        WithFeature(),
        ValidationFeature(),
        BuilderFeature(),
        CodingFeature(),
        JSONFeature(),
        BinaryFeature(),
        DictionaryFeature(),
        PersistenceFeature(),
        UndoFeature(),
    ])

    /// This registry with plugin features after its own, in the order given. Two plugins may
    /// not answer to the same include name; a plugin that answers to a built-in feature's name
    /// takes it (see ``shadowings``), and the built-in stays reachable as `valuegen.<name>`.
    public func adding(_ plugins: [any Feature]) throws(RegistryConflict) -> FeatureRegistry {
        var owners: [String: any Feature] = [:]
        for feature in plugins {
            for name in Self.includeNames(of: feature) {
                if let owner = owners[name] {
                    throw RegistryConflict(description: Self.conflictMessage(name, owner, feature))
                }
                owners[name] = feature
            }
        }
        var ids: [String: any Feature] = [:]
        for feature in features + plugins {
            if let owner = ids[feature.descriptor.id] {
                throw RegistryConflict(description: "error: \(Self.describe(owner)) and \(Self.describe(feature)) have the same id '\(feature.descriptor.id)'; load only one of them")
            }
            ids[feature.descriptor.id] = feature
        }
        var all = features
        var byName = self.byName
        var shadowings: [IncludeNameShadowing] = []
        for var feature in plugins {
            let names = Self.includeNames(of: feature)
            let taken = names.compactMap { name in byName[name].map { (name, features[$0]) } }
            if !taken.isEmpty, let plugin = Self.pluginBacked(feature) {
                let renamed = RenamedPluginFeature(plugin, names: names, shadowedBuiltIns: taken.map { $0.1.descriptor.name })
                feature = renamed
                shadowings += taken.map { IncludeNameShadowing(plugin: renamed.pluginName, name: $0.0, builtIn: $0.1.descriptor.name) }
            } else if let owner = taken.first {
                throw RegistryConflict(description: Self.conflictMessage(owner.0, owner.1, feature))
            }
            all.append(feature)
            for name in feature.descriptor.includeNames {
                byName[name] = all.count - 1
            }
        }
        return FeatureRegistry(features: all, byName: byName, shadowings: self.shadowings + shadowings)
    }

    /// The names a feature answers to in `includes(...)`: a renamed plugin's, not its own.
    private static func includeNames(of feature: any Feature) -> [String] {
        (feature as? RenamedPluginFeature)?.names ?? feature.descriptor.includeNames
    }

    /// The plugin behind a feature, unwrapping one renamed with `"as"`.
    private static func pluginBacked(_ feature: any Feature) -> (any Feature & PluginBacked)? {
        if let renamed = feature as? RenamedPluginFeature {
            return renamed.plugin
        }
        return feature as? any Feature & PluginBacked
    }

    /// How messages name who emitted something: `plugin 'ID' (path)` for a plugin, nil for a
    /// built-in feature (`feature 'Builder'`).
    func origin(of feature: any Feature) -> String? {
        (feature as? PluginBacked)?.pluginName.description
    }

    /// The name shown for a feature in `// MARK: -` headers: the one the schemas use.
    /// A built-in feature whose name a plugin took shows as `valuegen.<name>`.
    func shownName(of feature: any Feature) -> String {
        if let renamed = feature as? RenamedPluginFeature {
            return renamed.names[0]
        }
        let name = feature.descriptor.name
        let isShadowed = byName[name].map { features[$0].descriptor.id != feature.descriptor.id } ?? false
        return isShadowed ? Self.reservedPrefix + name : name
    }

    /// The plugin that took a built-in feature's name, when the feature with this canonical
    /// name is one.
    func shadowingPlugin(named name: String) -> RenamedPluginFeature? {
        guard let index = byName[name], let renamed = features[index] as? RenamedPluginFeature, !renamed.shadowedBuiltIns.isEmpty else { return nil }
        return renamed
    }

    private static func conflictMessage(_ name: String, _ owner: any Feature, _ feature: any Feature) -> String {
        if owner is PluginBacked {
            return "error: \(describe(owner)) and \(describe(feature)) both answer to the include name '\(name)'; load only one of them"
        }
        return "error: \(describe(feature)) answers to '\(name)', which \(describe(owner)) already answers to; give the plugin another include name"
    }

    private static func describe(_ feature: any Feature) -> String {
        if let plugin = feature as? PluginBacked {
            return plugin.pluginName.description
        }
        return "the built-in feature '\(feature.descriptor.name)'"
    }

    /// What an include name selects.
    public enum Lookup {
        case feature(any Feature)
        /// A Remodel name with no meaning in Swift.
        case ignored
        case unknown
    }

    public func lookup(_ name: String) -> Lookup {
        if let index = byName[name] {
            return .feature(features[index])
        }
        if Self.ignoredRemodelNames.contains(name) {
            return .ignored
        }
        return .unknown
    }

    /// The position of a feature in output order, by canonical name.
    func order(of name: String) -> Int {
        features.firstIndex { $0.descriptor.name == name } ?? byName[name] ?? Int.max
    }

    /// The feature with this canonical name (the one in ``ModelType/includes``): a built-in's
    /// whatever plugin took its include name.
    func feature(canonicalName name: String) -> (any Feature)? {
        features.first { $0.descriptor.name == name }
    }

    /// Swift protocols written as include names, and the feature that conforms a type to them.
    /// (`Sendable` is a feature of its own name.)
    static let featuresForSwiftProtocols: [String: String] = [
        "codable": "Coding", "decodable": "Coding", "encodable": "Coding",
        "equatable": "Equality", "hashable": "Equality",
        "customstringconvertible": "Description",
        "observable": "Observation",
    ]

    /// A sentence for an unknown include name, with a suggestion when one is close.
    func unknownIncludeMessage(_ name: String) -> String {
        if let suggestion = closestInclude(to: name) {
            return "unknown include '\(name)'; did you mean '\(suggestion)'?"
        }
        let known = features.filter { $0.descriptor.canBeExcluded }.map(shownName).joined(separator: ", ")
        return "unknown include '\(name)'; known features are \(known)"
    }

    /// The known include name an unknown one is a misspelling of, if any: a Swift protocol a
    /// feature conforms to (`Codable` for Coding), or a name a few edits away.
    func closestInclude(to name: String) -> String? {
        if let feature = Self.featuresForSwiftProtocols[name.lowercased()], byName[feature] != nil {
            return feature
        }
        // Only an error pays for the edit distances.
        let candidates = features.filter { $0.descriptor.canBeExcluded }.map(shownName)
        let names = byName.keys.filter { !$0.contains("@") && !$0.hasPrefix(Self.reservedPrefix) }.sorted()
        return Suggestion.closest(to: name, among: candidates + names)
    }
}

/// Two features that answer to the same include name.
public struct RegistryConflict: Error, Equatable, CustomStringConvertible {
    public var description: String
}
