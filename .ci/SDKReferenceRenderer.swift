// Renders the symbol graph of ValuegenPluginSDK (from swift-symbolgraph-extract) as
// docs/PluginSDKReference.md. Run through .ci/render-sdk-reference, which builds the module
// and the graph first; this file only turns one JSON document into Markdown.
//
// Usage: SDKReferenceRenderer GRAPH.symbols.json OUTPUT.md [--check]
//   writes OUTPUT.md, or with --check compares it and exits 1 when it differs.
// Either way it exits 1 when a public declaration written in the SDK has no doc comment,
// and lists each one on standard error.
//
// Deterministic: symbols are ordered by name and by their place in the source, and nothing
// machine-specific (absolute paths, the compiler's version) is printed.
import Foundation

struct Symbol {
    var id: String
    var kind: String
    var kindName: String
    var path: [String]
    var declaration: String
    var documentation: [String]?
    var documentationModule: String?
    /// The source file's name (not its path) and line, when the symbol is written in the SDK;
    /// nil for members the compiler synthesizes (hashValue, ==).
    var file: String?
    var line: Int

    var name: String { path.joined(separator: ".") }
    var isType: Bool { ["swift.struct", "swift.enum", "swift.protocol", "swift.class"].contains(kind) }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 || (arguments.count == 4 && arguments[3] == "--check") else {
    fail("usage: SDKReferenceRenderer GRAPH.symbols.json OUTPUT.md [--check]")
}
let graphPath = arguments[1]
let outputPath = arguments[2]
let checking = arguments.count == 4

guard let data = FileManager.default.contents(atPath: graphPath),
      let graph = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let rawSymbols = graph["symbols"] as? [[String: Any]],
      let relationships = graph["relationships"] as? [[String: Any]],
      let moduleName = (graph["module"] as? [String: Any])?["name"] as? String
else {
    fail("\(graphPath) is not a symbol graph")
}

var symbols: [String: Symbol] = [:]
for raw in rawSymbols {
    guard let identifier = (raw["identifier"] as? [String: Any])?["precise"] as? String,
          let kind = raw["kind"] as? [String: Any],
          let kindIdentifier = kind["identifier"] as? String,
          let path = raw["pathComponents"] as? [String],
          let fragments = raw["declarationFragments"] as? [[String: Any]]
    else { fail("a symbol of \(graphPath) lacks an identifier, kind, path or declaration") }
    let docComment = raw["docComment"] as? [String: Any]
    let location = raw["location"] as? [String: Any]
    let uri = location?["uri"] as? String
    let position = location?["position"] as? [String: Any]
    symbols[identifier] = Symbol(
        id: identifier,
        kind: kindIdentifier,
        kindName: kind["displayName"] as? String ?? kindIdentifier,
        path: path,
        declaration: fragments.compactMap { $0["spelling"] as? String }.joined(),
        documentation: (docComment?["lines"] as? [[String: Any]])?.map { $0["text"] as? String ?? "" },
        documentationModule: docComment?["module"] as? String,
        file: uri.map { URL(string: $0)?.lastPathComponent ?? $0 },
        line: position?["line"] as? Int ?? 0
    )
}

// Members by the type they belong to; conformances by type.
var members: [String: [Symbol]] = [:]
var conformances: [String: [String]] = [:]
var ownerOf: [String: String] = [:]
for relationship in relationships {
    guard let kind = relationship["kind"] as? String,
          let source = relationship["source"] as? String,
          let target = relationship["target"] as? String else { continue }
    switch kind {
    case "memberOf", "requirementOf", "optionalRequirementOf":
        if let member = symbols[source] {
            members[target, default: []].append(member)
            ownerOf[source] = target
        }
    case "conformsTo":
        let name = symbols[target]?.name ?? (relationship["targetFallback"] as? String).map { $0.split(separator: ".").last.map(String.init) ?? $0 } ?? target
        // SendableMetatype comes with Sendable; naming both says nothing more.
        if name != "SendableMetatype" {
            conformances[source, default: []].append(name)
        }
    default:
        break
    }
}

// Every public declaration written in the SDK has a doc comment: its own, or (for the
// implementation of a protocol requirement such as `<` or `init(from:)`) the requirement's.
let undocumented = symbols.values
    .filter { $0.file != nil && ($0.documentation ?? []).allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty } }
    .sorted { ($0.file!, $0.line, $0.name) < ($1.file!, $1.line, $1.name) }
for symbol in undocumented {
    FileHandle.standardError.write(Data("\(symbol.file!):\(symbol.line + 1): public \(symbol.kindName.lowercased()) '\(symbol.name)' has no doc comment\n".utf8))
}

// MARK: - Markdown

let types = symbols.values.filter(\.isType).sorted { $0.name < $1.name }
let typeNames = Set(types.map(\.name))

