import Dispatch
import Foundation
import ValuegenPluginSDK

/// What `valuegen generate` was asked to do.
public struct GenerationOptions: Sendable {
    /// Schema files and folders.
    public var inputs: [String]
    /// Where `<SchemaName>.swift` files go.
    public var outputDirectory: String
    /// A configuration for every schema, instead of the `valuegen.json` found next to them.
    public var configurationPath: String?
    /// Features added to (and removed from) every type, after the configuration's.
    public var includes: [String]
    public var excludes: [String]
    /// Write nothing; report the outputs that are missing or stale.
    public var checkOnly: Bool

    public init(inputs: [String], outputDirectory: String = ".", configurationPath: String? = nil, includes: [String] = [], excludes: [String] = [], checkOnly: Bool = false) {
        self.inputs = inputs
        self.outputDirectory = outputDirectory
        self.configurationPath = configurationPath
        self.includes = includes
        self.excludes = excludes
        self.checkOnly = checkOnly
    }
}

/// What a run did, for the CLI to print and turn into an exit code.
public struct GenerationReport: Sendable {
    /// Problems with the command line or a configuration: nothing was generated.
    public var usageErrors: [String] = []
    /// Diagnostics of the schema files, in file order.
    public var diagnostics: [Diagnostic] = []
    /// Output files written, left alone because their bytes did not change, and (with
    /// `--check`) missing or different from what would be generated.
    public var written: [String] = []
    public var unchanged: [String] = []
    public var stale: [String] = []
    /// Output files that could not be written.
    public var writeErrors: [String] = []

    public var hasSchemaErrors: Bool {
        diagnostics.contains { $0.severity == .error } || !writeErrors.isEmpty
    }

    /// 0 success, 1 schema or generation errors (or stale files with `--check`), 2 usage or configuration errors.
    public var exitCode: Int32 {
        if !usageErrors.isEmpty { return 2 }
        if hasSchemaErrors || !stale.isEmpty { return 1 }
        return 0
    }
}

/// Runs the pipeline over every schema file a command names and writes (or checks) the outputs.
public struct GenerationRun: Sendable {
    public let pipeline: GeneratorPipeline

    public init(pipeline: GeneratorPipeline = GeneratorPipeline()) {
        self.pipeline = pipeline
    }

    public func run(_ options: GenerationOptions) -> GenerationReport {
        var report = GenerationReport()
        let schemas: [SchemaDiscovery.Found]
        do {
            schemas = try SchemaDiscovery.find(options.inputs)
            for name in options.includes + options.excludes {
                if case .unknown = pipeline.registry.lookup(name) {
                    report.usageErrors.append("error: \(pipeline.registry.unknownIncludeMessage(name)) (on the command line)")
                }
            }
            for name in options.excludes {
                if case .feature(let feature) = pipeline.registry.lookup(name), !feature.descriptor.canBeExcluded {
                    report.usageErrors.append("error: --exclude \(name): '\(name)' declares the type itself and cannot be excluded")
                }
            }
        } catch {
            report.usageErrors.append(error.description)
            return report
        }
        guard report.usageErrors.isEmpty else { return report }
        let settings: [GenerationSettings]
        do {
            settings = try self.settings(for: schemas, options: options)
        } catch {
            report.usageErrors.append(error.description)
            return report
        }
        if !options.checkOnly {
            do {
                try FileSystem.createDirectory(options.outputDirectory)
            } catch {
                report.usageErrors.append(error.description)
                return report
            }
        }

        let conflicts = outputConflicts(schemas)
        for (path, other) in conflicts.sorted(by: { $0.key < $1.key }) {
            report.diagnostics.append(Diagnostic(.error, "generates the same output file as \(other); rename one of the two schema files", path: path))
        }

        let outcomes = ConcurrentMap.map(Array(schemas.indices)) { index -> FileOutcome in
            let schema = schemas[index]
            guard conflicts[schema.path] == nil else { return FileOutcome() }
            return process(schema.path, settings: settings[index], options: options)
        }
        for outcome in outcomes {
            report.diagnostics += outcome.diagnostics
            switch outcome.result {
            case .written(let path): report.written.append(path)
            case .unchanged(let path): report.unchanged.append(path)
            case .stale(let path): report.stale.append(path)
            case .failed(let message): report.writeErrors.append(message)
            case nil: break
            }
        }
        return report
    }

    private struct FileOutcome: Sendable {
        enum Result: Sendable {
            case written(String), unchanged(String), stale(String), failed(String)
        }
        var diagnostics: [Diagnostic] = []
        var result: Result?
    }

