import Foundation
import ValuegenCore

/// Generated code must grow in proportion to a type's attributes, not with their square
/// (issue 37: `With` wrote 300 MB of Swift for 4,000 attributes). One type of 100, 1,000 and
/// 10,000 attributes per kind, with every built-in feature the kind takes, generated in memory
/// on one core: the bytes and the time per attribute should stay about the same from one size
/// to the next.
struct WideTypeRuns {
    struct Row {
        var kind: String
        var attributes: Int
        var bytes: Int
        var seconds: Double
    }

    static let sizes = [100, 1_000, 10_000]

    /// Each kind's file extension and every built-in feature it takes on top of its defaults
    /// (a value's Equality, Description and Sendable; an object's Description and Observation;
    /// an ADT's Equality, Description and Sendable). The schema is `WideSchema`'s.
    static let kinds: [(name: String, fileExtension: String, includes: [String])] = [
        ("value", "value", ["Builder", "With", "Coding", "JSON", "Binary", "Dictionary", "Diffing", "Persistence", "Validation"]),
        ("object", "object", ["Builder", "With", "Coding", "JSON", "Binary", "Dictionary", "Diffing", "Persistence", "Undo", "Validation"]),
        ("ADT", "adtValue", ["Coding", "JSON", "Binary", "Dictionary", "Diffing", "Persistence", "Matching", "Validation"]),
    ]

    /// The process's CPU seconds: on the shared 2-core machine other jobs stretch the clock by
    /// whole factors (15 s of wall time for 1 s of CPU in one run), not the work done.
    static func cpuSeconds(_ body: () -> Void) -> Double {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start)
        body()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &end)
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    }

    /// Generates each kind at each size, the lowest CPU time of `runs` (one run at 10,000
    /// attributes, which alone takes about a second), and fails when a schema does not generate.
    static func measure(runs: Int) throws -> [Row] {
        let pipeline = GeneratorPipeline()
        var rows: [Row] = []
        for kind in kinds {
            for size in sizes {
                let source = SchemaSource(path: "/benchmark/Wide.\(kind.fileExtension)", text: WideSchema.text(attributes: size, isADT: kind.fileExtension == "adtValue", includes: kind.includes))
                var bytes = 0
                var failure: String?
                let seconds = (0..<(size >= 10_000 ? 1 : runs)).map { _ in
                    cpuSeconds {
                        let file = pipeline.generate(module: [source], settings: GenerationSettings())[0]
                        bytes = file.contents?.utf8.count ?? 0
                        if file.hasErrors || file.contents == nil {
                            failure = file.diagnostics.map { "\($0)" }.joined(separator: "\n")
                        }
                    }
                }.min()!
                if let failure {
                    throw BenchmarkFailure(description: "the \(kind.name) of \(size) attributes did not generate:\n\(failure)")
                }
                rows.append(Row(kind: kind.name, attributes: size, bytes: bytes, seconds: seconds))
            }
        }
        return rows
    }

    static func print(_ rows: [Row], runs: Int) {
        Swift.print("  one wide type per kind, every feature the kind takes, pipeline in memory, CPU time, best of \(runs) (1 run at 10,000):")
        for row in rows {
            let bytesPerAttribute = Double(row.bytes) / Double(row.attributes)
            let microsecondsPerAttribute = row.seconds * 1e6 / Double(row.attributes)
            Swift.print("    \(pad(row.kind, 6)) \(pad(grouped(row.attributes), 6, left: true)) attributes  \(pad(grouped(row.bytes), 12, left: true)) bytes  \(pad(String(format: "%.0f", bytesPerAttribute), 6, left: true)) bytes/attribute  \(pad(String(format: "%.3f", row.seconds), 7, left: true)) CPU s  \(pad(String(format: "%.1f", microsecondsPerAttribute), 6, left: true)) µs/attribute")
        }
        // The goal in one figure per kind: how much more each attribute costs at the largest size.
        for kind in kinds.map(\.name) {
            let kindRows = rows.filter { $0.kind == kind }
            guard let small = kindRows.first, let large = kindRows.last else { continue }
            let bytesGrowth = (Double(large.bytes) / Double(large.attributes)) / (Double(small.bytes) / Double(small.attributes))
            let timeGrowth = (large.seconds / Double(large.attributes)) / (small.seconds / Double(small.attributes))
            Swift.print("    \(pad(kind, 6)) per attribute at \(grouped(large.attributes)) against \(grouped(small.attributes)): bytes \(String(format: "%.2f", bytesGrowth))x, time \(String(format: "%.2f", timeGrowth))x (linear: about 1x)")
        }
    }

    private static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }

    private static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? padding + text : text + padding
    }
}
