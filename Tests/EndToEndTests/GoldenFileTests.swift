import Foundation
import Testing
import ValuegenCore

/// The examples' generated code, byte for byte. When a change to the generator is meant to
/// change the output, regenerate the goldens deliberately and review the diff:
///
///     rm -rf Fixtures/Golden && swift run valuegen generate Fixtures/Examples --output Fixtures/Golden
///     rm -rf Fixtures/CodeSize/Golden && swift run valuegen generate Fixtures/CodeSize/Schemas --output Fixtures/CodeSize/Golden
@Suite struct GoldenFileTests {
    @Test func examplesGenerateExactlyTheGoldenFiles() throws {
        try Self.expectGolden(schemas: "Fixtures/Examples", golden: "Fixtures/Golden")
    }

    /// The JSON readers of `"optimizeFor": "codeSize"` (Fixtures/CodeSize/Schemas/valuegen.json):
    /// a value's and an ADT's cases' member names matched in the runtime.
    @Test func codeSizeExampleGeneratesExactlyItsGoldenFiles() throws {
        try Self.expectGolden(schemas: "Fixtures/CodeSize/Schemas", golden: "Fixtures/CodeSize/Golden")
    }

    /// Generates the schemas under the folder `schemas` and compares the output with the files
    /// of `golden` (both relative to the repository).
    static func expectGolden(schemas: String, golden: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let output = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let goldenFolder = TestSupport.repositoryRoot.appendingPathComponent(golden)

        let report = GenerationRun().run(GenerationOptions(inputs: [TestSupport.repositoryRoot.appendingPathComponent(schemas).path], outputDirectory: output.path))
        #expect(report.exitCode == 0, "diagnostics: \(report.diagnostics.map(\.description)) \(report.usageErrors)", sourceLocation: sourceLocation)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.description))", sourceLocation: sourceLocation)

        let generated = try TestSupport.files(in: output)
        let expected = try TestSupport.files(in: goldenFolder)
        #expect(!generated.isEmpty, sourceLocation: sourceLocation)
        #expect(generated == expected, "the generated files differ from \(golden); regenerate the goldens deliberately (see GoldenFileTests.swift)", sourceLocation: sourceLocation)
        // `#sourceLocation` names the schema by the path valuegen was given: the goldens were
        // generated from the repository's root, as `Fixtures/Examples/…`; this run was given the
        // folder's absolute path.
        let absolutePrefix = #"#sourceLocation(file: ""# + TestSupport.repositoryRoot.path + "/"
        for name in generated where expected.contains(name) {
            let text = try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
            let actual = Data(text.replacingOccurrences(of: absolutePrefix, with: #"#sourceLocation(file: ""#).utf8)
            let bytes = try Data(contentsOf: goldenFolder.appendingPathComponent(name))
            #expect(actual == bytes, "\(name) differs from \(golden)/\(name); run `diff` on them, and regenerate the goldens deliberately if the change is intended", sourceLocation: sourceLocation)
        }
    }
}