    private func process(_ path: String, settings: GenerationSettings, options: GenerationOptions) -> FileOutcome {
        var outcome = FileOutcome()
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            outcome.result = .failed(error.description)
            return outcome
        }
        let generated = pipeline.generate(SchemaSource(path: path, bytes: bytes), settings: settings)
        outcome.diagnostics = generated.diagnostics
        guard let contents = generated.contents else { return outcome }
        let output = (options.outputDirectory as NSString).appendingPathComponent(generated.source.outputFileName)
        let newBytes = Array(contents.utf8)
        do {
            if options.checkOnly {
                let existing = try FileSystem.readIfPresent(output)
                outcome.result = existing == newBytes ? .unchanged(output) : .stale(output)
            } else {
                switch try FileSystem.writeIfChanged(newBytes, to: output) {
                case .written: outcome.result = .written(output)
                case .unchanged: outcome.result = .unchanged(output)
                }
            }
        } catch {
            outcome.result = .failed(error.description)
        }
        return outcome
    }

    /// Schema files whose outputs would have the same name, each mapped to one other such file.
    private func outputConflicts(_ schemas: [SchemaDiscovery.Found]) -> [String: String] {
        var byOutput: [String: [String]] = [:]
        for schema in schemas {
            byOutput[SchemaSource(path: schema.path, bytes: []).outputFileName, default: []].append(schema.path)
        }
        var conflicts: [String: String] = [:]
        for paths in byOutput.values where paths.count > 1 {
            for (index, path) in paths.enumerated() {
                conflicts[path] = paths[index == 0 ? 1 : 0]
            }
        }
        return conflicts
    }

    /// The settings of each schema: the `--config` file or the nearest `valuegen.json` between
    /// the schema's folder and its search root, then the command line's includes and excludes.
    private func settings(for schemas: [SchemaDiscovery.Found], options: GenerationOptions) throws(Configuration.Failure) -> [GenerationSettings] {
        var cache: [String: Configuration] = [:]
        var nearest: [String: String?] = [:]
        let explicit = try options.configurationPath.map { path throws(Configuration.Failure) in
            try Configuration.load(from: path, registry: pipeline.registry)
        }
        var result: [GenerationSettings] = []
        for schema in schemas {
            let configuration: Configuration
            if let explicit {
                configuration = explicit
            } else if let path = nearestConfiguration(for: schema, memo: &nearest) {
                if let cached = cache[path] {
                    configuration = cached
                } else {
                    configuration = try Configuration.load(from: path, registry: pipeline.registry)
                    cache[path] = configuration
                }
            } else {
                configuration = Configuration()
            }
            // The command line's includes win over the configuration's excludes, whichever
            // name (canonical or alias) each uses.
            let includedOnCommandLine = Set(options.includes.map(canonicalName))
            result.append(GenerationSettings(
                accessLevel: configuration.accessLevel ?? .public,
                defaultIncludes: configuration.defaultIncludes + options.includes,
                defaultExcludes: configuration.defaultExcludes.filter { !includedOnCommandLine.contains(canonicalName($0)) } + options.excludes
            ))
        }
        return result
    }

    private func canonicalName(_ name: String) -> String {
        if case .feature(let feature) = pipeline.registry.lookup(name) {
            return feature.descriptor.name
        }
        return name
    }

    /// The nearest `valuegen.json` from the schema's folder up to its search root, memoized
    /// per folder: a thousand schemas in one folder cost one look-up.
    private func nearestConfiguration(for schema: SchemaDiscovery.Found, memo: inout [String: String?]) -> String? {
        let root = schema.root.hasSuffix("/") && schema.root.count > 1 ? String(schema.root.dropLast()) : schema.root
        var folder = (schema.path as NSString).deletingLastPathComponent
        var visited: [String] = []
        var found: String?
        while true {
            if let known = memo[folder] {
                found = known
                break
            }
            visited.append(folder)
            let candidate = (folder as NSString).appendingPathComponent(Configuration.fileName)
            if FileManager.default.fileExists(atPath: candidate) {
                found = candidate
                break
            }
            if folder.isEmpty || folder == root || folder == "/" || !folder.hasPrefix(root) {
                break
            }
            folder = (folder as NSString).deletingLastPathComponent
        }
        for folder in visited {
            memo[folder] = found
        }
        return found
    }
}

/// `map` over both cores: results in input order, so output stays deterministic.
enum ConcurrentMap {
    static func map<T: Sendable>(_ items: [Int], _ transform: @Sendable (Int) -> T) -> [T] {
        let results = ResultSlots<T>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            results.set(index, transform(items[index]))
        }
        return results.values
    }
}

/// One slot per index; each is written by exactly one iteration of `concurrentPerform`.
private final class ResultSlots<T>: @unchecked Sendable {
    private var slots: [T?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: T) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [T] {
        slots.map { $0! }
    }
}
