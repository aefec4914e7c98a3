import Foundation
import Testing
import ValuegenCore

/// Invariants (issue 15), compiled and run: `validate()`, Builder's `build()`, every decoder
/// (JSON, Coding, Binary, Dictionary) and Persistence's `load(from:)` in each format refuse a
/// value — or an ADT's case — that breaks `%range`, `%length`, `%nonEmpty`, `%pattern` or
/// `%check`, with the type (the case), the attribute and the rule in the message and the path
/// of the value.
@Suite struct InvariantCompileTests {
    @Test func everyPathRefusesABrokenValue() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("Models")
        try TestSupport.write(#"{"defaultIncludes": ["With", "Builder", "Coding", "JSON", "Binary", "Dictionary"]}"#, to: models.appendingPathComponent("valuegen.json"))
        try TestSupport.write("""
        %check with=refuseRoot
        User {
          %range min=0 max=120
          age: Int
          %nonEmpty
          %length min=2 max=10
          name: String
          %pattern regex="[a-z]+@[a-z]+\\\\.[a-z]+"
          email: String?
          %range min=0.5
          score: Double = 1
          %length max=2
          tags: [String] = []
        }

        """, to: models.appendingPathComponent("User.value"))
        try TestSupport.write("Team includes(Persistence) {\n  members: [User]\n  shapes: [Shape] = []\n}\n", to: models.appendingPathComponent("Team.value"))
        try TestSupport.write("""
        %check with=refuseHuge
        Shape {
          Circle {
            %range min=0
            radius: Double
            %nonEmpty
            label: String?
          }
          Square {
            %pattern regex="[A-Z][a-z]*"
            name: String
            side: Int
          }
          Empty
        }

        """, to: models.appendingPathComponent("Shape.adtValue"))
        // Attributes named like the modules and the error type the checks and decoders would spell.
        try TestSupport.write("Odd includes(Persistence) {\n  %range min=0\n  Swift: Int\n  %pattern regex=\"a+\"\n  Foundation: String\n  %nonEmpty\n  DecodingError: String\n}\n", to: models.appendingPathComponent("Odd.value"))
        // Externally tagged, a case without payload is its bare tag, read apart from the others.
        try TestSupport.write("%check with=refuseBlank\n%coding representation=external\nMark {\n  Dot {\n    %range max=9\n    size: Int\n  }\n  Blank\n}\n", to: models.appendingPathComponent("Mark.adtValue"))
        try TestSupport.write("Account {\n  %range max=10\n  level: Int\n}\n", to: models.appendingPathComponent("Account.object"))
        let generated = folder.appendingPathComponent("Generated")
        let report = GenerationRun().run(GenerationOptions(inputs: [models.path], outputDirectory: generated.path))
        try #require(report.exitCode == 0, "\(report.diagnostics.map(\.description))")
        let run = try TestSupport.runDriver("InvariantDriver", with: generated, scratch: folder)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("all checks passed\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("FAIL"), "\(run.standardOutput)")
    }
}
