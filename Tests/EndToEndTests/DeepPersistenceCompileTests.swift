import Foundation
import Testing
import ValuegenCore

/// Deep values through Persistence (issue 37, item 8), compiled and run: whatever `save`
/// accepts, `load` reads back, in every format. A chain of `%storage indirect` values 512
/// levels deep is saved and loads equal; 513 and 6,000 levels are refused with the readers'
/// depth error before anything is written (6,000 crashed `PropertyListEncoder` before); and
/// all of it from a thread with a 512 KB stack, where the generated encoders crashed too.
/// Chains of 100,000 levels, through an Optional, an array of objects, an ADT's case and a
/// dictionary, are refused too, on the main thread and on a 512 KB one: the generated encoders
/// stop past 512 levels in Persistence's writers (they overflowed Linux's main thread at
/// 100,000 levels in JSON and 30,000 in Binary), while `jsonBytes()` and `binaryBytes()` of
/// 600 levels are whole.
@Suite struct DeepPersistenceCompileTests {
    @Test func saveRefusesWhatLoadWouldRefuseAndNeverCrashes() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("Models")
        try TestSupport.write("""
        # A comment, and the comment it answers.
        %storage indirect
        Comment includes(Persistence) {
          text: String
          parent: Comment?
        }

        """, to: models.appendingPathComponent("Comment.value"))
        try TestSupport.write("""
        # A category of categories: a chain through an array of objects.
        Category includes(Persistence) {
          name: String
          subcategories: [Category] = []
        }

        """, to: models.appendingPathComponent("Category.object"))
        try TestSupport.write("""
        # A formula of formulas: a chain through an ADT's case.
        Formula includes(Persistence) {
          Number { value: Int }
          Negated { operand: Formula }
        }

        """, to: models.appendingPathComponent("Formula.adtValue"))
        try TestSupport.write("""
        # A directory of directories: a chain through a dictionary.
        Directory includes(Persistence) {
          entries: [String: Directory] = [:]
        }

        """, to: models.appendingPathComponent("Directory.value"))
        let generated = folder.appendingPathComponent("Generated")
        let report = GenerationRun().run(GenerationOptions(inputs: [models.path], outputDirectory: generated.path))
        try #require(report.exitCode == 0, "\(report.diagnostics.map(\.description))")
        let run = try TestSupport.runDriver("DeepPersistenceDriver", with: generated, scratch: folder)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("all checks passed\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("FAIL"), "\(run.standardOutput)")
    }
}
