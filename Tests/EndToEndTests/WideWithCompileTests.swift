import Foundation
import Testing
import ValuegenCore

/// From `WithFeature.replacementThreshold` attributes on, `with(…)` passes one case of a private
/// enum to a helper that copies the attributes into locals of their names and switches once
/// (issue 37). Names that could trip that helper — its parameter's and its bound value's
/// (`replacement`, `newValue`) and keywords — compile without a warning, and every
/// method replaces its attribute and keeps the others, on a value, a value with indirect
/// storage and an object; and a value of 300 attributes, whose helper tests each case with
/// `if case` (`WithFeature.switchLimit`: swiftc refuses a switch of about 620 cases).
@Suite struct WideWithCompileTests {
    private static let attributes = """
          replacement: Int
          newValue: String
          default: Bool = false
          init: Int = 0
          Type: Int = 0
          note: String?
          tags: [String]
          scores: [String: Double]
          count: Int
          ratio: Double

        """

    @Test func wideTypesCompileAndReplaceOneAttributeEach() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("Models")
        try TestSupport.write("Wide includes(With) {\n\(Self.attributes)}\n", to: models.appendingPathComponent("Wide.value"))
        try TestSupport.write("%storage indirect\nBoxed includes(With) {\n\(Self.attributes)}\n", to: models.appendingPathComponent("Boxed.value"))
        try TestSupport.write("Live includes(With) {\n\(Self.attributes)}\n", to: models.appendingPathComponent("Live.object"))
        let many = (0..<300).map { "  a\($0): Int = 0\n" }.joined()
        try TestSupport.write("Huge includes(With) {\n\(many)}\n", to: models.appendingPathComponent("Huge.value"))
        let generated = folder.appendingPathComponent("Generated")
        let report = GenerationRun().run(GenerationOptions(inputs: [models.path], outputDirectory: generated.path))
        try #require(report.exitCode == 0, "\(report.diagnostics.map(\.description))")
        // The wide form, not the small one, is what is compiled here.
        let value = try String(contentsOf: generated.appendingPathComponent("Wide.swift"), encoding: .utf8)
        #expect(value.contains("private enum WithReplacement"))
        let huge = try String(contentsOf: generated.appendingPathComponent("Huge.swift"), encoding: .utf8)
        #expect(huge.contains("if case .a299(let newValue) = replacement {") && !huge.contains("switch replacement"))
        let run = try TestSupport.runDriver("WideWithDriver", with: generated, scratch: folder)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("all checks passed\n"), "\(run.standardOutput)")
    }
}
