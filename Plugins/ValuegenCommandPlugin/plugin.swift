import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-models [--target NAME]...`:
/// writes the generated Swift files into `Sources/<Target>/Generated/`, for people who commit
/// generated code or build with other tools. Extra files from plugins are allowed here.
@main
struct ValuegenCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        guard extractor.remainingArguments.isEmpty else {
            throw PluginConfigurationError(description: "error: generate-models takes only --target NAME (repeatable); unexpected \(extractor.remainingArguments.joined(separator: " "))")
        }
        let targets = try names.isEmpty ? context.package.targets : context.package.targets(named: names)
        let tool = try context.tool(named: "valuegen").url
        var generatedAny = false
        for case let target as SourceModuleTarget in targets {
            let schemas = target.sourceFiles.map(\.url).filter { SchemaFileNaming.schemaExtension(of: $0.lastPathComponent) != nil }.sorted { $0.path < $1.path }
            guard !schemas.isEmpty else { continue }
            generatedAny = true
            let productDirectory = try buildPluginProducts(of: target, context: context, fallback: tool.deletingLastPathComponent())
            let configuration = try PluginConfiguration.load(targetDirectory: target.directoryURL, package: context.package, productDirectory: productDirectory)
            let output = target.directoryURL.appendingPathComponent("Generated")
            var arguments = ["generate"] + schemas.map(\.path) + ["--output", output.path, "--product-directory", productDirectory.path]
            if let file = configuration.file {
                arguments += ["--config", file.path]
            }
            try run(tool, arguments, target: target.name)
        }
        if !generatedAny {
            Diagnostics.warning("no target has .value, .adtValue or .object files\(names.isEmpty ? "" : " among \(names.joined(separator: ", "))")")
        }
    }

    /// Builds the dynamic library products the target's valuegen.json names and returns the
    /// folder they were built into.
    private func buildPluginProducts(of target: SourceModuleTarget, context: PluginContext, fallback: URL) throws -> URL {
        let file = target.directoryURL.appendingPathComponent(SchemaFileNaming.configurationFileName)
        guard let data = FileManager.default.contents(atPath: file.path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let plugins = object["plugins"] as? [[String: Any]] else { return fallback }
        var folder = fallback
        for product in plugins.compactMap({ $0["product"] as? String }) {
            let result = try packageManager.build(.product(product), parameters: .init())
            guard result.succeeded else {
                throw PluginConfigurationError(description: "\(file.path): error: the plugin product '\(product)' failed to build:\n\(result.logText)")
            }
            if let library = result.builtArtifacts.first(where: { $0.kind == .dynamicLibrary }) {
                folder = library.url.deletingLastPathComponent()
            }
        }
        return folder
    }

    private func run(_ tool: URL, _ arguments: [String], target: String) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginConfigurationError(description: "error: valuegen failed for target '\(target)' (exit status \(process.terminationStatus)); its messages are above")
        }
    }
}
