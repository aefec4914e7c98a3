import Foundation
import Testing
import ValuegenCore

/// An object without attributes, with Observation, Undo and Diffing: its `Change` has no case,
/// so the generated file declares no function taking one (its body would be code that is never
/// executed, a warning in every build with -warnings-as-errors, which only compiling finds).
@Suite struct EmptyObjectCompileTests {
    @Test func anObjectWithoutAttributesCompilesWithoutAWarning() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("Models")
        try TestSupport.write("Empty includes(Undo, Diffing) {\n}\n", to: models.appendingPathComponent("Empty.object"))
        let generated = folder.appendingPathComponent("Generated")
        let report = GenerationRun().run(GenerationOptions(inputs: [models.path], outputDirectory: generated.path))
        try #require(report.exitCode == 0, "\(report.diagnostics.map(\.description))")
        let run = try TestSupport.runDriver("EmptyObjectDriver", with: generated, scratch: folder)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("all checks passed\n"), "\(run.standardOutput)")
    }
}
