import Foundation

/// A fenced block of README.md or docs/ that the tests read, found by the words of its info
/// string. An unmarked block must be one of these or be marked as a fragment
/// (DocumentationCensusTests fails on any other, and on an indented code block), so a new
/// block cannot escape the tests:
///
/// - ```` ```value ````, ```` ```adtValue ````, ```` ```object ```` (or a file name such as
///   ```` ```Models/User.value ````): a whole schema file, which must generate without a
///   diagnostic, and the Swift it generates must compile (a second word `uncompiled` says it
///   cannot: a schema that imports a module the docs do not have, or one that shows a
///   compiler error);
/// - ```` ```swift generated ````: an excerpt of the Swift the schema block before it generates,
///   where a line `…` (or `...`) stands for any lines and `…` within a line for any text (on
///   other lines too: `{ … }` for a body); blank lines do not count, the excerpt may be
///   indented less than the code, by the same amount on every line, and a `//` comment after
///   two spaces at the end of its line is the docs' own;
/// - ```` ```diagnostics ````: the exact diagnostics the schema block before it gets, one a line,
///   with paths relative to the schema file's folder;
/// - ```` ```swift module ````: Swift of the module's own that the schema block before it needs
///   to compile (its `%check` functions), compiled with the generated code;
/// - ```` ```console ````: commands (`$ valuegen …`, `$ cat FILE`, `$ echo $?`, `$ cc …`), each
///   followed by its exact output, run in a folder that holds the named files of the blocks
///   before it (the first named block after a console block starts a new folder) and a link
///   to PluginSDK;
/// - ```` ```fake.c ````, ```` ```Models/valuegen.json ````: another named file of that folder (a
///   `.c` file is also compiled with the plugin header, warnings as errors; a configuration
///   that names no plugin is also loaded, with no diagnostic);
/// - ```` ```swift runtime ````: Swift that uses ValuegenRuntime and the types of the document's
///   named schema blocks (```` ```Models/User.value ````; the last of a path, and none that a
///   `diagnostics` block follows), typechecked with their generated code (declarations only:
///   wrap statements in a function);
/// - ```` ```swift plugin ````: Swift written against ValuegenPluginSDK, typechecked with the
///   document's other `swift plugin` blocks;
/// - ```` ```swift manifest ````: a Package.swift, typechecked against PackageDescription;
/// - ```` ```LANG from=PATH ````: a quotation of the repository's file PATH, with the `…`
///   wildcards of `swift generated`;
/// - ```` ```text asserted-by=PATH ````: output a test runs and compares (the plugin command's,
///   a built package's, one message of each of many inputs) that the tests here cannot produce
///   quickly: each line, its `…` standing for any text, is within one line of the test file
///   PATH, or of a Swift file under the folder PATH (`\"` read as `"`);
/// - ```` ```text tested-by=PATH ````: output that the test file PATH produces (with a plugin
///   it builds) and compares with this very block, which it finds by its info string;
/// - ```` ```sh ````: commands that are not run (builds, benchmarks), each checked to be real:
///   the tools and products exist, the repository's paths exist, valuegen's options are ones
///   its usage lists;
/// - ```` ```rust ````: Rust quoted from Fixtures/Plugins/RustExample (RustPluginTests);
///   ```` ```jsonc request ````, ```` ```text request ```` and ```` ```json request ````: the
///   requests of PluginABI.md, their schemas and configuration, compared with what
///   valuegen sends (RequestSchemaTests); ```` ```json saved ````: the file
///   Runtime.md shows Persistence saving (SaveStampTests).
///
/// Blocks no test reads say why in their info string: the word `fragment` (a piece of a
/// larger whole, pseudo-syntax, a diagram, a byte dump, one spelling of an API), `measured`
/// (figures a benchmark printed on one machine, which no test can reproduce) or Rust's own
/// ```` ```rust,ignore ````.
struct DocumentationSample: Sendable, CustomStringConvertible {
    enum Kind: Sendable, Equatable {
        /// A schema file, by its path in the sample's folder.
        case schema(path: String, compiles: Bool)
        case generatedSwift
        case moduleSwift
        case diagnostics
        case console
        /// Another file of the console's folder, by its path there.
        case file(path: String)
        case runtimeSwift
        case pluginSwift
        case manifestSwift
        /// A quotation of the repository's file at `path`.
        case excerpt(path: String)
        /// Output that the test at `path` expects, each line within one of its lines.
        case asserted(path: String)
        case commands
        /// Read by a suite of its own (RustPluginTests, RequestSchemaTests, SaveStampTests).
        case testedElsewhere
        /// Output that the test file at `path` produces and compares with the block itself.
        case testedBy(path: String)
        case fragment
    }

