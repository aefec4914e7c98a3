import Foundation
import PackagePlugin

/// Generates one Swift file per schema file (`*.value`, `*.adtValue`, `*.object`) of a
/// target, on every build, incrementally: one build command for all the target's schemas,
/// whose inputs are the schemas, the target's valuegen.json and the plugin libraries it names
/// (and Remodel's .valueObjectConfig, .algebraicTypeConfig and .objectConfig the schemas use),
/// and whose outputs are `<pluginWorkDirectory>/<SchemaName>.swift`, one per schema, and
/// `<pluginWorkDirectory>/ValuegenModuleSupport.swift`, the declarations features share across
/// the module: written on every run (only its header when nothing was emitted into it), since
/// SwiftPM needs every output declared before the command runs and every declared output
/// written. A plugin with a module pass (ABI 1.4) adds the module files its valuegen.json entry
/// declares in `"moduleFiles"`: a `.swift` one is compiled with the target, like the others.
///
/// One command rather than one per schema because the generator decides some things across
/// all the files of a run: an ADT case is `indirect` when its payload holds the ADT again,
/// possibly through a value type of another schema file, which a run of one file cannot see.
/// The command rewrites only the outputs whose bytes changed, so editing one schema recompiles
/// what changed and a no-op build runs nothing — unless the last run had warnings: then it runs
/// again on every build, rewriting nothing, so that the warnings are seen until they are fixed
/// (`WarningsRecord`).
@main
struct ValuegenBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try BuildCommands.make(
            schemas: target.sourceFiles.map(\.url),
            targetName: target.name,
            targetDirectory: target.directoryURL,
            tool: try context.tool(named: "valuegen").url,
            workDirectory: context.pluginWorkDirectoryURL,
            package: context.package,
            runtime: RuntimeDependency.of(target, in: context.package),
            importableModules: ImportableModules.of(target)
        )
    }
}

enum BuildCommands {
    static func make(schemas files: [URL], targetName: String, targetDirectory: URL, tool: URL, workDirectory: URL, package: Package?, runtime: RuntimeDependency, importableModules: [String]? = nil) throws -> [Command] {
        // A tool built from source is linked where SwiftPM puts the build's products, the
        // dynamic libraries that valuegen.json names by product among them. A prebuilt tool
        // (ValuegenPrebuiltBuildPlugin) lies in its artifact bundle, and a build tool plugin is
        // not told where the products go.
        let isPrebuilt = tool.pathComponents.contains { $0.hasSuffix(".artifactbundle") }
        let productDirectory = isPrebuilt ? nil : tool.deletingLastPathComponent()
        let configuration = try PluginConfiguration.load(targetDirectory: targetDirectory, package: package, productDirectory: productDirectory)
        let schemas = files.filter { SchemaFileNaming.schemaExtension(of: $0.lastPathComponent) != nil }
            .sorted { $0.path < $1.path }
        guard !schemas.isEmpty else { return [] }
        // Two schemas named alike (in different folders) would declare one output twice; declare
        // it once and let valuegen report the clash on both schema files.
        // A schema named like the support file is reported by valuegen too.
        var declared: Set<String> = [SchemaFileNaming.moduleSupportFileName]
        let schemaOutputs = schemas.map { SchemaFileNaming.outputFileName(forSchemaNamed: $0.lastPathComponent) }
            .filter { declared.insert($0).inserted }
            .map { workDirectory.appendingPathComponent($0) }
        var arguments = ["generate"] + schemas.map(\.path)
        arguments += ["--output", workDirectory.path]
        if let productDirectory {
            arguments += ["--product-directory", productDirectory.path]
        }
        arguments += ["--no-extra-files", "--module-support-file", "--quiet"]
        if let file = configuration.file {
            arguments += ["--config", file.path]
        }
        // A plugin that crashes or hangs is then reported with its name and the schema file
        // instead of ending or hanging the build; it costs about 20 ms a build (Performance.md).
        if !configuration.pluginLibraries.isEmpty {
            arguments += ["--isolate-plugins"]
        }
        // The names of the types the target's Swift files declare, rewritten only when they
        // change: editing a function body reruns nothing, declaring a type reruns the generator.
        let swiftFiles = files.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        let swiftTypes = try SwiftTypeListFile.write(for: swiftFiles, in: workDirectory)
        arguments += ["--swift-types", swiftTypes.path]
        // The last run's warnings, rewritten by every run that has any: an input of the command,
        // so the next build runs it again and the warnings show on every build until they are
        // fixed. SwiftPM prints a command's output only when it runs, and swiftc replays no
        // warning of a file it does not recompile (measured with SwiftPM 6.3.1).
        let warnings = try WarningsRecord.prepare(in: workDirectory)
        arguments += ["--warnings-file", warnings.path]
        if case .missing(let packageIdentity) = runtime {
            arguments += ["--missing-runtime", targetName, "--runtime-package", packageIdentity]
        }
        if let importableModules {
            arguments += ["--importable-modules", importableModules.joined(separator: ",")]
        }
        return [
            .buildCommand(
                displayName: "Valuegen: generating \(schemaOutputs.count) \(schemaOutputs.count == 1 ? "file" : "files") from \(targetName)'s schemas",
                executable: tool,
                arguments: arguments,
                inputFiles: schemas + [swiftTypes, warnings] + (configuration.file.map { [$0] } ?? []) + configuration.pluginLibraries
                    + remodelConfigurations(of: schemas),
                outputFiles: schemaOutputs + [workDirectory.appendingPathComponent(SchemaFileNaming.moduleSupportFileName)]
                    + configuration.moduleFiles.filter { declared.insert($0).inserted }.map { workDirectory.appendingPathComponent($0) }
            ),
        ]
    }
}

