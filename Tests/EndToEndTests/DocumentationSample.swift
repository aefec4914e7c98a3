import Foundation

/// A fenced block of README.md or docs/ that the tests run, found by its info string:
///
/// - ```` ```value ````, ```` ```adtValue ````, ```` ```object ```` (or a file name such as
///   ```` ```Models/User.value ````): a whole schema file, which must generate without a
///   diagnostic, and the Swift it generates must compile (a second word `uncompiled` says it
///   cannot, for a schema that imports a module the docs do not have);
/// - ```` ```swift generated ````: an excerpt of the Swift the schema block before it generates,
///   where a line `…` (or `...`) stands for any lines and `…` within a line for any text (on
///   other lines too: `{ … }` for a body); blank lines do not count;
/// - ```` ```diagnostics ````: the exact diagnostics the schema block before it gets, one a line,
///   with paths relative to the schema file's folder;
/// - ```` ```swift module ````: Swift of the module's own that the schema block before it needs
///   to compile (its `%check` functions), compiled with the generated code;
/// - ```` ```console ````: commands (`$ valuegen …`, `$ cat FILE`, `$ echo $?`), each followed by
///   its exact output, run in a folder that holds the named schema files of the blocks before
///   it (the first named schema block after a console block starts a new folder).
///
/// Unmarked blocks (fragments, pseudo-syntax, Swift written by hand) are not read.
struct DocumentationSample: Sendable, CustomStringConvertible {
    enum Kind: Sendable, Equatable {
        /// A schema file, by its path in the sample's folder.
        case schema(path: String, compiles: Bool)
        case generatedSwift
        case moduleSwift
        case diagnostics
        case console
    }

    var document: String
    /// The line of the opening fence.
    var line: Int
    var kind: Kind
    var text: String

    var description: String { "\(document):\(line)" }

    static let schemaExtensions = ["value", "adtValue", "object"]

    /// The samples of a Markdown document, in order.
    static func samples(in markdown: String, document: String) -> [DocumentationSample] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var samples: [DocumentationSample] = []
        var index = 0
        while index < lines.count {
            let opening = lines[index]
            let indentation = opening.prefix { $0 == " " }.count
            let fence = opening.dropFirst(indentation)
            guard fence.hasPrefix("```") else { index += 1; continue }
            let words = fence.dropFirst(3).split(separator: " ").map(String.init)
            let openingLine = index + 1
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                body.append(String(lines[index].dropFirst(min(indentation, lines[index].prefix { $0 == " " }.count))))
                index += 1
            }
            index += 1
            if let kind = kind(of: words) {
                samples.append(DocumentationSample(document: document, line: openingLine, kind: kind, text: body.joined(separator: "\n")))
            }
        }
        return samples
    }

    private static func kind(of words: [String]) -> Kind? {
        guard let first = words.first, words.count == 1 || words == [first, "uncompiled"] || first == "swift" else { return nil }
        let compiles = words.count == 1
        if schemaExtensions.contains(first) { return .schema(path: "Sample.\(first)", compiles: compiles) }
        if let dot = first.lastIndex(of: "."), schemaExtensions.contains(String(first[first.index(after: dot)...])) {
            return .schema(path: first, compiles: compiles)
        }
        if words == ["swift", "generated"] { return .generatedSwift }
        if words == ["swift", "module"] { return .moduleSwift }
        if words == ["diagnostics"] { return .diagnostics }
        if words == ["console"] { return .console }
        return nil
    }

    /// Where `excerpt`, with its `…` wildcards, stops being a run of whole lines of `text`: its
    /// first line that is not, after the ones before it; nil when all of it is. Blank lines and
    /// trailing whitespace are ignored on both sides.
    static func excerptMismatch(_ excerpt: String, in text: String) -> String? {
        let lines = excerpt.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        for count in lines.indices where !matches(lines.prefix(count + 1), text) {
            return "line \(count + 1) of the excerpt (blank lines not counted), '\(lines[count])'"
        }
        return nil
    }

    private static func matches(_ lines: ArraySlice<Substring>, _ text: String) -> Bool {
        var pattern = "(?m)^"
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "…" || trimmed == "..." {
                pattern += "(?:[^\\n]*\\n)*?"
                continue
            }
            // `…` within a line stands for any text, on other lines too: `{ … }` for a body.
            let pieces = line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression).components(separatedBy: "…")
            pattern += pieces.enumerated().map { index, piece in
                var piece = Substring(piece)
                if index > 0 { piece = piece.drop { $0 == " " } }
                while index < pieces.count - 1, piece.last == " " { piece = piece.dropLast() }
                return NSRegularExpression.escapedPattern(for: String(piece))
            }.joined(separator: "[\\s\\S]*?")
            pattern += "[ \\t]*\\n(?:[ \\t]*\\n)*"
        }
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
        let subject = text.hasSuffix("\n") ? text : text + "\n"
        return regex.firstMatch(in: subject, range: NSRange(subject.startIndex..., in: subject)) != nil
    }
}
