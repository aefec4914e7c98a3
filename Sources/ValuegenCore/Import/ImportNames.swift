import ValuegenPluginSDK

/// How the names of an OpenAPI document become Swift names: component names become type names,
/// property names attribute names whose key a style spells back (or a `%codingKey` where none
/// does), enumeration values subtype names. The one place that knows which names the
/// generated code cannot take.
enum ImportNames {
    /// The words of a name written in any convention: `payment_intent`, `PaymentIntent`,
    /// `account.updated`, `x-request-id`; characters that are neither letters nor digits separate
    /// words, and a capital letter after a lower-case one starts one.
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var word = ""
        var previous: Character?
        for character in name {
            guard character.isLetter || character.isNumber, character.isASCII || character.isLetter else {
                if !word.isEmpty { words.append(word) }
                word = ""
                previous = nil
                continue
            }
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber, !word.isEmpty {
                words.append(word)
                word = ""
            }
            word.append(character)
            previous = character
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// `payment_intent` → `PaymentIntent`; a name that would start with a digit starts with
    /// `Model`, so that it is an identifier.
    static func typeName(_ name: String) -> String {
        let joined = words(of: name).map { SwiftLanguage.upperFirst($0) }.joined()
        guard let first = joined.first else { return "Model" }
        return first.isNumber ? "Model" + joined : joined
    }

    /// `image_url` → `imageUrl`, `ID` → `id`, `3ds` → `value3ds`; a property name that is
    /// already a lowerCamelCase identifier is kept as it is.
    static func attributeName(_ key: String) -> String {
        let name: String
        if SwiftLanguage.isIdentifier(key), key.first?.isLowercase == true, !key.contains("_") {
            name = key
        } else {
            let parts = words(of: key)
            name = parts.enumerated().map { index, word in
                let isAcronym = word.allSatisfy { !$0.isLowercase }
                if index == 0 {
                    return isAcronym ? word.lowercased() : SwiftLanguage.lowerCamelCase(word)
                }
                return SwiftLanguage.upperFirst(isAcronym ? word.lowercased() : word)
            }.joined()
        }
        guard let first = name.first else { return "value" }
        return first.isNumber ? "value" + name : name
    }

    /// The subtype name of an enumeration value: `past_due` → `PastDue`, `3ds2` → `Value3ds2`,
    /// `""` → `Empty`.
    static func subtypeName(_ value: String) -> String {
        let parts = words(of: value)
        guard !parts.isEmpty else { return value.isEmpty ? "Empty" : "Value" }
        let joined = parts.map { word in
            SwiftLanguage.upperFirst(word.allSatisfy { !$0.isLowercase } ? word.lowercased() : word)
        }.joined()
        return joined.first!.isNumber ? "Value" + joined : joined
    }

    /// Names a schema type cannot take: the types generated code relies on, and the runtime's.
    static func isReservedTypeName(_ name: String) -> Bool {
        KnownTypes.standardNamesImportAvoids.contains(name) || KnownTypes.isKnown(name)
            || ["RawJSON", "Error", "Character", "Never", "Void", "Substring", "JSONReader", "JSONWriter", "JSONError"].contains(name)
    }

    /// Attribute names the built-in features generate or rely on (docs/Language.md,
    /// "Attributes named like generated members"), and Swift's reserved words.
    static func isReservedAttributeName(_ name: String) -> Bool {
        SwiftLanguage.reservedWords.contains(name)
            || ["description", "hashValue", "reader", "writer", "debugDescription"].contains(name)
    }

    /// `name`, or `name2`, `name3`… the first not in `taken`.
    static func unique(_ name: String, in taken: Set<String>) -> String {
        guard taken.contains(name) else { return name }
        var number = 2
        while taken.contains("\(name)\(number)") {
            number += 1
        }
        return "\(name)\(number)"
    }

    /// The key style that spells the most of `pairs`' keys from their names, nil when spelling
    /// them as written does as well; ties go to the earlier style in `CodingKeyStyle.allCases`.
    static func bestStyle(for pairs: [(name: String, key: String)], spell: (CodingKeyStyle?, String) -> String) -> CodingKeyStyle? {
        let asWritten = pairs.filter { spell(nil, $0.name) == $0.key }.count
        var best: (style: CodingKeyStyle?, count: Int) = (nil, asWritten)
        for style in CodingKeyStyle.allCases {
            let count = pairs.filter { spell(style, $0.name) == $0.key }.count
            if count > best.count {
                best = (style, count)
            }
        }
        return best.style
    }
}
