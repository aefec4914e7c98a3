import Foundation
import Testing
import ValuegenPluginSDK

/// A plugin's Swift source written against any 1.x PluginSDK compiles against every later 1.x
/// without edits (docs/WritingPlugins.md, "Source compatibility"): the plugins of
/// Fixtures/Plugins/SourceCompatibility, one folder per SDK they were written against, are
/// compiled against today's SDK and run, and the SDK's public enumerations keep the cases
/// 1.x plugins switch over exhaustively.
@Suite(.serialized) struct SourceCompatibilityTests {
    static let corpus = PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Plugins/SourceCompatibility")

    /// The stored plugin of one SDK version, built against today's SDK.
    static func plugin(_ version: String) throws -> String {
        let folder = corpus.appendingPathComponent("SDK-\(version)")
        return try PluginBuilder.swiftPlugin(named: "SourceCompat\(version.replacingOccurrences(of: ".", with: "_"))", sources: PluginBuilder.swiftFiles(in: folder))
    }

    @Test func everyStoredPluginSourceCompilesAgainstTodaysSDK() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { $0.hasPrefix("SDK-") }.sorted()
        #expect(folders == ["SDK-1.0", "SDK-1.1", "SDK-1.2", "SDK-1.3", "SDK-1.4"])
        for folder in folders {
            _ = try Self.plugin(String(folder.dropFirst("SDK-".count)))
        }
    }

    /// ModuleCatalog (SDK 1.4) writes one catalog from every schema file in its module pass.
    @Test func moduleCatalogOfSDK14WritesOneFileFromEverySchemaFile() throws {
        let folder = PluginBuilder.buildFolder.appendingPathComponent("source-compatibility-\(UUID().uuidString)")
        let models = folder.appendingPathComponent("Models")
        try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("Shape includes(ModuleCatalog) {\n  Circle {\n    radius: Double\n  }\n  Empty\n}\n".utf8).write(to: models.appendingPathComponent("Shape.adtValue"))
        try Data("%catalogName name=Person\nUser includes(ModuleCatalog) {\n  name: String\n}\n".utf8).write(to: models.appendingPathComponent("User.value"))
        let generate = try ProcessRunner.valuegen(["generate", "Models", "--output", "Generated", "--plugin", Self.plugin("1.4")], in: folder)
        try #require(generate.status == 0, "\(generate.standardError)")
        #expect(try String(contentsOf: folder.appendingPathComponent("Generated/catalog.txt"), encoding: .utf8) == "Shape adt Shape.adtValue Circle,Empty\nPerson value User.value \n")
    }

    /// TypeScriptExport (SDK 1.1) switches over `ADTCoding.Representation`'s four cases, and
    /// CodingSummary (SDK 1.2) over five, `case .untagged:` among them. Both compile; both see
    /// an untagged ADT as `.internallyTagged`, as documented, and 1.2's `.untagged` matches nothing.
    @Test func oldSwitchesOverTheRepresentationCompileAndSeeUntaggedAsInternallyTagged() throws {
        let folder = PluginBuilder.buildFolder.appendingPathComponent("source-compatibility-\(UUID().uuidString)")
        let models = folder.appendingPathComponent("Models")
        try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("Shape includes(TypeScriptExport, CodingSummary) {\n  Circle {\n    radius: Double\n  }\n  Empty\n}\n".utf8)
            .write(to: models.appendingPathComponent("Shape.adtValue"))
        try Data("%coding representation=untagged\nSource includes(TypeScriptExport, CodingSummary) {\n  %singleAttributeSubtype attributeType=String\n  Id\n  Customer {\n    id: String\n    name: String\n  }\n}\n".utf8)
            .write(to: models.appendingPathComponent("Source.adtValue"))

        let generate = try ProcessRunner.valuegen(["generate", "Models", "--output", "Generated", "--plugin", Self.plugin("1.1"), "--plugin", Self.plugin("1.2")], in: folder)
        try #require(generate.status == 0, "\(generate.standardError)")
        let generated = folder.appendingPathComponent("Generated")
        func text(_ path: String) throws -> String {
            try String(contentsOf: generated.appendingPathComponent(path), encoding: .utf8)
        }
        #expect(try text("typescript/Shape.ts") == "export type Shape = { type: \"circle\" } & { radius: number } | { type: \"empty\" } & {  };\n")
        #expect(try text("typescript/Source.ts") == "export type Source = { type: \"id\" } & {  } | { type: \"customer\" } & { id: string; name: string };\n")
        #expect(try text("Shape.swift").contains("static let codingSummary = \"internal true\""))
        #expect(try text("Source.swift").contains("static let codingSummary = \"internal true\""))
    }

    /// What `ADTCoding.representation` reports for each form, and what `form` keeps.
    @Test func theFrozenRepresentationReportsLaterFormsAsInternallyTagged() {
        #expect(ADTCoding(form: .untagged).representation == .internallyTagged)
        #expect(ADTCoding(form: .untagged).form == .untagged)
        #expect(ADTCoding(form: ADTCoding.Form(rawValue: "nested")).representation == .internallyTagged)
        #expect(ADTCoding(representation: .adjacentlyTagged).form == .adjacentlyTagged)
        #expect(ADTCoding.Form.known.map(\.representation) == [.string, .internallyTagged, .externallyTagged, .adjacentlyTagged, .internallyTagged])
        #expect(ADTCoding.Form(spelling: "untagged") == .untagged && ADTCoding.Form(spelling: "nested") == nil)
    }

    /// The rule that keeps sources compiling: a public enumeration of the SDK never gains a case
    /// (a plugin's exhaustive switch over it would stop compiling: Swift packages are built
    /// without library evolution, so `@unknown default` does not help). A value added to an open
    /// set goes into a struct with static members (`ADTCoding.Form`); a new enumeration is
    /// listed here, frozen, with its cases, once its doc comment says it is frozen.
    @Test func publicEnumerationsOfTheSDKKeepTheirCases() throws {
        let frozen: [String: [String]] = [
            "ModelKind": ["value", "adtValue", "object"],
            "AccessLevel": ["`public`", "`package`", "`internal`"],
            "DiagnosticSeverity": ["note", "warning", "error"],
            "JSONValue": ["null", "bool", "number", "string", "array", "object"],
            "TypeStructure": ["named", "optional", "array", "set", "dictionary", "existential"],
            "TypeDeclarationSite": ["percentType", "moduleSwiftCode"],
            "Representation": ["string", "internallyTagged", "externallyTagged", "adjacentlyTagged"],
            "Kind": ["iso8601", "secondsSince1970", "millisecondsSince1970", "format"],
        ]
        let sdk = PluginBuilder.repositoryRoot.appendingPathComponent("PluginSDK/Sources/ValuegenPluginSDK")
        var found: [String: [String]] = [:]
        for path in try PluginBuilder.swiftFiles(in: sdk) {
            for (name, cases) in Self.enumerationCases(in: try String(contentsOfFile: path, encoding: .utf8)) where !cases.isEmpty {
                found[name, default: []] += cases
            }
        }
        for (name, cases) in found.sorted(by: { $0.key < $1.key }) {
            #expect(frozen[name] == cases, "public enum \(name) has the cases \(cases), frozen as \(frozen[name] ?? []): a case added to a public SDK enumeration breaks every plugin's exhaustive switch over it; add the value as a static member of an open struct beside it instead (as ADTCoding.Form beside ADTCoding.Representation), see docs/WritingPlugins.md, \"Source compatibility\"")
        }
        #expect(Set(found.keys) == Set(frozen.keys))
    }

    /// The case names of each `public enum` in a source file, by the enum's own name, read from
    /// the lines (the SDK's enumerations put each case on its own line, four spaces in).
    static func enumerationCases(in source: String) -> [(String, [String])] {
        var result: [(String, [String])] = []
        var open: (name: String, indent: Int, cases: [String])?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = line.prefix { $0 == " " }.count
            let text = line.dropFirst(indent)
            if let current = open {
                if indent == current.indent && text.hasPrefix("}") {
                    result.append((current.name, current.cases))
                    open = nil
                } else if indent == current.indent + 4 && text.hasPrefix("case ") {
                    let name = text.dropFirst("case ".count).prefix { $0.isLetter || $0.isNumber || $0 == "`" || $0 == "_" }
                    open?.cases.append(String(name))
                }
                continue
            }
            for keyword in ["public enum ", "public indirect enum "] where text.hasPrefix(keyword) {
                let name = text.dropFirst(keyword.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                open = (String(name), indent, [])
            }
        }
        return result
    }
}
