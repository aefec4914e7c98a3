import Foundation
import Testing
import ValuegenCore

/// `%storage indirect` (issue 15), compiled and run: a value whose attributes live in a shared
/// box and its inline twin, with With, Builder, Coding, JSON and Binary, behave alike.
@Suite struct IndirectStorageCompileTests {
    @Test func aBoxedValueBehavesAsItsInlineTwin() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("Models")
        try TestSupport.write(#"{"defaultIncludes": ["With", "Builder", "Coding", "JSON", "Binary"]}"#, to: models.appendingPathComponent("valuegen.json"))
        let attributes = """
          # The identifier.
          id: Int
          name: String = "x"
          tags: [String]
          default: Bool
          note: String?
          nested: Part
        }
        """
        try TestSupport.write("Inline {\n" + attributes + "\n", to: models.appendingPathComponent("Inline.value"))
        try TestSupport.write("%storage indirect\nBoxed {\n" + attributes + "\n", to: models.appendingPathComponent("Boxed.value"))
        try TestSupport.write("Part {\n  size: Int\n}\n", to: models.appendingPathComponent("Part.value"))
        let generated = folder.appendingPathComponent("Generated")
        let report = GenerationRun().run(GenerationOptions(inputs: [models.path], outputDirectory: generated.path))
        try #require(report.exitCode == 0, "\(report.diagnostics.map(\.description))")
        let run = try TestSupport.runDriver("IndirectStorageDriver", with: generated, scratch: folder)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("all checks passed\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("FAIL"), "\(run.standardOutput)")
    }
}
