// valuegen-compile-benchmark: what the generated code costs the compiler, against the same
// types written by hand with the conformances Swift synthesizes, measured in one run.
//
//     swift run -c release valuegen-compile-benchmark [N] [--modes debug,release] [--runs R] [--sets bare,Equality,…] [--instructions]
//
// N models (100 by default) per feature set, each compiled with swiftc as a library in debug
// and release; ratios and each feature's cost are printed with the generated text's size.
// With --instructions, the compiler's instructions are counted instead of its time.
import Foundation
import ValuegenCore

let options = try BenchmarkOptions.parse(Array(CommandLine.arguments.dropFirst()))
let scratchParent = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : FileManager.default.temporaryDirectory.path
let scratch = URL(fileURLWithPath: "\(scratchParent)/valuegen-compile-benchmark-\(getpid())")
defer { try? FileManager.default.removeItem(at: scratch) }

/// Writes the N generated files of a feature set into a folder and returns the size of one.
func writeGenerated(_ features: FeatureSet, into folder: URL) throws -> (bytes: Int, lines: Int) {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let sources = (0..<options.models).map { copy in
        SchemaSource(path: "\(folder.path)/Profile\(copy).value", text: BenchmarkModel.schema(copy: copy, features: features))
    }
    var files = GeneratorPipeline().generate(module: sources, settings: GenerationSettings())
    // What features declare once for the module (the builders' error type) is compiled with it.
    if let support = GeneratorPipeline.moduleSupportFile(for: &files) {
        try Data(support.utf8).write(to: folder.appendingPathComponent("ValuegenModuleSupport.swift"))
    }
    for file in files {
        guard let contents = file.contents, !file.hasErrors else {
            throw CompilationFailure(description: "generating '\(features.name)' failed:\n" + file.diagnostics.map { "\($0)" }.joined(separator: "\n"))
        }
        try Data(contents.utf8).write(to: folder.appendingPathComponent(file.source.outputFileName))
    }
    let first = files[0].contents ?? ""
    return (first.utf8.count, first.split(separator: "\n", omittingEmptySubsequences: false).count - 1)
}

func writeHandWritten(_ conformances: SynthesizedConformances, into folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for copy in 0..<options.models {
        try Data(BenchmarkModel.handWritten(copy: copy, conformances: conformances).utf8)
            .write(to: folder.appendingPathComponent("Profile\(copy).swift"))
    }
}

/// The lowest CPU time (or instruction count) of the runs, with its wall time.
func best(_ costs: [CompileCost]) -> CompileCost {
    costs.min { $0.figure < $1.figure }!
}

let swiftc = try BenchmarkOptions.swiftcPath()
var costs: [FeatureSetCost] = []
for (index, features) in options.featureSets.enumerated() {
    let generatedFolder = scratch.appendingPathComponent("generated-\(index)")
    let size = try writeGenerated(features, into: generatedFolder)
    var cost = FeatureSetCost(features: features, generatedBytesPerModel: size.bytes, generatedLinesPerModel: size.lines)
    let handFolder = scratch.appendingPathComponent("by-hand-\(index)")
    if let conformances = features.synthesized {
        try writeHandWritten(conformances, into: handFolder)
    }
    for mode in options.modes {
        let generated = SwiftCompilation(swiftc: swiftc, folder: generatedFolder, moduleName: "Generated", mode: mode)
        let byHand = SwiftCompilation(swiftc: swiftc, folder: handFolder, moduleName: "ByHand", mode: mode)
        var generatedRuns: [CompileCost] = []
        var handRuns: [CompileCost] = []
        // Taking turns, so that a slow spell of the shared machine does not fall on one side.
        for run in 0..<options.runs {
            let order = run % 2 == 0 ? [true, false] : [false, true]
            for isGenerated in order {
                if isGenerated {
                    generatedRuns.append(try generated.run(countingInstructions: options.countsInstructions))
                } else if features.synthesized != nil {
                    handRuns.append(try byHand.run(countingInstructions: options.countsInstructions))
                }
            }
        }
        cost.generated[mode] = best(generatedRuns)
        if !handRuns.isEmpty { cost.synthesized[mode] = best(handRuns) }
        FileHandle.standardError.write(Data("  measured \(features.name), \(mode.rawValue)\n".utf8))
    }
    costs.append(cost)
}

CostReport(
    models: options.models,
    modes: options.modes,
    runs: options.runs,
    costs: costs,
    handWrittenBytesPerModel: BenchmarkModel.handWritten(copy: 0, conformances: .nothing).utf8.count,
    countsInstructions: options.countsInstructions
).print()
