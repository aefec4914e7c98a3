import ValuegenPluginSDK

// What Coding and JSON agree on, so that the same value gives the same JSON through either
// feature and each reads the other's output: which types can be coded, how a member is
// found (primary key, then legacy keys in order, then the default or nil), and when a
// missing member is an error.

enum CodingRules {
    /// The keys an ADT's coding uses for itself.
    static let discriminator = "type"
    static let singleValue = "value"

    /// Whether the type can be coded; reports every attribute in the way.
    static func canCode(_ type: ModelType, feature: String, emitter: any Emitter) -> Bool {
        var codable = true
        for value in type.storedValues where value.type.containsExistential {
            emitter.diagnose(.error, "\(value.description) has type '\(value.type.swift)', which cannot be coded; exclude \(feature) or use a concrete type", at: value.location)
            codable = false
        }
        for adtCase in type.cases {
            for attribute in adtCase.attributes where attribute.codingKey == discriminator {
                emitter.diagnose(.error, "attribute '\(attribute.name)' of subtype '\(adtCase.subtypeName)' is coded under \"type\", which holds the case name; give it another %codingKey", at: attribute.location)
                codable = false
            }
        }
        return codable
    }

    /// JSON objects have string keys: `JSON` codes dictionaries keyed by String only.
    static func hasStringKeyedDictionariesOnly(_ type: ModelType, feature: String, emitter: any Emitter) -> Bool {
        var valid = true
        for value in type.storedValues {
            if let key = value.type.swift.firstDictionaryKey, key != "String" {
                emitter.diagnose(.error, "\(value.description) has type '\(value.type.swift)'; \(feature) codes dictionaries with String keys only, as JSON objects", at: value.location)
                valid = false
            }
        }
        return valid
    }
}

private extension String {
    /// The key type of the first dictionary in a type's spelling whose key is not String,
    /// e.g. `UUID` in `[[UUID: Date]]`; nil when every dictionary is keyed by String.
    var firstDictionaryKey: String? {
        var current = ""
        for character in self {
            switch character {
            case ":":
                if current != "String" { return current }
                current = ""
            case "[", "]", ",", "<", ">", "?", "(", ")":
                current = ""
            case " ":
                continue
            default:
                current.append(character)
            }
        }
        return nil
    }
}

extension Attribute {
    /// Required, without a default or legacy keys: the member must be there and not null.
    var decodesStrictly: Bool {
        !type.isOptional && defaultValue == nil && legacyCodingKeys.isEmpty
    }

    /// Required, without a default, and with legacy keys: decoding tries each key and fails
    /// for the primary one when none has a value.
    var needsMissingValueError: Bool {
        !type.isOptional && defaultValue == nil && !legacyCodingKeys.isEmpty
    }

    /// The default as the last operand of `??`, parenthesized unless it is a single token.
    var defaultFallback: String? {
        defaultValue.map { $0.isSingleToken ? $0 : "(\($0))" }
    }
}

private extension String {
    /// Whether the expression needs no parentheses after `??`: no spaces and no operators
    /// of lower precedence (`?:`, `=`), e.g. `"00000"`, `0`, `.standard`, `[]`.
    var isSingleToken: Bool {
        !contains(where: { $0 == " " || $0 == "?" || $0 == ":" || $0 == "=" })
    }
}
