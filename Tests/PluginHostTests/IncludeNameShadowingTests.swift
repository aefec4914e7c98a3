import Foundation
import Testing

/// A plugin built against ABI 1.0 that answers to the name of a feature valuegen built in
/// later (`Validation`) keeps loading and generating (docs/PluginABI.md, "Include names across
/// versions"): it takes the name with a warning, the built-in stays reachable as
/// `valuegen.Validation`, `"as"` renames the plugin, and the built-in's annotations never
/// change owner without a word.
@Suite("A plugin answering to a built-in feature's name")
struct IncludeNameShadowingTests {
    static let source = PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Plugins/Frozen/legacy_validation.c").path

    /// The legacy plugin, built against the frozen 1.0 header alone, once for every test.
    static let built = Result { try ABICompatibilityTests.plugin(source, named: "LegacyValidation10", headers: ABICompatibilityTests.frozenHeaderFolder) }

    static func legacyPlugin() throws -> String {
        try built.get()
    }

    static let thing = """
        Thing includes(Validation) {
          %range min=0 max=150
          age: Int
          name: String
        }

        """

    /// A type that does not include the plugin: its `%range` still means the built-in.
    static let other = """
        Other {
          %range min=0 max=10
          count: Int
        }

        """

    struct Run {
        var outcome: ProcessRunner.Outcome
        var folder: URL

        func output(_ name: String) throws -> String {
            try String(contentsOf: folder.appendingPathComponent("out/\(name)"), encoding: .utf8)
        }
    }

    /// `valuegen generate . --output out` with the plugin named in valuegen.json.
    static func generate(thing: String = thing, entry: String = "", isolated: Bool = false, _ name: String = #function) throws -> Run {
        let library = try legacyPlugin()
        let folder = try PluginFailureTests.schemaFolder([
            "Thing.value": thing,
            "Other.value": other,
            "valuegen.json": #"{"plugins": [{"path": "\#(library)"\#(entry)}]}"#,
        ], name + "\(isolated)")
        let outcome = try ProcessRunner.valuegen(["generate", ".", "--output", "out", "--quiet"] + (isolated ? ["--isolate-plugins"] : []), in: folder)
        return Run(outcome: outcome, folder: folder)
    }

    @Test(arguments: [false, true])
    func pluginOfABI10TakesTheBuiltInNameAndGenerates(isolated: Bool) throws {
        let run = try Self.generate(isolated: isolated)
        defer { try? FileManager.default.removeItem(at: run.folder) }
        let library = try Self.legacyPlugin()
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        #expect(run.outcome.errorLines == [
            "./valuegen.json: warning: plugin 'dev.valuegen.test.legacy-validation' (\(library)) answers to 'Validation', which the built-in feature 'Validation' answers to too; here 'Validation' names the plugin, and the built-in stays available as 'valuegen.Validation' (to keep 'Validation' for the built-in, give the plugin another name with \"as\" in its valuegen.json entry)",
            "./Thing.value:2:3: warning: '%range' is not read by the built-in feature 'Validation' here: in this configuration 'Validation' names plugin 'dev.valuegen.test.legacy-validation' (\(library)), which gets the annotation; include 'valuegen.Validation' to use the built-in, or give the plugin another name with \"as\" in its valuegen.json entry",
        ])
        let thing = try run.output("Thing.swift")
        #expect(thing.contains("// MARK: - Thing: Validation\n\nextension Thing {\n    public static let legacyCheckedAttributes: [String] = [\"age\"]\n}\n"))
        #expect(!thing.contains("func validate()"), "the plugin's annotation does not bring the built-in along")
        let other = try run.output("Other.swift")
        #expect(other.contains("// MARK: - Other: valuegen.Validation"))
        #expect(other.contains("public func validate() throws"))
        #expect(!other.contains("legacyCheckedAttributes"), "the plugin never sees the built-in's name as its own")
    }

    @Test func builtInStaysReachableUnderItsReservedName() throws {
        let run = try Self.generate(thing: Self.thing.replacingOccurrences(of: "includes(Validation)", with: "includes(Validation, valuegen.Validation)"))
        defer { try? FileManager.default.removeItem(at: run.folder) }
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        #expect(run.outcome.errorLines.count == 1, "only the plugin's warning: the built-in reads '%range' here")
        let thing = try run.output("Thing.swift")
        #expect(thing.contains("// MARK: - Thing: valuegen.Validation"))
        #expect(thing.contains("public func validate() throws"))
        #expect(thing.contains("public static let legacyCheckedAttributes: [String] = [\"age\"]"))
    }

    @Test func asRenamesThePluginAndKeepsTheBuiltInName() throws {
        let run = try Self.generate(
            thing: Self.thing.replacingOccurrences(of: "includes(Validation)", with: "includes(LegacyValidation)"),
            entry: #", "as": "LegacyValidation""#)
        defer { try? FileManager.default.removeItem(at: run.folder) }
        #expect(run.outcome.status == 0 && run.outcome.standardError.isEmpty, "\(run.outcome.standardError)")
        let thing = try run.output("Thing.swift")
        #expect(thing.contains("// MARK: - Thing: LegacyValidation\n\nextension Thing {\n    public static let legacyCheckedAttributes: [String] = [\"age\"]\n}\n"))
        #expect(thing.contains("// MARK: - Thing: Validation"))
        #expect(thing.contains("public func validate() throws"), "'%range' is the built-in's again")
    }

    @Test func asMustBeAnIdentifier() throws {
        let run = try Self.generate(entry: #", "as": "Legacy Validation""#)
        defer { try? FileManager.default.removeItem(at: run.folder) }
        #expect(run.outcome.status == 2)
        #expect(run.outcome.errorLines == [
            "./valuegen.json: error: plugins[0].as must be the include name the plugin answers to here, an identifier such as \"LegacyValidation\"",
        ])
    }
}
