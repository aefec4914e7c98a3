/// How coding keys are spelled when no `%codingKey name=` gives one: `"codingKeys"` in
/// valuegen.json, `%codingKeys style=` on a type. The key is computed here, when generating,
/// into `Attribute.codingKey`, so every coding feature and plugin sees the same key and the
/// generated code computes nothing at run time.
public enum CodingKeyStyle: String, Sendable, Equatable, CaseIterable {
    case snakeCase = "snake_case"
    case kebabCase = "kebab-case"
    case camelCase = "camelCase"
    case pascalCase = "PascalCase"
    case screamingSnakeCase = "SCREAMING_SNAKE_CASE"

    /// The spellings, in the order messages list them.
    public static var knownStyles: [String] { allCases.map(\.rawValue) }

    /// `; did you mean 'snake_case'?`, or the list of known styles when nothing is close.
    static func suggestion(for text: String) -> String {
        Suggestion.hint(for: text, among: knownStyles, otherwise: "; known styles are \(knownStyles.joined(separator: ", "))")
    }

    /// The key of an attribute named `name` (docs/Language.md, "Coding keys", has the table).
    public func key(for name: String) -> String {
        let (prefix, words) = Self.words(of: name)
        let joined: String
        switch self {
        case .snakeCase:
            joined = words.map { $0.lowercased() }.joined(separator: "_")
        case .kebabCase:
            joined = words.map { $0.lowercased() }.joined(separator: "-")
        case .screamingSnakeCase:
            joined = words.map { $0.uppercased() }.joined(separator: "_")
        case .camelCase:
            joined = words.enumerated().map { index, word in index == 0 ? word.lowercased() : Self.capitalized(word) }.joined()
        case .pascalCase:
            joined = words.map(Self.capitalized).joined()
        }
        return prefix + joined
    }

    /// The first letter upper case, the rest as written, so an acronym keeps its capitals.
    private static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// Splits a name into words. Leading underscores are kept as a prefix (`_links`); any other
    /// `_` separates words. A capital starts a word after a lower-case letter or a digit
    /// (`imageURL`, `http2Enabled`); in a run of capitals, the last one starts the next word
    /// when a lower-case letter follows (`URLString` is `URL` `String`). Digits never start a
    /// word: they belong to the word before them (`http2`, `utf8`).
    static func words(of name: String) -> (prefix: String, words: [String]) {
        let characters = Array(name)
        var start = 0
        while start < characters.count, characters[start] == "_" {
            start += 1
        }
        var words: [String] = []
        var word = ""
        for index in start..<characters.count {
            let character = characters[index]
            if character == "_" {
                if !word.isEmpty { words.append(word) }
                word = ""
                continue
            }
            if character.isUppercase, !word.isEmpty, let previous = word.last {
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                    words.append(word)
                    word = ""
                }
            }
            word.append(character)
        }
        if !word.isEmpty { words.append(word) }
        return (String(characters[..<start]), words)
    }
}
