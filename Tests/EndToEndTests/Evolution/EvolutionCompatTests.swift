import Foundation
import Testing
import ValuegenCore

/// `valuegen compat` on every row of docs/BinaryFormat.md's Evolution matrix
/// (`EvolutionMatrix.rows`), with the configuration `EvolutionCompileTests` generates them with:
/// what it says of each change, coder by coder, agrees with what the compiled new code does
/// with data the old code saved.
///
/// The rows are new code reading old data, so the findings that count are those about that
/// direction, in the coder's format:
/// - a coder that reads every row of the edit gets no breaking and no value-range finding;
/// - one that misreads or refuses (`.incompatible`, or `.error` in every row of the edit) gets
///   a breaking finding;
/// - one that reads some values and refuses others, as rows of the same edit with other values
///   show (`Int` → `UInt` reads 42 and refuses -5), gets a value-range finding and no breaking
///   one: neither silence nor an alarm, since only the data can tell.
/// An edit is the rows' two versions of the schemas: rows with the same ones are the same edit.
@Suite("valuegen compat on the Evolution matrix")
struct EvolutionCompatTests {
    /// What compat says of one coder reading data written before the change.
    enum Verdict: String {
        case reads
        case dependsOnValues = "depends on values"
        case breaks
    }

    static func verdict(of findings: [CompatibilityFinding], for format: CodingFormat) -> Verdict {
        let concerning = findings.filter { $0.concerns(format, reading: .oldData) }
        if concerning.contains(where: \.kind.isBreaking) { return .breaks }
        return concerning.contains { $0.kind == .valueRange } ? .dependsOnValues : .reads
    }

    /// What the rows of one edit say of a coder, each row with its value.
    static func expected(_ outcomes: [EvolutionOutcome]) -> Verdict {
        let reads = outcomes.contains(.reads)
        let misreads = outcomes.contains(.incompatible)
        let refuses = outcomes.contains { if case .error = $0 { return true } else { return false } }
        if misreads || (refuses && !reads) { return .breaks }
        return refuses ? .dependsOnValues : .reads
    }

    /// The outcomes of every row that makes the same edit as `row`, for `coder`.
    static func outcomes(ofEditIn row: EvolutionRow, _ coder: EvolutionCoder) -> [EvolutionOutcome] {
        let edit = { (row: EvolutionRow) in (row.old + row.new).map { "\($0.name)\n\($0.text)" } }
        return EvolutionMatrix.rows.filter { edit($0) == edit(row) }.map { $0.outcomes[coder] ?? .reads }
    }

    @Test(arguments: EvolutionMatrix.rows.indices)
    func compatAgreesWithEveryCodersOutcome(_ index: Int) throws {
        let row = EvolutionMatrix.rows[index]
        let report = try Self.compare(row, index)
        #expect(report.errors.isEmpty, "\(row.change): \(report.errors)")
        for coder in EvolutionCoder.allCases {
            let format = try #require(CodingFormat(rawValue: coder.rawValue))
            let expected = Self.expected(Self.outcomes(ofEditIn: row, coder))
            let said = Self.verdict(of: report.findings, for: format)
            #expect(said == expected, "\(row.change): \(coder.column) \(row.outcomes[coder]?.cell ?? "reads") (the edit: \(expected.rawValue)), compat says \(said.rawValue):\n\(report.text)")
        }
        // Persistence reads what Binary cannot: its files carry their layout (persistence-safe),
        // or it translates what the values allow (value-range).
        let binary = row.outcomes[.binary] ?? .reads
        if binary != .reads, row.outcomes[.persistenceBinary] == .reads {
            #expect(report.findings.contains { $0.kind == .persistenceSafe || $0.kind == .valueRange && $0.formats.contains(.persistenceBinary) }, "\(row.change): Persistence reads what Binary cannot, compat says\n\(report.text)")
        }
    }

    /// The rule itself: an edit that reads for one value and is refused for another depends on
    /// the values; one that misreads any breaks.
    @Test func anEditThatReadsSomeValuesAndRefusesOthersDependsOnTheValues() {
        #expect(Self.expected([.reads, .error("-5")]) == .dependsOnValues)
        #expect(Self.expected([.reads, .incompatible]) == .breaks)
        #expect(Self.expected([.error("x")]) == .breaks)
        #expect(Self.expected([.reads, .reads]) == .reads)
        let signedness = EvolutionMatrix.rows.filter { $0.change.hasPrefix("change an integer's signedness") && $0.change.contains("(Int to UInt") }
        #expect(signedness.count == 2)
        #expect(signedness.allSatisfy { Self.expected(Self.outcomes(ofEditIn: $0, .json)) == .dependsOnValues })
    }

    /// The row's two versions as folders, compared as `valuegen compat Old/Models New/Models`.
    static func compare(_ row: EvolutionRow, _ index: Int) throws -> CompatibilityReport {
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
