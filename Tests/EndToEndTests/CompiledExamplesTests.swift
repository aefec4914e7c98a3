import Foundation
import Testing
import ValuegenCore

/// The generated code of every example compiles (in the Swift 6 language mode, with its
/// strict concurrency checking) together with Drivers/ExamplesDriver.swift, and the driver's
/// checks pass when it runs: coding with custom and legacy keys and defaults, equality and
/// hashing, `with`, builder errors, redaction, ADT coding, recursive ADTs (`indirect` cases,
/// across files), observation and veto, the closures of Matching's `match(...)`, Diffing on a
/// value, an ADT and an object, and Undo recording an object's changes in an `UndoHistory`.
@Suite struct CompiledExamplesTests {
    @Test func generatedExamplesCompileAndBehaveAsSpecified() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = folder.appendingPathComponent("Generated")

        let report = GenerationRun().run(GenerationOptions(inputs: [TestSupport.examplesFolder.path], outputDirectory: generated.path))
        #expect(report.exitCode == 0, "\(report.diagnostics.map(\.description))")

        let run = try TestSupport.runDriver("ExamplesDriver", with: generated, scratch: folder)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("all checks passed\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("FAIL"), "\(run.standardOutput)")
    }
}
