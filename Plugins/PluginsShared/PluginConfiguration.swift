import Foundation
import PackagePlugin

/// What the SwiftPM plugins need from a target's valuegen.json: the plugin libraries it names
/// as `{"product": "Name"}`, checked against the dynamic library products that exist, and
/// as `{"path": "..."}`, resolved against the target's folder. The CLI checks everything else.
struct PluginConfiguration {
    /// The target's valuegen.json, when it has one.
    var file: URL?
    /// Every plugin library the configuration names, as files: build inputs of the commands.
    var pluginLibraries: [URL] = []
    /// The files the plugins' module passes write (ABI 1.4), as `"moduleFiles"` declares them,
    /// relative to the output folder: outputs of the command, since SwiftPM must know every
    /// output before the command runs (valuegen checks each is written, and nothing else).
    var moduleFiles: [String] = []

    /// Reads `valuegen.json` in the target's folder.
    /// - Parameters:
    ///   - productDirectory: where SwiftPM puts built dynamic libraries (beside the valuegen
    ///     tool); nil for a prebuilt tool, which cannot load plugins named by product.
    ///   - package: the package whose products may be named; nil in Xcode projects, where the
    ///     names are not checked here (the CLI reports a library that is missing).
    static func load(targetDirectory: URL, package: Package?, productDirectory: URL?) throws -> PluginConfiguration {
        let file = targetDirectory.appendingPathComponent(SchemaFileNaming.configurationFileName)
        guard FileManager.default.fileExists(atPath: file.path) else { return PluginConfiguration() }
        var configuration = PluginConfiguration(file: file)
        guard let data = FileManager.default.contents(atPath: file.path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            // The CLI reports exactly what is wrong with the file.
            return configuration
        }
        guard let plugins = object["plugins"] as? [[String: Any]] else { return configuration }
        let available = package.map(dynamicLibraryProducts)
        for (index, entry) in plugins.enumerated() {
            // valuegen reports a list that is not one of relative paths.
            for path in entry["moduleFiles"] as? [String] ?? [] where !configuration.moduleFiles.contains(path) {
                configuration.moduleFiles.append(path)
            }
            if let product = entry["product"] as? String {
                guard let productDirectory else {
                    throw PluginConfigurationError(description: "\(file.path): error: plugins[\(index)] names the product '\(product)', but ValuegenPrebuiltBuildPlugin runs a prebuilt valuegen, which is not told where SwiftPM builds '\(product)'; apply ValuegenBuildPlugin (package: \"valuegen\"), which builds valuegen beside the products, or name the library by its path: {\"path\": \"...\"}")
                }
                if let available, !available.contains(product) {
                    let list = available.isEmpty ? "the package and its dependencies declare none" : "the dynamic library products are \(available.sorted().joined(separator: ", "))"
                    throw PluginConfigurationError(description: "\(file.path): error: plugins[\(index)] names the product '\(product)', which is not a dynamic library product of this package or its dependencies; \(list). Declare it with .library(name: \"\(product)\", type: .dynamic, targets: [...])")
                }
                configuration.pluginLibraries.append(productDirectory.appendingPathComponent(PluginLibraryNaming.fileName(forProduct: product)))
            } else if let path = entry["path"] as? String {
                configuration.pluginLibraries.append(path.hasPrefix("/") ? URL(fileURLWithPath: path) : targetDirectory.appendingPathComponent(path))
            }
        }
        return configuration
    }

    /// The names of the dynamic library products of the package and of every package it depends on.
    static func dynamicLibraryProducts(of package: Package) -> Set<String> {
        var names: Set<String> = []
        var visited: Set<String> = []
        func visit(_ package: Package) {
            guard visited.insert(package.id).inserted else { return }
            for product in package.products {
                if let library = product as? LibraryProduct, library.kind == .dynamic {
                    names.insert(library.name)
                }
            }
            package.dependencies.forEach { visit($0.package) }
        }
        visit(package)
        return names
    }
}

/// A configuration the SwiftPM plugins cannot use; the message names the file and the fix.
struct PluginConfigurationError: Error, CustomStringConvertible {
    var description: String
}
