// valuegen-benchmark: generation speed against copying the same files, measured in one run.
//
//     swift run -c release valuegen-benchmark [N]      (N schema files, 1000 by default)
//     swift run -c release valuegen-benchmark wide     (only the types of 100 to 10,000 attributes)
import Foundation
import ValuegenCore

if CommandLine.arguments.dropFirst().first == "wide" {
    WideTypeRuns.print(try WideTypeRuns.measure(runs: 3), runs: 3)
    exit(0)
}

let count = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 1000
// tmpfs when there is one: the measurement is of the generator, not of the disk's inode allocator.
let scratchParent = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : FileManager.default.temporaryDirectory.path
let scratch = "\(scratchParent)/valuegen-benchmark-\(getpid())"
let schemas = scratch + "/Schemas"
defer { try? FileManager.default.removeItem(atPath: scratch) }

try FileManager.default.createDirectory(atPath: schemas, withIntermediateDirectories: true)
for index in 0..<count {
    let name = String(format: "Profile%04d", index)
    try BenchmarkSchema.text(typeName: name).write(toFile: "\(schemas)/\(name).value", atomically: false, encoding: .utf8)
}

/// How many of the output files are the schemas' own: Builder's error type goes into the
/// module support file, written beside them.
func schemaOutputs(_ paths: [String]) -> Int {
    paths.filter { !$0.hasSuffix("/ValuegenModuleSupport.swift") }.count
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func bestOf(_ runs: Int, _ body: (Int) throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for run in 0..<runs {
        best = min(best, try seconds { try body(run) })
    }
    return best
}

let files = try FileManager.default.contentsOfDirectory(atPath: schemas).sorted()
let copyTime = try bestOf(3) { run in
    let target = "\(scratch)/Copy\(run)"
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
    for file in files {
        try FileManager.default.copyItem(atPath: "\(schemas)/\(file)", toPath: "\(target)/\(file)")
    }
}

let sources = try files.map { SchemaSource(path: "\(schemas)/\($0)", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: "\(schemas)/\($0)")))) }
let pipeline = GeneratorPipeline()
var generatedBytes = 0
let inMemoryTime = bestOf(3) { _ in
    generatedBytes = sources.reduce(0) { $0 + (pipeline.generate($1, settings: GenerationSettings()).contents?.utf8.count ?? 0) }
}

// The same files as one module: what the module stage adds when it sees every file together.
let moduleTime = bestOf(3) { _ in
    _ = pipeline.generate(module: sources, settings: GenerationSettings())
}

let run = GenerationRun()
var failures = 0
let generateTime = bestOf(3) { index in
    let report = run.run(GenerationOptions(inputs: [schemas], outputDirectory: "\(scratch)/Generated\(index)"))
    failures += report.exitCode == 0 && schemaOutputs(report.written) == count ? 0 : 1
}
let noOpTime = bestOf(3) { _ in
    let report = run.run(GenerationOptions(inputs: [schemas], outputDirectory: "\(scratch)/Generated0"))
    failures += report.exitCode == 0 && schemaOutputs(report.unchanged) == count ? 0 : 1
}
guard failures == 0 else {
    print("error: a generation run failed or wrote an unexpected number of files")
    exit(1)
}

let pluginRuns = try PluginRuns.measure(schemas: schemas, sources: sources, scratch: scratch, count: count, bestOf: bestOf)

func format(_ value: Double, _ digits: Int = 3) -> String {
    String(format: "%.\(digits)f", value)
}

print("valuegen-benchmark: \(count) schema files (\(BenchmarkSchema.attributeCount) attributes, Builder + With + Coding + defaults) in \(scratchParent), best of 3")
print("  copy with FileManager      \(format(copyTime)) s   \(format(Double(count) / copyTime, 0)) files/s")
print("  pipeline in memory, 1 core \(format(inMemoryTime)) s   \(format(Double(count) / inMemoryTime, 0)) files/s   \(format(Double(generatedBytes) / inMemoryTime / 1e6, 1)) MB/s of Swift")
print("  pipeline in memory as one module, 1 core \(format(moduleTime)) s   ratio to file by file \(format(moduleTime / inMemoryTime, 2))x")
print("  generate (all written)     \(format(generateTime)) s   \(format(Double(count) / generateTime, 0)) files/s   ratio to copy \(format(generateTime / copyTime, 2))x")
print("  generate (no-op, unchanged) \(format(noOpTime)) s   \(format(Double(count) / noOpTime, 0)) files/s   ratio to copy \(format(noOpTime / copyTime, 2))x")
print("  goal: \(count) files well under 0.2 s -> \(generateTime < 0.2 * Double(count) / 1000 ? "met" : "NOT met")")
if let pluginRuns {
    print("  pipeline in memory with a C plugin on every type \(format(pluginRuns.inMemory)) s   ratio to without \(format(pluginRuns.inMemory / inMemoryTime, 2))x (goal: under 1.3x)")
    print("  with a C plugin on every type, in-process \(format(pluginRuns.inProcess)) s   ratio to without \(format(pluginRuns.inProcess / generateTime, 2))x")
    if let isolated = pluginRuns.isolated {
        print("  with the plugin isolated in workers       \(format(isolated)) s   ratio to without \(format(isolated / generateTime, 2))x")
    } else {
        print("  with the plugin isolated: skipped, no valuegen executable beside this one (swift build -c release first)")
    }
} else {
    print("  with a plugin: skipped, no C compiler (cc) to build Fixtures/Plugins/AttributeNames")
}


// A plugin that reads the module (ABI 1.3: once per run, against every request).
let moduleRuns = try ModuleReaderRuns.measure(schemas: schemas, scratch: scratch, count: count)
for (language, runs) in [("Swift SDK", moduleRuns.swift), ("C (valuegen.query)", moduleRuns.c)] {
    guard let runs else {
        print("  a \(language) plugin reading the module: skipped, its compiler could not build it")
        continue
    }
    print("  a \(language) plugin on every type that reads the module (\(count) types), ratio to without a plugin:")
    for (name, times) in [("module once per run (ABI 1.3)", runs.once), ("module in every request     ", runs.everyRequest), ("not reading the module      ", runs.noModule)] {
        let isolated = times.isolated.map { "   isolated \(format($0)) s (\(format($0 / generateTime, 2))x)" } ?? ""
        print("    \(name) in-process \(format(times.inProcess)) s (\(format(times.inProcess / generateTime, 2))x)\(isolated)")
    }
}

// Types of 100 to 10,000 attributes: what the generated code and the time grow with (issue 37).
WideTypeRuns.print(try WideTypeRuns.measure(runs: 3), runs: 3)
