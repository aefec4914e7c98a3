import Foundation
import PackagePlugin

/// Generates one Swift file per schema file (`*.value`, `*.adtValue`, `*.object`) of a
/// target, on every build, incrementally: one build command for all the target's schemas,
/// whose inputs are the schemas, the target's valuegen.json and the plugin libraries it names,
/// and whose outputs are `<pluginWorkDirectory>/<SchemaName>.swift`, one per schema.
///
/// One command rather than one per schema because the generator decides some things across
/// all the files of a run: an ADT case is `indirect` when its payload holds the ADT again,
/// possibly through a value type of another schema file, which a run of one file cannot see.
/// The command rewrites only the outputs whose bytes changed, so editing one schema recompiles
/// what changed and a no-op build runs nothing.
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
            package: context.package
        )
    }
}

enum BuildCommands {
    static func make(schemas files: [URL], targetName: String, targetDirectory: URL, tool: URL, workDirectory: URL, package: Package?) throws -> [Command] {
        let productDirectory = tool.deletingLastPathComponent()
        let configuration = try PluginConfiguration.load(targetDirectory: targetDirectory, package: package, productDirectory: productDirectory)
        let schemas = files.filter { SchemaFileNaming.schemaExtension(of: $0.lastPathComponent) != nil }
            .sorted { $0.path < $1.path }
        guard !schemas.isEmpty else { return [] }
        // Two schemas named alike (in different folders) would declare one output twice; declare
        // it once and let valuegen report the clash on both schema files.
        var declared = Set<String>()
        let outputs = schemas.map { SchemaFileNaming.outputFileName(forSchemaNamed: $0.lastPathComponent) }
            .filter { declared.insert($0).inserted }
            .map { workDirectory.appendingPathComponent($0) }
        var arguments = ["generate"] + schemas.map(\.path)
        arguments += ["--output", workDirectory.path, "--product-directory", productDirectory.path, "--no-extra-files", "--quiet"]
        if let file = configuration.file {
            arguments += ["--config", file.path]
        }
        return [
            .buildCommand(
                displayName: "Valuegen: generating \(outputs.count) \(outputs.count == 1 ? "file" : "files") from \(targetName)'s schemas",
                executable: tool,
                arguments: arguments,
                inputFiles: schemas + (configuration.file.map { [$0] } ?? []) + configuration.pluginLibraries,
                outputFiles: outputs
            ),
        ]
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
            package: nil
        )
    }
}
#endif
