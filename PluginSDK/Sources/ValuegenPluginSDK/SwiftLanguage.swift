/// What Valuegen knows about Swift's lexical rules: reserved words, identifiers, string
/// literals and case conventions. Every generator quotes names and strings through here.
public enum SwiftLanguage {
    /// Words that must be written in backticks to be used as an identifier.
    public static let reservedWords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
        "fileprivate", "func", "import", "init", "inout", "internal", "let", "nonisolated",
        "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch",
        "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in",
        "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false",
        "is", "nil", "self", "Self", "super", "throws", "true", "try", "Type", "Protocol",
        "package", "some", "any", "_",
    ]

    /// Whether the text is an identifier: a letter or `_`, then letters, digits or `_`.
    public static func isIdentifier(_ text: String) -> Bool {
        // Nearly every name is ASCII; decide those without Unicode property look-ups.
        var isASCII = true
        var isASCIIIdentifier = true
        for (index, byte) in text.utf8.enumerated() {
            guard byte < 0x80 else {
                isASCII = false
                break
            }
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            if !(isLetter || (index > 0 && isDigit)) {
                isASCIIIdentifier = false
            }
        }
        if isASCII {
            return isASCIIIdentifier && !text.isEmpty
        }
        guard let first = text.unicodeScalars.first else { return false }
        guard first == "_" || first.properties.isXIDStart else { return false }
        return text.unicodeScalars.dropFirst().allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }

    /// The identifier as it must be written in Swift source: in backticks when it is a reserved word.
    public static func identifier(_ name: String) -> String {
        reservedWords.contains(name) ? "`\(name)`" : name
    }

    /// The name as an argument label at a call site (`User(default: x)`): labels may be
    /// reserved words, except `inout`, `var` and `let`.
    public static func argumentLabel(_ name: String) -> String {
        ["inout", "var", "let"].contains(name) ? "`\(name)`" : name
    }

    /// A Swift string literal whose value is the given text.
    public static func stringLiteral(_ value: String) -> String {
        // Most strings (names, keys) need no escape: printable ASCII but quote and backslash.
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + value + "\""
        }
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// The name in lowerCamelCase, treating a leading acronym as one word:
    /// `FirstSubtype` → `firstSubtype`, `URLChanged` → `urlChanged`, `URL` → `url`.
    public static func lowerCamelCase(_ name: String) -> String {
        let characters = Array(name)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase {
            upperRun += 1
        }
        switch upperRun {
        case 0:
            return name
        case characters.count:
            return name.lowercased()
        case 1:
            return characters[0].lowercased() + String(characters[1...])
        default:
            // `URLChanged`: the last capital starts the next word unless a digit or `_` follows.
            let next = characters[upperRun]
            let acronymLength = next.isLetter ? upperRun - 1 : upperRun
            return String(characters[..<acronymLength]).lowercased() + String(characters[acronymLength...])
        }
    }

    /// The name with its first character in upper case: `nickname` → `Nickname`.
    public static func upperFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }
}
