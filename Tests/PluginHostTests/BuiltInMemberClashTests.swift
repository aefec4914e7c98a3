import Foundation
import Testing

/// A member a plugin declares it generates (`valuegen_plugin.member_names`) that a built-in
/// feature of the same type generates too is an error at the schema, before any Swift is
/// written (docs/PluginABI.md, "Declared member names"): MemberValidation, a C plugin that
/// answers to `Validation` and declares `validate`, loaded as MyValidation beside the built-in
/// Validation that a `%range` brings back.
@Suite("Plugin members that built-in features generate too")
struct BuiltInMemberClashTests {
    static let built = Result {
        try PluginBuilder.cPlugin(named: "MemberValidation", sources: [PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Plugins/MemberValidation/member_validation.c").path])
    }

    static let person = """
        Person includes(MyValidation, Builder) {
          %range min=0 max=150
          age: Int
          name: String
        }

        """

    /// `valuegen generate . --output out --quiet` with the plugin loaded as MyValidation.
    static func generate(_ files: [String: String], isolated: Bool = false, _ name: String = #function) throws -> (outcome: ProcessRunner.Outcome, folder: URL, library: String) {
        let library = try built.get()
        let folder = try PluginFailureTests.schemaFolder(files.merging(["valuegen.json": #"{"plugins": [{"path": "\#(library)", "as": "MyValidation"}]}"#]) { $1 }, name + "\(isolated)")
        let outcome = try ProcessRunner.valuegen(["generate", ".", "--output", "out", "--quiet"] + (isolated ? ["--isolate-plugins"] : []), in: folder)
        return (outcome, folder, library)
    }

    @Test(arguments: [false, true])
    func aDeclaredMemberThatARuleBringsBackIsAnErrorAtTheType(isolated: Bool) throws {
        let run = try Self.generate(["Person.value": Self.person], isolated: isolated)
        defer { try? FileManager.default.removeItem(at: run.folder) }
        #expect(run.outcome.errorLines == [
            "./Person.value:1:1: error: plugin 'dev.valuegen.example.member-validation' (\(run.library)) declares the member 'validate' for every type that includes MyValidation, which collides with 'func validate()' that the Validation feature generates for 'Person' (brought in by its %range); leave MyValidation out of the features of 'Person', or remove the rules that bring Validation in",
        ])
        #expect(run.outcome.status == 1)
        #expect(!PluginFailureTests.exists("out/Person.swift", in: run.folder), "nothing is written for swiftc to refuse")
    }

    @Test func theBuiltInUnderItsReservedNameClashesToo() throws {
        let run = try Self.generate([
            "Person.value": "Person includes(MyValidation, valuegen.Validation) {\n  age: Int\n}\n",
            "Counter.object": "Counter includes(MyValidation) {\n  count: Int\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: run.folder) }
        #expect(run.outcome.errorLines == [
            "./Person.value:1:1: error: plugin 'dev.valuegen.example.member-validation' (\(run.library)) declares the member 'validate' for every type that includes MyValidation, which collides with 'func validate()' that the Validation feature generates for 'Person'; leave MyValidation out of the features of 'Person'",
        ])
        #expect(PluginFailureTests.exists("out/Counter.swift", in: run.folder), "a type without the built-in keeps the plugin's member")
    }

    @Test func withoutTheBuiltInThePluginsMemberCompiles() throws {
        let run = try Self.generate(["Person.value": "Person includes(MyValidation, Builder) {\n  age: Int\n  name: String\n}\n"])
        defer { try? FileManager.default.removeItem(at: run.folder) }
        try #require(run.outcome.status == 0, "\(run.outcome.standardError)")
        let generated = run.folder.appendingPathComponent("out")
        let sources = try FileManager.default.contentsOfDirectory(atPath: generated.path).sorted().map { generated.appendingPathComponent($0).path }
        try PluginBuilder.run("swiftc", ["-typecheck", "-swift-version", "6"] + sources)
    }
}