func anchor(_ heading: String) -> String {
    String(heading.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == " " }.map { $0 == " " ? "-" : $0 })
}

/// Doc comment text with DocC's symbol links (``Emitter/diagnose(_:_:at:)``) as code, linked
/// when they name a type of the reference.
func markdown(_ lines: [String]) -> String {
    var text = lines.joined(separator: "\n")
    while let open = text.range(of: "``"), let close = text.range(of: "``", range: open.upperBound..<text.endIndex) {
        let target = String(text[open.upperBound..<close.lowerBound])
        let shown = target.replacingOccurrences(of: "/", with: ".")
        let typeName = target.split(separator: "/").first.map(String.init) ?? target
        let replacement = typeNames.contains(typeName) ? "[`\(shown)`](#\(anchor(typeName)))" : "`\(shown)`"
        text.replaceSubrange(open.lowerBound..<close.upperBound, with: replacement)
    }
    return text
}

func summary(_ symbol: Symbol) -> String {
    let lines = symbol.documentation ?? []
    let paragraph = lines.prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    return markdown(Array(paragraph)).replacingOccurrences(of: "\n", with: " ")
}

var output = """
    # PluginSDK reference

    <!-- Generated by .ci/render-sdk-reference from the doc comments of PluginSDK/Sources/ValuegenPluginSDK; do not edit. -->

    Every public declaration of the `\(moduleName)` module, which a Swift plugin imports
    (the walkthrough is [WritingPlugins.md](WritingPlugins.md); the C ABI underneath is
    [PluginABI.md](PluginABI.md)). Generated from the SDK's doc comments: change a comment,
    then run `.ci/render-sdk-reference` (`--check` to verify, as the tests do).

    ## Types

    | Type | Kind | Summary |
    |---|---|---|

    """
for type in types {
    output += "| [`\(type.name)`](#\(anchor(type.name))) | \(type.kindName.lowercased()) | \(summary(type).replacingOccurrences(of: "|", with: "\\|")) |\n"
}

/// The type's own file first, in source order, then its extensions in other files.
func memberOrder(in type: Symbol) -> (Symbol, Symbol) -> Bool {
    { lhs, rhs in
        (lhs.file == type.file ? 0 : 1, lhs.file ?? "", lhs.line, lhs.name, lhs.declaration)
            < (rhs.file == type.file ? 0 : 1, rhs.file ?? "", rhs.line, rhs.name, rhs.declaration)
    }
}

for type in types {
    output += "\n## \(type.name)\n\n```swift\n\(type.declaration)\n```\n\n"
    output += markdown(type.documentation ?? []) + "\n"
    let conforms = (conformances[type.id] ?? []).sorted()
    if !conforms.isEmpty {
        output += "\nConforms to \(conforms.map { typeNames.contains($0) ? "[`\($0)`](#\(anchor($0)))" : "`\($0)`" }.joined(separator: ", ")).\n"
    }
    let written = (members[type.id] ?? []).filter { $0.file != nil && !$0.isType }.sorted(by: memberOrder(in: type))
    for member in written {
        let memberName = member.path.last ?? member.name
        output += "\n### \(type.name).\(memberName)\n\n```swift\n\(member.declaration)\n```\n\n"
        if let module = member.documentationModule, module != moduleName {
            // The implementation of a protocol requirement of another module (`<`,
            // `init(from:)`): its summary, not the whole of the standard library's text.
            output += summary(member) + " (From the requirement's documentation in `\(module)`.)\n"
        } else {
            output += markdown(member.documentation ?? []) + "\n"
        }
    }
}

// Public symbols of the SDK that belong to no type of the SDK (free functions, extensions of
// other modules' types) get their own section, so nothing public is left out.
let loose = symbols.values.filter { !$0.isType && $0.file != nil && ownerOf[$0.id].flatMap { symbols[$0] } == nil }
    .sorted { ($0.file ?? "", $0.line, $0.name) < ($1.file ?? "", $1.line, $1.name) }
if !loose.isEmpty {
    output += "\n## Other declarations\n"
    for symbol in loose {
        output += "\n### \(symbol.name)\n\n```swift\n\(symbol.declaration)\n```\n\n" + markdown(symbol.documentation ?? []) + "\n"
    }
}

if checking {
    let current = FileManager.default.contents(atPath: outputPath).map { String(decoding: $0, as: UTF8.self) }
    if current != output {
        FileHandle.standardError.write(Data("\(outputPath) is out of date with the SDK's doc comments; run .ci/render-sdk-reference and commit the result\n".utf8))
        exit(1)
    }
} else {
    do {
        try Data(output.utf8).write(to: URL(fileURLWithPath: outputPath))
    } catch {
        fail("could not write \(outputPath): \(error)")
    }
}
exit(undocumented.isEmpty ? 0 : 1)
