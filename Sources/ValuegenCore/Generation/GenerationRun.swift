import Foundation
import ValuegenPluginSDK

/// Runs the pipeline over every schema file a command names and writes (or checks) the
/// outputs: one Swift file per schema, any extra files features emitted, and the module
/// support file (`ModuleSupportFile`).
public struct GenerationRun: Sendable {
    /// The built-in features; plugins named by configurations or options are added per schema.
    public let registry: FeatureRegistry

    public init(registry: FeatureRegistry = .builtIn) {
        self.registry = registry
    }

    public func run(_ options: GenerationOptions) -> GenerationReport {
        var report = GenerationReport()
        let loaded: LoadedModule
        switch load(options) {
        case .success(let module): loaded = module
        case .failure(let failure):
            report.usageErrors = failure.messages
            return report
        }
        report.diagnostics += loaded.plan.warnings
        if !options.checkOnly {
            do {
                try FileSystem.createDirectory(options.outputDirectory)
            } catch {
                report.usageErrors.append(error.description)
                return report
            }
        }
        report.diagnostics += loaded.conflictDiagnostics
        let plan = loaded.plan
        let kept = loaded.kept
        let module = loaded.module
        let generated = ConcurrentMap.map(Array(kept.indices)) { position -> GeneratedFile in
            plan.entries[kept[position]].pipeline.generate(module.schemas[position])
        }
        var withModuleFiles = generated
        ModulePass.run(
            into: &withModuleFiles,
            requests: kept.indices.map { module.schemas[$0].request },
            registries: kept.map { plan.entries[$0].pipeline.registry },
            declared: plan.declaredModuleFiles,
            allowsExtraFiles: options.allowsExtraFiles,
            leftOut: !loaded.conflictDiagnostics.isEmpty
        )
        ModuleFiles.collect(into: &withModuleFiles)
        var checked = checkExtraFiles(withModuleFiles, options: options)
        let support = ModuleSupportFile.collect(from: &checked)
        let files = checked
        var outcomes = ConcurrentMap.map(Array(files.indices)) { index in
            write(files[index], options: options)
        }
        outcomes.append(write(support, options: options))
        let generatedNames = Set(plan.entries.map { SchemaSource(path: $0.schema.path, bytes: []).outputFileName } + files.flatMap { $0.extraFiles.map(\.path) })
        if !options.keepsOrphanedOutputs {
            removeOrphans(OrphanedOutputs.find(in: options.outputDirectory, generated: generatedNames, inputs: options.inputs), options: options, into: &report)
        }
        for outcome in outcomes {
            report.diagnostics += outcome.diagnostics
            for result in outcome.results {
                switch result {
                case .written(let path): report.written.append(path)
                case .unchanged(let path): report.unchanged.append(path)
                case .stale(let path): report.stale.append(path)
                case .failed(let message): report.writeErrors.append(message)
                }
            }
        }
        return report
    }

    /// A run's schemas read, resolved one by one and then as one module, before any feature
    /// runs: what `run` generates from, and what `valuegen compat` compares.
    struct LoadedModule {
        var plan: GenerationPlan
        /// Schema files whose outputs would collide, reported and left out.
        var conflictDiagnostics: [Diagnostic]
        /// The indices in `plan.entries` of the schemas in `module`, in the same order.
        var kept: [Int]
        var module: ResolvedModule
    }

    struct LoadFailure: Error {
        var messages: [String]
    }

