/// The model the benchmark compiles N copies of: a realistic 9-attribute value (a user's
/// profile: optionals, a collection, defaults, a URL and a Date, a redacted attribute, a nested
/// model; `joinedAt` left out of equality in the feature set that asks for it) and the
/// 2-attribute value it holds. One copy is one schema file, so "per model" in the
/// report means one such pair. Both the schema and the hand-written Swift are made from this
/// one description, so they declare the same types.
enum BenchmarkModel {
    struct Attribute {
        var name: String
        /// The type as both the schema and Swift spell it; `{n}` is the copy's number.
        var type: String
        var defaultValue: String?
        var schemaAnnotation: String?
        var comment: String?
    }

    struct ValueType {
        var name: String
        var comment: String
        var attributes: [Attribute]
    }

    static func types(copy: Int) -> [ValueType] {
        let suffix = String(copy)
        return [
            ValueType(name: "Profile\(suffix)", comment: "A user's public profile, as the server sends it.", attributes: [
                Attribute(name: "userId", type: "Int", comment: "The server's identifier."),
                Attribute(name: "nickname", type: "String"),
                Attribute(name: "displayName", type: "String?", comment: "Shown in the profile header."),
                Attribute(name: "avatarUrl", type: "URL?"),
                Attribute(name: "email", type: "String", schemaAnnotation: "%redacted"),
                Attribute(name: "joinedAt", type: "Date", schemaAnnotation: "%skipEquality"),
                Attribute(name: "isVerified", type: "Bool", defaultValue: "false"),
                Attribute(name: "tags", type: "[String]", defaultValue: "[]"),
                Attribute(name: "home", type: "Place\(suffix)?", comment: "Where the user lives, when they said."),
            ]),
            ValueType(name: "Place\(suffix)", comment: "A place a user lives in.", attributes: [
                Attribute(name: "city", type: "String"),
                Attribute(name: "zipCode", type: "String", defaultValue: "\"00000\""),
            ]),
        ]
    }

    /// The schema file of one copy with the feature set's includes and excludes on each type.
    static func schema(copy: Int, features: FeatureSet) -> String {
        var text = ""
        for type in types(copy: copy) {
            var header = type.name
            if !features.includes.isEmpty { header += " includes(\(features.includes.joined(separator: ", ")))" }
            if !features.excludes.isEmpty { header += " excludes(\(features.excludes.joined(separator: ", ")))" }
            text += "# \(type.comment)\n\(header) {\n"
            for attribute in type.attributes {
                if let comment = attribute.comment { text += "  # \(comment)\n" }
                if let annotation = attribute.schemaAnnotation, annotation != "%skipEquality" || features.skipsEquality {
                    text += "  \(annotation)\n"
                }
                text += "  \(attribute.name): \(attribute.type)\(attribute.defaultValue.map { " = \($0)" } ?? "")\n"
            }
            text += "}\n\n"
        }
        return text
    }

    /// The same types as a developer writes them by hand: the same stored properties, doc
    /// comments and public memberwise initializer, and the conformances the compiler
    /// synthesizes.
    static func handWritten(copy: Int, conformances: SynthesizedConformances) -> String {
        var text = "import Foundation\n"
        for type in types(copy: copy) {
            let conformance = conformances == .nothing ? "" : ": \(conformances.rawValue)"
            text += "\n/// \(type.comment)\npublic struct \(type.name)\(conformance) {\n"
            for attribute in type.attributes {
                if let comment = attribute.comment { text += "    /// \(comment)\n" }
                text += "    public let \(attribute.name): \(attribute.type)\n"
            }
            text += "\n    public init(\n"
            text += type.attributes.map { attribute in
                let defaultValue = attribute.defaultValue ?? (attribute.type.hasSuffix("?") ? "nil" : nil)
                return "        \(attribute.name): \(attribute.type)\(defaultValue.map { " = \($0)" } ?? "")"
            }.joined(separator: ",\n")
            text += "\n    ) {\n"
            for attribute in type.attributes {
                text += "        self.\(attribute.name) = \(attribute.name)\n"
            }
            text += "    }\n}\n"
        }
        return text
    }
}
