import Foundation
import Testing
import ValuegenCore

@Suite struct DeterminismTests {
    /// Every schema file of the examples, each passed on its own.
    private func exampleSchemaPaths() throws -> [String] {
        try TestSupport.files(in: TestSupport.examplesFolder)
            .filter { SchemaSource(path: $0, bytes: []).kind != nil }
            .map { TestSupport.examplesFolder.appendingPathComponent($0).path }
    }

    @Test func shuffledInputOrderGivesIdenticalBytes() throws {
        let paths = try exampleSchemaPaths()
        #expect(paths.count >= 5)
        let first = try TestSupport.makeScratchFolder()
        let second = try TestSupport.makeScratchFolder()
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        var generator = SystemRandomNumberGenerator()
        // Files named one by one start their search for valuegen.json in their own folder; the
        // examples' configuration is one level up, and their models need it (JSON and Binary
        // on every model that a Persistence model holds).
        let configuration = TestSupport.examplesFolder.appendingPathComponent("valuegen.json").path
        let firstReport = GenerationRun().run(GenerationOptions(inputs: paths, outputDirectory: first.path, configurationPath: configuration))
        let secondReport = GenerationRun().run(GenerationOptions(inputs: paths.reversed().shuffled(using: &generator), outputDirectory: second.path, configurationPath: configuration))
        #expect(firstReport.exitCode == 0)
        #expect(secondReport.exitCode == 0)
        let names = try TestSupport.files(in: first)
        #expect(names == (try TestSupport.files(in: second)))
        for name in names {
            #expect(try Data(contentsOf: first.appendingPathComponent(name)) == Data(contentsOf: second.appendingPathComponent(name)), "\(name)")
        }
    }

    @Test func secondRunWritesNothingAndLeavesModificationTimesAlone() throws {
        let output = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let options = GenerationOptions(inputs: [TestSupport.examplesFolder.path], outputDirectory: output.path)

        let first = GenerationRun().run(options)
        #expect(first.written.count > 0)
        #expect(first.unchanged.isEmpty)
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        for name in try TestSupport.files(in: output) {
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: output.appendingPathComponent(name).path)
        }

        let second = GenerationRun().run(options)
        #expect(second.written.isEmpty)
        #expect(second.unchanged.count == first.written.count)
        for name in try TestSupport.files(in: output) {
            let attributes = try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(name).path)
            #expect(attributes[.modificationDate] as? Date == past, "\(name) was rewritten")
        }
    }

    @Test func changedSchemaRewritesOnlyItsOwnOutput() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write("A {\n  x: Int\n}\n", to: folder.appendingPathComponent("Schemas/A.value"))
        try TestSupport.write("B {\n  y: Int\n}\n", to: folder.appendingPathComponent("Schemas/B.value"))
        let options = GenerationOptions(inputs: [folder.appendingPathComponent("Schemas").path], outputDirectory: folder.appendingPathComponent("Out").path)
        #expect(GenerationRun().run(options).written.count == 2)

        try TestSupport.write("A {\n  x: Int\n  z: String\n}\n", to: folder.appendingPathComponent("Schemas/A.value"))
        let report = GenerationRun().run(options)
        #expect(report.written == [folder.appendingPathComponent("Out/A.swift").path])
        #expect(report.unchanged == [folder.appendingPathComponent("Out/B.swift").path])
        #expect(try TestSupport.files(in: folder.appendingPathComponent("Out")) == ["A.swift", "B.swift"], "no temporary file is left behind")
    }
}
