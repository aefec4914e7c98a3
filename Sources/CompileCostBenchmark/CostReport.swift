import Foundation

/// What the benchmark measured for one feature set.
struct FeatureSetCost {
    var features: FeatureSet
    /// The generated code's compilation, by mode.
    var generated: [BuildMode: CompileCost] = [:]
    /// The hand-written baseline's compilation, by mode, when the set has one.
    var synthesized: [BuildMode: CompileCost] = [:]
    /// The generated Swift of one model (a schema file's output), in bytes and lines.
    var generatedBytesPerModel: Int
    var generatedLinesPerModel: Int
}

/// Prints the benchmark's figures: every compilation with its baseline and their ratio, what
/// each feature adds to the bare declarations, and the size of the generated text.
struct CostReport {
    var models: Int
    var modes: [BuildMode]
    var runs: Int
    var costs: [FeatureSetCost]
    var handWrittenBytesPerModel: Int
    /// Instructions (`--instructions`) rather than CPU seconds.
    var countsInstructions = false

    private var unit: String { countsInstructions ? "G" : "s" }

    func print() {
        Swift.print("valuegen-compile-benchmark: \(models) models (a 9-attribute value holding a 2-attribute value, one file each), swiftc -emit-library, best of \(runs)")
        if countsInstructions {
            Swift.print("billions of instructions (G) of the frontend jobs, counted by callgrind; ratio = generated / by hand")
        } else {
            Swift.print("CPU seconds of swiftc and its frontends (wall seconds in parentheses); ratio = generated / by hand")
        }
        for mode in modes {
            Swift.print("\n\(mode.rawValue) (\(mode.flags.joined(separator: " "))):")
            Swift.print("  " + pad("features", 34) + pad("generated", 17) + pad("by hand (synthesized)", 24) + "ratio")
            for cost in costs {
                guard let generated = cost.generated[mode] else { continue }
                var line = "  " + pad(cost.features.name, 34) + pad(seconds(generated), 17)
                if let synthesized = cost.synthesized[mode], let conformances = cost.features.synthesized {
                    let label = conformances == .nothing ? "none" : conformances.rawValue
                    line += pad("\(seconds(synthesized)) \(label)", 24)
                    line += String(format: "%.2fx", generated.figure / synthesized.figure)
                }
                Swift.print(line)
            }
            printFeatureCosts(mode)
        }
        Swift.print("\ngenerated Swift per model (by hand, no conformances: \(handWrittenBytesPerModel) bytes):")
        for cost in costs {
            Swift.print("  " + pad(cost.features.name, 34) + pad("\(cost.generatedBytesPerModel) bytes", 14) + "\(cost.generatedLinesPerModel) lines")
        }
    }

    /// Each feature's CPU seconds over the bare declarations, per 100 models, beside what the
    /// compiler's synthesized conformance costs over the bare hand-written types.
    private func printFeatureCosts(_ mode: BuildMode) {
        guard let bare = costs.first(where: { $0.features.name == "bare" }),
              let bareGenerated = bare.generated[mode] else { return }
        let scale = 100 / Double(models)
        Swift.print("  per 100 models over the bare declarations (\(format(bareGenerated.figure * scale)) \(unit) generated, \(bare.synthesized[mode].map { format($0.figure * scale) } ?? "-") \(unit) by hand):")
        for cost in costs where cost.features.name != "bare" {
            guard let generated = cost.generated[mode] else { continue }
            var line = "    " + pad(cost.features.name, 32) + "+" + pad(format((generated.figure - bareGenerated.figure) * scale) + " \(unit)", 10)
            if let synthesized = cost.synthesized[mode], let bareSynthesized = bare.synthesized[mode], let conformances = cost.features.synthesized {
                line += "synthesized \(conformances.rawValue) +" + format((synthesized.figure - bareSynthesized.figure) * scale) + " \(unit)"
            }
            Swift.print(line)
        }
    }

    private func seconds(_ cost: CompileCost) -> String {
        "\(format(cost.figure)) (\(format(cost.wallSeconds)))"
    }

    private func format(_ value: Double) -> String {
        String(format: "%.2f", value)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