    /// Discovers the schemas, reads the configurations, loads the plugins and resolves the
    /// module; a usage, configuration or plugin problem is a failure.
    func load(_ options: GenerationOptions) -> Result<LoadedModule, LoadFailure> {
        let discovered: SchemaDiscovery.Discovered
        do {
            // The build plugin lists the module's Swift types itself (--swift-types).
            discovered = try SchemaDiscovery.discover(options.inputs, swiftFiles: options.swiftTypeListPath == nil)
        } catch {
            return .failure(LoadFailure(messages: [error.description]))
        }
        let schemas = discovered.schemas
        let swiftTypes: [SwiftTypeDeclaration]
        switch Self.swiftTypes(options, swiftFiles: discovered.swiftFiles) {
        case .success(let found): swiftTypes = found
        case .failure(let failure): return .failure(LoadFailure(messages: [failure.message]))
        }
        let plan: GenerationPlan
        switch GenerationPlan.make(for: schemas, options: options, builtIn: registry) {
        case .success(let made): plan = made
        case .failure(let failure): return .failure(LoadFailure(messages: failure.messages))
        }

        let conflicts = outputConflicts(schemas)
        var conflictDiagnostics: [Diagnostic] = []
        for (path, other) in conflicts.sorted(by: { $0.key < $1.key }) {
            if other == Self.moduleSupportFileOwner {
                conflictDiagnostics.append(Diagnostic(.error, "generates \(ModuleSupportFile.fileName), the name of the module support file that Valuegen writes beside the generated files; rename the schema file", path: path))
            } else {
                conflictDiagnostics.append(Diagnostic(.error, "generates the same output file as \(other); rename one of the two schema files", path: path))
            }
        }

        // Every file is resolved, then the module of all of them, before any is generated.
        let parsed = ConcurrentMap.map(Array(plan.entries.indices)) { index -> ParsedSchema? in
            let entry = plan.entries[index]
            guard conflicts[entry.schema.path] == nil else { return nil }
            return parse(entry)
        }
        let protocols = SchemaProtocols(parsed.compactMap { $0 })
        let resolved = ConcurrentMap.map(Array(plan.entries.indices)) { index -> ResolvedSchema? in
            parsed[index].map { plan.entries[index].pipeline.resolve($0, protocols: protocols) }
        }
        let kept = resolved.indices.filter { resolved[$0] != nil }
        var moduleResolver = ModuleResolver(swiftTypes: swiftTypes, runtimeIsAvailable: options.runtimeAvailability, registry: registry)
        moduleResolver.declaredMembers = DeclaredMemberNames(registries: plan.entries.map { ($0.schema.path, $0.pipeline.registry) })
        moduleResolver.describesModuleForPlugins = plan.entries.contains { $0.pipeline.registry.readsModule || $0.pipeline.registry.hasModulePass }
        let module = moduleResolver.resolve(kept.map { resolved[$0]! })
        return .success(LoadedModule(plan: plan, conflictDiagnostics: conflictDiagnostics, kept: kept, module: module))
    }

    /// The module's Swift types: the build plugin's list, or a scan of the Swift files among
    /// and beside the inputs.
    private static func swiftTypes(_ options: GenerationOptions, swiftFiles files: [String]) -> Result<[SwiftTypeDeclaration], SwiftTypesFailure> {
        if let path = options.swiftTypeListPath {
            guard let bytes = try? FileSystem.read(path) else {
                return .failure(SwiftTypesFailure(message: "\(path): error: cannot read the list of Swift types (--swift-types)"))
            }
            switch SwiftTypeList.declarations(in: String(decoding: bytes, as: UTF8.self)) {
            case .success(let declarations): return .success(declarations)
            case .failure(let error):
                return .failure(SwiftTypesFailure(message: "\(path):\(error.line): error: not a line of a Swift type list (name, kind, conformances, public or internal, path, line, column separated by tabs); let the build plugin write this file"))
            }
        }
        let declarations = ConcurrentMap.map(Array(files.indices)) { index -> [SwiftTypeDeclaration] in
            let path = files[index]
            guard let bytes = try? FileSystem.read(path) else { return [] }
            return SwiftTypeScanner.declarations(in: bytes, path: path)
        }
        return .success(declarations.flatMap { $0 })
    }

    private struct SwiftTypesFailure: Error {
        var message: String
    }

    private func parse(_ entry: GenerationPlan.Entry) -> ParsedSchema {
        let path = entry.schema.path
        do {
            let bytes = try FileSystem.read(path)
            return GeneratorPipeline.parse(SchemaSource(path: path, bytes: bytes), settings: entry.settings)
        } catch {
            var diagnostics = DiagnosticCollector(path: path)
            diagnostics.error("cannot read the schema file", at: nil)
            return ParsedSchema(source: SchemaSource(path: path, bytes: []), settings: entry.settings, diagnostics: diagnostics)
        }
    }

    /// Removes the generated files whose schema is gone, or with `--check` reports them.
    private func removeOrphans(_ orphans: [OrphanedOutputs.Orphan], options: GenerationOptions, into report: inout GenerationReport) {
        for orphan in orphans {
            if options.checkOnly {
                report.orphaned.append(orphan)
                continue
            }
            do {
                try FileManager.default.removeItem(atPath: orphan.path)
                report.removed.append(orphan)
            } catch {
                report.writeErrors.append("\(orphan.path): error: cannot remove it, generated from \(orphan.schemaName), which no schema file generates any more: \(error.localizedDescription)")
            }
        }
    }

