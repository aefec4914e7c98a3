import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-models [--target NAME]...`:
/// writes the generated Swift files into `Sources/<Target>/Generated/`, for people who commit
/// generated code or build with other tools. Extra files from plugins are allowed here.
///
/// `swift package generate-models compat [--target NAME]... [--against REV] [--allow KIND]...
/// [--format json] [--fix]` runs `valuegen compat` on each target's schemas against a git
/// revision (HEAD unless `--against` names another): docs/Compatibility.md.
///
/// `swift package --allow-writing-to-package-directory generate-models import-openapi DOCUMENT
/// --target NAME …` imports an OpenAPI document's schemas into the target (`ImportOpenAPI`).
@main
struct ValuegenCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        if arguments.first == "compat" {
            try checkCompatibility(context: context, arguments: Array(arguments.dropFirst()))
            return
        }
        if arguments.first == ImportOpenAPI.verb {
            try importOpenAPI(context: context, arguments: Array(arguments.dropFirst()))
            return
        }
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        guard extractor.remainingArguments.isEmpty else {
            throw PluginConfigurationError(description: "generate-models takes only --target NAME (repeatable); unexpected \(extractor.remainingArguments.joined(separator: " "))")
        }
        let targets = try names.isEmpty ? context.package.targets : context.package.targets(named: names)
        let tool = try context.tool(named: "valuegen").url
        var jobs: [(target: SourceModuleTarget, schemas: [URL])] = []
        for case let target as SourceModuleTarget in targets {
            let schemas = target.sourceFiles.map(\.url).filter { SchemaFileNaming.schemaExtension(of: $0.lastPathComponent) != nil }.sorted { $0.path < $1.path }
            if !schemas.isEmpty {
                jobs.append((target, schemas))
            }
        }
        guard !jobs.isEmpty else {
            Diagnostics.warning("no target has .value, .adtValue or .object files\(names.isEmpty ? "" : " among \(names.joined(separator: ", "))")")
            return
        }
        try refuseTargetsUsingTheBuildPlugin(jobs.map(\.target.name), context: context)
        for (target, schemas) in jobs {
            let productDirectory = try buildPluginProducts(of: target, context: context, fallback: tool.deletingLastPathComponent())
            let configuration = try PluginConfiguration.load(targetDirectory: target.directoryURL, package: context.package, productDirectory: productDirectory)
            let output = target.directoryURL.appendingPathComponent("Generated")
            // The schemas by their paths in the package, from its folder: the generated files are
            // committed, and their `#sourceLocation`s name the schema as valuegen was given it.
            let packagePath = context.package.directoryURL.standardizedFileURL.path + "/"
            let schemaPaths = schemas.map { schema in
                let path = schema.standardizedFileURL.path
                return path.hasPrefix(packagePath) ? String(path.dropFirst(packagePath.count)) : path
            }
            var arguments = ["generate"] + schemaPaths + ["--output", output.path, "--product-directory", productDirectory.path]
            if let file = configuration.file {
                arguments += ["--config", file.path]
            }
            try run(tool, arguments, target: target.name, in: context.package.directoryURL)
        }
    }

    /// A target that also applies ValuegenBuildPlugin would get every type twice: the build
    /// plugin generates the files this command writes into Sources/<Target>/Generated, and
    /// SwiftPM stops at "multiple producers". Refused before anything is written.
    ///
    /// PackagePlugin does not tell a plugin which plugins a target applies, so the manifest is
    /// read with `swift package dump-package` (its own scratch folder in this plugin's work
    /// directory, so it needs no lock of the package's build folder). When that cannot run,
    /// a warning says what to check.
    private func refuseTargetsUsingTheBuildPlugin(_ targetNames: [String], context: PluginContext) throws {
        let buildPlugin = "ValuegenBuildPlugin"
        let usages: [String: [String]]
        do {
            usages = try pluginUsages(context: context)
        } catch {
            Diagnostics.warning("could not read which plugins the targets apply (\(error)); a target that also applies \(buildPlugin) ends in SwiftPM's \"multiple producers\" error: use one of the two")
            return
        }
        let refused = targetNames.filter { usages[$0, default: []].contains(buildPlugin) }
        guard !refused.isEmpty else { return }
        throw PluginConfigurationError(description: refused.map { name in
            "target '\(name)' also applies \(buildPlugin), which generates the same files on every build, so the files written into Sources/\(name)/Generated would declare every type twice (SwiftPM: \"multiple producers\"); to commit the generated code, remove \(buildPlugin) from the plugins of '\(name)' in Package.swift and run generate-models again, or keep the build plugin and leave '\(name)' out of generate-models."
        }.joined(separator: "\nerror: ") + " Nothing was written.")
    }

    /// The plugin names each target of the package applies, from `swift package dump-package`.
    private func pluginUsages(context: PluginContext) throws -> [String: [String]] {
        let scratch = context.pluginWorkDirectoryURL.appendingPathComponent("manifest")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let log = scratch.appendingPathComponent("dump-package.log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw PluginConfigurationError(description: "cannot create \(log.path)")
        }
        let process = Process()
        process.executableURL = try context.tool(named: "swift").url
        process.arguments = [
            "package", "--package-path", context.package.directoryURL.path, "--scratch-path", scratch.path,
            "--manifest-cache", "local", "--disable-sandbox", "dump-package",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginConfigurationError(description: "swift package dump-package exited with status \(process.terminationStatus); its messages are in \(log.path)")
        }
        // {"targets": [{"name": "Models", "pluginUsages": [{"plugin": ["ValuegenBuildPlugin", "valuegen"]}]}]}
        guard let manifest = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let targets = manifest["targets"] as? [[String: Any]] else {
            throw PluginConfigurationError(description: "swift package dump-package printed no targets")
        }
        var usages: [String: [String]] = [:]
        for target in targets {
            guard let name = target["name"] as? String else { continue }
            let plugins = target["pluginUsages"] as? [[String: Any]] ?? []
            usages[name] = plugins.compactMap { ($0["plugin"] as? [Any])?.first as? String }
        }
        return usages
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

    /// `valuegen compat --against REV <target folder>` for each target with schemas; every
    /// target is checked before the command fails.
    private func checkCompatibility(context: PluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        var passed = extractor.remainingArguments
        if !passed.contains(where: { $0 == "--against" || $0.hasPrefix("--against=") }) {
            passed = ["--against", "HEAD"] + passed
        }
        let targets = try names.isEmpty ? context.package.targets : context.package.targets(named: names)
        let tool = try context.tool(named: "valuegen").url
        let checked = targets.compactMap { $0 as? SourceModuleTarget }.filter { target in
            target.sourceFiles.contains { SchemaFileNaming.schemaExtension(of: $0.url.lastPathComponent) != nil }
        }
        guard !checked.isEmpty else {
            Diagnostics.warning("no target has .value, .adtValue or .object files\(names.isEmpty ? "" : " among \(names.joined(separator: ", "))"); nothing to compare")
            return
        }
        var failed: [String] = []
        for target in checked {
            let productDirectory = try buildPluginProducts(of: target, context: context, fallback: tool.deletingLastPathComponent())
            let status = try status(of: tool, ["compat"] + passed + ["--product-directory", productDirectory.path, target.directoryURL.path])
            if status != 0 {
                failed.append("'\(target.name)' (exit status \(status))")
            }
        }
        guard failed.isEmpty else {
            throw PluginConfigurationError(description: "valuegen compat found breaking changes or errors in \(failed.joined(separator: ", ")); its messages are above")
        }
    }

    /// `valuegen import openapi` into the target's folder.
    private func importOpenAPI(context: PluginContext, arguments: [String]) throws {
        let request: ImportOpenAPI
        do {
            request = try ImportOpenAPI(arguments: arguments)
        } catch {
            throw PluginConfigurationError(description: "\(error)")
        }
        guard let target = context.package.targets.first(where: { $0.name == request.target }) else {
            let names = context.package.targets.compactMap { $0 as? SourceModuleTarget }.map(\.name).sorted()
            throw PluginConfigurationError(description: "the package has no target '\(request.target)' to import into; its targets are \(names.joined(separator: ", ")). Add the target to Package.swift (with ValuegenBuildPlugin among its plugins and ValuegenRuntime among its dependencies) first.")
        }
        let tool = try context.tool(named: "valuegen").url
        let arguments = request.valuegenArguments(targetDirectory: target.directoryURL, packageDirectory: context.package.directoryURL)
        try run(tool, arguments, target: target.name, in: context.package.directoryURL)
    }

    private func run(_ tool: URL, _ arguments: [String], target: String, in directory: URL) throws {
        let status = try status(of: tool, arguments, in: directory)
        guard status == 0 else {
            throw PluginConfigurationError(description: "valuegen failed for target '\(target)' (exit status \(status)); its messages are above")
        }
    }

    private func status(of tool: URL, _ arguments: [String], in directory: URL? = nil) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        if let directory {
            process.currentDirectoryURL = directory
        }
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
