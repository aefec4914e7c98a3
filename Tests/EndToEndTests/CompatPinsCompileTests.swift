import Foundation
import Testing
import ValuegenCore

/// `valuegen compat --fix` proven on generated code: the pins it writes make the edited schema
/// read what the old one wrote with `binaryData()`, which the edit alone misreads or refuses.
@Suite struct CompatPinsCompileTests {
    @Test func thePinsFixWritesLetTheNewSchemaReadTheOldBinaryData() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = "Point includes(Binary) {\n  x: Int\n  y: Int\n  label: String?\n  weight: Double\n}\n"
        let edited = "Point includes(Binary) {\n  z: Int = 7\n  y: Int\n  x: Int\n  weight: Double\n}\n"
        try TestSupport.write(old, to: folder.appendingPathComponent("v1/Point.value"))
        try TestSupport.write(edited, to: folder.appendingPathComponent("v2/Point.value"))

        var options = CompatibilityOptions()
        options.oldInputs = [folder.appendingPathComponent("v1").path]
        options.newInputs = [folder.appendingPathComponent("v2").path]
        options.fix = true
        options.allowed = [.swiftSource]
        let report = CompatibilityCheck.run(options)
        #expect(report.errors == [])
        #expect(report.exitCode == 0, "\(report.text)")
        let pinned = try String(contentsOf: folder.appendingPathComponent("v2/Point.value"), encoding: .utf8)
        #expect(pinned == "Point includes(Binary) {\n  %binaryField number=5\n  z: Int = 7\n  y: Int\n  %binaryField number=1\n  x: Int\n  weight: Double\n}\n")

        let models = folder.appendingPathComponent("Models")
        try TestSupport.write(pinned, to: models.appendingPathComponent("Point.value"))
        try TestSupport.write(old.replacingOccurrences(of: "Point", with: "OldPoint"), to: models.appendingPathComponent("OldPoint.value"))
        try TestSupport.write(edited.replacingOccurrences(of: "Point", with: "UnpinnedPoint"), to: models.appendingPathComponent("UnpinnedPoint.value"))
        let generated = folder.appendingPathComponent("Generated")
        let generation = GenerationRun().run(GenerationOptions(inputs: [models.path], outputDirectory: generated.path))
        try #require(generation.exitCode == 0, "\(generation.diagnostics.map(\.description))")
        let run = try TestSupport.runDriver("CompatPinsDriver", with: generated, scratch: folder)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput == "ok - the pinned v2 reads what v1 wrote\nok - the v2 as edited does not\nok - v1 reads what the pinned v2 writes\nall checks passed\n")
    }
}
