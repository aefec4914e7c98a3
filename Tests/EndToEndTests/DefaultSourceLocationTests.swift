import Foundation
import Testing
import ValuegenCore

/// A default that is a Swift expression is judged by swiftc, and swiftc reports it at the
/// schema's line and column, once, not in the generated file at each place the default is used
/// (issue 25: `width: Int = Int("640")` gave 15 errors at `Block.swift:9:63`), by the schema's
/// path as valuegen was given it, so that a terminal or an editor opens it (issue 40).
@Suite struct DefaultSourceLocationTests {
    @Test func swiftcReportsABadExpressionDefaultAtTheSchemasLineOnce() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("Models")
        try TestSupport.write(#"{"defaultIncludes": ["Builder", "With", "Coding", "JSON", "Binary", "Dictionary"]}"#, to: models.appendingPathComponent("valuegen.json"))
        try TestSupport.write("Block {\n  title: String\n  width: Int = Int(\"640\")\n}\n", to: models.appendingPathComponent("Block.value"))
        // Expressions swiftc accepts, in every kind of type, compile as they did.
        try TestSupport.write("Page {\n  createdAt: Date = Date(timeIntervalSince1970: 0)\n  count: Int = Int(\"12\") ?? 0\n}\n", to: models.appendingPathComponent("Page.value"))
        try TestSupport.write("Shape {\n  Circle { radius: Double = Double.pi * 2 }\n  Dot\n}\n", to: models.appendingPathComponent("Shape.adtValue"))
        try TestSupport.write("Settings {\n  volume: Double = Double(11) / 10\n}\n", to: models.appendingPathComponent("Settings.object"))
        let generated = folder.appendingPathComponent("Generated")
        let report = GenerationRun().run(GenerationOptions(inputs: [models.path], outputDirectory: generated.path))
        try #require(report.exitCode == 0, "\(report.diagnostics.map(\.description))")

        let files = try TestSupport.files(in: generated).map { generated.appendingPathComponent($0).path }
        let diagnostics = try SwiftTypechecker.locatingRuntime(scratch: folder).typecheck(primaries: files, bodies: true)
        #expect(diagnostics.filter { $0.severity == "error" }.map(\.description) == [
            "Block.value:3:16: error: value of optional type 'Int?' must be unwrapped to a value of type 'Int'",
        ])
        // Its notes (coalesce with '??', force-unwrap) point there too, by the schema's whole path.
        #expect(diagnostics.allSatisfy { $0.path == "\(models.path)/Block.value" && $0.line == 3 }, "\(diagnostics)")
    }
}