    var document: String
    /// The line of the opening fence.
    var line: Int
    var kind: Kind
    var text: String

    var description: String { "\(document):\(line)" }

    static let schemaExtensions = ["value", "adtValue", "object"]
    static let fileExtensions = ["c", "json", "swift"]
    /// Configurations valuegen reads, which the tests load (a `valuegen.json` without plugins).
    static let configurationNames = ["valuegen.json", ".valueObjectConfig", ".algebraicTypeConfig", ".objectConfig"]

    /// The samples of a Markdown document, in order; blocks of no kind are left out.
    static func samples(in markdown: String, document: String) -> [DocumentationSample] {
        DocumentationBlock.blocks(in: markdown, document: document).compactMap { block in
            guard !block.isIndented, let kind = kind(of: block.words) else { return nil }
            return DocumentationSample(document: document, line: block.line, kind: kind, text: block.text)
        }
    }

    static func kind(of words: [String]) -> Kind? {
        guard let first = words.first else { return nil }
        if words.contains("fragment") || words.contains("measured") || words == ["rust,ignore"] { return .fragment }
        if words.count == 2, words[1].hasPrefix("from=") { return .excerpt(path: String(words[1].dropFirst(5))) }
        if words.count == 2, words[1].hasPrefix("asserted-by=") { return .asserted(path: String(words[1].dropFirst(12))) }
        if words.count == 2, words[1].hasPrefix("tested-by=") { return .testedBy(path: String(words[1].dropFirst(10))) }
        if words == ["rust"] || words == ["jsonc", "request"] || words == ["text", "request"] || words == ["json", "request"] || words == ["json", "saved"] { return .testedElsewhere }
        if words == ["sh"] { return .commands }
        if first == "swift" {
            switch words.dropFirst().first {
            case "generated": return words.count == 2 ? .generatedSwift : nil
            case "module": return words.count == 2 ? .moduleSwift : nil
            case "runtime": return words.count == 2 ? .runtimeSwift : nil
            case "plugin": return words.count == 2 ? .pluginSwift : nil
            case "manifest": return words.count == 2 ? .manifestSwift : nil
            default: return nil
            }
        }
        guard words.count == 1 || words == [first, "uncompiled"] else { return nil }
        let compiles = words.count == 1
        if schemaExtensions.contains(first) { return .schema(path: "Sample.\(first)", compiles: compiles) }
        let fileExtension = (first as NSString).pathExtension
        if schemaExtensions.contains(fileExtension) { return .schema(path: first, compiles: compiles) }
        if compiles, fileExtensions.contains(fileExtension) || configurationNames.contains((first as NSString).lastPathComponent) { return .file(path: first) }
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
        // The excerpt may be indented less than the text, by the same amount on every line.
        var pattern = "(?m)^([ \\t]*)"
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "…" || trimmed == "..." {
                pattern += "(?:[^\\n]*\\n)*?"
                continue
            }
            if index > 0 { pattern += "\\1" }
            // `…` within a line stands for any text, on other lines too: `{ … }` for a body. A
            // `//` comment after two spaces is the docs' own, and the text's may be left out.
            let pieces = line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
                .replacingOccurrences(of: "(?<=\\S)[ \\t]{2,}//\\s.*$", with: "", options: .regularExpression)
                .components(separatedBy: "…")
            pattern += pieces.enumerated().map { index, piece in
                var piece = Substring(piece)
                if index > 0 { piece = piece.drop { $0 == " " } }
                while index < pieces.count - 1, piece.last == " " { piece = piece.dropLast() }
                return NSRegularExpression.escapedPattern(for: String(piece))
            }.joined(separator: "[\\s\\S]*?")
            pattern += "(?:[ \\t]+//[^\\n]*)?[ \\t]*\\n(?:[ \\t]*\\n)*"
        }
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
        let subject = text.hasSuffix("\n") ? text : text + "\n"
        return regex.firstMatch(in: subject, range: NSRange(subject.startIndex..., in: subject)) != nil
    }
}
