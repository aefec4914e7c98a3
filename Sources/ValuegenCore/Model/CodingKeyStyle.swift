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
        Suggestion.hint(forValue: text, among: knownStyles, listing: "known styles are \(knownStyles.joined(separator: ", "))")
    }

    /// The key of an attribute named `name` (docs/Language.md, "Coding keys", has the table).
    public func key(for name: String) -> String {
        join(Self.words(of: name))
    }

    /// The key valuegen gave `name` before a plural acronym was one word (`accountTaxIDs`:
    /// `account_tax_i_ds`, as Foundation's `convertToSnakeCase` spells it): where it differs from
    /// ``key(for:)``, the resolver warns that the key changed and says how to keep it.
    func keyBeforePluralAcronyms(for name: String) -> String {
        join(Self.words(of: name, pluralAcronyms: false))
    }

    private func join(_ split: (prefix: String, words: [String])) -> String {
        let (prefix, words) = split
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
    /// when a lower-case letter follows (`URLString` is `URL` `String`), except a lone `s`, the
    /// plural of the acronym (`userIDs` is `user` `IDs`; `pluralAcronyms` false splits it as
    /// before, `I` `Ds`). Digits never start a word: they belong to the word before them
    /// (`http2`, `utf8`).
    static func words(of name: String, pluralAcronyms: Bool = true) -> (prefix: String, words: [String]) {
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
                let nextIsPlural = pluralAcronyms && isPluralSuffix(characters, at: index + 1)
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower && !nextIsPlural) {
                    words.append(word)
                    word = ""
                }
            }
            if pluralAcronyms, character == "s", isPluralSuffix(characters, at: index), word.count > 1 {
                // `HTTPSURLs`: the plural belongs to the last acronym of the run, when it ends
                // in a common one; otherwise to the whole run (`SKUs`).
                let acronym = commonAcronymEnding(word)
                if acronym < word.count {
                    words.append(String(word.dropLast(acronym)))
                    word = String(word.suffix(acronym))
                }
            }
            word.append(character)
        }
        if !word.isEmpty { words.append(word) }
        return (String(characters[..<start]), words)
    }

    /// Whether `characters[index]` is an `s` after a capital that no lower-case letter follows:
    /// the plural of an acronym (`IDs`, `URLs`, `IDsToRemove`).
    private static func isPluralSuffix(_ characters: [Character], at index: Int) -> Bool {
        guard index > 0, index < characters.count, characters[index] == "s", characters[index - 1].isUppercase else { return false }
        return index + 1 == characters.count || !characters[index + 1].isLowercase
    }

    /// Acronyms a run of capitals before a plural `s` is split at (`HTTPSURLs` is `HTTPS` `URLs`).
    /// A run without a plural is never split (`HTTPSURL` is one word, as it always was).
    static let commonAcronyms: Set<String> = [
        "API", "CPU", "DNS", "GPU", "GUID", "HTML", "HTTP", "HTTPS", "ID", "IP", "JSON", "JWT", "PDF",
        "SDK", "SKU", "SMS", "SSH", "SSL", "TLS", "UI", "URI", "URL", "UUID", "XML",
    ]

    /// The length of the longest common acronym a run of capitals ends with, or the whole run's
    /// when it is one itself or ends with none.
    private static func commonAcronymEnding(_ run: String) -> Int {
        guard run.allSatisfy(\.isUppercase) else { return run.count }
        for length in stride(from: run.count, through: 2, by: -1) where commonAcronyms.contains(String(run.suffix(length))) {
            return length
        }
        return run.count
    }
}
