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
        self.features = features
        var byName: [String: Int] = [:]
        for (index, feature) in features.enumerated() {
            for name in feature.descriptor.includeNames where byName[name] == nil {
                byName[name] = index
            }
        }
        self.byName = byName
    }

    /// Whether some feature reads the module's description and type structures, which the
    /// module stage then makes (no built-in feature does).
    public var readsModule: Bool {
        features.contains { $0.descriptor.readsModule }
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

    /// This registry with plugin features after its own, in the order given. A plugin may not
    /// answer to a name that another feature already answers to.
    public func adding(_ plugins: [any Feature]) throws(RegistryConflict) -> FeatureRegistry {
        var owners: [String: any Feature] = [:]
        for feature in features + plugins {
            for name in feature.descriptor.includeNames {
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
        return FeatureRegistry(features: features + plugins)
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

    /// The position of a feature in output order.
    func order(of name: String) -> Int {
        byName[name] ?? Int.max
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
        let known = features.filter { $0.descriptor.canBeExcluded }.map(\.descriptor.name).joined(separator: ", ")
        return "unknown include '\(name)'; known features are \(known)"
    }

    /// The known include name an unknown one is a misspelling of, if any: a Swift protocol a
    /// feature conforms to (`Codable` for Coding), or a name a few edits away.
    func closestInclude(to name: String) -> String? {
        if let feature = Self.featuresForSwiftProtocols[name.lowercased()], byName[feature] != nil {
            return feature
        }
        // Only an error pays for the edit distances.
        let candidates = features.filter { $0.descriptor.canBeExcluded }.map(\.descriptor.name)
        return Suggestion.closest(to: name, among: candidates + Array(byName.keys).sorted())
    }
}

/// Two features that answer to the same include name.
public struct RegistryConflict: Error, Equatable, CustomStringConvertible {
    public var description: String
}
