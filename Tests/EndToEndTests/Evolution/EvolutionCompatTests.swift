import Foundation
import Testing
import ValuegenCore

/// `valuegen compat` on every row of docs/BinaryFormat.md's Evolution matrix
/// (`EvolutionMatrix.rows`), with the configuration `EvolutionCompileTests` generates them with:
/// what it says of each change agrees with what the compiled old and new code do with saved
/// data. A coder that misreads or refuses the old data needs a breaking finding of its wire; one
/// that reads it must not get one; plain Binary broken while Persistence's binary files read is
/// persistence-safe.
@Suite("valuegen compat on the Evolution matrix")
struct EvolutionCompatTests {
    @Test(arguments: EvolutionMatrix.rows.indices)
    func compatClassifiesTheRowAsItsOutcomesSay(_ index: Int) throws {
        let row = EvolutionMatrix.rows[index]
        let report = try compare(row, index)
        #expect(report.errors.isEmpty, "\(row.change): \(report.errors)")
        let kinds = Set(report.findings.map(\.kind))
        let binary = row.outcomes[.binary] ?? .reads
        let json = row.outcomes[.json] ?? .reads
        let persistence = row.outcomes[.persistenceBinary] ?? .reads
        #expect(kinds.contains(.binaryWire) == (binary != .reads), "\(row.change): Binary \(binary.cell), compat says\n\(report.text)")
        #expect(kinds.contains(.jsonWire) == (json != .reads), "\(row.change): JSON \(json.cell), compat says\n\(report.text)")
        if binary != .reads, persistence == .reads {
            #expect(kinds.contains(.persistenceSafe), "\(row.change): Persistence reads what Binary cannot, compat says\n\(report.text)")
        }
    }

    /// The row's two versions as folders, compared as `valuegen compat Old/Models New/Models`.
    private func compare(_ row: EvolutionRow, _ index: Int) throws -> CompatibilityReport {
        let folder = try TestSupport.makeScratchFolder("evolution-compat-\(index)")
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ files: [EvolutionSchemaFile], _ version: String) throws -> String {
            let models = folder.appendingPathComponent(version).appendingPathComponent("Models")
            try TestSupport.write(EvolutionPrograms.configuration, to: models.appendingPathComponent("valuegen.json"))
            for file in files {
                let name = EvolutionPrograms.prefix(of: index) + file.name
                try TestSupport.write(EvolutionPrograms.named(file.text, row: index), to: models.appendingPathComponent(name))
            }
            return models.path
        }
        var options = CompatibilityOptions()
        options.oldInputs = [try write(row.old, "Old")]
        options.newInputs = [try write(row.new, "New")]
        return CompatibilityCheck.run(options)
    }
}
