import Foundation
import Testing
import ValuegenCore

/// The examples' generated code, byte for byte. When a change to the generator is meant to
/// change the output, regenerate the goldens deliberately and review the diff:
///
///     rm -rf Fixtures/Golden && swift run valuegen generate Fixtures/Examples --output Fixtures/Golden
@Suite struct GoldenFileTests {
    @Test func examplesGenerateExactlyTheGoldenFiles() throws {
        let output = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: output) }

        let report = GenerationRun().run(GenerationOptions(inputs: [TestSupport.examplesFolder.path], outputDirectory: output.path))
        #expect(report.exitCode == 0, "diagnostics: \(report.diagnostics.map(\.description)) \(report.usageErrors)")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.description))")

        let generated = try TestSupport.files(in: output)
        let golden = try TestSupport.files(in: TestSupport.goldenFolder)
        #expect(!generated.isEmpty)
        #expect(generated == golden, "the generated files differ from Fixtures/Golden; regenerate the goldens deliberately (see GoldenFileTests.swift)")
        // `#sourceLocation` names the schema by the path valuegen was given: the goldens were
        // generated from the repository's root, as `Fixtures/Examples/…`; this run was given the
        // folder's absolute path.
        let absolutePrefix = #"#sourceLocation(file: ""# + TestSupport.repositoryRoot.path + "/"
        for name in generated where golden.contains(name) {
            let text = try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
            let actual = Data(text.replacingOccurrences(of: absolutePrefix, with: #"#sourceLocation(file: ""#).utf8)
            let expected = try Data(contentsOf: TestSupport.goldenFolder.appendingPathComponent(name))
            #expect(actual == expected, "\(name) differs from Fixtures/Golden/\(name); run `diff` on them, and regenerate the goldens deliberately if the change is intended")
        }
    }
}
