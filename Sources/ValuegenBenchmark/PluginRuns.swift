import Foundation
import ValuegenCore
import ValuegenPluginHost

/// The plugin part of the benchmark: the example C plugin (Fixtures/Plugins/AttributeNames),
/// built here with cc, included on every type, loaded in-process and isolated in workers.
struct PluginRuns {
    /// The pipeline alone, in memory, one core, with the plugin included on every type.
    var inMemory: Double
    var inProcess: Double
    /// Nil when no `valuegen` executable is beside the benchmark's.
    var isolated: Double?

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Nil when there is no C compiler to build the plugin with.
    static func measure(schemas: String, sources: [SchemaSource], scratch: String, count: Int, bestOf: (Int, (Int) throws -> Void) throws -> Double) throws -> PluginRuns? {
        let library = "\(scratch)/libAttributeNames.\(libraryExtension)"
        let source = repositoryRoot.appendingPathComponent("Fixtures/Plugins/AttributeNames/attribute_names.c").path
        guard compile("cc", ["-std=c99", "-O2", "-shared", "-fPIC", "-I", repositoryRoot.appendingPathComponent("PluginSDK/include").path, "-o", library, source]) else { return nil }

        let pipeline = GeneratorPipeline(registry: try FeatureRegistry.builtIn.adding([PluginFeature(library: try PluginLibrary.load(library))]))
        let settings = GenerationSettings(defaultIncludes: ["AttributeNames"])
        let inMemory = try bestOf(3) { _ in
            for source in sources where pipeline.generate(source, settings: settings).contents == nil {
                throw BenchmarkFailure(description: "the plugin failed on \(source.path)")
            }
        }

        let run = GenerationRun()
        func options(_ index: Int, isolated: Bool, worker: String? = nil) -> GenerationOptions {
            GenerationOptions(inputs: [schemas], outputDirectory: "\(scratch)/Plugin\(isolated ? "Isolated" : "")\(index)", includes: ["AttributeNames"], plugins: [library], isolatePlugins: isolated, workerExecutable: worker)
        }
        func check(_ report: GenerationReport) throws {
            try checkRun(report, writes: count, what: "the plugin")
        }
        let inProcess = try bestOf(3) { index in try check(run.run(options(index, isolated: false))) }
        let worker = workerExecutable
        var isolated: Double?
        if FileManager.default.isExecutableFile(atPath: worker) {
            isolated = try bestOf(3) { index in try check(run.run(options(index, isolated: true, worker: worker))) }
        }
        return PluginRuns(inMemory: inMemory, inProcess: inProcess, isolated: isolated)
    }

    /// The `valuegen` beside the benchmark's executable, which isolated runs start as workers.
    static var workerExecutable: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("valuegen").path
    }

    /// Throws unless the run succeeded and wrote one file per schema.
    static func checkRun(_ report: GenerationReport, writes count: Int, what: String) throws {
        guard report.exitCode == 0, schemaOutputs(report.written) == count else {
            throw BenchmarkFailure(description: "a run with \(what) failed: \((report.usageErrors + report.diagnostics.map(\.description)).prefix(3).joined(separator: "; "))")
        }
    }

    /// Runs a compiler (`cc`, `swiftc`) found on the PATH; false when it is missing or fails.
    static func compile(_ tool: String, _ arguments: [String]) -> Bool {
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compiler.arguments = [tool] + arguments
        guard (try? compiler.run()) != nil else { return false }
        compiler.waitUntilExit()
        return compiler.terminationStatus == 0
    }

    static let libraryExtension: String = {
        #if canImport(Darwin)
        return "dylib"
        #else
        return "so"
        #endif
    }()
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
}
