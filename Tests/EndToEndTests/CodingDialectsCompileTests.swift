import Foundation
import Testing
import ValuegenCore

/// Coding for real APIs (issues 14 and 23), compiled and run: Fixtures/CodingDialects has every
/// ADT representation (a bare-string plain enumeration, internally tagged with another
/// discriminator, externally and adjacently tagged with case keys, untagged with and without a
/// last case that keeps any value), case tags in a key style, unknown cases in each, transient
/// attributes, date styles and lenient integers, generated with Coding, JSON and Binary. The
/// driver checks that Coding and JSON write the same JSON and read each other's and the same
/// bytes (indented or not) to the same value, that unknown cases pass through JSON, Coding and
/// Binary keeping what was read, and the errors.
@Suite struct CodingDialectsCompileTests {
    static let models = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/CodingDialects")

    @Test func everyRepresentationCodesAlikeThroughCodingJSONAndBinary() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = folder.appendingPathComponent("Generated")
        let report = GenerationRun().run(GenerationOptions(inputs: [Self.models.path], outputDirectory: generated.path))
        try #require(report.exitCode == 0, "\(report.diagnostics.map(\.description))")
        let run = try TestSupport.runDriver("CodingDialectsDriver", with: generated, scratch: folder)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("all checks passed\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("FAIL"), "\(run.standardOutput)")
    }

    /// Tests/Fuzz/JSONTaggedADTFuzzer.swift fuzzes the generator's JSON code for these ADTs, a
    /// copy of it: each declaration and its JSON extension, `public` removed. The copy must be
    /// what the generator writes today.
    @Test func theTaggedADTFuzzerHoldsTheGeneratorsCurrentOutput() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = GenerationRun().run(GenerationOptions(inputs: [Self.models.path], outputDirectory: folder.path))
        try #require(report.exitCode == 0)
        var models: [String] = []
        for name in ["Shape", "Media", "State", "Event"] {
            let text = try String(contentsOf: folder.appendingPathComponent("\(name).swift"), encoding: .utf8)
            let declaration = try #require(text.range(of: "public enum").map { text[$0.lowerBound...] })
            let beforeFeatures = try #require(declaration.range(of: "// MARK: - ")).lowerBound
            let json = try #require(text.range(of: "// MARK: - \(name): JSON\n")).upperBound
            let jsonEnd = text.range(of: "\n// MARK: - ", range: json..<text.endIndex)?.lowerBound ?? text.endIndex
            models.append(
                declaration[..<beforeFeatures].trimmingCharacters(in: .whitespacesAndNewlines) + "\n\n"
                    + text[json..<jsonEnd].trimmingCharacters(in: .whitespacesAndNewlines) + "\n\nextension \(name): Equatable {}"
            )
        }
        let expected = models.joined(separator: "\n\n").replacingOccurrences(of: "public ", with: "")
        let fuzzer = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("Tests/Fuzz/JSONTaggedADTFuzzer.swift"), encoding: .utf8)
        let start = try #require(fuzzer.range(of: "// MARK: - Generated models\n\n")).upperBound
        let end = try #require(fuzzer.range(of: "\n\n// MARK: - The fuzz target")).lowerBound
        #expect(String(fuzzer[start..<end]) == expected, "copy the generator's output for Fixtures/CodingDialects into Tests/Fuzz/JSONTaggedADTFuzzer.swift (see its header)")
    }
}
