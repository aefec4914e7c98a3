import Foundation
import Testing
import ValuegenCore

/// Dictionaries keyed by integers (issue 23), generated with JSON, Coding, Dictionary and Binary,
/// compiled and run: the driver reads one API document through the JSON feature and through
/// Coding (Foundation's JSONDecoder) to the same value, and compares it with what Foundation's
/// own Codable reads into `[Int: T]`; both write objects with decimal member names that each
/// reads back, Coding's bytes are Foundation's, and property lists and Binary round-trip.
@Suite struct IntegerKeyCompileTests {
    @Test func integerKeyedDictionariesCodeAlikeThroughJSONCodingDictionaryAndBinary() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("Models")
        try TestSupport.write(#"{"defaultIncludes": ["JSON", "Coding", "Dictionary", "Binary"]}"#, to: models.appendingPathComponent("valuegen.json"))
        try TestSupport.write("""
        # What an API sends keyed by ids.
        Feed {
          events: [Int64: Event]
          counts: [Int: Int] = [:]
          %codingLegacyKey name=old_small
          small: [UInt8: String]?
          byName: [String: [Int: Double]] = [:]
          label: String
        }
        """, to: models.appendingPathComponent("Feed.value"))
        try TestSupport.write("""
        Event {
          title: String
          tags: [Int32: String] = [:]
        }
        """, to: models.appendingPathComponent("Event.value"))
        try TestSupport.write("""
        Timeline {
          Day {
            entries: [UInt16: String]
          }
          Empty
        }
        """, to: models.appendingPathComponent("Timeline.adtValue"))
        let generated = folder.appendingPathComponent("Generated")
        let report = GenerationRun().run(GenerationOptions(inputs: [models.path], outputDirectory: generated.path))
        try #require(report.exitCode == 0, "\(report.diagnostics.map(\.description))")
        let run = try TestSupport.runDriver("IntegerKeysDriver", with: generated, scratch: folder)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("all checks passed\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("FAIL"), "\(run.standardOutput)")
    }
}
