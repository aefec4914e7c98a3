import Foundation
import PackagePlugin

/// Generates one Swift file per schema file (`*.value`, `*.adtValue`, `*.object`) of a
/// target, on every build, incrementally: one build command per schema whose inputs are the
/// schema, the target's valuegen.json and the plugin libraries it names, and whose one output
/// is `<pluginWorkDirectory>/<SchemaName>.swift`.
@main
struct ValuegenBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try BuildCommands.make(
            schemas: target.sourceFiles.map(\.url),
            targetDirectory: target.directoryURL,
            tool: try context.tool(named: "valuegen").url,
            workDirectory: context.pluginWorkDirectoryURL,
            package: context.package
        )
    }
}

enum BuildCommands {
    static func make(schemas files: [URL], targetDirectory: URL, tool: URL, workDirectory: URL, package: Package?) throws -> [Command] {
        let productDirectory = tool.deletingLastPathComponent()
        let configuration = try PluginConfiguration.load(targetDirectory: targetDirectory, package: package, productDirectory: productDirectory)
        let schemas = files.filter { SchemaFileNaming.schemaExtension(of: $0.lastPathComponent) != nil }
            .sorted { $0.path < $1.path }
        return schemas.map { schema in
            let output = workDirectory.appendingPathComponent(SchemaFileNaming.outputFileName(forSchemaNamed: schema.lastPathComponent))
            var arguments = ["generate", schema.path, "--output", workDirectory.path, "--product-directory", productDirectory.path, "--no-extra-files", "--quiet"]
            if let file = configuration.file {
                arguments += ["--config", file.path]
            }
            return .buildCommand(
                displayName: "Valuegen: generating \(output.lastPathComponent) from \(schema.lastPathComponent)",
                executable: tool,
                arguments: arguments,
                inputFiles: [schema] + (configuration.file.map { [$0] } ?? []) + configuration.pluginLibraries,
                outputFiles: [output]
            )
        }
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
            targetDirectory: targetDirectory,
            tool: try context.tool(named: "valuegen").url,
            workDirectory: context.pluginWorkDirectoryURL,
            package: nil
        )
    }
}
#endif