extension BuildCommands {
    /// Remodel's configuration files the schemas use, found as valuegen finds them (the
    /// nearest in each schema's folder or a parent folder): inputs of the command, so that
    /// editing one reruns the generator. SwiftPM does not list these hidden files as sources.
    static func remodelConfigurations(of schemas: [URL]) -> [URL] {
        var found: [String] = []
        for schema in schemas {
            guard let schemaExtension = SchemaFileNaming.schemaExtension(of: schema.lastPathComponent),
                  let fileName = RemodelConfigurationFileNaming.fileName(forSchemaExtension: schemaExtension),
                  let path = RemodelConfigurationFileNaming.nearest(fileName, fromFolder: schema.deletingLastPathComponent().path, exists: { path in
                      var isDirectory: ObjCBool = false
                      return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
                  }),
                  !found.contains(path) else { continue }
            found.append(path)
        }
        return found.map { URL(fileURLWithPath: $0) }
    }
}

/// Whether the target can import ValuegenRuntime, which generated JSON, Binary and
/// Persistence code imports: told to valuegen, which reports a type that needs it at the
/// schema, before swiftc would say "no such module" in a generated file.
enum RuntimeDependency {
    case available
    /// Not among the target's dependencies; the identity of the package that provides it.
    case missing(packageIdentity: String)
    case unknown

    static func of(_ target: SourceModuleTarget, in package: Package) -> RuntimeDependency {
        let direct = target.dependencies.contains { dependency in
            if case .product(let product) = dependency { return product.name == "ValuegenRuntime" }
            return false
        }
        if direct || target.recursiveTargetDependencies.contains(where: { $0.name == "ValuegenRuntime" }) {
            return .available
        }
        // The package that vends the runtime, as the target's manifest names it.
        var providers: [String] = []
        func visit(_ package: Package) {
            if package.products.contains(where: { $0.name == "ValuegenRuntime" }) {
                providers.append(package.id)
            }
            package.dependencies.forEach { visit($0.package) }
        }
        package.dependencies.forEach { visit($0.package) }
        return .missing(packageIdentity: providers.first ?? "valuegen")
    }
}

/// The modules the target can import besides the toolchain's: its own and those of every target
/// it depends on, directly or through products (`--importable-modules`), so that valuegen
/// reports an `%import` of none of them at the schema. Nil when a dependency is a binary
/// target, whose module may be named otherwise than the target.
enum ImportableModules {
    static func of(_ target: SourceModuleTarget) -> [String]? {
        var names: Set<String> = [target.moduleName, target.name]
        for dependency in target.recursiveTargetDependencies {
            if dependency is BinaryArtifactTarget { return nil }
            names.insert(dependency.name)
            if let module = dependency as? SourceModuleTarget {
                names.insert(module.moduleName)
            }
        }
        return names.sorted()
    }
}

/// The list of the target's Swift types that valuegen reads with `--swift-types`.
enum SwiftTypeListFile {
    static func write(for swiftFiles: [URL], in workDirectory: URL) throws -> URL {
        var declarations: [SwiftTypeDeclaration] = []
        for file in swiftFiles {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            declarations += SwiftTypeScanner.declarations(in: Array(data), path: file.path)
        }
        let url = workDirectory.appendingPathComponent("swift-types.txt")
        let bytes = Data(SwiftTypeList.text(of: declarations).utf8)
        if FileManager.default.contents(atPath: url.path) != bytes {
            try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
            try bytes.write(to: url, options: .atomic)
        }
        return url
    }
}

/// The file valuegen records its warnings in (`--warnings-file`); it must exist before the
/// first build, as every input of a command must.
enum WarningsRecord {
    static func prepare(in workDirectory: URL) throws -> URL {
        let url = workDirectory.appendingPathComponent("warnings.txt")
        if !FileManager.default.fileExists(atPath: url.path) {
            try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
            try Data().write(to: url, options: .atomic)
        }
        return url
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension ValuegenBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let schemas = target.inputFiles.map(\.url)
        let targetDirectory = schemas.first { $0.lastPathComponent == SchemaFileNaming.configurationFileName }?.deletingLastPathComponent()
            ?? schemas.first?.deletingLastPathComponent()
            ?? context.xcodeProject.directoryURL
        return try BuildCommands.make(
            schemas: schemas,
            targetName: target.displayName,
            targetDirectory: targetDirectory,
            tool: try context.tool(named: "valuegen").url,
            workDirectory: context.pluginWorkDirectoryURL,
            package: nil,
            runtime: .unknown
        )
    }
}
#endif
