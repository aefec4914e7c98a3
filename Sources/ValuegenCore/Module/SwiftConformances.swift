import ValuegenPluginSDK

/// What a type of the module's own Swift code can be relied on for, from the conformances its
/// declaration and extensions list. A protocol the scan cannot see into (the module's own
/// `protocol Model: Hashable`) is taken on trust; standard protocols that do not give the
/// conformance are not.
enum SwiftConformances {
    /// Protocols known not to make a type Hashable, Codable, JSONCodable, BinaryCodable or
    /// DictionaryCodable.
    static let standardProtocols: Set<String> = KnownTypes.standardProtocols.union([
        "CaseIterable", "RawRepresentable", "CustomReflectable", "LosslessStringConvertible",
        "ExpressibleByStringLiteral", "ExpressibleByIntegerLiteral", "Collection", "Sequence",
        "NSObject", "AnyObject", "JSONEncodable", "JSONDecodable", "BinaryEncodable", "BinaryDecodable",
        "DictionaryEncodable", "DictionaryDecodable",
        "Encodable", "Decodable", "Equatable",
    ]).union(KnownTypes.standardLibrary)

    /// Whether the declared type has what the feature needs of the types a model holds.
    static func satisfies(_ feature: String, _ declaration: SwiftTypeDeclaration) -> Bool {
        let listed = Set(declaration.conformances)
        let trusted = !listed.subtracting(standardProtocols).subtracting(["Hashable", "Codable", "JSONCodable", "BinaryCodable", "DictionaryCodable", "Sendable"]).isEmpty
        switch declaration.kind {
        case "typealias", "protocol":
            return true
        default:
            break
        }
        switch feature {
        case "Sendable":
            return listed.contains("Sendable")
        case "Equality":
            // An enum without associated values is Hashable without saying so.
            return declaration.kind == "enum" || listed.contains("Hashable") || trusted
        case "Coding":
            return listed.contains("Codable") || listed.isSuperset(of: ["Encodable", "Decodable"]) || trusted
        case "JSON":
            return listed.contains("JSONCodable") || listed.isSuperset(of: ["JSONEncodable", "JSONDecodable"]) || trusted
        case "Binary":
            return listed.contains("BinaryCodable") || listed.isSuperset(of: ["BinaryEncodable", "BinaryDecodable"]) || trusted
        case "Dictionary":
            return listed.contains("DictionaryCodable") || listed.isSuperset(of: ["DictionaryEncodable", "DictionaryDecodable"]) || trusted
        default:
            return true
        }
    }

    /// The protocol a feature needs a held type to conform to, as messages name it.
    static func requiredProtocol(for feature: String) -> String {
        switch feature {
        case "Equality": return "Hashable"
        case "Coding": return "Codable"
        case "JSON": return "JSONCodable"
        case "Binary": return "BinaryCodable"
        case "Dictionary": return "DictionaryCodable"
        default: return feature
        }
    }
}