    /// Refuses extra files where they are not allowed, and two schema files that emit the same
    /// extra file (or one named like a generated Swift file).
    private func checkExtraFiles(_ files: [GeneratedFile], options: GenerationOptions) -> [GeneratedFile] {
        var owners: [String: String] = [:]
        for file in files where file.contents != nil {
            owners[file.source.outputFileName] = file.source.path
        }
        return files.map { file in
            var file = file
            var kept: [ExtraFile] = []
            for extra in file.extraFiles {
                if extra.path == ModuleSupportFile.fileName {
                    file.diagnostics.append(Diagnostic(.error, "\(extra.origin) emitted the extra file '\(extra.path)', which is the name of the module support file; emit shared code with a module declaration, or give the file another name", path: file.source.path))
                } else if !options.allowsExtraFiles && !extra.isDeclaredOutput {
                    file.diagnostics.append(Diagnostic(.error, "\(extra.origin) emitted the extra file '\(extra.path)', but the build-tool plugin generates exactly one Swift file per schema; generate extra files with `valuegen generate` or the generate-models command plugin", path: file.source.path))
                } else if let owner = owners[extra.path], owner != file.source.path {
                    file.diagnostics.append(Diagnostic(.error, "\(extra.origin) emitted the extra file '\(extra.path)', which \(owner) also generates", path: file.source.path))
                } else {
                    owners[extra.path] = file.source.path
                    kept.append(extra)
                }
            }
            file.extraFiles = kept
            if file.hasErrors {
                file.contents = nil
                file.extraFiles = []
            }
            return file
        }
    }

    private struct WriteOutcome: Sendable {
        enum Result: Sendable {
            case written(String), unchanged(String), stale(String), failed(String)
        }
        var diagnostics: [Diagnostic]
        var results: [Result] = []
    }

    private func write(_ file: GeneratedFile, options: GenerationOptions) -> WriteOutcome {
        var outcome = WriteOutcome(diagnostics: file.diagnostics)
        guard let contents = file.contents else { return outcome }
        let outputs = [(file.source.outputFileName, contents)] + file.extraFiles.map { ($0.path, $0.contents) }
        for (name, text) in outputs {
            outcome.results.append(write(text, named: name, options: options))
        }
        return outcome
    }

    /// The module support file is written when something was emitted into it, or always with
    /// `--module-support-file` (the build plugin declares it as an output). When nothing was, a
    /// missing one is not created and one valuegen wrote before is emptied to its header, so
    /// that declarations no schema emits any more do not stay (the build plugin declares it).
    private func write(_ support: ModuleSupportFile, options: GenerationOptions) -> WriteOutcome {
        var outcome = WriteOutcome(diagnostics: [])
        let path = (options.outputDirectory as NSString).appendingPathComponent(ModuleSupportFile.fileName)
        if support.isEmpty && !options.alwaysWritesModuleSupportFile {
            guard let existing = try? FileSystem.readIfPresent(path), existing.starts(with: ModuleSupportFile.header.utf8) else {
                return outcome
            }
        }
        outcome.results.append(write(support.text, named: ModuleSupportFile.fileName, options: options))
        return outcome
    }

    /// Writes (or with `--check` compares) one output, relative to the output folder.
    private func write(_ text: String, named name: String, options: GenerationOptions) -> WriteOutcome.Result {
        let path = (options.outputDirectory as NSString).appendingPathComponent(name)
        let bytes = Array(text.utf8)
        do {
            if options.checkOnly {
                let existing = try FileSystem.readIfPresent(path)
                return existing == bytes ? .unchanged(path) : .stale(path)
            }
            if name.contains("/") {
                try FileSystem.createDirectory((path as NSString).deletingLastPathComponent)
            }
            switch try FileSystem.writeIfChanged(bytes, to: path) {
            case .written: return .written(path)
            case .unchanged: return .unchanged(path)
            }
        } catch {
            return .failed(error.description)
        }
    }

    /// What `outputConflicts` maps a schema to when it would generate the module support file.
    private static let moduleSupportFileOwner = "\u{0}module support file"

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
        for path in byOutput[ModuleSupportFile.fileName] ?? [] {
            conflicts[path] = Self.moduleSupportFileOwner
        }
        return conflicts
    }
}
