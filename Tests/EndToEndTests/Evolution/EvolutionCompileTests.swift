import Foundation
import Testing

/// Schema evolution end to end (issue 26): data saved by the old generated code of each row of
/// `EvolutionMatrix` read by the new generated code through every coder, each with its
/// documented outcome; and 10,000 saved files of a realistic model read after inserted,
/// reordered, removed and retyped attributes, every value right or a clear error.
@Suite struct EvolutionCompileTests {
    static let sampleCount = 10_000

    @Test func evolutionMatrixAndSavedFilesReadAsDocumented() throws {
        let rows = EvolutionMatrix.rows
        let lines = try EvolutionPrograms.saveAndLoad(rows, sampleCount: Self.sampleCount)

        var table = "| change | " + EvolutionCoder.allCases.map(\.column).joined(separator: " | ") + " |\n"
        table += "|---|" + String(repeating: "---|", count: EvolutionCoder.allCases.count) + "\n"
        for (index, row) in rows.enumerated() {
            let prefix = EvolutionPrograms.prefix(of: index)
            var cells: [String] = []
            for coder in EvolutionCoder.allCases {
                let result = try #require(lines.first { $0.hasPrefix("\(prefix) \(coder.rawValue) ") }, "no result for \(prefix) \(coder.rawValue)")
                let got = String(result.dropFirst("\(prefix) \(coder.rawValue) ".count))
                let outcome = row.outcomes[coder]!
                #expect(Self.matches(got, outcome, row: index), "\(prefix) \(row.change), \(coder.column): expected \(outcome.cell), got \(got)")
                cells.append(outcome.cell)
            }
            table += "| \(row.change) | " + cells.joined(separator: " | ") + " |\n"
        }
        print(table)

        // Every saved file reads right or fails naming the retyped attribute; none misreads.
        let samples = lines.filter { $0.hasPrefix("samples ") }
        #expect(samples.count == 3, "\(lines.joined(separator: "\n"))")
        for line in samples {
            print(line)
            let words = line.split(separator: " ")
            let right = Int(words[3])!, errors = Int(words[5])!, wrong = Int(words[7])!
            #expect(wrong == 0, "\(line)")
            #expect(right + errors == Self.sampleCount, "\(line)")
            // About a quarter of the samples have an age, which changed type.
            #expect(errors > Self.sampleCount / 5 && right > Self.sampleCount / 2, "\(line)")
        }
        #expect(lines.first { $0.hasPrefix("samples binary") }?.contains("SContact.age was saved as Int?, but this version declares it String?") == true, "\(samples)")
    }

    static func matches(_ got: String, _ outcome: EvolutionOutcome, row index: Int) -> Bool {
        switch outcome {
        case .reads: return got == "reads"
        case .error(let text): return got.hasPrefix("error ") && got.contains(EvolutionPrograms.named(text, row: index))
        case .incompatible: return got != "reads"
        }
    }
}
