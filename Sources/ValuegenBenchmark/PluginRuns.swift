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
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compiler.arguments = ["cc", "-std=c99", "-O2", "-shared", "-fPIC", "-I", repositoryRoot.appendingPathComponent("PluginSDK/include").path, "-o", library, source]
        guard (try? compiler.run()) != nil else { return nil }
        compiler.waitUntilExit()
        guard compiler.terminationStatus == 0 else { return nil }

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
            guard report.exitCode == 0, schemaOutputs(report.written) == count else {
                throw BenchmarkFailure(description: "a run with the plugin failed: \((report.usageErrors + report.diagnostics.map(\.description)).prefix(3).joined(separator: "; "))")
            }
        }
        let inProcess = try bestOf(3) { index in try check(run.run(options(index, isolated: false))) }
        let worker = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("valuegen").path
        var isolated: Double?
        if FileManager.default.isExecutableFile(atPath: worker) {
            isolated = try bestOf(3) { index in try check(run.run(options(index, isolated: true, worker: worker))) }
        }
        return PluginRuns(inMemory: inMemory, inProcess: inProcess, isolated: isolated)
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
