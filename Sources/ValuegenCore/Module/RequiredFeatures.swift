import ValuegenPluginSDK

/// The features that hold only when every model a type holds has them too, as bits: the
/// module stage asks about each of them for every name every attribute holds.
struct RequiredFeatures: OptionSet, Sendable {
    let rawValue: UInt8

    static let equality = RequiredFeatures(rawValue: 1 << 0)
    static let sendable = RequiredFeatures(rawValue: 1 << 1)
    static let json = RequiredFeatures(rawValue: 1 << 2)
    static let binary = RequiredFeatures(rawValue: 1 << 3)
    static let coding = RequiredFeatures(rawValue: 1 << 4)
    static let dictionary = RequiredFeatures(rawValue: 1 << 5)
    static let all: RequiredFeatures = [.equality, .sendable, .json, .binary, .coding, .dictionary]

    /// The canonical feature names, in the order messages list them.
    static let names = ["Equality", "Sendable", "JSON", "Binary", "Coding", "Dictionary"]

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The bit of a feature name; nil for every other feature.
    init?(feature: String) {
        guard let index = Self.names.firstIndex(of: feature) else { return nil }
        self.init(rawValue: 1 << UInt8(index))
    }

    /// The features among the names (`includes`, `excludes`).
    init<Names: Sequence<String>>(among names: Names) {
        self.init(rawValue: 0)
        for name in names {
            if let bit = RequiredFeatures(feature: name) { formUnion(bit) }
        }
    }

    /// The feature names, in the order messages list them.
    var featureNames: [String] {
        Self.names.indices.filter { rawValue & (1 << UInt8($0)) != 0 }.map { Self.names[$0] }
    }

    /// The features a type with the given meaning has, when it is not a schema type of the
    /// module. Types valuegen cannot see into (`%type`, the module's Swift code, imported
    /// modules) are taken on trust, except for `Sendable`, which they must declare
    /// (`sendable=true`, or `: Sendable` in the Swift declaration).
    static func of(_ name: String, meaning: ModuleDeclarations.Meaning) -> RequiredFeatures {
        switch meaning {
        case .schema:
            return .all
        case .declaredWithPercentType(let isSendable):
            return isSendable ? .all : all.subtracting(.sendable)
        case .swift(let declaration):
            return RequiredFeatures(among: names.filter { SwiftConformances.satisfies($0, declaration) })
        case .standard:
            if let features = KnownTypes.foundationTypeFeatures[name] { return features }
            if KnownTypes.uiKitClasses.contains(name) { return .equality }
            return KnownTypes.isRuntimeCodable(name) ? .all : all.subtracting([.json, .binary, .dictionary])
        case .unknown:
            return KnownTypes.isKnown(name) ? .all : all.subtracting(.sendable)
        }
    }
}
