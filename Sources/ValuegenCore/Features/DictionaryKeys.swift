import ValuegenPluginSDK

// Which dictionaries JSON, Dictionary and Coding write as objects, and how. A JSON object's
// member names are strings: a dictionary keyed by String uses them as they are, one keyed by a
// fixed-width integer writes its keys in decimal (`{"138586341": …}`), as Foundation's Codable
// writes a `[Int: T]`. Foundation writes no other integer key so: `[Int64: T]` becomes an array
// of keys and values, so `Coding` calls ValuegenRuntime's `decodeIntegerKeyed` and
// `encodeIntegerKeyed` for it where it can (an attribute of that type).

/// A dictionary's key type as coding features see it.
enum DictionaryKey: Equatable {
    /// `String`: the member name itself.
    case string
    /// `Int`: in decimal, as Foundation writes it too.
    case int
    /// `Int8` … `Int64`, `UInt` … `UInt64`: in decimal, which Foundation's Codable does not write.
    case otherInteger
    /// Any other type: no member name holds it.
    case unsupported

    static let otherIntegers: Set<String> = ["Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]

    init(_ key: SwiftTypeSyntax) {
        guard case .named(let qualified, let arguments) = key, arguments.isEmpty else {
            self = .unsupported
            return
        }
        let name = qualified.hasPrefix("Swift.") ? String(qualified.dropFirst("Swift.".count)) : qualified
        switch name {
        case "String": self = .string
        case "Int": self = .int
        case _ where Self.otherIntegers.contains(name): self = .otherInteger
        default: self = .unsupported
        }
    }
}

extension SwiftTypeSyntax {
    /// The keys of every dictionary in the type, outermost first.
    var dictionaryKeys: [DictionaryKey] {
        switch self {
        case .named(let name, let arguments):
            let inner = arguments.flatMap(\.dictionaryKeys)
            return (name == "Dictionary" || name == "Swift.Dictionary") && arguments.count == 2 ? [DictionaryKey(arguments[0])] + inner : inner
        case .optional(let inner), .array(let inner), .existential(let inner):
            return inner.dictionaryKeys
        case .dictionary(let key, let value):
            return [DictionaryKey(key)] + key.dictionaryKeys + value.dictionaryKeys
        }
    }

    /// The key of the dictionary the type is, when it is one.
    var ownDictionaryKey: DictionaryKey? {
        switch self {
        case .named(let name, let arguments) where (name == "Dictionary" || name == "Swift.Dictionary") && arguments.count == 2:
            return DictionaryKey(arguments[0])
        case .dictionary(let key, _):
            return DictionaryKey(key)
        default:
            return nil
        }
    }
}

extension TypeReference {
    /// The keys of every dictionary in the type, outermost first.
    var dictionaryKeys: [DictionaryKey] {
        syntax?.dictionaryKeys ?? []
    }

    /// Whether the type (or the optional of it) is a dictionary keyed by an integer type
    /// Foundation does not write as member names: `Coding` codes it through ValuegenRuntime's
    /// `decodeIntegerKeyed` and `encodeIntegerKeyed`.
    var isKeyedByOtherIntegers: Bool {
        guard var syntax else { return false }
        if isOptional, case .optional(let wrapped) = syntax {
            syntax = wrapped
        }
        return syntax.ownDictionaryKey == .otherInteger
    }
}

extension DictionaryKey {
    var isSupported: Bool {
        self != .unsupported
    }
}

extension CodingRules {
    /// JSON objects have string keys: `JSON` and `Dictionary` code dictionaries keyed by String
    /// or by an integer type only.
    static func hasObjectKeyedDictionariesOnly(_ type: ModelType, feature: String, emitter: any Emitter) -> Bool {
        var valid = true
        for value in type.storedValues where !value.type.dictionaryKeys.allSatisfy(\.isSupported) {
            emitter.diagnose(.error, "\(value.description) has type '\(value.type.swift)'; \(feature) codes dictionaries with String or integer keys only (Int, Int8 … Int64, UInt … UInt64), as JSON objects", at: value.location)
            valid = false
        }
        return valid
    }

    /// Whether `Coding` writes the type's dictionaries keyed by integers as `JSON` and
    /// `Dictionary` do, as objects, when the type includes either: it can for an attribute whose
    /// type is such a dictionary, not for one inside another type (`[[Int64: T]]`, `[String:
    /// [Int64: T]]`) or a subtype's single payload, which Foundation's Codable writes as an
    /// array of keys and values. Without JSON and Dictionary, those stay as Foundation writes
    /// them, as they were before `Coding` wrote integer keys as objects.
    static func codesIntegerKeysAlike(_ type: ModelType, emitter: any Emitter) -> Bool {
        let agreeing = ["JSON", "Dictionary"].filter(type.includes)
        guard let other = agreeing.first else { return true }
        var valid = true
        for value in type.codedStoredValues {
            var keys = value.type.dictionaryKeys
            if value.attributeName != nil, value.type.isKeyedByOtherIntegers {
                keys.removeFirst()
            }
            guard keys.contains(.otherInteger) else { continue }
            emitter.diagnose(.error, "\(value.description) has type '\(value.type.swift)'; \(value.attributeName == nil ? "as a subtype's payload" : "inside another type"), Coding writes a dictionary keyed by an integer type other than Int as Foundation does (an array of keys and values), where \(other) writes an object: key it by Int or String there, or hold it in an attribute of a model of its own", at: value.location)
            valid = false
        }
        return valid
    }
}
