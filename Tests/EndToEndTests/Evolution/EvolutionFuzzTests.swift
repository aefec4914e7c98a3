import Foundation
import Testing
import ValuegenCore

/// Issue 37's differential evolution fuzzer: random models, values and edits
/// (`EvolutionFuzzer`), each saved by the old generated code in every format and loaded by the
/// new: every Persistence format reads the value the edit implies, or, where the edit allows it
/// (an integer the new type cannot hold), fails with an error; never a different value.
///
/// CI runs `rowCount` rows of one seed (two compilations, as the matrix). Run it at length when
/// changing a coder: `VALUEGEN_EVOLUTION_FUZZ_ROWS=400 VALUEGEN_EVOLUTION_FUZZ_SEED=7 swift test
/// --filter EvolutionFuzzTests`.
@Suite struct EvolutionFuzzTests {
    static let rowCount = ProcessInfo.processInfo.environment["VALUEGEN_EVOLUTION_FUZZ_ROWS"].flatMap(Int.init) ?? 60
    static let seed = ProcessInfo.processInfo.environment["VALUEGEN_EVOLUTION_FUZZ_SEED"].flatMap(UInt64.init) ?? 37

    @Test func everyFormatReadsWhatTheEditImpliesOrFailsNeverMisreads() throws {
        var fuzzer = EvolutionFuzzer(seed: Self.seed)
        let generated = (0..<Self.rowCount).map { fuzzer.row($0) }
        let rows = generated.map(\.row)
        let lines = try EvolutionPrograms.saveAndLoad(rows, sampleCount: 0)

        var executions = 0
        var readRight = 0
        var failedAsAllowed = 0
        for (index, (row, allowance, _)) in generated.enumerated() {
            let prefix = EvolutionPrograms.prefix(of: index)
            for coder in EvolutionCoder.allCases where row.outcomes[coder] == .reads {
                let result = try #require(lines.first { $0.hasPrefix("\(prefix) \(coder.rawValue) ") }, "no result for \(prefix) \(coder.rawValue)")
                let got = String(result.dropFirst("\(prefix) \(coder.rawValue) ".count))
                executions += 1
                if got == "reads" {
                    readRight += 1
                } else if allowance == .readsOrFails, got.hasPrefix("error ") {
                    failedAsAllowed += 1
                } else {
                    Issue.record("\(row.change), \(coder.column): \(got)\n  old: \(EvolutionPrograms.named(row.old[0].text, row: index))\n  new: \(EvolutionPrograms.named(row.new[0].text, row: index))\n  value: \(EvolutionPrograms.named(row.value, row: index))")
                }
            }
        }
        print("evolution fuzz: seed \(Self.seed), \(rows.count) rows, \(executions) loads: \(readRight) read right, \(failedAsAllowed) failed as their edit allows, \(executions - readRight - failedAsAllowed) wrong")

        // `valuegen compat` on each row agrees, format by format: an edit that always reads gets
        // no finding about reading old data, one that reads the values that fit gets a
        // value-range finding (and no breaking one).
        var verdicts = 0
        for (index, (row, allowance, _)) in generated.enumerated() {
            let report = try EvolutionCompatTests.compare(row, index)
            #expect(report.errors.isEmpty, "\(row.change): \(report.errors)")
            let expected: EvolutionCompatTests.Verdict = allowance == .readsOrFails ? .dependsOnValues : .reads
            for coder in EvolutionCoder.allCases where row.outcomes[coder] == .reads {
                let format = try #require(CodingFormat(rawValue: coder.rawValue))
                let said = EvolutionCompatTests.verdict(of: report.findings, for: format)
                verdicts += 1
                #expect(said == expected, "\(row.change), \(coder.column): the edit \(expected.rawValue), compat says \(said.rawValue)\n  old: \(EvolutionPrograms.named(row.old[0].text, row: index))\n  new: \(EvolutionPrograms.named(row.new[0].text, row: index))\n\(report.text)")
            }
        }
        print("evolution fuzz: compat's verdict checked for \(verdicts) formats of \(rows.count) rows")
    }
}
